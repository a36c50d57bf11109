"""Play-by-play rows for analysts: nflverse column names, ruleset columns, and a hash chain.

One row per entry in play order, struck entries included with ``play_deleted`` = 1. Values come
from the stored rulings and situations only; a column a game does not track is empty.
Each row's ``row_hash`` chains the previous row's hash to this row's cells, so an altered,
removed or reordered row is found by ``verify``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from projections.record import GameRecord, Line

NFLVERSE_COLUMNS = (
    "game_id",
    "play_id",
    "home_team",
    "away_team",
    "posteam",
    "defteam",
    "qtr",
    "down",
    "ydstogo",
    "yardline_100",
    "goal_to_go",
    "drive",
    "play_type",
    "yards_gained",
    "desc",
    "touchdown",
    "field_goal_result",
    "extra_point_result",
    "two_point_conv_result",
    "safety",
    "penalty",
    "penalty_team",
    "penalty_yards",
    "fumble_lost",
    "interception",
    "timeout",
    "timeout_team",
    "total_home_score",
    "total_away_score",
    "posteam_score_post",
    "defteam_score_post",
    "replay_or_challenge",
    "replay_or_challenge_result",
    "play_deleted",
)
ZEBRA_COLUMNS = (
    "ruleset",
    "zebra_seq",
    "zebra_entry",
    "zebra_by",
    "zebra_at",
    "zebra_rulings",
    "zebra_struck_reason",
    "zebra_dice",
    "zebra_data",
    "zebra_clock",
    "zebra_options",
    "row_count",
    "row_hash",
)
COLUMNS = NFLVERSE_COLUMNS + ZEBRA_COLUMNS

# Ruling kinds, across the rulesets, that mean what an nflverse play type means.
PLAY_TYPES = {
    "kickoff": "kickoff",
    "touchback": "kickoff",
    "onside": "kickoff",
    "punt": "punt",
    "field_goal": "field_goal",
    "field_goal_missed": "field_goal",
    "field_goal_blocked": "field_goal",
    "extra_point": "extra_point",
    "extra_point_failed": "extra_point",
    "extra_point_blocked": "extra_point",
    "long_pass": "pass",
    "interception": "pass",
    "incomplete": "pass",
    "timeout": "no_play",
    "penalty": "no_play",
}
FUMBLES = {"fumble_lost", "loose_ball", "fumble"}
# A challenge ruling and the nflverse result it means (None: the ruling's data says).
CHALLENGES: dict[str, str | None] = {
    "challenge": None,
    "challenge_failed": "upheld",
    "challenge_overturned": "overturned",
}
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def rows(record: GameRecord) -> list[dict[str, Any]]:
    """The play-by-play rows of one game, hash-chained, in play order."""
    out: list[dict[str, Any]] = []
    before = record.opening or {}
    drive, posteam_seen = 0, None
    for play_id, line in enumerate(record.lines, start=1):
        after = line.situation or before
        side = before.get("possession")
        if line.struck is None and side is not None and side != posteam_seen:
            drive, posteam_seen = drive + 1, side
        out.append(_row(record, play_id, line, before, after, side, drive))
        if line.struck is None and line.situation is not None:
            before = line.situation
    return chain(out)


def _row(
    record: GameRecord,
    play_id: int,
    line: Line,
    before: dict[str, Any],
    after: dict[str, Any],
    side: str | None,
    drive: int,
) -> dict[str, Any]:
    kinds = [r["kind"] for r in line.rulings]
    names = {"home": record.home, "away": record.away}
    other = {"home": "away", "away": "home"}
    score = after.get("score") or {"home": 0, "away": 0}
    yards = next((r["yards"] for r in line.rulings if r.get("yards") is not None), None)
    data: dict[str, Any] = {}
    for r in line.rulings:
        data.update(r.get("data") or {})
    team_of = {k: r.get("team") for r in line.rulings for k in [r["kind"]]}
    challenge = next((r for r in line.rulings if r["kind"] in CHALLENGES), None)
    penalty = next((r for r in line.rulings if r["kind"] == "penalty"), None)
    ball_on, distance = before.get("ball_on"), before.get("distance")
    return {
        "game_id": record.game_id,
        "play_id": play_id,
        "home_team": record.home,
        "away_team": record.away,
        "posteam": names[side] if side else None,
        "defteam": names[other[side]] if side else None,
        "qtr": before.get("quarter"),
        "down": before.get("down"),
        "ydstogo": distance,
        "yardline_100": ball_on,
        "goal_to_go": None if ball_on is None or distance is None else int(ball_on <= distance),
        "drive": drive or None,
        "play_type": _play_type(kinds),
        "yards_gained": yards,
        "desc": " ".join(r["text"] for r in line.rulings),
        "touchdown": int("touchdown" in kinds or "return_touchdown" in kinds),
        "field_goal_result": _first(
            kinds,
            {"field_goal": "made", "field_goal_missed": "missed", "field_goal_blocked": "blocked"},
        ),
        "extra_point_result": _first(
            kinds,
            {
                "extra_point": "good",
                "extra_point_failed": "failed",
                "extra_point_blocked": "blocked",
            },
        ),
        "two_point_conv_result": _first(
            kinds, {"two_point": "success", "two_point_failed": "failure"}
        ),
        "safety": int("safety" in kinds),
        "penalty": int(penalty is not None),
        "penalty_team": names.get(penalty.get("team") or "") if penalty else None,
        "penalty_yards": penalty.get("yards") if penalty else None,
        "fumble_lost": int(bool(FUMBLES & set(kinds))),
        "interception": int("interception" in kinds),
        "timeout": int("timeout" in kinds),
        "timeout_team": names.get(team_of.get("timeout") or ""),
        "total_home_score": score["home"],
        "total_away_score": score["away"],
        "posteam_score_post": score[side] if side else None,
        "defteam_score_post": score[other[side]] if side else None,
        "replay_or_challenge": int(challenge is not None),
        "replay_or_challenge_result": CHALLENGES[challenge["kind"]]
        or (challenge.get("data") or {}).get("result")
        if challenge
        else None,
        "play_deleted": int(line.struck is not None),
        "ruleset": record.ruleset,
        "zebra_seq": line.seq,
        "zebra_entry": line.text,
        "zebra_by": line.by,
        "zebra_at": line.at,
        "zebra_rulings": ";".join(kinds),
        "zebra_struck_reason": line.struck,
        "zebra_dice": _json(data.get("dice")) if data.get("dice") is not None else None,
        "zebra_data": _json(data) if data else None,
        "zebra_clock": _json(after.get("clock")) if after.get("clock") else None,
        "zebra_options": _json(record.options),
    }


def _play_type(kinds: list[str]) -> str | None:
    for kind in kinds:
        if kind in PLAY_TYPES:
            return PLAY_TYPES[kind]
    return kinds[0] if kinds else None


def _first(kinds: list[str], mapping: dict[str, str]) -> str | None:
    return next((mapping[k] for k in kinds if k in mapping), None)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# The hash chain ------------------------------------------------------------------------------


def cell(value: Any) -> str:
    """A value as one spreadsheet cell; text that a spreadsheet would run as a formula is quoted."""
    if value is None:
        return ""
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.match(text):
        return "'" + text
    return text


def row_digest(previous: str, cells: Iterable[str]) -> str:
    body = "\x1f".join(cells)
    return hashlib.sha256(f"{previous}\x1e{body}".encode()).hexdigest()


def chain(plain: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row with the total row count and a hash of itself chained to the row before."""
    previous = ""
    out = []
    for row in plain:
        row = {**row, "row_count": len(plain)}
        digest = row_digest(previous, (cell(row[c]) for c in COLUMNS[:-1]))
        out.append({**row, "row_hash": digest})
        previous = digest
    return out


