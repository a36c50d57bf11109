"""NFL Rush Zone's rules of a turn, one function each (rules/nfl-rush-zone.txt).

Each team has one offensive turn per round, three rounds a quarter. A turn is one possession:
it ends with a score, a punt, a field-goal attempt, a failed fourth down or a loose ball.
Every position is a multiple of ten yards, one space of the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from domain import field as yards
from domain import kernel
from domain.ruleset import SIDES, Ruling, Side, other
from domain.rulesets.rushzone.state import (
    FIELD_GOAL_POINTS,
    REGULATION_QUARTERS,
    SPACE,
    TOUCHDOWN_POINTS,
    TURNS_PER_QUARTER,
    YOUNGEST_FOURTH_DOWN_DOWNS,
    Phase,
    QuarterPad,
    RushZoneState,
    down_line,
    spot,
    two_minute_warning,
)

Outcome = tuple[RushZoneState, list[Ruling]]


def coin_toss(state: RushZoneState, winner: Side) -> tuple[RushZoneState, list[Ruling]]:
    """Deciding offense and defense: the winner of the toss chooses to kick or receive."""
    ruling = Ruling("toss", f"{state.name(winner)} win the coin toss.", team=winner)
    return replace(state, phase="choice", toss_winner=winner), [ruling]


def toss_choice(state: RushZoneState, choice: str) -> tuple[RushZoneState, list[Ruling]]:
    """Deciding offense and defense: kicking off means playing defence first."""
    assert state.toss_winner is not None
    receiver = state.toss_winner if choice == "receive" else other(state.toss_winner)
    ruling = Ruling(
        "choice",
        f"{state.name(state.toss_winner)} choose to {choice}; {state.name(receiver)} receive.",
        team=state.toss_winner,
        data={"choice": choice, "receiver": receiver},
    )
    if state.quarter <= REGULATION_QUARTERS:
        state = replace(state, first_offense=receiver)
    return replace(state, phase="kickoff", offense=receiver), [ruling]


def kickoff(
    state: RushZoneState, faces: dict[Side, tuple[int, ...]]
) -> tuple[RushZoneState, list[Ruling]]:
    """Kickoff: the green-dice difference (offense minus defense) places the ball."""
    off, dfn = state.offense, state.defence
    assert off is not None
    diff = faces[off][0] - faces[dfn][0]
    ball_on, kind, what = kickoff_spot(diff)
    ruling = Ruling(
        kind,
        f"Kickoff: {state.name(off)} {faces[off][0]} - {state.name(dfn)} {faces[dfn][0]} = "
        f"{diff:+d}: {what}; {state.name(off)} start at {state.spot_for(off, ball_on)}.",
        team=off,
        data={"dice": _dice_data(faces), "difference": diff, "ball_on": ball_on},
    )
    return _first_down_at(state, ball_on), [ruling]


def kickoff_spot(difference: int) -> tuple[int, str, str]:
    """Kickoff: 0 or -2 and lower is a touchback (20), +/-1 a stop at the 10, +2 and up a run."""
    if difference == 0 or difference <= -2:
        return yards.touchback(), "kickoff_touchback", "touchback"
    if abs(difference) == 1:
        return yards.own(10), "kickoff", "defensive stop"
    return yards.own(difference * SPACE), "kickoff", f"catch and run, {difference} spaces"


def series_roll(
    state: RushZoneState, faces: dict[Side, tuple[int, ...]]
) -> tuple[RushZoneState, list[Ruling]]:
    """Getting to the end zone: three white dice each, the offense wins ties."""
    off, dfn = state.offense, state.defence
    assert off is not None and state.ball_on is not None
    o, d = faces[off], faces[dfn]
    header = f"{down_line(state)}: {state.name(off)} {_show(o)}, {state.name(dfn)} {_show(d)}"
    special = triples_outcome(o, d)
    if special == "offense":
        return long_pass(state, o, header)
    if special == "defense":
        return loose_ball(state, d, header)
    if offense_wins_series(o, d, state.youngest):
        gain = breaking_the_tackle(o)
        return gain_ground(state, gain, header, tackle_broken=gain > SPACE)
    ruling = Ruling(
        "fourth_down",
        f"{header}: {_margin(o, d, state.youngest)}; defence holds, 4th down.",
        team=off,
        data={"dice": _dice_data(faces)},
    )
    return replace(state, phase="fourth", down=4, white=(o, d)), [ruling]


def offense_wins_series(o: Sequence[int], d: Sequence[int], youngest: bool) -> bool:
    """Getting to the end zone: the offense's total greater or tied wins (youngest: downs won)."""
    if youngest:
        won, lost = downs_won(o, d)
        return won >= lost
    return sum(o) >= sum(d)


