"""Play-by-play rows for analysts: nflverse column names, ruleset columns, and a hash chain.

Two tables, each hash-chained the same way. The play-by-play (``rows``, ``zebra export --format
csv|jsonl``) has one row per play of the play projection (projections/plays.py), struck plays
included with ``play_deleted`` = 1, with nflverse's semantics (play_type, yards 0 where nothing
was gained, the flag columns) and the seqs of the entries each play came from. The entry rows
(``entry_rows``, ``--format entries-csv|entries-jsonl``) are the auditors' table: one row per
entry with its rulings and correction trail. Values come from the stored rulings and
situations only; a column a game does not track is empty (null). Each row's ``row_hash`` chains
the previous row's hash to a canonical, typed encoding of every column of this row (SHA-256, or
HMAC-SHA256 with a league key), so an altered, added, removed or reordered row is found by
``verify``. docs/exports.md gives the recipe for verifying an export without Zebra.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import os
import re
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from domain import field
from domain.kinds import player_role
from domain.periods import Period
from projections import plays as plays_model
from projections.drives import Drive, Fact, drives, summary
from projections.record import Change, GameRecord, Line

# The entry rows' columns (the auditors' table, one row per entry) ------------------------------
ENTRY_NFLVERSE_COLUMNS = (
    "game_id",
    "play_id",
    "home_team",
    "away_team",
    "posteam",
    "defteam",
    "qtr",
    "game_half",
    "down",
    "ydstogo",
    "yardline_100",
    "goal_to_go",
    "drive",
    "play_type",
    "yards_gained",
    "kick_distance",
    "return_yards",
    "desc",
    "touchdown",
    "td_team",
    "field_goal_result",
    "extra_point_result",
    "two_point_conv_result",
    "safety",
    "penalty",
    "penalty_team",
    "penalty_yards",
    "fumble_lost",
    "interception",
    "incomplete_pass",
    "punt_blocked",
    "timeout",
    "timeout_team",
    "posteam_score",
    "defteam_score",
    "total_home_score",
    "total_away_score",
    "posteam_score_post",
    "defteam_score_post",
    "passer_player_name",
    "rusher_player_name",
    "receiver_player_name",
    "kicker_player_name",
    "interception_player_name",
    "replay_or_challenge",
    "replay_or_challenge_result",
    "play_deleted",
)
ENTRY_ZEBRA_COLUMNS = (
    "ruleset",
    "zebra_seq",
    "zebra_entry",
    "zebra_by",
    "zebra_at",
    "zebra_play",
    "zebra_period",
    "zebra_home_points",
    "zebra_away_points",
    "zebra_drive_start",
    "zebra_drive_end",
    "zebra_drive_yards",
    "zebra_rulings",
    "zebra_struck_reason",
    "amended_from",
    "corrected_by",
    "corrected_at",
    "correction_reason",
    "zebra_corrections",
    "zebra_dice",
    "zebra_data",
    "zebra_clock",
    "zebra_options",
    "row_count",
    "row_hash",
)
ENTRY_COLUMNS = ENTRY_NFLVERSE_COLUMNS + ENTRY_ZEBRA_COLUMNS
# The columns of entry exports written before the drive, period, points and player columns
# (issue #16). Such a file still verifies and imports: the chain binds whatever columns it was
# written with, and an import needs only the entries.
EARLIER_COLUMNS = (
    *(c for c in ENTRY_NFLVERSE_COLUMNS if c not in {
        "game_half", "kick_distance", "return_yards", "td_team", "incomplete_pass",
        "punt_blocked", "posteam_score", "defteam_score", "passer_player_name",
        "rusher_player_name", "receiver_player_name", "kicker_player_name",
        "interception_player_name",
    }),
    *(c for c in ENTRY_ZEBRA_COLUMNS if c not in {
        "zebra_play", "zebra_period", "zebra_home_points", "zebra_away_points",
        "zebra_drive_start", "zebra_drive_end", "zebra_drive_yards",
    }),
)

# The play-by-play's columns (one row per play, issue #31) --------------------------------------
# nflverse's names and meanings (nflfastR's dictionary_pbp.csv); docs/exports.md lists each with
# what it holds in each game.
FLAG_COLUMNS = (
    "first_down",
    "third_down_converted",
    "third_down_failed",
    "fourth_down_converted",
    "fourth_down_failed",
    "rush_attempt",
    "pass_attempt",
    "complete_pass",
    "incomplete_pass",
    "interception",
    "sack",
    "qb_scramble",
    "field_goal_attempt",
    "extra_point_attempt",
    "two_point_attempt",
    "punt_attempt",
    "kickoff_attempt",
    "touchback",
    "touchdown",
    "safety",
    "penalty",
    "fumble_lost",
    "punt_blocked",
    "timeout",
    "replay_or_challenge",
)
NFLVERSE_COLUMNS = (
    "game_id",
    "play_id",
    "home_team",
    "away_team",
    "posteam",
    "posteam_type",
    "defteam",
    "qtr",
    "game_half",
    "down",
    "ydstogo",
    "yardline_100",
    "goal_to_go",
    "drive",
    "play_type",
    "yards_gained",
    "kick_distance",
    "return_yards",
    "desc",
    *FLAG_COLUMNS,
    "td_team",
    "field_goal_result",
    "extra_point_result",
    "two_point_conv_result",
    "penalty_team",
    "penalty_yards",
    "timeout_team",
    "posteam_score",
    "defteam_score",
    "total_home_score",
    "total_away_score",
    "posteam_score_post",
    "defteam_score_post",
    "sp",
    "passer_player_name",
    "rusher_player_name",
    "receiver_player_name",
    "kicker_player_name",
    "interception_player_name",
    "replay_or_challenge_result",
    "drive_play_count",
    "fixed_drive_result",
    "play_deleted",
)
ZEBRA_COLUMNS = (
    "ruleset",
    "zebra_seqs",
    "zebra_entries",
    "zebra_by",
    "zebra_at",
    "zebra_play",
    "zebra_period",
    "zebra_home_points",
    "zebra_away_points",
    "zebra_drive_start",
    "zebra_drive_end",
    "zebra_drive_yards",
    "zebra_rulings",
    "zebra_struck_reason",
    "amended_from",
    "corrected_by",
    "corrected_at",
    "correction_reason",
    "zebra_corrections",
    "zebra_dice",
    "zebra_data",
    "zebra_clock",
    "zebra_options",
    "row_count",
    "row_hash",
)
COLUMNS = NFLVERSE_COLUMNS + ZEBRA_COLUMNS
LAYOUTS = (COLUMNS, ENTRY_COLUMNS, EARLIER_COLUMNS)
ALL_COLUMNS = tuple(dict.fromkeys(COLUMNS + ENTRY_COLUMNS))
# The columns whose values are whole numbers; every other column is text. Any column may be null
# (an empty csv cell). The csv and the jsonl of one game hash identically because of this table.
INTEGER_COLUMNS = frozenset(
    {
        "play_id",
        "qtr",
        "down",
        "ydstogo",
        "yardline_100",
        "goal_to_go",
        "drive",
        "yards_gained",
        "kick_distance",
        "return_yards",
        *FLAG_COLUMNS,
        "penalty_yards",
        "posteam_score",
        "defteam_score",
        "total_home_score",
        "total_away_score",
        "posteam_score_post",
        "defteam_score_post",
        "sp",
        "drive_play_count",
        "play_deleted",
        "zebra_seq",
        "zebra_home_points",
        "zebra_away_points",
        "zebra_drive_yards",
        "row_count",
    }
)
# The entry rows' nflverse flag columns: 0 or 1 on every row.
FLAGS = (
    "touchdown",
    "safety",
    "penalty",
    "fumble_lost",
    "interception",
    "incomplete_pass",
    "punt_blocked",
    "timeout",
    "replay_or_challenge",
)
# The nflverse player-name columns, by the role a ruling's ``players`` data names.
PLAYER_COLUMNS = {
    "passer": "passer_player_name",
    "rusher": "rusher_player_name",
    "receiver": "receiver_player_name",
    "kicker": "kicker_player_name",
    "interceptor": "interception_player_name",
}
# A drive's end in nflverse's fixed_drive_result words.
FIXED_DRIVE_RESULT = {
    "Touchdown": "Touchdown",
    "Field goal": "Field goal",
    "Punt": "Punt",
    "Blocked punt": "Punt",
    "Missed field goal": "Missed field goal",
    "Blocked field goal": "Missed field goal",
    "Turnover on downs": "Turnover on downs",
    "Interception": "Turnover",
    "Fumble": "Turnover",
    "Turnover": "Turnover",
    "Safety": "Safety",
    "Opponent touchdown": "Opp touchdown",
    "Opponent field goal": "Opp field goal",
    "Stopped": "Stopped",
    "End of half": "End of half",
    "End of game": "End of half",
}
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
_Ruled = plays_model.Ruled
division = plays_model.division


# The play-by-play: one row per play ------------------------------------------------------------


def play_table(record: GameRecord) -> tuple[list[plays_model.Play], list[Drive]]:
    """The plays of a game and its drives, the drives read from the plays that stand."""
    periods = division(record.ruleset)
    played = plays_model.plays(record)
    names = {"home": record.home, "away": record.away}
    facts: list[Fact] = []
    last_period: Period | None = None
    for p in played:
        if p.deleted:
            continue
        new_period = last_period is not None and (
            p.period.game_half != last_period.game_half
            or (p.period.overtime and p.period.number != last_period.number)
        )
        last_period = p.period
        kicked = p.play_type == "kickoff"
        facts.append(
            Fact(
                play_id=p.number,
                side=names.get(p.posteam or "") if p.category != "period_end" else None,
                converting=bool(p.before.get("converting")),
                rulings=tuple((r.kind, names.get(r.team or "")) for r in p.rulings),
                period=p.period.label,
                overtime=p.period.overtime,
                new_period=new_period,
                # Where the drive's first snap is taken: not where a kick came down.
                yardline=None if kicked else p.yardline_100,
                yards_gained=p.yards_gained if p.category == "snap" else None,
                counts_as_play=p.category == "snap" or p.play_type in ("punt", "field_goal"),
            )
        )
    finished = bool(record.situation.get("finished"))
    found = drives(facts, slots=periods.unit == "regulation", finished=finished)
    return played, found


def game_drives(record: GameRecord) -> list[Drive]:
    """The drives of a game (for the report and the live pages), numbered as the rows number
    them."""
    return play_table(record)[1]


def plain_play_rows(record: GameRecord) -> list[dict[str, Any]]:
    """The play-by-play rows of one game, one per play, before the chain is added."""
    played, found = play_table(record)
    by_play = {n: d for d in found for n in d.rows}
    out = [_play_row(record, p, by_play.get(p.number)) for p in played]
    # Empty text is written as null, so that a csv (empty cell) and a jsonl row agree.
    return [{k: None if v == "" else v for k, v in row.items()} for row in out]


def rows(record: GameRecord, key: bytes | None = None) -> list[dict[str, Any]]:
    """The play-by-play rows of one game, hash-chained (keyed with a league key), in play order."""
    return chain(plain_play_rows(record), key)


def _play_row(record: GameRecord, p: plays_model.Play, drive: Drive | None) -> dict[str, Any]:
    names = {"home": record.home, "away": record.away}
    side = p.posteam
    other = p.defteam
    score_before = p.before.get("score") or {"home": 0, "away": 0}
    score = p.after.get("score") or {"home": 0, "away": 0}
    penalty = next((r for r in p.rulings if r.kind.result.get("penalty")), None)
    timeout = next((r for r in p.rulings if r.kind.result.get("timeout")), None)
    challenge = next((r for r in p.rulings if r.kind.result.get("replay_or_challenge")), None)
    td_side = p.extra.get("td_side")
    data: dict[str, Any] = {}
    for r in p.rulings:
        data.update(r.data)
    history = tuple(c for line in p.lines for c in line.history)
    ball_on, distance = p.yardline_100, p.ydstogo
    struck = [line.struck for line in p.lines if line.struck is not None]
    return {
        "game_id": record.game_id,
        "play_id": p.number,
        "home_team": record.home,
        "away_team": record.away,
        "posteam": names[side] if side else None,
        "posteam_type": side,
        "defteam": names[other] if other else None,
        "qtr": p.period.quarter,
        "game_half": p.period.game_half,
        "down": p.down,
        "ydstogo": distance,
        "yardline_100": ball_on,
        "goal_to_go": None
        if ball_on is None or distance is None
        else int(ball_on <= distance),
        "drive": drive.number if drive else None,
        "play_type": p.play_type,
        "yards_gained": p.yards_gained,
        "kick_distance": p.kick_distance,
        "return_yards": p.return_yards,
        "desc": " ".join(r.text for r in p.rulings),
        **{flag: int(p.flags.get(flag, 0)) for flag in FLAG_COLUMNS},
        "td_team": names.get(td_side or "") if td_side else None,
        "field_goal_result": p.results.get("field_goal_result"),
        "extra_point_result": p.results.get("extra_point_result"),
        "two_point_conv_result": p.results.get("two_point_conv_result"),
        "penalty_team": names.get(penalty.team or "") if penalty and p.flags["penalty"] else None,
        "penalty_yards": p.penalty_yards,
        "timeout_team": names.get(timeout.team or "") if timeout else None,
        "posteam_score": score_before[side] if side else None,
        "defteam_score": score_before[other] if other else None,
        "total_home_score": score["home"],
        "total_away_score": score["away"],
        "posteam_score_post": score[side] if side else None,
        "defteam_score_post": score[other] if other else None,
        "sp": int(p.scoring),
        **{column: p.players.get(role) for role, column in PLAYER_COLUMNS.items()},
        "replay_or_challenge_result": p.results.get("replay_or_challenge_result")
        or (challenge.data.get("result") if challenge else None),
        "drive_play_count": drive.plays if drive else None,
        "fixed_drive_result": FIXED_DRIVE_RESULT.get(drive.end or "") if drive else None,
        "play_deleted": int(p.deleted),
        "ruleset": record.ruleset,
        "zebra_seqs": ";".join(str(seq) for seq in p.seqs),
        "zebra_entries": _json([line.text for line in p.lines]),
        "zebra_by": p.lines[-1].by if p.lines else None,
        "zebra_at": p.lines[-1].at if p.lines else None,
        "zebra_play": plays_model.main_kind(p),
        "zebra_period": p.period.label,
        "zebra_home_points": p.points["home"],
        "zebra_away_points": p.points["away"],
        **(summary(drive) if drive else {
            "zebra_drive_start": None, "zebra_drive_end": None, "zebra_drive_yards": None,
        }),
        "zebra_rulings": ";".join(r.name for r in p.rulings),
        "zebra_struck_reason": "; ".join(struck) if struck else None,
        **trail(history),
        "zebra_dice": _json(data.get("dice")) if data.get("dice") is not None else None,
        "zebra_data": _json(data) if data else None,
        "zebra_clock": _json(p.after.get("clock")) if p.after.get("clock") else None,
        "zebra_options": _json(record.options),
    }


# The entry rows: one row per entry, for auditors -----------------------------------------------


def plain_entry_rows(record: GameRecord) -> list[dict[str, Any]]:
    """The entry rows of one game in play order, before the chain is added."""
    periods = division(record.ruleset)
    out: list[dict[str, Any]] = []
    before = record.opening or {}
    call: dict[str, Any] = {}
    _, found = play_table(record)
    played = plays_model.plays(record)
    drive_of_play = {n: d for d in found for n in d.rows}
    # An entry's drive is its play's (the last play it is part of).
    drive_of_seq: dict[int, Drive] = {}
    for p in played:
        drive = drive_of_play.get(p.number)
        if drive is not None:
            for seq in p.seqs:
                drive_of_seq[seq] = drive
    for play_id, line in enumerate(record.lines, start=1):
        after = line.situation or before
        ruled = [plays_model.ruled(record.ruleset, r, line.seq) for r in line.rulings]
        period = periods.period(int(before.get("quarter") or 1))
        row, used_call = _row(record, play_id, line, ruled, before, after, period, call)
        if line.stands:
            call = _next_call(ruled, call, used_call, row)
            drive = drive_of_seq.get(line.seq)
            if drive is not None:
                row.update({"drive": drive.number, **summary(drive)})
        out.append(row)
        if line.stands and line.situation is not None:
            before = line.situation
    # Empty text is written as null, so that a csv (empty cell) and a jsonl row agree.
    return [{k: None if v == "" else v for k, v in row.items()} for row in out]


def entry_rows(record: GameRecord, key: bytes | None = None) -> list[dict[str, Any]]:
    """The entry rows of one game, hash-chained (keyed with a league key), in play order."""
    return chain(plain_entry_rows(record), key, ENTRY_COLUMNS)


def _on_the_field(ball_on: int | None, gained: int) -> int:
    return gained if ball_on is None else field.gain_on_the_field(ball_on, gained)


def _name(record: GameRecord, side: str | None) -> str | None:
    return {"home": record.home, "away": record.away}.get(side or "")


def _next_call(
    ruled: list[_Ruled], call: dict[str, Any], used: bool, row: dict[str, Any]
) -> dict[str, Any]:
    """The play called and not yet played out: set by a calling ruling (a player card joins
    it), spent by the row that plays it out or by a change of possession."""
    if used or (call and call.get("posteam") != row["posteam"]):
        call = {}
    for r in ruled:
        k = r.kind
        if k.called is not None and k.called[0] in r.data:
            key, types = k.called
            card = call.get("card") if call.get("play_type") is None else None
            call = {
                "play_type": types.get(r.data[key]),
                "players": dict(r.data.get("players") or {}),
                "posteam": row["posteam"],
                "card": card,
            }
        if k.card is not None and isinstance(r.data.get(k.card), dict):
            call = {"posteam": row["posteam"], **call, "card": r.data[k.card]}
    return call


def _players(call: dict[str, Any]) -> dict[str, str]:
    """Who handled the called play: named by the call, or the player card that played it."""
    players = dict(call.get("players") or {})
    card = call.get("card")
    if card:
        role = player_role(str(card.get("position") or ""), call.get("play_type"))
        if role and card.get("name"):
            # As the game shows a card's name ("#12 Rodgers QB").
            players.setdefault(role, str(card["name"]).title())
    return players


def _plays_out(r: _Ruled) -> bool:
    """A ruling that settles a called play: its yards, a score, a turnover, an incompletion."""
    k = r.kind
    return k.yards in ("gained", "lost") or bool(k.result) or k.score is not None or bool(
        k.drive_end
    )


def _row(
    record: GameRecord,
    play_id: int,
    line: Line,
    ruled: list[_Ruled],
    before: dict[str, Any],
    after: dict[str, Any],
    period: Period,
    call: dict[str, Any],
) -> tuple[dict[str, Any], bool]:
    """One row, and whether it played out the called play."""
    names = {"home": record.home, "away": record.away}
    other = {"home": "away", "away": "home"}
    side = before.get("possession")
    score_before = before.get("score") or {"home": 0, "away": 0}
    score = after.get("score") or {"home": 0, "away": 0}
    data: dict[str, Any] = {}
    for r in ruled:
        data.update(r.data)
    results: dict[str, Any] = {}
    for r in ruled:
        for column, value in r.kind.result.items():
            results.setdefault(column, value)
    by_column = {
        column: next((r for r in ruled if column in r.kind.result), None)
        for column in ("touchdown", "penalty", "timeout", "replay_or_challenge", "interception")
    }
    own = next((r.kind.play_type for r in ruled if r.kind.play_type not in (None, "no_play")), None)
    used = bool(call) and any(_plays_out(r) for r in ruled) and bool(line.stands)
    if own is None and used:
        own = call.get("play_type")
    if own is None and any(r.kind.play_type == "no_play" for r in ruled):
        own = "no_play"
    scrimmage = before.get("down") is not None and not before.get("converting")
    gained = [r.yards for r in ruled if r.kind.yards == "gained" and r.yards is not None]
    kick = next((r.yards for r in ruled if r.kind.yards == "kick" and r.yards is not None), None)
    returned = next(
        (
            abs(r.yards)
            for r in ruled
            if r.kind.yards in ("return", "lost") and r.yards is not None
        ),
        None,
    )
    penalty = by_column["penalty"]
    penalty_yards = next(
        (r.yards for r in ruled if r.kind.yards == "penalty" and r.yards is not None), None
    )
    challenge = by_column["replay_or_challenge"]
    touchdown = by_column["touchdown"]
    timeout = by_column["timeout"]
    points = {"home": 0, "away": 0}
    for r in ruled:
        if r.points and r.team in points:
            points[r.team] += r.points
    players = _players(call) if used else {}
    for r in ruled:
        players.update(r.data.get("players") or {})
    ball_on, distance = before.get("ball_on"), before.get("distance")
    first = ruled[0] if ruled else None
    main = next((r for r in ruled if r.kind.play_type or r.kind.called), first)
    row = {
        "game_id": record.game_id,
        "play_id": play_id,
        "home_team": record.home,
        "away_team": record.away,
        "posteam": names[side] if side else None,
        "defteam": names[other[side]] if side else None,
        "qtr": period.quarter,
        "game_half": period.game_half,
        "down": before.get("down"),
        "ydstogo": distance,
        "yardline_100": ball_on,
        "goal_to_go": None if ball_on is None or distance is None else int(ball_on <= distance),
        "drive": None,
        "play_type": own,
        "yards_gained": _on_the_field(ball_on, gained[-1]) if gained and scrimmage else None,
        "kick_distance": kick,
        "return_yards": returned,
        "desc": " ".join(r.text for r in ruled),
        **{flag: int(bool(results.get(flag))) for flag in FLAGS},
        "td_team": names.get(touchdown.team or "") if touchdown else None,
        "field_goal_result": results.get("field_goal_result"),
        "extra_point_result": results.get("extra_point_result"),
        "two_point_conv_result": results.get("two_point_conv_result"),
        "penalty_team": names.get(penalty.team or "") if penalty else None,
        "penalty_yards": penalty_yards if penalty else None,
        "timeout_team": names.get(timeout.team or "") if timeout else None,
        "posteam_score": score_before[side] if side else None,
        "defteam_score": score_before[other[side]] if side else None,
        "total_home_score": score["home"],
        "total_away_score": score["away"],
        "posteam_score_post": score[side] if side else None,
        "defteam_score_post": score[other[side]] if side else None,
        **{column: players.get(role) for role, column in PLAYER_COLUMNS.items()},
        "replay_or_challenge_result": results.get("replay_or_challenge_result")
        or (challenge.data.get("result") if challenge else None),
        "play_deleted": int(not line.stands),
        "ruleset": record.ruleset,
        "zebra_seq": line.seq,
        "zebra_entry": line.text,
        "zebra_by": line.by,
        "zebra_at": line.at,
        "zebra_play": main.name if main else None,
        "zebra_period": period.label,
        "zebra_home_points": points["home"],
        "zebra_away_points": points["away"],
        "zebra_drive_start": None,
        "zebra_drive_end": None,
        "zebra_drive_yards": None,
        "zebra_rulings": ";".join(r.name for r in ruled),
        "zebra_struck_reason": line.struck,
        **trail(line.history),
        "zebra_dice": _json(data.get("dice")) if data.get("dice") is not None else None,
        "zebra_data": _json(data) if data else None,
        "zebra_clock": _json(after.get("clock")) if after.get("clock") else None,
        "zebra_options": _json(record.options),
    }
    return row, used


def trail(history: tuple[Change, ...]) -> dict[str, Any]:
    """The correction trail of one entry, so an export shows what was changed, by whom and why."""
    amended = [c for c in history if c.kind == "amended"]
    latest = history[-1] if history else None
    return {
        "amended_from": amended[-1].before if amended else None,
        "corrected_by": latest.by if latest else None,
        "corrected_at": latest.at if latest else None,
        "correction_reason": latest.reason if latest else None,
        "zebra_corrections": _json([asdict(c) for c in history]) if history else None,
    }


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# The hash chain ------------------------------------------------------------------------------

UNKEYED, KEYED = "sha256", "hmac-sha256"
MIN_KEY_CHARS = 32
MAX_KEY_BYTES = 4096
KEY_ENV = "ZEBRA_LEAGUE_KEY_FILE"


class ExportError(ValueError):
    """A file that is not an intact Zebra export: says what is wrong in one line."""


def canonical(row: dict[str, Any]) -> str:
    """Every column of a row but ``row_hash``, as canonical JSON: the text the chain hashes."""
    body = {k: v for k, v in row.items() if k != "row_hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_digest(previous: str, row: dict[str, Any], key: bytes | None = None) -> str:
    """A row's ``row_hash``: the previous row's hash and this row, SHA-256 or keyed HMAC."""
    message = f"{previous}\n{canonical(row)}".encode()
    if key is None:
        return f"{UNKEYED}:{hashlib.sha256(message).hexdigest()}"
    return f"{KEYED}:{hmac.new(key, message, hashlib.sha256).hexdigest()}"


def chain(
    plain: list[dict[str, Any]], key: bytes | None = None, columns: tuple[str, ...] = COLUMNS
) -> list[dict[str, Any]]:
    """Each row with the total row count and a hash of itself chained to the row before."""
    previous = ""
    out = []
    for row in plain:
        row = {c: row[c] for c in columns[:-2]} | {"row_count": len(plain)}
        for column, value in row.items():
            if not _fits(column, value):
                raise TypeError(f"column {column} cannot hold {value!r}")
        digest = row_digest(previous, row, key)
        out.append({**row, "row_hash": digest})
        previous = digest
    return out


def _fits(column: str, value: Any) -> bool:
    """Whether a value has its column's type: the chain hashes types, so "0" is not 0."""
    if value is None:
        return True
    if column in INTEGER_COLUMNS:
        return type(value) is int
    return type(value) is str


