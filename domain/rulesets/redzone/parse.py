"""Reading an entry: the words as typed, and the readers' small pieces (one value, a printed
number, a word from a list, a team). The forms are the grammar (``domain.grammar``): each
form's reader (handlers.py) turns the values after its keyword into the typed value its rule
is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from domain import kernel
from domain.entries import words
from domain.ruleset import SIDES, IllegalEntry, Side
from domain.rulesets.redzone.state import ALIASES, RedZoneState

# domain.entries.words splits on these; the words as typed are split the same way.
_SEPARATORS = re.compile(r"[\s,;]+")

Reader = Callable[[RedZoneState, Sequence[str]], Any]


def read_entry(text: str) -> list[str]:
    """The kernel's ``read``: ``domain.entries.words`` (its refusals) for the keyword, in lower
    case, then the values as typed, split at spaces only, so a drafted player's or a Special
    Play card's name keeps its case and punctuation ("O'Neal, Leslie"); the readers take the
    other values through ``said``."""
    keyword = words(text)[0]
    typed = text.split()
    while not _SEPARATORS.sub("", typed[0]):
        typed.pop(0)
    # A keyword typed with a value after a comma ("toss,home") gives that value too.
    joined = [piece for piece in _SEPARATORS.split(typed[0]) if piece][1:]
    return [keyword, *joined, *typed[1:]]


def said(values: Sequence[str]) -> list[str]:
    """The values as the rules read them: words as ``domain.entries.words`` splits them (commas
    and semicolons separate too), in lower case, with Red Zone's aliases (g, inc, f...)."""
    low = [w for v in values for w in _SEPARATORS.split(v.lower()) if w]
    return [ALIASES.get(w, w) for w in low]


def nothing(keyword: str) -> Reader:
    """The reader of a form that takes nothing after its keyword (pick, kick, fair...)."""

    def read(state: RedZoneState, values: Sequence[str]) -> None:
        kernel.takes_nothing_more(keyword, said(values))

    return read


def one(rest: Sequence[str], what: str) -> str:
    """The one value a form takes."""
    if len(rest) != 1:
        raise IllegalEntry(f"enter one value: {what}")
    return rest[0]


def printed_number(token: str, what: str, low: int = 0, high: int = 99) -> int:
    """A printed number: digits only; a sign only where the rules allow a loss (``low`` < 0)."""
    if low < 0:
        return kernel.signed_number(token, low, high, what)
    return kernel.number(token, low, high, what)


def one_of(token: str, choices: Sequence[str], what: str) -> str:
    """A word that must be one of ``choices``."""
    if token not in choices:
        raise IllegalEntry(f"{token!r} is not {what}; expected one of: {', '.join(choices)}")
    return token


def team(token: str, state: RedZoneState, allowed: Sequence[Side] = SIDES) -> Side:
    """A team named by home, away or its name, if ``allowed`` to act now."""
    return kernel.side_word(token, state, allowed)
