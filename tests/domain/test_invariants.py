"""Invariants every ruleset keeps, checked on random legal games (hypothesis).

Games are played only through what the ruleset itself says is legal next (``expected().forms``
and their slot ranges), exactly as the tablet composes entries from taps. Every such entry must
be accepted: a form that offers a value the rules then refuse is a bug (the tablet would show a
button that cannot be pressed), so a single refusal fails the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import rulesets
from domain.ruleset import SITUATION_KEYS, EntryForm, IllegalEntry, Prompt, Ruleset

MAX_ENTRIES = 3000
# How often a second composed entry is tried (and discarded) on the same state: every step
# doubles the cost of a game, one in four finds the same refusals for a quarter more time.
PROBE_RATE = 0.25


def draw_entry(rnd: random.Random, form: EntryForm) -> str:
    """An entry composed from ``form`` with any value each slot offers after the earlier ones."""
    values: list[str | int] = []
    for slot in form.slots:
        value: str | int = (
            rnd.choice(slot.words) if slot.kind == "word" else rnd.randint(slot.low, slot.high)
        )
        if not form.offers(values, value):
            # A combination the form refuses (a card # already in a roster): draw again among
            # what it does offer, as a coach taps only the buttons shown.
            value = rnd.choice(form.choices(values))
        values.append(value)
    return form.compose(values)


def summary(rules: Ruleset[Any], state: Any) -> str:
    """The situation in one line, for a failure message."""
    now = rules.situation(state)
    keys = ("quarter", "possession", "down", "distance", "ball_on", "score", "next")
    return ", ".join(f"{k}={now.get(k)!r}" for k in keys)


def accepted(rules: Ruleset[Any], state: Any, prompt: Prompt, text: str) -> tuple[Any, list[Any]]:
    """``apply(state, text)`` for an entry composed from ``prompt``; a refusal fails the test."""
    try:
        return rules.apply(state, text)
    except IllegalEntry as exc:
        pytest.fail(
            f"{rules.name} offered {text!r} and refused it: {exc}\n"
            f"  situation: {summary(rules, state)}\n"
            f"  prompt: {prompt.text}\n"
            f"  forms offered: {prompt.legal}",
            pytrace=False,
        )


def play_random_game(
    rules: Ruleset[Any], seed: int, options: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Plays to the final whistle, checking the invariants after every entry.

    Hypothesis draws the seed; a whole game's choices come from it, which keeps long games
    within hypothesis's data limits while failures still replay exactly. At a random quarter of
    the steps one more entry, composed from a form chosen at random, is tried on the same state
    and discarded, so forms the game does not follow are held to the same promise.
    """
    rnd = random.Random(seed)
    state = rules.initial("Bears", "Packers", dict(options or {}))
    seen = rules.situation(state)
    from_rulings = {"home": 0, "away": 0}
    for _ in range(MAX_ENTRIES):
        if seen["finished"]:
            assert not rules.expected(state).forms, "entries offered after the final whistle"
            with pytest.raises(IllegalEntry):
                rules.apply(state, "1")
            return seen
        prompt = rules.expected(state)
        assert prompt.forms, f"no legal entry offered before the end: {prompt.text}"
        if rnd.random() < PROBE_RATE:
            accepted(rules, state, prompt, draw_entry(rnd, rnd.choice(prompt.forms)))
        state, rulings = accepted(rules, state, prompt, draw_entry(rnd, rnd.choice(prompt.forms)))
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


def game_options(rules: Ruleset[Any]) -> st.SearchStrategy[dict[str, str]]:
    """Any combination of the options agreed at set-up."""
    return st.fixed_dictionaries({o.name: st.sampled_from(o.choices) for o in rules.options})


@pytest.mark.parametrize("name", rulesets.names())
# A whole game per example: its length is the dice's, not the code's (a Red Zone game took 0.4 to
# 5.6 s on a busy 2-core machine), so no deadline; the profile's max_examples bounds the time.
@settings(deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_legal_games_end_with_consistent_scores(
    name: str, seed: int, data: st.DataObject
) -> None:
    rules = rulesets.get(name)
    options = data.draw(game_options(rules), label="options")
    final = play_random_game(rules, seed, options)
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
