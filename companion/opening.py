"""Open a game from its last snapshot: the game as it stood at one event, kept beside the
events, and only the events after it read and chain-checked (issue #29).

A snapshot (table ``game_snapshots``, one row per game) holds what replaying the game's
events up to ``version`` makes of the aggregate: its recorded facts (entries, order,
corrections, commands, the fold's stored checkpoints and steps), never what the rules compute
on demand (those are made again when first asked for, as after any replay). The row also holds
the chain link of the event at ``version`` and a seal, SHA-256 over that link and the state's
bytes. A command opens the game by reading the row, then the events from ``version`` on (held
to the game's head, companion.heads): the event at ``version`` must carry the row's link, and
every event after it is chained from it. The events before ``version`` are not read; a full
read (``zebra check``, log, history, export) checks them. docs/events.md says what each path
detects. A snapshot that does not fit (its seal, or the event at its version) is not used: the
game is opened from all of its events, which names any damage.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import zlib
from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import Any
from uuid import UUID

# A snapshot is written when an open reads this many events past the game's last one.
SNAPSHOT_EVERY = 100
# Not "..._check...": a test holds every command but check to no SQLite integrity check.
SNAPSHOTS_TABLE = "game_snapshots"
# The aggregate's fields a replay leaves unset (the rules make them when first asked for):
# a snapshot stores them as a replay leaves them.
_UNSET = {"_steps": None, "_base": 0, "_prompt": None, "_agreement": None}
_LEFT_OUT = {"_pending_events", "_built", "_contract_events"}
_TIMES = ("_created_on", "_modified_on")


class NotASnapshot(ValueError):
    """A stored snapshot Zebra did not write (or cannot read): the game is opened in full."""


@cache
def _types() -> dict[str, type]:
    """The classes a snapshot may name: the aggregate's recorded facts, nothing else."""
    from domain.game_fold import Checkpoint
    from domain.reruling import StoredStep
    from domain.ruleset import Ruling
    from domain.sides import Sides
    from domain.timeline import CorrectionLog, Entry, Op

    return {
        cls.__qualname__: cls
        for cls in (Checkpoint, StoredStep, Ruling, Sides, Entry, CorrectionLog, Op)
    }


def encode_game(game: Any) -> str:
    """The game's recorded state as JSON text (what ``decode_game`` reads back).

    The large fields (every entry, every stored step, the fold's checkpoints) are written as
    plain JSON rows, not tagged value by value: a 5,000-entry game is read in one ``json.loads``
    and a loop, not a walk over millions of values."""
    from domain import snapshots

    fields: dict[str, Any] = {}
    for name, value in vars(game).items():
        if name in _LEFT_OUT:
            continue
        if name in _FAST:
            fields[name] = _FAST[name][0](game, value)
            continue
        if name in _UNSET:
            value = _UNSET[name]
        elif name == "_struck_n" and value is None:
            value = game.struck_count
        elif name == "_recorded_before":
            value = _shared_out(value)
        elif name == "_id":
            value = value.hex
        elif name in _TIMES:
            value = value.isoformat()
        fields[name] = snapshots._encode(value, _types())
    text = json.dumps(fields, separators=(",", ":"), ensure_ascii=False)
    # Compressed: a snapshot is rewritten every 100 events, and what an entry writes must not
    # grow with the game (tests/companion/test_entry_bytes.py); base64, for a text column.
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 6)).decode("ascii")


def decode_game(text: str) -> Any:
    """The game ``encode_game`` wrote; anything else is refused with ``NotASnapshot``."""
    from domain import snapshots
    from domain.game import Game

    try:
        data = json.loads(zlib.decompress(base64.b64decode(text, validate=True)))
        if not isinstance(data, dict):
            raise NotASnapshot("a snapshot is not a record")
        fields = {
            name: _FAST[name][1](value) if name in _FAST else snapshots._decode(value, _types())
            for name, value in data.items()
        }
        fields["_id"] = UUID(hex=fields["_id"])
        fields["_recorded_before"] = _shared_in(fields["_recorded_before"])
        for name in _TIMES:
            fields[name] = datetime.fromisoformat(fields[name])
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, zlib.error) as exc:
        raise NotASnapshot(str(exc)[:80]) from None
    game: Any = object.__new__(Game)
    game.__dict__.update(fields)
    game._pending_events = []
    return game


def _entry_out(e: Any) -> list[Any]:
    sides = None if e.sides is None else [e.sides.actor, list(e.sides.slots), e.sides.form]
    return [e.seq, e.text, e.by, e.at, e.struck, sides, e.withdrawn, e.struck_with]


def _entry_in(v: list[Any]) -> Any:
    from domain.sides import Sides
    from domain.timeline import Entry

    seq, text, by, at, struck, sides, withdrawn, struck_with = v
    made = None if sides is None else Sides(sides[0], tuple(sides[1]), sides[2])
    return Entry(seq, text, by, at, struck, made, withdrawn, struck_with)


