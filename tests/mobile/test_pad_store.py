"""Issue #30: what the web pads enter, the tablet on the same store shows, each entry once.

The coaches' phones are stood in for by their writes (the Chromium tests in tests/web/ tap the
pads; here only the store matters): a real ``zebra serve --pad`` records them, then the tablet
app is opened on that store, as a table's tablet would be.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.pads import PadCodes
from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from tests.mobile.screen import at_machine_pace
from tests.web.pad_driver import page_token, post
from tests.web.served import example_entries, serve

ENTRIES = 12


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


def test_the_tablet_on_the_store_shows_every_pad_entry_once_as_its_sides(tmp_path: Path) -> None:
    store = str(tmp_path / "zebra.sqlite")
    referee = Referee(resolve(store, create=True))
    game = referee.start("rushzone", "Bears", "Packers", by="ref").game_id
    served = serve(store, "--pad")
    try:
        url = served.url.rstrip("/")
        codes = PadCodes(referee.store).codes(game)
        token = page_token(f"{url}/game/{game.hex}/pad")
        for n, text in enumerate(example_entries(ENTRIES)):
            side = ("home", "away")[n % 2]
            version = str(Referee(resolve(store, create=False)).game(game).version)
            fields = {"token": token, "code": codes[side], "text": text, "version": version}
            status, said = post(f"{url}/game/{game.hex}/entries", fields, url)
            assert status == 201, said
    finally:
        served.stop()
    app = h.launch(Referee(resolve(store, create=False)))
    try:
        h.frames(8)
        assert app.game_id == str(game)
        app.toggle_log()  # the log drawer, as a coach opens it
        h.frames(8)
        assert app.drawer_open
        rows = [row for row in app.log_rows if row.get("seq")]
        assert sorted(row["seq"] for row in rows) == list(range(1, ENTRIES + 1))
        assert [r["entry"] for r in sorted(rows, key=lambda r: r["seq"])] == example_entries(
            ENTRIES
        )
        record = app.referee.record(game)
        bys = [line.by for line in record.lines]
        assert bys == [("home", "away")[n % 2] + " pad (browser)" for n in range(ENTRIES)]
    finally:
        h.close(app)