def downs_won(o: Sequence[int], d: Sequence[int]) -> tuple[int, int]:
    """Youngest players' variant: one die at a time, 1 point to the higher, 0 for a tie."""
    won = sum(1 for a, b in zip(o, d, strict=True) if a > b)
    lost = sum(1 for a, b in zip(o, d, strict=True) if b > a)
    return won, lost


def breaking_the_tackle(o: Sequence[int]) -> int:
    """Offense rolls doubles with the white dice in the first three downs: 20 yards, not 10."""
    counts = Counter(o)
    return 2 * SPACE if max(counts.values()) == 2 else SPACE


def triple_face(dice: Sequence[int]) -> int | None:
    """Triples: the face shown by three (or more) of the dice, if any."""
    face, count = Counter(dice).most_common(1)[0]
    return face if count >= 3 else None


def triples_outcome(o: Sequence[int], d: Sequence[int]) -> Literal["offense", "defense"] | None:
    """Triples beat any roll; if both roll triples the higher wins, equal ones go to the offense."""
    ot, dt = triple_face(o), triple_face(d)
    if ot is None and dt is None:
        return None
    if dt is None or (ot is not None and ot >= dt):
        return "offense"
    return "defense"


def long_pass(
    state: RushZoneState, o: Sequence[int], header: str
) -> tuple[RushZoneState, list[Ruling]]:
    """The offense rolls triples: a long pass of as many spaces as the face shows."""
    face = triple_face(o)
    assert face is not None
    return gain_ground(state, face * SPACE, f"{header}: triple {face}s, long pass", long=True)


def gain_ground(
    state: RushZoneState, gain: int, header: str, *, tackle_broken: bool = False, long: bool = False
) -> tuple[RushZoneState, list[Ruling]]:
    """A won down: advance, and a touchdown when the ball enters the end zone."""
    off = state.offense
    assert off is not None and state.ball_on is not None
    spot_after = yards.advance(state.ball_on, gain)
    kind = "long_pass" if long else "breaking_tackle" if tackle_broken else "first_down"
    what = "breaking the tackle, " if tackle_broken else ""
    if yards.is_touchdown(spot_after):
        gained = Ruling(
            kind, f"{header}: {what}+{gain} yards and into the end zone.", team=off, yards=gain
        )
        after, scored = touchdown(state, off)
        return after, [gained, *scored]
    moved = replace(state, ball_on=spot_after)
    ruling = Ruling(
        kind,
        f"{header}: {what}+{gain} yards, first down at {spot(moved)}.",
        team=off,
        yards=gain,
        data={"ball_on": spot_after},
    )
    return _first_down_at(state, spot_after), [ruling]


def loose_ball(
    state: RushZoneState, d: Sequence[int], header: str
) -> tuple[RushZoneState, list[Ruling]]:
    """The defense rolls triples: loose ball, carried back; a TD if it reaches the end zone."""
    off, dfn = state.offense, state.defence
    assert off is not None and state.ball_on is not None
    face = triple_face(d)
    assert face is not None
    back = face * SPACE
    spot_after = yards.advance(state.ball_on, -back)
    text = (
        f"{header}: defensive triple {face}s, loose ball! "
        f"{state.name(dfn)} take it back {back} yards"
    )
    if yards.is_safety(spot_after):
        ruling = Ruling("fumble_lost", f"{text} into the end zone.", team=dfn, yards=-back)
        after, scored = touchdown(state, dfn)
        return after, [ruling, *scored]
    ball_for_defence = yards.flip(spot_after)
    ruling = Ruling(
        "fumble_lost",
        f"{text}; {state.name(dfn)} ball at {state.spot_for(dfn, ball_for_defence)}.",
        team=dfn,
        yards=-back,
        data={"ball_on": ball_for_defence},
    )
    after, ended = end_turn(state, kickoff_next=False, ball_on=ball_for_defence)
    return after, [ruling, *ended]


def fourth_down_choice(state: RushZoneState, choice: str) -> tuple[RushZoneState, list[Ruling]]:
    """4th down: go for the first down, attempt a field goal (the 50 or closer) or punt."""
    off = state.offense
    assert off is not None and state.ball_on is not None
    phase: Phase = {"go": "go", "fg": "field_goal", "punt": "punt"}[choice]  # type: ignore[assignment]
    text = {
        "go": f"{state.name(off)} go for it on 4th down.",
        "fg": f"{state.name(off)} attempt a field goal from {spot(state)}.",
        "punt": f"{state.name(off)} will punt.",
    }[choice]
    return replace(state, phase=phase), [
        Ruling("decision", text, team=off, data={"choice": choice})
    ]


