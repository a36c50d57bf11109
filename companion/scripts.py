"""Script files: the entries of a game, one per line, exactly as typed at the prompt.

``#`` starts a comment. Optional header lines before the first entry set up the game:
``@home NAME``, ``@away NAME``, ``@option KEY=VALUE`` (``@ruleset NAME`` is checked if given).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from domain.ruleset import IllegalEntry

MAX_SCRIPT_BYTES = 5_000_000


@dataclass(frozen=True)
class Script:
    path: str
    home: str | None = None
    away: str | None = None
    ruleset: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    lines: tuple[tuple[int, str], ...] = ()


def parse_script(text: str, path: str = "<script>") -> Script:
    """Header and entry lines with their line numbers; comments and blank lines dropped."""
    home = away = ruleset = None
    options: dict[str, str] = {}
    lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("@"):
            if lines:
                raise IllegalEntry(f"{path}:{number}: set-up line {line!r} after the first entry")
            key, _, value = line[1:].partition(" ")
            value = value.strip()
            if key == "home":
                home = value
            elif key == "away":
                away = value
            elif key == "ruleset":
                ruleset = value
            elif key == "option" and "=" in value:
                k, v = value.split("=", 1)
                options[k.strip()] = v.strip()
            else:
                raise IllegalEntry(
                    f"{path}:{number}: unknown set-up line {line!r}; "
                    "expected @home NAME, @away NAME, @option KEY=VALUE or @ruleset NAME"
                )
            continue
        lines.append((number, line))
    return Script(path, home, away, ruleset, options, tuple(lines))


def parse_import(text: str, path: str) -> Script:
    """An entries export (a script) or a jsonl export, whose rows carry the entries."""
    if not text.lstrip().startswith("{"):
        return parse_script(text, path)
    from projections.playrows import verify

    verdict = verify(text)
    if not verdict.ok:
        raise IllegalEntry(f"{path} does not verify: {verdict.message}")
    rows = [json.loads(raw) for raw in text.splitlines() if raw.strip()]
    first = rows[0]
    try:
        options = json.loads(first.get("zebra_options") or "{}")
    except json.JSONDecodeError:
        raise IllegalEntry(f"{path}: row 1 has unreadable zebra_options") from None
    lines = tuple(
        (number, str(row["zebra_entry"]))
        for number, row in enumerate(rows, start=1)
        if not row.get("play_deleted")
    )
    return Script(
        path,
        home=first.get("home_team"),
        away=first.get("away_team"),
        ruleset=first.get("ruleset"),
        options={str(k): str(v) for k, v in dict(options).items()},
        lines=lines,
    )


def read_text(path: Path) -> str:
    """A text file from disk, refused with one line if it cannot be read as UTF-8 text."""
    try:
        if path.stat().st_size > MAX_SCRIPT_BYTES:
            raise IllegalEntry(f"{path} is larger than {MAX_SCRIPT_BYTES} bytes")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise IllegalEntry(f"{path} does not exist") from None
    except IsADirectoryError:
        raise IllegalEntry(f"{path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise IllegalEntry(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise IllegalEntry(f"{path} cannot be read: {exc.strerror}") from None


def read_script(path: Path) -> Script:
    """A script file from disk."""
    return parse_script(read_text(path), str(path))
