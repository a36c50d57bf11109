"""The join codes of the web pads (issue #30): one per side of each game in play, in the store.

A code is what lets a phone at the table enter for a side: ``zebra serve --pad`` prints them
(and makes those missing), ``zebra pad code`` prints one (making it if missing), ``zebra pad
revoke`` deletes a game's codes, at once for a running server too, which reads them from the
store at every write. They are kept in a small table of their own beside the games' events
(``pad_codes``), through SQLite or PostgreSQL as the store is, never as a file of its own.
"""

from __future__ import annotations

import hmac
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from typing import Any
from uuid import UUID

from companion.store import Store, StoreError, libpq_kwargs

TABLE = "pad_codes"
SIDES = ("home", "away")
# Letters and digits a coach cannot misread off a terminal (no 0/o, 1/l/i).
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 8


def new_code() -> str:
    """A fresh code: 8 of 31 characters, about 40 bits, behind a limit of a few tries a minute."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


class PadCodes:
    """The codes of one store's games, read and written through the store's own database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        """A cursor on the codes' table (made if missing); a store that refuses is one line."""
        try:
            with self._opened() as cur:
                yield cur
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the pad codes could not be read or written: {exc}") from None
        except Exception as exc:
            if type(exc).__module__.split(".")[0] != "psycopg":
                raise
            raise StoreError(
                self.store.scrub(f"the pad codes could not be read or written: {exc}")
            ) from None

    @contextmanager
    def _opened(self) -> Iterator[Any]:
        if self.store.postgres is not None:
            import psycopg
            from psycopg import sql

            schema = self.store.postgres.get("schema", "public")
            with psycopg.connect(**libpq_kwargs(self.store)) as conn, conn.cursor() as cur:
                cur.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
                cur.execute(
                    f"CREATE TABLE IF NOT EXISTS {TABLE} (game_id TEXT NOT NULL, "
                    "side TEXT NOT NULL, code TEXT NOT NULL, PRIMARY KEY (game_id, side))"
                )
                yield _Postgres(cur)
            return
        assert self.store.path is not None
        with closing(sqlite3.connect(self.store.path, timeout=10)) as db, db:
            db.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} (game_id TEXT NOT NULL, "
                "side TEXT NOT NULL, code TEXT NOT NULL, PRIMARY KEY (game_id, side))"
            )
            yield db

    def codes(self, game_id: UUID) -> dict[str, str]:
        """The game's codes by side (none once revoked)."""
        with self._cursor() as cur:
            rows = cur.execute(
                f"SELECT side, code FROM {TABLE} WHERE game_id = ?", (game_id.hex,)
            ).fetchall()
        return {side: code for side, code in rows}

    def ensure(self, game_id: UUID) -> dict[str, str]:
        """The game's codes, a new one made for each side that has none."""
        with self._cursor() as cur:
            for side in SIDES:
                cur.execute(
                    f"INSERT INTO {TABLE} (game_id, side, code) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id, side) DO NOTHING",
                    (game_id.hex, side, new_code()),
                )
        return self.codes(game_id)

    def revoke(self, game_id: UUID) -> int:
        """Delete the game's codes; how many there were."""
        with self._cursor() as cur:
            done = cur.execute(f"DELETE FROM {TABLE} WHERE game_id = ?", (game_id.hex,))
            return int(done.rowcount or 0)

    def side_of(self, game_id: UUID, code: str) -> str | None:
        """The side whose code ``code`` is, compared in constant time; None for any other."""
        given = code.strip().lower().encode()
        found = None
        for side, known in self.codes(game_id).items():
            if given and hmac.compare_digest(given, known.encode()):
                found = side
        return found


class _Postgres:
    """A psycopg cursor spoken to with SQLite's ``?`` placeholders."""

    def __init__(self, cur: Any) -> None:
        self.cur = cur

    def execute(self, query: str, params: tuple[Any, ...] = ()) -> Any:
        self.cur.execute(query.replace("?", "%s"), params)
        return self.cur
