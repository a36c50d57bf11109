"""What a head row keeps beside the head (companion.heads): where its game's status is kept, and
where the summaries are current to (issue #29).

The status view grows with the game, so it is not in the head row, which every entry rewrites: it
is in STATUS_TABLE, a checkpoint now and then and a step per entry, each row written once
(``kept_as``, ``status_writes``; read back by ``companion.summaries.status_text``). And an entry
does not write the tracking record either: each head row says in ``caught`` where the rows were
current to when it was written (PRIOR). docs/events.md describes both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from eventsourcing.persistence import StoredEvent

from companion.summaries import TRACKING_NAME, Summary

STATUS_TABLE = "game_status"

# The row holds the summary of this version, with this status (the status writes below are
# made only where the summary's upsert was).
HOLDS = (
    "EXISTS (SELECT 1 FROM {heads} WHERE game_id = %s AND summary_version = %s "
    "AND status_hash = %s)"
)
FINISH = (
    "UPDATE {heads} SET finished = %s WHERE game_id = %s AND summary_version = %s "
    "AND status_hash = %s AND (finished IS NULL OR finished <> %s)"
)
# Every status row is written once and kept (no update, no delete: no dead rows on PostgreSQL,
# no page freed and taken again on SQLite): a checkpoint or a step, at the version it ends.
PUT_STATUS = (
    "INSERT INTO {status} (game_id, version, whole, body) SELECT %s, %s, %s, %s WHERE "
    + HOLDS
    + " ON CONFLICT (game_id, version) DO UPDATE SET whole = excluded.whole, body = excluded.body"
)
# A game's status at a version: its last checkpoint up to it, and the steps after that.
READ_STATUS = (
    "SELECT version, whole, body FROM {status} WHERE game_id = %s AND version <= %s AND "
    "version >= (SELECT MAX(version) FROM {status} WHERE game_id = %s AND whole = 1 AND "
    "version <= %s) ORDER BY version"
)
KEPT_BEFORE = (
    "SELECT status_hash, status_size, status_steps, status IS NULL AS apart FROM {heads} "
    "WHERE game_id = %s"
)
# Where the summaries are current to, without a write of the tracking record per entry (#29):
# each head row says, in ``caught``, that when it was written every event up to there was
# reflected in the rows. The row of the game of the store's last event was the last written, so
# the summaries are current to the greater of its ``caught`` and the tracking record's position.
# A write asks the same of the row of the game of the event before its own (PRIOR), and is
# current to its own last event if no event since then is another game's (CAUGHT); else (an
# event written by a Zebra that keeps no summaries) a reader catches up from there. The tracking
# record is written when a game is born (it counts them), and by the catch-up.
PRIOR = (
    "SELECT t.position AS position, (SELECT h.caught FROM {heads} h WHERE h.game_id = "
    "(SELECT e.originator_id FROM {events} e WHERE e.{nid} < %s ORDER BY e.{nid} DESC LIMIT 1))"
    f" AS caught FROM {{tracking}} t WHERE t.name = '{TRACKING_NAME}'"
)
CAUGHT = (
    "SELECT MAX({nid}) AS last, EXISTS (SELECT 1 FROM {events} e WHERE e.{nid} > %s AND "
    "e.originator_id {none_of}) AS behind FROM {events}"
)
FIRST_WRITTEN = (
    "SELECT MIN({nid}) AS nid FROM {events} WHERE originator_id = %s AND originator_version >= %s"
)
TRACKED = (
    "SELECT t.position AS position, t.games AS games, (SELECT h.caught FROM {heads} h WHERE "
    "h.game_id = (SELECT e.originator_id FROM {events} e ORDER BY e.{nid} DESC LIMIT 1)) AS "
    f"caught FROM {{tracking}} t WHERE t.name = '{TRACKING_NAME}'"
)
BORN = (
    "UPDATE {tracking} SET position = %s, games = games + %s "
    f"WHERE name = '{TRACKING_NAME}' AND position <= %s"
)
MOVE_TRACKING = (
    "UPDATE {tracking} SET position = %s, games = games + %s "
    f"WHERE name = '{TRACKING_NAME}' AND position = %s"
)


# The statuses kept apart from the head rows: per game a checkpoint (``whole``) and the steps
# after it, each written once.
CREATE_STATUS = (
    "CREATE TABLE IF NOT EXISTS {status} (game_id {key} NOT NULL, version BIGINT NOT NULL, "
    "whole INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game_id, version)){rowid}"
)


@dataclass(frozen=True)
class Kept:
    """How a summary's status is kept: a checkpoint (the whole text) or a step after the last
    one, the checkpoint's size and the bytes of the steps written since it."""

    whole: bool
    body: str
    size: int
    steps: int


def kept_as(s: Summary, before: Any) -> Kept:
    """A step after the status the row holds (``before``: its status_hash, status_size,
    status_steps, and whether its status is kept apart), else a checkpoint: none is kept, it
    is not the status the step follows, or the steps since the checkpoint would outgrow it.

    So a status is read from at most twice its size, and a checkpoint costs no more than the
    steps it follows."""
    whole = Kept(True, s.status, len(s.status.encode("utf-8")), 0)
    if before is None or s.step is None or not before["apart"]:
        return whole
    size, steps = before["status_size"], before["status_steps"]
    if not isinstance(size, int) or not isinstance(steps, int):
        return whole
    step = len(s.step.encode("utf-8"))
    if before["status_hash"] != s.step_of or steps + step > size:
        return whole
    return Kept(False, s.step, size, steps + step)


def status_writes(key: Any, s: Summary, kept: Kept) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements (templates and parameters) that keep a summary's status, made after its
    upsert and only where it was made (HOLDS), and ``finished`` where it changed."""
    holds = (key, s.version, s.status_hash)
    out: list[tuple[str, tuple[Any, ...]]] = [(FINISH, (int(s.finished), *holds, int(s.finished)))]
    out.append((PUT_STATUS, (key, s.version, int(kept.whole), kept.body, *holds)))
    return out


def greater(position: Any, caught: Any) -> int:
    """The tracking record's position, or a row's ``caught`` where that is further on."""
    base = position if isinstance(position, int) and not isinstance(position, bool) else 0
    if isinstance(caught, int) and not isinstance(caught, bool) and caught > base:
        return caught
    return base


def first_versions(stored_events: Sequence[StoredEvent], key: Callable[[Any], Any]) -> dict:
    """Each game's first version in a batch being written, by the store's key of the game."""
    first: dict[Any, int] = {}
    for stored in stored_events:
        k = key(stored.originator_id)
        first[k] = min(first.get(k, stored.originator_version), stored.originator_version)
    return first
