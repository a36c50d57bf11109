"""Roster and deck files for the card games, checked before a game starts (CLI and tablet).

The game's own check lists every broken rule; where the game reads a roster as set-up entries
(Third and Long's stars), those entries are returned to be recorded first, so the game still
replays from its entries alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from companion.scripts import read_text
from domain import rulesets
from domain.ruleset import IllegalEntry

# A roster nests a table or two; TOML's reader recurses once per level of brackets, and keeps a
# copy of every dotted key's prefix (memory growing with the square of its length), so deeper
# files are refused before it reads them.
MAX_DEPTH = 32
MAX_DOTS = 32


def has_rosters(ruleset: str) -> bool:
    """Whether the game checks roster or deck files."""
    try:
        rulesets.roster_checker(ruleset)
    except IllegalEntry:
        return False
    return True


def too_deep(text: str) -> str | None:
    """Why a roster file nests too deeply for TOML's reader to be given it, or None.

    Counts brackets, and the dots of one key, outside strings and comments: a roster needs a
    handful of each.
    """
    depth = deepest = dots = most_dots = 0
    for ch in _outside_strings(text):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(depth - 1, 0)
        if ch == ".":
            dots += 1
            most_dots = max(most_dots, dots)
        elif ch in "\n=,{":
            # A key ends at its "="; a number's point (2.5) after it starts no key.
            dots = 0
    if deepest > MAX_DEPTH:
        return f"it nests {deepest} levels of brackets; a roster needs at most {MAX_DEPTH}"
    if most_dots > MAX_DOTS:
        return f"a key has {most_dots} dots; a roster's keys need at most {MAX_DOTS}"
    return None


def _outside_strings(text: str) -> Iterator[str]:
    """The characters of a TOML text outside its strings and comments (a comment's newline
    is kept: it ends a key)."""
    quote = ""
    i, end = 0, len(text)
    while i < end:
        ch = text[i]
        if quote:
            if quote in ('"', '"""') and ch == "\\":
                i += 2
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
            if len(quote) == 1 and ch == "\n":
                quote = ""
            i += 1
            continue
        if ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote)
            continue
        if ch == "#":
            newline = text.find("\n", i)
            i = end if newline < 0 else newline
            continue
        yield ch
        i += 1


def problems(ruleset: str, text: str, where: str) -> list[str]:
    """Every rule a roster text breaks; a file too deep to be read is refused in one line."""
    check = rulesets.roster_checker(ruleset)
    why = too_deep(text)
    if why is not None:
        raise IllegalEntry(f"{where} is not a roster: {why}")
    try:
        return check(text)
    except RecursionError:
        raise IllegalEntry(f"{where} is not a roster: it nests too deeply to be read") from None


def checked(ruleset: str, files: Mapping[str, Path | str | None]) -> tuple[list[str], list[str]]:
    """The set-up entries the roster files give, and every rule they break (all listed)."""
    given = {
        side: Path(path).expanduser() for side, path in files.items() if path and str(path).strip()
    }
    if not given:
        return [], []
    rulesets.roster_checker(ruleset)  # a game without rosters is refused before any file is read
    setup = rulesets.roster_setup(ruleset)
    entries: list[str] = []
    broken: list[str] = []
    for side, path in given.items():
        try:
            text = read_text(path)
            found = problems(ruleset, text, str(path))
        except IllegalEntry as exc:
            broken.append(f"{side} roster: {exc}")
            continue
        broken += [f"{side} roster {path}: {problem}" for problem in found]
        if not found and setup is not None:
            entries += setup(text, side)
    return entries, broken
