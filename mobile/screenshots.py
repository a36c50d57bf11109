"""The tablet's screens as pictures in docs/screenshots/<screen>/: ``python -m mobile.screenshots``.

One folder per screen the tablet is checked at (mobile.headless.SCREENS): 10" tablets at
1280x800 and 1920x1200, an 8" tablet (density 1.33), 7" tablets at 1024x600 (density 1 and
1.33), a tablet in portrait, a phone in portrait and in landscape, font scale 1.3. Games are
played into a temporary store, the entries a coach makes tapped on the app's own pad, so the
pictures show what a coach sees, 1st & Goal's dice picker included.

The pictures are reproducible: the games' ids and clock are fixed here (the home screen shows
both), and every picture is drawn off screen into an image of the screen's size. ``--check``
renders them again into a temporary folder and compares them with the committed ones.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

# Kivy reads its environment on first import, so this runs before anything imports it.
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="zebra-kivy-"))
os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# The drive tapped on the Rush Zone pad: the toss, the kickoff, a first down, a touchdown.
DRIVE = ["toss home", "receive", "green 4 2", "white 6 2 4 3 5 1"]
# How many entries of each example to play before its picture: a ball in play, or a few
# scoring slots filled.
MID_GAME = {"redzone": 40, "thirdandlong": 24, "gridironmasters": 30}
# 1st & Goal: entries up to a matchup, where the table names the dice the line calls for.
DICE_AT = 11
# The main screen gets every picture; the others New Game with Red Zone's options, the log and
# a correction dialog, and the table's busiest moments.
FULL = "tablet-1280x800"
FIXED_TIME = "2026-01-02T19:30:00+00:00"


@contextmanager
def fixed_moment() -> Iterator[None]:
    """Games started here get ids 1, 2, 3... and every entry the same wall-clock time."""
    from companion import service

    Game = service.Game  # the aggregate the service starts games with
    counter = itertools.count(1)
    saved_now, saved_id = service.now, Game.__dict__.get("create_id")
    service.now = lambda: FIXED_TIME  # type: ignore[assignment]
    Game.create_id = staticmethod(lambda *_a, **_k: UUID(int=next(counter)))  # type: ignore[method-assign]
    try:
        yield
    finally:
        service.now = saved_now  # type: ignore[assignment]
        if saved_id is None:
            del Game.create_id
        else:
            Game.create_id = saved_id  # type: ignore[method-assign]


def render(out: Path = OUT, screens: tuple[str, ...] | None = None) -> list[Path]:
    """Every picture, for every screen (or those named); the files written."""
    from mobile import headless as h

    written: list[Path] = []
    for screen in h.SCREENS:
        if screens is None or screen.name in screens:
            written += _render_screen(screen, out / screen.name)
    return written


def _render_screen(screen: object, out: Path) -> list[Path]:
    from companion.scripts import parse_script
    from companion.service import Referee
    from companion.store import resolve
    from mobile import headless as h

    assert isinstance(screen, h.Screen)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="zebra-shots-"))
    written: list[Path] = []
    full = screen.name == FULL

    def shot(name: str) -> None:
        h.frames(3)
        target = out / f"{name}.png"
        h.screenshot(str(target))
        written.append(target)

    with fixed_moment():
        referee = Referee(resolve(str(work / "zebra.sqlite"), create=True))
        # An earlier game, so the home screen has something to resume.
        other = referee.start("rushzone", "Lions", "Vikings", {}, by="screenshots")
        version = other.version
        for entry in ["toss away", "kick", "green 3 3"]:
            version = referee.enter(other.game_id, entry, by="screenshots", expect=version).version
        h.DRAW_FRAMES = False
        app = h.launch(referee, screen=screen)
        # A moment's card stays up until the next tap, not for a few seconds of this machine's
        # time: the pictures do not depend on how fast it draws them.
        app.moment_seconds = float("inf")
        try:
            app.go_home()
            if full:
                shot("home")
            app.new_game()
            new = app.manager.current_screen
            new.ids.home.text, new.ids.away.text = "San Francisco 49ers", "Green Bay Packers"
            if full:
                shot("new-game")
                new.pick_ruleset("thirdandlong")
                shot("new-game-thirdandlong")
            _options_shots(new, shot)
            h.tap(new.ids.start)
            for entry in DRIVE:
                _tap_entry(app, entry)
            for value in ["5", "3"]:
                app.tap_value(value)
            shot("table-rushzone")
            if full:
                for value in ["2", "6", "6", "6"]:
                    app.tap_value(value)
                h.frames()
                shot("table-rushzone-touchdown")
                app.hide_moment()  # the coach's next tap, on UNDO
                app.ask_undo()
                h.frames()
                shot("undo-reason")
                app.correct("the die was cocked")
                h.frames()
            _log_shots(app, shot)
            # 1st & Goal: the dice the matchup calls for, toggled in their colours.
            script = parse_script((EXAMPLES / "firstandgoal-full.zebra").read_text("utf-8"))
            _play(app, "firstandgoal", script, DICE_AT)
            for part in ["red", "tan", "black", "black"]:
                app.tap_part(part)
            shot("table-firstandgoal-dice")
            for name, count in MID_GAME.items():
                if not full and name != "redzone":
                    continue
                script = parse_script((EXAMPLES / f"{name}-full.zebra").read_text("utf-8"))
                _play(app, name, script, count)
                shot(f"table-{name}")
        finally:
            h.close(app)
    return written


def _options_shots(new: Any, shot: Callable[[str], None]) -> None:
    """Every screen: New Game with the game that has the most options, and scrolled to them."""
    new.pick_ruleset("redzone")
    shot("new-game-redzone")
    new.ids.form.scroll_y = 0  # scrolled to its last options
    shot("new-game-redzone-options")
    new.ids.form.scroll_y = 1
    new.pick_ruleset("rushzone")


def _log_shots(app: Any, shot: Callable[[str], None]) -> None:
    """Every screen: the log open, and a long press on an earlier entry (strike, amend, insert
    before, revert), its reasons in the dialog."""
    from mobile import headless as h

    app.toggle_log()
    shot("log-drawer")
    app.ask_correction(3)
    app.pick_mode("amend")
    shot("log-correction")
    app.close_correction()
    app.toggle_log()
    h.frames()


def _tap_entry(app: object, entry: str) -> None:
    """Enter one line by the pad's handlers, as its buttons call them."""
    from mobile import headless as h

    keyword, *values = entry.split()
    pad = app.pad  # type: ignore[attr-defined]
    if pad.form is None or pad.form.keyword != keyword:
        index = next(i for i, f in enumerate(pad.prompt.forms) if f.keyword == keyword)
        app.tap_form(index)  # type: ignore[attr-defined]
    for value in values:
        app.tap_value(value)  # type: ignore[attr-defined]
    h.frames()


