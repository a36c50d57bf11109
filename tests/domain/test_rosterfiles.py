"""Roster and deck files read against each game's schema (domain/rosterfiles.py, issue #26).

Each bound Zebra sets on a file's values is tested on both sides (docs/rulings.md, "Roster and
deck files"); team names at set-up (domain/teams.py) likewise.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.game import Game
from domain.rosterfiles import MAX_TEXT
from domain.ruleset import IllegalEntry
from domain.rulesets import gridironmasters as gm
from domain.rulesets import redzone as rz
from domain.rulesets import thirdandlong as tl
from domain.teams import team_names
from tests.domain.scripts import EXAMPLES

TL = (EXAMPLES / "thirdandlong-roster.toml").read_text(encoding="utf-8")
RZ = (EXAMPLES / "redzone-roster.toml").read_text(encoding="utf-8")
GM = (EXAMPLES / "gridironmasters-deck.toml").read_text(encoding="utf-8")


def one_refusal(problems: list[str], *words: str) -> None:
    assert len(problems) == 1, problems
    for word in words:
        assert word in problems[0], problems


def tl_salary(value: str) -> list[str]:
    """The example's $2.5M safety, costing ``value`` instead."""
    return tl.roster_problems(TL.replace("salary = 2.5", f"salary = {value}"))


def test_a_third_and_long_salary_is_a_finite_number_up_to_ten_caps() -> None:
    """Salary Caps: "The salary cap is $15 million"; a star salary above $150 million (ten
    caps) is no misprint to weigh against the cap: the file is refused in one line. Up to it the
    cap rule names the total (rules/third-and-long.txt)."""
    one_refusal(tl_salary("150"), "over the $15M cap")
    one_refusal(tl_salary("150.1"), "[[stars]] 4 (Safety), salary = 150.1: out of range")
    one_refusal(tl_salary("0"), "salary must be a positive number")
    one_refusal(tl_salary("-0.1"), "salary = -0.1: out of range")
    for value in ("inf", "-inf", "nan"):
        one_refusal(tl_salary(value), "not a finite number")


def test_a_third_and_long_attribute_is_a_whole_number_of_at_most_nine() -> None:
    """Player Attributes are printed +1 to +3 / -1 to -3 (the rule); a file's -9 is a broken
    rule listed with the card, -10 a file refused; 2.0 is not a whole number."""
    one_refusal(tl.roster_problems(TL.replace("tackling = -1", "tackling = -9")), "got -9")
    one_refusal(
        tl.roster_problems(TL.replace("tackling = -1", "tackling = -10")),
        "[[stars]] 4 (Safety), tackling = -10: out of range",
    )
    one_refusal(tl.roster_problems(TL.replace("arm = 3", "arm = 9")), "got 9")
    one_refusal(tl.roster_problems(TL.replace("arm = 3", "arm = 10")), "arm = 10: out of range")
    one_refusal(tl.roster_problems(TL.replace("arm = 3", "arm = 3.0")), "expected a whole number")


def test_a_deck_salary_is_a_finite_number_up_to_ten_caps() -> None:
    """Deck Building: "Each deck cannot exceed a $120 million salary cap"; $1,200 million on one
    card is the cap rule's, more is refused in one line (rules/masters-of-the-gridiron.txt)."""
    card = "salary = 18.0"
    one_refusal(gm.deck_problems(GM.replace(card, "salary = 1200")), "salary cap")
    one_refusal(
        gm.deck_problems(GM.replace(card, "salary = 1200.5")),
        "[[offense]] 1 (Jay Cutler), salary = 1200.5: out of range",
    )
    assert gm.deck_problems(GM.replace(card, "salary = 0")) == []
    one_refusal(gm.deck_problems(GM.replace(card, "salary = -0.1")), "out of range")


def test_a_deck_player_number_is_one_to_nine_nine_nine_as_typed() -> None:
    """A Player # in a deck file is the one typed at the table: 1 to 999."""
    for number in (1, 999):
        assert gm.deck_problems(GM.replace("number = 6\n", f"number = {number}\n")) == []
    for number in (0, 1000):
        one_refusal(
            gm.deck_problems(GM.replace("number = 6\n", f"number = {number}\n")),
            f"number = {number}: out of range",
        )


def test_a_text_value_is_at_most_a_hundred_characters() -> None:
    """A name or a position printed on a card is a few words; more is not one."""
    name = 'name = "Stan Humphries"'
    assert rz.roster_problems(RZ.replace(name, f'name = "{"x" * MAX_TEXT}"')) == []
    one_refusal(
        rz.roster_problems(RZ.replace(name, f'name = "{"x" * (MAX_TEXT + 1)}"')),
        f"{MAX_TEXT + 1} characters",
    )


