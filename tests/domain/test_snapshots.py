"""The checkpoint encoder (domain.snapshots): exact, and it decodes only the game's own types."""

from __future__ import annotations

import json
import random
import sys

import pytest

from domain import rulesets, snapshots
from domain.game import Game
from tests import coinflip
from tests.contract import replayed
from tests.domain.test_corrections import random_game
from tests.domain.test_invariants import draw_entry


def test_a_registered_game_s_state_is_a_state_of_zebra_s() -> None:
    with rulesets.registered(coinflip.RULESET):
        rules = rulesets.get("coinflip")
        state = rules.apply(rules.initial("Bears", "Packers", {}), "toss away")[0]
        stored = json.loads(json.dumps(snapshots.encode(rules, state)))
        assert stored["state"] == "CoinFlipState"
        assert snapshots.decode(rules, stored) == state


def test_a_state_of_another_game_is_refused() -> None:
    rush, red = rulesets.get("rushzone"), rulesets.get("redzone")
    stored = snapshots.encode(rush, rush.initial("Bears", "Packers", {}))
    with pytest.raises(snapshots.NotAState, match="RushZoneState"):
        snapshots.decode(red, stored)
    with pytest.raises(snapshots.NotAState):
        snapshots.encode(red, rush.initial("Bears", "Packers", {}))


@pytest.mark.parametrize(
    "stored",
    [
        {"state": "os:system", "fields": {}},
        {"state": "this", "fields": {}},
        {"state": "RushZoneState", "fields": {"nonsense": 1}},
        {"tuple": "not a list"},
        {"_type_": "datetime_iso", "_data_": "2026"},
        [1, 2],
    ],
)
def test_a_checkpoint_zebra_did_not_write_is_refused_and_imports_nothing(stored: object) -> None:
    sys.modules.pop("this", None)
    with pytest.raises(snapshots.NotAState):
        snapshots.decode(rulesets.get("rushzone"), stored)
    assert "this" not in sys.modules


def test_every_value_comes_back_with_its_type() -> None:
    rules = rulesets.get("gridironmasters")
    state = rules.initial("Bears", "Packers", {})
    stored = json.loads(json.dumps(snapshots.encode(rules, state)))
    back = snapshots.decode(rules, stored)
    assert back == state and type(back.discarded) is frozenset
    values = (1.5, (1, "a"), [None, True], frozenset({2, 3}), {"k": (1,)})
    for value in values:
        assert snapshots._decode(json.loads(json.dumps(snapshots._encode(value, {}))), {}) == value


@pytest.mark.parametrize(
    ("name", "retired"),
    [("rushzone", {"ot_first": "home", "details": {"tuple": ["old"]}}), ("gridironmasters", {})],
)
def test_a_checkpoint_written_with_a_field_the_state_no_longer_has_still_opens(
    name: str, retired: dict[str, object]
) -> None:
    # Issue #28 removed fields nothing read (Rush Zone's ot_first and details, Masters'
    # details); a checkpoint an older Zebra stored with them decodes to the state without them.
    rules = rulesets.get(name)
    state = rules.initial("Bears", "Packers", {})
    stored = json.loads(json.dumps(snapshots.encode(rules, state)))
    stored["fields"].update(retired or {"details": {"tuple": ["old"]}})
    assert snapshots.decode(rules, stored) == state


def test_only_a_retired_field_is_read_past() -> None:
    rules = rulesets.get("rushzone")
    stored = json.loads(json.dumps(snapshots.encode(rules, rules.initial("Bears", "Packers", {}))))
    stored["fields"]["ot_second"] = "home"
    with pytest.raises(snapshots.NotAState, match="ot_second"):
        snapshots.decode(rules, stored)


def test_a_game_whose_checkpoints_hold_a_retired_field_opens_and_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Game, "checkpoint_every", 3)
    played = random_game("rushzone", 7, 20)
    marked = 0
    for event in played.events:
        if isinstance(event, Game.Ruled) and event.checkpoint:
            event.checkpoint["state"]["fields"]["ot_first"] = "away"  # as Zebra 0.2 wrote it
            marked += 1
    assert marked
    game = replayed(played.events)
    steps = game.refolded()
    assert game.checkpoints_hold(steps) and game.state == steps[-1].state
    form = next(iter(game.prompt.forms))
    game.enter(draw_entry(random.Random(1), form), "tester", "2026-01-01T00:00:00")
    assert game.standing == len(steps)
