"""The storage tests run against every store Zebra supports: an SQLite file and PostgreSQL.

PostgreSQL is used when ZEBRA_TEST_POSTGRES holds a server address (postgresql://USER:PW@HOST:PORT/DB);
.ci/run starts a real server and sets it, so in CI both stores are always tested. Each test gets
a schema of its own, dropped afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

POSTGRES = os.environ.get("ZEBRA_TEST_POSTGRES", "")
BACKENDS = ["sqlite", "postgres"] if POSTGRES or os.environ.get("CI") else ["sqlite"]


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store of each kind, as a --store / ZEBRA_STORE value."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite")
        return
    if not POSTGRES:
        pytest.fail("CI must set ZEBRA_TEST_POSTGRES so the PostgreSQL store is tested")
    import psycopg

    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{POSTGRES}?schema={schema}"
    with psycopg.connect(POSTGRES) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
