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

Issue #19 grows this table into per-game summaries (companion.summaries): further columns of the
same row, written where the head is written, with a tracking record (``zebra_tracking``) saying up
to which event every game's summary is current. Issue #29 keeps the status text and the position
of the summaries out of what an entry rewrites (companion.kept).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, StoredEvent

from companion.integrity import StoreDamaged, Where, check_columns, stored_link
from companion.kept import (
    BORN,
    CAUGHT,
    FIRST_WRITTEN,
    KEPT_BEFORE,
    MOVE_TRACKING,
    PRIOR,
    READ_STATUS,
    TRACKED,
    Kept,
    first_versions,
    greater,
    kept_as,
    status_writes,
)
from companion.summaries import TRACKING_NAME, Row, Summary, digest, row_from, status_text

if TYPE_CHECKING:  # the drivers are imported when a store of their kind is opened
    from eventsourcing.postgres import PostgresApplicationRecorder
    from eventsourcing.sqlite import SQLiteApplicationRecorder

HEADS_TABLE = "game_heads"
TRACKING_TABLE = "zebra_tracking"
# Games not finished, for ``latest_playing``: on ``finished`` alone, which an entry does not
# change (the index before it, also on ``touched``, was rewritten by every entry).
PLAYING_INDEX = "game_heads_unfinished"
OLD_PLAYING_INDEX = "game_heads_playing"
# PostgreSQL: the share of each heads page filled by inserts (the rest is for updates).
HEADS_FILLFACTOR = 50
# The summary's columns, added to the head row (SQLite type, PostgreSQL type).
SUMMARY_COLUMNS = {
    "summary_version": ("INTEGER", "bigint"),
    "ruleset": ("TEXT", "text"),
    "home": ("TEXT", "text"),
    "away": ("TEXT", "text"),
    "finished": ("INTEGER", "integer"),
    "winner": ("TEXT", "text"),
    "score_home": ("INTEGER", "integer"),
    "score_away": ("INTEGER", "integer"),
    "entries": ("INTEGER", "integer"),
    "last_at": ("TEXT", "text"),
    "touched": ("INTEGER", "bigint"),
    "status": ("TEXT", "text"),
    "status_hash": ("TEXT", "text"),
    "digest": ("TEXT", "text"),
    "copy_of": ("TEXT", "text"),
    "set_aside": ("TEXT", "text"),
    # The status is kept in STATUS_TABLE (a checkpoint and the steps after it): the size of the
    # checkpoint and the bytes of the steps since, which decide when the next one is due.
    "status_size": ("INTEGER", "bigint"),
    "status_steps": ("INTEGER", "bigint"),
    # Every event up to this notification id was reflected in the rows when this one was written.
    "caught": ("INTEGER", "bigint"),
}
# What a status is read from: the row's text (a row written before the status was kept apart),
# else the row says the status is in STATUS_TABLE.
STATUS_COLUMNS = "status, status_size"
# What a listing reads of each row: everything but the status text.
SCALARS = (
    "game_id, version, link, touched, summary_version, ruleset, home, away, finished, winner, "
    "score_home, score_away, entries, last_at, status_hash, digest, copy_of, set_aside"
)
# ``finished`` is written apart (FINISH), and only when it changes: the one indexed column, so
# that an entry's write leaves the index alone (on PostgreSQL, a HOT update).
WRITTEN = (
    "game_id, version, link, summary_version, ruleset, home, away, winner, "
    "score_home, score_away, entries, last_at, status, status_hash, digest, copy_of, set_aside, "
    "status_size, status_steps"
)
UPSERT_SUMMARY = (
    f"INSERT INTO {{heads}} AS h ({WRITTEN}, finished, touched, caught) VALUES ("
    + ", ".join(["%s"] * 20)
    + ", (SELECT {nid} FROM {events} WHERE originator_id = %s "
    "ORDER BY originator_version DESC LIMIT 1), %s) ON CONFLICT (game_id) DO UPDATE SET "
    + ", ".join(f"{c.strip()} = excluded.{c.strip()}" for c in WRITTEN.split(",")[1:])
    + ", touched = excluded.touched, caught = COALESCE(excluded.caught, h.caught) "
    "WHERE excluded.version > h.version "
    "OR (excluded.version = h.version AND excluded.link = h.link)"
)


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
        check_columns(stored, Where(game, stored.originator_version))
    if head is None or not head.link:
        # No head, or a row holding only a summary (its game was last written before events
        # carried chain links): read as before, trusted up to its chain.
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
        if not head.link:
            continue
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


