"""The clock (pp. 4, 10): time-outs and their options, running the clock."""

from __future__ import annotations

from dataclasses import replace

from domain.ruleset import SIDES, IllegalEntry, Ruling, Side
from domain.rulesets.firstandgoal.cards import burn_card, unburn
from domain.rulesets.firstandgoal.lines import offence_team
from domain.rulesets.firstandgoal.state import FirstAndGoalState, Result


def time_out(state: FirstAndGoalState, value: Side) -> Result:
    """Time-out (pp. 4, 10): 3 a half; against a burn the defence saves the card."""
    side = value
    if state.phase == "matchup" and side != state.defence:
        raise IllegalEntry(
            "the cards are revealed: only the defence may call a time-out now, to save the "
            "run's card; name the dice instead"
        )
    left = state.timeouts_of(side)
    if left <= 0:
        raise IllegalEntry(
            f"{state.name(side)} have no time-outs left this half; play a card instead"
        )
    counts = list(state.timeouts)
    counts[SIDES.index(side)] = left - 1
    rulings = [
        Ruling(
            "timeout",
            f"Time-out {state.name(side)} ({left - 1} left this half).",
            team=side,
            data={"left": left - 1},
        )
    ]
    if side == state.defence:
        state, saved = defence_saves_the_card(state)
        rulings += saved
    after = replace(
        state,
        timeouts=(counts[0], counts[1]),
        clock_burn=False,
        resume=state.phase,
        phase="timeout_options",
    )
    return after, rulings


def defence_saves_the_card(state: FirstAndGoalState) -> Result:
    """Running the clock (p. 10): the defence's time-out cancels the run's or the clock's burn."""
    play = state.play
    if state.phase == "matchup" and play is not None and play.burn is not None:
        green = unburn(state.green, play.burn)
        saved = replace(state, green=green, burned=state.burned - 1, play=replace(play, burn=None))
        return saved, [Ruling("unburn", "The defence's time-out saves the run's card.")]
    if state.phase == "call" and state.clock_burn:
        saved = replace(state, green=unburn(state.green, "deck"), burned=state.burned - 1)
        return saved, [Ruling("unburn", "The defence's time-out saves the burned card.")]
    return state, []


def time_out_options(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Time-out (p. 4): each coach A) takes a card from the discards or B) redraws the hand."""
    off_choice, def_choice = value
    green, black = state.green, state.black
    for who, choice, cards in (("offence", off_choice, green), ("defence", def_choice, black)):
        if choice == "a" and cards.discard == 0:
            raise IllegalEntry(
                f"the {who} discard pile is empty; choose b (redraw) or none for the {who}"
            )
    if off_choice == "a":
        green = replace(green, hand=green.hand + 1, discard=green.discard - 1)
    if def_choice == "a":
        black = replace(black, hand=black.hand + 1, discard=black.discard - 1)
    labels = {"a": "takes a card from its discard pile", "b": "redraws its hand", "none": "passes"}
    ruling = Ruling(
        "timeout_options",
        f"Offence {labels[str(off_choice)]}; defence {labels[str(def_choice)]}.",
        data={"offence": off_choice, "defence": def_choice},
    )
    assert state.resume is not None
    return replace(state, phase=state.resume, resume=None, green=green, black=black), [ruling]


def run_the_clock(state: FirstAndGoalState, _nothing: None) -> Result:
    """Running the clock (p. 10): after a completed pass the offence may burn a card."""
    green, _ = burn_card(replace(state.green, hand=0))
    green = replace(green, hand=state.green.hand)
    ruling = Ruling(
        "burn",
        f"{offence_team(state)} run the clock: a card is burned.",
        team=state.offence,
        data={"from": "deck"},
    )
    after = replace(
        state, green=green, burned=state.burned + 1, pass_completed=False, clock_burn=True
    )
    return after, [ruling]
