"""Each game's head (companion.heads) is written with its events and every read is held to it.

The chain proves what was read of a game is whole up to where the read stopped; the head proves
the read reached the game's end. Every test changes the store behind Zebra's back through the
database itself (SQLite or PostgreSQL, see conftest.py) and puts the read commands to it: each
must print what it printed on the sound store or name the damage in one line (issue #14).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.heads import HEADS_TABLE
from companion.integrity import stored_link

FIXTURES = Path(__file__).parents[1] / "fixtures"
OPENING = ("toss home", "kick", "green 1 3", "white 1 4 4 4 6 4")
# The commands that read a game to its end, and the listing that reads every game.
READS = {
    "status": ("status", "--json"),
    "history": ("history",),
    "export": ("export", "-f", "csv"),
    "check": ("check",),
    "games": ("games",),
}


def zebra(*args: str, store: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(
        app, [*args, "--store", store]
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def named(code: int, err: str, *words: str) -> str:
    """One ``error:`` line, exit 1, holding every word."""
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1 and lines[0].startswith("error: "), err
    for word in words:
        assert word in lines[0], err
    return lines[0]


class Db:
    """The store's own database, reached behind Zebra's back."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = url.startswith("postgresql://")
        if self.postgres:
            query = dict(parse_qsl(urlsplit(url).query))
            self.schema = query["schema"]
            self.address = url.split("?")[0]
            self.events = f"{self.schema}.zebra_events"
            self.heads = f"{self.schema}.{HEADS_TABLE}"
        else:
            self.events, self.heads = "stored_events", HEADS_TABLE

    def run(self, statement: str, *params: Any) -> list[tuple[Any, ...]]:
        """One statement, committed; its rows, if it has any."""
        if self.postgres:
            import psycopg

            with psycopg.connect(self.address) as conn:
                cur = conn.execute(statement.replace("?", "%s"), params)
                return list(cur.fetchall()) if cur.description else []
        with closing(sqlite3.connect(self.url)) as conn:
            cur = conn.execute(statement, params)
            found = list(cur.fetchall())
            conn.commit()
            return found

    def last_event(self) -> tuple[int, str]:
        """The version and chain link of the store's last event (the store holds one game)."""
        version, state = self.run(
            f"SELECT originator_version, state FROM {self.events} "
            "ORDER BY originator_version DESC LIMIT 1"
        )[0]
        link = stored_link(bytes(state))
        assert link is not None
        return int(version), link

    def event_link(self, version: int) -> str:
        (state,) = self.run(
            f"SELECT state FROM {self.events} WHERE originator_version = ?", version
        )[0]
        link = stored_link(bytes(state))
        assert link is not None
        return link

    def head_rows(self) -> list[tuple[int, str]]:
        return [
            (int(v), str(link)) for v, link in self.run(f"SELECT version, link FROM {self.heads}")
        ]

    def count(self) -> int:
        return int(self.run(f"SELECT COUNT(*) FROM {self.events}")[0][0])


@pytest.fixture
def game(store_url: str, tmp_path: Path) -> tuple[str, str]:
    """A store holding one game of a few entries, and the game's id prefix."""
    script = tmp_path / "opening.zebra"
    script.write_text("\n".join(OPENING) + "\n", encoding="utf-8")
    code, _, err = zebra("play", "rushzone", "--script", str(script), store=store_url)
    assert code == 0, err
    code, out, err = zebra("status", "--json", store=store_url)
    assert code == 0, err
    return store_url, json.loads(out)["game_id"].replace("-", "")[:8]


def reads(store: str, game: str) -> dict[str, tuple[int, str, str]]:
    """Every read command against the store (the game named, but for the listing)."""
    return {
        name: zebra(*args, *([] if name == "games" else [game]), store=store)
        for name, args in READS.items()
    }


def sound_reads(store: str, game: str) -> dict[str, str]:
    found = reads(store, game)
    for name, (code, _, err) in found.items():
        assert code == 0, (name, err)
    return {name: out for name, (_, out, _) in found.items()}


