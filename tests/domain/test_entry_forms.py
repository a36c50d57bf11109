"""The entry-form contract (domain/ruleset.py): optional parts, free text, labels, decimals, so
that a pad built from the forms alone can make every entry (issue #17)."""

from __future__ import annotations

import pytest

from domain import rulesets
from domain.ruleset import EntryForm, Extra, IllegalEntry, Slot

NAME = Extra("name", (Slot("name", "text"),), at=1)
RATING = Extra("rating 2", (Slot("rating 2", "word", words=("a", "b")), Slot("v", "number")))
CARD = EntryForm(
    "card",
    "a card",
    (Slot("number", "number", low=1, high=99), Slot("position", "word", words=("qb", "rb"))),
    extras=(NAME, RATING),
)


def test_optional_parts_go_where_the_language_reads_them() -> None:
    assert CARD.compose([12, "qb"]) == "card 12 qb"
    assert CARD.compose([12, "qb"], {0: ["Bart Starr"]}) == "card 12 Bart Starr qb"
    assert CARD.compose([12, "qb"], {1: ["a", 5], 0: ["Starr"]}) == "card 12 Starr qb a 5"
    assert CARD.syntax == "card <number> [<name>] <position> [<rating 2> <v>]"


def test_an_optional_part_needs_all_its_values() -> None:
    with pytest.raises(IllegalEntry, match="rating 2 needs 2 values, got 1"):
        CARD.compose([12, "qb"], {1: ["a"]})
    with pytest.raises(IllegalEntry, match="card needs 2 values, got 1"):
        CARD.compose([12])


def test_red_zone_offers_the_drafted_players_name() -> None:
    rules = rulesets.get("redzone")
    state = rules.initial("Chargers", "Cowboys", {})
    for line in ["toss away", "pick", "receive"]:
        state, _ = rules.apply(state, line)
    (draft,) = [f for f in rules.expected(state).forms if f.keyword == "draft"]
    assert [e.slots[0].kind for e in draft.extras] == ["text"]
    text = draft.compose(["qb"], {0: ["Stan Humphries"]})
    _, rulings = rules.apply(state, text)
    assert rulings[0].data["name"] == "Stan Humphries"


def test_masters_offers_a_cards_name_and_its_other_ratings() -> None:
    rules = rulesets.get("gridironmasters")
    state = rules.initial("Bears", "Packers", {})
    card = next(
        f for f in rules.expected(state).forms if f.keyword == "card" and "qb" in f.slots[2].words
    )
    assert [e.label for e in card.extras][:3] == ["name", "rating 2", "rating 3"]
    text = card.compose(["away", 12, "qb", "passing", 88], {0: ["rodgers"], 1: ["redzone", 85]})
    assert text == "card away 12 rodgers qb passing 88 redzone 85"
    state, _ = rules.apply(state, text)
    (held,) = state.roster("away")
    assert held.name == "rodgers" and dict(held.ratings) == {"passing": 88, "redzone": 85}


def test_masters_shows_a_roster_card_as_it_reads() -> None:
    rules = rulesets.get("gridironmasters")
    state = rules.initial("Bears", "Packers", {})
    for line in ["card away 12 rodgers qb passing 88 redzone 85", "discard 1"]:
        state, _ = rules.apply(state, line)
    (by_number,) = [
        f for f in rules.expected(state).forms if f.slots and f.slots[0].label == "Player # or name"
    ]
    assert by_number.slots[0].words == ("12",)
    assert by_number.slots[0].labels == ("#12 Rodgers QB (Passing 88, Red Zone 85)",)


def test_third_and_long_prints_salaries_in_tenths() -> None:
    rules = rulesets.get("thirdandlong")
    state = rules.initial("Rodeo", "Buffalo", {})
    (star,) = [f for f in rules.expected(state).forms if f.keyword == "star home"]
    assert star.slots[1].decimals == 1
