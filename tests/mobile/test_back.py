"""Back goes back (issue #27): Android's Back key (and Escape) closes an open dialog, then leaves
a correction on the pad, then closes the log drawer, then goes from the game to the home
screen; only on the home screen is it left to the platform (Android puts the app away).

Each press is a real key event through the window (``on_keyboard`` with key 27, as SDL sends
Android's Back), and each test looks at what is on screen after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from kivy.core.window import Window

from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from mobile.app import ZebraApp
from tests.mobile.screen import at_machine_pace, long_press

ENTRIES = ["toss home", "receive", "green 4 2"]


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


@pytest.fixture
def closing_asked() -> Iterator[list[str]]:
    """What Kivy's own Back handling asked for once the app let a press through: on a desktop
    it asks to close the window (refused here, so the test's window stays), on Android it puts
    the app away."""
    asked: list[str] = []

    def refuse(_window: Any, *_args: Any, source: str = "", **_kwargs: Any) -> bool:
        asked.append(source)
        return True

    Window.bind(on_request_close=refuse)
    yield asked
    Window.unbind(on_request_close=refuse)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[ZebraApp, UUID]]:
    """The app reopened on an unfinished game with three entries, as after a restart."""
    referee = Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))
    outcome = referee.start("rushzone", "Bears", "Packers", by="ref")
    for text in ENTRIES:
        outcome = referee.enter(outcome.game_id, text, by="ref", expect=outcome.version)
    app = h.launch(referee)
    h.frames(6)
    assert app.manager.current == "table" and app.game_id == str(outcome.game_id)
    yield app, outcome.game_id
    h.close(app)


def back() -> bool:
    """Android's Back, as SDL hands it to Kivy: key 27 on the window's keyboard event."""
    handled = Window.dispatch("on_keyboard", 27, 41, None, [])
    h.frames(3)
    return bool(handled)


def dialogs() -> list[str]:
    return [type(w).__name__ for w in Window.children if type(w).__name__.endswith("Popup")]


def drawer_shown(app: ZebraApp) -> bool:
    drawer = app.manager.current_screen.ids.drawer
    x, _ = drawer.to_window(drawer.x, drawer.y)
    return drawer.opacity > 0 and x < Window.width and bool(h.find(drawer, "LogRow"))


def tap_mode_and_reason(app: ZebraApp, mode: str, reason: str) -> None:
    for cls, attrs in (("ModeButton", {"mode": mode}), ("ReasonButton", {"source": reason})):
        for _ in range(20):
            found = h.find(app.reason_popup, cls, **attrs) if app.reason_popup else []
            if len(found) == 1:
                h.tap(found[0])
                break
            h.frames(1)
        else:
            raise AssertionError(f"no {cls} {attrs} in the picker")


def test_back_closes_the_typed_entry_dialog_first_and_stays_at_the_table(
    table: tuple[ZebraApp, UUID], closing_asked: list[str]
) -> None:
    app, gid = table
    h.tap(app.manager.current_screen.ids.type_button)
    assert dialogs() == ["TypedPopup"]
    assert back() is True
    assert dialogs() == [] and app.typed_popup is None
    assert app.manager.current == "table" and closing_asked == []
    # The dialog opens again (the app let go of the closed one).
    h.tap(app.manager.current_screen.ids.type_button)
    assert dialogs() == ["TypedPopup"]
    assert back() is True and dialogs() == []
    assert [p.entry for p in app.referee.log(gid)] == ENTRIES


def test_back_closes_the_correction_picker_then_the_drawer_then_goes_home(
    table: tuple[ZebraApp, UUID], closing_asked: list[str]
) -> None:
    app, gid = table
    long_press(app, 3)
    assert dialogs() == ["ReasonPopup"] and app.correction
    # The picker closes, and its correction with it; the drawer it was opened from stays.
    assert back() is True
    assert dialogs() == [] and app.reason_popup is None and not app.correction
    assert app.drawer_open and drawer_shown(app)
    assert back() is True
    assert not app.drawer_open and not drawer_shown(app)
    assert app.manager.current == "table"
    assert back() is True
    assert app.manager.current == "home"
    assert [r["game_id"] for r in app.game_rows] == [str(gid)]
    assert h.find(app.manager.current_screen, "GameRow")
    assert closing_asked == []
    assert [p.entry for p in app.referee.log(gid)] == ENTRIES
    assert all(p.struck is None for p in app.referee.log(gid))


def test_back_leaves_a_correction_on_the_pad_before_anything_else(
    table: tuple[ZebraApp, UUID], closing_asked: list[str]
) -> None:
    app, gid = table
    long_press(app, 3)
    tap_mode_and_reason(app, "amend", "the die was misread")
    assert app.correcting and app.prompt_text.startswith("AMEND entry 3")
    cancel = app.manager.current_screen.ids.cancel_correction
    h.frames(2)
    assert cancel.width > 0 and dialogs() == []
    assert back() is True
    assert not app.correcting and not app.correction
    assert app.prompt_text == app.referee.prompt(gid).text
    h.frames(2)
    assert cancel.width == 0 and app.manager.current == "table"
    assert [p.entry for p in app.referee.log(gid)] == ENTRIES
    assert all(p.struck is None for p in app.referee.log(gid))
    assert closing_asked == []


def test_back_on_the_home_screen_is_left_to_the_platform(
    table: tuple[ZebraApp, UUID], closing_asked: list[str]
) -> None:
    app, _ = table
    assert back() is True and app.manager.current == "home"
    assert closing_asked == []
    # The app does not take it: Kivy's own handling does (on a desktop it asks to close the
    # window, refused here; on Android it puts the app away).
    assert app.go_back() is False
    back()
    assert closing_asked == ["keyboard"]
    assert app.manager.current == "home"


def test_back_from_the_new_game_screen_goes_home(
    table: tuple[ZebraApp, UUID], closing_asked: list[str]
) -> None:
    app, _ = table
    assert back() is True and app.manager.current == "home"
    h.tap(app.manager.current_screen.ids.new_game)
    assert app.manager.current == "newgame"
    assert back() is True
    assert app.manager.current == "home" and closing_asked == []


def test_other_keys_are_not_taken(table: tuple[ZebraApp, UUID], closing_asked: list[str]) -> None:
    app, _ = table
    assert Window.dispatch("on_keyboard", 13, 40, None, []) is not True  # Enter
    h.frames(2)
    assert app.manager.current == "table" and closing_asked == []
