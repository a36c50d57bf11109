"""Roster and deck files (TOML) read against each game's schema before its rules are checked.

A file says what it means only through the names of its tables and keys: a misspelt table
would otherwise be read as no table at all, and a file of another game as an empty one. So
every table and key must be one the game knows, every value of the kind and within the range
that key holds (docs/rulings.md, "Roster and deck files"); the first that is not refuses the
file in one line naming the table and the key. The rules then check only well-formed files.
"""

from __future__ import annotations

import difflib
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain import rulesets
from domain.ruleset import IllegalEntry

Kind = Literal["text", "flag", "whole", "number"]

# A card prints a few words; a longer value is not a name or a position from a card.
MAX_TEXT = 100

# A salary above ten times the whole cap is no misprint a referee would weigh against the cap.
ABSURD_CAPS = 10


@dataclass(frozen=True)
class Key:
    """One key of a file: the kind of value it holds, its range, and what it means."""

    kind: Kind
    means: str
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class FileSchema:
    """A game's file: its top-level keys and its tables ([[name]], one per card)."""

    game: str
    what: str
    keys: Mapping[str, Key]
    tables: Mapping[str, Mapping[str, Key]]
    each: Mapping[str, str]

    @property
    def title(self) -> str:
        return f"{self.game} {self.what}"


TEAM = Key("text", "the team's name")


def read_file(schema: FileSchema, text: str) -> dict[str, Any]:
    """The file's tables and keys, or IllegalEntry naming the first thing that is not the
    game's: bad TOML, an empty file, another game's file, an unknown table or key, a value of
    the wrong kind, not finite or out of range."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise IllegalEntry(f"not valid TOML: {exc}") from None
    except ValueError:
        # tomllib hands a whole number of more than 4300 digits to int(), which refuses it.
        raise IllegalEntry("not valid TOML: a number has thousands of digits") from None
    if not data:
        raise IllegalEntry(f"the file is empty; a {schema.title} has {_contents(schema)}")
    _same_game(schema, data)
    for name, value in data.items():
        if name in schema.keys:
            _value(schema.keys[name], value, name, "")
        elif name in schema.tables:
            _tables(schema, name, value)
        else:
            raise IllegalEntry(_unknown(schema, name, value))
    return data


def _same_game(schema: FileSchema, data: Mapping[str, Any]) -> None:
    """A file whose every name belongs to another game's file is named as that game's."""
    names = set(data)
    if names <= set(schema.keys) | set(schema.tables):
        return
    for other in rulesets.file_schemas():
        if other.game != schema.game and names <= set(other.keys) | set(other.tables):
            raise IllegalEntry(f"this is a {other.title}, not a {schema.game} one")


def _tables(schema: FileSchema, name: str, value: object) -> None:
    """[[name]] tables, one per card, each holding only the keys that table knows."""
    keys = schema.tables[name]
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        raise IllegalEntry(
            f"{name} = {_shown(value)}: expected [[{name}]] tables, {schema.each[name]}"
        )
    for number, table in enumerate(value, start=1):
        at = f"[[{name}]] {number}{_card_name(table)}"
        for key, item in table.items():
            if key not in keys:
                raise IllegalEntry(f"{at}: unknown key {_key(key)}{_closest(key, keys)}")
            _value(keys[key], item, key, at)


def _value(key: Key, value: object, name: str, at: str) -> None:
    """One value: of the key's kind, finite and within its range."""
    where = f"{at}, {_key(name)} = {_shown(value)}" if at else f"{_key(name)} = {_shown(value)}"
    if key.kind == "text":
        if not isinstance(value, str):
            raise IllegalEntry(f"{where}: expected text, {key.means}")
        if len(value) > MAX_TEXT:
            raise IllegalEntry(
                f"{where}: {len(value)} characters; expected at most {MAX_TEXT}, {key.means}"
            )
        return
    if key.kind == "flag":
        if not isinstance(value, bool):
            raise IllegalEntry(f"{where}: expected {key.means}")
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise IllegalEntry(f"{where}: expected a number, {key.means}")
    if key.kind == "whole" and not isinstance(value, int):
        raise IllegalEntry(f"{where}: expected a whole number, {key.means}")
    if not math.isfinite(value):
        raise IllegalEntry(f"{where}: not a finite number; expected {key.means}")
    if (key.low is not None and value < key.low) or (key.high is not None and value > key.high):
        raise IllegalEntry(f"{where}: out of range; expected {key.means}")


def _unknown(schema: FileSchema, name: str, value: object) -> str:
    """An unknown top-level name, with the closest known one or the table it belongs in."""
    known = {*schema.keys, *schema.tables}
    is_table = isinstance(value, dict) or (
        isinstance(value, list) and bool(value) and all(isinstance(t, dict) for t in value)
    )
    shown = f"table [[{_key(name)}]]" if is_table else f"key {_key(name)}"
    close = difflib.get_close_matches(name, sorted(known), n=1)
    if close:
        return f"unknown {shown}: did you mean {_label(schema, close[0])}?"
    homes = [t for t, keys in schema.tables.items() if name in keys]
    if homes:
        return f"unknown {shown} at the top of the file: it belongs in a [[{homes[0]}]] table"
    return f"unknown {shown}; a {schema.title} has {_contents(schema)}"


def _closest(name: str, known: Mapping[str, Key]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f": did you mean {close[0]}?" if close else f"; expected one of {', '.join(known)}"


def _label(schema: FileSchema, name: str) -> str:
    return f"[[{name}]]" if name in schema.tables else name


def _contents(schema: FileSchema) -> str:
    tables = ", ".join(f"[[{t}]] tables ({schema.each[t]})" for t in schema.tables)
    return f"{tables} and the keys {', '.join(schema.keys)}"


def _card_name(table: Mapping[str, Any]) -> str:
    name = table.get("name")
    if isinstance(name, str) and name.strip() and name.isprintable() and len(name) <= 40:
        return f" ({name.strip()})"
    return ""


def _key(name: str) -> str:
    """A key as TOML writes it: bare if it can be, else quoted (never a line break)."""
    if name and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in name):
        return name
    return _shown(name)


def _shown(value: object) -> str:
    """A value as the file wrote it, in one short line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return '"' + text.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
