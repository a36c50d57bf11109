"""Growth curves of Zebra against the bare library, as a hand-written SVG (no plotting library).

Any figure can be plotted: a panel is a title, a unit and a list of series, and a series is a
label and its points ``(size, zebra, bare)`` (bare may be None). ``python -m benchmarks`` builds
the panels from the rows that say which series and size they are (``Row.series``, ``Row.size``)
and writes them to ``docs/performance-growth.svg``. Both axes are logarithmic: a curve parallel
to its bare counterpart grows at the same rate, and a flat one does not grow with size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

Point = tuple[float, float, float | None]

COLOURS = ("#1f6fb4", "#d9480f", "#2b8a3e", "#862e9c", "#c2255c", "#5c940d", "#495057")
PANEL_W, PANEL_H = 440, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 34, 46


@dataclass
class Series:
    label: str
    points: list[Point] = field(default_factory=list)


@dataclass
class Panel:
    title: str
    unit: str
    series: list[Series] = field(default_factory=list)
    xlabel: str = "games in the store (log scale)"


def _ticks(low: float, high: float) -> list[float]:
    """Powers of ten (and 2 and 5 between them when the range is short) spanning low..high."""
    start, end = math.floor(math.log10(low)), math.ceil(math.log10(high))
    steps = (1, 2, 5) if end - start <= 3 else (1,)
    out = [m * 10.0**e for e in range(start, end + 1) for m in steps]
    found = [t for t in out if low / 1.001 <= t <= high * 1.001]
    if len(found) >= 2:
        return found
    # A narrow range (memory that hardly changes): three ticks, rounded to 2 figures.
    middle = math.sqrt(low * high)
    return [float(f"{t:.2g}") for t in (low * 1.1, middle, high / 1.1)]


def _label(value: float, unit: str) -> str:
    if unit == "s":
        if value < 1e-3:
            return f"{value * 1e6:g} µs"
        if value < 1:
            return f"{value * 1e3:g} ms"
        return f"{value:g} s"
    return f"{value:,g}" + (f" {unit}" if unit else "")


@dataclass(frozen=True)
class _Axes:
    """A panel's plotting area and its two log scales: sizes across, values up."""

    left: float
    right: float
    top: float
    bottom: float
    slow: float
    shigh: float
    vlow: float
    vhigh: float

    def px(self, size: float) -> float:
        """The x of a size."""
        width = self.right - self.left
        return self.left + width * math.log(size / self.slow) / math.log(self.shigh / self.slow)

    def py(self, value: float) -> float:
        """The y of a value."""
        height = self.bottom - self.top
        return self.bottom - height * math.log(value / self.vlow) / math.log(self.vhigh / self.vlow)


def _panel(panel: Panel, x0: float, y0: float) -> list[str]:
    """One panel's SVG elements: its title, axes, ticks, and a line per series and side."""
    values = [
        v
        for s in panel.series
        for size, zebra, bare in s.points
        for v in (zebra, bare)
        if v is not None and v > 0
    ]
    sizes = [size for s in panel.series for size, _, _ in s.points if size > 0]
    out = [
        f'<text x="{x0 + PANEL_W / 2:.0f}" y="{y0 + 20:.0f}" text-anchor="middle" '
        f'font-weight="bold">{escape(panel.title)}</text>'
    ]
    if not values or not sizes:
        out.append(f'<text x="{x0 + 80:.0f}" y="{y0 + 120:.0f}">not measured</text>')
        return out
    axes = _Axes(
        left=x0 + LEFT,
        right=x0 + PANEL_W - RIGHT,
        top=y0 + TOP,
        bottom=y0 + PANEL_H - BOTTOM,
        slow=min(sizes) / 1.3,
        shigh=max(sizes) * 1.3,
        vlow=min(values) / 1.5,
        vhigh=max(values) * 1.5,
    )
    out += _frame(panel, axes, sizes)
    for i, s in enumerate(panel.series):
        out += _series(s, i, axes)
    return out