# Written with the events ------------------------------------------------------------------------


def test_every_write_moves_the_head_with_its_events(game: tuple[str, str]) -> None:
    store, gid = game
    db = Db(store)
    assert db.head_rows() == [db.last_event()]
    before = db.count()
    code, _, err = zebra("undo", gid, "--reason", "the die was cocked", store=store)
    assert code == 0, err
    assert db.count() > before
    assert db.head_rows() == [db.last_event()]


def refuse_head_writes(db: Db) -> None:
    """Make every change to a head row fail, as a damaged or full store would."""
    if db.postgres:
        db.run(
            f"CREATE FUNCTION {db.schema}.refuse() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'the head cannot be written'; END $$"
        )
        db.run(
            f"CREATE TRIGGER refuse BEFORE UPDATE ON {db.heads} "
            f"FOR EACH ROW EXECUTE FUNCTION {db.schema}.refuse()"
        )
    else:
        # Not RAISE(ABORT): SQLite reports that as a constraint, which reads as a lost race.
        db.run(
            f"CREATE TRIGGER refuse BEFORE UPDATE ON {db.heads} BEGIN SELECT * FROM nowhere; END"
        )


def test_an_entry_whose_head_cannot_be_written_is_not_recorded(game: tuple[str, str]) -> None:
    """The head is written in the events' own transaction: no head, no events."""
    store, gid = game
    db = Db(store)
    before, head = db.count(), db.head_rows()
    refuse_head_writes(db)
    code, _, err = zebra("enter", "punt", "--game", gid, store=store)
    named(code, err, "could not be read or written")
    assert db.count() == before and db.head_rows() == head
    db.run("DROP TRIGGER refuse" + (f" ON {db.heads}" if db.postgres else ""))
    code, _, err = zebra("enter", "punt", "--game", gid, store=store)
    assert code == 0, err
    assert db.count() > before and db.head_rows() == [db.last_event()]


# Reads held to the head -------------------------------------------------------------------------


@pytest.mark.parametrize("cut", [1, 2])
def test_a_game_cut_short_at_its_end_is_named(game: tuple[str, str], cut: int) -> None:
    """The last events deleted: the prefix's chain is sound, the head names what is missing."""
    store, gid = game
    db = Db(store)
    last, _ = db.last_event()
    db.run(f"DELETE FROM {db.events} WHERE originator_version > ?", last - cut)
    for name, (code, out, err) in reads(store, gid).items():
        line = named(code, err, gid, f"event {last - cut + 1}", "missing")
        assert not out, (name, out)
        assert "run zebra check" in line


def set_head(db: Db, version: int, link: str) -> None:
    db.run(f"UPDATE {db.heads} SET version = ?, link = ?", version, link)


@pytest.mark.parametrize(
    "head", ["the last event", "one past the last", "the last, another link", "the one before"]
)
def test_a_read_must_reach_the_head_and_end_in_its_event(game: tuple[str, str], head: str) -> None:
    """Both sides of the boundary: a read that reaches the head's event is sound, one that stops
    before it or ends in another event is damage; events past the head (written by a Zebra that
    kept no heads) are read, and the next write moves the head onto them."""
    store, gid = game
    db = Db(store)
    sound = sound_reads(store, gid)
    last, link = db.last_event()
    if head == "the last event":
        set_head(db, last, link)
    elif head == "one past the last":
        set_head(db, last + 1, link)
    elif head == "the last, another link":
        set_head(db, last, "0" * 64)
    else:
        set_head(db, last - 1, db.event_link(last - 1))
    found = reads(store, gid)
    if head in ("the last event", "the one before"):
        assert {name: out for name, (_, out, _) in found.items()} == sound
        assert all(code == 0 for code, _, _ in found.values())
    else:
        word = "missing" if head == "one past the last" else "head records"
        for code, _, err in found.values():
            named(code, err, gid, word)
    if head == "the one before":
        code, _, err = zebra("enter", "punt", "--game", gid, store=store)
        assert code == 0, err
        assert db.head_rows() == [db.last_event()]


