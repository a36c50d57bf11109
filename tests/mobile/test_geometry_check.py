"""The geometry check itself (tests/mobile/screen.py) reports a clipped button and returns:
it must fail a screen, never hang the suite (issue #27: Kivy's window is its own parent, and the
walk up from a clipped button outside any list went round it forever)."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.metrics import dp
from kivy.uix.button import Button
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView

from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from tests.mobile import screen


def popup_with(button: Button, *, scrolling: bool) -> ModalView:
    """A dialog whose 60 dp box clips a 120 dp button, inside a list or not."""
    view = ModalView(size_hint=(None, None), size=(dp(300), dp(300)), auto_dismiss=False)
    box = ScrollView() if scrolling else StencilView()
    box.size_hint = (None, None)
    box.size = (dp(60), dp(60))
    button.size_hint = (None, None)
    button.size = (dp(120), dp(120))
    box.add_widget(button)
    view.add_widget(box)
    # The button starts where its box starts, so the box cuts off its right and top halves.
    box.bind(pos=lambda b, pos: setattr(button, "pos", pos))
    return view


@pytest.mark.parametrize("scrolling", [False, True], ids=["plain box", "scrolling list"])
def test_a_clipped_button_is_reported_unless_a_list_scrolls_to_it(
    tmp_path: Path, scrolling: bool
) -> None:
    referee = Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))
    app = h.launch(referee)
    view = popup_with(Button(text="CLIPPED"), scrolling=scrolling)
    try:
        view.open(animation=False)
        h.frames(4)
        if not scrolling:
            box = view.children[0]
            assert screen.rect(box)[:2] == screen.rect(box.children[0])[:2]
        problems = [p for p in screen.geometry_problems(app) if "CLIPPED" in p]
        cut = [p for p in problems if "cut off by its container" in p]
        assert bool(cut) is not scrolling, problems
    finally:
        view.dismiss(animation=False)
        h.close(app)


def test_a_text_squeezed_to_nothing_or_to_a_bare_ellipsis_is_reported(tmp_path: Path) -> None:
    """A dialog whose labels its layout gives no room: one squeezed to no height (not drawn
    at all, so no size check sees it), one so narrow it shows a bare "…"; and one with room."""
    from kivy.uix.boxlayout import BoxLayout

    from mobile.screens import FitLabel

    referee = Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))
    app = h.launch(referee)
    view = ModalView(size_hint=(None, None), size=(dp(300), dp(300)), auto_dismiss=False)
    box = BoxLayout(orientation="vertical")
    squeezed = FitLabel(source="SQUEEZED", size_hint_y=None, height=0)
    narrow = FitLabel(source="NARROW TEXT", size_hint=(None, None), size=(dp(12), dp(40)))
    roomy = FitLabel(source="ROOMY")
    for label in (squeezed, narrow, roomy):
        box.add_widget(label)
    view.add_widget(box)
    try:
        view.open(animation=False)
        h.frames(4)
        problems = screen.geometry_problems(app)
        assert [p for p in problems if "'SQUEEZED' is not seen" in p], problems
        assert [p for p in problems if "shows '…' for 'NARROW TEXT'" in p], problems
        assert not [p for p in problems if "ROOMY" in p], problems
    finally:
        view.dismiss(animation=False)
        h.close(app)


@pytest.mark.parametrize("off_window", [False, True], ids=["inside", "pushed off"])
def test_a_list_is_held_to_the_window_though_its_rows_may_be_half_out(
    tmp_path: Path, off_window: bool
) -> None:
    """A scrolling list's row half out of view is the list's to scroll to, even where it
    reaches past the window; the list itself must be inside the window."""
    from kivy.core.window import Window
    from kivy.uix.gridlayout import GridLayout

    referee = Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))
    app = h.launch(referee)
    view = ModalView(size_hint=(None, None), size=(dp(300), dp(300)), auto_dismiss=False)
    lst = ScrollView(size_hint=(None, None), size=(dp(200), dp(100)))
    rows = GridLayout(cols=1, size_hint_y=None, height=dp(64) * 6)
    for n in range(6):
        rows.add_widget(Button(text=f"ROW {n}", size_hint_y=None, height=dp(64)))
    lst.add_widget(rows)
    view.add_widget(lst)
    # The list's bottom at the window's edge (a row half below it), or 40 dp past it.
    place = (dp(20), -dp(40) if off_window else 0)
    view.bind(pos=lambda *_: setattr(lst, "pos", place))
    try:
        view.open(animation=False)
        h.frames(4)
        lst.pos = place
        lst.scroll_y = 0.5
        h.frames(4)
        assert screen.rect(lst)[1] == pytest.approx(place[1]) and Window.height > 0
        # A row shown in part reaches below the window.
        assert any(
            screen.rect(r)[1] < 0 < screen.rect(r)[3] - dp(1) and screen.rect(r)[3] > place[1]
            for r in rows.children
        )
        problems = screen.geometry_problems(app)
        rows_out = [p for p in problems if "ROW" in p]
        list_out = [p for p in problems if "the list ScrollView starts outside" in p]
        assert not rows_out, problems
        assert bool(list_out) is off_window, problems
    finally:
        view.dismiss(animation=False)
        h.close(app)
