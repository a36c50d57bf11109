"""Looking at the tablet's screen: geometry of the widget tree, pixels of a drawn frame, and a
coach's fingers on the pad. Shared by the screen tests and the screenshot check."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.base import EventLoop
from kivy.core.image import Image as CoreImage
from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.metrics import dp
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from mobile import app as app_module
from mobile import headless as h
from mobile import pad
from mobile.app import ZebraApp
from mobile.screens import LogRow
from tests.mobile.coach import PadPath

TOUCH = 48.0  # dp
SLACK = 1.0  # px: layouts round to whole pixels
_TAG = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")

Rect = tuple[float, float, float, float]  # x, y, right, top in window pixels


def rect(widget: Widget) -> Rect:
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def _meet(a: Rect, b: Rect) -> Rect:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def shown_widgets(root: Widget, clip: Rect | None = None) -> Iterator[tuple[Widget, Rect]]:
    """Every widget a person can see under ``root``, with the part of the window it shows in:
    hidden (opacity 0), disabled drawers, zero-sized and scrolled-out widgets are left out."""
    window = EventLoop.window
    if clip is None:
        clip = (0.0, 0.0, float(window.width), float(window.height))
    if root.opacity <= 0.01 or root.width <= 0.5 or root.height <= 0.5:
        return
    box = rect(root)
    seen = _meet(box, clip)
    if seen[2] - seen[0] <= 0.5 or seen[3] - seen[1] <= 0.5:
        return
    yield root, seen
    inner = seen if isinstance(root, StencilView) else clip
    for child in list(root.children):
        yield from shown_widgets(child, inner)


def screen_roots(app: ZebraApp) -> list[Widget]:
    """What is on the window: the screen and any open popup (the topmost last)."""
    roots = [app.manager.current_screen]
    roots += [w for w in EventLoop.window.children if isinstance(w, ModalView)]
    return roots


def plain(text: str) -> str:
    return _TAG.sub("", text)


def text_problems(label: Label) -> list[str]:
    """Why a label's text does not show whole in its box: a word wider than the box (Kivy
    would break it), or more lines than the box holds (Kivy would drop them)."""
    text = label.text
    if not text.strip():
        return []
    pl, pt, pr, pb = (
        (list(label.padding) * 4)[:4]
        if len(label.padding) != 2
        else (label.padding[0], label.padding[1], label.padding[0], label.padding[1])
    )
    inner_w = label.width - pl - pr
    inner_h = label.height - pt - pb
    tw, th = label.text_size
    width = min(inner_w, (tw - pl - pr) if tw is not None else inner_w)
    problems = []
    sizes = [float(label.font_size)]
    sizes += [float(s) for s in re.findall(r"\[size=(\d+(?:\.\d+)?)\]", text)]
    for word in plain(text).split():
        wide = max(
            CoreLabel(font_size=s, bold=label.bold, font_name=label.font_name).get_extents(word)[0]
            for s in sizes
        )
        if wide > width + SLACK:
            problems.append(f"the word {word!r} is {wide:.0f} px wide in a {width:.0f} px box")
    cls = MarkupLabel if label.markup else CoreLabel
    measure = cls(
        text=text,
        font_size=label.font_size,
        bold=label.bold,
        font_name=label.font_name,
        halign=label.halign if label.halign != "justify" else "left",
        text_size=(max(width, 1), None),
    )
    _w, high = measure.render()
    if high > inner_h + SLACK:
        problems.append(
            f"{high:.0f} px of text in a {inner_h:.0f} px box (font {label.font_size:.1f}, "
            f"{label.width:.0f}x{label.height:.0f} px)"
        )
    return problems


def geometry_problems(app: ZebraApp) -> list[str]:
    """Every way the screen fails a finger or an eye: an enabled button under 48 dp or off the
    window, a text cut or spilling out of its widget."""
    window = (0.0, 0.0, float(EventLoop.window.width), float(EventLoop.window.height))
    smallest = dp(TOUCH) - SLACK
    problems: list[str] = []
    for root in screen_roots(app):
        shown = dict(shown_widgets(root))
        for widget, seen in shown.items():
            name = f"{type(widget).__name__} {plain(getattr(widget, 'text', ''))[:40]!r}"
            problems += _hidden_children(widget, shown)
            problems += _shortened(widget, name)
            if isinstance(widget, Button | TextInput) and not widget.disabled:
                x, y, right, top = rect(widget)
                clipped = (right - x) - (seen[2] - seen[0]) > SLACK or (top - y) - (
                    seen[3] - seen[1]
                ) > SLACK
                if widget.width < smallest or widget.height < smallest:
                    problems.append(
                        f"{name} is {widget.width / dp(1):.0f}x{widget.height / dp(1):.0f} dp"
                    )
                # A list's row half out of its view (and so perhaps of the window) is scrolled
                # to; the list itself is held to the window below.
                if not _scrolled(widget):
                    problems += _outside(name, (x, y, right, top), window)
                if clipped and not _scrolled(widget):
                    problems.append(f"{name} is cut off by its container")
            if isinstance(widget, ScrollView):
                problems += _outside(f"the list {type(widget).__name__}", rect(widget), window)
            if isinstance(widget, Label):
                problems += [f"{name}: {p}" for p in text_problems(widget)]
                if not widget.markup and _TAG.search(widget.text):
                    problems.append(f"{name} shows its markup as text")
    return problems


def _outside(name: str, box: Rect, window: Rect) -> list[str]:
    x, y, right, top = box
    problems = []
    if x < window[0] - SLACK or y < window[1] - SLACK:
        problems.append(f"{name} starts outside the window at {x:.0f},{y:.0f}")
    if right > window[2] + SLACK or top > window[3] + SLACK:
        problems.append(f"{name} ends outside the window at {right:.0f},{top:.0f}")
    return problems


def _says(widget: Widget) -> str:
    """What a widget is there to say: a fitted text's source, else its text."""
    return plain(str(getattr(widget, "source", "") or getattr(widget, "text", ""))).strip()


