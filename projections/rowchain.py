"""The hash chain of an export's rows: sealing, writing, reading back and verifying.

Each row's ``row_hash`` chains the previous row's hash to a canonical, typed encoding of every
column of this row (SHA-256, or HMAC-SHA256 with a league key), so an altered, added, removed or
reordered row is found by ``verify``. docs/exports.md gives the recipe for verifying an export
without Zebra.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from projections.exportcolumns import (
    ALL_COLUMNS,
    COLUMNS,
    ENTRY_COLUMNS,
    INTEGER_COLUMNS,
    LAYOUTS,
)

_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")

# The hash chain ------------------------------------------------------------------------------

UNKEYED, KEYED = "sha256", "hmac-sha256"
MIN_KEY_CHARS = 32
MAX_KEY_BYTES = 4096
KEY_ENV = "ZEBRA_LEAGUE_KEY_FILE"


class ExportError(ValueError):
    """A file that is not an intact Zebra export: says what is wrong in one line."""


def canonical(row: dict[str, Any]) -> str:
    """Every column of a row but ``row_hash``, as canonical JSON: the text the chain hashes."""
    body = {k: v for k, v in row.items() if k != "row_hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_digest(previous: str, row: dict[str, Any], key: bytes | None = None) -> str:
    """A row's ``row_hash``: the previous row's hash and this row, SHA-256 or keyed HMAC."""
    message = f"{previous}\n{canonical(row)}".encode()
    if key is None:
        return f"{UNKEYED}:{hashlib.sha256(message).hexdigest()}"
    return f"{KEYED}:{hmac.new(key, message, hashlib.sha256).hexdigest()}"


def chain(
    plain: list[dict[str, Any]], key: bytes | None = None, columns: tuple[str, ...] = COLUMNS
) -> list[dict[str, Any]]:
    """Each row with the total row count and a hash of itself chained to the row before."""
    previous = ""
    out = []
    for row in plain:
        row = {c: row[c] for c in columns[:-2]} | {"row_count": len(plain)}
        for column, value in row.items():
            if not _fits(column, value):
                raise TypeError(f"column {column} cannot hold {value!r}")
        digest = row_digest(previous, row, key)
        out.append({**row, "row_hash": digest})
        previous = digest
    return out


def _fits(column: str, value: Any) -> bool:
    """Whether a value has its column's type: the chain hashes types, so "0" is not 0."""
    if value is None:
        return True
    if column in INTEGER_COLUMNS:
        return type(value) is int
    return type(value) is str


def new_key() -> str:
    """A fresh league key: 64 random hex digits, the text of a key file."""
    return secrets.token_hex(32)


def read_key(path: Path) -> bytes:
    """The league key held in a key file: its text without surrounding blanks, as bytes."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_KEY_BYTES + 1)
    except FileNotFoundError:
        raise ExportError(f"the league key file {path} does not exist") from None
    except OSError as exc:
        raise ExportError(f"the league key file {path} cannot be read: {exc.strerror}") from None
    key = raw.strip()
    if len(raw) > MAX_KEY_BYTES or len(key) < MIN_KEY_CHARS:
        raise ExportError(
            f"{path} is not a league key (expected {MIN_KEY_CHARS} to {MAX_KEY_BYTES} "
            "characters; make one with: zebra league key --create FILE)"
        )
    return key


def env_key() -> bytes | None:
    """The league key named by $ZEBRA_LEAGUE_KEY_FILE, if it is set (for ``zebra import``)."""
    name = os.environ.get(KEY_ENV, "").strip()
    return read_key(Path(name)) if name else None


# Writing ---------------------------------------------------------------------------------------


def cell(value: Any) -> str:
    """A value as one spreadsheet cell; text that a spreadsheet would run as a formula is quoted."""
    # A leading ' goes before text starting with = + - @ ' tab or CR (not before a number such
    # as -3); the reader takes one off again, so the csv reads back to the jsonl's values.
    if value is None:
        return ""
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "'", "\t", "\r") and not _NUMBER.match(text):
        return "'" + text
    return text


def _columns(table: list[dict[str, Any]]) -> tuple[str, ...]:
    """The columns of a chained table (the play-by-play's, or the entry rows')."""
    return tuple(table[0]) if table else COLUMNS


def to_csv(table: list[dict[str, Any]]) -> str:
    """The rows as csv: a header of every column, then one line per row."""
    columns = _columns(table)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in table:
        writer.writerow([cell(row[c]) for c in columns])
    return buffer.getvalue()


def to_jsonl(table: list[dict[str, Any]]) -> str:
    """The rows as JSON lines, every column in order, numbers as numbers and empty as null."""
    columns = _columns(table)
    return "".join(
        json.dumps({c: row[c] for c in columns}, ensure_ascii=False) + "\n" for row in table
    )


# Reading and verifying -------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What ``zebra verify`` found: intact or not, how many rows, and the first problem."""

    ok: bool
    rows: int
    message: str


