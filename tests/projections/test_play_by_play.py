"""The play-by-play an analyst loads and the report a coach reads (issue #16).

Each export bug the issue found has a test here, played through the real Game aggregate and the
real projections (no store needed: the projections fold the aggregate's own events). The
analyst check loads every example's csv with pandas, as an analyst would, and holds it to the
final score, the touchdowns and the drives.
"""

from __future__ import annotations

import io
import json
import random
import shutil
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.utils import get_topic
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import store as stores
from companion.scripts import parse_script
from companion.service import Referee
from domain import rulesets
from domain.deltas import full
from domain.game import Game
from domain.kinds import END_REASONS, KINDS, START_REASONS
from domain.ruleset import IllegalEntry
from projections import playrows, report
from projections.record import GameRecord, project
from tests.domain.scripts import EXAMPLES
from tests.domain.test_examples import ruleset_of
from tests.domain.test_invariants import draw_entry

AT = "2026-11-29T12:00:00+00:00"
NOW = datetime(2026, 11, 29, 12, tzinfo=UTC)
SCRIPTS = sorted(EXAMPLES.glob("*.zebra"))
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def script_lines(name: str) -> tuple[Any, list[str]]:
    path = EXAMPLES / name
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    return script, [line for _, line in script.lines]


def played(ruleset: str, entries: list[str], script: Any = None) -> GameRecord:
    """The record of a game played entry by entry through the Game aggregate."""
    home = (script.home if script else None) or "Bears"
    away = (script.away if script else None) or "Packers"
    game = Game.start(ruleset, home, away, dict(script.options) if script else {}, "t", AT)
    events = list(game.collect_events())
    for text in entries:
        game.enter(text, "t", AT)
        events.extend(game.collect_events())
    return project(events)


def example(name: str) -> GameRecord:
    script, lines = script_lines(name)
    return played(ruleset_of(EXAMPLES / name), lines, script)


def standing(record: GameRecord) -> list[dict[str, Any]]:
    return [r for r in playrows.rows(record) if not r["play_deleted"]]


