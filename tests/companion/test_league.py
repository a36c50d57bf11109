"""League standings: folded on demand from SQLite, kept current by the projection runner on
PostgreSQL; both must agree, and follow corrections."""

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


def results_in_view(store: stores.Store) -> int | None:
    """How many games the PostgreSQL results view holds (None: it was never made)."""
    import psycopg

    assert store.postgres is not None
    p = store.postgres
    schema = p.get("schema", "public")
    connect = {k: p[k] for k in ("dbname", "host", "port", "user", "password")}
    with psycopg.connect(**connect) as conn:
        made = conn.execute("SELECT to_regclass(%s)", (f"{schema}.zebra_results",)).fetchone()
        if made is None or made[0] is None:
            return None
        row = conn.execute(f'SELECT count(*) FROM "{schema}".zebra_results').fetchone()
        return int(row[0]) if row else 0


def test_the_service_decides_where_a_league_s_standings_come_from(store_url: str) -> None:
    """The CLI asks the service for the standings; the service answers on a PostgreSQL league
    server from the view the projection runner keeps current (brought up to date first), on an
    SQLite store from a fold of the store now; both the same table."""
    store = stores.resolve(store_url, create=True)
    referee = Referee(store)
    finished_games(referee)
    if store.postgres is not None:
        assert results_in_view(store) is None
    assert referee.league_standings() == referee.standings()
    if store.postgres is not None:
        assert results_in_view(store) == 4  # three finished games and one in progress


def test_postgres_standings_view_is_kept_current_by_the_runner(store_url: str) -> None:
    if not store_url.startswith("postgresql://"):
        pytest.skip("the projection runner needs PostgreSQL (SQLite is folded on demand)")
    from companion.league import runner

    store = stores.resolve(store_url, create=True)
    referee = Referee(store)
    running = runner(store)
    try:
        finished_games(referee)
        running.wait(referee.recorder.max_notification_id(), timeout=30)
        from projections import standings

        assert standings.project(running.view.results()) == referee.standings()
        # A disputed final call struck: that game is no longer finished, live.
        game_id = referee.find(None, unfinished=False)
        last_finished = [g for g in referee.games() if g.finished][0].game_id
        referee.undo(last_finished, "the last roll is disputed")
        running.wait(referee.recorder.max_notification_id(), timeout=30)
        assert standings.project(running.view.results()) == referee.standings()
        assert game_id
    finally:
        running.stop()


def test_league_serve_needs_postgres(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    Referee(stores.resolve(str(path), create=True)).start("rushzone", "A", "B")
    result = CliRunner().invoke(app, ["league", "serve", "--store", str(path)])
    assert result.exit_code == 1
    assert "needs a PostgreSQL store" in result.stderr
