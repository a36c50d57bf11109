"""The pad's model (mobile.pad) and the screen's layout (mobile.layout), without a window.

The pad is built from the prompt alone: these tests give it the prompts the rulesets give, and
check that every entry of every example game can be made on it, without TYPE.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.scripts import parse_script
from domain import rulesets
from domain.ruleset import EntryForm, Extra, Prompt, Slot
from mobile import layout, pad
from tests.mobile.coach import Coach

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.zebra"))


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.stem for e in EXAMPLES])
def test_every_entry_of_every_example_game_is_made_on_the_pad_without_typing(
    example: Path,
) -> None:
    """Issue #17: no entry of an example game needs TYPE. Each line is entered as the pad
    composes it from the prompt's forms, and leaves the game as the typed line leaves it."""
    script = parse_script(example.read_text(encoding="utf-8"), str(example))
    rules = rulesets.get(example.stem.split("-")[0])
    state = rules.initial(script.home or "Home", script.away or "Away", script.options)
    coach = Coach(rules)
    for number, line in script.lines:
        prompt = rules.expected(state)
        path = coach.path(state, prompt, line)
        assert path is not None, f"{example.name}:{number}: {line!r} cannot be made on the pad"
        # The pad itself composes it: the form, each value it offers, the optional parts.
        made = pad.Pad(prompt, {})
        text = made.select(path.form)
        for value in path.values:
            assert made.offers(value), f"{example.name}:{number}: {value!r} not offered"
            text = made.choose(value)
        for index, values in path.extras:
            made.add_extra(index)
            assert made.extra_index == index, f"{example.name}:{number}: part {index}"
            for value in values:
                text = made.choose(value)
        if prompt.forms[path.form].extras:
            text = made.finish()
        assert text == path.composed, f"{example.name}:{number}"
        assert rules.apply(state, text) == rules.apply(state, line)
        state, _ = rules.apply(state, line)


def first_and_goal_dice() -> Slot:
    """The matchup's dice slot as 1st & Goal offers it: every set of colours, black repeated."""
    rules = rulesets.get("firstandgoal")
    state = rules.initial("Bears", "Packers", {})
    for line in ["toss away", "return", "dice red tan", "roll 1 3 x", "play slant dime"]:
        state, _ = rules.apply(state, line)
    (form,) = [f for f in rules.expected(state).forms if f.keyword == "dice"]
    return form.slots[0]


def test_first_and_goals_dice_are_toggled_by_colour_and_only_a_set_the_slot_offers_is_done() -> (
    None
):
    slot = first_and_goal_dice()
    assert len(slot.words) > 200  # the 255 words the pad used to lay out as buttons
    the_pad = pad.Pad(Prompt("both", "which dice?", (EntryForm("dice", "the dice", (slot,)),)))
    assert the_pad.mode == "combo"
    combo = the_pad.combo()
    assert combo is not None
    # Each colour once, black as often as the ruleset allows, in the ruleset's order.
    assert combo.parts == ("red", "tan", "brown", "yellow", "blue", "green", "black")
    assert dict(zip(combo.parts, combo.most, strict=True))["black"] == 4
    assert the_pad.picked_word() is None and the_pad.combo_done() is None
    for part in ["tan", "red", "black", "black"]:
        the_pad.toggle(part)
    assert the_pad.picked == {"tan": 1, "red": 1, "black": 2}
    # The word the slot offers for that set, in its own spelling.
    assert the_pad.picked_word() == "red-tan-black-black"
    # A colour's second tap takes it out again; black's fifth (one over four) does too.
    the_pad.toggle("red")
    assert the_pad.picked["red"] == 0
    the_pad.toggle("black")
    the_pad.toggle("black")
    assert the_pad.picked["black"] == 4
    the_pad.toggle("black")
    assert the_pad.picked["black"] == 0
    the_pad.toggle("red")
    assert the_pad.combo_done() == "dice red-tan"
    assert the_pad.sent


def test_a_set_the_slot_does_not_offer_cannot_be_done() -> None:
    words = ("red", "tan", "blue", "red-tan", "red-blue", "tan-blue", "red-tan-blue", "green")
    the_pad = pad.Pad(
        Prompt("home", "x", (EntryForm("dice", "", (Slot("d", "word", words=words),)),))
    )
    assert the_pad.mode == "combo"
    for part in ["tan", "green"]:
        the_pad.toggle(part)
    assert the_pad.picked_word() is None and the_pad.combo_done() is None
    assert not the_pad.sent


def test_a_word_slot_is_a_set_of_parts_from_eight_sets_up() -> None:
    """Below eight words a slot's buttons fit and read better than toggles."""
    eight = ("a", "b", "c", "a-b", "a-c", "b-c", "a-b-c", "d")
    assert pad.combo_of(Slot("d", "word", words=eight)) is not None
    assert pad.combo_of(Slot("d", "word", words=eight[:7])) is None
    # Words that are not sets of their parts ("red 10" marks, card names) are never toggles.
    assert pad.combo_of(Slot("c", "word", words=("short-pass", "bomb") * 4)) is None


