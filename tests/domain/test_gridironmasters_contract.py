"""Masters of the Gridiron keeps the ruleset contract (tests/contract.py), with its rulebook's
thresholds (rules/masters-of-the-gridiron.txt; as in test_gridironmasters_thresholds.py)."""

from __future__ import annotations

from tests.contract import RulesetContract, Threshold, kinds_of

CALLED = ("offense wr receiving 70", "play td receiving coverage")


class TestGridironMastersContract(RulesetContract):
    ruleset = "gridironmasters"
    thresholds = (
        Threshold(
            "Order of Play: the offence scores only when its rating is higher; equal stops it",
            below="defense cb coverage 69",
            at="defense cb coverage 70",
            see=kinds_of,
            expect=(["touchdown"], ["stopped"]),
            start=CALLED,
            then=("done",),
        ),
        Threshold(
            'Defensive Scoring: "stopping the offense by 10 or more points" (60 against 70)',
            below="audible score 11 td",
            at="audible score 10 td",
            see=kinds_of,
            expect=(["stopped"], ["stopped", "defensive_touchdown"]),
            start=(
                "offense wr receiving 60",
                "play td receiving coverage",
                "defense cb coverage 70",
            ),
            then=("done",),
        ),
    )
