"""The lean fold of a game's summary (projections.summary) shows what the full record's
situation view shows, after every event of random games with every kind of correction, and
refuses an event it does not know, as the record does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.games import draw_entry
from domain import rulesets
from domain.game import Game
from domain.ruleset import IllegalEntry
from projections import record, situation, summary
from tests.projections.test_record_fold import Scored, game_event_classes

AT = "2026-11-29T12:00:00+00:00"


def prompt_before(game: Game, seq: int) -> Any:
    """What the table was asked just before entry ``seq`` (as Referee.prompt_before)."""
    steps = game.folded
    before = next(b for b, step in zip(steps, steps[1:], strict=False) if step.seq == seq)
    return game.rules.expected(before.state)


def corrected_game(name: str, seed: int, disputes: str) -> list[Any]:
    """A random game of ``name`` with random entries, strikes, restores, amendments, insertions,
    undos and reverts (proposed and confirmed or rejected when ``disputes`` is ``agree``)."""
    rnd = random.Random(seed)
    game = Game.start(name, "Bears", "Packers", {"disputes": disputes}, "t", AT)
    for _ in range(rnd.randint(10, 40)):
        standing = [e.seq for e in game.effective]
        struck = [e.seq for e in game.in_order if not e.stands]
        choice = rnd.random()
        try:
            if game.waiting is not None:
                if rnd.random() < 0.5:
                    game.confirm("other", AT)
                else:
                    game.reject("no", "other", AT)
            elif choice < 0.6 or not standing:
                form = rnd.choice(game.prompt.forms)
                game.enter(draw_entry(rnd, form), "t", AT)
            elif choice < 0.68:
                game.strike(rnd.choice(standing), "cocked die", "t", AT, strike_invalid=True)
            elif choice < 0.74 and struck:
                game.restore(rnd.choice(struck), "it stands", "t", AT, strike_invalid=True)
            elif choice < 0.82:
                seq = rnd.choice(standing)
                text = draw_entry(rnd, rnd.choice(prompt_before(game, seq).forms))
                if text != game.entry(seq).text:  # (the revert of a no-op amend: see the report)
                    game.amend(seq, text, "misread", "t", AT, strike_invalid=True)
            elif choice < 0.88:
                form = rnd.choice(game.prompt.forms)
                after = rnd.choice([0, *standing])
                game.insert(after, draw_entry(rnd, form), "forgot", "t", AT, strike_invalid=True)
            elif choice < 0.94:
                game.undo("disputed", "t", AT)
            else:
                game.revert(None, "taken back", "t", AT, strike_invalid=True)
        except IllegalEntry:
            continue  # refused: nothing recorded
    return list(game.collect_events())


@pytest.mark.parametrize("name", rulesets.KNOWN)
@pytest.mark.parametrize("disputes", ["referee", "agree"])
def test_the_lean_fold_shows_what_the_full_record_shows_after_every_event(
    name: str, disputes: str
) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        events = corrected_game(name, seed, disputes)
        kinds |= {type(e).__name__ for e in events}
        full, lean = record.GameRecord(), summary.SummaryFold()
        for event in events:
            full = record.evolve(full, event)
            lean.evolve(event)
            assert lean.view() == situation.view(full)
        assert lean.last_at == AT
    # The random games did correct things (the fold was tried on more than entries).
    assert {"Struck", "Amended", "Rederived"} <= kinds
    if disputes == "agree":
        assert "Proposed" in kinds


def test_the_lean_fold_knows_every_event_class_and_refuses_any_other() -> None:
    assert [c.__name__ for c in game_event_classes() if not summary.folds(c)] == []
    events = corrected_game("rushzone", 1, "referee")
    alien = Scored(
        originator_id=events[0].originator_id,
        originator_version=len(events) + 1,
        timestamp=Game.Event.create_timestamp(),
    )
    with pytest.raises(record.UnknownEvent, match="Scored"):
        summary.project([*events, alien])