@contextmanager
def tolerant_text(cursor: sqlite3.Cursor) -> Iterator[None]:
    """While a head row is read: a text column that is not UTF-8 comes as its bytes, which no
    check of Zebra's accepts (the row is then rebuilt or named), instead of failing the whole
    query, and with it the listing of every other game."""
    connection = cursor.connection
    before = connection.text_factory
    connection.text_factory = _text_or_bytes
    try:
        yield
    finally:
        connection.text_factory = before


def _text_or_bytes(raw: bytes) -> str | bytes:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def as_game_id(value: Any) -> Any:
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


def _game_or_none(value: Any) -> UUID | None:
    """A head row's game id as a UUID, or None if it is not one."""
    try:
        found: UUID = as_game_id(value)
    except StoreDamaged:
        return None
    return found


def _shown(value: Any) -> str:
    """A damaged key as one line can show it."""
    text = value.decode("utf-8", errors="replace") if isinstance(value, bytes) else str(value)
    return repr(text[:40])


def as_head(game: Any, version: Any, link: Any) -> Head:
    if isinstance(version, bool) or not isinstance(version, int) or not isinstance(link, str):
        raise StoreDamaged(
            f"the store is damaged at game {str(game)[:8]}: its head is not what Zebra writes; "
            "run zebra check"
        )
    return Head(version, link)


def summary_params(
    key: Any, head: Head, s: Summary, kept: Kept, caught: int | None = None
) -> tuple[Any, ...]:
    """The parameters of UPSERT_SUMMARY for game ``key`` (as the store writes ids): the row
    holds no status text (``kept`` says where it is); ``caught``: see PRIOR (None: as it was)."""
    return (
        key,
        head.version,
        head.link,
        s.version,
        s.ruleset,
        s.home,
        s.away,
        s.winner,
        s.score_home,
        s.score_away,
        s.entries,
        s.last_at,
        None,
        s.status_hash,
        digest(s.game_id.hex, head.version, head.link, s),
        s.copy_of,
        s.set_aside,
        kept.size,
        kept.steps,
        int(s.finished),
        key,
        caught,
    )


def new_games(stored_events: Sequence[StoredEvent]) -> int:
    """How many games a batch being written starts (their first event is in it)."""
    return len({s.originator_id for s in stored_events if s.originator_version == 1})


