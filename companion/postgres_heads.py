"""The PostgreSQL recorder that keeps each game's head and summary with its events
(companion.heads).

Its own module, imported when a PostgreSQL store is opened: psycopg is loaded only then.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier

from companion.heads import (
    CREATE_PLAYING_INDEX,
    CREATE_TRACKING,
    HEADS_FILLFACTOR,
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
)
from companion.kept import CREATE_STATUS, STATUS_TABLE
from companion.opening import CREATE_SNAPSHOTS, SNAPSHOTS_TABLE
from companion.summaries import TRACKING_NAME


def _unprepared(datastore: PostgresDatastore) -> None:
    """Every connection the store hands out runs its statements unprepared.

    When two tables write one game at once, the losing write's unique violation aborts its
    pipeline; psycopg then believes a statement queued behind it (the head's upsert) was
    prepared although the server skipped it, and that connection's next use of it fails
    with 'prepared statement "_pg3_N" does not exist'. Seen with eight writers on one game.
    Set at checkout, as the pool may already hold connections when the recorder is made.
    """
    checkout = datastore.get_connection

    @contextmanager
    def get_connection() -> Iterator[Any]:
        with checkout() as conn:
            conn.prepare_threshold = None
            yield conn

    datastore.get_connection = get_connection  # type: ignore[method-assign]


class HeadedPostgresRecorder(HeldToHead, KeepsSummaries, PostgresApplicationRecorder):
    """Writes each game's head and summary with its events (one transaction); holds reads
    to the head."""

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        # The library's database function inserts events by itself, without the head.
        datastore.enable_db_functions = False
        _unprepared(datastore)
        table = Identifier(self.datastore.schema), Identifier(HEADS_TABLE)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {0}.{1} (game_id {2} PRIMARY KEY, "
                "version bigint NOT NULL, link text NOT NULL)"
            ).format(*table, Identifier(self.datastore.originator_id_type))
        )
        self.sql_create_statements.append(self._sql(CREATE_TRACKING))
        self.sql_create_statements.append(
            SQL(CREATE_STATUS.replace("{rowid}", "")).format(
                status=Identifier(self.datastore.schema, STATUS_TABLE),
                key=SQL(self.datastore.originator_id_type),
            )
        )
        self.sql_create_statements.append(
            SQL(CREATE_SNAPSHOTS).format(
                snapshots=Identifier(self.datastore.schema, SNAPSHOTS_TABLE),
                key=SQL(self.datastore.originator_id_type),
            )
        )
        self.select_heads_statement = SQL("SELECT game_id, version, link FROM {0}.{1}").format(
            *table
        )

    def create_table(self) -> None:
        super().create_table()
        # A heads table made before the summaries gains their columns (filled lazily); only
        # what is missing is changed, as ALTER TABLE locks the table even when it does not.
        schema = self.datastore.schema
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_schema = %s AND table_name = %s",
                (schema, HEADS_TABLE),
            )
            have = {row["column_name"] for row in curs.fetchall()}
            for name, (_, kind) in SUMMARY_COLUMNS.items():
                if name not in have:
                    curs.execute(
                        SQL("ALTER TABLE {0} ADD COLUMN IF NOT EXISTS {1} " + kind).format(
                            Identifier(schema, HEADS_TABLE), Identifier(name)
                        )
                    )
            curs.execute(
                "SELECT indexname FROM pg_indexes WHERE schemaname = %s AND indexname IN (%s, %s)",
                (schema, PLAYING_INDEX, OLD_PLAYING_INDEX),
            )
            indexes = {row["indexname"] for row in curs.fetchall()}
            if PLAYING_INDEX not in indexes:
                curs.execute(self._sql(CREATE_PLAYING_INDEX))
            if OLD_PLAYING_INDEX in indexes:
                curs.execute(
                    SQL("DROP INDEX IF EXISTS {0}").format(Identifier(schema, OLD_PLAYING_INDEX))
                )
            self._leave_room(curs)
            curs.execute(self._sql(f"SELECT 1 FROM {{tracking}} WHERE name = '{TRACKING_NAME}'"))
            if not curs.fetchall():
                curs.execute(self._sql(START_TRACKING))

    def _insert_stored_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> None:
        super()._insert_stored_events(curs, stored_events, **kwargs)
        # Another cursor of the same connection and transaction: the events' cursor must
        # keep the insert's notification ids for the library to fetch.
        with curs.connection.cursor() as heads:
            self._write_summaries(heads, stored_events, kwargs.get("summaries"))

    def _leave_room(self, curs: Cursor[DictRow]) -> None:
        """Room on each page of the heads table for the next version of its rows, so that
        an entry's update is a HOT one, pruned in place rather than left for vacuum."""
        curs.execute(
            "SELECT c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = "
            "c.relnamespace WHERE n.nspname = %s AND c.relname = %s",
            (self.datastore.schema, HEADS_TABLE),
        )
        found = curs.fetchall()
        if found and f"fillfactor={HEADS_FILLFACTOR}" not in (found[0]["reloptions"] or []):
            curs.execute(
                SQL("ALTER TABLE {0} SET (fillfactor = " + str(HEADS_FILLFACTOR) + ")").format(
                    Identifier(self.datastore.schema, HEADS_TABLE)
                )
            )

    def _sql(self, template: str) -> Any:
        schema = self.datastore.schema
        return SQL(template.replace("{none_of}", "{{none_of}}")).format(
            heads=Identifier(schema, HEADS_TABLE),
            events=Identifier(schema, self.events_table_name),
            tracking=Identifier(schema, TRACKING_TABLE),
            status=Identifier(schema, STATUS_TABLE),
            snapshots=Identifier(schema, SNAPSHOTS_TABLE),
            nid=SQL("notification_id"),
        )

    def _key(self, game: UUID) -> Any:
        return game

    def _game(self, value: Any) -> UUID:
        return as_game_id(value)

    def _none_of(self, games: Sequence[Any]) -> str:
        return "<> ALL(%s)"

    def _none_of_param(self, keys: Sequence[Any]) -> Any:
        return list(keys)

    def _read(self, statement: Any, params: Sequence[Any]) -> list[Any] | None:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(statement, params)
            return list(curs.fetchall())

    def _write(self, statements: Sequence[tuple[Any, Sequence[Any]]]) -> list[int]:
        changed = []
        with self.datastore.transaction(commit=True) as curs:
            for statement, params in statements:
                curs.execute(statement, params)
                changed.append(curs.rowcount)
        return changed

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
            game = as_game_id(row["game_id"])
            heads[game] = as_head(game, row["version"], row["link"])
        return heads
