"""The New Game screen's option rows: an option's name and help beside its choices where the
screen is wide enough for both, else the help above and the choices under it, a few a row (a
phone: issue #27). Sizes in dp; every choice is a finger's height."""

from __future__ import annotations

from collections.abc import Sequence

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.catalogue import GameOption

CHOICE = 120.0  # a choice's width beside the help
HELP = 360.0  # the least room for the help beside the choices (else it goes above them)
ROW = 64.0  # a row beside, and the help above the choices
LINE = 56.0  # a row of choices under the help
GAP = 6.0


def arrangement(offered: Sequence[GameOption], room: float) -> tuple[bool, int]:
    """For options in a row ``room`` dp wide: whether the help goes beside the choices, and how
    many choices a row holds under it."""
    most = max((len(o.choices) for o in offered), default=0)
    beside = room - most * (CHOICE + GAP) >= HELP
    return beside, max(1, min(most, int((room + GAP) // (CHOICE + GAP))))


def option_row(label: Widget, toggles: list[Widget], beside: bool, per_row: int) -> BoxLayout:
    """One option's row: its label and its choices' toggles, as ``arrangement`` says."""
    count = len(toggles)
    choices = GridLayout(cols=count if beside else per_row, spacing=dp(GAP))
    for toggle in toggles:
        choices.add_widget(toggle)
    if beside:
        row = BoxLayout(size_hint_y=None, height=dp(ROW), spacing=dp(GAP))
        choices.size_hint_x = None
        choices.width = dp(count * (CHOICE + GAP) - GAP)
    else:
        lines = -(-count // per_row)
        high = lines * LINE + (lines - 1) * GAP
        row = BoxLayout(orientation="vertical", spacing=dp(4), size_hint_y=None)
        row.height = dp(ROW + 4 + high)
        label.size_hint_y, label.height = None, dp(ROW)
        choices.size_hint_y, choices.height = None, dp(high)
    row.add_widget(label)
    row.add_widget(choices)
    return row
