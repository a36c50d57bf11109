"""Figure 6: the tablet, press to the next rendered frame, measured by ``python -m
benchmarks.tablet`` in a process of its own (Kivy reads its settings when first imported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from benchmarks.measure import BY, ROOT, Row, Sample


def figure_tablet(workdir: Path, reps: int, long_entries: int) -> tuple[list[Row], dict[str, Any]]:
    """The tablet's rows, from the JSON ``benchmarks.tablet`` prints; a failure is one row that
    says it was not measured, never a faked figure."""
    try:
        result = _tablet_result(workdir, reps, long_entries)
    except Exception as exc:  # any failure means the figure is not measured, never faked
        reason = f"not measured: {exc}"
        return [
            Row("6", "tablet: button press to next rendered frame", Sample(), "s", note=reason)
        ], {}
    redraw = Sample(result.get("redraw", []))
    rows = [row for case in result["cases"] for row in _case_rows(case)]
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


def _tablet_result(workdir: Path, reps: int, long_entries: int) -> dict[str, Any]:
    """Run ``python -m benchmarks.tablet`` and read the JSON of its last line."""
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
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _case_rows(case: dict[str, Any]) -> list[Row]:
    """One case's rows: press to frame, answer to frame, and press to the shown entry."""
    # The frame after the touch (the recording look) against one label's redraw measured
    # beside each press; the frame that shows the answer against its true bare counterpart
    # (the same labels changed to the same texts in one frame, no Zebra work).
    press = Sample(case["press_to_frame"])
    beside = Sample(case.get("redraw", []))
    unseen = case.get("ack", []).count("none")
    result_frame = Sample(case["result_to_frame"])
    bare = Sample(case.get("bare", []))
    return [
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
        ),
        Row(
            "6",
            f"tablet: the answer to its frame, {case['name']}, vs its bare counterpart",
            result_frame,
            "s",
            bare,
            "time",
            target="≤ 1.3×",
            met=result_frame.median <= 1.3 * bare.median if bare.values else None,
        ),
        Row(
            "6",
            f"tablet: press to the frame showing the new entry, {case['name']} (diagnostic)",
            Sample(case["press_to_result"]),
            "s",
        ),
    ]
