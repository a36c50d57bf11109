"""The scoreboard and the field strip a screen draws, computed from the status alone.

Shared by the tablet (mobile/) and the web pages (web/): no Kivy and no HTML here, and no rule
of any game. What a game needs drawn is in its status (1st & Goal's ``down_column``, Masters of
the Gridiron's ``slots``, Third and Long's ``key_moments_left``); a game without a ball position
shows its other status keys instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.views import ball_line, ordinal, period
from domain import field
from domain.ruleset import SITUATION_KEYS


def team_names(status: dict[str, Any]) -> dict[str, str]:
    """The two teams' names, by side."""
    return {"home": status.get("home", "Home"), "away": status.get("away", "Away")}


def clock_line(status: dict[str, Any]) -> str:
    """The period and, for Rush Zone, the round within the quarter: the scoreboard's centre."""
    if not status:
        return ""
    clock = status.get("clock") or {}
    if status.get("finished"):
        return "FINAL"
    if "half" in clock:
        when = "Overtime" if clock.get("overtime") else f"{ordinal(int(clock['half']))} half"
    else:
        when = period(status)
    if "round" in clock:
        when += f"  ·  Round {clock['round']} of {clock.get('rounds_per_quarter', 3)}"
        if clock.get("two_minute_warning"):
            when += "  ·  2-minute warning"
    return when


def clock_detail(status: dict[str, Any]) -> str:
    """The rest of the game's clock in its own units: Time Decks, the Action Deck, hands."""
    clock = status.get("clock") or {}
    if "round" in clock:
        return ""
    names = team_names(status)
    skip = ("half", "overtime", "timeouts")
    bits = [
        f"{k.replace('_', ' ')} {v}"
        for k, v in _flat(clock, names)
        if not any(k.endswith(word) for word in skip)
    ]
    return "  ·  ".join(bits)


