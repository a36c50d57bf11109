"""What a stored step holds: compact rulings and what changed in the situation since the step
before it (docs/events.md, "Small events").

A situation is a dict of JSON values. Its change from the step before is::

    {"set": {key: value}, "unset": [key], "grow": {key: [appended items]}, "sub": {key: change}}

each part only when not empty (``sub`` is the change of a nested dict, in the same shape), plus
``"order": [every key]`` when applying it would not put the keys in the order the rules made
them, and ``"full": true`` when ``set`` is the whole situation (the opening, and
every step stored before small events: a full situation is a change that sets every key and
keeps nothing of the step before). ``grow`` holds the appended tail of a list that only grew
(Red Zone's discard pile), so a step's size does not grow with the game. Pure: no I/O.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

# A ruling stored without its fields at these values (the defaults of domain.ruleset.Ruling).
_RULING_DEFAULTS: dict[str, Any] = {"team": None, "points": 0, "yards": None, "data": {}}
_RULING_KEYS = ("kind", "text", "team", "points", "yards", "data")


def full(situation: Mapping[str, Any]) -> dict[str, Any]:
    """The change that is the whole situation, whatever came before."""
    return {"full": True, "set": dict(situation)}


def change(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> dict[str, Any]:
    """What turns situation ``before`` into ``after`` (the whole of it when there is none)."""
    if before is None:
        return full(after)
    return _change(before, after)


def _change(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    changed: dict[str, Any] = {}
    grown: dict[str, Any] = {}
    nested: dict[str, Any] = {}
    for key, value in after.items():
        if key not in before:
            changed[key] = value
            continue
        old = before[key]
        # The same object (a view shared between steps) is unchanged without being compared.
        if old is value or (type(old) is type(value) and old == value):
            continue
        if _grew(old, value):
            grown[key] = list(value[len(old) :])
        elif isinstance(old, dict) and isinstance(value, dict):
            # A nested view (the clock, each side's lineup) mostly changes in a key or two.
            nested[key] = _change(old, value)
        else:
            changed[key] = value
    delta: dict[str, Any] = {}
    if changed:
        delta["set"] = changed
    removed = [key for key in before if key not in after]
    if removed:
        delta["unset"] = removed
    if grown:
        delta["grow"] = grown
    if nested:
        delta["sub"] = nested
    if _keys(before, delta) != list(after):
        delta["order"] = list(after)
    return delta


def applied(before: Mapping[str, Any] | None, delta: Mapping[str, Any]) -> dict[str, Any]:
    """The situation after ``delta`` is applied to ``before``."""
    if delta.get("full") or before is None:
        return dict(delta.get("set") or {})
    out = dict(before)
    for key in delta.get("unset") or ():
        out.pop(key, None)
    for key, tail in (delta.get("grow") or {}).items():
        out[key] = [*out[key], *tail]
    for key, inner in (delta.get("sub") or {}).items():
        out[key] = applied(out[key], inner)
    out.update(delta.get("set") or {})
    order = delta.get("order")
    if order is not None:
        out = {key: out[key] for key in order}
    return out


def _keys(before: Mapping[str, Any], delta: Mapping[str, Any]) -> list[str]:
    """The keys, in order, that applying ``delta`` to ``before`` gives (without ``order``)."""
    gone = set(delta.get("unset") or ())
    keys = [key for key in before if key not in gone]
    keys += [key for key in delta.get("set") or {} if key not in before]
    return keys


def _grew(old: Any, new: Any) -> bool:
    """Whether ``new`` is the list ``old`` with items appended (and nothing else changed)."""
    return (
        isinstance(old, list)
        and isinstance(new, list)
        and len(new) > len(old)
        and new[: len(old)] == old
    )


def compact(rulings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Rulings as stored: without the fields that hold their default value."""
    return [
        {k: v for k, v in r.items() if not (k in _RULING_DEFAULTS and v == _RULING_DEFAULTS[k])}
        for r in rulings
    ]


def expanded(rulings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Stored rulings as ``Ruling.to_dict`` writes them: every field, defaults filled in."""
    out = []
    for r in rulings:
        whole = {
            k: r[k] if k in r else _default(k)
            for k in _RULING_KEYS
            if k in r or k in _RULING_DEFAULTS
        }
        whole.update({k: v for k, v in r.items() if k not in whole})
        out.append(whole)
    return out


def _default(key: str) -> Any:
    value = _RULING_DEFAULTS.get(key)
    return dict(value) if isinstance(value, dict) else value


def pack(steps: Sequence[Mapping[str, Any]]) -> str:
    """A correction's steps as stored: their JSON, deflated, in base64 (a long run of steps
    repeats the same words, and deflated it takes a seventh of the room)."""
    raw = json.dumps(list(steps), separators=(",", ":"), ensure_ascii=False)
    return base64.b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii")


def unpack(packed: str) -> list[dict[str, Any]]:
    """The steps ``pack`` stored."""
    steps = json.loads(zlib.decompress(base64.b64decode(packed, validate=True)))
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise ValueError("packed steps are not a list of steps")
    return steps
