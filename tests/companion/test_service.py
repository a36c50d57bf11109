"""The referee service over a real SQLite store: recording, refusing, undoing, resuming."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from uuid import UUID

import pytest
from eventsourcing.persistence import RecordConflictError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import store as stores
from companion.scripts import parse_script
from companion.service import GameMovedOn, Referee, UnknownGame
from domain.ruleset import IllegalEntry
from projections import clock, playbyplay, scoreboard, situation
from tests.domain.scripts import EXAMPLES

OPENING = ["toss home", "receive", "green 6 1"]


def referee_at(where: Path | str) -> Referee:
    return Referee(stores.resolve(str(where), create=True))


def event_count(referee: Referee) -> int:
    return referee.recorder.max_notification_id() or 0


@pytest.fixture
def referee(store_url: str) -> Referee:
    """A referee on a fresh store of each kind (SQLite file, PostgreSQL schema)."""
    return referee_at(store_url)


def started(referee: Referee, entries: list[str] = OPENING) -> UUID:
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in entries:
        referee.enter(game_id, text)
    return game_id


def test_entries_and_rulings_are_stored_in_the_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    game_id = started(referee_at(path))
    assert path.exists()
    # A new process opening the same file sees the same game.
    again = referee_at(path)
    assert again.status(game_id)["ball_on"] == 50
    assert again.status(game_id)["entries"] == 3


def test_live_status_equals_the_status_rebuilt_from_the_store(store_url: str) -> None:
    referee = referee_at(store_url)
    game_id = started(referee)
    outcome = referee.enter(game_id, "white 6 2 4 3 5 1")
    assert outcome.status == referee.status(game_id)
    assert outcome.status == referee_at(store_url).status(game_id)


def test_two_tables_on_one_game_see_each_other_and_cannot_both_record(store_url: str) -> None:
    first, second = referee_at(store_url), referee_at(store_url)
    game_id = started(first)
    assert second.status(game_id)["entries"] == 3
    # Both screens show the game at the same version; the first to record wins.
    shown = second.status(game_id)["version"]
    first.enter(game_id, "white 6 2 4 3 5 1", "ann", expect=shown)
    before = event_count(second)
    with pytest.raises(GameMovedOn, match="'white 6 2 4 3 5 1' was entered by ann"):
        second.enter(game_id, "white 1 2 4 2 3 5", "bob", expect=shown)
    assert event_count(second) == before
    assert second.status(game_id)["entries"] == 4
    assert second.status(game_id)["ball_on"] == 40
    # Re-entered on the game as it is now, it is recorded.
    second.enter(game_id, "white 1 2 4 2 3 5", expect=second.status(game_id)["version"])
    assert first.status(game_id)["down"] == 4


def test_a_lost_race_in_the_store_is_refused_as_moved_on(store_url: str) -> None:
    first, second = referee_at(store_url), referee_at(store_url)
    game_id = started(first)
    # Both load the game at the same version and record at the same instant: the store
    # takes the first; the second is put to the game as it is now and refused.
    mine, theirs = first.game(game_id), second.game(game_id)
    mine.enter("white 6 2 4 3 5 1", "ann", "t")
    first.save(mine)
    theirs.enter("white 1 2 4 2 3 5", "bob", "t")
    with pytest.raises(RecordConflictError):
        second.save(theirs)
    with pytest.raises(GameMovedOn, match="'white 6 2 4 3 5 1' was entered by ann"):
        second.enter(game_id, "white 1 2 4 2 3 5", "bob", expect=theirs.version - 2)


@pytest.mark.parametrize(
    "entry",
    ["white 0 2 4 3 5 1", "white 7 2 4 3 5 1", "white 1 2", "green away 3", "punt", "x" * 500],
)
def test_a_refused_entry_records_nothing(referee: Referee, entry: str) -> None:
    game_id = started(referee)
    before = event_count(referee)
    status_before = referee.status(game_id)
    with pytest.raises(IllegalEntry):
        referee.enter(game_id, entry)
    assert event_count(referee) == before
    assert referee.status(game_id) == status_before


def test_bad_set_up_records_nothing(referee: Referee) -> None:
    with pytest.raises(IllegalEntry, match="unknown game"):
        referee.start("chess", "Bears", "Packers")
    with pytest.raises(IllegalEntry, match="different names"):
        referee.start("rushzone", "Bears", "bears")
    with pytest.raises(IllegalEntry, match="youngest cannot be"):
        referee.start("rushzone", "Bears", "Packers", {"youngest": "maybe"})
    assert event_count(referee) == 0


def test_undo_strikes_the_last_entry_and_restores_the_situation(referee: Referee) -> None:
    game_id = started(referee)
    before = referee.game(game_id).state
    status_before = referee.status(game_id)
    referee.enter(game_id, "white 3 3 3 1 2 4")
    struck, outcome = referee.undo(game_id, "die was cocked")
    assert struck.text == "white 3 3 3 1 2 4"
    assert struck.struck == "die was cocked"
    assert referee.game(game_id).state == before
    assert {**outcome.status, "struck": 0, "version": 0} == {**status_before, "version": 0}
    plays = referee.log(game_id)
    assert plays[-1].struck == "die was cocked"
    assert plays[-1].rulings, "the struck entry keeps its rulings in the record"


def test_undo_with_nothing_entered_is_refused(referee: Referee) -> None:
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    before = event_count(referee)
    with pytest.raises(IllegalEntry, match="nothing to undo"):
        referee.undo(game_id)
    assert event_count(referee) == before


def test_games_are_found_by_id_prefix_and_the_latest_is_the_default(referee: Referee) -> None:
    first = started(referee)
    second = started(referee)
    assert referee.find(None) == second
    assert referee.find(first.hex[:8]) == first
    with pytest.raises(UnknownGame, match="no game matching"):
        referee.find("zzzz")


def test_finished_games_are_not_resumed_by_default(referee: Referee) -> None:
    unfinished = started(referee)
    script = parse_script((EXAMPLES / "rushzone-full.zebra").read_text())
    finished = started(referee, [line for _, line in script.lines])
    assert referee.status(finished)["finished"] is True
    assert referee.find(None) == finished
    if referee.store.postgres is None:
        assert referee.find(None, unfinished=True) == unfinished
    else:
        # A league store is shared by several tables: Zebra never guesses another table's game.
        with pytest.raises(UnknownGame, match="shared by several tables"):
            referee.find(None, unfinished=True)


def test_projections_read_the_same_game_from_stored_events(referee: Referee) -> None:
    game_id = started(referee, [*OPENING, "white 1 2 4 2 3 5", "fg", "green 6"])
    events = referee.game_events(game_id)
    board = scoreboard.project(events)
    assert board.total == {"home": 3, "away": 0}
    assert board.scoring and "Field goal" in board.scoring[0][1]
    assert situation.project(events)["score"] == board.total
    assert clock.project(events)["round"] == 1
    assert [p.entry for p in playbyplay.project(events)][-1] == "green 6"


# Store paths --------------------------------------------------------------------------------


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(stores.StoreError, match="does not exist"):
        stores.resolve(str(tmp_path / "nowhere" / "games.sqlite"), create=True)


def test_reading_a_store_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    with pytest.raises(stores.StoreError, match="no Zebra store"):
        stores.resolve(str(tmp_path / "games.sqlite"), create=False)
    assert not (tmp_path / "games.sqlite").exists()


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "games.sqlite"
    junk.write_bytes(os.urandom(4096))
    with pytest.raises(stores.StoreError, match="not an SQLite file"):
        stores.resolve(str(junk), create=True)


def test_a_corrupt_sqlite_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    started(referee_at(path))
    data = bytearray(path.read_bytes())
    data[100:4096] = os.urandom(4096 - 100)
    path.write_bytes(bytes(data))
    with pytest.raises(stores.StoreError, match="corrupt"):
        stores.resolve(str(path), create=False)


def test_another_programs_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(stores.StoreError, match="not a Zebra store"):
        stores.resolve(str(path), create=True)


def test_default_store_lives_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ZEBRA_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    resolved = stores.resolve(None, create=True)
    assert resolved.path == (tmp_path / "zebra" / "zebra.sqlite").resolve()


# Invariants over random games through the store -------------------------------------------


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_replay_equals_live_and_undo_restores_exactly(store_url: str, data: st.DataObject) -> None:
    referee = referee_at(store_url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    steps = data.draw(st.integers(1, 40))
    for _ in range(steps):
        game = referee.game(game_id)
        prompt = game.rules.expected(game.state)
        if not prompt.forms:
            break
        form = data.draw(st.sampled_from(prompt.forms))
        values = [
            data.draw(st.sampled_from(s.words))
            if s.kind == "word"
            else data.draw(st.integers(s.low, s.high))
            for s in form.slots
        ]
        before_state = game.state
        before_status = referee.status(game_id)
        try:
            outcome = referee.enter(game_id, form.compose(values))
        except IllegalEntry:
            continue
        assert outcome.status == referee.status(game_id), "live view differs from the store"
        # Undo the entry, check the exact previous state, then make it again.
        referee.undo(game_id, "checking undo")
        assert referee.game(game_id).state == before_state
        after = {**referee.status(game_id), "struck": before_status["struck"], "version": 0}
        assert after == {**before_status, "version": 0}
        referee.enter(game_id, form.compose(values))
    fresh = referee_at(store_url)
    assert fresh.status(game_id) == referee.status(game_id)
    assert fresh.game(game_id).state == referee.game(game_id).state
