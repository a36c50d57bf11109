"""Figure 7 (issue #19): status, games, resume and standings read each game's summary.

Leagues of 100, 1,000 and 5,000 finished Rush Zone games (and one unfinished game, played last)
are built once per size with a bare writer: a pool of random games is played by the rules once,
and every stored game is a copy of one of them under a new id, its events put straight into the
store with its summary, 50 games a transaction (no rule is re-run).

    python -m benchmarks --only 7                   # with the other figures' options
    python -m benchmarks.summaries --sizes 100,1000 # this figure alone

Each read is timed in this process with a fresh ``Referee`` (a fresh process is figure 4's and
the last rows here), next to its bare counterpart doing the least storage work that answers the
same question: one indexed row or event through sqlite3 or the library, every row of the heads
table, or the whole notification log read and decoded (``bare.read_log``). Memory is the peak
resident size of a fresh process doing only that read.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

from benchmarks import bare, games
from benchmarks.run import AT, BY, ROOT, TEAMS, Row, Sample, markdown, say, timed, zebra_command
from companion.service import Referee, last_at, live_status
from companion.store import Store
from companion.summaries import summary_of
from companion.transfer import moved
from domain.game import Game

SIZES = (100, 1_000, 5_000)
POOL = 40
PER_SAVE = 50


# Building a league once ---------------------------------------------------------------------


def pool_of(count: int, seed: int) -> list[tuple[list[Any], dict[str, Any]]]:
    """``count`` finished games played by the rules: their events and their final status."""
    out = []
    for played in games.finished_games("rushzone", count, seed):
        game = Game.start("rushzone", "Home", "Away", {}, BY, AT)
        for text in played.entries:
            game.enter(text, BY, AT)
        status = live_status(game)
        out.append((list(game.collect_events()), status))
    return out


def build(path: Path, count: int, seed: int) -> tuple[int, UUID]:
    """``count`` finished games and one unfinished, written as copies (see the module note);
    the number of events and the unfinished game's id."""
    pool = pool_of(POOL, seed)
    rnd = random.Random(seed)
    referee: Referee | None = None
    batch: list[Any] = []
    summaries: dict[UUID, Any] = {}
    for i in range(count):
        if i % 500 == 0:
            referee = Referee(Store(path))  # a fresh mapper: the links it keeps stay bounded
        events, status = pool[i % len(pool)]
        home, away = rnd.sample(TEAMS, 2)
        game_id = uuid4()
        copied = moved(events, game_id)
        object.__setattr__(copied[0], "__dict__", {**vars(copied[0]), "home": home, "away": away})
        batch += copied
        shown = {**status, "game_id": str(game_id), "home": home, "away": away}
        summaries[game_id] = summary_of(shown, last_at(events))
        if len(summaries) == PER_SAVE or i == count - 1:
            assert referee is not None
            referee.repository.event_store.put(batch, summaries=summaries)
            referee.mapper.settle(stored=True)
            batch, summaries = [], {}
    referee = Referee(Store(path))
    playing = referee.start("rushzone", "Bears", "Packers", by=BY).game_id
    for text in ("toss home", "receive"):
        referee.enter(playing, text, BY)
    return int(referee.recorder.max_notification_id() or 0), playing


