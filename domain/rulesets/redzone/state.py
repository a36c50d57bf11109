"""Red Zone's state: the constants of the rulebook, the records of a game in play, and small
accessors every part of the rules uses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from domain.ruleset import Ruling, Side
from domain.teams import TwoTeams
from domain.words import possessive

REGULATION_QUARTERS = 4
HAND = 7
OPENING_HAND = 6
TIMEOUTS_PER_HALF = 3
TIMEOUT_CARDS = 5
DELAY_OF_GAME_YARDS = 5
KICKOFF_LINE = 30
SAFETY_KICK_LINE = 20
SAFETY_PUNT_BONUS = 15
TWO_POINT_LINE = 3
RED_ZONE = 20
DECK_SIZES = {"short": 40, "medium": 50, "long": 60}

# The draft: 13 players (The Draft); 20 with a back-up at every position (Situational
# Substitutions). WR and TE share their two places.
SQUAD_13 = {"qb": 1, "rb": 2, "wr": 2, "ol": 2, "dl": 2, "lb": 2, "db": 2}
SQUAD_20 = {"qb": 2, "rb": 3, "wr": 3, "ol": 3, "dl": 3, "lb": 3, "db": 3}
POSITIONS = ("qb", "rb", "wr", "te", "ol", "dl", "lb", "db")
POSITION_NAMES = {
    "qb": "Quarterback",
    "rb": "Running Back",
    "wr": "Wide Receiver/Tight End",
    "ol": "Offensive Lineman",
    "dl": "Defensive Lineman",
    "lb": "Linebacker",
    "db": "Defensive Back",
}


RUNS = ("qb-keep", "dive", "off-tackle", "trap", "sweep", "counter", "draw", "reverse")
PASSES = (
    "screen",
    "quick-out",
    "sideline",
    "hook",
    "down-in",
    "play-action",
    "trick-pass",
    "long-bomb",
)
OUTSIDE_RUNS = ("off-tackle", "sweep", "counter", "reverse")
# Limiting the TE (1): the outside runs the Tight End adds his yard to ("Reverses can't be run
# to the TE and even if they could, he can't block for himself").
TE_OUTSIDE_RUNS = ("off-tackle", "sweep", "counter")
# Passing Play Numbers printed on the chart that the rulebook text states (Interceptions).
KNOWN_PASS_NUMBERS = {"screen": 1, "down-in": 5, "long-bomb": 8}
OPEN_PASS_NUMBERS = ("2", "3", "4", "6", "7")
RUN_DEFENCES = ("goalline", "4-4", "4-3", "stunt")
PASS_DEFENCES = ("3-4", "4-2-5", "prevent", "blitz")
DEFENCES = RUN_DEFENCES + PASS_DEFENCES
TARGETS = ("lrb", "rrb", "lwr", "rwr")
COLOURS = ("green", "yellow", "red")
GRADE = {"red": 0, "yellow": 1, "green": 2}
CHECK_WORDS = (*COLOURS, "pen5", "pen10", "pen15", "fadd1", "fadd2", "fadd3", "fadd5")
RUN_CODES = ("dl", "lb", "ol", "rb", "wr", "f", "long")
PASS_CODES = ("inc", "int", "dl", "dl*", "lb*", "db", "db*", "rb", "wr", "qb", "long")
FUMBLE_FIELDS = ("k", "kr", "p", "pr", "lg", "fg")
SKILL_WORDS = {
    "throw": ("complete", "run", "inc", "int"),
    "catch": ("inc", "int", "td", "long"),
    "run": ("td", "long", "fumble"),
    "block": ("fumble",),
    "tackle": ("fumble",),
    "cover": ("int", "inc", "c-1p", "c-2p", "wr"),
}
SKILL_NUMBERS = ("catch", "run", "block", "tackle")
ALIASES = {
    "incomplete": "inc",
    "intercepted": "int",
    "interception": "int",
    "fumbled": "fumble",
    "f": "fumble",
    "g": "green",
    "y": "yellow",
    "r": "red",
    "c1p": "c-1p",
    "c2p": "c-2p",
    "burn": "wr",
}
YARDS_LOW, YARDS_HIGH = -30, 99
# Where each defensive unit lines up: DL opposite OL, LB opposite RB, DB opposite WR.
HOME_PLACE = {"dl": "ol", "lb": "rb", "db": "wr"}

Phase = Literal[
    "toss",
    "advantage",
    "kick_choice",
    "draft",
    "kickoff",
    "k",
    "kr",
    "onside_lg",
    "onside_k",
    "onside_p",
    "safety_kick",
    "call",
    "defend",
    "check",
    "redraw",
    "result",
    "star",
    "skill",
    "lg",
    "decline",
    "fumble_lg",
    "fumble_guess",
    "fumble_flip",
    "int_choice",
    "int_return",
    "punt",
    "coffin_colour",
    "punt_choice",
    "pr",
    "fg",
    "try",
    "pat",
    "sub",
    "final",
]


@dataclass(frozen=True)
class Player:
    """A drafted card: an id for entries (rb1), the position drafted and the printed name."""

    pid: str
    position: str
    name: str


@dataclass(frozen=True)
class Coach:
    """One coach's cards and team: the clock is his Time Deck."""

    time: int = 0
    draw_flips: int = 0
    hand: int = 0
    timeouts: int = TIMEOUTS_PER_HALF
    roster: tuple[Player, ...] = ()
    # Offence, left to right as the offence sees it: lwr lrb lol qb rol rrb rwr ("" = vacant).
    offence: tuple[tuple[str, str], ...] = ()
    # Defence: each defender and the offensive place he lines up against (lol, rrb, lwr...).
    defence: tuple[tuple[str, str], ...] = ()
    injured: tuple[str, ...] = ()
    refresh: bool = False
    # Player cards the entries show on his discard pile: (position, name, of his chosen team).
    discard: tuple[tuple[str, str, bool], ...] = ()

    def player(self, pid: str) -> Player | None:
        for p in self.roster:
            if p.pid == pid:
                return p
        return None

    def at(self, slot: str) -> str:
        return dict(self.offence).get(slot, "")

    def facing(self, place: str) -> list[str]:
        return [p for p, at in self.defence if at == place]


