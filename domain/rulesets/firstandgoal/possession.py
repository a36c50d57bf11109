"""Possession and the chains (p. 5): a change of possession, a new 1st down, the next call."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Side
from domain.rulesets.firstandgoal.cards import shuffle_in
from domain.rulesets.firstandgoal.state import FirstAndGoalState


def change_possession(
    state: FirstAndGoalState, side: Side, ball_on: int | None
) -> FirstAndGoalState:
    """Change of possession (p. 5): hands shuffled in and redrawn, the other side's ball."""
    state = replace(
        state,
        offense=side,
        green=shuffle_in(state.green),
        black=shuffle_in(state.black),
        play=None,
        pass_completed=False,
        clock_burn=False,
    )
    if ball_on is None:
        return state
    return first_down(state, ball_on)


def first_down(state: FirstAndGoalState, ball_on: int) -> FirstAndGoalState:
    """A new 1st down (p. 2, field notes): down 1, the marker 10 yards on or at the goal."""
    return replace(
        state, ball_on=ball_on, down=1, marker=yards.first_down_marker(ball_on), play=None
    )


def to_call(state: FirstAndGoalState) -> FirstAndGoalState:
    """The next play call; ``apply`` ends the half at once if the offence is out of cards."""
    return replace(state, phase="call", play=None, kick=None, kick_bonus=0)
