"""Third and Long scoring: the scoring card, field goals, touchdowns and the try."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import kernel
from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.thirdandlong.cards import bonus_card, flip
from domain.rulesets.thirdandlong.clock import end_drive, finish, proceed
from domain.rulesets.thirdandlong.state import (
    EXTRA_POINT,
    FIELD_GOAL,
    TOUCHDOWN,
    TWO_POINTS,
    ThirdAndLongState,
    offence_of,
)


def read_scoring_card(state: ThirdAndLongState, rest: Sequence[str]) -> str:
    """Offensive Scoring: the scoring card's upper-left corner, td or fg."""
    if len(rest) != 1 or rest[0] not in ("td", "fg"):
        raise IllegalEntry("enter the scoring card's upper-left corner: score td | score fg")
    return rest[0]


def scoring_flip(state: ThirdAndLongState, corner: str) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Offensive Scoring: the scoring card's upper-left corner shows touchdown or field goal."""
    state, shuffled = flip(state)
    off = offence_of(state)
    if corner == "td":
        after, more = touchdown(state, off, "the scoring card")
        return after, [*shuffled, *more]
    return replace(state, phase="fg_choice"), [
        *shuffled,
        Ruling(
            "scoring_card",
            f"Scoring card: field goal. {state.name(off)} kick it or Go For It!",
            team=off,
        ),
    ]


def field_goal_choice(
    state: ThirdAndLongState, _: None, *, choice: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Don't Want to Settle for a Field Goal?: take 3 points, or Go For It! as a single play."""
    off = offence_of(state)
    if choice == "goforit":
        ruling = Ruling(
            "go_for_it",
            f"{state.name(off)} Go For It! One play like a fourth-down conversion; a win flips "
            "another scoring card.",
            team=off,
        )
        after, more = proceed(replace(state, kind="goforit"), "play")
        return after, [ruling, *more]
    state = kernel.scored(state, off, FIELD_GOAL)
    ruling = Ruling(
        "field_goal", f"FIELD GOAL {state.name(off)}: 3 points.", team=off, points=FIELD_GOAL
    )
    if state.overtime:
        after, more = finish(state)
        return after, [ruling, *more]
    after, more = end_drive(state, state.defence, kick=True)
    return after, [ruling, *more]


def go_for_it_made(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Going For It: the offence wins and flips another scoring card."""
    return replace(state, phase="score", kind="moment"), [
        Ruling(
            "go_for_it_made",
            f"{state.name(offence_of(state))} win the play: flip another scoring card.",
            team=state.offense,
        )
    ]


def touchdown(
    state: ThirdAndLongState, scorer: Side, how: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Touchdown: 6 points and a momentum card, then the extra point or two (sudden death ends)."""
    state = kernel.scored(state, scorer, TOUCHDOWN)
    ruling = Ruling(
        "touchdown",
        f"TOUCHDOWN {state.name(scorer)} on {how}! 6 points.",
        team=scorer,
        points=TOUCHDOWN,
    )
    state, bonus = bonus_card(state, scorer, "scoring a touchdown")
    if state.overtime:
        after, more = finish(state)
        return after, [ruling, *bonus, *more]
    state = replace(
        state,
        phase="try",
        offense=scorer,
        kind="moment",
        discard=state.discard + state.aside,
        aside=0,
        moments=0,
    )
    return state, [ruling, *bonus]


def extra_point(state: ThirdAndLongState, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Extra Point: good unless the card shows 1 and the defence's blocking card is also 1."""
    state, shuffled = flip(state)
    scorer = offence_of(state)
    if n == 1:
        return replace(state, phase="block"), [
            *shuffled,
            Ruling(
                "extra_point_in_doubt",
                f"Extra point card 1: {state.name(other(scorer))} flip to block it.",
                team=other(scorer),
            ),
        ]
    after, more = extra_point_good(state, n)
    return after, [*shuffled, *more]


def block_attempt(state: ThirdAndLongState, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Extra Point: a second 1 and the kick is no good."""
    state, shuffled = flip(state)
    scorer = offence_of(state)
    if n != 1:
        after, more = extra_point_good(state, n)
        return after, [*shuffled, *more]
    ruling = Ruling(
        "extra_point_failed", "Blocking card 1: the extra point is NO GOOD.", team=scorer
    )
    after, more = end_drive(state, other(scorer), kick=True)
    return after, [*shuffled, ruling, *more]


def extra_point_good(state: ThirdAndLongState, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    scorer = offence_of(state)
    state = kernel.scored(state, scorer, EXTRA_POINT)
    ruling = Ruling(
        "extra_point",
        f"Extra point good ({n}): 1 point {state.name(scorer)}.",
        team=scorer,
        points=EXTRA_POINT,
    )
    after, more = end_drive(state, other(scorer), kick=True)
    return after, [ruling, *more]


def go_for_two(state: ThirdAndLongState, _: None) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Two-Point Conversion: declared before the extra-point card; a single play, a tie fails."""
    scorer = offence_of(state)
    ruling = Ruling("go_for_two", f"{state.name(scorer)} go for two: one play.", team=scorer)
    after, more = proceed(replace(state, kind="two"), "play")
    return after, [ruling, *more]


def two_point_result(
    state: ThirdAndLongState, good: bool
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Two-Point Conversion: 2 points and a second momentum card if the offence wins."""
    scorer = offence_of(state)
    state = replace(state, kind="moment")
    if good:
        state = kernel.scored(state, scorer, TWO_POINTS)
        rulings = [
            Ruling(
                "two_point",
                f"Two-point conversion GOOD: 2 points {state.name(scorer)}.",
                team=scorer,
                points=TWO_POINTS,
            )
        ]
        state, bonus = bonus_card(state, scorer, "a two-point conversion")
        rulings.extend(bonus)
    else:
        rulings = [Ruling("two_point_failed", "Two-point conversion NO GOOD.", team=scorer)]
    after, more = end_drive(state, other(scorer), kick=True)
    return after, [*rulings, *more]
