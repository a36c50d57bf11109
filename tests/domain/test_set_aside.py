"""A game the table abandoned is set aside, and may be brought back (issue #27): both are recorded
on the Game, refused in one line when there is nothing to do, and a game set aside takes no entry
nor correction. None of the five rulebooks (/work/shared/rules/) has a rule for an abandoned
game, so nothing is awarded: it is left out where games are counted (docs/rulings.md, "A game
abandoned at the table"), by the one predicate ``domain.identity.left_out``."""

from __future__ import annotations

from typing import Any

import pytest

from companion.service import live_status
from domain.game import Game
from domain.identity import is_set_aside, left_out
from domain.ruleset import IllegalEntry
from projections import situation, standings, summary
from projections.record import project

AT = "2026-12-01T20:00:00+00:00"


def started() -> Game:
    game = Game.start("rushzone", "Bears", "Packers", {}, "ref", AT)
    for text in ("toss home", "receive", "green 4 2"):
        game.enter(text, "ref", AT)
    return game


def kinds(game: Game) -> list[str]:
    return [type(e).__name__ for e in game.pending_events]


def test_setting_aside_records_one_event_with_why_who_and_when() -> None:
    game = started()
    before = len(game.pending_events)
    game.put_aside("kids went to bed", "ref", AT)
    assert kinds(game)[before:] == ["SetAside"]
    event = game.pending_events[-1]
    assert (event.reason, event.by, event.at) == ("kids went to bed", "ref", AT)
    assert game.set_aside == "kids went to bed"


def test_setting_aside_twice_or_bringing_back_a_game_in_play_is_refused_recording_nothing() -> None:
    game = started()
    with pytest.raises(IllegalEntry, match="is not set aside; there is nothing to bring back"):
        game.bring_back("finishing it", "ref", AT)
    game.put_aside("kids went to bed", "ref", AT)
    count = len(game.pending_events)
    with pytest.raises(IllegalEntry, match=r"is already set aside \(kids went to bed\)"):
        game.put_aside("again", "ref", AT)
    assert len(game.pending_events) == count and game.set_aside == "kids went to bed"


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_reason_is_required_both_ways(reason: str) -> None:
    game = started()
    count = len(game.pending_events)
    with pytest.raises(IllegalEntry, match="say why the game is set aside: --reason R"):
        game.put_aside(reason, "ref", AT)
    game.put_aside("rain", "ref", AT)
    with pytest.raises(IllegalEntry, match="say why the game is brought back: --reason R"):
        game.bring_back(reason, "ref", AT)
    assert len(game.pending_events) == count + 1


def test_a_reason_is_at_most_200_characters() -> None:
    game = started()
    with pytest.raises(IllegalEntry, match="at most 200 characters; this one is 201"):
        game.put_aside("x" * 201, "ref", AT)
    assert game.set_aside is None
    game.put_aside("x" * 200, "ref", AT)
    assert game.set_aside == "x" * 200


@pytest.mark.parametrize(
    "command",
    [
        lambda g: g.enter("6 2 4 / 3 5 1", "ref", AT),
        lambda g: g.undo("misread", "ref", AT),
        lambda g: g.strike(3, "misread", "ref", AT),
        lambda g: g.amend(3, "green 5 2", "misread", "ref", AT),
    ],
    ids=["enter", "undo", "strike", "amend"],
)
def test_a_game_set_aside_takes_no_entry_nor_correction_until_brought_back(command: Any) -> None:
    game = started()
    game.put_aside("kids went to bed", "ref", AT)
    count, shown = len(game.pending_events), live_status(game)
    short = game.id.hex[:8]
    with pytest.raises(IllegalEntry) as refused:
        command(game)
    assert str(refused.value) == (
        f"game {short} is set aside (kids went to bed); "
        f"zebra set-aside --back --game {short} --reason R first"
    )
    assert len(game.pending_events) == count and live_status(game) == shown
    game.bring_back("finishing it", "ref", AT)
    command(game)
    assert len(game.pending_events) > count + 1


def test_the_record_the_summary_and_the_live_game_show_the_same_mark() -> None:
    game = started()
    for step in ("set aside", "brought back", "set aside"):
        if step == "set aside":
            game.put_aside("rain", "ref", AT)
        else:
            game.bring_back("sun", "ref", AT)
        events = list(game.pending_events)
        live = live_status(game)
        record = project(events)
        assert situation.view(record) == live
        assert summary.project(events).view() == live
        assert (live.get("set_aside") == "rain") == (step == "set aside")
        assert ("set_aside" in live) == (step == "set aside")
    assert [(c.kind, c.reason) for c in project(game.pending_events).asides] == [
        ("set aside", "rain"),
        ("brought back", "sun"),
        ("set aside", "rain"),
    ]


def test_a_game_never_set_aside_has_no_mark_in_its_status() -> None:
    game = started()
    assert "set_aside" not in live_status(game)
    assert "set_aside" not in summary.project(game.pending_events).view()


def result(copy_of: str | None = None, set_aside: str | None = None) -> standings.Result:
    return standings.Result("rushzone", "Bears", "Packers", True, "home", 14, 7, copy_of, set_aside)


def test_left_out_is_a_copy_or_a_game_set_aside_and_nothing_else() -> None:
    assert not left_out(result())
    assert left_out(result(copy_of="0123"))
    assert left_out(result(set_aside="rain")) and is_set_aside(result(set_aside="rain"))
    # An empty reason never reaches the store, but a mark is a mark: only None is in play.
    assert is_set_aside(result(set_aside=""))
    assert not is_set_aside(result(copy_of="0123"))


def test_the_standings_count_a_finished_game_only_while_it_is_not_set_aside() -> None:
    counted = standings.project([result()])
    assert [(s.team, s.games, s.wins) for s in counted] == [("Bears", 1, 1), ("Packers", 1, 0)]
    assert standings.project([result(set_aside="rain")]) == []
    both = standings.project([result(), result(set_aside="rain")])
    assert [(s.team, s.games) for s in both] == [("Bears", 1), ("Packers", 1)]


def test_a_season_export_counts_a_copy_set_aside_as_a_copy_and_a_game_set_aside_apart() -> None:
    from companion.season import season_games

    copy, aside, playing = started(), started(), started()
    copy.mark_copy(str(playing.id), "ref", AT)
    copy.put_aside("rain", "ref", AT)
    aside.put_aside("rain", "ref", AT)
    records = [project(g.pending_events) for g in (copy, aside, playing)]
    kept, unfinished, copies, set_aside = season_games(records, 2026)
    assert (kept, unfinished, copies, set_aside) == ([], 1, 1, 1)
