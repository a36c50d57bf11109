"""Zebra against the bare eventsourcing library, on the same SQLite store file (issue 10).

    python -m benchmarks            # the default run, about 3 to 5 minutes on 2 cores
    python -m benchmarks --long     # 10,000 league games, more repetitions (about 20+ minutes)

Each figure is measured several times; the table prints the median with the spread (min to
max) of Zebra and of the bare library, and the ratio of the medians, measured in the same run.
The figures live in modules of their own (longgame, corrections, replay, coldstart,
standingsfigure, tabletfigure, summaries); this one runs those asked for and prints the table.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from benchmarks import games
from benchmarks.coldstart import figure_cli
from benchmarks.corrections import figure_corrections
from benchmarks.longgame import ENTRY_SIZES, NEXT, LongGame, figure_entry, long_game_for
from benchmarks.measure import (
    AT,
    BY,
    ROOT,
    TEAMS,
    Row,
    Sample,
    fmt,
    referee_at,
    say,
    spread,
    store_game,
    timed,
)
from benchmarks.replay import figure_replay
from benchmarks.report import (
    FIGURE_AXES,
    FIGURE_TITLES,
    corrections_table,
    machine,
    markdown,
    verdict,
    write_plot,
)
from benchmarks.standingsfigure import figure_league
from benchmarks.tabletfigure import figure_tablet
from companion.scripts import parse_script

# The names read as ``run.X`` (tests/test_benchmark_rows.py, older scripts).
__all__ = [
    "AT",
    "BY",
    "ENTRY_SIZES",
    "FIGURE_AXES",
    "FIGURE_TITLES",
    "NEXT",
    "ROOT",
    "TEAMS",
    "LongGame",
    "Row",
    "Sample",
    "corrections_table",
    "figure_cli",
    "figure_corrections",
    "figure_entry",
    "figure_league",
    "figure_replay",
    "figure_tablet",
    "fmt",
    "long_game_for",
    "machine",
    "main",
    "markdown",
    "referee_at",
    "say",
    "spread",
    "store_game",
    "timed",
    "verdict",
    "write_plot",
]


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m benchmarks``."""
    found = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n")[0])
    found.add_argument("--long", action="store_true", help="10,000 league games, more repetitions")
    found.add_argument("--reps", type=int, default=0, help="repetitions per figure (default 5)")
    found.add_argument(
        "--only", default="1234567", help="figures to run, e.g. --only 13 (default: all)"
    )
    found.add_argument(
        "--games",
        default="",
        help="league sizes of figures 4, 5 and 7, comma-separated (default 100,1000,5000; "
        "built once and cached, see benchmarks/leagues.py)",
    )
    found.add_argument(
        "--plot",
        type=Path,
        default=ROOT / "docs" / "performance-growth.svg",
        help="write the growth curves here (default docs/performance-growth.svg; '-' for none)",
    )
    found.add_argument(
        "--entries",
        default=",".join(str(n) for n in ENTRY_SIZES),
        help="game lengths of figures 1 to 3, comma-separated (default 200,1000,5000)",
    )
    found.add_argument("--dir", type=Path, default=None, help="keep the stores in this folder")
    found.add_argument("--json", type=Path, default=None, help="also write the results here")
    found.add_argument("--seed", type=int, default=1)
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the figures asked for, print the table, and write the growth curves (and JSON)."""
    args = parser().parse_args(argv)
    reps = args.reps or (7 if args.long else 5)
    workdir = args.dir or Path(tempfile.mkdtemp(prefix="zebra-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    info = machine()
    say("Zebra benchmarks — " + ", ".join(f"{k} {v}" for k, v in info.items()))
    say(f"store: {workdir / 'bench.sqlite'}  repetitions: {reps}")
    rows, extra = figures(args, workdir, reps)
    show(rows, extra, args.plot)
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


def figures(args: argparse.Namespace, workdir: Path, reps: int) -> tuple[list[Row], dict[str, Any]]:
    """The rows of every figure asked for (``--only``), in the order they are run, and the
    extra findings (the corrections table, the import profiles, the tablet's result)."""
    only = set(args.only)
    store = workdir / "bench.sqlite"
    rows: list[Row] = []
    extra: dict[str, Any] = {}
    game400 = games.typical_game(400, args.seed)
    entry_sizes = [int(n) for n in args.entries.split(",")]
    long: LongGame | None = None
    if set("13") & only:
        say(f"a long game for {', '.join(f'{n:,}' for n in entry_sizes)} entries ...")
        long = long_game_for(entry_sizes, reps, args.seed)
    if long is not None and "1" in only:
        say("1. per entry ...")
        rows += figure_entry(store, long, entry_sizes, reps)
    if "2" in only:
        say("2. replay ...")
        rows += figure_replay(store, game400, reps)
    if long is not None and "3" in only:
        say("2, 3. stored size and corrections ...")
        more, table = figure_corrections(store, long, entry_sizes, reps)
        rows += more
        extra["corrections"] = table
    leagues = _leagues(args) if set("457") & only else []
    if "5" in only:
        say("5. league standings from empty ...")
        rows += figure_league(workdir, leagues, max(3, reps - 2))
    if "4" in only:
        say("4. CLI cold start ...")
        more, cli_extra = figure_cli(_cli_stores(workdir, game400), reps, leagues)
        rows += more
        extra.update(cli_extra)
    if "6" in only:
        say("6. tablet ...")
        more, tablet_extra = figure_tablet(workdir, reps, 400)
        rows += more
        extra["tablet"] = tablet_extra
    if "7" in only:
        # Issue #19's summaries: status, games, resume and standings at 100 to 5,000 games.
        from benchmarks.summaries import figure_summaries

        say("7. game summaries ...")
        rows += figure_summaries(workdir, leagues, reps=max(3, reps - 2))
    return rows, extra


def _leagues(args: argparse.Namespace) -> list[Any]:
    """The leagues of figures 4, 5 and 7 (``--games``), built once and cached."""
    from benchmarks.leagues import league

    default_games = "100,1000,5000,10000" if args.long else "100,1000,5000"
    league_sizes = [int(n) for n in (args.games or default_games).split(",")]
    say(f"leagues of {', '.join(f'{n:,}' for n in league_sizes)} games (cached) ...")
    return [league(n, args.seed) for n in league_sizes]


def _cli_stores(workdir: Path, game400: games.ScriptedGame) -> dict[str, Path]:
    """Figure 4's one-game stores: a Rush Zone example, and a 400-entry Red Zone game."""
    small = workdir / "one-game.sqlite"
    example = ROOT / "examples" / "rushzone-full.zebra"
    script = parse_script(example.read_text(encoding="utf-8"), example.name)
    referee_at(small).import_game(replace(script, ruleset="rushzone"))
    long_store = workdir / "one-long-game.sqlite"
    store_game(referee_at(long_store), game400, "Bears", "Packers")
    return {
        "1 Rush Zone game, 97 entries": small,
        f"1 Red Zone game, {len(game400.entries)} entries": long_store,
    }


def show(rows: list[Row], extra: dict[str, Any], plot: Path) -> None:
    """Print the results table, the corrections table and the import findings; write the plot."""
    say("")
    say(markdown(rows))
    if "corrections" in extra:
        say("")
        say("Corrections: amend entry k of an n-entry game to the same text")
        say(corrections_table(extra["corrections"]))
    for key, value in extra.items():
        if key.startswith("importtime") or key.startswith("kivy"):
            say(f"{key}: {value}")
    if str(plot) != "-":
        written = write_plot(rows, plot)
        if written:
            say(f"growth curves: {plot} ({written} panels)")
