"""1st & Goal (rules/first-and-goal.en.md, Czech original first-and-goal.cs.txt): cards and dice.

Each play both coaches reveal a card; the cards' matchup line says which coloured distance dice,
how many black defence dice and the white play die to roll. Zebra records the cards by name,
asks the table which dice the line calls for (the line is printed on the physical card), then
the faces rolled. The cards are also the clock: a half ends when the offence has no card left.
Page numbers (p. N) are those of the transcript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations
from typing import Any, Literal

from domain import field as yards
from domain.entries import words
from domain.periods import HALVES
from domain.ruleset import (
    SIDES,
    EntryForm,
    GameOption,
    IllegalEntry,
    Prompt,
    Ruling,
    Side,
    Slot,
    other,
    resolve_options,
    situation,
)
from domain.teams import TwoTeams

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
PlayKind = Literal["play", "two_point", "fake", "kick_return", "punt_return", "d20_return", "sneak"]
CARD_PLAYS = ("play", "two_point", "fake")
KICKOFF_RETURNS = ("kick_return", "d20_return")
RETURNS = ("kick_return", "punt_return", "d20_return")
CALL_PHASES = ("call", "two_call", "fake_call")


@dataclass(frozen=True)
class Cards:
    """One deck's clock: cards face down, in the hand holding it, and face up discarded."""

    deck: int = DECK - HAND
    hand: int = HAND
    discard: int = 0

    @property
    def left(self) -> int:
        return self.deck + self.hand


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
    penalty: tuple[str, str] | None = None  # (offender: "def" | "off", penalty die face)
    broken_up: bool = False
    turnover_faces: tuple[str, str] | None = None  # optional rule (p. 11): (referee, penalty)
    pending: str | None = None  # d20 return: the play die waiting for the table's second d20


@dataclass(frozen=True)
class FirstAndGoalState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

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
    board: tuple[tuple[str, tuple[str, ...]], ...] = ()
    play: Play | None = None
    kick: str | None = None
    kick_bonus: int = 0
    kick_distance: int = 0
    kick_penalty: tuple[str, str] | None = None  # a flag on the punt: (offender, penalty die)
    free_kick: bool = False
    resume: Phase | None = None
    pass_completed: bool = False
    clock_burn: bool = False
    scorer: Side | None = None
    winner: Side | None = None

    def board_dice(self, kind: str) -> tuple[str, ...] | None:
        return dict(self.board).get(kind)

    def timeouts_of(self, side: Side) -> int:
        return self.timeouts[0 if side == "home" else 1]


