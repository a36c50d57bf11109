"""The play-by-play read model: every entry in order with its rulings; struck ones marked."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from projections.record import GameRecord
from projections.record import project as fold


@dataclass(frozen=True)
class Play:
    seq: int
    entry: str
    by: str
    at: str
    rulings: tuple[str, ...]
    struck: str | None


def view(record: GameRecord) -> list[Play]:
    """Every entry in play order; an insertion taken back by a revert never was a play."""
    return [
        Play(
            seq=line.seq,
            entry=line.text,
            by=line.by,
            at=line.at,
            rulings=tuple(r["text"] for r in line.rulings),
            struck=line.struck,
        )
        for line in record.lines
        if not line.withdrawn
    ]


def project(events: Iterable[Any]) -> list[Play]:
    return view(fold(events))
