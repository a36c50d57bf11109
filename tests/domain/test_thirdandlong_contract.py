"""Third and Long keeps the ruleset contract (tests/contract.py), with its rulebook's thresholds
(rules/third-and-long.txt; the same boundaries as tests/domain/test_thirdandlong_thresholds.py)."""

from __future__ import annotations

from typing import Any

from tests.contract import RulesetContract, Threshold
from tests.domain.test_thirdandlong import kicked_off

# Rodeo's QB arm (+3) against Buffalo, who have no S: the play total is the snap + 3.
CALL = "qb-arm s-speed"


def red_play_called() -> Any:
    """Rodeo on offence, a three-key-moment drive, a red play (target number 4) called."""
    g = kicked_off()
    g.enter("drive 3", f"play red {CALL}")
    return g.state


def outcome(seen: Any) -> str:
    """The whistle's ruling on the field."""
    return str(seen.rulings[0].data["outcome"])


class TestThirdAndLongContract(RulesetContract):
    ruleset = "thirdandlong"
    thresholds = (
        Threshold(
            'Target Number: "If the play total is greater than the target number, the offense '
            'wins ... equal ... a tie" (red: 4)',
            below="snap 1",
            at="snap 2",
            see=outcome,
            expect=("inconclusive", "offence"),
            start=red_play_called,
            then=("whistle",),
        ),
    )
