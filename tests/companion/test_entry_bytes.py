"""What an entry costs to write does not grow with the game (#29).

Each entry used to rewrite its game's head row with the whole status in it, which grows with the
game (Red Zone's discard piles): at entry 1,000 an entry wrote eleven times the bytes of a bare
insert of its events. The row now holds the summary's scalars, and the status is kept apart
(companion.heads): a step per entry and now and then a checkpoint, each row written once.
tests/entry_bytes.py counts the bytes in a process of its own; the game is generated, long.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from companion import store as stores
from companion.heads import HEADS_TABLE, OLD_PLAYING_INDEX, PLAYING_INDEX
from companion.kept import STATUS_TABLE
from companion.service import Referee
from tests.companion.test_heads import Db
from tests.companion.test_summaries import OPENING, folded, referee_at

ROOT = Path(__file__).resolve().parents[2]
EARLY, LATE = 10, 900
TEAMS = (("Bears", "Packers"), ("Lions", "Vikings"))


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, int]]]:
    """Per entry of the windows at EARLY and LATE: what Zebra and the bare insert wrote."""
    folder = tmp_path_factory.mktemp("bytes")
    done = subprocess.run(
        [sys.executable, "-m", "tests.entry_bytes", str(folder), "1000", f"{EARLY},{LATE}"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, list[dict[str, int]]] = json.loads(done.stdout)
    return found


def mean(rows: list[dict[str, int]], key: str) -> float:
    return statistics.fmean(r[key] for r in rows)


def test_an_entry_writes_rows_within_twice_a_bare_insert_early_and_late(
    counted: dict[str, list[dict[str, int]]],
) -> None:
    for window in (EARLY, LATE):
        rows = counted[str(window)]
        assert len(rows) == 100
        # Checkpoints included: averaged over the window, as they come every so many entries.
        ratio = mean(rows, "rows") / mean(rows, "bare_rows")
        assert 1 < ratio <= 2, (window, ratio)


def test_what_an_entry_writes_beside_its_events_does_not_grow_with_the_game(
    counted: dict[str, list[dict[str, int]]],
) -> None:
    early, late = counted[str(EARLY)], counted[str(LATE)]
    beside = [mean(w, "rows") - mean(w, "bare_rows") for w in (early, late)]
    # The status at entry 900 is ten times the size of the one at entry 10: the rows beside
    # the events stay the same size.
    assert beside[1] <= 1.5 * beside[0], beside
    # SQLite's WAL: whole pages, so page splits and the events' own checkpoints make it noisy;
    # the typical entry writes the same pages early and late, and two beside the bare insert's
    # (the head row and the status step; not the tracking record).
    extra = [statistics.median(r["wal"] - r["bare_wal"] for r in w) for w in (early, late)]
    page = 4096 + 24
    assert extra[1] <= extra[0] <= 2 * page, extra
    assert mean(late, "wal") <= 1.25 * mean(early, "wal")


def test_an_entry_writes_within_twice_the_wal_of_a_bare_insert_early_and_late(
    counted: dict[str, list[dict[str, int]]],
) -> None:
    for window in (EARLY, LATE):
        rows = counted[str(window)]
        ratio = mean(rows, "wal") / mean(rows, "bare_wal")
        assert 1 < ratio <= 2, (window, ratio)


def test_entries_of_two_games_in_turn_leave_the_summaries_current_without_the_record(
    store_url: str,
) -> None:
    """Each row says where the rows were current to when it was written, so no entry writes
    the tracking record; a game's start does (it counts the game)."""
    referee = referee_at(store_url)
    games = [referee.start("rushzone", home, away).game_id for home, away in TEAMS]
    held = referee.recorder._tracking_position()
    assert held == referee.recorder.max_notification_id()
    for text in OPENING:
        for game in games:
            referee.enter(game, text)
            last = referee.recorder.max_notification_id()
            assert referee.recorder.select_tracking() == (last, 2)
            assert referee.recorder._tracking_position() == held
    assert referee.catch_up() and referee.recorder._tracking_position() == held


