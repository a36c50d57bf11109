"""The card clock (p. 5): drawing up, burning and shuffling the offence and defence decks."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from domain.ruleset import Ruling
from domain.rulesets.firstandgoal.state import HAND, Cards, FirstAndGoalState


def burn_card(cards: Cards) -> tuple[Cards, Literal["deck", "hand"] | None]:
    """Burning a card (p. 5): the top of the deck, or one from the hand when the deck is empty."""
    if cards.deck > 0:
        return replace(cards, deck=cards.deck - 1, discard=cards.discard + 1), "deck"
    if cards.hand > 0:
        return replace(cards, hand=cards.hand - 1, discard=cards.discard + 1), "hand"
    return cards, None


def refill(state: FirstAndGoalState) -> FirstAndGoalState:
    """Refill (p. 5): both coaches draw back up to 8 cards."""
    return replace(state, green=_draw_up(state.green), black=_draw_up(state.black))


def _draw_up(cards: Cards) -> Cards:
    """Refill (p. 5): draw from the deck back up to 8 cards in hand, as far as it goes."""
    take = max(0, min(HAND - cards.hand, cards.deck))
    return replace(cards, hand=cards.hand + take, deck=cards.deck - take)


def shuffle_in(cards: Cards) -> Cards:
    """Change of possession (p. 5): hand shuffled into the deck, 8 new cards drawn."""
    left = cards.deck + cards.hand
    hand = min(HAND, left)
    return replace(cards, hand=hand, deck=left - hand)


def out_of_cards(state: FirstAndGoalState) -> bool:
    """End of half (p. 9): the offence has no card in hand or deck (or the defence none)."""
    return state.green.left == 0 or state.black.left == 0


def unburn(cards: Cards, where: Literal["deck", "hand"]) -> Cards:
    """A saved card (pp. 7, 10): a penalty or the defence's time-out puts the burned card back."""
    if where == "deck":
        return replace(cards, deck=cards.deck + 1, discard=cards.discard - 1)
    return replace(cards, hand=cards.hand + 1, discard=cards.discard - 1)


def burn_after_field_goal(state: FirstAndGoalState) -> list[Ruling]:
    """Field goal (p. 9): after any field-goal attempt the offence burns a card."""
    return [Ruling("burn", "A card is burned after the field-goal attempt.", team=state.offence)]


def burned_once(state: FirstAndGoalState) -> FirstAndGoalState:
    """Burning a card (p. 5), counted against the half's burned cards."""
    green, where = burn_card(state.green)
    return replace(state, green=green, burned=state.burned + (1 if where else 0))


BURN_FROM = {"deck": "top of the deck", "hand": "from the hand, the deck is empty"}
