"""Fourth down kicks (pp. 7-9, 11): field goal or punt, the fake/kick reveal, the field goal."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain import kernel
from domain.ruleset import Ruling
from domain.rulesets.firstandgoal.board import board_step
from domain.rulesets.firstandgoal.cards import burn_after_field_goal, burned_once
from domain.rulesets.firstandgoal.halves import final_whistle, to_kickoff
from domain.rulesets.firstandgoal.lines import offence_team
from domain.rulesets.firstandgoal.possession import change_possession, to_call
from domain.rulesets.firstandgoal.state import (
    FAKE_BONUS,
    FIELD_GOAL_POINTS,
    FirstAndGoalState,
    Result,
)


def field_goal(state: FirstAndGoalState, _nothing: None) -> Result:
    """Field goal (pp. 7, 9): both sides first reveal their fake/kick cards."""
    ruling = Ruling(
        "decision", f"{offence_team(state)} line up for a field goal.", team=state.offence
    )
    return replace(state, phase="kick_reveal", kick="fg", pass_completed=False), [ruling]


def punt(state: FirstAndGoalState, _nothing: None) -> Result:
    """Punt (p. 8): on 4th down; both sides first reveal their fake/kick cards."""
    ruling = Ruling("decision", f"{offence_team(state)} punt.", team=state.offence)
    return replace(state, phase="kick_reveal", kick="punt", pass_completed=False), [ruling]


def fake_or_kick(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Fake punt / field goal (p. 11): the four combinations of the fake/kick cards."""
    off_card, def_card = value
    what = "field goal" if state.kick == "fg" else "punt"
    if off_card == "kick":
        bonus = FAKE_BONUS if def_card == "fake" else 0
        text = f"Kick against {def_card}: a normal {what}"
        text += f", +{FAKE_BONUS} yards to the kick." if bonus else "."
        state = replace(state, kick_bonus=bonus)
        if state.kick == "fg":
            return replace(state, phase="fg_block"), [Ruling("kick", text)]
        return board_step(state, "punt"), [Ruling("kick", text)]
    if def_card == "kick":
        ruling = Ruling(
            "fake",
            f"Fake {what}! Both coaches play a card as usual, without the black die.",
            team=state.offence,
        )
        return replace(state, phase="fake_call", kick=None), [ruling]
    dfn = state.defence
    ruling = Ruling(
        "fake_failed",
        f"Fake against fake: broken up, {state.name(dfn)} take over at the spot.",
        team=dfn,
    )
    after = change_possession(state, dfn, yards.flip(state.ball))
    return to_call(replace(after, kick=None)), [ruling]


def field_goal_block(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Field goal (p. 7): the defence rolls referee and play dice; two X block the kick."""
    ref_face, play_face = value
    if ref_face == "x" and play_face == "x":
        dfn = state.defence
        rulings = [
            Ruling("field_goal_blocked", "Two X: the field goal is blocked!", team=dfn),
            *burn_after_field_goal(state),
        ]
        state = burned_once(state)
        rulings.append(
            Ruling(
                "possession",
                f"{state.name(dfn)} take over at {state.spot_for(dfn, yards.flip(state.ball))}.",
                team=dfn,
            )
        )
        after = change_possession(replace(state, kick=None), dfn, yards.flip(state.ball))
        return to_call(after), rulings
    ruling = Ruling("no_block", f"Block try {ref_face} and {play_face}: the kick is away.")
    return board_step(state, "fg"), [ruling]


def field_goal_roll(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Field goal (p. 7): the distance dice must carry the ball to the 0-yard line."""
    values = [int(v) for v in value]
    total = sum(values) + state.kick_bonus
    off, dfn = state.offence, state.defence
    rulings = burn_after_field_goal(state)
    state = replace(burned_once(state), kick=None, kick_bonus=0)
    if yards.advance(state.ball, total) <= 0:
        rulings.insert(
            0,
            Ruling(
                "field_goal",
                f"Kick {total} yards from the {state.ball}: the ball enters the end zone. "
                f"Field goal {state.name(off)}, 3 points!",
                team=off,
                points=FIELD_GOAL_POINTS,
                yards=total,
            ),
        )
        state = kernel.scored(state, off, FIELD_GOAL_POINTS)
        if state.in_overtime:
            after, more = final_whistle(state, f"{state.name(off)} score first in overtime.")
            return after, [*rulings, *more]
        after, more = to_kickoff(state, dfn)
        return after, [*rulings, *more]
    rulings.insert(
        0,
        Ruling(
            "field_goal_missed",
            f"Kick {total} yards from the {state.ball}: short. {state.name(dfn)} take over "
            f"at the spot of the attempt.",
            team=dfn,
            yards=total,
        ),
    )
    after = change_possession(state, dfn, yards.flip(state.ball))
    return to_call(after), rulings
