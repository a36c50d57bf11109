"""The Third and Long game clock: the Action Deck must supply the next play, or time runs out;
quarters, the half, overtime and the final whistle."""

from __future__ import annotations

from dataclasses import replace

from domain import kernel
from domain.ruleset import (
    Ruling,
    Side,
    other,
)
from domain.rulesets.thirdandlong.cards import (
    all_cards_back,
    deal_hands,
    draw_pending,
    heal,
    reshuffle_ruling,
    take,
)
from domain.rulesets.thirdandlong.state import (
    REGULATION_QUARTERS,
    TIMEOUTS_PER_HALF,
    Stage,
    ThirdAndLongState,
)
from domain.rulesets.thirdandlong.wording import quarter_name


def cards_needed(state: ThirdAndLongState, stage: Stage) -> int:
    """Game Clock: the cards the deck must still hold for the next play to start: draws due
    (bonus, after-play, end-of-drive), then the drive-length card and at least one placeholder
    for a new drive (or the placeholders themselves once it is flipped), then one snap."""
    due = state.pending[0] + state.pending[1]
    if stage == "play":
        return due + 1
    if stage == "drive":
        return due + 3
    return due + (state.drive_length or 1) + 1


def next_start(state: ThirdAndLongState, stage: Stage) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Clock: the next play starts only if the deck can supply everything up to its snap;
    otherwise time runs out (a time-out may buy one more play)."""
    if state.bought:
        return proceed(state, stage)
    if state.expired or state.deck < cards_needed(state, stage):
        return time_up(replace(state, expired=True), stage, again=state.expired)
    return proceed(state, stage)


def proceed(state: ThirdAndLongState, stage: Stage) -> tuple[ThirdAndLongState, list[Ruling]]:
    rulings: list[Ruling] = []
    need = cards_needed(state, stage)
    if state.deck < need and state.discard:
        rulings.append(reshuffle_ruling(state, "to supply the cards still needed"))
        state = replace(state, deck=state.deck + state.discard, discard=0)
    state, drawn = draw_pending(state)
    rulings.extend(drawn)
    if stage == "play":
        return replace(state, phase="calls", play=None), rulings
    if stage == "drive":
        return replace(state, phase="kickoff" if state.kickoff else "drive", play=None), rulings
    length = state.drive_length
    assert length is not None
    state, shuffled = take(state, length, "aside")
    state = replace(
        state, moments=length, moments_total=length, drive_length=None, phase="calls", kind="moment"
    )
    return state, [
        *rulings,
        *shuffled,
        Ruling(
            "placeholders",
            f"{length} placeholder card{'s' if length != 1 else ''} set aside; "
            f"{state.deck} cards left in the Action Deck.",
            team=state.offense,
        ),
    ]


def time_up(
    state: ThirdAndLongState, stage: Stage, *, again: bool = False
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Clock: the deck cannot supply the next play; the quarter ends unless a time-out is
    called (after a play bought by a time-out, time runs out again)."""
    state = replace(state, resume=stage)
    if again:
        text = (
            f"Time has run out in {quarter_name(state.quarter)}: the time-out bought only that "
            "play."
        )
    else:
        text = (
            f"Time runs out in {quarter_name(state.quarter)}: {state.deck} card"
            f"{'s' if state.deck != 1 else ''} left, {cards_needed(state, stage)} needed to "
            "start the next play."
        )
    ruling = Ruling(
        "time_up", text, data={"deck": state.deck, "needed": cards_needed(state, stage)}
    )
    if not any(t > 0 for t in state.timeouts):
        after, more = end_quarter(state)
        return after, [ruling, *more]
    return replace(state, phase="time_up"), [ruling]


def end_entry(state: ThirdAndLongState, _: None) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Clock: the coaches let the quarter end."""
    return end_quarter(state)


def end_quarter(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Quarter / Half / Game: reshuffle; hands kept from Q1 to Q2 and Q3 to Q4; all cards
    discarded at halftime and game end; time-outs restored at the half, challenges not."""
    q = state.quarter
    resume = state.resume or "play"
    injured, healed = heal(state, "quarters")
    state = replace(state, expired=False, bought=False, resume=None, injured=injured)
    if (q == 2 or q >= REGULATION_QUARTERS) and resume == "play":
        # The half or the game interrupts the drive under way: it is over like any other drive.
        injured, ended = heal(state, "drives")
        state = replace(state, injured=injured)
        healed.extend(ended)
    if q == 2:
        after, more = halftime(state)
        return after, [*healed, *more]
    if q >= REGULATION_QUARTERS:
        total = state.total
        if total["home"] != total["away"]:
            return finish(state)
        # End of Game: "The first team to score is the winner": a scoreless overtime quarter is
        # followed by another, set up like the first (see docs/rulings.md).
        after, more = start_overtime(state)
        return after, [*healed, *more]
    ruling = Ruling(
        "quarter_end",
        f"End of {quarter_name(q)}. The discard pile is reshuffled into the Action Deck; hands "
        "are kept and the drive goes on.",
    )
    state = replace(
        state,
        quarter=q + 1,
        scores=(*state.scores, (0, 0)),
        deck=state.deck + state.discard,
        discard=0,
    )
    after, more = next_start(state, resume)
    return after, [ruling, *healed, *more]


