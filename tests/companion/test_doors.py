"""Every door refuses in one line, records nothing, and never writes over what it must not.

Exports are written whole and never over the store; a read-only store can still be read; a store
address is checked and its libpq parameters are passed through; imports, scripts and rosters
that are crafted, endless or nested too deeply are refused in one line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import MAX_SCRIPT_BYTES, read_text
from companion.service import Referee
from domain.ruleset import IllegalEntry
from projections import playrows
from tests.domain.scripts import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]
FULL = EXAMPLES / "rushzone-full.zebra"
POSTGRES = os.environ.get("ZEBRA_TEST_POSTGRES", "")
READ_ONLY_ENV = "ZEBRA_STORE_READ_ONLY"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store holding one complete game, named by ZEBRA_STORE."""
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    monkeypatch.delenv(READ_ONLY_ENV, raising=False)
    code, _, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    return path


def zebra(*args: str, input: str | None = None) -> tuple[int, str, str]:
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def events_in(path: Path) -> int:
    referee = Referee(stores.resolve(str(path), create=False))
    try:
        return referee.recorder.max_notification_id() or 0
    finally:
        referee.close()


def refused(code: int, err: str, *words: str) -> None:
    """One line on stderr starting 'error:', exit status 1, naming what was wrong."""
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for word in words:
        assert word in lines[0], err


# Exports: whole or not at all, never over the store ------------------------------------------


@pytest.mark.parametrize("how", ["as named", "through a link", "with --force"])
def test_export_over_the_store_is_refused_and_every_game_stays(
    store: Path, tmp_path: Path, how: str
) -> None:
    before = events_in(store)
    target = store
    if how == "through a link":
        target = tmp_path / "game.csv"
        target.symlink_to(store)
    extra = ["--force"] if how == "with --force" else []
    code, out, err = zebra("export", "--format", "csv", "-o", str(target), *extra)
    refused(code, err, "store", "wipe every game")
    assert "Wrote" not in out
    assert events_in(store) == before
    code, out, _ = zebra("games")
    assert code == 0 and "Bears 25 - Packers 24" in out


def test_export_does_not_replace_a_file_that_is_not_an_export(store: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# My league notes\n\nnot a Zebra report\n", encoding="utf-8")
    code, _, err = zebra("export", "--format", "md", "-o", str(notes))
    refused(code, err, "not a Zebra md export", "--force")
    assert notes.read_text(encoding="utf-8").startswith("# My league notes")
    code, _, err = zebra("export", "--format", "md", "-o", str(notes), "--force")
    assert code == 0, err
    assert notes.read_text(encoding="utf-8").startswith("# Bears 25, Packers 24")


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "md", "html", "entries"])
def test_export_replaces_a_previous_export_of_the_same_format_only(
    store: Path, tmp_path: Path, fmt: str
) -> None:
    out = tmp_path / f"game.{fmt}"
    assert zebra("export", "--format", fmt, "-o", str(out))[0] == 0
    code, _, err = zebra("export", "--format", fmt, "-o", str(out))
    assert code == 0, err
    other = "md" if fmt != "md" else "csv"
    written = out.read_bytes()
    code, _, err = zebra("export", "--format", other, "-o", str(out))
    refused(code, err, f"not a Zebra {other} export")
    assert out.read_bytes() == written


def test_export_is_written_whole_beside_the_old_file_then_renamed(
    store: Path, tmp_path: Path
) -> None:
    out = tmp_path / "game.csv"
    assert zebra("export", "--format", "csv", "-o", str(out))[0] == 0
    # A hard link keeps the old file: written in place, it would show the new text too.
    kept = tmp_path / "kept.csv"
    os.link(out, kept)
    assert zebra("undo", "--reason", "changes the export")[0] == 0
    code, _, err = zebra("export", "--format", "csv", "-o", str(out))
    assert code == 0, err
    assert kept.read_bytes() != out.read_bytes()
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_export_to_a_missing_folder_is_one_line(store: Path, tmp_path: Path) -> None:
    code, _, err = zebra("export", "-o", str(tmp_path / "nowhere" / "game.md"))
    refused(code, err, "cannot write")


# A read-only store can be read ---------------------------------------------------------------


