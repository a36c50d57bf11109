"""This device's own current game, per store: what a command without a game id acts on.

A league's PostgreSQL store is shared by every table, so "the game played last" may be another
table's. The game a device started, resumed or imported is remembered here, outside the store
($XDG_STATE_HOME/zebra/current.json, else ~/.local/state/zebra/current.json); ZEBRA_GAME names
one for a single terminal. Writing is atomic (a temporary file, then a rename).

The file is never a store: one at its place (by name, link or inode) is neither read, which would
drop this process's SQLite locks on it, nor replaced, which would lose its games; nor is any file
there that is not this one's JSON. Only the hint is lost, and ``zebra`` refuses such a store.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from uuid import UUID

GAME_ENV = "ZEBRA_GAME"
MAX_BYTES = 1 << 20  # a state file is a few lines per store; anything larger is not one


def state_file() -> Path:
    """Where this device keeps its current games."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(Path.home(), ".local", "state")
    return Path(base) / "zebra" / "current.json"


def history_file() -> Path:
    """Where the zebra> prompt keeps the lines typed at it, beside the current games."""
    return state_file().with_name("history")


def _read() -> dict[str, str] | None:
    """The remembered games; {} if there are none yet, None if the file is not Zebra's own."""
    from companion.store import in_use

    path = state_file()
    if in_use(path) is not None:
        return None
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_BYTES else None
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def recall(store: str) -> str | None:
    """The game this terminal (ZEBRA_GAME) or this device last played on ``store``."""
    return os.environ.get(GAME_ENV) or (_read() or {}).get(store)


def remember(store: str, game_id: UUID) -> None:
    """Make ``game_id`` this device's current game on ``store``; a failure loses only the hint."""
    known = _read()
    if known is None:
        return
    known[store] = game_id.hex
    path = state_file()
    import tempfile  # only when a game is remembered, not on every read of the hint

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=".current.", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(known, out, indent=1, sort_keys=True)
        os.replace(temporary, path)
    except OSError:
        return
