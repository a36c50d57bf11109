"""Line-ups: the offence's swaps and where each defender lines up (Double Teaming)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.ruleset import IllegalEntry, Ruling
from domain.rulesets.redzone.parse import _one, _word
from domain.rulesets.redzone.state import (
    HOME_PLACE,
    Coach,
    RedZoneState,
    Rulings,
    _offence,
    _set,
    _unit,
)


def swap_unit(state: RedZoneState, rest: Sequence[str]) -> Rulings:
    """Calling Plays: the offence may reposition its players, one OL, RB and WR each side."""
    unit = _word(_one(rest, "rb, wr or ol"), ("rb", "wr", "ol"), "a unit")
    off = _offence(state)
    c = state.coach(off)
    slots = dict(c.offence)
    slots[f"l{unit}"], slots[f"r{unit}"] = slots[f"r{unit}"], slots[f"l{unit}"]
    state = _set(state, off, replace(c, offence=tuple(slots.items())))
    return state, [
        Ruling("lineup", f"{state.name(off)} swap their {unit.upper()}s left and right.", team=off)
    ]


def align_defender(state: RedZoneState, rest: Sequence[str]) -> Rulings:
    """Double Teaming: a defender moves opposite another player of his kind; two opposite one
    player double team him (optional rules widen where a LB or DB may line up)."""
    if len(rest) != 2:
        raise IllegalEntry("enter: align <defender> <place or left|right>")
    dfn = state.defence
    c = state.coach(dfn)
    pid = _word(rest[0], _defenders(c), "a defender on the field")
    allowed = allowed_places(state, pid)
    where = rest[1]
    if where in ("left", "right"):
        where = where[0] + HOME_PLACE[_unit(pid)]
    _word(where, allowed, f"a place {pid} may line up")
    state = _set(
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
    unit = _unit(pid)
    places = [f"l{HOME_PLACE[unit]}", f"r{HOME_PLACE[unit]}"]
    subs = state.opt("substitutions") == "yes"
    if unit == "lb" and (subs or state.opt("tight_end") == "linebacker"):
        places += ["lwr", "rwr"]
    if unit == "db" and subs:
        places += ["lrb", "rrb"]
    if unit == "dl" and state.opt("tight_end") == "shift":
        places += ["lwr", "rwr"]
    return tuple(places)


def _defenders(c: Coach) -> tuple[str, ...]:
    return tuple(p for p, _ in c.defence) or ("dl1",)
