"""The server follows the store's notification log: only what was stored since its last look."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from uuid import UUID, uuid4

from companion.service import Referee
from companion.store import resolve
from projections.record import GameRecord
from tests.companion.conftest import require_postgres
from web import pages
from web.follow import Follower, Snapshot

ROLLS = ("toss home", "kick", "green 1 3")


def referee_on(path: Path) -> Referee:
    return Referee(resolve(str(path), create=True))


def test_a_look_reads_only_the_events_stored_since_and_touches_only_their_game(
    tmp_path: Path,
) -> None:
    store = tmp_path / "league.sqlite"
    table_one, table_two = referee_on(store), referee_on(store)
    first = table_one.start("rushzone", "Bears", "Packers").game_id
    second = table_two.start("rushzone", "Lions", "Vikings").game_id
    follower = Follower(referee_on(store))
    assert follower.catch_up() == {first, second}
    quiet = follower.now
    left_alone = quiet.records[second]

    assert follower.catch_up() == frozenset()
    assert follower.now is quiet, "a look that finds nothing new changes nothing"

    for text in ROLLS:
        table_one.enter(first, text)
    newest = table_one.recorder.max_notification_id()
    assert follower.catch_up() == {first}
    assert follower.position == newest
    assert follower.now.generation == quiet.generation + 1
    assert follower.now.records[second] is left_alone
    assert follower.now.changed[first] == follower.now.generation
    assert follower.now.changed[second] == quiet.generation
    assert [line.text for line in follower.now.records[first].lines] == list(ROLLS)
    # The most recently played game comes last, as the league page orders them.
    assert list(follower.now.records) == [second, first]
    assert follower.now.records[first] == table_one.record(first)


def test_a_correction_is_folded_like_any_event(tmp_path: Path) -> None:
    store = tmp_path / "league.sqlite"
    table = referee_on(store)
    game = table.start("rushzone", "Bears", "Packers").game_id
    for text in ROLLS:
        table.enter(game, text)
    follower = Follower(referee_on(store))
    follower.catch_up()
    table.strike(game, 3, "cocked die")
    assert follower.catch_up() == {game}
    assert follower.now.records[game].lines[2].struck == "cocked die"
    assert follower.now.records[game] == table.record(game)


def test_a_damaged_game_is_named_and_the_others_still_followed(tmp_path: Path) -> None:
    store = tmp_path / "league.sqlite"
    table = referee_on(store)
    damaged = table.start("rushzone", "Bears", "Packers").game_id
    for text in ROLLS:
        table.enter(damaged, text)
    sound = table.start("rushzone", "Lions", "Vikings").game_id
    with closing(sqlite3.connect(store)) as conn, conn:
        (state,) = conn.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 2",
            (damaged.hex,),
        ).fetchone()
        forged = json.loads(state)
        forged["text"] = "toss away"
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 2",
            (json.dumps(forged).encode(), damaged.hex),
        )
    follower = Follower(referee_on(store))
    follower.catch_up()
    assert damaged not in follower.now.records
    assert (
        f"the store is damaged at game {damaged.hex[:8]}, event 2" in follower.now.damaged[damaged]
    )
    assert sound in follower.now.records
    table.enter(sound, "toss home")
    assert follower.catch_up() == {sound}
    assert follower.now.records[sound].lines[0].text == "toss home"


def test_a_game_is_found_by_its_id_or_a_unique_prefix_of_four_characters_or_more() -> None:
    one = UUID("abcd1000-0000-4000-8000-000000000000")
    two = UUID("abcd2000-0000-4000-8000-000000000000")
    snap = Snapshot(records={one: GameRecord(), two: GameRecord()})
    assert snap.find(one.hex) == one
    assert snap.find(str(two)) == two
    assert snap.find("ABCD1") == one
    assert snap.find("abcd") is None, "a prefix of two games names neither"
    assert Snapshot(records={one: GameRecord()}).find("abcd") == one
    assert Snapshot(records={one: GameRecord()}).find("abc") is None, "3 characters are too few"
    assert snap.find("<script>") is None
    assert snap.find("") is None


def test_a_store_that_cannot_be_read_is_said_and_followed_again_when_it_can() -> None:
    """PostgreSQL: the server outlives a store that is briefly unreadable, and says so."""
    address = require_postgres()
    import psycopg

    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        table = Referee(resolve(f"{address}?schema={schema}", create=True))
        game = table.start("rushzone", "Bears", "Packers").game_id
        follower = Follower(Referee(resolve(f"{address}?schema={schema}", create=False)))
        follower.catch_up()
        with psycopg.connect(address) as conn:
            conn.execute(f"ALTER TABLE {schema}.zebra_events RENAME TO hidden")
        assert follower.catch_up() == frozenset()
        trouble = follower.now.trouble
        assert trouble is not None and trouble.startswith("the store cannot be read just now: ")
        assert '_events" does not exist' in trouble and "\n" not in trouble
        assert game in follower.now.records, "what was read before is still shown"
        assert "the store cannot be read just now" in pages.league_parts(follower.now)["notice"]
        assert "the store cannot be read just now" in pages.game_parts(follower.now, game)["notice"]
        with psycopg.connect(address) as conn:
            conn.execute(f"ALTER TABLE {schema}.hidden RENAME TO zebra_events")
        table.enter(game, "toss home")
        assert follower.catch_up() == {game}
        assert follower.now.trouble is None
        assert follower.now.records[game].lines[0].text == "toss home"
    finally:
        with psycopg.connect(address) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
