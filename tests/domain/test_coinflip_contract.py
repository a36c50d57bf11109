"""The toy of docs/adding-a-game.md, Coin-Flip Football (the package tests/coinflip/), keeps
the ruleset contract like the five games: the proof that the checklist makes a sixth game in a
day."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from domain import rulesets
from domain.grammar import Match
from domain.ruleset import IllegalEntry
from tests.coinflip import RULES, RULESET
from tests.contract import REFUSED, RulesetContract, Threshold, situation_key
from tests.domain.test_invariants import draw_entry

RECEIVED = ("toss home",)
# Home at the opponents' 20 (75 - 3 * 15 - 10), 1st and 10, no play run yet.
AT_THE_20 = (*RECEIVED, "flag 15", "flag 15", "flag 15", "flag 10")


def home_score(seen: object) -> int:
    return int(seen.situation["score"]["home"])  # type: ignore[attr-defined]


class TestCoinFlipContract(RulesetContract):
    ruleset = "coinflip"
    thresholds = (
        Threshold(
            "Rule 2: the fourth tails in a row turns the ball over; heads keeps it",
            below="flip heads",
            at="flip tails",
            see=situation_key("possession"),
            expect=("home", "away"),
            start=(*RECEIVED, "flip tails", "flip tails", "flip tails"),
        ),
        Threshold(
            "Rule 4: heads from the 10 reaches the goal line; from the 11 it does not",
            below="flag 9",
            at="flag 10",
            see=home_score,
            expect=(0, 7),
            start=AT_THE_20,
            then=("flip heads",),
        ),
        Threshold(
            "Rule 3: a flag moves the ball 15 yards at most",
            below="flag 15",
            at="flag 16",
            see=situation_key("ball_on"),
            expect=(60, REFUSED),
            start=RECEIVED,
        ),
        Threshold(
            "Rule 5: the eighth play ends the quarter; a flag is no play",
            below="flag -1",
            at="flip tails",
            see=situation_key("quarter"),
            expect=(1, 2),
            start=(*RECEIVED, *["flip heads"] * 7),
        ),
    )

    @pytest.fixture(autouse=True)
    def known(self) -> Iterator[None]:
        """The toy lives in tests/, so it is known by its name only while its tests run."""
        with rulesets.registered(RULESET):
            yield


def test_the_toy_is_known_only_while_registered() -> None:
    assert "coinflip" not in rulesets.names()
    with rulesets.registered(RULESET):
        assert rulesets.get("coinflip") is RULESET
        with pytest.raises(ValueError, match="already known"), rulesets.registered(RULESET):
            pass
    with pytest.raises(IllegalEntry, match="unknown game 'coinflip'"):
        rulesets.get("coinflip")


def test_a_flag_takes_a_signed_number_and_refuses_two_signs() -> None:
    state = RULESET.initial("Bears", "Packers", {})
    state, _ = RULESET.apply(state, "toss home")
    back, _ = RULESET.apply(state, "flag -5")
    assert back.drive is not None and state.drive is not None
    assert back.drive.ball_on == state.drive.ball_on + 5
    with pytest.raises(IllegalEntry, match="a flag's yards is a whole number from -15 to 15"):
        RULESET.apply(state, "flag --5")


def test_the_toys_forms_are_its_grammar_and_its_handlers_are_given_matches() -> None:
    """Issue #28: every entry of random toy games is matched by a form offered now, and the
    handler is given that match (the form's typed value), never the words typed."""
    given: list[object] = []

    def spy(handler: Any) -> Any:
        def recording(state: Any, entry: Any) -> Any:
            given.append(entry)
            return handler(state, entry)

        return recording

    spied = replace(
        RULES,
        handlers={p: {k: spy(h) for k, h in t.items()} for p, t in RULES.handlers.items()},
    )
    entries = 0
    for seed in range(20):
        rnd = random.Random(f"coinflip:{seed}")
        state = RULESET.initial("Bears", "Packers", {})
        while RULESET.expected(state).forms:
            text = draw_entry(rnd, rnd.choice(RULESET.expected(state).forms))
            found = RULES.match(state, RULES.read(text))
            assert isinstance(found, Match), (text, found)
            assert found.form in RULESET.expected(state).forms
            given.clear()
            after = spied.step(state, text)
            assert given == [found] and after == RULESET.apply(state, text), text
            state = after[0]
            entries += 1
        assert state.phase == "final"
    assert entries > 20 * 4 * 8


def test_the_toy_needs_nothing_outside_its_package_but_the_public_kernel() -> None:
    """docs/adding-a-game.md's promise: a sixth game is its own package plus one registry line.
    The toy imports only public names of domain/ (no ``_name``), and nothing in the project's
    packages names it (its registry line is ``rulesets.registered`` in its tests)."""
    root = Path(__file__).resolve().parents[2]
    for module in sorted((root / "tests" / "coinflip").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.startswith(("domain", "tests.coinflip", "__future__")) or (
                    node.module in ("collections.abc", "dataclasses", "typing")
                ), f"{module.name} imports {node.module}"
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{module.name} imports private {private} from {node.module}"
    for package in ("domain", "companion", "projections", "mobile", "web"):
        for source in (root / package).rglob("*.py"):
            assert "coinflip" not in source.read_text(encoding="utf-8"), source
