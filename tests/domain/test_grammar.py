"""The forms are the grammar (issue #28): one matcher, typed values, refusals naming a form.

The matcher (``domain.grammar.match``) on forms made here: keyword, declared alias, bare
shorthand, a typed reading, a form taking nothing, and the refusals with their closest form.
Then, for every game whose forms are its grammar (``MIGRATED``), each entry of its example games
and of random games composed from its prompts is matched by a form offered at that moment, and
its handler is given a ``Match`` (no list of words: a handler indexing or iterating what it is
given fails here; a form that takes values has a reader), with the same outcome as the game's
own step.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest

from companion.scripts import parse_script
from domain import kernel, rulesets
from domain.grammar import Match, Refusal, match
from domain.ruleset import SIDES, EntryForm, IllegalEntry, Prompt, Ruling, Side, Slot
from tests.domain.scripts import EXAMPLES
from tests.domain.test_invariants import draw_entry


def _thirdandlong_review(state: Any, text: str) -> tuple[Any, list[Ruling]]:
    """Third and Long's challenge window: an entry that is no challenge first accepts the
    ruling on the field (``ThirdAndLong.apply``), then is matched as the next entry."""
    from domain.rulesets.thirdandlong import rules as tal
    from domain.rulesets.thirdandlong.plays import accept_ruling
    from domain.rulesets.thirdandlong.state import open_play

    if state.phase == "review" and tal.read(text)[0] not in tal.HANDLERS["review"]:
        return accept_ruling(state, open_play(state))
    return state, []


# The games (every handler is given a match: the kernel has no other path), with the module
# holding their RULES and what the ruleset does before its step.
MIGRATED = {
    "rushzone": ("domain.rulesets.rushzone", None),
    "thirdandlong": ("domain.rulesets.thirdandlong.rules", _thirdandlong_review),
    "firstandgoal": ("domain.rulesets.firstandgoal.ruleset", None),
    "gridironmasters": ("domain.rulesets.gridironmasters", None),
    "redzone": ("domain.rulesets.redzone", None),
}


def test_every_game_is_checked_here() -> None:
    """A sixth game in domain/rulesets is not left out of the grammar's checks."""
    assert set(MIGRATED) == set(rulesets.KNOWN)


RANDOM_SEEDS = 12
MAX_ENTRIES = 150


def _faces(values: Sequence[str]) -> tuple[int, ...]:
    if len(values) != 2 or not all(v in "123456" and len(v) == 1 for v in values):
        raise IllegalEntry(f"two faces from 1 to 6; got {' '.join(values)!r}")
    return tuple(int(v) for v in values)


def _team(values: Sequence[str]) -> Side:
    if len(values) != 1 or values[0] not in SIDES:
        raise IllegalEntry("enter home or away")
    side: Side = "home" if values[0] == "home" else "away"
    return side


ROLL = EntryForm(
    "white",
    "two faces",
    (Slot("first"), Slot("second")),
    aliases=("roll",),
    bare=lambda word: word[:1].isdigit(),
    read=_faces,
)
TOSS = EntryForm("toss", "the winner", (Slot("winner", "word", words=SIDES),), read=_team)
PUNT = EntryForm("punt", "punt the ball")
FORMS = (ROLL, TOSS, PUNT)


def test_the_keyword_matches_its_form_with_the_typed_value() -> None:
    assert match(FORMS, ["white", "6", "2"]) == Match(ROLL, (6, 2))
    assert match(FORMS, ["toss", "away"]) == Match(TOSS, "away")


def test_a_declared_alias_means_the_keyword() -> None:
    found = match(FORMS, ["roll", "3", "4"])
    assert found == Match(ROLL, (3, 4))
    assert isinstance(found, Match) and found.keyword == "white"


def test_a_bare_shorthand_is_its_form_with_the_first_word_a_value() -> None:
    assert match(FORMS, ["5", "1"]) == Match(ROLL, (5, 1))


def test_a_word_no_form_declares_bare_is_not_taken_for_values() -> None:
    found = match((TOSS, PUNT), ["5", "1"])
    assert isinstance(found, Refusal) and not found.recognised


def test_a_form_without_values_takes_nothing_more() -> None:
    assert match(FORMS, ["punt"]) == Match(PUNT, None)
    assert match(FORMS, ["punt", "now"]) == Refusal(
        "punt takes nothing more; got 'now'", PUNT, True
    )


def test_values_the_form_cannot_read_are_refused_naming_that_form() -> None:
    assert match(FORMS, ["white", "7", "2"]) == Refusal(
        "two faces from 1 to 6; got '7 2'", ROLL, True
    )
    assert match(FORMS, ["toss"]) == Refusal("enter home or away", TOSS, True)


def test_an_unknown_first_word_is_refused_naming_the_closest_form() -> None:
    found = match(FORMS, ["tosss", "home"])
    assert isinstance(found, Refusal) and found.closest == TOSS and not found.recognised
    assert "'tosss' is not due now" in found.reason
    # The closest form is found by any of its spellings, an alias included.
    closest = match(FORMS, ["rol", "1", "2"])
    assert isinstance(closest, Refusal) and closest.closest == ROLL


def test_the_refusal_of_an_unknown_word_is_worded_by_the_caller() -> None:
    found = match(FORMS, ["kick"], unknown=lambda word: f"{word} is not due")
    assert found == Refusal("kick is not due", match(FORMS, ["kick"]).closest)  # type: ignore[union-attr]


