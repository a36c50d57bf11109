"""Interceptions and Fumbles (and blocked kicks): where the ball is loose and who recovers it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.redzone.clock import flip_cards, new_possession
from domain.rulesets.redzone.downs import gain
from domain.rulesets.redzone.parse import one, one_of, printed_number, said
from domain.rulesets.redzone.scoring import safety, touchdown, try_over
from domain.rulesets.redzone.state import (
    FUMBLE_FIELDS,
    RedZoneState,
    Rulings,
    ball_spot,
    offence_side,
)


def recovery_card_stands(state: RedZoneState) -> Rulings:
    """Fumbles: a Special Play recovery card not answered by another recovers the ball."""
    side = state.play.recover_card
    assert side is not None
    return _loose_ball_recovered(state, side, [])


def interception(state: RedZoneState) -> Rulings:
    """Interceptions: Passing Play Number x 3 yards downfield; beyond the end line a touchback."""
    off = offence_side(state)
    dfn = other(off)
    depth = state.play.ppn * 3
    spot = yards.advance(ball_spot(state), depth)
    text = f"INTERCEPTED {depth} yards downfield ({state.play.call}, number {state.play.ppn})"
    if state.is_try:
        return try_over(state, False, [Ruling("interception", text + ".", team=dfn)])
    if yards.beyond_end_line(spot):
        rulings = [
            Ruling("interception", text + ": beyond the end line, touchback at the 20.", team=dfn)
        ]
        return new_possession(state, dfn, yards.touchback(), rulings)
    where = (
        "in the end zone"
        if yards.is_touchdown(spot)
        else f"at {state.spot_for(dfn, yards.flip(spot))}"
    )
    play = replace(state.play, landing=yards.flip(spot))
    return replace(state, phase="int_choice", play=play), [
        Ruling("interception", f"{text}, {where}.", team=dfn, data={"ball_on": yards.flip(spot)})
    ]


def interception_choice(state: RedZoneState, down: bool) -> Rulings:
    """Interceptions: down the ball (a touchback in the end zone) or return it with PR."""
    dfn = state.defence
    if not down:
        return replace(state, phase="int_return"), [
            Ruling(
                "decision",
                f"{state.name(dfn)} return the interception.",
                team=dfn,
                data={"choice": "return"},
            )
        ]
    spot = state.play.landing
    if yards.is_safety(spot):
        return new_possession(
            state,
            dfn,
            yards.touchback(),
            [Ruling("touchback", "Downed in the end zone: touchback at the 20.", team=dfn)],
        )
    return new_possession(
        state, dfn, spot, [Ruling("downed", f"Downed at {state.spot_for(dfn, spot)}.", team=dfn)]
    )


def read_interception_return(state: RedZoneState, values: Sequence[str]) -> int:
    """Interceptions: the PR number."""
    return printed_number(one(said(values), "the PR number"), "PR")


def interception_return(state: RedZoneState, n: int) -> Rulings:
    """Interceptions: PR yards; a return that fails to leave the end zone is a safety."""
    off = offence_side(state)
    dfn = other(off)
    state, rulings = flip_cards(state, dfn)
    spot = yards.advance(state.play.landing, n)
    if yards.is_touchdown(spot):
        rulings.append(
            Ruling("return", f"Interception return of {n} yards: touchdown!", team=dfn, yards=n)
        )
        return touchdown(replace(state, offense=dfn), dfn, rulings)
    if yards.is_safety(spot):
        rulings.append(
            Ruling(
                "return",
                f"Interception return of {n} yards, still in the end zone.",
                team=dfn,
                yards=n,
            )
        )
        state = replace(state, offense=dfn)
        return safety(state, off, rulings)
    rulings.append(
        Ruling(
            "return",
            f"Interception returned {n} yards to {state.spot_for(dfn, spot)}.",
            team=dfn,
            yards=n,
            data={"ball_on": spot},
        )
    )
    return new_possession(state, dfn, spot, rulings)


def fumble(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """Fumbles: the ball is loose; the offensive coach flips LG for the spot."""
    off = offence_side(state)
    if state.is_try:
        return try_over(
            state, False, [*rulings, Ruling("fumble", "Fumble on the try: no good.", team=off)]
        )
    return replace(state, phase="fumble_lg"), [
        *rulings,
        Ruling("fumble", "FUMBLE! The ball is loose.", team=off),
    ]


def fumble_spot(state: RedZoneState, n: int) -> Rulings:
    """Fumbles (and Blocks): the LG ones digit is the spot, downfield (behind the line for a
    blocked kick)."""
    off = offence_side(state)
    state, rulings = flip_cards(state, off)
    digit = n % 10
    play = state.play
    spot = (
        yards.behind(ball_spot(state), digit)
        if play.behind
        else yards.advance(ball_spot(state), digit)
    )
    rulings.append(
        Ruling(
            "loose_ball",
            f"LG {n}: the ball is loose {digit} yards "
            f"{'behind the line' if play.behind else 'downfield'}.",
            data={"ball_on": spot},
        )
    )
    return replace(state, phase="fumble_guess", play=replace(play, loose_at=spot)), rulings


def read_guess(state: RedZoneState, values: Sequence[str]) -> tuple[str, str]:
    """Fumbles: the offence's card field, then the defence's call, odd or even."""
    rest = said(values)
    if len(rest) != 2:
        raise IllegalEntry("enter the offence's field then the defence's call: guess k odd")
    f = one_of(rest[0], FUMBLE_FIELDS, "a card field")
    return f, one_of(rest[1], ("odd", "even"), "odd or even")


def fumble_guess(state: RedZoneState, guess: tuple[str, str]) -> Rulings:
    """Fumbles: the offence picks a card field, the defence calls odd or even."""
    f, call = guess
    off = offence_side(state)
    ruling = Ruling(
        "recovery_call",
        f"{state.name(other(off))} call {call} on the offence's {f.upper()} number.",
        team=other(off),
        data={"field": f, "call": call},
    )
    return replace(
        state, phase="fumble_flip", play=replace(state.play, loose_field=f, loose_call=call)
    ), [ruling]


def read_fumble_flip(state: RedZoneState, values: Sequence[str]) -> int:
    """Fumbles: the number of the card field picked."""
    return printed_number(one(said(values), "the number"), state.play.loose_field.upper())


def fumble_flip(state: RedZoneState, n: int) -> Rulings:
    """Fumbles: the defence recovers if its odd/even call matches the offence's flipped number."""
    off = offence_side(state)
    state, rulings = flip_cards(state, off)
    parity = "odd" if n % 2 else "even"
    winner = other(off) if parity == state.play.loose_call else off
    rulings.append(
        Ruling(
            "recovery_flip",
            f"{state.play.loose_field.upper()} {n} is {parity}; "
            f"{state.name(other(off))} called {state.play.loose_call}.",
        )
    )
    return _loose_ball_recovered(state, winner, rulings)


def _loose_ball_recovered(state: RedZoneState, winner: Side, rulings: list[Ruling]) -> Rulings:
    off = offence_side(state)
    dfn = other(off)
    play = state.play
    spot = play.loose_at
    if winner == off:
        rulings.append(Ruling("recovered", f"{state.name(off)} recover.", team=off))
        state = replace(state, play=replace(play, behind=False))
        return gain(state, yards.distance_to_gain(ball_spot(state), spot), rulings)
    # A blocked kick lies behind the line; any other loose ball was fumbled.
    lost = "blocked_kick_recovered" if play.behind else "fumble_lost"
    rulings.append(Ruling(lost, f"{state.name(dfn)} recover!", team=dfn))
    if yards.is_safety(spot):
        return touchdown(replace(state, offense=dfn), dfn, rulings)
    if yards.is_touchdown(spot):
        rulings.append(
            Ruling("touchback", "Recovered in the end zone: touchback at the 20.", team=dfn)
        )
        return new_possession(state, dfn, yards.touchback(), rulings)
    return new_possession(state, dfn, yards.flip(spot), rulings)
