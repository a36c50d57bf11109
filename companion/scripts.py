"""Script files: the entries of a game, one per line, exactly as typed at the prompt.

``#`` starts a comment. Optional header lines before the first entry set up the game:
``@home NAME``, ``@away NAME``, ``@option KEY=VALUE``, ``@season YEAR``, ``@week N``
(``@ruleset NAME`` is checked if given).
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from domain import schedule
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
    season: int | None = None
    week: int | None = None


def parse_script(text: str, path: str = "<script>") -> Script:
    """Header and entry lines with their line numbers; comments and blank lines dropped."""
    home = away = ruleset = None
    season = week = None
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
            elif key in ("season", "week"):
                try:
                    if key == "season":
                        season = schedule.checked_season(value)
                    else:
                        week = schedule.checked_week(value)
                except IllegalEntry as exc:
                    raise IllegalEntry(f"{path}:{number}: {exc}") from None
            elif key == "option" and "=" in value:
                k, v = value.split("=", 1)
                options[k.strip()] = v.strip()
            else:
                raise IllegalEntry(
                    f"{path}:{number}: unknown set-up line {line!r}; "
                    "expected @home NAME, @away NAME, @option KEY=VALUE, @season YEAR, @week N "
                    "or @ruleset NAME"
                )
            continue
        lines.append((number, line))
    return Script(path, home, away, ruleset, options, tuple(lines), season, week)


def parse_import(text: str, path: str) -> Script:
    """An entries export (a script) or a jsonl export, whose rows carry the entries."""
    if not text.lstrip().startswith("{"):
        return parse_script(text, path)
    from projections.playrows import KEY_ENV, ExportError, read_rows

    named = os.environ.get(KEY_ENV, "").strip()
    key = read_league_key(Path(named)) if named else None
    try:
        # Typed rows, exactly as the chain hashed them: "0" is not 0 (docs/exports.md).
        rows = read_rows(text, key)
    except ExportError as exc:
        raise IllegalEntry(f"{path} does not verify: {exc}") from None
    if not all(isinstance(row, dict) for row in rows):
        raise IllegalEntry(f"{path}: every line of a jsonl export is one row object")
    first = rows[0]
    lines: list[tuple[int, str]] = []
    seen: set[str] = set()
    for number, row in enumerate(rows, start=1):
        if row.get("play_deleted"):
            continue
        if "zebra_entries" in row:
            # The play-by-play: each play's entries, an entry shared by two plays (a period's
            # end after the play) once.
            for seq, typed in play_entries(row, number, path):
                if seq not in seen:
                    seen.add(seq)
                    lines.append((number, typed))
            continue
        entry = row.get("zebra_entry")
        if not isinstance(entry, str) or not entry.strip():
            raise IllegalEntry(f"{path}: row {number} has no zebra_entry (the entry as typed)")
        lines.append((number, entry))
    return Script(
        path,
        home=text_cell(first, "home_team", path),
        away=text_cell(first, "away_team", path),
        ruleset=text_cell(first, "ruleset", path),
        options=import_options(first.get("zebra_options"), path),
        lines=tuple(lines),
    )


def play_entries(row: dict[str, object], number: int, path: str) -> list[tuple[str, str]]:
    """A play row's entries with their seqs, refused in one line unless they pair up."""
    seqs = str(row.get("zebra_seqs") or "").split(";")
    try:
        entries = json.loads(str(row.get("zebra_entries") or ""))
    except (json.JSONDecodeError, RecursionError):
        entries = None
    if (
        not isinstance(entries, list)
        or len(entries) != len(seqs)
        or not all(isinstance(e, str) and e.strip() for e in entries)
    ):
        raise IllegalEntry(
            f"{path}: row {number} has no zebra_entries matching its zebra_seqs "
            "(the entries as typed)"
        )
    return list(zip(seqs, entries, strict=True))


def text_cell(row: dict[str, object], column: str, path: str) -> str | None:
    """Row 1's team or game name; a number or a list there is refused, not renamed."""
    value = row.get(column)
    if value is None or isinstance(value, str):
        return value
    raise IllegalEntry(f"{path}: row 1 has a {column} that is not text")


def import_options(raw: object, path: str) -> dict[str, str]:
    """Row 1's zebra_options: a JSON object of option names and values, or nothing."""
    unreadable = IllegalEntry(
        f"{path}: row 1 has unreadable zebra_options (expected a JSON object of KEY: VALUE)"
    )
    if raw is None or raw == "":
        return {}
    if not isinstance(raw, str):
        raise unreadable
    try:
        options = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise unreadable from None
    if not isinstance(options, dict) or not all(
        isinstance(v, str | int | float | bool) for v in options.values()
    ):
        raise unreadable
    return {str(k): str(v) for k, v in options.items()}


def read_text(path: Path) -> str:
    """A text file from disk, refused with one line if it cannot be read as UTF-8 text.

    At most MAX_SCRIPT_BYTES are read, whatever the file claims its size is (/dev/zero and
    pipes say 0), and never a file of a store this process uses (closing it would drop SQLite's
    locks on it).
    """
    from companion.store import in_use

    store = in_use(path)
    if store is not None:
        raise IllegalEntry(f"{path} is the Zebra store itself ({store}), not a text file")
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_SCRIPT_BYTES + 1)
    except FileNotFoundError:
        raise IllegalEntry(f"{path} does not exist") from None
    except IsADirectoryError:
        raise IllegalEntry(f"{path} is a folder, not a file") from None
    except OSError as exc:
        raise IllegalEntry(f"{path} cannot be read: {exc.strerror}") from None
    if len(data) > MAX_SCRIPT_BYTES:
        raise IllegalEntry(f"{path} is larger than {MAX_SCRIPT_BYTES} bytes")
    try:
        # Universal newlines, exactly as Path.read_text reads them.
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()
    except UnicodeDecodeError:
        raise IllegalEntry(f"{path} is not UTF-8 text") from None


def read_league_key(path: Path) -> bytes:
    """The league key in a key file (``projections.playrows.read_key``), refused in one line if
    the file is not one, and never read from a store this process uses or is told to use."""
    from companion.store import in_use
    from projections.playrows import ExportError, read_key

    store = in_use(path)
    if store is not None:
        raise IllegalEntry(f"{path} is the Zebra store itself ({store}), not a league key")
    try:
        return read_key(path)
    except ExportError as exc:
        raise IllegalEntry(str(exc)) from None


def read_script(path: Path) -> Script:
    """A script file from disk."""
    return parse_script(read_text(path), str(path))
