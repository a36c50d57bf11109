"""The games Zebra referees and the shapes of the service's answers, as the front ends see them.

The tablet (mobile/) talks only to companion/: it offers the games, their options and the
entry forms from here, and never reaches into domain/ itself. The CLI's ``zebra rulesets`` and
the tablet's new-game screen list the same games with the same options.
"""

from __future__ import annotations

from domain import rulesets, schedule
from domain.corrections import DISPUTES
from domain.kinds import Kind, kind
from domain.reasons import RESTORE_REASONS, REVERT_REASONS, correction_reasons, typed_reason
from domain.ruleset import (
    SITUATION_KEYS,
    EntryForm,
    Extra,
    GameOption,
    IllegalEntry,
    Prompt,
    Ruling,
    Slot,
)

__all__ = [
    "DISPUTES",
    "DISPUTES_OPTION",
    "SITUATION_KEYS",
    "EntryForm",
    "Extra",
    "GameOption",
    "IllegalEntry",
    "Kind",
    "Prompt",
    "RESTORE_REASONS",
    "REVERT_REASONS",
    "Ruling",
    "Slot",
    "calendar",
    "correction_reasons",
    "kind",
    "names",
    "options",
    "title",
    "typed_reason",
]

# The game-level option every game has (the record's, not a ruleset's).
DISPUTES_OPTION = GameOption(
    "disputes",
    "who settles a correction: the referee (Zebra) at once, or both coaches agree first",
    DISPUTES,
    DISPUTES[0],
)


def names() -> list[str]:
    """The games Zebra referees, by the name a game is started with."""
    return rulesets.names()


def title(name: str) -> str:
    """A game's full title ("NFL Rush Zone"); a name Zebra does not know is shown as it is."""
    try:
        return str(rulesets.get(name).title)
    except IllegalEntry:
        return name


def options(name: str) -> tuple[GameOption, ...]:
    """The options a game is started with: its ruleset's, then who settles a correction."""
    return (*rulesets.get(name).options, DISPUTES_OPTION)


def calendar(season: str, week: str) -> tuple[int | None, int | None]:
    """A season and week as typed in a form (blank: not given), checked as the CLI checks them;
    a bad one is refused with the line saying what is expected."""
    return (
        schedule.checked_season(season) if season.strip() else None,
        schedule.checked_week(week) if week.strip() else None,
    )
