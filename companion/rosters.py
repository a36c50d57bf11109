"""Roster and deck files for the card games, checked before a game starts (CLI and tablet).

The game's own check lists every broken rule; where the game reads a roster as set-up entries
(Third and Long's stars), those entries are returned to be recorded first, so the game still
replays from its entries alone.
"""

from __future__ import annotations

from pathlib import Path

from companion.scripts import read_text
from domain import rulesets
from domain.ruleset import IllegalEntry


def has_rosters(ruleset: str) -> bool:
    """Whether the game checks roster or deck files."""
    try:
        rulesets.roster_checker(ruleset)
    except IllegalEntry:
        return False
    return True


def checked(ruleset: str, files: dict[str, Path | str | None]) -> tuple[list[str], list[str]]:
    """The set-up entries the roster files give, and every rule they break (all listed)."""
    given = {
        side: Path(path).expanduser() for side, path in files.items() if path and str(path).strip()
    }
    if not given:
        return [], []
    check = rulesets.roster_checker(ruleset)
    setup = rulesets.roster_setup(ruleset)
    entries: list[str] = []
    broken: list[str] = []
    for side, path in given.items():
        try:
            text = read_text(path)
        except IllegalEntry as exc:
            broken.append(f"{side} roster: {exc}")
            continue
        problems = check(text)
        broken += [f"{side} roster {path}: {problem}" for problem in problems]
        if not problems and setup is not None:
            entries += setup(text, side)
    return entries, broken
