"""The scoreboard read model: totals summed from scoring rulings, and the game's own score sheet."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from projections.record import GameRecord
from projections.record import project as fold


@dataclass(frozen=True)
class Scoreboard:
    home: str
    away: str
    total: dict[str, int]
    by_quarter: list[dict[str, int]]
    scoring: list[tuple[int, str]]
    sheet: Any = None


def view(record: GameRecord) -> Scoreboard:
    """Points are summed from the rulings of the entries that stand, never recomputed."""
    total = {"home": 0, "away": 0}
    scoring: list[tuple[int, str]] = []
    for line in record.effective:
        for ruling in line.rulings:
            if ruling.get("points") and ruling.get("team") in total:
                total[ruling["team"]] += ruling["points"]
                scoring.append((line.seq, ruling["text"]))
    situation = record.situation
    return Scoreboard(
        home=record.home,
        away=record.away,
        total=total,
        by_quarter=list(situation.get("score_by_quarter") or []),
        scoring=scoring,
        sheet=situation.get("pad") or situation.get("slots"),
    )


def project(events: Iterable[Any]) -> Scoreboard:
    return view(fold(events))
