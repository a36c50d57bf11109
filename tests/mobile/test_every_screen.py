"""Every screen of the tablet at every configuration it is checked at (issue #27).

At each of mobile.headless.SCREENS (10" tablets, an 8" tablet, 7" tablets at 1024x600 and
density 1 and 1.33, a tablet and a phone in portrait, a phone in landscape, font scale 1.3):

- the New Game screen, for every game: the game's toggle and one choice of every option
  touched by a finger (scrolled into view first, as a finger would scroll it), then START;
  the game's record then has the options touched (and ``zebra status --json`` the options it
  shows: Red Zone's length, "long" where the default is "medium");
- the home screen with its games, and BACK from New Game;
- the log drawer of every example game, open, and a long press on its second entry (scrolled
  to, at the bottom of the log): the correction dialog with its reasons.

Every one of them measured (tests/mobile/screen.py geometry_problems): every enabled button at
least 48 dp and inside the window, nothing cut off or squeezed to nothing, no text cut to a bare
"…". The typed reason and the store-trouble panel are measured at every configuration in
test_reasons.py and test_store_trouble.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from kivy.base import EventLoop
from kivy.metrics import dp
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget
from typer.testing import CliRunner

from companion import catalogue, cli
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from mobile.app import ZebraApp
from mobile.screens import LogView
from tests.mobile import screen as look
from tests.mobile.screen import at_machine_pace, long_press

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# Entries of each example game before its log is opened: more than the drawer shows at once,
# so the entry pressed (the second) is reached by scrolling the log.
LOGGED = 30
# The log must show this many of its lowest rows at once (LogView: a row is at least 56 dp):
# two and part of a third, so a finger sees there is more to scroll to.
LOG_ROWS = 2.5


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


def check(app: ZebraApp, where: str) -> None:
    h.frames(2)
    problems = look.geometry_problems(app)
    assert not problems, f"{where}:\n" + "\n".join(problems[:12])


def until(done: Callable[[], bool], what: str, seconds: float = 2.0) -> None:
    """Frames until ``done()``; a clear failure, never a hang, if it does not come."""
    started = time.monotonic()
    while not done():
        if time.monotonic() - started > seconds:
            raise AssertionError(f"{what} did not happen within {seconds} s")
        time.sleep(0.02)
        h.frames(1)


def scroller(widget: Widget) -> ScrollView | None:
    parent = widget.parent
    for _ in range(look.MAX_DEPTH):
        if parent is None or parent is EventLoop.window:
            return None
        if isinstance(parent, ScrollView):
            return parent
        parent = parent.parent
    raise AssertionError("no screen nests widgets this deep")


def into_view(app: ZebraApp, widget: Widget, where: str) -> None:
    """The widget scrolled whole into its list's view (as a finger scrolls it), which must be
    inside the window; the screen is measured as it then stands."""
    view = scroller(widget)
    name = f"{where}: {type(widget).__name__} {look.plain(getattr(widget, 'text', ''))!r}"
    if view is not None:
        look.scroll_whole(view, lambda: widget, name)
    window = (0.0, 0.0, float(EventLoop.window.width), float(EventLoop.window.height))
    box = look.rect(widget)
    frame = look.rect(view) if view is not None else window
    assert look._inside(box, frame) and look._inside(box, window), (
        f"{name} at {box} is not whole in view ({frame})"
    )
    check(app, where)


def touch(widget: Widget, done: Callable[[], bool], what: str) -> None:
    """A finger on the widget, lifted at once, through the window's input queue; a list the
    widget is in hands the touch on a moment later (it waits to see whether it is a scroll)."""
    finger = h.on(widget)
    finger.touch_down()
    finger.touch_up()
    until(done, what)


def status_json(store: Path, game_id: str) -> dict[str, Any]:
    shown = CliRunner().invoke(cli.app, ["status", game_id, "--json", "--store", str(store)])
    assert shown.exit_code == 0, shown.output
    return dict(json.loads(shown.output))


def other_choice(option: catalogue.GameOption) -> str:
    """A choice that is not the default: the next one along."""
    choices = list(option.choices)
    return choices[(choices.index(option.default) + 1) % len(choices)]


def new_game_by_touch(app: ZebraApp, name: str, where: str) -> dict[str, str]:
    """On the New Game screen: the game and one choice of every option, touched; the options
    the screen then holds."""
    screen = app.manager.current_screen
    game = next(t for t in h.find(screen.ids.rulesets, "TeamToggle") if t.value == name)
    into_view(app, game, f"{where}: the game's toggle")
    touch(game, lambda: screen.ruleset == name, f"{where}: picking {name}")
    check(app, f"{where}: {name} picked")
    picked = {}
    for option in catalogue.options(name):
        choice = other_choice(option)
        toggle = next(
            t
            for t in h.find(screen.ids.options, "TeamToggle")
            if t.option == option.name and t.value == choice
        )
        into_view(app, toggle, f"{where}: {option.name}={choice}")
        touch(
            toggle,
            lambda o=option.name, c=choice: screen.options.get(o) == c,  # type: ignore[misc]
            f"{where}: {option.name}={choice}",
        )
        assert toggle.state == "down", f"{where}: {option.name}={choice}"
        picked[option.name] = choice
    assert dict(screen.options) == picked, where
    return picked


@pytest.mark.parametrize("config", h.SCREENS, ids=[s.name for s in h.SCREENS])
def test_every_game_starts_with_the_options_touched_on_every_screen(
    config: h.Screen, tmp_path: Path
) -> None:
    store = tmp_path / "zebra.sqlite"
    referee = Referee(resolve(str(store), create=True))
    app = h.launch(referee, screen=config)
    started = []
    try:
        for name in catalogue.names():
            where = f"{config.name} {name}"
            check(app, f"{where}: home")
            h.tap(app.manager.current_screen.ids.new_game)
            assert app.manager.current == "newgame", where
            check(app, f"{where}: new game")
            picked = new_game_by_touch(app, name, where)
            h.tap(app.manager.current_screen.ids.start)
            until(lambda: app.manager.current == "table" and bool(app.status), f"{where}: start")
            assert app.status["ruleset"] == name and app.game_id not in started, where
            check(app, f"{where}: the table")
            # The game as recorded has the options touched; where the game's situation shows
            # its options (Red Zone's length), so does ``zebra status --json``.
            gid = UUID(app.game_id)
            disputes = picked.pop("disputes", "referee")
            assert dict(referee.record(gid).options) == picked, where
            assert referee.game(gid).disputes == disputes, where
            status = status_json(store, app.game_id)
            assert status["ruleset"] == name, where
            assert status.get("options", picked) == picked, where
            if name == "redzone":
                assert status["options"]["length"] == "long", where
            started.append(app.game_id)
            h.tap(app.manager.current_screen.ids.games_button)
            assert app.manager.current == "home", where
        assert {r["game_id"] for r in app.game_rows} == set(started)
        check(app, f"{config.name}: home with every game")
        # BACK on New Game is on the screen and takes a finger.
        h.tap(app.manager.current_screen.ids.new_game)
        back = app.manager.current_screen.ids.back
        into_view(app, back, f"{config.name}: BACK")
        h.tap(back)
        assert app.manager.current == "home"
    finally:
        h.close(app)


def example_game(referee: Referee, ruleset: str) -> UUID:
    """The first LOGGED entries of the game's example, recorded through the service."""
    example = EXAMPLES / f"{ruleset}-full.zebra"
    script = parse_script(example.read_text(encoding="utf-8"), str(example))
    home, away = script.home or "Home", script.away or "Away"
    outcome = referee.start(ruleset, home, away, script.options, by="a coach")
    version = outcome.version
    for _, line in script.lines[:LOGGED]:
        version = referee.enter(outcome.game_id, line, "a coach", expect=version).version
    return outcome.game_id


