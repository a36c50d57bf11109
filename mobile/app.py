"""The Zebra tablet: coaches tap what came up; the same referee service as the CLI rules on it.

The App holds the UI state as Kivy properties, refreshed from ``Referee.status``, ``prompt`` and
``record`` after every command. The store is the only source of truth: pausing, rotating or
killing the app loses nothing, and reopening it shows the same game at the same entry.

Every call into the service runs on one worker thread (mobile.worker), never on the UI thread:
while a store is slow (another writer holds SQLite's lock, a league server is far away) the
screen keeps drawing and says "recording…". Whatever the store answers is shown, never raised:
a refusal in the banner, a store that cannot be read or written as a banner with its one-line
reason and RETRY, anything unexpected logged and shown while the app plays on. A retry is safe:
every command carries the game version this screen shows, so the service answers a command it
already recorded "already recorded" and records nothing twice, and refuses one taken on a
situation the coach never saw ("the game moved on").

The store is polled twice a second, cheaply (the game's version only; on the home screen the
store's last notification), so what another screen records shows here within the second.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from uuid import UUID

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import board, catalogue, clocks, exports, rosters, views
from companion.catalogue import IllegalEntry, Prompt
from companion.service import (
    AlreadyRecorded,
    Corrected,
    GameMovedOn,
    Outcome,
    Referee,
    UnknownGame,
    in_view,
    open_store,
)
from companion.store import STORE_ENV, Unopened, named_wrong, storage_failed, unopened
from mobile import corrections, device, layout, model, moments, pad
from mobile import gauges as _gauges  # noqa: F401  (registers the clock panel with Factory)
from mobile import screens as _screens  # noqa: F401  (registers the widget classes with Factory)
from mobile.momentcard import MomentCard
from mobile.worker import Worker

HERE = Path(__file__).resolve().parent
# Who answers a waiting correction at the tablet (at most 30 characters, as any name).
OTHER_COACH = "the other coach (tablet)"

# The share of a tablet's width the open log drawer takes, beside the table.
DRAWER_SHARE = 0.4

# How long a command may take before the screen says "Recording…" (seconds): a quick store
# answers first, and the pad's recording look (the frame after the tap) gives way to the result
# without a text flashing by.
BUSY_AFTER = 0.15

# A finger landing again within this time and distance of the tap that finished an entry is
# the same finger bouncing, not a new tap.
BOUNCE_SECONDS = 0.3
BOUNCE_DP = 24.0

# How often the store is asked whether another screen recorded something (seconds): an entry
# made elsewhere shows within about a second.
REFRESH_SECONDS = 0.5

# Screen name -> (kv file, screen class). Each kv file is read the first time its screen shows.
SCREENS: dict[str, tuple[str, str]] = {
    "home": ("home.kv", "HomeScreen"),
    "newgame": ("newgame.kv", "NewGameScreen"),
    "table": ("table.kv", "TableScreen"),
}

CORRECTION_MODES = ("strike", "amend", "insert")

# The key Kivy reports for Android's Back (the button or the gesture) and for Escape.
BACK_KEY = 27

# How the window makes room for the on-screen keyboard: it pans so that the field being typed
# stays just above the keyboard (Kivy's Window.softinput_mode).
SOFTINPUT_MODE = "below_target"


def store_problem(exc: BaseException) -> str | None:
    """One line saying why the store could not be read or written, or None if ``exc`` is not a
    store's failure (a locked SQLite file, a PostgreSQL server gone, a damaged store, a game
    that is not in it): companion.store knows the stores' errors, the tablet only asks."""
    if isinstance(exc, UnknownGame):
        return " ".join(str(exc).split()) or type(exc).__name__
    return storage_failed(exc)


@dataclass(frozen=True)
class Prepared:
    """What the screen makes of a record read, made on the worker thread with the read: the log
    drawer's rows and, for the prompt that came with it, how often each value was used. Over a
    long game both walk every entry, work the UI thread would otherwise do in the tap's frame."""

    record: Any
    rows: list[dict[str, Any]]
    prompt: Prompt | None
    usage: dict[str, Counter[str]] | None


class _ShowErrors(ExceptionHandler):  # type: ignore[misc]
    """Kivy's last resort: an exception out of a frame is logged and shown, and the app plays
    on; a crash would lose the screen, never the record, but the table would lose the game."""

    def __init__(self, app: ZebraApp) -> None:
        super().__init__()
        self.app = app

    def handle_exception(self, inst: BaseException) -> int:
        if isinstance(inst, KeyboardInterrupt | SystemExit):
            return int(ExceptionManager.RAISE)
        self.app.unexpected(inst)
        return int(ExceptionManager.PASS)


