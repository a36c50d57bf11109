"""Issue #29: a command on one game opens it from its last snapshot and reads only the events
after it; the full chain is still checked by ``zebra check`` and every full read."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from benchmarks import games
from companion import opening
from companion.integrity import StoreDamaged
from companion.service import Referee
from companion.store import resolve
from domain import rulesets
from domain.game import Game
from domain.ruleset import IllegalEntry
from tests.contract import checkpoints_every, draw_entry, replayed

BY, AT = "ref", "2026-12-03T07:00:00+00:00"
FIXTURES = Path(__file__).parents[1] / "fixtures"


class Counted:
    """A referee on the store whose recorder counts the event rows it reads."""

    def __init__(self, url: str) -> None:
        self.referee = Referee(resolve(url, create=True))
        self.rows = 0
        recorder: Any = self.referee.recorder
        plain = recorder.select_events

        def counting(*args: Any, **kwargs: Any) -> Any:
            found = plain(*args, **kwargs)
            self.rows += len(found)
            return found

        recorder.select_events = counting


def long_game(url: str, entries: int) -> tuple[UUID, list[str]]:
    """A Red Zone game of ``entries`` entries saved at once, and entries to play on with."""
    script = games.long_game(entries + 70, 3)
    game = Game.start(script.ruleset, "Bears", "Packers", script.options, BY, AT)
    for text in script.entries[:entries]:
        game.enter(text, BY, AT)
    Referee(resolve(url, create=True)).save(game)
    return game.id, list(script.entries[entries:])


def test_a_command_reads_only_the_events_after_the_last_snapshot(store_url: str) -> None:
    gid, more = long_game(store_url, 1000)
    # The first open reads every event (the game was saved in one go), and writes a snapshot.
    first = Counted(store_url)
    first.referee.enter(gid, more[0])
    assert first.rows >= 2000
    again = Counted(store_url)
    again.referee.enter(gid, more[1])
    assert again.rows <= 4
    # Played on, each entry by a process of its own: the open that reads 100 events past the
    # snapshot writes the next one, so no open reads more than that.
    for text in more[2:]:
        each = Counted(store_url)
        each.referee.enter(gid, text)
        assert each.rows <= opening.SNAPSHOT_EVERY + 4
    row = opening.select_snapshot(first.referee.recorder, gid)
    assert row is not None and row.version >= 2002 + opening.SNAPSHOT_EVERY
    second = Counted(store_url)
    game = second.referee.game(gid)
    assert second.rows <= opening.SNAPSHOT_EVERY + 4
    full = replayed(second.referee.game_events(gid))
    assert opening.encode_game(game) == opening.encode_game(full)


def test_without_a_snapshot_every_event_is_read(store_url: str) -> None:
    gid, more = long_game(store_url, 1000)
    counted = Counted(store_url)
    counted.referee.recorder._write(  # type: ignore[attr-defined]
        [(counted.referee.recorder._sql("DELETE FROM {snapshots}"), ())]  # type: ignore[attr-defined]
    )
    game = counted.referee.game(gid)
    assert counted.rows == game.version


def random_commands(ruleset: str, seed: int, referee: Referee) -> UUID:
    """A random game of ``ruleset`` with corrections of every kind, saved after every command
    (as played)."""
    rnd = random.Random(seed)
    rules = rulesets.get(ruleset)
    options = {o.name: rnd.choice(o.choices) for o in rules.options}
    if seed % 2:
        options["disputes"] = "agree"  # corrections wait for the other coach
    game = Game.start(ruleset, "Bears", "Packers", options, BY, AT)
    referee.save(game)
    for _ in range(70):
        if game.situation["finished"]:
            break
        try:
            one_command(game, rnd)
        except IllegalEntry:
            continue
        referee.save(game)
        # Opened by a process of its own: the opens write the snapshots.
        Referee(referee.store).game(game.id)
    return game.id


def one_command(game: Game, rnd: random.Random) -> None:
    """One random command: mostly an entry, else a correction (or a coach's answer to one)."""
    roll, standing = rnd.random(), game.effective
    struck = [e for e in game.entries.values() if e.struck is not None and not e.withdrawn]
    if game.pending is not None:
        if roll < 0.5:
            game.confirm("other coach", AT)
        else:
            game.reject("no", "other coach", AT)
    elif roll < 0.04 and standing:
        game.undo("disputed", BY, AT)
    elif roll < 0.08 and standing:
        game.strike(rnd.choice(standing).seq, "disputed", BY, AT, strike_invalid=True)
    elif roll < 0.11 and struck:
        game.restore(rnd.choice(struck).seq, "back", BY, AT, strike_invalid=True)
    elif roll < 0.14 and standing:
        target = rnd.choice(standing)
        game.amend(target.seq, target.text, "typo", BY, AT, strike_invalid=True)
    elif roll < 0.16 and game.corrections:
        game.revert(None, "undo that", BY, AT, strike_invalid=True)
    elif roll < 0.17:
        game.schedule(2026, rnd.randint(1, 17), "calendar", BY, AT)
    else:
        game.enter(draw_entry(rnd, rnd.choice(game.prompt.forms)), BY, AT)


@pytest.fixture
def often(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Checkpoints of both kinds every few events, so that short games have several."""
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 7)
    with checkpoints_every(3):
        yield


@pytest.mark.parametrize("ruleset", sorted(rulesets.names()))
def test_a_snapshot_open_equals_a_full_replay(ruleset: str, tmp_path: Path, often: None) -> None:
    for seed in range(4):
        url = str(tmp_path / f"{seed}.sqlite")
        gid = random_commands(ruleset, seed, Referee(resolve(url, create=True)))
        counted = Counted(url)
        opened = counted.referee.game(gid)
        events = counted.referee.game_events(gid)
        assert counted.rows - len(events) < opening.SNAPSHOT_EVERY + 2
        full = replayed(events)
        assert opening.encode_game(opened) == opening.encode_game(full)
        for name in ("entries", "order", "corrections", "commands", "_stored", "pending"):
            assert getattr(opened, name) == getattr(full, name), name
        assert opened.effective == full.effective
        assert opened.struck_count == full.struck_count
        assert opened.situation == full.situation
        assert opened.prompt == full.prompt
        assert [(s.seq, s.rulings) for s in opened.folded] == [
            (s.seq, s.rulings) for s in full.folded
        ]
        # The checkpoint row itself is the replay of the events up to its version.
        row = opening.select_snapshot(counted.referee.recorder, gid)
        assert row is not None and row.sound
        at = replayed(events[: row.version])
        assert opening.encode_game(opening.decode_game(row.state)) == opening.encode_game(at)


def corrupt(path: Path, statement: str, params: tuple[Any, ...]) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(statement, params)


def test_damage_before_the_snapshot_is_found_by_check_and_full_reads(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    gid, more = long_game(str(path), 300)
    Referee(resolve(str(path), create=True)).enter(gid, more[0])
    corrupt(
        path,
        "UPDATE stored_events SET state = CAST(replace(state, 'Bears', 'Bearz') AS BLOB) "
        "WHERE originator_id = ? AND originator_version = 1",
        (gid.hex,),
    )
    # The trade-off (docs/events.md): a command opened from the checkpoint does not read it.
    Referee(resolve(str(path), create=True)).enter(gid, more[1])
    referee = Referee(resolve(str(path), create=True))
    ((_, problem),) = referee.check(gid)
    assert problem is not None and "event 1" in problem
    with pytest.raises(StoreDamaged, match="event 1"):
        referee.log(gid)
    with pytest.raises(StoreDamaged, match="event 1"):
        referee.events_export(gid)


@pytest.mark.parametrize("later", [0, 2])
def test_damage_from_the_snapshot_on_stops_the_command(tmp_path: Path, later: int) -> None:
    path = tmp_path / "games.sqlite"
    gid, more = long_game(str(path), 300)
    if later:
        Referee(resolve(str(path), create=True)).enter(gid, more[1])
    before = Referee(resolve(str(path), create=True)).game(gid).version
    corrupt(
        path,
        "UPDATE stored_events SET state = CAST(replace(state, '\"seq\":', '\"seq\":1') AS BLOB) "
        "WHERE originator_id = ? AND originator_version = ?",
        (gid.hex, before),
    )
    referee = Referee(resolve(str(path), create=True))
    with pytest.raises(StoreDamaged, match=f"event {before}: it was altered"):
        referee.enter(gid, more[0])
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT COUNT(*) FROM stored_events").fetchone() == (before,)


def test_a_damaged_snapshot_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    gid, more = long_game(str(path), 300)
    corrupt(path, "UPDATE game_snapshots SET state = 'eJ' || state", ())
    counted = Counted(str(path))
    game = counted.referee.game(gid)
    assert counted.rows == game.version
    assert game.home == "Bears"
    # The open that read every event wrote a sound snapshot in its place.
    row = opening.select_snapshot(counted.referee.recorder, gid)
    assert row is not None and row.sound and row.version == game.version


@pytest.mark.parametrize("name", ["store-v0.2.sqlite", "store-old-wording.sqlite"])
def test_a_store_written_before_opens_and_plays_on(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 5)
    path = tmp_path / name
    shutil.copy(FIXTURES / name, path)
    referee = Referee(resolve(str(path), create=True))
    played = 0
    for gid in referee._game_ids():
        game = referee.game(gid)
        if game.situation["finished"] or game.pending is not None:
            continue
        referee.enter(gid, draw_entry(random.Random(1), game.prompt.forms[0]))
        played += 1
        counted = Counted(str(path))
        opened = counted.referee.game(gid)
        full = replayed(counted.referee.game_events(gid))
        assert opening.encode_game(opened) == opening.encode_game(full)
    assert played
