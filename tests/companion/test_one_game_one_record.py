"""One game, one record (issue #26): a game already in the store is recognised at every way in
(``zebra import`` of an events, entries or jsonl export, ``zebra play --script``), refused in one
line with nothing recorded, and ``--copy`` records it again as a marked copy that the standings
never count, on SQLite and on PostgreSQL (docs/exports.md, "One game, one record")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import parse_import, read_text
from companion.service import AlreadyStored, Referee
from tests.domain.scripts import EXAMPLES

FULL = EXAMPLES / "rushzone-full.zebra"
KINDS = {"events": "game.events.jsonl", "entries": "game.zebra", "jsonl": "game.jsonl"}


@pytest.fixture
def store(store_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ZEBRA_STORE", store_url)
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    return store_url


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def events_in(store: str) -> int:
    # Kept in a name: a Referee dropped closes its store's connections.
    referee = Referee(stores.resolve(store, create=False))
    return referee.recorder.max_notification_id() or 0


def status(*game: str) -> dict[str, object]:
    code, out, err = zebra("status", "--json", *game)
    assert code == 0, err
    found: dict[str, object] = json.loads(out)
    return found


def bears(*extra: str) -> dict[str, object]:
    """The Bears' Rush Zone row of ``zebra league standings --json``."""
    code, out, err = zebra("league", "standings", "--json", *extra)
    assert code == 0, err
    rows = [r for r in json.loads(out) if (r["team"], r["ruleset"]) == ("Bears", "rushzone")]
    assert len(rows) == 1, rows
    row: dict[str, object] = rows[0]
    return row


def played_and_exported(tmp_path: Path) -> str:
    """The full Rush Zone example played, exported in all three importable kinds; its id."""
    code, _, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    for kind, name in KINDS.items():
        code, _, err = zebra("export", "--format", kind, "-o", str(tmp_path / name))
        assert code == 0, err
    return str(status()["game_id"])


def assert_one_game(original: str) -> None:
    row = bears()
    assert (row["games"], row["wins"], row["points_for"]) == (1, 1, 25)
    assert status(original[:8])["game_id"] == original


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_importing_a_game_already_in_the_store_says_where_and_records_nothing(
    store: str, tmp_path: Path, kind: str
) -> None:
    original = played_and_exported(tmp_path)
    before = events_in(store)
    code, out, err = zebra("import", str(tmp_path / KINDS[kind]))
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"error: {tmp_path / KINDS[kind]}: this game is already in the store as "
        f"{original.replace('-', '')[:8]}; nothing was recorded (--copy records it again as a "
        "marked copy, which the standings never count)"
    ]
    assert events_in(store) == before
    assert_one_game(original)


@pytest.mark.parametrize(
    ("first", "then"),
    [("events", "entries"), ("entries", "events"), ("events", "jsonl"), ("jsonl", "events")],
)
def test_the_events_and_the_entries_of_one_game_are_one_game_in_either_order(
    store: str, tmp_path: Path, first: str, then: str
) -> None:
    # Exported from another store, so the game comes into this one by import only.
    elsewhere = str(tmp_path / "elsewhere.sqlite")
    zebra("play", "rushzone", "--script", str(FULL), "--store", elsewhere)
    for kind, name in KINDS.items():
        zebra("export", "--format", kind, "-o", str(tmp_path / name), "--store", elsewhere)
    code, out, err = zebra("import", str(tmp_path / KINDS[first]))
    assert code == 0, err
    imported = str(status()["game_id"])
    before = events_in(store)
    code, _, err = zebra("import", str(tmp_path / KINDS[then]))
    assert code == 1 and f"already in the store as {imported.replace('-', '')[:8]};" in err
    assert events_in(store) == before
    assert_one_game(imported)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_copy_imports_under_a_new_id_marked_as_a_copy_and_never_counted(
    store: str, tmp_path: Path, kind: str
) -> None:
    original = played_and_exported(tmp_path)
    before = events_in(store)
    code, out, err = zebra("import", "--copy", str(tmp_path / KINDS[kind]))
    assert code == 0, err
    short = original.replace("-", "")[:8]
    assert f"A copy of game {short}: not counted in the standings" in out
    assert events_in(store) > before
    copy = status()
    assert copy["game_id"] != original and copy["copy_of"] == original
    assert "copy_of" not in status(original[:8])
    # Apart from its id and the mark, the copy's status is the game's.
    same = ("score", "finished", "winner", "entries", "struck", "next")
    assert {k: copy[k] for k in same} == {k: status(original[:8])[k] for k in same}
    listing = zebra("games")[1].splitlines()
    marked = [line for line in listing if f"(A copy of game {short}" in line]
    assert len(listing) == 2 and len(marked) == 1 and marked[0].startswith(str(copy["game_id"])[:8])
    assert_one_game(original)
    # And a copy of the copy's file again: still one game in the standings.
    code, _, err = zebra("import", "--copy", str(tmp_path / KINDS[kind]))
    assert code == 0, err
    assert_one_game(original)