class ZebraApp(MomentCard, App):
    """The tablet referee. Every handler is a thin call into the service; no rule lives here."""

    title = "Zebra"

    game_id = StringProperty("")
    status = DictProperty({})
    game_title = StringProperty("")
    home_name = StringProperty("")
    away_name = StringProperty("")
    home_score = StringProperty("")
    away_score = StringProperty("")
    home_side_line = StringProperty("")
    away_side_line = StringProperty("")
    possession = StringProperty("")
    clock_text = StringProperty("")
    # Each fact of the game's own clock (companion.clocks), drawn by the scoreboard's ClockPanel.
    clock_items = ListProperty([])
    down_text = StringProperty("")
    spot_text = StringProperty("")
    waiting = StringProperty("")
    prompt_text = StringProperty("")
    banner_headline = StringProperty("")
    banner_text = StringProperty("")
    banner_kind = StringProperty("none")
    # The moment card over the field (mobile.moments): a touchdown, a turnover, a period's end.
    moment_headline = StringProperty("")
    moment_more = StringProperty("")
    moment_kind = StringProperty("")
    # A tone and a buzz at a moment: this device's setting, off unless the table turns it on.
    alerts_on = BooleanProperty(False)
    # A store error leaves the last command here; RETRY sends it again.
    can_retry = BooleanProperty(False)
    # "Recording 'white 6 2 4 3 5 1'…" while the service works on a command.
    busy = StringProperty("")
    pad = ObjectProperty(None, allownone=True)
    pad_version = NumericProperty(0)
    interrupt_version = NumericProperty(0)
    can_undo = BooleanProperty(False)
    strike_preview = StringProperty("")
    correction_message = StringProperty("")
    can_force = BooleanProperty(False)
    can_cascade = BooleanProperty(False)
    reasons = ListProperty([])
    correction = DictProperty({})
    correction_mode = StringProperty("strike")
    correction_modes = ListProperty([])
    correcting = BooleanProperty(False)
    log_rows = ListProperty([])
    game_rows = ListProperty([])
    drawer_open = BooleanProperty(False)
    field = ObjectProperty(board.FieldView(None, None, 0, ""))
    message = StringProperty("")
    typed_message = StringProperty("")
    typed_legal = StringProperty("")
    # The table screen's bands in dp, from the window's size (mobile.layout).
    lay = ObjectProperty(layout.table_layout(1280, 800))
    # Unexpected errors shown since the app started (each one logged with its traceback).
    errors = NumericProperty(0)
    # The game version on screen: what every command carries as ``expect``.
    shown_version = NumericProperty(0)
    # A store that could not be opened, shown on the home screen (StoreTrouble): why, where,
    # what to do. Empty while the store is open.
    store_trouble = StringProperty("")
    store_where = StringProperty("")
    store_advice = StringProperty("")
    # TRY AGAIN is opening the store.
    reopening = BooleanProperty(False)

    def __init__(
        self,
        referee: Referee | None,
        *,
        reopen: Callable[[], Referee] | None = None,
        trouble: Unopened | None = None,
        **kwargs: Any,
    ) -> None:
        """``referee`` on the open store, or None with the ``trouble`` opening it met;
        ``reopen`` opens the store again (TRY AGAIN)."""
        super().__init__(**kwargs)
        self._referee = referee
        self._reopen = reopen
        if referee is None:
            assert trouble is not None, "an app without a store says why"
            self._say_trouble(trouble)
        self.worker = Worker()
        self.reason_popup: Any = None
        self.typed_popup: Any = None
        self._reason = ""
        self._picked_reasons: tuple[str, ...] = ()
        self._to_pad = False
        # The version this app's own last command made; its refresh may still be due.
        self._mine = 0
        self._retry: Callable[[], None] | None = None
        self._calls = 0
        self._busy_text = ""
        self._busy_since = 0.0
        self._busy_clock: Any = None
        self._rows_cache: dict[Any, dict[str, Any]] = {}
        # The rows' cache is filled on the worker thread (Prepared) and on the UI thread.
        self._rows_lock = threading.Lock()
        self._record: Any = None
        self._prepared: Prepared | None = None
        self._last_notification: int | None = None
        self._watch_event: Any = None
        # Screens shown so far: an answer that arrives after the coach moved on does not move.
        self._moves = 0
        self._handler = _ShowErrors(self)
        self._last_touch: tuple[float, tuple[float, float]] = (0.0, (0.0, 0.0))
        self._completed: tuple[float, tuple[float, float]] = (0.0, (0.0, 0.0))
        self._completed_frame = -1
        self._pad_trigger = Clock.create_trigger(self._bump_pad)
        # What the moments asked of the device, in order: ("sound", file) and ("vibrate", ms).
        self.requested: list[tuple[str, str | int]] = []
        self.moment_seconds = moments.MOMENT_SECONDS
        self._moment_clock: Any = None

    @property
    def referee(self) -> Referee:
        """The service on the open store (never asked for while the store is not open)."""
        if self._referee is None:
            raise RuntimeError(f"the store is not open: {self.store_trouble}")
        return self._referee

    @referee.setter
    def referee(self, referee: Referee) -> None:
        self._referee = referee

    # App life ---------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        common = str(HERE / "common.kv")
        if common not in Builder.files:
            Builder.load_file(common)
        self.manager = ScreenManager(transition=NoTransition())
        ExceptionManager.add_handler(self._handler)
        # The on-screen keyboard never covers the field being typed: the window pans so the
        # focused field sits just above it (on Android, SDL pans to the field's rectangle).
        Window.softinput_mode = SOFTINPUT_MODE
        Window.bind(size=self._resized, on_touch_down=self._touched, on_keyboard=self._keyed)
        self._resized()
        return self.manager

    def on_start(self) -> None:
        """Reopen on the game last played if it is unfinished: a killed app picks up there. A
        store that could not be opened is shown on the home screen instead, with TRY AGAIN."""
        folder = self.settings_folder()
        self.alerts_on = folder is not None and moments.load_settings(folder).alerts
        self.show("home")
        self._watch_event = Clock.schedule_interval(self._poll, REFRESH_SECONDS)
        if self._referee is not None:
            self._resume_last()

    def _resume_last(self) -> None:
        asked = self._moves

        def opened(played: list[Any]) -> None:
            self._show_games(played)
            # Only if the coach has not gone elsewhere meanwhile.
            if played and not played[0].finished and self._moves == asked:
                self.open_game(str(played[0].game_id))

        self.call("", self.referee.games, opened)

    def _say_trouble(self, trouble: Unopened) -> None:
        self.store_where, self.store_advice = trouble.where, trouble.advice
        self.store_trouble = trouble.reason

    def try_store_again(self) -> None:
        """TRY AGAIN: open the store again (on the worker: a league server may be slow). Opened,
        the home screen lists its games and the last unfinished one reopens; else the panel
        says why, as it is now. Opening a store writes nothing to a file it refuses."""
        if self._reopen is None or self.reopening or self._referee is not None:
            return
        self.reopening = True
        reopen = self._reopen

        def opened(referee: Referee) -> None:
            self.reopening = False
            self._referee = referee
            self.store_trouble = self.store_where = self.store_advice = ""
            Logger.info("Zebra: the store %s is open", referee.store)
            if self.manager.current == "home":
                self._resume_last()

        def refused(exc: BaseException) -> None:
            self.reopening = False
            reason = storage_failed(exc)
            if reason is None:
                self.unexpected(exc)
                return
            self._say_trouble(unopened(self.store_where or None, reason))

        self.worker.submit(reopen, opened, refused)

    def on_stop(self) -> None:
        """Stop polling the store: a closed app must not read it from the shared clock."""
        if self._watch_event is not None:
            self._watch_event.cancel()
            self._watch_event = None
        if self._busy_clock is not None:
            self._busy_clock.cancel()
            self._busy_clock = None
        Window.unbind(size=self._resized, on_touch_down=self._touched, on_keyboard=self._keyed)
        if self._handler in ExceptionManager.handlers:
            ExceptionManager.remove_handler(self._handler)
        self.worker.stop()

    def on_pause(self) -> bool:
        # Every entry is already in the store; nothing to save, and the app may simply resume.
        return True

    def on_resume(self) -> None:
        # Another screen may have played on while this one slept: say so, else just redraw.
        self.watch(always=True)

    def _keyed(self, _window: Any, key: int, *_args: Any) -> bool:
        return key == BACK_KEY and self.go_back()

    def go_back(self) -> bool:
        """Back (Android's key or gesture) or Escape goes back one level: an open dialog closes,
        then a correction on the pad is left, then the log drawer closes, then the game (or the
        New Game screen) gives way to the home screen. True when it went back; False on the home
        screen, where Back is the platform's: Android puts the app away, a desktop closes it."""
        views = [w for w in Window.children if isinstance(w, ModalView)]
        if views:
            top = views[0]  # the last opened is drawn over the others
            if top is self.typed_popup:
                self.typed_popup = None
            # At once: a dialog fading out would take the next touch.
            top.dismiss(animation=False)
            return True
        if self.correcting:
            self.cancel_correction()
            return True
        if self.drawer_open:
            self.drawer_open = False
            return True
        if self.manager.current != "home":
            self.go_home()
            return True
        return False

    def _resized(self, *_: Any) -> None:
        width, height = Window.width / dp(1), Window.height / dp(1)
        # On a tablet the open log takes the right 40% of the window: the table is laid out
        # for the rest, still as a tablet's (a phone's log covers the table instead).
        beside = self.drawer_open and not layout.table_layout(width, height).phone
        self.lay = layout.table_layout(width * (1 - DRAWER_SHARE * beside), height, beside)
        self._pad_trigger()
        self.interrupt_version += 1

    # Calls into the service, off the UI thread ----------------------------------------------

    def call(
        self,
        busy: str,
        job: Callable[[], Any],
        done: Callable[[Any], None],
        *,
        refused: Callable[[IllegalEntry], None] | None = None,
        retry: bool = True,
        after_frame: bool = False,
    ) -> None:
        """Run ``job`` (a call into the service) on the worker; ``done(result)`` on the UI
        thread. ``busy`` (when not empty) is shown meanwhile. A refusal goes to ``refused``
        (else the banner), a store failure to the banner with RETRY (when ``retry``). With
        ``after_frame`` the job starts once the frame being made is drawn (Worker.submit)."""
        self._calls += 1
        if busy:
            # Said only if the store takes a moment: a quick answer redraws the screen once,
            # with the result, instead of flashing "Recording…" for a frame.
            self._busy_text = busy
            self._busy_since = time.monotonic()
            if self._busy_clock is None:
                self._busy_clock = Clock.schedule_interval(self._still_busy, BUSY_AFTER)

        def ok(result: Any) -> None:
            self._finished()
            done(result)

        def bad(exc: BaseException) -> None:
            self._finished()
            again = (
                (
                    lambda: self.call(
                        busy, job, done, refused=refused, retry=retry, after_frame=after_frame
                    )
                )
                if retry
                else None
            )
            self.failed(exc, again, refused)

        self.worker.submit(job, ok, bad, after_frame=after_frame)

    def _finished(self) -> None:
        self._calls -= 1
        if self._calls <= 0:
            self._calls = 0
            self.busy = self._busy_text = ""
            if self._busy_clock is not None:
                self._busy_clock.cancel()
                self._busy_clock = None
            self._pad_trigger()

    def _still_busy(self, _dt: float) -> None:
        """A store slow to answer (another writer's lock, a far or gone league server): the
        coach sees that it is recording, then how long it has been waiting, never a frozen
        screen."""
        if self._calls <= 0 or not self._busy_text:
            return
        waited = int(time.monotonic() - self._busy_since)
        said = self._busy_text
        if waited >= 2:
            said = f"{said} (waiting {waited} s for the store)"
        if said != self.busy:
            self.busy = said
            self._pad_trigger()

    def failed(
        self,
        exc: BaseException,
        again: Callable[[], None] | None,
        refused: Callable[[IllegalEntry], None] | None = None,
    ) -> None:
        """What the service answered instead of a result, shown where the coach looks."""
        if isinstance(exc, AlreadyRecorded):
            # The same command, sent twice (a double tap, a retry after a lost answer): it
            # stands once. Nothing to say; the screen shows the game as it is.
            Logger.info("Zebra: %s", exc)
            self.refresh_now()
        elif isinstance(exc, GameMovedOn):
            self.close_correction()
            self.moved_on(str(exc))
        elif isinstance(exc, IllegalEntry):
            if refused is not None:
                refused(exc)
            else:
                self.show_banner("NOT RECORDED", str(exc), "error")
                self.fresh_pad()
        elif (reason := store_problem(exc)) is not None:
            scrubbed = self.referee.store.scrub(reason)
            self.show_banner("STORE ERROR", f"Nothing new was recorded: {scrubbed}", "error")
            self._retry = again
            self.can_retry = again is not None
            self.fresh_pad()
        else:
            self.unexpected(exc)

    def unexpected(self, exc: BaseException) -> None:
        """A fault of Zebra's own, not the table's: logged whole, shown in one line."""
        Logger.error("Zebra: unexpected error", exc_info=exc)
        self.errors += 1
        self.show_banner(
            "UNEXPECTED ERROR", f"{type(exc).__name__}: {exc}".splitlines()[0], "error"
        )
        self.fresh_pad()

    def retry(self) -> None:
        """RETRY after a store error: the same command, on the same version; recorded once."""
        again, self._retry = self._retry, None
        self.can_retry = False
        if again is not None:
            self.show_banner("", "", "none")
            again()

    # Screens ----------------------------------------------------------------------------

    def show(self, name: str) -> Any:
        """Switch to a screen, reading its kv file and building it on first use."""
        self._moves += 1
        if not self.manager.has_screen(name):
            kv, cls = SCREENS[name]
            path = str(HERE / kv)
            if path not in Builder.files:
                Builder.load_file(path)
            self.manager.add_widget(Factory.get(cls)(name=name))
        self.manager.current = name
        return self.manager.get_screen(name)

    def go_home(self) -> None:
        self.leave_game()
        self.show("home")
        if self._referee is not None:
            self.call("", self.referee.games, self._show_games)

    def _show_games(self, played: list[Any]) -> None:
        # Games set aside (issue #27) are left out, as zebra games leaves them out.
        shown, _ = in_view(played)
        self.game_rows = [model.game_row(g, catalogue.title(g.ruleset)) for g in shown]

    def new_game(self) -> None:
        self.message = ""
        self.leave_game()
        self.show("newgame").reset()

    def leave_game(self) -> None:
        """Whatever was open on the game (a correction, a typed entry, the drawer) stays with
        it: nothing follows the coach to another game."""
        self.close_correction()
        self.correcting = False
        popup, self.typed_popup = self.typed_popup, None
        if popup is not None:
            popup.dismiss(animation=False)
        self.drawer_open = False
        self._retry, self.can_retry = None, False
        self.hide_moment()

    def start_game(
        self,
        ruleset: str,
        home: str,
        away: str,
        options: dict[str, str],
        roster_files: dict[str, str] | None = None,
        calendar: dict[str, str] | None = None,
    ) -> None:
        """Start a game; a refusal (blank names, bad option or season or week, every rule a
        roster breaks) is shown in place and nothing is stored. A roster's set-up entries are
        recorded first. ``calendar``: the season and week as typed (blank: none)."""
        try:
            setup, broken = rosters.checked(ruleset, roster_files or {})
        except IllegalEntry as exc:
            self.message = str(exc)
            return
        if broken:
            self.message = "\n".join([*broken, "The game was not started."])
            return

        typed = calendar or {}
        try:
            season, week = catalogue.calendar(typed.get("season", ""), typed.get("week", ""))
        except IllegalEntry as exc:
            self.message = str(exc)
            return

        def job() -> Outcome:
            outcome = self.referee.start(
                ruleset, home.strip(), away.strip(), options, season=season, week=week
            )
            for text in setup:
                outcome = self.referee.enter(outcome.game_id, text, expect=outcome.version)
            return outcome

        def refused(exc: IllegalEntry) -> None:
            self.message = str(exc)

        self.message = ""
        asked = self._moves
        self.call(
            "Starting the game…",
            job,
            lambda o: self.open_game(str(o.game_id)) if self._moves == asked else None,
            refused=refused,
            retry=False,
        )

    def open_game(self, game_id: str) -> None:
        self.leave_game()
        self.game_id = game_id
        self.shown_version = 0
        self.forget_moments()
        self._mine = 0
        self._record = None
        self._prepared = None
        with self._rows_lock:
            self._rows_cache.clear()
        self.log_rows = []
        self.show_banner("", "", "none")
        self.pad = None
        self.show("table")
        self.refresh_now()
        # Named on opening, as the CLI names them: a game ruled under other rules (every entry is
        # refused until it is reruled), and damage in its chain (commands read from its snapshot).
        gid = UUID(game_id)
        for job, kind in ((self.referee.disagreement, 0), (self.referee.whole, 1)):
            self.call("", partial(job, gid), partial(self._ruled_by, gid, damaged=kind))

    def _ruled_by(self, gid: UUID, line: str | None, damaged: int = 0) -> None:
        if line is not None and str(gid) == self.game_id:
            self.show_banner(("OTHER RULES", "STORE DAMAGED")[damaged], line, "error")

    # Refresh ----------------------------------------------------------------------------

    def refresh(self, outcome: Outcome | None = None, record: Any = None) -> None:
        """Show the game after a command: its outcome carries the status and prompt the
        service derived, so only the record (for the drawer) is read again, and only when the
        drawer is open (``record``, when the command read it already)."""
        if (
            outcome is not None
            and outcome.prompt is not None
            and str(outcome.game_id) == self.game_id
        ):
            self._apply(outcome.status, outcome.prompt, record)
            if self.drawer_open and record is None:
                self.load_log()
            return
        self.refresh_now()

    def refresh_now(self) -> None:
        """Read the game back from the store and show it."""
        if not self.game_id:
            return
        gid = UUID(self.game_id)
        want_log = self.drawer_open

        # Entries another screen made since this one last read the game get their moment.
        def job() -> tuple[dict[str, Any], Prompt, Any, Prepared | None, list[Any]]:
            record = self.referee.record(gid) if want_log else None
            prompt, news = self.referee.prompt(gid), self.news_of(gid)
            return self.referee.status(gid), prompt, record, self.prepare(record, prompt), news

        def done(result: tuple[dict[str, Any], Prompt, Any, Prepared | None, list[Any]]) -> None:
            status, prompt, record, prepared, news = result
            if str(gid) == self.game_id:
                self._prepared = prepared or self._prepared
                self._apply(status, prompt, record)
                if news:
                    self.announce(moments.moments_of(news, board.team_names(status)))

        self.call("", job, done)

    def load_log(self) -> None:
        """Read the record for the log drawer (only while it is open)."""
        if not self.game_id:
            return
        gid = UUID(self.game_id)

        def job() -> tuple[Any, Prepared | None]:
            record = self.referee.record(gid)
            return record, self.prepare(record, None)

        def done(result: tuple[Any, Prepared | None]) -> None:
            record, prepared = result
            if str(gid) == self.game_id:
                self._prepared = prepared
                self._show_log(record)

        self.call("", job, done)

    def prepare(self, record: Any, prompt: Prompt | None) -> Prepared | None:
        """The drawer's rows and the prompt's usage counts for ``record`` (on the worker)."""
        if record is None:
            return None
        with self._rows_lock:
            rows = model.log_rows(record.lines, self._rows_cache, views.plays_of_entries(record))
        usage = usage_of(record, prompt) if prompt is not None else None
        return Prepared(record, rows, prompt, usage)

    def _show_log(self, record: Any) -> None:
        self._record = record
        prepared = self._prepared
        if prepared is not None and prepared.record is record:
            self.log_rows = prepared.rows
            return
        with self._rows_lock:
            self.log_rows = model.log_rows(
                record.lines, self._rows_cache, views.plays_of_entries(record)
            )

    def _poll(self, _dt: float) -> None:
        # Returns None on purpose: a Kivy interval whose callback returns False is cancelled.
        self.watch()

    def watch(self, always: bool = False) -> None:
        """Show what another screen recorded: poll the game's version (or, at home, the store's
        last notification) and redraw only when it moved. A poll never waits behind a command:
        while one is in flight the next poll asks again."""
        if self.worker.busy or self._referee is None:
            return
        current = self.manager.current
        if current == "home":
            self._watch_games()
            return
        if current != "table" or not self.game_id or not self.shown_version:
            return
        gid = UUID(self.game_id)

        def done(version: int) -> None:
            if str(gid) != self.game_id:
                return
            if version in (self.shown_version, self._mine) and not always:
                return
            since = max(int(self.shown_version), self._mine)
            if version not in (self.shown_version, self._mine):
                self.call(
                    "",
                    lambda: model.elsewhere(self.referee.game(gid).commands, since),
                    lambda news: self.show_banner("UPDATED", news, "plain"),
                )
            self.refresh_now()

        def unread(exc: BaseException) -> None:
            # A store gone away, busy or damaged: the screen stays as it is, and says why; a
            # failing poll must never close the app.
            self.show_banner("STORE NOT READ", store_problem(exc) or str(exc), "error")

        self.worker.submit(lambda: self.referee.record(gid).version, done, unread)

    def _watch_games(self) -> None:
        """The home screen's list follows the store: a game started on another screen shows."""

        def done(last: int | None) -> None:
            if last != self._last_notification:
                self._last_notification = last
                self.call("", self.referee.games, self._show_games)

        self.worker.submit(self.referee.recorder.max_notification_id, done, lambda _e: None)

    def _apply(self, status: dict[str, Any], prompt: Prompt, record: Any) -> None:
        names = board.team_names(status)
        moved = int(status["version"]) != self.shown_version
        self.shown_version = int(status["version"])
        self.status = status
        self.game_title = catalogue.title(status.get("ruleset", ""))
        self.home_name, self.away_name = names["home"], names["away"]
        self.home_score = str(status["score"]["home"])
        self.away_score = str(status["score"]["away"])
        self.home_side_line = board.side_line(status, "home")
        self.away_side_line = board.side_line(status, "away")
        self.possession = status.get("possession") or ""
        self.clock_text = board.clock_line(status)
        self.clock_items = clocks.clock_items(status)
        self.down_text = board.down_text(status)
        self.spot_text = board.spot_text(status)
        pending = status.get("pending")
        self.waiting = (
            f"Waiting for the other coach: {pending}. The other coach taps CONFIRM or REJECT."
            if pending
            else ""
        )
        self.field = board.field_view(status)
        if not self.correcting:
            self.prompt_text = prompt.text
        self.can_undo = int(status.get("entries") or 0) > 0
        if record is not None:
            self._show_log(record)
        self._set_pad(prompt, names, moved, status)

    def _set_pad(
        self, prompt: Prompt, names: dict[str, str], moved: bool, status: dict[str, Any]
    ) -> None:
        # A refresh that changes nothing at the table (a resume, a rotation, a poll) keeps the
        # form chosen and the faces tapped so far; a new prompt, a finished entry or one
        # recorded elsewhere starts a fresh pad, drawn at once: a finger landing in the next
        # frame finds the buttons of this pad, never those of the last one.
        kept = self.pad
        if self.correcting:
            return
        if kept is None or kept.sent or kept.prompt != prompt or moved:
            self.pad = pad.Pad(prompt, names, self._usage(prompt))
            self._pad_trigger.cancel()
            self._bump_pad()
        else:
            self._pad_trigger()
        self.interrupt_version += 1

    def _usage(self, prompt: Prompt) -> dict[str, Counter[str]]:
        """How often each value was entered with each of the prompt's keywords this game, from
        the record last read (the list picker puts the most used first)."""
        record = self._record
        if record is None:
            return {}
        prepared = self._prepared
        if (
            prepared is not None
            and prepared.record is record
            and prepared.usage is not None
            and prepared.prompt == prompt
        ):
            return prepared.usage
        return usage_of(record, prompt)

    def fresh_pad(self) -> None:
        """A pad whose entry was not recorded starts again on the same prompt."""
        if self.pad is not None and not self.correcting:
            self.pad = pad.Pad(self.pad.prompt, self.pad.names, self.pad.usage)
        self._pad_trigger()

    def _bump_pad(self, *_: Any) -> None:
        self.pad_version += 1

    # The entry pad ----------------------------------------------------------------------

    def _touched(self, _window: Any, touch: Any) -> bool:
        # Every finger that lands, before any button sees it: when and where.
        self._last_touch = (time.monotonic(), tuple(touch.pos))
        # The next tap after a moment puts its card away (the tap still does what it does).
        self.hide_moment()
        return False

    def bounced(self) -> bool:
        """A finger that lands again where the tap that finished the last entry landed, at
        once: the same finger bouncing onto the next pad's button, not a coach's new tap (no
        one reads the next prompt in a third of a second). Ignored."""
        pad_now = self.pad
        if pad_now is None or pad_now.in_progress or pad_now.sent:
            return False
        if Clock.frames == self._completed_frame:
            # Another finger of the very frame that finished the last entry: that entry's pad
            # was the one it aimed at, never the one its answer put in its place.
            Logger.info("Zebra: a second tap in the frame that finished the entry: ignored")
            return True
        done_at, done_pos = self._completed
        touch_at, touch_pos = self._last_touch
        close = math.dist(done_pos, touch_pos) < dp(BOUNCE_DP)
        if close and 0 < touch_at - done_at < BOUNCE_SECONDS and touch_at > done_at:
            Logger.info(
                "Zebra: a tap %.2f s after the last entry, in its place: ignored",
                touch_at - done_at,
            )
            return True
        return False

    def tap_form(self, index: int) -> None:
        if self.pad is not None and not self.bounced():
            self._after_tap(self.pad.select(index))

    def tap_value(self, value: str) -> None:
        """A value button. A finger on a pad that is spent or moved on finds nothing due (or
        not this value): the pad does not take it, and nothing happens; a finger bouncing
        onto the next pad is ignored."""
        if self.pad is not None and not self.bounced():
            self._after_tap(self.pad.choose(value))

    def tap_extra(self, index: int) -> None:
        if self.pad is not None:
            self.pad.add_extra(index)
            self._pad_trigger()

    def tap_finish(self) -> None:
        if self.pad is not None:
            self._after_tap(self.pad.finish())

    def tap_part(self, part: str) -> None:
        """A die colour (a part of a set the slot offers) toggled."""
        if self.pad is not None and not self.bounced():
            self.pad.toggle(part)
            self._pad_trigger()

    def tap_parts_done(self) -> None:
        if self.pad is not None:
            self._after_tap(self.pad.combo_done())

    def pad_text(self, text: str) -> None:
        if self.pad is not None:
            self.pad.set_text(text)

    def pad_key(self, key: str) -> None:
        """A number-pad key; OK enters the typed number, and is enabled only when it is legal."""
        if key == "OK":
            self.pad_ok()
        elif key == "DONE":
            self.tap_parts_done()
        elif key == "ENTER":
            self.tap_finish()
        elif self.pad is not None:
            self.pad.key(key)
            self._pad_trigger()

    def pad_ok(self) -> None:
        if self.pad is not None and self.pad.typed_ok():
            self._after_tap(self.pad.choose(self.pad.typed))

    def pad_back(self) -> None:
        if self.pad is not None and self.pad.can_back:
            self.pad.back()
            self._pad_trigger()

    def pad_cancel(self) -> None:
        if self.pad is not None:
            self.pad.cancel()
            self._pad_trigger()

    def _after_tap(self, text: str | None) -> None:
        if text is None:
            self._pad_trigger()
            return
        self._completed = self._last_touch
        self._completed_frame = Clock.frames
        if self.correcting:
            self.correction["text"] = text
            self.correct(self._reason)
        else:
            self.submit(text)
        # Now, not by the clock: the frame about to be drawn shows the tap taken (the pad in its
        # recording look, TableScreen.render_pad) while the store answers on the worker.
        self._bump_pad()

    @property
    def recording(self) -> bool:
        """A command of this screen's is with the store: its answer is not yet shown."""
        return self._calls > 0

    @property
    def completed_at(self) -> tuple[float, float]:
        """Where (window pixels) the finger landed that completed the last entry."""
        return self._completed[1]

    def submit(self, text: str, on_recorded: Callable[[], None] | None = None) -> None:
        """Record one entry on the version shown, off the UI thread. A refusal is shown in the
        banner and nothing is recorded; a repeat of the entry just made (a double tap) is let
        go quietly; a store failure offers RETRY."""
        if not self.game_id:
            return
        gid = UUID(self.game_id)
        seen = self.expect()

        # With the log open, the record is read in the same call: one answer, one frame.
        with_log = self.drawer_open

        def job() -> tuple[Outcome, Any, Prepared | None]:
            outcome = self.referee.enter(gid, text, expect=seen)
            self.note_entry(gid, outcome.seq)
            record = self.referee.record(gid) if with_log else None
            return outcome, record, self.prepare(record, outcome.prompt)

        def done(result: tuple[Outcome, Any, Prepared | None]) -> None:
            outcome, record, prepared = result
            if prepared is not None:
                self._prepared = prepared
            self.recorded(outcome)
            names = board.team_names(outcome.status)
            self.show_banner(*model.banner(outcome.rulings, names))
            self.announce(moments.moments_of(outcome.rulings, names))
            self.refresh(outcome, record)
            if on_recorded is not None:
                on_recorded()

        def refused(exc: IllegalEntry) -> None:
            self.show_banner("NOT RECORDED", str(exc), "error")
            self.typed_message = str(exc)
            self.fresh_pad()

        # Once the frame that shows the tap taken is drawn: the store's work does not slow it.
        self.call(f"Recording '{text}'…", job, done, refused=refused, after_frame=True)
        self._pad_trigger()

    def expect(self) -> int:
        """The game version this screen shows: a command is a decision taken on it."""
        return int(self.shown_version)

    def recorded(self, outcome: Outcome) -> None:
        """Note the version this app's command made, so the poll does not take it for news."""
        self._mine = outcome.version

    def moved_on(self, reason: str) -> None:
        """Another screen recorded first: nothing of ours was; say what, and show the game now."""
        self.show_banner("NOT RECORDED", reason, "error")
        self.typed_message = reason
        self.pad = None
        self.refresh_now()

    # Typing an entry ----------------------------------------------------------------------

    def ask_typed(self) -> None:
        """TYPE: an entry as the CLI takes it, for what the pad cannot offer."""
        self.typed_message = ""
        self.typed_legal = views.legal_line(self.pad.prompt) if self.pad is not None else ""
        self.typed_popup = Factory.TypedPopup()
        self.typed_popup.open(animation=False)

    def submit_typed(self, text: str) -> None:
        """The typed entry: recorded and the popup closes, or refused in place and kept."""
        if not text.strip():
            return

        def close() -> None:
            popup, self.typed_popup = self.typed_popup, None
            if popup is not None:
                popup.dismiss(animation=False)

        self.typed_message = ""
        self.submit(text, on_recorded=close)

    # Undo, strike, restore, revert and the log drawer -------------------------------------

    def ask_undo(self) -> None:
        """UNDO: open the reason picker for striking the last entry that stands."""
        gid = UUID(self.game_id)

        def done(record: Any) -> None:
            self._show_log(record)
            standing = [r for r in self.log_rows if r["standing"]]
            if standing:
                self.ask_correction(standing[0]["seq"])

        self.call("", lambda: self.referee.record(gid), done)

    def ask_revert(self) -> None:
        """REVERT in the log drawer: take back the latest correction, with a reason."""
        self._open_picker(
            {"seq": 0, "entry": "", "mode": "revert", "correction": "", "version": self.expect()},
            [],
            catalogue.REVERT_REASONS,
        )
        self.strike_preview = "Revert the latest correction, with everything it did"

    def ask_correction(self, seq: int) -> None:
        """Long-press on a log row: strike, amend or insert before a standing entry, restore a
        struck one (alone or with the entries struck with it), or revert the correction that
        last touched it. The reason is picked first; amending and inserting then take the
        entry on the pad, as the table would have entered it then."""
        row = next((r for r in self.log_rows if r["seq"] == seq), None)
        if row is None or not row["actionable"]:
            return
        restore = not row["standing"]
        modes = ["restore", "cascade"] if restore else list(CORRECTION_MODES)
        if row.get("correction"):
            modes.append("revert")
        what = {
            "seq": seq,
            "entry": row["entry"],
            "last": row["last"],
            "mode": "restore" if restore else "strike",
            "correction": row.get("correction", ""),
            # The correction is decided on the game as shown when the row was pressed.
            "version": self.expect(),
        }
        reasons = (
            catalogue.RESTORE_REASONS
            if restore
            else catalogue.correction_reasons(str(self.status.get("ruleset", "")))
        )
        self._open_picker(what, modes, reasons)

    def _open_picker(
        self, what: dict[str, Any], modes: list[str], reasons: tuple[str, ...]
    ) -> None:
        self.correction = what
        self.correction_modes = modes
        self.correction_message = ""
        self.can_force = False
        self.can_cascade = False
        self.reasons = list(reasons)
        self._picked_reasons = tuple(reasons)
        self.pick_mode(what["mode"])
        self.reason_popup = Factory.ReasonPopup()
        self.reason_popup.fill(self.reasons)
        # At once: a picker fading in takes touches meant for it, and draws half there.
        self.reason_popup.open(animation=False)

    def pick_mode(self, mode: str) -> None:
        """What the reason will be given for: strike, amend, insert before, restore (alone or
        with the entries struck with it), or revert a correction."""
        what = self.correction
        if not what:
            return
        what["mode"] = mode
        self.correction_mode = mode
        if mode == "revert":
            which = (
                f"correction {what['correction']}"
                if what.get("correction")
                else "the latest correction"
            )
            self.strike_preview = f"Revert {which}, with everything it did"
            self.reasons = list(catalogue.REVERT_REASONS)
            if self.reason_popup is not None:
                self.reason_popup.fill(self.reasons)
            return
        if self.reasons != list(self._picked_reasons):
            # Back from revert: the entry's own reasons again.
            self.reasons = list(self._picked_reasons)
            if self.reason_popup is not None:
                self.reason_popup.fill(self.reasons)
        verb = {
            "restore": "Restore",
            "cascade": "Restore, with the entries struck with it,",
            "strike": "Strike",
            "amend": "Amend",
            "insert": "Insert an entry before",
        }[mode]
        self.strike_preview = f"{verb} entry {what['seq']}: {what['entry']}"

    def type_reason(self) -> None:
        """TYPE A REASON in the picker: the reasons give way to a text field for the table's own."""
        if self.reason_popup is not None:
            self.correction_message = ""
            self.reason_popup.typing()

    def correct_typed(self, text: str) -> None:
        """The typed reason is given: the correction is made with it, or the picker says what a
        reason must be and nothing is recorded."""
        try:
            reason = catalogue.typed_reason(text)
        except ValueError as exc:
            self.correction_message = str(exc)
            return
        self.correct(reason)

    def correct(self, reason: str, force: bool = False) -> None:
        """The reason is picked: restore, strike (the last entry: undo), revert, or go to the
        pad to amend or insert; as the CLI would, with the CLI's refusals, off the UI thread.

        A correction that would leave later entries that no longer fit is refused with their
        list, shown in the picker; the coach may then strike those too (``--strike-invalid``);
        a restore refused because others were struck with it offers ``--cascade``.
        """
        what = dict(self.correction)
        if not what:
            return
        gid = UUID(self.game_id)
        self._reason = reason
        mode = what["mode"]
        if mode in ("amend", "insert") and "text" not in what:
            self._start_pad_correction(reason)
            return
        if mode == "restore" and force and self.can_cascade:
            mode = "cascade"
        seen = int(what["version"])
        seq = what["seq"]
        referee = self.referee

        def job() -> tuple[str, str, Corrected | None, Outcome | None]:
            if mode in ("restore", "cascade"):
                done = referee.restore(
                    gid, seq, reason, strike_invalid=force, cascade=mode == "cascade", expect=seen
                )
                return "RESTORED", f"Entry {seq} is back: {reason}.", done, None
            if mode == "revert":
                done = referee.revert(
                    gid, what.get("correction") or None, reason, None, force, expect=seen
                )
                return (
                    "REVERTED",
                    f"Correction {done.reverts or ''} taken back: {reason}.",
                    done,
                    None,
                )
            if mode == "amend":
                done = referee.amend(gid, seq, what["text"], reason, None, force, expect=seen)
                return "AMENDED", f"Entry {seq} is now '{what['text']}': {reason}.", done, None
            if mode == "insert":
                after = corrections.insert_after(referee.log(gid), seq)
                done = referee.insert(gid, after, what["text"], reason, None, force, expect=seen)
                text = f"'{what['text']}' entered before entry {seq}: {reason}."
                return "INSERTED", text, done, None
            if what.get("last") and not force:
                struck, outcome = referee.undo(gid, reason, expect=seen)
                said = f"Entry {struck.seq} '{struck.text}' struck: {reason}. Enter what came up."
                if outcome.status.get("pending"):
                    return "PROPOSED", f"Striking entry {struck.seq}: {reason}.", None, outcome
                return "STRUCK", said, None, outcome
            done = referee.strike(gid, seq, reason, strike_invalid=force, expect=seen)
            return "STRUCK", f"Entry {seq} struck: {reason}.", done, None

        def done(result: tuple[str, str, Corrected | None, Outcome | None]) -> None:
            headline, text, made, outcome = result
            if made is not None and made.also_struck:
                also = ", ".join(str(s) for s, _text, _why in made.also_struck)
                text += f" Also struck, as they no longer fit: {also}."
            if made is not None and made.offer:
                # The CLI's hint, in the tablet's words: the others come back together from
                # the log, by the same long press.
                said = made.offer.split("; zebra ")[0]
                text += f" {said[:1].upper()}{said[1:]}: long-press one to restore them all."
            if made is not None:
                outcome = made.outcome
                if outcome.status.get("pending"):
                    headline = "PROPOSED"
            if outcome is not None:
                self.recorded(outcome)
            self.close_correction()
            self.show_banner(headline, text, "struck")
            if outcome is not None:
                self.refresh(outcome)
            else:
                self.refresh_now()

        def refused(exc: IllegalEntry) -> None:
            # Shown where the coach is looking; nothing was recorded.
            message = str(exc)
            self.correction_message = message
            self.can_force = "no longer fit" in message and not force
            self.can_cascade = "--cascade" in message or "struck together" in message
            if self.reason_popup is None:
                self._reopen_picker()

        self.call(f"Recording the correction ({reason})…", job, done, refused=refused)

    def _start_pad_correction(self, reason: str) -> None:
        """Put the earlier point of the game on the pad; the composed entry finishes the job."""
        what = self.correction
        gid = UUID(self.game_id)

        def done(prompt: Prompt) -> None:
            if self.correction is not what:
                return
            self.correcting = True
            self.drawer_open = False  # the pad is needed whole
            self._to_pad = True
            try:
                self._close_picker()
            finally:
                self._to_pad = False
            verb = "AMEND" if what["mode"] == "amend" else "INSERT BEFORE"
            self.prompt_text = f"{verb} entry {what['seq']} ({reason}). Then: {prompt.text}"
            self.pad = pad.Pad(prompt, board.team_names(self.status))
            self._pad_trigger()

        def refused(exc: IllegalEntry) -> None:
            # Struck on another screen since the row was pressed: said in the picker.
            self.correction_message = str(exc)

        self.call("", lambda: self.referee.prompt_before(gid, what["seq"]), done, refused=refused)

    def _reopen_picker(self) -> None:
        self.reason_popup = Factory.ReasonPopup()
        self.reason_popup.fill([])
        # At once: a picker fading in takes touches meant for it, and draws half there.
        self.reason_popup.open(animation=False)

    def correct_all(self) -> None:
        """After a refusal naming later entries that no longer fit (or a restore whose fellows
        were struck with it): strike those too, or restore them together."""
        self.correct(self._reason, force=True)

    def cancel_correction(self) -> None:
        """Leave the correction: the pad returns to what is due now."""
        self.close_correction()

    def _close_picker(self) -> None:
        # Dismissing calls close_correction (on_dismiss), so the popup is let go of first; it
        # goes at once, so a fading picker cannot take the next touch.
        popup, self.reason_popup = self.reason_popup, None
        if popup is not None:
            popup.dismiss(animation=False)

    def picker_closed(self, popup: Any) -> None:
        """The picker went away (a tap outside it, or Keep it): so does the correction."""
        if self.reason_popup is popup:
            self.reason_popup = None
        self.close_correction()

    def close_correction(self) -> None:
        """The correction is done or given up: the picker closes and the pad is the table's."""
        if self._to_pad:
            return
        self._close_picker()
        was_on_pad = self.correcting
        self.correction = {}
        self.correcting = False
        if was_on_pad:
            self.pad = None
            self.refresh_now()

    # Moments ------------------------------------------------------------------------------

    def settings_folder(self) -> Path | None:
        """Where this device keeps its own settings: the app's user data folder (None when
        there is none to be had: the settings are then the defaults, and kept until closing)."""
        try:
            return Path(self.user_data_dir)
        except OSError as exc:
            Logger.warning(f"Zebra: no folder for this device's settings ({exc})")
            return None

    def toggle_alerts(self) -> None:
        """Sound and vibration at moments on or off, kept for this device."""
        self.alerts_on = not self.alerts_on
        folder = self.settings_folder()
        try:
            if folder is None:
                raise OSError("this device has no folder for the app's settings")
            moments.save_settings(folder, moments.Settings(self.alerts_on))
        except OSError as exc:
            self.show_banner("NOT SAVED", f"The setting holds until the app closes: {exc}", "error")

    def show_banner(self, headline: str, text: str, kind: str) -> None:
        self.banner_headline, self.banner_text, self.banner_kind = headline, text, kind
        if kind != "error":
            self._retry, self.can_retry = None, False

    def toggle_log(self) -> None:
        self.drawer_open = not self.drawer_open
        if self.drawer_open:
            self.load_log()

    def on_drawer_open(self, *_: Any) -> None:
        self._resized()

    def answer_dispute(self, decision: str) -> None:
        """The other coach confirms or rejects the waiting correction (disputes=agree)."""
        gid = UUID(self.game_id)
        # One tablet serves both coaches: the answer is recorded as the other coach's.
        by = OTHER_COACH
        seen = self.expect()

        def job() -> Outcome:
            if decision == "confirm":
                return self.referee.confirm(gid, by, expect=seen).outcome
            return self.referee.reject(gid, "rejected at the tablet", by, expect=seen)

        def done(outcome: Outcome) -> None:
            if decision == "confirm":
                self.show_banner("CONFIRMED", "The correction is made.", "plain")
            else:
                self.show_banner("REJECTED", "The game stands as it was.", "plain")
            self.recorded(outcome)
            self.refresh(outcome)

        def refused(exc: IllegalEntry) -> None:
            self.show_banner("REFUSED", str(exc), "error")

        self.call("Recording the answer…", job, done, refused=refused)

    def export_game(self) -> None:
        """Write the game in every export format to the app's documents folder (as zebra
        export), then offer it to the device's share sheet where there is one.

        Each file is written whole or not at all, and only over an earlier export of its format.
        The events file carries the whole history (corrections, struck entries, options), so
        ``zebra import`` of it recreates the game exactly.
        """
        gid = UUID(self.game_id)
        folder = device.documents_folder()

        def job() -> tuple[str, list[Path]]:
            record = self.referee.record(gid)
            stem = (
                "".join(ch if ch.isalnum() else "-" for ch in f"{record.home}-v-{record.away}")
                + f"-{record.game_id[:8]}"
            )
            folder.mkdir(parents=True, exist_ok=True)
            written = []
            for fmt in exports.FORMATS:
                text = (
                    self.referee.events_export(gid)
                    if fmt == "events"
                    else exports.render(record, fmt)
                )
                path = folder / f"{stem}.{exports.SUFFIXES[fmt]}"
                exports.write(path, text, fmt)
                written.append(path)
            return stem, written

        def done(result: tuple[str, list[Path]]) -> None:
            stem, written = result
            made = ", ".join(exports.FORMATS)
            self.show_banner("EXPORTED", f"{stem}: {made} in {folder}", "plain")
            device.share(written)

        def refused(exc: IllegalEntry) -> None:
            self.show_banner("NOT EXPORTED", str(exc), "error")

        self.call("Exporting…", job, done, refused=refused, retry=False)