def test_a_game_without_a_head_is_read_as_before_and_gains_one(game: tuple[str, str]) -> None:
    """A game last written before the heads table: trusted up to its chain, until its next
    write gives it a head."""
    store, gid = game
    db = Db(store)
    sound = sound_reads(store, gid)
    db.run(f"DELETE FROM {db.heads}")
    assert sound_reads(store, gid) == sound
    code, _, err = zebra("enter", "punt", "--game", gid, store=store)
    assert code == 0, err
    assert db.head_rows() == [db.last_event()]


def test_a_head_whose_events_are_all_gone_is_named(game: tuple[str, str]) -> None:
    store, gid = game
    db = Db(store)
    db.run(f"DELETE FROM {db.events}")
    for args in (("games",), ("check", "--all")):
        code, _, err = zebra(*args, store=store)
        named(code, err, gid, "event 1", "missing")


# The previous version's store -------------------------------------------------------------------


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}


def without_calendar(status: dict[str, Any]) -> dict[str, Any]:
    """The status as Zebra 0.1 printed it: its game kept no season, so it is in the season of
    the year it started (domain.schedule), with no week."""
    assert (status.pop("season"), status.pop("week")) == (2026, None)
    return {k: v for k, v in status.items() if k != "version"}


def test_a_store_of_zebra_0_1_opens_reads_and_plays_on_gaining_a_head(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = tmp_path / "old.sqlite"
    shutil.copy(FIXTURES / "store-v0.1.sqlite", store)
    assert HEADS_TABLE not in tables(store)
    expected = json.loads((FIXTURES / "store-v0.1.df765954.status.json").read_text())
    # Read-only, it is read as it is, and nothing is created in it.
    monkeypatch.setenv(stores.READ_ONLY_ENV, "1")
    code, out, err = zebra("status", "df765954", "--json", store=str(store))
    assert code == 0, err
    assert without_calendar(json.loads(out)) == expected
    code, out, err = zebra("games", store=str(store))
    assert code == 0 and "df765954"[:4] not in err, err
    assert HEADS_TABLE not in tables(store)
    monkeypatch.delenv(stores.READ_ONLY_ENV)
    # Opened for writing, it gains the table; its games have no head until they are written
    # (their rows hold only their summaries, issue #19: a head without a link).
    code, out, err = zebra("history", "df765954", store=str(store))
    assert code == 0 and out == (FIXTURES / "store-v0.1.df765954.history.txt").read_text(), err
    db = Db(str(store))
    assert HEADS_TABLE in tables(store) and all(link == "" for _, link in db.head_rows())
    code, _, err = zebra("confirm", "--game", "f412e7a4", "--by", "bob", store=str(store))
    assert code == 0, err
    ((game_id, version, link),) = db.run(
        f"SELECT game_id, version, link FROM {HEADS_TABLE} WHERE link <> ''"
    )
    assert game_id.startswith("f412e7a4")
    last_version, last_state = db.run(
        "SELECT originator_version, state FROM stored_events WHERE originator_id = ? "
        "ORDER BY originator_version DESC LIMIT 1",
        game_id,
    )[0]
    assert (version, link) == (last_version, stored_link(last_state))
    code, _, err = zebra("check", "--all", store=str(store))
    assert code == 0 and "2 games checked" in _, err
    # The head is in force for the game written: its last event deleted is named; the game
    # not written since 0.1 is read as before.
    db.run(
        "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?",
        game_id,
        last_version,
    )
    code, _, err = zebra("status", "f412e7a4", store=str(store))
    named(code, err, "f412e7a4", "missing")
    code, out, err = zebra("status", "df765954", "--json", store=str(store))
    assert code == 0, err
    assert without_calendar(json.loads(out)) == expected