def strip_summaries(source: Path, target: Path) -> None:
    """A copy of the store as a Zebra that kept no summaries left it: no head rows, no tracking."""
    with closing(sqlite3.connect(source)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(source, target)
    with closing(sqlite3.connect(target)) as conn:
        conn.execute("DELETE FROM game_heads")
        conn.execute("UPDATE zebra_tracking SET position = 0, games = 0")
        conn.commit()


# Measuring ------------------------------------------------------------------------------------


def in_fresh_process(code: str) -> tuple[float, float]:
    """Run ``code`` (which sets ``result``) in a fresh interpreter: seconds it took, peak MiB."""
    script = (
        "import resource, time\n"
        f"{code}\n"
        "t0 = time.perf_counter()\n"
        "run()\n"
        "t = time.perf_counter() - t0\n"
        "print(t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-400:])
    seconds, mib = done.stdout.split()[-2:]
    return float(seconds), float(mib)


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
    return Sample([timed(fn) for _ in range(reps)])


def figure_summaries(
    workdir: Path, sizes: tuple[int, ...] = SIZES, reps: int = 5, seed: int = 1
) -> list[Row]:
    rows: list[Row] = []
    env = {**os.environ, "ZEBRA_USER": BY, "COLUMNS": "100", "XDG_STATE_HOME": str(workdir)}
    env.pop("ZEBRA_STORE", None)
    zebra = zebra_command()
    helps = Sample(
        [
            timed(lambda: subprocess.run([*zebra, "--help"], env=env, capture_output=True))
            for _ in range(reps)
        ]
    )
    for count in sizes:
        path = workdir / f"league-{count}.sqlite"
        t0 = time.perf_counter()
        events, playing = build(path, count, seed)
        say(f"    built {count:,} games ({events:,} events) in {time.perf_counter() - t0:.0f} s")
        last = UUID(
            hex=sqlite3.connect(path)
            .execute("SELECT originator_id FROM stored_events ORDER BY rowid DESC LIMIT 1")
            .fetchone()[0]
        )
        label = f"{count:,} games"
        rows.append(
            Row(
                "7",
                f"status of one game, {label}, in process",
                repeat(reps, lambda p=path, g=last: fresh_status(p, g)),
                "s",
                repeat(reps, lambda p=path, g=last: bare_status(p, g)),
                "time",
                "flat in games",
                note="bare: that game's last event read through the library",
            )
        )
        listing = Sample()
        for _ in range(reps):
            referee = Referee(Store(path))
            listing.values.append(timed(lambda r=referee: r.games()))
        rows.append(
            Row(
                "7",
                f"games listing, {label}, in process",
                listing,
                "s",
                repeat(reps, lambda p=path: bare_rows(p)),
                "time",
                "(diagnostic)",
                note="bare: every head row through sqlite3",
            )
        )
        resume = Sample()
        for _ in range(reps):
            referee = Referee(Store(path))
            resume.values.append(timed(lambda r=referee: r.find(None, unfinished=True)))
        rows.append(
            Row(
                "7",
                f"resume without an id (latest unfinished game), {label}, in process",
                resume,
                "s",
                repeat(reps, lambda p=path: bare_one_row(p)),
                "time",
                "flat in games",
                note="bare: the one row through sqlite3",
            )
        )
        status_cli = Sample(
            [
                timed(
                    lambda p=path: subprocess.run(
                        [*zebra, "status", "--store", str(p)], env=env, capture_output=True
                    )
                )
                for _ in range(reps)
            ]
        )
        rows.append(
            Row(
                "7",
                f"zebra status, {label}, fresh process, vs zebra --help",
                status_cli,
                "s",
                helps,
                "time",
                "≤ 1.3×",
                met=status_cli.median <= 1.3 * helps.median,
            )
        )
        rows += standings_rows(workdir, path, count, events, reps)
    return rows


def standings_rows(workdir: Path, path: Path, count: int, events: int, reps: int) -> list[Row]:
    label = f"{count:,} games"
    stripped = workdir / f"stripped-{count}.sqlite"
    from_empty, empty_mib, log, log_mib = Sample(), Sample(), Sample(), Sample()
    for _ in range(reps):
        strip_summaries(path, stripped)
        seconds, mib = in_fresh_process(
            "from pathlib import Path\nfrom companion.service import Referee\n"
            "from companion.store import Store\n"
            f"def run(): Referee(Store(Path({str(stripped)!r}))).standings()"
        )
        from_empty.values.append(seconds)
        empty_mib.values.append(mib)
        seconds, mib = in_fresh_process(
            "from pathlib import Path\nfrom benchmarks import bare\n"
            f"def run(): sum(1 for _ in bare.read_log(bare.open_bare(Path({str(path)!r}))))"
        )
        log.values.append(seconds)
        log_mib.values.append(mib)
    current = Sample()
    for _ in range(reps):
        referee = Referee(Store(path))
        current.values.append(timed(lambda r=referee: r.standings()))
    # One more game by a Zebra that keeps no summaries: the standings read its events only.
    incremental, one_game = Sample(), Sample()
    for i in range(reps):
        referee = Referee(Store(path))
        game = Game.start("rushzone", "Bears", "Lions", {}, BY, AT)
        for text in games.finished_games("rushzone", 1, 100 + i)[0].entries:
            game.enter(text, BY, AT)
        referee.save(game, summaries={})
        fresh = Referee(Store(path))
        incremental.values.append(timed(lambda r=fresh: r.standings()))
        app = bare.open_bare(path)
        one_game.values.append(
            timed(
                lambda a=app, g=game.id: [
                    json.loads(s.state) for s in a.recorder.select_events(g.hex)
                ]
            )
        )
    return [
        Row(
            "7",
            f"standings from empty (every summary folded), {label}, {events:,} events, "
            "fresh process, vs the bare log read",
            from_empty,
            "s",
            log,
            "time",
            "≤ 1.5×",
            met=from_empty.median <= 1.5 * log.median,
        ),
        Row(
            "7",
            f"peak memory of standings from empty, {label}, vs the bare log read",
            empty_mib,
            "MiB",
            log_mib,
            "time",
            "bounded by teams",
        ),
        Row(
            "7",
            f"standings, summaries current, {label}, in process",
            current,
            "s",
            None,
            "",
            "(diagnostic)",
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
    sizes = tuple(int(s) for s in args.sizes.split(","))
    started = time.perf_counter()
    rows = figure_summaries(workdir, sizes, args.reps)
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
