"""The SQLite recorder that keeps each game's head and summary with its events (companion.heads).

Its own module, imported when a SQLite store is opened: the CLI pays for the SQLite driver's
recorder only then.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor

from companion.heads import (
    CREATE_PLAYING_INDEX,
    CREATE_TRACKING,
    DROP_OLD_PLAYING_INDEX,
    HEADS_TABLE,
    OLD_PLAYING_INDEX,
    PLAYING_INDEX,
    START_TRACKING,
    SUMMARY_COLUMNS,
    TRACKING_TABLE,
    Head,
    HeldToHead,
    KeepsSummaries,
    as_game_id,
    as_head,
    tolerant_text,
)
from companion.integrity import StoreDamaged
from companion.kept import CREATE_STATUS, STATUS_TABLE
from companion.opening import CREATE_SNAPSHOTS, SNAPSHOTS_TABLE
from companion.summaries import TRACKING_NAME


class HeadedSQLiteRecorder(HeldToHead, KeepsSummaries, SQLiteApplicationRecorder):
    """Writes each game's head and summary with its events (one transaction); holds reads
    to the head."""

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {HEADS_TABLE} (game_id TEXT PRIMARY KEY, "
            "version INTEGER NOT NULL, link TEXT NOT NULL) WITHOUT ROWID",
            CREATE_STATUS.format(status=STATUS_TABLE, key="TEXT", rowid=" WITHOUT ROWID"),
            CREATE_SNAPSHOTS.format(snapshots=SNAPSHOTS_TABLE, key="TEXT"),
        ]

    def _create_table(self, c: SQLiteCursor) -> None:
        super()._create_table(c)
        # A heads table made before the summaries gains their columns (filled lazily).
        c.execute(f"PRAGMA table_info({HEADS_TABLE})")
        have = {row["name"] for row in c.fetchall()}
        for name, (kind, _) in SUMMARY_COLUMNS.items():
            if name not in have:
                c.execute(f"ALTER TABLE {HEADS_TABLE} ADD COLUMN {name} {kind}")
        # Only what is missing: a write here would wait for (or fail against) another
        # process's write each time a store is opened.
        c.execute(
            self._sql("SELECT name FROM sqlite_master WHERE name IN (%s, %s)"),
            (PLAYING_INDEX, OLD_PLAYING_INDEX),
        )
        indexes = {row["name"] for row in c.fetchall()}
        if PLAYING_INDEX not in indexes:
            c.execute(self._sql(CREATE_PLAYING_INDEX))
        if OLD_PLAYING_INDEX in indexes:
            c.execute(self._sql(DROP_OLD_PLAYING_INDEX))
        c.execute(self._sql(CREATE_TRACKING))
        c.execute(self._sql(f"SELECT 1 FROM {{tracking}} WHERE name = '{TRACKING_NAME}'"))
        if not c.fetchall():
            c.execute(self._sql(START_TRACKING))

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        returning = super()._insert_events(c, stored_events, **kwargs)
        self._write_summaries(c, stored_events, kwargs.get("summaries"))
        return returning

    def _sql(self, template: str) -> str:
        return template.format(
            heads=HEADS_TABLE,
            events=self.events_table_name,
            tracking=TRACKING_TABLE,
            status=STATUS_TABLE,
            snapshots=SNAPSHOTS_TABLE,
            nid="rowid",
            none_of="{none_of}",
        ).replace("%s", "?")

    def _key(self, game: UUID) -> Any:
        return game.hex if isinstance(game, UUID) else game

    def _game(self, value: Any) -> UUID:
        return as_game_id(value)

    def _none_of(self, games: Sequence[Any]) -> str:
        return "NOT IN (SELECT value FROM json_each(%s))"

    def _none_of_param(self, keys: Sequence[Any]) -> Any:
        return json.dumps(list(keys))

    def _read(self, statement: Any, params: Sequence[Any]) -> list[Any] | None:
        with self.datastore.transaction(commit=False) as c, tolerant_text(c.sqlite_cursor):
            try:
                c.execute(statement, params)
            except sqlite3.OperationalError as exc:
                # A read-only store written before the heads table or its summaries.
                if "no such table" in str(exc) or "no such column" in str(exc):
                    return None
                raise
            return list(c.fetchall())

    def _write(self, statements: Sequence[tuple[Any, Sequence[Any]]]) -> list[int]:
        changed = []
        with self.datastore.transaction(commit=True) as c:
            for statement, params in statements:
                c.execute(statement, params)
                changed.append(c.sqlite_cursor.rowcount)
        return changed

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
        with self.datastore.transaction(commit=False) as c, tolerant_text(c.sqlite_cursor):
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
            game = as_game_id(row["game_id"])
            heads[game] = as_head(game, row["version"], row["link"])
        return heads
