"""The state of a 1st & Goal game: constants, the card clock, the play in hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain.periods import HALVES
from domain.ruleset import Ruling, Side, other
from domain.teams import TwoTeams

REGULATION_HALVES = HALVES.regulation  # p. 10: two halves, then overtime on a tie
HAND = 8
DECK = 60
TIMEOUTS = 3
TOUCHDOWN_POINTS = 6
FIELD_GOAL_POINTS = 3
SAFETY_POINTS = 2
FAKE_BONUS = 5
HAIL_MARY_LINE = 65  # on or behind the offence's own 35 (see docs/rulings.md, 1st & Goal)
ONSIDE_SPOT = 70  # the kicking team's own 30
ONSIDE_NEEDS = 10
D20_KICKOFF_SPOT = 90  # the receiving team's own 10
D20_AGAIN = 20
D20_PUNT_BASE = 35

RUNS = ("halfback-dive", "off-tackle", "fullback-strong", "sweep", "draw", "run-pass-option")
PASSES = ("screen", "button-hook", "slant", "short-pass", "medium-pass", "bomb")
DEFENCES = (
    "goal-line",
    "short-run-defense",
    "inside-blitz",
    "strong-safety",
    "cover",
    "cover-2-spy",
    "go-cover-3",
    "nickel",
    "corner-blitz",
    "safety-blitz",
    "dime",
    "prevent",
)
ALIASES = {
    "weep": "sweep",
    "rpo": "run-pass-option",
    "run/pass-option": "run-pass-option",
    "short-run": "short-run-defense",
    "short-run-defence": "short-run-defense",
    "goalline": "goal-line",
}
MARKS = ("r10", "r20", "clock")
COLOURS = ("red", "tan", "brown", "yellow", "blue", "green")
PLAY_FACES = ("x", "break", "t", "p", "hail", "mary")
REF_FACES = ("t", "x", "def", "off", "hail", "mary", "other")
PEN_FACES = ("5", "5a", "10", "15")
PEN_YARDS = {"5": 5, "5a": 5, "10": 10, "15": 15}
COLOUR_LOW, COLOUR_HIGH = -10, 30
BLACK_LOW, BLACK_HIGH = -20, 10
MAX_BLACK = 4
MAX_CARD_DICE = 6
MAX_KICK_DICE = len(COLOURS)  # the board may name any of the team's coloured dice (ruling)
BREAKAWAY_TD_ROLLS = 3
TIMEOUT_OPTIONS = ("a", "b", "none")
FAKE_KICK = ("kick", "fake")
TEAMS = ("1v1", "2v1-home", "2v1-away", "2v2")
YES_NO = ("no", "yes")

Phase = Literal[
    "toss",
    "kickoff",
    "board_dice",
    "onside_roll",
    "squib_roll",
    "call",
    "two_call",
    "fake_call",
    "matchup",
    "roll",
    "reroll",
    "ref_t",
    "ref_p",
    "penalty_choice",
    "turnover_roll",
    "turnover_dice",
    "turnover_call",
    "timeout_options",
    "kick_reveal",
    "fg_block",
    "fg_roll",
    "punt_roll",
    "punt_bounce",
    "punt_ref_t",
    "punt_ref_p",
    "punt_penalty_choice",
    "punt_return_choice",
    "try",
    "sneak",
    "sneak_ref",
    "hail_mary",
    "final",
]
Kick = Literal["return", "punt", "fg", "squib"]  # the kicks whose dice the board prints
PlayKind = Literal["play", "two_point", "fake", "kick_return", "punt_return", "d20_return", "sneak"]
CARD_PLAYS = ("play", "two_point", "fake")
KICKOFF_RETURNS = ("kick_return", "d20_return")
RETURNS = ("kick_return", "punt_return", "d20_return")


@dataclass(frozen=True)
class Cards:
    """One deck's clock: cards face down, in the hand holding it, and face up discarded."""

    deck: int = DECK - HAND
    hand: int = HAND
    discard: int = 0

    @property
    def left(self) -> int:
        """Cards the coach can still play this half: deck and hand (p. 9)."""
        return self.deck + self.hand


@dataclass(frozen=True)
class Flag:
    """A flag (pp. 6-7): the referee die names the offender, the penalty die the yards."""

    on: Literal["def", "off"]
    die: str  # the penalty die's face: 5, 5a, 10 or 15

    def chooser(self, offence: Side) -> Side:
        """Penalty procedure (p. 7): the side that did not offend accepts or declines."""
        return offence if self.on == "def" else other(offence)

    @property
    def signed_yards(self) -> int:
        """Penalty die (p. 6): yards toward the defence's goal, negative on the offence."""
        return PEN_YARDS[self.die] if self.on == "def" else -PEN_YARDS[self.die]

    @property
    def automatic_first_down(self) -> bool:
        """Penalty die 5A (p. 6): 5 yards and an automatic 1st down, on the defence only."""
        return self.on == "def" and self.die == "5a"


