"""Issue #29: the tablet's commands read a game from its last snapshot on, so after opening a
game it checks the whole chain in the background and names damage before the snapshot."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from tests.companion.test_snapshot_open import long_game
from tests.mobile.screen import at_machine_pace


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


@pytest.mark.parametrize("damaged", [False, True])
def test_damage_before_the_snapshot_is_named_after_opening(tmp_path: Path, damaged: bool) -> None:
    path = tmp_path / "zebra.sqlite"
    gid, _ = long_game(str(path), 150)
    Referee(resolve(str(path), create=True)).game(gid)  # an open writes the snapshot
    if damaged:
        with closing(sqlite3.connect(path)) as db, db:
            db.execute(
                "UPDATE stored_events SET state = CAST(replace(state, 'Bears', 'Bearz') AS BLOB) "
                "WHERE originator_id = ? AND originator_version = 1",
                (gid.hex,),
            )
    app = h.launch(Referee(resolve(str(path), create=False)))
    try:
        assert app.game_id == str(gid)
        h.frames()
        if damaged:
            assert app.banner_headline == "STORE DAMAGED" and app.banner_kind == "error"
            assert "event 1" in app.banner_text
        else:
            assert app.banner_kind != "error"
    finally:
        h.close(app)
