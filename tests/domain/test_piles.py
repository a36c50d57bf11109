"""A pile (domain.piles) is the tuple of its cards: equal to it, stored as it, and never changed
by a card put on another pile made from it (issue #29)."""

from __future__ import annotations

import json

from domain import rulesets, snapshots
from domain.piles import Pile, column, put_on
from domain.rulesets.redzone.state import Coach

CARDS = [("wr", "Rice", True), ("qb", "Elway", False), ("rb", "Sanders", True)]


def test_a_pile_is_the_tuple_of_its_cards() -> None:
    pile = Pile(CARDS[:1]).plus(CARDS[1]).plus(CARDS[2])
    assert pile == tuple(CARDS) and tuple(CARDS) == pile
    assert pile != tuple(CARDS[:2]) and pile != (*CARDS, CARDS[0])
    assert hash(pile) == hash(tuple(CARDS)) and repr(pile) == repr(tuple(CARDS))
    assert len(pile) == 3 and list(pile) == CARDS and pile[-1] == CARDS[2]
    assert pile[1:] == tuple(CARDS[1:]) and CARDS[1] in pile
    assert column(pile, 1) == ["Rice", "Elway", "Sanders"] == column(tuple(CARDS), 1)


def test_a_card_put_on_a_pile_changes_no_other_pile() -> None:
    one = Pile(CARDS[:1])
    two = one.plus(CARDS[1])
    # Two piles made from the same one (a correction folds again from an earlier step).
    other = one.plus(CARDS[2])
    assert one == tuple(CARDS[:1]) and two == tuple(CARDS[:2])
    assert other == (CARDS[0], CARDS[2])
    assert two.shares_with(one) and not other.shares_with(one)
    assert column(two, 1) == ["Rice", "Elway"] and column(other, 1) == ["Rice", "Sanders"]
    assert column(one, 1) == ["Rice"]
    assert put_on((), CARDS[0]) == tuple(CARDS[:1])


def test_a_coach_with_a_pile_is_stored_as_with_a_tuple_and_read_back_equal() -> None:
    rules = rulesets.get("redzone")
    state = rules.initial("Bears", "Packers", {})
    piled = Pile(CARDS[:1]).plus(CARDS[1])
    with_pile = type(state)(**{**vars(state), "coaches": (Coach(discard=piled), Coach())})
    with_tuple = type(state)(
        **{**vars(state), "coaches": (Coach(discard=tuple(CARDS[:2])), Coach())}
    )
    stored = snapshots.encode(rules, with_pile)
    assert json.dumps(stored) == json.dumps(snapshots.encode(rules, with_tuple))
    back = snapshots.decode(rules, json.loads(json.dumps(stored)))
    assert back == with_pile == with_tuple and back.coaches[0].discard == tuple(CARDS[:2])
