"""Figure 6: from a button press on the tablet to the frames that show it.

Run in a process of its own (``python -m benchmarks.tablet``) because Kivy reads its settings
when first imported: no window system is needed (SDL offscreen driver), Kivy's argument parsing
and logs are off, and the frame cap is lifted (``maxfps`` 0) so a frame is drawn as soon as it
is asked for and the time measured is the work, not the wait for the next 60 Hz tick.

A press is a real touch on the centre of the button that completes an entry (the last die face,
or a form that needs no values), put through Kivy's input queue as a device's touch is (it is
dispatched inside the next frame, after the clock's tick). The tap's frame does not wait for the
store (issue #17): it shows the entry taken, the pad in its recording look (the button pressed
framed, the rest dimmed), and the store's answer is shown by a later frame. Three figures per
press:

* **press-to-frame**: from just before the touch to the end of the first frame drawn after it,
  whatever that frame shows. What it shows is checked and counted: the recording look on the
  button pressed, the new entry itself (an answer that came that early), or nothing of the
  press (then the case cannot be judged MET). Judged against ``redraw``, the bare one-label
  redraw, measured once beside every press (so under the same load).
* **result-to-frame**: from the moment the answer that brings the new entry is handed to the UI
  thread (the worker's delivery callback starts) to the end of the frame it is handled in (the
  first that shows the new entry). Judged against ``bare``, its true bare counterpart (below).
* **press-to-result**: from just before the touch to the end of that frame (what the figure
  measured before the tap stopped waiting), with the time spent in the referee service on the
  worker thread meanwhile: a diagnostic.

Each game is played twice: with the log drawer closed and with it open (then every press also
reads the record and updates the drawer's rows, built once per entry). The earlier taps of an
entry go through the same handlers the buttons call, untimed. Prints one line per case on
stderr and one JSON line with the samples on stdout.

The bare counterparts, frames with new text and no Zebra work at all (no service call, no pad,
no fitting of text to its box, no layout of the pad):

* ``redraw``: one frame after ONE label's text changed to a text never shown before (the
  prompt, set through the app, so fitted to its box as any prompt), then put back untimed. The
  acknowledgement frame changes no text at all, so this is a generous baseline for it. The
  same, 15 times after each new game, is printed as the run's ``redraw`` as in earlier figures.
* ``bare`` in each case, the fair one for the result: after each timed press, exactly the
  labels that press changed (every label in the window whose text, font size or colour differs
  after it, a label the press built counted as changed from blank) are set back to what they
  showed before it, one frame is drawn (untimed), then all are set again to what the press made
  them show, directly on the same widgets, and the clock runs to the end of that one frame. The
  texture cache (mobile.textures) is put back as the press found it (what the press rendered
  is forgotten, what it found stays), so the bare frame renders exactly the texts the press
  rendered and reuses the ones it reused: the same drawing work on the same renderer, nothing
  else. The texts the field strip rendered for the press (its own textures) are rendered and
  uploaded in that frame too.
* ``bare_stock`` in each case, a diagnostic: the same replay with the texture cache off, each
  label rendering its new text as stock Kivy does, into its own texture. It says what the cache
  saves; it is not the target's baseline (it would flatter the press).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="zebra-bench-kivy-"))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.text import Label as CoreLabel  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from benchmarks import games  # noqa: E402
from benchmarks.measure import referee_at, store_game  # noqa: E402
from companion.service import Referee  # noqa: E402
from domain.ruleset import EntryForm  # noqa: E402
from mobile import app as app_module  # noqa: E402
from mobile import headless as h  # noqa: E402
from mobile.app import ZebraApp  # noqa: E402
from mobile.textures import TEXTURES  # noqa: E402

SERVICE = [0.0]  # seconds spent inside the referee service, summed

# The benchmark taps at a machine's pace: its taps are never a finger bouncing.
app_module.BOUNCE_SECONDS = 0.0


def watch_service(referee: Referee) -> Referee:
    """Count the time the app spends in the service's calls (the rest is Kivy and drawing)."""
    for name in ("enter", "undo", "status", "prompt", "log", "record", "games", "find"):
        method = getattr(referee, name)

        def timed(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return _method(*args, **kwargs)
            finally:
                SERVICE[0] += time.perf_counter() - t0

        setattr(referee, name, timed)
    return referee


def gl_renderer() -> str:
    try:
        from kivy.graphics.opengl import GL_RENDERER, glGetString

        return bytes(glGetString(GL_RENDERER)).decode(errors="replace")
    except Exception as exc:  # only a label for the report
        return f"unknown ({exc})"


# When each answer was handed to the UI thread (the worker's delivery callback started), and
# the entries the screen showed before and after it: (time, before, after).
DELIVERIES: list[tuple[float, Any, Any]] = []


def watch_deliveries(app: ZebraApp) -> None:
    """Note when the worker hands each answer to the UI thread (mobile.worker: ``_deliver``)."""
    deliver = app.worker._deliver

    def timed(callback: Any, value: Any) -> None:
        t0 = time.perf_counter()
        before = app.status.get("entries")
        try:
            deliver(callback, value)
        finally:
            DELIVERIES.append((t0, before, app.status.get("entries")))

    app.worker._deliver = timed  # type: ignore[method-assign]


def acknowledged(app: ZebraApp, widget: Any, entries_after: int) -> str:
    """What the frame just drawn shows of the press: the new entry itself ("result"), the pad's
    recording look on the button pressed ("recording"), or nothing of it ("none")."""
    if app.status.get("entries") == entries_after:
        return "result"
    screen = app.manager.current_screen
    group = getattr(screen, "_recording_group", None)
    box = screen.ids.pad_box
    if (
        getattr(screen, "recording", False)
        and screen.held is widget
        and group is not None
        and group in box.canvas.after.children
    ):
        return "recording"
    return "none"


def press(app: ZebraApp, widget: Any, entries_after: int) -> dict[str, Any]:
    """Touch ``widget``; then frames until one is drawn showing ``entries_after`` entries.

    Returns press-to-frame (to the end of the first frame after the touch, whatever it shows,
    and what it shows), result-to-frame (from the moment the answer that brought the new entry
    was handed to the UI thread to the end of the frame it was handled in), press-to-result
    (to the end of the first frame showing the new entry) and the number of frames to it."""
    h.frames(1)  # the button was built in the last frame; let it be laid out first
    x, y = widget.to_window(widget.center_x, widget.center_y)
    # Through Kivy's input queue, as a device's touch: dispatched inside the next frame, after
    # the clock's tick, then that frame is drawn.
    touch = h.Finger(x, y)
    DELIVERIES.clear()
    t0 = time.perf_counter()
    touch.touch_down()
    touch.touch_up()
    EventLoop.idle()
    first = time.perf_counter()
    ack = acknowledged(app, widget, entries_after)
    frames = 1
    shown_end = first if ack == "result" else None
    while shown_end is None and time.perf_counter() - t0 < 10:
        EventLoop.idle()
        frames += 1
        if app.status.get("entries") == entries_after:
            shown_end = time.perf_counter()
    delivered = next(
        (at for at, before, after in DELIVERIES if after == entries_after != before), None
    )
    if shown_end is None or delivered is None:
        raise RuntimeError(
            f"the press on {widget.text!r} was not recorded: {app.banner_text} "
            f"(entries {app.status.get('entries')}, wanted {entries_after}, pad {app.pad.mode})"
        )
    while app.worker.busy and time.perf_counter() - t0 < 10:
        EventLoop.idle()  # anything the answer asked for, untimed, before the next press
    return {
        "press_to_frame": first - t0,
        "ack": ack,
        "result_to_frame": shown_end - delivered,
        "press_to_result": shown_end - t0,
        "frames": frames,
    }


def fits(form: EntryForm, keyword: str, values: list[str]) -> bool:
    """Whether ``form`` composes this entry (several forms may share a keyword)."""
    if form.keyword != keyword or len(form.slots) != len(values):
        return False
    for slot, value in zip(form.slots, values, strict=True):
        if slot.kind == "word":
            if value not in slot.words:
                return False
        elif not (value.lstrip("-").isdigit() and slot.low <= int(value) <= slot.high):
            return False
    return True


# What a label shows: its text, its font size and its colour (the next roll's die faces are the
# same digits in another colour).
Look = tuple[str, float, tuple[float, ...]]
Shown = dict[Any, Look]


def labels_shown(app: ZebraApp) -> Shown:
    """Every label in the window (popups included) and what it shows."""
    return {
        w: (w.text, float(w.font_size), tuple(w.color))
        for w in h.walk(EventLoop.window)
        if isinstance(w, Label)
    }


def field_texts(app: ZebraApp) -> set[Any]:
    return {key for w in h.find(app.root, "FieldStrip") for key in w._textures}


class Bare:
    """The fair bare counterpart of one press (see the module's docstring), measured at once
    after it on the same widgets."""

    def __init__(self, app: ZebraApp) -> None:
        self.app = app
        self.shown = labels_shown(app)
        self.cached = TEXTURES.keys()
        self.fields = field_texts(app)
        self.renders = TEXTURES.renders

    def measure(self) -> dict[str, Any]:
        app = self.app
        rendered = TEXTURES.renders - self.renders
        after = labels_shown(app)
        changed = [
            (w, self.shown.get(w, ("", shown[1], shown[2])), shown)
            for w, shown in after.items()
            if self.shown.get(w) != shown and (w in self.shown or shown[0])
        ]
        new_fields = field_texts(app) - self.fields
        new_keys = TEXTURES.keys() - self.cached
        # The poll of the store must not land in a bare frame: it is Zebra work.
        app.watch = lambda *_a, **_k: None  # type: ignore[method-assign]
        try:
            same = self._replay(changed, new_fields, new_keys, stock=False)
            stock = self._replay(changed, new_fields, new_keys, stock=True)
        finally:
            del app.watch
        return {
            "bare": same,
            "bare_stock": stock,
            "labels": len(changed),
            "renders": rendered,
            "field_texts": len(new_fields),
        }

    @staticmethod
    def _replay(
        changed: list[tuple[Any, Look, Look]],
        fields: set[Any],
        forget: set[Any],
        *,
        stock: bool,
    ) -> float:
        for widget, (text, size, colour), _ in changed:
            widget.font_size, widget.text, widget.color = size, text, colour
        EventLoop.idle()
        if not stock:
            # What the press rendered is rendered again (and so kept again, as the press left
            # it); the stock replay does not use the cache at all.
            for key in forget:
                TEXTURES.forget(key)
        TEXTURES.enabled = not stock
        try:
            t0 = time.perf_counter()
            for widget, _, (text, size, colour) in changed:
                widget.font_size, widget.text, widget.color = size, text, colour
            for text, size, bold in fields:
                label = CoreLabel(text=text, font_size=size, bold=bold)
                label.refresh()
                label.texture.bind()
            EventLoop.idle()
            return time.perf_counter() - t0
        finally:
            TEXTURES.enabled = True


# What ``play`` gathers per timed press (``press``'s and ``Bare.measure``'s keys among them).
GOT_KEYS = (
    "press_to_frame",
    "ack",
    "result_to_frame",
    "press_to_result",
    "frames",
    "service",
    "redraw",
    "bare",
    "bare_stock",
    "labels",
    "renders",
    "field_texts",
)


def play(app: ZebraApp, entries: list[str], first_entries: int) -> dict[str, Any]:
    """Enter ``entries`` on the pad; the last press of each is timed when it is a button, and
    its bare counterparts measured after it."""
    got: dict[str, list[Any]] = {key: [] for key in GOT_KEYS}
    untimed = 0
    count = first_entries

    def timed(button: Any) -> None:
        before = SERVICE[0]
        h.frames(1)
        counterpart = Bare(app)
        for key, value in press(app, button, count).items():
            got[key].append(value)
        got["service"].append(SERVICE[0] - before)
        for key, value in counterpart.measure().items():
            got[key].append(value)
        got["redraw"].append(one_redraw(app))

    for text in entries:
        count += 1
        untimed += _enter(app, text, timed)
    return {**got, "untimed": untimed}


def _enter(app: ZebraApp, text: str, timed: Callable[[Any], None]) -> int:
    """Enter one entry by taps, its last press through ``timed`` when that press is one button;
    1 if it was entered untimed (a form with one button hidden, a number typed on the pad)."""
    keyword, *values = text.split()
    pad = app.pad
    assert pad is not None
    forms = pad.prompt.forms
    index = next(i for i, f in enumerate(forms) if fits(f, keyword, values))
    if not values:
        buttons = h.find(app.root, "FormButton", index=index)
        if len(buttons) == 1:
            timed(buttons[0])
            return 0
        app.tap_form(index)
        h.frames(2)
        return 1
    if pad.form is None or pad.form_index != index:
        app.tap_form(index)
    for value in values[:-1]:
        app.tap_value(value)
    h.frames(2)
    last = values[-1]
    buttons = h.find(app.root, "ChoiceButton", value=last) if app.pad.mode == "choices" else []
    untimed = 0
    if len(buttons) == 1:
        timed(buttons[0])
    else:  # a number typed on the pad: entered through its handlers, not timed
        app.tap_value(last)
        untimed = 1
        h.frames(2)
    if app.banner_kind == "error":
        raise RuntimeError(f"{text!r} refused: {app.banner_text}")
    return untimed


REDRAWS = [0]


def one_redraw(app: ZebraApp) -> float:
    """The bare one-label redraw, measured beside each press (the same load): the prompt's text
    changed to a text never shown before, through the app (so fitted to its box), one frame;
    then put back, untimed."""
    REDRAWS[0] += 1
    shown = app.prompt_text
    app.watch = lambda *_a, **_k: None  # type: ignore[method-assign]
    try:
        t0 = time.perf_counter()
        app.prompt_text = f"Redraw {REDRAWS[0]}: the same frame with one label's text changed."
        EventLoop.idle()
        took = time.perf_counter() - t0
        app.prompt_text = shown
        EventLoop.idle()
    finally:
        del app.watch
    return took


def bare_redraws(app: ZebraApp, count: int) -> list[float]:
    """The cheapest frame with new text: the prompt label changed, no service call, no pad.
    Kept, and printed, for comparison with earlier figures (measured after each game)."""
    return [one_redraw(app) for _ in range(count)]


def main(argv: list[str] | None = None) -> None:
    """Play each case with the log drawer closed and open; print the notes, then the JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--long-entries", type=int, default=400)
    parser.add_argument("--presses", type=int, default=40, help="entries after the stored ones")
    parser.add_argument(
        "--new-entries", type=int, default=0, help="stop the new game after N entries (0: all)"
    )
    args = parser.parse_args(argv)
    cases = []
    redraw: list[float] = []
    renderer = ""
    game = games.finished_games("rushzone", 1, seed=7)[0]
    longer = games.typical_game(args.long_entries + args.presses, seed=3)
    for drawer in ("closed", "open"):
        case, redraws, renderer = _new_game(args, game, drawer, renderer)
        redraw += redraws
        cases.append(case)
        cases.append(_stored_game(args, longer, drawer))
    for case in cases:
        print(f"{case['name']}: {case['note']}", file=sys.__stderr__, flush=True)
    print(
        f"one-label redraw after each game (as earlier figures): median "
        f"{statistics.median(redraw) * 1e3:.1f} ms (n={len(redraw)}); GL renderer {renderer}",
        file=sys.__stderr__,
        flush=True,
    )
    print(
        json.dumps({"renderer": renderer, "redraw": redraw, "cases": cases}),
        file=sys.__stdout__,
        flush=True,
    )


def _new_game(
    args: argparse.Namespace, game: games.ScriptedGame, drawer: str, renderer: str
) -> tuple[dict[str, Any], list[float], str]:
    """A new Rush Zone game started on the tablet and played to the final whistle: the case,
    the bare redraws measured after it, and the GL renderer (read once)."""
    path = args.dir / f"tablet-new-{drawer}.sqlite"
    path.unlink(missing_ok=True)
    app = h.launch(watch_service(referee_at(path)))
    watch_deliveries(app)
    renderer = renderer or gl_renderer()
    app.start_game("rushzone", "Bears", "Packers", {})
    h.frames(2)
    if drawer == "open":
        app.toggle_log()
        h.frames(2)
    got = play(app, game.entries[: args.new_entries or None], 0)
    redraws = bare_redraws(app, 15)
    h.close(app)
    case = {
        "name": f"a new Rush Zone game, all {len(game.entries)} entries, log drawer {drawer}"
        if not args.new_entries
        else f"a new Rush Zone game, its first {args.new_entries} entries, log drawer {drawer}",
        **got,
        "note": _note(got),
    }
    return case, redraws, renderer


def _stored_game(
    args: argparse.Namespace, longer: games.ScriptedGame, drawer: str
) -> dict[str, Any]:
    """A long stored game reopened on the tablet: the presses after its first N entries."""
    n = args.long_entries
    path = args.dir / f"tablet-long-{drawer}.sqlite"
    path.unlink(missing_ok=True)
    referee = referee_at(path)
    first = games.ScriptedGame(longer.ruleset, longer.options, longer.entries[:n], False)
    store_game(referee, first, "Bears", "Packers")
    app = h.launch(watch_service(referee_at(path)))
    watch_deliveries(app)
    h.frames(2)
    if drawer == "open":
        app.toggle_log()
        h.frames(2)
    got = play(app, longer.entries[n:], n)
    h.close(app)
    return {
        "name": f"a stored {n}-entry Red Zone game, the next {args.presses} entries, "
        f"log drawer {drawer}",
        **got,
        "note": _note(got),
    }


TARGET = 1.3


def _median(values: list[float]) -> float:
    """The median, 0 for no values."""
    return statistics.median(values) if values else 0.0


def verdicts(got: dict[str, Any]) -> dict[str, Any]:
    """The medians, their ratios to their bare counterparts and the verdicts against 1.3x."""
    press = _median(got["press_to_frame"])
    redraw = _median(got["redraw"])
    result = _median(got["result_to_frame"])
    bare = _median(got["bare"])
    acks = {kind: got["ack"].count(kind) for kind in ("recording", "result", "none")}
    ratio_press = press / redraw if redraw else 0.0
    ratio_result = result / bare if bare else 0.0
    return {
        "press_to_frame": press,
        "redraw": redraw,
        "press_ratio": ratio_press,
        # Judged only if every first frame showed the press (the recording look or the entry).
        "press_met": bool(redraw) and ratio_press <= TARGET and not acks["none"],
        "result_to_frame": result,
        "bare": bare,
        "result_ratio": ratio_result,
        "result_met": bool(bare) and ratio_result <= TARGET,
        "press_to_result": _median(got["press_to_result"]),
        "service": _median(got["service"]),
        "acks": acks,
    }


def _note(got: dict[str, Any]) -> str:
    """One case's findings in a sentence, for the run's log."""
    v = verdicts(got)
    frames = got["frames"]
    common = statistics.mode(frames) if frames else 0
    stock = _median(got["bare_stock"])
    labels = _median(got["labels"])
    renders = _median(got["renders"])
    acks = v["acks"]
    return (
        f"press-to-frame {v['press_to_frame'] * 1e3:.1f} ms against the one-label redraw "
        f"beside it {v['redraw'] * 1e3:.1f} ms: {v['press_ratio']:.2f}x "
        f"({'MET' if v['press_met'] else 'MISSED'}); the first frame showed the recording "
        f"look {acks['recording']}, the new entry {acks['result']}, nothing of the press "
        f"{acks['none']} time(s); result-to-frame {v['result_to_frame'] * 1e3:.1f} ms against "
        f"its bare counterpart (the same {labels:g} labels changed, same texture cache) "
        f"{v['bare'] * 1e3:.1f} ms: {v['result_ratio']:.2f}x "
        f"({'MET' if v['result_met'] else 'MISSED'}); with stock Kivy labels "
        f"{stock * 1e3:.1f} ms; press-to-result {v['press_to_result'] * 1e3:.1f} ms, "
        f"{common} frame(s) after the press, of which {v['service'] * 1e3:.1f} ms in the "
        "referee service (enter, and the record when the drawer is open) on the worker thread; "
        f"{renders:g} label texture(s) rendered in the median result; "
        f"{len(got['press_to_frame'])} presses timed ({got['untimed']} number-pad entries not "
        "timed)"
    )


if __name__ == "__main__":
    try:
        main()
    except Exception:
        # Kivy routes sys.stderr into its (silenced) logger: say why on the real stderr.
        traceback.print_exc(file=sys.__stderr__)
        raise SystemExit(1) from None
