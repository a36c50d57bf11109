"""The web pads' join codes (companion.pads, issue #30), kept in the store itself: SQLite and
PostgreSQL alike, read by any process on the store."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

from companion.pads import PadCodes, new_code
from companion.store import Store, resolve
from tests.companion.conftest import require_postgres


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        yield resolve(str(tmp_path / "league.sqlite"), create=True)
        return
    address = require_postgres()
    import psycopg

    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield resolve(f"{address}?schema={schema}", create=True)
    finally:
        with psycopg.connect(address) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def test_each_side_gets_one_code_kept_until_revoked(store: Store) -> None:
    game, other = uuid4(), uuid4()
    codes = PadCodes(store)
    assert codes.codes(game) == {}
    made = codes.ensure(game)
    assert set(made) == {"home", "away"} and made["home"] != made["away"]
    # Another process on the store (a second PadCodes) reads the same codes; ensure keeps them.
    assert PadCodes(store).ensure(game) == made
    assert codes.side_of(game, made["away"]) == "away"
    assert codes.side_of(game, f"  {made['home'].upper()} ") == "home"
    assert codes.side_of(other, made["home"]) is None
    assert codes.side_of(game, "") is None and codes.side_of(game, made["home"][:-1]) is None
    assert codes.revoke(game) == 2
    assert codes.side_of(game, made["home"]) is None and codes.codes(game) == {}
    assert codes.revoke(game) == 0
    assert codes.ensure(game)["home"] != made["home"]


def test_a_code_is_eight_characters_no_one_misreads() -> None:
    seen = {new_code() for _ in range(200)}
    assert len(seen) == 200
    assert all(re.fullmatch(r"[a-hjkmnp-z2-9]{8}", c) for c in seen)
