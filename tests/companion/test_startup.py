"""What ``zebra status``, ``games`` and ``resume`` import at start-up, beyond ``zebra --help``
(issue #29): counted, not timed, so the check gives the same verdict on a loaded machine.

Each command runs in a fresh interpreter under ``python -X importtime``, which names every
module the process imports; the modules a command imports that ``--help`` does not are its own
start-up. On a SQLite store none of them is PostgreSQL's driver, a projection, Kivy or (for
``status`` and ``games``, which read the games' summaries) the game aggregate, whose event
classes alone cost more than the rest of such a command (docs/performance.md, figure 4).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from tests.domain.scripts import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]
ZEBRA = "import sys; from companion.cli import main; sys.exit(main())"
IMPORTED = re.compile(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)\s*$", re.M)

# The modules each command may import beyond --help, as counted when the issue was closed
# (status and games 34, resume 54) with a little room: a command that needs a new module of its
# own can have it; one that starts loading a subsystem (the aggregate: 20 modules) cannot.
BEYOND_HELP = {"status": 40, "games": 40, "resume": 60}
# Never on a SQLite store's start-up: PostgreSQL's driver and recorder, the projections,
# the tablet's Kivy, the web server.
NEVER = ("psycopg", "psycopg_pool", "eventsourcing.postgres", "projections", "kivy", "starlette")
# Not for a read of the games' summaries: the aggregate, the rules' fold and the session.
NOT_FOR_A_READ = ("domain.game", "domain.timeline", "companion.session")


def imported(*args: str, env: dict[str, str], code: str = ZEBRA) -> set[str]:
    """Every module a fresh ``python -X importtime -c CODE ARGS`` imports (stdin: ``quit``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code, *args],
        input="quit\n",
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-500:]
    return set(IMPORTED.findall(done.stderr))


