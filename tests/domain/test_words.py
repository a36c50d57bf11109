"""Possessives and articles in the sentences Zebra writes (issue #27: "Cowboys's", "a Offense
card"), through one helper each (domain/words.py), and where the games use them."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain import rulesets
from domain.entries import RollSpec, rolls
from domain.ruleset import IllegalEntry
from domain.words import a_or_an, possessive

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Cowboys", "Cowboys'"),
        ("Stan Humphries", "Stan Humphries'"),
        ("Rodeo", "Rodeo's"),
        ("Buffalo", "Buffalo's"),
        ("Packer", "Packer's"),
        # An acronym ending in S still takes 's; one letter before the s decides nothing else.
        ("NFLS", "NFLS's"),
        ("s", "s'"),
    ],
)
def test_a_name_ending_in_s_takes_only_the_apostrophe(name: str, said: str) -> None:
    assert possessive(name) == said


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("Offense card", "an Offense card"),
        ("Defense card", "a Defense card"),
        ("Inside Run", "an Inside Run"),
        ("Outside Run", "an Outside Run"),
        ("Short Pass", "a Short Pass"),
        ("orange die", "an orange die"),
        ("green die", "a green die"),
        ("Eagles star", "an Eagles star"),
        ("RB attribute", "an RB attribute"),
        ("LB", "an LB"),
        ("OL card", "an OL card"),
        ("QB attribute", "a QB attribute"),
        ("TE", "a TE"),
        ("Umbrellas", "an Umbrellas"),
        ("8-yard", "an 8-yard"),
        ("18-yard", "an 18-yard"),
        ("11-yard", "an 11-yard"),
        ("12-yard", "a 12-yard"),
        ("80-yard", "an 80-yard"),
        ("110-yard", "a 110-yard"),
        ("", ""),
    ],
)
def test_the_article_follows_the_first_sound(word: str, said: str) -> None:
    assert a_or_an(word) == said


def test_masters_offers_an_offense_card_and_a_defense_card() -> None:
    """Masters of the Gridiron's card forms: "an Offense card", "a Defense card"."""
    rules = rulesets.get("gridironmasters")
    state = rules.initial("Bears", "Packers", {})
    helps = " ".join(f.help for f in rules.expected(state).forms)
    assert "an Offense card" in helps and "a Defense card" in helps
    assert "a Offense" not in helps and "an Defense" not in helps


def test_the_red_zone_example_says_cowboys_not_cowboys_s() -> None:
    """Red Zone's example game (Chargers v Cowboys): "Cowboys' Time Deck is empty" (red-zone.txt,
    the Time Deck), "Stan Humphries' Throw", never a name ending in s with 's."""
    from tests import pinned

    log = pinned.render_example(EXAMPLES / "redzone-full.zebra").parts["log"]
    assert "Cowboys' Time Deck is empty" in log and "Stan Humphries' Throw" in log
    assert "s's " not in log


def test_a_refusal_names_an_orange_die_and_a_green_die() -> None:
    """A die colour beginning with a vowel is "an orange die" in the refusal, a green one "a"."""
    names = {"home": "Bears", "away": "Packers"}
    for colour, said in (("orange", "an orange die"), ("green", "a green die")):
        with pytest.raises(IllegalEntry, match=f"^{said} shows"):
            rolls(["9"], [RollSpec("home", 1, colour)], {}, names)