def test_unknown_names_are_refused_with_the_closest_known_one() -> None:
    one_refusal(
        tl.roster_problems(TL.replace("[[stars]]", "[[star]]")),
        "unknown table [[star]]: did you mean [[stars]]?",
    )
    one_refusal(
        rz.roster_problems(RZ.replace("[[player]]", "[[players]]")),
        "unknown table [[players]]: did you mean [[player]]?",
    )
    one_refusal(
        gm.deck_problems(GM.replace("[[playbook]]", "[[play_book]]")),
        "did you mean [[playbook]]?",
    )
    one_refusal(
        rz.roster_problems(RZ.replace("substitutions = false", "substitution = false")),
        "unknown key substitution: did you mean substitutions?",
    )
    one_refusal(
        tl.roster_problems(TL.replace("timing = 1", "timeing = 1")),
        "[[stars]] 1 (Quarterback): unknown key timeing: did you mean timing?",
    )
    one_refusal(tl.roster_problems('salary = 4\nteam = "X"'), "belongs in a [[stars]] table")


def test_a_file_of_another_game_is_named_as_that_game() -> None:
    one_refusal(tl.roster_problems(RZ), "this is a Red Zone roster, not a Third and Long one")
    one_refusal(rz.roster_problems(GM), "Masters of the Gridiron deck file, not a Red Zone one")
    one_refusal(gm.deck_problems(TL), "Third and Long team file, not a Masters of the Gridiron")


def test_only_a_file_with_nothing_in_it_is_empty() -> None:
    """A file that sets nothing is refused; a Third and Long team of no stars, named, is not
    (that team plays with average players everywhere, rules/third-and-long.txt)."""
    for text in ("", "\n\n", "# nothing yet\n"):
        one_refusal(tl.roster_problems(text), "the file is empty")
    assert tl.roster_problems('team = "Nobody"') == []


def test_the_examples_are_well_formed() -> None:
    assert tl.roster_problems(TL) == []
    assert rz.roster_problems(RZ) == []
    assert gm.deck_problems(GM) == []


KEYS = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=20)
VALUES = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["inf", "-inf", "nan", "1e308", "-1e308", "9" * 5000]),
    st.booleans().map(lambda b: str(b).lower()),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30).map(json.dumps),
)


@settings(max_examples=60, deadline=None)
@given(key=KEYS, value=VALUES, game=st.sampled_from(["redzone", "thirdandlong", "gridironmasters"]))
def test_an_added_key_is_known_or_refused_in_one_line(key: str, value: str, game: str) -> None:
    """Any key added at the top of a legal file, with any value: still legal (a known key with
    a good value), or one line that names the key; never an exception."""
    text, check, schema = {
        "redzone": (RZ, rz.roster_problems, rz.FILE_SCHEMA),
        "thirdandlong": (TL, tl.roster_problems, tl.FILE_SCHEMA),
        "gridironmasters": (GM, gm.deck_problems, gm.FILE_SCHEMA),
    }[game]
    line = f"{json.dumps(key)} = {value}\n"
    found = check(line + "\n".join(t for t in text.splitlines() if not t.startswith(key + " ")))
    assert all("\n" not in p for p in found)
    if key not in schema.keys and key not in schema.tables:
        assert len(found) == 1


# Team names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home", "away"),
    [("Away", "Bears"), ("Bears", "Home"), ("OFF", "Bears"), ("Bears", "de fence")],
)
def test_a_name_entries_read_as_the_other_side_or_a_role_is_refused(home: str, away: str) -> None:
    with pytest.raises(IllegalEntry, match="cannot be called"):
        team_names(home, away)
    with pytest.raises(IllegalEntry, match="cannot be called"):
        Game.start("rushzone", home, away, {}, "referee", "2026-01-01T00:00:00")


def test_each_side_keeps_the_word_for_itself_and_near_words_are_names() -> None:
    assert team_names("Home", "Away") == ("Home", "Away")
    assert team_names("  home ", "AWAY") == ("home", "AWAY")
    assert team_names("Offside", "Defiance") == ("Offside", "Defiance")


def test_two_names_apart_only_in_case_or_spaces_are_one_team() -> None:
    with pytest.raises(IllegalEntry, match="both teams are called"):
        team_names("Bears", "bEARS")
    with pytest.raises(IllegalEntry, match="differ only in spaces"):
        team_names("Green Bay", "GreenBay")
    assert team_names("Green Bay", "Green Bays") == ("Green Bay", "Green Bays")
