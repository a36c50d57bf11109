"""Render HTML game reports of the example games in headless Chromium.

    python docs/screenshot_report.py    # writes docs/report.png and docs/report.html (NFL Rush
                                        # Zone, one struck entry), docs/report-firstandgoal.png
                                        # (halves and an overtime) and
                                        # docs/report-gridironmasters.png (slots, overtime)

Chromium comes from the OS packages (apt-get install chromium). The store is a temporary file,
so running this touches none of your games.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import store as stores  # noqa: E402
from companion.scripts import parse_import, read_text  # noqa: E402
from companion.service import Referee  # noqa: E402
from projections import report  # noqa: E402

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def example_report_html() -> str:
    """The report of the example game, with one disputed call struck so it shows struck through."""
    example = ROOT / "examples" / "rushzone-full.zebra"
    with tempfile.TemporaryDirectory() as folder:
        referee = Referee(stores.resolve(str(Path(folder) / "report.sqlite"), create=True))
        script = parse_import(read_text(example), str(example))
        *played, (_, last) = script.lines
        script = type(script)(**{**script.__dict__, "ruleset": "rushzone", "lines": played})
        game_id = referee.import_game(script, by="example").game_id
        referee.enter(game_id, "green 1", by="example")
        referee.undo(game_id, "the die showed 6, not 1", by="example")
        referee.enter(game_id, last, by="example")
        return report.html_report(referee.record(game_id))


def game_report_html(name: str) -> str:
    """The report of an example game as it is, played into a temporary store."""
    example = ROOT / "examples" / name
    with tempfile.TemporaryDirectory() as folder:
        referee = Referee(stores.resolve(str(Path(folder) / "report.sqlite"), create=True))
        script = parse_import(read_text(example), str(example))
        ruleset = script.ruleset or name.split("-", 1)[0]
        script = type(script)(**{**script.__dict__, "ruleset": ruleset})
        game_id = referee.import_game(script, by="example").game_id
        return report.html_report(referee.record(game_id))


# The other examples shown, and the height of their screenshot.
MORE = {
    "report-firstandgoal.png": ("firstandgoal-full.zebra", 2200),
    "report-gridironmasters.png": ("gridironmasters-overtime.zebra", 2200),
}


def run_chromium(args: list[str], profile: Path) -> subprocess.CompletedProcess[str]:
    browser = chromium()
    if browser is None:
        raise SystemExit("chromium is not installed: apt-get install chromium")
    return subprocess.run(
        [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def main() -> None:
    html_path = ROOT / "docs" / "report.html"
    png_path = ROOT / "docs" / "report.png"
    html_path.write_text(example_report_html(), encoding="utf-8")
    png_path.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        done = run_chromium(
            [f"--screenshot={png_path}", "--window-size=1100,3000", html_path.as_uri()],
            Path(profile),
        )
    if not png_path.exists():
        raise SystemExit(f"chromium made no screenshot: {done.stderr.strip()[-500:]}")
    print(f"wrote {html_path} and {png_path}")
    for png, (example, height) in MORE.items():
        path = ROOT / "docs" / png
        path.unlink(missing_ok=True)
        with tempfile.TemporaryDirectory() as profile:
            page = Path(profile) / "report.html"
            page.write_text(game_report_html(example), encoding="utf-8")
            done = run_chromium(
                [f"--screenshot={path}", f"--window-size=1100,{height}", page.as_uri()],
                Path(profile) / "chromium",
            )
        if not path.exists():
            raise SystemExit(f"chromium made no screenshot: {done.stderr.strip()[-500:]}")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