def fourth_down_roll(
    state: RushZoneState, faces: dict[Side, tuple[int, ...]]
) -> tuple[RushZoneState, list[Ruling]]:
    """4th down: both add the green die to their white dice; offense wins ties, else turnover."""
    off, dfn = state.offense, state.defence
    assert off is not None and state.white is not None and state.ball_on is not None
    wo, wd = state.white
    o, d = (*wo, faces[off][0]), (*wd, faces[dfn][0])
    header = (
        f"4th down at {spot(state)}: {state.name(off)} {_show(wo)} + {faces[off][0]}, "
        f"{state.name(dfn)} {_show(wd)} + {faces[dfn][0]}"
    )
    special = triples_outcome(o, d)
    if special == "offense":
        return long_pass(state, o, header)
    if special == "defense":
        return loose_ball(state, d, header)
    ot, dt = fourth_down_totals(wo, wd, faces[off][0], faces[dfn][0], state.youngest)
    if ot >= dt:
        # Doubles only count on the white dice of downs 1 to 3, so a conversion gains one space.
        return gain_ground(state, SPACE, f"{header}: {ot} to {dt}, converted")
    ball_for_defence = yards.flip(state.ball_on)
    ruling = Ruling(
        "turnover_on_downs",
        f"{header}: {ot} to {dt}, stopped. {state.name(dfn)} take over at "
        f"{state.spot_for(dfn, ball_for_defence)}.",
        team=dfn,
        data={"ball_on": ball_for_defence},
    )
    after, ended = end_turn(state, kickoff_next=False, ball_on=ball_for_defence)
    return after, [ruling, *ended]


def fourth_down_totals(
    wo: Sequence[int], wd: Sequence[int], go: int, gd: int, youngest: bool
) -> tuple[int, int]:
    """4th down totals: white dice plus green. Youngest players: "Add this last roll to the
    total of the first 2 downs": the points of downs 1 and 2 plus the green die."""
    if youngest:
        won, lost = downs_won(wo[:YOUNGEST_FOURTH_DOWN_DOWNS], wd[:YOUNGEST_FOURTH_DOWN_DOWNS])
        return won + go, lost + gd
    return sum(wo) + go, sum(wd) + gd


def field_goal_needs(ball_on: int) -> int:
    """Field goal: the green die must beat the position (the 30 needs 4, 5 or 6)."""
    return ball_on // SPACE + 1


def field_goal(
    state: RushZoneState, faces: dict[Side, tuple[int, ...]]
) -> tuple[RushZoneState, list[Ruling]]:
    """Field goal: 3 points if the die beats the position, else the defence takes over there."""
    off, dfn = state.offense, state.defence
    assert off is not None and state.ball_on is not None
    face, need = faces[off][0], field_goal_needs(state.ball_on)
    if face >= need:
        ruling = Ruling(
            "field_goal",
            f"Field goal from {spot(state)}: rolled {face} (needed {need}+): good, 3 points "
            f"for {state.name(off)}.",
            team=off,
            points=FIELD_GOAL_POINTS,
        )
        scored = score(state, off, FIELD_GOAL_POINTS)
        after, more = _after_score(scored, kickoff_next=True)
        return after, [ruling, *more]
    ball_for_defence = yards.flip(state.ball_on)
    ruling = Ruling(
        "field_goal_missed",
        f"Field goal from {spot(state)}: rolled {face} (needed {need}+): no good. "
        f"{state.name(dfn)} take over at {state.spot_for(dfn, ball_for_defence)}.",
        team=off,
        data={"ball_on": ball_for_defence},
    )
    after, ended = end_turn(state, kickoff_next=False, ball_on=ball_for_defence)
    return after, [ruling, *ended]


