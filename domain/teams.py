"""What every game's state knows about its two teams: names, the defence, the score, spots."""

from __future__ import annotations

from domain import field as yards
from domain.kernel import DEFENCE_WORDS, OFFENCE_WORDS
from domain.ruleset import SIDES, IllegalEntry, Side, other

MAX_TEAM_NAME = 30

# Every word the entry language reads as a side, whatever the game ("toss home", "off +2").
SIDE_WORDS = frozenset((*SIDES, *OFFENCE_WORDS, *DEFENCE_WORDS))


def team_names(home: str, away: str) -> tuple[str, str]:
    """Set-up: two names as the scoreboard prints them, neither a word that names a side and
    not one team twice (docs/rulings.md, "Team names")."""
    home, away = team_name(home, "home"), team_name(away, "away")
    if home.casefold() == away.casefold():
        raise IllegalEntry(f"both teams are called {home!r}; give the two teams different names")
    if folded(home) == folded(away):
        raise IllegalEntry(
            f"the team names {home!r} and {away!r} differ only in spaces; "
            "give the two teams different names"
        )
    return home, away


def team_name(name: str, side: Side) -> str:
    """A team's name: 1 to 30 visible characters, never a word entries read as a side (a home
    team may keep the name Home, an away team Away: the word names that very team)."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise IllegalEntry(f"the {side} team needs a name")
    if len(cleaned) > MAX_TEAM_NAME:
        raise IllegalEntry(
            f"the {side} team's name is {len(cleaned)} characters; {MAX_TEAM_NAME} at most"
        )
    if any(not ch.isprintable() for ch in cleaned):
        raise IllegalEntry(f"the {side} team's name has a control character; type plain text")
    word = folded(cleaned)
    if word in SIDE_WORDS and word != side:
        raise IllegalEntry(
            f"the {side} team cannot be called {cleaned!r}: entries read {word!r} as a side "
            "(home, away, off, def); give the team its own name"
        )
    return cleaned


def folded(name: str) -> str:
    """A name as entries compare it: case and spaces ignored."""
    return "".join(name.split()).casefold()


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
