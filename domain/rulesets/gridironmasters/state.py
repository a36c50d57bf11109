"""Masters of the Gridiron's state and the vocabulary printed on its cards.

rules/masters-of-the-gridiron.txt: the cards' ratings, positions and play types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.ruleset import (
    Side,
    other,
)
from domain.teams import TwoTeams
from domain.words import a_or_an

SLOTS_PER_SIDE = 9


TOUCHDOWN_POINTS = 7


FIELD_GOAL_POINTS = 3


HAND = {"offense": 3, "defense": 3, "playbook": 4}


MAX_RATING = 99


MAX_BONUS = 30


MAX_CARD_NUMBER = 999


# Deck Building: "Each deck cannot exceed a $120 million salary cap".
SALARY_CAP = 120.0


MAX_RATINGS_ON_CARD = 8


Unit = Literal["offense", "defense"]


Result = Literal["touchdown", "field_goal"]


Phase = Literal["call", "defense", "defense_audibles", "try", "final"]


Period = Literal["regulation", "overtime"]


OvertimeRule = Literal["open", "answer", "sudden"]


OFFENSE_RATINGS = (
    "runblock",
    "passblock",
    "rushing",
    "goalline",
    "receiving",
    "redzone",
    "passing",
)


DEFENSE_RATINGS = ("rundefense", "passrush", "tackling", "coverage")


RATING_NAMES = {
    "runblock": "Run Blocking",
    "passblock": "Pass Blocking",
    "rushing": "Rushing",
    "goalline": "Goal Line",
    "receiving": "Receiving",
    "redzone": "Red Zone",
    "passing": "Passing",
    "rundefense": "Run Defense",
    "passrush": "Pass Rush",
    "tackling": "Tackling",
    "coverage": "Coverage",
}


RATING_ALIASES = {
    "rbk": "runblock",
    "rblk": "runblock",
    "runblocking": "runblock",
    "pbk": "passblock",
    "pblk": "passblock",
    "passblocking": "passblock",
    "rush": "rushing",
    "gl": "goalline",
    "rec": "receiving",
    "rz": "redzone",
    "pass": "passing",
    "rd": "rundefense",
    "rundef": "rundefense",
    "rundefence": "rundefense",
    "pr": "passrush",
    "tkl": "tackling",
    "tackle": "tackling",
    "cov": "coverage",
}


OFFENSE_POSITIONS = ("qb", "rb", "fb", "te", "wr", "t", "g", "c")


DEFENSE_POSITIONS = ("de", "dt", "lb", "cb", "s")


POSITION_ALIASES = {
    "hb": "rb",
    "ot": "t",
    "lt": "t",
    "rt": "t",
    "og": "g",
    "lg": "g",
    "rg": "g",
    "nt": "dt",
    "olb": "lb",
    "ilb": "lb",
    "mlb": "lb",
    "fs": "s",
    "ss": "s",
}


RESULTS: dict[str, Result] = {
    "td": "touchdown",
    "touchdown": "touchdown",
    "fg": "field_goal",
    "fieldgoal": "field_goal",
}


PLAY_TYPES = ("insiderun", "outsiderun", "shortpass", "longpass")


PLAY_TYPE_NAMES = {
    "insiderun": "Inside Run",
    "outsiderun": "Outside Run",
    "shortpass": "Short Pass",
    "longpass": "Long Pass",
}


ANY_POSITION = "any"


# Words a person may type between the values ("stopped by pass rush or coverage").
FILLER = {"or", "and", "by", "stop", "stopped", "stops", "can", "be", "to", "a", "the", "bonus"}


# Two printed words that are one rating, result or play type.
PHRASES = {
    ("run", "blocking"): "runblock",
    ("run", "block"): "runblock",
    ("pass", "blocking"): "passblock",
    ("pass", "block"): "passblock",
    ("goal", "line"): "goalline",
    ("red", "zone"): "redzone",
    ("pass", "rush"): "passrush",
    ("run", "defense"): "rundefense",
    ("run", "defence"): "rundefense",
    ("field", "goal"): "fieldgoal",
    ("inside", "run"): "insiderun",
    ("outside", "run"): "outsiderun",
    ("short", "pass"): "shortpass",
    ("long", "pass"): "longpass",
}


@dataclass(frozen=True)
class Card:
    """A player card as printed: Player #, name, position and ratings."""

    unit: Unit
    position: str
    ratings: tuple[tuple[str, int], ...] = ()
    number: int | None = None
    name: str = ""

    @property
    def label(self) -> str:
        who = self.name.title() if self.name else ""
        num = f"#{self.number}" if self.number is not None else ""
        return " ".join(p for p in (num, who, self.position.upper()) if p)

    def rating(self, which: str) -> int | None:
        return dict(self.ratings).get(which)


