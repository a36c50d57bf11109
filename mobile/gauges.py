"""Each game's own clock on the scoreboard (issue #27): a gauge per fact of
``companion.clocks.clock_items``, each coach's under his team's name, the game's between them.

A gauge is the fact as the terminal words it ("Time Deck 12 of 40 cards left", the number in
bold) and, where the status knows the whole (a Time Deck's size, the scoring slots), a bar
drawn to the share left. Where it does not (Red Zone's Draw Deck has no size), the gauge says
what the number counts and draws no bar. Nothing here knows a rule: the facts, their wording
and their order are companion.clocks'; this module sizes and draws them.

The text is never smaller than the scoreboard's situation line (the panel's ``font``, set by
table.kv to at least the side lines' size and mobile/layout.py's CLOCK_FONT) and never cut: a
gauge too wide for its side's column puts its number on a second line, then wraps word by word,
and the panel grows rather than shorten a word or shrink the font.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text.markup import MarkupLabel
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.clocks import ClockItem, item_text
from mobile.model import escape
from mobile.screens import FitLabel

# The bands under the scoreboard that make room for the panel, in this order, each down to its
# floor (dp): the prompt and the banner to mobile/layout.py's floors, the field only to a height
# at which its strip still draws every yard number and scoring slot.
FLOORS = {"prompt": 48.0, "banner": 44.0, "field": 72.0}

# The bar's colours: the share left in the scoreboard's amber, on a dark track.
FILL = (1.0, 0.85, 0.15, 1)
TRACK = (0.26, 0.29, 0.36, 1)
LINE = 1.3  # a line of text is this many times its font high
BAR = 0.45  # the bar is this share of the font high
GAP = 6.0  # dp between gauges, and around the panel's columns


def gauge_text(item: ClockItem, two_lines: bool = False) -> str:
    """ "Time Deck [b]12[/b] of 40 cards left": the terminal's words, the number in bold."""
    words = item_text(item)
    rest = words[len(str(item.value)) :]
    joint = "\n" if two_lines else " "
    return f"{escape(item.label)}{joint}[b]{item.value}[/b]{escape(rest)}"


def gauge_lines(item: ClockItem, font: float, width: float) -> str:
    """The gauge's text in as few lines as fit ``width`` at ``font``: one, then its number under
    its name, then word by word; the font is kept and a line is added rather than shrink it."""
    for text in (gauge_text(item), gauge_text(item, two_lines=True)):
        if text_width(text, font) <= width:
            return text
    words = item_text(item)
    rest = words[len(str(item.value)) :]
    tokens = [*escape(item.label).split(), f"[b]{item.value}[/b]", *escape(rest).split()]
    lines: list[str] = []
    for token in tokens:
        joined = f"{lines[-1]} {token}" if lines else token
        if lines and text_width(joined, font) <= width:
            lines[-1] = joined
        else:
            lines.append(token)
    return "\n".join(lines)


def text_width(text: str, font: float) -> float:
    """How wide ``text`` (markup, bold taken as bold all through) is at ``font`` px."""
    widest = 0.0
    for line in text.split("\n"):
        label = MarkupLabel(text=f"[b]{line}[/b]", font_size=font)
        widest = max(widest, float(label.render()[0]))
    return widest


class GaugeBar(Widget):
    """A bar drawn to ``value`` / ``of`` of its width: ``fill`` is the drawn share."""

    value = NumericProperty(0)
    of = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.canvas:
            Color(*TRACK)
            self.track = Rectangle()
            Color(*FILL)
            self.fill = Rectangle()
        self.bind(pos=self._draw, size=self._draw, value=self._draw, of=self._draw)
        self._draw()

    @property
    def share(self) -> float:
        """The share of the whole the bar shows (0 to 1)."""
        return max(0.0, min(1.0, self.value / self.of)) if self.of > 0 else 0.0

    def _draw(self, *_: Any) -> None:
        self.track.pos, self.track.size = self.pos, self.size
        self.fill.pos = self.pos
        self.fill.size = (self.width * self.share, self.height)


