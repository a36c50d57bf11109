"""What the table is asked in each phase, and the entries legal there: one prompt function per
phase, in the table ``PROMPTS``. The set-up, the injuries and the final whistle are here; the
kicks in kick_prompts.py, a play from scrimmage in play_prompts.py.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.kernel import final_line
from domain.ruleset import EntryForm, Extra, Prompt, Slot, other
from domain.rulesets.redzone import kick_prompts as kicks
from domain.rulesets.redzone import play_prompts as plays
from domain.rulesets.redzone.forms import discard_form, team_slot, word_slot
from domain.rulesets.redzone.rosters import needs, open_positions, plural
from domain.rulesets.redzone.state import REGULATION_QUARTERS, RedZoneState
from domain.rulesets.redzone.substitutions import (
    bench_for,
    eligible_discards,
    fits,
    position_of,
    team_discards,
)


def prompt_final(state: RedZoneState) -> Prompt:
    """How To Win: after the final whistle nobody acts."""
    return Prompt("nobody", f"Final whistle: {final_line(state)}")


def prompt_toss(state: RedZoneState) -> Prompt:
    """The Draft: a coin toss (overtime: a new toss decides who kicks or receives)."""
    what = "Overtime coin toss" if state.quarter > REGULATION_QUARTERS else "Coin toss"
    return Prompt(
        "both",
        f"{what}: enter the winner",
        (EntryForm("toss", "the team that won the coin toss", (team_slot(),)),),
    )


def prompt_advantage(state: RedZoneState) -> Prompt:
    """The Draft: the toss winner takes the first pick or home-field advantage."""
    w = state.toss_winner
    assert w is not None
    n = state.name
    return Prompt(
        w,
        f"{n(w)} won the toss: take the first draft pick or home-field advantage",
        (
            EntryForm("pick", f"{n(w)} draft first; {n(other(w))} choose kick or receive"),
            EntryForm("field", f"{n(w)} choose kick or receive; {n(other(w))} draft first"),
        ),
    )


def prompt_kick_choice(state: RedZoneState) -> Prompt:
    """The Draft: the coach with home-field advantage (overtime: the toss winner) elects to
    kick or receive."""
    w = other(state.first_pick) if state.first_pick else None
    if state.quarter > REGULATION_QUARTERS:
        w = state.toss_winner
    assert w is not None
    return Prompt(
        w,
        f"{state.name(w)} choose to kick off or receive",
        (
            EntryForm("kick", f"{state.name(w)} kick off"),
            EntryForm("receive", f"{state.name(w)} receive"),
        ),
    )


def prompt_draft(state: RedZoneState) -> Prompt:
    """The Draft: a position still open, then the player's name if the table gives it."""
    side = state.drafting
    assert side is not None
    form = EntryForm(
        "draft",
        "position, then the player's name (optional)",
        (word_slot("position", open_positions(state, side)),),
        extras=(Extra("player's name", (Slot("name", "text"),)),),
    )
    return Prompt(side, f"{state.name(side)} draft a player ({needs(state, side)})", (form,))


def _prompt_team_sub(state: RedZoneState, bench: bool) -> Prompt:
    """Injuries (team play): first, is a substitute of the chosen team to hand?"""
    side, pid = state.subs[0]
    p = state.coach(side).player(pid)
    label = p.name if p else pid
    unit = plural(fits(position_of(state, side, pid)), 1)
    answers = ("yes",) if team_discards(state, side, pid) else ("yes", "no")
    forms = [
        EntryForm(
            "teamsub",
            "yes: a substitute of the chosen team is to hand; no: any eligible player",
            (word_slot("answer", answers),),
        ),
        discard_form(state, side),
    ]
    if bench:
        forms.append(EntryForm("sub", "the drafted back-up", (word_slot("from", ("bench",)),)))
    return Prompt(
        side,
        f"{label} is injured: do {state.name(side)} have a substitute ({unit}) of the chosen "
        "team in the discard pile, Draw Deck or hand?",
        tuple(forms),
    )


def prompt_sub(state: RedZoneState) -> Prompt:
    """Injuries: a substitute from the discard pile, then the Draw Deck, then the hand (a card
    known on the discard pile first), or none; with 20-man squads the drafted back-up."""
    side, pid = state.subs[0]
    bench = state.opt("substitutions") == "yes" and bool(bench_for(state, side, pid))
    if state.opt("draft") == "team" and not state.sub_team:
        return _prompt_team_sub(state, bench)
    p = state.coach(side).player(pid)
    label = p.name if p else pid
    known = eligible_discards(state, side, pid)
    where = ["discard"] if known else ["discard", "draw", "hand", "none"]
    if state.sub_team == "yes" and "none" in where:
        where.remove("none")
    if bench:
        where.insert(0, "bench")
    seen = f" ({', '.join(known)} on the discard pile)" if known else ""
    return Prompt(
        side,
        f"{label} is injured: {state.name(side)} bring a substitute "
        f"from the discard pile, Draw Deck or hand, in that order{seen}",
        (
            EntryForm(
                "sub",
                "where the substitute came from (none: the position stays vacant)",
                (word_slot("from", tuple(where)),),
            ),
            discard_form(state, side),
        ),
    )


PROMPTS: dict[str, Callable[[RedZoneState], Prompt]] = {
    "toss": prompt_toss,
    "advantage": prompt_advantage,
    "kick_choice": prompt_kick_choice,
    "draft": prompt_draft,
    "kickoff": kicks.prompt_kickoff,
    "k": kicks.prompt_kick,
    "kr": kicks.prompt_kick_return,
    "onside_lg": kicks.prompt_onside_lg,
    "onside_k": kicks.prompt_onside_k,
    "onside_p": kicks.prompt_onside_p,
    "safety_kick": kicks.prompt_safety_kick,
    "call": plays.prompt_call,
    "defend": plays.prompt_defend,
    "check": plays.prompt_check,
    "redraw": plays.prompt_redraw,
    "result": plays.prompt_result,
    "star": plays.prompt_star,
    "skill": plays.prompt_skill,
    "lg": plays.prompt_long_gain,
    "decline": plays.prompt_decline,
    "fumble_lg": plays.prompt_fumble_lg,
    "fumble_guess": plays.prompt_fumble_guess,
    "fumble_flip": plays.prompt_fumble_flip,
    "int_choice": plays.prompt_int_choice,
    "int_return": plays.prompt_return,
    "punt": kicks.prompt_punt,
    "coffin_colour": kicks.prompt_coffin_colour,
    "punt_choice": kicks.prompt_punt_choice,
    "pr": plays.prompt_return,
    "fg": kicks.prompt_field_goal,
    "try": kicks.prompt_try,
    "pat": kicks.prompt_extra_point,
    "sub": prompt_sub,
    "final": prompt_final,
}


def prompt(state: RedZoneState) -> Prompt:
    """Who acts next in the state's phase, what they do, and the entries legal now."""
    return PROMPTS[state.phase](state)
