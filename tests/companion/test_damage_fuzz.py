"""A damaged store is named in one line, never half-read: random byte flips and crafted damage.

A real SQLite store is made through the CLI (the complete Rush Zone example, an amendment, a
strike that strikes later entries, and its revert). Every attack runs on a copy of that file, and
every read command against the copy must either print exactly what it printed on the sound store,
or fail with exit code 1 and one ``error:`` line: never a traceback, never a different export
with exit code 0 (issue #14). Commands run in this process through typer's CliRunner.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import shutil
import sqlite3
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import pytest
import typer.main
from click.testing import CliRunner, Result

from companion.cli import app
from domain import deltas
from tests.domain.scripts import EXAMPLES
from tests.figures import report

FLIPS = int(os.environ.get("ZEBRA_DAMAGE_FLIPS", "500"))
SEED = int(os.environ.get("ZEBRA_DAMAGE_SEED", "20261130"))
FULL = EXAMPLES / "rushzone-full.zebra"
FORK = multiprocessing.get_context("fork")
# The read commands every damaged copy is put to, as the issue names them (--store is added).
READS = {
    "status": ("status", "--json"),
    "history": ("history",),
    "export": ("export", "-f", "csv"),
    "check": ("check",),
}
_COMMAND: list[click.Command] = []


@dataclass(frozen=True)
class Sound:
    """The store as the CLI left it, its game, and what each read command printed on it."""

    path: Path
    game: str
    outputs: dict[str, str]
    state: Path


def command() -> click.Command:
    """The click command typer's CliRunner builds from ``app``, built once per process."""
    if not _COMMAND:
        _COMMAND.append(typer.main.get_command(app))
    return _COMMAND[0]


def zebra(state: Path, *args: str) -> Result:
    """One ``zebra`` command in this process, as typed at a pinned terminal."""
    env = {
        "COLUMNS": "120",
        "TERM": "dumb",
        "ZEBRA_USER": "referee-1",
        "XDG_STATE_HOME": str(state),
        "ZEBRA_STORE": None,
        "ZEBRA_GAME": None,
    }
    # typer's CliRunner is click's, building the click command from ``app`` on every call (a
    # third of the time of a read): this is the same run with the command built once.
    return CliRunner(env=env).invoke(command(), list(args))


def read_all(store: Path, state: Path) -> dict[str, Result]:
    """Every read command against ``store``."""
    return {name: zebra(state, *args, "--store", str(store)) for name, args in READS.items()}


