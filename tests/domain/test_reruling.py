"""A game remembers the rules that judged it (docs/rulings.md, "A game remembers the rules that
judged it"), on the aggregate alone: no store.

The toy Coin-Flip Football (tests/coinflip/) is "upgraded" in this process only: its flag
range (rule 3: -15 to +15) and its rules version change, as a release that changed the rule
would ship them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain import rulesets
from domain.game import Game
from domain.reruling import spans
from domain.rules_versions import BASELINE
from domain.ruleset import IllegalEntry
from tests import coinflip

ENTRIES = ["toss home", "flip heads", "flag 12", "flip tails", "flip heads"]
FLAG_ENTRY = 3
# Without the flag the ball lies 12 yards back, so every later situation differs too.
DIFFER = [3, 4, 5]


@pytest.fixture(autouse=True)
def known() -> Iterator[None]:
    with rulesets.registered(coinflip.RULESET):
        yield


def played(entries: list[str] = ENTRIES) -> Game:
    game = Game.start("coinflip", "Bears", "Packers", {}, "ref", "t0")
    for text in entries:
        game.enter(text, "ref", "t1")
    return game


def replayed(events: list[Any]) -> Game:
    game: Any = None
    for e in events:
        game = e.mutate(game)
    assert isinstance(game, Game)
    return game


def upgrade(monkeypatch: pytest.MonkeyPatch, flag: int = 10) -> None:
    """Rule 3 as a later release reads it: flags up to ``flag`` yards, under rules 2."""
    monkeypatch.setattr(coinflip.prompts, "FLAG", flag)
    monkeypatch.setattr(coinflip.RULESET, "version", 2)


def test_entry_numbers_are_named_as_a_reader_counts_them() -> None:
    assert spans([12]) == "entry 12"
    assert spans([141, 142, 143, 144]) == "entries 141-144"
    assert spans([3, 5, 6, 9]) == "entries 3, 5-6, 9"
    assert spans([0]) == "the opening"
    assert spans([0, 2]) == "the opening and entry 2"


def test_every_ruling_records_the_version_of_the_rules_that_made_it() -> None:
    game = played()
    events = game.collect_events()
    ruled = [e for e in events if isinstance(e, Game.Ruled)]
    assert len(ruled) == len(ENTRIES) + 1  # and the opening
    assert {e.rules for e in ruled} == {coinflip.RULESET.version}
    assert replayed(events).ruled_under == [coinflip.RULESET.version]


def test_a_ruling_stored_before_versions_is_read_as_made_under_the_baseline() -> None:
    state: dict[str, Any] = {"seq": 1, "rulings": [], "change": {}, "checkpoint": None}
    Game.Ruled.upcast_v2_v3(state)
    assert state["rules"] == BASELINE
    steps: dict[str, Any] = {"packed": ""}
    Game.Rederived.upcast_v2_v3(steps)
    assert steps["rules"] == BASELINE


def test_under_the_same_rules_a_game_agrees_and_under_new_ones_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = played().collect_events()
    assert replayed(events).disagreement() is None
    upgrade(monkeypatch)
    game = replayed(events)
    found = game.disagreement()
    assert found is not None
    assert found.seqs == DIFFER
    assert [d.seq for d in found.differences if d.unfit] == [FLAG_ENTRY]
    assert found.differences[0].unfit is not None and "flag" in found.differences[0].unfit
    assert found.line == (
        f"game {game.id.hex[:8]} was ruled under Coin-Flip Football rules 1; these rules "
        "(Coin-Flip Football rules 2) would rule entries 3-5 differently; "
        f"`zebra rerule {game.id.hex[:8]} --reason ...` adopts them"
    )
    with pytest.raises(IllegalEntry, match="was ruled under Coin-Flip Football rules 1"):
        game.enter("flip heads", "ref", "t2")
    assert game.collect_events() == []
    # What is due is still asked (the screens show it), over the entry that no longer fits.
    assert game.prompt.forms


def test_a_new_version_whose_rules_rule_the_game_the_same_names_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = played().collect_events()
    upgrade(monkeypatch, flag=coinflip.state.FLAG)  # a new version, the same rule 3
    game = replayed(events)
    assert game.ruled_under == [1] and game.disagreement() is None
    with pytest.raises(IllegalEntry, match="nothing to rerule"):
        game.rerule("no need", "ref", "t2")
    game.enter("flip heads", "ref", "t2")


def test_a_rerule_strikes_an_entry_that_no_longer_fits_only_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = played().collect_events()
    upgrade(monkeypatch)
    game = replayed(events)
    with pytest.raises(IllegalEntry, match=f"entry {FLAG_ENTRY} 'flag 12'.*--strike-invalid"):
        game.rerule("rules 2", "ref", "t2")
    assert game.collect_events() == []
    done = game.rerule("rules 2", "ref", "t2", strike_invalid=True)
    assert [e.seq for e, _ in done.struck] == [FLAG_ENTRY]
    assert game.disagreement() is None and game.ruled_under == [2]
    reruled = game.collect_events()
    again = replayed([*events, *reruled])
    assert again.disagreement() is None
    assert again.entries[FLAG_ENTRY].struck_with == done.id

    back = again.revert(done.id, "not yet", "ref", "t3")
    assert back.reverts == done.id
    reverted = replayed([*events, *reruled, *again.collect_events()])
    assert reverted.entries[FLAG_ENTRY].stands
    named = reverted.disagreement()
    assert named is not None and named.seqs == DIFFER
    assert reverted.ruled_under == [1]


def test_a_fold_never_goes_on_from_a_state_other_rules_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A checkpoint every 2 entries: the one after the flag holds the ball where rules 1 put it.
    monkeypatch.setattr(Game, "checkpoint_every", 2)
    events = played().collect_events()
    assert any(isinstance(e, Game.Ruled) and e.checkpoint for e in events)
    upgrade(monkeypatch, flag=12)
    for module in (coinflip.prompts, coinflip.rules):
        monkeypatch.setattr(module, "GAIN", 9)  # heads now gains 9 yards
    game = replayed(events)
    assert game.disagreement() is not None
    assert game.state == game.refolded()[-1].state
    game.rerule("rules 2", "ref", "t2")
    again = replayed([*events, *game.collect_events()])
    assert again.state == again.refolded()[-1].state
    assert again.disagreement() is None


def test_an_old_store_s_games_were_ruled_under_the_baseline(tmp_path: Path) -> None:
    import shutil

    from companion.service import Referee
    from companion.store import resolve

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "store-v0.2.sqlite"
    copy = tmp_path / "old.sqlite"
    shutil.copy(fixture, copy)
    referee = Referee(resolve(str(copy), create=False))
    games = referee.games()
    assert games
    for listed in games:
        game = referee.game(listed.game_id)
        assert game.ruled_under == [BASELINE]
        assert referee.disagreement(listed.game_id) is None


def test_with_disputes_agree_a_rerule_waits_for_the_other_coach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.start("coinflip", "Bears", "Packers", {"disputes": "agree"}, "ann", "t0")
    for text in ENTRIES:
        game.enter(text, "ann", "t1")
    events = game.collect_events()
    upgrade(monkeypatch)
    game = replayed(events)
    waiting = game.rerule("rules 2", "ann", "t2", strike_invalid=True)
    assert waiting.pending and game.waiting is not None and "rerule" in game.waiting
    assert game.disagreement() is not None  # nothing adopted yet
    with pytest.raises(IllegalEntry, match="the other coach confirms"):
        game.confirm("ann", "t3")
    game.confirm("bob", "t3")
    assert game.disagreement() is None and game.ruled_under == [2]
    log = game.corrections["c1"]
    assert (log.kind, log.by) == ("rerule", "ann")


# Issue #27: a ruling is compared by its facts, never by its sentence ----------------------------

HEADS = [2, 5]  # the entries "flip heads" of ENTRIES


def reworded(monkeypatch: pytest.MonkeyPatch, **change: Any) -> None:
    """A release under rules 2 whose "flip heads" rulings differ by ``change`` only (a field of
    ``Ruling``: its sentence or one of its facts), every other entry ruled as before."""
    apply = coinflip.RULESET.apply

    def changed(state: Any, text: str) -> Any:
        after, rulings = apply(state, text)
        if text == "flip heads":
            rulings = [dataclasses.replace(r, **change) for r in rulings]
        return after, rulings

    monkeypatch.setattr(coinflip.RULESET, "apply", changed)
    monkeypatch.setattr(coinflip.RULESET, "version", 2)


def test_a_ruling_worded_anew_is_no_re_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    events = played().collect_events()
    reworded(monkeypatch, text="Heads! Ten yards, and a first down.")
    game = replayed(events)
    assert game.ruled_under == [1] and game.disagreement() is None
    game.enter("flip heads", "ref", "t2")  # nothing refused


def test_a_next_step_worded_anew_is_no_re_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    events = played().collect_events()
    situation = coinflip.RULESET.situation

    def said_otherwise(state: Any) -> dict[str, Any]:
        return {**situation(state), "next": "Over to you: flip."}

    monkeypatch.setattr(coinflip.RULESET, "situation", said_otherwise)
    monkeypatch.setattr(coinflip.RULESET, "version", 2)
    assert replayed(events).disagreement() is None


@pytest.mark.parametrize(
    ("fact", "same", "other"),
    [
        ("kind", "first_down", "gain"),
        ("team", "home", "away"),
        ("points", 0, 1),
        ("yards", coinflip.GAIN, coinflip.GAIN + 1),
        ("data", {}, {"players": {"carrier": "Payton"}}),
    ],
)
def test_a_changed_fact_is_a_re_ruling_and_the_same_fact_is_none(
    monkeypatch: pytest.MonkeyPatch, fact: str, same: Any, other: Any
) -> None:
    events = played().collect_events()
    with monkeypatch.context() as m:
        reworded(m, **{fact: same}, text="Heads, worded anew.")
        assert replayed(events).disagreement() is None
    reworded(monkeypatch, **{fact: other})
    found = replayed(events).disagreement()
    assert found is not None and found.seqs == HEADS
    assert found.differences[0].keys == ()  # the rulings differ, not the situation


def test_a_changed_situation_fact_is_a_re_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    events = played().collect_events()
    situation = coinflip.RULESET.situation

    def moved(state: Any) -> dict[str, Any]:
        shown = situation(state)
        return {**shown, "ball_on": shown["ball_on"] + 1} if shown["ball_on"] else shown

    monkeypatch.setattr(coinflip.RULESET, "situation", moved)
    monkeypatch.setattr(coinflip.RULESET, "version", 2)
    found = replayed(events).disagreement()
    assert found is not None and found.seqs == [1, 2, 3, 4, 5]
    assert {d.keys for d in found.differences} == {("ball_on",)}
