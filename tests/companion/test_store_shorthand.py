"""A store written before every entry form kept its sides (issue #26) opens with every entry's
sides as they were recorded, and a correction names the entries it would give to the other team.

tests/fixtures/store-shorthand.sqlite was written by tests/fixtures/make_store_shorthand.py on
main at d11f0da, where an entry typed without its keyword (Rush Zone's ``6 2 4 / 3 5 1``) was
stored with no slot sides; what ``history`` printed then is in tests/fixtures/store-shorthand/.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from uuid import UUID

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.service import Referee
from companion.store import resolve
from domain.game import Game

FIXTURES = Path(__file__).parents[1] / "fixtures"
GAMES: dict[str, str] = json.loads((FIXTURES / "store-shorthand" / "games.json").read_text())


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def events_in(store: str) -> int:
    with sqlite3.connect(store) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0])


@pytest.fixture
def store(tmp_path: Path) -> str:
    copy = tmp_path / "shorthand.sqlite"
    shutil.copy(FIXTURES / "store-shorthand.sqlite", copy)
    return str(copy)


def stored_game(store: str, name: str) -> Game:
    return Referee(resolve(store, create=False)).game(UUID(GAMES[name]))


def owners(game: Game, seq: int) -> tuple[str, ...]:
    sides = game.sides_of(seq)
    assert sides is not None
    return sides.owners


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_shows_the_history_it_showed_when_it_was_written(store: str, name: str) -> None:
    code, out, err = zebra("history", GAMES[name], "--store", store)
    assert code == 0, err
    assert out == (FIXTURES / "store-shorthand" / f"{name}.history.txt").read_text()


def test_bare_and_labelled_rolls_keep_the_teams_they_were_rolled_by(store: str) -> None:
    """Rush Zone (nfl-rush-zone.txt, "Kickoff" and "Downs"): the receiving team's green die
    first, then the kicking team's; three white dice of the offence, then of the defence."""
    game = stored_game(store, "rushzone-plain")
    assert owners(game, 3) == ("home", "away")  # "2 5": Bears receive, Packers kick
    assert owners(game, 4) == ("home", "away")  # "2 5 4 / 6 1 6": Bears on offence
    assert owners(game, 6) == ("home", "away")  # "2 5": Bears go for it
    assert owners(game, 7) == ("away", "home")  # "1 3 1 / 3 4 5": Packers on offence
    assert owners(game, 10) == ("home", "away")  # "Bears 4 4 4 / Packers 1 1 1"
    assert owners(game, 12) == ("away", "home")  # "roll ...": Packers took the loose ball


@pytest.mark.parametrize("name", sorted(set(GAMES) - {"rushzone-flipped"}))
def test_every_stored_entry_has_the_sides_the_same_entry_gets_when_typed_today(
    store: str, name: str
) -> None:
    """The games were never corrected: typed again from the start today, each entry gets the
    sides the stored one was recorded with."""
    game = stored_game(store, name)
    fresh = Game.start(game.ruleset, game.home, game.away, dict(game.options), "t", "t")
    for entry in game.effective:
        fresh.enter(entry.text, "t", "t")
        recorded, typed = game.sides_of(entry.seq), fresh.entries[entry.seq].sides
        assert recorded is not None and typed is not None
        assert recorded.same_team(typed), (entry.seq, entry.text, recorded, typed)


def test_the_issue_repro_strikes_entry_7_with_its_sides_named(store: str) -> None:
    game = GAMES["rushzone-plain"]
    count = events_in(store)
    code, _, err = zebra("strike", "4", "--game", game, "--reason", "x", "--store", store)
    assert code == 1
    assert "entry 7 '1 3 1 / 3 4 5': it was entered for Packers, then Bears" in err
    assert events_in(store) == count
    code, out, err = zebra(
        "strike", "4", "--game", game, "--reason", "x", "--strike-invalid", "--store", store
    )
    assert code == 0, err
    assert "Also struck entry 7 '1 3 1 / 3 4 5'" in out
    assert "it was entered for Packers, then Bears" in out


def test_an_entry_zebra_0_2_gave_to_the_other_team_is_named_by_the_next_correction(
    store: str,
) -> None:
    """In 0.2, striking entry 4 silently made entry 7 the Bears' roll (the history written then
    shows it); it was recorded as the Packers'. Amending it now is refused with both named."""
    game = GAMES["rushzone-flipped"]
    written = (FIXTURES / "store-shorthand" / "rushzone-flipped.history.txt").read_text()
    assert "Bears 1-3-1 (5), Packers 3-4-5" in written
    assert owners(stored_game(store, "rushzone-flipped"), 7) == ("away", "home")
    count = events_in(store)
    code, _, err = zebra(
        "amend", "7", "white 1 3 1 3 4 5", "--game", game, "--reason", "x", "--store", store
    )
    assert code == 1
    assert "it was entered for Packers, then Bears, but Bears, then Packers" in err
    assert events_in(store) == count


def test_a_shorthand_entry_is_amended_in_the_keyword_form(store: str) -> None:
    game = GAMES["rushzone-plain"]
    code, out, err = zebra(
        "amend", "7", "white 1 3 1 3 4 6", "--game", game, "--reason", "a 6", "--store", store
    )
    assert code == 0, err
    code, out, err = zebra(
        "amend",
        "4",
        "white Bears 2 5 4 / Packers 6 1 5",
        "--game",
        game,
        "--reason",
        "a 5",
        "--store",
        store,
        "--strike-invalid",
    )
    assert code == 0, err
    assert owners(stored_game(store, "rushzone-plain"), 4) == ("home", "away")
