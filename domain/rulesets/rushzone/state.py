"""NFL Rush Zone's state: the scoring pad, the turn and the ball (rules/nfl-rush-zone.txt)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from domain import kernel
from domain.ruleset import SIDES, Side
from domain.teams import TwoTeams

SPACE = 10
ROUNDS_PER_QUARTER = 3
TURNS_PER_QUARTER = 2 * ROUNDS_PER_QUARTER
REGULATION_QUARTERS = 4
TOUCHDOWN_POINTS = 6
FIELD_GOAL_POINTS = 3
YOUNGEST_FOURTH_DOWN_DOWNS = 2  # "Add this last roll to the total of the first 2 downs."

Phase = Literal[
    "toss",
    "choice",
    "kickoff",
    "series",
    "fourth",
    "go",
    "field_goal",
    "punt",
    "try",
    "two_point",
    "final",
]
# The dice rolled in each dice phase (the colour is the entry's keyword).
DICE_COLOUR = {
    "kickoff": "green",
    "series": "white",
    "go": "green",
    "field_goal": "green",
    "punt": "green",
    "two_point": "green",
}
DICE_PHASES = tuple(DICE_COLOUR)
Box = int | None  # points scored in a turn, or None for the pad's "X"


@dataclass(frozen=True)
class QuarterPad:
    """One quarter of the scoring pad: three OFF and three DEF boxes per team, in turn order."""

    home_off: tuple[Box, ...] = ()
    home_def: tuple[Box, ...] = ()
    away_off: tuple[Box, ...] = ()
    away_def: tuple[Box, ...] = ()

    def boxes(self, side: Side, role: Literal["off", "def"]) -> tuple[Box, ...]:
        return getattr(self, f"{side}_{role}")  # type: ignore[no-any-return]


@dataclass(frozen=True)
class RushZoneState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    # Fields states once had (#28): a checkpoint stored with them still opens (domain.snapshots).
    RETIRED_FIELDS: ClassVar[frozenset[str]] = frozenset({"ot_first", "details"})

    home: str
    away: str
    youngest: bool = False
    phase: Phase = "toss"
    toss_winner: Side | None = None
    first_offense: Side | None = None
    offense: Side | None = None
    ball_on: int | None = None
    down: int | None = None
    white: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    quarter: int = 1
    turn: int = 1
    ot_turn: int = 0
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    pad: tuple[QuarterPad, ...] = (QuarterPad(),)
    turn_points: tuple[int, int] = (0, 0)
    scorer: Side | None = None
    winner: Side | None = None


def in_possession(state: RushZoneState) -> Side | None:
    """Touchdown: the scoring team tries the extra point or two, so it has the ball for the try,
    even when it scored on defence (a loose ball); otherwise the offence of the turn has it."""
    if state.phase in ("toss", "choice", "final"):
        return None
    if state.phase in ("try", "two_point"):
        return state.scorer
    return state.offense


def two_minute_warning(state: RushZoneState) -> bool:
    """Two-minute warning: the last round of the 2nd and 4th quarters."""
    return state.quarter in (2, 4) and state.turn > TURNS_PER_QUARTER - 2


def down_line(state: RushZoneState) -> str:
    """ "1st and 10 at Packers 30" for the team with the ball (a series is 1st or 4th down)."""
    assert state.ball_on is not None and state.down is not None
    to_go = "goal" if state.ball_on <= SPACE else str(min(SPACE, state.ball_on))
    return f"{kernel.down_and_distance(state.down, to_go)} at {spot(state)}"


def spot(state: RushZoneState) -> str:
    """The ball's spot named for the team on offence."""
    assert state.ball_on is not None and state.offense is not None
    return state.spot_for(state.offense, state.ball_on)


def pad_view(state: RushZoneState) -> list[dict[str, Any]]:
    """The scoring pad as printed: OFF and DEF boxes per team per quarter, points or "X"."""
    view = []
    for i, q in enumerate(state.pad):
        label = f"Q{i + 1}" if i < REGULATION_QUARTERS else f"OT{i - REGULATION_QUARTERS + 1}"
        row: dict[str, Any] = {"quarter": label}
        for side in SIDES:
            row[side] = {
                "off": [b if b is not None else "X" for b in q.boxes(side, "off")],
                "def": [b if b is not None else "X" for b in q.boxes(side, "def")],
                "total": state.scores[i][0 if side == "home" else 1],
            }
        view.append(row)
    return view
