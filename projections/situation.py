"""The situation read model: what ``zebra status --json`` prints."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from projections.record import GameRecord
from projections.record import project as fold


def view(record: GameRecord) -> dict[str, Any]:
    """The common status keys with the game id and entry counts."""
    situation = dict(record.situation)
    return {
        "game_id": record.game_id,
        **situation,
        "entries": len(record.effective),
        "struck": len(record.struck),
        # The order live_status gives: a status read from the record and one from the game
        # (or from its summary row) print alike.
        "version": record.version,
        "pending": record.pending,
    }


def project(events: Iterable[Any]) -> dict[str, Any]:
    return view(fold(events))
