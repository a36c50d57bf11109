"""The on-screen keyboard never covers the field being typed (issue #27).

The app sets Kivy's ``Window.softinput_mode`` to ``below_target``: when the keyboard comes up,
the window pans so the focused field sits just above it. What is run here is Kivy 2.3.1's own
pan (``WindowBase.update_viewport``): a field is focused by a touch, so Kivy makes it the
keyboard's target, and the keyboard's height is given the way Kivy's keyboard animation gives it
(``Window._kheight``, which ``update_viewport`` follows). The drawn window's transformation then
says where the field is on screen.

What cannot be run here: on an Android device Kivy's SDL2 window reports no keyboard height
(``Window.keyboard_height`` is 0 there, by Kivy's own note) and hands ``below_target`` with the
field's rectangle to SDL, which asks Android to pan; no device or emulator is available here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window, WindowBase
from kivy.uix.textinput import TextInput

from companion.service import Referee
from companion.store import resolve
from mobile import app as app_module
from mobile import headless as h
from mobile.app import ZebraApp
from tests.mobile.screen import at_machine_pace

# Landscape screens where a keyboard covers the team-name fields (issue #27), each with the share
# of the screen's height given to the keyboard: an assumed typical landscape keyboard (a bit
# over half the height), not measured on a device here. Without the pan it covers the fields.
LANDSCAPES = (
    (h.Screen("tablet-1024x600-1.33", (1024, 600), density=1.33), 0.55),
    (h.Screen("phone-2400x1080-landscape", (2400, 1080), density=2.625), 0.6),
)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


@pytest.fixture
def referee(tmp_path: Path) -> Referee:
    return Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))


@pytest.fixture(params=LANDSCAPES, ids=[s.name for s, _ in LANDSCAPES])
def landscape(request: pytest.FixtureRequest) -> tuple[h.Screen, float]:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def keyboard() -> Iterator[Any]:
    """Brings the keyboard up to a height in pixels, as Kivy's keyboard animation does."""

    def up(height: float) -> None:
        # Where Kivy's own animation of the keyboard's height ends; one still due (the window
        # was resized for this screen) would bring it back to what the desktop reports, 0.
        Window.trigger_keyboard_height.cancel()
        if WindowBase._kanimation is not None:
            WindowBase._kanimation.cancel(Window)
        Window._kheight = height
        h.frames(1)

    yield up
    Window._kheight = 0
    Window.release_all_keyboards()


def focus_by_touch(field: TextInput) -> None:
    h.tap(field)
    assert field.focus, "the touch focused the field"
    assert Window._system_keyboard.target is field, "Kivy made the field the keyboard's target"


def on_screen(field: TextInput) -> tuple[float, float]:
    """The field's bottom and top in the window as it is drawn, after Kivy's pan."""
    drawn = Window.render_context["modelview_mat"]
    x, y = field.to_window(field.x, field.y)
    bottom = drawn.transform_point(x, y, 0)[1]
    top = drawn.transform_point(x, y + field.height, 0)[1]
    return bottom, top


def name_fields(app: ZebraApp) -> list[TextInput]:
    screen = app.manager.get_screen("newgame")
    return [screen.ids.home.__self__, screen.ids.away.__self__]


def test_the_app_asks_kivy_to_pan_to_the_field_being_typed(referee: Referee) -> None:
    Window.softinput_mode = ""
    app = h.launch(referee)
    try:
        assert Window.softinput_mode == "below_target" == app_module.SOFTINPUT_MODE
    finally:
        h.close(app)


def test_the_keyboard_leaves_the_team_name_fields_in_sight(
    referee: Referee, landscape: tuple[h.Screen, float], keyboard: Any
) -> None:
    screen, share = landscape
    app = h.launch(referee, screen=screen)
    try:
        h.tap(app.manager.current_screen.ids.new_game)
        assert app.manager.current == "newgame"
        height = Window.height * share
        for field in name_fields(app):
            assert isinstance(field, TextInput)
            focus_by_touch(field)
            keyboard(height)
            bottom, top = on_screen(field)
            assert bottom >= height - 0.5, f"the keyboard's top is {height}, the field's {bottom}"
            assert top <= Window.height + 0.5, "the field's top is still on screen"
            keyboard(0)
            # The pan is undone as the keyboard goes.
            assert on_screen(field)[0] == pytest.approx(field.to_window(field.x, field.y)[1])
    finally:
        h.close(app)


def test_without_the_pan_the_keyboard_would_cover_them(
    referee: Referee, landscape: tuple[h.Screen, float], keyboard: Any
) -> None:
    """The check above can fail: with Kivy's default mode the same keyboard covers the field."""
    screen, share = landscape
    app = h.launch(referee, screen=screen)
    try:
        h.tap(app.manager.current_screen.ids.new_game)
        Window.softinput_mode = ""
        field = name_fields(app)[0]
        focus_by_touch(field)
        keyboard(Window.height * share)
        assert on_screen(field)[0] < Window.height * share
    finally:
        Window.softinput_mode = app_module.SOFTINPUT_MODE
        h.close(app)


def test_the_keyboard_leaves_the_typed_entry_field_in_sight(
    referee: Referee, landscape: tuple[h.Screen, float], keyboard: Any
) -> None:
    """The TYPE dialog stands at the top of the window, so at these sizes its field is above
    such a keyboard even without the pan; this keeps it so."""
    screen, share = landscape
    outcome = referee.start("rushzone", "Bears", "Packers", by="ref")
    referee.enter(outcome.game_id, "toss home", by="ref", expect=outcome.version)
    app = h.launch(referee, screen=screen)
    try:
        h.frames(4)
        assert app.manager.current == "table"
        h.tap(app.manager.current_screen.ids.type_button)
        field = app.typed_popup.ids.entry.__self__
        assert isinstance(field, TextInput)
        # The dialog focuses its field as it opens; a touch on it keeps it the target.
        focus_by_touch(field)
        height = Window.height * share
        keyboard(height)
        bottom, top = on_screen(field)
        assert bottom >= height - 0.5, f"the keyboard's top is {height}, the field's {bottom}"
        assert top <= Window.height + 0.5
    finally:
        h.close(app)
