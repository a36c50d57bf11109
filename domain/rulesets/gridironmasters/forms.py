"""Masters of the Gridiron's entry forms: the cards, plays and Audibles a coach may enter."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from domain.ruleset import (
    SIDES,
    EntryForm,
    Extra,
    Pattern,
    Side,
    Slot,
)
from domain.rulesets.gridironmasters.reading import (
    deck_spent,
    discarded_if_typed,
    on_discard_pile,
    roster_keys,
)
from domain.rulesets.gridironmasters.state import (
    ANY_POSITION,
    DEFENSE_POSITIONS,
    DEFENSE_RATINGS,
    MAX_BONUS,
    MAX_CARD_NUMBER,
    MAX_RATING,
    MAX_RATINGS_ON_CARD,
    OFFENSE_POSITIONS,
    OFFENSE_RATINGS,
    PLAY_TYPES,
    Card,
    GridironState,
    Unit,
    ratings_text,
)
from domain.words import a_or_an


def player_forms(state: GridironState, side: Side, unit: Unit) -> list[EntryForm]:
    positions = OFFENSE_POSITIONS if unit == "offense" else DEFENSE_POSITIONS
    ratings = OFFENSE_RATINGS if unit == "offense" else DEFENSE_RATINGS
    card = "Offense" if unit == "offense" else "Defense"
    forms: list[EntryForm] = []
    cards = [
        c
        for c in state.roster(side)
        if c.unit == unit
        and c.number is not None
        # A card on the discard pile is offered while the deck may hold another (it asks).
        and not (on_discard_pile(state, side, c) and deck_spent(state, side, c) is not None)
    ]
    if cards:
        # Entered by number, shown as the card reads: "#12 Rodgers QB (Passing 88, ...)".
        ready = tuple(str(c.number) for c in cards)
        shown = tuple(
            f"{c.label} ({ratings_text(c)})"
            + (", on the discard pile" if on_discard_pile(state, side, c) else "")
            for c in cards
        )
        forms.append(
            EntryForm(
                unit,
                f"{a_or_an(card)} card from the roster, by Player # or name",
                (Slot("Player # or name", "word", side=side, words=ready, labels=shown),),
            )
        )
    one = (
        Slot("position", "word", side=side, words=positions),
        Slot("rating", "word", side=side, words=ratings),
        Slot("value", "number", side=side, low=1, high=MAX_RATING),
    )
    two = (
        *one,
        Slot("rating 2", "word", side=side, words=ratings),
        Slot("value 2", "number", side=side, low=1, high=MAX_RATING),
    )
    gone = discarded_if_typed(state, side, unit)
    for text, slots in (("its rating", one), ("two ratings", two)):
        forms.append(
            EntryForm(
                unit,
                f"the {card} card played: position and {text}",
                slots,
                (*_each_rating_once(slots, ratings), *_typed_card_patterns(gone, len(slots))),
            )
        )
    return forms


def _each_rating_once(slots: Sequence[Slot], ratings: Sequence[str]) -> tuple[Pattern, ...]:
    """The Player Card prints each rating once (a card "given twice" a rating is refused)."""
    at = [i for i, s in enumerate(slots) if s.words == tuple(ratings)]
    out: list[Pattern] = []
    for n, i in enumerate(at):
        for j in at[n + 1 :]:
            for r in ratings:
                out.append(tuple(r if k in (i, j) else None for k in range(j + 1)))
    return tuple(out)


def _typed_card_patterns(cards: Sequence[Card], length: int) -> tuple[Pattern, ...]:
    """The entries ``<position> <rating> <value> ...`` that would name one of ``cards``, with
    its ratings in any order."""
    out: list[Pattern] = []
    for card in cards:
        for order in permutations(card.ratings):
            pattern = (card.position, *(str(x) for pair in order for x in pair))
            if len(pattern) == length:
                out.append(pattern)
    return tuple(out)


def play_forms() -> list[EntryForm]:
    result = Slot("td or fg", "word", words=("td", "fg"))
    one = (
        result,
        Slot("offence rating", "word", words=OFFENSE_RATINGS),
        Slot("stopped by", "word", words=DEFENSE_RATINGS),
    )
    full = (
        result,
        Slot("play type", "word", words=PLAY_TYPES),
        Slot("offence rating", "word", words=OFFENSE_RATINGS),
        Slot("offence rating 2", "word", words=OFFENSE_RATINGS),
        Slot("bonus", "number", low=0, high=MAX_BONUS),
        Slot("bonus position", "word", words=(*OFFENSE_POSITIONS, ANY_POSITION)),
        Slot("stopped by", "word", words=DEFENSE_RATINGS),
        Slot("stopped by 2", "word", words=DEFENSE_RATINGS),
    )
    # What a card prints besides its result, rating and stop, each where the card reads it.
    printed = (
        Extra("play type", (full[1],), at=1),
        Extra("second rating", (full[3],), at=2),
        Extra("bonus", (full[4], full[5]), at=2),
        Extra("second stop", (full[7],)),
    )
    return [
        EntryForm(
            "play",
            "the Playbook card: result, rating used, rating that stops it",
            one,
            extras=printed,
        ),
        EntryForm("play", "the Playbook card with type, two ratings, bonus and two stops", full),
    ]


def card_forms(state: GridironState) -> list[EntryForm]:
    # The Player Card: a card is entered into a team's roster once; what picks a roster card
    # (its Player # or name) cannot pick a second one.
    taken = tuple((s, key) for s in SIDES for c in state.roster(s) for key in roster_keys(c))
    forms = []
    for unit, positions, ratings in (
        ("Offense", OFFENSE_POSITIONS, OFFENSE_RATINGS),
        ("Defense", DEFENSE_POSITIONS, DEFENSE_RATINGS),
    ):
        forms.append(
            EntryForm(
                "card",
                f"enter {a_or_an(unit)} card into a team's roster once, to choose it by # later",
                (
                    Slot("team", "word", words=SIDES),
                    Slot("Player #", "number", low=1, high=MAX_CARD_NUMBER),
                    Slot(f"{unit} position", "word", words=positions),
                    Slot(f"{unit} rating", "word", words=ratings),
                    Slot("value", "number", low=1, high=MAX_RATING),
                ),
                taken,
                # The name goes before the position, then the card's other printed ratings.
                extras=(
                    Extra("name", (Slot("name", "text"),), at=2),
                    *(
                        Extra(
                            f"rating {n}",
                            (
                                Slot(f"{unit} rating {n}", "word", words=ratings),
                                Slot(f"value {n}", "number", low=1, high=MAX_RATING),
                            ),
                        )
                        for n in range(2, MAX_RATINGS_ON_CARD + 1)
                    ),
                ),
            )
        )
    return forms


def audible_form(side: Side, *, score: bool) -> EntryForm:
    if score:
        return EntryForm(
            "audible score",
            "a defensive-scoring Audible: the margin it needs and what it scores",
            (
                Slot("margin", "number", side=side, low=1, high=MAX_RATING),
                Slot("td or fg", "word", side=side, words=("td", "fg")),
            ),
        )
    return EntryForm(
        "audible",
        "an Audible card changing this side's rating by n (0 for an effect Zebra does not rate)",
        (Slot("rating change", "number", side=side, low=-MAX_BONUS, high=MAX_BONUS),),
    )
