"""Downs: the ball moves, a first down, the next down or a turnover on downs."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling, other
from domain.rulesets.redzone.clock import _between, _possession
from domain.rulesets.redzone.scoring import _safety, _touchdown, _try_over
from domain.rulesets.redzone.state import Play, RedZoneState, Rulings, _ball, _offence
from domain.rulesets.redzone.views import down_line, spot_text


def _gain(state: RedZoneState, n: int, rulings: list[Ruling] | None = None) -> Rulings:
    """Downs: the ball moves; a touchdown, a safety, a first down or the next down."""
    rulings = list(rulings or [])
    off = _offence(state)
    spot = yards.advance(_ball(state), n)
    if state.is_try:
        return _try_over(state, yards.is_touchdown(spot), rulings)
    if yards.is_touchdown(spot):
        rulings.append(Ruling("gain", f"{n:+d} yards.", team=off, yards=n))
        return _touchdown(state, off, rulings)
    if yards.is_safety(spot):
        rulings.append(Ruling("gain", f"{n:+d} yards: tackled in the end zone.", team=off, yards=n))
        return _safety(state, other(off), rulings)
    return _next_down(state, spot, rulings, gained=n)


def _next_down(
    state: RedZoneState, spot: int, rulings: list[Ruling], gained: int | None = None
) -> Rulings:
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
        return _between(replace(state, phase="call", play=Play()), rulings)
    if down >= 4:
        dfn = other(off)
        rulings.append(
            Ruling("turnover_on_downs", f"{prefix}Turnover on downs.", team=off, yards=gained)
        )
        state, more = _possession(state, dfn, yards.flip(spot), rulings)
        return state, more
    state = replace(state, ball_on=spot, down=down + 1)
    rulings.append(
        Ruling(
            "down", f"{prefix}{down_line(state)}.", team=off, yards=gained, data={"ball_on": spot}
        )
    )
    return _between(replace(state, phase="call", play=Play()), rulings)
