"""Scoring (p. 9): touchdown, extra point, two-point try, safety."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain import kernel
from domain.ruleset import Ruling, other
from domain.rulesets.firstandgoal.board import board_step
from domain.rulesets.firstandgoal.cards import refill
from domain.rulesets.firstandgoal.halves import final_whistle, to_kickoff
from domain.rulesets.firstandgoal.state import (
    SAFETY_POINTS,
    TOUCHDOWN_POINTS,
    FirstAndGoalState,
    Result,
)


def touchdown(state: FirstAndGoalState) -> Result:
    """Touchdown (p. 9): 6 points to the side with the ball, then the extra point or two."""
    side = state.offence
    ruling = Ruling(
        "touchdown", f"Touchdown {state.name(side)}! 6 points.", team=side, points=TOUCHDOWN_POINTS
    )
    state = kernel.scored(state, side, TOUCHDOWN_POINTS)
    if state.in_overtime:
        after, more = final_whistle(state, f"{state.name(side)} score first in overtime.")
        return after, [ruling, *more]
    after = replace(state, phase="try", play=None, down=None, marker=None, pass_completed=False)
    return after, [ruling]


def extra_point(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Extra point (p. 9): play and referee dice; two X block it, anything else is good."""
    play_face, ref_face = value
    s = state.offence
    if play_face == "x" and ref_face == "x":
        ruling = Ruling("extra_point_blocked", "Two X: the extra point is blocked.", team=s)
    else:
        ruling = Ruling(
            "extra_point", f"Extra point good: 1 point {state.name(s)}.", team=s, points=1
        )
        state = kernel.scored(state, s, 1)
    after, more = to_kickoff(state, other(s))
    return after, [ruling, *more]


def go_for_two(state: FirstAndGoalState, _nothing: None) -> Result:
    """Two-point conversion (p. 9): one card play from the 2."""
    s = state.offence
    ruling = Ruling("decision", f"{state.name(s)} go for two from the 2.", team=s)
    after = replace(state, phase="two_call", ball_on=2, down=None, marker=0)
    return after, [ruling]


def two_point_over(state: FirstAndGoalState, *, good: bool, why: str) -> Result:
    """Two-point conversion (p. 9): 2 points in the end zone; a turnover or offensive penalty
    scores nothing."""
    s = state.offence
    if good:
        ruling = Ruling(
            "two_point", f"Two-point try good: 2 points {state.name(s)}.", team=s, points=2
        )
        state = kernel.scored(state, s, 2)
    else:
        ruling = Ruling("two_point_failed", f"Two-point try fails ({why}).", team=s)
    after, more = to_kickoff(state, other(s))
    return after, [ruling, *more]


def safety(state: FirstAndGoalState) -> Result:
    """Safety (p. 9): 2 points to the defence; the offence punts from its own 20."""
    dfn = state.defence
    ruling = Ruling(
        "safety", f"Safety! 2 points {state.name(dfn)}.", team=dfn, points=SAFETY_POINTS
    )
    state = kernel.scored(state, dfn, SAFETY_POINTS)
    if state.in_overtime:
        after, more = final_whistle(state, f"{state.name(dfn)} score first in overtime.")
        return after, [ruling, *more]
    state = replace(
        refill(state),
        ball_on=yards.touchback(),
        down=None,
        marker=None,
        free_kick=True,
        kick="punt",
        kick_bonus=0,
        play=None,
    )
    return board_step(state, "punt"), [ruling]
