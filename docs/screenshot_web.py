"""Screenshots of ``zebra serve``'s pages: the league, a game mid-drive and the stream overlay.

    python docs/screenshot_web.py     # writes docs/screenshots/web-league.png, web-game.png,
                                      # web-overlay.png

It plays example games into a temporary store, starts the real server on it and photographs the
pages in headless Chromium (from the OS packages), driven as the tests drive it (the test extra's
``websockets``). None of your games is touched.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.scripts import parse_script  # noqa: E402
from companion.service import Referee  # noqa: E402
from companion.store import resolve  # noqa: E402
from tests.web.browser import Browser  # noqa: E402
from tests.web.served import example_entries, serve  # noqa: E402

SHOTS = ROOT / "docs" / "screenshots"


def play(referee: Referee, ruleset: str, lines: int | None = None) -> str:
    """An example game played from its script (its first ``lines`` lines); its id."""
    path = ROOT / "examples" / f"{ruleset}-full.zebra"
    text = path.read_text(encoding="utf-8").splitlines()
    script = parse_script("\n".join(text[:lines]), str(path))
    game = referee.start(ruleset, script.home or "Home", script.away or "Away", script.options)
    for _, line in script.lines:
        referee.enter(game.game_id, line, by="scorer")
    return game.game_id.hex


def league(store: str) -> str:
    """A league night: two games over, three in play; the featured one has a correction."""
    referee = Referee(resolve(store, create=True))
    play(referee, "rushzone")
    play(referee, "gridironmasters")
    play(referee, "redzone", 120)
    play(referee, "thirdandlong", 90)
    featured = referee.start("rushzone", "Bears", "Packers", by="scorer").game_id
    # Entry 55 leaves the Packers 1st and 10 at their 40; a roll after it is struck, and 55 amended.
    for text in example_entries(55):
        referee.enter(featured, text, by="scorer")
    referee.enter(featured, "white 1 1 2 6 6 6", by="scorer")
    referee.undo(featured, "the die was cocked", by="ann")
    referee.amend(featured, 55, "white 2 5 4 4 3 3", "the last Bears die showed 3", by="ann")
    return featured.hex


def main() -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        store = str(Path(folder) / "league.sqlite")
        featured = league(store)
        served = serve(store)
        browser = Browser(Path(folder) / "chromium")
        try:
            shots = [
                ("web-league.png", "", 1280, 900, False),
                ("web-game.png", f"game/{featured}", 1280, 1500, False),
                ("web-overlay.png", f"game/{featured}/overlay", 1920, 1080, True),
            ]
            for name, page, width, height, transparent in shots:
                tab = browser.tab(width, height)
                tab.open(f"{served.url}{page}")
                tab.wait_for("document.body.dataset.live === 'on'")
                (SHOTS / name).write_bytes(tab.screenshot(transparent=transparent))
                tab.close()
                print(f"wrote {SHOTS / name}")
        finally:
            browser.close()
            served.stop()


if __name__ == "__main__":
    main()