@pytest.mark.parametrize("config", h.SCREENS, ids=[s.name for s in h.SCREENS])
def test_the_log_and_a_long_press_correction_of_every_game_on_every_screen(
    config: h.Screen, tmp_path: Path
) -> None:
    referee = Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))
    games = {name: example_game(referee, name) for name in catalogue.names()}
    app = h.launch(referee, screen=config)
    try:
        for name, game in games.items():
            where = f"{config.name} {name}"
            app.open_game(str(game))
            h.frames()
            before = referee.record(game).version
            h.tap(app.manager.current_screen.ids.log_button)
            assert app.drawer_open, where
            check(app, f"{where}: the log open")
            view = next(w for w in h.find(app.root, "LogView") if isinstance(w, LogView))
            assert view.height >= LOG_ROWS * dp(56) - look.SLACK, (
                f"{where}: the log shows {view.height / dp(1):.0f} dp of rows"
            )
            long_press(app, 2)
            assert app.reason_popup is not None, f"{where}: no correction dialog"
            check(app, f"{where}: the correction dialog")
            reasons = h.find(app.reason_popup, "ReasonButton")
            assert [b.source for b in reasons] == list(catalogue.correction_reasons(name))
            for button in [*reasons, *h.find(app.reason_popup, "TypeReasonButton")]:
                assert min(button.size) >= dp(look.TOUCH) - look.SLACK, (
                    f"{where}: {button.source!r} is "
                    f"{button.width / dp(1):.0f}x{button.height / dp(1):.0f} dp"
                )
            keep = next(
                b for b in h.find(app.reason_popup, "BarButton") if b.source == "Keep it as it is"
            )
            h.tap(keep)
            until(lambda: app.reason_popup is None, f"{where}: Keep it as it is")
            h.tap(app.manager.current_screen.ids.log_button)
            assert not app.drawer_open, where
            assert referee.record(game).version == before, f"{where}: something was recorded"
    finally:
        h.close(app)
