"""Where games are kept: an SQLite file in the user's data folder unless told otherwise.

The store file is only ever touched through SQLite: on POSIX, closing any other descriptor of a
database file drops every lock this process's SQLite connections hold on it, and another process
may then checkpoint and delete the write-ahead log this one is still writing to.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlsplit

STORE_ENV = "ZEBRA_STORE"
KEY_ENV = "ZEBRA_LEAGUE_KEY_FILE"  # projections.playrows reads it; the store is never it
READ_ONLY_ENV = "ZEBRA_STORE_READ_ONLY"
EVENTS_TABLE = "stored_events"
LIBPQ_ENV = "ZEBRA_LIBPQ_PARAMETERS"
DEFAULT_CONNECT_TIMEOUT = 5
NOT_SQLITE = "file is not a database"
# SQLite's primary result codes for a full database or disk, and for an I/O error (which is what
# SQLite says when it cannot create or grow its shared-memory file on a full disk).
SQLITE_FULL = 13
SQLITE_IOERR = 10
# SQLite keeps these files beside a store; they are the store's too.
COMPANION_SUFFIXES = ("-wal", "-shm", "-journal")
# Every SQLite store file this process has resolved or been told to use (--store): never
# opened except through SQLite, and never read or written as any other file.
IN_USE: set[Path] = set()

# libpq connection parameters a league store address may carry in its query string, passed to
# every connection Zebra and the event-sourcing library open. The address itself gives the user,
# password, host, port and database; ``schema`` is Zebra's own.
LIBPQ_PARAMETERS = (
    "application_name",
    "channel_binding",
    "connect_timeout",
    "fallback_application_name",
    "gssencmode",
    "gsslib",
    "hostaddr",
    "keepalives",
    "keepalives_count",
    "keepalives_idle",
    "keepalives_interval",
    "krbsrvname",
    "load_balance_hosts",
    "options",
    "passfile",
    "require_auth",
    "requirepeer",
    "service",
    "ssl_max_protocol_version",
    "ssl_min_protocol_version",
    "sslcert",
    "sslcompression",
    "sslcrl",
    "sslcrldir",
    "sslkey",
    "sslmode",
    "sslpassword",
    "sslrootcert",
    "sslsni",
    "target_session_attrs",
    "tcp_user_timeout",
)
SECRET_PARAMETERS = ("sslpassword",)


class StoreError(Exception):
    """The store cannot be used; the message is one line saying why and what to do."""


@dataclass(frozen=True)
class Store:
    """A resolved store: an SQLite file, or a league's PostgreSQL database."""

    path: Path | None = None
    postgres: dict[str, str] | None = None
    # How the SQLite file is opened: "" read-write, "ro" read-only, "immutable" read-only on a
    # medium nothing can write to (a read-only mount), where SQLite cannot even keep its lock file.
    read_only: str = ""
    libpq: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.path is not None:
            IN_USE.add(Path(os.path.abspath(self.path)))

    @property
    def env(self) -> dict[str, str]:
        """The event-sourcing library's settings for this store."""
        if self.postgres is not None:
            timeout = int(self.libpq.get("connect_timeout") or 0)
            return {
                "PERSISTENCE_MODULE": "companion.store:LeagueFactory",
                **{f"POSTGRES_{k.upper()}": v for k, v in self.postgres.items()},
                LIBPQ_ENV: json.dumps(self.libpq),
                # The address's own connect_timeout, when it gives one: the library waits that
                # long for a connection on each of its ten attempts, so a tablet that must
                # say "the league server is gone" soon asks for a short one (0: the default).
                "POSTGRES_CONNECT_TIMEOUT": str(timeout or DEFAULT_CONNECT_TIMEOUT),
                "POSTGRES_POOL_SIZE": "2",
                # A pooled connection the server (or the network) dropped is found before it
                # is used, and replaced: the command after an outage is not refused for it.
                "POSTGRES_PRE_PING": "y",
                "AGGREGATE_CACHE_MAXSIZE": "16",
            }
        assert self.path is not None
        settings = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(self.path),
            # A cached game keeps its folded states, so a command need not re-run the rules over
            # the whole game; fast-forwarding still reads what other processes recorded.
            "AGGREGATE_CACHE_MAXSIZE": "16",
            # Each game's head is written with its events and every read is held to it.
            "APPLICATION_RECORDER_TOPIC": "companion.store:HeadedSQLiteRecorder",
        }
        if self.read_only:
            settings["SQLITE_DBNAME"] = sqlite_uri(self.path, self.read_only)
            settings["CREATE_TABLE"] = "no"
            settings["APPLICATION_RECORDER_TOPIC"] = "companion.store:ReadOnlyRecorder"
        return settings

    @property
    def secret(self) -> str | None:
        return self.postgres.get("password") if self.postgres else None

    def scrub(self, text: str) -> str:
        """Text with the store's password blanked out: it is never printed or logged."""
        secrets = [self.secret, *(self.libpq.get(k) for k in SECRET_PARAMETERS)]
        for secret in secrets:
            if secret:
                text = text.replace(secret, "***")
        return text

    def __str__(self) -> str:
        if self.postgres is not None:
            p = self.postgres
            host = f"[{p['host']}]" if ":" in p["host"] else p["host"]
            where = f"postgresql://{p['user']}:***@{host}:{p['port']}/{p['dbname']}"
            shown = {"schema": p["schema"]} if "schema" in p else {}
            shown |= {k: "***" if k in SECRET_PARAMETERS else v for k, v in self.libpq.items()}
            return where + ("?" + "&".join(f"{k}={v}" for k, v in shown.items()) if shown else "")
        return str(self.path)