class Gauge(BoxLayout):
    """One fact of the game's clock: its words, and under them its bar where it has a whole."""

    item = ObjectProperty(None)
    team = StringProperty("")  # "home", "away", or "" for the game's own

    def __init__(self, item: ClockItem, font: float, width: float, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", size_hint=(None, None), **kwargs)
        self.item, self.team = item, item.team or ""
        text = gauge_lines(item, font, width - dp(4))
        lines = text.count("\n") + 1
        self.width = min(width, text_width(text, font) + dp(4))
        high = lines * font * LINE
        halign = "right" if item.team == "away" else "left"
        self.text_label = FitLabel(
            source=text,
            markup=True,
            max_font=font,
            min_font=font * 0.6,
            halign=halign,
            valign="middle",
            size_hint_y=None,
            height=high,
        )
        self.add_widget(self.text_label)
        self.bar: GaugeBar | None = None
        if item.of is not None:
            self.bar = GaugeBar(value=item.value, of=item.of, size_hint_y=None, height=font * BAR)
            self.add_widget(self.bar)
        else:
            # No whole to draw against: the words say what the number counts, and the row keeps
            # the height of its neighbours' bars.
            self.add_widget(Widget(size_hint_y=None, height=font * BAR))
        self.height = high + font * BAR


class ClockPanel(BoxLayout):
    """The game's clock on the scoreboard: the home coach's gauges on the left, the away
    coach's on the right, the game's own in the middle (all the width when no fact is a
    coach's)."""

    items = ListProperty([])
    font = NumericProperty(dp(16))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.orientation = "horizontal"
        self.size_hint_y = None
        self.height = 0.0
        self.spacing = dp(GAP)
        self.groups: dict[str, StackLayout] = {}
        self._shown: tuple[Any, ...] = ()
        self._trigger = Clock.create_trigger(self.rebuild, -1)
        self.bind(items=self._trigger, font=self._trigger, width=self._trigger)

    def gauges(self) -> list[Gauge]:
        """Every gauge shown, home's, the game's, then away's."""
        return [g for side in ("home", "", "away") for g in self._of(side)]

    def _of(self, side: str) -> list[Gauge]:
        group = self.groups.get(side)
        return [] if group is None else [w for w in reversed(group.children)]

    def rebuild(self, *_: Any) -> None:
        """Lay the gauges out again for the items, the font and the width the panel has."""
        wanted = (tuple(self.items), round(self.font, 1), round(self.width))
        if wanted == self._shown:
            return
        self._shown = wanted
        self.clear_widgets()
        self.groups = {}
        by_side: dict[str, list[ClockItem]] = {"home": [], "": [], "away": []}
        for item in self.items:
            by_side[item.team or ""].append(item)
        gap = dp(GAP)
        widths = {
            side: [text_width(gauge_text(i), self.font) + dp(4) for i in items]
            for side, items in by_side.items()
        }
        shares = _shares(widths, self.width, gap)
        usable = max(self.width - gap * (len(shares) - 1), 0)
        for side, share in shares.items():
            width = usable * share
            group = StackLayout(
                orientation="rl-tb" if side == "away" else "lr-tb",
                spacing=(gap * 2, dp(2)),
                size_hint=(share, None),
            )
            for item in by_side[side]:
                group.add_widget(Gauge(item, self.font, width))
            group.bind(minimum_height=self._fit_height)
            self.groups[side] = group
            self.add_widget(group)
        self._fit_height()

    def _fit_height(self, *_: Any) -> None:
        high = max((g.minimum_height for g in self.groups.values()), default=0.0)
        for group in self.groups.values():
            group.height = high
        self.height = high


def rows_needed(widths: list[float], width: float, gap: float) -> int:
    """How many rows gauges of these widths take in a column ``width`` wide, filled in order
    (as a StackLayout fills them); a gauge wider than the column takes two lines, one row."""
    rows, used = 0, 0.0
    for wanted in widths:
        wide = min(wanted, width)
        if rows == 0 or used + 2 * gap + wide > width:
            rows, used = rows + 1, wide
        else:
            used += 2 * gap + wide
    return rows


def _shares(widths: dict[str, list[float]], width: float, gap: float) -> dict[str, float]:
    """Each column's share of the panel: the coaches' alike, the game's between them, at the
    split that needs the fewest rows (of equals, the most even)."""
    teams = bool(widths["home"] or widths["away"])
    shared = bool(widths[""])
    if not shared:
        return {"home": 0.5, "away": 0.5} if teams else {}
    if not teams:
        return {"": 1.0}
    usable = max(width - 2 * gap, 1.0)
    best: tuple[int, float, float] | None = None
    for step in range(4, 17):
        middle = step / 20
        side = (1 - middle) / 2
        rows = max(
            rows_needed(widths[""], usable * middle, gap),
            rows_needed(widths["home"], usable * side, gap),
            rows_needed(widths["away"], usable * side, gap),
        )
        if best is None or (rows, abs(middle - 1 / 3)) < (best[0], best[1]):
            best = (rows, abs(middle - 1 / 3), middle)
    assert best is not None
    middle = best[2]
    return {"home": (1 - middle) / 2, "": middle, "away": (1 - middle) / 2}


def room_for_panel(lay: Any, panel: float) -> dict[str, float]:
    """The prompt's, the banner's and the field's heights (dp) once the clock panel's ``panel``
    dp are taken from them, in that order, each down to its floor. What they cannot give comes
    out of the pad when the pad is under them (the info column's height grows), and nowhere
    else: a pad in a column of its own keeps its height."""
    left = max(panel, 0.0)
    bands = {}
    for band, floor in FLOORS.items():
        have = float(getattr(lay, band))
        give = min(left, max(have - floor, 0.0))
        bands[band] = have - give
        left -= give
    return bands
