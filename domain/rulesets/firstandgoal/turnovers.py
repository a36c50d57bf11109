"""Potential turnovers (p. 6) and the optional turnover rules (p. 11)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain import field as yards
from domain.ruleset import Ruling
from domain.rulesets.firstandgoal.cards import refill
from domain.rulesets.firstandgoal.downs import finish_play
from domain.rulesets.firstandgoal.possession import change_possession, first_down, to_call
from domain.rulesets.firstandgoal.scoring import safety, touchdown, two_point_over
from domain.rulesets.firstandgoal.state import FirstAndGoalState, Play, Result, pass_play


def referee_turnover(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Potential turnover (p. 6): a T on the referee die is a fumble or an interception."""
    (face,) = value
    play = state.in_play
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
    what = "interception" if pass_play(play) else "fumble"
    return turned_over(state, what, "Referee die T", {})


def turned_over(state: FirstAndGoalState, what: str, shown: str, data: dict[str, Any]) -> Result:
    """Potential turnover (p. 6): the defence takes the ball; a two-point try scores nothing."""
    play = state.in_play
    spot = yards.advance(play.start, play.gained)
    state = refill(replace(state, play=None))
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


def turnover_dice(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Optional turnover rule (p. 11): on a turnover always roll the referee and penalty dice."""
    face, pen = value
    play = state.in_play
    faces = {"referee": str(face), "penalty": str(pen)}
    shown = f"Referee die {face}, penalty die {pen}"
    if not pass_play(play):
        return turned_over(state, "fumble", f"{shown} on a run", faces)
    ruling = Ruling(
        "turnover_dice",
        f"{shown} on a pass: the transcript lost which two results are an interception (p. 11); "
        "the table answers from its printed rule: interception or fumble.",
        data=faces,
    )
    play = replace(play, turnover_faces=(str(face), str(pen)))
    return replace(state, phase="turnover_call", play=play), [ruling]


def turnover_call(state: FirstAndGoalState, _nothing: None, what: str) -> Result:
    """Optional turnover rule (p. 11): on a pass, the printed rule says interception or not."""
    play = state.in_play
    assert play.turnover_faces is not None
    face, pen = play.turnover_faces
    shown = f"Referee die {face}, penalty die {pen} on a pass, by the table's printed rule"
    return turned_over(state, what, shown, {"referee": face, "penalty": pen, "answered": True})


def turnover(state: FirstAndGoalState, spot: int) -> Result:
    """Potential turnover (p. 6): change of possession; in the opponent's end zone, a touchback."""
    dfn = state.defence
    if yards.is_touchdown(spot):
        ruling = Ruling("touchback", f"Turnover in the end zone: touchback, {state.name(dfn)} 20.")
        return to_call(change_possession(state, dfn, yards.touchback())), [ruling]
    if yards.is_safety(spot):
        return safety(state)
    if state.turnover_return:
        after = change_possession(state, dfn, yards.flip(spot))
        play = Play("punt_return", start=yards.flip(spot), colours=("black", "red"), play_die=False)
        return replace(after, phase="turnover_roll", play=play), []
    ruling = Ruling(
        "possession",
        f"{state.name(dfn)} ball at {state.spot_for(dfn, yards.flip(spot))}, 1st & 10.",
        team=dfn,
    )
    return to_call(change_possession(state, dfn, yards.flip(spot))), [ruling]


def turnover_roll(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Optional turnover rule (p. 11): the black and red dice move the recovered ball."""
    black, red = value
    play = state.in_play
    gained = int(black) + int(red)
    off = state.offence
    spot = yards.advance(play.start, gained)
    state = replace(state, play=None)
    if yards.is_touchdown(spot):
        ruling = Ruling("return_touchdown", f"Turnover returned {gained} yards for a touchdown!")
        after, more = touchdown(state)
        return after, [ruling, *more]
    spot = min(spot, yards.touchback()) if spot >= yards.FIELD else spot
    ruling = Ruling(
        "turnover_return",
        f"Black {black}, red {red}: the ball ends at {state.spot_for(off, spot)}; 1st & 10.",
        team=off,
        yards=gained,
    )
    return to_call(first_down(state, spot)), [ruling]
