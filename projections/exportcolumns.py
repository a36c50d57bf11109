"""The columns of the exports: their names, order and types, and the correction-trail columns.

Two layouts: the play-by-play's (``COLUMNS``, one row per play) and the entry rows'
(``ENTRY_COLUMNS``, one row per entry), plus the entry layout written before issue #16
(``EARLIER_COLUMNS``). nflverse's names come first, then Zebra's own; docs/exports.md lists each.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from projections.record import Change

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
    *(
        c
        for c in ENTRY_NFLVERSE_COLUMNS
        if c
        not in {
            "game_half",
            "kick_distance",
            "return_yards",
            "td_team",
            "incomplete_pass",
            "punt_blocked",
            "posteam_score",
            "defteam_score",
            "passer_player_name",
            "rusher_player_name",
            "receiver_player_name",
            "kicker_player_name",
            "interception_player_name",
        }
    ),
    *(
        c
        for c in ENTRY_ZEBRA_COLUMNS
        if c
        not in {
            "zebra_play",
            "zebra_period",
            "zebra_home_points",
            "zebra_away_points",
            "zebra_drive_start",
            "zebra_drive_end",
            "zebra_drive_yards",
        }
    ),
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


def trail(history: tuple[Change, ...]) -> dict[str, Any]:
    """The correction trail of one entry, so an export shows what was changed, by whom and why."""
    amended = [c for c in history if c.kind == "amended"]
    latest = history[-1] if history else None
    return {
        "amended_from": amended[-1].before if amended else None,
        "corrected_by": latest.by if latest else None,
        "corrected_at": latest.at if latest else None,
        "correction_reason": latest.reason if latest else None,
        "zebra_corrections": json_text([asdict(c) for c in history]) if history else None,
    }


def json_text(value: Any) -> str:
    """A value as compact, key-sorted JSON text: one cell, the same on every export."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
