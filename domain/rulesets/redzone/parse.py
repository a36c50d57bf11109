"""Reading the tokens of an entry: counts, numbers, words and team names."""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain.ruleset import (
    SIDES,
    IllegalEntry,
    Side,
)
from domain.rulesets.redzone.state import RedZoneState


def _none(rest: Sequence[str], keyword: str) -> None:
    if rest:
        raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(rest)!r}")


def _one(rest: Sequence[str], what: str) -> str:
    if len(rest) != 1:
        raise IllegalEntry(f"enter one value: {what}")
    return rest[0]


def _number(token: str, what: str, low: int = 0, high: int = 99) -> int:
    if not re.fullmatch(r"[+-]?\d{1,3}", token):
        raise IllegalEntry(f"{what} is a number from {low} to {high}; got {token!r}")
    value = int(token)
    if not low <= value <= high:
        raise IllegalEntry(f"{what} is a number from {low} to {high}; got {value}")
    return value


def _word(token: str, choices: Sequence[str], what: str) -> str:
    if token not in choices:
        raise IllegalEntry(f"{token!r} is not {what}; expected one of: {', '.join(choices)}")
    return token


def _side(token: str, state: RedZoneState, allowed: Sequence[Side] = SIDES) -> Side:
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    for s in SIDES:
        labels.setdefault(state.name(s).lower(), s)
    side = labels.get(token)
    if side is None or side not in allowed:
        raise IllegalEntry(
            f"{token!r} is not a team that may do this now; enter {' or '.join(allowed)}"
        )
    return side
