"""A game's status and summary as the aggregate holds them: what a save writes beside its events.

Read by ``companion.service.Referee`` for every command it records (the summary row, and the
step of the kept status from the status before the command) and by the tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from companion.summaries import Summary, summary_of
from domain import schedule
from domain.identity import copy_marked

if TYPE_CHECKING:
    from domain.game import Game


def last_at(events: Any) -> str:
    """When the game's latest command was recorded: the time of its last event carrying one."""
    for event in reversed(list(events)):
        at = getattr(event, "at", None)
        if isinstance(at, str):
            return at
    return ""


def summaries_of(
    objs: Any, before: dict[UUID, dict[str, Any]] | None = None
) -> dict[UUID, Summary]:
    """The summary of each game being saved, as its head will be (games with something new),
    with its step from what was kept of its status ``before`` the command, where known."""
    from domain.game import Game

    out = {}
    for obj in objs:
        if isinstance(obj, Game) and obj.pending_events:
            status = live_status(obj)
            out[obj.id] = summary_of(
                status,
                last_at(obj.pending_events),
                obj.ruled_under,
                (before or {}).get(obj.id),
            )
    return out


def live_status(game: Game) -> dict[str, Any]:
    """The status as the aggregate derives it, in the same shape as the situation projection.

    A game the installed rules would rule otherwise shows what its record shows (what the
    rules made when it was ruled), as every read of it does, until it is reruled."""
    found = game.disagreement()
    return copy_marked(
        {
            "game_id": str(game.id),
            **(game.situation if found is None else found.shown),
            "entries": game.standing,
            "struck": game.struck_count,
            # The order the record's fold gives (projections.situation.view, pinned by #18).
            "pending": game.waiting,
            "season": schedule.season_of(game.season, game.started_at),
            "week": game.week,
            "version": game.version,
        },
        game.copy_of,
        game.set_aside,
    )
