"""The Zebra tablet: coaches tap what came up; the same referee service as the CLI rules on it.

The App holds the UI state as Kivy properties, refreshed from ``Referee.status``, ``prompt`` and
``log`` after every command (coalesced into one refresh a frame). The store is the only source
of truth: pausing, rotating or killing the app loses nothing, and reopening it shows the same
game at the same entry.

One game may be played on several screens (two tablets, a tablet and the CLI). Every command
carries the game version this screen shows, so the service refuses one taken on a situation the
coach never saw ("the game moved on") and answers a repeat (a double tap) "already recorded".
The store is polled twice a second, cheaply (the game's version only), so what another screen
records shows here within the second.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import PersistenceError
from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.utils import platform

from companion import exports, rosters, views
from companion.service import (
    AlreadyRecorded,
    Corrected,
    GameMovedOn,
    Outcome,
    Referee,
    UnknownGame,
)
from companion.store import STORE_ENV, StoreError, resolve
from domain import rulesets
from domain.ruleset import IllegalEntry, Prompt
from mobile import corrections, model
from mobile import screens as _screens  # noqa: F401  (registers the widget classes with Factory)

HERE = Path(__file__).resolve().parent
# Who answers a waiting correction at the tablet (at most 30 characters, as any name).
OTHER_COACH = "the other coach (tablet)"

# How often the store is asked whether another screen recorded something (seconds): an entry
# made elsewhere shows within about a second.
REFRESH_SECONDS = 0.5

# Screen name -> (kv file, screen class). Each kv file is read the first time its screen shows.
SCREENS: dict[str, tuple[str, str]] = {
    "home": ("home.kv", "HomeScreen"),
    "newgame": ("newgame.kv", "NewGameScreen"),
    "table": ("table.kv", "TableScreen"),
}

REASONS = (
    "the die was misread",
    "the die was cocked",
    "wrong button tapped",
    "rolled out of turn",
)
RESTORE_REASONS = ("the strike was a mistake", "the table agreed it stands")
CORRECTION_MODES = ("strike", "amend", "insert")


# What the log drawer's long-press offers, as the service can: strike, amend or insert before
# any standing entry, and restore a struck one.
CORRECTIONS = frozenset({"strike", "restore", "amend", "insert"})


class ZebraApp(App):
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
    clock_detail = StringProperty("")
    waiting = StringProperty("")
    prompt_text = StringProperty("")
    banner_headline = StringProperty("")
    banner_text = StringProperty("")
    banner_kind = StringProperty("none")
    pad = ObjectProperty(None, allownone=True)
    pad_version = NumericProperty(0)
    interrupt_version = NumericProperty(0)
    can_undo = BooleanProperty(False)
    strike_preview = StringProperty("")
    correction_message = StringProperty("")
    can_force = BooleanProperty(False)
    reasons = ListProperty(list(REASONS))
    correction = DictProperty({})
    correction_mode = StringProperty("strike")
    correction_modes = ListProperty([])
    correcting = BooleanProperty(False)
    log_rows = ListProperty([])
    game_rows = ListProperty([])
    drawer_open = BooleanProperty(False)
    field = ObjectProperty(model.FieldView(None, None, 0, ""))
    message = StringProperty("")
    typed_message = StringProperty("")
    typed_legal = StringProperty("")
    # The game version on screen: what every command carries as ``expect``.
    shown_version = NumericProperty(0)

    def __init__(self, referee: Referee, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.referee = referee
        self.reason_popup: Any = None
        self.typed_popup: Any = None
        self._reason = ""
        self._to_pad = False
        self._outcome: Outcome | None = None
        # The version this app's own last command made; its refresh may still be due.
        self._mine = 0
        self._refresh_trigger = Clock.create_trigger(self._refresh)
        self._pad_trigger = Clock.create_trigger(self._bump_pad)
        self._watch_event: Any = None

    # App life ---------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        self.manager = ScreenManager(transition=NoTransition())
        return self.manager

    def on_start(self) -> None:
        """Reopen on the game last played if it is unfinished: a killed app picks up there."""
        played = self.referee.games()
        if played and not played[0].finished:
            self.open_game(str(played[0].game_id))
        else:
            self.go_home()
        self._watch_event = Clock.schedule_interval(self._poll, REFRESH_SECONDS)

    def on_stop(self) -> None:
        """Stop polling the store: a closed app must not read it from the shared clock."""
        if self._watch_event is not None:
            self._watch_event.cancel()
            self._watch_event = None

    def on_pause(self) -> bool:
        # Every entry is already in the store; nothing to save, and the app may simply resume.
        return True

    def on_resume(self) -> None:
        # Another screen may have played on while this one slept: say so, else just redraw.
        if not self.watch():
            self.refresh()

    # Screens ----------------------------------------------------------------------------

    def show(self, name: str) -> Any:
        """Switch to a screen, reading its kv file and building it on first use."""
        if not self.manager.has_screen(name):
            kv, cls = SCREENS[name]
            path = str(HERE / kv)
            if path not in Builder.files:
                Builder.load_file(path)
            self.manager.add_widget(Factory.get(cls)(name=name))
        self.manager.current = name
        return self.manager.get_screen(name)

    def go_home(self) -> None:
        self.drawer_open = False
        self.game_rows = [model.game_row(g, _title(g.ruleset)) for g in self.referee.games()]
        self.show("home")

    def new_game(self) -> None:
        self.message = ""
        self.show("newgame").reset()

    def start_game(
        self,
        ruleset: str,
        home: str,
        away: str,
        options: dict[str, str],
        roster_files: dict[str, str] | None = None,
    ) -> None:
        """Start a game; a refusal (blank names, bad option, every rule a roster breaks) is
        shown in place and nothing is stored. A roster's set-up entries are recorded first."""
        setup, broken = rosters.checked(ruleset, roster_files or {})
        if broken:
            self.message = "\n".join([*broken, "The game was not started."])
            return
        try:
            outcome = self.referee.start(ruleset, home.strip(), away.strip(), options)
            for text in setup:
                outcome = self.referee.enter(outcome.game_id, text, expect=outcome.version)
        except IllegalEntry as exc:
            self.message = str(exc)
            return
        self.open_game(str(outcome.game_id))

    def open_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.shown_version = 0
        self._mine = 0
        self.show_banner("", "", "none")
        self.drawer_open = False
        self.pad = None
        self.show("table")
        self.refresh()

    # Refresh ----------------------------------------------------------------------------

    def refresh(self, outcome: Outcome | None = None) -> None:
        """Ask for one refresh on the next frame, however many commands ask before then.

        An entry's outcome already carries the status and prompt the service derived, so the
        refresh reuses them instead of reading the game back twice more.
        """
        self._outcome = outcome
        self._refresh_trigger()

    def refresh_now(self) -> None:
        """Rebuild the screen at once from the store (after a refusal that found it stale)."""
        self._refresh_trigger.cancel()
        self._outcome = None
        self._refresh()

    def _poll(self, _dt: float) -> None:
        # Returns None on purpose: a Kivy interval whose callback returns False is cancelled.
        self.watch()

    def watch(self) -> bool:
        """Show what another screen recorded: poll the game's version, redraw only if it moved.

        Reading the version reads only the events stored since the last read, so this runs
        twice a second without cost. True when the screen was rebuilt.
        """
        if not self.game_id or not self.shown_version or self.manager.current != "table":
            return False
        gid = UUID(self.game_id)
        try:
            version = self.referee.record(gid).version
        except (UnknownGame, StoreError, sqlite3.Error, PersistenceError) as exc:
            # A store gone away, busy or damaged: the screen stays as it is, and says why; a
            # failing poll must never close the app.
            self.show_banner("STORE NOT READ", str(exc), "error")
            return False
        if version in (self.shown_version, self._mine):
            return False
        since = max(int(self.shown_version), self._mine)
        news = model.elsewhere(self.referee.game(gid).commands, since)
        self.show_banner("UPDATED", news, "plain")
        self.refresh_now()
        return True

    def _refresh(self, *_: Any) -> None:
        if not self.game_id:
            return
        gid = UUID(self.game_id)
        outcome, self._outcome = self._outcome, None
        if outcome is not None and outcome.game_id == gid and outcome.prompt is not None:
            status, prompt = outcome.status, outcome.prompt
        else:
            status, prompt = self.referee.status(gid), self.referee.prompt(gid)
        plays = self.referee.log(gid)
        names = model.team_names(status)
        moved = int(status["version"]) != self.shown_version
        self.shown_version = int(status["version"])
        self.status = status
        self.game_title = _title(status.get("ruleset", ""))
        self.home_name, self.away_name = names["home"], names["away"]
        self.home_score = str(status["score"]["home"])
        self.away_score = str(status["score"]["away"])
        self.home_side_line = model.side_line(status, "home")
        self.away_side_line = model.side_line(status, "away")
        self.possession = status.get("possession") or ""
        self.clock_text = model.clock_line(status)
        self.clock_detail = model.clock_detail(status)
        pending = status.get("pending")
        self.waiting = (
            f"Waiting for the other coach: {pending}. The other coach taps CONFIRM or REJECT."
            if pending
            else ""
        )
        self.field = model.field_view(status)
        if not self.correcting:
            self.prompt_text = prompt.text
        standing = [p.seq for p in plays if p.struck is None]
        last = standing[-1] if standing else None
        self.can_undo = last is not None
        self.log_rows = [model.log_row(p, last, CORRECTIONS) for p in reversed(plays)]
        self._set_pad(prompt, names, moved)

    def _set_pad(self, prompt: Prompt, names: dict[str, str], moved: bool) -> None:
        # A refresh that changes nothing at the table (a resume, a rotation) keeps the faces
        # tapped so far; a new prompt, a finished entry or one recorded elsewhere starts a fresh
        # pad, drawn at once: a finger landing in the next frame finds the buttons of this pad,
        # never those of the last one.
        kept = self.pad
        if self.correcting:
            return
        if kept is None or kept.prompt != prompt or not kept.in_progress or moved:
            self.pad = model.Pad(prompt, names)
            self._pad_trigger.cancel()
            self._bump_pad()
        else:
            self._pad_trigger()
        self.interrupt_version += 1

    def _bump_pad(self, *_: Any) -> None:
        self.pad_version += 1

    # The entry pad ----------------------------------------------------------------------

    def tap_form(self, index: int) -> None:
        if self.pad is None or not 0 <= index < len(self.pad.prompt.forms):
            return
        text = self.pad.select(index)
        self._after_tap(text)

    def tap_value(self, value: str) -> None:
        """A value button. A second finger in the frame that finished an entry finds no value
        due (or not this one): it is ignored, as the pad it was aimed at is done."""
        if self.pad is None:
            return
        try:
            text = self.pad.choose(value)
        except ValueError as exc:
            Logger.info("Zebra: tap on %r ignored: %s", value, exc)
            self._pad_trigger()
            return
        self._after_tap(text)

    def pad_key(self, key: str) -> None:
        """A number-pad key; OK enters the typed number, and is enabled only when it is legal."""
        if key == "OK":
            self.pad_ok()
        elif self.pad is not None:
            self.pad.key(key)
            self._pad_trigger()

    def pad_ok(self) -> None:
        if self.pad is not None and self.pad.typed_ok():
            self._after_tap(self.pad.choose(self.pad.typed))

    def pad_back(self) -> None:
        if self.pad is not None:
            self.pad.back()
            self._pad_trigger()

    def pad_cancel(self) -> None:
        if self.pad is not None:
            self.pad.cancel()
            self._pad_trigger()

    def _after_tap(self, text: str | None) -> None:
        if text is None:
            self._pad_trigger()
        elif self.correcting:
            self.correction["text"] = text
            self.correct(self._reason)
        else:
            self.submit(text)

    def submit(self, text: str) -> bool:
        """Record one entry on the version shown; a refusal is shown in the banner and nothing
        is recorded. A repeat of the entry just made (a double tap) is quietly let go."""
        try:
            outcome = self.referee.enter(UUID(self.game_id), text, expect=self.expect())
        except AlreadyRecorded as exc:
            Logger.info("Zebra: %s", exc)
            return True
        except GameMovedOn as exc:
            self.moved_on(str(exc))
            self.typed_message = str(exc)
            return False
        except IllegalEntry as exc:
            self.show_banner("NOT RECORDED", str(exc), "error")
            self.typed_message = str(exc)
            return False
        else:
            self.recorded(outcome)
            names = model.team_names(outcome.status)
            self.show_banner(*model.banner(outcome.rulings, names))
            self.refresh(outcome)
            return True

    def expect(self) -> int:
        """The game version this screen shows: a command is a decision taken on it."""
        return int(self.shown_version)

    def recorded(self, outcome: Outcome) -> None:
        """Note the version this app's command made, so the poll does not take it for news."""
        self._mine = outcome.version

    def moved_on(self, reason: str) -> None:
        """Another screen recorded first: nothing of ours was; say what, and show the game now."""
        self.show_banner("NOT RECORDED", reason, "error")
        self.refresh_now()

    # Typing an entry ----------------------------------------------------------------------

    def ask_typed(self) -> None:
        """TYPE: an entry as the CLI takes it, for what the pad cannot offer (a player's name)."""
        self.typed_message = ""
        self.typed_legal = views.legal_line(self.pad.prompt) if self.pad is not None else ""
        self.typed_popup = Factory.TypedPopup()
        self.typed_popup.open()

    def submit_typed(self, text: str) -> None:
        """The typed entry: recorded and the popup closes, or refused in place and kept."""
        if not text.strip():
            return
        if self.submit(text) and self.typed_popup is not None:
            popup, self.typed_popup = self.typed_popup, None
            popup.dismiss(animation=False)

    # Undo, strike, restore and the log drawer ------------------------------------------

    def ask_undo(self) -> None:
        """UNDO: open the reason picker for striking the last entry that stands."""
        standing = [r for r in self.log_rows if r["standing"]]
        if standing:
            self.ask_correction(standing[0]["seq"])

    def ask_correction(self, seq: int) -> None:
        """Long-press on a log row: strike, amend or insert before a standing entry, or
        restore a struck one. The reason is picked first; amending and inserting then take
        the entry on the pad, as the table would have entered it then."""
        row = next((r for r in self.log_rows if r["seq"] == seq), None)
        if row is None or not row["actionable"]:
            return
        restore = not row["standing"]
        self.correction = {
            "seq": seq,
            "entry": row["entry"],
            "restore": restore,
            "last": row["last"],
            "mode": "restore" if restore else "strike",
            # The correction is decided on the game as shown when the row was pressed.
            "version": self.expect(),
        }
        self.correction_modes = [] if restore else list(CORRECTION_MODES)
        self.correction_message = ""
        self.can_force = False
        self.reasons = list(RESTORE_REASONS if restore else REASONS)
        self.pick_mode(self.correction["mode"])
        self.reason_popup = Factory.ReasonPopup()
        self.reason_popup.fill(self.reasons)
        self.reason_popup.open()

    def pick_mode(self, mode: str) -> None:
        """Strike, amend, or insert before: what the reason will be given for."""
        what = self.correction
        if not what:
            return
        what["mode"] = mode
        verb = {
            "restore": "Restore",
            "strike": "Strike",
            "amend": "Amend",
            "insert": "Insert an entry before",
        }[mode]
        self.correction_mode = mode
        self.strike_preview = f"{verb} entry {what['seq']}: {what['entry']}"

    def correct(self, reason: str, force: bool = False) -> None:
        """The reason is picked: restore, strike (the last entry: undo), or go to the pad to
        amend or insert; as the CLI would, with the CLI's refusals.

        A correction that would leave later entries that no longer fit is refused with their
        list, shown in the picker; the coach may then strike those too (``--strike-invalid``).
        """
        what = self.correction
        if not what:
            return
        gid = UUID(self.game_id)
        self._reason = reason
        mode = what["mode"]
        if mode in ("amend", "insert") and "text" not in what:
            self._start_pad_correction(reason)
            return
        seen = int(what["version"])
        try:
            done: Corrected | None
            if mode == "restore":
                done = self.referee.restore(
                    gid, what["seq"], reason, strike_invalid=force, expect=seen
                )
                headline, text = "RESTORED", f"Entry {what['seq']} is back: {reason}."
            elif mode == "amend":
                done = self.referee.amend(
                    gid, what["seq"], what["text"], reason, None, force, expect=seen
                )
                headline, text = (
                    "AMENDED",
                    f"Entry {what['seq']} is now '{what['text']}': {reason}.",
                )
            elif mode == "insert":
                after = corrections.insert_after(self.referee.log(gid), what["seq"])
                done = self.referee.insert(
                    gid, after, what["text"], reason, None, force, expect=seen
                )
                headline = "INSERTED"
                text = f"'{what['text']}' entered before entry {what['seq']}: {reason}."
            elif what["last"] and not force:
                struck, outcome = self.referee.undo(gid, reason, expect=seen)
                self.recorded(outcome)
                done = None
                headline = "STRUCK"
                text = f"Entry {struck.seq} '{struck.text}' struck: {reason}. Enter what came up."
                if outcome.status.get("pending"):
                    headline, text = "PROPOSED", f"Striking entry {struck.seq}: {reason}."
            else:
                done = self.referee.strike(
                    gid, what["seq"], reason, strike_invalid=force, expect=seen
                )
                headline, text = "STRUCK", f"Entry {what['seq']} struck: {reason}."
        except AlreadyRecorded as exc:
            # The same correction, tapped twice: it stands once; the picker simply closes.
            Logger.info("Zebra: %s", exc)
            self.close_correction()
            self.refresh()
            return
        except GameMovedOn as exc:
            # Taken on a game another screen has changed since: nothing recorded. The
            # correction is given up; the coach sees the game as it is and may ask again.
            self.close_correction()
            self.moved_on(str(exc))
            return
        except IllegalEntry as exc:
            # Shown where the coach is looking; nothing was recorded.
            self.correction_message = str(exc)
            self.can_force = "no longer fit" in str(exc) and not force
            if self.reason_popup is None:
                self._reopen_picker()
            return
        if done is not None and done.also_struck:
            also = ", ".join(str(seq) for seq, _text, _why in done.also_struck)
            text += f" Also struck, as they no longer fit: {also}."
        if done is not None and done.outcome.status.get("pending"):
            headline = "PROPOSED"
        if done is not None:
            self.recorded(done.outcome)
        self.close_correction()
        self.show_banner(headline, text, "struck")
        self.refresh()

    def _start_pad_correction(self, reason: str) -> None:
        """Put the earlier point of the game on the pad; the composed entry finishes the job."""
        what = self.correction
        try:
            prompt = self.referee.prompt_before(UUID(self.game_id), what["seq"])
        except IllegalEntry as exc:
            # Struck on another screen since the row was pressed: said in the picker.
            self.correction_message = str(exc)
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
        self.pad = model.Pad(prompt, model.team_names(self.status))
        self._pad_trigger()

    def _reopen_picker(self) -> None:
        self.reason_popup = Factory.ReasonPopup()
        self.reason_popup.fill([])
        self.reason_popup.open()

    def correct_all(self) -> None:
        """After a refusal naming later entries that no longer fit: strike those too."""
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
            self.refresh()

    def show_banner(self, headline: str, text: str, kind: str) -> None:
        self.banner_headline, self.banner_text, self.banner_kind = headline, text, kind

    def toggle_log(self) -> None:
        self.drawer_open = not self.drawer_open

    def answer_dispute(self, decision: str) -> None:
        """The other coach confirms or rejects the waiting correction (disputes=agree)."""
        gid = UUID(self.game_id)
        # One tablet serves both coaches: the answer is recorded as the other coach's.
        by = OTHER_COACH
        try:
            if decision == "confirm":
                done = self.referee.confirm(gid, by, expect=self.expect())
                outcome = done.outcome
                self.show_banner("CONFIRMED", "The correction is made.", "plain")
            else:
                outcome = self.referee.reject(
                    gid, "rejected at the tablet", by, expect=self.expect()
                )
                self.show_banner("REJECTED", "The game stands as it was.", "plain")
        except AlreadyRecorded as exc:
            Logger.info("Zebra: %s", exc)
            return
        except GameMovedOn as exc:
            self.moved_on(str(exc))
            return
        except IllegalEntry as exc:
            self.show_banner("REFUSED", str(exc), "error")
            return
        self.recorded(outcome)
        self.refresh(outcome)

    def export_game(self) -> None:
        """Write the game in every export format to the documents folder (as zebra export).

        Each file is written whole or not at all, and only over an earlier export of its format.
        The events file carries the whole history (corrections, struck entries, options), so
        ``zebra import`` of it recreates the game exactly.
        """
        gid = UUID(self.game_id)
        record = self.referee.record(gid)
        folder = documents_folder()
        stem = (
            "".join(ch if ch.isalnum() else "-" for ch in f"{record.home}-v-{record.away}")
            + f"-{record.game_id[:8]}"
        )
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for fmt in exports.FORMATS:
                text = (
                    self.referee.events_export(gid)
                    if fmt == "events"
                    else exports.render(record, fmt)
                )
                exports.write(folder / f"{stem}.{exports.SUFFIXES[fmt]}", text, fmt)
        except OSError as exc:
            self.show_banner("NOT EXPORTED", f"{folder}: {exc.strerror}", "error")
            return
        except IllegalEntry as exc:
            self.show_banner("NOT EXPORTED", str(exc), "error")
            return
        made = ", ".join(exports.FORMATS)
        self.show_banner("EXPORTED", f"{stem}: {made} in {folder}", "plain")


