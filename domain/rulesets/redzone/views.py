"""Lines and views shown to the table: down and distance, the ball's spot, the line-ups."""

from __future__ import annotations

from typing import Any

from domain import field as yards
from domain.kernel import down_and_distance
from domain.ruleset import Side
from domain.rulesets.redzone.state import Outcome, RedZoneState


def outcome_text(o: Outcome | None) -> str:
    """A play's outcome in words, for the penalty choice."""
    if o is None:
        return "?"
    if o.kind == "yards":
        return f"{o.yards:+d} yards"
    return {"inc": "incomplete", "int": "interception", "td": "touchdown", "fumble": "fumble"}[
        o.kind
    ]


def down_line(state: RedZoneState) -> str:
    """ "1st and 10 at Packers 30" for the team with the ball."""
    if state.ball_on is None or state.down is None or state.marker is None:
        return ""
    if state.is_try:
        return f"Two-point try at {spot_text(state)}"
    dist = yards.distance_to_gain(state.ball_on, state.marker)
    to_go = "goal" if yards.goal_to_go(state.ball_on, dist) and state.marker == 0 else str(dist)
    return f"{down_and_distance(state.down, to_go)} at {spot_text(state)}"


def spot_text(state: RedZoneState) -> str:
    """The ball's spot for the team with it ("Packers 30")."""
    assert state.ball_on is not None and state.offense is not None
    return state.spot_for(state.offense, state.ball_on)


def lineup_view(state: RedZoneState, side: Side) -> dict[str, Any]:
    """The players on the field, injured ones marked."""
    c = state.coach(side)
    names = {p.pid: p.name for p in c.roster}

    def show(pid: str) -> str:
        return names.get(pid, "(vacant)")

    return {
        "offence": {slot: show(pid) for slot, pid in c.offence},
        "defence": {pid: {"player": show(pid), "opposite": place} for pid, place in c.defence},
        "injured": [show(pid) for pid in c.injured],
        "discard_pile": [name for _, name, _ in c.discard],
        "roster": [{"id": p.pid, "position": p.position, "name": p.name} for p in c.roster],
    }
