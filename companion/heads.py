"""Each game's head: the version and chain link of its last event, kept beside the events.

The chain (companion.integrity) proves that what was read of a game is whole up to where the
read stopped, but not that the read reached the game's end: a damaged index that ends a read by
game early, or a command's last events deleted, leave a shorter game whose chain is sound. The
head is the independent witness of where each game ends. It is one row per game in the table
``game_heads`` (game_id, version, link), written by the recorders below in the same transaction
as the events it ends, so a game and its head are always committed together or not at all.

Every read of a game to its end (``select_events`` with no upper bound) reads the head first and
then the events, and holds the events to it: a read must reach the head's version, and the event
at that version must carry the head's link. The head is read first so that no snapshot is
needed: a write committed between the two reads only adds events after the head. Events past the
head are accepted (a Zebra older than the heads table wrote them; the next write by this one
moves the head on). ``Referee.records`` holds its one pass over the notification log to every
head the same way, with one query for all heads.

A game with no head row is a game last written before the heads table existed: it is read as it
always was, trusted up to its chain, until its next write gives it a head. The table is created
whenever the store is opened for writing; a read-only store without it is read as before. The head
does not protect against someone who deletes a game's head row together with its last events
(the game is then a legacy game, shorter), nor against anyone who can rewrite the chain and the
head together: like the chain, it names damage and casual edits, not a forger with write access.

Issue #19 grows this table into per-game summaries kept in the same transaction: further columns
of one row per game, written where the head is written.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, StoredEvent

from companion.integrity import StoreDamaged, check_columns, stored_link

if TYPE_CHECKING:  # the drivers are imported when a store of their kind is opened
    from eventsourcing.postgres import PostgresApplicationRecorder
    from eventsourcing.sqlite import SQLiteApplicationRecorder

HEADS_TABLE = "game_heads"


@dataclass(frozen=True)
class Head:
    """Where a game ends: its last event's version and chain link."""

    version: int
    link: str


def heads_of(stored_events: Sequence[StoredEvent]) -> dict[Any, Head]:
    """The head each game of a batch being written will have: its last event in the batch."""
    heads: dict[Any, Head] = {}
    for stored in stored_events:
        link = getattr(stored, "link", "") or stored_link(stored.state)
        if link is None:
            raise StoreDamaged(
                f"event {stored.originator_version} of game {str(stored.originator_id)[:8]} "
                "carries no chain link; nothing was recorded"
            )
        known = heads.get(stored.originator_id)
        if known is None or stored.originator_version > known.version:
            heads[stored.originator_id] = Head(stored.originator_version, link)
    return heads


def hold_to_head(
    game: Any, head: Head | None, events: Sequence[StoredEvent], after: int | None
) -> None:
    """Raise StoreDamaged unless a read of ``game``'s events after ``after`` reached its head
    (None: a read not to the end, or a game without a head) and every row is of Zebra's types."""
    for stored in events:
        # Before any version is compared: a damaged row's number can be text, or nothing.
        check_columns(stored, f"game {str(game)[:8]}, event {stored.originator_version}")
    if head is None:
        return
    start = after or 0
    last = events[-1].originator_version if events else start
    if last < head.version:
        raise _cut_short(game, last, head)
    if head.version <= start:
        return
    at = next((e for e in reversed(events) if e.originator_version == head.version), None)
    if at is None or stored_link(at.state) != head.link:
        raise _not_the_head(game, head)


def hold_to_heads(
    heads: dict[Any, Head],
    reached: dict[Any, int],
    link_at: Callable[[Any, int], str | None],
) -> None:
    """Raise StoreDamaged unless every game with a head was read up to it, in one pass over the
    store: ``reached`` is the last version read of each game, ``link_at`` the link computed for
    an event that was read."""
    for game, head in heads.items():
        last = reached.get(game, 0)
        if last < head.version:
            raise _cut_short(game, last, head)
        if link_at(game, head.version) != head.link:
            raise _not_the_head(game, head)


def _cut_short(game: Any, last: int, head: Head) -> StoreDamaged:
    missing = (
        f"event {head.version} is"
        if last + 1 == head.version
        else f"events {last + 1} to {head.version} are"
    )
    return StoreDamaged(
        f"the store is damaged at game {str(game)[:8]}, event {last + 1}: the game's head says "
        f"it ends at event {head.version}, but {missing} missing or unreadable; run zebra check"
    )


def _not_the_head(game: Any, head: Head) -> StoreDamaged:
    return StoreDamaged(
        f"the store is damaged at game {str(game)[:8]}, event {head.version}: it is not the "
        "event the game's head records (altered, replaced or unreadable); run zebra check"
    )


def _as_game_id(value: Any) -> Any:
    """A head row's game id as the events' reader gives it (a UUID), or damage named."""
    if isinstance(value, UUID):
        return value
    try:
        return UUID(hex=str(value))
    except ValueError:
        raise StoreDamaged(
            f"the store is damaged: a game head is stored under {str(value)[:40]!r}, which is "
            "not a game id; run zebra check"
        ) from None


def _as_head(game: Any, version: Any, link: Any) -> Head:
    if isinstance(version, bool) or not isinstance(version, int) or not isinstance(link, str):
        raise StoreDamaged(
            f"the store is damaged at game {str(game)[:8]}: its head is not what Zebra writes; "
            "run zebra check"
        )
    return Head(version, link)


class HeldToHead:
    """A recorder whose reads of a game to its end are held to the game's head.

    Mixed in before the library's recorder, whose ``select_events`` it wraps; the recorder
    supplies ``select_head``.
    """

    select_head: Callable[[UUID | str], Head | None]

    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        to_the_end = lte is None and not desc and limit is None
        head = self.select_head(originator_id) if to_the_end else None
        events: Sequence[StoredEvent] = super().select_events(  # type: ignore[misc]
            originator_id, gt=gt, lte=lte, desc=desc, limit=limit
        )
        hold_to_head(originator_id, head, events, gt)
        return events


