"""How a game is divided in time, and what each period is called.

Each ruleset says how its game is divided (``Division``): NFL Rush Zone, Red Zone and Third and
Long play four quarters, 1st & Goal two halves, Masters of the Gridiron one block of nine
scoring plays a side; after regulation each plays overtime periods. The box score, the
situation (``zebra status --json``), the play-by-play's ``qtr`` and ``game_half`` and the report
all take their labels from here, so a 1st & Goal overtime is never shown as a third quarter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Unit = Literal["quarter", "half", "regulation"]

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _ordinal(n: int) -> str:
    return _ORDINALS.get(n, f"{n}th")


@dataclass(frozen=True)
class Period:
    """One period of a game: its number (overtime periods count on), label and plain name."""

    number: int
    label: str
    name: str
    overtime: bool
    # The nflverse quarter (1-4, then 5, 6... for overtime), None where the game has no quarters.
    quarter: int | None
    # nflverse's game_half: "Half1", "Half2" or "Overtime"; None where the game has no halves.
    game_half: str | None

    def to_dict(self) -> dict[str, Any]:
        """The period as ``zebra status --json`` shows it."""
        return {
            "number": self.number,
            "label": self.label,
            "name": self.name,
            "overtime": self.overtime,
        }


@dataclass(frozen=True)
class Division:
    """How a game is divided: ``regulation`` periods of one unit, then overtime periods."""

    unit: Unit
    regulation: int

    def period(self, number: int) -> Period:
        """Period ``number`` (1 is the first), overtime once regulation is over."""
        number = max(number, 1)
        if number > self.regulation:
            extra = number - self.regulation
            return Period(
                number=number,
                label="OT" if extra == 1 else f"OT{extra}",
                name="Overtime" if extra == 1 else f"{_ordinal(extra)} overtime",
                overtime=True,
                quarter=number if self.unit == "quarter" else None,
                game_half="Overtime",
            )
        if self.unit == "quarter":
            return Period(
                number=number,
                label=f"Q{number}",
                name=f"{_ordinal(number)} quarter",
                overtime=False,
                quarter=number,
                game_half="Half1" if number <= self.regulation // 2 else "Half2",
            )
        if self.unit == "half":
            return Period(
                number=number,
                label=f"H{number}",
                name=f"{_ordinal(number)} half",
                overtime=False,
                quarter=None,
                game_half=f"Half{number}",
            )
        return Period(
            number=number,
            label="REG",
            name="Regulation",
            overtime=False,
            quarter=None,
            game_half=None,
        )

    def labels(self, count: int) -> list[str]:
        """The labels of the first ``count`` periods, for a box score."""
        return [self.period(n).label for n in range(1, count + 1)]


def division_shown(shown: Any, periods: int) -> Division | None:
    """A division that labels the first ``periods`` periods as the game does, read from the
    period a status shows (``Period.to_dict``), or None where that period cannot say.

    A regulation period's label and name give its unit, and every period up to it is a
    regulation period of that unit; an overtime period does not say which unit came before it.
    So a screen can label a box score without importing the game's rules.
    """
    if not isinstance(shown, dict) or shown.get("overtime") is not False:
        return None
    number = shown.get("number")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= periods <= number:
        return None
    units: tuple[Unit, ...] = ("quarter", "half", "regulation")
    for unit in units:
        candidate = Division(unit, number)
        if candidate.period(number).to_dict() == shown:
            return candidate
    return None


QUARTERS = Division("quarter", 4)
HALVES = Division("half", 2)
# Masters of the Gridiron has no clock: regulation is nine scoring plays a side, then overtime.
SLOTS = Division("regulation", 1)
