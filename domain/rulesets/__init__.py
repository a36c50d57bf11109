"""The games Zebra referees, by the name a person types after ``zebra play``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from domain.ruleset import IllegalEntry, Ruleset

# Each game lives in domain/rulesets/<name>.py (or a package of that name) exposing RULESET.
# Modules are imported on first use so a CLI command pays only for the game it touches.
KNOWN = ("rushzone", "redzone", "firstandgoal", "thirdandlong", "gridironmasters")


def names() -> list[str]:
    """The ruleset names a person can choose from: the known games whose module is present."""
    present = [n for n in KNOWN if find_spec(f"{__name__}.{n}") is not None]
    return present + [n for n in _REGISTERED if n not in present]


# Rulesets already imported, by name: ``get`` is called several times per command, and looking
# for the modules on disk (``names``) each time cost more than the rules of an entry.
_LOADED: dict[str, Ruleset[Any]] = {}


# Games that live outside this package, known while ``registered`` holds them.
_REGISTERED: dict[str, Ruleset[Any]] = {}


@contextmanager
def registered(rules: Ruleset[Any]) -> Iterator[Ruleset[Any]]:
    """A game from outside domain/rulesets/ (the toy of tests/) known by its name meanwhile."""
    if rules.name in KNOWN or rules.name in _REGISTERED:
        raise ValueError(f"a game called {rules.name!r} is already known")
    _REGISTERED[rules.name] = rules
    try:
        yield rules
    finally:
        del _REGISTERED[rules.name]


def get(name: str) -> Ruleset[Any]:
    """The ruleset called ``name``; an unknown name is refused with the known ones."""
    key = name.strip().lower() if isinstance(name, str) else ""
    found = _LOADED.get(key) or _REGISTERED.get(key)
    if found is not None:
        return found
    if key not in names():
        raise IllegalEntry(f"unknown game {name!r}; Zebra referees: {', '.join(names())}")
    rules: Ruleset[Any] = import_module(f"{__name__}.{key}").RULESET
    _LOADED[key] = rules
    return rules


def roster_checker(name: str) -> Callable[[str], list[str]]:
    """The game's roster or deck check: text in, every broken rule out (empty when legal)."""
    rules = get(name)
    module = import_module(f"{__name__}.{rules.name}")
    check = getattr(module, "roster_problems", None) or getattr(module, "deck_problems", None)
    if check is None:
        raise IllegalEntry(f"{rules.title} has no rosters to check")
    return check  # type: ignore[no-any-return]


def roster_setup(name: str) -> Callable[[str, str], list[str]] | None:
    """The game's way to turn a checked roster file into set-up entries, if it has one."""
    module = import_module(f"{__name__}.{get(name).name}")
    return getattr(module, "roster_entries", None)


def file_schemas() -> list[Any]:
    """The roster and deck file schemas of every game that reads such files."""
    found = []
    for name in names():
        schema = getattr(import_module(f"{__name__}.{get(name).name}"), "FILE_SCHEMA", None)
        if schema is not None:
            found.append(schema)
    return found
