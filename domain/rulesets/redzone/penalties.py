"""Penalties: yards against the team flagged, declining (optional) and delay of game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.ruleset import (
    Ruling,
    Side,
    other,
)
from domain.rulesets.redzone.clock import between_plays, draw_for_the_play
from domain.rulesets.redzone.outcomes import apply_outcome
from domain.rulesets.redzone.parse import one, said, team
from domain.rulesets.redzone.state import (
    DELAY_OF_GAME_YARDS,
    HAND,
    Play,
    RedZoneState,
    Rulings,
    ball_spot,
    offence_side,
    with_coach,
)
from domain.rulesets.redzone.views import down_line


def read_no_plays(state: RedZoneState, values: Sequence[str]) -> Side:
    """No Plays: the team with no plays (the offence calling a play, else the defence)."""
    off = offence_side(state)
    due = off if state.phase == "call" else other(off)
    return team(one(said(values), "the team with no plays"), state, (due,))


def delay_of_game(state: RedZoneState, side: Side) -> Rulings:
    """No Plays: "no plays in his hand after drawing": the play's draw from the Time Deck comes
    first; then delay of game: discard the hand, draw seven from the Draw Deck, lose 5 yards."""
    rulings: list[Ruling] = []
    if state.phase == "call":
        state, rulings = draw_for_the_play(state)
    c = state.coach(side)
    state = with_coach(state, side, replace(c, hand=HAND, draw_flips=c.draw_flips + HAND))
    ruling = Ruling(
        "delay_of_game",
        f"Delay of game on {state.name(side)}: no plays after drawing; a new hand of seven "
        f"from the Draw Deck, {DELAY_OF_GAME_YARDS} yards.",
        team=side,
    )
    state = replace(state, play=Play(), phase="call")
    state, more = apply_penalty(state, side, DELAY_OF_GAME_YARDS)
    return state, [*rulings, ruling, *more]


def penalty_choice(state: RedZoneState, accept: bool) -> Rulings:
    """Declining Penalties (optional): the coach not penalised takes the penalty or the play."""
    play = state.play
    assert play.penalty is not None and play.outcome is not None
    side, n = play.penalty
    victim = other(side)
    if accept:
        ruling = Ruling(
            "penalty_accepted", f"{state.name(victim)} accept the penalty.", team=victim
        )
        state = replace(state, phase="call", play=replace(play, penalty=None))
        state, more = apply_penalty(state, side, n)
        return state, [ruling, *more]
    ruling = Ruling(
        "penalty_declined",
        f"{state.name(victim)} decline the penalty and take the play.",
        team=victim,
    )
    state = replace(state, play=replace(play, penalty=None))
    state, more = apply_outcome(state, play.outcome)
    return state, [ruling, *more]


def apply_penalty(state: RedZoneState, side: Side, n: int) -> Rulings:
    """Penalties: yards against the team flagged, the down replayed (never more than half the
    distance to the goal)."""
    off = offence_side(state)
    spot = yards.penalty_spot(ball_spot(state), n if side != off else -n)
    state = replace(state, ball_on=spot, play=Play(), phase="call")
    assert state.marker is not None
    text = f"Penalty on {state.name(side)}, {n} yards: the down is replayed"
    if not state.is_try and spot <= state.marker:
        state = replace(state, down=1, marker=yards.first_down_marker(spot))
        text += ", first down"
    ruling = Ruling(
        "penalty", f"{text}. {down_line(state)}.", team=side, yards=n, data={"ball_on": spot}
    )
    return between_plays(state, [ruling])
