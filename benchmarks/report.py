"""The results: each row's verdict, the Markdown tables, the growth plot and the machine."""

from __future__ import annotations

import os
import platform
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks.measure import Row, spread


def verdict(row: Row) -> str:
    """Whether the row met its target ("met", "MISSED"; kept on the row), "" for a diagnostic."""
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
    """The results table in Markdown, one line per row."""
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
    """Figure 3's amends as a Markdown table, one line per n and n−k."""
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
    """What the run was measured on: CPU, Python, SQLite, platform and library versions."""
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