def punt(
    state: RushZoneState, faces: dict[Side, tuple[int, ...]]
) -> tuple[RushZoneState, list[Ruling]]:
    """Punt: the green die times 10 yards; into the end zone is a touchback at the 20."""
    off, dfn = state.offense, state.defence
    assert off is not None and state.ball_on is not None
    face = faces[off][0]
    landing = yards.advance(state.ball_on, face * SPACE)
    if yards.is_touchdown(landing):
        ball_for_defence = yards.touchback()
        what = "into the end zone, touchback"
    else:
        ball_for_defence = yards.flip(landing)
        what = "downed"
    ruling = Ruling(
        "punt",
        f"Punt: rolled {face}, {face * SPACE} yards, {what}. {state.name(dfn)} ball at "
        f"{state.spot_for(dfn, ball_for_defence)}.",
        team=off,
        yards=face * SPACE,
        data={"ball_on": ball_for_defence},
    )
    after, ended = end_turn(state, kickoff_next=False, ball_on=ball_for_defence)
    return after, [ruling, *ended]


def touchdown(state: RushZoneState, scorer: Side) -> tuple[RushZoneState, list[Ruling]]:
    """Touchdown: 6 points, then the extra point or the two-point try (none in overtime)."""
    ruling = Ruling(
        "touchdown",
        f"TOUCHDOWN {state.name(scorer)}! 6 points.",
        team=scorer,
        points=TOUCHDOWN_POINTS,
    )
    scored = score(state, scorer, TOUCHDOWN_POINTS)
    if _overtime_decided(scored, touchdown=True):
        after, ended = _finish(scored, close_turn=True)
        return after, [ruling, *ended]
    return replace(scored, phase="try", scorer=scorer, down=None, white=None), [ruling]


def extra_point_choice(state: RushZoneState, choice: str) -> tuple[RushZoneState, list[Ruling]]:
    """Touchdown: the automatic extra point, or the two-point conversion roll-off."""
    s = state.scorer
    assert s is not None
    if choice == "two":
        return replace(state, phase="two_point"), [
            Ruling("decision", f"{state.name(s)} go for two.", team=s, data={"choice": "two"})
        ]
    ruling = Ruling("extra_point", f"Extra point {state.name(s)}: 1 point.", team=s, points=1)
    after, more = _after_score(score(state, s, 1), kickoff_next=True)
    return after, [ruling, *more]


def two_point_try(
    state: RushZoneState, faces: dict[Side, tuple[int, ...]]
) -> tuple[RushZoneState, list[Ruling]]:
    """Two-point conversion: green against green, the scoring team wins ties."""
    s = state.scorer
    assert s is not None
    t = other(s)
    a, b = faces[s][0], faces[t][0]
    if a >= b:
        ruling = Ruling(
            "two_point",
            f"Two-point try: {a} vs {b}, good! 2 points {state.name(s)}.",
            team=s,
            points=2,
        )
        state = score(state, s, 2)
    else:
        ruling = Ruling("two_point_failed", f"Two-point try: {a} vs {b}, no good.", team=s)
    after, more = _after_score(state, kickoff_next=True)
    return after, [ruling, *more]


def end_turn(
    state: RushZoneState, *, kickoff_next: bool, ball_on: int | None = None
) -> tuple[RushZoneState, list[Ruling]]:
    """End of a turn: fill both teams' pad boxes, then the next team's turn, quarter or game end."""
    off = state.offense
    assert off is not None
    dfn = other(off)
    rulings: list[Ruling] = []
    state = replace(
        state, pad=_pad_after_turn(state), turn_points=(0, 0), scorer=None, down=None, white=None
    )
    if state.quarter > REGULATION_QUARTERS:
        state = replace(state, ot_turn=state.ot_turn + 1)
        if _overtime_decided(state, touchdown=False, turn_over=True):
            return _finish(state)
    next_phase: Phase = "kickoff" if kickoff_next else "series"
    next_ball = None if kickoff_next else ball_on
    if state.turn < TURNS_PER_QUARTER:
        state = replace(
            state,
            turn=state.turn + 1,
            offense=dfn,
            phase=next_phase,
            ball_on=next_ball,
            down=None if kickoff_next else 1,
        )
        if two_minute_warning(state) and state.turn == TURNS_PER_QUARTER - 1:
            last = other(state.offense) if state.offense else dfn
            rulings.append(
                Ruling(
                    "two_minute_warning",
                    f"Two-minute warning: last round of the quarter; {state.name(last)} have the "
                    "last chance to score.",
                )
            )
        return state, rulings
    return end_quarter(state, dfn, next_phase, next_ball)


