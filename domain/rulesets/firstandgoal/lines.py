"""What the table reads: the offence's name, the acting coach, down and distance, the final line."""

from __future__ import annotations

from domain import field as yards
from domain.ruleset import Side
from domain.rulesets.firstandgoal.state import FirstAndGoalState


def offence_team(state: FirstAndGoalState) -> str:
    assert state.offense is not None
    return state.name(state.offense)


def coach(state: FirstAndGoalState, side: Side, role: str) -> str:
    """The person who acts: a team, or its offence/defence coach in the team variants."""
    two = state.teams == "2v2" or state.teams == f"2v1-{side}"
    return f"{side} {role} coach" if two else side


def down_line(state: FirstAndGoalState) -> str:
    """ "2nd & 4 at Bears 26" or "1st & goal at Packers 6"."""
    assert state.ball_on is not None and state.down is not None and state.marker is not None
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[state.down]
    to_go = (
        "goal" if state.marker == 0 else str(yards.distance_to_gain(state.ball_on, state.marker))
    )
    return f"{ordinal} & {to_go} at {spot(state)}"


def spot(state: FirstAndGoalState) -> str:
    assert state.ball_on is not None and state.offense is not None
    return state.spot_for(state.offense, state.ball_on)


def final_line(state: FirstAndGoalState) -> str:
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return f"{line}."
