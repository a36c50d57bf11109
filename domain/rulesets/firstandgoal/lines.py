"""What the table reads: the offence's name, the acting coach, down and distance, the final line."""

from __future__ import annotations

from domain import field as yards
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
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[down]
    to_go = "goal" if marker == 0 else str(yards.distance_to_gain(state.ball, marker))
    return f"{ordinal} & {to_go} at {spot(state)}"


def spot(state: FirstAndGoalState) -> str:
    """The ball's spot as a referee announces it for the offence (p. 2, field notes)."""
    return state.spot_for(state.offence, state.ball)


def final_line(state: FirstAndGoalState) -> str:
    """The score in words, with the winner once there is one."""
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return f"{line}."