def _play(app: object, name: str, script: object, count: int) -> None:
    """The example game with its first ``count`` entries, recorded through the service (as
    another screen would), then opened on the tablet."""
    from mobile import headless as h

    referee = app.referee  # type: ignore[attr-defined]
    home, away = script.home or "Home", script.away or "Away"  # type: ignore[attr-defined]
    outcome = referee.start(name, home, away, script.options, by="screenshots")  # type: ignore[attr-defined]
    version = outcome.version
    for _, line in script.lines[:count]:  # type: ignore[attr-defined]
        version = referee.enter(outcome.game_id, line, by="screenshots", expect=version).version
    app.open_game(str(outcome.game_id))  # type: ignore[attr-defined]
    h.frames()


def differences(one: Path, other: Path) -> float:
    """How much two pictures differ: the share of their pixels that differ by more than a
    rounding (0 for identical pictures, 1 for nothing alike; other sizes: 1)."""
    from kivy.core.image import Image as CoreImage

    a = CoreImage(str(one), keep_data=True, nocache=True)
    b = CoreImage(str(other), keep_data=True, nocache=True)
    if a.size != b.size:
        return 1.0
    pa, pb = a.texture.pixels, b.texture.pixels
    if pa == pb:
        return 0.0
    try:
        import numpy as np
    except ImportError:  # numpy comes with the test tools; without it, count by hand
        pixels = range(0, len(pa), 4)
        differ = sum(1 for i in pixels if max(abs(pa[i + k] - pb[i + k]) for k in range(3)) > 8)
        return differ / (len(pa) / 4)
    x = np.frombuffer(pa, np.uint8).reshape(-1, 4)[:, :3].astype(np.int16)
    y = np.frombuffer(pb, np.uint8).reshape(-1, 4)[:, :3].astype(np.int16)
    return float((np.abs(x - y).max(axis=1) > 8).mean())


def check(out: Path = OUT) -> list[str]:
    """Render every picture again and compare it with the committed one: what differs."""
    fresh = Path(tempfile.mkdtemp(prefix="zebra-shots-check-"))
    problems = []
    made = render(fresh)
    for path in made:
        committed = out / path.relative_to(fresh)
        if not committed.exists():
            problems.append(f"{committed} is missing")
            continue
        share = differences(path, committed)
        if share > 0.002:
            problems.append(f"{committed} differs from a fresh render in {share:.2%} of its pixels")
    for committed in out.glob("*/*.png"):
        if not (fresh / committed.relative_to(out)).exists():
            problems.append(f"{committed} is no longer rendered")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mobile.screenshots", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare with the committed ones")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for line in problems:
            print(line, file=sys.__stdout__)
        return 1 if problems else 0
    for path in render():
        print(path, file=sys.__stdout__)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
