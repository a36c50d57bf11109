"""The correction trail travels in every export, and the reports show names and reasons as text.

Issue #13: an amended row says its previous text, who amended it, when and why; a struck row
keeps its trail; the md and html reports show amendments like strikes, with the old value.
Issue #14: the Markdown report must not pass raw HTML from team names and reasons.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from uuid import UUID

import pytest

from companion import store as stores
from companion.scripts import parse_import
from companion.service import Referee
from projections import playrows, report

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


@pytest.fixture
def referee(tmp_path: Path) -> Referee:
    return Referee(stores.resolve(str(tmp_path / "games.sqlite"), create=True))


def corrected_game(referee: Referee, home: str = "Bears", reason: str = "the die showed 5") -> UUID:
    """Entry 3 amended by bob from 'green 6 1' to 'green 5 1'; entry 4 struck by carol."""
    game_id = referee.start("rushzone", home, "Packers", by="alice").game_id
    for entry in ("toss home", "receive", "green 6 1", "white 6 2 4 3 5 1"):
        referee.enter(game_id, entry, by="alice")
    referee.amend(game_id, 3, "green 5 1", reason, "bob")
    referee.undo(game_id, "the die was cocked", "carol")
    return game_id


def by_seq(table: list[dict[str, object]]) -> dict[int, dict[str, object]]:
    """Each entry's play row, by the entry's seq (a play row names its entries' seqs)."""
    return {int(seq): row for row in table for seq in str(row["zebra_seqs"]).split(";")}


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_an_amended_row_says_its_old_text_who_amended_it_when_and_why(
    referee: Referee, fmt: str
) -> None:
    record = referee.record(corrected_game(referee))
    table = playrows.rows(record)
    text = playrows.to_csv(table) if fmt == "csv" else playrows.to_jsonl(table)
    if fmt == "csv":
        read = [dict(row) for row in csv.DictReader(io.StringIO(text))]
    else:
        read = [json.loads(line) for line in text.splitlines()]
    # Entry 3, the kickoff, is a play of its own.
    amended = by_seq(read)[3]
    assert json.loads(str(amended["zebra_entries"])) == ["green 5 1"]
    assert amended["zebra_by"] == "alice"
    assert amended["amended_from"] == "green 6 1"
    assert amended["corrected_by"] == "bob"
    assert amended["correction_reason"] == "the die showed 5"
    change = next(c for c in record.lines[2].history if c.kind == "amended")
    assert amended["corrected_at"] == change.at
    trail = json.loads(str(amended["zebra_corrections"]))
    assert [(c["kind"], c["before"], c["by"]) for c in trail] == [("amended", "green 6 1", "bob")]
    untouched = by_seq(read)[1]
    assert untouched["amended_from"] in (None, "") and untouched["corrected_by"] in (None, "")


def test_a_struck_row_keeps_who_struck_it_when_and_why(referee: Referee) -> None:
    record = referee.record(corrected_game(referee))
    struck = by_seq(playrows.rows(record))[4]
    assert struck["play_deleted"] == 1
    assert struck["zebra_struck_reason"] == "the die was cocked"
    assert (struck["corrected_by"], struck["correction_reason"]) == ("carol", "the die was cocked")
    assert struck["corrected_at"] == record.lines[3].history[-1].at
    assert struck["amended_from"] is None


def test_the_trail_is_hashed_and_an_edited_trail_does_not_verify(referee: Referee) -> None:
    table = playrows.rows(referee.record(corrected_game(referee)))
    rows = [json.loads(line) for line in playrows.to_jsonl(table).splitlines()]
    assert playrows.verify(playrows.to_jsonl(table)).ok
    rows[2]["corrected_by"] = "alice"
    forged = "".join(json.dumps(row) + "\n" for row in rows)
    verdict = playrows.verify(forged)
    assert not verdict.ok and verdict.message.startswith("row 3 ")


def test_a_corrected_game_round_trips_through_jsonl(referee: Referee) -> None:
    game_id = corrected_game(referee)
    text = playrows.to_jsonl(playrows.rows(referee.record(game_id)))
    # Into the store that holds the game: a marked copy (issue #26).
    copy_id = referee.import_game(parse_import(text, "game.jsonl"), copy=True).game_id
    before, after = referee.status(game_id), referee.status(copy_id)
    keep = ("score", "quarter", "possession", "down", "distance", "ball_on", "next")
    assert {k: after[k] for k in keep} == {k: before[k] for k in keep}
    assert [line.text for line in referee.record(copy_id).effective] == [
        "toss home",
        "receive",
        "green 5 1",
    ]


def test_markdown_shows_an_amendment_like_a_strike_with_the_old_value(referee: Referee) -> None:
    md = report.markdown(referee.record(corrected_game(referee)))
    # Play 1 is the set-up (toss, receive), play 2 the kickoff (entry 3), play 3 entry 4.
    line = next(x for x in md.splitlines() if x.startswith("- 2. [green 5 1]"))
    assert line.endswith("(amended from ~~green 6 1~~ by bob: the die showed 5)")
    assert "- ~~3. [white 6 2 4 3 5 1]" in md and "(struck: the die was cocked)" in md


def test_html_shows_an_amendment_like_a_strike_with_the_old_value(referee: Referee) -> None:
    page = report.html_report(referee.record(corrected_game(referee)))
    line = next(x for x in page.splitlines() if x.startswith("<li>2. [green 5 1]"))
    assert '<span class="reason">amended from <del>green 6 1</del> by bob: the die showed 5' in line
    assert "<li><del>3. [white 6 2 4 3 5 1]" in page


def test_markdown_escapes_html_from_team_names_and_reasons(referee: Referee) -> None:
    md = report.markdown(referee.record(corrected_game(referee, home=SCRIPT, reason=IMG)))
    assert "<script" not in md and "<img" not in md
    assert md.startswith("# &lt;script&gt;alert(1)&lt;/script&gt; 0, Packers 0")
    assert "| &lt;script&gt;alert(1)&lt;/script&gt; |" in md
    assert "by bob: &lt;img src=x onerror=alert(1)&gt;)" in md


def test_html_escapes_team_names_and_reasons(referee: Referee) -> None:
    page = report.html_report(referee.record(corrected_game(referee, home=SCRIPT, reason=IMG)))
    assert SCRIPT not in page and IMG not in page and "<img" not in page
    assert page.count("<script") == 1, "only the report's own JSON block"
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_markdown_keeps_links_and_table_marks_in_names_as_text(referee: Referee) -> None:
    name = "[x](javascript:1)|~~"
    md = report.markdown(referee.record(corrected_game(referee, home=name)))
    assert "](javascript" not in md
    assert "| [x]\\(javascript:1)\\|\\~\\~ |" in md


def test_the_html_reports_own_json_block_is_json(referee: Referee) -> None:
    page = report.html_report(referee.record(corrected_game(referee)))
    block = re.search(r'<script type="application/json" id="zebra">(.*?)</script>', page)
    assert block is not None
    assert json.loads(block.group(1))["ruleset"] == "rushzone"


def test_an_insertion_taken_back_by_a_revert_is_crossed_out_in_the_reports(
    referee: Referee,
) -> None:
    """A reverted insertion never happened at the table: no report shows it as a play."""
    game_id = referee.start("rushzone", "Bears", "Packers", by="alice").game_id
    for entry in ("toss home", "receive", "green 6 1", "white 6 2 4 3 5 1"):
        referee.enter(game_id, entry, by="alice")
    referee.insert(game_id, 3, "white 1 1 1 1 1 1", "forgot a down", "bob", strike_invalid=True)
    referee.revert(game_id, reason="it was never rolled", by="carol")
    record = referee.record(game_id)
    # Plays: 1 the set-up, 2 the kickoff (entry 3), 3 the withdrawn insertion (entry 5, placed
    # after entry 3), 4 the down rolled (entry 4).
    inserted = "3. [white 1 1 1 1 1 1]"
    md = report.markdown(record)
    (line,) = [x for x in md.splitlines() if inserted in x]
    assert line.startswith("- ~~")
    assert line.endswith("~~ (withdrawn: it was never rolled (c2 takes back c1))")
    # The entry that stands after it is an ordinary line.
    assert any(x.startswith("- 4. [white 6 2 4 3 5 1]") for x in md.splitlines())
    page = report.html_report(record)
    (item,) = [x for x in page.splitlines() if inserted in x]
    assert item.startswith("<li><del>") and "withdrawn: it was never rolled" in item
