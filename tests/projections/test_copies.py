"""What identifies a game, and copies in the read models (issue #26, docs/exports.md "One game,
one record"): the digest changes with each part that identifies a game and with nothing else; a
marked copy folds the same in the live status, the record and the lean summary fold, and no
standings (the projection, the web league page) count it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.scripts import parse_script
from domain.game import Game
from domain.identity import digest_of, game_digest, is_copy
from domain.ruleset import IllegalEntry
from projections import situation, standings, summary
from projections.record import project
from tests.domain.scripts import EXAMPLES

AT = "2026-11-29T12:00:00+00:00"
BASE: dict[str, Any] = {
    "ruleset": "rushzone",
    "options": {"quarters": "4"},
    "home": "Bears",
    "away": "Packers",
    "texts": ["toss home", "receive", "green 4 2"],
}


def digest(**changed: Any) -> str:
    return game_digest(**{**BASE, **changed})


@pytest.mark.parametrize(
    "changed",
    [
        {"ruleset": "redzone"},
        {"options": {"quarters": "2"}},
        {"options": {}},
        {"home": "Lions"},
        {"away": "Bears", "home": "Packers"},
        {"texts": ["toss home", "receive", "green 4 3"]},
        {"texts": ["toss home", "receive"]},
        {"texts": ["receive", "toss home", "green 4 2"]},
        {"home": "bears"},
    ],
)
def test_each_part_that_identifies_a_game_changes_its_digest(changed: dict[str, Any]) -> None:
    assert digest(**changed) != digest()


@pytest.mark.parametrize(
    "changed",
    [
        {"options": {"quarters": "4", "disputes": "agree"}},
        {"texts": ["toss  home", " receive", "green 4 2 "]},
    ],
)
def test_who_settles_calls_and_spacing_do_not_change_the_digest(changed: dict[str, Any]) -> None:
    assert digest(**changed) == digest()


def example_game(by: str = "ann", at: str = AT) -> Game:
    path = EXAMPLES / "rushzone-full.zebra"
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    game = Game.start("rushzone", "Bears", "Packers", {}, by, at)
    for _, text in script.lines:
        game.enter(text, by, at)
    return game


def test_who_typed_the_entries_and_when_is_not_part_of_the_game() -> None:
    assert digest_of(example_game()) == digest_of(example_game("bob", "2027-01-01T00:00:00+00:00"))


def test_the_record_and_the_aggregate_give_one_digest_and_a_struck_entry_is_not_in_it() -> None:
    game = example_game()
    events = list(game.collect_events())
    assert digest_of(project(events)) == digest_of(game)
    game.strike(97, "the die was cocked", "ann", AT)
    struck = project([*events, *game.collect_events()])
    assert digest_of(struck) == digest_of(game) != digest_of(project(events))
    texts = [entry.text for entry in struck.effective]
    assert digest_of(struck) == game_digest("rushzone", {}, "Bears", "Packers", texts)


def copied_game() -> tuple[Game, list[Any]]:
    game = example_game()
    game.mark_copy("3ebd2652-0000-4000-8000-000000000000", "ann", AT)
    return game, list(game.collect_events())


def test_a_copy_is_marked_alike_in_the_live_status_the_record_and_the_summary_fold() -> None:
    from companion.service import live_status

    game, events = copied_game()
    record = project(events)
    assert record.copy_of == game.copy_of == "3ebd2652-0000-4000-8000-000000000000"
    assert is_copy(record) and is_copy(game)
    live = live_status(game)
    assert live == situation.view(record) == summary.project(events).view()
    assert live["copy_of"] == game.copy_of
    assert type(events[-1]).__name__ == "Copied" and events[-1].of == game.copy_of


def test_a_game_that_is_no_copy_has_no_copy_key_in_its_status() -> None:
    events = list(example_game().collect_events())
    record = project(events)
    assert record.copy_of is None and not is_copy(record)
    assert "copy_of" not in situation.view(record)
    assert "copy_of" not in summary.project(events).view()


def test_a_game_is_marked_a_copy_once() -> None:
    game, _ = copied_game()
    with pytest.raises(IllegalEntry, match="already marked as a copy of 3ebd2652"):
        game.mark_copy("4ebd2652-0000-4000-8000-000000000000", "ann", AT)


def test_the_standings_never_count_a_copy() -> None:
    original = list(example_game().collect_events())
    _, copy = copied_game()
    results = [standings.result_of(project(original)), standings.result_of(project(copy))]
    assert [is_copy(r) for r in results] == [False, True]
    table = {s.team: s for s in standings.project(results)}
    assert (table["Bears"].games, table["Bears"].wins, table["Bears"].points_for) == (1, 1, 25)
    # The copy alone: no game counts.
    assert standings.project(results[1:]) == []


def test_the_web_league_page_never_counts_a_copy() -> None:
    pages = pytest.importorskip("web.pages")
    from web.follow import Snapshot

    original, copy = project(example_game().collect_events()), project(copied_game()[1])
    one = pages.standings_tables(Snapshot(records={original.game_id: original}))
    both = pages.standings_tables(
        Snapshot(records={original.game_id: original, copy.game_id: copy})
    )
    assert "<td>Bears</td><td>1</td><td>1</td>" in one
    assert both == one