def expect(option: str | None) -> str | None:
    """The ``--store`` option's callback: the SQLite file a command will use is known before
    the command reads any other file (a script, a roster, a key), so no door reads it as one."""
    path = sqlite_path(option)
    if path is not None:
        IN_USE.add(path)
    return option


def sqlite_path(option: str | None) -> Path | None:
    """The SQLite file --store, else ZEBRA_STORE, else the default names (nothing is checked
    or created), or None for a PostgreSQL store."""
    named = option or os.environ.get(STORE_ENV) or ""
    if named.startswith(("postgres://", "postgresql://")):
        return None
    try:
        return Path(os.path.abspath(Path(named).expanduser() if named else default_path()))
    except (OSError, ValueError, RuntimeError):
        return None


def in_use(path: Path | str) -> Path | None:
    """The store this process uses, or is told to use (the store option, else ZEBRA_STORE, else
    the default file), that ``path`` names: the file or one SQLite keeps beside it, by name, by
    the name links resolve to, or by inode (a hard link). Found by stat alone, so no lock of
    SQLite's is ever dropped."""
    try:
        info: os.stat_result | None = os.stat(path)
    except (OSError, ValueError):
        info = None
    try:
        named = Path(os.path.abspath(path))
        real = Path(os.path.realpath(path))
    except ValueError:
        return None
    configured = sqlite_path(None)
    for store in [*IN_USE, *([configured] if configured is not None else [])]:
        stores = {str(store), os.path.realpath(store)}
        for name in (*stores, *(f"{s}{suffix}" for s in stores for suffix in COMPANION_SUFFIXES)):
            if Path(name) in (named, real):
                return store
            if info is None:
                continue
            try:
                other = os.stat(name)
            except OSError:
                continue
            if (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino):
                return store
    return None


def sqlite_uri(path: Path, read_only: str) -> str:
    """The URI SQLite opens a read-only store by: ``mode=ro``, or ``immutable=1`` on a medium
    where SQLite cannot create the shared-memory file that reading a WAL store needs."""
    query = "immutable=1" if read_only == "immutable" else "mode=ro"
    return f"file:{quote(str(path), safe='/')}?{query}"