def _hidden_children(parent: Widget, shown: dict[Widget, Rect]) -> list[str]:
    """Children of a shown widget that have something to say (or take a finger) and are not
    seen: squeezed to nothing by their layout, or pushed out of the window. A list's rows
    scrolled out of its view are not hidden: the list scrolls to them."""
    problems = []
    for child in list(parent.children):
        if child in shown or child.opacity <= 0.01 or _scrolled(child):
            continue
        if not (_says(child) or isinstance(child, Button | TextInput)):
            continue
        if isinstance(child, Button | TextInput) and child.disabled:
            continue
        problems.append(
            f"{type(child).__name__} {_says(child)[:40]!r} is not seen: "
            f"{child.width / dp(1):.0f}x{child.height / dp(1):.0f} dp at {rect(child)[:2]}"
        )
    return problems


def _shortened(widget: Widget, name: str) -> list[str]:
    """A fitted text cut down to a bare ellipsis, or to nothing: its box is far too small."""
    source = plain(str(getattr(widget, "source", "") or "")).strip()
    if not source or not hasattr(widget, "max_font"):
        return []
    text = plain(widget.text).strip()
    if text in ("", "…") and text != source:
        return [f"{name} shows {text!r} for {source[:40]!r}"]
    return []


# No screen nests widgets this deep; a walk up that goes further is a cycle.
MAX_DEPTH = 200


def _scrolled(widget: Widget) -> bool:
    """A row of a scrolling list may be half in view: the list scrolls to show it."""
    # Kivy's window is its own parent: the walk stops there, and after MAX_DEPTH steps at
    # most, so a clipped button outside any list is reported instead of hanging the test.
    parent = widget.parent
    for _ in range(MAX_DEPTH):
        if parent is None or parent is EventLoop.window or not isinstance(parent, Widget):
            return False
        if isinstance(parent, ScrollView):  # a RecycleView (the log, a picker's list) too
            return True
        parent = parent.parent
    raise AssertionError(f"{type(widget).__name__} is over {MAX_DEPTH} widgets deep")


def pixel(path: Path, x: float, y: float) -> tuple[float, float, float]:
    """The colour of a screenshot at window position (x, y), origin bottom-left."""
    # Kivy caches images by file name; a screenshot written again at the same path is new.
    image = CoreImage(str(path), keep_data=True, nocache=True)
    height = image.height
    r, g, b, *_ = image.read_pixel(int(x), int(height - 1 - y))
    return r, g, b


def close_to(got: tuple[float, ...], want: tuple[float, ...], tolerance: float = 0.06) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(got[:3], want[:3], strict=True))


# A coach's fingers on the pad ------------------------------------------------------------------


