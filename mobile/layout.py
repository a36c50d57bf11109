"""How the table screen divides the window, in dp, from the window's size alone; no Kivy here.

Sizes are proportional to the window with minimums in dp, so the same screen works from a phone
in portrait to a 1920x1200 tablet. The entry pad is served first: it is given its share of the
height before the other bands divide the rest, and each band has a floor below which it is not
squeezed. Every touch target is at least ``MIN_TOUCH`` dp on both sides.

A window whose smaller side is under ``PHONE_WIDTH`` dp is a phone (Android's own line between
phone and tablet layouts, ``sw600dp``); a phone in landscape, and any window much wider than
tall, puts the pad in a column of its own beside the scoreboard and field.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_TOUCH = 48.0  # dp: Android's and Apple's smallest comfortable touch target
PHONE_WIDTH = 600.0  # dp
SPACING = 6.0  # dp between bands and between buttons
# A row of text needs about this many dp of width per character at a font size of 1 dp.
CHAR_WIDTH = 0.56
# Of a window with the pad beside the rest, the share of the scoreboard's column.
INFO_SHARE = 0.48
# The game's clock (Time Decks, the Action Deck, the card clock) is read from across the table:
# never under Material's body text size (dp, before fontscale), however small the scoreboard.
CLOCK_FONT = 14.0
# The clock's text beside the score: this share of the score's size, down to CLOCK_FONT.
CLOCK_SHARE = 0.4


@dataclass(frozen=True)
class TableLayout:
    """The table screen's bands, in dp. ``columns`` is 2 when the pad sits beside the rest."""

    width: float
    height: float
    phone: bool
    columns: int
    info_width: float  # the scoreboard/field/banner/prompt column
    scoreboard: float
    field: float
    banner: float
    prompt: float
    pad_head: float
    pad: float
    bar: float
    bar_rows: int
    score_font: float  # the score, down & distance and ball-on: one size (dp, before fontscale)
    side_share: float  # of the scoreboard's second row, each side's share (the rest: down, spot)

    @property
    def clock_font(self) -> float:
        """The clock panel's font (dp, before fontscale): a share of the score, never under
        ``CLOCK_FONT``, so the game's own clock reads at a glance on a phone too (issue #27)."""
        return max(self.score_font * CLOCK_SHARE, CLOCK_FONT)

    @property
    def entry_width(self) -> float:
        """The width of the pad's column."""
        return self.width if self.columns == 1 else self.width - self.info_width


def _share(total: float, weights: dict[str, float], floors: dict[str, float]) -> dict[str, float]:
    """``total`` divided by weight, each part at least its floor (the others give way)."""
    fixed: dict[str, float] = {}
    while True:
        free = total - sum(fixed.values())
        left = {k: w for k, w in weights.items() if k not in fixed}
        weight = sum(left.values()) or 1.0
        parts = {k: free * w / weight for k, w in left.items()}
        short = {k for k, v in parts.items() if v < floors[k]}
        if not short:
            return {**fixed, **parts}
        for k in short:
            fixed[k] = floors[k]


def table_layout(width: float, height: float, tablet: bool = False) -> TableLayout:
    """The table screen's bands for a window of ``width`` x ``height`` dp; with ``tablet``, a
    tablet's part of its window (beside its open log), however narrow."""
    narrow = min(width, height) < PHONE_WIDTH
    phone = narrow and not tablet
    columns = 2 if width > 1.6 * height and height < PHONE_WIDTH else 1
    portrait = height > width
    # The interrupts (time-outs, challenges) get a row of their own where one row would squeeze
    # UNDO, TYPE, LOG and GAMES under a finger's width: the bar is as wide as the pad's column,
    # which beside the scoreboard (a phone in landscape) is half the window.
    pad_column = width - round(width * INFO_SHARE) if columns == 2 else width
    bar_rows = 2 if portrait or pad_column < 900 else 1
    bar = bar_rows * (MIN_TOUCH + 10) + (bar_rows - 1) * SPACING
    pad_head = MIN_TOUCH + 6
    if columns == 2:
        info_width: float = round(width * INFO_SHARE)
        bands = _share(
            height - 3 * SPACING,
            {"scoreboard": 0.3, "field": 0.26, "banner": 0.2, "prompt": 0.24},
            {"scoreboard": 72.0, "field": 52.0, "banner": 44.0, "prompt": 48.0},
        )
        pad = height - pad_head - bar - 2 * SPACING
    else:
        info_width = width
        # The pad is served first: its share, then the bands divide what is left.
        pad_share = 0.46 if portrait else 0.38
        pad = max(height * pad_share, 2 * MIN_TOUCH + 3 * SPACING)
        rest = height - pad - pad_head - bar - 6 * SPACING
        floors = {"scoreboard": 72.0, "field": 52.0, "banner": 44.0, "prompt": 48.0}
        bands = _share(
            rest,
            {"scoreboard": 0.36, "field": 0.26, "banner": 0.16, "prompt": 0.22},
            floors,
        )
        over = sum(bands.values()) - rest
        if over > 0:  # even the floors do not fit: the pad gives back what it must
            pad -= over
    # The score, down & distance and the ball's spot share one size: the largest that fits
    # "1st & Goal" or "Packers 35" (ten characters) in its cell and half the scoreboard.
    side_share = 0.15 if narrow else 0.25
    big_cell = info_width * (1 - 2 * side_share) / 2 - 8
    score_font = min(bands["scoreboard"] * 0.4, 72.0, big_cell / (10 * CHAR_WIDTH))
    return TableLayout(
        width=width,
        height=height,
        phone=phone,
        columns=columns,
        info_width=info_width,
        scoreboard=bands["scoreboard"],
        field=bands["field"],
        banner=bands["banner"],
        prompt=bands["prompt"],
        pad_head=pad_head,
        pad=pad,
        bar=bar,
        bar_rows=bar_rows,
        score_font=score_font,
        side_share=side_share,
    )


@dataclass(frozen=True)
class Grid:
    """Buttons laid out in ``cols`` x ``rows``, each ``button_w`` x ``button_h`` dp."""

    cols: int
    rows: int
    button_w: float
    button_h: float


def text_width(text: str, font: float) -> float:
    """About how wide ``text``'s longest line is at ``font`` dp: for choosing a layout only;
    what is drawn is then fitted exactly."""
    longest = max((len(line) for line in text.split("\n")), default=0)
    return longest * font * CHAR_WIDTH


def grid_for(
    labels: list[str],
    width: float,
    height: float,
    *,
    min_font: float = 14.0,
    most_cols: int = 10,
    min_height: float = MIN_TOUCH,
) -> Grid | None:
    """The grid that shows every label as a button a finger can hit, with the label readable
    (at least ``min_font``), in ``width`` x ``height`` dp; None when no grid does (then the pad
    is a searchable list). Of the grids that fit, the one with the largest buttons."""
    count = len(labels)
    if count == 0:
        return Grid(1, 1, width, height)
    widest = max(text_width(label, min_font) for label in labels) + 16
    lines = max(label.count("\n") + 1 for label in labels)
    best: Grid | None = None
    for cols in range(1, min(count, most_cols) + 1):
        rows = -(-count // cols)
        bw = (width - (cols + 1) * SPACING) / cols
        bh = (height - (rows + 1) * SPACING) / rows
        if bw < max(MIN_TOUCH, widest) or bh < max(min_height, lines * min_font * 1.3 + 8):
            continue
        # Prefer buttons that are not slivers: the smaller side as large as it can be.
        if best is None or min(bw, bh * 2) > min(best.button_w, best.button_h * 2):
            best = Grid(cols, rows, bw, bh)
    return best