def test_a_read_only_store_is_read_and_refuses_only_writes(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = events_in(store)
    monkeypatch.setenv(READ_ONLY_ENV, "1")
    for command in (["games"], ["status"], ["history"], ["log"], ["export", "-f", "csv"]):
        code, out, err = zebra(*command)
        assert code == 0, (command, err)
        assert out
    code, _, err = zebra("undo", "--reason", "not on a read-only store")
    refused(code, err, "read-only", "nothing was recorded")
    code, _, err = zebra("import", str(FULL))
    refused(code, err, "read-only")
    monkeypatch.delenv(READ_ONLY_ENV)
    assert events_in(store) == before


def mount_read_only(folder: Path, commands: list[list[str]]) -> list[tuple[int, str, str]]:
    """Run zebra commands in a private mount namespace where ``folder`` is a read-only mount."""
    zebra_cmd = f"{sys.executable} -m companion.cli"
    script = [
        f"mount --bind {folder} {folder} && mount -o remount,ro,bind {folder} || exit 98",
        f"touch {folder}/probe 2>/dev/null && exit 97",
    ]
    for number, command in enumerate(commands):
        out, err = folder.parent / f"out{number}", folder.parent / f"err{number}"
        script.append(f"{zebra_cmd} {' '.join(command)} >{out} 2>{err}; echo $? >>{out}.rc")
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", "\n".join(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"no read-only mount here: {done.stderr.strip() or done.returncode}")
    results = []
    for number in range(len(commands)):
        out, err = folder.parent / f"out{number}", folder.parent / f"err{number}"
        rc = int(Path(f"{out}.rc").read_text().strip())
        results.append((rc, out.read_text(), err.read_text()))
    return results


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare for a read-only mount")
@pytest.mark.parametrize("closed", [True, False], ids=["closed", "with-write-ahead-log"])
def test_a_store_on_a_read_only_mount_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, closed: bool
) -> None:
    folder = tmp_path / "league"
    folder.mkdir()
    path = folder / "zebra.sqlite"
    # Three entries, then the process ends with the store closed, or as if it crashed: the
    # write-ahead log and its index left beside the store, holding the entries.
    ending = "referee.close()" if closed else "os._exit(0)"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import os\n"
            "from companion.service import Referee\n"
            "from companion.store import resolve\n"
            f"referee = Referee(resolve({str(path)!r}, create=True))\n"
            "game = referee.start('rushzone', 'Bears', 'Packers').game_id\n"
            "for text in ('toss home', 'kick', 'green 1 3'):\n"
            "    referee.enter(game, text)\n"
            f"{ending}\n",
        ],
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    assert Path(f"{path}-wal").exists() != closed
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.delenv(READ_ONLY_ENV, raising=False)
    results = mount_read_only(
        folder, [["games"], ["status", "--json"], ["history"], ["undo", "--reason", "x"]]
    )
    for code, out, err in results[:3]:
        assert code == 0, err
        assert "Bears" in out
    assert json.loads(results[1][1].splitlines()[0])["entries"] == 3
    code, _, err = results[3]
    refused(code, err, "read-only")


# Store addresses -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("postgresql://u:p@[::1/db", ["malformed"]),
        ("postgresql://u:p@127.0.0.1:0/db", ["port", "not 0"]),
        ("postgresql://u:p@127.0.0.1:99999/db", ["port"]),
        ("postgresql://u:p@127.0.0.1:5432/db?colour=red", ["colour", "supported:", "sslmode"]),
        ("postgresql://u:p@127.0.0.1/db?sslmode=require&sslmode=disable", ["twice"]),
        ("postgresql://u:p@127.0.0.1/db?connect_timeout=soon", ["connect_timeout"]),
        ("postgresql://u:p@127.0.0.1/db?sslmode=", ["no value"]),
    ],
)
def test_a_malformed_store_address_is_one_line(url: str, words: list[str]) -> None:
    code, _, err = zebra("status", "--store", url)
    refused(code, err, *words)
    assert ":p@" not in err


def test_libpq_parameters_are_kept_and_secrets_never_shown() -> None:
    league = stores.postgres_store(
        "postgresql://zebra:pw@db.example:6432/league?schema=l1&sslmode=verify-full"
        "&application_name=table-3&connect_timeout=20&sslpassword=hush"
    )
    assert league.libpq == {
        "sslmode": "verify-full",
        "application_name": "table-3",
        "connect_timeout": "20",
        "sslpassword": "hush",
    }
    assert league.env["POSTGRES_SCHEMA"] == "l1"
    assert league.env["POSTGRES_CONNECT_TIMEOUT"] == "20"
    assert "pw" not in str(league) and "hush" not in str(league)
    assert "sslmode=verify-full" in str(league)
    assert league.scrub("x hush pw") == "x *** ***"