def new_key() -> str:
    """A fresh league key: 64 random hex digits, the text of a key file."""
    return secrets.token_hex(32)


def read_key(path: Path) -> bytes:
    """The league key held in a key file: its text without surrounding blanks, as bytes."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_KEY_BYTES + 1)
    except FileNotFoundError:
        raise ExportError(f"the league key file {path} does not exist") from None
    except OSError as exc:
        raise ExportError(f"the league key file {path} cannot be read: {exc.strerror}") from None
    key = raw.strip()
    if len(raw) > MAX_KEY_BYTES or len(key) < MIN_KEY_CHARS:
        raise ExportError(
            f"{path} is not a league key (expected {MIN_KEY_CHARS} to {MAX_KEY_BYTES} "
            "characters; make one with: zebra league key --create FILE)"
        )
    return key


def env_key() -> bytes | None:
    """The league key named by $ZEBRA_LEAGUE_KEY_FILE, if it is set (for ``zebra import``)."""
    name = os.environ.get(KEY_ENV, "").strip()
    return read_key(Path(name)) if name else None


# Writing ---------------------------------------------------------------------------------------


def cell(value: Any) -> str:
    """A value as one spreadsheet cell; text that a spreadsheet would run as a formula is quoted."""
    # A leading ' goes before text starting with = + - @ ' tab or CR (not before a number such
    # as -3); the reader takes one off again, so the csv reads back to the jsonl's values.
    if value is None:
        return ""
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "'", "\t", "\r") and not _NUMBER.match(text):
        return "'" + text
    return text


def _columns(table: list[dict[str, Any]]) -> tuple[str, ...]:
    """The columns of a chained table (the play-by-play's, or the entry rows')."""
    return tuple(table[0]) if table else COLUMNS


def to_csv(table: list[dict[str, Any]]) -> str:
    """The rows as csv: a header of every column, then one line per row."""
    columns = _columns(table)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in table:
        writer.writerow([cell(row[c]) for c in columns])
    return buffer.getvalue()


def to_jsonl(table: list[dict[str, Any]]) -> str:
    """The rows as JSON lines, every column in order, numbers as numbers and empty as null."""
    columns = _columns(table)
    return "".join(
        json.dumps({c: row[c] for c in columns}, ensure_ascii=False) + "\n" for row in table
    )


# Reading and verifying -------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What ``zebra verify`` found: intact or not, how many rows, and the first problem."""

    ok: bool
    rows: int
    message: str


