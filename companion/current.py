"""This device's own current game, per store: what a command without a game id acts on.

A league's PostgreSQL store is shared by every table, so "the game played last" may be another
table's. The game a device started, resumed or imported is remembered here, outside the store
($XDG_STATE_HOME/zebra/current.json, else ~/.local/state/zebra/current.json); ZEBRA_GAME names
one for a single terminal. Writing is atomic (a temporary file, then a rename).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from uuid import UUID

GAME_ENV = "ZEBRA_GAME"


def state_file() -> Path:
    """Where this device keeps its current games."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(Path.home(), ".local", "state")
    return Path(base) / "zebra" / "current.json"


def history_file() -> Path:
    """Where the zebra> prompt keeps the lines typed at it, beside the current games."""
    return state_file().with_name("history")


def _read() -> dict[str, str]:
    try:
        data = json.loads(state_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def recall(store: str) -> str | None:
    """The game this terminal (ZEBRA_GAME) or this device last played on ``store``."""
    return os.environ.get(GAME_ENV) or _read().get(store)


def remember(store: str, game_id: UUID) -> None:
    """Make ``game_id`` this device's current game on ``store``; a failure loses only the hint."""
    known = _read()
    known[store] = game_id.hex
    path = state_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=".current.", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(known, out, indent=1, sort_keys=True)
        os.replace(temporary, path)
    except OSError:
        return
