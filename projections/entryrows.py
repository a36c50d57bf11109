"""The entry rows: the auditors' table, one row per entry with its rulings and correction trail.

``--format entries-csv|entries-jsonl``. Values come from the stored rulings and situations only;
a column a game does not track is empty (null). The rows are hash-chained as the play-by-play's
are (projections/rowchain.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain import field
from domain.kinds import player_role
from domain.periods import Period
from projections import plays as plays_model
from projections.drives import Drive, summary
from projections.exportcolumns import ENTRY_COLUMNS, FLAGS, PLAYER_COLUMNS, json_text, trail
from projections.playdrives import play_table
from projections.record import GameRecord, Line
from projections.rowchain import chain

_Ruled = plays_model.Ruled
OTHER = {"home": "away", "away": "home"}


@dataclass(frozen=True)
class _Entry:
    """One entry being written as a row: its row number, rulings read, the situation around it."""

    play_id: int
    line: Line
    ruled: list[_Ruled]
    before: dict[str, Any]
    after: dict[str, Any]
    period: Period


def plain_entry_rows(record: GameRecord) -> list[dict[str, Any]]:
    """The entry rows of one game in play order, before the chain is added."""
    periods = plays_model.division(record.ruleset)
    out: list[dict[str, Any]] = []
    before = record.opening or {}
    call: dict[str, Any] = {}
    drive_of_seq = _drive_of_seq(record)
    for play_id, line in enumerate(record.lines, start=1):
        after = line.situation or before
        ruled = [plays_model.ruled(record.ruleset, r, line.seq) for r in line.rulings]
        period = periods.period(int(before.get("quarter") or 1))
        entry = _Entry(play_id, line, ruled, before, after, period)
        row, used_call = _row(record, entry, call)
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


def _drive_of_seq(record: GameRecord) -> dict[int, Drive]:
    """Each entry's drive: its play's (the last play it is part of)."""
    played, found = play_table(record)
    drive_of_play = {n: d for d in found for n in d.rows}
    drive_of_seq: dict[int, Drive] = {}
    for p in played:
        drive = drive_of_play.get(p.number)
        if drive is not None:
            for seq in p.seqs:
                drive_of_seq[seq] = drive
    return drive_of_seq


def _on_the_field(ball_on: int | None, gained: int) -> int:
    """A gain as the field allows it (no farther than the goal line)."""
    return gained if ball_on is None else field.gain_on_the_field(ball_on, gained)


def _name(record: GameRecord, side: str | None) -> str | None:
    """The team name of a side ("home" or "away"), None for no side."""
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
    return (
        k.yards in ("gained", "lost") or bool(k.result) or k.score is not None or bool(k.drive_end)
    )


def _row(record: GameRecord, entry: _Entry, call: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """One row, and whether it played out the called play."""
    ruled = entry.ruled
    used = bool(call) and any(_plays_out(r) for r in ruled) and bool(entry.line.stands)
    players = _players(call) if used else {}
    for r in ruled:
        players.update(r.data.get("players") or {})
    results = _first_results(ruled)
    challenge = next((r for r in ruled if "replay_or_challenge" in r.kind.result), None)
    row = {
        **_spot_columns(record, entry),
        **_outcome_columns(record, entry, _play_type(ruled, call, used), results),
        **_score_columns(entry),
        **{column: players.get(role) for role, column in PLAYER_COLUMNS.items()},
        "replay_or_challenge_result": results.get("replay_or_challenge_result")
        or (challenge.data.get("result") if challenge else None),
        "play_deleted": int(not entry.line.stands),
        **_zebra_columns(record, entry),
    }
    return row, used


def _first_results(ruled: list[_Ruled]) -> dict[str, Any]:
    """The result columns the entry's rulings set, the first ruling to set one winning."""
    results: dict[str, Any] = {}
    for r in ruled:
        for column, value in r.kind.result.items():
            results.setdefault(column, value)
    return results


def _play_type(ruled: list[_Ruled], call: dict[str, Any], used: bool) -> str | None:
    """The entry's nflverse play_type: its own ruling's, else the called play it played out."""
    own = next((r.kind.play_type for r in ruled if r.kind.play_type not in (None, "no_play")), None)
    if own is None and used:
        own = call.get("play_type")
    if own is None and any(r.kind.play_type == "no_play" for r in ruled):
        own = "no_play"
    return own


