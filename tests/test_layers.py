"""The layers keep to their places (issue #18): domain/ is pure rules, projections/ reads the
record, companion/ is the service and the CLI, web/ and mobile/ are front ends on the service.

Each layer is checked twice. In a fresh interpreter every module of the layer is imported and
the top-level packages that pulled in are compared with what the layer may not use; that is
what a user pays for (a CLI that loads Kivy starts slowly and needs a GL library). And every
import statement in the layer's source, also those deferred into a function or kept for type
checking, is read: a deferred ``from mobile.app import main`` is a dependency all the same.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FRONT_ENDS = {"mobile", "web"}
UI = {"kivy", "typer", "click", "starlette", "uvicorn"}

# What each layer may not use, neither at import time nor anywhere in its source.
FORBIDDEN: dict[str, set[str]] = {
    "domain": {"companion", "projections", *FRONT_ENDS, *UI, "psycopg", "sqlite3"},
    "projections": {"companion", *FRONT_ENDS, "kivy", "typer", "click", "starlette"},
    "companion": {*FRONT_ENDS, "kivy", "starlette", "uvicorn"},
    # uvicorn brings click with it; the CLI's typer stays out.
    "web": {"mobile", "kivy", "typer"},
    # The tablet talks only to the service: the rules and the read models come through it.
    # ... and knows no storage library: a store's failures reach it as companion's one line.
    "mobile": {
        "domain",
        "projections",
        "web",
        "typer",
        "click",
        "starlette",
        "eventsourcing",
        "sqlite3",
        "psycopg",
    },
}

# A front end may start another one, never import it: `zebra serve` is the one command that runs
# the web pages in the CLI's process (they are a read-only view of the same store).
ALLOWED_DEFERRED: dict[str, set[str]] = {"companion": {"web", "starlette", "uvicorn"}}


def modules_of(layer: str) -> list[str]:
    """Every module of a layer's package, its sub-packages included, by dotted name."""
    base = ROOT / layer
    names = []
    for path in sorted(base.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def loaded_by(modules: list[str]) -> set[str]:
    """The top-level packages a fresh interpreter holds after importing ``modules``."""
    probe = (
        "import importlib, json, sys\n"
        "for name in json.loads(sys.argv[1]):\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.partition('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(modules)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env={**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"},
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def imports_in(path: Path) -> list[tuple[int, str]]:
    """Every module a source file names in an import statement, with its line, wherever the
    statement stands (top level, a function, an ``if TYPE_CHECKING`` block)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def top_level_imports(layer: str) -> list[str]:
    """Each import in the layer's source as 'file:line: module'."""
    out = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for line, module in imports_in(path):
            out.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    return out


@pytest.mark.parametrize("layer", ["domain", "projections", "web", "companion"])
def test_importing_a_layer_pulls_in_nothing_it_may_not_use(layer: str) -> None:
    """The whole layer imported in a fresh interpreter (the tablet is left out: it is the one
    layer that loads Kivy, and its own imports are read from its source below)."""
    loaded = loaded_by(modules_of(layer))
    assert layer in loaded, "the probe imported the layer"
    assert loaded & FORBIDDEN[layer] == set()


def test_the_cli_starts_without_kivy_or_the_tablet() -> None:
    """`zebra` as a user runs it: the CLI module and what its commands import at start."""
    loaded = loaded_by(["companion.cli"])
    assert {"typer", "companion"} <= loaded
    assert loaded & {"kivy", "mobile", "starlette"} == set()


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_import_statement_crosses_a_layer(layer: str) -> None:
    allowed = ALLOWED_DEFERRED.get(layer, set())
    crossing = [
        found
        for found in top_level_imports(layer)
        if (top := found.rsplit(": ", 1)[1].partition(".")[0]) in FORBIDDEN[layer]
        and top not in allowed
    ]
    assert crossing == []


def test_only_the_tablet_imports_kivy_and_only_the_aggregate_imports_eventsourcing() -> None:
    """DESIGN.md: only mobile/ imports Kivy; domain/ has no eventsourcing import outside the
    aggregate module."""
    kivy = [
        found
        for layer in ("domain", "projections", "companion", "web")
        for found in top_level_imports(layer)
        if found.endswith(": kivy") or ": kivy." in found
    ]
    assert kivy == []
    library = [
        found
        for found in top_level_imports("domain")
        if ": eventsourcing" in found and not found.startswith("domain/game.py:")
    ]
    assert library == []


def test_the_probe_sees_a_crossing_import(tmp_path: Path) -> None:
    """The checks above can fail: a module that imports Kivy at import time is seen as such."""
    leaky = tmp_path / "leaky.py"
    leaky.write_text("import kivy  # a leak\ndef f():\n    from mobile import app\n")
    assert [m for _, m in imports_in(leaky)] == ["kivy", "mobile"]
    assert "kivy" in loaded_by(["kivy"])


# The docs' screenshot tool picks which example games to photograph, by name.
PICKS_GAMES = {Path("mobile/screenshots.py")}


def game_names() -> set[str]:
    return (
        {path.stem for path in (ROOT / "domain" / "rulesets").iterdir()}
        - {"__init__"}
        - {"__pycache__"}
    )


@pytest.mark.parametrize("layer", ["projections", "companion", "web", "mobile"])
def test_no_layer_above_the_rules_branches_on_a_game(layer: str) -> None:
    """What a game needs shown is in its status and prompts; a screen that compares the
    ruleset's name to a game's (``ruleset == "firstandgoal"``) knows a rule it cannot test."""
    games = game_names()
    assert "firstandgoal" in games
    branching = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        if path.relative_to(ROOT) in PICKS_GAMES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            named = {
                c.value
                for part in (node.left, *node.comparators)
                for c in ast.walk(part)
                if isinstance(c, ast.Constant) and c.value in games
            }
            if named:
                branching.append(f"{path.relative_to(ROOT)}:{node.lineno}: {sorted(named)}")
    assert branching == []
