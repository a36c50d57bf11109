"""Zebra against the bare eventsourcing library, on the same SQLite store file (issue 10).

    python -m benchmarks            # the default run, about 3 to 5 minutes on 2 cores
    python -m benchmarks --long     # 10,000 league games, more repetitions (about 20+ minutes)

Each figure is measured several times; the table prints the median with the spread (min to
max) of Zebra and of the bare library, and the ratio of the medians, measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import bare, games
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import Store
from domain.game import Game
from projections import clock, playbyplay, record, scoreboard, situation

ROOT = Path(__file__).resolve().parents[1]  # the checkout being measured
BY = "bench"
AT = "2026-01-01T00:00:00+00:00"
TEAMS = (
    "Bears",
    "Packers",
    "Lions",
    "Vikings",
    "Giants",
    "Eagles",
    "Jets",
    "Bills",
    "Rams",
    "Seahawks",
    "Saints",
    "Falcons",
    "Chiefs",
    "Raiders",
    "Browns",
    "Steelers",
)


# Measuring ----------------------------------------------------------------------------------


@dataclass
class Sample:
    """Repeated measurements of one quantity, in seconds (or per-second rates)."""

    values: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.values) if self.values else float("nan")

    @property
    def low(self) -> float:
        return min(self.values) if self.values else float("nan")

    @property
    def high(self) -> float:
        return max(self.values) if self.values else float("nan")


@dataclass
class Row:
    """One line of the results table."""

    figure: str
    what: str
    zebra: Sample
    unit: str
    bare: Sample | None = None
    ratio_kind: str = ""  # "time": zebra/bare; "rate": zebra/bare of a rate
    target: str = ""
    met: bool | None = None
    note: str = ""
    # For the growth plot (benchmarks.plot): the curve this row is a point of, and its size.
    series: str = ""
    size: int | None = None

    @property
    def ratio(self) -> float | None:
        if self.bare is None or not self.bare.values:
            return None
        return self.zebra.median / self.bare.median


def fmt(value: float, unit: str) -> str:
    if value != value:  # NaN
        return "-"
    if unit == "s":
        if value < 1e-3:
            return f"{value * 1e6:.0f} µs"
        if value < 1:
            return f"{value * 1e3:.2f} ms"
        return f"{value:.2f} s"
    if unit == "ev/s":
        return f"{value:,.0f} ev/s"
    return f"{value:.3g} {unit}"


def spread(s: Sample, unit: str) -> str:
    if not s.values:
        return "not measured"
    med = fmt(s.median, unit)
    if len(s.values) == 1:
        return med
    return f"{med} ({fmt(s.low, unit)}–{fmt(s.high, unit)}, n={len(s.values)})"


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def say(text: str) -> None:
    print(text, flush=True)


# Stores -------------------------------------------------------------------------------------


def referee_at(path: Path) -> Referee:
    return Referee(Store(path))


def store_game(referee: Referee, game: games.ScriptedGame, home: str, away: str) -> UUID:
    """Record a whole game in one save, as ``zebra import`` does."""
    g = Game.start(game.ruleset, home, away, game.options, BY, AT)
    for text in game.entries:
        g.enter(text, BY, AT)
    referee.save(g)
    return g.id


# Figures 1 to 3: one long game, each size against a bare counterpart -----------------------

# The game lengths of figures 1 to 3 (issue #19), and the entries timed per repetition.
ENTRY_SIZES = [200, 1000, 5000]
NEXT = 20


@dataclass
class LongGame:
    """One long Red Zone game with Zebra's events grouped by entry, for the bare counterparts."""

    game: games.ScriptedGame
    # groups[i]: the events Zebra recorded for entry i + 1 (Entered and Ruled; every 100
    # standing entries the Ruled event holds a checkpoint).
    groups: list[list[dict[str, Any]]]
    opening: list[Any]  # the events before the first entry (Started and the set-up)


def long_game_for(sizes: list[int], reps: int, seed: int) -> LongGame:
    """A game long enough for the largest size and ``reps`` windows of NEXT entries after it."""
    game = games.long_game(max(sizes) + reps * NEXT + 1, seed)
    probe = Game.start(game.ruleset, "Bears", "Packers", game.options, BY, AT)
    opening = list(probe.collect_events())
    groups: list[list[dict[str, Any]]] = []
    for text in game.entries:
        probe.enter(text, BY, AT)
        groups.append([bare.payload(e) for e in probe.collect_events()])
    return LongGame(game, groups, opening)