def _spot_columns(record: GameRecord, entry: _Entry) -> dict[str, Any]:
    """Which game, which play, who has the ball and where, before the entry."""
    before = entry.before
    side = before.get("possession")
    ball_on, distance = before.get("ball_on"), before.get("distance")
    names = {"home": record.home, "away": record.away}
    return {
        "game_id": record.game_id,
        "play_id": entry.play_id,
        "home_team": record.home,
        "away_team": record.away,
        "posteam": names[side] if side else None,
        "defteam": names[OTHER[side]] if side else None,
        "qtr": entry.period.quarter,
        "game_half": entry.period.game_half,
        "down": before.get("down"),
        "ydstogo": distance,
        "yardline_100": ball_on,
        "goal_to_go": None if ball_on is None or distance is None else int(ball_on <= distance),
        "drive": None,
    }


def _outcome_columns(
    record: GameRecord, entry: _Entry, play_type: str | None, results: dict[str, Any]
) -> dict[str, Any]:
    """What the entry's rulings did: the play, its yards, the flags and results, whose flags."""
    ruled, before = entry.ruled, entry.before
    by_column = {
        column: next((r for r in ruled if column in r.kind.result), None)
        for column in ("touchdown", "penalty", "timeout")
    }
    scrimmage = before.get("down") is not None and not before.get("converting")
    gained = [r.yards for r in ruled if r.kind.yards == "gained" and r.yards is not None]
    ball_on = before.get("ball_on")
    penalty, touchdown, timeout = by_column["penalty"], by_column["touchdown"], by_column["timeout"]
    return {
        "play_type": play_type,
        "yards_gained": _on_the_field(ball_on, gained[-1]) if gained and scrimmage else None,
        "kick_distance": _yards_of(ruled, ("kick",)),
        "return_yards": next(
            (
                abs(r.yards)
                for r in ruled
                if r.kind.yards in ("return", "lost") and r.yards is not None
            ),
            None,
        ),
        "desc": " ".join(r.text for r in ruled),
        **{flag: int(bool(results.get(flag))) for flag in FLAGS},
        "td_team": _name(record, touchdown.team) if touchdown else None,
        "field_goal_result": results.get("field_goal_result"),
        "extra_point_result": results.get("extra_point_result"),
        "two_point_conv_result": results.get("two_point_conv_result"),
        "penalty_team": _name(record, penalty.team) if penalty else None,
        "penalty_yards": _yards_of(ruled, ("penalty",)) if penalty else None,
        "timeout_team": _name(record, timeout.team) if timeout else None,
    }


def _yards_of(ruled: list[_Ruled], kinds: tuple[str, ...]) -> int | None:
    """The yards of the first ruling whose yards are of one of these kinds (a kick, a penalty)."""
    return next((r.yards for r in ruled if r.kind.yards in kinds and r.yards is not None), None)


def _score_columns(entry: _Entry) -> dict[str, Any]:
    """The score before and after the entry, each side's and the offence's and defence's."""
    side = entry.before.get("possession")
    score_before = entry.before.get("score") or {"home": 0, "away": 0}
    score = entry.after.get("score") or {"home": 0, "away": 0}
    return {
        "posteam_score": score_before[side] if side else None,
        "defteam_score": score_before[OTHER[side]] if side else None,
        "total_home_score": score["home"],
        "total_away_score": score["away"],
        "posteam_score_post": score[side] if side else None,
        "defteam_score_post": score[OTHER[side]] if side else None,
    }


def _zebra_columns(record: GameRecord, entry: _Entry) -> dict[str, Any]:
    """Zebra's own columns: the entry as typed, its rulings, points, trail, dice and options."""
    ruled, line, after = entry.ruled, entry.line, entry.after
    data: dict[str, Any] = {}
    for r in ruled:
        data.update(r.data)
    points = {"home": 0, "away": 0}
    for r in ruled:
        if r.points and r.team in points:
            points[r.team] += r.points
    first = ruled[0] if ruled else None
    main = next((r for r in ruled if r.kind.play_type or r.kind.called), first)
    return {
        "ruleset": record.ruleset,
        "zebra_seq": line.seq,
        "zebra_entry": line.text,
        "zebra_by": line.by,
        "zebra_at": line.at,
        "zebra_play": main.name if main else None,
        "zebra_period": entry.period.label,
        "zebra_home_points": points["home"],
        "zebra_away_points": points["away"],
        "zebra_drive_start": None,
        "zebra_drive_end": None,
        "zebra_drive_yards": None,
        "zebra_rulings": ";".join(r.name for r in ruled),
        "zebra_struck_reason": line.struck,
        **trail(line.history),
        "zebra_dice": json_text(data.get("dice")) if data.get("dice") is not None else None,
        "zebra_data": json_text(data) if data else None,
        "zebra_clock": json_text(after.get("clock")) if after.get("clock") else None,
        "zebra_options": json_text(record.options),
    }