def _frame(panel: Panel, axes: _Axes, sizes: list[float]) -> list[str]:
    """The panel's box, value ticks with their grid lines, size ticks and the size axis label."""
    left, right, top, bottom = axes.left, axes.right, axes.top, axes.bottom
    out = [
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
        f'height="{bottom - top:.1f}" fill="none" stroke="#868e96"/>'
    ]
    for t in _ticks(axes.vlow, axes.vhigh):
        y = axes.py(t)
        out.append(
            f'<line x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e9ecef"/>'
        )
        out.append(
            f'<text x="{left - 4:.1f}" y="{y + 4:.1f}" text-anchor="end" font-size="11">'
            f"{escape(_label(t, panel.unit))}</text>"
        )
    for size in sorted(set(sizes)):
        x = axes.px(size)
        out.append(
            f'<text x="{x:.1f}" y="{bottom + 16:.1f}" text-anchor="middle" font-size="11">'
            f"{size:,g}</text>"
        )
    out.append(
        f'<text x="{(left + right) / 2:.1f}" y="{bottom + 34:.1f}" text-anchor="middle" '
        f'font-size="11">{escape(panel.xlabel)}</text>'
    )
    return out


def _series(s: Series, i: int, axes: _Axes) -> list[str]:
    """One series: Zebra's line (dots) and the bare line (dashed, squares), and its legend."""
    colour = COLOURS[i % len(COLOURS)]
    points = sorted(p for p in s.points if p[0] > 0)
    out = []
    for which, dash in ((1, ""), (2, ' stroke-dasharray="5,4"')):
        line = [
            (axes.px(p[0]), axes.py(v)) for p in points if (v := p[which]) is not None and v > 0
        ]
        if not line:
            continue
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in line)
        out.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'
        )
        for x, y in line:
            mark = (
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>'
                if which == 1
                else f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" '
                f'fill="white" stroke="{colour}"/>'
            )
            out.append(mark)
    ly = axes.top + 14 + 15 * i
    left = axes.left
    out.append(
        f'<line x1="{left + 8:.1f}" x2="{left + 28:.1f}" y1="{ly - 4:.1f}" '
        f'y2="{ly - 4:.1f}" stroke="{colour}" stroke-width="2"/>'
    )
    out.append(f'<text x="{left + 32:.1f}" y="{ly:.1f}" font-size="11">{escape(s.label)}</text>')
    return out


def growth_svg(panels: Sequence[Panel], title: str = "", columns: int = 2) -> str:
    """The panels side by side, ``columns`` to a row, under one title and one legend note."""
    rows = max(1, math.ceil(len(panels) / columns))
    width = PANEL_W * min(columns, max(1, len(panels)))
    head = 44 if title else 20
    height = head + rows * PANEL_H + 24
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        out.append(
            f'<text x="{width / 2:.0f}" y="24" text-anchor="middle" font-size="15" '
            f'font-weight="bold">{escape(title)}</text>'
        )
    for n, panel in enumerate(panels):
        out += _panel(panel, PANEL_W * (n % columns), head + PANEL_H * (n // columns))
    out.append(
        f'<text x="10" y="{height - 8}" font-size="11">solid line, dots: Zebra (median); '
        "dashed line, squares: its bare counterpart, measured in the same run</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def panels_of(
    rows: Iterable[tuple[str, str, str, float | int, float, float | None]],
    titles: dict[str, str] | None = None,
    xlabels: dict[str, str] | None = None,
) -> list[Panel]:
    """Panels from measured points ``(figure, series, unit, size, zebra, bare)``: one panel per
    figure and unit, one series per label, in the order first seen."""
    panels: dict[tuple[str, str], Panel] = {}
    for figure, label, unit, size, zebra, bare in rows:
        key = (figure, unit)
        if key not in panels:
            name = (titles or {}).get(figure, f"figure {figure}")
            suffix = " — memory" if unit == "MiB" else ""
            panels[key] = Panel(f"{name}{suffix}", unit)
            if figure in (xlabels or {}):
                panels[key].xlabel = (xlabels or {})[figure]
        panel = panels[key]
        series = next((s for s in panel.series if s.label == label), None)
        if series is None:
            series = Series(label)
            panel.series.append(series)
        series.points.append((float(size), zebra, bare))
    return list(panels.values())
