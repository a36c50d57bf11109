"""Plays, not entries (issue #31): the play-by-play an analyst loads as nflverse data.

Each example game is played and exported through the CLI as a person types it (``zebra play
... --script``, ``zebra export --format csv -o FILE``), loaded with pandas with no options, and
held to the naive nflverse formulas (``play_type in (run, pass)``, ``yards_gained.mean()``,
``groupby('passer_player_name')``, a third down converted when ``first_down == 1``). The
numbers they must give are counted by hand from the rulebook reading of the game's entries,
written below with the entries (their seqs, as ``zebra history`` numbers them) they come from.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.service import Referee
from projections import playrows
from projections import plays as plays_model
from tests.domain.scripts import EXAMPLES
from tests.domain.test_examples import ruleset_of

pandas = pytest.importorskip("pandas")
SCRIPTS = sorted(EXAMPLES.glob("*.zebra"))


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("ZEBRA_LEAGUE_KEY_FILE", raising=False)
    monkeypatch.delenv("ZEBRA_GAME", raising=False)
    return path


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def exported(name: str, tmp_path: Path) -> Any:
    """The example played and exported through the CLI, read as an analyst reads it."""
    path = EXAMPLES / name
    code, _, err = zebra("play", ruleset_of(path), "--script", str(path))
    assert code == 0, err
    target = tmp_path / f"{path.stem}.csv"
    code, _, err = zebra("export", "--format", "csv", "-o", str(target))
    assert code == 0, err
    return pandas.read_csv(target)


def standing(frame: Any) -> Any:
    return frame[frame["play_deleted"] == 0]


def first_seq(frame: Any) -> list[int]:
    return sorted(int(str(cell).split(";")[0]) for cell in frame["zebra_seqs"])


def points_per_drive(frame: Any, team: str) -> float:
    """Points per drive, the naive way: the team's final score over its drives."""
    plays = standing(frame)
    last = plays.iloc[-1]
    score = last["total_home_score"] if team == last["home_team"] else last["total_away_score"]
    drives = plays[plays["posteam"] == team]["drive"].dropna().nunique()
    return float(score) / drives


# Red Zone: examples/redzone-full.zebra ---------------------------------------------------------

# Stan Humphries' pass calls, by the seq of the call, and how each play stands:
HUMPHRIES_CALLS = {
    37: "complete 8",
    41: "complete 6",
    45: "complete 12",
    50: "complete 10",
    54: "complete 12",
    101: "incomplete",
    112: "complete 0",
    124: "incomplete",
    # "Offsetting penalties ... the down would be played over" (red-zone.txt, Penalties).
    149: "replayed",
    202: "complete 15",
    206: "complete 0",
    257: "intercepted",
    # "The plays are ignored, Duncan loses five yards and the Down is played over".
    271: "replayed",
    # LB*: the linebacker has a star: "the QB is forced to scramble for the yards indicated in
    # the Tackle skill check" (red-zone.txt, Sacks): a run, 0 and 3 yards.
    282: "scramble 0",
    331: "replayed",
    343: "complete 23",
    390: "scramble 3",
    396: "complete 7",
    406: "incomplete",
    411: "complete 12",
    415: "replayed",
}
# His own runs: the qb-keep calls, and the two scrambles.
HUMPHRIES_RUNS = {58: 5, 93: 6, 198: 12, 275: 6, 378: 1, 402: 9, 282: 0, 390: 3}