def _entries_out(game: Any, entries: dict[int, Any]) -> list[Any]:
    return [_entry_out(e) for e in entries.values()]


def _entries_in(rows: list[Any]) -> dict[int, Any]:
    return {row[0]: _entry_in(row) for row in rows}


def _standing_out(game: Any, standing: Any) -> None:
    # Listed again from the entries when first asked for (``Fold._standing_list``).
    return None


def _steps_out(game: Any, stored: dict[int, Any]) -> list[Any]:
    # A step's rulings and change are the JSON its event stored.
    return [[seq, s.rules, s.rulings, s.change] for seq, s in stored.items()]


def _steps_in(rows: list[Any]) -> dict[int, Any]:
    from domain.reruling import StoredStep

    return {seq: StoredStep(rules, rulings, change) for seq, rules, rulings, change in rows}


def _points_out(game: Any, points: dict[int, Any]) -> list[Any]:
    from domain import snapshots

    # As a replay leaves them: stored, not decoded (decoded again when first read).
    return [
        [k, p.place, p.seq, p.stored, snapshots._encode(p.rulings, _types()), p.rules]
        for k, p in points.items()
    ]


def _points_in(rows: list[Any]) -> dict[int, Any]:
    from domain import snapshots
    from domain.game_fold import Checkpoint

    return {
        k: Checkpoint(
            place=place,
            seq=seq,
            stored=stored,
            rulings=snapshots._decode(rulings, _types()),
            rules=rules,
        )
        for k, place, seq, stored, rulings, rules in rows
    }


def _commands_out(game: Any, commands: dict[int, Any]) -> list[Any]:
    return [[v, c, text] for v, (c, text) in commands.items()]


def _commands_in(rows: list[Any]) -> dict[int, Any]:
    return {v: (c, text) for v, c, text in rows}


_FAST: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any], Any]]] = {
    "entries": (_entries_out, _entries_in),
    "_standing": (_standing_out, lambda _: None),
    "_stored": (_steps_out, _steps_in),
    "_checkpoints": (_points_out, _points_in),
    "commands": (_commands_out, _commands_in),
}


def _shared_out(recorded: dict[int, tuple[list[Any], int]]) -> tuple[list[Any], list[Any]]:
    """The standing entries kept before each legacy entry (``Fold._recorded_before``), each
    list shared by several entries stored once, as far as any of them reads it: a replay and
    a live game then store the same, and a long legacy game's lists are not stored n times."""
    lists: dict[int, int] = {}
    shared: list[list[Any]] = []
    reach: list[int] = []
    at = []
    for seq, (before, count) in recorded.items():
        index = lists.setdefault(id(before), len(shared))
        if index == len(shared):
            shared.append(before)
            reach.append(0)
        reach[index] = max(reach[index], count)
        at.append((seq, index, count))
    return [b[:n] for b, n in zip(shared, reach, strict=True)], at


def _shared_in(value: Any) -> dict[int, tuple[list[Any], int]]:
    """What ``_shared_out`` stored, its lists shared again."""
    shared, at = value
    return {seq: (shared[index], count) for seq, index, count in at}


def seal(link: str, state: str) -> str:
    """What binds a snapshot to the event it was taken at: SHA-256 of its link and state."""
    digest = hashlib.sha256(link.encode("ascii") + b"\n")
    digest.update(state.encode("utf-8"))
    return digest.hexdigest()


def due(version: int, since: int | None) -> bool:
    """Whether a game saved at ``version`` is due a snapshot (its last one at ``since``)."""
    return version - (since or 0) >= SNAPSHOT_EVERY


CREATE_SNAPSHOTS = (
    "CREATE TABLE IF NOT EXISTS {snapshots} (game_id {key} PRIMARY KEY, "
    "version BIGINT NOT NULL, link TEXT NOT NULL, seal TEXT NOT NULL, state TEXT NOT NULL)"
)
SELECT_SNAPSHOT = "SELECT version, link, seal, state FROM {snapshots} WHERE game_id = %s"
# Only ever moved on: two processes writing a game's snapshot at once keep the later one.
UPSERT_SNAPSHOT = (
    "INSERT INTO {snapshots} AS c (game_id, version, link, seal, state) "
    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (game_id) DO UPDATE SET "
    "version = excluded.version, link = excluded.link, seal = excluded.seal, "
    "state = excluded.state WHERE excluded.version > c.version"
)


@dataclasses.dataclass(frozen=True)
class Stored:
    """A game's snapshot row, as read."""

    version: int
    link: str
    seal: str
    state: str

    @property
    def sound(self) -> bool:
        """Whether the row is what Zebra writes: its columns' types, and its seal."""
        version, texts = self.version, (self.link, self.seal, self.state)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            return False
        if not all(isinstance(t, str) for t in texts):
            return False
        try:
            return seal(self.link, self.state) == self.seal
        except (UnicodeError, ValueError):
            return False