def _title(ruleset: str) -> str:
    try:
        return str(rulesets.get(ruleset).title)
    except IllegalEntry:
        return ruleset


def documents_folder() -> Path:
    """Where exports go: $ZEBRA_DOCUMENTS, else the device's (or your) Documents/Zebra folder."""
    chosen = os.environ.get("ZEBRA_DOCUMENTS")
    if chosen:
        return Path(chosen).expanduser()
    if platform == "android":
        from android.storage import (  # type: ignore[import-not-found]
            primary_external_storage_path,
        )

        return Path(primary_external_storage_path()) / "Documents" / "Zebra"
    return Path.home() / "Documents" / "Zebra"


def device_store() -> str | None:
    """On Android the store lives in the app's private files folder; elsewhere, the CLI's."""
    if platform != "android":
        return None
    from android.storage import app_storage_path  # type: ignore[import-not-found]

    return os.path.join(app_storage_path(), "zebra.sqlite")


def main(store: str | None = None, argv: list[str] | None = None) -> None:
    """Open the tablet on the same store as the CLI (``--store`` / $ZEBRA_STORE / default).

    ``zebra tablet --store PATH`` passes the store; run as ``zebra-tablet [--store PATH]`` (or
    ``python -m mobile.app``) it is read from the command line.
    """
    if store is None:
        parser = argparse.ArgumentParser(prog="zebra-tablet", description="The Zebra tablet app")
        parser.add_argument("--store", help="SQLite store file (default: as the zebra CLI)")
        store = parser.parse_known_args(sys.argv[1:] if argv is None else argv)[0].store
    store = store or os.environ.get(STORE_ENV) or device_store()
    try:
        referee = Referee(resolve(store, create=True))
    except StoreError as exc:
        # Kivy routes sys.stderr into its logger; a refusal must reach the terminal as is.
        print(f"error: {exc}", file=sys.__stderr__)
        raise SystemExit(1) from None
    ZebraApp(referee).run()


if __name__ == "__main__":
    main()
