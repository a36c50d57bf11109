"""A game's place in a league's calendar: its season and week (docs/rulings.md, "Seasons").

None of the five rulebooks has a season; this is the league's bookkeeping, in nflverse's terms
(``season`` is the year a season starts, ``week`` 1 to 22: 18 regular weeks and 4 of playoffs).
A game that was never given a season belongs to the season of the year it started, so that a
store of games played before seasons existed still splits into seasons without a correction.
"""

from __future__ import annotations

from domain.ruleset import IllegalEntry

FIRST_SEASON = 1920
"""The earliest season: the year the NFL (then the APFA) played its first."""
LAST_SEASON = 2999
"""The latest season Zebra takes: a four-digit year, so a typo of a week is not a season."""
FIRST_WEEK = 1
LAST_WEEK = 22
"""nflverse numbers weeks 1 to 22: 18 regular-season weeks, then 4 playoff weeks."""


def checked_season(value: object) -> int:
    """A season as typed: a year from FIRST_SEASON to LAST_SEASON."""
    number = _whole(value, "the season")
    if not FIRST_SEASON <= number <= LAST_SEASON:
        raise IllegalEntry(
            f"the season {number} is not a year from {FIRST_SEASON} to {LAST_SEASON}; "
            "give the year the season starts, e.g. --season 2026"
        )
    return number


def checked_week(value: object) -> int:
    """A week as typed: FIRST_WEEK to LAST_WEEK, as nflverse numbers them."""
    number = _whole(value, "the week")
    if not FIRST_WEEK <= number <= LAST_WEEK:
        raise IllegalEntry(
            f"the week {number} is not from {FIRST_WEEK} to {LAST_WEEK}; weeks are numbered "
            f"as nflverse does (1-18 regular season, 19-22 playoffs), e.g. --week 3"
        )
    return number


def season_of(season: int | None, started_at: str) -> int | None:
    """The game's season: the one it was given, else the year it started (None: no date)."""
    if season is not None:
        return season
    year = started_at[:4]
    return int(year) if len(year) == 4 and year.isdigit() else None


def describe(season: int | None, week: int | None) -> str:
    """A schedule in words, for the record and the history."""
    if season is None:
        return "no season"
    return f"season {season}" + ("" if week is None else f" week {week}")


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise IllegalEntry(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not text.lstrip("-").isdigit() or len(text) > 6:
        raise IllegalEntry(f"{what} must be a whole number, not {text!r}")
    return int(text)
