"""NFL Rush Zone keeps the ruleset contract (tests/contract.py), with its rulebook's thresholds
(rules/nfl-rush-zone.txt; the same boundaries as tests/domain/test_rushzone_thresholds.py)."""

from __future__ import annotations

from tests.contract import RulesetContract, Threshold, first_kind, situation_key

RECEIVED = ("toss home", "receive")
# Bears first and 10 at their own 50 (kickoff 6-1 = +5).
KICKED_OFF = (*RECEIVED, "green 6 1")
# 7 against 10: fourth down at the 50, where a field goal needs a 6.
FOURTH_AT_50 = (*KICKED_OFF, "white 1 2 4 2 3 5")


class TestRushZoneContract(RulesetContract):
    ruleset = "rushzone"
    thresholds = (
        Threshold(
            "Kickoff: a difference of -1 is a defensive stop at the 10, 0 a touchback at the 20",
            below="green 4 5",
            at="green 2 2",
            see=situation_key("ball_on"),
            expect=(90, 80),
            start=RECEIVED,
        ),
        Threshold(
            "Kickoff: +1 is a defensive stop, +2 and more a catch and run of that many spaces",
            below="green 3 2",
            at="green 4 2",
            see=situation_key("ball_on"),
            expect=(90, 80),
            start=RECEIVED,
        ),
        Threshold(
            "Getting to the end zone: the offence's roll greater or tied is a 1st down",
            below="white 1 2 4 1 2 4",
            at="white 1 2 4 1 2 5",
            see=situation_key("down"),
            expect=(1, 4),
            start=KICKED_OFF,
        ),
        Threshold(
            "Field goal: the green die must beat the position (from the 50 a 6)",
            below="green 5",
            at="green 6",
            see=first_kind,
            expect=("field_goal_missed", "field_goal"),
            start=(*FOURTH_AT_50, "fg"),
        ),
    )