def libpq_kwargs(store: Store) -> dict[str, Any]:
    """Keyword arguments for a libpq connection: an empty password is left out, so that
    PGPASSWORD, ~/.pgpass or a service file can supply it."""
    assert store.postgres is not None
    p = store.postgres
    kwargs: dict[str, Any] = {k: p[k] for k in ("dbname", "host", "port", "user", "password")}
    if not kwargs["password"]:
        del kwargs["password"]
    return {**kwargs, "connect_timeout": DEFAULT_CONNECT_TIMEOUT, **store.libpq}


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
        with psycopg.connect(**libpq_kwargs(store)):
            pass
    except psycopg.Error as exc:
        text = store.scrub(" ".join(str(exc).split()))
        if "password authentication failed" in text:
            raise StoreError(
                f"PostgreSQL refused the password for user {p['user']} at {p['host']}:{p['port']}"
            ) from None
        if "no password supplied" in text:
            raise StoreError(
                f"PostgreSQL at {p['host']}:{p['port']} wants a password for user {p['user']}: "
                "set PGPASSWORD, or keep it in ~/.pgpass or a service file"
            ) from None
        if "does not exist" in text:
            raise StoreError(
                f"PostgreSQL at {p['host']}:{p['port']}: {text.split('FATAL:')[-1].strip()}"
            ) from None
        if "Connection refused" in text or "timeout" in text.lower():
            raise StoreError(f"no PostgreSQL server answers at {p['host']}:{p['port']}") from None
        raise StoreError(f"cannot connect to {store}: {text}") from None


def postgres_store(url: str) -> Store:
    """A PostgreSQL store from postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?PARAMETER=VALUE&...]."""
    shape = "a PostgreSQL store is postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
    try:
        parts = urlsplit(url)
        hostname, username, password = parts.hostname, parts.username, parts.password
    except ValueError as exc:
        raise StoreError(f"the store address is malformed ({exc}); {shape}") from None
    try:
        port = parts.port
    except ValueError:
        raise StoreError("the PostgreSQL port in the store address is not a number") from None
    if port == 0:
        raise StoreError("the PostgreSQL port in the store address must be 1 to 65535, not 0")
    dbname = parts.path.lstrip("/")
    if not (username and hostname and dbname):
        raise StoreError(f"{shape}; the user, host or database is missing")
    settings = {
        "dbname": unquote(dbname),
        "host": hostname,
        "port": str(port or 5432),
        "user": unquote(username),
        "password": unquote(password or ""),
    }
    query = store_parameters(parts.query)
    # ?schema=NAME keeps a league's (or a test's) tables apart inside one database.
    schema = query.pop("schema", "")
    if schema:
        if not schema.replace("_", "").isalnum():
            raise StoreError("a schema name is letters, digits and underscores")
        settings["schema"] = schema
    return Store(postgres=settings, libpq=query)


def store_parameters(query: str) -> dict[str, str]:
    """The store address's query string: schema and libpq parameters; anything else is refused."""
    supported = ("schema", *LIBPQ_PARAMETERS)
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise StoreError(
            f"the store address's parameters are not NAME=VALUE pairs joined by &: {query!r}"
        ) from None
    found: dict[str, str] = {}
    for name, value in pairs:
        if name not in supported:
            raise StoreError(
                f"the store address has an unsupported parameter {name!r}; "
                f"supported: {', '.join(supported)}"
            )
        if name in found:
            raise StoreError(f"the store address gives the parameter {name!r} twice")
        if not value.strip():
            raise StoreError(f"the store address's parameter {name!r} has no value")
        found[name] = value
    timeout = found.get("connect_timeout")
    if timeout is not None and not timeout.isdigit():
        raise StoreError("connect_timeout in the store address is a whole number of seconds")
    return found


