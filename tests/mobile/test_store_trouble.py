"""A store that cannot be opened is shown on the home screen with what to do (issue #27).

The app used to exit with one line on stderr (on Android: a crash with no message). Now a
store file that is there but cannot be opened (garbage bytes, an SQLite file that is not a
Zebra store) opens the app on the home screen, whose StoreTrouble panel says why, where the
store is, what to do, and offers TRY AGAIN. Nothing is written to the refused file. A store
named at the terminal that is not there at all is still refused at the terminal.

Permission denied cannot be made here: the tests run as root, who reads every file.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.service import Referee
from companion.store import StoreError, resolve, storage_failed
from mobile import headless as h
from mobile.app import ZebraApp, tablet_on
from tests.mobile.screen import at_machine_pace, geometry_problems, plain, shown_widgets

GARBAGE = bytes(range(256)) * 64  # 16 KiB that no SQLite header starts with
# The tablet's store on Android: its app_storage_path (buildozer.spec's package) and the file.
ANDROID_STORE = "/data/user/0/org.zebrareferee.zebra/files/zebra.sqlite"


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


def beside(path: Path) -> list[str]:
    """The files in the store's folder: SQLite's companions (-wal, -shm) would show here."""
    return sorted(p.name for p in path.parent.iterdir())


def snapshot(path: Path) -> tuple[bytes, int, list[str]]:
    return path.read_bytes(), path.stat().st_mtime_ns, beside(path)


def good_store(path: Path) -> str:
    """A store holding one unfinished game, its writer closed (nothing left in a -wal)."""
    referee = Referee(resolve(str(path), create=True))
    outcome = referee.start("rushzone", "Bears", "Packers", by="ref")
    referee.enter(outcome.game_id, "toss home", by="ref", expect=outcome.version)
    referee.close()
    return str(outcome.game_id)


def panel(app: ZebraApp) -> dict[str, Any]:
    """The StoreTrouble panel as it is on screen: its labels' texts and its button."""
    h.frames(2)
    screen = app.manager.current_screen
    seen = [w for w, _ in shown_widgets(screen)]
    panels = [w for w in seen if type(w).__name__ == "StoreTrouble"]
    if not panels:
        return {}
    (shown,) = panels
    ids = shown.ids
    for name in ("headline", "reason", "where", "advice", "try_again"):
        assert ids[name] in seen, f"the panel's {name} is not on screen"
    return {
        "headline": plain(ids.headline.text),
        "reason": plain(ids.reason.text),
        "where": plain(ids.where.text),
        "advice": plain(ids.advice.text),
        "button": ids.try_again,
    }


def game_rows(app: ZebraApp) -> list[str]:
    return [
        w.game_id
        for w, _ in shown_widgets(app.manager.current_screen)
        if type(w).__name__ == "GameRow"
    ]


def started(store: Path) -> ZebraApp:
    app = h.start(tablet_on(str(store)))
    h.frames(4)
    return app


def test_a_file_of_garbage_is_shown_with_what_to_do_and_try_again_opens_a_good_store(
    tmp_path: Path,
) -> None:
    store = tmp_path / "zebra.sqlite"
    store.write_bytes(GARBAGE)
    before = snapshot(store)
    app = started(store)
    try:
        assert app.manager.current == "home"
        shown = panel(app)
        assert shown["headline"] == "THE STORE CANNOT BE OPENED"
        assert shown["reason"] == f"store {store} is not a Zebra store (not an SQLite file)"
        assert shown["where"] == f"Store: {store}"
        assert "Copy the file away" in shown["advice"]
        assert f"zebra check --all --store {store}" in shown["advice"]
        assert plain(shown["button"].text) == "TRY AGAIN" and not shown["button"].disabled
        assert not any("…" in text for text in shown.values() if isinstance(text, str))
        assert geometry_problems(app) == []
        # No games, and no way to start one in a store that is not open.
        assert game_rows(app) == []
        assert app.manager.current_screen.ids.new_game.disabled
        # TRY AGAIN on the same file: the same answer, and still nothing written to it.
        h.tap(shown["button"])
        h.frames(4)
        assert panel(app)["reason"] == shown["reason"]
        assert snapshot(store) == before
        # Back on this home screen is the platform's: the app does not take it.
        assert app.go_back() is False
        # The damaged file is put aside, a good store put in its place: TRY AGAIN opens it,
        # and the unfinished game reopens as at any start.
        aside = tmp_path / "aside" / "damaged.sqlite"
        aside.parent.mkdir()
        os.replace(store, aside)
        (tmp_path / "good").mkdir()
        game = good_store(tmp_path / "good" / "zebra.sqlite")
        os.replace(tmp_path / "good" / "zebra.sqlite", store)
        h.tap(panel(app)["button"])
        h.frames(8)
        assert app.store_trouble == ""
        assert app.manager.current == "table" and app.game_id == game
        app.go_home()
        h.frames(8)
        assert panel(app) == {}
        assert [row["game_id"] for row in app.game_rows] == [game]
        assert [w.game_id for w in h.find(app.root_window, "GameRow")] == [game]
        assert not app.manager.current_screen.ids.new_game.disabled
        assert aside.read_bytes() == before[0] and aside.stat().st_mtime_ns == before[1]
        assert beside(aside) == ["damaged.sqlite"]
    finally:
        h.close(app)