class KeepsSummaries:
    """The summary half of a headed recorder: each game's summary in its head row, and the
    tracking record. The dialect supplies ``_sql``, ``_key``, ``_read``, ``_write``."""

    def _sql(self, template: str) -> Any:
        raise NotImplementedError

    def _key(self, game: UUID) -> Any:
        raise NotImplementedError

    def _game(self, value: Any) -> UUID:
        raise NotImplementedError

    def _read(self, statement: Any, params: Sequence[Any]) -> list[Any] | None:
        """The rows of a query, or None if the store has no summaries (an old read-only one)."""
        raise NotImplementedError

    def _write(self, statements: Sequence[tuple[Any, Sequence[Any]]]) -> list[int]:
        """Run statements in one transaction; the number of rows each changed."""
        raise NotImplementedError

    def _none_of(self, games: Sequence[Any]) -> Any:
        raise NotImplementedError

    def _write_summaries(
        self,
        cursor: Any,
        stored_events: Sequence[StoredEvent],
        summaries: dict[Any, Summary] | None,
    ) -> None:
        """In the events' transaction: each game's head, with its summary when it was given
        for the head's version; then the tracking record, if every game got its summary."""
        heads = heads_of(stored_events)
        given = summaries or {}
        complete = all(
            game in given and given[game].version == head.version for game, head in heads.items()
        )
        keys = [self._key(g) for g in heads]
        caught, current = self._caught(cursor, stored_events, keys, complete) if heads else (0, 0)
        for game, head in heads.items():
            summary = given.get(game)
            key = self._key(game)
            if summary is not None and summary.version == head.version:
                cursor.execute(self._sql(KEPT_BEFORE), (key,))
                found = cursor.fetchall()
                kept = kept_as(summary, found[0] if found else None)
                cursor.execute(
                    self._sql(UPSERT_SUMMARY), summary_params(key, head, summary, kept, caught)
                )
                for template, params in status_writes(key, summary, kept):
                    cursor.execute(self._sql(template), params)
            else:
                cursor.execute(self._sql(UPSERT_HEAD), (key, head.version, head.link))
        born = new_games(stored_events)
        if current and born:
            cursor.execute(self._sql(BORN), (caught, born, caught))

    def _caught(
        self, cursor: Any, stored_events: Sequence[StoredEvent], keys: list[Any], complete: bool
    ) -> tuple[int | None, bool]:
        """What the rows of this write say they were current to (PRIOR), and whether that is
        the store's last event (None, False: a store without a tracking record)."""
        first: int | None = None
        for key, version in first_versions(stored_events, self._key).items():
            cursor.execute(self._sql(FIRST_WRITTEN), (key, version))
            found = cursor.fetchall()
            nid = found[0]["nid"] if found else None
            if isinstance(nid, int) and (first is None or nid < first):
                first = nid
        if first is None:
            return None, False
        cursor.execute(self._sql(PRIOR), (first,))
        prior = cursor.fetchall()
        if not prior:
            return None, False
        since = greater(prior[0]["position"], prior[0]["caught"])
        if not complete:
            return since, False
        cursor.execute(
            self._sql(CAUGHT.replace("{none_of}", self._none_of(keys))),
            (since, self._none_of_param(keys)),
        )
        (row,) = cursor.fetchall()
        if row["behind"] or not isinstance(row["last"], int):
            return since, False
        return int(row["last"]), True

    def _none_of_param(self, keys: Sequence[Any]) -> Any:
        raise NotImplementedError

    def select_tracking(self) -> tuple[int, int] | None:
        """Where the summaries are current to (see PRIOR) and how many games have a row, or
        None if the store has no tracking record."""
        found = self._tracking(TRACKED)
        if found is None:
            # A read-only store written before the rows said where they were current to.
            found = self._tracking(
                f"SELECT position, games, NULL AS caught FROM {{tracking}} "
                f"WHERE name = '{TRACKING_NAME}'"
            )
        if found is None:
            return None
        position, games, caught = found
        return greater(position, caught), games

    def _tracking(self, query: str) -> tuple[int, int, Any] | None:
        rows = self._read(self._sql(query), ())
        if not rows:
            return None
        position, games = rows[0]["position"], rows[0]["games"]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (position, games)):
            return None
        return position, games, rows[0]["caught"]

    def _tracking_position(self) -> int | None:
        """The position the tracking record itself holds (what the catch-up compares)."""
        found = self._tracking(
            f"SELECT position, games, NULL AS caught FROM {{tracking}} "
            f"WHERE name = '{TRACKING_NAME}'"
        )
        return None if found is None else found[0]

    def select_row(self, game: UUID, *, status: bool = True) -> Row | None:
        """The game's head row with its summary (and its status text), or None: no row."""
        columns = f"{SCALARS}, {STATUS_COLUMNS}" if status else SCALARS
        rows = self._read(
            self._sql(f"SELECT {columns} FROM {{heads}} WHERE game_id = %s"), (self._key(game),)
        )
        if not rows:
            return None
        return row_from(self._with_status(dict(rows[0]), game), game, game.hex)

    def _with_status(self, values: dict[str, Any], game: UUID) -> dict[str, Any]:
        """A row's values with its status text: in the row (written before the status was kept
        apart), or read from its checkpoint and the steps after it."""
        if values.get("status") is None and values.get("status_size") is not None:
            version, key = values.get("summary_version"), self._key(game)
            found = self._read(self._sql(READ_STATUS), (key, version, key, version))
            values["status"] = status_text(found or [])
        return values

    def select_rows(self, where: str = "", params: Sequence[Any] = ()) -> list[Row] | None:
        """Every head row (its summary without the status text), most recently played first."""
        rows = self._read(
            self._sql(f"SELECT {SCALARS} FROM {{heads}} {where} ORDER BY touched DESC"), params
        )
        if rows is None:
            return None
        out = []
        for values in rows:
            game = _game_or_none(values["game_id"])
            # A row under something that is not a game id summarises no game: the listing goes
            # on without it, and ``stray_rows`` names it.
            if game is not None:
                out.append(row_from(dict(values), game, game.hex))
        return out

    def iter_rows(self, page: int = 500, *, status: bool = False) -> Iterator[Row]:
        """Every head row (with its status text only if asked), a page at a time: memory for
        one page."""
        after: Any = None
        columns = f"{SCALARS}, {STATUS_COLUMNS}" if status else SCALARS
        while True:
            where = "" if after is None else "WHERE game_id > %s"
            if isinstance(after, bytes):
                # A row under text that is not UTF-8 (SQLite only), read as its bytes: compared
                # as the text it is stored as, not as a blob (which sorts after every text).
                where = "WHERE game_id > CAST(%s AS TEXT)"
            rows = self._read(
                self._sql(f"SELECT {columns} FROM {{heads}} {where} ORDER BY game_id LIMIT %s"),
                (page,) if after is None else (after, page),
            )
            for values in rows or []:
                game = _game_or_none(values["game_id"])
                if game is not None:
                    found = self._with_status(dict(values), game) if status else dict(values)
                    yield row_from(found, game, game.hex)
            if not rows or len(rows) < page:
                return
            after = rows[-1]["game_id"]

    def latest_playing(self) -> Row | None:
        """The most recently played game whose summary says it is not finished nor set aside."""
        query = (
            f"SELECT {SCALARS} FROM {{heads}} WHERE finished = 0 AND set_aside IS NULL "
            "ORDER BY touched DESC"
        )
        rows = self._read(self._sql(query + " LIMIT 1"), ())
        if rows and _game_or_none(rows[0]["game_id"]) is None:
            # A row under a damaged key came first: the next one that is a game's.
            rows = self._read(self._sql(query), ())
        for values in rows or []:
            game = _game_or_none(values["game_id"])
            if game is not None:
                return row_from(dict(values), game, game.hex)
        return None

    def stray_rows(self) -> list[str]:
        """The head rows stored under something that is not a game id (a damaged key), as
        shown in one line: no game's events can be held to them, and no listing shows them."""
        rows = self._read(self._sql("SELECT game_id FROM {heads}"), ())
        return [_shown(r["game_id"]) for r in rows or [] if _game_or_none(r["game_id"]) is None]

    def games_between(self, low: UUID, high: UUID, limit: int = 50) -> list[UUID] | None:
        """The games with a head row whose ids lie between ``low`` and ``high`` (a prefix)."""
        rows = self._read(
            self._sql("SELECT game_id FROM {heads} WHERE game_id >= %s AND game_id <= %s LIMIT %s"),
            (self._key(low), self._key(high), limit),
        )
        if rows is None:
            return None
        return [g for g in (_game_or_none(r["game_id"]) for r in rows) if g is not None]

    def count_rows(self) -> int | None:
        rows = self._read(self._sql("SELECT COUNT(*) AS n FROM {heads}"), ())
        return None if rows is None else int(rows[0]["n"])

    def select_headers(self, after: int, limit: int) -> list[tuple[int, UUID, int]]:
        """The notification id, game and version of the events after ``after`` (no state read)."""
        rows = self._read(
            self._sql(
                "SELECT {nid} AS nid, originator_id, originator_version FROM {events} "
                "WHERE {nid} > %s ORDER BY {nid} LIMIT %s"
            ),
            (after, limit),
        )
        # A batch holds a few games' events: each game id is converted once, not per event.
        games: dict[Any, UUID] = {}
        out = []
        for r in rows or []:
            raw = r["originator_id"]
            game = games.get(raw)
            if game is None:
                game = games[raw] = self._game(raw)
            out.append((r["nid"], game, r["originator_version"]))
        return out

    def fill_summaries(
        self,
        filled: Sequence[tuple[Summary, Head]],
        move: tuple[int, int, int] | None = None,
    ) -> bool:
        """Write summaries folded from the events (each only over a head at most as far on), and
        move the tracking record from ``move[0]`` to ``move[1]`` counting ``move[2]`` new games.
        False if another process moved the tracking record first (nothing of it is written)."""
        statements: list[tuple[Any, Sequence[Any]]] = []
        for s, head in filled:
            key, kept = self._key(s.game_id), kept_as(s, None)
            statements.append((self._sql(UPSERT_SUMMARY), summary_params(key, head, s, kept)))
            statements += [(self._sql(t), p) for t, p in status_writes(key, s, kept)]
        if move is not None:
            # Compared with what the record holds (the catch-up started from there or from a
            # row's ``caught`` past it): two readers catching up at once count a game once.
            held = self._tracking_position()
            statements.append((self._sql(MOVE_TRACKING), (move[1], move[2], held)))
        changed = self._write(statements)
        return move is None or changed[-1] == 1


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


