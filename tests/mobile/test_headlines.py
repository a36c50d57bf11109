"""The tablet's headline comes from the ruling vocabulary's moments, never from a kind's words.

Issue #27: a substring test on kind names showed a red TURNOVER! for "no_turnover",
"potential_turnover", "turnover_check" and "turnover_dice". Every kind in domain/kinds.py is
checked here: its banner is what the kind means. docs/rulings.md ("Headlines") has the reading.
"""

from __future__ import annotations

import pytest

from domain.kinds import KINDS, TURNOVER_ENDS, kind
from domain.ruleset import Ruling
from mobile import model

NAMES = {"home": "Packers", "away": "Cowboys"}

# What hands the ball to the other team (a drive end of TURNOVER_ENDS), named here by hand so the
# vocabulary cannot quietly drop or add one.
TURNOVER_KINDS = {
    "interception",
    "fumble_lost",
    "turnover",
    "special_play_turnover",
    "turnover_on_downs",
    "fake_failed",
}
TOUCHDOWN_KINDS = {"touchdown", "defensive_touchdown"}
PERIOD_KINDS = {
    "quarter_end": "END OF QUARTER",
    "halftime": "END OF HALF",
    "overtime": "END OF HALF",
}
# Kinds whose names carry a word the old banner matched, but which are not that moment.
NOT_TURNOVERS = {
    "no_turnover",
    "potential_turnover",
    "turnover_check",
    "turnover_dice",
    "turnover_return",
    "fumble",
    "loose_ball",
    "recovered",
    "onside",
    "onside_recovered",
    "onside_failed",
    "onside_lost",
    "return_touchdown",
    "breakaway_touchdown",
}


def expected(name: str) -> tuple[str, str]:
    """The headline and banner kind a ruling of kind ``name`` (for home, with points if it
    scores) must show."""
    if name in TOUCHDOWN_KINDS:
        return "TOUCHDOWN PACKERS!", "score"
    if name == "final":
        return "FINAL", "final"
    if name in TURNOVER_KINDS:
        return "TURNOVER!", "turnover"
    if KINDS[name].scoring:
        return "3 POINTS PACKERS", "score"
    if name in PERIOD_KINDS:
        return PERIOD_KINDS[name], "plain"
    return "", "plain"


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_headlines_what_it_means(name: str) -> None:
    points = 3 if KINDS[name].scoring else 0
    ruling = Ruling(name, f"A ruling of kind {name}.", team="home", points=points)
    headline, text, colour = model.banner([ruling], NAMES)
    assert (headline, colour) == expected(name)
    assert text == f"A ruling of kind {name}."


def test_the_turnover_moments_are_the_drive_ends_that_turn_the_ball_over() -> None:
    assert {n for n, k in KINDS.items() if k.moment == "turnover"} == TURNOVER_KINDS
    assert {n for n, k in KINDS.items() if k.drive_end in TURNOVER_ENDS} == TURNOVER_KINDS
    assert {n for n, k in KINDS.items() if k.moment == "touchdown"} == TOUCHDOWN_KINDS
    assert {n for n, k in KINDS.items() if k.score == "touchdown"} == TOUCHDOWN_KINDS
    ends = {n for n, k in KINDS.items() if k.period_end is not None}
    assert {n for n, k in KINDS.items() if k.moment in ("period_end", "final")} == ends
    assert {n for n, k in KINDS.items() if k.moment == "final"} == {"final"}


@pytest.mark.parametrize("name", sorted(NOT_TURNOVERS))
def test_a_turnover_word_in_a_kind_name_is_no_turnover(name: str) -> None:
    headline, _, colour = model.banner([Ruling(name, "Referee die.")], NAMES)
    assert headline != "TURNOVER!" and colour != "turnover"
    assert kind(name).moment != "turnover"


def test_a_turnover_returned_for_a_touchdown_headlines_the_touchdown_of_the_scorer() -> None:
    rulings = [
        Ruling("interception", "Intercepted.", team="away"),
        Ruling("return_touchdown", "All the way!"),
        Ruling("touchdown", "Touchdown Cowboys!", team="away", points=6),
    ]
    assert model.banner(rulings, NAMES)[:1] == ("TOUCHDOWN COWBOYS!",)
    assert model.banner(rulings[:2], NAMES)[0] == "TURNOVER!"


def test_points_headline_counts_one_point_apart_from_more() -> None:
    one = Ruling("two_point", "Two-point try: +1.", team="away", points=1)
    two = Ruling("safety", "Safety.", team="home", points=2)
    assert model.banner([one], NAMES)[0] == "1 POINT COWBOYS"
    assert model.banner([two], NAMES)[0] == "2 POINTS PACKERS"
    # No points, no points headline: a failed try is plain.
    assert model.banner([Ruling("two_point_failed", "No good.", team="home")], NAMES)[0] == ""


def test_the_final_whistle_outranks_a_period_end_and_a_turnover() -> None:
    rulings = [
        Ruling("turnover_on_downs", "Turnover on downs."),
        Ruling("quarter_end", "End of the 4th quarter."),
        Ruling("final", "Final."),
    ]
    assert model.banner(rulings, NAMES)[2] == "final"
    assert model.banner(rulings[:2], NAMES)[0] == "TURNOVER!"
    assert model.banner(rulings[1:2], NAMES)[0] == "END OF QUARTER"