@dataclass(frozen=True)
class InDeck:
    """A card of a team's deck as its deck file lists it (Deck Building): no ratings, only the
    Player #, the name and the position printed on it."""

    number: int
    position: str
    name: str = ""

    @property
    def label(self) -> str:
        return " ".join(
            p for p in (f"#{self.number}", self.name.title(), self.position.upper()) if p
        )


@dataclass(frozen=True)
class Play:
    """An offensive Playbook card: its result, allowed ratings, bonus and stopping ratings."""

    result: Result
    ratings: tuple[str, ...]
    stops: tuple[str, ...]
    bonus: int = 0
    bonus_positions: tuple[str, ...] = ()
    play_type: str | None = None


@dataclass(frozen=True)
class Audible:
    """An Audible card as the table reads it: a rating change, or a defensive-scoring condition."""

    side: Side
    modifier: int = 0
    margin: int | None = None
    result: Result | None = None


@dataclass(frozen=True)
class Record:
    """One scoring play: a filled slot of the offence, or a defensive score placed beside."""

    side: Side
    period: Period
    attempt: int
    outcome: str  # touchdown, field_goal, stopped, punt
    points: int = 0
    conversion: int | None = None
    defensive: bool = False
    offense_rating: int | None = None
    defense_rating: int | None = None


@dataclass(frozen=True)
class GridironState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    # Fields states once had (#28): a checkpoint stored with them still opens (domain.snapshots).
    RETIRED_FIELDS: ClassVar[frozenset[str]] = frozenset({"details"})

    home: str
    away: str
    phase: Phase = "call"
    period: Period = "regulation"
    attempt: int = 0  # attempts finished in this period
    converting: bool = False
    scorer: Side | None = None
    player: Card | None = None
    play: Play | None = None
    defender: Card | None = None
    audibles: tuple[Audible, ...] = ()
    records: tuple[Record, ...] = ()
    rosters: tuple[tuple[Side, Card], ...] = ()
    discarded: frozenset[tuple[Side, Card]] = frozenset()
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    overtime_rule: OvertimeRule = "open"
    winner: Side | None = None
    # Deck Building: the cards of each team's deck file, entered at set-up (``deck``).
    decks: tuple[tuple[Side, InDeck], ...] = ()
    # Order of Play: each further card played that is printed like one already on the discard
    # pile (``discarded`` holds a printed card once), until overtime refills the decks.
    copies: tuple[tuple[Side, Card], ...] = ()
    # The printed cards the table said its deck holds another of ("same yes"): not asked again.
    printed_again: tuple[tuple[Side, Card], ...] = ()
    # A card printed like one on the discard pile, played once the table answers "same yes".
    asking: Card | None = None

    # TwoTeams stores the offence; Masters derives it from the attempt, so it is never None.
    @property
    def offense(self) -> Side:  # type: ignore[override]
        """The team with the ball: the scorer during a conversion, else alternating attempts."""
        if self.converting:
            assert self.scorer is not None
            return self.scorer
        return attempt_offense(self.period, self.attempt)

    def slots(self, side: Side) -> tuple[Record, ...]:
        return tuple(
            r
            for r in self.records
            if r.side == side and r.period == "regulation" and not r.defensive
        )

    def roster(self, side: Side) -> tuple[Card, ...]:
        return tuple(c for s, c in self.rosters if s == side)


def attempt_offense(period: Period, attempt: int) -> Side:
    """Order of Play: the visiting team starts on offence; Overtime: the home team starts."""
    first: Side = "away" if period == "regulation" else "home"
    return first if attempt % 2 == 0 else other(first)


def attempt_label(state: GridironState) -> str:
    if state.period == "overtime":
        return f"Overtime attempt {state.attempt + 1} ({state.name(state.offense)})"
    side = state.offense
    return f"{state.name(side)} scoring play #{len(state.slots(side)) + 1}"


def ratings_text(card: Card) -> str:
    if not card.ratings:
        return "no ratings given"
    return ", ".join(f"{RATING_NAMES[r]} {v}" for r, v in card.ratings)


def play_text(play: Play) -> str:
    result = "Touchdown" if play.result == "touchdown" else "Field Goal"
    kind = a_or_an(PLAY_TYPE_NAMES[play.play_type]) if play.play_type else "a"
    text = f"{kind} {result} card using {' or '.join(RATING_NAMES[r] for r in play.ratings)}"
    if play.bonus:
        who = " or ".join(p.upper() for p in play.bonus_positions)
        text += f", +{play.bonus} to {'any player' if who == 'ANY' else a_or_an(who)}"
    return text + f", stopped by {' or '.join(RATING_NAMES[r] for r in play.stops)}"