def test_with_the_file_copied_away_try_again_starts_a_new_store(tmp_path: Path) -> None:
    store = tmp_path / "zebra.sqlite"
    store.write_bytes(GARBAGE)
    app = started(store)
    try:
        assert panel(app)
        os.replace(store, tmp_path / "kept-for-later.bin")
        h.tap(panel(app)["button"])
        h.frames(6)
        assert panel(app) == {} and app.manager.current == "home"
        assert app.referee.games() == []
        label = [
            plain(w.text)
            for w, _ in shown_widgets(app.manager.current_screen)
            if type(w).__name__ == "FitLabel"
        ]
        assert "No stored games yet: start a new one." in label
        assert (tmp_path / "kept-for-later.bin").read_bytes() == GARBAGE
    finally:
        h.close(app)


def test_an_sqlite_file_that_is_not_a_zebra_store_is_shown_and_left_as_it_is(
    tmp_path: Path,
) -> None:
    store = tmp_path / "notes.sqlite"
    with sqlite3.connect(store) as conn:
        conn.execute("CREATE TABLE notes (line TEXT)")
        conn.execute("INSERT INTO notes VALUES ('buy dice')")
    conn.close()
    before = snapshot(store)
    app = started(store)
    try:
        shown = panel(app)
        assert shown["reason"] == f"store {store} is an SQLite file but not a Zebra store"
        assert shown["where"] == f"Store: {store}"
        h.tap(shown["button"])
        h.frames(4)
        assert panel(app)["reason"] == shown["reason"]
        assert snapshot(store) == before
    finally:
        h.close(app)


def test_a_store_named_at_the_terminal_that_is_not_there_is_refused_there(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder" / "x.sqlite"
    with pytest.raises(SystemExit) as exited:
        tablet_on(str(missing))
    assert exited.value.code == 1
    err = capfd.readouterr().err
    assert err.strip().splitlines() == [
        f"error: cannot create store {missing}: folder {missing.parent} does not exist"
    ]
    assert not missing.parent.exists()


def test_the_store_s_failures_are_named_by_the_companion() -> None:
    assert storage_failed(StoreError("store x is damaged")) == "store x is damaged"
    assert storage_failed(sqlite3.DatabaseError("disk I/O  error")) == "the store: disk I/O error"
    assert storage_failed(PermissionError(13, "Permission denied")) == (
        "the store: [Errno 13] Permission denied"
    )
    assert storage_failed(ValueError("a bug")) is None


def test_the_tablet_program_starts_on_a_damaged_store_instead_of_exiting(tmp_path: Path) -> None:
    """The real program (zebra-tablet) under SDL's offscreen driver keeps running on a store of
    garbage, says why in its log, and writes nothing to the file."""
    (tmp_path / "store").mkdir()
    store = tmp_path / "store" / "zebra.sqlite"
    store.write_bytes(GARBAGE)
    before = snapshot(store)
    env = {
        **os.environ,
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_HOME": str(tmp_path / "kivy"),
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "offscreen"),
    }
    # The program's own log is read from its stderr, as a person at a terminal would see it.
    env.pop("KIVY_NO_CONSOLELOG", None)
    program = Path(sysconfig.get_path("scripts")) / "zebra-tablet"
    running = subprocess.Popen(
        [str(program), "--store", str(store)],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 8
        while running.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert running.poll() is None, "the tablet exited on a damaged store"
    finally:
        os.killpg(running.pid, signal.SIGTERM)
        running.wait(timeout=30)
        assert running.stderr is not None
        log = running.stderr.read()
        running.stderr.close()
    assert "the store cannot be opened" in log and "not an SQLite file" in log
    assert snapshot(store)[0] == before[0] and snapshot(store)[2] == before[2]


def test_back_keys_reach_the_platform_from_the_trouble_panel(tmp_path: Path) -> None:
    store = tmp_path / "zebra.sqlite"
    store.write_bytes(GARBAGE)
    app = started(store)
    asked: list[str] = []

    def refuse(_window: Any, *_args: Any, source: str = "", **_kwargs: Any) -> bool:
        asked.append(source)
        return True

    Window.bind(on_request_close=refuse)
    try:
        Window.dispatch("on_keyboard", 27, 41, None, [])
        h.frames(2)
        assert asked == ["keyboard"] and panel(app)
    finally:
        Window.unbind(on_request_close=refuse)
        h.close(app)


@pytest.mark.parametrize("config", h.SCREENS, ids=[s.name for s in h.SCREENS])
def test_the_panel_shows_whole_with_try_again_under_a_finger_on_every_screen(
    config: h.Screen,
) -> None:
    # A path as long as the tablet's own store on Android (mobile.device.device_store), an
    # unbroken word the panel shows twice: pytest's own temporary folders are far longer.
    base = Path(tempfile.mkdtemp(prefix="zebra-"))
    folder = base / ("f" * (len(ANDROID_STORE) - len(str(base)) - len("//zebra.sqlite")))
    folder.mkdir()
    store = folder / "zebra.sqlite"
    assert len(str(store)) == len(ANDROID_STORE)
    store.write_bytes(GARBAGE)
    app = h.start(tablet_on(str(store)), screen=config)
    try:
        h.frames(4)
        shown = panel(app)
        assert shown, f"{config.name}: no StoreTrouble panel on the home screen"
        assert shown["headline"] == "THE STORE CANNOT BE OPENED"
        cut = [t for t in shown.values() if isinstance(t, str) and "…" in t]
        assert not cut, f"{config.name}: shortened: {cut}"
        problems = geometry_problems(app)
        assert not problems, f"{config.name}:\n" + "\n".join(problems)
    finally:
        h.close(app)
        shutil.rmtree(base)
