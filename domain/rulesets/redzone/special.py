"""Special Play Cards: the card's text overrides the rules; the table enters the ruling."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from domain import field as yards
from domain.kernel import scored
from domain.ruleset import IllegalEntry, Ruling, Side
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
    typed = as_typed(rest)
    # Commas also separate words; with fewer words as typed, the card's name is read lower case.
    card = typed[1] if len(typed) > 1 else rest[1]
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
    played = Played(side, card, f"Special Play {card} ({state.name(side)})", rest[3:])
    return _EFFECTS[effect](state, played)


@dataclass(frozen=True)
class Played:
    """A Special Play card played: by whom, its name as typed, its label, and its number."""

    side: Side
    card: str
    label: str
    number: Sequence[str]


def _as_written(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card whose text the table applies itself."""
    text = f"{played.label}: played as written."
    return state, [Ruling("special_play", text, team=played.side, data={"card": played.card})]


def _cards_drawn(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that has its coach draw from the Draw Deck."""
    n = _number(played.number[0], "cards drawn", 0, HAND)
    c = state.coach(played.side)
    state = _set(state, played.side, replace(c, hand=c.hand + n, draw_flips=c.draw_flips + n))
    text = f"{played.label}: {n} cards drawn from the Draw Deck."
    return state, [Ruling("special_play", text, team=played.side, data={"card": played.card})]


def _points(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that scores (in overtime any score ends the game)."""
    n = _number(played.number[0], "points", 0, 8)
    rulings = [
        Ruling(
            "special_play_score",
            f"{played.label}: {n} points.",
            team=played.side,
            points=n,
            data={"card": played.card},
        )
    ]
    state = scored(state, played.side, n)
    if state.quarter > REGULATION_QUARTERS and n > 0:
        return _finish(state, rulings)
    return state, rulings


def _yards(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that decides the play's yards."""
    n = _number(played.number[0], "yards", YARDS_LOW, YARDS_HIGH)
    ruling = Ruling(
        "special_play",
        f"{played.label}: {n} yards.",
        team=played.side,
        yards=n,
        data={"card": played.card},
    )
    state, more = _conclude(state, Outcome("yards", n, "special"))
    return state, [ruling, *more]


def _turnover(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that turns the ball over at the line."""
    ruling = Ruling(
        "special_play_turnover",
        f"{played.label}: turnover.",
        team=played.side,
        data={"card": played.card},
    )
    return _possession(state, state.defence, yards.flip(_ball(state)), [ruling])


def _recovery(state: RedZoneState, played: Played) -> Rulings:
    """Fumbles / Special Play Cards: a recovery card recovers the ball unless the other coach
    answers with his own, when both cancel and odd or even decides."""
    if state.play.recover_card is None:
        text = f"{played.label}: recovers the fumble unless answered."
        recover_card: Side | None = played.side
    else:
        text = f"{played.label}: both recovery cards cancel; odd or even decides."
        recover_card = None
    ruling = Ruling("special_play", text, team=played.side, data={"card": played.card})
    return replace(state, play=replace(state.play, recover_card=recover_card)), [ruling]


_EFFECTS: dict[str, Callable[[RedZoneState, Played], Rulings]] = {
    "none": _as_written,
    "cards": _cards_drawn,
    "score": _points,
    "yards": _yards,
    "turnover": _turnover,
    "recover": _recovery,
}
