"""Setting up a Third and Long game: rosters or the draft, the coin toss and the first hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.thirdandlong.cards import deal_hands
from domain.rulesets.thirdandlong.clock import next_start
from domain.rulesets.thirdandlong.reading import (
    read_attribute,
    read_salary,
    side_word,
)
from domain.rulesets.thirdandlong.state import (
    ATTRIBUTES,
    POSITIONS,
    SALARY_CAP_TENTHS,
    TIMEOUTS_PER_OVERTIME,
    Star,
    ThirdAndLongState,
    team_of,
)
from domain.rulesets.thirdandlong.wording import money, roster_line
from domain.words import possessive


def read_star(state: ThirdAndLongState, rest: Sequence[str]) -> Star:
    """Acquiring Players: a star as its Player card prints it (team, position, salary, the
    three attributes), picked in the draft by the team whose pick it is."""
    if len(rest) != 6:
        raise IllegalEntry(
            "a star is: star <team> <position> <salary $M> <three attributes as printed>, "
            "e.g. star home rb 4 3 2 1"
        )
    side = side_word(rest[0], state)
    position = rest[1]
    if position not in POSITIONS:
        raise IllegalEntry(f"{rest[1]!r} is not a position; expected one of qb rb wr lb cb s")
    if state.draft and state.draft_turn != side:
        raise IllegalEntry(
            f"it is {possessive(state.name(draft_picker(state)))} pick in the draft, "
            f"not {possessive(state.name(side))}"
        )
    salary = read_salary(rest[2])
    values = tuple(read_attribute(t, position) for t in rest[3:6])
    return Star(side, position, salary, (values[0], values[1], values[2]))


def star_entry(state: ThirdAndLongState, star: Star) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Acquiring Players / Salary Caps: one star per position, $15 million cap, six at most."""
    side, position, salary = star.side, star.position, star.salary
    for s in team_of(state, side):
        if s.position == position:
            raise IllegalEntry(
                f"{state.name(side)} already have a star {position.upper()} "
                f"({money(s.salary)}); a team has one star at each position"
            )
    spent = sum(s.salary for s in team_of(state, side)) + salary
    if spent > SALARY_CAP_TENTHS:
        raise IllegalEntry(
            f"{state.name(side)} would spend {money(spent)}, over the $15M salary cap; "
            f"{money(SALARY_CAP_TENTHS - spent + salary)} is left"
        )
    attrs = ", ".join(
        f"{a} {v:+d}" for a, v in zip(ATTRIBUTES[position], star.attributes, strict=True)
    )
    ruling = Ruling(
        "star",
        f"{state.name(side)} sign a star {position.upper()} for {money(salary)} ({attrs}); "
        f"{money(spent)} of $15M spent.",
        team=side,
        data={"position": position, "salary": salary / 10, "attributes": list(star.attributes)},
    )
    new = replace(state, stars=(*state.stars, star))
    if state.draft:
        new = replace(new, draft_turn=after_pick(new, side))
    return new, [ruling]


def roster_ready(state: ThirdAndLongState, _: None) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Acquiring Players, Option 1: both pre-built teams are on the table; toss the coin."""
    return replace(state, phase="toss"), [
        Ruling(
            "rosters", f"Rosters set: {roster_line(state, 'home')}; {roster_line(state, 'away')}."
        )
    ]


def read_draft_first(state: ThirdAndLongState, rest: Sequence[str]) -> Side:
    """Option 2, Draft Your Team: the one team that won the draft coin flip."""
    if len(rest) != 1:
        raise IllegalEntry("enter the team that won the draft coin flip: first home | first away")
    return side_word(rest[0], state)


def draft_order(state: ThirdAndLongState, side: Side) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Option 2, Draft Your Team: a coin flip decides who chooses the first player."""
    return replace(state, phase="draft", draft_turn=side), [
        Ruling("draft_order", f"{state.name(side)} pick first in the draft.", team=side)
    ]


def read_draft_done(state: ThirdAndLongState, rest: Sequence[str]) -> Side:
    """Option 2, Draft Your Team: the one team that has finished picking."""
    if len(rest) != 1:
        raise IllegalEntry("enter the team that has finished picking: done home | done away")
    return side_word(rest[0], state)


def draft_done(state: ThirdAndLongState, side: Side) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Option 2, Draft Your Team: a coach stops picking when the team is complete or capped."""
    if side in state.draft_done:
        raise IllegalEntry(f"{state.name(side)} have already finished picking")
    done = (*state.draft_done, side)
    ruling = Ruling(
        "draft_done", f"{state.name(side)} finish drafting: {roster_line(state, side)}."
    )
    if len(done) == 2:
        return replace(state, draft_done=done, draft_turn=None, phase="toss"), [
            ruling,
            Ruling("rosters", "The draft is over; the remaining Player cards go out of play."),
        ]
    return replace(state, draft_done=done, draft_turn=other(side)), [ruling]


def read_toss_winner(state: ThirdAndLongState, rest: Sequence[str]) -> Side:
    """The Coin Toss: the one team that won it."""
    if len(rest) != 1:
        raise IllegalEntry("enter the team that won the coin toss: toss home | toss away")
    return side_word(rest[0], state)


def coin_toss(state: ThirdAndLongState, side: Side) -> tuple[ThirdAndLongState, list[Ruling]]:
    """The Coin Toss: the visiting team calls it; enter the winner."""
    return replace(state, phase="choice", toss_winner=side), [
        Ruling("toss", f"{state.name(side)} win the coin toss.", team=side)
    ]


def toss_choice(
    state: ThirdAndLongState, _: None, *, choice: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """The Coin Toss: the winner starts on offence or defence; seven-card hands, offence first."""
    winner = state.toss_winner
    assert winner is not None
    offense = winner if choice == "offense" else other(winner)
    rulings = [
        Ruling(
            "choice",
            f"{state.name(winner)} choose {choice}; {state.name(offense)} receive the kickoff.",
            team=winner,
            data={"choice": choice, "offense": offense},
        )
    ]
    state = replace(state, offense=offense, toss_winner=None)
    if state.overtime:
        state = replace(
            state,
            timeouts=(TIMEOUTS_PER_OVERTIME, TIMEOUTS_PER_OVERTIME),
            challenges=(0, 0),
        )
    else:
        state = replace(state, first_offense=offense)
    state, dealt = deal_hands(state)
    rulings.extend(dealt)
    state = replace(state, kickoff=True)
    after, more = next_start(state, "drive")
    return after, [*rulings, *more]


def draft_picker(state: ThirdAndLongState) -> Side:
    return state.draft_turn or "home"


def after_pick(state: ThirdAndLongState, side: Side) -> Side:
    nxt = other(side)
    return side if nxt in state.draft_done else nxt
