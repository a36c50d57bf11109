"""A full disk is said to be one, with nothing recorded (#26, store doors).

The store is put on a real file system of a few hundred KiB (a tmpfs, mounted for the test: it
needs root), which is then filled. SQLite then answers SQLITE_FULL when it cannot grow the
write-ahead log, or an I/O error when it cannot create its shared-memory file to open the store
at all; both are told as a full disk, through the real ``zebra`` program, and the store's events
are the same after as before. Without the right to mount, the tests say so and are skipped.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from companion import store as stores

PROGRAM = Path(sys.executable).parent / "zebra"
BLOCK = 4096
FULL = "is full, so this command recorded nothing; free some space and try it again"


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A file system of 400 KiB of its own, unmounted afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="zebra-full-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a small tmpfs here (needs root): {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
        folder.rmdir()


def zebra(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ZEBRA_STORE": str(store), "XDG_STATE_HOME": str(store.parent / "st")}
    env.pop("ZEBRA_LEAGUE_KEY_FILE", None)
    return subprocess.run(
        [str(PROGRAM), *args], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def events(store: Path) -> int:
    """The store's events, counted through SQLite (read-only: nothing is created beside it)."""
    with closing(sqlite3.connect(stores.sqlite_uri(store, "ro"), uri=True)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0])


def fill(folder: Path) -> Path:
    """Fill the file system to its last block."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * BLOCK)
        except OSError:
            pass
    assert os.statvfs(folder).f_bavail == 0
    return filler


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and lines[0].startswith("error: "), done
    assert "Traceback" not in done.stderr
    return lines[0]


@pytest.fixture
def game(small_disk: Path) -> Path:
    store = small_disk / "zebra.sqlite"
    done = zebra(
        store, "play", "rushzone", "--home", "Bears", "--away", "Packers", "--script", os.devnull
    )
    assert done.returncode == 0, done.stderr
    return store


def test_an_entry_on_a_full_disk_says_so_and_records_nothing(game: Path) -> None:
    """The store held open by another process (its write-ahead log kept): SQLITE_FULL."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('SELECT 1 FROM stored_events').fetchall(); print('open', flush=True); "
            "sys.stdin.read()",
            str(game),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        before = events(game)
        filler = fill(game.parent)
        line = one_error_line(zebra(game, "enter", "toss home"))
        assert line == f"error: the disk holding the store {game} {FULL}"
        assert events(game) == before
        filler.unlink()
        done = zebra(game, "enter", "toss home")
        assert done.returncode == 0, done.stderr
        assert events(game) > before
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=10)


def test_every_command_on_a_full_disk_says_so_when_the_store_cannot_even_be_opened(
    game: Path,
) -> None:
    """No write-ahead log or shared memory left beside the store: SQLite cannot create them,
    and says "disk I/O error"."""
    assert not Path(f"{game}-shm").exists()
    before = events(game)
    fill(game.parent)
    line = one_error_line(zebra(game, "enter", "toss home"))
    assert line == f"error: the disk holding the store {game} {FULL}"
    for args in (["games"], ["status"], ["league", "standings"], ["enter", "toss home"]):
        done = zebra(game, *args)
        # A read may still succeed where SQLite could make room for its shared memory.
        if done.returncode != 0:
            assert one_error_line(done) == f"error: the disk holding the store {game} {FULL}"
    assert events(game) == before


def test_an_io_error_is_a_full_disk_only_when_no_block_is_left(game: Path) -> None:
    """The threshold, on both sides: no block free, and one block free."""
    filler = fill(game.parent)
    with (
        pytest.raises(sqlite3.OperationalError) as raised,
        closing(sqlite3.connect(stores.sqlite_uri(game, "ro"), uri=True)) as conn,
    ):
        conn.execute("SELECT name FROM sqlite_master").fetchall()
    error = raised.value
    assert error.sqlite_errorcode & 0xFF == stores.SQLITE_IOERR
    assert stores.no_block_left(game.parent)
    assert stores.full_disk(error, game) == f"the disk holding the store {game} {FULL}"
    os.truncate(filler, filler.stat().st_size - BLOCK)
    assert not stores.no_block_left(game.parent)
    assert stores.full_disk(error, game) is None
