"""The record's fold dispatches on the Game aggregate's event classes (issue #18): every event
class has its fold, a later version of a class folds with nothing new, and an event the record
does not know is refused with its name, never skipped."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest

from companion import store as stores
from companion.service import Referee
from domain.game import Game
from projections import record
from projections.record import GameRecord, UnknownEvent, project

AT = "2026-11-29T12:00:00+00:00"


def game_event_classes() -> list[type[Any]]:
    """The Game's own event classes (not the library's bases it inherits, never stored)."""
    return [
        value
        for value in vars(Game).values()
        if isinstance(value, type)
        and issubclass(value, Game.Event)
        and value not in (Game.Event, Game.Created)
    ]


def played() -> list[Any]:
    """A short Rush Zone game's events, through the aggregate: entries, a strike, a restore, an
    amendment, an insertion and its revert."""
    game = Game.start("rushzone", "Bears", "Packers", {}, "t", AT)
    for text in ("toss home", "receive", "green 4 2", "6 2 4 / 3 5 1"):
        game.enter(text, "t", AT)
    game.strike(4, "the die was cocked", "t", AT)
    game.restore(4, "the table agreed it stands", "t", AT)
    return list(game.collect_events())


def test_every_event_class_of_the_game_has_a_fold_of_its_own() -> None:
    """A new event class in domain.game without a fold here fails this test, rather than being
    skipped by every read model."""
    classes = game_event_classes()
    assert {c.__name__ for c in classes} >= {"Started", "Entered", "Ruled", "Struck", "Rederived"}
    assert [c.__name__ for c in classes if not record.folds(c)] == []
    assert not record.folds(object)


@dataclass(frozen=True)
class Started:
    """Not the Game's event, though it bears its name and its fields."""

    originator_id: UUID
    originator_version: int
    ruleset: str = "rushzone"
    home: str = "Bears"
    away: str = "Packers"
    options: tuple[()] = ()
    at: str = AT


class Scored(Game.Event):
    """An event class the record has no fold for (as a later Zebra might add)."""


def test_an_event_of_a_type_the_record_does_not_know_is_refused_by_its_name() -> None:
    events = played()
    known = project(events)
    alien = Scored(
        originator_id=events[0].originator_id,
        originator_version=known.version + 1,
        timestamp=Game.Event.create_timestamp(),
    )
    with pytest.raises(UnknownEvent) as refused:
        project([*events, alien])
    message = str(refused.value)
    assert "Scored" in message and f"version {known.version + 1}" in message
    assert message.count("\n") == 0
    with pytest.raises(UnknownEvent, match="Scored"):
        record.evolve(known, alien)


def test_dispatch_is_on_the_class_not_on_its_name() -> None:
    """A look-alike named Started is not the Game's Started: refused, not folded."""
    with pytest.raises(UnknownEvent, match=r"test_record_fold\.Started"):
        record.evolve(GameRecord(), Started(originator_id=UUID(int=1), originator_version=1))


def test_the_fold_is_the_same_for_live_events_and_events_read_back(tmp_path: Any) -> None:
    """Events read back through the store (their stored version upcast to today's class) fold
    to the record the service keeps, entry by entry."""
    referee = Referee(stores.resolve(str(tmp_path / "games.sqlite"), create=True))
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in ("toss home", "receive", "green 4 2", "6 2 4 / 3 5 1"):
        referee.enter(game_id, text)
    referee.undo(game_id, "the die was cocked")
    read_back = project(referee.game_events(game_id))
    assert read_back == referee.record(game_id)
    assert [line.text for line in read_back.lines][-1] == "6 2 4 / 3 5 1"
    assert read_back.lines[-1].struck == "the die was cocked"
