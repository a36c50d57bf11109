"""Masters of the Gridiron's public views: the nine scoring-play slots, hands and texts."""

from __future__ import annotations

from typing import Any

from domain.ruleset import (
    SIDES,
    Side,
)
from domain.rulesets.gridironmasters.state import (
    HAND,
    SLOTS_PER_SIDE,
    GridironState,
    Record,
)


def slots_view(state: GridironState, side: Side) -> list[dict[str, Any] | None]:
    """The nine Scoring Play spaces of a side, #1 to #9, each with the side's running total
    (defensive scores included); empty ones are None."""
    filled: list[dict[str, Any] | None] = []
    running = 0
    for r in state.records:
        if r.side != side:
            continue
        running += r.points + (r.conversion or 0)
        if r.period == "regulation" and not r.defensive:
            filled.append({**record_view(r), "running_total": running})
    return filled + [None] * (SLOTS_PER_SIDE - len(filled))


def defensive_view(state: GridironState, side: Side) -> list[dict[str, Any]]:
    """Defensive Scoring: successful defensive scores, placed to the side."""
    return [record_view(r) for r in state.records if r.side == side and r.defensive]


def record_view(r: Record) -> dict[str, Any]:
    return {
        "attempt": r.attempt,
        "result": r.outcome,
        "points": r.points + (r.conversion or 0),
        "conversion": None if r.conversion is None else f"{r.conversion:+d}",
        "offense_rating": r.offense_rating,
        "defense_rating": r.defense_rating,
    }


def hand_counts(state: GridironState) -> dict[Side, dict[str, int]]:
    """Hands: 3 Offense, 3 Defense, 4 Playbook, less what is on the table this attempt."""
    hands = {s: dict(HAND) for s in SIDES}
    if state.phase in ("final", "try"):
        return hands
    off, dfn = state.offense, state.defence
    if state.player is not None:
        hands[off]["offense"] -= 1
    if state.play is not None and not state.converting:
        hands[off]["playbook"] -= 1
    if state.defender is not None:
        hands[dfn]["defense"] -= 1
    for a in state.audibles:
        hands[a.side]["playbook"] -= 1
    return hands