def at_machine_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tablet as the tests drive it: real widgets, layout and touches, at a machine's pace."""
    # A held finger is simulated by sleeping; a shorter hold keeps the suite quick.
    monkeypatch.setattr(LogRow, "hold_seconds", 0.15)
    # The widget tree, its layout and its touches are real; the window is drawn only where a
    # test looks at pixels (software GL makes every drawn frame slow).
    monkeypatch.setattr(h, "DRAW_FRAMES", False)
    # These coaches tap at a machine's pace: a new tap where the last entry's was, at once, is
    # theirs, not a finger bouncing (test_hands.py checks the bounce itself).
    monkeypatch.setattr(app_module, "BOUNCE_SECONDS", 0.0)


def _one(app: ZebraApp, cls: str, **attrs: Any) -> Widget:
    for _ in range(10):
        found = [
            w
            for root in screen_roots(app)
            for w, _seen in shown_widgets(root)
            if type(w).__name__ == cls and all(getattr(w, k, None) == v for k, v in attrs.items())
        ]
        if len(found) == 1:
            return found[0]
        h.frames(1)
    box = app.manager.current_screen.ids.get("pad_box")
    size = (box.width / dp(1), box.height / dp(1)) if box is not None else None
    raise AssertionError(
        f"expected one {cls} {attrs} on screen, found {len(found)}; pad {app.pad.mode} in "
        f"{size} dp: {[f.keyword for f in app.pad.prompt.forms]}; shows "
        f"{[type(w).__name__ for w in box.walk(restrict=True)][:8] if box is not None else None}"
    )


def tap_row(app: ZebraApp, cls: str, **attrs: Any) -> None:
    """A tap on a row of a scrolling list. The list may still be settling (its row widgets are
    reused for other rows as it scrolls), so the row is found and touched in one go; the list
    then waits to see whether the finger scrolls and hands the lift to the row a moment (0.2 s)
    later: the frames run until it has."""
    h.frames(2)
    row = _one(app, cls, **attrs)
    x, y = row.to_window(row.center_x, row.center_y)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    started = time.monotonic()
    while time.monotonic() - started < 0.35:
        time.sleep(0.02)
        h.frames(1)


def tap_value(app: ZebraApp, value: str) -> None:
    """Enter one value on the pad as a coach would: its button, the list, the dice, the keys."""
    mode = app.pad.mode
    if mode == "choices":
        picker = [w for w in h.find(app.root, "ListPicker")]
        if picker:
            label = next(c.label for c in app.pad.choices() if c.value == value)
            picker[0].search.text = label  # typed in the search field
            h.frames(2)
            h.tap(_one(app, "ChoiceRow", value=value))
        else:
            h.tap(_one(app, "ChoiceButton", value=value))
    elif mode == "combo":
        for part, count in Counter(value.split(pad.PART_SEPARATOR)).items():
            for _ in range(count):
                h.tap(_one(app, "PartButton", part=part))
        h.tap(_one(app, "KeyButton", key="DONE"))
    elif mode == "numpad":
        for key in value:
            h.tap(_one(app, "KeyButton", key=key))
        h.tap(_one(app, "KeyButton", key="OK"))
    elif mode == "text":
        entry = next(w for w in h.find(app.root, "TextInput") if w.parent.parent is not None)
        entry.text = value  # typed on the keyboard
        h.frames(1)
        h.tap(_one(app, "KeyButton", key="OK"))
    else:
        raise AssertionError(f"the pad is in {mode} mode, not taking {value!r}")


def enter(app: ZebraApp, path: PadPath, look: Any = None) -> None:
    """Enter ``path`` through touches; ``look()`` is called at every stage of the pad."""

    def looked() -> None:
        if look is not None:
            look()

    looked()
    the_pad = app.pad
    form = the_pad.prompt.forms[path.form]
    if the_pad.form_index != path.form:
        if the_pad.form_index is not None and the_pad.can_back:
            h.tap(app.manager.current_screen.ids.pad_back)
        interrupts = {i for i, _ in app.pad.interrupt_forms()}
        pickers = [p for p in h.find(app.root, "ListPicker") if p.rows]
        if path.form in interrupts:
            h.tap(_one(app, "FormButton", index=path.form, role="interrupt"))
        elif pickers:
            # A list of forms: the coach types what the wanted one says, then taps it.
            row = next(r for r in pickers[0].rows if r["index"] == path.form)
            pickers[0].search.text = " ".join(plain(row["source"]).split("\n")[-1].split()[:8])
            tap_row(app, "FormRow", index=path.form)
        else:
            h.tap(_one(app, "FormButton", index=path.form, role="form"))
        looked()
    for value in path.values:
        tap_value(app, value)
        looked()
    if form.extras:
        assert app.pad.mode == "extras", app.pad.mode
        for index, values in path.extras:
            h.tap(_one(app, "ExtraButton", index=index))
            for value in values:
                tap_value(app, value)
            looked()
        h.tap(_one(app, "KeyButton", key="ENTER"))


