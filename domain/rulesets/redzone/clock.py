"""Time (rules/red-zone.txt, Time): Time Deck flips, time-outs, refreshing hands, the end of a
quarter and the final whistle; and the hand-over of a new possession.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from domain import field as yards
from domain.kernel import final_line
from domain.ruleset import (
    SIDES,
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.redzone.parse import one, printed_number, said, team
from domain.rulesets.redzone.state import (
    HAND,
    REGULATION_QUARTERS,
    TIMEOUT_CARDS,
    TIMEOUTS_PER_HALF,
    Play,
    RedZoneState,
    Rulings,
    offence_side,
    with_coach,
)
from domain.words import possessive


def read_timeout(state: RedZoneState, values: Sequence[str]) -> Side:
    """Time: the team calling a time-out."""
    return team(one(said(values), "the team calling it"), state)


def timeout(state: RedZoneState, side: Side) -> Rulings:
    """Time: a time-out adds 5 cards to each Time Deck not yet empty; three per half."""
    c = state.coach(side)
    if c.timeouts <= 0:
        raise IllegalEntry(f"{state.name(side)} have no time-outs left this half")
    state = with_coach(state, side, replace(c, timeouts=c.timeouts - 1))
    added = []
    for s in SIDES:
        cs = state.coach(s)
        if cs.time > 0:
            added.append(state.name(s))
            cs = replace(cs, time=cs.time + TIMEOUT_CARDS)
        state = with_coach(state, s, replace(cs, refresh=True))
    text = f"Time-out {state.name(side)} ({state.coach(side).timeouts} left). " + (
        f"5 cards added to the Time Deck of {' and '.join(added)}."
        if added
        else "No Time Deck gets cards."
    )
    return state, [Ruling("timeout", text, team=side, data={"added": added})]


def read_refresh(state: RedZoneState, values: Sequence[str]) -> tuple[Side, int]:
    """Time: the team refreshing its hand (one that may now) and the cards it discards."""
    rest = said(values)
    if len(rest) != 2:
        raise IllegalEntry("enter the team and the cards discarded: refresh home 2")
    side = team(rest[0], state, tuple(s for s in SIDES if state.coach(s).refresh))
    return side, printed_number(rest[1], "cards discarded", 0, state.coach(side).hand)


def refresh_hand(state: RedZoneState, refreshed: tuple[Side, int]) -> Rulings:
    """Time: at a quarter's end, a new possession or a time-out a coach may discard and draw to
    seven from the Draw Deck."""
    side, discarded = refreshed
    c = state.coach(side)
    kept = c.hand - discarded
    drawn = max(HAND - kept, 0)
    state = with_coach(
        state,
        side,
        replace(c, hand=kept + drawn, draw_flips=c.draw_flips + drawn, refresh=False),
    )
    return state, [
        Ruling(
            "refresh",
            f"{state.name(side)} discard {discarded} and draw {drawn} from the Draw Deck.",
            team=side,
        )
    ]


def draw_for_the_play(state: RedZoneState) -> Rulings:
    """Starting Play: each coach draws back to seven from his Time Deck (the play has started)."""
    off = offence_side(state)
    rulings: list[Ruling] = []
    for s in (off, other(off)):
        c = state.coach(s)
        draw = max(HAND - c.hand, 0)
        state = with_coach(state, s, replace(c, hand=max(c.hand, HAND), refresh=False))
        state, more = flip_cards(state, s, draw)
        rulings += more
    return state, rulings


def new_possession(state: RedZoneState, side: Side, ball_on: int, rulings: list[Ruling]) -> Rulings:
    """A new possession: 1st and 10, and each coach may refresh his hand."""
    state = replace(
        state,
        offense=side,
        ball_on=ball_on,
        down=1,
        marker=yards.first_down_marker(ball_on),
        phase="call",
        is_try=False,
    )
    for s in SIDES:
        state = with_coach(state, s, replace(state.coach(s), refresh=True))
    return between_plays(state, rulings)


def flip_cards(state: RedZoneState, side: Side, n: int = 1) -> tuple[RedZoneState, list[Ruling]]:
    """Time: every card drawn or flipped comes off the Time Deck, or the Draw Deck once it is
    empty."""
    if n <= 0:
        return state, []
    c = state.coach(side)
    from_time = min(c.time, n)
    c = replace(c, time=c.time - from_time, draw_flips=c.draw_flips + n - from_time)
    rulings: list[Ruling] = []
    if from_time and c.time == 0:
        rulings.append(
            Ruling(
                "time_deck_empty",
                f"{possessive(state.name(side))} Time Deck is empty; further flips come from the "
                "Draw Deck.",
                team=side,
            )
        )
    return with_coach(state, side, c), rulings


def _time_up(state: RedZoneState) -> bool:
    return all(state.coach(s).time == 0 for s in SIDES) and state.phase not in (
        "toss",
        "advantage",
        "kick_choice",
        "draft",
    )


def between_plays(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """After a play: substitutes for the injured, then the end of the quarter if both Time
    Decks are empty (the last play rule)."""
    if state.phase not in ("call", "kickoff", "safety_kick") or state.is_try:
        return state, rulings
    if state.subs:
        return replace(state, resume=state.phase, phase="sub"), rulings
    if _time_up(state):
        return end_quarter(state, rulings)
    return state, rulings


def end_quarter(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """Time / How To Win: both Time Decks are empty; halftime, the end of regulation and
    sudden-death overtime quarters."""
    q = state.quarter
    total = state.total
    if q >= REGULATION_QUARTERS and total["home"] != total["away"]:
        return finish_game(state, rulings)
    home, away = (replace(state.coach(s), time=state.deck, refresh=True) for s in SIDES)
    state = replace(state, quarter=q + 1, scores=(*state.scores, (0, 0)), coaches=(home, away))
    if q == 2:
        assert state.opening_kicker is not None
        kicker = other(state.opening_kicker)
        home, away = (replace(state.coach(s), timeouts=TIMEOUTS_PER_HALF) for s in SIDES)
        rulings.append(
            Ruling("halftime", f"Halftime. {state.name(kicker)} kick off to start the second half.")
        )
        return replace(
            state,
            coaches=(home, away),
            phase="kickoff",
            kicker=kicker,
            offense=None,
            ball_on=None,
            down=None,
            marker=None,
            play=Play(),
        ), rulings
    if q == REGULATION_QUARTERS:
        rulings.append(
            Ruling(
                "overtime",
                f"End of regulation, tied {total['home']}-{total['away']}: "
                "sudden-death overtime. Toss the coin.",
            )
        )
        return replace(
            state,
            phase="toss",
            toss_winner=None,
            offense=None,
            ball_on=None,
            down=None,
            marker=None,
            play=Play(),
        ), rulings
    text = (
        f"End of quarter {q}."
        if q < REGULATION_QUARTERS
        else f"End of overtime quarter {q - REGULATION_QUARTERS}, still scoreless: play on."
    )
    rulings.append(Ruling("quarter_end", text + f" New Time Decks of {state.deck} cards."))
    return state, rulings


def finish_game(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """How To Win: the final whistle; the higher score wins, else a tie."""
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(state, phase="final", winner=winner, down=None, scorer=None, is_try=False)
    return done, [*rulings, Ruling("final", f"Final whistle: {final_line(done)}", team=winner)]


def clock_view(state: RedZoneState) -> dict[str, Any]:
    """Time: the deck size, whether the last play is under way, and each coach's Time Deck,
    Draw Deck flips, hand and time-outs."""
    clock: dict[str, Any] = {"deck": state.deck, "last_play": _time_up(state)}
    for side in SIDES:
        c = state.coach(side)
        clock[side] = {
            "time_deck": c.time,
            "draw_deck_flips": c.draw_flips,
            "hand": c.hand,
            "timeouts": c.timeouts,
        }
    return clock
