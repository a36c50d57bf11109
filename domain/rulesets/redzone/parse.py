"""Reading an entry for the kernel's step: the words, Red Zone's aliases, and the values as typed
(a drafted player's or a Special Play card's name keeps its case and punctuation).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import kernel
from domain.entries import words
from domain.ruleset import SIDES, IllegalEntry, Side
from domain.rulesets.redzone.state import ALIASES, RedZoneState


class Entry(list[str]):
    """The words of an entry (lower case, aliases resolved after the keyword), carrying the
    values after the keyword as typed in ``typed``."""

    typed: list[str]

    def __init__(self, values: Sequence[str], typed: Sequence[str]) -> None:
        super().__init__(values)
        self.typed = list(typed)


def read_entry(text: str) -> list[str]:
    """The kernel's ``read``: ``domain.entries.words``, keeping the text as typed alongside."""
    return Entry(words(text), text.split()[1:])


def split_entry(state: RedZoneState, tokens: list[str]) -> tuple[str, list[str]]:
    """The kernel's ``split``: the keyword, then its values with Red Zone's aliases (g, inc...)."""
    typed = tokens.typed if isinstance(tokens, Entry) else tokens[1:]
    return tokens[0], Entry([ALIASES.get(t, t) for t in tokens[1:]], typed)


def as_typed(rest: Sequence[str]) -> list[str]:
    """The values after the keyword as typed, for names (case and punctuation kept)."""
    return rest.typed if isinstance(rest, Entry) else list(rest)


def _one(rest: Sequence[str], what: str) -> str:
    if len(rest) != 1:
        raise IllegalEntry(f"enter one value: {what}")
    return rest[0]


def _number(token: str, what: str, low: int = 0, high: int = 99) -> int:
    """A printed number: digits only; a sign only where the rules allow a loss (``low`` < 0)."""
    if low < 0:
        return kernel.signed_number(token, low, high, what)
    return kernel.number(token, low, high, what)


def _word(token: str, choices: Sequence[str], what: str) -> str:
    if token not in choices:
        raise IllegalEntry(f"{token!r} is not {what}; expected one of: {', '.join(choices)}")
    return token


def _side(token: str, state: RedZoneState, allowed: Sequence[Side] = SIDES) -> Side:
    return kernel.side_word(token, state, allowed)
