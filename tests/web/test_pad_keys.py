"""The web pad's keys (web.pad_keys): the tablet's pad after a phone's taps, without a browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.scripts import parse_script
from domain import rulesets
from web.pad_keys import MAX_TAPS, keys_of

ROOT = Path(__file__).resolve().parents[2]
NAMES = {"home": "Bears", "away": "Packers"}


def state_before(example: str, count: int) -> tuple[Any, Any]:
    """The ruleset and the state after the example's first ``count`` lines."""
    script = parse_script((ROOT / "examples" / f"{example}.zebra").read_text(encoding="utf-8"))
    rules = rulesets.get(example.split("-")[0])
    state = rules.initial("Bears", "Packers", script.options)
    for _, line in script.lines[:count]:
        state, _ = rules.apply(state, line)
    return rules, state


def test_the_toss_offers_the_teams_by_name_and_a_tap_composes_the_entry() -> None:
    rules, state = state_before("rushzone-full", 0)
    shown = keys_of(rules.expected(state), NAMES, [], 7)
    assert shown["version"] == 7 and shown["mode"] == "choices" and shown["entry"] is None
    assert [(k["label"], k["tap"]) for k in shown["keys"]] == [
        ("Bears", ["choose", "home"]),
        ("Packers", ["choose", "away"]),
    ]
    assert keys_of(rules.expected(state), NAMES, [["choose", "away"]], 7)["entry"] == "toss away"


def test_six_die_faces_make_the_roll_and_a_face_no_die_has_changes_nothing() -> None:
    rules, state = state_before("rushzone-full", 3)
    prompt = rules.expected(state)
    shown = keys_of(prompt, NAMES, [], 1)
    assert [k["label"] for k in shown["keys"]] == ["1", "2", "3", "4", "5", "6"]
    five = [["choose", face] for face in "14446"]
    stale = keys_of(prompt, NAMES, [*five, ["choose", "7"], ["choose", "0"]], 1)
    assert (
        stale["entry"] is None and stale["progress"] == keys_of(prompt, NAMES, five, 1)["progress"]
    )
    done = keys_of(prompt, NAMES, [*five, ["choose", "4"]], 1)
    assert done["entry"] is not None
    assert rules.apply(state, done["entry"]) == rules.apply(state, "white 1 4 4 4 6 4")


def test_anything_but_a_tap_is_ignored_and_only_so_many_taps_are_played() -> None:
    rules, state = state_before("rushzone-full", 0)
    prompt = rules.expected(state)
    junk: list[Any] = [{"choose": "home"}, "choose", [], [None], [["choose"]], ["select", "0"]]
    assert keys_of(prompt, NAMES, junk, 1)["entry"] is None
    late = [["back"]] * MAX_TAPS + [["choose", "home"]]
    assert keys_of(prompt, NAMES, late, 1)["entry"] is None
    assert keys_of(prompt, NAMES, late[1:], 1)["entry"] == "toss home"


def test_a_coachs_calls_have_a_row_of_their_own_while_the_pad_is_on_another_form() -> None:
    rules, state = state_before("thirdandlong-full", 12)
    prompt = rules.expected(state)
    shown = keys_of(prompt, NAMES, [], 1)
    assert shown["mode"] == "choices"
    assert [k["label"] for k in shown["calls"]] == ["TIMEOUT", "TIMEOUT"]
    # Once a value is tapped the calls give way; a call itself starts its own form.
    first = shown["keys"][0]["tap"]
    assert keys_of(prompt, NAMES, [first], 1)["calls"] == []
    call = shown["calls"][0]["tap"]
    called = keys_of(prompt, NAMES, [call], 1)
    assert called["progress"].startswith("TIMEOUT") and called["keys"][0]["label"] == "Bears"
    entry = keys_of(prompt, NAMES, [call, ["choose", "home"]], 1)["entry"]
    assert entry is not None and entry.startswith("timeout")
    rules.apply(state, entry)  # legal now


def test_a_set_of_dice_is_toggled_part_by_part_and_done_only_when_offered() -> None:
    rules, state = state_before("firstandgoal-full", 8)
    prompt = rules.expected(state)
    shown = keys_of(prompt, NAMES, [], 1)
    assert shown["mode"] == "combo"
    ok = shown["keys"][-1]
    assert ok["label"] == "OK" and ok["off"] is True
    taps = [["toggle", "red"], ["toggle", "tan"], ["toggle", "black"]]
    picked = keys_of(prompt, NAMES, taps, 1)
    assert picked["keys"][-1]["off"] is False
    assert [k.get("count") for k in picked["keys"][:2]] == [1, 1]
    done = keys_of(prompt, NAMES, [*taps, ["combo"]], 1)
    assert done["entry"] is not None
    assert rules.apply(state, done["entry"]) == rules.apply(state, "dice red tan black")
