"""League standings: every finished game in the store, per team and per ruleset; a marked copy
of a stored game and a game set aside never count (domain.identity.left_out)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from domain.identity import left_out
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


@dataclass(frozen=True)
class Result:
    """What one game gives the standings: its teams, and the final score when it is over."""

    ruleset: str
    home: str
    away: str
    finished: bool
    winner: str | None
    score_home: int
    score_away: int
    copy_of: str | None = None
    set_aside: str | None = None


def result_of(record: GameRecord) -> Result:
    """A game's result from its record (the situation after its last standing entry)."""
    final = record.situation
    score = final.get("score") or {}
    return Result(
        ruleset=record.ruleset,
        home=record.home,
        away=record.away,
        finished=bool(final.get("finished")),
        winner=final.get("winner"),
        score_home=int(score.get("home", 0)),
        score_away=int(score.get("away", 0)),
        copy_of=record.copy_of,
        set_aside=record.set_aside,
    )


def project(results: Iterable[Result]) -> list[Standing]:
    """Standings from game results; unfinished games, copies and games set aside do not count.
    Keeps one row per team and ruleset, whatever the number of games."""
    table: dict[tuple[str, str], Standing] = {}
    for result in results:
        if not result.finished or left_out(result):
            continue
        for side, other in (("home", "away"), ("away", "home")):
            team = result.home if side == "home" else result.away
            key = (result.ruleset, team)
            row = table.get(key, Standing(team=team, ruleset=result.ruleset))
            mine, theirs = (
                (result.score_home, result.score_away)
                if side == "home"
                else (result.score_away, result.score_home)
            )
            winner = result.winner
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
