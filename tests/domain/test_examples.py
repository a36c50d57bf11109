"""The example games, scored from their comments: what the rulebook says each play scores.

Every ``examples/*.zebra`` file is played through its ruleset. The comments in the files were
written from the rulebook, so the expected points are read from them, never from the program:
a comment that states points ("TOUCHDOWN Packers! 6 points.", "Extra point good: 1 point
Bears.", "good, 3 points for Packers", "FIELD GOAL Rodeo: 3 points.") must match exactly the
scoring rulings of the entry it annotates, and the final score a comment states ("Final whistle:
Bears 25, Packers 24. Bears win.") must be both the sum of those statements and the score the
program reaches at the final whistle.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.scripts import parse_script
from tests.domain.scripts import EXAMPLES, new_game

SCRIPTS = sorted(EXAMPLES.glob("*.zebra"))


@dataclass
class Stated:
    """What a script's comments say about the score."""

    home: str
    away: str
    # line number -> (team name, points) for every entry whose comment states points
    by_line: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    final: dict[str, int] | None = None
    winner: str | None = None


def points_stated(comment: str, teams: tuple[str, str]) -> list[tuple[str, int]]:
    """The (team, points) pairs a comment states, in the phrasings the examples use."""
    names = "|".join(re.escape(t) for t in teams)
    patterns = (
        # "6 points.", after "TOUCHDOWN Packers!" / "Field goal Packers," / "Extra point Bears:"
        rf"\b(?P<team>{names})(?: on the scoring card)?[!:,] (?P<points>[+-]?\d+) points?\b",
        # "1 point Bears", "3 points for Packers", "-1 point Bears"
        rf"(?<![\w+-])(?P<points>[+-]?\d+) points? (?:for )?(?P<team>{names})\b",
    )
    found = []
    for pattern in patterns:
        for match in re.finditer(pattern, comment):
            found.append((match.start(), match.group("team"), int(match.group("points"))))
    return [(team, points) for _, team, points in sorted(found) if points]


def final_stated(comment: str, teams: tuple[str, str]) -> tuple[dict[str, int], str | None] | None:
    """The final score a comment states, with the winner it names, if it states one."""
    names = "|".join(re.escape(t) for t in teams)
    match = re.search(
        rf"\bFinal(?: whistle| score)?[^:]*: (?P<a>{names}) (?P<x>\d+), (?P<b>{names}) (?P<y>\d+)"
        rf"(?:\. (?P<winner>{names}) wins?\b)?",
        comment,
    )
    if not match:
        return None
    return {match["a"]: int(match["x"]), match["b"]: int(match["y"])}, match["winner"]


def read_comments(path: Path) -> Stated:
    text = path.read_text(encoding="utf-8")
    script = parse_script(text, str(path))
    stated = Stated(script.home or "Home", script.away or "Away")
    teams = (stated.home, stated.away)
    entry_lines = {number for number, _ in script.lines}
    for number, raw in enumerate(text.splitlines(), start=1):
        if "#" not in raw:
            continue
        comment = raw.split("#", 1)[1]
        final = final_stated(comment, teams)
        if final is not None:
            assert stated.final in (None, final[0]), f"{path.name}:{number}: two final scores"
            stated.final = final[0]
            stated.winner = final[1] or stated.winner
        if number in entry_lines and (points := points_stated(comment, teams)):
            stated.by_line[number] = points
    return stated


def ruleset_of(path: Path) -> str:
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    return script.ruleset or path.name.split("-", 1)[0]


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_the_example_scores_what_its_comments_say(path: Path) -> None:
    stated = read_comments(path)
    assert stated.final is not None, f"{path.name} states no final score in a comment"
    name_of = {"home": stated.home, "away": stated.away}

    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    game = new_game(ruleset_of(path), stated.home, stated.away, **script.options)
    disagreements: list[str] = []
    for number, line in script.lines:
        rulings = game.enter(line)
        ruled = [(name_of[r.team], r.points) for r in rulings if r.points and r.team]
        expected = stated.by_line.get(number, [])
        # Where the comments state points at all, an entry scores exactly what its comment says.
        if stated.by_line and Counter(ruled) != Counter(expected):
            disagreements.append(f"line {number} {line!r}: comment {expected}, rulings {ruled}")

    if stated.by_line:
        from_comments = {stated.home: 0, stated.away: 0}
        for points in stated.by_line.values():
            for team, value in points:
                from_comments[team] += value
        assert from_comments == stated.final, "the comments' plays do not add up to their final"
    now = game.situation
    assert now["finished"], f"{path.name} ends before the final whistle"
    reached = {stated.home: now["score"]["home"], stated.away: now["score"]["away"]}
    if reached != stated.final:
        disagreements.append(f"final score: comment {stated.final}, program {reached}")
    if stated.winner is not None:
        winner = name_of[now["winner"]] if now["winner"] else None
        if winner != stated.winner:
            disagreements.append(f"winner: comment {stated.winner}, program {winner}")
    assert not disagreements, f"{path.name}: " + "; ".join(disagreements)


def test_every_ruleset_has_an_example_game() -> None:
    from domain import rulesets

    assert set(rulesets.names()) <= {ruleset_of(p) for p in SCRIPTS}
