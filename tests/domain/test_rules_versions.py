"""Each game's rules version moves with its pinned behaviour (docs/rulings.md, "A game remembers
the rules that judged it").

A stored ruling records the version of the rules that made it, and a game whose rulings were made
under another version is named before anything more is recorded against it. That only works if
the version is bumped whenever a ruling can change; the pin (tests/fixtures/pinned, issue #18) is
regenerated exactly then. So the pin of each game is held here with the version it was made
under: a pin regenerated without a bump fails, and the bump is one line here and one in
domain/rules_versions.py.
"""

from __future__ import annotations

import hashlib

import pytest

from domain import rules_versions as versions
from domain import rulesets
from tests import pinned

# ruleset -> (rules version, digest of its pin). A game's pin changed: bump its RULES_VERSION in
# domain/rules_versions.py and put the new version and the digest the failure prints here.
PINNED: dict[str, tuple[int, str]] = {
    "rushzone": (1, "bb7ec120de78f906"),
    "redzone": (1, "6f705575c1511bf6"),
    "firstandgoal": (1, "3f170b4ae28c6242"),
    "thirdandlong": (1, "08b1f1505aed5f3a"),
    "gridironmasters": (1, "f5249408da7ba706"),
}


def pin_digest(name: str) -> str:
    """A digest of every pinned file of one game (its examples and its random games), read as
    text: the pin's content, not how gzip packed it."""
    files = [pinned.random_file(name)]
    files += sorted((pinned.FIXTURES / "examples").glob(f"{name}-*"))
    h = hashlib.sha256()
    for file in files:
        h.update(file.name.encode("utf-8") + b"\0")
        h.update(pinned.read_text(file).encode("utf-8") + b"\0")
    return h.hexdigest()[:16]


def test_every_game_has_a_rules_version_and_a_pinned_one() -> None:
    assert set(PINNED) == set(rulesets.KNOWN) == set(versions.RULES_VERSION)


def mismatch(name: str, pinned_as: tuple[int, str], installed: int, now: str) -> str | None:
    """What is wrong with one game's line of PINNED, or None when its version and pin agree."""
    version, digest = pinned_as
    if now != digest and installed == version:
        return (
            f"the pin of {name} changed (tests/fixtures/pinned): its rulings changed, so bump "
            f"RULES_VERSION of {name} in domain/rules_versions.py to {version + 1} and set "
            f"its line in tests/domain/test_rules_versions.py PINNED to "
            f"{name!r}: ({version + 1}, {now!r})"
        )
    if (installed, now) != (version, digest):
        return (
            f"RULES_VERSION of {name} is {installed}: set its line in "
            f"tests/domain/test_rules_versions.py PINNED to {name!r}: ({installed}, {now!r})"
        )
    return None


@pytest.mark.parametrize("name", rulesets.KNOWN)
def test_a_game_s_pin_changes_only_with_a_new_rules_version(name: str) -> None:
    installed = rulesets.get(name).version
    assert installed == versions.RULES_VERSION[name]
    problem = mismatch(name, PINNED[name], installed, pin_digest(name))
    assert problem is None, problem


def test_a_pin_regenerated_without_a_bump_is_named_and_with_one_passes() -> None:
    said = mismatch("thirdandlong", (1, "aaaa"), 1, "bbbb")
    assert said is not None and "bump RULES_VERSION of thirdandlong" in said
    assert "'thirdandlong': (2, 'bbbb')" in said
    # Bumped, but the table not told: the line to write is named.
    bumped = mismatch("thirdandlong", (1, "aaaa"), 2, "bbbb")
    assert bumped is not None and "(2, 'bbbb')" in bumped
    assert mismatch("thirdandlong", (2, "bbbb"), 2, "bbbb") is None
    assert mismatch("thirdandlong", (1, "aaaa"), 1, "aaaa") is None


def test_a_version_never_goes_back_below_the_baseline() -> None:
    # Rulings stored before versions existed are read as the baseline (docs/events.md).
    assert all(v >= versions.BASELINE for v in versions.RULES_VERSION.values())
