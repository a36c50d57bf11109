"""Kicks: kickoffs, onside kicks, returns, punts (coffin corner), field goals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.kernel import scored
from domain.ruleset import (
    IllegalEntry,
    Ruling,
    other,
)
from domain.rulesets.redzone.clock import finish_game, flip_cards, new_possession
from domain.rulesets.redzone.parse import one, one_of, printed_number, said
from domain.rulesets.redzone.scoring import after_score, touchdown
from domain.rulesets.redzone.state import (
    COLOURS,
    KICKOFF_LINE,
    REGULATION_QUARTERS,
    SAFETY_KICK_LINE,
    SAFETY_PUNT_BONUS,
    Play,
    RedZoneState,
    Rulings,
    ball_spot,
    kicking_team,
    offence_side,
    with_coach,
)
from domain.words import a_or_an, possessive


def kickoff_choice(state: RedZoneState, onside: bool) -> Rulings:
    """The Kickoff (from the 30) or an Onside Kick."""
    k = kicking_team(state)
    play = Play(kick_from=yards.own(KICKOFF_LINE))
    if onside:
        return replace(state, phase="onside_lg", play=play), [
            Ruling("onside", f"{state.name(k)} try an onside kick.", team=k)
        ]
    return replace(state, phase="k", play=play), [
        Ruling("decision", f"{state.name(k)} kick off.", team=k, data={"choice": "kick"})
    ]


def safety_choice(state: RedZoneState, punt: bool) -> Rulings:
    """Punting after a Safety: kick off or punt from the 20; a punt gets 15 yards added."""
    k = kicking_team(state)
    if punt:
        play = Play(safety_punt=True, kick_from=yards.own(SAFETY_KICK_LINE))
        return replace(
            state,
            phase="punt",
            offense=k,
            ball_on=yards.own(SAFETY_KICK_LINE),
            down=None,
            play=play,
        ), [Ruling("safety_kick", f"{state.name(k)} punt from their 20.", team=k)]
    return replace(state, phase="k", play=Play(kick_from=yards.own(SAFETY_KICK_LINE))), [
        Ruling("safety_kick", f"{state.name(k)} kick off from their 20.", team=k)
    ]


def read_kick(state: RedZoneState, values: Sequence[str]) -> int | None:
    """The Kickoff: the K number, None for EZ."""
    token = one(said(values), "the K number or ez")
    return None if token == "ez" else printed_number(token, "K")


def kick_flip(state: RedZoneState, distance: int | None) -> Rulings:
    """The Kickoff: K yards from the kick line; EZ is a touchback, the receivers start at the 20."""
    k = kicking_team(state)
    r = other(k)
    state, rulings = flip_cards(state, k)
    if distance is None:
        ruling = Ruling(
            "kickoff_touchback",
            f"Kickoff: EZ, touchback. {state.name(r)} 1st and 10 at their 20.",
            team=r,
        )
        return new_possession(state, r, yards.touchback(), [*rulings, ruling])
    landing = yards.advance(state.play.kick_from, distance)
    if yards.beyond_end_line(landing):
        ruling = Ruling(
            "kickoff_touchback",
            f"Kickoff: {distance} yards, out of the end zone: touchback.",
            team=r,
            yards=distance,
        )
        return new_possession(state, r, yards.touchback(), [*rulings, ruling])
    spot = yards.flip(landing)
    where = (
        f"into {possessive(state.name(r))} end zone ({spot - yards.FIELD} deep). "
        f"{state.name(r)} down it "
        "or return it"
        if yards.is_safety(spot)
        else f"to {state.spot_for(r, spot)}. {state.name(r)} flip for KR"
    )
    ruling = Ruling(
        "kickoff",
        f"Kickoff: {distance} yards {where}.",
        team=k,
        yards=distance,
        data={"ball_on": spot},
    )
    return replace(state, phase="kr", play=replace(state.play, landing=spot)), [*rulings, ruling]


def kick_downed(state: RedZoneState) -> Rulings:
    """The Kickoff: "that is where the receiving team may elect to return": a kick caught in the
    end zone may instead be downed there, a touchback at the 20."""
    r = other(kicking_team(state))
    ruling = Ruling(
        "touchback",
        f"{state.name(r)} down the kick in the end zone: touchback, 1st and 10 at their 20.",
        team=r,
    )
    return new_possession(state, r, yards.touchback(), [ruling])


def read_return(state: RedZoneState, values: Sequence[str]) -> int:
    """The Kickoff / Punts: the KR (or PR) number."""
    what = "KR" if state.phase == "kr" else "PR"
    return printed_number(one(said(values), "the return number"), what)


def return_flip(state: RedZoneState, n: int) -> Rulings:
    """The Kickoff / Punts: the return number carries the ball on from where it was caught."""
    kicking = state.phase == "kr"
    k = kicking_team(state) if kicking else state.offense
    assert k is not None
    r = other(k)
    state, rulings = flip_cards(state, r)
    spot = yards.advance(state.play.landing, n)
    what = "Kick return" if kicking else "Punt return"
    if yards.is_touchdown(spot):
        rulings.append(Ruling("return", f"{what} of {n} yards: all the way!", team=r, yards=n))
        state = replace(state, offense=r)
        return touchdown(state, r, rulings)
    if yards.is_safety(spot):
        rulings.append(
            Ruling(
                "touchback",
                f"{what} of {n} yards, still in the end zone: touchback at the 20.",
                team=r,
            )
        )
        return new_possession(state, r, yards.touchback(), rulings)
    rulings.append(
        Ruling(
            "return",
            f"{what} of {n} yards to {state.spot_for(r, spot)}: 1st and 10.",
            team=r,
            yards=n,
            data={"ball_on": spot},
        )
    )
    return new_possession(state, r, spot, rulings)


def read_lg(state: RedZoneState, values: Sequence[str]) -> int:
    """Onside Kicks / Fumbles: the LG number."""
    return printed_number(one(said(values), "the LG number"), "LG")


def onside_lg(state: RedZoneState, n: int) -> Rulings:
    """Onside Kicks: the LG ones digit + 10 yards from the kick line (the receivers flip, as in
    the rulebook's example)."""
    k = kicking_team(state)
    state, rulings = flip_cards(state, other(k))
    distance = n % 10 + 10
    landing = yards.advance(state.play.kick_from, distance)
    rulings.append(
        Ruling(
            "onside_kick",
            f"Onside kick: LG {n}, {n % 10} + 10 = {distance} yards.",
            team=k,
            yards=distance,
        )
    )
    return replace(state, phase="onside_k", play=replace(state.play, landing=landing)), rulings


def read_onside_k(state: RedZoneState, values: Sequence[str]) -> int:
    """Onside Kicks: the receivers' K number (EZ counts as the longest kick, 100)."""
    token = one(said(values), "the K number")
    return 100 if token == "ez" else printed_number(token, "K")


def onside_k(state: RedZoneState, value: int) -> Rulings:
    """Onside Kicks: the receiving team's K number (EZ counts as the longest kick, 100)."""
    state, rulings = flip_cards(state, other(kicking_team(state)))
    return replace(state, phase="onside_p", play=replace(state.play, onside_k=value)), rulings


def read_onside_p(state: RedZoneState, values: Sequence[str]) -> int:
    """Onside Kicks: the kicking team's P number."""
    return printed_number(one(said(values), "the P number"), "P")


def onside_p(state: RedZoneState, p: int) -> Rulings:
    """Onside Kicks: the kicking team's P against the receivers' K; the higher recovers, ties
    flip again."""
    k = kicking_team(state)
    r = other(k)
    state, rulings = flip_cards(state, k)
    kr = state.play.onside_k
    if p == kr:
        rulings.append(Ruling("onside_tie", f"Onside kick: K {kr} ties P {p}; flip again.", team=k))
        return replace(state, phase="onside_k"), rulings
    landing = state.play.landing
    if p > kr:
        rulings.append(
            Ruling(
                "onside_recovered",
                f"Onside kick: P {p} beats K {kr}: {state.name(k)} recover!",
                team=k,
                data={"ball_on": landing},
            )
        )
        return new_possession(state, k, landing, rulings)
    spot = yards.flip(landing)
    rulings.append(
        Ruling(
            "onside_lost",
            f"Onside kick: K {kr} beats P {p}: {state.name(r)} recover.",
            team=r,
            data={"ball_on": spot},
        )
    )
    return new_possession(state, r, spot, rulings)


def field_goal_call(state: RedZoneState) -> Rulings:
    """Field Goals: attempted any time; the kick is from the line of scrimmage + 17."""
    need = yards.field_goal_distance(ball_spot(state))
    off = offence_side(state)
    return replace(state, phase="fg", play=Play()), [
        Ruling(
            "field_goal_try",
            f"{state.name(off)} try {a_or_an(str(need))}-yard field goal.",
            team=off,
            yards=need,
        )
    ]


def read_field_goal(state: RedZoneState, values: Sequence[str]) -> int | None:
    """Field Goals: the FG number (55* is 55), None when blocked."""
    token = one(said(values), "the FG number")
    if token == "blocked":
        return None
    return 55 if token == "55*" else printed_number(token, "FG")


def field_goal(state: RedZoneState, n: int | None) -> Rulings:
    """Field Goals: good if the FG number equals or exceeds the distance; a miss gives the
    defence the ball at the kick spot; a block is a loose ball behind the line."""
    off = offence_side(state)
    dfn = other(off)
    if n is None:
        state, rulings = flip_cards(state, off)
        rulings.append(Ruling("field_goal_blocked", "Field goal blocked!", team=dfn))
        return replace(state, phase="fumble_lg", play=replace(state.play, behind=True)), rulings
    need = yards.field_goal_distance(ball_spot(state))
    state, rulings = flip_cards(state, off)
    if n >= need:
        rulings.append(
            Ruling(
                "field_goal",
                f"Field goal: FG {n} against {need}: good! 3 points {state.name(off)}.",
                team=off,
                points=3,
            )
        )
        state = scored(state, off, 3)
        if state.quarter > REGULATION_QUARTERS:
            return finish_game(state, rulings)
        return after_score(state, off, rulings)
    # A miss from deep in one's own end would give the ball inside the end zone: the 1 instead.
    spot = max(yards.flip(yards.field_goal_spot(ball_spot(state))), 1)
    rulings.append(
        Ruling(
            "field_goal_missed",
            f"Field goal: FG {n} against {need}: no good. "
            f"{state.name(dfn)} ball at {state.spot_for(dfn, spot)}.",
            team=off,
        )
    )
    return new_possession(state, dfn, spot, rulings)


def read_coffin(state: RedZoneState, values: Sequence[str]) -> int:
    """Coffin Corner Punts: the yards taken off, 5 to 25."""
    return printed_number(
        one(said(values), "yards taken off, 5 to 25"), "coffin-corner yards", 5, 25
    )


def punt_call(state: RedZoneState, c: int = 0) -> Rulings:
    """Punts (and Coffin Corner Punts: ``c``, 5 to 25 yards announced before the flip, only in
    the scoring half)."""
    off = offence_side(state)
    coffin = c > 0
    if coffin and ball_spot(state) > yards.MIDFIELD:
        raise IllegalEntry(
            "a coffin-corner punt is only allowed in the scoring half (50 or closer)"
        )
    text = f"{state.name(off)} punt" + (f", coffin corner less {c} yards" if coffin else "") + "."
    return replace(state, phase="punt", play=Play(coffin=c, kick_from=ball_spot(state))), [
        Ruling("punt_call", text, team=off)
    ]


def read_punt(state: RedZoneState, values: Sequence[str]) -> int | None:
    """Punts: the P number, None when blocked."""
    token = one(said(values), "the P number or blocked")
    return None if token == "blocked" else printed_number(token, "P")


def punt_flip(state: RedZoneState, n: int | None) -> Rulings:
    """Punts: P yards from the line of scrimmage (+15 after a safety); into the end zone is a
    touchback; a blocked punt is a loose ball behind the line."""
    off = offence_side(state)
    dfn = other(off)
    play = state.play
    if n is None:
        if play.safety_punt:
            raise IllegalEntry("a free kick after a safety cannot be blocked; enter the P number")
        state, rulings = flip_cards(state, off)
        rulings.append(Ruling("punt_blocked", "Punt blocked!", team=dfn))
        return replace(state, phase="fumble_lg", play=replace(play, behind=True)), rulings
    state, rulings = flip_cards(state, off)
    distance = n + (SAFETY_PUNT_BONUS if play.safety_punt else 0) - play.coffin
    landing = yards.advance(play.kick_from, distance)
    if yards.is_touchdown(landing):
        rulings.append(
            Ruling(
                "punt_touchback",
                f"Punt: {distance} yards into the end zone: touchback.",
                team=off,
                yards=distance,
            )
        )
        return new_possession(state, dfn, yards.touchback(), rulings)
    spot = yards.flip(landing)
    state = replace(state, play=replace(play, landing=spot))
    if play.coffin:
        return _coffin_corner(state, n, distance, rulings)
    rulings.append(
        Ruling(
            "punt",
            f"Punt: {distance} yards to {state.spot_for(dfn, spot)}.",
            team=off,
            yards=distance,
            data={"ball_on": spot},
        )
    )
    return replace(state, phase="punt_choice"), rulings


def _coffin_corner(state: RedZoneState, n: int, distance: int, rulings: list[Ruling]) -> Rulings:
    """Coffin Corner Punts: out of bounds where it comes down (with the optional colour flip,
    the punter flips the Draw Deck first)."""
    off = offence_side(state)
    dfn = other(off)
    play = state.play
    if state.opt("coffin_colour") == "yes":
        rulings.append(
            Ruling(
                "punt",
                f"Coffin-corner punt: P {n} less {play.coffin} = {distance} yards.",
                team=off,
                yards=distance,
            )
        )
        return replace(state, phase="coffin_colour"), rulings
    rulings.append(
        Ruling(
            "punt",
            f"Coffin-corner punt: {distance} yards, out of bounds at "
            f"{state.spot_for(dfn, play.landing)}.",
            team=off,
            yards=distance,
        )
    )
    return new_possession(state, dfn, play.landing, rulings)


def read_colour(state: RedZoneState, values: Sequence[str]) -> str:
    """Coffin Corner Kicks (optional): the colour flipped."""
    return one_of(one(said(values), "the colour"), COLOURS, "a colour")


def coffin_colour(state: RedZoneState, colour: str) -> Rulings:
    """Coffin Corner Kicks (optional): yellow +5 with a return, red out of bounds, green as
    kicked with a return."""
    off = offence_side(state)
    dfn = other(off)
    c = state.coach(off)
    state = with_coach(state, off, replace(c, draw_flips=c.draw_flips + 1))
    spot = state.play.landing
    if colour == "red":
        return new_possession(
            state,
            dfn,
            spot,
            [Ruling("coffin", f"Red: out of bounds at {state.spot_for(dfn, spot)}.", team=off)],
        )
    if colour == "yellow":
        landing = yards.advance(yards.flip(spot), 5)
        if yards.is_touchdown(landing):
            return new_possession(
                state,
                dfn,
                yards.touchback(),
                [
                    Ruling(
                        "punt_touchback",
                        "Yellow: 5 more yards, into the end zone: touchback.",
                        team=off,
                    )
                ],
            )
        spot = yards.flip(landing)
    state = replace(state, play=replace(state.play, landing=spot), phase="punt_choice")
    return state, [
        Ruling(
            "coffin",
            f"{colour.title()}: the punt comes down at {state.spot_for(dfn, spot)} and can be "
            "returned.",
            team=off,
        )
    ]


def punt_choice(state: RedZoneState, fair: bool) -> Rulings:
    """Punts: the receiver takes a fair catch or returns it with PR."""
    dfn = state.defence
    if fair:
        spot = state.play.landing
        return new_possession(
            state,
            dfn,
            spot,
            [Ruling("fair_catch", f"Fair catch at {state.spot_for(dfn, spot)}.", team=dfn)],
        )
    return replace(state, phase="pr"), [
        Ruling(
            "decision", f"{state.name(dfn)} return the punt.", team=dfn, data={"choice": "return"}
        )
    ]
