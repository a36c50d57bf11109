"""Third and Long time-outs and challenges."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.ruleset import (
    SIDES,
    IllegalEntry,
    Ruling,
    Side,
)
from domain.rulesets.thirdandlong.clock import proceed
from domain.rulesets.thirdandlong.reading import side_word
from domain.rulesets.thirdandlong.state import (
    Challenge,
    Outcome,
    Play,
    ThirdAndLongState,
    add_count,
    count,
    ruling_on_field,
)
from domain.rulesets.thirdandlong.wording import outcome_words


def read_timeout(state: ThirdAndLongState, rest: Sequence[str]) -> tuple[Side, bool]:
    """Time-Outs: the team calling it, and whether it refreshes its hand."""
    if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1] != "refresh"):
        raise IllegalEntry("enter the team calling it: timeout <team> [refresh]")
    return side_word(rest[0], state), len(rest) == 2


def timeout(
    state: ThirdAndLongState, called: tuple[Side, bool]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Time-Outs: avoid a bad matchup (both call again), extend the quarter by one play, and
    optionally refresh the caller's whole hand."""
    side, refresh = called
    if count(state.timeouts, side) <= 0:
        raise IllegalEntry(f"{state.name(side)} have no time-outs left")
    state = replace(state, timeouts=add_count(state.timeouts, side, -1))
    left = count(state.timeouts, side)
    rulings = [
        Ruling(
            "timeout",
            f"Time-out {state.name(side)} ({left} left).",
            team=side,
            data={"left": left},
        )
    ]
    if refresh:
        n = count(state.hands, side)
        rulings.append(
            Ruling(
                "hand_refreshed",
                f"{state.name(side)} shuffle their {n} cards into the Action Deck and draw {n} "
                "fresh ones.",
                team=side,
                data={"cards": n},
            )
        )
    if state.phase == "snap":
        rulings.append(Ruling("new_calls", "Bad matchup avoided: both coaches call again."))
        return replace(state, phase="calls", play=None), rulings
    if state.phase == "time_up":
        assert state.resume is not None
        rulings.append(
            Ruling(
                "extra_play", "Time has run out, but the time-out buys one more play.", team=side
            )
        )
        after, more = proceed(replace(state, bought=True, expired=True, resume=None), state.resume)
        return after, [*rulings, *more]
    return state, rulings


def read_challenger(state: ThirdAndLongState, rest: Sequence[str]) -> Side:
    """Challenge a Play: the one team challenging."""
    if len(rest) != 1:
        raise IllegalEntry("enter the challenging team: challenge <team>")
    return side_word(rest[0], state)


def challenge(
    state: ThirdAndLongState, play: Play, side: Side
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Challenge a Play: needs a time-out left; the play is redone with a new snap and new
    modifiers while big plays stay in effect (a turnover check alone may be redone)."""
    why = challenge_refusal(state, side)
    if why:
        raise IllegalEntry(why)
    state = replace(state, challenges=add_count(state.challenges, side, -1))
    if state.phase == "turnover":
        review = Challenge(side, "turnover")
        play = replace(play, challenged=review, check_challenged=True)
        return replace(state, play=play, phase="check"), [
            Ruling(
                "challenge",
                f"{state.name(side)} challenge the Turnover Check: both coaches flip again.",
                team=side,
            )
        ]
    original = ruling_on_field(play)
    discarded = state.pile
    play = Play(
        kind=play.kind,
        call=play.call,
        big=play.big,
        challenged=Challenge(side, original),
        check_challenged=True,
    )
    state = replace(state, play=play, phase="snap", discard=state.discard + discarded, pile=0)
    return state, [
        Ruling(
            "challenge",
            f"{state.name(side)} challenge the ruling on the field "
            f"({outcome_words(original)}). The snap and modifiers are "
            "discarded; big plays stay in effect. Take a new snap.",
            team=side,
        )
    ]


def challenge_refusal(state: ThirdAndLongState, side: Side) -> str | None:
    """Challenge a Play: who may not challenge now, and why."""
    play = state.play
    n = state.name(side)
    if state.overtime:
        return "there are no challenges in overtime"
    if count(state.challenges, side) <= 0:
        return f"{n} have used both challenges"
    if count(state.timeouts, side) <= 0:
        return f"{n} have no time-out left, and a challenge needs one to risk"
    if play is None or play.challenged is not None:
        return "this play has already been challenged"
    if play.penalty:
        return "penalties cannot be challenged; the flag on this play stands"
    if play.kind == "return":
        return "a turnover return has no play calls to review"
    if state.phase == "turnover" and play.check_challenged:
        return "this turnover check has already been challenged"
    return None


def challengers(state: ThirdAndLongState) -> tuple[Side, ...]:
    """The coaches who could challenge the play now."""
    return tuple(s for s in SIDES if challenge_refusal(state, s) is None)


def settle_challenge(
    state: ThirdAndLongState, play: Play, review: Challenge, outcome: Outcome
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Challenge a Play: overturned only if the winner changes; a failed challenge costs a
    time-out."""
    side = review.side
    if outcome == review.original:
        state = replace(state, timeouts=add_count(state.timeouts, side, -1))
        ruling = Ruling(
            "challenge_failed",
            f"Review: {outcome_words(outcome)} again. The ruling on the field stands; "
            f"{state.name(side)} are charged a time-out.",
            team=side,
            data={"applied": review.original},
        )
    else:
        ruling = Ruling(
            "challenge_overturned",
            f"Review: {outcome_words(outcome)}. The ruling on the field "
            f"({outcome_words(review.original)}) is overturned.",
            team=side,
            data={"applied": outcome},
        )
    return replace(state, play=replace(play, challenged=None)), [ruling]
