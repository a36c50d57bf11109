"""What the table reads: the offence's name, the acting coach, down and distance, the spot."""

from __future__ import annotations

from domain import field as yards
from domain import kernel
from domain.ruleset import Side
from domain.rulesets.firstandgoal.state import FirstAndGoalState


def offence_team(state: FirstAndGoalState) -> str:
    """The name of the team with the ball, as the rulings say it."""
    return state.name(state.offence)


def coach(state: FirstAndGoalState, side: Side, role: str) -> str:
    """The person who acts: a team, or its offence/defence coach in the team variants."""
    two = state.teams == "2v2" or state.teams == f"2v1-{side}"
    return f"{side} {role} coach" if two else side


def down_line(state: FirstAndGoalState) -> str:
    """ "2nd & 4 at Bears 26" or "1st & goal at Packers 6"."""
    down, marker = state.chains
    to_go = "goal" if marker == 0 else yards.distance_to_gain(state.ball, marker)
    return f"{kernel.down_and_distance(down, to_go, joiner='&')} at {spot(state)}"


def spot(state: FirstAndGoalState) -> str:
    """The ball's spot as a referee announces it for the offence (p. 2, field notes)."""
    return state.spot_for(state.offence, state.ball)
