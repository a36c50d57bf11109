"""Special Play Cards: the card's text overrides the rules; the table enters the ruling."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from domain import field as yards
from domain.kernel import scored
from domain.ruleset import IllegalEntry, Ruling, Side
from domain.rulesets.redzone.clock import finish_game, new_possession
from domain.rulesets.redzone.outcomes import conclude
from domain.rulesets.redzone.parse import one_of, printed_number, said, team
from domain.rulesets.redzone.state import (
    HAND,
    REGULATION_QUARTERS,
    YARDS_HIGH,
    YARDS_LOW,
    Outcome,
    RedZoneState,
    Rulings,
    ball_spot,
    with_coach,
)


@dataclass(frozen=True)
class Card:
    """A Special Play card as entered: who played it, its name as typed, its effect, and the
    effect's number (cards drawn, points or yards; None for an effect without one)."""

    side: Side
    name: str
    effect: str
    number: int | None = None


# The number each effect takes: what it counts and its range.
_NUMBERS = {
    "yards": ("yards", YARDS_LOW, YARDS_HIGH),
    "cards": ("cards drawn", 0, HAND),
    "score": ("points", 0, 8),
}


def read_card(state: RedZoneState, values: Sequence[str]) -> Card:
    """Special Play Cards: the team, the card's name as typed, an effect allowed now, and its
    number when the effect takes one."""
    rest = said(values)
    if len(rest) < 3:
        raise IllegalEntry("enter: special <team> <card-name> <effect> [number]")
    side = team(rest[0], state)
    # Commas also separate words; with fewer words as typed, the card's name is read lower case.
    name = values[1] if len(values) > 1 else rest[1]
    effect = rest[2]
    allowed = {
        "result": ("yards", "turnover"),
        "fumble_guess": ("recover",),
    }.get(state.phase, ("none", "cards", "score"))
    one_of(effect, allowed, "a Special Play effect now")
    needs_number = effect in _NUMBERS
    if needs_number != (len(rest) == 4) or len(rest) > 4:
        raise IllegalEntry(
            f"special ... {effect} {'needs a number' if needs_number else 'takes nothing more'}"
        )
    if not needs_number:
        return Card(side, name, effect)
    what, low, high = _NUMBERS[effect]
    return Card(side, name, effect, printed_number(rest[3], what, low, high))


def special_play(state: RedZoneState, card: Card) -> Rulings:
    """Special Play Cards: the card's text overrides the rules; the table enters the ruling."""
    c = state.coach(card.side)
    state = with_coach(state, card.side, replace(c, hand=max(c.hand - 1, 0)))
    label = f"Special Play {card.name} ({state.name(card.side)})"
    return _EFFECTS[card.effect](state, Played(card.side, card.name, label, card.number or 0))


@dataclass(frozen=True)
class Played:
    """A Special Play card played: by whom, its name as typed, its label, and its number."""

    side: Side
    card: str
    label: str
    number: int


def _as_written(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card whose text the table applies itself."""
    text = f"{played.label}: played as written."
    return state, [Ruling("special_play", text, team=played.side, data={"card": played.card})]


def _cards_drawn(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that has its coach draw from the Draw Deck."""
    n = played.number
    c = state.coach(played.side)
    state = with_coach(state, played.side, replace(c, hand=c.hand + n, draw_flips=c.draw_flips + n))
    text = f"{played.label}: {n} cards drawn from the Draw Deck."
    return state, [Ruling("special_play", text, team=played.side, data={"card": played.card})]


def _points(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that scores (in overtime any score ends the game)."""
    n = played.number
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
        return finish_game(state, rulings)
    return state, rulings


def _yards(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that decides the play's yards."""
    n = played.number
    ruling = Ruling(
        "special_play",
        f"{played.label}: {n} yards.",
        team=played.side,
        yards=n,
        data={"card": played.card},
    )
    state, more = conclude(state, Outcome("yards", n, "special"))
    return state, [ruling, *more]


def _turnover(state: RedZoneState, played: Played) -> Rulings:
    """Special Play Cards: a card that turns the ball over at the line."""
    ruling = Ruling(
        "special_play_turnover",
        f"{played.label}: turnover.",
        team=played.side,
        data={"card": played.card},
    )
    return new_possession(state, state.defence, yards.flip(ball_spot(state)), [ruling])


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
