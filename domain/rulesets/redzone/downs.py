"""Downs: the ball moves, a first down, the next down or a turnover on downs."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling, other
from domain.rulesets.redzone.clock import between_plays, new_possession
from domain.rulesets.redzone.scoring import safety, touchdown, try_over
from domain.rulesets.redzone.state import Play, RedZoneState, Rulings, ball_spot, offence_side
from domain.rulesets.redzone.views import down_line, spot_text


def gain(state: RedZoneState, n: int, rulings: list[Ruling] | None = None) -> Rulings:
    """Downs: the ball moves; a touchdown, a safety, a first down or the next down."""
    rulings = list(rulings or [])
    off = offence_side(state)
    spot = yards.advance(ball_spot(state), n)
    if state.is_try:
        return try_over(state, yards.is_touchdown(spot), rulings)
    if yards.is_touchdown(spot):
        rulings.append(Ruling("gain", f"{n:+d} yards.", team=off, yards=n))
        return touchdown(state, off, rulings)
    if yards.is_safety(spot):
        rulings.append(Ruling("gain", f"{n:+d} yards: tackled in the end zone.", team=off, yards=n))
        return safety(state, other(off), rulings)
    return next_down(state, spot, rulings, gained=n)


def next_down(
    state: RedZoneState, spot: int, rulings: list[Ruling], gained: int | None = None
) -> Rulings:
    """Downs: a first down past the marker, else the next down or, after 4th, a turnover."""
    off = state.offense
    marker, down = state.marker, state.down
    assert off is not None and marker is not None and down is not None
    prefix = f"{gained:+d} yards. " if gained is not None else ""
    if spot <= marker:
        state = replace(state, ball_on=spot, down=1, marker=yards.first_down_marker(spot))
        rulings.append(
            Ruling(
                "first_down",
                f"{prefix}First down {state.name(off)} at {spot_text(state)}.",
                team=off,
                yards=gained,
                data={"ball_on": spot},
            )
        )
        return between_plays(replace(state, phase="call", play=Play()), rulings)
    if down >= 4:
        dfn = other(off)
        rulings.append(
            Ruling("turnover_on_downs", f"{prefix}Turnover on downs.", team=off, yards=gained)
        )
        state, more = new_possession(state, dfn, yards.flip(spot), rulings)
        return state, more
    state = replace(state, ball_on=spot, down=down + 1)
    rulings.append(
        Ruling(
            "down", f"{prefix}{down_line(state)}.", team=off, yards=gained, data={"ball_on": spot}
        )
    )
    return between_plays(replace(state, phase="call", play=Play()), rulings)