def halftime(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Half: hands discarded, deck re-formed, three time-outs back, the team that started
    on defence receives; fresh seven-card hands, offence first."""
    kicker = state.first_offense
    assert kicker is not None
    receiver = other(kicker)
    state = replace(
        all_cards_back(state),
        quarter=3,
        scores=(*state.scores, (0, 0)),
        timeouts=(TIMEOUTS_PER_HALF, TIMEOUTS_PER_HALF),
        offense=receiver,
        kickoff=True,
        kind="moment",
    )
    ruling = Ruling(
        "halftime",
        f"Halftime. Hands discarded and the Action Deck re-formed; time-outs restored. "
        f"{state.name(kicker)} kick off to {state.name(receiver)}.",
    )
    state, dealt = deal_hands(state)
    after, more = next_start(state, "drive")
    return after, [ruling, *dealt, *more]


def start_overtime(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Game: tied, so a sudden-death overtime quarter: new coin toss, seven-card hands,
    two time-outs ("two for each overtime quarter"), no challenges."""
    total = state.total
    if state.overtime:
        text = (
            f"End of {quarter_name(state.quarter)}, still tied {total['home']}-"
            f"{total['away']}: the first team to score wins, so another sudden-death overtime "
            "quarter is played. Hands discarded, the Action Deck re-formed; the visitors call the "
            "coin toss."
        )
    else:
        text = (
            f"End of regulation, tied {total['home']}-{total['away']}: sudden-death overtime. "
            "The visitors call the coin toss."
        )
    state = replace(
        all_cards_back(state),
        quarter=state.quarter + 1,
        scores=(*state.scores, (0, 0)),
        offense=None,
        phase="toss",
    )
    return state, [Ruling("overtime", text)]


def finish(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Game: each coach discards the hand; the higher score wins."""
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    state = replace(
        state,
        discard=state.discard + sum(state.hands) + state.pile + state.aside,
        hands=(0, 0),
        pile=0,
        aside=0,
        moments=0,
        pending=(0, 0),
        play=None,
        phase="final",
        winner=winner,
    )
    return state, [Ruling("final", f"Final whistle: {kernel.final_line(state)}", team=winner)]


def end_drive(
    state: ThirdAndLongState, next_offense: Side, *, kick: bool, shorten: bool = False
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Change of Possession / Kick-Off: placeholders discarded, each coach draws at the end of
    the drive (one more card on top of the last play's), then Determine Drive Length."""
    injured, healed = heal(state, "drives")
    state = replace(
        state,
        discard=state.discard + state.aside,
        aside=0,
        moments=0,
        moments_total=0,
        pending=(state.pending[0] + 1, state.pending[1] + 1),
        injured=injured,
        offense=next_offense,
        kickoff=kick,
        shorten=shorten,
        kind="moment",
        play=None,
    )
    after, more = next_start(state, "drive")
    return after, [*healed, *more]


def next_stage(state: ThirdAndLongState) -> Stage:
    if state.resume:
        return state.resume
    if state.phase in ("kickoff", "drive"):
        return "drive"
    return "play"


def cards_needed_now(state: ThirdAndLongState) -> int:
    """The clock test's count for the next play, counting the after-play draws of an open play."""
    need = cards_needed(state, next_stage(state))
    if state.play is not None and state.phase in ("snap", "pile", "check", "turnover", "review"):
        need += 2 + (1 if state.play.snap is None else 0)
    return need


def next_play_can_start(state: ThirdAndLongState) -> bool | None:
    if state.phase in ("roster", "draft_order", "draft", "toss", "choice", "final"):
        return None
    if state.phase == "time_up":
        return False
    if state.expired and not state.bought:
        return False
    return state.bought or state.deck >= cards_needed_now(state)
