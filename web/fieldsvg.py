"""The field strip as SVG: the same picture the tablet draws (mobile.screens.FieldStrip).

It draws the view model the tablet draws (``companion.board.FieldView``, which knows no rule
and imports no Kivy): 100 yards between two 10-yard end zones, home defending the left one, the
ball, the line to gain and the direction of play; the scoring slots or the key moments for the
games that have no ball on a field. One yard is 10 units wide.
"""

from __future__ import annotations

from html import escape

from companion.board import FieldView

YARD = 10
WIDTH = 120 * YARD
HEIGHT = 200
GOAL = 10 * YARD  # the home goal line's x
GRASS, HOME_ZONE, AWAY_ZONE = "#1a7331", "#1f338c", "#8c1f1f"
GAIN, BALL_LINE, BALL, ARROW = "#ffd900", "#4db3ff", "#8c4d1f", "#ffffff"
FONT = 'font-family="Helvetica,Arial,sans-serif"'


def field_svg(view: FieldView, home: str, away: str) -> str:
    """The field, the scoring slots or the key moments, whichever the game's status has."""
    if view.slots is not None:
        body, height = _slots(view.slots, home, away), HEIGHT
    elif view.moments is not None:
        body, height = _moments(*view.moments), HEIGHT
    else:
        body, height = _field(view, home, away)
    ball = "" if view.ball is None else f"{view.ball:g}"
    gain = "" if view.gain is None else f"{view.gain:g}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'class="field-svg" aria-label="{escape(view.caption)}" data-ball="{ball}" '
        f'data-gain="{gain}" data-attacking="{view.attacking}">'
        f"<title>{escape(view.caption)}</title>{body}</svg>"
    )


def _text(x: float, y: float, text: str, size: int, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" {FONT} fill="#fff" '
        f'text-anchor="middle" dominant-baseline="middle"{extra}>{escape(text)}</text>'
    )


def _end_zone_name(name: str, cx: float, angle: int) -> str:
    # A long name is squeezed to the end zone's height instead of running off the field.
    fit = ' textLength="180" lengthAdjust="spacingAndGlyphs"' if len(name) > 11 else ""
    return (
        f'<text transform="translate({cx:g},{HEIGHT / 2:g}) rotate({angle})" font-size="28" '
        f'{FONT} font-weight="bold" fill="#fff" text-anchor="middle" '
        f'dominant-baseline="middle"{fit}>{escape(name.upper())}</text>'
    )


def _field(view: FieldView, home: str, away: str) -> tuple[str, int]:
    parts = [
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="{GRASS}"/>',
        f'<rect x="0" y="0" width="{GOAL}" height="{HEIGHT}" fill="{HOME_ZONE}"/>',
        f'<rect x="{GOAL + 100 * YARD}" y="0" width="{GOAL}" height="{HEIGHT}" '
        f'fill="{AWAY_ZONE}"/>',
    ]
    for yards in range(0, 101, 10):
        x: float = GOAL + yards * YARD
        # The yard lines stop short of the top so the yard numbers sit clear of them.
        top = 0 if yards in (0, 100) else 36
        width = 5 if yards % 50 == 0 else 3
        parts.append(
            f'<line x1="{x}" y1="{top}" x2="{x}" y2="{HEIGHT}" stroke="#fff" '
            f'stroke-opacity="0.9" stroke-width="{width}"/>'
        )
    for yards in range(10, 100, 10):
        parts.append(
            _text(GOAL + yards * YARD, 20, str(50 - abs(50 - yards)), 26, font_weight="bold")
        )
    parts.append(_end_zone_name(home, GOAL / 2, -90))
    parts.append(_end_zone_name(away, GOAL * 1.5 + 100 * YARD, 90))
    if view.gain is not None:
        x = GOAL + view.gain * YARD
        parts.append(
            f'<line class="gain" x1="{x:g}" y1="0" x2="{x:g}" y2="{HEIGHT}" stroke="{GAIN}" '
            'stroke-width="8"/>'
        )
    if view.ball is not None:
        x, y, d = GOAL + view.ball * YARD, HEIGHT / 2 + 10, view.attacking
        base, tip = x + d * 30, x + d * 64
        parts += [
            f'<line class="ball-line" x1="{x:g}" y1="0" x2="{x:g}" y2="{HEIGHT}" '
            f'stroke="{BALL_LINE}" stroke-width="6"/>',
            f'<ellipse class="ball" cx="{x:g}" cy="{y:g}" rx="22" ry="14" fill="{BALL}" '
            'stroke="#fff" stroke-width="2"/>',
            f'<polygon class="direction" points="{base:g},{y - 13:g} {base:g},{y + 13:g} '
            f'{tip:g},{y:g}" fill="{ARROW}"/>',
        ]
    height = HEIGHT
    if view.down_column is not None:
        parts.append(_down_columns(view.down_column))
        height += 44
    return "".join(parts), height


def _down_columns(down: int) -> str:
    """1st & Goal's board marks the down in four columns, under the away end zone."""
    size, gap = 34, 6
    left = WIDTH - 4 * (size + gap)
    out = []
    for n in range(1, 5):
        x = left + (n - 1) * (size + gap)
        fill = GAIN if n == down else "#40474f"
        out.append(
            f'<rect class="down{" lit" if n == down else ""}" x="{x}" y="{HEIGHT + 6}" '
            f'width="{size}" height="{size}" fill="{fill}"/>'
        )
        out.append(_text(x + size / 2, HEIGHT + 6 + size / 2, str(n), 22, font_weight="bold"))
    return "".join(out)


def _slots(slots: tuple[tuple[str, ...], tuple[str, ...]], home: str, away: str) -> str:
    """Masters of the Gridiron: the scoring slots per side, filled with the points scored."""
    name_w, row_h = 190, HEIGHT / 2
    out = [f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#1b1f27"/>']
    for row, (name, boxes) in enumerate(zip((home, away), slots, strict=True)):
        y = row * row_h
        out.append(_text(name_w / 2, y + row_h / 2, name.upper(), 24, font_weight="bold"))
        box_w = (WIDTH - name_w) / max(len(boxes), 1)
        for i, label in enumerate(boxes):
            x = name_w + i * box_w
            fill = GRASS if label else "#2e333f"
            out.append(
                f'<rect class="slot" x="{x + 4:g}" y="{y + 4:g}" width="{box_w - 8:g}" '
                f'height="{row_h - 8:g}" fill="{fill}"/>'
            )
            out.append(
                _text(x + box_w / 2, y + row_h / 2, label or f"#{i + 1}", 30 if label else 20)
            )
    return "".join(out)


def _moments(left: int, total: int) -> str:
    """Third and Long: the drive's key moments, a filled pip for each one left."""
    out = [f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#1b1f27"/>']
    gap = WIDTH / (total + 1)
    r = min(HEIGHT * 0.3, WIDTH / (3 * total))
    for i in range(total):
        cx = gap * (i + 1)
        if i < left:
            out.append(
                f'<circle class="moment left" cx="{cx:g}" cy="110" r="{r:g}" fill="{GAIN}"/>'
            )
        else:
            out.append(
                f'<circle class="moment" cx="{cx:g}" cy="110" r="{r:g}" fill="none" '
                'stroke="#80808c" stroke-width="4"/>'
            )
    out.append(_text(WIDTH / 2, 22, f"Key moments left: {left} of {total}", 24))
    return "".join(out)
