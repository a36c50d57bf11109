"""The correction the referee refuses because later entries would no longer fit (issue #27):
the dialog names those entries, and at every screen the list is read whole (wrapped, and
scrolled where it is long), never cut to one small line or to "…".

Rush Zone mid-way, entry 2 ("receive") struck: every entry after it then no longer fits.
"""

from __future__ import annotations

from pathlib import Path

from kivy.metrics import sp
from kivy.uix.scrollview import ScrollView

from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from mobile.fit import ELLIPSIS
from tests.mobile import screen as look
from tests.mobile.test_clock_panel import open_on, play, quick  # noqa: F401

SMALLEST_SP = 16.0  # the refusal is read at arm's length, as the reasons under it


def test_the_refusal_lists_the_later_entries_whole_at_every_screen(tmp_path: Path) -> None:
    store = tmp_path / "game.sqlite"
    game_id = play(store, "rushzone-full", "rushzone", 20)
    for config in h.SCREENS:
        app = h.launch(Referee(resolve(str(store), create=False)), screen=config)
        try:
            open_on(app, store, game_id)
            before = len(app.referee.record(app.referee.games()[-1].game_id).lines)
            look.long_press(app, 2)
            popup = app.reason_popup
            assert popup is not None
            reason = h.find(popup, "ReasonButton")[0]
            h.tap(reason)
            assert "no longer fit" in app.correction_message and app.can_force, config.name
            label = popup.ids.message
            said = look.plain(label.text)
            assert ELLIPSIS not in said, (config.name, said)
            assert said.split() == look.plain(app.correction_message).split(), config.name
            assert label.font_size >= sp(SMALLEST_SP) - 0.5, (config.name, label.font_size)
            assert not look.text_problems(label), config.name
            # Longer than its box: it scrolls, inside the dialog.
            view = label.parent
            assert isinstance(view, ScrollView), config.name
            if label.height > view.height + 1:
                assert view.do_scroll_y, config.name
            # On a short window the reasons (one was given) make room for the list.
            if app.lay.height < 600:
                assert popup.ids.reasons.disabled and popup.ids.reasons.height == 0
                assert label.height <= view.height + 1, (config.name, "the list is cut")
            problems = look.geometry_problems(app)
            assert not problems, config.name + "\n" + "\n".join(problems[:12])
            lines = app.referee.record(app.referee.games()[-1].game_id).lines
            assert len(lines) == before and all(line.stands for line in lines), config.name
        finally:
            h.close(app)
