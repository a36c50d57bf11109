"""The toy of docs/adding-a-game.md, Coin-Flip Football (tests/coinflip.py), keeps the ruleset
contract like the five games: the proof that the checklist makes a sixth game in a day."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain import rulesets
from domain.ruleset import IllegalEntry
from tests.coinflip import RULESET
from tests.contract import REFUSED, RulesetContract, Threshold, situation_key

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
    assert back.ball_on == state.ball_on + 5
    with pytest.raises(IllegalEntry, match="a flag's yards is a whole number from -15 to 15"):
        RULESET.apply(state, "flag --5")
