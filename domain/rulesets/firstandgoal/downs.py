"""The end of a play (p. 5): moving the ball, first downs, turnover on downs, returns."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling
from domain.rulesets.firstandgoal.cards import refill
from domain.rulesets.firstandgoal.lines import down_line
from domain.rulesets.firstandgoal.possession import change_possession, first_down, to_call
from domain.rulesets.firstandgoal.scoring import safety, touchdown, two_point_over
from domain.rulesets.firstandgoal.state import RETURNS, FirstAndGoalState, Play, Result


def finish_play(state: FirstAndGoalState, play: Play) -> Result:
    """Moving the ball (p. 5): touchdown, safety, first down, next down or turnover on downs."""
    off = state.offence
    spot = yards.advance(play.start, play.gained)
    state = replace(state, play=None)
    if play.kind in RETURNS:
        return return_result(state, play, spot)
    state = refill(state)
    if play.kind == "two_point":
        return two_point_over(state, good=yards.is_touchdown(spot), why="stopped short")
    if yards.is_touchdown(spot):
        return touchdown(state)
    if yards.is_safety(spot):
        return safety(state)
    completed = (
        play.kind == "play"
        and not play.run
        and not play.broken_up
        and play.penalty is None
        and play.gained >= 0
    )
    after, rulings = downs(state, spot)
    if after.phase == "call" and after.offense == off and completed:
        after = replace(after, pass_completed=True)
    return after, rulings


def downs(state: FirstAndGoalState, spot: int) -> Result:
    """Downs (p. 5): reaching the marker is a 1st down; after a failed 4th down, the ball goes
    over where it lies."""
    off = state.offence
    down, marker = state.chains
    if spot <= marker:
        state = first_down(state, spot)
        what = "1st & goal" if state.marker == 0 else "1st down"
        ruling = Ruling("first_down", f"{what} at {state.spot_for(off, spot)}.", team=off)
        return to_call(state), [ruling]
    if down >= 4:
        dfn = state.defence
        ruling = Ruling(
            "turnover_on_downs",
            f"Turnover on downs: {state.name(dfn)} take over at "
            f"{state.spot_for(dfn, yards.flip(spot))}.",
            team=dfn,
        )
        return to_call(change_possession(state, dfn, yards.flip(spot))), [ruling]
    state = replace(state, ball_on=spot, down=down + 1)
    ruling = Ruling("down", f"{down_line(state)}.", team=off, data={"ball_on": spot})
    return to_call(state), [ruling]


def return_result(state: FirstAndGoalState, play: Play, spot: int) -> Result:
    """Kickoff and punt returns (pp. 4, 8): the returning team starts where the run ends."""
    off = state.offence
    if yards.is_touchdown(spot):
        ruling = Ruling("return_touchdown", f"{state.name(off)} return it all the way!", team=off)
        after, more = touchdown(state)
        return after, [ruling, *more]
    if spot >= yards.FIELD:
        # Downed behind the goal line on the return: a touchback, not a safety (ruling).
        ruling = Ruling("touchback", "The return ends in the end zone: touchback at the 20.")
        return to_call(first_down(state, yards.touchback())), [ruling]
    ruling = Ruling(
        "return",
        f"{state.name(off)} return it {play.gained} yards to {state.spot_for(off, spot)}; "
        "1st & 10.",
        team=off,
        yards=play.gained,
    )
    return to_call(first_down(state, spot)), [ruling]
