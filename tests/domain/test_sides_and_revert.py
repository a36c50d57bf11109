"""One true record: a correction never gives a roll to the other team, and revert takes a whole
correction back (docs/corrections.md). Run for every ruleset on random legal games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from domain import rulesets
from domain.corrections import AlreadyRecorded, GameMovedOn
from domain.game import Game
from domain.ruleset import IllegalEntry
from domain.sides import Sides, labelled, of_entry
from projections import playbyplay
from projections.record import project
from tests.domain.test_corrections import AT, Played, random_game, unversioned
from tests.domain.test_invariants import draw_entry


def sides_now(game: Game) -> dict[int, Sides]:
    """Each standing entry's sides as the current fold resolves them."""
    steps = game.folded
    return {
        step.seq: of_entry(game.rules, before.state, game.entries[step.seq].text)
        for before, step in zip(steps, steps[1:], strict=False)
    }


def log_of(played: Played) -> list[Any]:
    return [(p.seq, p.entry, p.rulings, p.struck) for p in playbyplay.view(project(played.events))]


def correct_at_random(played: Played, rnd: random.Random) -> str:
    """One random correction with --strike-invalid: strike, amend to another legal value, or
    insert; returns its kind (refused corrections are skipped by the caller)."""
    game = played.game
    standing = game.effective
    kind = rnd.choice(["strike", "amend", "insert"])
    target = rnd.choice(standing)
    if kind == "strike":
        played("strike", target.seq, "test", strike_invalid=True)
        return kind
    steps = game.folded
    index = next(i for i, s in enumerate(steps) if s.seq == target.seq)
    prompt = game.rules.expected(steps[index - 1].state)
    assume(prompt.forms)
    text = draw_entry(rnd, rnd.choice(prompt.forms))
    if kind == "amend":
        assume(text != target.text)
        played("amend", target.seq, text, "test", strike_invalid=True)
    else:
        after = steps[index - 1].seq
        played("insert", after, text, "test", strike_invalid=True)
    return kind


@pytest.mark.parametrize("name", rulesets.names())
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 50))
def test_a_correction_never_gives_a_later_entry_to_the_other_team(
    name: str, seed: int, size: int
) -> None:
    played = random_game(name, seed, size)
    assume(len(played.game.effective) >= 2)
    recorded = {e.seq: e.sides for e in played.game.effective}
    try:
        correct_at_random(played, random.Random(seed))
    except IllegalEntry:
        assume(False)
    for seq, sides in sides_now(played.game).items():
        if seq in recorded:
            assert sides.same_team(recorded[seq]), f"entry {seq} changed hands"


@pytest.mark.parametrize("name", rulesets.names())
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 50))
def test_revert_gives_back_exactly_the_game_before_the_correction(
    name: str, seed: int, size: int
) -> None:
    played = random_game(name, seed, size)
    assume(len(played.game.effective) >= 2)
    status, log, state = played.projected, log_of(played), played.game.state
    try:
        correct_at_random(played, random.Random(seed))
    except IllegalEntry:
        assume(False)
    played("revert", None, "the call was right after all")
    assert played.game.state == state
    assert unversioned(played.projected) == unversioned(status)
    assert unversioned(played.live) == unversioned(status)
    assert log_of(played) == log
    # The revert is itself a correction: taking it back makes the correction again.
    redone = played.projected
    played("revert", None, "it was wrong after all")
    played("revert", None, "no, right")
    assert unversioned(played.projected) == unversioned(redone)


ROLLS = ["toss home", "kick", "green 1 3"]


def example_entries(name: str) -> list[str]:
    """The entries of examples/NAME.zebra as typed (comments and headers left out)."""
    lines = (Path(__file__).parents[2] / "examples" / f"{name}.zebra").read_text().splitlines()
    texts = [line.split("#", 1)[0].strip() for line in lines]
    return [t for t in texts if t and not t.startswith("@")]


def test_an_amendment_that_would_swap_later_rolls_names_them_instead() -> None:
    """Issue #13: after amending entry 3 to 'green 2 3' in the full example, the Bears and not
    the Packers would roll first at entry 21; that roll is named, never given to the other team.
    """
    played = Played()
    played.enter(*example_entries("rushzone-full"))
    assert played.game.entries[21].text == "white 6 1 2 6 6 3"
    with pytest.raises(IllegalEntry, match="entry 21 'white 6 1 2 6 6 3': it was entered for"):
        played("amend", 3, "green 2 3", "misread")
    done = played("amend", 3, "green 2 3", "misread", strike_invalid=True)
    assert 21 in {e.seq for e, _ in done.struck}
    for seq, sides in sides_now(played.game).items():
        assert sides.same_team(played.game.entries[seq].sides)


def test_inserting_a_toss_never_swaps_the_teams_of_later_rolls() -> None:
    played = Played()
    played.enter(*example_entries("rushzone-full"))
    before = {e.seq: e.sides for e in played.game.effective}
    with pytest.raises(IllegalEntry):
        played("insert", 0, "toss away", "forgotten")
    played("insert", 0, "toss away", "forgotten", strike_invalid=True)
    for seq, sides in sides_now(played.game).items():
        assert seq not in before or sides.same_team(before[seq])


