"""Potential penalties (pp. 6-7): the referee and penalty dice, accept or decline."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling, Side
from domain.rulesets.firstandgoal.cards import out_of_cards, refill, unburn
from domain.rulesets.firstandgoal.downs import finish_play
from domain.rulesets.firstandgoal.possession import first_down, to_call
from domain.rulesets.firstandgoal.reading import pen_text
from domain.rulesets.firstandgoal.scoring import two_point_over
from domain.rulesets.firstandgoal.specials import sneak_result
from domain.rulesets.firstandgoal.state import RETURNS, FirstAndGoalState, Flag, Result


def referee_penalty(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Potential penalty (p. 6): the referee die names the offender, the penalty die the yards."""
    face, pen = value
    play = state.in_play
    if face not in ("def", "off"):
        ruling = Ruling("no_penalty", f"Referee die {face}: no penalty; the play stands.")
        if state.phase == "sneak_ref":
            after, more = sneak_result(state, gain=0, why="no penalty")
            return after, [ruling, *more]
        after, more = finish_play(state, replace(play, gained=play.last))
        return after, [ruling, *more]
    offender = state.offence if face == "off" else state.defence
    text = f"Penalty on {state.name(offender)}, {pen_text(str(pen), face == 'def')}"
    play = replace(play, penalty=Flag("off" if face == "off" else "def", str(pen)))
    rulings = [Ruling("penalty", f"{text}.", team=offender, data={"face": face, "yards": pen})]
    green, burned = state.green, state.burned
    if play.burn is not None:
        # A penalty stops the clock: the run's card is not burned, even if declined (p. 7).
        green = unburn(green, play.burn)
        burned -= 1
        play = replace(play, burn=None)
        rulings.append(Ruling("unburn", "The penalty stops the clock: the run card is not burned."))
    after = replace(state, phase="penalty_choice", play=play, green=green, burned=burned)
    return after, rulings


def penalty_accept(state: FirstAndGoalState, _nothing: None) -> Result:
    """Penalty (p. 7): yards from the line of scrimmage, the down repeated (5A: 1st down)."""
    play, flag = state.in_play, state.flag
    chooser = flag.chooser(state.offence)
    if play.kind in RETURNS:
        return return_penalty(state, chooser)
    spot = yards.half_distance_penalty_spot(play.start, flag.signed_yards)
    auto = flag.automatic_first_down
    ruling = Ruling(
        "penalty_accepted",
        f"{state.name(chooser)} accept the penalty: ball at {state.spot_for(state.offence, spot)}"
        f"{', automatic 1st down' if auto else ''}; the down is not counted.",
        team=chooser,
        yards=spot - play.start if flag.on == "off" else play.start - spot,
    )
    state = refill(replace(state, play=None))
    if play.kind == "two_point":
        if flag.on == "off":
            after, more = two_point_over(state, good=False, why="offensive penalty")
            return after, [ruling, *more]
        if out_of_cards(state):
            after, more = two_point_over(state, good=False, why="no card left to replay it")
            return after, [ruling, *more]
        return replace(state, phase="two_call", ball_on=spot), [ruling]
    _, marker = state.chains
    if auto or spot <= marker:
        first = Ruling("first_down", f"1st down at {state.spot_for(state.offence, spot)}.")
        return to_call(first_down(state, spot)), [ruling, first]
    return to_call(replace(state, ball_on=spot)), [ruling]


def penalty_decline(state: FirstAndGoalState, _nothing: None) -> Result:
    """Penalty (p. 7): the non-offending side may decline; the rolled distance stands."""
    play = state.in_play
    chooser = state.flag.chooser(state.offence)
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
    play = state.in_play
    run_to = yards.advance(play.start, play.last)
    run_to = min(max(run_to, 1), yards.FIELD - 1)
    spot = yards.half_distance_penalty_spot(run_to, state.flag.signed_yards)
    ruling = Ruling(
        "penalty_accepted",
        f"{state.name(chooser)} accept the penalty, marked off from the end of the return: "
        f"{state.name(state.offence)} ball at {state.spot_for(state.offence, spot)}; 1st & 10.",
        team=chooser,
    )
    return to_call(first_down(replace(state, play=None), spot)), [ruling]
