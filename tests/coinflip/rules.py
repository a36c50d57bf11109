"""Coin-Flip Football's rules, one function each, given the typed value of the matched form."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain import kernel
from domain.grammar import Match
from domain.ruleset import Ruling, Side, other
from tests.coinflip.prompts import Flag, Flip
from tests.coinflip.state import (
    DOWNS,
    GAIN,
    PLAYS_PER_QUARTER,
    QUARTERS_PLAYED,
    START,
    TOUCHDOWN,
    CoinFlipState,
    Drive,
)

Outcome = tuple[CoinFlipState, list[Ruling]]


def coin_toss(state: CoinFlipState, entry: Match) -> Outcome:
    """Rule 1: the winner receives at their own 25."""
    winner: Side = entry.value
    return replace(state, phase="play", drive=Drive(winner)), [
        Ruling("toss", f"{state.name(winner)} receive.", team=winner)
    ]


def flip(state: CoinFlipState, entry: Match) -> Outcome:
    """Rule 2: heads gains 10 yards and a 1st down, tails is a down used."""
    played: Flip = entry.value
    drive = played.drive
    side = drive.offense
    if not played.heads:
        return clock(*tails(state, drive))
    ball_on = yards.advance(drive.ball_on, GAIN)
    if not yards.is_touchdown(ball_on):
        first = Ruling("first_down", "Heads: 10 yards and a 1st down.", team=side, yards=GAIN)
        return clock(replace(state, drive=Drive(side, ball_on)), [first])
    return clock(*touchdown(state, drive))


def touchdown(state: CoinFlipState, drive: Drive) -> Outcome:
    """Rule 4: the goal line reached is 7 points; the other team starts at its own 25."""
    side = drive.offense
    gain = Ruling("gain", "Heads: into the end zone.", team=side, yards=drive.ball_on)
    td = Ruling("touchdown", f"TOUCHDOWN {state.name(side)}!", team=side, points=TOUCHDOWN)
    scored = kernel.scored(state, side, TOUCHDOWN)
    return replace(scored, drive=Drive(other(side), START)), [gain, td]


def tails(state: CoinFlipState, drive: Drive) -> Outcome:
    """Rule 2: tails gains nothing; the fourth in a row turns the ball over on downs."""
    side = drive.offense
    if drive.down < DOWNS:
        return replace(state, drive=replace(drive, down=drive.down + 1)), [
            Ruling("down", "Tails: no gain.", team=side, yards=0)
        ]
    over = Drive(other(side), yards.flip(drive.ball_on))
    return replace(state, drive=over), [
        Ruling("turnover_on_downs", "Tails on 4th down.", team=other(side), yards=0)
    ]


def flag(state: CoinFlipState, entry: Match) -> Outcome:
    """Rule 3: a flag moves the ball (a signed number of yards) and uses no down."""
    thrown: Flag = entry.value
    drive = thrown.drive
    ball_on = min(max(yards.advance(drive.ball_on, thrown.yards), 1), 99)
    return replace(state, drive=replace(drive, ball_on=ball_on)), [
        Ruling("penalty", f"Flag: {thrown.yards:+d} yards.", team=drive.offense, yards=thrown.yards)
    ]


def clock(state: CoinFlipState, rulings: list[Ruling]) -> Outcome:
    """Rule 5: 8 plays a quarter, 4 quarters, then the final whistle."""
    if state.plays + 1 < PLAYS_PER_QUARTER:
        return replace(state, plays=state.plays + 1), rulings
    if state.quarter < QUARTERS_PLAYED:
        after = replace(state, plays=0, quarter=state.quarter + 1, scores=(*state.scores, (0, 0)))
        return after, [*rulings, Ruling("quarter_end", f"End of quarter {state.quarter}.")]
    total = state.total
    ahead: Side = "home" if total["home"] > total["away"] else "away"
    winner = None if total["home"] == total["away"] else ahead
    done = replace(state, phase="final", drive=None, plays=PLAYS_PER_QUARTER, winner=winner)
    return done, [
        *rulings,
        Ruling("final", f"Final whistle: {kernel.final_line(done)}", team=winner),
    ]
