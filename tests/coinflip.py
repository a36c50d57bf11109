"""Coin-Flip Football: the toy game docs/adding-a-game.md builds, on one page, on domain.kernel.

The rulebook (all of it):

1. Coin toss. The winner receives: 1st and 10 at their own 25.
2. Each down the offence flips a coin. Heads: a 10-yard gain and a 1st down. Tails: no gain.
   Four tails in a row turn the ball over on downs: the defence takes it where it lies.
3. A referee's flag may move the ball between downs: ``flag <yards>``, from -15 (against the
   offence) to +15 (for it); it uses no down and no time.
4. Reaching the goal line is a touchdown, 7 points; the other team then starts at its own 25.
5. Each flip is a play: 8 plays a quarter, 4 quarters. After the last, the higher score wins;
   an equal score is a tie.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from domain import field as yards
from domain import kernel
from domain.periods import QUARTERS
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
)
from domain.teams import TwoTeams

START = yards.own(25)
GAIN = 10
DOWNS = 4
TOUCHDOWN = 7
PLAYS_PER_QUARTER = 8
QUARTERS_PLAYED = 4
FLAG = 15

Phase = Literal["toss", "play", "final"]
Outcome = tuple["CoinFlipState", list[Ruling]]


@dataclass(frozen=True)
class CoinFlipState(TwoTeams):
    home: str
    away: str
    phase: Phase = "toss"
    offense: Side | None = None
    ball_on: int = START
    down: int = 1
    quarter: int = 1
    plays: int = 0
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    winner: Side | None = None


# Prompts, one per phase ------------------------------------------------------------------------


def toss_prompt(state: CoinFlipState) -> Prompt:
    """Rule 1: the coin toss."""
    winner = Slot("winner", "word", words=SIDES)
    return Prompt(
        "both",
        "Toss the coin: toss home | toss away",
        (EntryForm("toss", "the winner", (winner,)),),
    )


def play_prompt(state: CoinFlipState) -> Prompt:
    """Rules 2 and 3: the offence flips, or the referee throws a flag."""
    assert state.offense is not None
    side = state.offense
    at = kernel.down_and_distance(state.down, GAIN if state.ball_on > GAIN else "goal")
    return Prompt(
        side,
        f"{at} at the {state.spot_for(side, state.ball_on)}: {state.name(side)} flip the coin",
        (
            EntryForm(
                "flip",
                "heads or tails",
                (Slot("face", "word", side=side, words=("heads", "tails")),),
            ),
            EntryForm(
                "flag",
                "yards for (+) or against (-) the offence",
                (Slot("yards", "number", low=-FLAG, high=FLAG),),
            ),
        ),
    )


def final_prompt(state: CoinFlipState) -> Prompt:
    """Rule 5: the final whistle."""
    return kernel.final_whistle(kernel.final_line(state))


PROMPTS = {"toss": toss_prompt, "play": play_prompt, kernel.FINAL: final_prompt}


# Handlers, one per rule -------------------------------------------------------------------------


def coin_toss(state: CoinFlipState, rest: list[str]) -> Outcome:
    """Rule 1: the winner receives at their own 25."""
    if len(rest) != 1:
        raise IllegalEntry("enter the toss winner: toss home | toss away")
    winner = kernel.side_word(rest[0], state)
    return replace(state, phase="play", offense=winner), [
        Ruling("toss", f"{state.name(winner)} receive.", team=winner)
    ]


def flip(state: CoinFlipState, rest: list[str]) -> Outcome:
    """Rule 2: heads gains 10 yards and a 1st down, tails is a down used."""
    if rest not in (["heads"], ["tails"]):
        raise IllegalEntry(f"a coin shows heads or tails; got {' '.join(rest)!r}")
    assert state.offense is not None
    side = state.offense
    if rest == ["tails"]:
        return clock(*tails(state, side))
    ball_on = yards.advance(state.ball_on, GAIN)
    if not yards.is_touchdown(ball_on):
        first = Ruling("first_down", "Heads: 10 yards and a 1st down.", team=side, yards=GAIN)
        return clock(replace(state, ball_on=ball_on, down=1), [first])
    gain = Ruling("gain", "Heads: into the end zone.", team=side, yards=state.ball_on)
    td = Ruling("touchdown", f"TOUCHDOWN {state.name(side)}!", team=side, points=TOUCHDOWN)
    scored = kernel.scored(state, side, TOUCHDOWN)
    return clock(replace(scored, offense=other(side), ball_on=START, down=1), [gain, td])


def tails(state: CoinFlipState, side: Side) -> Outcome:
    """Rule 2: tails gains nothing; the fourth in a row turns the ball over on downs."""
    if state.down < DOWNS:
        return replace(state, down=state.down + 1), [
            Ruling("down", "Tails: no gain.", team=side, yards=0)
        ]
    over = replace(state, offense=other(side), ball_on=yards.flip(state.ball_on), down=1)
    return over, [Ruling("turnover_on_downs", "Tails on 4th down.", team=other(side), yards=0)]


def flag(state: CoinFlipState, rest: list[str]) -> Outcome:
    """Rule 3: a flag moves the ball (a signed number of yards) and uses no down."""
    if len(rest) != 1:
        raise IllegalEntry(f"enter the flag's yards: flag <-{FLAG} to {FLAG}>")
    moved = kernel.signed_number(rest[0], -FLAG, FLAG, "a flag's yards")
    ball_on = min(max(yards.advance(state.ball_on, moved), 1), 99)
    return replace(state, ball_on=ball_on), [
        Ruling("penalty", f"Flag: {moved:+d} yards.", team=state.offense, yards=moved)
    ]


def clock(state: CoinFlipState, rulings: list[Ruling]) -> Outcome:
    """Rule 5: 8 plays a quarter, 4 quarters, then the final whistle."""
    if state.plays + 1 < PLAYS_PER_QUARTER:
        return replace(state, plays=state.plays + 1), rulings
    if state.quarter < QUARTERS_PLAYED:
        after = replace(state, plays=0, quarter=state.quarter + 1, scores=(*state.scores, (0, 0)))
        return after, [*rulings, Ruling("quarter_end", f"End of quarter {state.quarter}.")]
    total = state.total
    winner = None if total["home"] == total["away"] else max(SIDES, key=lambda s: total[s])
    done = replace(state, phase="final", plays=PLAYS_PER_QUARTER, winner=winner)
    return done, [
        *rulings,
        Ruling("final", f"Final whistle: {kernel.final_line(done)}", team=winner),
    ]


RULES = kernel.Rules(
    prompts=PROMPTS,
    handlers={"toss": {"toss": coin_toss}, "play": {"flip": flip, "flag": flag}},
    final_line=kernel.final_line,
)


class CoinFlip:
    """The Coin-Flip Football ruleset."""

    name = "coinflip"
    version = 1
    title = "Coin-Flip Football"
    division = QUARTERS
    options: tuple[GameOption, ...] = ()

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> CoinFlipState:
        if options:
            raise IllegalEntry("Coin-Flip Football has no game options")
        return CoinFlipState(home=home, away=away)

    def expected(self, state: CoinFlipState) -> Prompt:
        return RULES.prompt(state)

    def apply(self, state: CoinFlipState, text: str) -> Outcome:
        return RULES.step(state, text)

    def form(self, state: CoinFlipState, text: str) -> EntryForm | None:
        """The form of the prompt ``text`` matches (the kernel's reading of it)."""
        return RULES.form(state, text)

    def situation(self, state: CoinFlipState) -> dict[str, Any]:
        live = state.phase == "play"
        return kernel.common_situation(
            self,
            state,
            quarter=state.quarter,
            possession=state.offense if live else None,
            down=state.down if live else None,
            distance=min(GAIN, state.ball_on) if live else None,
            ball_on=state.ball_on if live else None,
            clock={"plays_left": PLAYS_PER_QUARTER - state.plays},
            timeouts=None,
        )


RULESET = CoinFlip()
