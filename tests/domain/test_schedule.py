"""A game's season and week (domain.schedule; docs/rulings.md, "Seasons"): none of the five
rulebooks has a season, so these are the league's bookkeeping, checked and corrected as the
record's other facts are."""

from __future__ import annotations

import pytest

from domain import schedule
from domain.game import Game
from domain.ruleset import IllegalEntry
from projections import record

AT = "2031-09-07T18:00:00+00:00"


def new_game(**calendar: int) -> Game:
    game = Game.start("rushzone", "Bears", "Packers", {}, "ann", AT)
    if calendar:
        game.schedule(calendar.get("season"), calendar.get("week"), "", "ann", AT, opening=True)
    game.enter("toss home", "ann", AT)
    return game


@pytest.mark.parametrize(
    ("value", "fits"),
    [(1919, False), (1920, True), (2026, True), (2999, True), (3000, False)],
)
def test_a_season_is_a_year_from_1920_to_2999(value: int, fits: bool) -> None:
    if fits:
        assert schedule.checked_season(value) == value
        assert schedule.checked_season(str(value)) == value
    else:
        with pytest.raises(IllegalEntry, match=f"the season {value} is not a year from 1920"):
            schedule.checked_season(value)


@pytest.mark.parametrize(("value", "fits"), [(0, False), (1, True), (22, True), (23, False)])
def test_a_week_is_numbered_1_to_22_as_nflverse_numbers_them(value: int, fits: bool) -> None:
    if fits:
        assert schedule.checked_week(value) == value
    else:
        with pytest.raises(IllegalEntry, match=f"the week {value} is not from 1 to 22"):
            schedule.checked_week(value)


@pytest.mark.parametrize("value", ["three", "2026.5", "", True, "1e3"])
def test_a_calendar_value_that_is_not_a_whole_number_is_refused(value: object) -> None:
    with pytest.raises(IllegalEntry, match="must be a whole number"):
        schedule.checked_week(value)


def test_a_game_never_given_a_season_is_in_the_season_of_the_year_it_started() -> None:
    assert schedule.season_of(None, "2025-08-30T12:00:00+00:00") == 2025
    assert schedule.season_of(2024, "2025-01-12T12:00:00+00:00") == 2024
    assert schedule.season_of(None, "") is None
    folded = record.project(new_game().collect_events())
    assert folded.calendar == (2031, None)


def test_the_opening_schedule_is_recorded_with_the_start_and_is_not_a_correction() -> None:
    game = new_game(season=2030, week=3)
    assert (game.season, game.week) == (2030, 3) and game.corrections == {}
    folded = record.project(game.collect_events())
    assert folded.calendar == (2030, 3)
    assert [(c.after, c.correction, c.reason) for c in folded.schedules] == [
        ("season 2030 week 3", None, "set at the start")
    ]


def test_a_change_of_week_is_a_correction_that_changes_no_ruling_and_reverts_whole() -> None:
    game = new_game(season=2030, week=3)
    situation = game.situation
    cid = game.schedule(None, 5, "moved for the bye", "bob", AT)
    assert cid == "c1" and (game.season, game.week) == (2030, 5)
    assert game.situation == situation
    game.revert("c1", "it was week 3 after all", "ann", AT)
    assert (game.season, game.week) == (2030, 3)
    # The revert is itself a correction and can be taken back: week 5 again.
    game.revert("c2", "no, week 5", "bob", AT)
    assert (game.season, game.week) == (2030, 5)
    folded = record.project(game.collect_events())
    assert folded.calendar == (2030, 5)
    assert [(c.correction, c.before) for c in folded.schedules] == [
        (None, "season 2031"),
        ("c1", "season 2030 week 3"),
        ("c2", "season 2030 week 5"),
        ("c3", "season 2030 week 3"),
    ]


def test_a_schedule_changed_again_is_reverted_latest_first() -> None:
    game = new_game(season=2030, week=3)
    game.schedule(None, 5, "", "bob", AT)
    game.schedule(2031, None, "", "bob", AT)
    with pytest.raises(IllegalEntry, match="the schedule was changed again after c1 .by c2."):
        game.revert("c1", "", "ann", AT)
    assert (game.season, game.week) == (2031, 5)


def test_a_refused_schedule_records_nothing() -> None:
    game = new_game(season=2030, week=3)
    game.collect_events()
    for season, week, why in (
        (2030, 3, "already"),
        (None, None, "give --season YEAR, --week N or both"),
        (None, 23, "the week 23 is not from 1 to 22"),
        (1900, None, "the season 1900 is not a year"),
    ):
        with pytest.raises(IllegalEntry, match=why):
            game.schedule(season, week, "", "bob", AT)
        assert game.collect_events() == []
    assert (game.season, game.week) == (2030, 3) and game.corrections == {}


def test_a_schedule_from_a_screen_that_is_behind_is_refused() -> None:
    game = new_game()
    seen = game.version
    game.enter("receive", "ann", AT)
    with pytest.raises(IllegalEntry, match="the game moved on"):
        game.schedule(2030, 1, "", "bob", AT, expect=seen)
    assert game.season is None


def test_a_schedule_is_recorded_at_once_when_coaches_agree_and_its_revert_waits() -> None:
    game = Game.start("rushzone", "Bears", "Packers", {"disputes": "agree"}, "ann", AT)
    assert game.schedule(2030, 4, "", "ann", AT) == "c1"
    assert (game.season, game.week) == (2030, 4)
    game.revert("c1", "wrong week", "ann", AT)
    assert game.waiting == "revert correction c1 (proposed by ann)"
    assert (game.season, game.week) == (2030, 4)
    game.confirm("bob", AT)
    assert (game.season, game.week) == (None, None)
