"""The one vocabulary of ruling kinds (domain/kinds.py), held to every ruleset.

The contract, for all five rulesets, over random legal games and over every example game: every
ruling's kind is in the vocabulary; a ruling with points has a kind that fills a scoring column,
scored by the team its kind says (the offence, the defence, either); a try's ruling comes while
the situation says a try is under way, for the team that has the ball.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scripts import parse_script
from domain import kinds, rulesets
from domain.kinds import KINDS, SCORE_COLUMNS, UnknownKind, canonical_kind
from domain.ruleset import IllegalEntry, Ruling, other
from tests.domain.scripts import EXAMPLES
from tests.domain.test_examples import ruleset_of
from tests.domain.test_invariants import draw_entry

MAX_ENTRIES = 3000
TRIES = {
    "extra_point",
    "extra_point_failed",
    "extra_point_blocked",
    "two_point",
    "two_point_failed",
}
SCRIPTS = sorted(EXAMPLES.glob("*.zebra"))


def random_entries(name: str, seed: int) -> Iterator[tuple[dict[str, Any], list[Ruling]]]:
    """A random legal game to its end: each entry's situation before it, and its rulings.

    An entry the rules refuse is drawn again (Masters of the Gridiron's forms still offer some
    it refuses, issue #15): this test is about what the rulings mean, not about the forms.
    """
    rules = rulesets.get(name)
    rnd = random.Random(seed)
    options = {o.name: rnd.choice(o.choices) for o in rules.options}
    state = rules.initial("Bears", "Packers", options)
    for _ in range(MAX_ENTRIES):
        before = rules.situation(state)
        if before["finished"]:
            return
        forms = rules.expected(state).forms
        for _refused in range(50):
            try:
                state, rulings = rules.apply(state, draw_entry(rnd, rnd.choice(forms)))
                break
            except IllegalEntry:
                continue
        else:
            return
        yield before, rulings


def example_entries(path: Path) -> Iterator[tuple[dict[str, Any], list[Ruling]]]:
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    rules = rulesets.get(ruleset_of(path))
    state = rules.initial(script.home or "Home", script.away or "Away", script.options)
    for _, line in script.lines:
        before = rules.situation(state)
        state, rulings = rules.apply(state, line)
        yield before, rulings


def broken_contract(before: dict[str, Any], rulings: list[Ruling]) -> list[str]:
    """What an entry's rulings break of the vocabulary's contract (empty when they keep it)."""
    out = []
    has_ball = before["possession"]
    for r in rulings:
        k = KINDS.get(r.kind)
        if k is None:
            out.append(f"unknown kind {r.kind!r}")
            continue
        if r.points:
            if k.score not in SCORE_COLUMNS:
                out.append(f"{r.kind} has {r.points} points but fills no scoring column")
            elif (k.scorer == "offence" and r.team != has_ball) or (
                k.scorer == "defence" and (has_ball is None or r.team != other(has_ball))
            ):
                out.append(f"{r.kind} scored by {r.team}, but {has_ball} have the ball")
        if r.kind in TRIES and not (before["converting"] and r.team == has_ball):
            out.append(f"{r.kind} for {r.team} with converting={before['converting']}, {has_ball}")
    return out


@pytest.mark.parametrize("name", rulesets.names())
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_ruling_of_a_random_game_keeps_the_vocabulary(name: str, seed: int) -> None:
    broken = [
        f"entry {n}: {problem}"
        for n, (before, rulings) in enumerate(random_entries(name, seed), start=1)
        for problem in broken_contract(before, rulings)
    ]
    assert not broken, broken[:5]


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_ruling_of_the_example_games_keeps_the_vocabulary(path: Path) -> None:
    broken = [
        f"line {n}: {problem}"
        for n, (before, rulings) in enumerate(example_entries(path), start=1)
        for problem in broken_contract(before, rulings)
    ]
    assert not broken, broken[:5]


def test_a_kind_outside_the_vocabulary_is_refused() -> None:
    with pytest.raises(UnknownKind, match="extra_point_missed"):
        Ruling("extra_point_missed", "Extra point no good.")
    assert Ruling("extra_point_failed", "Extra point no good.").kind == "extra_point_failed"


def test_the_contract_finds_points_in_no_scoring_column_and_the_wrong_scorer() -> None:
    """The checker itself: a scoring kind scored by the wrong team and a try off a try fail."""
    before = {"possession": "home", "converting": False}
    assert broken_contract(before, [Ruling("touchdown", "TD", team="away", points=6)]) == []
    assert broken_contract(before, [Ruling("safety", "S", team="away", points=2)]) == []
    assert broken_contract(before, [Ruling("safety", "S", team="home", points=2)])
    assert broken_contract(before, [Ruling("field_goal", "FG", team="away", points=3)])
    assert broken_contract(before, [Ruling("special_play", "card", team="home", points=3)])
    assert broken_contract(before, [Ruling("extra_point", "XP", team="home", points=1)])
    trying = {"possession": "away", "converting": True}
    assert broken_contract(trying, [Ruling("extra_point", "XP", team="away", points=1)]) == []
    assert broken_contract(trying, [Ruling("extra_point", "XP", team="home", points=1)])


def test_every_kind_says_what_it_means_and_only_scoring_kinds_have_a_scorer() -> None:
    for name, k in KINDS.items():
        assert k.name == name and k.means
        assert (k.score is None) == (k.scorer is None)
        assert k.drive_end is None or k.drive_end in kinds.END_REASONS
        assert k.drive_start is None or k.drive_start in kinds.START_REASONS


@pytest.mark.parametrize(
    ("ruleset", "stored", "now"),
    [
        (
            "redzone",
            {"kind": "extra_point_missed", "text": "Extra point no good (55*)."},
            "extra_point_failed",
        ),
        (
            "redzone",
            {"kind": "extra_point_missed", "text": "Extra point blocked."},
            "extra_point_blocked",
        ),
        ("thirdandlong", {"kind": "extra_point_missed", "text": "NO GOOD."}, "extra_point_failed"),
        ("redzone", {"kind": "downs", "text": "Turnover on downs."}, "turnover_on_downs"),
        ("redzone", {"kind": "blocked", "text": "Punt blocked!"}, "punt_blocked"),
        ("redzone", {"kind": "blocked", "text": "Field goal blocked!"}, "field_goal_blocked"),
        ("redzone", {"kind": "two_point", "text": "go for two", "points": 0}, "go_for_two"),
        ("redzone", {"kind": "two_point", "text": "good", "points": 2}, "two_point"),
        (
            "redzone",
            {"kind": "special_play", "text": "x: 6 points.", "points": 6},
            "special_play_score",
        ),
        ("rushzone", {"kind": "loose_ball", "text": "loose ball!"}, "fumble_lost"),
        ("rushzone", {"kind": "touchback", "text": "Kickoff: touchback"}, "kickoff_touchback"),
        (
            "firstandgoal",
            {"kind": "turnover", "text": "T", "data": {"what": "interception"}},
            "interception",
        ),
        (
            "firstandgoal",
            {"kind": "turnover", "text": "T", "data": {"what": "fumble"}},
            "fumble_lost",
        ),
        ("rushzone", {"kind": "touchdown", "text": "TD"}, "touchdown"),
    ],
)
def test_kinds_stored_by_an_older_zebra_read_as_the_vocabulary(
    ruleset: str, stored: dict[str, Any], now: str
) -> None:
    assert canonical_kind(ruleset, stored) == now
