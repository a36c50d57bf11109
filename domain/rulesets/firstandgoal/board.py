"""The special-teams board (p. 7): which dice each kick rolls, asked once a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling
from domain.rulesets.firstandgoal.reading import read_colours
from domain.rulesets.firstandgoal.state import MAX_KICK_DICE, FirstAndGoalState, Play, Result


def board_dice(state: FirstAndGoalState, rest: Sequence[str]) -> Result:
    """Special teams (p. 7): the kick dice are printed on the board; the table names them."""
    assert state.kick is not None
    colours = read_colours(rest, allow_black=False, most=MAX_KICK_DICE)
    state = replace(state, board=(*state.board, (state.kick, colours)))
    ruling = Ruling(
        "board_dice",
        f"The board's {KICK_NAMES[state.kick]} dice: {', '.join(colours)}.",
        data={"kick": state.kick, "dice": list(colours)},
    )
    return board_step(state, state.kick), [ruling]


def board_step(state: FirstAndGoalState, kind: str) -> FirstAndGoalState:
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


KICK_NAMES = {
    "return": "kickoff-return",
    "punt": "punt",
    "fg": "field-goal",
    "squib": "squib-kick",
}
