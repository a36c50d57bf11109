"""The pin of issue #18: the refactor changes nothing the table sees.

Every example game and 200 seeded random games per ruleset were rendered before the refactor
(tests/pinned.py says what is rendered: ``status --json`` after the last entry and after every
entry, ``zebra log``, ``zebra history``, the jsonl export and the markdown report; a random
game's history and report are left out, see ``pinned.RANDOM_PARTS``). The examples are kept as
full text, the random games as digests of each part. Any one character of difference fails.

CI compares the examples and a spread sample of the random games (``CI_SEEDS``), which keeps
this file cheap; ``ZEBRA_PIN=all`` (or ``python -m tests.regenerate_pin --check``) compares
all 200 per ruleset. A failure here means the change altered behaviour: fix the change; the
fixture is regenerated only for a deliberate behaviour change (see tests/regenerate_pin.py).
"""

from __future__ import annotations

import difflib
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from domain import rulesets
from tests import pinned

# Four random games per ruleset in CI, spread over the 200 so every stretch of seeds is touched.
CI_SEEDS = (0, 57, 113, 199)
SEEDS = range(pinned.GAMES_PER_RULESET) if os.environ.get("ZEBRA_PIN") == "all" else CI_SEEDS


@cache
def example(path: Path) -> pinned.Rendered:
    return pinned.render_example(path)


@cache
def stored(name: str) -> dict[str, Any]:
    return pinned.load_random(name)


def first_difference(expected: str, actual: str) -> str:
    """The first differing lines, short enough to read in a test failure."""
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "pinned", "now", n=1, lineterm=""
    )
    lines = [line[:300] for line in diff]
    return "\n".join(lines[:12])


@pytest.mark.parametrize("name", rulesets.names())
def test_the_random_games_were_pinned_with_the_settings_they_are_compared_with(name: str) -> None:
    data = stored(name)
    assert data["max_entries"] == pinned.MAX_ENTRIES
    assert data["parts"] == ["entries", *pinned.RANDOM_PARTS]
    assert len(data["games"]) == pinned.GAMES_PER_RULESET


def test_every_example_game_is_pinned() -> None:
    assert pinned.example_paths(), "no example games found"
    names = {p.name.split("-", 1)[0] for p in pinned.example_paths()}
    assert names == set(rulesets.names())


@pytest.mark.parametrize("part", pinned.PARTS)
@pytest.mark.parametrize("path", pinned.example_paths(), ids=lambda p: p.stem)
def test_example_game_renders_as_pinned(path: Path, part: str) -> None:
    expected = pinned.read_text(pinned.example_file(path, part))
    actual = example(path).parts[part]
    assert actual == expected, f"{path.name} {part} changed:\n{first_difference(expected, actual)}"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", rulesets.names())
def test_random_game_renders_as_pinned(name: str, seed: int) -> None:
    expected = stored(name)["games"][seed]
    actual = pinned.render_random(name, seed).digests()
    if actual["entries"] != expected["entries"]:
        pytest.fail(
            f"random {name} game {seed}: the entries composed from expected().forms differ, "
            "so the forms offered (or their order) changed"
        )
    changed = [part for part in pinned.RANDOM_PARTS if actual[part] != expected[part]]
    assert not changed, (
        f"random {name} game {seed}: {', '.join(changed)} changed; see it with "
        f"tests.pinned.render_random({name!r}, {seed}).parts"
    )
