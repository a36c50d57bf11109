"""Special situations (pp. 10-11): QB kneel and sneak, Hail Mary, unplayable hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.ruleset import IllegalEntry, Ruling
from domain.rulesets.firstandgoal.downs import downs
from domain.rulesets.firstandgoal.halves import end_of_half
from domain.rulesets.firstandgoal.lines import offence_team
from domain.rulesets.firstandgoal.possession import first_down, to_call
from domain.rulesets.firstandgoal.scoring import safety, touchdown
from domain.rulesets.firstandgoal.state import FirstAndGoalState, Play, Result


def qb_kneel(state: FirstAndGoalState, _nothing: None) -> Result:
    """Quarterback kneel (p. 10): deck empty; burn a card from the hand, lose 1 yard and a down."""
    green = replace(state.green, hand=state.green.hand - 1, discard=state.green.discard + 1)
    state = replace(state, green=green, burned=state.burned + 1, pass_completed=False)
    ruling = Ruling(
        "kneel",
        f"{offence_team(state)} kneel: a card burned, 1 yard lost.",
        team=state.offence,
        yards=-1,
    )
    spot = yards.advance(state.ball, -1)
    if yards.is_safety(spot):
        after, more = safety(state)
    else:
        after, more = downs(state, spot)
    return after, [ruling, *more]


def qb_sneak(state: FirstAndGoalState, _nothing: None) -> Result:
    """Quarterback sneak (p. 11): only 1 yard short of a 1st down; roll the play die."""
    ruling = Ruling("decision", f"{offence_team(state)} QB sneak.", team=state.offence)
    play = Play("sneak", start=state.ball)
    return replace(state, phase="sneak", play=play, pass_completed=False), [ruling]


def sneak_roll(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Quarterback sneak (p. 11): breakaway, HAIL or MARY gain the yard; X or T do not; P
    calls the referee and penalty dice."""
    (face,) = value
    if face == "p":
        ruling = Ruling(
            "potential_penalty", "Sneak: potential penalty, roll referee and penalty dice."
        )
        return replace(state, phase="sneak_ref"), [ruling]
    if face in ("break", "hail", "mary"):
        return sneak_result(state, gain=1, why=f"play die {face}")
    return sneak_result(state, gain=0, why=f"play die {face}")


def sneak_result(state: FirstAndGoalState, *, gain: int, why: str) -> Result:
    """Quarterback sneak (p. 11): +1 yard and a new 1st down, or no gain and a down lost."""
    state = replace(state, play=None)
    off = state.offence
    if gain:
        spot = yards.advance(state.ball, 1)
        ruling = Ruling("sneak", f"Sneak ({why}): 1 yard and a new 1st down.", team=off, yards=1)
        if yards.is_touchdown(spot):
            after, more = touchdown(state)
            return after, [ruling, *more]
        return to_call(first_down(state, spot)), [ruling]
    ruling = Ruling("sneak", f"Sneak ({why}): no gain, a down lost.", team=off, yards=0)
    after, more = downs(replace(state, marker=state.marker), state.ball)
    return after, [ruling, *more]


def hail_mary(state: FirstAndGoalState, _nothing: None) -> Result:
    """Hail Mary pass (p. 10): the last play of the half, 1 or 2 cards, on or behind own 35."""
    ruling = Ruling("decision", f"{offence_team(state)} throw a Hail Mary!", team=state.offence)
    return replace(state, phase="hail_mary", pass_completed=False), [ruling]


def hail_mary_roll(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Hail Mary pass (p. 10): HAIL and MARY on the play and referee dice is a touchdown."""
    play_face, ref_face = value
    off = state.offence
    spent = state.green.hand
    state = replace(
        state,
        green=replace(state.green, hand=0, discard=state.green.discard + spent),
        burned=state.burned + spent,
    )
    if {play_face, ref_face} == {"hail", "mary"}:
        ruling = Ruling("hail_mary", "HAIL and MARY: caught in the end zone!", team=off)
        after, more = touchdown(state)
        return after, [ruling, *more]
    ruling = Ruling(
        "hail_mary_failed", f"{play_face} and {ref_face}: the Hail Mary falls incomplete.", team=off
    )
    after, more = end_of_half(state)
    return after, [ruling, *more]


def read_unplayable(state: FirstAndGoalState, rest: Sequence[str]) -> int:
    """Unplayable hand (p. 10): how many cards the offence discards, 1 or 2."""
    if len(rest) != 1 or rest[0] not in ("1", "2"):
        raise IllegalEntry("enter how many cards the offence discards: unplayable 1 | unplayable 2")
    return int(rest[0])


def unplayable_hand(state: FirstAndGoalState, discards: int) -> Result:
    """Unplayable hand (p. 10): discard 1 or 2 and redraw; nothing left to draw ends the half."""
    n = min(discards, state.green.hand)
    if state.green.deck == 0:
        ruling = Ruling("unplayable", "Unplayable hand and no card left to draw: the half ends.")
        after, more = end_of_half(state)
        return after, [ruling, *more]
    draw = min(n, state.green.deck)
    green = replace(
        state.green,
        hand=state.green.hand - n + draw,
        deck=state.green.deck - draw,
        discard=state.green.discard + n,
    )
    ruling = Ruling(
        "unplayable", f"Unplayable hand: {n} discarded, {draw} drawn.", team=state.offence
    )
    return replace(state, green=green, pass_completed=False), [ruling]
