"""Where games are kept: an SQLite file in the user's data folder unless told otherwise."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

STORE_ENV = "ZEBRA_STORE"
SQLITE_HEADER = b"SQLite format 3\x00"
EVENTS_TABLE = "stored_events"


class StoreError(Exception):
    """The store cannot be used; the message is one line saying why and what to do."""


@dataclass(frozen=True)
class Store:
    """A resolved store: an SQLite file, or a league's PostgreSQL database."""

    path: Path | None = None
    postgres: dict[str, str] | None = None

    @property
    def env(self) -> dict[str, str]:
        if self.postgres is not None:
            return {
                "PERSISTENCE_MODULE": "eventsourcing.postgres",
                **{f"POSTGRES_{k.upper()}": v for k, v in self.postgres.items()},
                "POSTGRES_CONNECT_TIMEOUT": "5",
                "POSTGRES_POOL_SIZE": "2",
                "AGGREGATE_CACHE_MAXSIZE": "16",
            }
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(self.path),
            # A cached game keeps its folded states, so a command need not re-run the rules over
            # the whole game; fast-forwarding still reads what other processes recorded.
            "AGGREGATE_CACHE_MAXSIZE": "16",
        }

    @property
    def secret(self) -> str | None:
        return self.postgres.get("password") if self.postgres else None

    def scrub(self, text: str) -> str:
        """Text with the store's password blanked out: it is never printed or logged."""
        secret = self.secret
        return text.replace(secret, "***") if secret else text

    def __str__(self) -> str:
        if self.postgres is not None:
            p = self.postgres
            where = f"postgresql://{p['user']}:***@{p['host']}:{p['port']}/{p['dbname']}"
            return where + (f"?schema={p['schema']}" if "schema" in p else "")
        return str(self.path)


def check_postgres(store: Store) -> None:
    """Connect once to say clearly what is wrong: no server, a refused password, no database."""
    assert store.postgres is not None
    p = store.postgres
    try:
        import psycopg
    except ImportError:
        raise StoreError(
            "PostgreSQL stores need the league extra: pip install -e '.[league]'"
        ) from None
    try:
        with psycopg.connect(
            dbname=p["dbname"],
            host=p["host"],
            port=p["port"],
            user=p["user"],
            password=p["password"],
            connect_timeout=5,
        ):
            pass
    except psycopg.OperationalError as exc:
        text = store.scrub(" ".join(str(exc).split()))
        if "password authentication failed" in text:
            raise StoreError(
                f"PostgreSQL refused the password for user {p['user']} at {p['host']}:{p['port']}"
            ) from None
        if "does not exist" in text:
            raise StoreError(
                f"PostgreSQL at {p['host']}:{p['port']}: {text.split('FATAL:')[-1].strip()}"
            ) from None
        if "Connection refused" in text or "timeout" in text.lower():
            raise StoreError(f"no PostgreSQL server answers at {p['host']}:{p['port']}") from None
        raise StoreError(f"cannot connect to {store}: {text}") from None


def postgres_store(url: str) -> Store:
    """A PostgreSQL store from postgresql://USER:PASSWORD@HOST:PORT/DB."""
    parts = urlsplit(url)
    dbname = parts.path.lstrip("/")
    try:
        port = parts.port or 5432
    except ValueError:
        raise StoreError("the PostgreSQL port in the store address is not a number") from None
    if not (parts.username and parts.hostname and dbname):
        raise StoreError(
            "a PostgreSQL store is postgresql://USER:PASSWORD@HOST:PORT/DATABASE; "
            "the user, host or database is missing"
        )
    settings = {
        "dbname": unquote(dbname),
        "host": parts.hostname,
        "port": str(port),
        "user": unquote(parts.username),
        "password": unquote(parts.password or ""),
    }
    # ?schema=NAME keeps a league's (or a test's) tables apart inside one database.
    schema = parse_qs(parts.query).get("schema", [""])[0]
    if schema:
        if not schema.replace("_", "").isalnum():
            raise StoreError("a schema name is letters, digits and underscores")
        settings["schema"] = schema
    return Store(postgres=settings)


def default_path() -> Path:
    """The user's data folder (XDG_DATA_HOME, else ~/.local/share) / zebra / zebra.sqlite."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "zebra" / "zebra.sqlite"


def resolve(option: str | None, *, create: bool) -> Store:
    """The store named by --store, else ZEBRA_STORE, else the default file; checked before use.

    ``create`` allows a new file (starting a game); reading commands need an existing store.
    """
    named = option or os.environ.get(STORE_ENV) or ""
    if named.startswith(("postgres://", "postgresql://")):
        league = postgres_store(named)
        check_postgres(league)
        return league
    path = Path(named).expanduser() if named else default_path()
    if not named and create:
        path.parent.mkdir(parents=True, exist_ok=True)
    check(path, create=create)
    return Store(path=path.resolve())


def check(path: Path, *, create: bool) -> None:
    """Refuse a store path that is missing, not writable, or not a Zebra SQLite store."""
    if path.is_dir():
        raise StoreError(f"store {path} is a folder; give the path of a .sqlite file")
    if not path.exists():
        if not create:
            raise StoreError(f"no Zebra store at {path}; start a game with 'zebra play' first")
        if not path.parent.is_dir():
            raise StoreError(f"cannot create store {path}: folder {path.parent} does not exist")
        if not os.access(path.parent, os.W_OK):
            raise StoreError(f"cannot create store {path}: folder {path.parent} is not writable")
        return
    if not os.access(path, os.R_OK):
        raise StoreError(f"store {path} cannot be read (permission denied)")
    if create and not os.access(path, os.W_OK):
        raise StoreError(f"store {path} is read-only; entries could not be recorded")
    with open(path, "rb") as fh:
        header = fh.read(len(SQLITE_HEADER))
    if header and header != SQLITE_HEADER:
        raise StoreError(f"store {path} is not a Zebra store (not an SQLite file)")
    if not header:
        return
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            verdict = conn.execute("PRAGMA quick_check").fetchone()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"store {path} is corrupt or unreadable: {exc}") from exc
    if not verdict or verdict[0] != "ok":
        raise StoreError(f"store {path} is corrupt: {verdict[0] if verdict else 'no answer'}")
    if tables and EVENTS_TABLE not in tables:
        raise StoreError(f"store {path} is an SQLite file but not a Zebra store")
