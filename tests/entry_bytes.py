"""What one entry writes to an SQLite store, against a bare insert of the same events (#29).

Run in a fresh process (``python -m tests.entry_bytes DIR ENTRIES FIRST,SECOND``), so that
``/proc/self/io`` counts this game's writes alone. A long generated Red Zone game
(benchmarks.games.long_game) is played entry by entry through ``Referee.enter``. For each entry
of the two windows of WINDOW entries starting at FIRST and SECOND, two counts:

- ``wal``: the bytes the process passed to ``write()`` while the entry was recorded (SQLite's
  WAL frames: a 24-byte header and a whole 4 KiB page for every page the transaction changed);
- ``rows``: the bytes of the rows the entry wrote: its events (id, version, topic, state), the
  head row as it now is (every column), the status row at its version (companion.heads: a step,
  or now and then a checkpoint) and the tracking record.

The bare insert of the same entry is its stored events as Zebra stored them, inserted by the
library's own SQLite application recorder (same WAL and synchronous settings) into a store of
its own: ``bare_wal`` and ``bare_rows`` (the events' bytes alone). Printed as one JSON object.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

WINDOW = 100


def written() -> int:
    """The bytes this process has passed to write() so far."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise RuntimeError("no wchar in /proc/self/io")


def _size(value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, (bytes, str)):
        return len(value.encode("utf-8") if isinstance(value, str) else value)
    return 8


def row_bytes(path: Path, game: str, after: int) -> tuple[int, int]:
    """The bytes of the rows an entry wrote (everything), and of its events alone."""
    with closing(sqlite3.connect(path)) as db:
        events = db.execute(
            "SELECT originator_id, originator_version, topic, state FROM stored_events "
            "WHERE originator_id = ? AND originator_version > ?",
            (game, after),
        ).fetchall()
        head = db.execute("SELECT * FROM game_heads WHERE game_id = ?", (game,)).fetchall()
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        status: list[Any] = []
        if "game_status" in tables:
            status = db.execute(
                "SELECT * FROM game_status WHERE game_id = ? AND version > ?", (game, after)
            ).fetchall()
        tracking = db.execute("SELECT * FROM zebra_tracking").fetchall()
    event_bytes = sum(_size(v) for row in events for v in row)
    others = sum(_size(v) for rows in (head, status, tracking) for row in rows for v in row)
    return event_bytes + others, event_bytes


def measure(folder: Path, entries: int, starts: list[int]) -> dict[str, list[dict[str, int]]]:
    from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore

    from benchmarks.games import long_game
    from companion import store as stores
    from companion.service import Referee

    played = long_game(entries)
    path = folder / "zebra.sqlite"
    referee = Referee(stores.resolve(str(path), create=True))
    bare = SQLiteApplicationRecorder(SQLiteDatastore(str(folder / "bare.sqlite")))
    bare.create_table()
    game = referee.start(played.ruleset, "Bears", "Packers", played.options).game_id
    windows: dict[str, list[dict[str, int]]] = {str(s): [] for s in starts}
    for n, text in enumerate(played.entries):
        window = next((str(s) for s in starts if s <= n < s + WINDOW), None)
        version = referee.recorder.select_head(game).version if window else 0  # type: ignore[union-attr]
        before = written()
        referee.enter(game, text)
        wal = written() - before
        if window is None:
            continue
        stored = referee.recorder.select_events(game, gt=version)
        before = written()
        bare.insert_events(list(stored))
        bare_wal = written() - before
        rows, events = row_bytes(path, game.hex, version)
        windows[window].append(
            {"wal": wal, "rows": rows, "bare_wal": bare_wal, "bare_rows": events}
        )
    return windows


if __name__ == "__main__":
    out = measure(Path(sys.argv[1]), int(sys.argv[2]), [int(s) for s in sys.argv[3].split(",")])
    print(json.dumps(out))