def test_a_long_list_puts_the_values_this_game_used_most_first() -> None:
    slot = Slot("card", "word", words=("dive", "sweep", "slant", "bomb"))
    form = EntryForm("play", "a card", (slot,))
    usage = {"play": pad.usage_of(["play slant", "play bomb", "play slant", "punt"], "play")}
    the_pad = pad.Pad(Prompt("both", "x", (form,)), {}, usage)
    assert [c.value for c in the_pad.likely_choices()] == ["slant", "bomb", "dive", "sweep"]
    assert [c.value for c in the_pad.choices()] == ["dive", "sweep", "slant", "bomb"]


def test_optional_parts_are_offered_after_the_values_a_form_needs() -> None:
    name = Extra("player's name", (Slot("name", "text"),))
    form = EntryForm(
        "draft",
        "position, then the name",
        (Slot("position", "word", words=("qb", "rb")),),
        extras=(name,),
    )
    the_pad = pad.Pad(Prompt("home", "draft", (form,)))
    assert the_pad.choose("qb") is None and the_pad.mode == "extras"
    assert [i for i, _ in the_pad.open_extras()] == [0]
    the_pad.add_extra(0)
    assert the_pad.mode == "text"
    assert not the_pad.offers("   ") and the_pad.offers("Troy Aikman")
    assert the_pad.choose("Troy  Aikman") is None and the_pad.mode == "extras"
    assert the_pad.finish() == "draft qb Troy Aikman"
    # Or without the name.
    plain = pad.Pad(Prompt("home", "draft", (form,)))
    plain.choose("rb")
    assert plain.finish() == "draft rb"


def test_alike_optional_parts_are_offered_one_after_another() -> None:
    rating = (
        Slot("rating", "word", words=("passing", "rushing")),
        Slot("value", "number", low=1, high=99),
    )
    extras = tuple(Extra(f"rating {n}", rating) for n in (2, 3))
    form = EntryForm("card", "", (Slot("team", "word", words=("home",)),), extras=extras)
    the_pad = pad.Pad(Prompt("home", "x", (form,)))
    the_pad.choose("home")
    assert [i for i, _ in the_pad.open_extras()] == [0]
    the_pad.add_extra(1)  # not offered yet: nothing happens
    assert the_pad.extra_index is None
    the_pad.add_extra(0)
    the_pad.choose("passing")
    assert the_pad.mode == "numpad"
    for key in "88":
        the_pad.key(key)
    assert the_pad.choose(the_pad.typed) is None
    assert [i for i, _ in the_pad.open_extras()] == [1]
    assert the_pad.finish() == "card home passing 88"


def test_a_second_tap_on_a_finished_entry_is_ignored() -> None:
    form = EntryForm("toss", "", (Slot("winner", "word", words=("home", "away")),))
    the_pad = pad.Pad(Prompt("away", "toss", (form,)))
    assert the_pad.choose("home") == "toss home"
    # The same finger again, or another in the same frame: the pad is spent.
    assert the_pad.choose("home") is None and the_pad.choose("away") is None
    assert the_pad.select(0) is None and the_pad.finish() is None
    the_pad.back()
    assert the_pad.sent and the_pad.values == ["home"] and the_pad.mode == "sent"


def test_a_number_with_decimals_is_taken_to_its_places_and_range() -> None:
    """Third and Long salaries are printed in tenths of a million: 2.5."""
    salary = Slot("salary $M", "number", low=1, high=12, decimals=1)
    assert pad.needs_numpad(salary)
    assert pad.number_ok(salary, "2.5") and pad.number_ok(salary, "12.9")
    assert pad.number_ok(salary, "12") and not pad.number_ok(salary, "13")
    assert not pad.number_ok(salary, "13.0") and not pad.number_ok(salary, "0.9")
    assert not pad.number_ok(salary, "2.55") and not pad.number_ok(salary, "2.")
    whole = Slot("yards", "number", low=-15, high=15)
    assert not pad.number_ok(whole, "2.5")
    the_pad = pad.Pad(Prompt("home", "x", (EntryForm("star home", "", (salary,)),)))
    assert "." in the_pad.number_keys()
    for key in "2.55":
        the_pad.key(key)
    assert the_pad.typed == "2.5"
    assert the_pad.choose(the_pad.typed) == "star home 2.5"


def test_third_and_long_takes_a_salary_in_tenths_from_the_pad() -> None:
    rules = rulesets.get("thirdandlong")
    state = rules.initial("Rodeo", "Buffalo", {})
    (form,) = [f for f in rules.expected(state).forms if f.keyword == "star home"]
    assert form.slots[1].decimals == 1
    _, rulings = rules.apply(state, form.compose(["s", "2.5", 1, 1, 2]))
    assert "$2.5M" in rulings[0].text