def test_red_zone_passes_and_completions_are_the_plays_that_stand(
    store: Path, tmp_path: Path
) -> None:
    """The issue counted 21 passes and 17 completions for Humphries (every call row); the plays
    that stand are 17 calls, of which two are scrambles: 15 passes, 11 completions."""
    frame = standing(exported("redzone-full.zebra", tmp_path))
    passes = [
        s for s, how in HUMPHRIES_CALLS.items() if how.split()[0] not in ("replayed", "scramble")
    ]
    completed = [s for s in passes if HUMPHRIES_CALLS[s].startswith("complete")]
    yards = sum(int(HUMPHRIES_CALLS[s].split()[1]) for s in completed)
    assert (len(HUMPHRIES_CALLS), len(passes), len(completed), yards) == (21, 15, 11, 105)

    plays = frame[frame["play_type"].isin(["run", "pass"])]
    by_passer = plays.groupby("passer_player_name")
    assert by_passer["pass_attempt"].sum()["Stan Humphries"] == len(passes)
    assert by_passer["complete_pass"].sum()["Stan Humphries"] == len(completed)
    assert by_passer.size()["Stan Humphries"] == len(passes), "one row per pass, not per entry"
    mine = plays[plays["passer_player_name"] == "Stan Humphries"]
    assert first_seq(mine) == sorted(passes)
    # Yards per pass play, the naive mean: 105 yards over 15 passes.
    assert mine["yards_gained"].mean() == pytest.approx(yards / len(passes)) == 7.0
    assert mine["interception"].sum() == 1 and mine["incomplete_pass"].sum() == 3

    runs = plays[plays["rusher_player_name"] == "Stan Humphries"]
    assert first_seq(runs) == sorted(HUMPHRIES_RUNS)
    assert runs["yards_gained"].sum() == sum(HUMPHRIES_RUNS.values()) == 42
    assert first_seq(runs[runs["qb_scramble"] == 1]) == [282, 390]
    assert runs["rush_attempt"].sum() == 8 and runs["pass_attempt"].sum() == 0

    # The replayed downs are no_play rows, crediting nobody, gaining 0.
    replayed = frame[frame["play_type"] == "no_play"]
    calls = [s for s, how in HUMPHRIES_CALLS.items() if how == "replayed"]
    assert set(calls) <= set(first_seq(replayed))
    assert replayed["passer_player_name"].isna().all()
    assert (replayed["yards_gained"] == 0).all() and (replayed["penalty"] == 1).all()


def test_red_zone_third_downs_and_points_per_drive(store: Path, tmp_path: Path) -> None:
    frame = standing(exported("redzone-full.zebra", tmp_path))
    plays = frame[frame["play_type"].isin(["run", "pass"])]
    third = plays[plays["down"] == 3]
    # Third downs (by the call's seq) and the result entry that settled each: a first down at
    # 44 (3rd and 2, +6), 111 (3rd and 13, LG 24 +1), 123 (3rd and 3, +6), 138 (3rd and 3,
    # +7), 389 (3rd and 1, +10), 414 (3rd and 1, +12); the other ten fell short. The replayed
    # 3rd downs (149, 322) are no plays.
    converted = [41, 107, 120, 133, 386, 411]
    short = [80, 152, 166, 190, 244, 292, 325, 355, 371, 427]
    assert first_seq(third) == sorted(converted + short)
    assert first_seq(third[third["first_down"] == 1]) == converted
    assert third["third_down_converted"].sum() == 6 and third["third_down_failed"].sum() == 10
    # Chargers: touchdown (lg 42, seq 66) and PAT, the 41-yard field goal (fg 50, seq 297):
    # 10 points in 8 drives (from seqs 32, 88, 173, 197, 251, 270, 330, 377); the Cowboys none
    # in 8 (from 71, 157, 181, 230, 265, 300, 360, and 433 at the final whistle).
    assert points_per_drive(frame, "Chargers") == 10 / 8
    assert points_per_drive(frame, "Cowboys") == 0.0


def test_red_zone_kicks_carry_their_distance_and_the_receiving_team(
    store: Path, tmp_path: Path
) -> None:
    frame = standing(exported("redzone-full.zebra", tmp_path))
    # "k 62" (seq 31): Kickoff: 62 yards to Chargers 8, and "kr 20" (seq 32): one kickoff play
    # whose posteam is the Chargers, who receive (nflverse), from the Cowboys' 30.
    kick = frame[frame["play_type"] == "kickoff"].iloc[0]
    assert json.loads(kick["zebra_entries"]) == ["kick", "k 62", "kr 20"]
    assert (kick["posteam"], kick["defteam"], kick["posteam_type"]) == (
        "Chargers",
        "Cowboys",
        "home",
    )
    assert (kick["kick_distance"], kick["return_yards"], kick["yardline_100"]) == (62, 20, 30)
    # "fieldgoal" at the Cowboys 24 (seq 296): 24 + 17 = 41 yards, on the field goal's row.
    goals = frame[frame["play_type"] == "field_goal"]
    made = goals[goals["field_goal_result"] == "made"].iloc[0]
    assert json.loads(made["zebra_entries"]) == ["fieldgoal", "fg 50"]
    assert (made["kick_distance"], made["yardline_100"]) == (41, 24)
    assert goals["field_goal_attempt"].sum() == len(goals) == 3


