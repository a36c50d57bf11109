"""Masters of the Gridiron: cards printed the same, and the deck files that count them.

rules/masters-of-the-gridiron.txt, Deck Building: a deck combines "cards from different decks",
so it may hold two cards printed the same; Order of Play: every card played goes to its discard
pile. A deck file's cards are entered at set-up (``deck``): the deck's count of a printed card
bounds how many may be played (``reading.deck_spent``). Without one the table is asked once
whether a card printed like one on the discard pile is another ("same yes|no").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import kernel
from domain.ruleset import SIDES, EntryForm, Extra, IllegalEntry, Prompt, Ruling, Side, Slot
from domain.rulesets.gridironmasters.attempts import defensive_player, offensive_player
from domain.rulesets.gridironmasters.reading import Chosen
from domain.rulesets.gridironmasters.state import (
    DEFENSE_POSITIONS,
    MAX_CARD_NUMBER,
    OFFENSE_POSITIONS,
    POSITION_ALIASES,
    Card,
    GridironState,
    InDeck,
    ratings_text,
)
from domain.words import possessive

Outcome = tuple[GridironState, list[Ruling]]

ANSWERS = ("yes", "no")

DECK_EXAMPLE = "deck home 83 martellus bennett te"


def at_setup(state: GridironState) -> bool:
    """Setup: the decks are set out first; a deck file's cards are entered before any card is
    entered into a roster or played (as ``zebra play --roster-home`` records them)."""
    return (
        state.phase == "call"
        and state.period == "regulation"
        and state.attempt == 0
        and not state.converting
        and state.player is None
        and state.play is None
        and state.asking is None
        and not state.rosters
    )


def deck_form() -> EntryForm:
    """Deck Building: one card of a team's deck file (two copies of a card: two entries)."""
    return EntryForm(
        "deck",
        "a card of a team's deck file, at set-up (zebra play --roster-home/--roster-away)",
        (
            Slot("team", "word", words=SIDES),
            Slot("Player #", "number", low=1, high=MAX_CARD_NUMBER),
            Slot("position", "word", words=(*OFFENSE_POSITIONS, *DEFENSE_POSITIONS)),
        ),
        # The name goes before the position, as the card form reads it.
        extras=(Extra("name", (Slot("name", "text"),), at=2),),
    )


def read_deck_card(state: GridironState, rest: Sequence[str]) -> tuple[Side, InDeck]:
    """Deck Building: the team, then the card as its deck file lists it: # name position."""
    if len(rest) < 3 or not (rest[1].isdigit() and rest[1].isascii()):
        raise IllegalEntry(
            f"a deck card needs its team, Player #, [name] and position: {DECK_EXAMPLE}"
        )
    side = kernel.side_word(rest[0], state)
    number = kernel.number(rest[1], 1, MAX_CARD_NUMBER, "a Player #")
    position = POSITION_ALIASES.get(rest[-1], rest[-1])
    if position not in OFFENSE_POSITIONS and position not in DEFENSE_POSITIONS:
        raise IllegalEntry(
            f"{rest[-1]!r} is not a position (qb rb fb te wr t g c | de dt lb cb s); "
            f"a deck card ends with its position: {DECK_EXAMPLE}"
        )
    return side, InDeck(number, position, " ".join(rest[2:-1]))


def deck_card(state: GridironState, entered: tuple[Side, InDeck]) -> Outcome:
    """Deck Building: a card of the team's deck, as its deck file lists it."""
    side, card = entered
    held = 1 + sum(1 for s, d in state.decks if s == side and d.number == card.number)
    copy = f" (copy {held})" if held > 1 else ""
    ruling = Ruling(
        "deck_card",
        f"{possessive(state.name(side))} deck: {card.label}{copy}.",
        team=side,
        data={"number": card.number, "name": card.name, "position": card.position},
    )
    return replace(state, decks=(*state.decks, (side, card))), [ruling]


def asking_side(state: GridironState) -> Side:
    """Whose card is asked about: the offence's while it calls, else the defence's."""
    return state.offense if state.phase == "call" else state.defence


def same_question(state: GridironState, card: Card) -> str:
    side = asking_side(state)
    return (
        f"{card.label} ({ratings_text(card)}) is on {possessive(state.name(side))} discard "
        "pile: another card printed the same? yes|no"
    )


def same_prompt(state: GridironState) -> Prompt:
    """Deck Building: a card printed like one on the discard pile is asked about once."""
    assert state.asking is not None
    side = asking_side(state)
    return Prompt(
        side,
        f"{same_question(state, state.asking)} (same yes | same no)",
        (
            EntryForm(
                "same",
                "another card printed the same: yes plays it, no takes the entry back",
                (Slot("another card printed the same", "word", side=side, words=ANSWERS),),
                bare=lambda word: word in ANSWERS,
            ),
        ),
    )


def read_same(state: GridironState, rest: Sequence[str]) -> bool:
    """The answer to "another card printed the same?": yes or no."""
    if len(rest) != 1 or rest[0] not in ANSWERS:
        raise IllegalEntry("answer yes or no: same yes | same no")
    return rest[0] == "yes"


def ask_same(state: GridironState, card: Card) -> Outcome:
    """Deck Building: without a deck file Zebra cannot know whether the deck holds another card
    printed like one on the discard pile, so the table is asked once."""
    side = asking_side(state)
    ruling = Ruling(
        "same_card_asked",
        f"{same_question(state, card)}.",
        team=side,
        data={"card": {"number": card.number, "name": card.name, "position": card.position}},
    )
    return replace(state, asking=card), [ruling]


def same_answer(state: GridironState, another: bool) -> Outcome:
    """Deck Building: yes, another card printed the same is played (and not asked about again);
    no, it is the card on the discard pile: the entry is taken back, nothing is played."""
    card = state.asking
    assert card is not None
    side = asking_side(state)
    team = state.name(side)
    cleared = replace(state, asking=None)
    if not another:
        ruling = Ruling(
            "same_card",
            f"Not another card: {card.label} stays on {possessive(team)} discard pile; "
            f"{team} play a card from the hand.",
            team=side,
            data={"another": False},
        )
        return cleared, [ruling]
    told = replace(cleared, printed_again=(*cleared.printed_again, (side, card)))
    ruling = Ruling(
        "same_card",
        f"Another card printed like {card.label}: {team} play it (not asked again for it).",
        team=side,
        data={"another": True},
    )
    play = offensive_player if state.phase == "call" else defensive_player
    after, more = play(told, Chosen(card, told))
    return after, [ruling, *more]