# Writing and verifying -----------------------------------------------------------------------


def to_csv(table: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in table:
        writer.writerow([cell(row[c]) for c in COLUMNS])
    return buffer.getvalue()


def to_jsonl(table: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in table)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    rows: int
    message: str


def verify(text: str) -> Verdict:
    """Check an exported csv or jsonl file's chain: the first altered, removed or moved row."""
    try:
        cells = _read_cells(text)
    except ValueError as exc:
        return Verdict(False, 0, str(exc))
    previous = ""
    expected_count: int | None = None
    for number, row in enumerate(cells, start=1):
        if expected_count is None:
            expected_count = _count(row.get("row_count", ""))
        digest = row_digest(previous, (row.get(c, "") for c in COLUMNS[:-1]))
        if digest != row.get("row_hash"):
            return Verdict(
                False,
                len(cells),
                f"row {number} (play_id {row.get('play_id', '?')}) was altered, or a row before "
                "it was removed or reordered",
            )
        previous = digest
    if expected_count is not None and expected_count != len(cells):
        return Verdict(
            False,
            len(cells),
            f"the export has {len(cells)} rows but was written with {expected_count}: "
            f"rows after row {len(cells)} were removed",
        )
    if not cells:
        return Verdict(False, 0, "the file has no rows")
    return Verdict(True, len(cells), f"all {len(cells)} rows are intact")


def _count(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def _read_cells(text: str) -> list[dict[str, str]]:
    stripped = text.lstrip()
    if stripped.startswith("{"):
        out = []
        for number, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except json.JSONDecodeError:
                raise ValueError(f"line {number} is not JSON") from None
            if not isinstance(row, dict):
                raise ValueError(f"line {number} is not a row object")
            out.append(
                {c: cell(row.get(c)) for c in COLUMNS[:-1]}
                | {"row_hash": str(row.get("row_hash", ""))}
            )
        return out
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or "row_hash" not in header:
        raise ValueError("not a Zebra csv or jsonl export (no row_hash column)")
    return [dict(zip(header, values, strict=False)) for values in reader if values]