def verify(text: str, key: bytes | None = None) -> Verdict:
    """Check an exported csv or jsonl file's chain: the first altered, removed or moved row."""
    try:
        table = read_rows(text, key)
    except ExportError as exc:
        return Verdict(False, 0, str(exc))
    how = (
        "keyed with the league key"
        if key is not None
        else "unkeyed: it finds damage and edits, not a forger who recomputed the chain"
    )
    return Verdict(True, len(table), f"all {len(table)} rows are intact ({how})")


def read_rows(text: str, key: bytes | None = None) -> list[dict[str, Any]]:
    """The typed rows of a csv or jsonl export, refused unless every column and hash is Zebra's."""
    # With a league key only rows keyed with it are accepted (an unkeyed chain can be recomputed
    # by anyone); without one, a keyed export cannot be checked and is refused too.
    table = _read_jsonl(text) if text.lstrip().startswith("{") else _read_csv(text)
    if not table:
        raise ExportError("the file has no rows")
    want = KEYED if key is not None else UNKEYED
    for number, row in enumerate(table, start=1):
        tag = str(row["row_hash"] or "").partition(":")[0]
        if tag == want:
            continue
        if tag == KEYED:
            raise ExportError(
                f"row {number} is keyed with a league key: give the key file "
                f"(zebra verify --key FILE, or ${KEY_ENV})"
            )
        if tag == UNKEYED:
            raise ExportError(
                f"row {number} has an unkeyed hash, and only rows keyed with the league key "
                "are accepted with --key: anyone can recompute an unkeyed chain"
            )
        raise ExportError(
            f"row {number} has no sha256: or hmac-sha256: row_hash (an export of an older "
            "Zebra, or not a Zebra export): export it again"
        )
    previous = ""
    for number, row in enumerate(table, start=1):
        digest = row_digest(previous, row, key)
        if not hmac.compare_digest(digest, str(row["row_hash"])):
            other = ", or the export was keyed with another key" if key and number == 1 else ""
            raise ExportError(
                f"row {number} (play_id {row.get('play_id', '?')}) was altered, or a row before "
                f"it was removed or reordered{other}"
            )
        previous = digest
    written = {row["row_count"] for row in table}
    if written != {len(table)}:
        count = next(iter(written)) if len(written) == 1 else None
        if isinstance(count, int) and count > len(table):
            raise ExportError(
                f"the export has {len(table)} rows but was written with {count}: "
                f"rows after row {len(table)} were removed"
            )
        raise ExportError(
            f"the export has {len(table)} rows but its row_count says "
            f"{', '.join(sorted(map(str, written)))}: rows were added or removed"
        )
    return table


