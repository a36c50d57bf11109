"""1st & Goal keeps the ruleset contract (tests/contract.py), with its rulebook's thresholds
(rules/first-and-goal.en.md; the boundaries of tests/domain/test_firstandgoal_thresholds.py)."""

from __future__ import annotations

from typing import Any

from tests.contract import RulesetContract, Threshold, situation_key
from tests.domain.test_firstandgoal import placed

# A slant against nickel: the yellow die and one black die decide the gain.
PASS = ("play slant nickel", "dice yellow black")


def passing_at(ball_on: int, down: int = 1, marker: int | None = None) -> Any:
    """Bears at ``ball_on``, the slant called: the roll is due."""
    g = placed(ball_on, down=down, marker=marker)
    g.enter(*PASS)
    return g.state


def home_score(seen: Any) -> int:
    return int(seen.situation["score"]["home"])


class TestFirstAndGoalContract(RulesetContract):
    ruleset = "firstandgoal"
    thresholds = (
        Threshold(
            "Downs (p. 5): reaching the 1st-down marker is a 1st down; a yard short is not",
            below="roll 9 0 hail",
            at="roll 10 0 hail",
            see=situation_key("down"),
            expect=(3, 1),
            start=lambda: passing_at(60, down=2, marker=50),
        ),
        Threshold(
            "Touchdown (p. 9): reaching the 0-yard line scores 6; a yard short does not",
            below="roll 4 0 hail",
            at="roll 5 0 hail",
            see=home_score,
            expect=(0, 6),
            start=lambda: passing_at(5, marker=0),
        ),
    )
