"""Running the tablet app without entering Kivy's main loop: for the tests and the screenshots.

The app is built and started exactly as ``App.run`` does, then frames are advanced by hand, so a
test can press real buttons and look at the real widget tree between frames.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kivy.app import App
from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.tests.common import UnitTestTouch
from kivy.uix.widget import Widget

from companion.service import Referee
from mobile.app import ZebraApp

TABLET = (1280, 800)


def launch(referee: Referee, size: tuple[int, int] = TABLET) -> ZebraApp:
    """Build and start the app in the current window, as ``App.run`` would, without its loop."""
    EventLoop.ensure_window()
    window = EventLoop.window
    window.size = size
    app = ZebraApp(referee)
    app._run_prepare()
    frames()
    return app


def close(app: ZebraApp) -> None:
    """What a kill leaves behind: nothing but the store. The window is kept for the next app."""
    app.dispatch("on_stop")
    if app.root is not None:
        EventLoop.window.remove_widget(app.root)
    App._running_app = None  # type: ignore[attr-defined]


# Whether frames are drawn into the window. Tests that look only at the widget tree turn it off:
# in software GL, drawing is most of their time, and nothing else about a frame changes.
DRAW_FRAMES = True


def frames(count: int = 4) -> None:
    """Advance a few frames: triggers fire, input is dispatched, layouts settle, and unless
    DRAW_FRAMES is off the window is drawn (as ``EventLoop.idle`` does)."""
    for _ in range(count):
        if DRAW_FRAMES:
            EventLoop.idle()
        else:
            Clock.tick()
            EventLoop.dispatch_input()
            Builder.sync()
            Clock.tick_draw()
            Builder.sync()


def settle() -> None:
    """Run what is scheduled (the refresh, the pad) without drawing: quick, for long runs."""
    Clock.tick()


def walk(root: Any) -> Iterator[Widget]:
    """Every widget under ``root``; the window itself is walked through its children (popups)."""
    if isinstance(root, Widget):
        yield from root.walk(restrict=True)
    else:
        for child in list(root.children):
            yield from child.walk(restrict=True)


def find(root: Any, cls: str | None = None, **attrs: Any) -> list[Widget]:
    """The widgets under ``root`` of a class (by name) whose attributes match ``attrs``."""
    out = []
    for widget in walk(root):
        if cls is not None and type(widget).__name__ != cls:
            continue
        if all(getattr(widget, k, object()) == v for k, v in attrs.items()):
            out.append(widget)
    return out


def tap(widget: Widget, count: int = 1) -> None:
    """A finger on the middle of the widget, lifted at once; then a few frames."""
    frames(1)  # a widget built in the last frame may not have been laid out yet
    x, y = widget.to_window(widget.center_x, widget.center_y)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    frames(count)