def test_an_events_copy_keeps_the_whole_history_and_marks_it_after_its_last_event(
    store: str, tmp_path: Path
) -> None:
    original = played_and_exported(tmp_path)
    zebra("strike", "5", "--strike-invalid", "--reason", "cocked die")
    zebra("export", "--format", "events", "-o", str(tmp_path / "again.events.jsonl"), "--force")
    referee = Referee(stores.resolve(store, create=False))
    stored = referee.game_events(referee.find(original[:8]))
    code, _, err = zebra("import", "--copy", str(tmp_path / "again.events.jsonl"))
    assert code == 0, err
    copy = referee.find(str(status()["game_id"]))
    events = referee.game_events(copy)
    assert [type(e).__name__ for e in events] == [type(e).__name__ for e in stored] + ["Copied"]
    assert events[-1].of == original and events[-1].by == "referee-1"
    assert status()["struck"] == status(original[:8])["struck"] > 0


def test_copy_of_a_game_not_in_the_store_is_refused_and_records_nothing(
    store: str, tmp_path: Path
) -> None:
    elsewhere = str(tmp_path / "elsewhere.sqlite")
    zebra("play", "rushzone", "--script", str(FULL), "--store", elsewhere)
    zebra("export", "--format", "entries", "-o", str(tmp_path / "game.zebra"), "--store", elsewhere)
    zebra("play", "rushzone", "--home", "Lions", "--away", "Vikings", "--script", str(FULL))
    before = events_in(store)
    code, _, err = zebra("import", "--copy", str(tmp_path / "game.zebra"))
    assert code == 1 and len(err.splitlines()) == 1
    assert "--copy, but this game is not in the store; nothing was recorded" in err
    assert events_in(store) == before


def test_play_script_of_a_stored_game_is_refused_and_with_copy_played_as_a_copy(
    store: str,
) -> None:
    code, _, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    original = str(status()["game_id"])
    before = events_in(store)
    code, out, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert f"already in the store as {original.replace('-', '')[:8]};" in err
    assert events_in(store) == before
    # Other teams make another game: played and counted.
    code, _, err = zebra(
        "play", "rushzone", "--home", "Lions", "--away", "Bears", "--script", str(FULL)
    )
    assert code == 0, err
    code, _, err = zebra("play", "rushzone", "--copy", "--script", str(FULL))
    assert code == 0, err
    assert status()["copy_of"] == original
    row = bears()
    assert (row["games"], row["wins"], row["losses"], row["points_for"]) == (2, 1, 1, 49)


def test_play_copy_without_a_script_or_of_a_new_script_is_refused(
    store: str, tmp_path: Path
) -> None:
    code, _, err = zebra("play", "rushzone", "--copy", "--home", "A", "--away", "B")
    assert code == 1 and "--copy goes with --script FILE" in err
    code, _, err = zebra("play", "rushzone", "--copy", "--script", str(FULL))
    assert code == 1 and "--copy, but this game is not in the store" in err
    assert events_in(store) == 0


def test_a_script_that_differs_in_one_entry_is_another_game(store: str, tmp_path: Path) -> None:
    code, _, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    lines = FULL.read_text().splitlines()
    last = max(
        i for i, line in enumerate(lines) if line.strip() and not line.startswith(("#", "@"))
    )
    # One entry fewer: the game of the script is not the stored one.
    shorter = tmp_path / "shorter.zebra"
    shorter.write_text("\n".join(lines[:last]) + "\n")
    code, _, err = zebra("play", "rushzone", "--script", str(shorter))
    assert code == 0, err
    assert "copy_of" not in status()


