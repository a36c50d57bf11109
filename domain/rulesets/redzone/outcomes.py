"""What a play came to: Tight End, FADD and no-long-bomb adjustments, then the result applied."""

from __future__ import annotations

from dataclasses import replace

from domain import field as yards
from domain.ruleset import Ruling, other
from domain.rulesets.redzone.downs import gain, next_down
from domain.rulesets.redzone.scoring import touchdown, try_over
from domain.rulesets.redzone.state import (
    OUTSIDE_RUNS,
    RED_ZONE,
    TE_OUTSIDE_RUNS,
    Outcome,
    RedZoneState,
    Rulings,
    ball_spot,
    offence_side,
    unit_of,
)
from domain.rulesets.redzone.turnovers import fumble, interception


def conclude(state: RedZoneState, outcome: Outcome, rulings: list[Ruling] | None = None) -> Rulings:
    """Tight End, FADD and no-long-bomb adjustments, then the penalty choice if one is pending."""
    rulings = list(rulings or [])
    play = state.play
    off = offence_side(state)
    if outcome.kind == "yards":
        n = outcome.yards
        if play.kind == "run" and outcome.source != "special":
            extra, notes = run_yards(state)
            n += extra
            rulings += [Ruling("run_yards", note + ".") for note in notes]
        for s, fadd in play.fadd:
            n = n - fadd if s == off else n + fadd
            rulings.append(
                Ruling(
                    "fadd_applied",
                    f"FADD {fadd} on {state.name(s)}: {'-' if s == off else '+'}{fadd} yards.",
                    team=s,
                )
            )
        outcome = replace(outcome, yards=n)
        if long_bomb_incomplete(state, outcome):
            rulings.append(
                Ruling("long_bomb", "No long bombs in the end zone: past the end line, incomplete.")
            )
            outcome = Outcome("inc")
    if play.penalty is not None:
        return replace(state, phase="decline", play=replace(play, outcome=outcome)), rulings
    state, more = apply_outcome(state, outcome)
    return state, [*rulings, *more]


def run_yards(state: RedZoneState) -> tuple[int, list[str]]:
    """Tight Ends (+1 to his side, optional limits), Canceling the TE (a LB opposite him
    cancels it; a LB opposite a WR on the play side -1) and the Nickel (+1 at a DB)."""
    play = state.play
    off = offence_side(state)
    c, dc = state.coach(off), state.coach(other(off))
    side = play.target[0]
    end = c.player(c.at(f"{side}wr"))
    facing_end = dc.facing(f"{side}wr")
    lb_on_end = any(unit_of(p) == "lb" for p in facing_end)
    extra, notes = 0, []
    dl_on_end = any(unit_of(p) == "dl" for p in facing_end)
    if end is not None and end.position == "te" and dl_on_end:
        if play.call in OUTSIDE_RUNS:
            extra -= 1
            notes.append("a Defensive Lineman shifted onto the Tight End: -1 yard outside")
        else:
            extra += 1
            notes.append("inside run on the side the Defensive Lineman left: +1 yard")
    elif end is not None and end.position == "te":
        rule = state.opt("tight_end")
        if rule == "outside" and play.call not in TE_OUTSIDE_RUNS:
            pass
        elif lb_on_end:
            notes.append("a Linebacker opposite the Tight End cancels his yard")
        else:
            extra += 1
            notes.append("Tight End on the play side: +1 yard")
    elif end is not None and lb_on_end:
        extra -= 1
        notes.append("a Linebacker opposite the play-side receiver: -1 yard")
    if play.target.endswith("rb") and any(unit_of(p) == "db" for p in dc.facing(play.target)):
        extra += 1
        notes.append("a Defensive Back opposite the back: +1 yard")
    return extra, notes


def long_bomb_incomplete(state: RedZoneState, outcome: Outcome) -> bool:
    """No Long Bombs in the End Zone (optional): from inside the 20 a chart gain past the end
    line is incomplete (harsh: every catch but a Long Gain, Cover checks included; harshest:
    long gains too)."""
    rule = state.opt("long_bombs")
    if rule == "off" or state.play.kind != "pass" or ball_spot(state) > RED_ZONE:
        return False
    if not yards.beyond_end_line(yards.advance(ball_spot(state), outcome.yards)):
        return False
    sources = {
        "normal": ("chart",),
        "harsh": ("chart", "skill", "cover"),
        "harshest": ("chart", "skill", "cover", "lg"),
    }
    return outcome.source in sources[rule]


def apply_outcome(state: RedZoneState, outcome: Outcome) -> Rulings:
    """A play's outcome once no penalty is taken: yards, a touchdown, a turnover."""
    if outcome.kind == "yards":
        return gain(state, outcome.yards)
    if outcome.kind == "td":
        off = offence_side(state)
        if state.is_try:
            return try_over(state, True, [])
        return touchdown(state, off, [])
    if outcome.kind == "inc":
        rulings = [Ruling("incomplete", "Incomplete pass.")]
        if state.is_try:
            return try_over(state, False, rulings)
        return next_down(state, ball_spot(state), rulings)
    if outcome.kind == "int":
        return interception(state)
    return fumble(state, [])