@dataclass(frozen=True)
class Play:
    """The play (or return) being resolved: cards, dice called, yards rolled so far."""

    kind: PlayKind
    start: int
    offence_card: str = ""
    defence_card: str = ""
    run: bool = False
    colours: tuple[str, ...] = ()
    blacks: int = 0
    play_die: bool = True
    gained: int = 0
    last: int = 0
    breaks: int = 0
    burn: Literal["deck", "hand"] | None = None
    penalty: Flag | None = None
    broken_up: bool = False
    turnover_faces: tuple[str, str] | None = None  # optional rule (p. 11): (referee, penalty)
    pending: str | None = None  # d20 return: the play die waiting for the table's second d20


@dataclass(frozen=True)
class FirstAndGoalState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive.

    The optional fields are read through checked properties in the phases that always have
    them: ``offence`` (from the toss on), ``ball``, ``chains`` (down and marker), ``in_play``
    (the play being resolved), ``flag`` (a penalty waiting for accept or decline) and
    ``kick_dice``; a property asked in a phase without its fact is a bug, never an entry's fault.
    """

    home: str
    away: str
    teams: str = "1v1"
    confer: bool = True
    turnover_return: bool = False
    turnover_dice: bool = False
    breakaway_td: bool = False
    squib: bool = False
    d20: bool = False
    phase: Phase = "toss"
    half: int = 1
    first_receiver: Side | None = None
    offense: Side | None = None
    ball_on: int | None = None
    down: int | None = None
    marker: int | None = None
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    timeouts: tuple[int, int] = (TIMEOUTS, TIMEOUTS)
    green: Cards = Cards()
    black: Cards = Cards()
    burned: int = 0
    board: tuple[tuple[Kick, tuple[str, ...]], ...] = ()
    play: Play | None = None
    kick: Kick | None = None
    kick_bonus: int = 0
    kick_distance: int = 0
    kick_penalty: Flag | None = None  # a flag on the punt
    free_kick: bool = False
    resume: Phase | None = None
    pass_completed: bool = False
    clock_burn: bool = False
    winner: Side | None = None

    @property
    def offence(self) -> Side:
        """The side with the ball, from the coin toss on (p. 2: the winner receives)."""
        assert self.offense is not None, f"no side has the ball in phase {self.phase}"
        return self.offense

    @property
    def ball(self) -> int:
        """The ball's yard line, to the offence's goal, once the ball is spotted (p. 2)."""
        assert self.ball_on is not None, f"the ball is not spotted in phase {self.phase}"
        return self.ball_on

    @property
    def in_play(self) -> Play:
        """The play being resolved, from the matchup to the penalty choice (pp. 5-7)."""
        assert self.play is not None, f"no play is being resolved in phase {self.phase}"
        return self.play

    @property
    def chains(self) -> tuple[int, int]:
        """The down and the first-down marker, during a series of downs (p. 2, field notes)."""
        assert self.down is not None and self.marker is not None, f"no series in {self.phase}"
        return self.down, self.marker

    @property
    def flag(self) -> Flag:
        """The flag waiting for accept or decline (p. 7): on the punt, or on the play."""
        flag = self.kick_penalty if self.phase == "punt_penalty_choice" else self.in_play.penalty
        assert flag is not None, f"no flag is down in phase {self.phase}"
        return flag

    def board_dice(self, kind: Kick) -> tuple[str, ...] | None:
        """The board's dice for a kick (p. 7), once the table has named them."""
        return dict(self.board).get(kind)

    def kick_dice(self, kind: Kick) -> tuple[str, ...]:
        """The board's dice for the kick being rolled: named before its roll is asked (p. 7)."""
        dice = self.board_dice(kind)
        assert dice is not None, f"the board's {kind} dice are not named in phase {self.phase}"
        return dice

    @property
    def in_overtime(self) -> bool:
        """End of game and overtime (p. 10): past the two halves, a tie is played on."""
        return self.half > REGULATION_HALVES

    def timeouts_of(self, side: Side) -> int:
        """Time-outs ``side`` has left this half (p. 4: 3 a half)."""
        return self.timeouts[0 if side == "home" else 1]


def pass_play(play: Play) -> bool:
    """The offence chose a pass: a card play that is not a run (a sneak or a return is not)."""
    return play.kind in CARD_PLAYS and not play.run


Result = tuple[FirstAndGoalState, list[Ruling]]
