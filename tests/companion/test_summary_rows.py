"""A damaged summary row never breaks the listing of the other games (#26, store doors).

Each game's summary row (companion.summaries, in the ``game_heads`` table) is derived from its
events. Whatever is done to one row behind Zebra's back (bytes that are not UTF-8, text that is
not JSON, a column of the wrong type or altered, the row deleted, a row for a game that does not
exist, a row under a key that is not a game id), ``zebra games``, ``status``, ``resume`` and
``league standings`` still show every other game, the damaged row is rebuilt from the game's
events or the game is named in one line, and ``zebra check`` / ``check --all`` name it. Every
test runs on an SQLite file and on PostgreSQL (tests/companion/conftest.py); the damage is done
through the database itself, never to the file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

import pytest

from companion import service
from companion import store as stores
from companion.heads import HEADS_TABLE
from companion.kept import STATUS_TABLE
from companion.service import Referee, last_at
from projections import record
from tests.companion.test_heads import Db, zebra
from tests.domain.scripts import EXAMPLES

FULL = EXAMPLES / "rushzone-full.zebra"
OPENING = ("toss home", "receive", "green 6 1", "white 6 2 4 3 5 1")


def game_ids(store: str) -> dict[str, str]:
    """The games of the store by home team (Bears: the full game, Lions: the opening)."""
    db = Db(store)
    ids = {}
    for (game_id,) in db.run(f"SELECT game_id FROM {db.heads}"):
        code, out, err = zebra("status", "--json", str(game_id).replace("-", ""), store=store)
        assert code == 0, err
        ids[json.loads(out)["home"]] = str(game_id).replace("-", "")
    return ids


def played(store: str, tmp_path: Path) -> tuple[str, dict[str, str]]:
    """A finished game (Bears 25 - Packers 24) and one in play (Lions 0 - Vikings 0) in the
    store, and their ids by home team."""
    code, _, err = zebra("play", "rushzone", "--script", str(FULL), store=store)
    assert code == 0, err
    opening = tmp_path / "opening.zebra"
    opening.write_text("\n".join(OPENING) + "\n", encoding="utf-8")
    code, _, err = zebra(
        "play",
        "rushzone",
        "--home",
        "Lions",
        "--away",
        "Vikings",
        "--script",
        str(opening),
        store=store,
    )
    assert code == 0, err
    return store, game_ids(store)


@pytest.fixture
def two_games(store_url: str, tmp_path: Path) -> tuple[str, dict[str, str]]:
    """The two games on each kind of store."""
    return played(store_url, tmp_path)


@pytest.fixture
def two_sqlite_games(tmp_path: Path) -> tuple[str, dict[str, str]]:
    """The two games on an SQLite file, whose columns take any type and any bytes (the
    damage PostgreSQL's typed UTF-8 columns refuse)."""
    return played(str(tmp_path / "games.sqlite"), tmp_path)


def key(db: Db, game: str) -> object:
    """The game's key in the heads table, as this kind of store holds it."""
    return UUID(hex=game) if db.postgres else game


Damage = Callable[[Db, str], None]


def bad_bytes(db: Db, game: str) -> None:
    db.run(f"UPDATE {db.heads} SET home = CAST(X'FF41' AS TEXT) WHERE game_id = ?", game)


def bad_json(db: Db, game: str) -> None:
    db.run(f"UPDATE {db.heads} SET status = '{{\"score\": [' WHERE game_id = ?", key(db, game))


def wrong_type(db: Db, game: str) -> None:
    db.run(f"UPDATE {db.heads} SET finished = 'yes', score_home = 'x' WHERE game_id = ?", game)


def altered(db: Db, game: str) -> None:
    db.run(f"UPDATE {db.heads} SET score_home = 99 WHERE game_id = ?", key(db, game))


def missing(db: Db, game: str) -> None:
    db.run(f"DELETE FROM {db.heads} WHERE game_id = ?", key(db, game))


def status_step_altered(db: Db, game: str) -> None:
    """The game's status, kept apart from its row (a checkpoint and steps), altered at its last
    row: the row's hash of the status no longer holds."""
    table = db.heads.replace(HEADS_TABLE, STATUS_TABLE)
    done = db.run(
        f'UPDATE {table} SET body = \'{{"set": {{"down": 9}}}}\' WHERE game_id = ? AND '
        f"version = (SELECT MAX(version) FROM {table} WHERE game_id = ?) RETURNING version",
        key(db, game),
        key(db, game),
    )
    assert len(done) == 1


EVERY_STORE = [bad_json, altered, missing, status_step_altered]
SQLITE_ONLY = [bad_bytes, wrong_type]


def listed(store: str) -> str:
    code, out, err = zebra("games", store=store)
    assert code == 0, err
    return out


@pytest.mark.parametrize("damage", EVERY_STORE, ids=lambda d: d.__name__)
def test_check_names_a_damaged_summary_row_and_rebuilds_it(
    two_games: tuple[str, dict[str, str]], damage: Damage
) -> None:
    store, ids = two_games
    db = Db(store)
    before = db.count()
    damage(db, ids["Bears"])
    code, out, err = zebra("check", "--all", store=store)
    assert code == 1, out
    (line,) = err.strip().splitlines()
    assert line.startswith(f"error: game {ids['Bears'][:8]}: its summary row is "), err
    assert "rebuilt from its events" in line
    assert f"game {ids['Lions'][:8]}: ok" in out
    # Rebuilt: the next check finds the store whole, and nothing was recorded.
    code, out, err = zebra("check", "--all", store=store)
    assert code == 0, err
    assert "2 games checked: the store is whole." in out
    assert db.count() == before


@pytest.mark.parametrize("damage", SQLITE_ONLY, ids=lambda d: d.__name__)
def test_check_names_a_damaged_summary_row_and_rebuilds_it_on_sqlite(
    two_sqlite_games: tuple[str, dict[str, str]], damage: Damage
) -> None:
    store, ids = two_sqlite_games
    db = Db(store)
    before = db.count()
    damage(db, ids["Bears"])
    code, out, err = zebra("check", "--all", store=store)
    assert code == 1, out
    (line,) = err.strip().splitlines()
    assert line.startswith(f"error: game {ids['Bears'][:8]}: its summary row is "), err
    assert "rebuilt from its events" in line
    assert f"game {ids['Lions'][:8]}: ok" in out
    # Rebuilt: the next check finds the store whole, and nothing was recorded.
    code, out, err = zebra("check", "--all", store=store)
    assert code == 0, err
    assert "2 games checked: the store is whole." in out
    assert db.count() == before


@pytest.mark.parametrize("damage", EVERY_STORE, ids=lambda d: d.__name__)
def test_every_reading_command_shows_the_games_after_one_row_is_damaged(
    two_games: tuple[str, dict[str, str]], damage: Damage
) -> None:
    store, ids = two_games
    db = Db(store)
    before = db.count()
    sound = listed(store)
    damage(db, ids["Bears"])
    assert listed(store) == sound
    for game in (ids["Bears"], ids["Lions"]):
        damage(db, game)
    code, out, err = zebra("league", "standings", "--json", store=store)
    assert code == 0, err
    table = {row["team"]: row for row in json.loads(out)}
    assert (table["Bears"]["points_for"], table["Packers"]["points_for"]) == (25, 24)
    damage(db, ids["Lions"])
    code, out, err = zebra("status", "--json", ids["Lions"], store=store)
    assert code == 0, err
    assert json.loads(out)["home"] == "Lions"
    damage(db, ids["Bears"])
    code, out, err = zebra("status", "--json", ids["Bears"], store=store)
    assert code == 0, err
    assert json.loads(out)["score"] == {"home": 25, "away": 24}
    damage(db, ids["Lions"])
    code, out, err = zebra("resume", ids["Lions"][:8], store=store)
    assert code == 0, err
    assert f"zebra resume {ids['Lions'][:8]}" in out
    assert db.count() == before


@pytest.mark.parametrize("damage", SQLITE_ONLY, ids=lambda d: d.__name__)
def test_every_reading_command_shows_the_games_after_one_row_is_damaged_on_sqlite(
    two_sqlite_games: tuple[str, dict[str, str]], damage: Damage
) -> None:
    store, ids = two_sqlite_games
    db = Db(store)
    before = db.count()
    sound = listed(store)
    damage(db, ids["Bears"])
    assert listed(store) == sound
    for game in (ids["Bears"], ids["Lions"]):
        damage(db, game)
    code, out, err = zebra("league", "standings", "--json", store=store)
    assert code == 0, err
    table = {row["team"]: row for row in json.loads(out)}
    assert (table["Bears"]["points_for"], table["Packers"]["points_for"]) == (25, 24)
    damage(db, ids["Lions"])
    code, out, err = zebra("status", "--json", ids["Lions"], store=store)
    assert code == 0, err
    assert json.loads(out)["home"] == "Lions"
    damage(db, ids["Bears"])
    code, out, err = zebra("status", "--json", ids["Bears"], store=store)
    assert code == 0, err
    assert json.loads(out)["score"] == {"home": 25, "away": 24}
    damage(db, ids["Lions"])
    code, out, err = zebra("resume", ids["Lions"][:8], store=store)
    assert code == 0, err
    assert f"zebra resume {ids['Lions'][:8]}" in out
    assert db.count() == before


def test_resume_finds_the_game_in_play_when_its_row_is_damaged(
    two_sqlite_games: tuple[str, dict[str, str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without an id (an SQLite store: a league's store never guesses the game)."""
    store, ids = two_sqlite_games
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # no game remembered
    db = Db(store)
    bad_bytes(db, ids["Lions"])
    missing(db, ids["Bears"])
    code, out, err = zebra("resume", store=store)
    assert code == 0, err
    assert f"zebra resume {ids['Lions'][:8]}" in out


def test_a_row_for_a_game_that_does_not_exist_is_named_and_the_others_listed(
    two_games: tuple[str, dict[str, str]],
) -> None:
    store, ids = two_games
    db = Db(store)
    before = db.count()
    ghost = "0123456789abcdef0123456789abcdef"
    db.run(f"INSERT INTO {db.heads} (game_id, version, link) VALUES (?, 5, 'x')", key(db, ghost))
    code, out, err = zebra("games", store=store)
    assert code == 1
    assert [line[:8] for line in out.splitlines()] == [ids["Lions"][:8], ids["Bears"][:8]]
    (line,) = err.strip().splitlines()
    assert line.startswith("error: game 01234567 is left out: the store is damaged at game"), err
    code, out, err = zebra("league", "standings", store=store)
    assert code == 1 and "Bears" in out and "error: game 01234567 is left out" in err
    code, out, err = zebra("check", "--all", store=store)
    assert code == 1 and "error: game 01234567: the store is damaged" in err
    assert db.count() == before


def test_a_row_under_a_key_that_is_no_game_id_is_named_by_check_only(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite")
    code, _, err = zebra("play", "rushzone", "--script", str(FULL), store=store)
    assert code == 0, err
    db = Db(store)
    sound = listed(store)
    db.run(f"UPDATE {db.heads} SET game_id = CAST(X'FF41' AS TEXT)")
    # The game's own row is gone with its key: the listing folds it again from its events.
    assert listed(store) == sound
    code, out, err = zebra("check", "--all", store=store)
    assert code == 1, out
    assert "error: a summary row is stored under '\ufffdA', which is not a game id" in err


# The time of the last command -------------------------------------------------------------------


def test_the_listing_shows_the_last_commands_time_after_a_rebuild(
    two_games: tuple[str, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undo after the last entry: its time is the game's, however the listing is made."""
    store, ids = two_games
    db = Db(store)
    later = "2031-07-04T12:00:00+00:00"
    monkeypatch.setattr(service, "now", lambda: later)
    code, _, err = zebra("undo", ids["Lions"], "--reason", "the die was cocked", store=store)
    assert code == 0, err
    monkeypatch.undo()
    row = [line for line in listed(store).splitlines() if line.startswith(ids["Lions"][:8])]
    assert row[0].endswith(later)
    missing(db, ids["Lions"])  # rebuilt from the events by the listing
    row = [line for line in listed(store).splitlines() if line.startswith(ids["Lions"][:8])]
    assert row[0].endswith(later)
    if not db.postgres:
        # A read-only store cannot rebuild the row: the listing folds every game's events.
        missing(db, ids["Lions"])
        monkeypatch.setenv("ZEBRA_STORE_READ_ONLY", "1")
        row = [line for line in listed(store).splitlines() if line.startswith(ids["Lions"][:8])]
        assert row[0].endswith(later)


def test_the_records_last_time_is_the_last_events_of_any_kind(
    two_games: tuple[str, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, ids = two_games
    for at, args in (
        ("2031-07-04T12:00:01+00:00", ("strike", "4", "--reason", "misread")),
        ("2031-07-04T12:00:02+00:00", ("revert", "--reason", "it stood")),
    ):
        monkeypatch.setattr(service, "now", lambda at=at: at)
        code, _, err = zebra(*args, "--game", ids["Lions"], store=store)
        assert code == 0, err
        referee = Referee(stores.resolve(store, create=False))
        try:
            events = referee.game_events(UUID(hex=ids["Lions"]))
        finally:
            referee.close()
        assert record.project(events).last_at == last_at(events) == at


def test_a_damaged_head_names_its_game_and_the_others_are_listed(
    two_sqlite_games: tuple[str, dict[str, str]],
) -> None:
    """The head (version and link) is the witness of where a game ends: it is not rebuilt from
    the events, whose end it vouches for; its game is named, the others still shown."""
    store, ids = two_sqlite_games
    db = Db(store)
    before = db.count()
    db.run(
        f"UPDATE {db.heads} SET version = 'abc', link = CAST(X'FF' AS TEXT) WHERE game_id = ?",
        ids["Bears"],
    )
    named = f"error: game {ids['Bears'][:8]} is left out: the store is damaged at game"
    code, out, err = zebra("games", store=store)
    assert code == 1 and [line[:8] for line in out.splitlines()] == [ids["Lions"][:8]]
    assert err.startswith(named) and "its head is not what Zebra writes" in err
    code, out, err = zebra("league", "standings", store=store)
    assert code == 1 and "No finished games yet." in out and err.startswith(named)
    code, out, err = zebra("check", "--all", store=store)
    assert code == 1 and f"game {ids['Lions'][:8]}: ok" in out
    assert f"error: game {ids['Bears'][:8]}: the store is damaged" in err
    assert db.count() == before
