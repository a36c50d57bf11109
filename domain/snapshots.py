"""A ruleset's state as JSON and back, exactly, for the fold's checkpoints (docs/events.md).

States are frozen dataclasses of plain values, tuples and frozensets. The encoding names each
dataclass by its class name, and decoding accepts only the names of one ruleset's own state
types: the dataclasses its ``initial`` returns and every dataclass its fields are typed with,
walked from the annotations, plus any a ruleset lists in ``state_types``. So a game registered
from outside ``domain/rulesets`` (the toy of tests/) is covered like the five, and no name read
from a store is ever imported. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from domain.piles import Pile
from domain.ruleset import Ruleset


class NotAState(ValueError):
    """A value that is not a state of this ruleset's (or a stored checkpoint that is not one)."""


def encode(rules: Ruleset[Any], state: Any) -> Any:
    """The state as JSON values (dicts, lists, strings, numbers, booleans, null)."""
    return _encode(state, _types(rules))  # type: ignore[arg-type]


def decode(rules: Ruleset[Any], data: Any) -> Any:
    """The state ``encode`` wrote; anything else is refused with ``NotAState``."""
    return _decode(data, _types(rules))  # type: ignore[arg-type]


@lru_cache(maxsize=64)
def _types(rules: Ruleset[Any]) -> Mapping[str, type]:
    """The ruleset's state types by class name (a name two of them share is refused)."""
    found: dict[type, None] = {}
    start = typing.get_type_hints(type(rules).initial).get("return")
    _walk(start, found)
    for extra in getattr(rules, "state_types", ()):
        _walk(extra, found)
    by_name: dict[str, type] = {}
    for cls in found:
        if by_name.setdefault(cls.__qualname__, cls) is not cls:
            raise NotAState(f"{rules.name} has two state types called {cls.__qualname__}")
    if not by_name:
        raise NotAState(f"{rules.name}'s initial() is not typed with its state class")
    return by_name


def _walk(hint: Any, found: dict[type, None]) -> None:
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if hint in found:
            return
        found[hint] = None
        for inner in typing.get_type_hints(hint).values():
            _walk(inner, found)
        return
    for inner in typing.get_args(hint):
        _walk(inner, found)


def _encode(value: Any, types: Mapping[str, type]) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, tuple | Pile):
        # A pile is the tuple of its cards (domain.piles): stored as one, read back as one.
        return {
            "tuple": [_plain(v, types) if type(v) in _FLAT else _encode(v, types) for v in value]
        }
    if isinstance(value, list):
        return {"list": [_encode(v, types) for v in value]}
    if isinstance(value, frozenset):
        items = [_encode(v, types) for v in value]
        return {"frozenset": sorted(items, key=repr)}
    if isinstance(value, dict):
        return {"dict": [[_encode(k, types), _encode(v, types)] for k, v in value.items()]}
    cls = type(value)
    if dataclasses.is_dataclass(value) and types.get(cls.__qualname__) is cls:
        fields = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            # A field at its plain default is left out: a checkpoint holds what the game made.
            if f.default is not dataclasses.MISSING and _same(v, f.default):
                continue
            fields[f.name] = _encode(v, types)
        return {"state": cls.__qualname__, "fields": fields}
    raise NotAState(f"a {cls.__module__}.{cls.__qualname__} is not a state of this game's")


# Values stored as they are, and tuples of them (a card on a pile): a long game's checkpoint
# holds thousands of them, encoded without a call each.
_SCALARS = frozenset({str, int, bool, type(None)})
_FLAT = _SCALARS | {tuple}


def _plain(value: Any, types: Mapping[str, type]) -> Any:
    """A scalar or a tuple as ``_encode`` stores it, a tuple of scalars without a call each."""
    if type(value) is not tuple:
        return value
    if all(type(v) in _SCALARS for v in value):
        return {"tuple": list(value)}
    return _encode(value, types)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and bool(a == b)


def _decode(data: Any, types: Mapping[str, type]) -> Any:
    if data is None or isinstance(data, bool | int | str):
        return data
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise NotAState("a checkpoint holds a value Zebra does not write")
    if "state" in data:
        return _instance(data, types)
    if len(data) != 1:
        raise NotAState("a checkpoint holds a value Zebra does not write")
    ((tag, body),) = data.items()
    if tag == "float" and isinstance(body, str):
        return float(body)
    if not isinstance(body, list):
        raise NotAState(f"a checkpoint's {str(tag)[:20]!r} is not a list")
    if tag == "tuple":
        return tuple(_decode(v, types) for v in body)
    if tag == "list":
        return [_decode(v, types) for v in body]
    if tag == "frozenset":
        return frozenset(_decode(v, types) for v in body)
    if tag == "dict" and all(isinstance(p, list) and len(p) == 2 for p in body):
        return {_decode(k, types): _decode(v, types) for k, v in body}
    raise NotAState(f"a checkpoint holds a {str(tag)[:20]!r}, which Zebra does not write")


def _instance(data: dict[str, Any], types: Mapping[str, type]) -> Any:
    name, fields = data.get("state"), data.get("fields")
    cls = types.get(name) if isinstance(name, str) else None
    if cls is None or not isinstance(fields, dict):
        raise NotAState(f"{str(name)[:40]!r} is not a state of this game's")
    declared = {f.name: f for f in dataclasses.fields(cls)}
    # A field the state type no longer has, written by an older Zebra: read past, not refused.
    retired: frozenset[str] = getattr(cls, "RETIRED_FIELDS", frozenset())
    unknown = set(fields) - set(declared) - retired
    if unknown:
        raise NotAState(f"a {name} has no field {sorted(unknown)[0][:40]!r}")
    # Built field by field, as the rules left it: no __init__ or __post_init__ runs again.
    value: Any = object.__new__(cls)
    for fname, f in declared.items():
        if fname in fields:
            v = _decode(fields[fname], types)
        elif f.default is not dataclasses.MISSING:
            v = f.default
        elif f.default_factory is not dataclasses.MISSING:
            v = f.default_factory()
        else:
            raise NotAState(f"a {name} lacks its field {fname!r}")
        object.__setattr__(value, fname, v)
    return value