# 1st & Goal: examples/firstandgoal-full.zebra ----------------------------------------------------


def test_first_and_goal_third_downs_and_points_per_drive(store: Path, tmp_path: Path) -> None:
    frame = standing(exported("firstandgoal-full.zebra", tmp_path))
    plays = frame[frame["play_type"].isin(["run", "pass"])]
    third = plays[plays["down"] == 3]
    # 26 cards played on 3rd down (by the seq of the play entry). Two drew a flag the offence
    # accepted ("the down is not counted", first-and-goal.en.md): 61 (screen, 5 yards) and 168
    # (slant, 15 yards and a first down): no plays. Four made it: 66 (+7 on 3rd and 7), 93 (+8
    # on 3rd and 8), 239 (the touchdown at 242 on 3rd and goal), 312 (+4 on 3rd and 4).
    converted = [66, 93, 239, 312]
    assert len(third) == 24
    assert first_seq(third[third["first_down"] == 1]) == converted
    assert {61, 168} <= set(first_seq(frame[frame["play_type"] == "no_play"]))
    # Bears: touchdown (seq 108) and PAT, field goal (seq 335): 10 points in 10 drives; Packers:
    # field goal (227), touchdown (242) and PAT, the overtime field goal: 13 points in 13.
    assert points_per_drive(frame, "Bears") == 1.0
    assert points_per_drive(frame, "Packers") == 1.0


def test_first_and_goal_a_play_with_a_flag_is_one_row(store: Path, tmp_path: Path) -> None:
    frame = standing(exported("firstandgoal-full.zebra", tmp_path))

    def play_of(seq: int) -> Any:
        (row,) = [r for _, r in frame.iterrows() if seq in first_or_all(r["zebra_seqs"])]
        return row

    # "play halfback-dive prevent", dice, "roll 5 2 0 p" (+7, potential penalty), "ref off 10",
    # "decline": the play stands, +7 on 3rd and 8, no penalty, no no_play row.
    declined = play_of(46)
    assert json.loads(declined["zebra_entries"])[-1] == "decline"
    assert (declined["play_type"], declined["yards_gained"], declined["penalty"]) == ("run", 7, 0)
    # "roll 3 0 -4 break" (-1, breakaway) then "roll 4 6 -2 mary" (+8, "+7 in all"): one run of
    # 7 yards on one row.
    breakaway = play_of(41)
    assert (breakaway["play_type"], breakaway["yards_gained"]) == ("run", 7)
    # "play run-pass-option prevent" ... "ref def 15", "accept": 15 yards on the Bears, the
    # play's 5 yards wiped out: a no_play gaining 0, the penalty's yards in penalty_yards.
    accepted = play_of(34)
    assert (accepted["play_type"], accepted["yards_gained"]) == ("no_play", 0)
    assert (accepted["penalty"], accepted["penalty_yards"]) == (1, 15)


def first_or_all(cell: object) -> list[int]:
    return [int(s) for s in str(cell).split(";")]


# Every game ----------------------------------------------------------------------------------


# Masters of the Gridiron scores 7 a touchdown and +1/-1 a conversion: not these points.
NFL_POINTS = [p for p in SCRIPTS if ruleset_of(p) != "gridironmasters"]


@pytest.mark.parametrize("path", NFL_POINTS, ids=[p.stem for p in NFL_POINTS])
def test_the_scoring_columns_add_up_to_the_final_score(
    path: Path, store: Path, tmp_path: Path
) -> None:
    """6·TD + XP + 2·2pt + 3·FG + 2·safety is each team's final score, in every game whose
    points those are."""
    frame = standing(exported(path.name, tmp_path))
    last = frame.iloc[-1]
    for team, final in (
        (last["home_team"], last["total_home_score"]),
        (last["away_team"], last["total_away_score"]),
    ):
        mine = frame[frame["posteam"] == team]
        theirs = frame[frame["defteam"] == team]
        total = (
            6 * (frame["td_team"] == team).sum()
            + (mine["extra_point_result"] == "good").sum()
            + 2 * (mine["two_point_conv_result"] == "success").sum()
            + 3 * (mine["field_goal_result"] == "made").sum()
            + 2 * theirs["safety"].sum()
        )
        assert total == final, team


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_entry_is_in_a_play_and_the_rows_trace_to_the_record(
    path: Path, store: Path, tmp_path: Path
) -> None:
    frame = exported(path.name, tmp_path)
    referee = Referee(stores.resolve(str(store), create=False))
    record = referee.record(referee.find(None))
    texts = {line.seq: line.text for line in record.lines}
    seen: set[int] = set()
    for _, row in frame.iterrows():
        seqs = first_or_all(row["zebra_seqs"])
        assert json.loads(row["zebra_entries"]) == [texts[s] for s in seqs]
        seen.update(seqs)
    assert seen == set(texts)
    assert list(frame["play_id"]) == list(range(1, len(frame) + 1))
    assert len(frame) < len(texts), "fewer plays than entries"