def default_path() -> Path:
    """The user's data folder (XDG_DATA_HOME, else ~/.local/share) / zebra / zebra.sqlite."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "zebra" / "zebra.sqlite"


def resolve(option: str | None, *, create: bool) -> Store:
    """The store named by --store, else ZEBRA_STORE, else the default file; checked before use.

    ``create`` allows a new file (starting a game); reading commands need an existing store, and
    open it read-only if it cannot be written (a read-only mount, or ZEBRA_STORE_READ_ONLY=1).
    """
    named = option or os.environ.get(STORE_ENV) or ""
    if named.startswith(("postgres://", "postgresql://")):
        league = postgres_store(named)
        check_postgres(league)
        return league
    path = Path(named).expanduser() if named else default_path()
    refuse_zebras_own_files(path)
    if not named and create:
        path.parent.mkdir(parents=True, exist_ok=True)
    read_only = check(path, create=create)
    return Store(path=path.resolve(), read_only=read_only)


def refuse_zebras_own_files(path: Path) -> None:
    """Refuse a store path that is a file Zebra itself writes: this device's state file (every
    command rewrites it, so the store's games would be lost), the prompt's history or the
    league key file, by name,
    by the name links resolve to, or by inode (a hard link)."""
    from companion.current import history_file, state_file

    state = state_file()
    if same_file(path, state):
        raise StoreError(
            f"store {path} is Zebra's device-state file ({state}), which every command "
            "rewrites; nothing was written: give the store a file of its own"
        )
    history = history_file()
    if same_file(path, history):
        raise StoreError(
            f"store {path} is the zebra> prompt's history file ({history}), which each line "
            "typed is added to; nothing was written: give the store a file of its own"
        )
    key = os.environ.get(KEY_ENV, "").strip()
    if key and same_file(path, Path(key).expanduser()):
        raise StoreError(
            f"store {path} is the league key file: ${KEY_ENV} names the Zebra store itself; "
            "nothing was written: give the store and the key a file each"
        )


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file: by name, by the name links resolve to, or by inode."""
    try:
        if os.path.abspath(one) == os.path.abspath(other):
            return True
        if os.path.realpath(one) == os.path.realpath(other):
            return True
        a, b = os.stat(one), os.stat(other)
    except (OSError, ValueError):
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def read_only_wanted(path: Path) -> bool:
    """Whether SQLite cannot write the store: the file, or the folder its write-ahead log needs."""
    if os.environ.get(READ_ONLY_ENV, "").strip().lower() in ("1", "yes", "true", "on"):
        return True
    if not os.access(path, os.W_OK):
        return True
    if os.access(path.parent, os.W_OK):
        return False
    # SQLite keeps its write-ahead log and lock file beside the store; it can write only if both
    # already exist and are writable.
    beside = [Path(f"{path}-wal"), Path(f"{path}-shm")]
    return not all(p.exists() and os.access(p, os.W_OK) for p in beside)


def check(path: Path, *, create: bool) -> str:
    """Refuse a store path that is missing, not writable, or not a Zebra SQLite store.

    Returns how to open it: "" read-write, or the read-only mode (see ``Store.read_only``).
    """
    if path.is_dir():
        raise StoreError(f"store {path} is a folder; give the path of a .sqlite file")
    if not path.exists():
        if not create:
            raise StoreError(f"no Zebra store at {path}; start a game with 'zebra play' first")
        if not path.parent.is_dir():
            raise StoreError(f"cannot create store {path}: folder {path.parent} does not exist")
        if not os.access(path.parent, os.W_OK):
            raise StoreError(f"cannot create store {path}: folder {path.parent} is not writable")
        return ""
    if not os.access(path, os.R_OK):
        raise StoreError(f"store {path} cannot be read (permission denied)")
    read_only = read_only_wanted(path)
    if create and read_only:
        raise StoreError(f"store {path} is read-only; entries could not be recorded")
    mode, tables = read_tables(path, read_only)
    if tables and EVENTS_TABLE not in tables:
        raise StoreError(f"store {path} is an SQLite file but not a Zebra store")
    if mode and not tables:
        raise StoreError(f"store {path} is read-only and holds no games")
    return mode


def read_tables(path: Path, read_only: bool) -> tuple[str, set[str]]:
    """The store's tables, read through SQLite alone, and the read-only mode that could read them.

    An empty file is an empty SQLite database. A read-only store is tried with ``mode=ro``, then
    (if SQLite cannot create its lock file there, and no write-ahead log is waiting to be read)
    as immutable.
    """
    modes = ["ro", "immutable"] if read_only else ["ro"]
    for mode in modes:
        try:
            with closing(sqlite3.connect(sqlite_uri(path, mode), uri=True)) as conn:
                tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
                journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
        except UnicodeDecodeError:
            # A table's name in SQLite's own schema that is not text: the file is damaged.
            raise StoreError(
                f"store {path} is damaged: SQLite's list of its tables is not text; "
                "run zebra check on a copy from before the damage"
            ) from None
        except sqlite3.DatabaseError as exc:
            if NOT_SQLITE in str(exc):
                raise StoreError(
                    f"store {path} is not a Zebra store (not an SQLite file)"
                ) from None
            cannot_open = isinstance(exc, sqlite3.OperationalError) and "unable to open" in str(exc)
            if mode == "ro" and read_only and cannot_open:
                if log_waiting(path):
                    raise StoreError(
                        f"store {path} is read-only and SQLite cannot read its write-ahead log "
                        f"{path}-wal there; copy both files to a writable folder"
                    ) from None
                continue
            raise StoreError(
                full_disk(exc, path) or f"store {path} is corrupt or unreadable: {exc}"
            ) from None
        if mode == "ro" and read_only and journal.lower() != "wal" and not log_waiting(path):
            # The library would switch such a store to WAL, which a read-only connection refuses.
            continue
        return (mode if read_only else ""), tables
    raise StoreError(f"store {path} cannot be opened read-only")


