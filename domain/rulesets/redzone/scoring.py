"""Scoring (Touchdown, Safety, Extra Points, Two Point Conversion) and what follows a score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.kernel import scored
from domain.ruleset import (
    Ruling,
    Side,
    other,
)
from domain.rulesets.redzone.clock import between_plays, finish_game, flip_cards
from domain.rulesets.redzone.parse import one, printed_number, said
from domain.rulesets.redzone.state import (
    REGULATION_QUARTERS,
    TWO_POINT_LINE,
    Play,
    RedZoneState,
    Rulings,
    scoring_team,
)


def touchdown(state: RedZoneState, side: Side, rulings: list[Ruling]) -> Rulings:
    """Touchdown: 6 points, then the extra point or two-point try (sudden death ends it)."""
    rulings.append(
        Ruling("touchdown", f"TOUCHDOWN {state.name(side)}! 6 points.", team=side, points=6)
    )
    state = scored(state, side, 6)
    if state.quarter > REGULATION_QUARTERS:
        return finish_game(state, rulings)
    return replace(
        state,
        phase="try",
        scorer=side,
        offense=side,
        ball_on=None,
        down=None,
        marker=None,
        play=replace(state.play, check=None),
    ), rulings


def safety(state: RedZoneState, scorer: Side, rulings: list[Ruling]) -> Rulings:
    """Safety: 2 points; the team that gave it up kicks or punts from its 20."""
    rulings.append(
        Ruling("safety", f"SAFETY! 2 points {state.name(scorer)}.", team=scorer, points=2)
    )
    state = scored(state, scorer, 2)
    if state.quarter > REGULATION_QUARTERS:
        return finish_game(state, rulings)
    state = replace(state, kicker=other(scorer), offense=None, ball_on=None, down=None, marker=None)
    return between_plays(
        replace(state, phase="safety_kick", play=replace(state.play, check=None)), rulings
    )


def try_choice(state: RedZoneState, two: bool) -> Rulings:
    """Extra Points / Two Point Conversion: a kick good unless 55*, or a play from the 3."""
    s = scoring_team(state)
    if two:
        state = replace(
            state,
            phase="call",
            is_try=True,
            offense=s,
            ball_on=TWO_POINT_LINE,
            down=1,
            marker=0,
            play=Play(),
        )
        return state, [Ruling("go_for_two", f"{state.name(s)} go for two from the 3.", team=s)]
    return replace(state, phase="pat"), [
        Ruling(
            "decision",
            f"{state.name(s)} kick the extra point.",
            team=s,
            data={"choice": "kick"},
        )
    ]


def read_extra_point(state: RedZoneState, values: Sequence[str]) -> str:
    """Extra Points: the FG section, 55* or blocked; any other FG number is "good"."""
    token = one(said(values), "the FG result")
    if token in ("55*", "blocked"):
        return token
    printed_number(token, "FG")
    return "good"


def extra_point(state: RedZoneState, token: str) -> Rulings:
    """Extra Points: the kick is good unless the FG section shows 55*."""
    s = scoring_team(state)
    state, rulings = flip_cards(state, s)
    if token in ("55*", "blocked"):
        rulings.append(
            Ruling(
                "extra_point_failed" if token == "55*" else "extra_point_blocked",
                f"Extra point {'no good (55*)' if token == '55*' else 'blocked'}.",
                team=s,
            )
        )
    else:
        rulings.append(
            Ruling("extra_point", f"Extra point good: 1 point {state.name(s)}.", team=s, points=1)
        )
        state = scored(state, s, 1)
    return after_score(state, s, rulings)


def try_over(state: RedZoneState, good: bool, rulings: list[Ruling]) -> Rulings:
    """Two Point Conversion: 2 points if good; either way the try is over."""
    s = scoring_team(state)
    if good:
        rulings.append(
            Ruling(
                "two_point",
                f"Two-point conversion good: 2 points {state.name(s)}.",
                team=s,
                points=2,
            )
        )
        state = scored(state, s, 2)
    else:
        rulings.append(Ruling("two_point_failed", "Two-point conversion no good.", team=s))
    return after_score(state, s, rulings)


def after_score(state: RedZoneState, scorer: Side, rulings: list[Ruling]) -> Rulings:
    """Touchdown / Field Goals: the scoring team kicks off next."""
    state = replace(
        state,
        phase="kickoff",
        kicker=scorer,
        scorer=None,
        is_try=False,
        offense=None,
        ball_on=None,
        down=None,
        marker=None,
    )
    return between_plays(state, rulings)