def test_every_struck_entry_s_play_is_deleted(store: Path, tmp_path: Path) -> None:
    """Strikes made as a person types them: an undo, and a strike in the middle of a drive."""
    path = EXAMPLES / "redzone-full.zebra"
    lines = [x.split("#")[0].strip() for x in path.read_text().splitlines()]
    head = [x for x in lines if x.startswith("@")]
    entries = [x for x in lines if x and not x.startswith("@")]
    short = tmp_path / "short.zebra"
    short.write_text("\n".join([*head, *entries[:70]]) + "\n")
    code, _, err = zebra("play", "redzone", "--script", str(short))
    assert code == 0, err
    code, _, err = zebra("undo", "--reason", "the card was misread")
    assert code == 0, err
    code, _, err = zebra("strike", "40", "--reason", "flipped twice", "--strike-invalid")
    assert code == 0, err
    target = tmp_path / "struck.csv"
    assert zebra("export", "--format", "csv", "-o", str(target))[0] == 0
    frame = pandas.read_csv(target)
    referee = Referee(stores.resolve(str(store), create=False))
    record = referee.record(referee.find(None))
    struck = {line.seq for line in record.lines if not line.stands}
    assert 40 in struck and 70 in struck
    for _, row in frame.iterrows():
        seqs = set(first_or_all(row["zebra_seqs"]))
        if seqs & struck:
            assert row["play_deleted"] == 1 and seqs <= struck, row["zebra_seqs"]
            assert isinstance(row["zebra_struck_reason"], str)
        else:
            assert row["play_deleted"] == 0
    deleted = {
        s for cell in frame[frame["play_deleted"] == 1]["zebra_seqs"] for s in first_or_all(cell)
    }
    assert deleted == struck
    code, out, err = zebra("verify", str(target))
    assert code == 0 and f"all {len(frame)} rows are intact" in out, err


def test_a_refused_format_records_nothing_and_says_what_is_expected(
    store: Path, tmp_path: Path
) -> None:
    path = EXAMPLES / "rushzone-full.zebra"
    assert zebra("play", "rushzone", "--script", str(path))[0] == 0
    referee = Referee(stores.resolve(str(store), create=False))
    before = referee.record(referee.find(None)).version
    code, _, err = zebra("export", "--format", "plays-csv")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "entries-csv" in err and "Traceback" not in err
    assert referee.record(referee.find(None)).version == before


def test_the_entry_rows_stay_available_for_auditors(store: Path, tmp_path: Path) -> None:
    path = EXAMPLES / "redzone-full.zebra"
    assert zebra("play", "redzone", "--script", str(path))[0] == 0
    target = tmp_path / "entries.csv"
    code, _, err = zebra("export", "--format", "entries-csv", "-o", str(target))
    assert code == 0, err
    entries = pandas.read_csv(target)
    referee = Referee(stores.resolve(str(store), create=False))
    record = referee.record(referee.find(None))
    assert list(entries["zebra_seq"]) == [line.seq for line in record.lines]
    assert tuple(entries.columns) == playrows.ENTRY_COLUMNS
    code, out, _ = zebra("verify", str(target))
    assert code == 0 and f"all {len(entries)} rows are intact" in out
    # Each entry's drive is its play's (an entry that also ends a period: the play's, not the
    # period end's, which is in no drive).
    played = {p.number: p for p in plays_model.plays(record)}
    rows = playrows.plain_play_rows(record)
    drive_of: dict[int, int | None] = {}
    for r in rows:
        for s in str(r["zebra_seqs"]).split(";"):
            if r["drive"] is not None or int(s) not in drive_of:
                drive_of[int(s)] = r["drive"]
    assert all(
        (None if pandas.isna(d) else int(d)) == drive_of[int(s)]
        for s, d in zip(entries["zebra_seq"], entries["drive"], strict=True)
    )
    assert played
