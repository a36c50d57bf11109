"""What every figure is measured with: samples, result rows, timing, and the stores measured.

Each figure is measured several times; a Sample holds the repetitions, a Row one line of the
results table (Zebra's sample against the bare library's, the ratio of the medians and the target).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import games
from companion.service import Referee
from companion.store import Store
from domain.game import Game

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
    """A measured value in its unit, as the table prints it ("-" for none)."""
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
    """A sample as the table prints it: the median, and the min to max with the count."""
    if not s.values:
        return "not measured"
    med = fmt(s.median, unit)
    if len(s.values) == 1:
        return med
    return f"{med} ({fmt(s.low, unit)}–{fmt(s.high, unit)}, n={len(s.values)})"


def timed(fn: Callable[[], Any]) -> float:
    """The seconds one call of ``fn`` takes."""
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def say(text: str) -> None:
    """Print a line at once (a long run shows its progress)."""
    print(text, flush=True)


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


# Stores -------------------------------------------------------------------------------------


def referee_at(path: Path) -> Referee:
    """A Referee on the SQLite store at ``path``."""
    return Referee(Store(path))


def store_game(referee: Referee, game: games.ScriptedGame, home: str, away: str) -> UUID:
    """Record a whole game in one save, as ``zebra import`` does."""
    g = Game.start(game.ruleset, home, away, game.options, BY, AT)
    for text in game.entries:
        g.enter(text, BY, AT)
    referee.save(g)
    return g.id