class FirstAndGoal:
    """The 1st & Goal ruleset."""

    name = "firstandgoal"
    title = "1st & Goal"
    division = HALVES
    options = (
        GameOption(
            "teams",
            "Players: 1v1 (two players), 2v1-home / 2v1-away (that side has an offence and a "
            "defence coach), 2v2",
            TEAMS,
            "1v1",
        ),
        GameOption(
            "confer", "Co-coaches of a two-player team may discuss their plays", YES_NO, "yes"
        ),
        GameOption(
            "turnover_return",
            "Optional turnover rule (p. 11): after a turnover roll the black and red dice and "
            "move the ball that far",
            YES_NO,
            "no",
        ),
        GameOption(
            "turnover_dice",
            "Optional turnover rule (p. 11): on a turnover roll the referee and penalty dice; on a "
            "pass the table says whether its printed rule makes them an interception",
            YES_NO,
            "no",
        ),
        GameOption(
            "breakaway_td",
            "Optional breakaway rule (p. 11): three breakaways in a row are a touchdown, on any "
            "run with the ball (returns too)",
            YES_NO,
            "no",
        ),
        GameOption("squib", "Optional squib kick (p. 11) from the kicking team's 30", YES_NO, "no"),
        GameOption("d20", "Optional d20 kickoff and punt tables (p. 16)", YES_NO, "no"),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> FirstAndGoalState:
        """Set-up (p. 2): 8-card hands, 3 time-outs each, the coin not yet tossed."""
        chosen = resolve_options(self.options, options)
        return FirstAndGoalState(
            home=home,
            away=away,
            teams=chosen["teams"],
            confer=chosen["confer"] == "yes",
            turnover_return=chosen["turnover_return"] == "yes",
            turnover_dice=chosen["turnover_dice"] == "yes",
            breakaway_td=chosen["breakaway_td"] == "yes",
            squib=chosen["squib"] == "yes",
            d20=chosen["d20"] == "yes",
        )

    def expected(self, state: FirstAndGoalState) -> Prompt:
        """Who acts next and the entries legal now."""
        return _PROMPTS[state.phase](state)

    def apply(self, state: FirstAndGoalState, text: str) -> tuple[FirstAndGoalState, list[Ruling]]:
        """One entry as typed at the table."""
        tokens = words(text)
        if state.phase == "final":
            raise IllegalEntry(
                f"the game is over ({final_line(state)}); nothing more can be entered"
            )
        prompt = self.expected(state)
        keyword, rest = tokens[0], tokens[1:]
        allowed = {f.keyword for f in prompt.forms}
        if keyword not in allowed:
            raise IllegalEntry(
                f"{keyword!r} is not due now; {prompt.text} ({' | '.join(prompt.legal)})"
            )
        after, rulings = _HANDLERS[state.phase][keyword](state, rest)
        if after.phase == "call" and _out_of_cards(after):
            after, more = end_of_half(after)
            rulings = [*rulings, *more]
        return after, rulings

    def situation(self, state: FirstAndGoalState) -> dict[str, Any]:
        """The public view: score by half, board, time-outs and the card clock."""
        # A return is no down: down and distance come back with the next snap.
        returning = state.play is not None and state.play.kind in RETURNS
        live = (
            state.phase not in ("toss", "kickoff", "final", "try")
            and state.ball_on is not None
            and not returning
        )
        distance = None
        if live and state.marker is not None and state.ball_on is not None:
            distance = yards.distance_to_gain(state.ball_on, state.marker)
        return situation(
            ruleset=self.name,
            home=state.home,
            away=state.away,
            score=state.total,
            score_by_quarter=[{"home": h, "away": a} for h, a in state.scores],
            quarter=state.half,
            period=self.division.period(state.half),
            possession=state.offense if state.phase not in ("toss", "final") else None,
            down=state.down if live else None,
            distance=distance,
            ball_on=state.ball_on if live else None,
            clock={
                "half": state.half,
                "overtime": state.half > 2,
                "offence_deck": state.green.deck,
                "offence_hand": state.green.hand,
                "offence_discard": state.green.discard,
                "defence_deck": state.black.deck,
                "defence_hand": state.black.hand,
                "defence_discard": state.black.discard,
                "burned_this_half": state.burned,
            },
            timeouts={"home": state.timeouts[0], "away": state.timeouts[1]},
            next=self.expected(state).text,
            finished=state.phase == "final",
            winner=state.winner,
            converting=state.phase in ("try", "two_call")
            or (state.play is not None and state.play.kind == "two_point"),
            first_and_goal=bool(live and state.marker == 0),
            marker=state.marker if live else None,
            down_column=state.down if live else None,
            phase=state.phase,
            teams=state.teams,
            confer=state.confer,
            board_dice={k: list(v) for k, v in state.board},
            score_by_half=[{"home": h, "away": a} for h, a in state.scores],
        )


# Set-up and kickoffs -------------------------------------------------------------------------


def coin_toss(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Set-up (p. 2): Away calls the RFL coin; the winner starts on offence and receives."""
    winner = _one_side(rest, "toss", state)
    text = f"{state.name(winner)} win the coin toss and receive the kickoff."
    if state.half == 1:
        state = replace(state, first_receiver=winner)
    else:
        text = f"Overtime: {state.name(winner)} win the toss and take the ball."
    after, more = to_kickoff(state, winner)
    return after, [Ruling("toss", text, team=winner), *more]


def to_kickoff(state: FirstAndGoalState, receiver: Side) -> Result:
    """Kickoff (p. 4): the defence kicks off to the receiving team, which becomes the offence."""
    state = _change_possession(state, receiver, None)
    state = replace(state, phase="kickoff", down=None, marker=None, ball_on=None)
    if _out_of_cards(state):
        return end_of_half(state)
    return state, []


def kickoff_touchback(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Kickoff return (p. 4): a touchback puts the ball on the receiving team's 20."""
    _nothing_more("touchback", rest)
    off = state.offense
    assert off is not None
    ball = yards.touchback()
    ruling = Ruling(
        "kickoff_touchback", f"Touchback: {state.name(off)} start at their 20.", team=off
    )
    return _to_call(_first_down(state, ball)), [ruling]


def kickoff_return(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Kickoff return (p. 4): run it back from the goal line with the board's return dice."""
    _nothing_more("return", rest)
    off = state.offense
    assert off is not None
    ruling = Ruling("kickoff", f"{state.name(off)} run the kickoff back.", team=off)
    if state.d20:
        play = Play("d20_return", start=D20_KICKOFF_SPOT, colours=("d20",))
        return replace(state, phase="roll", play=play), [ruling]
    return _board_step(state, "return"), [ruling]


def onside_kick(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Onside kick (p. 8): from the kicker's 30, red, brown, play and referee dice."""
    _nothing_more("onside", rest)
    kicker = state.defence
    ruling = Ruling("onside", f"{state.name(kicker)} try an onside kick.", team=kicker)
    return replace(state, phase="onside_roll"), [ruling]


def onside_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Onside kick (p. 8): a total of 10 or more and a T on a white die keeps the ball."""
    red, brown, play_face, ref_face = _read_dice(
        rest, (("red", "num"), ("brown", "num"), ("play", "play"), ("ref", "ref"))
    )
    assert isinstance(red, int) and isinstance(brown, int)
    total = red + brown
    kicker, receiver = state.defence, state.offense
    assert receiver is not None
    spot = yards.advance(ONSIDE_SPOT, total)
    got_t = "t" in (play_face, ref_face)
    if total >= ONSIDE_NEEDS and got_t:
        ruling = Ruling(
            "onside_recovered",
            f"Onside kick {total} yards with a T: {state.name(kicker)} recover.",
            team=kicker,
            yards=total,
        )
        after = _change_possession(state, kicker, spot)
        return _to_call(after), [ruling]
    why = f"total {total} is under {ONSIDE_NEEDS}" if total < ONSIDE_NEEDS else "no T showed"
    if not yards.on_field(spot):
        spot = yards.flip(yards.touchback())
    ruling = Ruling(
        "onside_failed",
        f"Onside kick fails ({why}): {state.name(receiver)} take over.",
        team=receiver,
        yards=total,
    )
    return _to_call(_first_down(state, yards.flip(spot))), [ruling]


def squib_kick(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Squib kick (optional, p. 11): from the kicker's 30 with the dice the table names."""
    _nothing_more("squib", rest)
    kicker = state.defence
    ruling = Ruling("squib", f"{state.name(kicker)} squib the kickoff.", team=kicker)
    return _board_step(state, "squib"), [ruling]


def squib_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Squib kick (optional, p. 11): the ball travels the total rolled; no return is allowed."""
    dice = state.board_dice("squib")
    assert dice is not None
    values = _read_dice(rest, tuple((c, "num") for c in dice))
    total = sum(int(v) for v in values)
    off = state.offense
    assert off is not None
    landing = yards.advance(ONSIDE_SPOT, total)
    if landing <= 0:
        ruling = Ruling(
            "kickoff_touchback",
            f"Squib kick {total} yards into the end zone: touchback.",
            yards=total,
        )
        return _to_call(_first_down(state, yards.touchback())), [ruling]
    ball = yards.flip(min(landing, yards.FIELD - 1))
    ruling = Ruling(
        "squib",
        f"Squib kick {total} yards, no return: {state.name(off)} start at "
        f"{state.spot_for(off, ball)}.",
        team=off,
        yards=total,
    )
    return _to_call(_first_down(state, ball)), [ruling]


def board_dice(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Special teams (p. 7): the kick dice are printed on the board; the table names them."""
    assert state.kick is not None
    colours = _read_colours(rest, allow_black=False, most=MAX_KICK_DICE)
    state = replace(state, board=(*state.board, (state.kick, colours)))
    ruling = Ruling(
        "board_dice",
        f"The board's {_KICK_NAMES[state.kick]} dice: {', '.join(colours)}.",
        data={"kick": state.kick, "dice": list(colours)},
    )
    return _board_step(state, state.kick), [ruling]


# A play: call, matchup, roll ---------------------------------------------------------------


def play_call(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """A play, step 1-2 (pp. 4-5): both cards revealed; a run burns the top offence card."""
    offence_card, run, defence_card, mark = _read_cards(rest)
    assert state.ball_on is not None
    if state.green.hand < 1 or state.black.hand < 1:
        raise IllegalEntry("a coach has no card in hand; the half is over")
    red_zone(state.ball_on, mark, offence_card)
    kind: PlayKind = (
        "two_point"
        if state.phase == "two_call"
        else "fake"
        if state.phase == "fake_call"
        else "play"
    )
    green = replace(state.green, hand=state.green.hand - 1, discard=state.green.discard + 1)
    black = replace(state.black, hand=state.black.hand - 1, discard=state.black.discard + 1)
    burn: Literal["deck", "hand"] | None = None
    burned = state.burned
    rulings = [
        Ruling(
            "play",
            f"{_offence_team(state)} {_show_card(offence_card)} against "
            f"{state.name(state.defence)} {_show_card(defence_card)}.",
            team=state.offense,
            data={"offence": offence_card, "defence": defence_card, "run": run},
        )
    ]
    if run:
        green, burn = burn_card(green)
        if burn is not None:
            burned += 1
            rulings.append(
                Ruling(
                    "burn",
                    f"A run burns a card ({_BURN_FROM[burn]}).",
                    team=state.offense,
                    data={"from": burn},
                )
            )
    play = Play(
        kind,
        start=state.ball_on,
        offence_card=offence_card,
        defence_card=defence_card,
        run=run,
        burn=burn,
    )
    after = replace(
        state,
        phase="matchup",
        play=play,
        green=green,
        black=black,
        burned=burned,
        pass_completed=False,
        clock_burn=False,
    )
    return after, rulings


def red_zone(ball_on: int, mark: str | None, card: str) -> None:
    """Red-zone play selection (p. 10): red 10 / 20 cards are not played inside those lines."""
    limit = {"r10": 10, "clock": 10, "r20": 20}.get(mark or "")
    if limit is not None and ball_on <= limit:
        what = "running-clock" if mark == "clock" else f"red {limit}"
        raise IllegalEntry(
            f"{_show_card(card)} is a {what} card and cannot be played within {limit} yards of "
            f"the end zone (ball on the {ball_on}); play another card or declare unplayable"
        )


def burn_card(cards: Cards) -> tuple[Cards, Literal["deck", "hand"] | None]:
    """Burning a card (p. 5): the top of the deck, or one from the hand when the deck is empty."""
    if cards.deck > 0:
        return replace(cards, deck=cards.deck - 1, discard=cards.discard + 1), "deck"
    if cards.hand > 0:
        return replace(cards, hand=cards.hand - 1, discard=cards.discard + 1), "hand"
    return cards, None


def matchup(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Dice matchup (p. 5): the card's line names the coloured dice and the black dice."""
    assert state.play is not None
    colours = _read_colours(rest, allow_black=True, most=MAX_CARD_DICE)
    coloured = tuple(c for c in colours if c != "black")
    blacks = sum(1 for c in colours if c == "black")
    note = ""
    if state.play.kind == "fake" and blacks:
        blacks = 0
        note = " The kick was faked: no black die is rolled (p. 11)."
    play = replace(state.play, colours=coloured, blacks=blacks)
    shown = ", ".join([*coloured, *(["black"] * blacks), "play die"])
    ruling = Ruling(
        "matchup",
        f"Roll: {shown}.{note}",
        data={"colours": list(coloured), "blacks": blacks},
    )
    return replace(state, phase="roll", play=play), [ruling]


def roll_dice(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Rolling the matchup (p. 5) and resolving the play die (p. 6), rerolls included."""
    play = state.play
    assert play is not None
    values = _read_dice(rest, _roll_dice_spec(play))
    shown = _show_values(_roll_dice_spec(play), values)
    if play.kind == "d20_return" and state.phase == "roll":
        return d20_kickoff(state, values, shown)
    nums = [int(v) for v in values if isinstance(v, int)]
    n_col = len(play.colours)
    coloured, blacks = sum(nums[:n_col]), sum(nums[n_col:])
    face = str(values[-1]) if play.play_die else "none"
    if state.phase == "reroll":
        return breakaway_reroll(state, coloured + blacks, face, shown)
    return play_die(state, face, coloured, blacks, shown)


def play_die(state: FirstAndGoalState, face: str, coloured: int, blacks: int, shown: str) -> Result:
    """Play die (p. 6): X, breakaway, potential turnover or penalty, or the plain total."""
    play = state.play
    assert play is not None
    if face == "x":
        return broken_up(state, blacks, shown)
    distance = coloured + blacks
    if face == "break":
        return breakaway(state, distance, shown)
    if face == "t":
        moved = replace(play, gained=distance, last=distance)
        ruling = Ruling(
            "potential_turnover",
            f"{shown}: {distance:+d} yards, potential turnover: roll the referee die.",
            yards=distance,
        )
        return replace(state, phase="ref_t", play=moved), [ruling]
    if face == "p":
        ruling = Ruling(
            "potential_penalty",
            f"{shown}: potential penalty: roll the referee and penalty dice.",
            yards=distance,
        )
        return replace(state, phase="ref_p", play=replace(play, last=distance)), [ruling]
    ruling = Ruling("roll", f"{shown}: {distance:+d} yards.", yards=distance)
    after, more = finish_play(state, replace(play, gained=distance, last=distance))
    return after, [ruling, *more]


def broken_up(state: FirstAndGoalState, blacks: int, shown: str) -> Result:
    """Play die X (p. 6): broken up, the coloured dice count 0; on a kickoff return, touchback."""
    play = state.play
    assert play is not None
    if play.kind in KICKOFF_RETURNS:
        ruling = Ruling(
            "kickoff_touchback", f"{shown}: X on the kickoff return is a touchback at the 20."
        )
        return _to_call(_first_down(replace(state, play=None), yards.touchback())), [ruling]
    ruling = Ruling("broken_up", f"{shown}: broken up, {blacks:+d} yards.", yards=blacks)
    after, more = finish_play(state, replace(play, gained=blacks, last=blacks, broken_up=True))
    return after, [ruling, *more]


def breakaway(state: FirstAndGoalState, distance: int, shown: str) -> Result:
    """Breakaway (p. 6): move, then reroll the same dice while the breakaway keeps coming up."""
    play = state.play
    assert play is not None
    moved = replace(play, gained=distance, last=distance, breaks=1)
    ruling = Ruling(
        "breakaway",
        f"{shown}: breakaway! {distance:+d} yards; roll the same dice again.",
        yards=distance,
    )
    return _after_breakaway_roll(state, moved, [ruling])


def breakaway_reroll(state: FirstAndGoalState, distance: int, face: str, shown: str) -> Result:
    """Breakaway (p. 6): rerolls add up; any other symbol ends them and has no effect."""
    play = state.play
    assert play is not None
    moved = replace(play, gained=play.gained + distance, last=distance)
    if face == "break":
        moved = replace(moved, breaks=play.breaks + 1)
        ruling = Ruling(
            "breakaway",
            f"{shown}: breakaway again! {distance:+d} yards ({moved.gained:+d} in all).",
            yards=distance,
        )
        return _after_breakaway_roll(state, moved, [ruling])
    ruling = Ruling(
        "breakaway_end",
        f"{shown}: {distance:+d} yards, the breakaway ends ({moved.gained:+d} in all).",
        yards=distance,
    )
    after, more = finish_play(state, moved)
    return after, [ruling, *more]


def _after_breakaway_roll(state: FirstAndGoalState, play: Play, rulings: list[Ruling]) -> Result:
    """Breakaway (p. 6): the rerolls go on while the symbol repeats, until the runner scores."""
    if breakaway_touchdown(state, play):
        rulings.append(
            Ruling("breakaway_touchdown", "Three breakaways in a row: the runner is gone (p. 11).")
        )
        after, more = finish_play(state, replace(play, gained=play.start))
        return after, [*rulings, *more]
    if yards.is_touchdown(yards.advance(play.start, play.gained)):
        after, more = finish_play(state, play)
        return after, [*rulings, *more]
    return replace(state, phase="reroll", play=play), rulings


def breakaway_touchdown(state: FirstAndGoalState, play: Play) -> bool:
    """Optional breakaways (p. 11): three in a row on any run with the ball, returns included."""
    return state.breakaway_td and play.breaks >= BREAKAWAY_TD_ROLLS


def stop_breakaway(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Breakaway (p. 6): after a negative roll the side with the ball may declare him down."""
    # On a return that side is the returners: p. 3 calls the receiving team the offence.
    _nothing_more("stop", rest)
    play = state.play
    assert play is not None
    ruling = Ruling("runner_down", "The runner goes down; the ball is dead.", team=state.offense)
    after, more = finish_play(state, play)
    return after, [ruling, *more]


def referee_turnover(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Potential turnover (p. 6): a T on the referee die is a fumble or an interception."""
    (face,) = _read_dice(rest, (("ref", "ref"),))
    play = state.play
    assert play is not None and state.offense is not None
    if face != "t":
        ruling = Ruling("no_turnover", f"Referee die {face}: no turnover.")
        after, more = finish_play(state, play)
        return after, [ruling, *more]
    if state.turnover_dice:
        ruling = Ruling(
            "turnover_dice",
            "Referee die T: turnover! Optional turnover rule (p. 11): roll the referee and "
            "penalty dice.",
            team=state.defence,
        )
        return replace(state, phase="turnover_dice"), [ruling]
    what = "interception" if _pass_play(play) else "fumble"
    return turned_over(state, what, "Referee die T", {})


def _pass_play(play: Play) -> bool:
    """The offence chose a pass: a card play that is not a run (a sneak or a return is not)."""
    return play.kind in CARD_PLAYS and not play.run


def turned_over(state: FirstAndGoalState, what: str, shown: str, data: dict[str, Any]) -> Result:
    """Potential turnover (p. 6): the defence takes the ball; a two-point try scores nothing."""
    play = state.play
    assert play is not None and state.offense is not None
    spot = yards.advance(play.start, play.gained)
    state = _refill(replace(state, play=None))
    ruling = Ruling(
        "interception" if what == "interception" else "fumble_lost",
        f"{shown}: {what}! {state.name(state.defence)} take the ball.",
        team=state.defence,
        data={"what": what, **data},
    )
    if play.kind == "two_point":
        after, more = two_point_over(state, good=False, why=what)
        return after, [ruling, *more]
    after, more = turnover(state, spot)
    return after, [ruling, *more]


def turnover_dice(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Optional turnover rule (p. 11): on a turnover always roll the referee and penalty dice."""
    face, pen = _read_dice(rest, (("ref", "ref"), ("pen", "pen")))
    play = state.play
    assert play is not None
    faces = {"referee": str(face), "penalty": str(pen)}
    shown = f"Referee die {face}, penalty die {pen}"
    if not _pass_play(play):
        return turned_over(state, "fumble", f"{shown} on a run", faces)
    ruling = Ruling(
        "turnover_dice",
        f"{shown} on a pass: the transcript lost which two results are an interception (p. 11); "
        "the table answers from its printed rule: interception or fumble.",
        data=faces,
    )
    play = replace(play, turnover_faces=(str(face), str(pen)))
    return replace(state, phase="turnover_call", play=play), [ruling]


def turnover_call(state: FirstAndGoalState, rest: Sequence[str], what: str) -> Result:
    """Optional turnover rule (p. 11): on a pass, the printed rule says interception or not."""
    _nothing_more(what, rest)
    play = state.play
    assert play is not None and play.turnover_faces is not None
    face, pen = play.turnover_faces
    shown = f"Referee die {face}, penalty die {pen} on a pass, by the table's printed rule"
    return turned_over(state, what, shown, {"referee": face, "penalty": pen, "answered": True})


def referee_penalty(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Potential penalty (p. 6): the referee die names the offender, the penalty die the yards."""
    face, pen = _read_dice(rest, (("ref", "ref"), ("pen", "pen")))
    play = state.play
    assert play is not None and state.offense is not None
    if face not in ("def", "off"):
        ruling = Ruling("no_penalty", f"Referee die {face}: no penalty; the play stands.")
        if state.phase == "sneak_ref":
            after, more = sneak_result(state, gain=0, why="no penalty")
            return after, [ruling, *more]
        after, more = finish_play(state, replace(play, gained=play.last))
        return after, [ruling, *more]
    offender = state.offense if face == "off" else state.defence
    text = f"Penalty on {state.name(offender)}, {_pen_text(str(pen), face == 'def')}"
    play = replace(play, penalty=(str(face), str(pen)))
    rulings = [Ruling("penalty", f"{text}.", team=offender, data={"face": face, "yards": pen})]
    green, burned = state.green, state.burned
    if play.burn is not None:
        # A penalty stops the clock: the run's card is not burned, even if declined (p. 7).
        green = _unburn(green, play.burn)
        burned -= 1
        play = replace(play, burn=None)
        rulings.append(Ruling("unburn", "The penalty stops the clock: the run card is not burned."))
    after = replace(state, phase="penalty_choice", play=play, green=green, burned=burned)
    return after, rulings


def penalty_accept(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Penalty (p. 7): yards from the line of scrimmage, the down repeated (5A: 1st down)."""
    _nothing_more("accept", rest)
    play = state.play
    assert play is not None and play.penalty is not None and state.offense is not None
    face, pen = play.penalty
    chooser = state.offense if face == "def" else state.defence
    if play.kind in RETURNS:
        return return_penalty(state, chooser)
    signed = PEN_YARDS[pen] if face == "def" else -PEN_YARDS[pen]
    spot = yards.half_distance_penalty_spot(play.start, signed)
    auto = face == "def" and pen == "5a"
    ruling = Ruling(
        "penalty_accepted",
        f"{state.name(chooser)} accept the penalty: ball at {state.spot_for(state.offense, spot)}"
        f"{', automatic 1st down' if auto else ''}; the down is not counted.",
        team=chooser,
        yards=spot - play.start if face == "off" else play.start - spot,
    )
    state = _refill(replace(state, play=None))
    if play.kind == "two_point":
        if face == "off":
            after, more = two_point_over(state, good=False, why="offensive penalty")
            return after, [ruling, *more]
        if _out_of_cards(state):
            after, more = two_point_over(state, good=False, why="no card left to replay it")
            return after, [ruling, *more]
        return replace(state, phase="two_call", ball_on=spot), [ruling]
    assert state.marker is not None
    if auto or spot <= state.marker:
        first = Ruling("first_down", f"1st down at {state.spot_for(state.offense, spot)}.")
        return _to_call(_first_down(state, spot)), [ruling, first]
    return _to_call(replace(state, ball_on=spot)), [ruling]


def penalty_decline(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Penalty (p. 7): the non-offending side may decline; the rolled distance stands."""
    _nothing_more("decline", rest)
    play = state.play
    assert play is not None and play.penalty is not None
    chooser = state.offense if play.penalty[0] == "def" else state.defence
    assert chooser is not None
    what = "the return stands" if play.kind in RETURNS else "the play stands"
    ruling = Ruling(
        "penalty_declined",
        f"{state.name(chooser)} decline the penalty; {what}.",
        team=chooser,
    )
    if play.kind == "sneak":
        after, more = sneak_result(state, gain=0, why="penalty declined")
        return after, [ruling, *more]
    after, more = finish_play(state, replace(play, gained=play.last))
    return after, [ruling, *more]


def return_penalty(state: FirstAndGoalState, chooser: Side) -> Result:
    """Accepted penalty on a return (p. 7): marked off from where the run ends (ruling)."""
    play = state.play
    assert play is not None and play.penalty is not None and state.offense is not None
    face, pen = play.penalty
    run_to = yards.advance(play.start, play.last)
    run_to = min(max(run_to, 1), yards.FIELD - 1)
    signed = PEN_YARDS[pen] if face == "def" else -PEN_YARDS[pen]
    spot = yards.half_distance_penalty_spot(run_to, signed)
    ruling = Ruling(
        "penalty_accepted",
        f"{state.name(chooser)} accept the penalty, marked off from the end of the return: "
        f"{state.name(state.offense)} ball at {state.spot_for(state.offense, spot)}; 1st & 10.",
        team=chooser,
    )
    return _to_call(_first_down(replace(state, play=None), spot)), [ruling]


def d20_kickoff(state: FirstAndGoalState, values: Sequence[int | str], shown: str) -> Result:
    """Optional d20 kickoff (p. 16): from the 10 by the roll; 20 rolls again; two 20s score."""
    # The d20 replaces the return dice only: the play die is rolled with it (p. 4) and its
    # effect applies to the table's distance (docs/rulings.md, 1st & Goal, 36).
    play = state.play
    assert play is not None and state.offense is not None
    rulings: list[Ruling] = []
    if play.pending is None:
        distance, face = int(values[0]), str(values[1])
        if distance == D20_AGAIN and face != "x":
            ruling = Ruling(
                "d20_again",
                f"{shown}: 20 on the d20: roll the d20 again and add; then the play die {face}.",
            )
            return replace(state, play=replace(play, pending=face)), [ruling]
    else:
        second, face = int(values[0]), play.pending
        state = replace(state, play=replace(play, pending=None))
        distance = play.start if second == D20_AGAIN else D20_AGAIN + second
        shown = f"d20 20 then {second} ({distance} yards from the 10), play {face}"
        if second == D20_AGAIN:
            rulings.append(Ruling("d20_return", "Second 20 on the d20: returned all the way!"))
    after, more = play_die(state, face, distance, 0, shown)
    return after, [*rulings, *more]


# The end of a play --------------------------------------------------------------------------


def finish_play(state: FirstAndGoalState, play: Play) -> Result:
    """Moving the ball (p. 5): touchdown, safety, first down, next down or turnover on downs."""
    off = state.offense
    assert off is not None
    spot = yards.advance(play.start, play.gained)
    state = replace(state, play=None)
    if play.kind in RETURNS:
        return return_result(state, play, spot)
    state = _refill(state)
    if play.kind == "two_point":
        return two_point_over(state, good=yards.is_touchdown(spot), why="stopped short")
    if yards.is_touchdown(spot):
        return touchdown(state, off)
    if yards.is_safety(spot):
        return safety(state)
    completed = (
        play.kind == "play"
        and not play.run
        and not play.broken_up
        and play.penalty is None
        and play.gained >= 0
    )
    after, rulings = downs(state, spot)
    if after.phase == "call" and after.offense == off and completed:
        after = replace(after, pass_completed=True)
    return after, rulings


def downs(state: FirstAndGoalState, spot: int) -> Result:
    """Downs (p. 5): reaching the marker is a 1st down; after a failed 4th down, the ball goes
    over where it lies."""
    off = state.offense
    assert off is not None and state.marker is not None and state.down is not None
    if spot <= state.marker:
        state = _first_down(state, spot)
        what = "1st & goal" if state.marker == 0 else "1st down"
        ruling = Ruling("first_down", f"{what} at {state.spot_for(off, spot)}.", team=off)
        return _to_call(state), [ruling]
    if state.down >= 4:
        dfn = state.defence
        ruling = Ruling(
            "turnover_on_downs",
            f"Turnover on downs: {state.name(dfn)} take over at "
            f"{state.spot_for(dfn, yards.flip(spot))}.",
            team=dfn,
        )
        return _to_call(_change_possession(state, dfn, yards.flip(spot))), [ruling]
    state = replace(state, ball_on=spot, down=state.down + 1)
    ruling = Ruling("down", f"{down_line(state)}.", team=off, data={"ball_on": spot})
    return _to_call(state), [ruling]


def return_result(state: FirstAndGoalState, play: Play, spot: int) -> Result:
    """Kickoff and punt returns (pp. 4, 8): the returning team starts where the run ends."""
    off = state.offense
    assert off is not None
    if yards.is_touchdown(spot):
        ruling = Ruling("return_touchdown", f"{state.name(off)} return it all the way!", team=off)
        after, more = touchdown(state, off)
        return after, [ruling, *more]
    if spot >= yards.FIELD:
        # Downed behind the goal line on the return: a touchback, not a safety (ruling).
        ruling = Ruling("touchback", "The return ends in the end zone: touchback at the 20.")
        return _to_call(_first_down(state, yards.touchback())), [ruling]
    ruling = Ruling(
        "return",
        f"{state.name(off)} return it {play.gained} yards to {state.spot_for(off, spot)}; "
        "1st & 10.",
        team=off,
        yards=play.gained,
    )
    return _to_call(_first_down(state, spot)), [ruling]


def turnover(state: FirstAndGoalState, spot: int) -> Result:
    """Potential turnover (p. 6): change of possession; in the opponent's end zone, a touchback."""
    dfn = state.defence
    if yards.is_touchdown(spot):
        ruling = Ruling("touchback", f"Turnover in the end zone: touchback, {state.name(dfn)} 20.")
        return _to_call(_change_possession(state, dfn, yards.touchback())), [ruling]
    if yards.is_safety(spot):
        return safety(state)
    if state.turnover_return:
        after = _change_possession(state, dfn, yards.flip(spot))
        play = Play("punt_return", start=yards.flip(spot), colours=("black", "red"), play_die=False)
        return replace(after, phase="turnover_roll", play=play), []
    ruling = Ruling(
        "possession",
        f"{state.name(dfn)} ball at {state.spot_for(dfn, yards.flip(spot))}, 1st & 10.",
        team=dfn,
    )
    return _to_call(_change_possession(state, dfn, yards.flip(spot))), [ruling]


def turnover_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Optional turnover rule (p. 11): the black and red dice move the recovered ball."""
    black, red = _read_dice(rest, (("black", "num"), ("red", "num")))
    play = state.play
    assert play is not None and state.offense is not None
    gained = int(black) + int(red)
    off = state.offense
    spot = yards.advance(play.start, gained)
    state = replace(state, play=None)
    if yards.is_touchdown(spot):
        ruling = Ruling("return_touchdown", f"Turnover returned {gained} yards for a touchdown!")
        after, more = touchdown(state, off)
        return after, [ruling, *more]
    spot = min(spot, yards.touchback()) if spot >= yards.FIELD else spot
    ruling = Ruling(
        "turnover_return",
        f"Black {black}, red {red}: the ball ends at {state.spot_for(off, spot)}; 1st & 10.",
        team=off,
        yards=gained,
    )
    return _to_call(_first_down(state, spot)), [ruling]


# Scoring ------------------------------------------------------------------------------------


def touchdown(state: FirstAndGoalState, side: Side) -> Result:
    """Touchdown (p. 9): 6 points, then the extra point or the two-point try."""
    ruling = Ruling(
        "touchdown", f"Touchdown {state.name(side)}! 6 points.", team=side, points=TOUCHDOWN_POINTS
    )
    state = _score(state, side, TOUCHDOWN_POINTS)
    if state.half > 2:
        after, more = _finish(state, f"{state.name(side)} score first in overtime.")
        return after, [ruling, *more]
    after = replace(
        state, phase="try", scorer=side, play=None, down=None, marker=None, pass_completed=False
    )
    return after, [ruling]


def extra_point(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Extra point (p. 9): play and referee dice; two X block it, anything else is good."""
    play_face, ref_face = _read_dice(rest, (("play", "play"), ("ref", "ref")))
    s = state.scorer
    assert s is not None
    if play_face == "x" and ref_face == "x":
        ruling = Ruling("extra_point_blocked", "Two X: the extra point is blocked.", team=s)
    else:
        ruling = Ruling(
            "extra_point", f"Extra point good: 1 point {state.name(s)}.", team=s, points=1
        )
        state = _score(state, s, 1)
    after, more = to_kickoff(replace(state, scorer=None), other(s))
    return after, [ruling, *more]


def go_for_two(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Two-point conversion (p. 9): one card play from the 2."""
    _nothing_more("two", rest)
    s = state.scorer
    assert s is not None
    ruling = Ruling("decision", f"{state.name(s)} go for two from the 2.", team=s)
    after = replace(state, phase="two_call", ball_on=2, down=None, marker=0)
    return after, [ruling]


def two_point_over(state: FirstAndGoalState, *, good: bool, why: str) -> Result:
    """Two-point conversion (p. 9): 2 points in the end zone; a turnover or offensive penalty
    scores nothing."""
    s = state.offense
    assert s is not None
    if good:
        ruling = Ruling(
            "two_point", f"Two-point try good: 2 points {state.name(s)}.", team=s, points=2
        )
        state = _score(state, s, 2)
    else:
        ruling = Ruling("two_point_failed", f"Two-point try fails ({why}).", team=s)
    after, more = to_kickoff(replace(state, scorer=None), other(s))
    return after, [ruling, *more]


def safety(state: FirstAndGoalState) -> Result:
    """Safety (p. 9): 2 points to the defence; the offence punts from its own 20."""
    dfn = state.defence
    ruling = Ruling(
        "safety", f"Safety! 2 points {state.name(dfn)}.", team=dfn, points=SAFETY_POINTS
    )
    state = _score(state, dfn, SAFETY_POINTS)
    if state.half > 2:
        after, more = _finish(state, f"{state.name(dfn)} score first in overtime.")
        return after, [ruling, *more]
    state = replace(
        _refill(state),
        ball_on=yards.touchback(),
        down=None,
        marker=None,
        free_kick=True,
        kick="punt",
        kick_bonus=0,
        play=None,
    )
    return _board_step(state, "punt"), [ruling]


# Fourth down: field goals and punts --------------------------------------------------------


def field_goal(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Field goal (pp. 7, 9): both sides first reveal their fake/kick cards."""
    _nothing_more("fg", rest)
    ruling = Ruling(
        "decision", f"{_offence_team(state)} line up for a field goal.", team=state.offense
    )
    return replace(state, phase="kick_reveal", kick="fg", pass_completed=False), [ruling]


def punt(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt (p. 8): on 4th down; both sides first reveal their fake/kick cards."""
    _nothing_more("punt", rest)
    ruling = Ruling("decision", f"{_offence_team(state)} punt.", team=state.offense)
    return replace(state, phase="kick_reveal", kick="punt", pass_completed=False), [ruling]


def fake_or_kick(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Fake punt / field goal (p. 11): the four combinations of the fake/kick cards."""
    off_card, def_card = _read_dice(rest, (("offence", "fakekick"), ("defence", "fakekick")))
    assert state.ball_on is not None and state.kick is not None
    what = "field goal" if state.kick == "fg" else "punt"
    if off_card == "kick":
        bonus = FAKE_BONUS if def_card == "fake" else 0
        text = f"Kick against {def_card}: a normal {what}"
        text += f", +{FAKE_BONUS} yards to the kick." if bonus else "."
        state = replace(state, kick_bonus=bonus)
        if state.kick == "fg":
            return replace(state, phase="fg_block"), [Ruling("kick", text)]
        return _board_step(state, "punt"), [Ruling("kick", text)]
    if def_card == "kick":
        ruling = Ruling(
            "fake",
            f"Fake {what}! Both coaches play a card as usual, without the black die.",
            team=state.offense,
        )
        return replace(state, phase="fake_call", kick=None), [ruling]
    dfn = state.defence
    ruling = Ruling(
        "fake_failed",
        f"Fake against fake: broken up, {state.name(dfn)} take over at the spot.",
        team=dfn,
    )
    after = _change_possession(state, dfn, yards.flip(state.ball_on))
    return _to_call(replace(after, kick=None)), [ruling]


def field_goal_block(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Field goal (p. 7): the defence rolls referee and play dice; two X block the kick."""
    ref_face, play_face = _read_dice(rest, (("ref", "ref"), ("play", "play")))
    assert state.ball_on is not None
    if ref_face == "x" and play_face == "x":
        dfn = state.defence
        rulings = [
            Ruling("field_goal_blocked", "Two X: the field goal is blocked!", team=dfn),
            *_burn_after_field_goal(state),
        ]
        state = _burned_once(state)
        rulings.append(
            Ruling(
                "possession",
                f"{state.name(dfn)} take over at {state.spot_for(dfn, yards.flip(state.ball_on))}.",
                team=dfn,
            )
        )
        after = _change_possession(replace(state, kick=None), dfn, yards.flip(state.ball_on))
        return _to_call(after), rulings
    ruling = Ruling("no_block", f"Block try {ref_face} and {play_face}: the kick is away.")
    return _board_step(state, "fg"), [ruling]


def field_goal_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Field goal (p. 7): the distance dice must carry the ball to the 0-yard line."""
    dice = state.board_dice("fg")
    assert dice is not None and state.ball_on is not None and state.offense is not None
    values = [int(v) for v in _read_dice(rest, tuple((c, "num") for c in dice))]
    total = sum(values) + state.kick_bonus
    off, dfn = state.offense, state.defence
    rulings = _burn_after_field_goal(state)
    state = replace(_burned_once(state), kick=None, kick_bonus=0)
    if yards.advance(state.ball_on, total) <= 0:
        rulings.insert(
            0,
            Ruling(
                "field_goal",
                f"Kick {total} yards from the {state.ball_on}: the ball enters the end zone. "
                f"Field goal {state.name(off)}, 3 points!",
                team=off,
                points=FIELD_GOAL_POINTS,
                yards=total,
            ),
        )
        state = _score(state, off, FIELD_GOAL_POINTS)
        if state.half > 2:
            after, more = _finish(state, f"{state.name(off)} score first in overtime.")
            return after, [*rulings, *more]
        after, more = to_kickoff(state, dfn)
        return after, [*rulings, *more]
    rulings.insert(
        0,
        Ruling(
            "field_goal_missed",
            f"Kick {total} yards from the {state.ball_on}: short. {state.name(dfn)} take over "
            f"at the spot of the attempt.",
            team=dfn,
            yards=total,
        ),
    )
    after = _change_possession(state, dfn, yards.flip(state.ball_on))
    return _to_call(after), rulings


def punt_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt (p. 8): the punt dice, or all but one of them and the play die with its effects."""
    assert state.ball_on is not None
    if state.d20:
        roll, row = _read_dice(rest, (("d20", "d20"), ("return", "punt_row")))
        distance = D20_PUNT_BASE + int(roll) + state.kick_bonus
        text = f"d20 punt: {D20_PUNT_BASE} + {roll} = {distance} yards"
        return punt_lands(state, distance, no_return=row == "fc", text=text)
    dice = state.board_dice("punt")
    assert dice is not None
    swapped = bool(rest) and rest[-1] in PLAY_FACES
    spec: tuple[tuple[str, str], ...] = tuple((c, "num") for c in dice)
    if swapped:
        if len(dice) < 2:
            raise IllegalEntry("the punt has only one die to roll; enter its face alone")
        spec = (*tuple(("punt", "num") for _ in dice[1:]), ("play", "play"))
        named = [c for c in rest[::2] if c in dice]
        if rest[0] in _LABELS and len(named) == len(dice) - 1:
            # Labelled faces name the punt dice kept; the one left out was swapped.
            spec = (*tuple((c, "num") for c in named), ("play", "play"))
    values = _read_dice(rest, spec)
    distance = sum(int(v) for v in values if isinstance(v, int)) + state.kick_bonus
    if not swapped:
        return punt_lands(state, distance, no_return=False, text=f"Punt {distance} yards")
    face = str(values[-1])
    if face == "x":
        dfn = state.defence
        ruling = Ruling(
            "punt_blocked",
            f"Play die X: the punt is blocked! {state.name(dfn)} take over at the spot.",
            team=dfn,
        )
        after = _change_possession(replace(state, kick=None), dfn, yards.flip(state.ball_on))
        return _to_call(after), [ruling]
    if face == "break":
        ruling = Ruling("extra_bounce", f"Punt {distance} yards and an extra bounce: roll it.")
        return replace(state, phase="punt_bounce", kick_distance=distance), [ruling]
    if face == "t":
        ruling = Ruling("punt_loose", f"Punt {distance} yards, ball loose: roll the referee die.")
        return replace(state, phase="punt_ref_t", kick_distance=distance), [ruling]
    if face == "p":
        ruling = Ruling(
            "potential_penalty", "Potential penalty on the punt: roll referee and penalty dice."
        )
        return replace(state, phase="punt_ref_p", kick_distance=distance), [ruling]
    return punt_lands(
        state, distance, no_return=True, text=f"Punt {distance} yards, out of bounds or fair catch"
    )


def punt_bounce(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt, play-die breakaway (p. 8): extra bounce, roll the die again and add it."""
    (face,) = _read_dice(rest, (("bounce", "num"),))
    distance = state.kick_distance + int(face)
    return punt_lands(
        state, distance, no_return=False, text=f"Extra bounce {face}: punt {distance} yards"
    )


def punt_referee_turnover(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt, play-die T (p. 8): a T on the referee die and the punting team recovers."""
    (face,) = _read_dice(rest, (("ref", "ref"),))
    assert state.ball_on is not None and state.offense is not None
    distance = state.kick_distance
    landing = yards.advance(state.ball_on, distance)
    if face == "t" and landing > 0:
        off = state.offense
        ruling = Ruling(
            "punt_recovered",
            f"Referee die T: {state.name(off)} recover their own punt at "
            f"{state.spot_for(off, landing)}; 1st & 10.",
            team=off,
        )
        return _to_call(_first_down(replace(state, kick=None, free_kick=False), landing)), [ruling]
    return punt_lands(
        state, distance, no_return=False, text=f"Referee die {face}: punt {distance} yards"
    )


def punt_referee_penalty(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt, play-die P (p. 8): referee and penalty dice; a flag waits for accept or decline."""
    face, pen = _read_dice(rest, (("ref", "ref"), ("pen", "pen")))
    assert state.ball_on is not None and state.offense is not None
    if face not in ("def", "off"):
        return punt_lands(
            state,
            state.kick_distance,
            no_return=False,
            text=f"Referee die {face}: no penalty, punt {state.kick_distance} yards",
        )
    offender = state.defence if face == "def" else state.offense
    ruling = Ruling(
        "penalty",
        f"Penalty on {state.name(offender)}, {_pen_text(str(pen), face == 'def')}.",
        team=offender,
        data={"face": face, "yards": pen},
    )
    after = replace(state, phase="punt_penalty_choice", kick_penalty=(str(face), str(pen)))
    return after, [ruling]


def punt_penalty_accept(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt, play-die P (p. 8): move the ball and repeat the punt (maybe a new 1st down)."""
    _nothing_more("accept", rest)
    assert state.ball_on is not None and state.offense is not None
    assert state.kick_penalty is not None
    face, pen = state.kick_penalty
    off = state.offense
    chooser = off if face == "def" else state.defence
    signed = PEN_YARDS[pen] if face == "def" else -PEN_YARDS[pen]
    spot = yards.half_distance_penalty_spot(state.ball_on, signed)
    ruling = Ruling(
        "penalty_accepted",
        f"{state.name(chooser)} accept the penalty: ball at {state.spot_for(off, spot)}.",
        team=chooser,
    )
    state = replace(state, kick_penalty=None)
    marker = state.marker if state.marker is not None else yards.first_down_marker(state.ball_on)
    if face == "def" and (pen == "5a" or spot <= marker) and not state.free_kick:
        first = Ruling(
            "first_down", f"The penalty gives {state.name(off)} a new 1st down.", team=off
        )
        after = _first_down(replace(state, kick=None, kick_bonus=0), spot)
        return _to_call(after), [ruling, first]
    repeat = Ruling("repeat_punt", "Repeat the punt from the new spot.")
    return replace(state, ball_on=spot, phase="punt_roll"), [ruling, repeat]


def punt_penalty_decline(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt, play-die P (p. 7 declining): the punt stands as rolled; the receivers may return."""
    _nothing_more("decline", rest)
    assert state.kick_penalty is not None and state.offense is not None
    chooser = state.offense if state.kick_penalty[0] == "def" else state.defence
    distance = state.kick_distance
    state = replace(state, kick_penalty=None)
    text = f"{state.name(chooser)} decline the penalty: punt {distance} yards"
    return punt_lands(state, distance, no_return=False, text=text)


def punt_lands(state: FirstAndGoalState, distance: int, *, no_return: bool, text: str) -> Result:
    """Punt (p. 8): over the goal line a touchback at the 20; else return or fair catch."""
    assert state.ball_on is not None
    dfn = state.defence
    landing = yards.advance(state.ball_on, distance)
    state = replace(state, kick=None, kick_bonus=0, kick_distance=0, free_kick=False)
    if landing <= 0:
        ruling = Ruling(
            "punt_touchback",
            f"{text}: into the end zone, touchback; {state.name(dfn)} at their 20.",
            team=dfn,
            yards=distance,
        )
        return _to_call(_change_possession(state, dfn, yards.touchback())), [ruling]
    landing = min(landing, yards.FIELD - 1)
    catch = yards.flip(landing)
    after = _change_possession(state, dfn, catch)
    if no_return:
        ruling = Ruling(
            "punt",
            f"{text}: no return; {state.name(dfn)} ball at {state.spot_for(dfn, catch)}.",
            team=dfn,
            yards=distance,
        )
        return _to_call(after), [ruling]
    ruling = Ruling(
        "punt",
        f"{text}: it comes down at {state.spot_for(dfn, catch)}; "
        f"{state.name(dfn)} return or fair catch.",
        team=dfn,
        yards=distance,
    )
    return replace(after, phase="punt_return_choice"), [ruling]


def fair_catch(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt (p. 8): a fair catch takes the ball where it lands."""
    _nothing_more("faircatch", rest)
    off = state.offense
    assert off is not None and state.ball_on is not None
    ruling = Ruling(
        "fair_catch",
        f"Fair catch: {state.name(off)} 1st & 10 at {state.spot_for(off, state.ball_on)}.",
        team=off,
    )
    return _to_call(state), [ruling]


def punt_return(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Punt return (p. 8): the green die and the play die with its normal effects."""
    _nothing_more("return", rest)
    assert state.ball_on is not None
    colour = "d20" if state.d20 else "green"
    play = Play("punt_return", start=state.ball_on, colours=(colour,))
    ruling = Ruling("decision", f"{_offence_team(state)} return the punt.", team=state.offense)
    return replace(state, phase="roll", play=play), [ruling]


# Clock, time-outs and special situations ---------------------------------------------------


def time_out(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Time-out (pp. 4, 10): 3 a half; against a burn the defence saves the card."""
    side = _one_side(rest, "timeout", state)
    if state.phase == "matchup" and side != state.defence:
        raise IllegalEntry(
            "the cards are revealed: only the defence may call a time-out now, to save the "
            "run's card; name the dice instead"
        )
    left = state.timeouts_of(side)
    if left <= 0:
        raise IllegalEntry(
            f"{state.name(side)} have no time-outs left this half; play a card instead"
        )
    counts = list(state.timeouts)
    counts[SIDES.index(side)] = left - 1
    rulings = [
        Ruling(
            "timeout",
            f"Time-out {state.name(side)} ({left - 1} left this half).",
            team=side,
            data={"left": left - 1},
        )
    ]
    green, burned = state.green, state.burned
    play = state.play
    if side == state.defence:
        if state.phase == "matchup" and play is not None and play.burn is not None:
            green, burned = _unburn(green, play.burn), burned - 1
            play = replace(play, burn=None)
            rulings.append(Ruling("unburn", "The defence's time-out saves the run's card."))
        elif state.phase == "call" and state.clock_burn:
            green, burned = _unburn(green, "deck"), burned - 1
            rulings.append(Ruling("unburn", "The defence's time-out saves the burned card."))
    after = replace(
        state,
        timeouts=(counts[0], counts[1]),
        green=green,
        burned=burned,
        play=play,
        clock_burn=False,
        resume=state.phase,
        phase="timeout_options",
    )
    return after, rulings


def time_out_options(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Time-out (p. 4): each coach A) takes a card from the discards or B) redraws the hand."""
    off_choice, def_choice = _read_dice(rest, (("offence", "option"), ("defence", "option")))
    green, black = state.green, state.black
    for who, choice, cards in (("offence", off_choice, green), ("defence", def_choice, black)):
        if choice == "a" and cards.discard == 0:
            raise IllegalEntry(
                f"the {who} discard pile is empty; choose b (redraw) or none for the {who}"
            )
    if off_choice == "a":
        green = replace(green, hand=green.hand + 1, discard=green.discard - 1)
    if def_choice == "a":
        black = replace(black, hand=black.hand + 1, discard=black.discard - 1)
    labels = {"a": "takes a card from its discard pile", "b": "redraws its hand", "none": "passes"}
    ruling = Ruling(
        "timeout_options",
        f"Offence {labels[str(off_choice)]}; defence {labels[str(def_choice)]}.",
        data={"offence": off_choice, "defence": def_choice},
    )
    assert state.resume is not None
    return replace(state, phase=state.resume, resume=None, green=green, black=black), [ruling]


def run_the_clock(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Running the clock (p. 10): after a completed pass the offence may burn a card."""
    _nothing_more("runclock", rest)
    green, _ = burn_card(replace(state.green, hand=0))
    green = replace(green, hand=state.green.hand)
    ruling = Ruling(
        "burn",
        f"{_offence_team(state)} run the clock: a card is burned.",
        team=state.offense,
        data={"from": "deck"},
    )
    after = replace(
        state, green=green, burned=state.burned + 1, pass_completed=False, clock_burn=True
    )
    return after, [ruling]


def qb_kneel(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Quarterback kneel (p. 10): deck empty; burn a card from the hand, lose 1 yard and a down."""
    _nothing_more("kneel", rest)
    assert state.ball_on is not None
    green = replace(state.green, hand=state.green.hand - 1, discard=state.green.discard + 1)
    state = replace(state, green=green, burned=state.burned + 1, pass_completed=False)
    ruling = Ruling(
        "kneel",
        f"{_offence_team(state)} kneel: a card burned, 1 yard lost.",
        team=state.offense,
        yards=-1,
    )
    spot = yards.advance(state.ball_on, -1)
    if yards.is_safety(spot):
        after, more = safety(state)
    else:
        after, more = downs(state, spot)
    return after, [ruling, *more]


def qb_sneak(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Quarterback sneak (p. 11): only 1 yard short of a 1st down; roll the play die."""
    _nothing_more("sneak", rest)
    assert state.ball_on is not None
    ruling = Ruling("decision", f"{_offence_team(state)} QB sneak.", team=state.offense)
    play = Play("sneak", start=state.ball_on)
    return replace(state, phase="sneak", play=play, pass_completed=False), [ruling]


def sneak_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Quarterback sneak (p. 11): breakaway, HAIL or MARY gain the yard; X or T do not; P
    calls the referee and penalty dice."""
    (face,) = _read_dice(rest, (("play", "play"),))
    if face == "p":
        ruling = Ruling(
            "potential_penalty", "Sneak: potential penalty, roll referee and penalty dice."
        )
        return replace(state, phase="sneak_ref"), [ruling]
    if face in ("break", "hail", "mary"):
        return sneak_result(state, gain=1, why=f"play die {face}")
    return sneak_result(state, gain=0, why=f"play die {face}")


def sneak_result(state: FirstAndGoalState, *, gain: int, why: str) -> Result:
    """Quarterback sneak (p. 11): +1 yard and a new 1st down, or no gain and a down lost."""
    assert state.ball_on is not None and state.offense is not None
    state = replace(state, play=None)
    off = state.offense
    if gain:
        spot = yards.advance(state.ball_on, 1)
        ruling = Ruling("sneak", f"Sneak ({why}): 1 yard and a new 1st down.", team=off, yards=1)
        if yards.is_touchdown(spot):
            after, more = touchdown(state, off)
            return after, [ruling, *more]
        return _to_call(_first_down(state, spot)), [ruling]
    ruling = Ruling("sneak", f"Sneak ({why}): no gain, a down lost.", team=off, yards=0)
    after, more = downs(replace(state, marker=state.marker), state.ball_on)
    return after, [ruling, *more]


def hail_mary(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Hail Mary pass (p. 10): the last play of the half, 1 or 2 cards, on or behind own 35."""
    _nothing_more("hailmary", rest)
    ruling = Ruling("decision", f"{_offence_team(state)} throw a Hail Mary!", team=state.offense)
    return replace(state, phase="hail_mary", pass_completed=False), [ruling]


def hail_mary_roll(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Hail Mary pass (p. 10): HAIL and MARY on the play and referee dice is a touchdown."""
    play_face, ref_face = _read_dice(rest, (("play", "play"), ("ref", "ref")))
    off = state.offense
    assert off is not None
    spent = state.green.hand
    state = replace(
        state,
        green=replace(state.green, hand=0, discard=state.green.discard + spent),
        burned=state.burned + spent,
    )
    if {play_face, ref_face} == {"hail", "mary"}:
        ruling = Ruling("hail_mary", "HAIL and MARY: caught in the end zone!", team=off)
        after, more = touchdown(state, off)
        return after, [ruling, *more]
    ruling = Ruling(
        "hail_mary_failed", f"{play_face} and {ref_face}: the Hail Mary falls incomplete.", team=off
    )
    after, more = end_of_half(state)
    return after, [ruling, *more]


def unplayable_hand(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Unplayable hand (p. 10): discard 1 or 2 and redraw; nothing left to draw ends the half."""
    if len(rest) != 1 or rest[0] not in ("1", "2"):
        raise IllegalEntry("enter how many cards the offence discards: unplayable 1 | unplayable 2")
    n = min(int(rest[0]), state.green.hand)
    if state.green.deck == 0:
        ruling = Ruling("unplayable", "Unplayable hand and no card left to draw: the half ends.")
        after, more = end_of_half(state)
        return after, [ruling, *more]
    draw = min(n, state.green.deck)
    green = replace(
        state.green,
        hand=state.green.hand - n + draw,
        deck=state.green.deck - draw,
        discard=state.green.discard + n,
    )
    ruling = Ruling(
        "unplayable", f"Unplayable hand: {n} discarded, {draw} drawn.", team=state.offense
    )
    return replace(state, green=green, pass_completed=False), [ruling]


def end_of_half(state: FirstAndGoalState) -> Result:
    """End of half (pp. 9-10): halftime, the end of the game, or overtime when tied."""
    state = replace(
        state, play=None, kick=None, resume=None, pass_completed=False, clock_burn=False
    )
    fresh = replace(
        state,
        green=Cards(),
        black=Cards(),
        burned=0,
        timeouts=(TIMEOUTS, TIMEOUTS),
        scores=(*state.scores, (0, 0)),
        half=state.half + 1,
        board=state.board,
    )
    if state.half == 1:
        assert state.first_receiver is not None
        receiver = other(state.first_receiver)
        ruling = Ruling(
            "halftime",
            f"The offence is out of cards: halftime. {state.name(state.first_receiver)} kick off "
            f"to {state.name(receiver)}.",
        )
        after, more = to_kickoff(fresh, receiver)
        return after, [ruling, *more]
    total = state.total
    if total["home"] != total["away"]:
        return _finish(state, "The offence is out of cards: end of the game.")
    ruling = Ruling(
        "overtime",
        f"Tied {total['home']}-{total['away']}: overtime, 3 new time-outs each; first score "
        "wins. Toss the coin.",
    )
    return replace(fresh, phase="toss", offense=None, ball_on=None, down=None, marker=None), [
        ruling
    ]


# Small helpers ------------------------------------------------------------------------------

Result = tuple[FirstAndGoalState, list[Ruling]]


def _finish(state: FirstAndGoalState, why: str) -> Result:
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(
        state, phase="final", winner=winner, play=None, down=None, marker=None, ball_on=None
    )
    return done, [Ruling("final", f"{why} Final: {final_line(done)}", team=winner)]


def _score(state: FirstAndGoalState, side: Side, points: int) -> FirstAndGoalState:
    h, a = state.scores[-1]
    if side == "home":
        h += points
    else:
        a += points
    return replace(state, scores=(*state.scores[:-1], (h, a)))


def _refill(state: FirstAndGoalState) -> FirstAndGoalState:
    """Refill (p. 5): both coaches draw back up to 8 cards."""
    return replace(state, green=_draw_up(state.green), black=_draw_up(state.black))


def _draw_up(cards: Cards) -> Cards:
    take = max(0, min(HAND - cards.hand, cards.deck))
    return replace(cards, hand=cards.hand + take, deck=cards.deck - take)


def _shuffle_in(cards: Cards) -> Cards:
    """Change of possession (p. 5): hand shuffled into the deck, 8 new cards drawn."""
    left = cards.deck + cards.hand
    hand = min(HAND, left)
    return replace(cards, hand=hand, deck=left - hand)


def _change_possession(
    state: FirstAndGoalState, side: Side, ball_on: int | None
) -> FirstAndGoalState:
    state = replace(
        state,
        offense=side,
        green=_shuffle_in(state.green),
        black=_shuffle_in(state.black),
        play=None,
        pass_completed=False,
        clock_burn=False,
    )
    if ball_on is None:
        return state
    return _first_down(state, ball_on)


def _first_down(state: FirstAndGoalState, ball_on: int) -> FirstAndGoalState:
    return replace(
        state, ball_on=ball_on, down=1, marker=yards.first_down_marker(ball_on), play=None
    )


def _out_of_cards(state: FirstAndGoalState) -> bool:
    """End of half (p. 9): the offence has no card in hand or deck (or the defence none)."""
    return state.green.left == 0 or state.black.left == 0


def _to_call(state: FirstAndGoalState) -> FirstAndGoalState:
    """The next play call; ``apply`` ends the half at once if the offence is out of cards."""
    return replace(state, phase="call", play=None, kick=None, kick_bonus=0)


def _unburn(cards: Cards, where: Literal["deck", "hand"]) -> Cards:
    if where == "deck":
        return replace(cards, deck=cards.deck + 1, discard=cards.discard - 1)
    return replace(cards, hand=cards.hand + 1, discard=cards.discard - 1)


def _burn_after_field_goal(state: FirstAndGoalState) -> list[Ruling]:
    return [Ruling("burn", "A card is burned after the field-goal attempt.", team=state.offense)]


def _burned_once(state: FirstAndGoalState) -> FirstAndGoalState:
    green, where = burn_card(state.green)
    return replace(state, green=green, burned=state.burned + (1 if where else 0))


def _board_step(state: FirstAndGoalState, kind: str) -> FirstAndGoalState:
    """The kick's roll, after asking the board's dice the first time they are needed."""
    state = replace(state, kick=kind)
    dice = state.board_dice(kind)
    if kind == "punt" and state.d20:
        return replace(state, phase="punt_roll")
    if dice is None:
        return replace(state, phase="board_dice")
    if kind == "return":
        assert state.offense is not None
        play = Play("kick_return", start=yards.FIELD, colours=dice)
        return replace(state, phase="roll", play=play, kick=None)
    return replace(state, phase={"punt": "punt_roll", "fg": "fg_roll", "squib": "squib_roll"}[kind])


def _read_cards(rest: Sequence[str]) -> tuple[str, bool, str, str | None]:
    """``play <offence card> <defence card> [r10|r20|clock]``, names hyphenated or spaced."""
    tokens = [ALIASES.get(t, t) for t in rest]
    if not tokens:
        raise IllegalEntry("enter both cards: play <offence card> <defence card> [r10|r20|clock]")
    mark = None
    if tokens[-1] in MARKS:
        mark = tokens.pop()
    offence, used = _match_card(tokens, RUNS + PASSES, ("run:", "pass:"), "offence")
    run = offence in RUNS or offence.startswith("run:")
    defence, used2 = _match_card(tokens[used:], DEFENCES, ("def:",), "defence")
    if used + used2 != len(tokens):
        extra = " ".join(tokens[used + used2 :])
        raise IllegalEntry(f"unexpected {extra!r} after the cards; a mark is r10, r20 or clock")
    return offence, run, defence, mark


def _match_card(
    tokens: Sequence[str], names: tuple[str, ...], free: tuple[str, ...], role: str
) -> tuple[str, int]:
    for n in range(min(4, len(tokens)), 0, -1):
        name = ALIASES.get("-".join(tokens[:n]), "-".join(tokens[:n]))
        if name in names:
            return name, n
    if tokens and tokens[0].startswith(free) and len(tokens[0]) > len(tokens[0].split(":")[0]) + 1:
        return tokens[0], 1
    got = tokens[0] if tokens else "nothing"
    known = ", ".join(names)
    raise IllegalEntry(
        f"{got!r} is not a{'n' if role == 'offence' else ''} {role} card; one of: {known}, "
        f"or {' / '.join(f + 'NAME' for f in free)} for an expansion card"
    )


def _read_colours(rest: Sequence[str], *, allow_black: bool, most: int) -> tuple[str, ...]:
    allowed = (*COLOURS, "black") if allow_black else COLOURS
    if not rest:
        raise IllegalEntry(
            f"name the dice to roll: dice <colour> ...; colours: {', '.join(allowed)}"
        )
    out: list[str] = []
    for token in (part for word in rest for part in re.split(r"[-+]", word) if part):
        if token not in allowed:
            raise IllegalEntry(f"{token!r} is not a die to name here; one of: {', '.join(allowed)}")
        if token != "black" and token in out:
            raise IllegalEntry(f"there is only one {token} die; name each colour once")
        out.append(token)
    if out.count("black") > MAX_BLACK:
        raise IllegalEntry(f"at most {MAX_BLACK} black dice; got {out.count('black')}")
    if len(out) > most + (MAX_BLACK if allow_black else 0):
        raise IllegalEntry(f"too many dice named ({len(out)})")
    return tuple(out)


def _combos(most: int, blacks: int) -> tuple[str, ...]:
    """Every set of dice a line can name, as one word ("red-tan-black"), for pickers."""
    out: list[str] = []
    for size in range(most + 1):
        for chosen in combinations(COLOURS, size):
            for b in range(blacks + 1):
                if size or b:
                    out.append("-".join([*chosen, *(["black"] * b)]))
    return tuple(out)


_KICK_COMBOS = _combos(MAX_KICK_DICE, 0)
_CARD_COMBOS = _combos(len(COLOURS), MAX_BLACK - 1)
_NUM = re.compile(r"[+-]?\d{1,3}")
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "play": PLAY_FACES,
    "ref": REF_FACES,
    "pen": PEN_FACES,
    "fakekick": FAKE_KICK,
    "option": TIMEOUT_OPTIONS,
    "punt_row": ("fc", "ret"),
}
_LABELS = {
    **{c: c for c in COLOURS},
    "black": "black",
    "play": "play",
    "ref": "ref",
    "referee": "ref",
    "pen": "pen",
    "penalty": "pen",
    "d20": "d20",
}


def _range(name: str, kind: str) -> tuple[int, int]:
    if kind == "d20" or name == "d20":
        return 1, 20
    if name == "black":
        return BLACK_LOW, BLACK_HIGH
    return COLOUR_LOW, COLOUR_HIGH


def _read_dice(rest: Sequence[str], spec: tuple[tuple[str, str], ...]) -> list[int | str]:
    """Faces in the order asked, or labelled by die ("red 4 black -2 play t")."""
    tokens = list(rest)
    if tokens and tokens[0] in _LABELS:
        tokens = _unlabel(tokens, spec)
    if len(tokens) != len(spec):
        raise IllegalEntry(f"expected {len(spec)} faces ({_describe(spec)}); got {len(tokens)}")
    out: list[int | str] = []
    for token, (name, kind) in zip(tokens, spec, strict=True):
        if kind in ("num", "d20"):
            low, high = _range(name, kind)
            if not _NUM.fullmatch(token) or not low <= int(token) <= high:
                raise IllegalEntry(
                    f"the {name} die shows a number from {low} to {high}; got {token!r}"
                )
            out.append(int(token))
        else:
            faces = _KIND_WORDS[kind]
            if token not in faces:
                what = _DIE_NAMES.get(name, name)
                raise IllegalEntry(f"the {what} shows one of {', '.join(faces)}; got {token!r}")
            out.append(token)
    return out


def _unlabel(tokens: list[str], spec: tuple[tuple[str, str], ...]) -> list[str]:
    """Labelled faces ("red 4 tan 2") put in the asked order; an uncalled colour is refused."""
    if len(tokens) % 2:
        raise IllegalEntry(f"give each die's label and face; expected {_describe(spec)}")
    slots: list[str | None] = [None] * len(spec)
    for label_token, value in zip(tokens[::2], tokens[1::2], strict=True):
        label = _LABELS.get(label_token)
        if label is None:
            raise IllegalEntry(f"{label_token!r} is not a die; expected {_describe(spec)}")
        free = [i for i, (name, _) in enumerate(spec) if name == label and slots[i] is None]
        if not free:
            if any(name == label for name, _ in spec):
                raise IllegalEntry(f"the {label} die was given too many times")
            raise IllegalEntry(
                f"no {label} die is rolled now: the dice called for are {_describe(spec)}"
            )
        slots[free[0]] = value
    missing = [spec[i][0] for i, v in enumerate(slots) if v is None]
    if missing:
        raise IllegalEntry(f"missing the {', '.join(missing)} die; expected {_describe(spec)}")
    return [v for v in slots if v is not None]


def _describe(spec: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(name for name, _ in spec)


def _roll_dice_spec(play: Play) -> tuple[tuple[str, str], ...]:
    if play.pending is not None:
        return (("d20", "d20"),)  # the d20 table's second roll, alone (p. 16)
    spec = [(c, "d20" if c == "d20" else "num") for c in play.colours]
    spec += [("black", "num")] * play.blacks
    if play.play_die:
        spec.append(("play", "play"))
    return tuple(spec)


def _show_values(spec: tuple[tuple[str, str], ...], values: Sequence[int | str]) -> str:
    return ", ".join(f"{name} {v}" for (name, _), v in zip(spec, values, strict=True))


def _show_card(card: str) -> str:
    return card.split(":", 1)[-1].replace("-", " ").upper()


def _pen_text(pen: str, on_defence: bool) -> str:
    if pen == "5a":
        return "5 yards and an automatic 1st down" if on_defence else "5 yards (5A)"
    return f"{pen} yards"


def _nothing_more(keyword: str, rest: Sequence[str]) -> None:
    if rest:
        raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(rest)!r}")


def _one_side(rest: Sequence[str], keyword: str, state: FirstAndGoalState) -> Side:
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    for side in SIDES:
        labels.setdefault(state.name(side).lower(), side)
    if state.offense is not None and state.phase != "toss":
        for w in ("off", "offence", "offense"):
            labels[w] = state.offense
        for w in ("def", "defence", "defense"):
            labels[w] = state.defence
    if len(rest) != 1 or rest[0] not in labels:
        raise IllegalEntry(f"enter the team: {keyword} home | {keyword} away")
    return labels[rest[0]]


def _offence_team(state: FirstAndGoalState) -> str:
    assert state.offense is not None
    return state.name(state.offense)


def _coach(state: FirstAndGoalState, side: Side, role: str) -> str:
    """The person who acts: a team, or its offence/defence coach in the team variants."""
    two = state.teams == "2v2" or state.teams == f"2v1-{side}"
    return f"{side} {role} coach" if two else side


def down_line(state: FirstAndGoalState) -> str:
    """ "2nd & 4 at Bears 26" or "1st & goal at Packers 6"."""
    assert state.ball_on is not None and state.down is not None and state.marker is not None
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[state.down]
    to_go = (
        "goal" if state.marker == 0 else str(yards.distance_to_gain(state.ball_on, state.marker))
    )
    return f"{ordinal} & {to_go} at {spot(state)}"


def spot(state: FirstAndGoalState) -> str:
    assert state.ball_on is not None and state.offense is not None
    return state.spot_for(state.offense, state.ball_on)


def final_line(state: FirstAndGoalState) -> str:
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return f"{line}."


_DIE_NAMES = {
    "play": "play die",
    "ref": "referee die",
    "pen": "penalty die",
    "offence": "offence's card",
    "defence": "defence's card",
    "return": "d20 table row",
}
_BURN_FROM = {"deck": "top of the deck", "hand": "from the hand, the deck is empty"}
_KICK_NAMES = {
    "return": "kickoff-return",
    "punt": "punt",
    "fg": "field-goal",
    "squib": "squib-kick",
}


# Prompts: who acts now and the entries legal now ------------------------------------------


def _sides_slot(label: str, sides: Sequence[Side]) -> Slot:
    return Slot(label, "word", words=tuple(sides))


def _slot(name: str, kind: str) -> Slot:
    if kind in ("num", "d20"):
        low, high = _range(name, kind)
        colour = None if name in ("punt", "bounce") else name
        return Slot(f"{name} die", "number", colour=colour, low=low, high=high)
    label = {"play": "play die", "ref": "referee die", "pen": "penalty die"}.get(name, name)
    colour = "white" if kind in ("play", "ref", "pen") else None
    return Slot(label, "word", colour=colour, words=_KIND_WORDS[kind])


def _roll_form(spec: tuple[tuple[str, str], ...], help: str, keyword: str = "roll") -> EntryForm:
    return EntryForm(keyword, help, tuple(_slot(name, kind) for name, kind in spec))


def _timeout_form(state: FirstAndGoalState, sides: Sequence[Side]) -> list[EntryForm]:
    able = [s for s in sides if state.timeouts_of(s) > 0]
    if not able:
        return []
    return [EntryForm("timeout", "a team calls a time-out", (_sides_slot("team", able),))]


def _play_forms(state: FirstAndGoalState) -> list[EntryForm]:
    assert state.ball_on is not None
    cards = (
        Slot("offence card", "word", words=RUNS + PASSES),
        Slot("defence card", "word", words=DEFENCES),
    )
    forms = [EntryForm("play", "both cards revealed", cards)]
    limits = {"r10": 10, "r20": 20, "clock": 10}
    marks = tuple(m for m in MARKS if state.ball_on > limits[m])
    if marks:
        forms.append(
            EntryForm(
                "play",
                "both cards revealed; the offence card has a red 10 / 20 or running-clock mark",
                (*cards, Slot("mark", "word", words=marks)),
            )
        )
    return forms


def _prompt_toss(state: FirstAndGoalState) -> Prompt:
    when = "Overtime: flip" if state.half > 2 else "Flip"
    return Prompt(
        "away",
        f"{when} the RFL coin; {state.away} call head or lion. Enter the winner, who takes the "
        "ball: toss home | toss away",
        (EntryForm("toss", "the team that won the coin toss", (_sides_slot("winner", SIDES),)),),
    )


def _prompt_kickoff(state: FirstAndGoalState) -> Prompt:
    off, kicker = state.offense, state.defence
    assert off is not None
    forms = [
        EntryForm("touchback", f"{state.name(off)} take a touchback at their 20"),
        EntryForm("return", f"{state.name(off)} run the kickoff back from the goal line"),
        EntryForm("onside", f"{state.name(kicker)} try an onside kick from their 30"),
    ]
    extra = ""
    if state.squib:
        forms.append(EntryForm("squib", f"{state.name(kicker)} squib kick from their 30"))
        extra = " or squib"
    return Prompt(
        _coach(state, off, "offence"),
        f"Kickoff: {state.name(kicker)} kick off to {state.name(off)}. {state.name(off)}: "
        f"touchback or return; or {state.name(kicker)} kick onside{extra}",
        tuple(forms),
    )


def _prompt_board_dice(state: FirstAndGoalState) -> Prompt:
    assert state.kick is not None and state.offense is not None
    forms = (
        EntryForm(
            "dice",
            "the colours printed on the board, e.g. dice red tan (or red-tan)",
            (Slot("dice", "word", words=_KICK_COMBOS),),
        ),
    )
    roller = state.offense if state.kick != "squib" else state.defence
    return Prompt(
        _coach(state, roller, "offence"),
        f"Which dice does the board show for the {_KICK_NAMES[state.kick]}? Enter "
        "dice <colour> ... (asked once a game)",
        forms,
    )


def _prompt_onside(state: FirstAndGoalState) -> Prompt:
    spec = (("red", "num"), ("brown", "num"), ("play", "play"), ("ref", "ref"))
    return Prompt(
        _coach(state, state.defence, "defence"),
        f"Onside kick from {state.name(state.defence)} 30: roll red, brown, play and referee "
        "dice: roll <red> <brown> <play> <referee>",
        (_roll_form(spec, "the onside kick"),),
    )


def _prompt_squib(state: FirstAndGoalState) -> Prompt:
    dice = state.board_dice("squib") or ()
    return Prompt(
        _coach(state, state.defence, "defence"),
        f"Squib kick: roll {', '.join(dice)}: roll <faces>",
        (_roll_form(tuple((c, "num") for c in dice), "the squib kick"),),
    )


def _prompt_call(state: FirstAndGoalState) -> Prompt:
    assert state.ball_on is not None and state.offense is not None and state.marker is not None
    forms = _play_forms(state)
    off = state.offense
    if state.down == 4:
        forms.append(EntryForm("punt", f"{state.name(off)} punt"))
    forms.append(EntryForm("fg", f"{state.name(off)} try a field goal"))
    forms += _timeout_form(state, SIDES)
    if state.pass_completed and state.green.deck > 0:
        forms.append(
            EntryForm("runclock", "after the completed pass, burn a card to run the clock")
        )
    if yards.distance_to_gain(state.ball_on, state.marker) == 1:
        forms.append(EntryForm("sneak", "QB sneak, 1 yard to go"))
    if state.green.deck == 0 and state.green.hand >= 1:
        forms.append(EntryForm("kneel", "QB kneel: burn a card, lose 1 yard and a down"))
        if state.green.hand <= 2 and state.ball_on >= HAIL_MARY_LINE:
            forms.append(EntryForm("hailmary", "Hail Mary pass on the last play of the half"))
    if state.ball_on <= 20:
        forms.append(
            EntryForm(
                "unplayable",
                "no card can be played here: discard 1 or 2 and redraw",
                (Slot("cards", "word", words=("1", "2")),),
            )
        )
    fourth = " Punt, field goal or go for it." if state.down == 4 else ""
    return Prompt(
        "both",
        f"{down_line(state)}.{fourth} Both coaches choose a card and reveal: "
        "play <offence card> <defence card> [r10|r20|clock], or call a time-out",
        tuple(forms),
    )


def _prompt_two_call(state: FirstAndGoalState) -> Prompt:
    forms = _play_forms(state) + _timeout_form(state, SIDES)
    return Prompt(
        "both",
        f"Two-point try from the {state.ball_on}: both coaches choose a card and reveal: "
        "play <offence card> <defence card>",
        tuple(forms),
    )


def _prompt_fake_call(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        "both",
        "The kick is faked: both coaches choose a card and reveal (no black die): "
        "play <offence card> <defence card>, or call a time-out",
        tuple(_play_forms(state) + _timeout_form(state, SIDES)),
    )


def _prompt_matchup(state: FirstAndGoalState) -> Prompt:
    play = state.play
    assert play is not None
    forms = [
        EntryForm(
            "dice",
            "the dice the matchup line calls for, e.g. dice red tan black (or red-tan-black)",
            (Slot("dice", "word", words=_CARD_COMBOS),),
        )
    ]
    if play.burn is not None:
        forms += _timeout_form(state, (state.defence,))
    return Prompt(
        "both",
        f"Find {_show_card(play.defence_card)} on the {_show_card(play.offence_card)} card: "
        "which dice does the line call for? dice <colour> ... (black once per black die)",
        tuple(forms),
    )


def _prompt_roll(state: FirstAndGoalState) -> Prompt:
    play = state.play
    assert play is not None and state.offense is not None
    spec = _roll_dice_spec(play)
    what = ", ".join(_DIE_NAMES.get(name, name) for name, _ in spec)
    head = {
        "kick_return": "Kickoff return from the goal line",
        "d20_return": "d20 kickoff return" if play.pending is None else "d20 20: roll it again",
        "punt_return": "Punt return",
    }.get(play.kind, "Roll")
    if state.phase == "reroll":
        head = f"Breakaway ({play.gained:+d} so far): roll the same dice again"
    forms = [_roll_form(spec, "the faces rolled, in this order")]
    if state.phase == "reroll" and play.last < 0:
        forms.append(EntryForm("stop", "the runner's side declares him down"))
    return Prompt("both", f"{head}: {what}. roll <faces>", tuple(forms))


def _prompt_ref_t(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        "referee",
        "Potential turnover: roll the referee die: ref <face> (T is a turnover)",
        (_roll_form((("ref", "ref"),), "the referee die", "ref"),),
    )


def _prompt_ref_p(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        "referee",
        "Potential penalty: roll the referee and penalty dice: ref <referee> <penalty> "
        "(def / off name the offender)",
        (_roll_form((("ref", "ref"), ("pen", "pen")), "referee and penalty dice", "ref"),),
    )


def _prompt_penalty_choice(state: FirstAndGoalState) -> Prompt:
    play = state.play
    assert play is not None and play.penalty is not None and state.offense is not None
    chooser = state.offense if play.penalty[0] == "def" else state.defence
    role = "offence" if chooser == state.offense else "defence"
    what, keep, how = "enforce the penalty", f"keep the play ({play.last:+d} yards)", ""
    if play.kind in RETURNS:
        what = "marked off from the end of the return"
        keep, how = f"keep the return ({play.last:+d} yards)", f" ({what})"
    return Prompt(
        _coach(state, chooser, role),
        f"{state.name(chooser)}: accept the penalty{how} or decline it and {keep}",
        (EntryForm("accept", what), EntryForm("decline", keep)),
    )


def _prompt_punt_penalty_choice(state: FirstAndGoalState) -> Prompt:
    assert state.kick_penalty is not None and state.offense is not None
    chooser = state.offense if state.kick_penalty[0] == "def" else state.defence
    role = "offence" if chooser == state.offense else "defence"
    keep = f"keep the punt ({state.kick_distance} yards)"
    return Prompt(
        _coach(state, chooser, role),
        f"{state.name(chooser)}: accept the penalty (the punt is repeated from the new spot) or "
        f"decline it and {keep}",
        (
            EntryForm("accept", "move the ball and repeat the punt"),
            EntryForm("decline", keep),
        ),
    )


def _prompt_turnover_roll(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        "both",
        "Turnover: roll the black and red dice for where the ball ends: roll <black> <red>",
        (_roll_form((("black", "num"), ("red", "num")), "black then red"),),
    )


def _prompt_turnover_dice(state: FirstAndGoalState) -> Prompt:
    assert state.play is not None
    then = " (then interception or fumble by your printed rule)" if _pass_play(state.play) else ""
    return Prompt(
        "referee",
        "Turnover (optional rule, p. 11): roll the referee and penalty dice: "
        f"ref <referee> <penalty>{then}",
        (_roll_form((("ref", "ref"), ("pen", "pen")), "referee and penalty dice", "ref"),),
    )


def _prompt_turnover_call(state: FirstAndGoalState) -> Prompt:
    assert state.play is not None and state.play.turnover_faces is not None
    face, pen = state.play.turnover_faces
    return Prompt(
        "both",
        f"Referee die {face}, penalty die {pen} on a pass: is that an interception by your "
        "printed optional turnover rule (p. 11)? interception | fumble",
        (
            EntryForm("interception", "the printed rule makes these faces an interception"),
            EntryForm("fumble", "it does not: a fumble"),
        ),
    )


def _prompt_timeout_options(state: FirstAndGoalState) -> Prompt:
    def options(cards: Cards) -> tuple[str, ...]:
        return TIMEOUT_OPTIONS if cards.discard > 0 else ("b", "none")

    slots = (
        Slot("offence option", "word", words=options(state.green)),
        Slot("defence option", "word", words=options(state.black)),
    )
    return Prompt(
        "both",
        "Time-out: each coach may A) take a card from the discard pile or B) shuffle the hand "
        "in and redraw: options <offence a|b|none> <defence a|b|none>",
        (EntryForm("options", "each coach's time-out option", slots),),
    )


def _prompt_kick_reveal(state: FirstAndGoalState) -> Prompt:
    what = "field goal" if state.kick == "fg" else "punt"
    slots = (
        Slot("offence", "word", words=FAKE_KICK),
        Slot("defence", "word", words=FAKE_KICK),
    )
    return Prompt(
        "both",
        f"Before the {what} both coaches reveal their fake/kick card: reveal <offence> <defence>",
        (EntryForm("reveal", "the sides shown: kick or fake", slots),),
    )


def _prompt_fg_block(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        _coach(state, state.defence, "defence"),
        f"{state.name(state.defence)} try to block: roll the referee and play dice: "
        "block <referee> <play> (two X block it)",
        (_roll_form((("ref", "ref"), ("play", "play")), "referee then play die", "block"),),
    )


def _prompt_fg_roll(state: FirstAndGoalState) -> Prompt:
    dice = state.board_dice("fg") or ()
    bonus = f" (+{state.kick_bonus} for the defence's fake)" if state.kick_bonus else ""
    return Prompt(
        _coach(state, state.offense, "offence") if state.offense else "both",
        f"Field goal from the {state.ball_on}: roll {', '.join(dice)}{bonus}; the kick must "
        "reach the 0-yard line: roll <faces>",
        (_roll_form(tuple((c, "num") for c in dice), "the field-goal dice"),),
    )


def _prompt_punt_roll(state: FirstAndGoalState) -> Prompt:
    assert state.offense is not None
    actor = _coach(state, state.offense, "offence")
    bonus = f" (+{state.kick_bonus} for the defence's fake)" if state.kick_bonus else ""
    if state.d20:
        spec = (("d20", "d20"), ("return", "punt_row"))
        return Prompt(
            actor,
            f"Punt{bonus}: roll the d20; enter it and whether the table's row allows a return: "
            "roll <d20> <fc|ret>",
            (_roll_form(spec, "the d20 and its row"),),
        )
    dice = state.board_dice("punt") or ()
    forms = [_roll_form(tuple((c, "num") for c in dice), "all the punt dice")]
    if len(dice) >= 2:
        swapped = (*tuple(("punt", "num") for _ in dice[1:]), ("play", "play"))
        forms.append(_roll_form(swapped, "one punt die replaced by the play die"))
    free = "Free punt after the safety" if state.free_kick else "Punt"
    return Prompt(
        actor,
        f"{free} from the {state.ball_on}{bonus}: roll {', '.join(dice)}, or swap one of them "
        "for the play die: roll <faces> [<play>]",
        tuple(forms),
    )


def _prompt_punt_bounce(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        _coach(state, state.offense, "offence") if state.offense else "both",
        "Extra bounce: roll the die again and enter it: bounce <face>",
        (_roll_form((("bounce", "num"),), "the extra bounce", "bounce"),),
    )


def _prompt_punt_return_choice(state: FirstAndGoalState) -> Prompt:
    assert state.offense is not None
    return Prompt(
        _coach(state, state.offense, "offence"),
        f"{state.name(state.offense)}: return the punt (green and play dice) or fair catch",
        (
            EntryForm("return", "return it with the green die and the play die"),
            EntryForm("faircatch", "take the ball where it lands"),
        ),
    )


def _prompt_try(state: FirstAndGoalState) -> Prompt:
    s = state.scorer
    assert s is not None
    forms = [_roll_form((("play", "play"), ("ref", "ref")), "the extra-point dice", "pat")]
    if state.green.hand > 0 and state.black.hand > 0:
        forms.append(EntryForm("two", "go for two: one card play from the 2"))
    return Prompt(
        _coach(state, s, "offence"),
        f"Touchdown {state.name(s)}: kick the extra point (roll play and referee dice: "
        "pat <play> <referee>) or go for two (two)",
        tuple(forms),
    )


def _prompt_sneak(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        _coach(state, state.offense, "offence") if state.offense else "both",
        "QB sneak: roll the play die: roll <play>",
        (_roll_form((("play", "play"),), "the play die"),),
    )


def _prompt_hail_mary(state: FirstAndGoalState) -> Prompt:
    return Prompt(
        _coach(state, state.offense, "offence") if state.offense else "both",
        "Hail Mary: roll the play and referee dice: roll <play> <referee> (HAIL and MARY score)",
        (_roll_form((("play", "play"), ("ref", "ref")), "play then referee die"),),
    )


def _prompt_final(state: FirstAndGoalState) -> Prompt:
    return Prompt("nobody", f"Final whistle: {final_line(state)}")


_PROMPTS: dict[str, Any] = {
    "toss": _prompt_toss,
    "kickoff": _prompt_kickoff,
    "board_dice": _prompt_board_dice,
    "onside_roll": _prompt_onside,
    "squib_roll": _prompt_squib,
    "call": _prompt_call,
    "two_call": _prompt_two_call,
    "fake_call": _prompt_fake_call,
    "matchup": _prompt_matchup,
    "roll": _prompt_roll,
    "reroll": _prompt_roll,
    "ref_t": _prompt_ref_t,
    "ref_p": _prompt_ref_p,
    "sneak_ref": _prompt_ref_p,
    "penalty_choice": _prompt_penalty_choice,
    "turnover_roll": _prompt_turnover_roll,
    "turnover_dice": _prompt_turnover_dice,
    "turnover_call": _prompt_turnover_call,
    "timeout_options": _prompt_timeout_options,
    "kick_reveal": _prompt_kick_reveal,
    "fg_block": _prompt_fg_block,
    "fg_roll": _prompt_fg_roll,
    "punt_roll": _prompt_punt_roll,
    "punt_bounce": _prompt_punt_bounce,
    "punt_ref_t": _prompt_ref_t,
    "punt_ref_p": _prompt_ref_p,
    "punt_penalty_choice": _prompt_punt_penalty_choice,
    "punt_return_choice": _prompt_punt_return_choice,
    "try": _prompt_try,
    "sneak": _prompt_sneak,
    "hail_mary": _prompt_hail_mary,
    "final": _prompt_final,
}

_CALLS = {
    "play": play_call,
    "punt": punt,
    "fg": field_goal,
    "timeout": time_out,
    "runclock": run_the_clock,
    "sneak": qb_sneak,
    "kneel": qb_kneel,
    "hailmary": hail_mary,
    "unplayable": unplayable_hand,
}

_HANDLERS: dict[str, dict[str, Any]] = {
    "toss": {"toss": coin_toss},
    "kickoff": {
        "touchback": kickoff_touchback,
        "return": kickoff_return,
        "onside": onside_kick,
        "squib": squib_kick,
    },
    "board_dice": {"dice": board_dice},
    "onside_roll": {"roll": onside_roll},
    "squib_roll": {"roll": squib_roll},
    "call": _CALLS,
    "two_call": {"play": play_call, "timeout": time_out},
    "fake_call": {"play": play_call, "timeout": time_out},
    "matchup": {"dice": matchup, "timeout": time_out},
    "roll": {"roll": roll_dice},
    "reroll": {"roll": roll_dice, "stop": stop_breakaway},
    "ref_t": {"ref": referee_turnover},
    "ref_p": {"ref": referee_penalty},
    "sneak_ref": {"ref": referee_penalty},
    "penalty_choice": {"accept": penalty_accept, "decline": penalty_decline},
    "turnover_roll": {"roll": turnover_roll},
    "turnover_dice": {"ref": turnover_dice},
    "turnover_call": {
        "interception": partial(turnover_call, what="interception"),
        "fumble": partial(turnover_call, what="fumble"),
    },
    "timeout_options": {"options": time_out_options},
    "kick_reveal": {"reveal": fake_or_kick},
    "fg_block": {"block": field_goal_block},
    "fg_roll": {"roll": field_goal_roll},
    "punt_roll": {"roll": punt_roll},
    "punt_bounce": {"bounce": punt_bounce},
    "punt_ref_t": {"ref": punt_referee_turnover},
    "punt_ref_p": {"ref": punt_referee_penalty},
    "punt_penalty_choice": {"accept": punt_penalty_accept, "decline": punt_penalty_decline},
    "punt_return_choice": {"return": punt_return, "faircatch": fair_catch},
    "try": {"pat": extra_point, "two": go_for_two},
    "sneak": {"roll": sneak_roll},
    "hail_mary": {"roll": hail_mary_roll},
}

RULESET = FirstAndGoal()
