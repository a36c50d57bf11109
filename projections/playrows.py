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

from typing import Any

from projections import plays as plays_model
from projections.drives import Drive, summary
from projections.entryrows import entry_rows, plain_entry_rows
from projections.exportcolumns import (
    ALL_COLUMNS,
    COLUMNS,
    EARLIER_COLUMNS,
    ENTRY_COLUMNS,
    ENTRY_NFLVERSE_COLUMNS,
    ENTRY_ZEBRA_COLUMNS,
    FIXED_DRIVE_RESULT,
    FLAG_COLUMNS,
    FLAGS,
    INTEGER_COLUMNS,
    LAYOUTS,
    NFLVERSE_COLUMNS,
    PLAYER_COLUMNS,
    ZEBRA_COLUMNS,
    json_text,
    trail,
)
from projections.playdrives import game_drives, play_table
from projections.record import GameRecord
from projections.rowchain import (
    KEY_ENV,
    KEYED,
    MAX_KEY_BYTES,
    MIN_KEY_CHARS,
    UNKEYED,
    ExportError,
    Verdict,
    canonical,
    cell,
    chain,
    env_key,
    new_key,
    read_key,
    read_rows,
    row_digest,
    to_csv,
    to_jsonl,
    verify,
)

# The names other code reads as ``playrows.X``: this module is the exports' one front door.
__all__ = [
    "ALL_COLUMNS",
    "COLUMNS",
    "EARLIER_COLUMNS",
    "ENTRY_COLUMNS",
    "ENTRY_NFLVERSE_COLUMNS",
    "ENTRY_ZEBRA_COLUMNS",
    "FIXED_DRIVE_RESULT",
    "FLAGS",
    "FLAG_COLUMNS",
    "INTEGER_COLUMNS",
    "KEYED",
    "KEY_ENV",
    "LAYOUTS",
    "MAX_KEY_BYTES",
    "MIN_KEY_CHARS",
    "NFLVERSE_COLUMNS",
    "PLAYER_COLUMNS",
    "UNKEYED",
    "ZEBRA_COLUMNS",
    "ExportError",
    "Verdict",
    "canonical",
    "cell",
    "chain",
    "entry_rows",
    "env_key",
    "game_drives",
    "new_key",
    "plain_entry_rows",
    "plain_play_rows",
    "play_table",
    "read_key",
    "read_rows",
    "row_digest",
    "rows",
    "to_csv",
    "to_jsonl",
    "trail",
    "verify",
]

EMPTY_SCORE = {"home": 0, "away": 0}
NO_DRIVE = {"zebra_drive_start": None, "zebra_drive_end": None, "zebra_drive_yards": None}


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
    """One play-by-play row: nflverse's columns in nflverse's order, then Zebra's."""
    return {
        **_spot_columns(record, p, drive),
        **_outcome_columns(record, p),
        **_score_columns(p),
        **{column: p.players.get(role) for role, column in PLAYER_COLUMNS.items()},
        "replay_or_challenge_result": p.results.get("replay_or_challenge_result")
        or _challenge_result(p),
        "drive_play_count": drive.plays if drive else None,
        "fixed_drive_result": FIXED_DRIVE_RESULT.get(drive.end or "") if drive else None,
        "play_deleted": int(p.deleted),
        **_zebra_columns(record, p, drive),
    }


def _names(record: GameRecord) -> dict[str, str]:
    """The team names by side."""
    return {"home": record.home, "away": record.away}


def _spot_columns(record: GameRecord, p: plays_model.Play, drive: Drive | None) -> dict[str, Any]:
    """Which game, which play, who has the ball and where, before the play."""
    names = _names(record)
    side, other = p.posteam, p.defteam
    ball_on, distance = p.yardline_100, p.ydstogo
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
        "goal_to_go": None if ball_on is None or distance is None else int(ball_on <= distance),
        "drive": drive.number if drive else None,
    }


def _outcome_columns(record: GameRecord, p: plays_model.Play) -> dict[str, Any]:
    """What the play did: its type, yards, flags and results, and whose flag or time-out."""
    names = _names(record)
    penalty = next((r for r in p.rulings if r.kind.result.get("penalty")), None)
    timeout = next((r for r in p.rulings if r.kind.result.get("timeout")), None)
    td_side = p.extra.get("td_side")
    return {
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
    }


def _score_columns(p: plays_model.Play) -> dict[str, Any]:
    """The score before and after the play, each side's and the offence's and defence's."""
    side, other = p.posteam, p.defteam
    score_before = p.before.get("score") or EMPTY_SCORE
    score = p.after.get("score") or EMPTY_SCORE
    return {
        "posteam_score": score_before[side] if side else None,
        "defteam_score": score_before[other] if other else None,
        "total_home_score": score["home"],
        "total_away_score": score["away"],
        "posteam_score_post": score[side] if side else None,
        "defteam_score_post": score[other] if other else None,
        "sp": int(p.scoring),
    }


def _challenge_result(p: plays_model.Play) -> Any:
    """The result a replay or challenge ruling's data gives, if the play has one."""
    challenge = next((r for r in p.rulings if r.kind.result.get("replay_or_challenge")), None)
    return challenge.data.get("result") if challenge else None


def _zebra_columns(record: GameRecord, p: plays_model.Play, drive: Drive | None) -> dict[str, Any]:
    """Zebra's own columns: the entries, rulings, points, drive, trail, dice and options."""
    data: dict[str, Any] = {}
    for r in p.rulings:
        data.update(r.data)
    history = tuple(c for line in p.lines for c in line.history)
    struck = [line.struck for line in p.lines if line.struck is not None]
    return {
        "ruleset": record.ruleset,
        "zebra_seqs": ";".join(str(seq) for seq in p.seqs),
        "zebra_entries": json_text([line.text for line in p.lines]),
        "zebra_by": p.lines[-1].by if p.lines else None,
        "zebra_at": p.lines[-1].at if p.lines else None,
        "zebra_play": plays_model.main_kind(p),
        "zebra_period": p.period.label,
        "zebra_home_points": p.points["home"],
        "zebra_away_points": p.points["away"],
        **(summary(drive) if drive else NO_DRIVE),
        "zebra_rulings": ";".join(r.name for r in p.rulings),
        "zebra_struck_reason": "; ".join(struck) if struck else None,
        **trail(history),
        "zebra_dice": json_text(data.get("dice")) if data.get("dice") is not None else None,
        "zebra_data": json_text(data) if data else None,
        "zebra_clock": json_text(p.after.get("clock")) if p.after.get("clock") else None,
        "zebra_options": json_text(record.options),
    }
