"""Figures 1 to 3 of ``python -m benchmarks`` (benchmarks.run), run at tiny sizes and not timed:
each size gives its rows, each Zebra row has its bare counterpart measured in the same run, every
n−k asked for is there, and the growth curves of figures 1 and 3 reach the plot."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from benchmarks import run

SIZES = [20, 40]
REPS = 1


def test_figures_1_to_3_give_rows_for_each_size_with_a_bare_counterpart(tmp_path: Path) -> None:
    store = tmp_path / "bench.sqlite"
    long = run.long_game_for(SIZES, REPS, seed=1)
    assert len(long.game.entries) >= max(SIZES) + REPS * run.NEXT + 1
    assert len(long.groups) == len(long.game.entries)

    entry = run.figure_entry(store, long, SIZES, REPS)
    rows, table = run.figure_corrections(store, long, SIZES, REPS)

    # Figure 1: entry 0, then per size one row against the bare save and one against entry 0.
    per_entry = [r for r in entry if r.target == "≤ 1.5×"]
    assert [r.size for r in per_entry] == [None, *SIZES]
    assert [r.size for r in entry if r.target == "≤ 1.1×"] == [None] * len(SIZES)
    for row in entry:
        assert len(row.zebra.values) == REPS
        assert row.bare is not None and len(row.bare.values) == REPS
        assert row.ratio is not None and row.ratio > 0

    # Figure 3: n−k of 10, n/2 and n (k = 1) for each n, warm and cold, each against bare.
    assert {(t["n"], t["n_minus_k"]) for t in table} == {
        (20, 10),
        (20, 19),
        (40, 10),
        (40, 20),
        (40, 39),
    }
    for t in table:
        for mode in ("warm", "cold", "bare_warm", "bare_cold"):
            assert len(t[mode].values) == REPS
        assert t["steps"] == t["n_minus_k"] + 1  # entries k..n re-derived
        assert t["stored"] and t["rederived_bytes"] > 0
    amends = [r for r in rows if r.figure == "3" and r.what.startswith("amend entry k")]
    assert len(amends) == 2 * len(table)
    assert all(r.bare is not None and r.bare.values for r in amends)

    # Figure 2: stored bytes per entry for each size (against the bare copy), and a correction's
    # bytes per re-derived entry judged for every amend.
    stored = [r for r in rows if r.what.startswith("stored bytes per entry")]
    assert [r.size for r in stored] == SIZES
    assert all(r.bare is not None and r.bare.values for r in stored)
    per_step = [r for r in rows if r.what.startswith("Rederived bytes")]
    assert len(per_step) == len(table) and all(r.met is not None for r in per_step)

    # The cold open in a fresh process, with the child's peak memory, for each size.
    opened = [r for r in rows if r.series == "cold open vs bare chained get"]
    memory = [r for r in rows if r.unit == "MiB"]
    assert [r.size for r in opened] == [r.size for r in memory] == SIZES
    assert all(r.bare is not None and r.bare.values and r.zebra.median > 0 for r in memory)

    # The growth curves: panels for figures 1, 2 and 3, counted in entries.
    svg = tmp_path / "growth.svg"
    assert run.write_plot(entry + rows, svg) >= 4
    text = svg.read_text(encoding="utf-8")
    ET.fromstring(text)
    for title in ("1. per entry", "2. stored size", "3. corrections"):
        assert title in text
    assert "entries in the game" in text