class HeadedRecorder(HeldToHead, ApplicationRecorder):
    """What both stores' recorders are (made by sqlite_recorder and postgres_recorder), for
    the type checker: the library's recorder, held to each game's head."""

    select_heads: Callable[[], dict[Any, Head]]


@cache
def sqlite_recorder() -> type[SQLiteApplicationRecorder]:
    """The library's SQLite application recorder, keeping and checking each game's head."""
    from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor

    class HeadedSQLiteRecorder(HeldToHead, SQLiteApplicationRecorder):
        """Writes each game's head with its events (one transaction); holds reads to it."""

        def construct_create_table_statements(self) -> list[str]:
            return [
                *super().construct_create_table_statements(),
                f"CREATE TABLE IF NOT EXISTS {HEADS_TABLE} (game_id TEXT PRIMARY KEY, "
                "version INTEGER NOT NULL, link TEXT NOT NULL) WITHOUT ROWID",
            ]

        def _insert_events(
            self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
        ) -> Sequence[int] | None:
            returning = super()._insert_events(c, stored_events, **kwargs)
            for game, head in heads_of(stored_events).items():
                c.execute(
                    f"INSERT INTO {HEADS_TABLE} (game_id, version, link) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
                    f"link = excluded.link WHERE excluded.version > {HEADS_TABLE}.version",
                    (game.hex if isinstance(game, UUID) else game, head.version, head.link),
                )
            return returning

        def convert_originator_id(self, originator_id: str) -> UUID | str:
            try:
                return super().convert_originator_id(originator_id)
            except (ValueError, TypeError, AttributeError):
                raise StoreDamaged(
                    f"the store is damaged: an event is stored under the game id "
                    f"{str(originator_id)[:40]!r}, which is not a game id; run zebra check"
                ) from None

        def select_head(self, game: UUID | str) -> Head | None:
            """The game's head, or None (a legacy game, or a store without the table)."""
            key = game.hex if isinstance(game, UUID) else game
            rows = self._select_heads("WHERE game_id = ?", (key,))
            return next(iter(rows.values()), None)

        def select_heads(self) -> dict[Any, Head]:
            """Every game's head, in one query."""
            return self._select_heads("", ())

        def _select_heads(self, where: str, params: tuple[Any, ...]) -> dict[Any, Head]:
            with self.datastore.transaction(commit=False) as c:
                try:
                    c.execute(f"SELECT game_id, version, link FROM {HEADS_TABLE} {where}", params)
                except sqlite3.OperationalError as exc:
                    # A read-only store written before the heads table existed.
                    if "no such table" in str(exc):
                        return {}
                    raise
                rows = c.fetchall()
            heads = {}
            for row in rows:
                game = _as_game_id(row["game_id"])
                heads[game] = _as_head(game, row["version"], row["link"])
            return heads

    return HeadedSQLiteRecorder


@cache
def postgres_recorder() -> type[PostgresApplicationRecorder]:
    """The library's PostgreSQL application recorder, keeping and checking each game's head."""
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
    from psycopg import Cursor
    from psycopg.rows import DictRow
    from psycopg.sql import SQL, Identifier

    class HeadedPostgresRecorder(HeldToHead, PostgresApplicationRecorder):
        """Writes each game's head with its events (one transaction); holds reads to it."""

        def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
            super().__init__(datastore, **kwargs)
            # The library's database function inserts events by itself, without the head.
            datastore.enable_db_functions = False
            table = Identifier(self.datastore.schema), Identifier(HEADS_TABLE)
            self.sql_create_statements.append(
                SQL(
                    "CREATE TABLE IF NOT EXISTS {0}.{1} (game_id {2} PRIMARY KEY, "
                    "version bigint NOT NULL, link text NOT NULL)"
                ).format(*table, Identifier(self.datastore.originator_id_type))
            )
            self.upsert_head = SQL(
                "INSERT INTO {0}.{1} AS h (game_id, version, link) VALUES (%s, %s, %s) "
                "ON CONFLICT (game_id) DO UPDATE SET version = EXCLUDED.version, "
                "link = EXCLUDED.link WHERE EXCLUDED.version > h.version"
            ).format(*table)
            self.select_heads_statement = SQL("SELECT game_id, version, link FROM {0}.{1}").format(
                *table
            )

        def _insert_stored_events(
            self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
        ) -> None:
            super()._insert_stored_events(curs, stored_events, **kwargs)
            # Another cursor of the same connection and transaction: the events' cursor must
            # keep the insert's notification ids for the library to fetch.
            with curs.connection.cursor() as heads:
                for game, head in heads_of(stored_events).items():
                    heads.execute(self.upsert_head, (game, head.version, head.link))

        def select_head(self, game: UUID | str) -> Head | None:
            """The game's head, or None (a game last written before the heads table)."""
            rows = self._select_heads(SQL(" WHERE game_id = %s"), (game,))
            return next(iter(rows.values()), None)

        def select_heads(self) -> dict[Any, Head]:
            """Every game's head, in one query."""
            return self._select_heads(SQL(""), ())

        def _select_heads(self, where: SQL, params: tuple[Any, ...]) -> dict[Any, Head]:
            with self.datastore.get_connection() as conn, conn.cursor() as curs:
                curs.execute(self.select_heads_statement + where, params)
                rows = curs.fetchall()
            heads = {}
            for row in rows:
                game = _as_game_id(row["game_id"])
                heads[game] = _as_head(game, row["version"], row["link"])
            return heads

    return HeadedPostgresRecorder
