"""Figure 6: from a button press on the tablet to the first rendered frame with the new situation.

Run in a process of its own (``python -m benchmarks.tablet``) because Kivy reads its settings
when first imported: no window system is needed (SDL offscreen driver), Kivy's argument parsing
and logs are off, and the frame cap is lifted (``maxfps`` 0) so a frame is drawn as soon as it
is asked for and the time measured is the work, not the wait for the next 60 Hz tick.

A press is a real touch (``UnitTestTouch``) on the centre of the button that completes an entry
(the last die face, or a form that needs no values). The clock runs from just before the touch
to the end of the first frame drawn after ``app.status`` shows the new entry; the number of
frames that took is reported too (the service answers on the app's worker thread, so the frames
go on meanwhile). Each game is played twice: with the log drawer closed and with it open (then
every press also reads the record and updates the drawer's rows, built once per entry). The
earlier taps of an entry go through the same handlers the buttons call, untimed. Prints one
JSON line with the samples.

Two bare counterparts, frames with new text and no Zebra work at all (no service call, no pad,
no fitting of text to its box, no layout of the pad):

* ``redraw``, kept (and printed) for comparison with earlier figures: one frame after ONE
  label's text changed (the prompt, set through the app, so fitted to its box as any prompt).
  It is not the bare equivalent of a press, which legitimately shows five or six new texts (the
  ruling, the prompt, the pad's heading, down and distance, the spot) and often new buttons.
* ``bare`` in each case, the fair one: after each timed press, exactly the labels that press
  changed (every label in the window whose text, font size or colour differs after it, a
  label the press built counted as changed from blank) are set back to what they showed
  before it, one frame is drawn (untimed), then all are set again to what the press made them
  show, directly on the same widgets, and the clock runs to the end of that one frame. The
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
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from benchmarks import games  # noqa: E402
from benchmarks.run import referee_at, store_game  # noqa: E402
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


def press(app: ZebraApp, widget: Any, entries_after: int) -> tuple[float, int]:
    """Touch ``widget``; frames until one is drawn showing ``entries_after`` entries."""
    h.frames(1)  # the button was built in the last frame; let it be laid out first
    x, y = widget.to_window(widget.center_x, widget.center_y)
    touch = UnitTestTouch(x, y)
    t0 = time.perf_counter()
    touch.touch_down()
    touch.touch_up()
    frames = 0
    while time.perf_counter() - t0 < 10:
        EventLoop.idle()
        frames += 1
        if app.status.get("entries") == entries_after and not app.worker.busy:
            break
    elapsed = time.perf_counter() - t0
    if app.status.get("entries") != entries_after:
        raise RuntimeError(
            f"the press on {widget.text!r} was not recorded: {app.banner_text} "
            f"(entries {app.status.get('entries')}, wanted {entries_after}, pad {app.pad.mode})"
        )
    return elapsed, frames


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


def play(app: ZebraApp, entries: list[str], first_entries: int) -> dict[str, Any]:
    """Enter ``entries`` on the pad; the last press of each is timed when it is a button, and
    its bare counterpart measured after it."""
    times: list[float] = []
    frames: list[int] = []
    service: list[float] = []
    bare: list[dict[str, Any]] = []
    untimed = 0
    count = first_entries
    for text in entries:
        keyword, *values = text.split()
        pad = app.pad
        assert pad is not None
        forms = pad.prompt.forms
        index = next(i for i, f in enumerate(forms) if fits(f, keyword, values))
        count += 1
        if not values:
            buttons = h.find(app.root, "FormButton", index=index)
            if len(buttons) == 1:
                before = SERVICE[0]
                h.frames(1)
                counterpart = Bare(app)
                t, f = press(app, buttons[0], count)
                times.append(t)
                frames.append(f)
                service.append(SERVICE[0] - before)
                bare.append(counterpart.measure())
            else:
                app.tap_form(index)
                untimed += 1
                h.frames(2)
            continue
        if pad.form is None or pad.form_index != index:
            app.tap_form(index)
        for value in values[:-1]:
            app.tap_value(value)
        h.frames(2)
        last = values[-1]
        buttons = h.find(app.root, "ChoiceButton", value=last) if app.pad.mode == "choices" else []
        if len(buttons) == 1:
            before = SERVICE[0]
            h.frames(1)
            counterpart = Bare(app)
            t, f = press(app, buttons[0], count)
            times.append(t)
            frames.append(f)
            service.append(SERVICE[0] - before)
            bare.append(counterpart.measure())
        else:  # a number typed on the pad: entered through its handlers, not timed
            app.tap_value(last)
            untimed += 1
            h.frames(2)
        if app.banner_kind == "error":
            raise RuntimeError(f"{text!r} refused: {app.banner_text}")
    return {
        "values": times,
        "frames": frames,
        "service": service,
        "untimed": untimed,
        "bare": [b["bare"] for b in bare],
        "bare_stock": [b["bare_stock"] for b in bare],
        "labels": [b["labels"] for b in bare],
        "renders": [b["renders"] for b in bare],
        "field_texts": [b["field_texts"] for b in bare],
    }


def bare_redraws(app: ZebraApp, count: int) -> list[float]:
    """The cheapest frame with new text: the prompt label changed, no service call, no pad.
    Kept, and printed, for comparison with earlier figures; the fair baseline is ``Bare``."""
    out = []
    for i in range(count):
        t0 = time.perf_counter()
        app.prompt_text = f"Redraw {i}: the same frame with one label's text changed."
        EventLoop.idle()
        out.append(time.perf_counter() - t0)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--long-entries", type=int, default=400)
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args(argv)
    cases = []
    redraw: list[float] = []
    renderer = ""
    game = games.finished_games("rushzone", 1, seed=7)[0]
    n = args.long_entries
    longer = games.typical_game(n + args.presses, seed=3)
    for drawer in ("closed", "open"):
        # A new Rush Zone game started on the tablet and played to the final whistle.
        path = args.dir / f"tablet-new-{drawer}.sqlite"
        path.unlink(missing_ok=True)
        app = h.launch(watch_service(referee_at(path)))
        renderer = renderer or gl_renderer()
        app.start_game("rushzone", "Bears", "Packers", {})
        h.frames(2)
        if drawer == "open":
            app.toggle_log()
            h.frames(2)
        got = play(app, game.entries, 0)
        redraw += bare_redraws(app, 15)
        h.close(app)
        cases.append(
            {
                "name": f"a new Rush Zone game, all {len(game.entries)} entries, log drawer "
                f"{drawer}",
                **got,
                "note": _note(got),
            }
        )
        # A long stored game reopened on the tablet: the presses after its first N entries.
        path = args.dir / f"tablet-long-{drawer}.sqlite"
        path.unlink(missing_ok=True)
        referee = referee_at(path)
        first = games.ScriptedGame(longer.ruleset, longer.options, longer.entries[:n], False)
        store_game(referee, first, "Bears", "Packers")
        app = h.launch(watch_service(referee_at(path)))
        h.frames(2)
        if drawer == "open":
            app.toggle_log()
            h.frames(2)
        got = play(app, longer.entries[n:], n)
        h.close(app)
        cases.append(
            {
                "name": f"a stored {n}-entry Red Zone game, the next {args.presses} entries, "
                f"log drawer {drawer}",
                **got,
                "note": _note(got),
            }
        )
    print(
        json.dumps({"renderer": renderer, "redraw": redraw, "cases": cases}),
        file=sys.__stdout__,
        flush=True,
    )


def _note(got: dict[str, Any]) -> str:
    frames = got["frames"]
    common = statistics.mode(frames) if frames else 0
    service = statistics.median(got["service"]) * 1e3 if got["service"] else 0.0
    press = statistics.median(got["values"]) if got["values"] else 0.0
    bare = statistics.median(got["bare"]) if got["bare"] else 0.0
    stock = statistics.median(got["bare_stock"]) if got["bare_stock"] else 0.0
    labels = statistics.median(got["labels"]) if got["labels"] else 0
    renders = statistics.median(got["renders"]) if got["renders"] else 0
    return (
        f"median press {press * 1e3:.1f} ms; its bare counterpart (the same {labels:g} labels "
        f"changed, same texture cache) {bare * 1e3:.1f} ms: {press / bare if bare else 0:.2f}x; "
        f"with stock Kivy labels {stock * 1e3:.1f} ms; {renders:g} label texture(s) rendered "
        "in the median press; "
        f"{len(got['values'])} presses timed ({got['untimed']} number-pad entries not timed); "
        f"drawn {common} frame(s) after the press; of the median press, {service:.1f} ms is in "
        "the referee service (enter, and the record when the drawer is open), on the worker "
        "thread while frames go on; the rest Kivy and drawing"
    )


if __name__ == "__main__":
    try:
        main()
    except Exception:
        # Kivy routes sys.stderr into its (silenced) logger: say why on the real stderr.
        traceback.print_exc(file=sys.__stderr__)
        raise SystemExit(1) from None
