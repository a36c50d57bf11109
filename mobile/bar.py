"""The bar under the pad (issue #27): UNDO, TYPE, LOG and GAMES, and above or beside them the
time-outs and challenges the game offers now.

Its labels are never drawn under ``LABEL_SP``: where the bar shares one row with the time-outs,
the four buttons are given the width their labels need at that size (not a fixed share of the
row, which on a 7" tablet left them a finger's width and a tiny font). A bar whose layout has
two rows (mobile/layout.py) shows the second only while there is something to put in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp

from mobile.layout import MIN_TOUCH, SPACING

LABEL_SP = 18.0  # the smallest a bar button's label is drawn
# The four buttons' labels as they read at their longest ("LOG" is "CLOSE LOG" while the log
# is open), each kept on one line in a row that is a finger high.
LABELS = ("UNDO", "TYPE", "CLOSE LOG", "GAMES")
ROW = MIN_TOUCH + 10  # dp: one row of the bar, its padding included
LABEL_ROOM = 28.0  # dp: a button's own padding either side of its label, and some air


def buttons_width() -> float:
    """The px the four buttons take in a row shared with the time-outs: each label whole on
    one line at ``LABEL_SP``, each button at least a finger wide."""
    total = 0.0
    for label in LABELS:
        wide = CoreLabel(font_size=sp(LABEL_SP), bold=True).get_extents(label)[0]
        total += max(wide + dp(LABEL_ROOM), dp(MIN_TOUCH))
    return total + dp(SPACING) * (len(LABELS) - 1)


def buttons_share(row: float, lay: Any, interrupts: Sequence[object]) -> float:
    """UNDO..GAMES's size hint beside the time-outs' 1: in one row shared with them, the share
    that is ``buttons_width`` of the ``row`` px (its padding and spacing out); else the row."""
    if not interrupts or rows(lay, interrupts) == 2:
        return 1.0
    wanted = buttons_width()
    return wanted / max(row - wanted - dp(3 * SPACING), 1.0)


def rows(lay: Any, interrupts: Sequence[object]) -> int:
    """How many rows the bar shows: its layout's, but one while no time-out is offered."""
    return int(lay.bar_rows) if interrupts else 1


def height(lay: Any, interrupts: Sequence[object]) -> float:
    """The bar's height in px for the rows it shows."""
    count = rows(lay, interrupts)
    return dp(count * ROW + (count - 1) * SPACING)
