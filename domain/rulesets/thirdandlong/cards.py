"""The Action Deck (rules/third-and-long.txt, Game Clock and Draw Action Cards): every card taken
from it, drawn, used or discarded is counted here; and the injuries that sit stars out."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.thirdandlong.state import (
    DECK_SIZE,
    DEFENCE_POSITIONS,
    HAND_SIZE,
    OFFENCE_POSITIONS,
    Injury,
    ThirdAndLongState,
    add_count,
    count,
    star_at,
)
from domain.words import possessive


def all_cards_back(state: ThirdAndLongState) -> ThirdAndLongState:
    return replace(
        state,
        deck=DECK_SIZE,
        discard=0,
        hands=(0, 0),
        aside=0,
        pile=0,
        pending=(0, 0),
        moments=0,
        moments_total=0,
        drive_length=None,
        shorten=False,
        play=None,
    )


def bonus_card(
    state: ThirdAndLongState, side: Side, why: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Momentum: a bonus Action card, drawn with the next draws due."""
    return replace(state, pending=add_count(state.pending, side, 1)), [
        Ruling("momentum", f"Momentum: {state.name(side)} draw a bonus card for {why}.", team=side)
    ]


def take(
    state: ThirdAndLongState, n: int, to: Literal["discard", "aside", "pile"]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Cards off the Action Deck; an empty deck is refilled from the discard pile first."""
    rulings: list[Ruling] = []
    if state.deck < n and state.discard:
        rulings.append(reshuffle_ruling(state, "as a temporary Action Deck"))
        state = replace(state, deck=state.deck + state.discard, discard=0)
    k = min(n, state.deck)
    state = replace(state, deck=state.deck - k)
    if to == "discard":
        return replace(state, discard=state.discard + k), rulings
    if to == "aside":
        return replace(state, aside=state.aside + k), rulings
    return replace(state, pile=state.pile + k), rulings


def flip(state: ThirdAndLongState, n: int = 1) -> tuple[ThirdAndLongState, list[Ruling]]:
    return take(state, n, "discard")


def draw(state: ThirdAndLongState, side: Side, n: int) -> ThirdAndLongState:
    if state.deck < n and state.discard:
        state = replace(state, deck=state.deck + state.discard, discard=0)
    k = min(n, state.deck)
    return replace(state, deck=state.deck - k, hands=add_count(state.hands, side, k))


def draw_pending(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    if not any(state.pending):
        return state, []
    first = state.offense or "home"
    due = state.pending
    for side in (first, other(first)):
        state = draw(state, side, count(due, side))
    state = replace(state, pending=(0, 0))
    return state, [
        Ruling(
            "draw",
            f"Draws: {state.home} {due[0]}, {state.away} {due[1]}; {state.deck} cards left in the "
            "Action Deck.",
            data={"home": due[0], "away": due[1], "deck": state.deck},
        )
    ]


def use_card(state: ThirdAndLongState, side: Side) -> ThirdAndLongState:
    """Use an Action card from a hand onto the pile."""
    if count(state.hands, side) <= 0:
        raise IllegalEntry(f"{state.name(side)} have no Action cards in hand to use")
    return replace(state, hands=add_count(state.hands, side, -1), pile=state.pile + 1)


def reshuffle_ruling(state: ThirdAndLongState, why: str) -> Ruling:
    return Ruling(
        "reshuffle",
        f"The Action Deck is short: the discard pile ({state.discard} cards) is shuffled {why}.",
    )


def deal_hands(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Draw Action Cards: both coaches draw seven, starting with the offence."""
    off = state.offense
    assert off is not None
    for side in (off, other(off)):
        state = draw(state, side, HAND_SIZE)
    return state, [
        Ruling(
            "deal",
            f"{state.name(off)} then {state.name(other(off))} draw seven Action cards; "
            f"{state.deck} left in the Action Deck.",
        )
    ]


def heal(state: ThirdAndLongState, unit: str) -> tuple[tuple[Injury, ...], list[Ruling]]:
    """Injury: "The player will return after sitting out for the length of time listed on the
    Injury card": at the end of a play, drive or quarter, injuries counted in that unit count
    down one, and those that happened in it start counting; a star whose time is up returns."""
    injured: list[Injury] = []
    rulings: list[Ruling] = []
    for i in state.injured:
        if i.unit == unit:
            i = replace(i, length=i.length - 1) if i.counting else replace(i, counting=True)
        if i.length > 0:
            injured.append(i)
        else:
            rulings.append(
                Ruling(
                    "injury_return",
                    f"{possessive(state.name(i.side))} {i.position.upper()} returns from injury.",
                    team=i.side,
                )
            )
    return tuple(injured), rulings


def is_injured(state: ThirdAndLongState, side: Side, position: str) -> bool:
    return any(i.side == side and i.position == position for i in state.injured)


def who_plays(state: ThirdAndLongState, side: Side, position: str) -> str:
    if star_at(state, side, position) is None:
        return f"{state.name(side)} have no star there: 0"
    if is_injured(state, side, position):
        return "injured: 0"
    return f"{state.name(side)} star"


def injurable(state: ThirdAndLongState, side: Side) -> list[str]:
    play = state.play
    pending = [i.position for i in (play.injuries if play else ()) if i.side == side]
    out = []
    positions = OFFENCE_POSITIONS if side == state.offense else DEFENCE_POSITIONS
    for pos in positions:
        if star_at(state, side, pos) is None or pos in pending:
            continue
        if is_injured(state, side, pos):
            continue
        out.append(pos)
    return out
