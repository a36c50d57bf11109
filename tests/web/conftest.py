"""One Chromium and one ``zebra serve`` per module, on real stores (SQLite, and PostgreSQL)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

from tests.companion.conftest import require_postgres
from tests.web.browser import Browser, chromium
from tests.web.served import Served, serve, start_game


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    if chromium() is None and not os.environ.get("CI"):
        pytest.skip("chromium is not installed here (CI installs it)")
    running = Browser(tmp_path_factory.mktemp("chromium"))
    yield running
    running.close()


@pytest.fixture(scope="module")
def module_state(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The device state of the module's server and of the commands run before it."""
    return tmp_path_factory.mktemp("state")


@pytest.fixture(scope="module")
def sqlite_served(tmp_path_factory: pytest.TempPathFactory, module_state: Path) -> Iterator[Served]:
    """A server on an SQLite store that already holds one game (serve reads an existing store)."""
    folder = tmp_path_factory.mktemp("sqlite")
    store = str(folder / "league.sqlite")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(module_state))
        start_game(store, folder, "Bears", "Packers", 3)
        served = serve(store)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def postgres_served() -> Iterator[Served]:
    """A server on an empty PostgreSQL league store (a schema of its own, dropped afterwards)."""
    address = require_postgres()
    import psycopg

    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    served = serve(f"{address}?schema={schema}")
    yield served
    served.stop()
    with psycopg.connect(address) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgres"])
def any_served(request: pytest.FixtureRequest) -> Served:
    """The module's server on each kind of store."""
    served: Served = request.getfixturevalue(f"{request.param}_served")
    return served