def end_quarter(
    state: RushZoneState, next_offense: Side, next_phase: Phase, next_ball: int | None
) -> tuple[RushZoneState, list[Ruling]]:
    """End of a quarter, halftime (the first-half receiver kicks) and the end of regulation."""
    q = state.quarter
    new_quarter = replace(
        state,
        quarter=q + 1,
        turn=1,
        scores=(*state.scores, (0, 0)),
        pad=(*state.pad, QuarterPad()),
    )
    if q == 2:
        assert state.first_offense is not None
        receiver = other(state.first_offense)
        ruling = Ruling(
            "halftime",
            f"Halftime. {state.name(state.first_offense)} kick off to {state.name(receiver)} to "
            "start the second half.",
        )
        return replace(new_quarter, phase="kickoff", offense=receiver, ball_on=None, down=None), [
            ruling
        ]
    if q == REGULATION_QUARTERS:
        total = state.total
        if total["home"] != total["away"]:
            return _finish(state)
        ruling = Ruling(
            "overtime",
            f"End of regulation, tied {total['home']}-{total['away']}: overtime. Toss the coin.",
        )
        return replace(
            new_quarter, phase="toss", toss_winner=None, offense=None, ball_on=None, down=None
        ), [ruling]
    text = (
        f"End of quarter {q}."
        if q < REGULATION_QUARTERS
        else f"End of overtime period {q - REGULATION_QUARTERS}; still tied, play on."
    )
    ruling = Ruling("quarter_end", text)
    return replace(
        new_quarter,
        phase=next_phase,
        offense=next_offense,
        ball_on=next_ball,
        down=None if next_phase == "kickoff" else 1,
    ), [ruling]


def _overtime_decided(state: RushZoneState, *, touchdown: bool, turn_over: bool = False) -> bool:
    """Overtime: a TD on the first turn wins; after a field goal or punt the other team gets one
    turn, and from then on the first lead wins."""
    if state.quarter <= REGULATION_QUARTERS:
        return False
    total = state.total
    lead = total["home"] != total["away"]
    # ot_turn counts finished overtime turns: 0 means the first turn is still being played.
    if turn_over:
        return lead and state.ot_turn >= 2
    if state.ot_turn == 0:
        return touchdown
    return lead


def _finish(
    state: RushZoneState, *, close_turn: bool = False
) -> tuple[RushZoneState, list[Ruling]]:
    if close_turn:
        state = replace(state, pad=_pad_after_turn(state), turn_points=(0, 0))
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(state, phase="final", winner=winner, down=None, white=None, scorer=None)
    return done, [Ruling("final", f"Final whistle: {kernel.final_line(done)}", team=winner)]


def _after_score(state: RushZoneState, *, kickoff_next: bool) -> tuple[RushZoneState, list[Ruling]]:
    if _overtime_decided(state, touchdown=False):
        return _finish(state, close_turn=True)
    return end_turn(state, kickoff_next=kickoff_next)


def score(state: RushZoneState, side: Side, points: int) -> RushZoneState:
    """Points count for the period and for the turn's box on the scoring pad."""
    th, ta = state.turn_points
    turn_points = (th + points, ta) if side == "home" else (th, ta + points)
    return replace(kernel.scored(state, side, points), turn_points=turn_points)


def _pad_after_turn(state: RushZoneState) -> tuple[QuarterPad, ...]:
    off = state.offense
    assert off is not None
    dfn = other(off)
    pts = dict(zip(SIDES, state.turn_points, strict=True))
    q = state.pad[-1]
    q = replace(
        q,
        **{
            f"{off}_off": (*q.boxes(off, "off"), pts[off] or None),
            f"{dfn}_def": (*q.boxes(dfn, "def"), pts[dfn] or None),
        },
    )
    return (*state.pad[:-1], q)


def _first_down_at(state: RushZoneState, ball_on: int) -> RushZoneState:
    return replace(state, phase="series", ball_on=ball_on, down=1, white=None)


def white_totals(state: RushZoneState) -> tuple[int, int]:
    """What the 4th-down green dice are added to (youngest: the points of the first 2 downs)."""
    assert state.white is not None
    o, d = state.white
    if state.youngest:
        return downs_won(o[:YOUNGEST_FOURTH_DOWN_DOWNS], d[:YOUNGEST_FOURTH_DOWN_DOWNS])
    return sum(o), sum(d)


def _margin(o: Sequence[int], d: Sequence[int], youngest: bool) -> str:
    if youngest:
        won, lost = downs_won(o, d)
        return f"downs won {won} to {lost}"
    return f"{sum(o)} to {sum(d)}"


def _show(dice: Sequence[int]) -> str:
    return "-".join(str(x) for x in dice) + f" ({sum(dice)})"


def _dice_data(faces: dict[Side, tuple[int, ...]]) -> dict[str, list[int]]:
    return {side: list(v) for side, v in faces.items()}
