"""The HTML report opened in a real browser (headless Chromium from the OS packages)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))

import screenshot_report  # noqa: E402

needs_chromium = pytest.mark.skipif(
    screenshot_report.chromium() is None and not os.environ.get("CI"),
    reason="chromium is not installed here (CI installs it)",
)


@needs_chromium
def test_report_in_chromium_shows_box_score_and_play_by_play(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(screenshot_report.example_report_html(), encoding="utf-8")
    done = screenshot_report.run_chromium(
        ["--dump-dom", "--window-size=1100,1500", page.as_uri()],
        tmp_path / "profile",
    )
    dom = done.stdout
    assert '<table id="box-score">' in dom, done.stderr[-500:]
    assert re.search(r"<td>Bears</td><td>0</td><td>8</td><td>14</td><td>3</td><td>25</td>", dom)
    items = re.findall(r"<li>", dom)
    # Every play line of the file (one per play of the example's 97 entries) is in the page.
    assert len(items) == page.read_text(encoding="utf-8").count("<li>") > 50
    assert "<del>" in dom and "struck: the die showed 6, not 1" in dom