def select_snapshot(recorder: Any, game: UUID) -> Stored | None:
    """The game's snapshot row, or None: none yet, or a store without the table."""
    import sqlite3

    from eventsourcing.persistence import PersistenceError

    try:
        rows = recorder._read(recorder._sql(SELECT_SNAPSHOT), (recorder._key(game),))
    except (sqlite3.Error, PersistenceError):
        # A damaged page of the snapshots table: the game's events are read instead, and
        # name any damage of their own.
        return None
    if not rows:
        return None
    r = rows[0]
    return Stored(r["version"], r["link"], r["seal"], r["state"])


def write_snapshot(recorder: Any, game: UUID, version: int, link: str, state: str) -> None:
    """Keep the game's snapshot at ``version`` (whose event carries ``link``)."""
    params = (recorder._key(game), version, link, seal(link, state), state)
    recorder._write([(recorder._sql(UPSERT_SNAPSHOT), params)])


def open_from_snapshot(recorder: Any, mapper: Any, game_id: UUID) -> tuple[Any, int] | None:
    """The game opened from its snapshot and the events after it (chain-checked from the
    snapshot's event to the game's head) with the snapshot's version, or None if no
    snapshot fits."""
    from companion.integrity import stored_link

    stored = select_snapshot(recorder, game_id)
    if stored is None or not stored.sound:
        return None
    # From the event before the snapshot's: the snapshot's own event is then checked
    # against the link before it, as every event after it is. Held to the game's head
    # (companion.heads): the read must reach it.
    start = max(stored.version - 1, 1)
    events = recorder.select_events(game_id, gt=start - 1)
    if [e.originator_version for e in events[: stored.version - start + 1]] != list(
        range(start, stored.version + 1)
    ):
        return None
    at = events[stored.version - start]
    if stored_link(at.state) != stored.link:
        return None
    try:
        game = decode_game(stored.state)
    except NotASnapshot:
        return None
    if game.id != game_id or game.version != stored.version:
        return None
    if start < stored.version:
        before = stored_link(events[0].state)
        if before is None:
            return None  # an event written before links: opened in full, as before
        mapper.start_at(game_id, start, before)
    mapper.to_domain_event(at)
    for event in events[stored.version - start + 1 :]:
        game = mapper.to_domain_event(event).mutate(game)
    return game, stored.version


def keep_snapshots(referee: Any, objs: Any) -> None:
    """After a game is opened (not from the process's cache): a snapshot of it as opened, if
    the open read 100 or more events past its last snapshot (or it had none).

    The process that paid for a long read writes the next snapshot, so later opens read less;
    what an entry writes is unchanged (tests/companion/test_entry_bytes.py), and a process
    that keeps the game (the tablet) writes none. Written in a transaction of its own: a
    snapshot only shortens later reads, so one not written (a busy or read-only store) leaves
    the next open to read more."""
    import sqlite3

    from eventsourcing.persistence import PersistenceError

    from companion.store import StoreError
    from domain.game import Game

    if referee.store.read_only:
        return
    for game in objs:
        if not isinstance(game, Game):
            continue
        link = referee.mapper.link_at(game.id, game.version)
        if link is None or not due(game.version, referee.snapshotted.get(game.id)):
            continue
        try:
            write_snapshot(referee.recorder, game.id, game.version, link, encode_game(game))
        except (sqlite3.Error, PersistenceError, StoreError):
            continue
        referee.snapshotted[game.id] = game.version


def open_into_cache(referee: Any, game_id: UUID) -> bool:
    """A game the referee's cache does not keep, opened from its snapshot into the cache,
    where the repository's read finds it (and brings it up to date); whether it was not kept
    (the repository reads all of its events if no snapshot fits)."""
    cache = referee.repository.cache
    if cache is None:
        return False
    try:
        cache.get(game_id)
        return False
    except KeyError:
        pass
    opened = open_from_snapshot(referee.recorder, referee.mapper, game_id)
    if opened is not None:
        game, referee.snapshotted[game_id] = opened
        cache.put(game_id, game)
    return True


def whole(recorder: Any, transcoder: Any, game_id: UUID) -> str | None:
    """None if every event of the game reads back whole, chained from its first event to its
    head; else the one line naming the damage. A command reads only from the game's last
    snapshot on: the tablet runs this after opening a game."""
    from companion.integrity import ChainedMapper, StoreDamaged, check_game

    checker = ChainedMapper(transcoder=transcoder)
    checker.recorder = recorder
    try:
        events = recorder.select_events(game_id)
    except StoreDamaged as exc:
        return str(exc)
    return check_game(events, checker)