def _flat(value: Any, names: dict[str, str], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            key = names.get(k, k)
            out.extend(_flat(v, names, f"{prefix} {key}".strip()))
    elif isinstance(value, bool):
        if value:
            out.append((prefix, "yes"))
    elif isinstance(value, int | str) and value is not None:
        out.append((prefix, value))
    return out


def extras_line(status: dict[str, Any]) -> str:
    """What a game without a ball position shows instead (key moments, scoring slots...)."""
    names = team_names(status)
    # Challenges sit under the team names already; the rest is shown by its own widget.
    skip = {*SITUATION_KEYS, "game_id", "entries", "struck", "pad", "options", "phase", "version"}
    skip |= {"pending", "score_pending", "goal_to_go", "overtime"}
    # The league's calendar (issue #31) is not a situation of play.
    skip |= {"season", "week"}
    skip.add("challenges")
    bits: list[str] = []
    for key, value in status.items():
        if key in skip or value in (None, False, [], {}):
            continue
        flat = _flat(value, names, key)
        if 0 < len(flat) <= 4:
            bits.extend(f"{k.replace('_', ' ')}: {v}" for k, v in flat)
    return "  ·  ".join(bits[:8])


def down_text(status: dict[str, Any]) -> str:
    """Down and distance as the scoreboard shows it, as large as the score: "3rd & 7",
    "1st & Goal"; empty when the game has no downs or no ball is in play."""
    down, distance = status.get("down"), status.get("distance")
    if not isinstance(down, int) or status.get("possession") not in ("home", "away"):
        return ""
    to_go = "Goal" if status.get("goal_to_go") else distance
    return f"{ordinal(down)} & {to_go}" if to_go is not None else ordinal(down)


def spot_text(status: dict[str, Any], names: Mapping[str, str] | None = None) -> str:
    """Where the ball is, as the field says it: "Bears 30", "50" (``names`` may shorten the
    team's name); empty without a ball in play."""
    side, ball_on = status.get("possession"), status.get("ball_on")
    if side not in ("home", "away") or not isinstance(ball_on, int):
        return ""
    names = names or team_names(status)
    defence = "away" if side == "home" else "home"
    return field.spot_name(ball_on, names[side], names[defence])


def side_line(status: dict[str, Any], side: str) -> str:
    """Under a team's score: points held for a challenge window, then time-outs and challenges
    left, where the game has them."""
    bits = []
    held = status.get("score_pending")
    if isinstance(held, dict) and held.get("team") == side:
        bits.append(f"+{held['points']} pending")
    timeouts = status.get("timeouts")
    if isinstance(timeouts, dict):
        bits.append(f"Time-outs {timeouts.get(side, 0)}")
    challenges = status.get("challenges")
    if isinstance(challenges, dict) and side in challenges:
        bits.append(f"Challenges {challenges[side]}")
    return "   ".join(bits)


@dataclass(frozen=True)
class FieldView:
    """The field strip in yards from the left goal line: home defends the left end zone.

    Games without a ball position show what their status has instead: the scoring slots per
    side (Masters of the Gridiron) or the drive's key moments left (Third and Long).
    """

    ball: float | None
    gain: float | None
    attacking: int  # +1 when the ball moves right, -1 when it moves left, 0 with no ball
    caption: str
    slots: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    # Beside the slots, per side: the points of defensive scores, which fill no slot
    # ("Successful defensive scoring plays can be placed to the side",
    # masters-of-the-gridiron.txt, Defensive Scoring); "" for none.
    side: tuple[str, str] | None = None
    moments: tuple[int, int] | None = None
    down_column: int | None = None  # the status's down column (1st & Goal's board has four)


def field_view(status: dict[str, Any]) -> FieldView:
    """The field strip: where the ball is and the line to gain, in yards from the left goal."""
    side = status.get("possession")
    ball_on = status.get("ball_on")
    if side not in ("home", "away") or not isinstance(ball_on, int):
        caption = ball_line(status) if side in ("home", "away") else ""
        return FieldView(
            None,
            None,
            0,
            caption or extras_line(status),
            slots=_slots(status),
            side=_beside(status.get("defensive_scores")),
            moments=_moments(status),
        )
    # ball_on counts yards to the goal the offence attacks; home attacks the right goal.
    to_x = (lambda y: 100.0 - y) if side == "home" else (lambda y: float(y))
    distance = status.get("distance")
    gain = None
    if isinstance(distance, int) and not status.get("goal_to_go") and ball_on - distance > 0:
        gain = to_x(ball_on - distance)
    # A game whose board marks the down by a column (1st & Goal) says which in its status.
    column = status.get("down_column")
    column = column if isinstance(column, int) else None
    return FieldView(
        to_x(ball_on), gain, 1 if side == "home" else -1, ball_line(status), down_column=column
    )


def _slots(status: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    slots = status.get("slots")
    if not isinstance(slots, dict):
        return None
    rows = []
    for side in ("home", "away"):
        boxes = slots.get(side)
        if not isinstance(boxes, list):
            return None
        rows.append(tuple(_slot_label(b) for b in boxes))
    return rows[0], rows[1]


def _beside(scores: Any) -> tuple[str, str] | None:
    """The points of each side's scores kept beside the slots ("" for none)."""
    if not isinstance(scores, dict):
        return None
    totals = []
    for side in ("home", "away"):
        plays = scores.get(side) or []
        points = sum(int(p.get("points") or 0) for p in plays if isinstance(p, dict))
        totals.append(str(points) if plays else "")
    return totals[0], totals[1]


def _slot_label(box: Any) -> str:
    if box is None:
        return ""
    if isinstance(box, dict):
        return str(box.get("points", "")) or "0"
    return str(box)


def _moments(status: dict[str, Any]) -> tuple[int, int] | None:
    left, total = status.get("key_moments_left"), status.get("key_moments")
    if isinstance(left, int) and isinstance(total, int) and total > 0:
        return left, total
    return None