@dataclass(frozen=True)
class Check:
    """A skill check due: whose card is flipped, for which player, which skill line."""

    owner: Side
    pid: str
    skill: str
    label: str


@dataclass(frozen=True)
class Outcome:
    """What a play came to before the penalty choice: yards, inc, td, int or fumble."""

    kind: str
    yards: int = 0
    source: str = "chart"


@dataclass(frozen=True)
class Play:
    """The play being run: the calls, the colours, and what is still to be flipped."""

    call: str = ""
    kind: str = ""
    target: str = ""
    ppn: int = 0
    defence: str = ""
    colours: tuple[str, str] = ("", "")
    fadd: tuple[tuple[Side, int], ...] = ()
    penalty: tuple[Side, int] | None = None
    redraw: tuple[Side, ...] = ()
    check: Check | None = None
    lg_bonus: int = 0
    outcome: Outcome | None = None
    # Loose balls, kicks and returns.
    loose_at: int = 0
    loose_field: str = ""
    loose_call: str = ""
    behind: bool = False
    recover_card: Side | None = None
    coffin: int = 0
    kick_from: int = 0
    landing: int = 0
    onside_k: int = 0
    safety_punt: bool = False


@dataclass(frozen=True)
class RedZoneState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    home: str
    away: str
    deck: int = DECK_SIZES["medium"]
    options: tuple[tuple[str, str], ...] = ()
    phase: Phase = "toss"
    toss_winner: Side | None = None
    first_pick: Side | None = None
    kicker: Side | None = None
    opening_kicker: Side | None = None
    drafting: Side | None = None
    coaches: tuple[Coach, Coach] = (Coach(), Coach())
    offense: Side | None = None
    ball_on: int | None = None
    down: int | None = None
    marker: int | None = None
    quarter: int = 1
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    play: Play = Play()
    is_try: bool = False
    scorer: Side | None = None
    resume: Phase | None = None
    subs: tuple[tuple[Side, str], ...] = ()
    # Team play: does the injured player's coach hold a substitute of his chosen team ("" unasked).
    sub_team: str = ""
    winner: Side | None = None

    def coach(self, side: Side) -> Coach:
        return self.coaches[0 if side == "home" else 1]

    def opt(self, key: str) -> str:
        for k, v in self.options:
            if k == key:
                return v
        raise KeyError(key)


Rulings = tuple[RedZoneState, list[Ruling]]


def unit_of(pid: str) -> str:
    """The unit of a player id: rb of rb2, qb of qb."""
    return pid.rstrip("0123456789")


def with_coach(state: RedZoneState, side: Side, coach: Coach) -> RedZoneState:
    """The state with ``side``'s coach replaced."""
    coaches = (coach, state.coaches[1]) if side == "home" else (state.coaches[0], coach)
    return replace(state, coaches=coaches)


def deck_in_use(state: RedZoneState, side: Side) -> str:
    """Which deck a coach flips from now: the Draw Deck once his Time Deck is empty."""
    return "Time Deck" if state.coach(side).time > 0 else "Draw Deck"


def kicking_team(state: RedZoneState) -> Side:
    """The team kicking off (or kicking after a safety)."""
    assert state.kicker is not None
    return state.kicker


def offence_side(state: RedZoneState) -> Side:
    """The team with the ball (a play, a kick from scrimmage or a try is under way)."""
    assert state.offense is not None
    return state.offense


def scoring_team(state: RedZoneState) -> Side:
    """The team that scored the touchdown whose try is under way."""
    assert state.scorer is not None
    return state.scorer


def ball_spot(state: RedZoneState) -> int:
    """The line of scrimmage of the play under way."""
    assert state.ball_on is not None
    return state.ball_on


def player_label(state: RedZoneState, side: Side, pid: str) -> str:
    """A player's name as drafted, or the team's stand-in for a vacant place."""
    p = state.coach(side).player(pid) if pid else None
    return p.name if p else f"{possessive(state.name(side))} stand-in"