def _read_jsonl(text: str) -> list[dict[str, Any]]:
    """The rows of a jsonl export, each exactly Zebra's columns with values of their types."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            pairs = json.loads(raw, object_pairs_hook=_pairs, parse_constant=_no_constant)
        except RecursionError:
            raise ExportError(f"line {number} is nested too deeply to be a row") from None
        except ExportError as exc:
            raise ExportError(f"line {number}: {exc}") from None
        except ValueError:
            raise ExportError(f"line {number} is not JSON") from None
        if not isinstance(pairs, _Pairs):
            raise ExportError(f"line {number} is not a row object")
        _check_columns([k for k, _ in pairs], f"line {number}")
        row = dict(pairs)
        for column, value in row.items():
            if not _fits(column, value):
                kind = "a whole number" if column in INTEGER_COLUMNS else "text"
                raise ExportError(
                    f"line {number}: {column} must be {kind} or null, not {json.dumps(value)[:40]}"
                )
        out.append(row)
    return out


class _Pairs(list[tuple[str, Any]]):
    """A JSON object's members in order, so duplicate and misplaced keys can be named."""


def _pairs(pairs: list[tuple[str, Any]]) -> _Pairs:
    """Refuse a duplicate key: JSON readers disagree on which of two values counts."""
    seen: set[str] = set()
    for k, _ in pairs:
        if k in seen:
            raise ExportError(f"the key {k[:40]!r} appears twice")
        seen.add(k)
    return _Pairs(pairs)