def test_a_status_is_read_from_at_most_twice_its_size(tmp_path: Path) -> None:
    """A checkpoint, and steps after it no bigger in all than it: what a status read reads."""
    from benchmarks.games import long_game

    url = str(tmp_path / "games.sqlite")
    referee = Referee(stores.resolve(url, create=True))
    played = long_game(400)
    game = referee.start(played.ruleset, "Bears", "Packers", played.options).game_id
    for text in played.entries:
        referee.enter(game, text)
    status = json.dumps(referee.status(game), ensure_ascii=False, separators=(",", ":"))
    db = Db(url)
    rows: list[Any] = db.run(
        f"SELECT version, whole, length(CAST(body AS BLOB)) FROM {STATUS_TABLE} "
        "WHERE game_id = ? ORDER BY version",
        game.hex,
    )
    last = max(v for v, whole, _ in rows if whole)
    read = [(whole, size) for v, whole, size in rows if v >= last]
    assert read[0][0] == 1 and all(whole == 0 for whole, _ in read[1:])
    assert sum(size for _, size in read[1:]) <= read[0][1] <= len(status.encode()) + 200
    # Many checkpoints, each written once and kept; most entries wrote a step.
    assert 5 < sum(whole for _, whole, _ in rows) < len(rows) / 5
    ((held,),) = db.run(f"SELECT status FROM {HEADS_TABLE} WHERE game_id = ?", game.hex)
    assert held is None


def as_main_wrote_it(db: Db, game: str, text: str) -> None:
    """The game's row as a Zebra before #29 left it: the whole status in the row, none kept
    apart, and the playing index on (finished, touched)."""
    status_table = db.heads.replace(HEADS_TABLE, STATUS_TABLE)
    key = UUID(hex=game) if db.postgres else game
    db.run(
        f"UPDATE {db.heads} SET status = ?, status_size = NULL, status_steps = NULL "
        "WHERE game_id = ?",
        text,
        key,
    )
    db.run(f"DELETE FROM {status_table}")
    where = f"{db.schema}." if db.postgres else ""
    db.run(f"DROP INDEX {where}{PLAYING_INDEX}")
    db.run(f"CREATE INDEX {OLD_PLAYING_INDEX} ON {db.heads} (finished, touched)")


def indexes(db: Db) -> set[str]:
    if db.postgres:
        found = db.run("SELECT indexname FROM pg_indexes WHERE schemaname = ?", db.schema)
    else:
        found = db.run("SELECT name FROM sqlite_master WHERE type = 'index'")
    return {str(name) for (name,) in found}


def test_a_store_with_the_whole_status_in_its_rows_reads_and_plays_on(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = referee_at(store_url)
    game = writer.start("rushzone", "Bears", "Packers").game_id
    for text in OPENING[:3]:
        writer.enter(game, text)
    row = writer.recorder.select_row(game)
    assert row is not None and row.summary is not None
    db = Db(store_url)
    as_main_wrote_it(db, game.hex, row.summary.status)
    # Read as it was written: from the row, trusted, without folding the game.
    fresh = referee_at(store_url)
    assert OLD_PLAYING_INDEX not in indexes(db) and PLAYING_INDEX in indexes(db)
    with monkeypatch.context() as m:
        m.setattr(Referee, "_fill", lambda *_: pytest.fail("the old row was not trusted"))
        assert fresh.status(game) == folded(writer, game)
    # The next entry keeps its status apart, and the row no longer holds it.
    fresh.enter(game, OPENING[3])
    ((held, size),) = db.run(
        f"SELECT status, status_size FROM {db.heads} WHERE game_id = ?",
        game if db.postgres else game.hex,
    )
    assert held is None and size > 0
    assert referee_at(store_url).status(game) == folded(writer, game)


def test_on_postgresql_the_heads_table_stays_its_size_through_a_long_game(
    store_url: str,
) -> None:
    """Each entry's update of the head row is a HOT one (no indexed column changes, room left
    on the page): pruned in place, it leaves no dead row versions for vacuum to find. Before
    #29, 1,000 entries left the table at 1.7 MB (the status in TOAST)."""
    if not store_url.startswith("postgresql://"):
        pytest.skip("PostgreSQL's own table sizes")
    from benchmarks.games import long_game

    referee = referee_at(store_url)
    played = long_game(600)
    game = referee.start(played.ruleset, "Bears", "Packers", played.options).game_id
    db = Db(store_url)
    status_table = db.heads.replace(HEADS_TABLE, STATUS_TABLE)

    def sizes() -> tuple[int, int, int]:
        ((heads, status, events),) = db.run(
            "SELECT pg_total_relation_size(?), pg_total_relation_size(?), "
            "pg_total_relation_size(?)",
            db.heads,
            status_table,
            db.events,
        )
        return int(heads), int(status), int(events)

    for n, text in enumerate(played.entries):
        referee.enter(game, text)
        if n == 50:
            early = sizes()
    heads, status, events = sizes()
    assert heads == early[0] <= 64 * 1024, (early, heads)
    # The status steps and checkpoints, kept: a fraction of what the events take.
    assert status < events / 2, (status, events)
