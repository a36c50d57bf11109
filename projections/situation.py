"""The situation read model: what ``zebra status --json`` prints."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.identity import copy_marked
from projections.record import GameRecord
from projections.record import project as fold


def view(record: GameRecord) -> dict[str, Any]:
    """The common status keys with the game id and entry counts (and ``copy_of`` for a copy,
    ``set_aside`` for a game set aside)."""
    situation = dict(record.situation)
    return copy_marked(
        {
            "game_id": record.game_id,
            **situation,
            "entries": len(record.effective),
            "struck": len(record.struck),
            "pending": record.pending,
            "season": record.calendar[0],
            "week": record.calendar[1],
            "version": record.version,
        },
        record.copy_of,
        record.set_aside,
    )


def project(events: Iterable[Any]) -> dict[str, Any]:
    return view(fold(events))