UPSERT_HEAD = (
    "INSERT INTO {heads} AS h (game_id, version, link) VALUES (%s, %s, %s) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "link = excluded.link WHERE excluded.version > h.version"
)
CREATE_TRACKING = (
    "CREATE TABLE IF NOT EXISTS {tracking} (name TEXT PRIMARY KEY, position BIGINT NOT NULL, "
    "games BIGINT NOT NULL)"
)
START_TRACKING = (
    f"INSERT INTO {{tracking}} (name, position, games) VALUES ('{TRACKING_NAME}', 0, 0) "
    "ON CONFLICT (name) DO NOTHING"
)
CREATE_PLAYING_INDEX = f"CREATE INDEX IF NOT EXISTS {PLAYING_INDEX} ON {{heads}} (finished)"
DROP_OLD_PLAYING_INDEX = f"DROP INDEX IF EXISTS {OLD_PLAYING_INDEX}"


class HeadedRecorder(HeldToHead, KeepsSummaries, ApplicationRecorder):
    """What both stores' recorders are (made by sqlite_recorder and postgres_recorder), for
    the type checker: the library's recorder, held to each game's head."""

    select_heads: Callable[[], dict[Any, Head]]


@cache
def sqlite_recorder() -> type[SQLiteApplicationRecorder]:
    """The library's SQLite application recorder, keeping and checking each game's head."""
    from companion.sqlite_heads import HeadedSQLiteRecorder

    return HeadedSQLiteRecorder


@cache
def postgres_recorder() -> type[PostgresApplicationRecorder]:
    """The library's PostgreSQL application recorder, keeping and checking each game's head."""
    from companion.postgres_heads import HeadedPostgresRecorder

    return HeadedPostgresRecorder
