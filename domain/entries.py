"""Reading what a person types at the table: words, die faces and rolls labelled by side.

Shared by every ruleset so that "6 2 4", "6-2-4" and "home 6 2 4 / away 3 5 1" mean the same
thing in all five games.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from domain.ruleset import IllegalEntry, Side
from domain.words import a_or_an, possessive

MAX_ENTRY_LENGTH = 200
_SEPARATORS = re.compile(r"[\s,;]+")


def words(text: str) -> list[str]:
    """The entry split into lower-case words; refuses empty, overlong or control-character input."""
    if not isinstance(text, str):
        raise IllegalEntry("an entry is a line of text")
    if len(text) > MAX_ENTRY_LENGTH:
        raise IllegalEntry(
            f"entry is {len(text)} characters long; an entry is at most {MAX_ENTRY_LENGTH}"
        )
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in " \t":
            raise IllegalEntry(
                f"entry contains a control character (U+{ord(ch):04X}); type plain text"
            )
    split = [w for w in _SEPARATORS.split(text.strip().lower()) if w]
    if not split:
        raise IllegalEntry("empty entry; type one of the legal entries shown")
    return split


def die_face(token: str, sides: int = 6, what: str = "a die") -> int:
    """One die face: an integer from 1 to ``sides``."""
    if not token.isdigit() or not token.isascii():
        raise IllegalEntry(f"{what} shows a number from 1 to {sides}; got {token!r}")
    value = int(token)
    if not 1 <= value <= sides:
        raise IllegalEntry(f"{what} shows 1 to {sides}; got {value}")
    return value


# Faces written together: digits, or digits joined by single "-" or "+" ("6-2-4"). A sign in
# front ("-1", "+5") or a doubled one ("6--2") is no die face: refused, never read as one.
_FACES_TOKEN = re.compile(r"[0-9]+(?:[-+][0-9]+)*")


def faces(tokens: Sequence[str], sides: int = 6, what: str = "a die") -> list[int]:
    """Die faces from tokens, accepting "6 2 4", "6-2-4" and "624" alike."""
    out: list[int] = []
    for token in tokens:
        if not _FACES_TOKEN.fullmatch(token):
            raise IllegalEntry(f"{what} shows a number from 1 to {sides}; got {token!r}")
        for part in token.replace("-", " ").replace("+", " ").split():
            if part.isdigit() and part.isascii() and len(part) > 1 and sides < 10:
                out.extend(die_face(ch, sides, what) for ch in part)
            else:
                out.append(die_face(part, sides, what))
    return out


@dataclass(frozen=True)
class RollSpec:
    """Dice one side must roll now: how many, of which colour."""

    side: Side
    count: int
    colour: str


def rolls(
    tokens: Sequence[str],
    expected: Sequence[RollSpec],
    labels: Mapping[str, Side],
    names: Mapping[Side, str],
) -> dict[Side, tuple[int, ...]]:
    """Faces per side, in the expected order or labelled by side ("home 6 2 4 / away 1").

    ``labels`` maps words a person may use for a side (home, away, off, def, a team's name) to it.
    """
    groups = _roll_groups(tokens, labels)
    describe = " then ".join(
        f"{spec.count} {spec.colour} for {names[spec.side]}" for spec in expected
    )
    if any(g[0] is not None for g in groups):
        return _labelled_rolls(groups, expected, names, describe)
    if len(groups) > 1:
        if len(groups) != len(expected):
            raise IllegalEntry(f"expected {len(expected)} rolls ({describe}); got {len(groups)}")
        return {
            spec.side: _count(faces(toks, what=f"{a_or_an(spec.colour)} die"), spec, names)
            for spec, (_, toks) in zip(expected, groups, strict=True)
        }
    total = sum(spec.count for spec in expected)
    flat = faces(groups[0][1] if groups else [], what=f"{a_or_an(expected[0].colour)} die")
    if len(flat) != total:
        raise IllegalEntry(f"expected {total} dice ({describe}); got {len(flat)}")
    result: dict[Side, tuple[int, ...]] = {}
    at = 0
    for spec in expected:
        result[spec.side] = tuple(flat[at : at + spec.count])
        at += spec.count
    return result


def _roll_groups(
    tokens: Sequence[str], labels: Mapping[str, Side]
) -> list[tuple[Side | None, list[str]]]:
    """The rolls as given: groups split by "/" or by a side's label, each with its side if
    labelled; empty groups left out."""
    groups: list[tuple[Side | None, list[str]]] = [(None, [])]
    for token in _split_slashes(tokens):
        if token == "/":
            groups.append((None, []))
        elif token in labels:
            if groups[-1][0] is None and not groups[-1][1]:
                groups[-1] = (labels[token], [])
            else:
                groups.append((labels[token], []))
        else:
            groups[-1][1].append(token)
    return [g for g in groups if g[0] is not None or g[1]]


def _labelled_rolls(
    groups: list[tuple[Side | None, list[str]]],
    expected: Sequence[RollSpec],
    names: Mapping[Side, str],
    describe: str,
) -> dict[Side, tuple[int, ...]]:
    """Rolls labelled by side: every one labelled, each side that rolls now once."""
    by_side = {spec.side: spec for spec in expected}
    if any(g[0] is None for g in groups):
        raise IllegalEntry(f"label every roll with its side or none of them; expected {describe}")
    result: dict[Side, tuple[int, ...]] = {}
    for side, toks in groups:
        assert side is not None
        spec = by_side.get(side)
        if spec is None:
            due = " and ".join(names[s.side] for s in expected)
            raise IllegalEntry(f"{names[side]} does not roll now; only {due} rolls")
        if side in result:
            raise IllegalEntry(f"{possessive(names[side])} roll was given twice")
        result[side] = _count(faces(toks, what=f"{a_or_an(spec.colour)} die"), spec, names)
    missing = [names[s.side] for s in expected if s.side not in result]
    if missing:
        raise IllegalEntry(f"missing the roll of {', '.join(missing)}; expected {describe}")
    return result


def _split_slashes(tokens: Sequence[str]) -> list[str]:
    """Tokens with every "/" standing alone, so "6-2-4/3-5-1" reads as two groups."""
    out: list[str] = []
    for token in tokens:
        out.extend(p for p in re.split(r"(/)", token) if p)
    return out


def _count(values: list[int], spec: RollSpec, names: Mapping[Side, str]) -> tuple[int, ...]:
    """The faces of one side's roll, refused unless they are as many dice as it rolls."""
    if len(values) != spec.count:
        raise IllegalEntry(
            f"{names[spec.side]} rolls {spec.count} {spec.colour} "
            f"{'die' if spec.count == 1 else 'dice'}; got {len(values)}"
        )
    return tuple(values)
