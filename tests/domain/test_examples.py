"""The example games (examples/*.zebra), checked against what does not come from the program.

What the comments are: the comment after an entry is, for most entries, the ruling text Zebra
printed for it when the example was written (a transcript for the reader: when this test was
rewritten, 586 of the 684 entry comments were word for word in the rulings of their entry). So they
are not checked against the rulings: that would check the program against its own words.

What is checked instead:

* An example that states its final score in a structured header line written by hand from the
  rulebook (``# Final score, worked out by hand from the rulebook: Rodeo 11, Buffalo 19. Buffalo
  win.``) ends with that score and that winner.
* Every scoring ruling in every example is worth what the rulebook prints for its kind
  (``RULEBOOK_POINTS``, each value cited), and the final score is the sum of those points.
* Every example reaches the final whistle, and every ruleset has an example.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.scripts import parse_script
from tests.domain.scripts import EXAMPLES, new_game

SCRIPTS = sorted(EXAMPLES.glob("*.zebra"))
HAND_WORKED = "Final score, worked out by hand from the rulebook:"

# Points per scoring kind as each rulebook prints them (rules/<file>, section). A kind a rulebook
# does not put a number on (Red Zone's touchdown and field goal) is left out: the sum checks
# it.
RULEBOOK_POINTS: dict[str, dict[str, int]] = {
    # nfl-rush-zone.txt, Touchdown ("scores 6 points ... 1 extra point or ... a 2-point
    # conversion") and Field goal ("you score 3 points").
    "rushzone": {"touchdown": 6, "extra_point": 1, "two_point": 2, "field_goal": 3},
    # red-zone.txt, Two Point Conversion: "they score two points instead of one".
    "redzone": {"extra_point": 1, "two_point": 2},
    # first-and-goal.en.md, Scoring: touchdown "6 points", field goal "3 points", two-point
    # conversion "2 points", safety "2 points"; the extra point is the one it replaces.
    "firstandgoal": {
        "touchdown": 6,
        "extra_point": 1,
        "two_point": 2,
        "field_goal": 3,
        "safety": 2,
    },
    # third-and-long.txt, Scoring: "touchdown (6 points) or field goal (3 points)"; Extra point
    # "1 point"; Two-Point Conversion "2 points"; Glossary, Safety "worth 2 points".
    "thirdandlong": {
        "touchdown": 6,
        "extra_point": 1,
        "two_point": 2,
        "field_goal": 3,
        "safety": 2,
    },
    # masters-of-the-gridiron.txt, Two-Point Conversions: the Touchdown card's "7" stays visible
    # under the try; the examples' headers work the try as +1, or -1 if stopped.
    "gridironmasters": {
        "touchdown": 7,
        "defensive_touchdown": 7,
        "field_goal": 3,
        "two_point": 1,
        "two_point_failed": -1,
    },
}


def hand_worked_final(text: str, teams: tuple[str, str]) -> tuple[dict[str, int], str] | None:
    """The final score and winner a header line works out by hand, if the example has one."""
    names = "|".join(re.escape(t) for t in teams)
    match = re.search(
        rf"^# {re.escape(HAND_WORKED)} (?P<a>{names}) (?P<x>\d+), (?P<b>{names}) (?P<y>\d+)\. "
        rf"(?P<winner>{names}) wins?\.$",
        text,
        re.MULTILINE,
    )
    if not match:
        assert HAND_WORKED not in text, "a hand-worked final line this test cannot read"
        return None
    return {match["a"]: int(match["x"]), match["b"]: int(match["y"])}, match["winner"]


def ruleset_of(path: Path) -> str:
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    return script.ruleset or path.name.split("-", 1)[0]


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_the_example_scores_what_the_rulebook_prints(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    script = parse_script(text, str(path))
    home, away = script.home or "Home", script.away or "Away"
    name_of = {"home": home, "away": away}
    ruleset = ruleset_of(path)
    printed = RULEBOOK_POINTS[ruleset]
    game = new_game(ruleset, home, away, **script.options)
    summed = {"home": 0, "away": 0}
    wrong: list[str] = []
    for number, line in script.lines:
        for ruling in game.enter(line):
            if not ruling.points:
                continue
            assert ruling.team is not None, f"line {number}: points for no team"
            summed[ruling.team] += ruling.points
            if ruling.kind in printed and ruling.points != printed[ruling.kind]:
                wrong.append(f"line {number} {ruling.kind}: {ruling.points}")
    assert not wrong, f"{path.name}: points unlike the rulebook's: {wrong}"
    now = game.situation
    assert now["finished"], f"{path.name} ends before the final whistle"
    assert now["score"] == summed, "the final score is not the sum of the scoring rulings"
    worked = hand_worked_final(text, (home, away))
    if worked is not None:
        final, winner = worked
        assert {home: summed["home"], away: summed["away"]} == final
        assert name_of[now["winner"]] == winner


def test_the_hand_worked_examples_are_the_ones_that_say_so() -> None:
    """The claim in the module docstring: which examples carry a hand-worked final score."""
    worked = [p.name for p in SCRIPTS if HAND_WORKED in p.read_text(encoding="utf-8")]
    assert worked == [
        "gridironmasters-full.zebra",
        "gridironmasters-overtime.zebra",
        "thirdandlong-full.zebra",
    ]


def test_a_hand_worked_final_score_that_is_wrong_fails() -> None:
    """The header line is read exactly: a wrong total is a different claim, not no claim."""
    line = f"# {HAND_WORKED} Rodeo 11, Buffalo 19. Buffalo win.\n"
    assert hand_worked_final(line, ("Rodeo", "Buffalo")) == (
        {"Rodeo": 11, "Buffalo": 19},
        "Buffalo",
    )
    with pytest.raises(AssertionError):
        hand_worked_final(line.replace(". Buffalo win", " Buffalo win"), ("Rodeo", "Buffalo"))


def test_every_ruleset_has_an_example_game() -> None:
    from domain import rulesets

    assert set(rulesets.names()) <= {ruleset_of(p) for p in SCRIPTS}
