"""Kickoffs to a half, the end of a half and the final whistle (pp. 4, 9-10)."""

from __future__ import annotations

from dataclasses import replace

from domain import kernel
from domain.ruleset import Ruling, Side, other
from domain.rulesets.firstandgoal.cards import out_of_cards
from domain.rulesets.firstandgoal.possession import change_possession
from domain.rulesets.firstandgoal.state import TIMEOUTS, Cards, FirstAndGoalState, Result


def to_kickoff(state: FirstAndGoalState, receiver: Side) -> Result:
    """Kickoff (p. 4): the defence kicks off to the receiving team, which becomes the offence."""
    state = change_possession(state, receiver, None)
    state = replace(state, phase="kickoff", down=None, marker=None, ball_on=None)
    if out_of_cards(state):
        return end_of_half(state)
    return state, []


def end_of_half(state: FirstAndGoalState) -> Result:
    """End of half (pp. 9-10): halftime, the end of the game, or overtime when tied."""
    state = replace(
        state, play=None, kick=None, resume=None, pass_completed=False, clock_burn=False
    )
    fresh = replace(
        state,
        green=Cards(),
        black=Cards(),
        burned=0,
        timeouts=(TIMEOUTS, TIMEOUTS),
        scores=(*state.scores, (0, 0)),
        half=state.half + 1,
        board=state.board,
    )
    if state.half == 1:
        assert state.first_receiver is not None
        receiver = other(state.first_receiver)
        ruling = Ruling(
            "halftime",
            f"The offence is out of cards: halftime. {state.name(state.first_receiver)} kick off "
            f"to {state.name(receiver)}.",
        )
        after, more = to_kickoff(fresh, receiver)
        return after, [ruling, *more]
    total = state.total
    if total["home"] != total["away"]:
        return final_whistle(state, "The offence is out of cards: end of the game.")
    ruling = Ruling(
        "overtime",
        f"Tied {total['home']}-{total['away']}: overtime, 3 new time-outs each; first score "
        "wins. Toss the coin.",
    )
    return replace(fresh, phase="toss", offense=None, ball_on=None, down=None, marker=None), [
        ruling
    ]


def out_of_cards_ends_the_half(state: FirstAndGoalState, rulings: list[Ruling]) -> Result:
    """End of half (p. 9): when the next play is due and a deck is spent, the half ends at once."""
    if state.phase == "call" and out_of_cards(state):
        after, more = end_of_half(state)
        return after, [*rulings, *more]
    return state, rulings


def final_whistle(state: FirstAndGoalState, why: str) -> Result:
    """End of the game (pp. 9-10): the final whistle, with the winner if there is one."""
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(
        state, phase="final", winner=winner, play=None, down=None, marker=None, ball_on=None
    )
    return done, [Ruling("final", f"{why} Final: {kernel.final_line(done)}", team=winner)]
