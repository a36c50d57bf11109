"""Corrections on the Game aggregate: strike, restore, amend and insert re-derive the game.

The hypothesis tests run for every ruleset that has landed, on random legal games.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import rulesets, schedule
from domain.game import Game
from domain.ruleset import IllegalEntry
from projections import situation
from tests.domain.test_invariants import draw_entry

AT = "2026-11-29T12:00:00+00:00"


class Played:
    """A Game aggregate with every event it has raised, for projecting without a store."""

    def __init__(self, ruleset: str = "rushzone") -> None:
        self.game = Game.start(ruleset, "Bears", "Packers", {}, "tester", AT)
        self.events: list[Any] = list(self.game.collect_events())

    def __call__(self, method: str, *args: Any, **kwargs: Any) -> Any:
        result = getattr(self.game, method)(*args, by="tester", at=AT, **kwargs)
        self.events.extend(self.game.collect_events())
        return result

    def enter(self, *texts: str) -> None:
        for text in texts:
            self("enter", text)

    @property
    def projected(self) -> dict[str, Any]:
        return situation.project(self.events)

    @property
    def live(self) -> dict[str, Any]:
        g = self.game
        return {
            "game_id": str(g.id),
            **g.situation,
            "entries": len(g.effective),
            "struck": g.struck_count,
            "pending": g.waiting,
            "season": schedule.season_of(g.season, g.started_at),
            "week": g.week,
            "version": g.version,
        }


def random_game(ruleset: str, seed: int, entries: int) -> Played:
    played = Played(ruleset)
    rnd = random.Random(seed)
    refused = 0
    while len(played.game.effective) < entries and refused < 50:
        prompt = played.game.rules.expected(played.game.state)
        if not prompt.forms:
            break
        try:
            played("enter", draw_entry(rnd, rnd.choice(prompt.forms)))
        except IllegalEntry:
            refused += 1
    return played


def unversioned(status: dict[str, Any]) -> dict[str, Any]:
    """A status without its version counter, which every recorded command moves on."""
    return {k: v for k, v in status.items() if k != "version"}


def without_counts(status: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in status.items() if k not in ("entries", "struck", "version")}


@pytest.mark.parametrize("name", rulesets.names())
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 60), pick=st.integers(0, 10_000))
def test_amending_an_entry_to_the_same_value_changes_nothing(
    name: str, seed: int, size: int, pick: int
) -> None:
    played = random_game(name, seed, size)
    standing = played.game.effective
    if not standing:
        return
    target = standing[pick % len(standing)]
    state, status = played.game.state, played.live
    done = played("amend", target.seq, target.text, "same value")
    assert done.struck == ()
    assert played.game.state == state
    assert unversioned(played.live) == unversioned(status)
    assert unversioned(played.projected) == unversioned(status)


@pytest.mark.parametrize("name", rulesets.names())
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 60), pick=st.integers(0, 10_000))
def test_strike_then_restore_is_the_identity(name: str, seed: int, size: int, pick: int) -> None:
    played = random_game(name, seed, size)
    standing = played.game.effective
    if not standing:
        return
    target = standing[pick % len(standing)]
    state, status = played.game.state, played.live
    try:
        played("strike", target.seq, "disputed")
    except IllegalEntry:
        # Later entries depend on it: refused whole, nothing changed.
        assert played.game.state == state
        return
    assert played.projected == played.live
    played("restore", target.seq, "agreed after all")
    assert played.game.state == state
    assert unversioned(played.live) == unversioned(status)
    assert unversioned(played.projected) == unversioned(status)


# Rush Zone stories -----------------------------------------------------------------------

OPENING = ("toss home", "receive", "green 6 1")


def test_amending_a_roll_re_derives_everything_after_it() -> None:
    played = Played()
    played.enter(*OPENING, "white 1 2 4 1 2 3", "white 1 2 4 1 2 3")
    assert played.live["ball_on"] == 30
    played("amend", 4, "white 4 4 1 1 2 3", "they were doubles")
    # Doubles break the tackle: 20 yards, then 10 more from the second roll.
    assert played.live["ball_on"] == 20
    assert played.projected == played.live


def test_a_correction_that_would_orphan_a_later_entry_is_refused_and_changes_nothing() -> None:
    played = Played()
    played.enter(*OPENING, "white 1 2 4 2 3 5", "punt", "green 2")
    before = (played.game.state, len(played.events), played.game.version)
    with pytest.raises(IllegalEntry, match=r"entry 5 'punt'.*entry 6 'green 2'.*strike-invalid"):
        played("amend", 4, "white 6 2 4 3 5 1", "the die showed 6")
    assert (played.game.state, len(played.events), played.game.version) == before
    assert played.game.collect_events() == []


def test_strike_invalid_strikes_the_orphans_in_the_same_step() -> None:
    played = Played()
    played.enter(*OPENING, "white 1 2 4 2 3 5", "punt", "green 2")
    done = played("amend", 4, "white 6 2 4 3 5 1", "the die showed 6", strike_invalid=True)
    assert [e.seq for e, _ in done.struck] == [5, 6]
    assert played.live["ball_on"] == 40
    assert played.live["struck"] == 2
    assert played.projected == played.live


def test_striking_an_earlier_entry_re_derives_the_rest() -> None:
    played = Played()
    played.enter(*OPENING, "white 1 2 4 1 2 3", "white 1 2 4 1 2 3")
    played("strike", 4, "rolled off the table")
    assert played.live["ball_on"] == 40
    assert played.projected == played.live
    plays = played.projected
    assert plays["struck"] == 1


def test_inserting_a_forgotten_entry_re_derives_the_later_ones() -> None:
    played = Played()
    played.enter(*OPENING, "white 1 2 4 1 2 3", "white 1 2 4 1 2 3")
    assert played.live["ball_on"] == 30
    played("insert", 3, "white 6 2 4 3 5 1", "a first down was never entered")
    assert played.live["ball_on"] == 20
    assert [e.seq for e in played.game.effective] == [1, 2, 3, 6, 4, 5]
    assert played.projected == played.live


def test_insert_that_does_not_fit_is_refused() -> None:
    played = Played()
    played.enter(*OPENING)
    with pytest.raises(IllegalEntry, match="cannot stand"):
        played("insert", 1, "green 3 3", "")


@pytest.mark.parametrize(
    ("method", "args", "message"),
    [
        ("strike", (99, ""), "there is no entry 99; entries are numbered 1 to 3"),
        ("restore", (2, ""), "stands already"),
        ("amend", (2, "punt", ""), "cannot stand"),
        ("insert", (7, "pat", ""), "there is no entry 7"),
    ],
)
def test_bad_corrections_are_refused_with_one_line(
    method: str, args: tuple[Any, ...], message: str
) -> None:
    played = Played()
    played.enter(*OPENING)
    before = (played.game.state, played.game.version)
    with pytest.raises(IllegalEntry, match=message) as refused:
        played(method, *args)
    assert "\n" not in str(refused.value)
    assert (played.game.state, played.game.version) == before


# Optional agreement: disputes=agree ---------------------------------------------------------


class AgreedPlayed(Played):
    """A game where corrections wait for the other coach."""

    def __init__(self) -> None:
        self.game = Game.start("rushzone", "Bears", "Packers", {"disputes": "agree"}, "ann", AT)
        self.events = list(self.game.collect_events())

    def by(self, who: str, method: str, *args: Any, **kwargs: Any) -> Any:
        result = getattr(self.game, method)(*args, by=who, at=AT, **kwargs)
        self.events.extend(self.game.collect_events())
        return result


def test_with_disputes_agree_a_strike_waits_for_the_other_coach() -> None:
    played = AgreedPlayed()
    for text in (*OPENING, "white 1 2 4 1 2 3"):
        played.by("ann", "enter", text)
    state = played.game.state
    done = played.by("ann", "strike", 4, "rolled off the table")
    assert done.pending
    assert played.game.state == state
    assert played.live["pending"] == "strike entry 4 (proposed by ann)"
    assert played.projected == played.live
    with pytest.raises(IllegalEntry, match="waiting for the other coach"):
        played.by("ann", "enter", "white 1 2 4 1 2 3")
    with pytest.raises(IllegalEntry, match="ann proposed this correction"):
        played.by("ann", "confirm")
    played.by("bob", "confirm")
    assert played.live["pending"] is None
    assert played.live["ball_on"] == 50
    assert played.game.entries[4].struck == "rolled off the table"
    assert played.projected == played.live
    kinds = [type(e).__name__ for e in played.events]
    assert kinds[-4:] == ["Proposed", "Confirmed", "Struck", "Rederived"]


def test_with_disputes_agree_a_rejected_amendment_changes_nothing() -> None:
    played = AgreedPlayed()
    for text in OPENING:
        played.by("ann", "enter", text)
    state = played.game.state
    played.by("ann", "amend", 3, "green 2 2", "it was a 2")
    played.by("bob", "reject", "it was a 6")
    assert played.game.state == state
    assert played.live["pending"] is None
    record_disputes = situation.project(played.events)
    assert record_disputes == played.live
    with pytest.raises(IllegalEntry, match="no correction is waiting"):
        played.by("bob", "confirm")


def test_disputes_option_is_checked() -> None:
    with pytest.raises(IllegalEntry, match="option disputes cannot be 'vote'"):
        Game.start("rushzone", "Bears", "Packers", {"disputes": "vote"}, "ann", AT)