def _no_constant(name: str) -> Any:
    """Refuse NaN and Infinity, which Python reads as JSON but JSON does not have."""
    raise ExportError(f"{name} is not a JSON number")


def _check_columns(names: list[str], where: str) -> None:
    """Exactly Zebra's columns, once each, in Zebra's order; anything else is named."""
    if any(list(names) == list(layout) for layout in LAYOUTS):
        return
    # Named against the table the file looks like: the entry rows have one seq a row.
    layout = ENTRY_COLUMNS if "zebra_seq" in names else COLUMNS
    seen: set[str] = set()
    for name in names:
        if name not in ALL_COLUMNS:
            raise ExportError(f"{where}: unknown column {name[:40]!r}")
        if name in seen:
            raise ExportError(f"{where}: column {name!r} appears twice")
        seen.add(name)
    missing = [c for c in layout if c not in seen]
    if missing:
        raise ExportError(f"{where}: missing column {missing[0]!r}")
    extra = [n for n in names if n not in layout]
    if extra:
        raise ExportError(f"{where}: unknown column {extra[0][:40]!r}")
    moved = next(n for n, c in zip(names, layout, strict=True) if n != c)
    raise ExportError(f"{where}: column {moved!r} is out of place")


_INTEGER = re.compile(r"0|-?[1-9][0-9]{0,17}")


