"""One true record (issue #13), with real processes on one store, SQLite and PostgreSQL.

Two screens on one game: a command carries the version its screen showed, so a roll typed on a
screen another terminal has overtaken is refused, never recorded twice; a stale undo cannot
strike somebody else's entry; a double tap records once.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.service import Referee
from companion.store import resolve

FIXTURES = Path(__file__).parents[1] / "fixtures"
ROLL = "white 6 2 4 3 5 1"


def zebra_process(store: str, *args: str, by: str) -> subprocess.CompletedProcess[str]:
    """One ``zebra`` command in a process of its own, as a second terminal would run it."""
    env = {**os.environ, "ZEBRA_USER": by, "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *args, "--store", store],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def entered(store: str, game_id: str) -> list[str]:
    referee = Referee(resolve(store, create=False))
    return [line.text for line in referee.record(__import__("uuid").UUID(game_id)).lines]


def version(store: str, game_id: str) -> int:
    done = zebra_process(store, "status", game_id, "--json", by="anyone")
    assert done.returncode == 0, done.stderr
    return int(json.loads(done.stdout)["version"])


@pytest.fixture
def game(store_url: str) -> str:
    referee = Referee(resolve(store_url, create=True))
    game_id = referee.start("rushzone", "Packers", "Bears").game_id
    for text in ("toss home", "kick", "green 1 3"):
        referee.enter(game_id, text)
    return game_id.hex


def read_until(process: subprocess.Popen[str], marker: str, seconds: float = 20) -> str:
    """What the process printed until ``marker`` (its prompt) appeared."""
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise AssertionError(f"no {marker!r} within {seconds} s; printed: {seen[-400:]}")
        chunk = os.read(process.stdout.fileno(), 65536).decode()
        if not chunk:
            raise AssertionError(f"the session ended before {marker!r}: {seen[-400:]}")
        seen += chunk
    return seen


def session(store: str, game_id: str, by: str) -> subprocess.Popen[str]:
    """Terminal B: ``zebra resume`` at its prompt, reading lines as a person types them."""
    env = {**os.environ, "ZEBRA_USER": by, "COLUMNS": "120", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "resume", game_id, "--store", store],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def test_two_screens_one_roll_is_recorded_once(store_url: str, game: str) -> None:
    b = session(store_url, game, "bob")
    try:
        read_until(b, "zebra> ")
        # Terminal A enters the roll while B's screen still shows the old prompt.
        shown = version(store_url, game)
        a = zebra_process(
            store_url, "enter", ROLL, "--game", game, "--expect-version", str(shown), by="ann"
        )
        assert a.returncode == 0, a.stderr
        assert b.stdin is not None
        b.stdin.write(ROLL + "\n")
        b.stdin.flush()
        said = read_until(b, "zebra> ")
        assert "the game moved on: 'white 6 2 4 3 5 1' was entered by ann (entry 4)" in said
        assert "nothing of yours was recorded" in said
        b.stdin.write("quit\n")
        b.stdin.flush()
        b.wait(timeout=20)
    finally:
        b.kill()
    assert entered(store_url, game).count(ROLL) == 1


def test_a_stale_undo_cannot_strike_the_other_screens_entry(store_url: str, game: str) -> None:
    b = session(store_url, game, "bob")
    try:
        read_until(b, "zebra> ")
        shown = version(store_url, game)
        a = zebra_process(
            store_url, "enter", ROLL, "--game", game, "--expect-version", str(shown), by="ann"
        )
        assert a.returncode == 0, a.stderr
        assert b.stdin is not None
        b.stdin.write("undo the die was cocked\n")
        b.stdin.flush()
        said = read_until(b, "zebra> ")
        assert "the game moved on" in said
        b.stdin.write("quit\n")
        b.stdin.flush()
        b.wait(timeout=20)
    finally:
        b.kill()
    referee = Referee(resolve(store_url, create=False))
    lines = referee.record(__import__("uuid").UUID(game)).lines
    assert [line.struck for line in lines] == [None, None, None, None]


def test_a_one_shot_command_from_a_stale_screen_is_refused(store_url: str, game: str) -> None:
    shown = version(store_url, game)
    first = zebra_process(
        store_url, "enter", ROLL, "--game", game, "--expect-version", str(shown), by="ann"
    )
    assert first.returncode == 0, first.stderr
    later = version(store_url, game)
    second = zebra_process(
        store_url,
        "enter",
        "white 1 1 1 6 6 6",
        "--game",
        game,
        "--expect-version",
        str(shown),
        by="bob",
    )
    assert second.returncode == 1
    assert second.stderr.startswith("error: the game moved on: 'white 6 2 4 3 5 1' was entered")
    assert len(second.stderr.strip().splitlines()) == 1
    undo = zebra_process(
        store_url, "undo", game, "--reason", "cocked", "--expect-version", str(shown), by="bob"
    )
    assert undo.returncode == 1 and "the game moved on" in undo.stderr
    assert version(store_url, game) == later


def test_a_double_tap_records_once(store_url: str, game: str) -> None:
    shown = version(store_url, game)
    args = ("enter", ROLL, "--game", game, "--expect-version", str(shown))
    first = zebra_process(store_url, *args, by="ann")
    again = zebra_process(store_url, *args, by="ann")
    assert first.returncode == 0 and again.returncode == 0, again.stderr
    assert again.stdout.startswith("already recorded: 'white 6 2 4 3 5 1' was entered by ann")
    assert entered(store_url, game).count(ROLL) == 1


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def status_of(store: Path, game: str = "") -> dict[str, Any]:
    code, out, err = zebra("status", *([game] if game else []), "--json", "--store", str(store))
    assert code == 0, err
    return json.loads(out)


def unversioned(status: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in status.items() if k != "version"}


def test_strike_and_amend_deep_in_a_finished_game_revert_in_one_command(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    examples = Path(__file__).parents[2] / "examples"
    code, _, err = zebra(
        "play", "rushzone", "--script", str(examples / "rushzone-full.zebra"), "--store", str(store)
    )
    assert code == 0, err
    final = status_of(store)
    code, _, _ = zebra("log", "--store", str(store))
    log_before = zebra("log", "--store", str(store))[1]
    code, out, err = zebra(
        "strike", "48", "--strike-invalid", "--reason", "cocked", "--store", str(store)
    )
    assert code == 0 and "(correction c1:" in out, err
    assert unversioned(status_of(store)) != unversioned(final)
    code, out, err = zebra("revert", "c1", "--reason", "it was fine", "--store", str(store))
    assert code == 0 and "Took back correction c1" in out, err
    assert unversioned(status_of(store)) == unversioned(final)
    assert zebra("log", "--store", str(store))[1] == log_before
    code, out, err = zebra("amend", "3", "green 2 3", "--strike-invalid", "--store", str(store))
    assert code == 0, err
    code, out, err = zebra("revert", "--store", str(store))
    assert code == 0 and "Took back correction c3" in out, err
    assert unversioned(status_of(store)) == unversioned(final)
    assert zebra("log", "--store", str(store))[1] == log_before
    code, out, err = zebra("history", "--store", str(store))
    assert "[c3] amended" in out and "[c4] amended" in out and "c4: took back c3" in out


def test_the_events_export_recreates_the_whole_history(tmp_path: Path) -> None:
    store, other = tmp_path / "s.sqlite", tmp_path / "other.sqlite"
    examples = Path(__file__).parents[2] / "examples"
    zebra(
        "play",
        "rushzone",
        "--script",
        str(examples / "rushzone-full.zebra"),
        "--store",
        str(store),
        "-o",
        "disputes=agree",
    )
    zebra("undo", "--reason", "cocked", "--by", "ann", "--store", str(store))
    zebra("confirm", "--by", "bob", "--store", str(store))
    zebra("strike", "48", "--strike-invalid", "--by", "ann", "--store", str(store))
    zebra("reject", "--by", "bob", "--reason", "no", "--store", str(store))
    history = zebra("history", "--store", str(store))[1]
    exported = tmp_path / "game.events.jsonl"
    code, _, err = zebra("export", "-f", "events", "-o", str(exported), "--store", str(store))
    assert code == 0, err
    code, out, err = zebra("import", str(exported), "--store", str(other))
    assert code == 0, err
    assert zebra("history", "--store", str(other))[1] == history
    assert status_of(other) == status_of(store)
    # The imported game keeps its disputes option: one coach alone cannot undo.
    code, out, _ = zebra("undo", "--by", "ann", "--store", str(other))
    assert code == 0 and "Proposed" in out
    # A second import into the same store is refused (issue #26); --copy is a new game with its
    # own id, the same history, marked as a copy.
    code, out, err = zebra("import", str(exported), "--store", str(store))
    assert code == 1 and "already in the store as" in err
    code, out, err = zebra("import", "--copy", str(exported), "--store", str(store))
    assert code == 0, err


def test_an_altered_events_export_is_refused_and_records_nothing(tmp_path: Path) -> None:
    store, other = tmp_path / "s.sqlite", tmp_path / "other.sqlite"
    examples = Path(__file__).parents[2] / "examples"
    zebra(
        "play", "rushzone", "--script", str(examples / "rushzone-full.zebra"), "--store", str(store)
    )
    exported = tmp_path / "game.events.jsonl"
    zebra("export", "-f", "events", "-o", str(exported), "--store", str(store))
    text = exported.read_text()
    for forged in (
        text.replace('"green 1 3"', '"green 6 1"', 1),
        # The step that made the final score (stored as what changed: the home score).
        text.replace('"score": {"set": {"home": 25', '"score": {"set": {"home": 52', 1),
        "\n".join(text.splitlines()[:-3]) + "\n",
    ):
        assert forged != text
        exported.write_text(forged)
        code, _, err = zebra("import", str(exported), "--store", str(other))
        assert code == 1 and err.startswith("error: ") and len(err.splitlines()) == 1, err
        assert not other.exists() or zebra("games", "--store", str(other))[1].startswith("No")


def test_a_store_written_by_zebra_0_1_opens_and_plays_on(tmp_path: Path) -> None:
    store = tmp_path / "old.sqlite"
    shutil.copy(FIXTURES / "store-v0.1.sqlite", store)
    old = json.loads((FIXTURES / "store-v0.1.df765954.status.json").read_text())
    status = unversioned(status_of(store, "df765954"))
    # Zebra 0.1 kept no seasons: the season of the year the game started (domain.schedule).
    assert (status.pop("season"), status.pop("week")) == (2026, None)
    assert status == old
    code, out, _ = zebra("history", "df765954", "--store", str(store))
    assert out == (FIXTURES / "store-v0.1.df765954.history.txt").read_text()
    code, out, err = zebra("check", "--all", "--store", str(store))
    assert code == 0 and "2 games checked" in out, err
    # A pending 0.1 proposal is confirmed by the other coach; the legacy game plays on.
    code, _, err = zebra("confirm", "--game", "f412e7a4", "--by", "bob", "--store", str(store))
    assert code == 0, err
    code, _, err = zebra("enter", "punt", "--game", "df765954", "--store", str(store))
    assert code in (0, 1)  # whatever the rules say, one line and no traceback
    code, _, err = zebra("check", "--all", "--store", str(store))
    assert code == 0, err


def test_the_first_new_event_binds_the_legacy_events_before_it(tmp_path: Path) -> None:
    import sqlite3

    store = tmp_path / "old.sqlite"
    shutil.copy(FIXTURES / "store-v0.1.sqlite", store)
    code, _, err = zebra("confirm", "--game", "f412e7a4", "--by", "bob", "--store", str(store))
    assert code == 0, err
    with sqlite3.connect(store) as conn:
        topic, state = conn.execute(
            "SELECT topic, state FROM stored_events WHERE topic LIKE '%Entered' "
            "AND CAST(state AS TEXT) LIKE '%toss away%'"
        ).fetchone()
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE state = ?",
            (state.replace(b"toss away", b"toss home"), state),
        )
    conn.close()
    code, out, err = zebra("check", "f412e7a4", "--store", str(store))
    assert code == 1 and "damaged" in err


def test_a_command_without_a_game_acts_on_this_devices_game(store_url: str, tmp_path: Path) -> None:
    """Issue #14: table 1's undo struck an entry of table 2's game on a shared store."""
    tables = {}
    for table in ("one", "two"):
        state = tmp_path / table
        env = {**os.environ, "XDG_STATE_HOME": str(state), "ZEBRA_USER": table}
        script = tmp_path / f"{table}.zebra"
        script.write_text("toss home\nkick\ngreen 1 3\n")
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "companion.cli",
                "play",
                "rushzone",
                "--home",
                f"Home {table}",
                "--away",
                "Away",
                "--script",
                str(script),
                "--store",
                store_url,
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        tables[table] = env
    undo = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "undo",
            "--reason",
            "the die was cocked",
            "--store",
            store_url,
        ],
        capture_output=True,
        text=True,
        env=tables["one"],
        timeout=60,
    )
    assert undo.returncode == 0, undo.stderr
    referee = Referee(resolve(store_url, create=False))
    struck = {r.home: [line.struck for line in r.lines] for r in referee.records()}
    assert struck == {
        "Home one": [None, None, "the die was cocked"],
        "Home two": [None, None, None],
    }
    # A device that never played here is not given the latest game of a shared store.
    stranger = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "new")}
    probe = subprocess.run(
        [sys.executable, "-m", "companion.cli", "undo", "--store", store_url],
        capture_output=True,
        text=True,
        env=stranger,
        timeout=60,
    )
    if store_url.startswith("postgresql"):
        assert probe.returncode == 1 and "shared by several tables" in probe.stderr
