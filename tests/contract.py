"""The ruleset contract: what every game keeps, written once and subclassed per game.

In the style of CPython's mapping tests (``test.mapping_tests.BasicTestMappingProtocol``): the
base class holds the tests, each game's test module subclasses it and says which ruleset it is
and which thresholds its rulebook draws. A sixth game gets every test here by subclassing::

    class TestMyGameContract(RulesetContract):
        ruleset = "mygame"
        thresholds = (Threshold(...), ...)

The class name must start with ``Test`` (pytest collects the subclass, never this base, whose
name does not). What is held, for every game:

* entries offered are accepted: random games composed only from ``expected(state).forms``;
* replay equals live: a game rebuilt from its events through ``domain.game.Game`` has the same
  state, situation and rulings after every entry as the game that was played;
* a checkpoint-based open equals a full replay: a game opened from its stored checkpoints (taken
  every few entries, and again after a correction) has the state, situation, prompt and
  rulings of the rules run from the opening, and every state round-trips through
  ``domain.snapshots``;
* strike then restore is the identity (state, ``status --json`` and the projection);
* export then import gives the same game (the entries export and the jsonl export);
* every ruling kind is one of the vocabulary's (domain/kinds.py) and keeps its meaning (points
  in a scoring column, scored by the side the kind names, a try's ruling during a try);
* thresholds hold on both sides: the same situation, one entry each side of the boundary, and
  each gives what the rulebook says (``Threshold``).

The random games are short (``MAX_ENTRIES``) and their number follows the hypothesis profile
(tests/conftest.py: ``max_examples`` // 10 games, at least 2), so the contract costs a few seconds
a game in CI. Each property draws its games in a function of its own made per call: a
hypothesis test shared by the subclasses would be one test run by several classes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scripts import parse_import
from domain import kinds, rulesets, snapshots
from domain.game import Game
from domain.ruleset import IllegalEntry, Ruleset, Ruling
from projections import playrows, report
from projections import record as folding
from projections import situation as status_view
from tests.domain.test_invariants import draw_entry
from tests.domain.test_ruling_kinds import broken_contract

AT = "2000-01-01T00:00:00+00:00"
BY = "contract"
# A contract game is cut here: long enough to pass kickoffs, scores and changes of possession
# in every game, short enough to keep the whole contract a few seconds a game.
MAX_ENTRIES = 60
GAMES = max(2, settings.default.max_examples // 10)


@dataclass(frozen=True)
class Seen:
    """What an entry gave: its rulings and the situation after it."""

    rulings: tuple[Ruling, ...]
    situation: Mapping[str, Any]

    @property
    def kinds(self) -> list[str]:
        return [r.kind for r in self.rulings]


@dataclass(frozen=True)
class Threshold:
    """A rule's boundary: from the same situation, ``below`` and ``at`` are the entries one
    step either side of it, and ``see`` of what each gave must be ``expect[0]`` and
    ``expect[1]`` (which differ); ``REFUSED`` stands for an entry the rules refuse.

    ``start`` reaches the situation: entries typed from a new game (with ``options``), or a
    function returning a state of the ruleset (the game's own test helpers). ``then`` are the
    entries that follow before the rules decide (a "done", a "whistle"); what is seen is the
    last entry's rulings and the situation after it.
    """

    rule: str
    below: str
    at: str
    see: Callable[[Seen], Any]
    expect: tuple[Any, Any]
    start: Sequence[str] | Callable[[], Any] = ()
    then: Sequence[str] = ()
    options: Mapping[str, str] = field(default_factory=dict)


# What a threshold sees when the rules refuse the entry (an entry past a limit).
REFUSED = "refused"


def kinds_of(seen: Seen) -> list[str]:
    """The ruling kinds of the entry: what the rulebook called it."""
    return seen.kinds


def first_kind(seen: Seen) -> str:
    """The kind of the entry's first ruling (the play itself, before any end of turn)."""
    return seen.rulings[0].kind


def situation_key(key: str) -> Callable[[Seen], Any]:
    """The situation's ``key`` after the entry (ball_on, down, score...)."""

    def see(seen: Seen) -> Any:
        return seen.situation[key]

    see.__name__ = f"situation[{key!r}]"
    return see


def status_of(game: Game) -> dict[str, Any]:
    """``zebra status --json`` of the game, folded from its events as the CLI does."""
    return status_view.view(folding.project(game_events(game)))


def game_events(game: Game) -> list[Any]:
    """Every event the game has raised so far (kept on it, so it can be folded again)."""
    events: list[Any] = getattr(game, "_contract_events", [])
    events.extend(game.collect_events())
    game._contract_events = events  # type: ignore[attr-defined]
    return list(events)


@contextmanager
def checkpoints_every(entries: int) -> Iterator[None]:
    """Games store a checkpoint every ``entries`` standing entries meanwhile (not every 100)."""
    before = Game.checkpoint_every
    Game.checkpoint_every = entries
    try:
        yield
    finally:
        Game.checkpoint_every = before


def replayed(events: Sequence[Any]) -> Game:
    """The game its events make, as the repository opens it cold."""
    game: Any = None
    for event in events:
        game = event.mutate(game)
    assert isinstance(game, Game)
    return game


class RulesetContract:
    """The tests every ruleset passes; subclasses set ``ruleset`` and ``thresholds``."""

    ruleset: ClassVar[str]
    thresholds: ClassVar[Sequence[Threshold]] = ()

    @property
    def rules(self) -> Ruleset[Any]:
        return rulesets.get(self.ruleset)

    # Playing --------------------------------------------------------------------------------

    def random_game(self, seed: int) -> Game:
        """A game through the aggregate, each entry composed from a form it offers."""
        rnd = random.Random(seed)
        options = {o.name: rnd.choice(o.choices) for o in self.rules.options}
        game = Game.start(self.ruleset, "Bears", "Packers", options, BY, AT)
        for _ in range(MAX_ENTRIES):
            if game.situation["finished"]:
                break
            prompt = game.prompt
            assert prompt.forms, f"nothing offered before the end: {prompt.text}"
            text = draw_entry(rnd, rnd.choice(prompt.forms))
            try:
                game.enter(text, BY, AT)
            except IllegalEntry as exc:
                pytest.fail(f"{self.ruleset} offered {text!r} and refused it: {exc}")
        return game

    # The contract ---------------------------------------------------------------------------

    def test_the_ruleset_is_known_by_its_name(self) -> None:
        assert self.ruleset in rulesets.names()
        assert self.rules.name == self.ruleset

    def test_entries_offered_are_accepted(self) -> None:
        @settings(max_examples=GAMES, deadline=None)
        @given(seed=st.integers(0, 2**32 - 1))
        def check(seed: int) -> None:
            game = self.random_game(seed)
            assert game.effective, "a game offered no entry at all"

        check()

    def test_replay_equals_live(self) -> None:
        @settings(max_examples=GAMES, deadline=None)
        @given(seed=st.integers(0, 2**32 - 1))
        def check(seed: int) -> None:
            live = self.random_game(seed)
            replayed: Any = None
            for event in game_events(live):
                replayed = event.mutate(replayed)
            assert isinstance(replayed, Game)
            assert replayed.state == live.state
            for then, now in zip(live.folded, replayed.folded, strict=True):
                assert (then.seq, then.situation, then.rulings) == (
                    now.seq,
                    now.situation,
                    now.rulings,
                )
            # The fold of the ruleset alone, without the aggregate, makes the same game.
            state = self.rules.initial("Bears", "Packers", live.options)
            for entry in live.effective:
                state, _ = self.rules.apply(state, entry.text)
            assert state == live.state

        check()

    def test_a_checkpoint_open_equals_a_full_replay(self) -> None:
        @settings(max_examples=GAMES, deadline=None)
        @given(
            seed=st.integers(0, 2**32 - 1),
            every=st.integers(2, 15),
            pick=st.none() | st.integers(0, 10_000),
        )
        def check(seed: int, every: int, pick: int | None) -> None:
            with checkpoints_every(every):
                live = self.random_game(seed)
                standing = live.effective
                if pick is not None:
                    # A correction re-derives the later entries and their checkpoints.
                    target = standing[pick % len(standing)]
                    live.strike(target.seq, "disputed", BY, AT, strike_invalid=True)
                opened = replayed(game_events(live))
            # The rules run from the opening over what stands, without the aggregate.
            state = self.rules.initial("Bears", "Packers", live.options)
            steps = [(0, state, ())]
            for entry in live.effective:
                state, rulings = self.rules.apply(state, entry.text)
                steps.append((entry.seq, state, tuple(rulings)))
            if pick is None and len(steps) > every:
                assert opened._checkpoints, "no checkpoint was stored"
            assert opened.state == state
            assert opened.situation == self.rules.situation(state)
            assert opened.prompt == self.rules.expected(state)
            for place in opened._checkpoints:
                at = opened._step_at(place)
                seq, then, rulings = steps[place]
                assert (at.seq, at.state, at.rulings) == (seq, then, rulings), place
                assert at.situation == self.rules.situation(then)
            assert [(s.seq, s.state, s.rulings) for s in opened.folded] == steps
            assert opened.checkpoints_hold(opened.refolded())
            for _, then, _ in steps:
                stored = json.loads(json.dumps(snapshots.encode(self.rules, then)))
                assert snapshots.decode(self.rules, stored) == then

        check()

    def test_strike_then_restore_is_the_identity(self) -> None:
        @settings(max_examples=GAMES, deadline=None)
        @given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 10_000))
        def check(seed: int, pick: int) -> None:
            game = self.random_game(seed)
            standing = game.effective
            target = standing[pick % len(standing)]
            state, status = game.state, without_version(status_of(game))
            # Struck with the later entries that would no longer fit (one correction), then
            # restored with them: the game must be exactly what it was.
            game.strike(target.seq, "disputed", BY, AT, strike_invalid=True)
            assert len(game.effective) < len(standing)
            game.restore(target.seq, "agreed after all", BY, AT, cascade=True)
            assert game.state == state
            assert without_version(status_of(game)) == status

        check()

    def test_export_then_import_is_the_same_game(self) -> None:
        @settings(max_examples=GAMES, deadline=None)
        @given(seed=st.integers(0, 2**32 - 1), fmt=st.sampled_from(["entries", "jsonl"]))
        def check(seed: int, fmt: str) -> None:
            game = self.random_game(seed)
            record = folding.project(game_events(game))
            text = (
                report.entries_script(record)
                if fmt == "entries"
                else playrows.to_jsonl(playrows.rows(record))
            )
            script = parse_import(text, f"export.{fmt}")
            assert script.ruleset == self.ruleset
            again = Game.start(
                self.ruleset, script.home or "", script.away or "", script.options, BY, AT
            )
            for _, line in script.lines:
                again.enter(line, BY, AT)
            assert again.state == game.state
            assert [s.rulings for s in again.folded] == [s.rulings for s in game.folded]

        check()

    def test_every_ruling_kind_is_known(self) -> None:
        @settings(max_examples=GAMES, deadline=None)
        @given(seed=st.integers(0, 2**32 - 1))
        def check(seed: int) -> None:
            game = self.random_game(seed)
            steps = game.folded
            made = {r.kind for step in steps for r in step.rulings}
            assert made, "a game made no ruling"
            assert made <= set(kinds.KINDS), made - set(kinds.KINDS)
            # And each means what the vocabulary says: points in a scoring column, scored by
            # the side its kind names, a try's ruling only during a try (test_ruling_kinds).
            broken = [
                f"entry {now.seq}: {problem}"
                for before, now in zip(steps, steps[1:], strict=False)
                for problem in broken_contract(before.situation, list(now.rulings))
            ]
            assert not broken, broken[:5]

        check()

    def test_thresholds_hold_on_both_sides(self) -> None:
        assert self.thresholds, f"{self.ruleset} declares no threshold of its rulebook"
        broken = []
        for t in self.thresholds:
            seen = (self.played(t, t.below), self.played(t, t.at))
            got = tuple(REFUSED if s is None else t.see(s) for s in seen)
            if t.expect[0] == t.expect[1]:
                broken.append(f"{t.rule}: both sides expect {t.expect[0]!r}, no boundary")
            elif got != t.expect:
                broken.append(f"{t.rule}: {t.below!r} / {t.at!r} gave {got!r}, not {t.expect!r}")
        assert not broken, "\n".join(broken)

    def played(self, t: Threshold, entry: str) -> Seen | None:
        """The entry ``entry`` made in the threshold's situation; None if the rules refuse it."""
        if callable(t.start):
            state = t.start()
        else:
            state = self.rules.initial("Bears", "Packers", dict(t.options))
            for text in t.start:
                state, _ = self.rules.apply(state, text)
        try:
            state, rulings = self.rules.apply(state, entry)
        except IllegalEntry:
            return None
        for text in t.then:
            state, rulings = self.rules.apply(state, text)
        return Seen(tuple(rulings), self.rules.situation(state))


def without_version(status: dict[str, Any]) -> dict[str, Any]:
    """A status without its version counter, which every recorded command moves on."""
    return {k: v for k, v in status.items() if k != "version"}