def _read_csv(text: str) -> list[dict[str, Any]]:
    """The rows of a csv export, typed by the column table so they hash as the jsonl does."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
        if header is None or "row_hash" not in header:
            raise ExportError("not a Zebra csv or jsonl export (no row_hash column)")
        _check_columns(header, "the csv header")
        out: list[dict[str, Any]] = []
        for values in reader:
            if not values:
                continue
            number = len(out) + 1
            if len(values) != len(header):
                raise ExportError(f"row {number} has {len(values)} cells for {len(header)} columns")
            out.append({c: _typed(c, v, number) for c, v in zip(header, values, strict=True)})
        return out
    except csv.Error as exc:
        limit = csv.field_size_limit()
        if "field larger than field limit" in str(exc):
            raise ExportError(
                f"line {reader.line_num}: a cell is longer than {limit} characters, "
                "which no Zebra export writes"
            ) from None
        raise ExportError(f"line {reader.line_num} is not csv: {exc}") from None


def _typed(column: str, text: str, number: int) -> int | str | None:
    """A csv cell as the value it stands for, by its column's type: how the chain hashes it."""
    if text == "":
        return None
    if column in INTEGER_COLUMNS:
        if not _INTEGER.fullmatch(text):
            raise ExportError(f"row {number}: {column} must be a whole number, not {text[:40]!r}")
        return int(text)
    return text[1:] if text.startswith("'") else text
