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
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from companion import store as stores
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


def test_quick_check_names_what_is_wrong(tmp_path: Path) -> None:
    path = a_store(tmp_path)
    assert stores.quick_check(path) is None
    data = bytearray(path.read_bytes())
    # Damage a page in the middle of the file: opening the store does not notice, the check does.
    middle = (len(data) // 2 // 4096) * 4096
    data[middle + 8 : middle + 4000] = bytes(range(256)) * 15 + bytes(range(232))
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(bytes(data))
    stores.resolve(str(damaged), create=False)
    verdict = stores.quick_check(damaged)
    assert verdict is not None and "corrupt" in verdict and "\n" not in verdict
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 200)
    assert "not an SQLite file" in (stores.quick_check(junk) or "")
    assert "no Zebra store" in (stores.quick_check(tmp_path / "none.sqlite") or "")
