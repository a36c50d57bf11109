"""Figure 5: league standings from empty, every game folded from its events, in a fresh process,
against the bare read of the same store's notification log, with both peak memories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.measure import Row, Sample, in_fresh_process


def figure_league(workdir: Path, leagues: list[Any], reps: int) -> list[Row]:
    """Standings from empty (every summary deleted, the tracking record at 0: every game is
    folded from its events), each run in a fresh process on a fresh stripped copy, against the
    bare read of the same store's notification log (every event decoded) in a fresh process;
    with both processes' peak memory."""
    rows: list[Row] = []
    memory: list[tuple[int, Sample, Sample]] = []
    for found in leagues:
        zebra, plain, zebra_mib, plain_mib = _standings_samples(workdir, found, reps)
        rows += _league_rows(found, zebra, plain, zebra_mib, plain_mib)
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


def _standings_samples(
    workdir: Path, found: Any, reps: int
) -> tuple[Sample, Sample, Sample, Sample]:
    """Seconds and peak MiB of standings from empty and of the bare log read, ``reps`` times."""
    from benchmarks.leagues import drop, working_copy

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
    return zebra, plain, zebra_mib, plain_mib


def _league_rows(
    found: Any, zebra: Sample, plain: Sample, zebra_mib: Sample, plain_mib: Sample
) -> list[Row]:
    """The time and the peak memory of one league's standings, against the bare log read."""
    label = f"{found.games:,} games, {found.events:,} events"
    return [
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
        ),
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
        ),
    ]
