"""A game's record in the export formats, for the CLI and the tablet alike."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

from domain.ruleset import IllegalEntry
from projections import playrows, report
from projections.record import GameRecord

FORMATS = ("csv", "jsonl", "entries-csv", "entries-jsonl", "md", "html", "entries", "events")
# The hash-chained formats: the play-by-play (one row per play) and the entry rows (one per
# entry, for auditors).
CHAINED = ("csv", "jsonl", "entries-csv", "entries-jsonl")
SUFFIXES = {
    "csv": "csv",
    "jsonl": "jsonl",
    "entries-csv": "entries.csv",
    "entries-jsonl": "entries.jsonl",
    "md": "md",
    "html": "html",
    "entries": "zebra",
    "events": "events.jsonl",
}


def render(record: GameRecord, fmt: str, key: bytes | None = None) -> str:
    """The export text: the play-by-play (csv, jsonl: one row per play), the entry rows
    (entries-csv, entries-jsonl: one row per entry), the report (md, html) or the entries
    script. ``key`` chains the rows with a league key."""
    if fmt in ("csv", "jsonl"):
        table = playrows.rows(record, key)
        return playrows.to_csv(table) if fmt == "csv" else playrows.to_jsonl(table)
    if fmt in ("entries-csv", "entries-jsonl"):
        table = playrows.entry_rows(record, key)
        return playrows.to_csv(table) if fmt == "entries-csv" else playrows.to_jsonl(table)
    if fmt == "md":
        return report.markdown(record)
    if fmt == "html":
        return report.html_report(record)
    if fmt == "entries":
        return report.entries_script(record)
    from domain.ruleset import IllegalEntry

    raise IllegalEntry(f"unknown export format {fmt!r}; expected one of {', '.join(FORMATS)}")


# Writing an export to a file ----------------------------------------------------------------

# How each format's file begins (checked on at most SNIFF_BYTES of an existing file), so that
# an export replaces only a previous export of the same format unless told to.
SNIFF_BYTES = 65_536
_GAME_ID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_REPORT_LINE = re.compile(rf"^\S+ · game {_GAME_ID} · ", re.MULTILINE)
_ENTRIES_LINE = re.compile(rf"^# .* Zebra game {_GAME_ID}$", re.MULTILINE)


def looks_like(head: str, fmt: str) -> bool:
    """Whether the start of a file is a Zebra export in this format."""
    first = head.split("\n", 1)[0].strip()
    if fmt in ("csv", "entries-csv"):
        # Either table may replace the other: both are the same game's chained rows.
        columns = first.split(",")
        return columns[:2] == ["game_id", "play_id"] and "row_hash" in columns
    if fmt in ("jsonl", "entries-jsonl"):
        return first.startswith('{"game_id": ') and '"row_hash": ' in head
    if fmt == "md":
        return first.startswith("# ") and bool(_REPORT_LINE.search(head[:2000]))
    if fmt == "html":
        return head.lstrip().lower().startswith("<!doctype html>") and bool(
            re.search(rf"· game {_GAME_ID} · ", head)
        )
    if fmt == "entries":
        return bool(_ENTRIES_LINE.match(first)) or first.startswith("@ruleset ")
    if fmt == "events":
        return first.startswith('{"zebra_events": ')
    return False


def write(path: Path, text: str, fmt: str, *, force: bool = False) -> Path:
    """Write an export whole or not at all (a temporary file beside it, then renamed over it),
    never over a store, and over an existing file only if it is an export of this format or
    ``force`` says so. Returns the file written (a link is followed to its target)."""
    from companion.store import in_use

    target = Path(os.path.realpath(path))
    store = in_use(path)
    if store is not None:
        raise IllegalEntry(
            f"{path} is the Zebra store itself ({store}); writing the export over it would wipe "
            "every game: choose another file"
        )
    if target.is_dir():
        raise IllegalEntry(f"{path} is a folder; give the export a file name")
    if target.exists() or target.is_symlink():
        if not target.is_file():
            raise IllegalEntry(f"{path} is not a regular file; leave out -o to print the export")
        if not force and not _previous_export(target, fmt):
            raise IllegalEntry(
                f"{path} exists and is not a Zebra {fmt} export; choose another file, "
                "or add --force to replace it"
            )
    _replace(target, text)
    return target


def _previous_export(path: Path, fmt: str) -> bool:
    """Whether an existing file begins like a Zebra export of this format (read, bounded)."""
    try:
        with open(path, "rb") as file:
            head = file.read(SNIFF_BYTES)
    except OSError as exc:
        raise IllegalEntry(f"cannot read {path} to check it: {exc.strerror}") from None
    return looks_like(head.decode("utf-8", errors="replace"), fmt)


def _replace(target: Path, text: str) -> None:
    """Write beside the target, flush it to disk, then rename it over the target in one step."""
    data = text.encode("utf-8")
    try:
        mode = target.stat().st_mode & 0o777 if target.exists() else None
    except OSError:
        mode = None
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
    except OSError as exc:
        raise IllegalEntry(f"cannot write {target}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise IllegalEntry(f"cannot write {target}: {exc.strerror}") from None
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the system allows a folder to be synced."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