def checkpoint(path: Path) -> None:
    """Fold the write-ahead log into the store file, so that a copy of the file is the store."""
    with closing(sqlite3.connect(path)) as conn:
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    assert busy == 0, "the write-ahead log could not be checkpointed"
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def sql(path: Path, statement: str, *params: object) -> None:
    """Change the store behind Zebra's back, through SQLite itself."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(statement, params)
        conn.commit()
    checkpoint(path)


def rows(path: Path, statement: str, *params: object) -> list[tuple[Any, ...]]:
    """Rows of a query on the store, read through SQLite."""
    with closing(sqlite3.connect(path)) as conn:
        return list(conn.execute(statement, params))


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Sound:
    """A finished game with an amendment, a strike that struck later entries, and its revert."""
    home = tmp_path_factory.mktemp("sound")
    state = home / "state"
    path = home / "games.sqlite"
    store = ("--store", str(path))
    steps = [
        ("play", "rushzone", "--script", str(FULL), *store),
        ("amend", "4", "white 1 4 4 4 6 5", "--reason", "the last die showed 5", *store),
        ("strike", "20", "--strike-invalid", "--reason", "misread", *store),
        ("revert", "--reason", "it was read right after all", *store),
    ]
    for step in steps:
        result = zebra(state, *step)
        assert result.exit_code == 0, (step, result.output)
    checkpoint(path)
    (game_id,) = {r[0] for r in rows(path, "SELECT originator_id FROM stored_events")}
    outputs = {}
    for name, result in read_all(path, state).items():
        assert result.exit_code == 0, (name, result.output)
        outputs[name] = result.stdout
    status = json.loads(outputs["status"])
    assert status["finished"] and status["entries"] == 97 and "c3" in outputs["history"]
    assert outputs["export"].startswith("game_id,") and ": ok" in outputs["check"]
    return Sound(path, str(game_id)[:8], outputs, state)


@pytest.fixture
def copy(sound: Sound, tmp_path: Path) -> Path:
    """A copy of the sound store file (closed, its log checkpointed) to damage."""
    target = tmp_path / "copy.sqlite"
    shutil.copyfile(sound.path, target)
    return target


def verdict(name: str, result: Result, expected: str) -> str:
    """'same' (as on the sound store), 'damage' (one ``error:`` line), or what was wrong."""
    if result.exit_code == 0 and result.exception is None:
        if result.stdout != expected:
            return f"{name}: exit 0 with a different output: {result.stdout[:160]!r}"
        return "same"
    if not isinstance(result.exception, SystemExit):
        kind = type(result.exception).__name__
        return f"{name}: traceback {kind}: {str(result.exception)[:160]}"
    lines = result.stderr.splitlines()
    if result.exit_code != 1 or len(lines) != 1 or not lines[0].startswith("error: "):
        return f"{name}: exit {result.exit_code} with stderr {result.stderr[:300]!r}"
    if result.stdout:
        return f"{name}: failed after printing {result.stdout[:160]!r}"
    return "damage"


def judge_flip(job: tuple[Sound, Path, int, int, int]) -> tuple[int, int, int, dict[str, str]]:
    """Flip one byte of a fresh copy and put every read command to it (run in a worker)."""
    sound, folder, trial, at, mask = job
    target = folder / f"flip-{trial}.sqlite"
    data = bytearray(sound.path.read_bytes())
    was = data[at]
    data[at] ^= mask
    target.write_bytes(bytes(data))
    found = {
        name: verdict(name, result, sound.outputs[name])
        for name, result in read_all(target, sound.state).items()
    }
    for leftover in folder.glob(f"flip-{trial}.sqlite*"):
        leftover.unlink()
    return at, was, data[at], found


def workers() -> int:
    """Processes for the flips: the cores this test may use, at most four."""
    return max(1, min(4, len(os.sched_getaffinity(0))))


def test_random_byte_flips_are_named_or_change_nothing(sound: Sound, tmp_path: Path) -> None:
    """Every flip: each command answers as on the sound store, or names the damage in one line."""
    rnd = random.Random(SEED)
    size = sound.path.stat().st_size
    jobs = [(sound, tmp_path, n, rnd.randrange(size), rnd.randint(1, 255)) for n in range(FLIPS)]
    # Worker processes (forked: the module and the sound store are theirs already); a worker
    # that died would fail the test (BrokenProcessPool) rather than hang it.
    with ProcessPoolExecutor(workers(), mp_context=FORK) as pool:
        judged = list(pool.map(judge_flip, jobs, chunksize=8))
    outcomes: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    examples: list[str] = []
    for trial, (at, was, now, found) in enumerate(judged):
        problems = [v for v in found.values() if v not in ("same", "damage")]
        for problem in problems:
            wrong[problem.split(":")[0] + ":" + problem.split(":")[1]] += 1
            if len(examples) < 12:
                examples.append(f"flip {trial} (byte {at}: {was:#04x} -> {now:#04x}): {problem}")
        if problems:
            outcomes["wrong"] += 1
        elif all(v == "same" for v in found.values()):
            outcomes["unchanged"] += 1
        else:
            outcomes["named"] += 1
    report(
        f"damage fuzz: {FLIPS} random byte flips in a copy of a real SQLite store "
        f"(seed {SEED}): {outcomes['named']} named as damage in one line, "
        f"{outcomes['unchanged']} left every command's output unchanged, "
        f"{outcomes['wrong']} answered otherwise (a traceback or a different output)"
    )
    summary = ", ".join(f"{what} x{n}" for what, n in wrong.most_common())
    assert not outcomes["wrong"], (
        f"{outcomes['wrong']} of {FLIPS} flips were answered wrongly ({summary}):\n"
        + "\n".join(examples)
    )
    assert outcomes["named"] > FLIPS // 4, "the flips hardly ever reached an event"


def assert_named(
    sound: Sound, copy: Path, naming: Sequence[str], *, middle: bool = False
) -> dict[str, str]:
    """Every read command fails in one line that names the game and the damage.

    Damage before a game's last event (``middle``) is not looked for by ``status``, which reads
    the game's summary, its head and its last event only (issue #19): it may answer exactly as
    on the sound store; the reads of the whole game name it."""
    lines = {}
    for name, result in read_all(copy, sound.state).items():
        found = verdict(name, result, sound.outputs[name])
        if middle and name == "status" and found == "same":
            continue
        assert found == "damage", (name, result.output)
        line = result.stderr.strip()
        assert sound.game in line and any(word in line for word in naming), (name, line)
        lines[name] = line
    return lines


def last_version(path: Path) -> int:
    """The version of the store's last event (the store holds one game)."""
    (last,) = rows(path, "SELECT MAX(originator_version) FROM stored_events")[0]
    assert isinstance(last, int)
    return last