def row_of(table: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [r for r in table if kind in (r["zebra_rulings"] or "").split(";")]


# The export bugs of issue #16 ----------------------------------------------------------------


def test_rush_zone_the_try_after_a_defensive_touchdown_is_the_scorers() -> None:
    """NFL Rush Zone: "it took advantage of a loss of the ball and scored a touchdown with 1
    extra point": the defence that scored tries the extra point, so the row is its ball."""
    table = standing(example("rushzone-full.zebra"))
    lost = [r for r in row_of(table, "fumble_lost") if r["touchdown"]]
    assert lost, "the example has loose balls run back for touchdowns"
    for scored in lost:
        assert scored["td_team"] == scored["defteam"]
        after = table[table.index(scored) + 1]
        assert after["zebra_play"] == "extra_point"
        assert after["posteam"] == scored["td_team"]
        points = after["zebra_home_points"] if after["posteam"] == "Bears" else 0
        points += after["zebra_away_points"] if after["posteam"] == "Packers" else 0
        assert points == 1 and after["posteam_score_post"] == after["posteam_score"] + 1


def test_masters_defensive_touchdown_is_a_touchdown_for_the_defence() -> None:
    table = standing(example("gridironmasters-full.zebra"))
    (scored,) = row_of(table, "defensive_touchdown")
    assert scored["touchdown"] == 1
    assert scored["td_team"] == scored["defteam"] == "Packers"
    assert scored["zebra_away_points"] == 7 and scored["zebra_home_points"] == 0


def test_red_zone_special_play_points_fill_the_scoring_columns() -> None:
    script, lines = script_lines("redzone-full.zebra")
    record = played("redzone", [*lines[:40], "special home card score 6"], script)
    last = standing(record)[-1]
    assert last["zebra_play"] == "special_play_score"
    assert (last["zebra_home_points"], last["zebra_away_points"]) == (6, 0)
    assert last["total_home_score"] == last["posteam_score"] + 6 == 6


def test_a_lost_fumble_is_one_row_and_a_recovered_one_none() -> None:
    table = standing(example("redzone-full.zebra"))
    fumbles = row_of(table, "fumble")
    lost = [r for r in table if r["fumble_lost"]]
    # The example's two fumbles are both recovered by the Cowboys ("Cowboys recover!").
    assert len(fumbles) == 2 and len(lost) == 2
    assert all(r["zebra_rulings"].endswith("fumble_lost") for r in lost)
    assert all(r["interception"] == 0 and r["posteam"] == "Chargers" for r in lost)
    # Rush Zone's loose ball is a lost fumble too, set once on the row that lost it.
    rush = standing(example("rushzone-full.zebra"))
    assert sum(r["fumble_lost"] for r in rush) == len(row_of(rush, "fumble_lost")) == 3


def test_a_fumble_the_offence_recovers_is_no_lost_fumble() -> None:
    script, lines = script_lines("redzone-full.zebra")
    at = lines.index("guess fg even")
    # The same fumble, but the Chargers' number comes up odd: they keep the ball.
    record = played("redzone", [*lines[:at], "guess fg even", "fg 41"], script)
    last = standing(record)[-1]
    assert "recovered" in last["zebra_rulings"] and last["fumble_lost"] == 0


def test_every_red_zone_entry_says_what_it_was() -> None:
    """Red Zone's kick, punt return, interception return and fumble call were silent rows (the
    entry rows, the auditors' table)."""
    table = [r for r in playrows.entry_rows(example("redzone-full.zebra")) if not r["play_deleted"]]
    silent = [r["zebra_entry"] for r in table if not r["desc"] or not r["zebra_play"]]
    assert silent == []
    said = {r["zebra_entry"]: r["desc"] for r in table}
    kicks = {r["desc"] for r in table if r["zebra_entry"] == "kick"}
    assert kicks == {"Chargers kick off.", "Cowboys kick off.", "Chargers kick the extra point."}
    returns = {r["desc"] for r in table if r["zebra_entry"] == "return"}
    assert returns == {"Chargers return the punt.", "Cowboys return the interception."}
    assert said["guess fg even"] == "Cowboys call even on the offence's FG number."


@pytest.mark.parametrize(
    ("name", "entries", "result"),
    [
        ("redzone-full.zebra", ["kick", "fg 55*"], "failed"),
        ("redzone-full.zebra", ["kick", "fg blocked"], "blocked"),
        ("redzone-full.zebra", ["kick", "fg 48"], "good"),
    ],
)
def test_the_extra_point_result_is_nflverse_s(name: str, entries: list[str], result: str) -> None:
    script, lines = script_lines(name)
    at = lines.index("lg 42") + 1  # the touchdown; the try comes next
    last = standing(played("redzone", [*lines[:at], *entries], script))[-1]
    assert last["play_type"] == "extra_point" and last["extra_point_result"] == result


def test_third_and_long_missed_extra_point_is_failed() -> None:
    table = standing(example("thirdandlong-full.zebra"))
    results = {r["extra_point_result"] for r in table if r["play_type"] == "extra_point"}
    assert results <= {"good", "failed", "blocked"} and results


def test_red_zone_names_the_defender_whose_cover_check_intercepts() -> None:
    script, lines = script_lines("redzone-full.zebra")
    at = lines.index("result db") + 1  # Darren Woodson's Cover check on a Chargers pass
    last = standing(played("redzone", [*lines[:at], "skill yellow int"], script))[-1]
    assert last["interception"] == 1 and last["play_type"] == "pass"
    assert last["interception_player_name"] == "Darren Woodson"
    # "call play-action lwr 6": the quarterback throws to the left wide receiver.
    assert (last["passer_player_name"], last["receiver_player_name"]) == (
        "Stan Humphries",
        "Tony Martin",
    )


def test_a_game_stored_by_zebra_0_1_exports_in_today_s_vocabulary(tmp_path: Path) -> None:
    """Stored rulings keep the kinds they were recorded with; the export reads them as today's
    (Rush Zone's loose ball is a lost fumble, its kickoff touchback a kickoff)."""
    store = tmp_path / "old.sqlite"
    shutil.copy(FIXTURES / "store-v0.1.sqlite", store)
    referee = Referee(stores.resolve(str(store), create=False))
    record = referee.record(referee.find("df765954"))
    stored = Counter(r["kind"] for line in record.effective for r in line.rulings)
    table = standing(record)
    assert stored["loose_ball"] == sum(r["fumble_lost"] for r in table) > 0
    assert stored["touchback"] == sum(r["zebra_play"] == "kickoff_touchback" for r in table) > 0
    assert {k for r in table for k in (r["zebra_rulings"] or "").split(";") if k} <= set(KINDS)
    assert {r["zebra_period"] for r in table} == {"Q1", "Q2", "Q3", "Q4"}


# Periods ---------------------------------------------------------------------------------------


def test_first_and_goal_is_played_in_halves_and_an_overtime() -> None:
    record = example("firstandgoal-full.zebra")
    table = standing(record)
    assert {r["zebra_period"] for r in table} == {"H1", "H2", "OT"}
    assert {r["game_half"] for r in table} == {"Half1", "Half2", "Overtime"}
    assert {r["qtr"] for r in table} == {None}, "1st & Goal has no quarters"
    md = report.markdown(record)
    assert "| Team | H1 | H2 | OT | Total |" in md and "Q3" not in md
    final = record.situation
    assert final["overtime"] is True and final["period"]["label"] == "OT"


def test_masters_has_regulation_then_overtime() -> None:
    record = example("gridironmasters-overtime.zebra")
    assert {r["zebra_period"] for r in standing(record)} == {"REG", "OT"}
    md = report.markdown(record)
    assert "| Team | REG | OT | Total |" in md and "Q2" not in md
    regular = example("gridironmasters-full.zebra").situation
    assert regular["overtime"] is False and regular["period"]["label"] == "REG"


def test_quarters_and_their_overtime_keep_nflverse_qtr() -> None:
    table = standing(example("rushzone-overtime.zebra"))
    assert {r["qtr"] for r in table} == {1, 2, 3, 4, 5}
    assert {r["zebra_period"] for r in table if r["qtr"] == 5} == {"OT"}
    assert {r["game_half"] for r in table if r["qtr"] in (1, 2)} == {"Half1"}
    assert {r["game_half"] for r in table if r["qtr"] == 5} == {"Overtime"}


# Drives ----------------------------------------------------------------------------------------


def test_a_touchdown_and_the_next_half_s_possession_are_two_drives() -> None:
    """Rush Zone example: the Bears score just before halftime and receive after it."""
    record = example("rushzone-full.zebra")
    drives = playrows.game_drives(record)
    scored = next(d for d in drives if d.end == "Touchdown" and d.team == "Bears")
    after = drives[scored.number]
    assert after.team == "Bears" and after.period == "Q3" and after.start == "Kickoff"
    assert scored.period == "Q2" and scored.yards == 60


def test_drive_yards_are_the_offence_s_gains_not_the_punt() -> None:
    table = standing(example("rushzone-full.zebra"))
    punt = row_of(table, "punt")[0]
    # nflverse: a punt gains the offence nothing from scrimmage; the kick is kick_distance.
    assert punt["yards_gained"] == 0 and punt["kick_distance"] == 20
    drive = [r for r in table if r["drive"] == punt["drive"]]
    assert punt["zebra_drive_yards"] == sum(r["yards_gained"] or 0 for r in drive) == 0


def test_a_drive_lost_to_a_loose_ball_touchdown_says_the_opponent_scored() -> None:
    drives = playrows.game_drives(example("rushzone-full.zebra"))
    lost = [d for d in drives if d.end == "Opponent touchdown"]
    assert [d.team for d in lost] == ["Bears", "Packers", "Packers"]


def test_masters_drives_are_its_scoring_slots() -> None:
    record = example("gridironmasters-full.zebra")
    drives = playrows.game_drives(record)
    table = standing(record)
    assert all(r["drive"] is None for r in row_of(table, "roster")), "the roster is no drive"
    attempts = [
        r
        for r in table
        if r["zebra_drive_end"]
        and r["zebra_play"] in ("touchdown", "field_goal", "punt", "stopped")
    ]
    # What each scoring slot came to, as the game's own score sheet shows it.
    sheet = record.situation
    taken = {d["attempt"] for side in ("home", "away") for d in sheet["defensive_scores"][side]}
    slots = [slot for side in ("home", "away") for slot in sheet["slots"][side]]
    ended = {"touchdown": "Touchdown", "field_goal": "Field goal", "punt": "Punt"}
    expected = Counter(
        "Opponent touchdown" if s["attempt"] in taken else ended.get(s["result"], "Stopped")
        for s in slots
    )
    assert len(drives) == len(attempts) == len(slots) == 18
    assert {d.start for d in drives} == {"Scoring slot"}
    assert Counter(d.end for d in drives) == expected


def test_the_drive_summary_speaks_plain_words() -> None:
    md = report.markdown(example("rushzone-full.zebra"))
    summary = md.split("## Drive summary", 1)[1].split("##", 1)[0]
    assert "| Drive | Team | Period | Started with | From | Plays | Yards | Result |" in summary
    for word in ("turnover_on_downs", "burn", "possession", "fourth_down", "fumble_lost"):
        assert word not in summary
    assert "| 12 | Bears | Q2 | Punt | Bears 40 | 2 | 60 | Touchdown |" in summary


# nflverse columns ------------------------------------------------------------------------------


def test_scores_before_and_after_each_play() -> None:
    table = standing(example("rushzone-full.zebra"))
    for before, row in zip(table, table[1:], strict=False):
        assert (row["total_home_score"], row["total_away_score"]) >= (0, 0)
        if row["posteam"] is not None and before["posteam"] is not None:
            home_before = before["total_home_score"]
            side_score = home_before if row["posteam"] == "Bears" else before["total_away_score"]
            assert row["posteam_score"] == side_score


def test_play_types_are_nflverse_s_and_the_game_s_kind_is_kept() -> None:
    table = standing(example("redzone-full.zebra"))
    assert {r["play_type"] for r in table} <= {
        None,
        "run",
        "pass",
        "punt",
        "kickoff",
        "field_goal",
        "extra_point",
        "no_play",
    }
    # The first snap: "call dive rrb", "defend stunt", "flip green green", "result -1" (a -1
    # chart result and the tight end's +1: no gain) is one play, named by its call.
    dive = next(r for r in table if "result -1" in json.loads(r["zebra_entries"]))
    assert json.loads(dive["zebra_entries"]) == [
        "call dive rrb",
        "defend stunt",
        "flip green green",
        "result -1",
    ]
    assert (dive["play_type"], dive["zebra_play"], dive["yards_gained"]) == ("run", "call", 0)


# The analyst check -----------------------------------------------------------------------------


GAME = UUID(int=1)


def stored(cls: type[Any], version: int, **fields: Any) -> Any:
    """One of the Game aggregate's own events, made straight from a ruleset's answers: a whole
    random Red Zone game through the aggregate takes ten times longer."""
    return cls(originator_id=GAME, originator_version=version, timestamp=NOW, **fields)


def random_record(name: str, seed: int) -> GameRecord:
    """A random legal game to its end, as its record (refused entries are drawn again)."""
    rules = rulesets.get(name)
    rnd = random.Random(seed)
    options = {o.name: rnd.choice(o.choices) for o in rules.options}
    state = rules.initial("Bears", "Packers", options)
    events: list[Any] = [
        stored(
            Game.Started,
            1,
            originator_topic=get_topic(Game),
            ruleset=name,
            home="Bears",
            away="Packers",
            options=options,
            by="t",
            at=AT,
            disputes="referee",
        ),
        stored(
            Game.Ruled,
            2,
            seq=0,
            rulings=[],
            change=full(rules.situation(state)),
            checkpoint=None,
            rules=rules.version,
        ),
    ]
    for seq in range(1, 3001):
        if rules.situation(state)["finished"]:
            break
        forms = rules.expected(state).forms
        for _refused in range(50):
            text = draw_entry(rnd, rnd.choice(forms))
            try:
                state, rulings = rules.apply(state, text)
                break
            except IllegalEntry:
                continue
        else:
            break
        entered = dict(seq=seq, text=text, by="t", at=AT, sides=None, command=None)
        events.append(stored(Game.Entered, len(events) + 1, **entered))
        ruled = [r.to_dict() for r in rulings]
        situation = rules.situation(state)
        events.append(
            stored(
                Game.Ruled,
                len(events) + 1,
                seq=seq,
                rulings=ruled,
                change=full(situation),
                checkpoint=None,
                rules=rules.version,
            )
        )
    return project(events)


def untrusted(record: GameRecord) -> list[str]:
    """What an analyst would find wrong in a game's rows: points that do not add up to the
    score, a touchdown without its team, a drive without a documented start or end or whose
    yards are not its plays' yards."""
    table = standing(record)
    out = []
    final = record.situation["score"]
    for side in ("home", "away"):
        points = sum(r[f"zebra_{side}_points"] for r in table)
        if points != final[side]:
            out.append(f"{side} points add up to {points}, the score is {final[side]}")
    out += [
        f"row {r['play_id']}: touchdown without td_team"
        for r in table
        if r["touchdown"] and r["td_team"] not in (record.home, record.away)
    ]
    drives: dict[int, list[dict[str, Any]]] = {}
    for r in table:
        if r["drive"] is not None:
            drives.setdefault(r["drive"], []).append(r)
    for number, rows in drives.items():
        first = rows[0]
        if first["zebra_drive_start"] not in START_REASONS:
            out.append(f"drive {number} starts with {first['zebra_drive_start']!r}")
        if first["zebra_drive_end"] not in END_REASONS:
            out.append(f"drive {number} ends with {first['zebra_drive_end']!r}")
        if first["zebra_drive_yards"] != sum(r["yards_gained"] or 0 for r in rows):
            out.append(f"drive {number}'s yards are not its plays' yards")
    if sorted(drives) != list(range(1, len(drives) + 1)):
        out.append("drives are not numbered 1, 2, 3... in play order")
    return out


@pytest.mark.parametrize("name", rulesets.names())
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_random_game_s_rows_add_up(name: str, seed: int) -> None:
    record = random_record(name, seed)
    assert record.situation["finished"] or name == "gridironmasters"
    problems = untrusted(record)
    assert not problems, problems[:5]


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_the_example_games_rows_add_up(path: Path) -> None:
    assert untrusted(example(path.name)) == []


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_an_analyst_can_load_the_csv_and_trust_it(path: Path) -> None:
    pandas = pytest.importorskip("pandas")
    record = example(path.name)
    frame = pandas.read_csv(io.StringIO(playrows.to_csv(playrows.rows(record))))
    plays = frame[frame["play_deleted"] == 0]
    final = record.situation["score"]
    # The scoring columns add up to the final score, team by team.
    assert int(plays["zebra_home_points"].sum()) == final["home"]
    assert int(plays["zebra_away_points"].sum()) == final["away"]
    # Every touchdown row says whose it is.
    touchdowns = plays[plays["touchdown"] == 1]
    assert touchdowns["td_team"].notna().all()
    assert set(touchdowns["td_team"]) <= {record.home, record.away}
    # Every drive starts, ends with a documented reason, and its yards are its plays' sum.
    for _, drive in plays[plays["drive"].notna()].groupby("drive"):
        assert drive["zebra_drive_start"].nunique() == 1
        assert drive["zebra_drive_start"].iloc[0] in START_REASONS
        assert drive["zebra_drive_end"].iloc[0] in END_REASONS
        assert drive["zebra_drive_end"].nunique() == 1
        assert int(drive["zebra_drive_yards"].iloc[0]) == int(drive["yards_gained"].fillna(0).sum())
    assert (plays["drive"].dropna().diff().dropna() >= 0).all(), "drives run in order"