def of(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    """The modules that are one of ``packages`` or inside one."""
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A SQLite store with a finished game and an unfinished one (the latest), for fresh
    processes."""
    folder = tmp_path_factory.mktemp("startup")
    store = folder / "zebra.sqlite"
    full = EXAMPLES / "rushzone-full.zebra"
    half = folder / "half.zebra"
    half.write_text("".join(full.read_text().splitlines(keepends=True)[:80]))
    environ = {**os.environ, "ZEBRA_STORE": str(store), "ZEBRA_USER": "referee-1"}
    environ["XDG_STATE_HOME"] = str(folder / "state")
    environ.pop("ZEBRA_GAME", None)
    runner = CliRunner(env={k: environ[k] for k in ("ZEBRA_STORE", "ZEBRA_USER", "XDG_STATE_HOME")})
    for script in (full, half):
        result = runner.invoke(app, ["play", "rushzone", "--script", str(script)])
        assert result.exit_code == 0, result.output
    return environ


@pytest.fixture(scope="module")
def helps(env: dict[str, str]) -> set[str]:
    return imported("--help", env=env)


@pytest.mark.parametrize("command", ["status", "games", "resume"])
def test_a_command_imports_few_modules_beyond_help_and_never_postgres(
    command: str, env: dict[str, str], helps: set[str]
) -> None:
    """On a SQLite store a command's start-up adds at most its allowance of modules to what
    --help imports, and never PostgreSQL's, a projection, Kivy or the web server."""
    own = imported(command, env=env) - helps
    assert len(own) <= BEYOND_HELP[command], sorted(own)
    assert of(own, NEVER) == []
    # The store is read: the count is of a command that did its work, not of one that failed.
    assert "eventsourcing.application" in own and "companion.sqlite_heads" in own


@pytest.mark.parametrize("command", ["status", "games"])
def test_a_read_of_the_summaries_never_imports_the_game_aggregate(
    command: str, env: dict[str, str], helps: set[str]
) -> None:
    """``status`` and ``games`` read the games' summaries: the aggregate, its fold and the
    session are not imported (``resume`` needs them, for the prompt: they are what it adds)."""
    assert of(imported(command, env=env), NOT_FOR_A_READ) == []


def test_resume_imports_the_aggregate_and_the_session_for_its_prompt(
    env: dict[str, str], helps: set[str]
) -> None:
    """The other side of the two checks above: ``resume`` does import what they forbid
    ``status`` (so the checks see an import when there is one), and its start-up shows the
    unfinished game's prompt."""
    own = imported("resume", env=env) - helps
    assert of(own, NOT_FOR_A_READ) == sorted(NOT_FOR_A_READ)
    assert len(own) > BEYOND_HELP["status"]


def test_help_imports_no_event_store(helps: set[str]) -> None:
    """``zebra --help`` starts without the event store, the rules' aggregate or the drivers."""
    assert of(helps, ("eventsourcing", "companion.service", *NEVER, *NOT_FOR_A_READ)) == []


def test_the_count_sees_a_module_the_command_did_not_need(
    env: dict[str, str], helps: set[str]
) -> None:
    """The check can fail: a start-up that also loads a projection is caught by name."""
    code = f"import projections.record; {ZEBRA}"
    own = imported("status", env=env, code=code) - helps
    assert of(own, NEVER) and all(m.startswith("projections") for m in of(own, NEVER))


# Each run by the whole group and by the group of the command named: the same output and status.
SAME_EITHER_WAY = [
    ["status"],
    ["status", "--json"],
    ["games", "--all"],
    ["status", "--help"],
    ["status", "--bogus"],
    ["statu"],
    ["league", "standings"],
    ["league", "--help"],
    ["roster", "check", "--help"],
    ["play", "rushzone", "--script", "no-such-file.zebra"],
]


@pytest.mark.parametrize("args", SAME_EITHER_WAY, ids=" ".join)
def test_the_command_named_alone_answers_as_the_whole_group(
    args: list[str], env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``zebra ARGS`` built with only the command named prints and exits as the whole does."""
    from click.testing import CliRunner as ClickRunner
    from typer.main import get_command

    from companion.startup import command_for

    for name in ("ZEBRA_STORE", "ZEBRA_USER", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, env[name])
    runner = ClickRunner()
    whole = runner.invoke(get_command(app), args, prog_name="zebra")
    alone = runner.invoke(command_for(app, args), args, prog_name="zebra")
    assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)
    assert whole.output


@pytest.mark.parametrize(
    ("args", "built"),
    [
        (["status"], ["status"]),
        (["league", "standings"], ["league"]),
        (["--help"], None),
        ([], None),
        (["statu"], None),
    ],
)
def test_only_the_command_named_is_built(args: list[str], built: list[str] | None) -> None:
    """A command named is built alone; the group's help, no word and a word that is no
    command's build the whole group (every command, for its list and its suggestions)."""
    import click

    from companion.startup import command_for

    command = command_for(app, args)
    assert isinstance(command, click.Group)
    if built is None:
        assert len(command.commands) > 20 and {"status", "league", "pad"} <= set(command.commands)
    else:
        assert sorted(command.commands) == built


def test_on_postgresql_status_reads_the_summary_without_the_aggregate(
    env: dict[str, str], helps: set[str]
) -> None:
    """On a league's PostgreSQL store ``status`` imports the driver (and the library's pool),
    and still no projection, Kivy, the aggregate or the session."""
    from uuid import uuid4

    import psycopg

    from tests.companion.conftest import require_postgres

    address = require_postgres()
    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        store = f"{address}?schema={schema}"
        # The game played is this device's current one (the state folder the commands share).
        runner = CliRunner(
            env={**{k: env[k] for k in ("ZEBRA_USER", "XDG_STATE_HOME")}, "ZEBRA_STORE": store}
        )
        full = EXAMPLES / "rushzone-full.zebra"
        result = runner.invoke(app, ["play", "rushzone", "--script", str(full)])
        assert result.exit_code == 0, result.output
        own = imported("status", env={**env, "ZEBRA_STORE": store}) - helps
    finally:
        with psycopg.connect(address) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
    assert {"psycopg", "psycopg_pool", "eventsourcing.postgres"} <= own
    assert of(own, ("projections", "kivy", "starlette", *NOT_FOR_A_READ)) == []
