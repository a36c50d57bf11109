"""The special-teams board (p. 7): which dice each kick rolls, asked once a game."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling
from domain.rulesets.firstandgoal.state import (
    FirstAndGoalState,
    Kick,
    Phase,
    Play,
    Result,
)


def board_dice(state: FirstAndGoalState, value: tuple[str, ...]) -> Result:
    """Special teams (p. 7): the kick dice are printed on the board; the table names them."""
    kick = state.kick
    assert kick is not None
    colours = value
    state = replace(state, board=(*state.board, (kick, colours)))
    ruling = Ruling(
        "board_dice",
        f"The board's {KICK_NAMES[kick]} dice: {', '.join(colours)}.",
        data={"kick": kick, "dice": list(colours)},
    )
    return board_step(state, kick), [ruling]


def board_step(state: FirstAndGoalState, kind: Kick) -> FirstAndGoalState:
    """The kick's roll, after asking the board's dice the first time they are needed."""
    state = replace(state, kick=kind)
    dice = state.board_dice(kind)
    if kind == "punt" and state.d20:
        return replace(state, phase="punt_roll")
    if dice is None:
        return replace(state, phase="board_dice")
    if kind == "return":
        play = Play("kick_return", start=yards.FIELD, colours=dice)
        return replace(state, phase="roll", play=play, kick=None)
    return replace(state, phase=_ROLL_PHASES[kind])


_ROLL_PHASES: dict[Kick, Phase] = {"punt": "punt_roll", "fg": "fg_roll", "squib": "squib_roll"}
KICK_NAMES: dict[Kick, str] = {
    "return": "kickoff-return",
    "punt": "punt",
    "fg": "field-goal",
    "squib": "squib-kick",
}
