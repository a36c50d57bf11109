"""No acknowledged entry lost when one process opens the store again while it is writing.

On POSIX, closing any descriptor of a database file drops every lock the process's SQLite
connections hold on it. If opening the store read the file with plain ``open()``, another
process could believe it was alone, checkpoint and delete the WAL, and this process would go on
writing acknowledged entries into a deleted file. Real processes (spawned, not forked), because
the locks are per process.
"""

from __future__ import annotations

import builtins
import io
import multiprocessing
import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import read_script
from companion.service import Referee
from tests.domain.scripts import EXAMPLES

TRIALS = int(os.environ.get("ZEBRA_LOCK_TRIALS", "4"))
SPAWN = multiprocessing.get_context("spawn")
ENTRIES = [line for _, line in read_script(EXAMPLES / "rushzone-full.zebra").lines]


def reopening_writer(path: str, ready: str, out: str) -> None:
    """Enter the game's entries through one referee, resolving and opening the store between."""
    referee = Referee(stores.resolve(path, create=True))
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    Path(ready).touch()
    acked = failed_opens = 0
    for text in ENTRIES:
        try:
            Referee(stores.resolve(path, create=False)).close()
        except stores.StoreError:
            failed_opens += 1
        try:
            referee.enter(game_id, text)
        except Exception:  # noqa: BLE001 - a refused entry is not acknowledged; count the rest
            continue
        acked += 1
    referee.close()
    Path(out).write_text(f"{game_id} {acked} {failed_opens}", encoding="utf-8")


def other_table(path: str, ready: str, out: str) -> None:
    """Another process: open the store, enter one entry, close it (checkpointing), repeat."""
    while not Path(ready).exists():
        pass
    game_id: UUID | None = None
    acked = 0
    for text in ENTRIES:
        referee = Referee(stores.resolve(path, create=True))
        try:
            if game_id is None:
                game_id = referee.start("rushzone", "Lions", "Vikings").game_id
            referee.enter(game_id, text)
        except Exception:  # noqa: BLE001 - a refused entry is not acknowledged; count the rest
            referee.close()
            continue
        acked += 1
        referee.close()
    Path(out).write_text(f"{game_id} {acked} 0", encoding="utf-8")


def stored_entries(path: str, games: str, out: str) -> None:
    """In a fresh process: how many entries of each game the store holds."""
    referee = Referee(stores.resolve(path, create=False))
    counts = [str(len(referee.record(UUID(game)).lines)) for game in games.split()]
    Path(out).write_text(" ".join(counts), encoding="utf-8")


def run(target: object, *args: str) -> multiprocessing.process.BaseProcess:
    process = SPAWN.Process(target=target, args=args)
    process.start()
    return process


def test_reopening_the_store_while_writing_loses_no_acknowledged_entry(tmp_path: Path) -> None:
    for trial in range(TRIALS):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        path, ready = str(folder / "zebra.sqlite"), str(folder / "ready")
        writer_out, other_out, count_out = (str(folder / n) for n in ("w", "o", "c"))
        processes = [
            run(reopening_writer, path, ready, writer_out),
            run(other_table, path, ready, other_out),
        ]
        for process in processes:
            process.join(300)
            assert process.exitcode == 0
        acknowledged = [
            Path(out).read_text(encoding="utf-8").split() for out in (writer_out, other_out)
        ]
        counter = run(stored_entries, path, " ".join(g for g, _, _ in acknowledged), count_out)
        counter.join(120)
        assert counter.exitcode == 0
        stored = [int(n) for n in Path(count_out).read_text(encoding="utf-8").split()]
        acked = [int(n) for _, n, _ in acknowledged]
        failed_opens = sum(int(n) for _, _, n in acknowledged)
        assert (acked, stored, failed_opens) == (acked, acked, 0), f"trial {trial}"
        assert acked == [len(ENTRIES), len(ENTRIES)]


# Opening the store reads it through SQLite alone, and quickly ------------------------------------


def a_store(tmp_path: Path) -> Path:
    path = tmp_path / "zebra.sqlite"
    referee = Referee(stores.resolve(str(path), create=True))
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in ENTRIES:
        referee.enter(game_id, text)
    referee.close()
    return path


def test_opening_the_store_never_reads_it_outside_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = a_store(tmp_path)
    real_open = builtins.open

    def guarded(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | Path) and Path(file).name.startswith(path.name):
            raise AssertionError(f"{file} opened outside SQLite")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)
    monkeypatch.setattr(io, "open", guarded)
    referee = Referee(stores.resolve(str(path), create=False))
    assert len(referee.games()) == 1
    referee.close()


def test_opening_the_store_runs_no_whole_file_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = a_store(tmp_path)
    statements: list[str] = []
    real_connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(statements.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced)
    stores.resolve(str(path), create=False)
    assert statements and not [s for s in statements if "check" in s.lower()]


def test_the_integrity_check_names_what_is_wrong(tmp_path: Path) -> None:
    path = a_store(tmp_path)
    assert stores.integrity_check(path) is None
    data = bytearray(path.read_bytes())
    # Damage a page in the middle of the file: opening the store does not notice, the check does.
    middle = (len(data) // 2 // 4096) * 4096
    data[middle + 8 : middle + 4000] = bytes(range(256)) * 15 + bytes(range(232))
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(bytes(data))
    stores.resolve(str(damaged), create=False)
    verdict = stores.integrity_check(damaged)
    assert verdict is not None and "damaged" in verdict and "\n" not in verdict
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 200)
    assert "not an SQLite file" in (stores.integrity_check(junk) or "")
    assert "no Zebra store" in (stores.integrity_check(tmp_path / "none.sqlite") or "")


def test_zebra_check_names_a_damaged_index_that_sqlite_quick_check_passes(tmp_path: Path) -> None:
    """SQLite's file check (PostgreSQL keeps its indexes itself): the full one, which compares
    every index entry with its row."""
    path = a_store(tmp_path)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
        pages = [
            row[0]
            for row in conn.execute(
                "SELECT pageno FROM dbstat WHERE name = 'sqlite_autoindex_stored_events_1' "
                "AND pagetype = 'leaf'"
            )
        ]
        (full_id,) = conn.execute("SELECT DISTINCT originator_id FROM stored_events").fetchone()
    data = bytearray(path.read_bytes())
    start = (pages[0] - 1) * page_size
    at = data.find(full_id.encode(), start, start + page_size)
    assert at != -1
    # One index entry's game id changed, so it sorts after the game's other entries.
    at += next(i for i, ch in enumerate(full_id) if ch != "f")
    data[at] = ord("f")
    path.write_bytes(bytes(data))
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    result = CliRunner().invoke(app, ["check", "--all", "--store", str(path)])
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1, result.output
    line = result.stderr
    assert line.startswith(f"error: store {path} is damaged: ") and "REINDEX" in line, line
    assert "missing from index sqlite_autoindex_stored_events_1" in line, line
    assert "(the index of events by game and number)" in line, line