def test_a_deleted_middle_event_is_named(sound: Sound, copy: Path) -> None:
    """An event deleted from the middle of the game: named with the game and where."""
    gone = last_version(copy) // 2
    sql(copy, "DELETE FROM stored_events WHERE originator_version = ?", gone)
    lines = assert_named(sound, copy, ("damaged", "missing"), middle=True)
    assert all(f"event {gone}" in line or f"event {gone + 1}" in line for line in lines.values()), (
        lines
    )


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_an_unknown_topic_is_damage_and_never_imported(
    sound: Sound, copy: Path, where: str
) -> None:
    """A row whose topic is ``this:s``: named as damage, and the module is never imported."""
    last = last_version(copy)
    version = {"first": 1, "middle": last // 2, "last": last}[where]
    sql(copy, "UPDATE stored_events SET topic = 'this:s' WHERE originator_version = ?", version)
    sys.modules.pop("this", None)
    lines = assert_named(sound, copy, ("damaged", "unknown"), middle=where != "last")
    assert "this" not in sys.modules, "a stored topic imported a module"
    assert any("this:s" in line for line in lines.values()), lines


def forge_score(copy: Path, topic: str, shape: str) -> int:
    """Add 7 to the home score in the last event of ``topic``, leaving its chain link as it was.

    ``v2`` forges the stored change (the score set in the step's change, in the event as stored
    now: version 3); ``v1`` rewrites the event in the shape stored before small events, a whole
    situation with the forged score."""
    version, state = rows(
        copy,
        "SELECT originator_version, state FROM stored_events WHERE topic = ? "
        "ORDER BY originator_version DESC LIMIT 1",
        f"domain.game:Game.{topic}",
    )[0]
    body = json.loads(state)
    steps = [body] if topic == "Ruled" else deltas.unpack(body.pop("packed"))
    assert steps and "chain" in body and body["class_version"] == 3
    for step in steps:
        score = {"home": 7, "away": 0}
        if shape == "v2":
            step["change"].setdefault("set", {})["score"] = score
        else:
            del step["change"]
            step.pop("checkpoint", None)
            step["situation"] = {"score": score, "finished": True}
    if shape == "v1":
        del body["class_version"]
        del body["rules"]  # version 3's: the rules version of the step
    if topic == "Rederived":
        body.update({"packed": deltas.pack(steps)} if shape == "v2" else {"steps": steps})
    forged = json.dumps(body, separators=(",", ":")).encode()
    sql(copy, "UPDATE stored_events SET state = ? WHERE originator_version = ?", forged, version)
    return int(version)


@pytest.mark.parametrize("shape", ["v2", "v1"])
@pytest.mark.parametrize("topic", ["Ruled", "Rederived"])
def test_a_forged_stored_score_is_named(sound: Sound, copy: Path, topic: str, shape: str) -> None:
    """The Rederived event holds the final score the game shows; a Ruled one, an earlier one.
    Forged in the shape Zebra writes now or in the one it wrote before (which it still reads)."""
    version = forge_score(copy, topic, shape)
    # The Rederived event is the game's last (the revert's); the Ruled one is before it.
    lines = assert_named(sound, copy, ("damaged", "altered"), middle=topic == "Ruled")
    assert all(f"event {version}" in line for line in lines.values()), lines
    every_game = zebra(sound.state, "check", "--all", "--store", str(copy))
    assert every_game.exit_code == 1 and isinstance(every_game.exception, SystemExit)
    assert f"event {version}" in every_game.stderr


def index_offsets(path: Path, game_id: str) -> list[int]:
    """Where the game's id is written in the leaf pages of the (game, version) index."""
    (page_size,) = rows(path, "PRAGMA page_size")[0]
    pages = [
        page
        for (page,) in rows(
            path,
            "SELECT pageno FROM dbstat WHERE name = 'sqlite_autoindex_stored_events_1' "
            "AND pagetype = 'leaf'",
        )
    ]
    data = path.read_bytes()
    found = []
    for page in pages:
        start = (page - 1) * page_size
        at = data.find(game_id.encode(), start, start + page_size)
        while at != -1:
            found.append(at)
            at = data.find(game_id.encode(), at + 1, start + page_size)
    return found


def test_a_damaged_index_entry_does_not_cut_the_game_short(sound: Sound, copy: Path) -> None:
    """A damaged entry of the (game, version) index: named, not shown as a shorter game."""
    # One character of the game's id is changed in one index entry so that it sorts after the
    # game's: the rows are all still there, but a read by game id stops at that entry.
    (game_id,) = {r[0] for r in rows(copy, "SELECT originator_id FROM stored_events")}
    offsets = index_offsets(copy, game_id)
    assert len(offsets) > 100, "the index of (game, version) was not found"
    at = offsets[len(offsets) // 2] + next(i for i, ch in enumerate(game_id) if ch != "f")
    data = bytearray(copy.read_bytes())
    data[at] = ord("f")
    copy.write_bytes(bytes(data))
    for name, result in read_all(copy, sound.state).items():
        assert verdict(name, result, sound.outputs[name]) in ("same", "damage"), (
            name,
            result.stdout[:300],
        )


def test_a_command_cut_short_at_the_end_is_named(sound: Sound, copy: Path) -> None:
    """A command's last event removed: named, not read as a half-recorded command."""
    # The revert's last event holds its re-derived rulings: without it, the entries it restored
    # would be shown with the rulings they had while struck.
    last = last_version(copy)
    assert rows(copy, "SELECT topic FROM stored_events WHERE originator_version = ?", last) == [
        ("domain.game:Game.Rederived",)
    ]
    sql(copy, "DELETE FROM stored_events WHERE originator_version = ?", last)
    for name, result in read_all(copy, sound.state).items():
        assert verdict(name, result, sound.outputs[name]) in ("same", "damage"), (
            name,
            result.stdout[:300],
        )


@pytest.mark.parametrize("where", ["middle", "last"])
def test_a_row_whose_game_is_not_an_id_is_named(sound: Sound, copy: Path, where: str) -> None:
    """A row whose game id is not an id: every command that meets it names it in one line."""
    last = last_version(copy)
    version = last // 2 if where == "middle" else last
    sql(copy, "UPDATE stored_events SET originator_id = 'x' WHERE originator_version = ?", version)
    result = zebra(sound.state, "check", "--all", "--store", str(copy))
    assert verdict("check --all", result, "") == "damage", (result.output, result.exception)
    assert_listed(sound, copy)
    assert_read(sound, copy, middle=where == "middle")


def assert_listed(sound: Sound, copy: Path) -> None:
    """``games`` lists the games' summaries (issue #19): damage to an event it does not read is
    named by the reads of that game; it lists exactly what it listed on the sound store."""
    listed = zebra(sound.state, "games", "--store", str(sound.path)).stdout
    result = zebra(sound.state, "games", "--store", str(copy))
    found = verdict("games", result, listed)
    assert found in ("same", "damage"), (found, result.output, result.exception)


def assert_read(sound: Sound, copy: Path, *, middle: bool) -> None:
    """Every read command names the damage in one line (``status``, before the last event, may
    answer as on the sound store)."""
    for name, result in read_all(copy, sound.state).items():
        found = verdict(name, result, sound.outputs[name])
        if middle and name == "status" and found == "same":
            continue
        assert found == "damage", (name, found, result.exception)


@pytest.mark.parametrize(
    "change",
    [
        "originator_version = 'x'",
        "originator_version = NULL",
        "originator_version = originator_version + 0.5",
        "topic = CAST(topic AS BLOB)",
        "state = CAST(state AS TEXT)",
        "originator_id = CAST(originator_id AS BLOB)",
        "originator_id = 7",
    ],
)
@pytest.mark.parametrize("where", ["middle", "last"])
def test_a_column_of_a_type_zebra_never_writes_is_named(
    sound: Sound, copy: Path, change: str, where: str
) -> None:
    """SQLite keeps any type in any column: an event's number as text or nothing, its type as
    bytes, its game id as a number. Every command that meets such a row names it in one line."""
    last = last_version(copy)
    version = last // 2 if where == "middle" else last
    sql(copy, f"UPDATE stored_events SET {change} WHERE originator_version = ?", version)
    assert_read(sound, copy, middle=where == "middle")
    assert_listed(sound, copy)
