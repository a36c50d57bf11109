"""The bar under the pad at every screen (issue #27): UNDO, TYPE, LOG (CLOSE LOG) and GAMES
drawn at least ``mobile.bar.LABEL_SP``, whole; and no empty row: each row of the bar holds a
button, a bar with no time-out offered one row only.

Two points of real games, played through the service: Third and Long mid-way, where each coach
has a time-out to call (the bar's time-out row), and Rush Zone at its first entry (the toss),
where no time-out is offered.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.metrics import dp, sp
from kivy.uix.button import Button

from companion.service import Referee
from companion.store import resolve
from mobile import bar
from mobile import headless as h
from mobile.app import ZebraApp
from mobile.fit import ELLIPSIS
from mobile.layout import SPACING
from tests.mobile import screen as look
from tests.mobile.test_clock_panel import open_on, play, quick  # noqa: F401

POINTS = {
    "interrupts": ("thirdandlong-full", "thirdandlong", 24),
    "none": ("rushzone-full", "rushzone", 0),
}
BUTTONS = ("undo", "type_button", "log_button", "games_button")


def bar_rows(app: ZebraApp) -> list[list[Button]]:
    """The bar's shown buttons, by the row (its height split into finger-high rows) they are in."""
    row_box = app.manager.current_screen.ids.interrupt_row
    _, bottom, _, top = look.rect(row_box)
    count = round((row_box.height + dp(SPACING)) / dp(bar.ROW + SPACING))
    step = row_box.height / max(count, 1)
    rows: list[list[Button]] = [[] for _ in range(count)]
    for widget, _seen in look.shown_widgets(row_box):
        if isinstance(widget, Button):
            middle = (look.rect(widget)[1] + look.rect(widget)[3]) / 2
            rows[min(int((middle - bottom) / step), count - 1)].append(widget)
    assert top - bottom == pytest.approx(row_box.height)
    return rows


def check_labels(app: ZebraApp, where: str) -> None:
    ids = app.manager.current_screen.ids
    for name in BUTTONS:
        button = ids[name]
        said = look.plain(button.text)
        assert button.font_size >= sp(bar.LABEL_SP) - 0.5, (where, said, button.font_size)
        assert ELLIPSIS not in said, (where, said)
        assert said in (look.plain(button.source), *button.alternatives), (where, said)
        assert not look.text_problems(button), (where, said)


@pytest.mark.parametrize("point", sorted(POINTS))
def test_the_bars_labels_are_readable_and_its_rows_full_at_every_screen(
    point: str, tmp_path: Path
) -> None:
    example, ruleset, lines = POINTS[point]
    store = tmp_path / "game.sqlite"
    game_id = play(store, example, ruleset, lines)
    for config in h.SCREENS:
        app = h.launch(Referee(resolve(str(store), create=False)), screen=config)
        try:
            open_on(app, store, game_id)
            ids = app.manager.current_screen.ids
            offered = bool(ids.interrupts.children)
            assert offered == (point == "interrupts"), config.name
            check_labels(app, config.name)
            rows = bar_rows(app)
            assert all(rows), f"{config.name}: an empty row in the bar: {rows}"
            assert len(rows) == (app.lay.bar_rows if offered else 1), config.name
            # UNDO..GAMES in the lowest row, side by side.
            assert {ids[n] for n in BUTTONS} <= set(rows[0]), config.name
            h.tap(ids.log_button)
            assert app.drawer_open
            check_labels(app, f"{config.name}, the log open")
            problems = look.geometry_problems(app)
            assert not problems, config.name + "\n" + "\n".join(problems[:12])
        finally:
            h.close(app)
