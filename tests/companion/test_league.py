"""League standings from each game's summary, on SQLite and PostgreSQL alike: they must count
finished games only, and follow corrections."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import parse_import, read_text
from companion.service import Referee
from tests.domain.scripts import EXAMPLES


def finished_games(referee: Referee) -> None:
    for name in ("rushzone-full", "rushzone-overtime", "gridironmasters-full"):
        path = EXAMPLES / f"{name}.zebra"
        script = parse_import(read_text(path), str(path))
        script = type(script)(**{**script.__dict__, "ruleset": name.split("-")[0]})
        referee.import_game(script)
    referee.start("rushzone", "Bears", "Lions")  # in progress: not in the standings


def test_standings_count_finished_games_per_team_and_ruleset(store_url: str) -> None:
    referee = Referee(stores.resolve(store_url, create=True))
    finished_games(referee)
    table = {(s.ruleset, s.team): s for s in referee.standings()}
    bears = table[("rushzone", "Bears")]
    assert (bears.games, bears.wins, bears.losses) == (2, 1, 1)
    assert bears.points_for == 25 + 17 and bears.points_against == 24 + 23
    assert ("rushzone", "Lions") not in table
    assert table[("gridironmasters", "Packers")].losses == 1


def test_cli_standings_and_games_in_progress(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ZEBRA_STORE", store_url)
    finished_games(Referee(stores.resolve(store_url, create=True)))
    runner = CliRunner(env={"COLUMNS": "120"})
    result = runner.invoke(app, ["league", "standings", "--json"])
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert {
        "team": "Bears",
        "ruleset": "rushzone",
        "games": 2,
        "wins": 1,
        "losses": 1,
        "ties": 0,
        "points_for": 42,
        "points_against": 47,
        "percentage": 0.5,
    } in rows
    result = runner.invoke(app, ["league", "games"])
    assert "Bears 0 - Lions 0" in result.stdout


def test_the_service_gives_a_league_the_same_standings_on_either_store(store_url: str) -> None:
    """The CLI asks the service for a league's standings: the games' summaries on SQLite and on
    PostgreSQL alike, the same table as a fold of every event."""
    store = stores.resolve(store_url, create=True)
    referee = Referee(store)
    finished_games(referee)
    from projections import standings

    folded = standings.project(standings.result_of(r) for r in referee.records())
    assert referee.league_standings() == referee.standings() == folded


def test_standings_follow_a_correction_to_a_finished_game(store_url: str) -> None:
    """The standings are read from each game's summary, written with the correction itself."""
    referee = Referee(stores.resolve(store_url, create=True))
    finished_games(referee)
    before = {(s.ruleset, s.team): s for s in referee.standings()}
    last_finished = [g for g in referee.games() if g.finished][0].game_id
    referee.undo(last_finished, "the last roll is disputed")
    after = {(s.ruleset, s.team): s for s in Referee(referee.store).standings()}
    assert sum(s.games for s in after.values()) == sum(s.games for s in before.values()) - 2
    from projections import standings

    assert list(after.values()) == standings.project(
        standings.result_of(r) for r in referee.records()
    )


def test_league_serve_keeps_the_summaries_caught_up(store_url: str) -> None:
    if not store_url.startswith("postgresql://"):
        pytest.skip("league serve is for a PostgreSQL league store")
    referee = Referee(stores.resolve(store_url, create=True))
    game = referee.game(referee.start("rushzone", "Bears", "Lions").game_id)
    game.enter("toss home", "old zebra", "2026-01-01T00:00:00+00:00")
    referee.save(game, summaries={})  # as a Zebra that keeps no summaries writes
    assert referee.recorder.select_tracking()[0] < referee.recorder.max_notification_id()
    result = CliRunner().invoke(app, ["league", "serve", "--seconds", "0", "--store", store_url])
    assert result.exit_code == 0, result.output
    assert referee.recorder.select_tracking()[0] == referee.recorder.max_notification_id()


def test_league_serve_needs_postgres(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    Referee(stores.resolve(str(path), create=True)).start("rushzone", "A", "B")
    result = CliRunner().invoke(app, ["league", "serve", "--store", str(path)])
    assert result.exit_code == 1
    assert "needs a PostgreSQL store" in result.stderr