def verify(text: str, key: bytes | None = None) -> Verdict:
    """Check an exported csv or jsonl file's chain: the first altered, removed or moved row."""
    try:
        table = read_rows(text, key)
    except ExportError as exc:
        return Verdict(False, 0, str(exc))
    how = (
        "keyed with the league key"
        if key is not None
        else "unkeyed: it finds damage and edits, not a forger who recomputed the chain"
    )
    return Verdict(True, len(table), f"all {len(table)} rows are intact ({how})")


def read_rows(text: str, key: bytes | None = None) -> list[dict[str, Any]]:
    """The typed rows of a csv or jsonl export, refused unless every column and hash is Zebra's."""
    # With a league key only rows keyed with it are accepted (an unkeyed chain can be recomputed
    # by anyone); without one, a keyed export cannot be checked and is refused too.
    table = _read_jsonl(text) if text.lstrip().startswith("{") else _read_csv(text)
    if not table:
        raise ExportError("the file has no rows")
    want = KEYED if key is not None else UNKEYED
    for number, row in enumerate(table, start=1):
        tag = str(row["row_hash"] or "").partition(":")[0]
        if tag == want:
            continue
        if tag == KEYED:
            raise ExportError(
                f"row {number} is keyed with a league key: give the key file "
                f"(zebra verify --key FILE, or ${KEY_ENV})"
            )
        if tag == UNKEYED:
            raise ExportError(
                f"row {number} has an unkeyed hash, and only rows keyed with the league key "
                "are accepted with --key: anyone can recompute an unkeyed chain"
            )
        raise ExportError(
            f"row {number} has no sha256: or hmac-sha256: row_hash (an export of an older "
            "Zebra, or not a Zebra export): export it again"
        )
    previous = ""
    for number, row in enumerate(table, start=1):
        digest = row_digest(previous, row, key)
        if not hmac.compare_digest(digest, str(row["row_hash"])):
            other = ", or the export was keyed with another key" if key and number == 1 else ""
            raise ExportError(
                f"row {number} (play_id {row.get('play_id', '?')}) was altered, or a row before "
                f"it was removed or reordered{other}"
            )
        previous = digest
    written = {row["row_count"] for row in table}
    if written != {len(table)}:
        count = next(iter(written)) if len(written) == 1 else None
        if isinstance(count, int) and count > len(table):
            raise ExportError(
                f"the export has {len(table)} rows but was written with {count}: "
                f"rows after row {len(table)} were removed"
            )
        raise ExportError(
            f"the export has {len(table)} rows but its row_count says "
            f"{', '.join(sorted(map(str, written)))}: rows were added or removed"
        )
    return table


