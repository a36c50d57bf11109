"""Line-ups: the offence's swaps and where each defender lines up (Double Teaming)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.ruleset import IllegalEntry, Ruling
from domain.rulesets.redzone.parse import one, one_of, said
from domain.rulesets.redzone.state import (
    HOME_PLACE,
    Coach,
    RedZoneState,
    Rulings,
    offence_side,
    unit_of,
    with_coach,
)


def read_unit(state: RedZoneState, values: Sequence[str]) -> str:
    """Calling Plays: the unit whose left and right players swap."""
    return one_of(one(said(values), "rb, wr or ol"), ("rb", "wr", "ol"), "a unit")


def swap_unit(state: RedZoneState, unit: str) -> Rulings:
    """Calling Plays: the offence may reposition its players, one OL, RB and WR each side."""
    off = offence_side(state)
    c = state.coach(off)
    slots = dict(c.offence)
    slots[f"l{unit}"], slots[f"r{unit}"] = slots[f"r{unit}"], slots[f"l{unit}"]
    state = with_coach(state, off, replace(c, offence=tuple(slots.items())))
    return state, [
        Ruling("lineup", f"{state.name(off)} swap their {unit.upper()}s left and right.", team=off)
    ]


def read_alignment(state: RedZoneState, values: Sequence[str]) -> tuple[str, str]:
    """Double Teaming: a defender on the field and a place he may line up opposite (left or
    right: his own unit's place on that side)."""
    rest = said(values)
    if len(rest) != 2:
        raise IllegalEntry("enter: align <defender> <place or left|right>")
    pid = one_of(rest[0], defenders(state.coach(state.defence)), "a defender on the field")
    where = rest[1]
    if where in ("left", "right"):
        where = where[0] + HOME_PLACE[unit_of(pid)]
    return pid, one_of(where, allowed_places(state, pid), f"a place {pid} may line up")


def align_defender(state: RedZoneState, alignment: tuple[str, str]) -> Rulings:
    """Double Teaming: a defender moves opposite another player of his kind; two opposite one
    player double team him (optional rules widen where a LB or DB may line up)."""
    pid, where = alignment
    dfn = state.defence
    c = state.coach(dfn)
    state = with_coach(
        state, dfn, replace(c, defence=tuple((p, where if p == pid else w) for p, w in c.defence))
    )
    p = c.player(pid)
    return state, [
        Ruling(
            "lineup",
            f"{state.name(dfn)} line {p.name if p else pid} up opposite the {where.upper()}.",
            team=dfn,
            data={"pid": pid, "place": where},
        )
    ]


def allowed_places(state: RedZoneState, pid: str) -> tuple[str, ...]:
    """Double Teaming / Limiting the TE / Situational Substitutions: DL opposite OL, LB
    opposite RB (or a WR/TE with the LB options), DB opposite WR (or a RB in the nickel)."""
    unit = unit_of(pid)
    places = [f"l{HOME_PLACE[unit]}", f"r{HOME_PLACE[unit]}"]
    subs = state.opt("substitutions") == "yes"
    if unit == "lb" and (subs or state.opt("tight_end") == "linebacker"):
        places += ["lwr", "rwr"]
    if unit == "db" and subs:
        places += ["lrb", "rrb"]
    if unit == "dl" and state.opt("tight_end") == "shift":
        places += ["lwr", "rwr"]
    return tuple(places)


def defenders(c: Coach) -> tuple[str, ...]:
    """Double Teaming: the defenders on the field (a stand-in when none is known)."""
    return tuple(p for p, _ in c.defence) or ("dl1",)
