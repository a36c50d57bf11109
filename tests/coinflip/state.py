"""Coin-Flip Football's state: the whole game, and the drive while the ball is in play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain import field as yards
from domain.ruleset import Side
from domain.teams import TwoTeams

START = yards.own(25)
GAIN = 10
DOWNS = 4
TOUCHDOWN = 7
PLAYS_PER_QUARTER = 8
QUARTERS_PLAYED = 4
FLAG = 15

Phase = Literal["toss", "play", "final"]


@dataclass(frozen=True)
class Drive:
    """Rules 1 and 2: who has the ball, where, and which down; only while a ball is in play."""

    offense: Side
    ball_on: int = START
    down: int = 1


@dataclass(frozen=True)
class CoinFlipState(TwoTeams):
    home: str
    away: str
    phase: Phase = "toss"
    # The phase's own facts: a drive exactly while the phase is "play" (the types say it).
    drive: Drive | None = None
    quarter: int = 1
    plays: int = 0
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    winner: Side | None = None
