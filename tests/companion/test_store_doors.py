"""No door that takes a file opens the store file, and the store is never one of Zebra's own
files (#26, store doors).

On POSIX a process's locks on a file are dropped when it closes ANY descriptor of that file, so a
door that read the store with plain ``open()`` (a league key, a script, a roster, an import) would
drop the SQLite locks this process holds; another process could then checkpoint and delete the
write-ahead log still being written. Each door is pointed at the store file (by name, through a
symbolic link, through a hard link) while a real second process holds the store open; each is
refused in one line saying it is the store itself, the locks seen in /proc/locks are the same
after it as before (this process's and the other's), and the store's rows are unchanged.

And the store is never the device-state file (``$XDG_STATE_HOME/zebra/current.json``, rewritten
by every command) nor the league key file: such a store is refused before anything is written.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.service import Referee
from tests.domain.scripts import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]
FULL = EXAMPLES / "rushzone-full.zebra"
LOCKS = Path("/proc/locks")
KEY_ENV = "ZEBRA_LEAGUE_KEY_FILE"

# A real second process that holds the store open (a connection in a read transaction) until
# its standard input closes.
HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN")
conn.execute("SELECT COUNT(*) FROM stored_events").fetchall()
print("holding", flush=True)
sys.stdin.read()
"""


def zebra(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb", **(env or {})})
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def refused(code: int, err: str, *words: str) -> str:
    """Exit 1 and one ``error:`` line holding every word."""
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1 and lines[0].startswith("error: "), err
    for word in words:
        assert word in lines[0], err
    return lines[0]


def locks_on(path: Path) -> list[tuple[str, ...]]:
    """Every POSIX lock held on the store file or its shared-memory file, by any process."""
    inodes = {}
    for suffix in ("", "-shm"):
        info = os.stat(f"{path}{suffix}")
        inodes[(os.major(info.st_dev), os.minor(info.st_dev), info.st_ino)] = suffix or "db"
    found = []
    for line in LOCKS.read_text().splitlines():
        fields = line.split()
        if "->" in fields or len(fields) < 8:
            continue  # a lock waiting for another is not one held
        major, minor, inode = fields[5].split(":")
        where = inodes.get((int(major, 16), int(minor, 16), int(inode)))
        if where is not None:
            found.append((fields[4], where, fields[3], fields[6], fields[7]))
    return sorted(found)


def kept(before: list[tuple[str, ...]], after: list[tuple[str, ...]]) -> bool:
    """Whether every lock held before is still held (a door's own connection may add some)."""
    return set(before) <= set(after)


def store_rows(path: Path) -> str:
    """A digest of every row of the store, read through SQLite."""
    digest = hashlib.sha256()
    with closing(stores.sqlite3.connect(stores.sqlite_uri(path, "ro"), uri=True)) as conn:
        for table in ("stored_events", "game_heads", "zebra_tracking"):
            for row in conn.execute(f"SELECT * FROM {table} ORDER BY 1"):
                digest.update(repr(row).encode())
    return digest.hexdigest()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store holding one complete game, named by ZEBRA_STORE."""
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv(KEY_ENV, raising=False)
    code, _, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    return path


@pytest.fixture
def held(store: Path) -> Iterator[Referee]:
    """The store held open by a real second process, and by this one (a referee, as a command
    keeps it while it reads a key or a file); both hold SQLite's locks on it."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
    referee = Referee(stores.resolve(str(store), create=False))
    referee.status(referee.find(None))
    try:
        yield referee
    finally:
        referee.close()
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=10)


def an_export(store: Path, tmp_path: Path, fmt: str) -> Path:
    target = tmp_path / f"game.{fmt}"
    code, _, err = zebra("export", "--format", fmt, "-o", str(target))
    assert code == 0, err
    return target


