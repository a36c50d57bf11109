"""Coin-Flip Football's prompts, one per phase: the forms offered now are the grammar.

Each form's ``read`` gives the handler a typed value (the toss winner, a flip with the drive it
belongs to, a flag's yards with its drive); no handler reads words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain import kernel
from domain.ruleset import SIDES, EntryForm, IllegalEntry, Prompt, Side, Slot
from tests.coinflip.state import FLAG, GAIN, CoinFlipState, Drive


@dataclass(frozen=True)
class Flip:
    """A flip of the coin (rule 2) on the drive it was flipped for."""

    drive: Drive
    heads: bool


@dataclass(frozen=True)
class Flag:
    """A referee's flag (rule 3): signed yards, on the drive it moves."""

    drive: Drive
    yards: int


def toss_prompt(state: CoinFlipState) -> Prompt:
    """Rule 1: the coin toss."""
    winner = Slot("winner", "word", words=SIDES)
    return Prompt(
        "both",
        "Toss the coin: toss home | toss away",
        (EntryForm("toss", "the winner", (winner,), read=lambda v: read_winner(state, v)),),
    )


def read_winner(state: CoinFlipState, values: Sequence[str]) -> Side:
    """Rule 1: the toss names one team (home, away or its name)."""
    if len(values) != 1:
        raise IllegalEntry("enter the toss winner: toss home | toss away")
    return kernel.side_word(values[0], state)


def play_prompt(state: CoinFlipState, drive: Drive) -> Prompt:
    """Rules 2 and 3: the offence flips, or the referee throws a flag."""
    side = drive.offense
    at = kernel.down_and_distance(drive.down, GAIN if drive.ball_on > GAIN else "goal")
    return Prompt(
        side,
        f"{at} at the {state.spot_for(side, drive.ball_on)}: {state.name(side)} flip the coin",
        (
            EntryForm(
                "flip",
                "heads or tails",
                (Slot("face", "word", side=side, words=("heads", "tails")),),
                read=lambda v: Flip(drive, read_face(v)),
            ),
            EntryForm(
                "flag",
                "yards for (+) or against (-) the offence",
                (Slot("yards", "number", low=-FLAG, high=FLAG),),
                read=lambda v: Flag(drive, read_flag(v)),
            ),
        ),
    )


def read_face(values: Sequence[str]) -> bool:
    """Rule 2: a coin shows heads or tails (heads is True)."""
    if list(values) not in (["heads"], ["tails"]):
        raise IllegalEntry(f"a coin shows heads or tails; got {' '.join(values)!r}")
    return values[0] == "heads"


def read_flag(values: Sequence[str]) -> int:
    """Rule 3: a flag's yards, one signed number from -15 to 15."""
    if len(values) != 1:
        raise IllegalEntry(f"enter the flag's yards: flag <-{FLAG} to {FLAG}>")
    return kernel.signed_number(values[0], -FLAG, FLAG, "a flag's yards")


def drive_prompt(state: CoinFlipState) -> Prompt:
    """The play phase's prompt, for the drive the phase holds."""
    if state.drive is None:
        raise IllegalEntry("no drive is in play")
    return play_prompt(state, state.drive)


def final_prompt(state: CoinFlipState) -> Prompt:
    """Rule 5: the final whistle."""
    return kernel.final_whistle(kernel.final_line(state))


PROMPTS = {"toss": toss_prompt, "play": drive_prompt, kernel.FINAL: final_prompt}