needs_postgres = pytest.mark.skipif(not POSTGRES, reason="needs ZEBRA_TEST_POSTGRES")


@pytest.fixture
def league_url() -> Iterator[str]:
    """A fresh schema on the test server, as a store address."""
    import psycopg

    schema = f"doors_{os.getpid()}_{threading.get_ident() % 10_000}"
    with psycopg.connect(POSTGRES) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{POSTGRES}?schema={schema}"
    with psycopg.connect(POSTGRES) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def connection_setting(referee: Referee, name: str) -> Any:
    datastore: Any = referee.recorder.datastore  # type: ignore[attr-defined]
    with datastore.transaction(commit=False) as cursor:
        cursor.execute(f"SELECT current_setting('{name}') AS value")
        return cursor.fetchone()["value"]


@needs_postgres
def test_libpq_parameters_reach_every_connection(league_url: str) -> None:
    referee = Referee(stores.resolve(f"{league_url}&application_name=zebra-table-7", create=True))
    try:
        referee.start("rushzone", "Bears", "Packers")
        assert connection_setting(referee, "application_name") == "zebra-table-7"
    finally:
        referee.close()


@needs_postgres
def test_sslmode_is_passed_to_the_server(league_url: str) -> None:
    with __import__("psycopg").connect(POSTGRES) as conn:
        ssl = conn.execute("SHOW ssl").fetchone()[0]
    if ssl == "on":
        pytest.skip("the test server speaks SSL; sslmode=require would connect")
    code, _, err = zebra("games", "--store", f"{league_url}&sslmode=require")
    refused(code, err, "SSL")


@needs_postgres
def test_the_password_may_come_from_pgpassword(
    league_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = stores.postgres_store(league_url)
    assert parts.postgres is not None
    password = parts.postgres["password"]
    without = league_url.replace(f":{password}@", "@", 1)
    assert password and without != league_url
    monkeypatch.setenv("PGPASSWORD", password)
    referee = Referee(stores.resolve(without, create=True))
    try:
        game_id = referee.start("rushzone", "Bears", "Packers").game_id
        assert referee.record(game_id).home == "Bears"
    finally:
        referee.close()
    monkeypatch.delenv("PGPASSWORD")
    code, _, err = zebra("games", "--store", without)
    if code != 0:  # unless ~/.pgpass holds it
        refused(code, err, "password")


# Imports, scripts and rosters ------------------------------------------------------------------


def exported_rows(store: Path, entries: bool = False) -> list[dict[str, Any]]:
    """The play-by-play's rows, or the entry rows (the auditors' table)."""
    referee = Referee(stores.resolve(str(store), create=False))
    try:
        record = referee.record(referee.find(None))
        return playrows.entry_rows(record) if entries else playrows.rows(record)
    finally:
        referee.close()


Change = tuple[int, str, Any]
DROP = object()


def rechained(rows: list[dict[str, Any]], change: Change) -> str:
    """A jsonl export changed as an attacker would, its (unkeyed) hash chain recomputed; a value
    that this Zebra's typed chain cannot even hash is written under the old chain instead."""
    number, column, value = change
    plain = [{k: v for k, v in r.items() if k not in ("row_count", "row_hash")} for r in rows]
    plain[number][column] = None if value is DROP else value
    columns = tuple(rows[0])  # the play-by-play's or the entry rows'
    try:
        table = playrows.chain(plain, None, columns)
    except TypeError:
        plain[number][column] = rows[number][column]
        table = playrows.chain(plain, None, columns)
        table[number][column] = value
    if value is DROP:
        del table[number][column]
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in table)


def options_as(value: Any) -> Change:
    return (0, "zebra_options", value)


def entry_as(value: Any) -> Change:
    """An entry row's entry (entries-jsonl)."""
    return (2, "zebra_entry", value)


def entries_as(value: Any) -> Change:
    """A play row's entries (jsonl): a JSON list paired with its zebra_seqs."""
    return (2, "zebra_entries", value)


