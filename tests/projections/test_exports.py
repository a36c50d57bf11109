"""Exports and imports: nflverse rows, the hash chain, the report, entries round-trips."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import store as stores
from companion.scripts import parse_import
from companion.service import Referee
from domain import rulesets
from projections import playbyplay, playrows, report
from projections.plays import plays
from tests.domain.scripts import EXAMPLES
from tests.domain.test_corrections import random_game

FULL = EXAMPLES / "rushzone-full.zebra"


def referee_at(path: Path) -> Referee:
    return Referee(stores.resolve(str(path), create=True))


def played_example(referee: Referee) -> Any:
    script = parse_import(FULL.read_text(), str(FULL))
    script = type(script)(**{**script.__dict__, "ruleset": "rushzone"})
    game_id = referee.import_game(script).game_id
    # One disputed call, struck, so the exports carry a deleted play.
    referee.undo(game_id, "the last die was cocked")
    return game_id


@pytest.fixture
def referee(tmp_path: Path) -> Referee:
    return referee_at(tmp_path / "games.sqlite")


def test_csv_has_the_nflverse_columns_and_loads_with_pandas(referee: Referee) -> None:
    pandas = pytest.importorskip("pandas")
    game_id = played_example(referee)
    record = referee.record(game_id)
    text = playrows.to_csv(playrows.rows(record))
    frame = pandas.read_csv(io.StringIO(text))
    assert tuple(frame.columns[: len(playrows.NFLVERSE_COLUMNS)]) == playrows.NFLVERSE_COLUMNS
    # One row per play; every one of the game's 97 entries is in a row, and only the struck
    # one in a deleted row.
    assert len(frame) == len(plays(record)) < 97
    seqs = [int(s) for cell in frame["zebra_seqs"] for s in str(cell).split(";")]
    assert sorted(set(seqs)) == sorted(line.seq for line in record.lines) and len(set(seqs)) == 97
    assert frame["play_deleted"].sum() == 1
    deleted = frame[frame["play_deleted"] == 1].iloc[0]
    assert str(deleted["zebra_seqs"]) == str(record.lines[-1].seq)
    last = frame[frame["play_deleted"] == 0].iloc[-1]
    assert (last["total_home_score"], last["total_away_score"]) == (25, 24)
    assert frame["touchdown"].sum() == 6
    assert set(frame["field_goal_result"].dropna()) == {"made"}
    first_down = frame[frame["zebra_rulings"] == "first_down"].iloc[0]
    assert first_down["yards_gained"] == 10
    assert first_down["down"] == 1


def test_jsonl_rows_carry_the_entries_and_the_same_values(referee: Referee) -> None:
    game_id = played_example(referee)
    table = playrows.rows(referee.record(game_id))
    lines = playrows.to_jsonl(table).splitlines()
    # The set-up play: the toss and the kicking team's choice.
    assert json.loads(json.loads(lines[0])["zebra_entries"]) == ["toss home", "kick"]
    assert json.loads(lines[-1])["play_deleted"] == 1


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_verify_accepts_an_untouched_export(referee: Referee, fmt: str) -> None:
    table = playrows.rows(referee.record(played_example(referee)))
    text = playrows.to_csv(table) if fmt == "csv" else playrows.to_jsonl(table)
    assert playrows.verify(text).ok


def forge(text: str, fmt: str, how: str) -> str:
    if fmt == "jsonl":
        rows = text.splitlines()
        if how == "alter":
            row = json.loads(rows[40])
            row["total_home_score"] = 99
            rows[40] = json.dumps(row)
        elif how == "remove":
            del rows[40]
        elif how == "reorder":
            rows[40], rows[41] = rows[41], rows[40]
        else:
            rows.pop()
        return "\n".join(rows) + "\n"
    reader = list(csv.reader(io.StringIO(text)))
    header, body = reader[0], reader[1:]
    if how == "alter":
        body[40][header.index("desc")] = "A forged touchdown."
    elif how == "remove":
        del body[40]
    elif how == "reorder":
        body[40], body[41] = body[41], body[40]
    else:
        body.pop()
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header, *body])
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("how", ["alter", "remove", "reorder", "truncate"])
def test_verify_finds_the_first_forged_row(referee: Referee, fmt: str, how: str) -> None:
    table = playrows.rows(referee.record(played_example(referee)))
    text = playrows.to_csv(table) if fmt == "csv" else playrows.to_jsonl(table)
    verdict = playrows.verify(forge(text, fmt, how))
    assert not verdict.ok
    if how == "truncate":
        assert "were removed" in verdict.message
    else:
        assert verdict.message.startswith("row 41 ")


def test_a_team_name_cannot_smuggle_a_spreadsheet_formula(referee: Referee) -> None:
    game_id = referee.start("rushzone", "=HYPERLINK(1)", "@cmd").game_id
    referee.enter(game_id, "toss home")
    text = playrows.to_csv(playrows.rows(referee.record(game_id)))
    body = list(csv.reader(io.StringIO(text)))[1]
    assert "'=HYPERLINK(1)" in body and "'@cmd" in body
    assert playrows.verify(text).ok


def test_markdown_report_has_the_box_score_pad_and_struck_plays(referee: Referee) -> None:
    game_id = played_example(referee)
    md = report.markdown(referee.record(game_id))
    assert md.startswith("# Bears 25, Packers 24")
    for heading in (
        "## Box score",
        "## Scoring pad",
        "## Scoring summary",
        "## Drive summary",
        "## Play-by-play",
    ):
        assert heading in md
    assert "| Bears | 0 | 8 | 14 | 3 | 25 |" in md
    assert "~~" in md and "(struck: the last die was cocked)" in md
    # Play 3 (after the set-up and the kickoff): the Packers' first down, entry 4.
    assert "- 3. [white 1 4 4 4 6 4] 1-10-P20 " in md


def test_html_report_is_one_self_contained_file(referee: Referee) -> None:
    game_id = played_example(referee)
    page = report.html_report(referee.record(game_id))
    assert page.startswith("<!DOCTYPE html>")
    assert 'id="box-score"' in page and 'id="play-by-play"' in page
    assert "<del>" in page
    assert "src=" not in page and "href=" not in page, "the report must not load other files"


@pytest.mark.parametrize("name", rulesets.names())
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 80))
def test_export_entries_then_import_gives_the_same_game(
    tmp_path: Path, name: str, seed: int, size: int
) -> None:
    referee = referee_at(tmp_path / f"{seed}-{size}-{name}.sqlite")
    played = random_game(name, seed, size)
    # The random game was played on an aggregate outside the store: store its events.
    referee.recorder.insert_events([referee.mapper.to_stored_event(e) for e in played.events])
    original = referee.record(played.game.id)
    for fmt in ("entries", "jsonl"):
        text = (
            report.entries_script(original)
            if fmt == "entries"
            else playrows.to_jsonl(playrows.rows(original))
        )
        # Into the store that holds the game: a marked copy (issue #26).
        copy_id = referee.import_game(parse_import(text, fmt), copy=True).game_id
        assert copy_id != played.game.id
        copied = referee.status(copy_id)
        assert copied.pop("copy_of") == str(played.game.id)
        before = referee.status(played.game.id)
        # Its one more event: the Copied mark.
        assert copied.pop("version") == before.pop("version") + 1
        assert {**copied, "game_id": None} == {**before, "game_id": None}
        same = [(p.entry, p.rulings) for p in playbyplay.view(referee.record(copy_id))]
        assert same == [(p.entry, p.rulings) for p in playbyplay.view(original) if not p.struck]


def test_third_and_long_challenges_and_time_outs_reach_the_rows_and_the_report(
    referee: Referee,
) -> None:
    path = EXAMPLES / "thirdandlong-full.zebra"
    script = parse_import(path.read_text(), str(path))
    script = type(script)(**{**script.__dict__, "ruleset": "thirdandlong"})
    record = referee.record(referee.import_game(script).game_id)
    table = playrows.rows(record)
    results = {r["replay_or_challenge_result"] for r in table if r["replay_or_challenge"]}
    assert {"upheld", "overturned"} <= results
    assert any(r["timeout"] and r["timeout_team"] for r in table)
    md = report.markdown(record)
    assert "## Time-outs and challenges used" in md
    assert "| Rodeo |" in md.split("## Time-outs and challenges used")[1]
