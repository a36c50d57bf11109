"""Invariants every ruleset keeps, checked on random legal games (hypothesis).

Games are played only through what the ruleset itself says is legal next (``expected().forms``
and their slot ranges), exactly as the tablet composes entries from taps.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import rulesets
from domain.ruleset import SITUATION_KEYS, EntryForm, IllegalEntry, Ruleset

MAX_ENTRIES = 3000


def draw_entry(rnd: random.Random, form: EntryForm) -> str:
    values: list[str | int] = []
    for slot in form.slots:
        if slot.kind == "word":
            values.append(rnd.choice(slot.words))
        else:
            values.append(rnd.randint(slot.low, slot.high))
    return form.compose(values)


def play_random_game(rules: Ruleset[Any], seed: int) -> dict[str, Any]:
    """Plays to the final whistle, checking the invariants after every entry.

    Hypothesis draws the seed; a whole game's choices come from it, which keeps long games
    within hypothesis's data limits while failures still replay exactly.
    """
    rnd = random.Random(seed)
    state = rules.initial("Bears", "Packers", {})
    seen = rules.situation(state)
    from_rulings = {"home": 0, "away": 0}
    refused = 0
    for _ in range(MAX_ENTRIES):
        if seen["finished"]:
            assert not rules.expected(state).forms, "entries offered after the final whistle"
            with pytest.raises(IllegalEntry):
                rules.apply(state, "1")
            return seen
        prompt = rules.expected(state)
        assert prompt.forms, f"no legal entry offered before the end: {prompt.text}"
        form = rnd.choice(prompt.forms)
        text = draw_entry(rnd, form)
        try:
            state, rulings = rules.apply(state, text)
        except IllegalEntry:
            # A composed entry may be refused only for a reason its slots cannot express.
            refused += 1
            assert refused < 50, f"too many legal-looking entries refused, last: {text!r}"
            continue
        now = rules.situation(state)
        assert set(SITUATION_KEYS) <= set(now)
        for r in rulings:
            if r.points:
                assert r.team in ("home", "away")
                from_rulings[r.team] += r.points
        for side in ("home", "away"):
            # Scores only grow, except by a rule that takes points away (a ruling with negative
            # points, such as Masters of the Gridiron's failed two-point conversion).
            if now["score"][side] < seen["score"][side]:
                assert any(r.team == side and r.points < 0 for r in rulings), "a score went down"
        assert now["score"] == from_rulings, "score is not the sum of the scoring rulings"
        if now["ball_on"] is not None:
            assert 0 <= now["ball_on"] <= 100, f"ball off the field: {now['ball_on']}"
        seen = now
    raise AssertionError(f"game did not finish within {MAX_ENTRIES} entries")


@pytest.mark.parametrize("name", rulesets.names())
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_end_with_consistent_scores(name: str, seed: int) -> None:
    final = play_random_game(rulesets.get(name), seed)
    assert final["finished"] is True
    score = final["score"]
    if final["winner"] is not None:
        loser = "away" if final["winner"] == "home" else "home"
        assert score[final["winner"]] > score[loser]


@pytest.mark.parametrize("name", rulesets.names())
def test_a_new_game_offers_a_first_entry(name: str) -> None:
    rules = rulesets.get(name)
    state = rules.initial("Bears", "Packers", {})
    assert rules.expected(state).forms, "a new game must offer a first entry"