def full_disk(exc: BaseException, path: Path | None = None) -> str | None:
    """One line saying the disk is full and nothing was recorded, if that is why ``exc`` (or
    the error it was raised from) happened: SQLite's SQLITE_FULL, the system's ENOSPC, or an
    I/O error where the store's folder has no block left, or PostgreSQL's disk_full. None
    otherwise."""
    stores = [path] if path is not None else sorted(IN_USE)
    seen: set[int] = set()
    found: BaseException | None = exc
    while found is not None and id(found) not in seen:
        seen.add(id(found))
        code = getattr(found, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        no_space = isinstance(found, OSError) and found.errno == errno.ENOSPC
        # PostgreSQL's disk_full (53100): the league server's disk.
        no_space = no_space or getattr(found, "sqlstate", None) == "53100"
        if primary == SQLITE_IOERR:
            full = [store for store in stores if no_block_left(store.parent)]
            stores, no_space = full or stores, bool(full)
        if primary == SQLITE_FULL or no_space:
            where = f" store {stores[0]}" if stores else " store"
            return (
                f"the disk holding the{where} is full, so this command recorded nothing; free "
                "some space and try it again"
            )
        found = found.__cause__ or found.__context__
    return None


def storage_failed(exc: BaseException) -> str | None:
    """One line saying why the store could not be opened, read or written, or None when ``exc``
    is not the store's failure: Zebra's own refusal of a store file, SQLite's or the
    event-sourcing library's error (a locked file, a damaged one, a league server gone), or the
    system's (permission denied, a full disk). The front ends ask this, never the libraries."""
    from eventsourcing.persistence import PersistenceError

    if not isinstance(exc, StoreError | sqlite3.Error | PersistenceError | OSError):
        return None
    full = full_disk(exc)
    if full is not None:
        return full
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if isinstance(exc, StoreError) else f"the store: {text}"


def named_wrong(named: str) -> bool:
    """Whether a store named at a terminal (--store, $ZEBRA_STORE) is named wrongly rather than
    failing: an SQLite path with nothing at it, or a league address that is not one. That is
    said at the terminal, as every command says it; a store that is there but cannot be opened
    is the tablet's to show."""
    if named.startswith(("postgres://", "postgresql://")):
        try:
            postgres_store(named)
        except StoreError:
            return True
        return False
    path = sqlite_path(named)
    return path is None or not os.path.lexists(path)


@dataclass(frozen=True)
class Unopened:
    """A store that could not be opened, as the tablet shows it: why, where, and what to do."""

    reason: str
    where: str
    advice: str


def unopened(named: str | None, reason: str) -> Unopened:
    """What the table is told about a store that could not be opened (``reason``, one line
    from storage_failed): the store's path or address and what to do about it."""
    if (named or os.environ.get(STORE_ENV) or "").startswith(("postgres://", "postgresql://")):
        try:
            where = str(postgres_store(named or os.environ.get(STORE_ENV, "")))
        except StoreError:
            where = "the league server's address"
        advice = (
            "Check that the league server is running and this device can reach it, then "
            "TRY AGAIN. At a terminal, zebra games --store ADDRESS says the same."
        )
        return Unopened(reason, where, advice)
    path = sqlite_path(named)
    where = str(path) if path is not None else str(named)
    advice = (
        "Copy the file away (it may still hold games) and start a new store: with the file "
        "gone, TRY AGAIN starts a new one here. To see what is wrong with it, at a terminal: "
        f"zebra check --all --store {where}"
    )
    return Unopened(reason, where, advice)


def no_block_left(folder: Path) -> bool:
    """Whether the file system holding ``folder`` has no block left that a program can use."""
    try:
        return os.statvfs(folder).f_bavail == 0
    except (OSError, ValueError):
        return False


def log_waiting(path: Path) -> bool:
    """Whether SQLite's write-ahead log beside the store holds anything (stat only, no open)."""
    try:
        return os.stat(f"{path}-wal").st_size > 0
    except OSError:
        return False


# What SQLite's own names in an integrity report stand for.
SQLITE_NAMES = {
    f"sqlite_autoindex_{EVENTS_TABLE}_1": "the index of events by game and number",
    EVENTS_TABLE: "the events",
    "game_heads": "the games' heads",
}


def integrity_check(path: Path | str) -> str | None:
    """SQLite's full check of a store file (slow, so only 'zebra check' runs it): every page,
    and every index entry against its row, which a damaged index that cuts a game's reads short
    fails. None when the file is sound, else one line naming what is damaged."""
    path = Path(path).expanduser()
    try:
        mode = check(path, create=False)
        uri = sqlite_uri(path.resolve(), mode or "ro")
        with closing(sqlite3.connect(uri, uri=True)) as conn:
            verdict = [str(row[0]) for row in conn.execute("PRAGMA integrity_check(20)")]
    except StoreError as exc:
        return str(exc)
    except sqlite3.DatabaseError as exc:
        return f"store {path} is damaged or unreadable: {exc}"
    if verdict == ["ok"]:
        return None
    found = [
        line.strip()
        for row in verdict
        for line in row.splitlines()
        if line.strip() and not line.startswith("***")
    ]
    named = []
    for line in found[:3]:
        words = [w for w in SQLITE_NAMES if w in line.split()]
        named.append(f"{line} ({SQLITE_NAMES[words[0]]})" if words else line)
    more = "; and more" if len(found) > 3 else ""
    hint = ""
    if found and all(" index " in f" {line} " for line in found):
        # An index is derived from its table: rebuilding it loses nothing.
        hint = f"; only an index is damaged: sqlite3 {path} REINDEX rebuilds it"
    return f"store {path} is damaged: {'; '.join(named) or 'no answer'}{more}{hint}"


def __getattr__(name: str) -> Any:
    """The classes the event-sourcing library is pointed at, made on first use so that importing
    this module (every command) does not import the library's SQLite or PostgreSQL modules."""
    if name == "LeagueFactory":
        made: type = league_factory()
    elif name == "ReadOnlyRecorder":
        made = read_only_recorder()
    elif name == "HeadedSQLiteRecorder":
        from companion.heads import sqlite_recorder

        made = sqlite_recorder()
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = made
    return made


def league_factory() -> type:
    """The library's PostgreSQL factory, also passing the address's libpq parameters through."""
    from eventsourcing.postgres import PostgresFactory
    from eventsourcing.utils import Environment

    from companion.heads import postgres_recorder

    class LeagueFactory(PostgresFactory):
        """PostgreSQL with the store address's libpq parameters, and no empty password (so
        that PGPASSWORD, ~/.pgpass or a service file supply it); each game's head is written
        with its events (companion.heads)."""

        application_recorder_class = postgres_recorder()

        def __init__(self, env: Environment | dict[str, str] | None) -> None:
            super().__init__(env)
            kwargs = self.datastore.pool.kwargs
            assert isinstance(kwargs, dict)
            if not kwargs.get("password"):
                kwargs.pop("password", None)
            kwargs.update(json.loads(self.env.get(LIBPQ_ENV) or "{}"))

    return LeagueFactory


def read_only_recorder() -> type:
    """Zebra's SQLite recorder for a read-only store: writing says so in one line."""
    from companion.heads import sqlite_recorder

    class ReadOnlyRecorder(sqlite_recorder()):  # type: ignore[misc]
        """Reads as usual; a write is refused before SQLite is asked."""

        def insert_events(self, stored_events: Any, **kwargs: Any) -> Any:
            where = unquote(self.datastore.pool.db_name.removeprefix("file:").split("?")[0])
            raise StoreError(f"store {where} is read-only; nothing was recorded")

    return ReadOnlyRecorder
