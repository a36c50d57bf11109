"""Text that fits its widget: the largest font that shows every word whole, else a shorter
wording (a team's abbreviation), else the text shortened at a word with an ellipsis.

Kivy breaks a word longer than its line in the middle and silently drops lines below a label's
box; neither may happen on the table screen. Measuring uses Kivy's own text layout without
drawing (``render()``), and the answers are kept, so a label redrawn with the same text and box
costs nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

ELLIPSIS = "…"
SMALL = "{small}"  # in a text: the size of its second line, a fraction of the font chosen
SMALL_RATIO = 0.68
_TAG = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def shown(text: str, font: float) -> str:
    """``text`` with its ``{small}`` size filled in for ``font``."""
    return text.replace(SMALL, str(max(int(font * SMALL_RATIO), 1)))


def plain(text: str) -> str:
    return _TAG.sub("", text)


@lru_cache(maxsize=8192)
def _word_width(word: str, font: float, bold: bool) -> float:
    return float(CoreLabel(font_size=font, bold=bold).get_extents(word)[0])


@lru_cache(maxsize=8192)
def _height(text: str, font: float, width: float, bold: bool, markup: bool, halign: str) -> float:
    cls = MarkupLabel if markup else CoreLabel
    label = cls(text=text, font_size=font, bold=bold, text_size=(width, None), halign=halign)
    return float(label.render()[1])


def fits(
    text: str, font: float, width: float, height: float, bold: bool, markup: bool, halign: str
) -> bool:
    """Whether ``text`` at ``font`` shows whole in ``width`` x ``height`` px: no word broken,
    no line dropped."""
    if width <= 0 or height <= 0:
        return not text
    text = shown(text, font)
    small = font * SMALL_RATIO if SMALL in text else font
    for line in plain(text).split("\n"):
        for word in line.split():
            # A second line in {small} is measured at the smaller size (never too generous).
            if _word_width(word, min(font, max(small, font)), bold) > width:
                return False
    return _height(text, font, width, bold, markup, halign) <= height


@lru_cache(maxsize=4096)
def fitted(
    candidates: tuple[str, ...],
    width: float,
    height: float,
    max_font: float,
    min_font: float,
    bold: bool,
    markup: bool,
    halign: str,
    keep_size: bool,
) -> tuple[str, float]:
    """The text to show and its font size.

    With ``keep_size`` a shorter candidate at the largest font is preferred to a smaller font
    (a team's name on the scoreboard); otherwise the first candidate at the largest font that
    fits (a ruling is better whole and a little smaller). Failing both, the last candidate cut
    at a word with an ellipsis, at ``min_font``.
    """
    candidates = tuple(c for c in candidates if c) or ("",)
    if not candidates[0]:
        return "", max_font
    min_font = min(min_font, max_font)

    def largest(text: str) -> float | None:
        if fits(text, max_font, width, height, bold, markup, halign):
            return max_font
        if not fits(text, min_font, width, height, bold, markup, halign):
            return None
        low, high = min_font, max_font
        while high - low > 0.5:
            mid = (low + high) / 2
            if fits(text, mid, width, height, bold, markup, halign):
                low = mid
            else:
                high = mid
        return low

    if keep_size:
        # The wording shown largest; of equals, the fuller one.
        best: tuple[str, float] | None = None
        for text in candidates:
            font = largest(text)
            if font is not None and (best is None or font > best[1] + 0.5):
                best = (text, font)
            if font == max_font:
                break
        if best is not None:
            return best
    for text in candidates:
        font = largest(text)
        if font is not None:
            return text, font
    return _shortened(candidates[-1], width, height, min_font, bold, markup, halign), min_font


def _shortened(
    text: str, width: float, height: float, font: float, bold: bool, markup: bool, halign: str
) -> str:
    """``text`` cut after its last whole word that still fits, with an ellipsis."""
    lines = plain(text).split("\n") if markup else text.split("\n")
    words = " ".join(lines).split()
    low, high = 0, len(words)
    best = ""
    while low <= high:
        mid = (low + high) // 2
        attempt = " ".join(words[:mid]) + ELLIPSIS
        if fits(attempt, font, width, height, bold, False, halign):
            best, low = attempt, mid + 1
        else:
            high = mid - 1
    return best


class Fits:
    """Mixin for a Label or Button: shows ``source`` (or one of its ``alternatives``) fitted to
    the widget, between ``min_font`` and ``max_font`` pixels, every word whole."""

    source = StringProperty("")
    alternatives = ListProperty([])
    max_font = NumericProperty(dp(20))
    min_font = NumericProperty(dp(11))
    keep_size = BooleanProperty(False)
    fbind: Callable[..., Any]  # the widget's, which the mixin is given to

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from kivy.clock import Clock

        self._fit_trigger = Clock.create_trigger(self.fit, -1)
        for name in ("size", "source", "alternatives", "max_font", "min_font", "padding"):
            self.fbind(name, self._fit_trigger)
        self._fit_trigger()

    def fit(self, *_: Any) -> None:
        """Choose the wording and the font for the box the widget has now."""
        widget: Any = self
        pad_x, pad_y = _padding(widget.padding)
        width, height = widget.width - pad_x, widget.height - pad_y
        candidates = (self.source, *self.alternatives)
        asked = (
            candidates,
            tuple(widget.size),
            tuple(widget.padding),
            self.max_font,
            self.min_font,
            widget.bold,
            widget.halign,
            self.keep_size,
        )
        if asked == getattr(self, "_fitted_for", None):
            return  # the same text in the same box: nothing to lay out again
        self._fitted_for = asked
        text, font = fitted(
            tuple(str(c) for c in candidates),
            # Down, never up: Kivy wraps a line that is a fraction of a pixel too long.
            math.floor(width),
            math.floor(height),
            round(self.max_font, 1),
            round(self.min_font, 1),
            bool(widget.bold),
            bool(widget.markup),
            str(widget.halign),
            bool(self.keep_size),
        )
        # Checked once more as the widget itself will lay it out (its font, padding, every
        # option), and a point smaller until it holds: the measure above is shared and cached.
        while font > self.min_font and not _holds(widget, shown(text, font), font, height):
            font -= 1
        widget.font_size = font
        # Kivy lays the text out inside text_size less the padding: the box measured above.
        widget.text_size = (max(widget.width, 0), max(widget.height, 0))
        widget.text = shown(text, font)


def _holds(widget: Any, text: str, font: float, height: float) -> bool:
    """Whether ``text`` at ``font`` is at most ``height`` tall as ``widget`` lays it out."""
    core = getattr(widget, "_label", None)
    if core is None or not text:
        return True
    options = dict(core.options)
    options.update(text_size=(max(widget.width, 1), None))
    for varying in ("shorten", "font_size", "text"):
        options.pop(varying, None)
    key = (text, font, repr(sorted(options.items())))
    measured = _HELD.get(key)
    if measured is None:
        options.update(text=text, font_size=font)
        measured = _HELD[key] = float(type(core)(**options).render()[1])
        if len(_HELD) > 4096:
            _HELD.clear()
    pad_y = _padding(widget.padding)[1]
    return bool(measured - pad_y <= height + 0.5)


_HELD: dict[tuple[str, float, str], float] = {}


def _padding(padding: Sequence[float]) -> tuple[float, float]:
    """The horizontal and the vertical padding of a label, in all (left + right, top + bottom)."""
    values = list(padding)
    if len(values) == 4:
        return values[0] + values[2], values[1] + values[3]
    if len(values) == 2:
        return 2 * values[0], 2 * values[1]
    return (2 * values[0], 2 * values[0]) if values else (0.0, 0.0)
