"""A play from scrimmage: the calls, the Execution Color Check, the Play Results Chart, Skill
Checks and Long Gains.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.redzone.clock import between_plays, draw_for_the_play, flip_cards
from domain.rulesets.redzone.outcomes import conclude
from domain.rulesets.redzone.parse import one, one_of, printed_number, said
from domain.rulesets.redzone.penalties import apply_penalty
from domain.rulesets.redzone.state import (
    ALIASES,
    COLOURS,
    DEFENCES,
    GRADE,
    KNOWN_PASS_NUMBERS,
    OPEN_PASS_NUMBERS,
    PASS_CODES,
    PASSES,
    RUN_CODES,
    RUNS,
    SKILL_NUMBERS,
    SKILL_WORDS,
    TARGETS,
    YARDS_HIGH,
    YARDS_LOW,
    Check,
    Coach,
    Outcome,
    Play,
    RedZoneState,
    Rulings,
    offence_side,
    player_label,
    unit_of,
    with_coach,
)
from domain.words import possessive


@dataclass(frozen=True)
class Call:
    """An offensive play as called: the play, run or pass, the player given the ball, and the
    Passing Play Number (0 for a run)."""

    name: str
    kind: str
    target: str
    ppn: int = 0


def read_call(state: RedZoneState, values: Sequence[str]) -> Call:
    """Calling Plays: the play, the player given the ball, and a pass's Passing Play Number
    when the rulebook does not give it."""
    rest = said(values)
    if len(rest) not in (2, 3):
        raise IllegalEntry("enter: call <play> <lrb|rrb|lwr|rwr> [passing play number]")
    name = one_of(rest[0], RUNS + PASSES, "an offensive play")
    target = one_of(rest[1], TARGETS, "a player to give the ball to")
    kind = "run" if name in RUNS else "pass"
    ppn = KNOWN_PASS_NUMBERS.get(name, 0)
    if kind == "pass" and not ppn:
        if len(rest) != 3:
            raise IllegalEntry(
                f"{name} needs its Passing Play Number from the chart: "
                f"call {name} {target} <2|3|4|6|7>"
            )
        ppn = int(one_of(rest[2], OPEN_PASS_NUMBERS, "a Passing Play Number left for this play"))
    elif len(rest) == 3:
        raise IllegalEntry(f"{name} takes no Passing Play Number; enter: call {name} {target}")
    return Call(name, kind, target, ppn)


def call_play(state: RedZoneState, call: Call) -> Rulings:
    """Calling Plays: one of 16 offensive plays to a side and player; a play starts with each
    coach drawing to seven from his Time Deck."""
    name, kind, target, ppn = call.name, call.kind, call.target, call.ppn
    if name == "reverse" and reverse_to_tight_end(state, target):
        raise IllegalEntry(
            f"a Reverse can't be run to the Tight End ({target.upper()}) when the TE only helps "
            "outside runs; call it to another player"
        )
    off = offence_side(state)
    state, rulings = draw_for_the_play(state)
    for s in (off, other(off)):
        c = state.coach(s)
        state = with_coach(state, s, replace(c, hand=c.hand - 1))
    play = Play(call=name, kind=kind, target=target, ppn=ppn)
    text = (
        f"{state.name(off)} call {name} ({target.upper()})"
        + (f", Passing Play Number {ppn}" if kind == "pass" else "")
        + "."
    )
    return replace(state, phase="defend", play=play), [
        Ruling(
            "call",
            text,
            team=off,
            data={
                "play": name,
                "target": target,
                "play_type": kind,
                "players": ball_handlers(state.coach(off), name, kind, target),
            },
        ),
        *rulings,
    ]


def ball_handlers(coach: Coach, name: str, kind: str, target: str) -> dict[str, str]:
    """Calling Plays: the play goes to the player lined up at the target (a QB keep to the
    quarterback); a pass is thrown by the quarterback. Names as drafted, for the play-by-play."""
    names = {p.pid: p.name for p in coach.roster}
    qb, carrier = names.get(coach.at("qb"), ""), names.get(coach.at(target), "")
    if name == "qb-keep":
        handlers = {"rusher": qb}
    elif kind == "run":
        handlers = {"rusher": carrier}
    else:
        handlers = {"passer": qb, "receiver": carrier}
    return {role: who for role, who in handlers.items() if who}


def reverse_to_tight_end(state: RedZoneState, target: str) -> bool:
    """Limiting the TE (1): "Reverses can't be run to the TE" (a TE in a receiver's place)."""
    if state.opt("tight_end") != "outside" or not target.endswith("wr") or state.offense is None:
        return False
    c = state.coach(state.offense)
    carrier = c.player(c.at(target))
    return carrier is not None and carrier.position == "te"


def read_defence(state: RedZoneState, values: Sequence[str]) -> str:
    """Calling Plays: one of the 8 defensive plays."""
    return one_of(one(said(values), "a defensive play"), DEFENCES, "a defensive play")


def defend_play(state: RedZoneState, name: str) -> Rulings:
    """Calling Plays: the defence picks one of 8 defensive plays."""
    dfn = state.defence
    return replace(state, phase="check", play=replace(state.play, defence=name)), [
        Ruling("defend", f"{state.name(dfn)} call {name}.", team=dfn, data={"play": name})
    ]


_CHECK = re.compile(r"^(?:(pen|penalty|p)(\d{1,2})|fadd\+?(\d{1,2}))$")


def _check_value(token: str) -> tuple[str, int]:
    token = ALIASES.get(token, token)
    if token in COLOURS:
        return token, 0
    m = _CHECK.match(token)
    if not m:
        raise IllegalEntry(
            f"{token!r} is not an execution result; enter green, yellow, red, penN or faddN"
        )
    if m.group(2):
        return "penalty", int(m.group(2))
    return "fadd", int(m.group(3))


Flipped = tuple[str, int]


def read_check(state: RedZoneState, values: Sequence[str]) -> tuple[Flipped, Flipped]:
    """Execution Color Check: the offence's result, then the defence's (a colour, penN or
    faddN)."""
    rest = said(values)
    if len(rest) != 2:
        raise IllegalEntry("enter the offence's result then the defence's: flip green yellow")
    return _check_value(rest[0]), _check_value(rest[1])


def execution_check(state: RedZoneState, flipped: tuple[Flipped, Flipped]) -> Rulings:
    """Execution Color Check: each coach flips; Penalties stop the play, FADDs flip again."""
    off = offence_side(state)
    dfn = other(off)
    o, d = flipped
    state, rulings = flip_cards(state, off)
    state, more = flip_cards(state, dfn)
    rulings += more
    got = {off: o, dfn: d}
    pens = {s: v[1] for s, v in got.items() if v[0] == "penalty"}
    if pens and state.opt("declining") != "yes" or len(pens) == 2:
        if len(pens) == 2 and pens[off] == pens[dfn]:
            rulings.append(
                Ruling(
                    "penalty_offset", f"Offsetting penalties of {pens[off]} yards: replay the down."
                )
            )
            return between_plays(replace(state, phase="call", play=Play()), rulings)
        side = max(pens, key=lambda s: pens[s])
        if state.opt("declining") != "yes":
            state = replace(state, phase="call", play=Play())
            state, more = apply_penalty(state, side, pens[side])
            return state, [*rulings, *more]
        pens = {side: pens[side]}
    fadd = tuple((s, v[1]) for s, v in got.items() if v[0] == "fadd")
    redraw = tuple(s for s in (off, dfn) if got[s][0] not in COLOURS)
    penalty = next(iter(pens.items())) if pens else None
    colours = (o[0] if o[0] in COLOURS else "", d[0] if d[0] in COLOURS else "")
    play = replace(state.play, fadd=fadd, penalty=penalty, redraw=redraw, colours=colours)
    if penalty:
        rulings.append(
            Ruling(
                "penalty_flag",
                f"Penalty {penalty[1]} yards on {state.name(penalty[0])}: "
                "flip again from the Draw Deck.",
                team=penalty[0],
            )
        )
    for s, n in fadd:
        rulings.append(
            Ruling("fadd", f"FADD {n} on {state.name(s)}: flip again from the Draw Deck.", team=s)
        )
    state = replace(state, play=play)
    if redraw:
        return replace(state, phase="redraw"), rulings
    return _colours_known(state, rulings)


def read_redraw(state: RedZoneState, values: Sequence[str]) -> tuple[str, int]:
    """Penalties: the colour found in the Draw Deck, and the cards flipped (1 if not given)."""
    rest = said(values)
    if len(rest) not in (1, 2):
        raise IllegalEntry("enter the colour found and optionally the cards flipped: draw green 2")
    colour = one_of(rest[0], COLOURS, "a colour")
    return colour, printed_number(rest[1], "cards flipped", 1, 60) if len(rest) == 2 else 1


def redraw_colour(state: RedZoneState, found: tuple[str, int]) -> Rulings:
    """Penalties: after a FADD (or a penalty to decline) flip the Draw Deck until a colour."""
    colour, cards = found
    play = state.play
    side = play.redraw[0]
    c = state.coach(side)
    state = with_coach(state, side, replace(c, draw_flips=c.draw_flips + cards))
    off = state.offense
    colours = (colour, play.colours[1]) if side == off else (play.colours[0], colour)
    state = replace(state, play=replace(play, redraw=play.redraw[1:], colours=colours))
    ruling = Ruling("redraw", f"{state.name(side)} find {colour} in the Draw Deck.", team=side)
    if state.play.redraw:
        return state, [ruling]
    return _colours_known(state, [ruling])


def _colours_known(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    o, d, notes = shifted_colours(state)
    play = replace(state.play, colours=(o, d))
    text = (
        f"Execution: {play.call} {o} against {play.defence} {d}"
        + (f" ({'; '.join(notes)})" if notes else "")
        + "."
    )
    rulings.append(Ruling("execution", text, data={"offence": o, "defence": d}))
    return replace(state, phase="result", play=play), rulings


def shifted_colours(state: RedZoneState) -> tuple[str, str, list[str]]:
    """Double Teaming, the DL key, vacant positions (Injuries) and a LB covering a receiver
    (Canceling the TE, 3 Wide): colour-grade shifts."""
    play = state.play
    off = offence_side(state)
    oc, dc = state.coach(off), state.coach(other(off))
    o, d = GRADE[play.colours[0]], GRADE[play.colours[1]]
    notes: list[str] = []
    side = play.target[0]
    across = ("r" if side == "l" else "l") + play.target[1:]
    covering, away = dc.facing(play.target), dc.facing(across)
    if len(covering) >= 2:
        notes.append("double team on the ball carrier: defence up a grade")
        if d > 0:
            d -= 1
        else:
            o = max(o - 1, 0)
    elif not covering and len(away) >= 2:
        notes.append("ball away from the double team: defence down a grade")
        if d < 2:
            d += 1
        else:
            o = min(o + 1, 2)
    elif not covering:
        notes.append("nobody lines up opposite the ball carrier (vacant): offence up a grade")
        o = min(o + 1, 2)
    dls = [w for p, w in dc.defence if unit_of(p) == "dl"]
    if play.kind == "run" and len(dls) == 2 and dls[0] == dls[1]:
        if dls[0][0] == side:
            notes.append("DLs key on this side: offence down a grade")
            o = max(o - 1, 0)
        else:
            notes.append("no DL on this side: offence up a grade")
            o = min(o + 1, 2)
    carrier = oc.player(oc.at(play.target))
    if carrier is None:
        notes.append("called to a vacant position: offence down a grade")
        o = max(o - 1, 0)
    elif (
        play.kind == "pass"
        and carrier.position in ("wr", "te")
        and covering
        and all(unit_of(p) == "lb" for p in covering)
    ):
        notes.append("a Linebacker covers the receiver: offence up a grade")
        o = min(o + 1, 2)
    names = {v: k for k, v in GRADE.items()}
    return names[o], names[d], notes


def read_result(state: RedZoneState, values: Sequence[str]) -> int | str:
    """Red Zone Charts: yards (a number), or a code of the play's kind (f for a fumble)."""
    token = one(said(values), "the chart's result")
    if re.fullmatch(r"[+-]?\d{1,3}", token):
        return printed_number(token, "yards", YARDS_LOW, YARDS_HIGH)
    kind = state.play.kind
    codes = RUN_CODES if kind == "run" else PASS_CODES
    code = "f" if token == "fumble" else token
    return one_of(code, codes, f"a result on a {'running' if kind == 'run' else 'passing'} play")


def chart_result(state: RedZoneState, code: int | str) -> Rulings:
    """Red Zone Charts: a number is yards; a code names a player to check or a turnover."""
    play = state.play
    if isinstance(code, int):
        return conclude(
            state,
            Outcome("yards", code, "chart"),
            [Ruling("chart", f"Chart: {code:+d} yards.", yards=code)],
        )
    ruling = Ruling("chart", f"Chart: {code.upper()}.", data={"code": code})
    if code == "f":
        return conclude(state, Outcome("fumble"), [ruling])
    if code == "long":
        return replace(
            state, phase="lg", play=replace(play, lg_bonus=10 if play.kind == "pass" else 0)
        ), [ruling]
    if code == "inc":
        return conclude(state, Outcome("inc"), [ruling])
    if code == "int":
        return conclude(state, Outcome("int"), [ruling])
    if play.kind == "run":
        return _run_check(state, code, ruling)
    return _pass_check(state, code, ruling)


def _run_check(state: RedZoneState, code: str, ruling: Ruling) -> Rulings:
    """Red Zone Charts, a running play: the player the code names makes his check."""
    off = offence_side(state)
    if code in ("dl", "lb"):
        return _skill(state, other(off), _play_side_defender(state, code), "tackle", [ruling])
    if code == "ol":
        side = state.play.target[0]
        return _skill(state, off, state.coach(off).at(f"{side}ol"), "block", [ruling])
    return _skill(state, off, _runner(state, code), "run", [ruling])


def _pass_check(state: RedZoneState, code: str, ruling: Ruling) -> Rulings:
    """Red Zone Charts, a passing play: the player the code names makes his check (a * asks
    first whether the rusher has one)."""
    play = state.play
    off = offence_side(state)
    dfn = other(off)
    side = play.target[0]
    if code in ("dl", "db*"):
        return _skill(state, dfn, _play_side_defender(state, code[:2]), "tackle", [ruling])
    if code in ("dl*", "lb*"):
        pid = _play_side_defender(state, code[:2])
        return replace(
            state,
            phase="star",
            play=replace(play, check=Check(dfn, pid, "tackle", player_label(state, dfn, pid))),
        ), [ruling]
    if code == "db":
        return _skill(state, dfn, _cover_defender(state), "cover", [ruling])
    if code == "qb":
        return _skill(state, off, state.coach(off).at("qb"), "throw", [ruling])
    return _skill(state, off, state.coach(off).at(f"{side}{code}"), "catch", [ruling])


def read_yes_no(state: RedZoneState, values: Sequence[str]) -> str:
    """A question answered yes or no."""
    return one_of(one(said(values), "yes or no"), ("yes", "no"), "yes or no")


def star_answer(state: RedZoneState, ans: str) -> Rulings:
    """*Tackle: a play-side rusher with a * makes a tackle check; without one, incomplete."""
    c = state.play.check
    assert c is not None
    if ans == "no":
        return conclude(
            state,
            Outcome("inc"),
            [Ruling("no_sack", f"{c.label} has no *: the pass falls incomplete.")],
        )
    return _skill(
        state,
        c.owner,
        c.pid,
        "tackle",
        [Ruling("pass_rush", f"{c.label} has a *: Tackle check, the QB scrambles.")],
    )


def read_skill(state: RedZoneState, values: Sequence[str]) -> tuple[str, int | str]:
    """Skill Check: the Player colour (or injury), then the line's result: yards on a line
    that gives a number, else one of the skill's results."""
    rest = said(values)
    if len(rest) != 2:
        raise IllegalEntry("enter the Player colour and the result: skill green 7")
    colour = one_of(rest[0], (*COLOURS, "injury"), "a Player colour")
    token = rest[1]
    c = state.play.check
    assert c is not None
    if re.fullmatch(r"[+-]?\d{1,3}", token) and c.skill in SKILL_NUMBERS:
        return colour, printed_number(token, "yards", YARDS_LOW, YARDS_HIGH)
    return colour, one_of(token, SKILL_WORDS[c.skill], f"a {c.skill.title()} result")


def skill_check(state: RedZoneState, flipped: tuple[str, int | str]) -> Rulings:
    """Skill Check: the owner flips; the Player colour picks the line; Injury plays the yellow
    result and removes the player after the play."""
    colour, result = flipped
    c = state.play.check
    assert c is not None
    state, rulings = flip_cards(state, c.owner)
    play = state.play
    if colour == "injury" and c.pid and (c.owner, c.pid) not in state.subs:
        state = replace(state, subs=(*state.subs, (c.owner, c.pid)))
        rulings.append(
            Ruling(
                "injury",
                f"{c.label} is injured; the play finishes on the yellow result.",
                team=c.owner,
                data={"pid": c.pid},
            )
        )
    state = replace(state, play=play)
    if isinstance(result, int):
        n = result
        rulings.append(
            Ruling(
                "skill",
                f"{possessive(c.label)} {c.skill.title()}: {colour}, {n:+d} yards.",
                yards=n,
            )
        )
        return conclude(
            state, Outcome("yards", n, "skill" if c.skill == "catch" else "run_skill"), rulings
        )
    off = offence_side(state)
    # A defender's Cover check that comes up INT: he is the one who picks the pass off.
    defender = state.coach(c.owner).player(c.pid) if c.owner != off else None
    picked = {"players": {"interceptor": defender.name}} if defender and result == "int" else {}
    rulings.append(
        Ruling(
            "skill",
            f"{possessive(c.label)} {c.skill.title()}: {colour}, {result.upper()}.",
            data=picked,
        )
    )
    if result in ("inc", "int", "td"):
        return conclude(state, Outcome(result), rulings)
    if result == "fumble":
        return conclude(state, Outcome("fumble"), rulings)
    if result == "long":
        return replace(
            state, phase="lg", play=replace(play, lg_bonus=10 if play.kind == "pass" else 0)
        ), rulings
    if result == "complete":
        return _skill(state, off, _target_pid(state), "catch", rulings)
    if result == "run":
        return _skill(state, off, state.coach(off).at("qb"), "run", rulings)
    if result in ("c-1p", "c-2p"):
        n = play.ppn * (1 if result == "c-1p" else 2)
        return conclude(state, Outcome("yards", n, "cover"), rulings)
    # "wr": burnt; the covered receiver's Catch skill decides the gain.
    return _skill(state, off, _target_pid(state), "catch", rulings)


def read_long_gain(state: RedZoneState, values: Sequence[str]) -> int | None:
    """Long Gains: the LG number, None for TD."""
    token = one(said(values), "the LG number or td")
    return None if token == "td" else printed_number(token, "LG")


def long_gain(state: RedZoneState, n: int | None) -> Rulings:
    """Long Gains: the LG number, +10 yards on a passing play; TD scores from anywhere."""
    off = offence_side(state)
    bonus = state.play.lg_bonus
    state, rulings = flip_cards(state, off)
    if n is None:
        rulings.append(Ruling("long_gain", "Long gain: TD!"))
        return conclude(state, Outcome("td", 0, "lg"), rulings)
    rulings.append(
        Ruling(
            "long_gain",
            f"Long gain: LG {n}" + (f" + {bonus} = {n + bonus}" if bonus else "") + " yards.",
            yards=n + bonus,
        )
    )
    return conclude(state, Outcome("yards", n + bonus, "lg"), rulings)


def _play_side_defender(state: RedZoneState, unit: str) -> str:
    """Skill Check: the defender of ``unit`` lined up on the play side (the first of a double
    team; the first drafted when both are on the other side); "" when the place is vacant."""
    c = state.coach(state.defence)
    side = state.play.target[0]
    mine = [(p, w) for p, w in c.defence if unit_of(p) == unit]
    on_side = [p for p, w in mine if w[0] == side]
    if on_side:
        return on_side[0]
    if len(mine) < 2:
        return ""
    return mine[0][0]


def _cover_defender(state: RedZoneState) -> str:
    """Cover: the defender lined up opposite the receiver (a LB on a back), else the play-side
    defender of the kind that normally covers him."""
    c = state.coach(state.defence)
    facing = c.facing(state.play.target)
    if facing:
        return facing[0]
    return _play_side_defender(state, "lb" if state.play.target.endswith("rb") else "db")


def _runner(state: RedZoneState, code: str) -> str:
    """Skill Check / 3 Wide: the play-side back (or receiver) runs; with a receiver standing
    in a back's place the other back carries the ball."""
    off = offence_side(state)
    c = state.coach(off)
    side = state.play.target[0]
    pid = c.at(f"{side}{code}")
    p = c.player(pid)
    if code == "rb" and p is not None and p.position in ("wr", "te"):
        other_back = c.at(("r" if side == "l" else "l") + "rb")
        q = c.player(other_back)
        if q is not None and q.position == "rb":
            return other_back
    return pid


def _target_pid(state: RedZoneState) -> str:
    off = offence_side(state)
    return state.coach(off).at(state.play.target)


def _skill(
    state: RedZoneState, owner: Side, pid: str, skill: str, rulings: list[Ruling]
) -> Rulings:
    check = Check(owner, pid, skill, player_label(state, owner, pid))
    return replace(state, phase="skill", play=replace(state.play, check=check)), rulings
