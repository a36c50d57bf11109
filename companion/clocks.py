"""Each game's own clock as a list of facts, read from its status alone (issue #27).

The clocks that decide these games are not a game clock: Red Zone's Time Decks and Draw Decks,
1st & Goal's two card decks, Third and Long's Action Deck and key moments, Masters of the
Gridiron's scoring plays and hands, Rush Zone's rounds. Each is read here from what
``zebra status --json`` already holds (``clock`` and a few keys beside it); no rule of any game
is computed here, and a fact the status does not hold is left out:

* Red Zone: the status holds each coach's Time Deck cards left and the game's deck size, but
  of the Draw Deck only the cards flipped from it (its size has no limit, red-zone.txt
  "Setting up to Play"), so the Draw Deck is shown as cards flipped, never as cards left.
* 1st & Goal: the offence and defence decks are the game's, not a team's (``team`` None).
* Third and Long: whether the next play can start and whether time has expired are yes/no
  facts, not counts; the screen says them elsewhere (the prompt, the final whistle).
* Masters of the Gridiron: scoring plays left is the nine slots less those filled, both in
  the status; the cards in each hand are in its ``hands``.
* Rush Zone: the round of the quarter and the turn; the two-minute warning is a yes/no.

Per-team time-outs (Red Zone's clock repeats them) are shown with the time-outs, not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

SIDES: tuple[Literal["home"], Literal["away"]] = ("home", "away")


@dataclass(frozen=True)
class ClockItem:
    """One fact of a game's own clock: ``value`` (of ``of`` where it has a whole) in ``unit``;
    ``team`` is None when the fact is the game's, not one coach's."""

    label: str
    team: Literal["home", "away"] | None
    value: int
    of: int | None
    unit: str


def clock_items(status: dict[str, Any]) -> list[ClockItem]:
    """Every fact of the game's own clock the status holds, in the order a screen shows them."""
    clock = status.get("clock") or {}
    if not isinstance(clock, dict):
        return []
    if "round" in clock:
        return rush_zone_clock(clock)
    if all(isinstance(clock.get(s), dict) and "time_deck" in clock[s] for s in SIDES):
        return red_zone_clock(clock)
    if "offence_deck" in clock and "defence_deck" in clock:
        return first_and_goal_clock(clock)
    if isinstance(clock.get("hands"), dict) and "deck" in clock:
        return third_and_long_clock(status, clock)
    if isinstance(clock.get("slots_filled"), dict) and isinstance(clock.get("slots_per_side"), int):
        return masters_clock(status, clock)
    return []


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _shared(label: str, value: Any, unit: str, of: Any = None) -> list[ClockItem]:
    v = _int(value)
    return [] if v is None else [ClockItem(label, None, v, _int(of), unit)]


def _each(label: str, values: Any, unit: str, of: Any = None) -> list[ClockItem]:
    if not isinstance(values, dict):
        return []
    found = [(s, _int(values.get(s))) for s in SIDES]
    return [ClockItem(label, s, v, _int(of), unit) for s, v in found if v is not None]


def red_zone_clock(clock: dict[str, Any]) -> list[ClockItem]:
    """Red Zone: each coach's Time Deck of the deck size, Draw Deck flips, hand (red-zone.txt,
    "Setting up to Play", "Time")."""

    def per_side(key: str) -> dict[str, Any]:
        return {s: clock[s].get(key) for s in SIDES}

    return [
        *_each("Time Deck", per_side("time_deck"), "cards left", clock.get("deck")),
        *_each("Draw Deck", per_side("draw_deck_flips"), "cards flipped"),
        *_each("Hand", per_side("hand"), "cards"),
    ]


def first_and_goal_clock(clock: dict[str, Any]) -> list[ClockItem]:
    """1st & Goal: the card clock, the offence and defence decks, hands and discards, and the
    cards burned this half (first-and-goal.en.md, "13. Clock")."""
    return [
        *_shared("Offence deck", clock.get("offence_deck"), "cards left"),
        *_shared("Defence deck", clock.get("defence_deck"), "cards left"),
        *_shared("Offence hand", clock.get("offence_hand"), "cards"),
        *_shared("Defence hand", clock.get("defence_hand"), "cards"),
        *_shared("Offence discard", clock.get("offence_discard"), "cards"),
        *_shared("Defence discard", clock.get("defence_discard"), "cards"),
        *_shared("Burned this half", clock.get("burned_this_half"), "cards"),
    ]


def third_and_long_clock(status: dict[str, Any], clock: dict[str, Any]) -> list[ClockItem]:
    """Third and Long: the Action Deck and where its cards are, and the drive's key moments
    left (third-and-long.txt, "Game Clock", "Key Moments")."""
    return [
        *_shared("Action Deck", clock.get("deck"), "cards left"),
        *_shared("Key moments", status.get("key_moments_left"), "left", status.get("key_moments")),
        *_each("Hand", clock.get("hands"), "cards"),
        *_each("Draws due", clock.get("draws_due"), "cards"),
        *_shared("Cards for the next play", clock.get("cards_needed_for_next_play"), "cards"),
        *_shared("Placeholders", clock.get("placeholders"), "cards"),
        *_shared("Pile", clock.get("pile"), "cards"),
        *_shared("Discard", clock.get("discard"), "cards"),
    ]


def masters_clock(status: dict[str, Any], clock: dict[str, Any]) -> list[ClockItem]:
    """Masters of the Gridiron: each side's scoring plays left of its slots, the overtime
    attempts, and the cards in each hand (masters-of-the-gridiron.txt, "Order of Play")."""
    per_side = clock["slots_per_side"]
    filled = clock["slots_filled"]
    left = {s: per_side - v for s in SIDES if (v := _int(filled.get(s))) is not None}
    hands = status.get("hands") if isinstance(status.get("hands"), dict) else {}
    assert isinstance(hands, dict)

    def in_hand(key: str) -> dict[str, Any]:
        return {s: hands[s].get(key) for s in SIDES if isinstance(hands.get(s), dict)}

    return [
        *_each("Scoring plays", left, "left", per_side),
        *_shared("Overtime attempts", clock.get("overtime_attempts"), "made"),
        *_each("Offense cards", in_hand("offense"), "in hand"),
        *_each("Defense cards", in_hand("defense"), "in hand"),
        *_each("Playbook cards", in_hand("playbook"), "in hand"),
    ]


def rush_zone_clock(clock: dict[str, Any]) -> list[ClockItem]:
    """NFL Rush Zone: the round of the quarter and the turn (nfl-rush-zone.txt, "Scoring",
    the end of a quarter)."""
    return [
        *_shared("Round", clock.get("round"), "of the quarter", clock.get("rounds_per_quarter")),
        *_shared("Turn", clock.get("turn"), ""),
    ]


def item_text(item: ClockItem) -> str:
    """ "20 of 40 cards left", "3 cards": the value as a screen says it, without its team."""
    whole = f" of {item.of}" if item.of is not None else ""
    unit = item.unit
    if item.value == 1 and item.of is None and unit.startswith("cards"):
        unit = "card" + unit[len("cards") :]
    return f"{item.value}{whole} {unit}".rstrip()
