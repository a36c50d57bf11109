"""Live league standings on PostgreSQL, kept current by the library's projection runner.

A materialised view holds one row per game (teams, score, finished, winner), written in the
same transaction as the runner's tracking record, so it is exactly as current as the events it
has processed. The standings themselves are the same pure fold as on SQLite
(``projections.standings``), applied to those rows.
"""

from __future__ import annotations

import json
from typing import Any

from eventsourcing.application import Application
from eventsourcing.dispatch import singledispatchmethod
from eventsourcing.persistence import Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.projection import Projection, ProjectionRunner
from psycopg.sql import SQL, Identifier

from companion.integrity import ChainedMapper
from companion.store import Store
from projections import record, standings
from projections.record import GameRecord

RESULTS_TABLE = "zebra_results"


class LeagueReader(Application[Any]):
    """The referee's stored events, read-only, under the same application name."""

    name = "Zebra"
    mapper: ChainedMapper

    def construct_mapper(self) -> ChainedMapper:
        """Read through the chain, as the referee does: damage is named, topics never imported."""
        return ChainedMapper(transcoder=self.construct_transcoder())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mapper.recorder = self.recorder


class ResultsView(PostgresTrackingRecorder):
    """One row per game with what the standings need, written with its tracking record."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        table = Identifier(self.datastore.schema), Identifier(RESULTS_TABLE)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {0}.{1} (game_id text PRIMARY KEY, summary jsonb)"
            ).format(*table)
        )
        self.upsert = SQL(
            "INSERT INTO {0}.{1} (game_id, summary) VALUES (%s, %s) "
            "ON CONFLICT (game_id) DO UPDATE SET summary = EXCLUDED.summary"
        ).format(*table)
        self.select = SQL("SELECT summary FROM {0}.{1}").format(*table)

    def save_result(self, game: GameRecord, tracking: Tracking) -> None:
        """The game's latest result, and that events up to ``tracking`` are processed."""
        situation = game.situation
        summary = {
            "game_id": game.game_id,
            "ruleset": game.ruleset,
            "home": game.home,
            "away": game.away,
            "situation": {
                "finished": bool(situation.get("finished")),
                "winner": situation.get("winner"),
                "score": situation.get("score") or {"home": 0, "away": 0},
            },
        }
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(self.upsert, (game.game_id, json.dumps(summary)))
            self._insert_tracking(curs, tracking)

    def results(self) -> list[GameRecord]:
        """The stored results as minimal game records, for the standings fold."""
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self.select)
            rows = curs.fetchall()
        out = []
        for row in rows:
            summary = row["summary"]
            if isinstance(summary, str):
                summary = json.loads(summary)
            out.append(
                GameRecord(
                    game_id=summary["game_id"],
                    ruleset=summary["ruleset"],
                    home=summary["home"],
                    away=summary["away"],
                    opening=summary["situation"],
                )
            )
        return out


class StandingsProjection(Projection[ResultsView]):
    """Folds each game's record as its events arrive, and stores the game's result."""

    name = "zebra_standings"
    reader: LeagueReader | None = None

    def __init__(self, view: ResultsView) -> None:
        super().__init__(view)
        self.games: dict[Any, GameRecord] = {}

    @singledispatchmethod
    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        key = domain_event.originator_id
        known = self.games.get(key)
        if known is None or known.version != domain_event.originator_version - 1:
            # First sight of this game since start-up: fold its events so far from the store.
            assert self.reader is not None
            events = self.reader.repository.event_store.get(
                key, lte=domain_event.originator_version
            )
            game = record.project(events)
        else:
            game = record.evolve(known, domain_event)
        self.games[key] = game
        if game.game_id:
            self.view.save_result(game, tracking)
        else:
            self.view.insert_tracking(tracking)


def runner(store: Store) -> ProjectionRunner[LeagueReader, ResultsView]:
    """A running projection that keeps the results view current (stop() it when done)."""
    # The projection re-reads a game's events when one arrives, so it needs a reader before the
    # runner's processing thread starts: bind one into a subclass made for this runner.
    bound = type(
        "StandingsProjection",
        (StandingsProjection,),
        {"name": StandingsProjection.name, "reader": LeagueReader(env=store.env)},
    )
    return ProjectionRunner(
        application_class=LeagueReader,
        projection_class=bound,
        view_class=ResultsView,
        env=store.env,
    )


def live_standings(store: Store, timeout: float = 30.0) -> list[standings.Standing]:
    """Standings from the view, once it has caught up with every event in the store."""
    running = runner(store)
    try:
        running.wait(running.app.recorder.max_notification_id(), timeout=timeout)
        return standings.project(running.view.results())
    finally:
        running.stop()
