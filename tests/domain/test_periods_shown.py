"""A screen labels a box score from the period the status shows, without the game's rules
(domain.periods.division_shown): the labels are the ones the game's own division gives, or it
says it cannot tell (an overtime period), and the screen asks the rules."""

from __future__ import annotations

import pytest

from domain import rulesets
from domain.periods import HALVES, QUARTERS, SLOTS, Division, division_shown


@pytest.mark.parametrize("division", [QUARTERS, HALVES, SLOTS, Division("quarter", 5)])
def test_a_regulation_period_labels_every_period_up_to_it_as_the_game_does(
    division: Division,
) -> None:
    for number in range(1, division.regulation + 1):
        shown = division.period(number).to_dict()
        for periods in range(1, number + 1):
            found = division_shown(shown, periods)
            assert found is not None and found.labels(periods) == division.labels(periods)
        # Periods past the one shown are not its to label.
        assert division_shown(shown, number + 1) is None


@pytest.mark.parametrize("division", [QUARTERS, HALVES, SLOTS])
def test_an_overtime_period_does_not_say_what_came_before(division: Division) -> None:
    for number in range(division.regulation + 1, division.regulation + 3):
        assert division_shown(division.period(number).to_dict(), 1) is None


def test_every_ruleset_s_division_is_read_back_from_its_periods() -> None:
    for name in rulesets.names():
        division = rulesets.get(name).division
        last = division.period(division.regulation).to_dict()
        found = division_shown(last, division.regulation)
        assert found is not None
        assert found.labels(division.regulation) == division.labels(division.regulation)


@pytest.mark.parametrize(
    "shown",
    [
        None,
        "Q1",
        {},
        {"number": 1},
        {"number": "1", "label": "Q1", "overtime": False},
        {"number": 2, "label": "Q9", "name": "2nd quarter", "overtime": False},
    ],
)
def test_a_period_that_is_not_one_a_division_makes_says_nothing(shown: object) -> None:
    assert division_shown(shown, 1) is None
