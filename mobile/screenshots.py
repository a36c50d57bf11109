"""Render each screen of the tablet into docs/screenshots/*.png: ``python -m mobile.screenshots``.

A game is played into a temporary store by tapping the app's own buttons, so the pictures show
what a coach sees. Without a display, SDL's offscreen driver renders them.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

# Kivy reads its environment on first import, so this runs before anything imports it.
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="zebra-kivy-"))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

DRIVE = [
    "toss home",
    "receive",
    "green 4 2",
    "white 6 2 4 3 5 1",
    "white 1 1 1 6 6 6",
]


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# How many entries of each example to play before the screenshot: a ball in play, or a few
# scoring slots filled.
MID_GAME = {"redzone": 40, "firstandgoal": 14, "thirdandlong": 24, "gridironmasters": 30}


def main(out: Path = OUT) -> list[Path]:
    from kivy.base import EventLoop

    from companion.scripts import parse_script
    from companion.service import Referee
    from companion.store import resolve
    from domain import rulesets
    from mobile import headless as h

    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="zebra-shots-"))
    written: list[Path] = []

    def shot(name: str) -> None:
        h.frames(8)
        target = out / f"{name}.png"
        made = EventLoop.window.screenshot(name=str(work / f"{name}.png"))
        shutil.move(made, target)
        written.append(target)

    referee = Referee(resolve(str(work / "zebra.sqlite"), create=True))
    # An earlier game, finished or not, so the home screen has something to resume.
    other = referee.start("rushzone", "Lions", "Vikings", {}, by="screenshots").game_id
    for entry in ["toss away", "kick", "green 3 3"]:
        referee.enter(other, entry, by="screenshots")
    app = h.launch(referee)
    app.go_home()
    shot("home")
    app.new_game()
    screen = app.manager.current_screen
    screen.ids.home.text, screen.ids.away.text = "Bears", "Packers"
    shot("new-game")
    # A card game: its options, and the roster files checked before the game starts.
    screen.pick_ruleset("thirdandlong")
    shot("new-game-thirdandlong")
    screen.pick_ruleset("rushzone")
    h.tap(screen.ids.start)
    for entry in DRIVE[:3]:
        keyword, *values = entry.split()
        if app.pad.form is None:
            app.tap_form(
                next(i for i, f in enumerate(app.pad.prompt.forms) if f.keyword == keyword)
            )
        for value in values:
            app.tap_value(value)
        h.frames(2)
    for value in ["6", "2", "4", "3", "5", "1"]:
        app.tap_value(value)
        h.frames(2)
    for value in ["5", "3"]:
        app.tap_value(value)
    shot("table-rushzone-mid-drive")
    for value in ["2", "6", "6", "6"]:
        app.tap_value(value)
    shot("table-rushzone-touchdown")
    app.ask_undo()
    shot("undo-reason")
    app.correct("the die was cocked")
    app.toggle_log()
    shot("log-drawer")
    # A long press on an earlier entry: strike it, amend it, or insert a forgotten one before.
    app.ask_correction(3)
    app.pick_mode("amend")
    shot("log-correction")
    app.close_correction()
    app.toggle_log()
    # Each card game a few entries into its example game, so the table shows play in progress.
    for name in rulesets.names():
        if name == "rushzone":
            continue
        script = parse_script((EXAMPLES / f"{name}-full.zebra").read_text(encoding="utf-8"))
        app.start_game(name, script.home or "Home", script.away or "Away", script.options)
        for _, line in script.lines[: MID_GAME[name]]:
            # Each entry is taken on the game as shown, so the screen is refreshed in between.
            h.settle()
            assert app.submit(line), app.banner_text
        shot(f"table-{name}")
    h.close(app)
    shutil.rmtree(work, ignore_errors=True)
    return written


if __name__ == "__main__":
    for path in main():
        print(path)