@pytest.mark.parametrize(
    "change",
    [
        options_as(5),
        options_as("[1, 2]"),
        options_as('"yes"'),
        options_as('{"youngest": {"nested": 1}}'),
        entry_as(DROP),
        entry_as(None),
        entry_as(["green", 1]),
        entries_as(DROP),
        entries_as(None),
        entries_as('["green", 1]'),
        entries_as('"green 4 2"'),
        entries_as("[]"),
        entries_as('["white 1 1 1 1 1 1", "green 4 2", "green 4 2"]'),
        entries_as("[not json"),
    ],
    ids=[
        "options-number",
        "options-list",
        "options-string",
        "options-nested",
        "entry-missing",
        "entry-null",
        "entry-list",
        "entries-missing",
        "entries-null",
        "entries-not-text",
        "entries-not-a-list",
        "entries-empty",
        "entries-more-than-seqs",
        "entries-not-json",
    ],
)
def test_import_of_a_crafted_jsonl_is_one_line_and_records_nothing(
    store: Path, tmp_path: Path, change: Change
) -> None:
    crafted = tmp_path / "crafted.jsonl"
    rows = exported_rows(store, entries=change[1] == "zebra_entry")
    crafted.write_text(rechained(rows, change), encoding="utf-8")
    before = events_in(store)
    code, _, err = zebra("import", str(crafted))
    refused(code, err, str(crafted))
    assert events_in(store) == before


def feed_fifo(path: Path, size: int) -> threading.Thread:
    """A pipe that offers ``size`` bytes of comment lines (its size says 0), then ends."""
    os.mkfifo(path)

    def write() -> None:
        try:
            with open(path, "wb") as pipe:
                line = b"# " + b"x" * 97 + b"\n"
                for _ in range(size // len(line) + 1):
                    pipe.write(line)
        except (BrokenPipeError, OSError):
            pass

    feeder = threading.Thread(target=write, daemon=True)
    feeder.start()
    return feeder


@pytest.mark.parametrize("door", ["import", "play --script"])
def test_a_pipe_is_read_only_up_to_the_cap(store: Path, tmp_path: Path, door: str) -> None:
    pipe = tmp_path / "entries.fifo"
    feeder = feed_fifo(pipe, MAX_SCRIPT_BYTES + 10_000)
    before = events_in(store)
    if door == "import":
        code, _, err = zebra("import", str(pipe))
    else:
        code, _, err = zebra("play", "rushzone", "--script", str(pipe))
    feeder.join(10)
    refused(code, err, "larger than")
    assert events_in(store) == before


@pytest.mark.parametrize("door", ["import", "play --script", "verify"])
def test_dev_zero_is_one_line(store: Path, door: str) -> None:
    """In a process of its own, bounded, so that reading without a cap fails rather than hangs."""
    args = {
        "import": ["import", "/dev/zero"],
        "play --script": ["play", "rushzone", "--script", "/dev/zero"],
        "verify": ["verify", "/dev/zero"],
    }[door]

    def bounded() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    before = events_in(store)
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=bounded,
        check=False,
    )
    refused(done.returncode, done.stderr, "larger than")
    assert events_in(store) == before


DEEP_ROSTERS = {
    "brackets": "team = " + "[" * 50_000 + "]" * 50_000 + "\n",
    "inline tables": "team = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n",
    "dotted keys": "x" + ".x" * 3_000 + " = 1\n",
}


@pytest.mark.parametrize("shape", sorted(DEEP_ROSTERS))
@pytest.mark.parametrize("ruleset", ["redzone", "thirdandlong", "gridironmasters"])
def test_a_deeply_nested_roster_is_one_line(
    store: Path, tmp_path: Path, shape: str, ruleset: str
) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP_ROSTERS[shape], encoding="utf-8")
    code, _, err = zebra("roster", "check", ruleset, str(deep))
    refused(code, err, "not a roster")
    before = events_in(store)
    code, _, err = zebra("play", ruleset, "--home", "A", "--away", "B", "--roster-home", str(deep))
    refused(code, err, "not a roster", "not started")
    assert events_in(store) == before


def test_the_example_rosters_still_pass() -> None:
    for ruleset, name in [
        ("redzone", "redzone-roster.toml"),
        ("thirdandlong", "thirdandlong-roster.toml"),
        ("gridironmasters", "gridironmasters-deck.toml"),
    ]:
        code, out, err = zebra("roster", "check", ruleset, str(EXAMPLES / name))
        assert code == 0, err
        assert "legal" in out


def test_a_file_of_the_store_in_use_is_never_read_as_text(store: Path) -> None:
    """Reading it with open() and closing it would drop this process's SQLite locks."""
    referee = Referee(stores.resolve(str(store), create=False))
    try:
        for name in (str(store), f"{store}-wal"):
            with pytest.raises(IllegalEntry, match="is the Zebra store"):
                read_text(Path(name))
    finally:
        referee.close()