def stored_game(referee: Referee, long: LongGame, n: int) -> Game:
    g = Game.start(long.game.ruleset, "Bears", "Packers", long.game.options, BY, AT)
    for text in long.game.entries[:n]:
        g.enter(text, BY, AT)
    referee.save(g)
    return g


def bare_game(app: bare.BareApp, long: LongGame, n: int) -> bare.BareGame:
    """The bare aggregate holding the same payloads as Zebra's first n entries, saved once."""
    agg = bare.BareGame(name="bare")
    for _ in long.opening[1:]:
        agg.happened(data={})
    for group in long.groups[:n]:
        for data in group:
            agg.happened(data=data)
    app.save(agg)
    return agg


def stored_sizes(path: Path, game: UUID, after: int = 0) -> list[int]:
    """The length of each stored state of the game's events after version ``after``."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(path)) as conn:
        found = conn.execute(
            "SELECT LENGTH(state) FROM stored_events WHERE originator_id = ? "
            "AND originator_version > ? ORDER BY originator_version",
            (game.hex, after),
        ).fetchall()
    return [int(s) for (s,) in found]


def figure_entry(path: Path, long: LongGame, sizes: list[int], reps: int) -> list[Row]:
    """Per entry at entry 0 and at entry n: NEXT entries through ``Referee.enter`` (the game
    cached, as in a session), against a bare aggregate of the same events saving the same
    events' payloads per entry, both through Zebra's chained mapper."""
    game = long.game
    app = bare.ChainedBareApp(path)

    def zebra_window(live: Referee, gid: UUID, start: int) -> float:
        texts = game.entries[start : start + NEXT]

        def play() -> None:
            for text in texts:
                live.enter(gid, text, by=BY)

        return timed(play) / len(texts)

    def bare_window(agg: bare.BareGame, start: int) -> float:
        def save() -> None:
            for group in long.groups[start : start + NEXT]:
                for data in group:
                    agg.happened(data=data)
                app.save(agg)

        return timed(save) / NEXT

    first, first_bare = Sample(), Sample()
    live = referee_at(path)
    for _ in range(reps):
        gid = live.start(game.ruleset, "Bears", "Packers", game.options, BY).game_id
        first.values.append(zebra_window(live, gid, 0))
        first_bare.values.append(bare_window(bare_game(app, long, 0), 0))
    rows = [
        Row(
            "1",
            f"per entry at entry 0 (entries 1–{NEXT}, game cached) vs bare chained save of the "
            "same events",
            first,
            "s",
            first_bare,
            "time",
            "≤ 1.5×",
        )
    ]
    for n in sizes:
        live = referee_at(path)
        gid = stored_game(live, long, n).id
        live.game(gid)  # cached from here on, as in a session
        agg = bare_game(app, long, n)
        zebra, plain = Sample(), Sample()
        for rep in range(reps):
            # Each repetition enters the next NEXT entries: entries n+1.. of the same game.
            zebra.values.append(zebra_window(live, gid, n + rep * NEXT))
            plain.values.append(bare_window(agg, n + rep * NEXT))
        rows.append(
            Row(
                "1",
                f"per entry at entry {n:,} (game cached) vs bare chained save of the same events",
                zebra,
                "s",
                plain,
                "time",
                "≤ 1.5×",
                series="per entry (Referee.enter) vs bare chained save",
                size=n,
            )
        )
        rows.append(
            Row(
                "1",
                f"per entry at entry {n:,} against entry 0",
                zebra,
                "s",
                first,
                "time",
                "≤ 1.1×",
            )
        )
    return rows


def figure_corrections(
    path: Path, long: LongGame, sizes: list[int], reps: int
) -> tuple[list[Row], list[dict[str, Any]]]:
    """Stored bytes per entry (figure 2) and amending entry k of an n-entry game to the same
    text, n−k in 10, 100, n/2 and n (every later entry re-derived), warm and cold, against the
    bare library doing the same I/O: a bare chained ``repository.get`` of the same stored events
    (cold only) and a save of events of the same payloads as the ones Zebra stored."""
    app = bare.ChainedBareApp(path)
    table: list[dict[str, Any]] = []
    rows: list[Row] = []
    opens: list[Row] = []
    for n in sizes:
        referee = referee_at(path)
        g = stored_game(referee, long, n)
        gid = g.id
        events = referee.game_events(gid)
        agg = bare.copy_events(app, events)
        # The bare aggregate as the last save left it, with the application that saved it (whose
        # mapper knows its last chain link, as a long-lived process's does): each cold one
        # replaces it.
        held: list[tuple[bare.ChainedBareApp, bare.BareGame]] = [(app, agg)]
        zebra_size = sum(stored_sizes(path, gid)) / n
        bare_size = sum(stored_sizes(path, agg.id)) / n
        rows.append(
            Row(
                "2",
                f"stored bytes per entry at n={n:,} (events, chain links, checkpoints) vs the "
                "bare chained copy of the same payloads",
                Sample([zebra_size]),
                "B",
                Sample([bare_size]),
                "time",
                "(diagnostic)",
                series="stored bytes per entry vs bare copy",
                size=n,
            )
        )
        opens += cold_open_rows(path, gid, agg.id, n, len(events), reps)
        # n−k of 10, 100, n/2 and n (k = 1 at the most: every entry after the first re-derived).
        for k in sorted({max(1, n - tail) for tail in (10, 100, n // 2, n)}, reverse=True):
            tail = n - k
            text = long.game.entries[k - 1]
            warm, cold, bare_warm, bare_cold = Sample(), Sample(), Sample(), Sample()
            live = referee_at(path)
            live.game(gid)  # a long-lived process (the tablet, a session) has the game cached
            before = len(referee_at(path).game_events(gid))
            live.amend(gid, k, text, "bench", BY)  # once untimed: what one amend stores
            added = referee_at(path).game_events(gid)[before:]
            written = stored_sizes(path, gid, before)
            payloads = [bare.payload(e) for e in added]
            rederived = [e for e in added if type(e).__name__ == "Rederived"]
            steps = sum(len(e.steps) for e in rederived)
            packed = sum(
                stored
                for e, stored in zip(added, written, strict=True)
                if type(e).__name__ == "Rederived"
            )

            def save_same(
                into: bare.ChainedBareApp,
                got: bare.BareGame,
                payloads: list[Any] = payloads,
                held: list[tuple[bare.ChainedBareApp, bare.BareGame]] = held,
            ) -> None:
                for data in payloads:
                    got.happened(data=data)
                into.save(got)
                held[0] = (into, got)

            for _ in range(reps):
                warm.values.append(timed(partial(live.amend, gid, k, text, "bench", BY)))
                bare_warm.values.append(timed(partial(save_same, *held[0])))
                fresh = referee_at(path)  # a CLI process: nothing cached
                cold.values.append(timed(partial(fresh.amend, gid, k, text, "bench", BY)))
                other = bare.ChainedBareApp(path)

                def bare_amend(other: bare.ChainedBareApp = other, bid: UUID = agg.id) -> None:
                    save_same(other, other.repository.get(bid))

                bare_cold.values.append(timed(bare_amend))
            table.append(
                {
                    "n": n,
                    "n_minus_k": n - k,
                    "k": k,
                    "warm": warm,
                    "cold": cold,
                    "bare_warm": bare_warm,
                    "bare_cold": bare_cold,
                    "stored": written,
                    "steps": steps,
                    "rederived_bytes": packed,
                }
            )
            for mode, zebra, plain in (("warm", warm, bare_warm), ("cold", cold, bare_cold)):
                rows.append(
                    Row(
                        "3",
                        f"amend entry k, n={n:,}, n−k={n - k:,} ({mode}) vs bare "
                        + (
                            "save of the same events"
                            if mode == "warm"
                            else "cold get of the same events + save of the same events"
                        ),
                        zebra,
                        "s",
                        plain,
                        "time",
                        "(n−k, not n)",
                        series=f"amend, n−k=10, {mode}" if tail == 10 else "",
                        size=n,
                    )
                )
            if steps:
                rows.append(
                    Row(
                        "2",
                        f"Rederived bytes per re-derived entry, n={n:,}, n−k={n - k:,} "
                        f"({packed:,} B for {steps:,} entries)",
                        Sample([packed / steps]),
                        "B",
                        target="≤ 300 B",
                        met=packed / steps <= 300,
                    )
                )
    rows += opens
    for tail in (10, 100):
        line = [t for t in table if t["n_minus_k"] == tail]
        if len(line) < 2:
            continue
        small, big = line[0], line[-1]
        for mode in ("warm", "cold"):
            growth = big[mode].median / small[mode].median
            rows.append(
                Row(
                    "3",
                    f"amend with n−k={tail} ({mode}): n={big['n']:,} against n={small['n']:,}",
                    big[mode],
                    "s",
                    small[mode],
                    "time",
                    "≤ 1.5× (flat in n)",
                    met=growth <= 1.5,
                    note=f"{big['n'] // small['n']}× the entries",
                )
            )
    return rows, table


def cold_open_rows(path: Path, gid: UUID, bid: UUID, n: int, events: int, reps: int) -> list[Row]:
    """Open the stored game cold in a fresh process (ready for the next entry) against a bare
    chained ``repository.get`` of the same events in a fresh process, with both peak memories."""
    zebra, plain, zebra_mib, plain_mib = Sample(), Sample(), Sample(), Sample()
    for _ in range(reps):
        seconds, mib = in_fresh_process(
            "from pathlib import Path\nfrom uuid import UUID\nfrom companion.service import "
            "Referee\nfrom companion.store import Store\n"
            f"def run():\n    g = Referee(Store(Path({str(path)!r}))).game(UUID({gid.hex!r}))\n"
            "    g.rules.expected(g.state)\n"
        )
        zebra.values.append(seconds)
        zebra_mib.values.append(mib)
        seconds, mib = in_fresh_process(
            "from pathlib import Path\nfrom uuid import UUID\nfrom benchmarks import bare\n"
            f"def run():\n    app = bare.ChainedBareApp(Path({str(path)!r}))\n"
            f"    agg = app.repository.get(UUID({bid.hex!r}))\n"
            f"    assert agg.version >= {events}\n"
        )
        plain.values.append(seconds)
        plain_mib.values.append(mib)
    return [
        Row(
            "3",
            f"open a stored {n:,}-entry game cold (fresh process) vs bare chained get",
            zebra,
            "s",
            plain,
            "time",
            "(diagnostic)",
            series="cold open vs bare chained get",
            size=n,
        ),
        Row(
            "3",
            f"peak memory (VmHWM) of that cold open, n={n:,}, vs bare chained get",
            zebra_mib,
            "MiB",
            plain_mib,
            "time",
            "(diagnostic)",
            series="peak memory, cold open vs bare get",
            size=n,
        ),
    ]


# Figure 2: replay ---------------------------------------------------------------------------


def project_all(referee: Referee, game_id: UUID) -> int:
    events = referee.game_events(game_id)
    rec = record.project(events)
    situation.view(rec)
    scoreboard.view(rec)
    clock.view(rec)
    playbyplay.view(rec)
    return len(events)


def figure_replay(path: Path, game: games.ScriptedGame, reps: int) -> list[Row]:
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


# Figure 4: CLI cold start -------------------------------------------------------------------


def zebra_command() -> list[str]:
    """``zebra`` in a fresh interpreter, running the checkout being measured.

    This is what the ``zebra`` console script does (import ``companion.cli``, call ``main``);
    run from the repository root, it measures this checkout even when the installed script
    points at another one.
    """
    return [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]


def run_quiet(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"{args} failed: {done.stderr.strip()[-300:]}")
    return done


def import_profile(args: list[str], env: dict[str, str]) -> tuple[list[str], list[tuple[int, str]]]:
    """Run under -X importtime: the Kivy modules imported, and the 6 costliest top imports."""
    cmd = [sys.executable, "-X", "importtime", "-c", "from companion.cli import main; main()"]
    done = subprocess.run(
        cmd + args, env=env, capture_output=True, text=True, timeout=120, check=False, cwd=ROOT
    )
    kivy, top = [], []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if not m:
            continue
        name = m.group(4)
        if name == "kivy" or name.startswith("kivy."):
            kivy.append(name)
        if len(m.group(3)) == 1:  # top level of the import tree
            top.append((int(m.group(2)), name))
    return kivy, sorted(top, reverse=True)[:6]


def cli_env() -> dict[str, str]:
    """A fresh process's environment as a user's shell gives it: no store named, and Python
    allowed its bytecode cache (an installed Zebra has one; without it every start compiles
    Zebra's modules again, which here cost 60 ms of each command)."""
    env = {**os.environ, "ZEBRA_USER": BY, "COLUMNS": "100"}
    env.pop("ZEBRA_STORE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # No game remembered from the person's own use (companion.current): the latest is looked up.
    env["XDG_STATE_HOME"] = str(Path(tempfile.gettempdir()) / "zebra-bench-state")
    return env


def figure_cli(
    stores: dict[str, Path], reps: int, leagues: list[Any] | None = None
) -> tuple[list[Row], dict[str, Any]]:
    """``zebra status`` in a fresh process on each store, against ``zebra --help`` (the issue's
    target: within 1.3x); every case is run ``reps`` times, interleaved."""
    env = cli_env()
    zebra = zebra_command()
    cases: dict[str, tuple[list[str], int | None, str]] = {}
    for label, path in stores.items():
        cases[f"zebra status (store: {label})"] = (
            [*zebra, "status", "--store", str(path)],
            None,
            "",
        )
    for found in leagues or []:
        where = ["--store", str(found.path)]
        label = f"{found.games:,} games ({found.events:,} events)"
        cases[f"zebra status (store: {label})"] = (
            [*zebra, "status", *where],
            found.games,
            "status",
        )
        cases[f"zebra games (store: {label}), prints every game"] = (
            [*zebra, "games", *where],
            found.games,
            "",
        )
    helps, python_pass, bare_start = Sample(), Sample(), Sample()
    samples = {name: Sample() for name in cases}
    # Once untimed: the bytecode cache is written, and the stores' pages are read once.
    run_quiet([*zebra, "--help"], env)
    for args, _, _ in cases.values():
        run_quiet(args, env)
    for _ in range(reps):
        python_pass.values.append(timed(lambda: run_quiet([sys.executable, "-c", "pass"], env)))
        bare_start.values.append(
            timed(
                lambda: run_quiet(
                    [sys.executable, "-c", "import eventsourcing.application, sqlite3"], env
                )
            )
        )
        helps.values.append(timed(lambda: run_quiet([*zebra, "--help"], env)))
        for name, (args, _, _) in cases.items():
            samples[name].values.append(timed(lambda a=args: run_quiet(a, env)))
    extra: dict[str, Any] = {}
    kivy_all: list[str] = []
    small_store = next(iter(stores.values()))
    for label, args in (
        ("--help", ["--help"]),
        ("status", ["status", "--store", str(small_store)]),
    ):
        kivy, top = import_profile(args, env)
        kivy_all += kivy
        extra[f"importtime {label}"] = top
    extra["kivy modules imported by the CLI"] = sorted(set(kivy_all))
    rows = [
        Row(
            "4",
            "zebra --help, fresh process",
            helps,
            "s",
            bare_start,
            "time",
            "(diagnostic)",
            note="bare: python -c 'import eventsourcing.application'",
        )
    ]
    for name, s in samples.items():
        _, size, series = cases[name]
        target = "≤ 1.3×" if name.startswith("zebra status") else "(diagnostic)"
        rows.append(
            Row(
                "4",
                f"{name}, fresh process, vs zebra --help",
                s,
                "s",
                helps,
                "time",
                target,
                met=s.median <= 1.3 * helps.median if target != "(diagnostic)" else None,
                series=series and "zebra status vs zebra --help",
                size=size,
            )
        )
    rows.append(Row("4", "python -c pass (interpreter alone)", python_pass, "s"))
    rows.append(
        Row(
            "4",
            "Kivy imported by the CLI (python -X importtime, --help and status)",
            Sample(),
            "",
            target="never",
            met=not kivy_all,
            note=", ".join(sorted(set(kivy_all))[:5]) or "no kivy module imported",
        )
    )
    return rows, extra


# Figure 5: league standings from empty -------------------------------------------------------


def in_fresh_process(code: str) -> tuple[float, float]:
    """Run ``code`` (which defines ``run()``) in a fresh interpreter: the seconds ``run()``
    took, and the process's peak resident memory in MiB.

    The peak is the kernel's VmHWM of the child: Linux keeps ``ru_maxrss`` across ``execve``,
    so a child that stays below the size of this (forking) process would report this one's."""
    script = (
        "import resource, time\n"
        f"{code}\n"
        "t0 = time.perf_counter()\n"
        "run()\n"
        "t = time.perf_counter() - t0\n"
        "try:\n"
        "    with open('/proc/self/status') as f:\n"
        "        kb = next(int(l.split()[1]) for l in f if l.startswith('VmHWM:'))\n"
        "except (OSError, StopIteration):\n"
        "    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(t, kb / 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-400:])
    seconds, mib = done.stdout.split()[-2:]
    return float(seconds), float(mib)


def figure_league(workdir: Path, leagues: list[Any], reps: int) -> list[Row]:
    """Standings from empty (every summary deleted, the tracking record at 0: every game is
    folded from its events), each run in a fresh process on a fresh stripped copy, against the
    bare read of the same store's notification log (every event decoded) in a fresh process;
    with both processes' peak memory."""
    from benchmarks.leagues import drop, working_copy

    rows: list[Row] = []
    memory: list[tuple[int, Sample, Sample]] = []
    for found in leagues:
        label = f"{found.games:,} games, {found.events:,} events"
        zebra, plain, zebra_mib, plain_mib = Sample(), Sample(), Sample(), Sample()
        for i in range(reps):
            stripped = working_copy(
                found.path, workdir / f"stripped-{found.games}-{i}.sqlite", strip=True
            )
            seconds, mib = in_fresh_process(
                "from pathlib import Path\nfrom companion.service import Referee\n"
                "from companion.store import Store\n"
                f"def run():\n    table = Referee(Store(Path({str(stripped)!r}))).standings()\n"
                f"    assert sum(s.games for s in table) == {2 * found.games}\n"
            )
            zebra.values.append(seconds)
            zebra_mib.values.append(mib)
            drop(stripped)
            seconds, mib = in_fresh_process(
                "from pathlib import Path\nfrom benchmarks import bare\n"
                f"path = Path({str(found.path)!r})\n"
                "def run():\n"
                "    n = sum(1 for _ in bare.read_log(bare.open_bare(path)))\n"
                f"    assert n == {found.events}\n"
            )
            plain.values.append(seconds)
            plain_mib.values.append(mib)
        rows.append(
            Row(
                "5",
                f"standings from empty (every game folded from its events), {label}, fresh "
                "process, vs the bare log read",
                zebra,
                "s",
                plain,
                "time",
                "≤ 1.5×",
                met=zebra.median <= 1.5 * plain.median,
                series="standings from empty vs bare log read",
                size=found.games,
            )
        )
        rows.append(
            Row(
                "5",
                f"peak memory (maxrss) of standings from empty, {label}, vs the bare log read",
                zebra_mib,
                "MiB",
                plain_mib,
                "time",
                "bounded by teams",
                series="peak memory, standings from empty vs bare log read",
                size=found.games,
            )
        )
        memory.append((found.games, zebra_mib, plain_mib))
    if len(memory) > 1:
        (small, low, _), (big, high, _) = memory[0], memory[-1]
        rows.append(
            Row(
                "5",
                f"peak memory of standings from empty at {big:,} games against {small:,} games",
                high,
                "MiB",
                low,
                "time",
                "≤ 1.3× (flat in games)",
                note=f"{big // small}× the games",
            )
        )
    return rows


# Figure 6: tablet ---------------------------------------------------------------------------


def figure_tablet(workdir: Path, reps: int, long_entries: int) -> tuple[list[Row], dict[str, Any]]:
    env = {**os.environ, "ZEBRA_USER": BY}
    cmd = [
        sys.executable,
        "-m",
        "benchmarks.tablet",
        "--dir",
        str(workdir),
        "--reps",
        str(reps),
        "--long-entries",
        str(long_entries),
    ]
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
        result = json.loads(done.stdout.strip().splitlines()[-1])
    except Exception as exc:  # any failure means the figure is not measured, never faked
        reason = f"not measured: {exc}"
        return [
            Row("6", "tablet: button press to next rendered frame", Sample(), "s", note=reason)
        ], {}
    redraw = Sample(result.get("redraw", []))
    rows = []
    for case in result["cases"]:
        # The frame after the touch (the recording look) against one label's redraw measured
        # beside each press; the frame that shows the answer against its true bare counterpart
        # (the same labels changed to the same texts in one frame, no Zebra work).
        press = Sample(case["press_to_frame"])
        beside = Sample(case.get("redraw", []))
        unseen = case.get("ack", []).count("none")
        rows.append(
            Row(
                "6",
                f"tablet: press to the next frame (the tap shown taken), {case['name']}, vs one "
                "label's redraw",
                press,
                "s",
                beside,
                "time",
                target="≤ 1.3×",
                met=(press.median <= 1.3 * beside.median and not unseen) if beside.values else None,
                note=case.get("note", ""),
            )
        )
        result_frame = Sample(case["result_to_frame"])
        bare = Sample(case.get("bare", []))
        rows.append(
            Row(
                "6",
                f"tablet: the answer to its frame, {case['name']}, vs its bare counterpart",
                result_frame,
                "s",
                bare,
                "time",
                target="≤ 1.3×",
                met=result_frame.median <= 1.3 * bare.median if bare.values else None,
            )
        )
        rows.append(
            Row(
                "6",
                f"tablet: press to the frame showing the new entry, {case['name']} (diagnostic)",
                Sample(case["press_to_result"]),
                "s",
            )
        )
    rows.append(
        Row(
            "6",
            "bare redraw: one frame after one label's text changes (no service call), "
            f"GL renderer {result.get('renderer', '?')}",
            redraw,
            "s",
        )
    )
    return rows, result


# Report -------------------------------------------------------------------------------------


def verdict(row: Row) -> str:
    if row.met is not None:
        return "met" if row.met else "MISSED"
    r = row.ratio
    if r is None or not row.target.startswith(("≤", "≥")):
        return ""
    bound = float(row.target.split()[1].rstrip("×"))
    ok = r <= bound if row.target.startswith("≤") else r >= bound
    row.met = ok
    return "met" if ok else "MISSED"


def markdown(rows: list[Row]) -> str:
    out = [
        "| # | measure | Zebra median (min–max) | bare median (min–max) | ratio | target | result"
        " |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        ratio = "" if row.ratio is None else f"{row.ratio:.2f}×"
        result = verdict(row)
        what = row.what + (f" — {row.note}" if row.note else "")
        zebra = spread(row.zebra, row.unit) if row.unit else ""
        plain = spread(row.bare, row.unit) if row.bare else ""
        out.append(
            f"| {row.figure} | {what} | {zebra} | {plain} | {ratio} | {row.target} | {result} |"
        )
    return "\n".join(out)


def corrections_table(table: list[dict[str, Any]]) -> str:
    out = [
        "| n | n−k | k | warm (cached game) | bare warm | cold (fresh Referee) | bare cold "
        "| stored by one amend |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for t in table:
        out.append(
            f"| {t['n']} | {t['n_minus_k']} | {t['k']} | {spread(t['warm'], 's')} | "
            f"{spread(t['bare_warm'], 's')} | {spread(t['cold'], 's')} | "
            f"{spread(t['bare_cold'], 's')} | {sum(t['stored']):,} B in {len(t['stored'])} "
            f"events ({t['steps']} re-derived) |"
        )
    return "\n".join(out)


FIGURE_TITLES = {
    "1": "1. per entry",
    "2": "2. stored size",
    "3": "3. corrections",
    "4": "4. zebra status, fresh process",
    "5": "5. standings from empty",
    "6": "6. tablet",
    "7": "7. summaries, in process",
}


# What the sizes of each figure's growth curves count (the others: games in the store).
FIGURE_AXES = {
    "1": "entries in the game (log scale)",
    "2": "entries in the game (log scale)",
    "3": "entries in the game (log scale)",
}


def write_plot(rows: list[Row], path: Path) -> int:
    """The growth curves of every row that names its series and size, one panel per figure
    and unit (benchmarks.plot); the number of panels written (none: no file)."""
    from benchmarks.plot import growth_svg, panels_of

    points = [
        (
            r.figure,
            r.series,
            r.unit,
            r.size,
            r.zebra.median,
            r.bare.median if r.bare is not None and r.bare.values else None,
        )
        for r in rows
        if r.series and r.size and r.zebra.values
    ]
    panels = panels_of(points, FIGURE_TITLES, FIGURE_AXES)
    if not panels:
        return 0
    path.write_text(
        growth_svg(panels, "Zebra against the bare library, by size"),
        encoding="utf-8",
    )
    return len(panels)


def machine() -> dict[str, str]:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = {}
    for dist in ("eventsourcing", "typer", "kivy", "zebra-referee"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "not installed"
    import sqlite3

    return {
        "nproc": str(os.cpu_count()),
        "cpu": cpu,
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "platform": platform.platform(),
        **versions,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--long", action="store_true", help="10,000 league games, more repetitions")
    parser.add_argument("--reps", type=int, default=0, help="repetitions per figure (default 5)")
    parser.add_argument(
        "--only", default="1234567", help="figures to run, e.g. --only 13 (default: all)"
    )
    parser.add_argument(
        "--games",
        default="",
        help="league sizes of figures 4, 5 and 7, comma-separated (default 100,1000,5000; "
        "built once and cached, see benchmarks/leagues.py)",
    )
    parser.add_argument(
        "--plot",
        type=Path,
        default=ROOT / "docs" / "performance-growth.svg",
        help="write the growth curves here (default docs/performance-growth.svg; '-' for none)",
    )
    parser.add_argument(
        "--entries",
        default=",".join(str(n) for n in ENTRY_SIZES),
        help="game lengths of figures 1 to 3, comma-separated (default 200,1000,5000)",
    )
    parser.add_argument("--dir", type=Path, default=None, help="keep the stores in this folder")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    reps = args.reps or (7 if args.long else 5)
    default_games = "100,1000,5000,10000" if args.long else "100,1000,5000"
    league_sizes = [int(n) for n in (args.games or default_games).split(",")]
    workdir = args.dir or Path(tempfile.mkdtemp(prefix="zebra-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    store = workdir / "bench.sqlite"
    started = time.perf_counter()
    info = machine()
    say("Zebra benchmarks — " + ", ".join(f"{k} {v}" for k, v in info.items()))
    say(f"store: {store}  repetitions: {reps}")
    rows: list[Row] = []
    extra: dict[str, Any] = {}
    game400 = games.typical_game(400, args.seed)
    entry_sizes = [int(n) for n in args.entries.split(",")]
    long: LongGame | None = None
    if set("13") & set(args.only):
        say(f"a long game for {', '.join(f'{n:,}' for n in entry_sizes)} entries ...")
        long = long_game_for(entry_sizes, reps, args.seed)
    if "1" in args.only:
        assert long is not None
        say("1. per entry ...")
        rows += figure_entry(store, long, entry_sizes, reps)
    if "2" in args.only:
        say("2. replay ...")
        rows += figure_replay(store, game400, reps)
    if "3" in args.only:
        assert long is not None
        say("2, 3. stored size and corrections ...")
        more, table = figure_corrections(store, long, entry_sizes, reps)
        rows += more
        extra["corrections"] = table
    leagues: list[Any] = []
    if set("457") & set(args.only):
        from benchmarks.leagues import league

        say(f"leagues of {', '.join(f'{n:,}' for n in league_sizes)} games (cached) ...")
        leagues = [league(n, args.seed) for n in league_sizes]
    if "5" in args.only:
        say("5. league standings from empty ...")
        rows += figure_league(workdir, leagues, max(3, reps - 2))
    if "4" in args.only:
        say("4. CLI cold start ...")
        small = workdir / "one-game.sqlite"
        example = ROOT / "examples" / "rushzone-full.zebra"
        script = parse_script(example.read_text(encoding="utf-8"), example.name)
        referee_at(small).import_game(replace(script, ruleset="rushzone"))
        long_store = workdir / "one-long-game.sqlite"
        store_game(referee_at(long_store), game400, "Bears", "Packers")
        stores = {
            "1 Rush Zone game, 97 entries": small,
            f"1 Red Zone game, {len(game400.entries)} entries": long_store,
        }
        more, cli_extra = figure_cli(stores, reps, leagues)
        rows += more
        extra.update(cli_extra)
    if "6" in args.only:
        say("6. tablet ...")
        more, tablet_extra = figure_tablet(workdir, reps, 400)
        rows += more
        extra["tablet"] = tablet_extra
    if "7" in args.only:
        # Issue #19's summaries: status, games, resume and standings at 100 to 5,000 games.
        from benchmarks.summaries import figure_summaries

        say("7. game summaries ...")
        rows += figure_summaries(workdir, leagues, reps=max(3, reps - 2))
    say("")
    say(markdown(rows))
    if "corrections" in extra:
        say("")
        say("Corrections: amend entry k of an n-entry game to the same text")
        say(corrections_table(extra["corrections"]))
    for key, value in extra.items():
        if key.startswith("importtime") or key.startswith("kivy"):
            say(f"{key}: {value}")
    if str(args.plot) != "-":
        written = write_plot(rows, args.plot)
        if written:
            say(f"growth curves: {args.plot} ({written} panels)")
    say(f"\ntotal {time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(
            json.dumps(
                {"machine": info, "rows": [asdict(r) for r in rows], "extra": extra},
                default=lambda o: asdict(o) if hasattr(o, "__dataclass_fields__") else str(o),
                indent=1,
            )
        )
    if args.dir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0
