"""Red Zone keeps the ruleset contract (tests/contract.py), with its rulebook's thresholds
(rules/red-zone.txt; the same boundaries as tests/domain/test_redzone_thresholds.py)."""

from __future__ import annotations

from typing import Any

from tests.contract import RulesetContract, Threshold, situation_key
from tests.domain.test_redzone import at_scrimmage, kicked

SNAPPED = ("call dive lrb", "defend 4-3", "flip green yellow")


def snapped_at(ball_on: int, down: int = 1, distance: int = 10) -> Any:
    """Ron's dive against the 4-3 at ``ball_on``, the cards flipped: the chart's result is due."""
    g = at_scrimmage(kicked(), "home", ball_on, down=down, distance=distance)
    g.enter(*SNAPPED)
    return g.state


def home_score(seen: Any) -> int:
    return int(seen.situation["score"]["home"])


class TestRedZoneContract(RulesetContract):
    ruleset = "redzone"
    thresholds = (
        Threshold(
            "Downs: a gain that reaches the line to gain is a first down; a yard short is not",
            below="result 3",
            at="result 4",
            see=situation_key("down"),
            expect=(4, 1),
            start=lambda: snapped_at(50, down=3, distance=4),
        ),
        Threshold(
            "Touchdown: the gain that reaches the goal line scores; a yard short does not",
            below="result 4",
            at="result 5",
            see=home_score,
            expect=(0, 6),
            start=lambda: snapped_at(5, distance=5),
        ),
    )
