"""The clock read model: the game's own time units (rounds, Time Decks, Action Deck, card clock)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from projections.record import GameRecord
from projections.record import project as fold


def view(record: GameRecord) -> dict[str, Any]:
    situation = record.situation
    return {
        "quarter": situation.get("quarter"),
        "timeouts": situation.get("timeouts"),
        **(situation.get("clock") or {}),
    }


def project(events: Iterable[Any]) -> dict[str, Any]:
    return view(fold(events))