def test_buttons_with_the_same_keyword_say_what_differs() -> None:
    team = {"home": "Bears", "away": "Packers"}
    forms = [
        EntryForm("refresh", "discard and draw", (Slot("team", "word", words=(side,)),))
        for side in ("home", "away")
    ]
    forms.append(EntryForm("punt", "punt it"))
    captions = pad.form_captions(forms, team)
    assert captions == [
        ("REFRESH", "team: Bears"),
        ("REFRESH", "team: Packers"),
        ("PUNT", "punt it"),
    ]
    # Different help texts are already what differs.
    calls = [EntryForm("call", "a run"), EntryForm("call", "a pass")]
    assert pad.form_captions(calls, team) == [("CALL", "a run"), ("CALL", "a pass")]


def test_team_names_shorten_at_words_never_inside_one() -> None:
    assert pad.short_names("San Francisco 49ers") == ["San Francisco 49ers", "SF 49ers", "SF49"]
    assert pad.short_names("Green Bay Packers") == ["Green Bay Packers", "GB Packers", "GBP"]
    assert pad.short_names("Bears") == ["Bears", "BEAR"]
    assert pad.short_names("Jets") == ["Jets"]


def test_a_grid_is_laid_out_only_with_buttons_a_finger_can_hit() -> None:
    six = [str(n) for n in range(1, 7)]
    grid = layout.grid_for(six, 600, 200)
    assert (
        grid is not None and grid.button_w >= layout.MIN_TOUCH and grid.button_h >= layout.MIN_TOUCH
    )
    # Six 48 dp buttons need 6 x 48 + 7 spacings of width in one row (or more rows).
    tight = 6 * layout.MIN_TOUCH + 7 * layout.SPACING
    assert layout.grid_for(six, tight, layout.MIN_TOUCH + 2 * layout.SPACING) is not None
    assert layout.grid_for(six, tight - 1, layout.MIN_TOUCH + 2 * layout.SPACING) is None
    # 255 words never fit a tablet's pad: they become a list.
    assert layout.grid_for([f"word {n}" for n in range(255)], 1280, 300) is None


def test_a_phone_is_a_window_under_600_dp_on_its_short_side() -> None:
    assert layout.table_layout(411, 914).phone
    assert layout.table_layout(599, 1000).phone
    assert not layout.table_layout(600, 1000).phone
    assert not layout.table_layout(1280, 800).phone


@pytest.mark.parametrize("size", [(1280, 800), (962, 601), (800, 1280), (411, 914), (914, 411)])
def test_the_pad_is_served_first_and_every_band_keeps_its_floor(size: tuple[int, int]) -> None:
    lay = layout.table_layout(*size)
    assert lay.pad >= 2 * layout.MIN_TOUCH + 3 * layout.SPACING
    assert lay.bar >= lay.bar_rows * layout.MIN_TOUCH
    assert lay.pad_head >= layout.MIN_TOUCH
    if lay.columns == 1:
        used = lay.scoreboard + lay.field + lay.banner + lay.prompt + lay.pad_head + lay.pad
        assert used + lay.bar + 6 * layout.SPACING <= lay.height + 0.5
    assert lay.scoreboard >= 72 and lay.field >= 52 and lay.prompt >= 48
    assert lay.score_font > 0


def test_a_wide_short_window_puts_the_pad_beside_the_field() -> None:
    assert layout.table_layout(914, 411).columns == 2
    assert layout.table_layout(1280, 800).columns == 1
    assert layout.table_layout(1000, 620).columns == 1


def test_usage_counts_the_values_after_a_keyword() -> None:
    counted = pad.usage_of(["play slant dime", "play slant cover", "dice red tan"], "play")
    assert counted == Counter({"slant": 2, "dime": 1, "cover": 1})


def test_the_pad_offers_nothing_the_form_refuses() -> None:
    """EntryForm.refused: a Player # already in the roster is not offered, on a button or the
    number pad, though it is in the slot's range."""
    form = EntryForm(
        "card",
        "a card",
        (Slot("team", "word", words=("home", "away")), Slot("#", "number", low=1, high=999)),
        refused=(("home", "12"),),
    )
    the_pad = pad.Pad(Prompt("home", "x", (form,)))
    the_pad.choose("home")
    assert the_pad.mode == "numpad"
    for key in "12":
        the_pad.key(key)
    assert not the_pad.typed_ok() and the_pad.choose("12") is None
    the_pad.key("3")
    assert the_pad.typed_ok() and the_pad.choose("123") == "card home 123"
    other = pad.Pad(Prompt("home", "x", (form,)))
    other.choose("away")
    assert other.choose("12") == "card away 12"


def test_the_home_list_marks_a_copy_as_zebra_games_does() -> None:
    """Issue #26: a marked copy says so on the tablet's home list; any other game does not."""
    from uuid import uuid4

    from companion.service import GameSummary
    from mobile.model import game_row

    original = "3ebd2652-0000-4000-8000-000000000000"
    score = {"home": 25, "away": 24}
    game = GameSummary(uuid4(), "rushzone", "Bears", "Packers", score, True, "2026-12-01T20:00", 97)
    copy = GameSummary(
        uuid4(), "rushzone", "Bears", "Packers", score, True, "2026-12-01T20:00", 97, original
    )
    assert "copy of" not in game_row(game, "NFL Rush Zone")["text"]
    assert "final · copy of 3ebd2652\n97 entries" in game_row(copy, "NFL Rush Zone")["text"]