def test_the_service_refuses_a_second_import_on_every_door(store: str) -> None:
    referee = Referee(stores.resolve(store, create=True))
    script = parse_import(read_text(FULL), str(FULL))
    script = type(script)(**{**script.__dict__, "ruleset": "rushzone"})
    first = referee.import_game(script).game_id
    events = referee.events_export(first)
    before = referee.recorder.max_notification_id()
    with pytest.raises(AlreadyStored) as refused:
        referee.import_game(script)
    assert refused.value.game_id == first
    with pytest.raises(AlreadyStored):
        referee.import_events(events, "game.events.jsonl")
    assert referee.recorder.max_notification_id() == before
    copy = referee.import_events(events, "game.events.jsonl", copy=True).game_id
    assert referee.record(copy).copy_of == str(first) and referee.status(copy)["copy_of"] == str(
        first
    )
    assert [(s.team, s.games) for s in referee.standings()] == [("Bears", 1), ("Packers", 1)]


def test_a_copy_written_without_its_summary_is_still_never_counted_once_caught_up(
    store: str,
) -> None:
    """A Zebra that keeps no summaries wrote the game and its copy: the catch-up folds the copy's
    mark from its events (projections.summary) into its row, and the standings skip it."""
    from domain.game import Game

    referee = Referee(stores.resolve(store, create=True))
    script = parse_import(read_text(FULL), str(FULL))
    games = []
    for _ in range(2):
        game = Game.start("rushzone", "Bears", "Packers", {}, "scorer", "2026-01-01T00:00:00+00:00")
        for _, text in script.lines:
            game.enter(text, "scorer", "2026-01-01T00:00:00+00:00")
        games.append(game)
    original, copy = games
    copy.mark_copy(str(original.id), "scorer", "2026-01-01T00:00:00+00:00")
    referee.save(original, copy, summaries={})
    assert referee.recorder.select_row(copy.id).summary is None  # type: ignore[union-attr]
    row = bears()
    assert (row["games"], row["wins"], row["points_for"]) == (1, 1, 25)
    caught_up = referee.recorder.select_row(copy.id)
    assert caught_up is not None and caught_up.summary is not None
    assert caught_up.summary.copy_of == str(original.id)


def test_an_events_export_is_its_game_by_id_even_after_the_game_was_corrected(
    store: str, tmp_path: Path
) -> None:
    """The digest no longer matches (an entry struck since the export), the id still does."""
    original = played_and_exported(tmp_path)
    code, _, err = zebra("strike", "5", "--strike-invalid", "--reason", "cocked die")
    assert code == 0, err
    before = events_in(store)
    code, _, err = zebra("import", str(tmp_path / KINDS["events"]))
    assert code == 1 and f"already in the store as {original.replace('-', '')[:8]};" in err
    assert events_in(store) == before
    # The entries export is no longer this game's entries: another game, recorded and counted.
    code, _, err = zebra("import", str(tmp_path / KINDS["entries"]))
    assert code == 0, err
    assert "copy_of" not in status()


def test_a_copys_events_copied_again_keep_their_one_mark(store: str, tmp_path: Path) -> None:
    original = played_and_exported(tmp_path)
    code, _, err = zebra("import", "--copy", str(tmp_path / KINDS["events"]))
    assert code == 0, err
    first = str(status()["game_id"])
    copied = tmp_path / "copy.events.jsonl"
    code, _, err = zebra("export", "--format", "events", "-o", str(copied))
    assert code == 0, err
    before = events_in(store)
    code, _, err = zebra("import", str(copied))
    assert code == 1 and f"already in the store as {first.replace('-', '')[:8]};" in err
    assert events_in(store) == before
    code, _, err = zebra("import", "--copy", str(copied))
    assert code == 0, err
    again = status()
    assert again["game_id"] not in (first, original) and again["copy_of"] == original
    referee = Referee(stores.resolve(store, create=False))
    events = referee.game_events(referee.find(str(again["game_id"])))
    assert [type(e).__name__ for e in events].count("Copied") == 1
    assert_one_game(original)
