"""Set-up and kickoffs (pp. 2, 4, 8, 11): coin toss, touchback, return, onside, squib."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling, Side
from domain.rulesets.firstandgoal.board import board_step
from domain.rulesets.firstandgoal.halves import to_kickoff
from domain.rulesets.firstandgoal.possession import change_possession, first_down, to_call
from domain.rulesets.firstandgoal.state import (
    D20_KICKOFF_SPOT,
    ONSIDE_NEEDS,
    ONSIDE_SPOT,
    FirstAndGoalState,
    Play,
    Result,
)


def coin_toss(state: FirstAndGoalState, value: Side) -> Result:
    """Set-up (p. 2): Away calls the RFL coin; the winner starts on offence and receives."""
    winner = value
    text = f"{state.name(winner)} win the coin toss and receive the kickoff."
    if state.half == 1:
        state = replace(state, first_receiver=winner)
    else:
        text = f"Overtime: {state.name(winner)} win the toss and take the ball."
    after, more = to_kickoff(state, winner)
    return after, [Ruling("toss", text, team=winner), *more]


def kickoff_touchback(state: FirstAndGoalState, _nothing: None) -> Result:
    """Kickoff return (p. 4): a touchback puts the ball on the receiving team's 20."""
    off = state.offence
    ball = yards.touchback()
    ruling = Ruling(
        "kickoff_touchback", f"Touchback: {state.name(off)} start at their 20.", team=off
    )
    return to_call(first_down(state, ball)), [ruling]


def kickoff_return(state: FirstAndGoalState, _nothing: None) -> Result:
    """Kickoff return (p. 4): run it back from the goal line with the board's return dice."""
    off = state.offence
    ruling = Ruling("kickoff", f"{state.name(off)} run the kickoff back.", team=off)
    if state.d20:
        play = Play("d20_return", start=D20_KICKOFF_SPOT, colours=("d20",))
        return replace(state, phase="roll", play=play), [ruling]
    return board_step(state, "return"), [ruling]


def onside_kick(state: FirstAndGoalState, _nothing: None) -> Result:
    """Onside kick (p. 8): from the kicker's 30, red, brown, play and referee dice."""
    kicker = state.defence
    ruling = Ruling("onside", f"{state.name(kicker)} try an onside kick.", team=kicker)
    return replace(state, phase="onside_roll"), [ruling]


def onside_roll(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Onside kick (p. 8): a total of 10 or more and a T on a white die keeps the ball."""
    red, brown, play_face, ref_face = value
    assert isinstance(red, int) and isinstance(brown, int)
    total = red + brown
    kicker, receiver = state.defence, state.offence
    spot = yards.advance(ONSIDE_SPOT, total)
    got_t = "t" in (play_face, ref_face)
    if total >= ONSIDE_NEEDS and got_t:
        ruling = Ruling(
            "onside_recovered",
            f"Onside kick {total} yards with a T: {state.name(kicker)} recover.",
            team=kicker,
            yards=total,
        )
        after = change_possession(state, kicker, spot)
        return to_call(after), [ruling]
    why = f"total {total} is under {ONSIDE_NEEDS}" if total < ONSIDE_NEEDS else "no T showed"
    if not yards.on_field(spot):
        spot = yards.flip(yards.touchback())
    ruling = Ruling(
        "onside_failed",
        f"Onside kick fails ({why}): {state.name(receiver)} take over.",
        team=receiver,
        yards=total,
    )
    return to_call(first_down(state, yards.flip(spot))), [ruling]


def squib_kick(state: FirstAndGoalState, _nothing: None) -> Result:
    """Squib kick (optional, p. 11): from the kicker's 30 with the dice the table names."""
    kicker = state.defence
    ruling = Ruling("squib", f"{state.name(kicker)} squib the kickoff.", team=kicker)
    return board_step(state, "squib"), [ruling]


def squib_roll(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Squib kick (optional, p. 11): the ball travels the total rolled; no return is allowed."""
    values = value
    total = sum(int(v) for v in values)
    off = state.offence
    landing = yards.advance(ONSIDE_SPOT, total)
    if landing <= 0:
        ruling = Ruling(
            "kickoff_touchback",
            f"Squib kick {total} yards into the end zone: touchback.",
            yards=total,
        )
        return to_call(first_down(state, yards.touchback())), [ruling]
    ball = yards.flip(min(landing, yards.FIELD - 1))
    ruling = Ruling(
        "squib",
        f"Squib kick {total} yards, no return: {state.name(off)} start at "
        f"{state.spot_for(off, ball)}.",
        team=off,
        yards=total,
    )
    return to_call(first_down(state, ball)), [ruling]
