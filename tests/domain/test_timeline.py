"""The pure timeline (domain.timeline): planning, undoing and the cascade, without an aggregate."""

from __future__ import annotations

import pytest

from domain.corrections import Proposal
from domain.ruleset import IllegalEntry
from domain.timeline import (
    CorrectionLog,
    Derived,
    Entry,
    Op,
    cascade_of,
    corrected,
    plan,
    schedule_text,
    undoing,
)

NOW = schedule_text(None, None)


def entries(*texts: str) -> dict[int, Entry]:
    return {i: Entry(i, text, "ref", "t") for i, text in enumerate(texts, 1)}


def test_an_insertion_is_planned_after_the_entry_named_and_must_fit() -> None:
    made = entries("a", "b")
    planned = plan(Proposal("insert", 1, "x"), made, [1, 2], {}, NOW)
    assert planned.order == [1, 3, 2] and planned.must_fit == {3}
    assert planned.changed[3].text == "x"


def test_striking_a_struck_entry_is_refused_and_an_unknown_entry_is_named() -> None:
    made = entries("a")
    made[1] = Entry(1, "a", "ref", "t", struck="wrong")
    with pytest.raises(IllegalEntry, match="already struck"):
        plan(Proposal("strike", 1), made, [1], {}, NOW)
    with pytest.raises(IllegalEntry, match="numbered 1 to 1"):
        plan(Proposal("strike", 9), made, [1], {}, NOW)


def test_a_cascade_restores_the_entries_struck_with_it() -> None:
    made = {i: Entry(i, "e", "ref", "t", struck="x", struck_with="c1") for i in (1, 2, 3)}
    assert [e.seq for e in cascade_of(made[1], made, [1, 2, 3])] == [2, 3]
    planned = plan(Proposal("restore", 1, cascade=True), made, [1, 2, 3], {}, NOW)
    assert set(planned.changed) == {1, 2, 3} and all(e.stands for e in planned.changed.values())


def test_undoing_an_amendment_puts_the_words_back_unless_changed_again() -> None:
    made = entries("b")
    log = CorrectionLog("c1", "amend", 1, "r", "ref", "t", ops=[Op("amend", 1, "a", "b")])
    assert undoing(log, made, {"c1": log}, NOW)[1].text == "a"
    made[1] = Entry(1, "z", "ref", "t")
    later = CorrectionLog("c2", "amend", 1, "r", "ref", "t")
    with pytest.raises(IllegalEntry, match="changed again after c1 \\(by c2\\)"):
        undoing(log, made, {"c1": log, "c2": later}, NOW)


def test_the_corrected_sequence_starts_at_the_first_change() -> None:
    made = entries("a", "b", "c")
    sequence, start = corrected(made, {2: Entry(2, "B", "ref", "t")}, [1, 2, 3])
    assert [e.text for e in sequence] == ["a", "B", "c"] and start == 1
    assert corrected(made, {}, [1, 2, 3])[1] == 3


def test_a_step_makes_its_situation_once_and_stays_equal() -> None:
    calls: list[int] = []

    def view(state: int) -> dict[str, int]:
        calls.append(state)
        return {"n": state}

    step = Derived(1, 5, (), None, view)
    assert step.situation == {"n": 5} and step.situation == {"n": 5} and calls == [5]
    assert step == Derived(1, 5, (), None, view)
