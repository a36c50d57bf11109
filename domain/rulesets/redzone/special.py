"""Special Play Cards: the card's text overrides the rules; the table enters the ruling."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.kernel import scored
from domain.ruleset import IllegalEntry, Ruling
from domain.rulesets.redzone.clock import _finish, _possession
from domain.rulesets.redzone.outcomes import _conclude
from domain.rulesets.redzone.parse import _number, _side, _word, as_typed
from domain.rulesets.redzone.state import (
    HAND,
    REGULATION_QUARTERS,
    YARDS_HIGH,
    YARDS_LOW,
    Outcome,
    RedZoneState,
    Rulings,
    _ball,
    _set,
)


def special_play(state: RedZoneState, rest: Sequence[str]) -> Rulings:
    """Special Play Cards: the card's text overrides the rules; the table enters the ruling."""
    if len(rest) < 3:
        raise IllegalEntry("enter: special <team> <card-name> <effect> [number]")
    side = _side(rest[0], state)
    card = as_typed(rest)[1]
    effect = rest[2]
    allowed = {
        "result": ("yards", "turnover"),
        "fumble_guess": ("recover",),
    }.get(state.phase, ("none", "cards", "score"))
    _word(effect, allowed, "a Special Play effect now")
    c = state.coach(side)
    state = _set(state, side, replace(c, hand=max(c.hand - 1, 0)))
    needs_number = effect in ("yards", "cards", "score")
    if needs_number != (len(rest) == 4) or len(rest) > 4:
        raise IllegalEntry(
            f"special ... {effect} {'needs a number' if needs_number else 'takes nothing more'}"
        )
    label = f"Special Play {card} ({state.name(side)})"
    if effect == "none":
        return state, [
            Ruling("special_play", f"{label}: played as written.", team=side, data={"card": card})
        ]
    if effect == "cards":
        n = _number(rest[3], "cards drawn", 0, HAND)
        c = state.coach(side)
        state = _set(state, side, replace(c, hand=c.hand + n, draw_flips=c.draw_flips + n))
        return state, [
            Ruling(
                "special_play",
                f"{label}: {n} cards drawn from the Draw Deck.",
                team=side,
                data={"card": card},
            )
        ]
    if effect == "score":
        n = _number(rest[3], "points", 0, 8)
        rulings = [
            Ruling(
                "special_play_score",
                f"{label}: {n} points.",
                team=side,
                points=n,
                data={"card": card},
            )
        ]
        state = scored(state, side, n)
        if state.quarter > REGULATION_QUARTERS and n > 0:
            return _finish(state, rulings)
        return state, rulings
    if effect == "yards":
        n = _number(rest[3], "yards", YARDS_LOW, YARDS_HIGH)
        ruling = Ruling(
            "special_play", f"{label}: {n} yards.", team=side, yards=n, data={"card": card}
        )
        state, more = _conclude(state, Outcome("yards", n, "special"))
        return state, [ruling, *more]
    if effect == "turnover":
        ruling = Ruling(
            "special_play_turnover", f"{label}: turnover.", team=side, data={"card": card}
        )
        return _possession(state, state.defence, yards.flip(_ball(state)), [ruling])
    # recover
    if state.play.recover_card is None:
        ruling = Ruling(
            "special_play",
            f"{label}: recovers the fumble unless answered.",
            team=side,
            data={"card": card},
        )
        return replace(state, play=replace(state.play, recover_card=side)), [ruling]
    ruling = Ruling(
        "special_play",
        f"{label}: both recovery cards cancel; odd or even decides.",
        team=side,
        data={"card": card},
    )
    return replace(state, play=replace(state.play, recover_card=None)), [ruling]