def test_an_empty_entry_is_refused() -> None:
    found = match(FORMS, [])
    assert isinstance(found, Refusal) and found.reason.startswith("empty entry")


def test_the_alias_and_the_reader_do_not_make_forms_unequal() -> None:
    # Forms are compared (a prompt's forms, a stored form) by what they offer, not by a reader.
    assert replace(ROLL, read=None, bare=None) == ROLL
    assert replace(ROLL, aliases=()) != ROLL


def test_a_match_is_not_a_list_of_words() -> None:
    found = match(FORMS, ["white", "6", "2"])
    with pytest.raises(TypeError):
        found[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        iter(found)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        len(found)  # type: ignore[arg-type]


# The kernel: a game whose forms are its grammar --------------------------------------------------


def _prompt(state: Any) -> Prompt:
    return Prompt("both", "roll or toss", FORMS)


def _final(state: Any) -> str:
    return "over"


class _State:
    phase = "play"


def test_the_kernel_gives_the_handler_the_match_and_refuses_with_its_line() -> None:
    seen: list[Any] = []

    def handler(state: Any, entry: Any) -> tuple[Any, list[Ruling]]:
        seen.append(entry)
        return state, []

    rules: kernel.Rules[Any] = kernel.Rules(
        prompts={"play": _prompt},
        handlers={"play": {"white": handler, "toss": handler, "punt": handler}},
        final_line=_final,
    )
    state = _State()
    rules.step(state, "roll 6 2")
    rules.step(state, "4 4")
    rules.step(state, "toss home")
    assert seen == [Match(ROLL, (6, 2)), Match(ROLL, (4, 4)), Match(TOSS, "home")]
    with pytest.raises(IllegalEntry, match=r"^'kick' is not due now; roll or toss \(expected: "):
        rules.step(state, "kick")
    with pytest.raises(IllegalEntry, match=r"^two faces from 1 to 6; got '7 1'$"):
        rules.step(state, "white 7 1")
    assert len(seen) == 3
    assert rules.form(state, "white 7 1") == ROLL
    assert rules.form(state, "kick") is None


# Every migrated game: every entry matched, every handler given typed values ---------------------


def _entries_of_examples(name: str) -> Iterator[tuple[str, str, dict[str, str], list[str]]]:
    for path in sorted(EXAMPLES.glob(f"{name}-*.zebra")):
        script = parse_script(path.read_text(encoding="utf-8"), str(path))
        entries = [line for _, line in script.lines]
        yield path.name, script.home or "Home", script.away or "Away", dict(script.options), entries


def _spied(rules: kernel.Rules[Any], given: list[Any]) -> kernel.Rules[Any]:
    """``rules`` whose every handler first records what it is given."""

    def spy(handler: kernel.Handler[Any]) -> kernel.Handler[Any]:
        def recording(state: Any, entry: Any) -> tuple[Any, list[Ruling]]:
            given.append(entry)
            return handler(state, entry)

        return recording

    handlers = {
        phase: {keyword: spy(h) for keyword, h in table.items()}
        for phase, table in rules.handlers.items()
    }
    return replace(rules, handlers=handlers)


def _check_entry(name: str, rules: kernel.Rules[Any], ruleset: Any, state: Any, text: str) -> Any:
    """The entry matched by a form offered now, its handler given that match, the outcome the
    game's own; returns the state after it."""
    expected_after, expected_rulings = ruleset.apply(state, text)
    before = MIGRATED[name][1]
    first: list[Ruling] = []
    if before is not None:
        state, first = before(state, text)
    prompt = rules.prompt(state)
    found = rules.match(state, rules.read(text))
    assert isinstance(found, Match), f"{name}: {text!r} matched no form: {found}"
    assert found.form in prompt.forms, f"{name}: {text!r} matched a form not offered now"
    given: list[Any] = []
    after, rulings = _spied(rules, given).step(state, text)
    assert given == [found], f"{name}: the handler of {text!r} was given {given!r}"
    # The value is the form's reading: a form that takes values declares how they are read,
    # and a form without a reader takes nothing (its value is None).
    assert found.form.read is not None or found.value is None, f"{name}: {text!r} unread"
    assert (after, [*first, *rulings]) == (expected_after, expected_rulings)
    return after


@pytest.mark.parametrize("name", MIGRATED)
def test_every_example_entry_is_matched_and_its_handler_given_a_match(name: str) -> None:
    rules: kernel.Rules[Any] = importlib.import_module(MIGRATED[name][0]).RULES
    ruleset = rulesets.get(name)
    played = 0
    for _, home, away, options, entries in _entries_of_examples(name):
        state = ruleset.initial(home, away, options)
        for text in entries:
            state = _check_entry(name, rules, ruleset, state, text)
            played += 1
    assert played > 0


@pytest.mark.parametrize("name", MIGRATED)
@pytest.mark.parametrize("seed", range(RANDOM_SEEDS))
def test_every_random_entry_is_matched_and_its_handler_given_a_match(name: str, seed: int) -> None:
    rules: kernel.Rules[Any] = importlib.import_module(MIGRATED[name][0]).RULES
    ruleset = rulesets.get(name)
    rnd = random.Random(f"grammar:{name}:{seed}")
    options = {o.name: rnd.choice(o.choices) for o in ruleset.options}
    state = ruleset.initial("Bears", "Packers", options)
    for _ in range(MAX_ENTRIES):
        prompt = ruleset.expected(state)
        if not prompt.forms:
            break
        state = _check_entry(name, rules, ruleset, state, draw_entry(rnd, rnd.choice(prompt.forms)))
