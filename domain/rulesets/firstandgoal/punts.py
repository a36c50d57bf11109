"""Punts (p. 8): the punt dice, the play die swapped in, flags, returns and fair catches."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import field as yards
from domain.ruleset import IllegalEntry, Ruling
from domain.rulesets.firstandgoal.lines import offence_team
from domain.rulesets.firstandgoal.possession import change_possession, first_down, to_call
from domain.rulesets.firstandgoal.reading import LABELS, pen_text, read_dice
from domain.rulesets.firstandgoal.state import (
    D20_PUNT_BASE,
    PLAY_FACES,
    FirstAndGoalState,
    Flag,
    Play,
    Result,
)


def read_punt(state: FirstAndGoalState, rest: Sequence[str]) -> tuple[list[int | str], bool]:
    """Punt (p. 8): the faces rolled, and whether the play die took the place of a punt die
    (optional d20 punt, p. 16: the d20 and the table's row)."""
    if state.d20:
        return read_dice(rest, (("d20", "d20"), ("return", "punt_row"))), False
    spec, swapped = punt_dice(state.kick_dice("punt"), rest)
    return read_dice(rest, spec), swapped


def punt_roll(state: FirstAndGoalState, rolled: tuple[list[int | str], bool]) -> Result:
    """Punt (p. 8): the punt dice, or all but one of them and the play die with its effects."""
    values, swapped = rolled
    if state.d20:
        return d20_punt(state, values)
    distance = sum(int(v) for v in values if isinstance(v, int)) + state.kick_bonus
    if not swapped:
        return punt_lands(state, distance, no_return=False, text=f"Punt {distance} yards")
    return play_die_on_the_punt(state, str(values[-1]), distance)


def d20_punt(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Optional d20 punt (p. 16): 35 yards plus the d20; the table's row says if it is returned."""
    roll, row = value
    distance = D20_PUNT_BASE + int(roll) + state.kick_bonus
    text = f"d20 punt: {D20_PUNT_BASE} + {roll} = {distance} yards"
    return punt_lands(state, distance, no_return=row == "fc", text=text)


def punt_dice(
    dice: tuple[str, ...], rest: Sequence[str]
) -> tuple[tuple[tuple[str, str], ...], bool]:
    """Punt (p. 8): the board's punt dice, or all but one of them and the play die last."""
    swapped = bool(rest) and rest[-1] in PLAY_FACES
    if not swapped:
        return tuple((c, "num") for c in dice), False
    if len(dice) < 2:
        raise IllegalEntry("the punt has only one die to roll; enter its face alone")
    named = [c for c in rest[::2] if c in dice]
    if rest[0] in LABELS and len(named) == len(dice) - 1:
        # Labelled faces name the punt dice kept; the one left out was swapped.
        return (*tuple((c, "num") for c in named), ("play", "play")), True
    return (*tuple(("punt", "num") for _ in dice[1:]), ("play", "play")), True


def play_die_on_the_punt(state: FirstAndGoalState, face: str, distance: int) -> Result:
    """Punt (p. 8): the play die's special effects: blocked, extra bounce, loose ball, flag,
    or out of bounds / fair catch."""
    if face == "x":
        dfn = state.defence
        ruling = Ruling(
            "punt_blocked",
            f"Play die X: the punt is blocked! {state.name(dfn)} take over at the spot.",
            team=dfn,
        )
        after = change_possession(replace(state, kick=None), dfn, yards.flip(state.ball))
        return to_call(after), [ruling]
    if face == "break":
        ruling = Ruling("extra_bounce", f"Punt {distance} yards and an extra bounce: roll it.")
        return replace(state, phase="punt_bounce", kick_distance=distance), [ruling]
    if face == "t":
        ruling = Ruling("punt_loose", f"Punt {distance} yards, ball loose: roll the referee die.")
        return replace(state, phase="punt_ref_t", kick_distance=distance), [ruling]
    if face == "p":
        ruling = Ruling(
            "potential_penalty", "Potential penalty on the punt: roll referee and penalty dice."
        )
        return replace(state, phase="punt_ref_p", kick_distance=distance), [ruling]
    return punt_lands(
        state, distance, no_return=True, text=f"Punt {distance} yards, out of bounds or fair catch"
    )


def punt_bounce(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Punt, play-die breakaway (p. 8): extra bounce, roll the die again and add it."""
    (face,) = value
    distance = state.kick_distance + int(face)
    return punt_lands(
        state, distance, no_return=False, text=f"Extra bounce {face}: punt {distance} yards"
    )


def punt_referee_turnover(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Punt, play-die T (p. 8): a T on the referee die and the punting team recovers."""
    (face,) = value
    distance = state.kick_distance
    landing = yards.advance(state.ball, distance)
    if face == "t" and landing > 0:
        off = state.offence
        ruling = Ruling(
            "punt_recovered",
            f"Referee die T: {state.name(off)} recover their own punt at "
            f"{state.spot_for(off, landing)}; 1st & 10.",
            team=off,
        )
        return to_call(first_down(replace(state, kick=None, free_kick=False), landing)), [ruling]
    return punt_lands(
        state, distance, no_return=False, text=f"Referee die {face}: punt {distance} yards"
    )


def punt_referee_penalty(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Punt, play-die P (p. 8): referee and penalty dice; a flag waits for accept or decline."""
    face, pen = value
    if face not in ("def", "off"):
        return punt_lands(
            state,
            state.kick_distance,
            no_return=False,
            text=f"Referee die {face}: no penalty, punt {state.kick_distance} yards",
        )
    offender = state.defence if face == "def" else state.offence
    ruling = Ruling(
        "penalty",
        f"Penalty on {state.name(offender)}, {pen_text(str(pen), face == 'def')}.",
        team=offender,
        data={"face": face, "yards": pen},
    )
    flag = Flag("off" if face == "off" else "def", str(pen))
    after = replace(state, phase="punt_penalty_choice", kick_penalty=flag)
    return after, [ruling]


def punt_penalty_accept(state: FirstAndGoalState, _nothing: None) -> Result:
    """Punt, play-die P (p. 8): move the ball and repeat the punt (maybe a new 1st down)."""
    flag, off = state.flag, state.offence
    chooser = flag.chooser(off)
    spot = yards.half_distance_penalty_spot(state.ball, flag.signed_yards)
    ruling = Ruling(
        "penalty_accepted",
        f"{state.name(chooser)} accept the penalty: ball at {state.spot_for(off, spot)}.",
        team=chooser,
    )
    state = replace(state, kick_penalty=None)
    marker = state.marker if state.marker is not None else yards.first_down_marker(state.ball)
    if flag.on == "def" and (flag.automatic_first_down or spot <= marker) and not state.free_kick:
        first = Ruling(
            "first_down", f"The penalty gives {state.name(off)} a new 1st down.", team=off
        )
        after = first_down(replace(state, kick=None, kick_bonus=0), spot)
        return to_call(after), [ruling, first]
    repeat = Ruling("repeat_punt", "Repeat the punt from the new spot.")
    return replace(state, ball_on=spot, phase="punt_roll"), [ruling, repeat]


def punt_penalty_decline(state: FirstAndGoalState, _nothing: None) -> Result:
    """Punt, play-die P (p. 7 declining): the punt stands as rolled; the receivers may return."""
    chooser = state.flag.chooser(state.offence)
    distance = state.kick_distance
    state = replace(state, kick_penalty=None)
    text = f"{state.name(chooser)} decline the penalty: punt {distance} yards"
    return punt_lands(state, distance, no_return=False, text=text)


def punt_lands(state: FirstAndGoalState, distance: int, *, no_return: bool, text: str) -> Result:
    """Punt (p. 8): over the goal line a touchback at the 20; else return or fair catch."""
    dfn = state.defence
    landing = yards.advance(state.ball, distance)
    state = replace(state, kick=None, kick_bonus=0, kick_distance=0, free_kick=False)
    if landing <= 0:
        ruling = Ruling(
            "punt_touchback",
            f"{text}: into the end zone, touchback; {state.name(dfn)} at their 20.",
            team=dfn,
            yards=distance,
        )
        return to_call(change_possession(state, dfn, yards.touchback())), [ruling]
    landing = min(landing, yards.FIELD - 1)
    catch = yards.flip(landing)
    after = change_possession(state, dfn, catch)
    if no_return:
        ruling = Ruling(
            "punt",
            f"{text}: no return; {state.name(dfn)} ball at {state.spot_for(dfn, catch)}.",
            team=dfn,
            yards=distance,
        )
        return to_call(after), [ruling]
    ruling = Ruling(
        "punt",
        f"{text}: it comes down at {state.spot_for(dfn, catch)}; "
        f"{state.name(dfn)} return or fair catch.",
        team=dfn,
        yards=distance,
    )
    return replace(after, phase="punt_return_choice"), [ruling]


def fair_catch(state: FirstAndGoalState, _nothing: None) -> Result:
    """Punt (p. 8): a fair catch takes the ball where it lands."""
    off = state.offence
    ruling = Ruling(
        "fair_catch",
        f"Fair catch: {state.name(off)} 1st & 10 at {state.spot_for(off, state.ball)}.",
        team=off,
    )
    return to_call(state), [ruling]


def punt_return(state: FirstAndGoalState, _nothing: None) -> Result:
    """Punt return (p. 8): the green die and the play die with its normal effects."""
    colour = "d20" if state.d20 else "green"
    play = Play("punt_return", start=state.ball, colours=(colour,))
    ruling = Ruling("decision", f"{offence_team(state)} return the punt.", team=state.offence)
    return replace(state, phase="roll", play=play), [ruling]
