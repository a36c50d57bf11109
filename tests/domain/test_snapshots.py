"""The checkpoint encoder (domain.snapshots): exact, and it decodes only the game's own types."""

from __future__ import annotations

import json
import sys

import pytest

from domain import rulesets, snapshots
from tests import coinflip


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
