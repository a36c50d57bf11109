"""Each game's rules version moves with its pinned behaviour (docs/rulings.md, "A game remembers
the rules that judged it").

A stored ruling records the version of the rules that made it, and a game whose rulings were made
under another version is named before anything more is recorded against it. That only works if
the version is bumped whenever a ruling can change; the pin (tests/fixtures/pinned, issue #18) is
regenerated exactly then. So the pin of each game is held here with the version it was made
under: a pin whose rulings' facts changed without a bump fails, and the bump is one line here and
one in domain/rules_versions.py. Only the facts count (the pin's ``ruled`` part, issue #27): a
sentence worded anew regenerates the pin's other parts and needs no bump, as domain/reruling.py
does not re-judge a stored game for it.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from domain import rules_versions as versions
from domain import rulesets
from tests import pinned

# ruleset -> (rules version, digest of its pin). A game's pin changed: bump its RULES_VERSION in
# domain/rules_versions.py and put the new version and the digest the failure prints here.
PINNED: dict[str, tuple[int, str]] = {
    "rushzone": (1, "b6fe972cd156a896"),
    "redzone": (1, "96024c2e94d799f0"),
    "firstandgoal": (1, "39e656bc6fcfb613"),
    "thirdandlong": (2, "c9f7b9d2e15e938f"),
    "gridironmasters": (2, "e0c3cdc47fccb78d"),
}


# The part of the pin the rulings make: the facts of every ruling and of the situation after
# each entry, without their sentences (``pinned.ruled_facts``, what domain/reruling.py compares a
# stored game by). The log, the history, the rows and the report present the same rulings in
# words; a change of words alone (issue #27: "Cowboys'" for "Cowboys's") or of presentation (a
# column, a label) changes those parts of the pin, which the pin test shows, and is no new rules
# version: a stored game is not re-judged for it.
RULED_PARTS = ("ruled",)


def pin_digest(name: str) -> str:
    """A digest of the ruled part of one game's pin (its examples and its random games), read
    as text: the pin's content, not how gzip packed it."""
    h = hashlib.sha256()
    data = pinned.load_random(name)
    for game in data["games"]:
        h.update(json.dumps([game["entries"], *(game[p] for p in RULED_PARTS)]).encode("utf-8"))
    examples = sorted((pinned.FIXTURES / "examples").glob(f"{name}-*"))
    for file in examples:
        if file.name.split(".")[1] in RULED_PARTS:
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


def test_the_ruled_part_reads_the_facts_and_never_the_sentences() -> None:
    from dataclasses import replace

    from projections.record import Line

    ruling = {"kind": "skill", "text": "Cowboys's Catch: red, +4 yards.", "team": "away"}
    line = Line(1, "skill red 4", "ref", "t", ({**ruling, "yards": 4},), {"ball_on": 30})
    said = {**line.situation, "next": "Cowboys's ball"} if line.situation else None
    worded = replace(
        line,
        rulings=({**ruling, "yards": 4, "text": "Cowboys' Catch: red, +4 yards."},),
        situation={**(said or {}), "next": "Cowboys' ball"},
    )
    assert pinned.ruled_facts(replace(line, situation=said)) == pinned.ruled_facts(worded)
    # Each fact, changed, is seen.
    for fact, value in (("kind", "gain"), ("team", "home"), ("points", 6), ("yards", 5)):
        other = replace(line, rulings=({**ruling, "yards": 4, fact: value},))
        assert pinned.ruled_facts(other) != pinned.ruled_facts(line), fact
    moved = replace(line, situation={"ball_on": 31})
    assert pinned.ruled_facts(moved) != pinned.ruled_facts(line)
