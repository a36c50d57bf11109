"""What every game's state knows about its two teams: names, the defence, the score, spots."""

from __future__ import annotations

from domain import field as yards
from domain.ruleset import Side, other


class TwoTeams:
    """Mixed into each ruleset's frozen state dataclass, which holds these attributes."""

    home: str
    away: str
    offense: Side | None
    scores: tuple[tuple[int, int], ...]

    def name(self, side: Side) -> str:
        return self.home if side == "home" else self.away

    @property
    def defence(self) -> Side:
        assert self.offense is not None
        return other(self.offense)

    @property
    def total(self) -> dict[Side, int]:
        """The score: the sum of every period's points."""
        return {"home": sum(p[0] for p in self.scores), "away": sum(p[1] for p in self.scores)}

    def spot_for(self, side: Side, ball_on: int) -> str:
        """A spot named as a referee announces it for ``side`` having the ball there."""
        return yards.spot_name(ball_on, self.name(side), self.name(other(side)))
