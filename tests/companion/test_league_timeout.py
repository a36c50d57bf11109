"""A league store's connect_timeout is the one its address gives (issue #17: a tablet must say
soon that the league server is gone, and the library waits this long on each of its attempts)."""

from __future__ import annotations

from companion import store as stores


def test_the_address_connect_timeout_is_used_as_given() -> None:
    one = stores.postgres_store("postgresql://u:p@127.0.0.1:5432/db?connect_timeout=1")
    assert one.env["POSTGRES_CONNECT_TIMEOUT"] == "1"
    given = stores.postgres_store("postgresql://u:p@127.0.0.1:5432/db?connect_timeout=20")
    assert given.env["POSTGRES_CONNECT_TIMEOUT"] == "20"


def test_without_one_the_default_applies() -> None:
    plain = stores.postgres_store("postgresql://u:p@127.0.0.1:5432/db")
    assert plain.env["POSTGRES_CONNECT_TIMEOUT"] == str(stores.DEFAULT_CONNECT_TIMEOUT)