def test_a_side_labelled_view_of_a_positional_roll() -> None:
    played = Played()
    played.enter(*ROLLS, "white 1 4 4 4 6 4")
    entry = played.game.entries[4]
    assert entry.sides == Sides("away", ()) or entry.sides is not None
    names = {"home": "Bears", "away": "Packers"}
    assert labelled(entry.text, entry.sides, names) == "white Packers 1 4 4 / Bears 4 6 4"
    assert labelled("white 144464", entry.sides, names) == "white Packers 1 4 4 / Bears 4 6 4"


def test_restoring_an_entry_struck_in_a_cascade_offers_the_cascade() -> None:
    played = Played()
    played.enter(*ROLLS, "white 1 4 4 4 6 4", "punt", "green 2")
    played("strike", 4, "cocked die", strike_invalid=True)
    assert [e.seq for e in played.game.entries.values() if e.struck] == [4, 5, 6]
    done = played("restore", 4, "it was fine", cascade=True)
    assert done.struck == ()
    assert [e.seq for e in played.game.effective] == [1, 2, 3, 4, 5, 6]


def test_a_restore_alone_names_the_entries_struck_with_it() -> None:
    played = Played()
    played.enter(*ROLLS, "white 1 4 4 4 6 4", "punt", "green 2")
    played("strike", 5, "misheard", strike_invalid=True)
    done = played("restore", 5, "heard right")
    assert done.offer is not None and "6" in done.offer and "--cascade" in done.offer


def test_a_stale_command_is_refused_and_a_repeat_is_already_recorded() -> None:
    played = Played()
    played.enter(*ROLLS)
    shown = played.game.version
    played("enter", "white 1 4 4 4 6 4", expect=shown)
    events = len(played.events)
    with pytest.raises(AlreadyRecorded, match="'white 1 4 4 4 6 4' was entered by tester"):
        played("enter", "white 1 4 4 4 6 4", expect=shown)
    with pytest.raises(GameMovedOn, match="the game moved on: 'white 1 4 4 4 6 4' was entered"):
        played("enter", "white 6 6 6 1 1 1", expect=shown)
    with pytest.raises(GameMovedOn):
        played("undo", "cocked", expect=shown)
    assert len(played.events) == events
    # At the version now shown, the same roll is a new roll and is recorded.
    played("undo", "cocked", expect=played.game.version)
    assert len(played.events) > events


def test_a_version_that_never_was_is_refused() -> None:
    played = Played()
    with pytest.raises(IllegalEntry, match="not a version of this game"):
        played("enter", "toss home", expect=99)
    with pytest.raises(IllegalEntry, match="not a version of this game"):
        played("enter", "toss home", expect=0)
    played("enter", "toss home", expect=played.game.version)


def test_revert_of_a_correction_changed_again_later_is_refused() -> None:
    played = Played()
    played.enter(*ROLLS, "white 1 4 4 4 6 4", "punt", "green 2")
    played("amend", 6, "green 3", "misread")
    played("amend", 6, "green 4", "misread again")
    with pytest.raises(IllegalEntry, match="changed again after c1"):
        played("revert", "c1", "no")
    played("revert", "c2", "no")
    played("revert", "c1", "no")
    assert played.game.entries[6].text == "green 2"
    with pytest.raises(IllegalEntry, match="already taken back by c4"):
        played("revert", "c1", "again")
    with pytest.raises(IllegalEntry, match="there is no correction 'c9'"):
        played("revert", "c9", "which")


def test_names_and_reasons_refuse_escape_sequences_and_compare_normalised() -> None:
    game = Game.start("rushzone", "Bears", "Packers", {"disputes": "agree"}, "alice", AT)
    for bad in ("\x1b]0;pwned\x07", "a\x1b[2J", "x" * 31):
        with pytest.raises(IllegalEntry):
            game.enter("toss home", bad, AT)
        with pytest.raises(IllegalEntry):
            game.undo(bad, "alice", AT)
    game.enter("toss home", "alice", AT)
    game.undo("cocked", "alice", AT)
    with pytest.raises(IllegalEntry, match="the other coach confirms"):
        game.confirm("Alice ", AT)
    game.confirm("bob", AT)
    assert not game.effective


def test_a_correction_that_changed_nothing_is_taken_back_changing_nothing() -> None:
    """docs/corrections.md: an amendment to the words an entry already says changes nothing;
    taking back the revert of such an amendment (which put nothing back) changes nothing too,
    and is recorded like any revert instead of failing."""
    played = Played()
    played.enter("toss home", "receive")
    played("amend", 2, "receive", "same words")
    played("strike", 2, "disputed")
    played("revert", "c1", "the amendment goes")  # c3: entry 2 already says 'receive'
    before, state = played.projected, played.game.state
    done = played("revert", None, "and comes back")  # takes back c3
    assert done.reverts == "c3" and done.struck == ()
    assert played.game.state == state
    assert unversioned(played.projected) == unversioned(before)
    assert unversioned(played.live) == unversioned(before)
    assert played.game.entries[2].struck is not None  # c2's strike stands throughout
