"""The fold's cost in rule applications (issue #19): counted, never timed.

One entry applies the rules as often at entry 400 as at entry 20; a game opened cold, or
corrected at entry k, re-runs the rules from the checkpoint at or before k only, whatever the
game's length; a game opened from a checkpoint shows the step there with its rulings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.service import Referee
from companion.store import resolve
from domain import rulesets
from domain.game import CHECKPOINT_EVERY, Game
from projections import record as folding
from tests import coinflip

AT = "2000-01-01T00:00:00+00:00"
BY = "count"
CALLS = ("apply", "expected")


@contextmanager
def counted(name: str) -> Iterator[Counter[str]]:
    """Count the calls of the ruleset's ``apply`` and ``expected`` while it runs."""
    rules = rulesets.get(name)
    calls: Counter[str] = Counter()
    originals = {f: getattr(rules, f) for f in CALLS}

    def wrap(f: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls[f] += 1
            return real(*args)

        return call

    for f, real in originals.items():
        setattr(rules, f, wrap(f, real))
    try:
        yield calls
    finally:
        for f in CALLS:
            # The wrappers were set on the ruleset object: without them its own methods answer.
            delattr(rules, f)


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with rulesets.registered(coinflip.RULESET):
        yield


def flags(n: int) -> list[str]:
    """``n`` entries of the toy game that never end it: the toss, then flags back and forth."""
    return ["toss home", *(("flag 1", "flag -1")[i % 2] for i in range(n - 1))]


def test_one_entry_applies_the_rules_as_often_at_entry_400_as_at_entry_20() -> None:
    game = Game.start("coinflip", "Bears", "Packers", {}, BY, AT)
    texts = flags(402)
    seen = {}
    for seq, text in enumerate(texts, start=1):
        if seq in (20, 400):
            with counted("coinflip") as calls:
                game.enter(text, BY, AT)
                # What a command shows after it: the situation and the prompt.
                assert game.situation["finished"] is False and game.prompt.forms
            seen[seq] = dict(calls)
        else:
            game.enter(text, BY, AT)
            assert game.prompt.forms
    assert seen[20] == seen[400] == {"apply": 1, "expected": 1}


def test_one_entry_through_the_referee_costs_the_same_at_entry_400(tmp_path: Path) -> None:
    referee = Referee(resolve(str(tmp_path / "s.sqlite"), create=True))
    game = referee.start("coinflip", "Bears", "Packers", by=BY).game_id
    seen = {}
    for seq, text in enumerate(flags(401), start=1):
        if seq in (20, 400):
            with counted("coinflip") as calls:
                referee.enter(game, text, by=BY)
            seen[seq] = dict(calls)
        else:
            referee.enter(game, text, by=BY)
    assert seen[20] == seen[400]
    assert seen[400]["apply"] == 1


def stored_game(tmp_path: Path, entries: int) -> tuple[str, Any]:
    store = str(tmp_path / f"g{entries}.sqlite")
    game = Game.start("coinflip", "Bears", "Packers", {}, BY, AT)
    for text in flags(entries):
        game.enter(text, BY, AT)
    Referee(resolve(store, create=True)).save(game)
    return store, game.id


@pytest.mark.parametrize("n", [250, 450])
def test_a_cold_amend_of_entry_k_applies_the_rules_from_the_checkpoint_before_k(
    tmp_path: Path, n: int
) -> None:
    store, game_id = stored_game(tmp_path, n)
    k = n - 20
    cold = Referee(resolve(store, create=False))
    text = flags(n)[k - 1]
    with counted("coinflip") as calls:
        cold.amend(game_id, k, text, "again", by=BY)
    checkpoint = (k - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    # From the checkpoint to the step before k, then entry k to the end: n - checkpoint - 1.
    assert calls["apply"] == (k - 1 - checkpoint) + (n - k + 1) == 50


@pytest.mark.parametrize("n", [250, 450])
def test_a_game_opened_cold_folds_on_from_its_last_checkpoint(tmp_path: Path, n: int) -> None:
    store, game_id = stored_game(tmp_path, n)
    cold = Referee(resolve(store, create=False))
    with counted("coinflip") as calls:
        prompt = cold.prompt(game_id)
    assert calls == {"apply": n % CHECKPOINT_EVERY, "expected": 1} and prompt.forms


def test_a_game_opened_from_a_checkpoint_shows_that_step_with_its_rulings() -> None:
    live = Game.start("coinflip", "Bears", "Packers", {}, BY, AT)
    for text in flags(CHECKPOINT_EVERY):
        live.enter(text, BY, AT)
    events = live.collect_events()
    assert events[-1].checkpoint is not None and events[-1].checkpoint["place"] == 100
    opened: Any = None
    for event in events:
        opened = event.mutate(opened)
    assert isinstance(opened, Game)
    with counted("coinflip") as calls:
        step = opened._last()
    assert calls["apply"] == 0, "the last step is the checkpoint's: nothing to re-run"
    want = live.refolded()[-1]
    assert (step.seq, step.state, step.rulings, step.situation) == (
        want.seq,
        want.state,
        want.rulings,
        want.situation,
    )
    assert step.rulings and step.rulings[0].kind == "penalty"
    assert opened.prompt == live.prompt
    # The whole fold, every step with its rulings, is the live one.
    assert [(s.seq, s.rulings) for s in opened.folded] == [(s.seq, s.rulings) for s in live.folded]
    # And the record shows the same last line, rulings and all.
    assert folding.project(events).lines[-1].rulings == tuple(r.to_dict() for r in want.rulings)


def test_a_correction_before_a_checkpoint_makes_the_checkpoints_after_it_again() -> None:
    game = Game.start("coinflip", "Bears", "Packers", {}, BY, AT)
    for text in flags(250):
        game.enter(text, BY, AT)
    game.strike(50, "never thrown", BY, AT)
    events = game.collect_events()
    opened: Any = None
    for event in events:
        opened = event.mutate(opened)
    assert isinstance(opened, Game)
    # Entry 101 now stands 100th: the checkpoint at 100 is the new fold's; none is stored in
    # the correction's last 100 steps (at 200, of 249): a cold open folds on from 100.
    assert sorted(opened._checkpoints) == [100]
    assert opened._checkpoints[100].seq == 101
    assert opened.checkpoints_hold(opened.refolded())
    assert opened.state == game.refolded()[-1].state


def test_an_entry_s_stored_change_does_not_grow_with_red_zone_s_discard_pile() -> None:
    """The pile only grows: a step stores the cards added to it, not the pile."""
    import json
    import random

    from domain.ruleset import IllegalEntry
    from tests.domain.test_invariants import draw_entry

    rules = rulesets.get("redzone")
    rnd = random.Random(1)
    game = Game.start("redzone", "Bears", "Packers", {"length": "long"}, BY, AT)
    while game.standing < 900 and not game.situation["finished"]:
        forms = game.prompt.forms
        # The last form first, half the time: the plays go on longer than a draft would.
        form = forms[-1] if rnd.random() < 0.5 else rnd.choice(forms)
        try:
            game.enter(draw_entry(rnd, form), BY, AT)
        except IllegalEntry:
            continue
    assert game.standing == 900, "the random game ended early"
    piles = game.situation["lineups"]
    assert sum(len(piles[side]["discard_pile"]) for side in ("home", "away")) > 100
    sizes = [
        len(json.dumps(e.change))
        for e in game.collect_events()
        if isinstance(e, Game.Ruled) and e.seq > 0
    ]
    early, late = sizes[100:200], sizes[800:900]
    whole = len(json.dumps(rules.situation(game.state)))
    assert sum(late) / len(late) < 1.5 * sum(early) / len(early) < whole / 10


@pytest.mark.parametrize("example", ["redzone-full", "gridironmasters-full", "thirdandlong-full"])
def test_a_correction_stores_at_most_300_bytes_per_re_derived_entry(example: str) -> None:
    from companion.scripts import read_script
    from tests.domain.scripts import EXAMPLES

    script = read_script(EXAMPLES / f"{example}.zebra")
    game = Game.start(
        example.split("-")[0], script.home or "H", script.away or "A", script.options, BY, AT
    )
    for _, line in script.lines:
        game.enter(line, BY, AT)
    n = game.standing
    for k in (10, n - 10):
        game.collect_events()
        game.amend(k, game.entries[k].text, "again", BY, AT)
        (redone,) = [e for e in game.collect_events() if isinstance(e, Game.Rederived)]
        steps = redone.steps
        assert [s["seq"] for s in steps] == list(range(k, n + 1))
        assert len(redone.packed) <= 300 * len(steps), (k, len(redone.packed) / len(steps))


@pytest.mark.parametrize("k", [10, 440])
def test_a_game_corrected_early_or_late_opens_cold_from_a_checkpoint(
    tmp_path: Path, k: int
) -> None:
    store, game_id = stored_game(tmp_path, 450)
    Referee(resolve(store, create=False)).amend(game_id, k, flags(450)[k - 1], "again", by=BY)
    cold = Referee(resolve(store, create=False))
    with counted("coinflip") as calls:
        cold.prompt(game_id)
    # The correction kept (k = 440) or stored again (k = 10) the checkpoints before its last
    # 100 steps: the game folds on from 400 or from 300.
    assert calls["apply"] == {10: 150, 440: 50}[k] < 2 * CHECKPOINT_EVERY


# Corrections in O(n - k) (issue #29) ---------------------------------------------------------


def red_zone_game(entries: int, seed: int = 1) -> Game:
    """A random Red Zone game of ``entries`` standing entries, the plays preferred (the last
    form half the time) so that it runs long and its discard piles grow."""
    from domain.ruleset import IllegalEntry
    from tests.domain.test_invariants import draw_entry

    rnd = random.Random(seed)
    game = Game.start("redzone", "Bears", "Packers", {"length": "long"}, BY, AT)
    while game.standing < entries and not game.situation["finished"]:
        forms = game.prompt.forms
        form = forms[-1] if rnd.random() < 0.5 else rnd.choice(forms)
        try:
            game.enter(draw_entry(rnd, form), BY, AT)
        except IllegalEntry:
            continue
    assert game.standing == entries, "the random game ended early"
    return game


@contextmanager
def prompts_made(name: str) -> Iterator[Counter[str]]:
    """Count the prompts the ruleset's tables make (not the ones answered from the last made)."""
    import importlib

    tables = importlib.import_module(type(rulesets.get(name)).__module__).RULES.prompts
    made: Counter[str] = Counter()
    originals = dict(tables)

    def wrap(real: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def make(state: Any) -> Any:
            made["prompt"] += 1
            return real(state)

        return make

    tables.update({phase: wrap(real) for phase, real in originals.items()})
    try:
        yield made
    finally:
        tables.update(originals)


@pytest.mark.parametrize("k", [10, 150, 390])
def test_a_red_zone_correction_of_entry_k_applies_the_rules_once_per_later_entry(k: int) -> None:
    n = 400
    game = red_zone_game(n)
    text = game.effective[k - 1].text
    with counted("redzone") as calls, prompts_made("redzone") as made:
        game.amend(k, text, "again", BY, AT)
        # What the command shows after it: the situation and the prompt, made once.
        assert game.situation["finished"] is False and game.prompt.forms
    # To the step before k from the checkpoint before it (the fold keeps the steps from the
    # last one on), then entry k and every entry after it: n - k + 1.
    before = (k - 1) % CHECKPOINT_EVERY
    assert calls["apply"] == before + (n - k + 1)
    # One prompt a state: the one before each entry applied, and the last one.
    assert made["prompt"] == calls["apply"] + 1


def _held(roots: list[Any], seen: set[int]) -> int:
    """The bytes of the objects reachable from ``roots`` that are not in ``seen`` (added to it);
    classes, functions and modules are not a step's own."""
    import gc
    import sys
    import types

    shared = (type, types.FunctionType, types.BuiltinFunctionType, types.ModuleType)
    total = 0
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, shared):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


def _own_bytes(steps: list[Any]) -> list[int]:
    """What each step holds that the step before it does not (its first has nothing before)."""
    out = []
    for before, now in zip(steps, steps[1:], strict=False):
        seen: set[int] = set()
        _held([before], seen)
        out.append(_held([now], seen))
    return out


def test_the_steps_of_a_long_red_zone_game_hold_no_copy_of_its_discard_piles() -> None:
    game = red_zone_game(1000)
    steps = game.amend(5, game.effective[4].text, "again", BY, AT).folded
    assert [s.seq for s in steps] == [e.seq for e in game.effective[3:]]
    piles = game.situation["lineups"]
    assert sum(len(piles[side]["discard_pile"]) for side in ("home", "away")) > 300
    # Each step holds what it changed: as little at entry 1,000 as at entry 100, however long
    # the piles have grown (a pile copied at each step would hold 8 bytes a card more).
    sizes = _own_bytes(steps)
    early, late = sizes[90:190], sizes[890:990]
    assert max(late) < max(early) + 512, (max(early), max(late))
    assert sum(late) < 1.25 * sum(early) + 10_000, (sum(early), sum(late))
    # The piles of every step hold their cards in the one list the last step's piles do.
    for side in (0, 1):
        last = steps[-1].state.coaches[side].discard
        held = [s.state.coaches[side].discard for s in steps[100:]]
        assert all(p.shares_with(last) for p in held if len(p)), side


@pytest.mark.parametrize("name", rulesets.names())
def test_a_correction_applies_its_steps_as_the_store_reads_them_back(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from domain import deltas
    from tests.contract import replayed
    from tests.domain.test_corrections import random_game

    played = random_game(name, 3, 60)
    standing = played.game.effective
    assert len(standing) == 60
    unpacked: Counter[str] = Counter()
    real = deltas.unpack

    def unpack(packed: str) -> list[dict[str, Any]]:
        unpacked["steps"] += 1
        return real(packed)

    monkeypatch.setattr(deltas, "unpack", unpack)
    played("strike", standing[5].seq, "disputed", strike_invalid=True)
    again = played.game.effective[len(played.game.effective) // 3]
    played("amend", again.seq, again.text, "again", strike_invalid=True)
    assert unpacked["steps"] == 0, "a correction read back the steps it had just built"
    opened = replayed(played.events)
    assert unpacked["steps"] == 2
    # The steps applied as built are the values the event stores, read back: JSON values.
    assert opened._stored == played.game._stored
    assert opened.situation == played.game.situation
