"""NFL Rush Zone's prompts, one per phase: who acts next and the entries legal now."""

from __future__ import annotations

from domain import field as yards
from domain import kernel
from domain.ruleset import SIDES, EntryForm, Prompt, Side, Slot, other
from domain.rulesets.rushzone.reading import looks_like_dice, read_rolls, toss_winner
from domain.rulesets.rushzone.state import (
    DICE_COLOUR,
    REGULATION_QUARTERS,
    RushZoneState,
    down_line,
    spot,
)
from domain.rulesets.rushzone.turn import field_goal_needs, white_totals


def toss_prompt(state: RushZoneState) -> Prompt:
    """Deciding offense and defense: the youngest player calls the coin toss."""
    when = "Overtime coin toss" if state.quarter > REGULATION_QUARTERS else "Coin toss"
    return Prompt(
        "both",
        f"{when}: the youngest player calls heads (NFL logo) or tails (shield). "
        "Enter the winner: toss home | toss away",
        (
            EntryForm(
                "toss",
                "the team that won the coin toss",
                (Slot("winner", "word", words=SIDES),),
                read=lambda values: toss_winner(state, values),
            ),
        ),
    )


def choice_prompt(state: RushZoneState) -> Prompt:
    """Deciding offense and defense: the toss winner kicks or receives."""
    assert state.toss_winner is not None
    w = state.name(state.toss_winner)
    return Prompt(
        state.toss_winner,
        f"{w} won the toss and choose: receive (play offence) or kick (play defence)",
        (
            EntryForm("receive", f"{w} receive the kickoff"),
            EntryForm("kick", f"{w} kick off"),
        ),
    )


def kickoff_prompt(state: RushZoneState) -> Prompt:
    """Kickoff: both coaches roll the green die."""
    off, dfn = _sides(state)
    n = state.name
    return Prompt(
        "both",
        f"Kickoff to {n(off)}: both coaches roll the green die. "
        f"Enter the face for {n(off)} (receiving), then for {n(dfn)} (kicking)",
        (dice_form(state, ((off, 1), (dfn, 1)), "receiving, then kicking"),),
    )


def series_prompt(state: RushZoneState) -> Prompt:
    """Getting to the end zone: three white dice each for downs 1 to 3."""
    off, dfn = _sides(state)
    n = state.name
    return Prompt(
        "both",
        f"{down_line(state)}. Both coaches roll three white dice (downs 1 to 3): "
        f"enter the three faces for {n(off)}, then for {n(dfn)}",
        (dice_form(state, ((off, 3), (dfn, 3)), "offence, then defence"),),
    )


def fourth_prompt(state: RushZoneState) -> Prompt:
    """4th down: go for it, a field goal from the 50 or closer, or punt."""
    off, dfn = _sides(state)
    n = state.name
    assert state.white is not None and state.ball_on is not None
    o, d = white_totals(state)
    forms = [EntryForm("go", f"{n(off)} go for it: both roll the green die")]
    if field_goal_in_range(state):
        forms.append(EntryForm("fg", f"{n(off)} try a field goal: {n(off)} roll the green die"))
    forms.append(EntryForm("punt", f"{n(off)} punt: {n(off)} roll the green die"))
    fg = " field goal," if field_goal_in_range(state) else ""
    return Prompt(
        off,
        f"4th down at {spot(state)} ({n(off)} {o}, {n(dfn)} {d}). {n(off)} choose: "
        f"go for it,{fg} or punt",
        tuple(forms),
    )


def go_prompt(state: RushZoneState) -> Prompt:
    """4th down, going for it: both add the green die to their white dice."""
    off, dfn = _sides(state)
    n = state.name
    return Prompt(
        "both",
        f"Going for it on 4th down: both coaches roll the green die and add it to their "
        f"white dice. Enter the face for {n(off)}, then for {n(dfn)}",
        (dice_form(state, ((off, 1), (dfn, 1)), "offence, then defence"),),
    )


def field_goal_prompt(state: RushZoneState) -> Prompt:
    """Field goal: the green die must beat the position."""
    off, _ = _sides(state)
    assert state.ball_on is not None
    return Prompt(
        off,
        f"Field goal from {spot(state)}: {state.name(off)} roll the green die; "
        f"{field_goal_needs(state.ball_on)} or more is good",
        (dice_form(state, ((off, 1),), "kicker's die"),),
    )


def punt_prompt(state: RushZoneState) -> Prompt:
    """Punt: the green die times 10 yards."""
    off, _ = _sides(state)
    return Prompt(
        off,
        f"Punt: {state.name(off)} roll the green die; the ball flies 10 yards a pip",
        (dice_form(state, ((off, 1),), "punter's die"),),
    )


def try_prompt(state: RushZoneState) -> Prompt:
    """Touchdown: the automatic extra point or the two-point conversion."""
    assert state.scorer is not None
    s = state.scorer
    return Prompt(
        s,
        f"Touchdown {state.name(s)}! Take the automatic extra point (pat) or go for two (two)",
        (
            EntryForm("pat", "the automatic extra point, 1 point"),
            EntryForm("two", "the two-point conversion: both roll the green die"),
        ),
    )


def two_point_prompt(state: RushZoneState) -> Prompt:
    """Two-point conversion: green against green, the scoring team wins ties."""
    assert state.scorer is not None
    s, t = state.scorer, other(state.scorer)
    n = state.name
    return Prompt(
        "both",
        f"Two-point try: both coaches roll the green die, {n(s)} win ties. "
        f"Enter the face for {n(s)}, then for {n(t)}",
        (dice_form(state, ((s, 1), (t, 1)), "scoring team, then the other"),),
    )


def final_prompt(state: RushZoneState) -> Prompt:
    """After the final whistle nobody acts."""
    return kernel.final_whistle(kernel.final_line(state))


PROMPTS = {
    "toss": toss_prompt,
    "choice": choice_prompt,
    "kickoff": kickoff_prompt,
    "series": series_prompt,
    "fourth": fourth_prompt,
    "go": go_prompt,
    "field_goal": field_goal_prompt,
    "punt": punt_prompt,
    "try": try_prompt,
    "two_point": two_point_prompt,
    kernel.FINAL: final_prompt,
}


def field_goal_in_range(state: RushZoneState) -> bool:
    """Field goal: only from the defence's 50 or closer."""
    return state.ball_on is not None and state.ball_on <= yards.MIDFIELD


def _sides(state: RushZoneState) -> tuple[Side, Side]:
    assert state.offense is not None
    return state.offense, other(state.offense)


def dice_form(state: RushZoneState, dice: tuple[tuple[Side, int], ...], help: str) -> EntryForm:
    """The phase's dice as one entry: each side's faces in order, the colour as the keyword
    ("roll" for it, or no keyword: bare faces or faces labelled by side), read into the faces
    each side rolled."""
    colour = DICE_COLOUR[state.phase]
    slots = tuple(
        Slot(
            f"{state.name(side)} {colour}{' ' + str(i + 1) if count > 1 else ''}",
            "die",
            side=side,
            colour=colour,
        )
        for side, count in dice
        for i in range(count)
    )
    return EntryForm(
        colour,
        help,
        slots,
        aliases=("roll",),
        bare=lambda word: looks_like_dice(word, state),
        read=lambda values: read_rolls(values, slots, state),
    )
