"""``Kind.moment`` (domain/kinds.py): what a scorebug announces after a play, for every kind.

The expected kinds are named here by hand, so that a kind given a drive end, a score or a period
end without thought shows up as a difference; the kinds that only *look* for a turnover (the
referee die's "no turnover", 1st & Goal's T on the play die, Third and Long's Turnover Check)
are no turnover (first-and-goal.en.md, "Turnovers"; third-and-long.txt, "Turnover Check").
"""

from __future__ import annotations

import pytest

from domain.kinds import END_REASONS, KINDS, TURNOVER_ENDS, kind

TOUCHDOWNS = {"touchdown", "defensive_touchdown"}
TURNOVERS = {
    "interception",
    "fumble_lost",
    "turnover",
    "special_play_turnover",
    "turnover_on_downs",
    "fake_failed",
}
PERIOD_ENDS = {"quarter_end", "halftime", "overtime"}
FINALS = {"final"}
NOT_TURNOVERS = (
    "no_turnover",
    "potential_turnover",
    "turnover_check",
    "turnover_dice",
    "turnover_return",
    "fumble",
    "punt_blocked",
    "field_goal_missed",
    "onside_lost",
    "safety",
)


def test_every_kind_has_the_moment_it_means() -> None:
    expected = {
        **{n: "touchdown" for n in TOUCHDOWNS},
        **{n: "turnover" for n in TURNOVERS},
        **{n: "period_end" for n in PERIOD_ENDS},
        **{n: "final" for n in FINALS},
    }
    got = {name: k.moment for name, k in KINDS.items() if k.moment is not None}
    assert got == expected


@pytest.mark.parametrize("name", sorted(KINDS))
def test_a_drive_ended_by_the_defence_taking_the_ball_is_a_turnover(name: str) -> None:
    k = KINDS[name]
    assert (k.moment == "turnover") == (k.drive_end in TURNOVER_ENDS)


@pytest.mark.parametrize("name", NOT_TURNOVERS)
def test_kinds_that_look_for_a_turnover_or_change_hands_by_a_kick_are_not_one(name: str) -> None:
    assert kind(name).moment is None


def test_turnover_ends_are_drive_end_reasons() -> None:
    assert set(TURNOVER_ENDS) <= set(END_REASONS)
    # An opponent's touchdown after a turnover is a touchdown, not a turnover.
    assert kind("defensive_touchdown").moment == "touchdown"


def test_a_try_a_field_goal_and_a_safety_are_no_moment() -> None:
    for name in ("extra_point", "two_point", "field_goal", "safety", "time_up", "timeout"):
        assert kind(name).moment is None, name