def doors(store: Path, tmp_path: Path, named: Path) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Every door that takes a file, pointed at ``named`` (the store, or a link to it): its
    arguments, and the environment it is given."""
    csv = an_export(store, tmp_path, "csv")
    jsonl = an_export(store, tmp_path, "jsonl")
    key = {KEY_ENV: str(named)}
    at = str(named)
    return {
        "export --key": (["export", "--format", "csv", "--key", at], {}),
        "export with $ZEBRA_LEAGUE_KEY_FILE": (["export", "--format", "jsonl"], key),
        "export -o": (["export", "--format", "csv", "-o", at, "--force"], {}),
        "verify FILE": (["verify", at], {}),
        "verify --key": (["verify", str(csv), "--key", at], {}),
        "import FILE": (["import", at], {}),
        "import with $ZEBRA_LEAGUE_KEY_FILE": (["import", str(jsonl)], key),
        "play --script": (["play", "rushzone", "--script", at], {}),
        "play --roster-home": (
            ["play", "thirdandlong", "--home", "A", "--away", "B", "--roster-home", at],
            {},
        ),
        "play --roster-away (a deck)": (
            ["play", "gridironmasters", "--home", "A", "--away", "B", "--roster-away", at],
            {},
        ),
        "roster check (a deck)": (["roster", "check", "gridironmasters", at], {}),
        "league key --create": (["league", "key", "--create", at], {}),
    }


@pytest.mark.parametrize("how", ["by name", "through a symbolic link", "through a hard link"])
def test_no_door_opens_the_store_and_every_one_says_it_is_the_store_itself(
    store: Path, held: Referee, tmp_path: Path, how: str
) -> None:
    named = store
    if how == "through a symbolic link":
        named = tmp_path / "notes.toml"
        named.symlink_to(store)
    elif how == "through a hard link":
        named = tmp_path / "key.txt"
        os.link(store, named)
    before, rows = locks_on(store), store_rows(store)
    mine = [lock for lock in before if lock[0] == str(os.getpid())]
    assert any(lock[1] == "db" for lock in mine), before  # this process holds SQLite's lock
    assert any(lock[0] != str(os.getpid()) for lock in before), before  # and so does the other
    for door, (args, env) in doors(store, tmp_path, named).items():
        code, out, err = zebra(*args, env=env)
        assert kept(before, locks_on(store)), door
        assert store_rows(store) == rows, door
        line = refused(code, err, "the Zebra store itself")
        assert str(named) in line or str(store) in line, (door, line)


def test_a_zebra_process_refuses_every_door_while_another_holds_the_store(
    store: Path, held: Referee, tmp_path: Path
) -> None:
    """The same doors through the real ``zebra`` program, in a process of its own."""
    before, rows = locks_on(store), store_rows(store)
    program = Path(sys.executable).parent / "zebra"
    for door, (args, env) in doors(store, tmp_path, store).items():
        done = subprocess.run(
            [str(program), *args],
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        refused(done.returncode, done.stderr, "the Zebra store itself")
        assert "Traceback" not in done.stderr, door
        assert kept(before, locks_on(store)), door
        assert store_rows(store) == rows, door


def test_a_key_file_beside_the_store_is_still_read(store: Path, tmp_path: Path) -> None:
    """The refusal is of the store alone: a key file of its own signs the export."""
    key = tmp_path / "league.key"
    code, _, err = zebra("league", "key", "--create", str(key))
    assert code == 0, err
    code, out, err = zebra("export", "--format", "csv", "--key", str(key))
    assert code == 0, err
    assert out.startswith("game_id,")


# The store is never one of Zebra's own files ----------------------------------------------------


def state_file(tmp_path: Path) -> Path:
    return tmp_path / "state" / "zebra" / "current.json"


def test_a_store_at_the_device_state_file_is_refused_before_anything_is_written(
    store: Path, tmp_path: Path
) -> None:
    """On a device whose state file is already written, or not yet."""
    target = state_file(tmp_path)
    remembered = target.read_bytes()
    for args in (["play", "rushzone", "--script", str(FULL)], ["games"]):
        code, _, err = zebra(*args, "--store", str(target))
        refused(code, err, "device-state file", "nothing was written")
    assert target.read_bytes() == remembered
    target.unlink()
    code, _, err = zebra("play", "rushzone", "--script", str(FULL), "--store", str(target))
    refused(code, err, "device-state file", "nothing was written")
    assert not target.exists()


def test_a_store_at_the_prompts_history_file_is_refused_before_anything_is_written(
    store: Path, tmp_path: Path
) -> None:
    """The zebra> prompt adds each line typed to its history file, beside the state file."""
    target = state_file(tmp_path).with_name("history")
    target.write_text("toss home\n")
    code, _, err = zebra("play", "rushzone", "--script", str(FULL), "--store", str(target))
    refused(code, err, "history file", "nothing was written")
    assert target.read_text() == "toss home\n"
    target.unlink()
    code, _, err = zebra("games", "--store", str(target))
    refused(code, err, "history file", "nothing was written")
    assert not target.exists()


@pytest.mark.parametrize("how", ["symbolic link", "hard link"])
def test_a_state_file_linked_to_the_store_is_refused_and_the_store_kept(
    store: Path, tmp_path: Path, how: str
) -> None:
    target = state_file(tmp_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    if how == "symbolic link":
        target.symlink_to(store)
    else:
        os.link(store, target)
    rows = store_rows(store)
    for args in (["games"], ["status"], ["play", "rushzone", "--script", str(FULL)]):
        code, _, err = zebra(*args)
        refused(code, err, "device-state file")
    code, _, err = zebra("games", "--store", str(target))
    refused(code, err, "device-state file")
    assert store_rows(store) == rows


def test_a_state_file_that_is_another_store_is_never_replaced(
    store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store moved to where the state file goes is neither read nor replaced by a command on
    another store: only the hint of this device's game is lost."""
    target = state_file(tmp_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    other = tmp_path / "other.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(other))
    code, _, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    target.unlink(missing_ok=True)
    os.replace(store, target)  # the store file moved, whole (it is closed)
    rows = store_rows(target)
    # The same script again is the same game (one game, one record): played as a marked copy.
    code, out, err = zebra("play", "rushzone", "--script", str(FULL), "--copy")
    assert code == 0, err
    code, out, err = zebra("games")
    assert code == 0 and len(out.splitlines()) == 2, err
    assert store_rows(target) == rows


def test_a_store_at_the_league_key_file_is_refused(store: Path, tmp_path: Path) -> None:
    key = tmp_path / "league.key"
    new = tmp_path / "new.sqlite"
    code, _, err = zebra(
        "play", "rushzone", "--script", str(FULL), "--store", str(key), env={KEY_ENV: str(key)}
    )
    refused(code, err, "league key file", "nothing was written")
    assert not key.exists()
    code, _, err = zebra("play", "rushzone", "--script", str(FULL), "--store", str(new))
    assert code == 0, err
