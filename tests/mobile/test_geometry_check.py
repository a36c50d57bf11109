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