def long_press(app: ZebraApp, seq: int) -> None:
    """A finger held on a log row: the drawer scrolls, so the row sees the finger only once
    the scroll view has watched it stay still for a few frames; then it stays down a while."""
    if not app.drawer_open:
        h.tap(app.manager.current_screen.ids.log_button)
    # A picker just closed fades out for a moment and takes the touches meanwhile.
    for _ in range(40):
        if not h.find(app.root_window, "ReasonPopup"):
            break
        time.sleep(0.02)
        h.frames(1)
    row = log_row_in_view(app, seq)
    x, y = row.to_window(*row.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    for _ in range(40):
        if row.press_event is not None:
            break
        time.sleep(0.02)
        h.frames(1)
    assert row.press_event is not None
    time.sleep(LogRow.hold_seconds + 0.05)
    h.frames(2)
    touch.touch_up()
    h.frames()


def _inside(inner: Rect, outer: Rect) -> bool:
    return all(
        (
            inner[0] >= outer[0] - SLACK,
            inner[1] >= outer[1] - SLACK,
            inner[2] <= outer[2] + SLACK,
            inner[3] <= outer[3] + SLACK,
        )
    )


def at_rest(view: ScrollView) -> None:
    """Frames until a list has stopped moving: a list whose rows just changed springs back
    into its bounds a while, and meanwhile it (not a finger) decides where it is scrolled."""
    started = time.monotonic()
    effect = view.effect_y
    while effect is not None and abs(effect.velocity) > 0.01:
        if time.monotonic() - started > 3:
            raise AssertionError(f"the list is still moving after 3 s ({effect.velocity:.1f})")
        time.sleep(0.01)
        h.frames(1)


def scroll_whole(view: ScrollView, find: Callable[[], Widget | None], what: str) -> Widget:
    """The widget ``find()`` gives, scrolled whole into the list's view as a finger would, a
    step at a time (a list's rows may be other widgets once it has scrolled: ``find`` looks
    again each time; while it finds none, the list goes on down). Fails, never hangs, if it
    cannot be shown whole."""
    for _ in range(60):
        at_rest(view)
        found = find()
        if found is not None and _inside(rect(found), rect(view)):
            return found
        room = view.children[0].height - view.height if view.children else 0.0
        if room <= 0:
            break
        if found is not None:
            # Scrolled by as many pixels as the widget is out of the view.
            box, seen = rect(found), rect(view)
            off = box[3] - seen[3] if box[3] > seen[3] else box[1] - seen[1]
            step = off / room
        elif view.scroll_y <= 0:
            break
        else:
            step = -0.1
        view.scroll_y = min(max(view.scroll_y + step, 0.0), 1.0)
        # Where a finger leaves a list: its scroll effect (which springs a list back into its
        # bounds) starts from there, at rest, as Kivy sets it when a list is resized.
        view._update_effect_y_bounds()
        h.frames(2)
    found = find()
    raise AssertionError(
        f"{what} cannot be shown whole in its {view.width / dp(1):.0f}x"
        f"{view.height / dp(1):.0f} dp list ({rect(found) if found is not None else 'not there'}"
        f", the list at {rect(view)} scrolled to {view.scroll_y:.2f})"
    )


def log_row_in_view(app: ZebraApp, seq: int) -> Widget:
    """The log row of entry ``seq``, whole in the drawer's view: the log is scrolled down to it
    (latest first). Fails if it cannot be shown whole: a drawer too short for a row."""
    view = app.manager.current_screen.ids.log
    h.frames(2)

    def row() -> Widget | None:
        return next((r for r in h.find(view, "LogRow") if r.seq == seq), None)

    return scroll_whole(view, row, f"the log row of entry {seq}")