def usage_of(record: Any, prompt: Prompt) -> dict[str, Counter[str]]:
    """How often each value was entered with each of the prompt's keywords in ``record``."""
    entries = [line.text for line in record.lines if line.stands]
    return {f.keyword: pad.usage_of(entries, f.keyword) for f in prompt.forms}


def main(store: str | None = None, argv: list[str] | None = None) -> None:
    """Open the tablet on the same store as the CLI (``--store`` / $ZEBRA_STORE / default).

    ``zebra tablet --store PATH`` passes the store; run as ``zebra-tablet [--store PATH]`` (or
    ``python -m mobile.app``) it is read from the command line.
    """
    if store is None:
        parser = argparse.ArgumentParser(prog="zebra-tablet", description="The Zebra tablet app")
        parser.add_argument("--store", help="SQLite store file (default: as the zebra CLI)")
        store = parser.parse_known_args(sys.argv[1:] if argv is None else argv)[0].store
    made = tablet_on(store)
    made.run()


def tablet_on(store: str | None) -> ZebraApp:
    """The app on ``store`` (--store, else $ZEBRA_STORE, else this device's store), not yet
    running. A store named at the terminal that is not there is refused there, in one line, as
    every command refuses it; a store that is there but cannot be opened (damaged, not a Zebra
    store, unreadable) opens the app on the home screen, which says why and what to do."""
    named = store or os.environ.get(STORE_ENV) or ""
    where = named or device.device_store()
    try:
        return ZebraApp(open_store(where), reopen=lambda: open_store(where))
    except Exception as exc:
        reason = storage_failed(exc)
        if reason is None:
            raise
        if named and named_wrong(named):
            # Kivy routes sys.stderr into its logger; a refusal must reach the terminal as is.
            print(f"error: {reason}", file=sys.__stderr__)
            raise SystemExit(1) from None
    Logger.warning("Zebra: the store cannot be opened: %s", reason)
    return ZebraApp(None, reopen=lambda: open_store(where), trouble=unopened(where, reason))


if __name__ == "__main__":
    main()
