"""Running the tablet app without entering Kivy's main loop: for the tests and the screenshots.

The app is built and started exactly as ``App.run`` does, then frames are advanced by hand, as
Kivy's main loop advances them (an exception out of a frame goes to Kivy's exception manager,
as it would on a device), so a test can press real buttons and look at the real widget tree
between frames. The referee's calls run on the app's worker thread; ``frames`` waits for them
to finish before each frame unless told not to, so a test reads a settled screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kivy.app import App
from kivy.base import EventLoop, ExceptionManager
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import Metrics
from kivy.tests.common import UnitTestTouch
from kivy.uix.widget import Widget

from companion.service import Referee
from mobile.app import ZebraApp

TABLET = (1280, 800)


@dataclass(frozen=True)
class Screen:
    """A device the tablet must work on: its window in pixels, its density, its font scale."""

    name: str
    size: tuple[int, int]
    density: float = 1.0
    fontscale: float = 1.0


# The configurations the tablet is checked at (issue #17): 10" tablets at two resolutions, an 8"
# tablet (density 1.33), a tablet in portrait, a phone in portrait, and Android's largest
# common font scale; and (issue #27) the small 7" tablets at 1024x600 (density 1 and 1.33, the
# latter only 770x451 dp) and a phone in landscape (914x411 dp).
SCREENS = (
    Screen("tablet-1280x800", (1280, 800)),
    Screen("tablet-1920x1200", (1920, 1200), density=1.5),
    Screen("tablet-8in", (1280, 800), density=1.33),
    Screen("portrait-800x1280", (800, 1280)),
    Screen("phone-1080x2400", (1080, 2400), density=2.625),
    Screen("fontscale-1.3", (1280, 800), fontscale=1.3),
    Screen("small-1024x600", (1024, 600)),
    Screen("small-1024x600-d1.33", (1024, 600), density=1.33),
    Screen("phone-landscape-2400x1080", (2400, 1080), density=2.625),
)


def configure(screen: Screen) -> None:
    """Set the window and the metrics a screen has (before an app is launched on it)."""
    EventLoop.ensure_window()
    Metrics.density = screen.density
    Metrics.fontscale = screen.fontscale
    EventLoop.window.size = screen.size


def launch(
    referee: Referee, size: tuple[int, int] = TABLET, screen: Screen | None = None
) -> ZebraApp:
    """Build and start the app in the current window, as ``App.run`` would, without its loop."""
    return start(ZebraApp(referee), size, screen)


def start(app: ZebraApp, size: tuple[int, int] = TABLET, screen: Screen | None = None) -> ZebraApp:
    """Build and start an app made elsewhere (mobile.app.tablet_on) as ``launch`` does."""
    configure(screen or Screen("custom", size))
    app._run_prepare()
    frames()
    return app


def close(app: ZebraApp) -> None:
    """What a kill leaves behind: nothing but the store. The window is kept for the next app."""
    app.worker.wait()
    app.dispatch("on_stop")
    if app.root is not None:
        EventLoop.window.remove_widget(app.root)
    for child in list(EventLoop.window.children):
        EventLoop.window.remove_widget(child)  # a popup left open
    App._running_app = None  # type: ignore[attr-defined]
    Metrics.density, Metrics.fontscale = 1.0, 1.0


# Whether frames are drawn into the window. Tests that look only at the widget tree turn it off:
# in software GL, drawing is most of their time, and nothing else about a frame changes.
DRAW_FRAMES = True


def frames(count: int = 4, *, drain: bool = True) -> None:
    """Advance a few frames: the referee's answers arrive, triggers fire, input is dispatched,
    layouts settle, and unless DRAW_FRAMES is off the window is drawn (as ``EventLoop.idle``
    does). With ``drain`` off, a call still in flight stays in flight (a slow store)."""
    for _ in range(count):
        _frame(drain)
    # A frame may have asked the referee again (a refresh after an entry): settle that too.
    for _ in range(20):
        if not drain or not _busy():
            break
        _frame(drain)


def screenshot(path: str) -> str:
    """Draw the whole window (the screen and any popup over it) into an image of the window's
    size and save it as a PNG at ``path``.

    Drawn off screen, into a frame buffer of its own: SDL's offscreen window keeps the size it
    was created with when Kivy resizes it, so reading the window back would crop a phone or a
    1920x1200 tablet."""
    from kivy.core.image import Image
    from kivy.graphics import ClearBuffers, ClearColor, Fbo, Scale, Translate

    window = EventLoop.window
    width, height = window.size
    fbo = Fbo(size=(width, height), with_stencilbuffer=True)
    with fbo:
        ClearColor(0, 0, 0, 1)
        ClearBuffers()
        Scale(1, -1, 1)
        Translate(0, -height, 0)
    moved = []
    for child in reversed(window.children):
        index = window.canvas.indexof(child.canvas)
        if index > -1:
            window.canvas.remove(child.canvas)
        moved.append((child.canvas, index))
        fbo.add(child.canvas)
    try:
        fbo.draw()
        Image(fbo.texture).save(path, flipped=False)
    finally:
        for canvas, index in reversed(moved):
            fbo.remove(canvas)
            if index > -1:
                window.canvas.insert(index, canvas)
    return path


def _busy() -> bool:
    worker = getattr(App.get_running_app(), "worker", None)
    return bool(worker is not None and worker.busy)


def _frame(drain: bool) -> None:
    if drain:
        _drain()
    try:
        if DRAW_FRAMES:
            EventLoop.idle()
        else:
            Clock.tick()
            EventLoop.dispatch_input()
            Builder.sync()
            Clock.tick_draw()
            Builder.sync()
    except BaseException as exc:
        # What Kivy's main loop does with an exception out of a frame.
        if ExceptionManager.handle_exception(exc) == ExceptionManager.RAISE:
            raise


def _drain() -> None:
    app = App.get_running_app()
    worker = getattr(app, "worker", None)
    if worker is not None and not worker.wait(60):
        raise AssertionError("the referee did not answer within 60 s")


def settle() -> None:
    """Run what is scheduled (the referee's answers, the refresh, the pad) without drawing."""
    for _ in range(20):
        _drain()
        Clock.tick()
        if not _busy():
            break


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


class Finger(UnitTestTouch):  # type: ignore[misc]
    """A touch that goes through Kivy's input queue like a device's: it is dispatched by the
    next frame, inside the main loop's exception handling, with any other touch of that frame."""

    def touch_down(self, *_: Any) -> None:
        self.eventloop._dispatch_input("begin", self)

    def touch_up(self, *_: Any) -> None:
        self.eventloop._dispatch_input("end", self)


def on(widget: Widget) -> Finger:
    """A finger on the middle of the widget (not yet down)."""
    x, y = widget.to_window(widget.center_x, widget.center_y)
    return Finger(x, y)


def tap(widget: Widget, count: int = 2, *, drain: bool = True) -> None:
    """A finger on the middle of the widget, lifted at once; then a few frames."""
    frames(1, drain=drain)  # a widget built in the last frame may not have been laid out yet
    finger = on(widget)
    finger.touch_down()
    finger.touch_up()
    frames(count, drain=drain)
