"""Figure 2: replay a stored game and build every projection, against a bare ``repository.get``."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import bare, games
from benchmarks.measure import Row, Sample, referee_at, store_game, timed
from companion.service import Referee
from projections import clock, playbyplay, record, scoreboard, situation


def project_all(referee: Referee, game_id: UUID) -> int:
    """Fold the game from its events and build every projection; the events read."""
    events = referee.game_events(game_id)
    rec = record.project(events)
    situation.view(rec)
    scoreboard.view(rec)
    clock.view(rec)
    playbyplay.view(rec)
    return len(events)


def figure_replay(path: Path, game: games.ScriptedGame, reps: int) -> list[Row]:
    """Events a second: a stored game replayed with its projections, or opened, vs a bare get."""
    referee = referee_at(path)
    gid = store_game(referee, game, "Bears", "Packers")
    events = referee.game_events(gid)
    count = len(events)
    app = bare.open_bare(path)
    bid = bare.copy_game(app, events)
    zebra, zebra_open, plain = Sample(), Sample(), Sample()
    for _ in range(reps):
        fresh = referee_at(path)  # a new process opening the game: no cache
        zebra.values.append(count / timed(lambda fresh=fresh: project_all(fresh, gid)))
        fresh = referee_at(path)

        def open_for_play(fresh: Referee = fresh) -> None:
            g = fresh.game(gid)
            g.rules.expected(g.state)

        zebra_open.values.append(count / timed(open_for_play))
        fresh_bare = bare.open_bare(path)
        got: list[Any] = []
        plain.values.append(
            count / timed(lambda b=fresh_bare, g=got: g.append(b.repository.get(bid)))
        )
        assert got[-1].version == count
    n = len(game.entries)
    return [
        Row(
            "2",
            f"replay a stored {n}-entry game ({count} events) and build every projection "
            "vs bare repository.get",
            zebra,
            "ev/s",
            plain,
            "rate",
            "≥ 0.5×",
        ),
        Row(
            "2b",
            f"open the same game for play (repository.get + rules over {n} entries + prompt)",
            zebra_open,
            "ev/s",
            plain,
            "rate",
            "(diagnostic)",
        ),
    ]
