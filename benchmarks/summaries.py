"""Figure 7 (issue #19): status, games, resume and standings read each game's summary.

The leagues of 100, 1,000 and 5,000 finished Rush Zone games (and one unfinished game, played
last) come from benchmarks.leagues: built once per size and event format, and cached.

    python -m benchmarks --only 457                 # with figures 4 and 5, at every size
    python -m benchmarks.summaries --sizes 100,1000 # this figure alone

Each read is timed in this process with a fresh ``Referee`` (a fresh process is figure 4's),
next to its bare counterpart doing the least storage work that answers the same question: one
indexed row or event through sqlite3 or the library, or every row of the heads table. The
standings after one game written without a summary run on a working copy of the league.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import bare, games
from benchmarks.leagues import League, drop, league, working_copy
from benchmarks.measure import AT, BY, Row, Sample, say, timed
from benchmarks.report import markdown
from companion.service import Referee
from companion.store import Store

SIZES = (100, 1_000, 5_000)


# Measuring ------------------------------------------------------------------------------------


def fresh_status(path: Path, game: UUID) -> None:
    Referee(Store(path)).status(game)


def bare_status(path: Path, game: UUID) -> None:
    """The bare counterpart of a status read: that game's last event, through the library."""
    app = bare.open_bare(path)
    (last,) = app.recorder.select_events(game.hex, desc=True, limit=1)
    json.loads(last.state)


def bare_rows(path: Path) -> int:
    """The bare counterpart of the listing: every head row, through sqlite3."""
    with closing(sqlite3.connect(path)) as conn:
        return len(conn.execute("SELECT * FROM game_heads").fetchall())


def bare_one_row(path: Path) -> None:
    """The bare counterpart of resume: the latest unfinished row, through sqlite3."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(
            "SELECT game_id FROM game_heads WHERE finished = 0 ORDER BY touched DESC LIMIT 1"
        ).fetchall()


def repeat(reps: int, fn: Any) -> Sample:
    """``fn`` timed ``reps`` times."""
    return Sample([timed(fn) for _ in range(reps)])


def figure_summaries(workdir: Path, leagues: list[League], reps: int = 3) -> list[Row]:
    """Figure 7 for each league: status of one game, the games listing, resume without an id
    and the standings, in process, each against its bare counterpart."""
    rows: list[Row] = []
    for found in leagues:
        rows += [_status_row(found, reps), _listing_row(found, reps), _resume_row(found, reps)]
        rows += standings_rows(workdir, found, reps)
    return rows


def _status_row(found: League, reps: int) -> Row:
    """The status of the league's last game, against its last event read through the library."""
    path = found.path
    with closing(sqlite3.connect(path)) as conn:
        (last,) = conn.execute(
            "SELECT originator_id FROM stored_events ORDER BY rowid DESC LIMIT 1"
        ).fetchone()
    last_game = UUID(hex=last)
    status = repeat(reps, lambda p=path, g=last_game: fresh_status(p, g))
    return Row(
        "7",
        f"status of one game, {found.games:,} games, in process",
        status,
        "s",
        repeat(reps, lambda p=path, g=last_game: bare_status(p, g)),
        "time",
        "flat in games",
        note="bare: that game's last event read through the library",
        series="status of one game",
        size=found.games,
    )


def _listing_row(found: League, reps: int) -> Row:
    """The games listing, against every head row read through sqlite3."""
    path = found.path
    listing = Sample()
    for _ in range(reps):
        referee = Referee(Store(path))
        listing.values.append(timed(lambda r=referee: r.games()))
    return Row(
        "7",
        f"games listing, {found.games:,} games, in process",
        listing,
        "s",
        repeat(reps, lambda p=path: bare_rows(p)),
        "time",
        "(diagnostic)",
        note="bare: every head row through sqlite3",
        series="games listing",
        size=found.games,
    )


def _resume_row(found: League, reps: int) -> Row:
    """Resume without an id (the latest unfinished game), against that one row via sqlite3."""
    path = found.path
    resume = Sample()
    for _ in range(reps):
        referee = Referee(Store(path))
        resume.values.append(timed(lambda r=referee: r.find(None, unfinished=True)))
        assert referee.find(None, unfinished=True) == found.playing
    return Row(
        "7",
        f"resume without an id (latest unfinished game), {found.games:,} games, in process",
        resume,
        "s",
        repeat(reps, lambda p=path: bare_one_row(p)),
        "time",
        "flat in games",
        note="bare: the one row through sqlite3",
        series="resume without an id",
        size=found.games,
    )


def standings_rows(workdir: Path, found: League, reps: int) -> list[Row]:
    """The standings with every summary current, and after one more game stored without
    summaries (its events read), each against its bare counterpart."""
    label = f"{found.games:,} games"
    current = Sample()
    for _ in range(reps):
        referee = Referee(Store(found.path))
        current.values.append(timed(lambda r=referee: r.standings()))
    # One more game by a Zebra that keeps no summaries: the standings read its events only.
    copy = working_copy(found.path, workdir / f"incremental-{found.games}.sqlite")
    incremental, one_game = Sample(), Sample()
    for i in range(reps):
        from domain.game import Game

        referee = Referee(Store(copy))
        game = Game.start("rushzone", "Bears", "Lions", {}, BY, AT)
        for text in games.finished_games("rushzone", 1, 100 + i)[0].entries:
            game.enter(text, BY, AT)
        referee.save(game, summaries={})
        fresh = Referee(Store(copy))
        incremental.values.append(timed(lambda r=fresh: r.standings()))
        app = bare.open_bare(copy)
        one_game.values.append(
            timed(
                lambda a=app, g=game.id: [
                    json.loads(s.state) for s in a.recorder.select_events(g.hex)
                ]
            )
        )
        for opened in (referee, fresh, app):
            opened.close()
    drop(copy)
    return [
        Row(
            "7",
            f"standings, summaries current, {label}, in process",
            current,
            "s",
            None,
            "",
            "(diagnostic)",
            series="standings, summaries current",
            size=found.games,
        ),
        Row(
            "7",
            f"standings after one new game written without a summary, {label}, "
            "vs reading that game's events bare",
            incremental,
            "s",
            one_game,
            "time",
            "flat in games",
            series="standings after one game without a summary",
            size=found.games,
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.summaries")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    workdir = args.dir or Path(tempfile.mkdtemp(prefix="zebra-summaries-"))
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    leagues = [league(int(size)) for size in args.sizes.split(",")]
    rows = figure_summaries(workdir, leagues, max(3, args.reps))
    say(markdown(rows))
    say(f"\ntotal {time.perf_counter() - started:.0f} s")
    if args.json:
        from dataclasses import asdict

        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1, default=str))
    if args.dir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
