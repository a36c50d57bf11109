"""Third and Long's state: the constants printed in the rulebook, the records of a play, and the
state every rule reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain.ruleset import IllegalEntry, Side, other
from domain.teams import TwoTeams

DECK_SIZE = 60


HAND_SIZE = 7


SALARY_CAP_TENTHS = 150  # $15 million, kept in tenths of a million so $2.5M is exact


MAX_STARS = 6


TIMEOUTS_PER_HALF = 3


TIMEOUTS_PER_OVERTIME = 2


CHALLENGES_PER_GAME = 2


REGULATION_QUARTERS = 4


RANDOM_LOW, RANDOM_HIGH = 1, 5  # the random number in each Action card's upper right corner


MODIFIER_HIGH = 9  # the printed range is not in the rulebook; any printed value up to 9 is taken


PENALTY_RANGE = 9


RETURN_TARGET = 2


TOUCHDOWN, FIELD_GOAL, EXTRA_POINT, TWO_POINTS, SAFETY_POINTS = 6, 3, 1, 2, 2


OFFENCE_POSITIONS = ("qb", "rb", "wr")


DEFENCE_POSITIONS = ("lb", "cb", "s")


POSITIONS = OFFENCE_POSITIONS + DEFENCE_POSITIONS


ATTRIBUTES: dict[str, tuple[str, str, str]] = {
    "qb": ("accuracy", "arm", "timing"),
    "rb": ("power", "speed", "vision"),
    "wr": ("agility", "quickness", "speed"),
    "lb": ("speed", "tackling", "instincts"),
    "cb": ("speed", "tackling", "instincts"),
    "s": ("speed", "tackling", "instincts"),
}


TARGETS = {"green": 2, "yellow": 3, "red": 4}


OFFENCE_MATCHUPS = tuple(f"{p}-{a}" for p in OFFENCE_POSITIONS for a in ATTRIBUTES[p])


DEFENCE_MATCHUPS = tuple(f"{p}-{a}" for p in DEFENCE_POSITIONS for a in ATTRIBUTES[p])


INJURY_UNITS = ("plays", "drives", "quarters")


OFFENCE_BIG_PLAYS = ("td", "score", "loose")


DEFENCE_BIG_PLAYS = ("fumble", "interception", "safety")


TURNOVER_CARDS = ("fumble", "interception")


Phase = Literal[
    "roster",
    "draft_order",
    "draft",
    "toss",
    "choice",
    "kickoff",
    "drive",
    "calls",
    "snap",
    "pile",
    "check",
    "turnover",
    "review",
    "fourth",
    "score",
    "fg_choice",
    "try",
    "block",
    "time_up",
    "final",
]


PlayKind = Literal["moment", "fourth", "goforit", "two", "return"]


Stage = Literal["play", "drive", "moments"]


Outcome = Literal["offence", "inconclusive", "defence", "turnover"]


Pair = tuple[int, int]


@dataclass(frozen=True)
class Star:
    """One Player card: its team, position, salary (tenths of a million) and three attributes."""

    side: Side
    position: str
    salary: int
    attributes: tuple[int, int, int]

    def value(self, attribute: str) -> int:
        return self.attributes[ATTRIBUTES[self.position].index(attribute)]


@dataclass(frozen=True)
class Call:
    """The revealed play calls: arrow colour, offensive player and attribute, box and attribute."""

    colour: str
    off_position: str
    off_attribute: str
    def_position: str
    def_attribute: str
    names: str = ""

    @property
    def target(self) -> int:
        return TARGETS[self.colour]


@dataclass(frozen=True)
class Injury:
    """A star sitting out: the printed length counts plays, drives or quarters once the play,
    drive or quarter in which he was hurt is over (``counting``)."""

    side: Side
    position: str
    length: int
    unit: str
    counting: bool = False


@dataclass(frozen=True)
class Challenge:
    """Challenge a Play: the coach who threw the flag and the ruling on the field under review."""

    side: Side
    original: Outcome


@dataclass(frozen=True)
class Play:
    """The play being run: its pile, the Action cards used on it, and any challenge under way."""

    kind: PlayKind
    call: Call | None = None
    snap: int | None = None
    modifiers: tuple[int, ...] = ()
    flags: int = 0
    # The Personal Foul cards' part of ``flags``: a score they alone make does not count.
    fouls: int = 0
    penalty: bool = False
    big: tuple[str, ...] = ()
    turnover: bool = False
    injuries: tuple[Injury, ...] = ()
    # The ruling on the field while a challenge may still be thrown (phase "review").
    outcome: Outcome | None = None
    challenged: Challenge | None = None
    check_challenged: bool = False


@dataclass(frozen=True)
class ThirdAndLongState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    home: str
    away: str
    draft: bool = False
    phase: Phase = "roster"
    stars: tuple[Star, ...] = ()
    draft_turn: Side | None = None
    draft_done: tuple[Side, ...] = ()
    toss_winner: Side | None = None
    first_offense: Side | None = None
    offense: Side | None = None
    quarter: int = 1
    scores: tuple[Pair, ...] = ((0, 0),)
    deck: int = DECK_SIZE
    discard: int = 0
    hands: Pair = (0, 0)
    aside: int = 0
    pile: int = 0
    pending: Pair = (0, 0)
    timeouts: Pair = (TIMEOUTS_PER_HALF, TIMEOUTS_PER_HALF)
    challenges: Pair = (CHALLENGES_PER_GAME, CHALLENGES_PER_GAME)
    moments: int = 0
    moments_total: int = 0
    drive_length: int | None = None
    shorten: bool = False
    # Kick-Off: the defence kicks to start the next drive (else the drive starts where it is).
    kickoff: bool = False
    kind: PlayKind = "moment"
    play: Play | None = None
    injured: tuple[Injury, ...] = ()
    expired: bool = False
    bought: bool = False
    resume: Stage | None = None
    winner: Side | None = None

    @property
    def kicker(self) -> Side | None:
        """Kick-Off: the team kicking off to start the next drive, if one is due."""
        return other(self.offense) if self.kickoff and self.offense is not None else None

    @property
    def overtime(self) -> bool:
        return self.quarter > REGULATION_QUARTERS


def count(pair: Pair, side: Side) -> int:
    return pair[0] if side == "home" else pair[1]


def set_count(pair: Pair, side: Side, value: int) -> Pair:
    return (value, pair[1]) if side == "home" else (pair[0], value)


def add_count(pair: Pair, side: Side, amount: int) -> Pair:
    return set_count(pair, side, count(pair, side) + amount)


def offence_of(state: ThirdAndLongState) -> Side:
    assert state.offense is not None
    return state.offense


def open_play(state: ThirdAndLongState) -> Play:
    """The play under way: the phases from the snap to the ruling on the field always hold one,
    so their rules are handed it (``rules.on_play``) rather than each checking for it."""
    if state.play is None:
        raise IllegalEntry(f"no play is under way (phase {state.phase})")
    return state.play


def ruling_on_field(play: Play) -> Outcome:
    """Play to the Whistle: the outcome ruled on the field, which a challenge may review."""
    if play.outcome is None:
        raise IllegalEntry("the play has no ruling on the field yet; whistle first")
    return play.outcome


def target_number(play: Play) -> int:
    return RETURN_TARGET if play.call is None else play.call.target


def team_of(state: ThirdAndLongState, side: Side) -> list[Star]:
    return [s for s in state.stars if s.side == side]


def star_at(state: ThirdAndLongState, side: Side, position: str) -> Star | None:
    for s in state.stars:
        if s.side == side and s.position == position:
            return s
    return None
