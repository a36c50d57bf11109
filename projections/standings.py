"""League standings: every finished game in the store, per team and per ruleset."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from projections.record import GameRecord


@dataclass(frozen=True)
class Standing:
    """One team's record in one game (ruleset)."""

    team: str
    ruleset: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def percentage(self) -> float:
        """Winning percentage, a tie counting as half a win."""
        return (self.wins + self.ties / 2) / self.games if self.games else 0.0


def project(records: Iterable[GameRecord]) -> list[Standing]:
    """Standings from game records; unfinished games do not count."""
    table: dict[tuple[str, str], Standing] = {}
    for record in records:
        final = record.situation
        if not final.get("finished"):
            continue
        score = final.get("score") or {}
        for side, other in (("home", "away"), ("away", "home")):
            team = record.home if side == "home" else record.away
            key = (record.ruleset, team)
            row = table.get(key, Standing(team=team, ruleset=record.ruleset))
            mine, theirs = int(score.get(side, 0)), int(score.get(other, 0))
            winner = final.get("winner")
            table[key] = replace(
                row,
                games=row.games + 1,
                wins=row.wins + (winner == side),
                losses=row.losses + (winner == other),
                ties=row.ties + (winner is None),
                points_for=row.points_for + mine,
                points_against=row.points_against + theirs,
            )
    return sorted(
        table.values(),
        key=lambda s: (s.ruleset, -s.percentage, -(s.points_for - s.points_against), s.team),
    )