def _read_jsonl(text: str) -> list[dict[str, Any]]:
    """The rows of a jsonl export, each exactly Zebra's columns with values of their types."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            pairs = json.loads(raw, object_pairs_hook=_pairs, parse_constant=_no_constant)
        except RecursionError:
            raise ExportError(f"line {number} is nested too deeply to be a row") from None
        except ExportError as exc:
            raise ExportError(f"line {number}: {exc}") from None
        except ValueError:
            raise ExportError(f"line {number} is not JSON") from None
        if not isinstance(pairs, _Pairs):
            raise ExportError(f"line {number} is not a row object")
        _check_columns([k for k, _ in pairs], f"line {number}")
        row = dict(pairs)
        for column, value in row.items():
            if not _fits(column, value):
                kind = "a whole number" if column in INTEGER_COLUMNS else "text"
                raise ExportError(
                    f"line {number}: {column} must be {kind} or null, not {json.dumps(value)[:40]}"
                )
        out.append(row)
    return out


class _Pairs(list[tuple[str, Any]]):
    """A JSON object's members in order, so duplicate and misplaced keys can be named."""


def _pairs(pairs: list[tuple[str, Any]]) -> _Pairs:
    """Refuse a duplicate key: JSON readers disagree on which of two values counts."""
    seen: set[str] = set()
    for k, _ in pairs:
        if k in seen:
            raise ExportError(f"the key {k[:40]!r} appears twice")
        seen.add(k)
    return _Pairs(pairs)


def _no_constant(name: str) -> Any:
    """Refuse NaN and Infinity, which Python reads as JSON but JSON does not have."""
    raise ExportError(f"{name} is not a JSON number")


def _check_columns(names: list[str], where: str) -> None:
    """Exactly Zebra's columns, once each, in Zebra's order; anything else is named."""
    if any(list(names) == list(layout) for layout in LAYOUTS):
        return
    # Named against the table the file looks like: the entry rows have one seq a row.
    layout = ENTRY_COLUMNS if "zebra_seq" in names else COLUMNS
    seen: set[str] = set()
    for name in names:
        if name not in ALL_COLUMNS:
            raise ExportError(f"{where}: unknown column {name[:40]!r}")
        if name in seen:
            raise ExportError(f"{where}: column {name!r} appears twice")
        seen.add(name)
    missing = [c for c in layout if c not in seen]
    if missing:
        raise ExportError(f"{where}: missing column {missing[0]!r}")
    extra = [n for n in names if n not in layout]
    if extra:
        raise ExportError(f"{where}: unknown column {extra[0][:40]!r}")
    moved = next(n for n, c in zip(names, layout, strict=True) if n != c)
    raise ExportError(f"{where}: column {moved!r} is out of place")


_INTEGER = re.compile(r"0|-?[1-9][0-9]{0,17}")


def _read_csv(text: str) -> list[dict[str, Any]]:
    """The rows of a csv export, typed by the column table so they hash as the jsonl does."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
        if header is None or "row_hash" not in header:
            raise ExportError("not a Zebra csv or jsonl export (no row_hash column)")
        _check_columns(header, "the csv header")
        out: list[dict[str, Any]] = []
        for values in reader:
            if not values:
                continue
            number = len(out) + 1
            if len(values) != len(header):
                raise ExportError(f"row {number} has {len(values)} cells for {len(header)} columns")
            out.append({c: _typed(c, v, number) for c, v in zip(header, values, strict=True)})
        return out
    except csv.Error as exc:
        limit = csv.field_size_limit()
        if "field larger than field limit" in str(exc):
            raise ExportError(
                f"line {reader.line_num}: a cell is longer than {limit} characters, "
                "which no Zebra export writes"
            ) from None
        raise ExportError(f"line {reader.line_num} is not csv: {exc}") from None


def _typed(column: str, text: str, number: int) -> int | str | None:
    """A csv cell as the value it stands for, by its column's type: how the chain hashes it."""
    if text == "":
        return None
    if column in INTEGER_COLUMNS:
        if not _INTEGER.fullmatch(text):
            raise ExportError(f"row {number}: {column} must be a whole number, not {text[:40]!r}")
        return int(text)
    return text[1:] if text.startswith("'") else text
