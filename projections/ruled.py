"""A stored ruling read through the vocabulary: its kind, words, team, points, yards and data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.kinds import KINDS, Kind, canonical_kind

# A ruling kind the vocabulary does not know (only a damaged or foreign store holds one).
UNKNOWN = Kind("unknown", "a kind outside the vocabulary")


@dataclass(frozen=True)
class Ruled:
    """A stored ruling with its kind read through the vocabulary, and the entry it belongs to."""

    kind: Kind
    name: str
    text: str
    team: str | None
    points: int
    yards: int | None
    data: Mapping[str, Any]
    seq: int


def ruled(ruleset: str, stored: Mapping[str, Any], seq: int) -> Ruled:
    """One stored ruling read through the vocabulary (older names included)."""
    name = canonical_kind(ruleset, stored)
    return Ruled(
        KINDS.get(name, UNKNOWN),
        name,
        str(stored.get("text") or ""),
        stored.get("team"),
        int(stored.get("points") or 0),
        stored.get("yards"),
        dict(stored.get("data") or {}),
        seq,
    )
