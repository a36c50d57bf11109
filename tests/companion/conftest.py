"""The storage tests run against every store Zebra supports: an SQLite file and PostgreSQL.

PostgreSQL is used when ZEBRA_TEST_POSTGRES holds a server address (postgresql://USER:PW@HOST:PORT/DB);
.ci/run starts a real server and sets it, so in CI both stores are always tested. Without it the
PostgreSQL half of each storage test is reported as skipped on a developer's machine, and as a
failure in CI (CI=true), where a missing server must never pass unnoticed. Each test gets a schema
of its own, dropped afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

POSTGRES = os.environ.get("ZEBRA_TEST_POSTGRES", "")
BACKENDS = ["sqlite", "postgres"]
UNSET = (
    "ZEBRA_TEST_POSTGRES is not set, so the PostgreSQL store is not tested; set it to "
    "postgresql://USER:PW@HOST:PORT/DB (see README, 'A league store')"
)


def in_ci() -> bool:
    """True on a CI run (CI set to anything but empty, 0 or false, as CI services do)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_postgres() -> str:
    """The PostgreSQL address: outside CI an unset one skips the test, in CI it fails it."""
    if POSTGRES:
        return POSTGRES
    if in_ci():
        pytest.fail(f"CI=true but {UNSET}: .ci/run must start PostgreSQL and set it", pytrace=False)
    pytest.skip(UNSET)


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store of each kind, as a --store / ZEBRA_STORE value."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite")
        return
    address = require_postgres()
    import psycopg

    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{address}?schema={schema}"
    with psycopg.connect(address) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
