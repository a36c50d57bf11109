"""What a finished Third and Long play means for the drive (Determine Play Outcome)."""

from __future__ import annotations

from dataclasses import replace

from domain import kernel
from domain.ruleset import (
    IllegalEntry,
    Ruling,
)
from domain.rulesets.thirdandlong.cards import bonus_card, heal, use_card
from domain.rulesets.thirdandlong.clock import end_drive, finish, next_start
from domain.rulesets.thirdandlong.scoring import go_for_it_made, touchdown, two_point_result
from domain.rulesets.thirdandlong.state import (
    SAFETY_POINTS,
    Outcome,
    Play,
    ThirdAndLongState,
    offence_of,
)
from domain.rulesets.thirdandlong.timeouts import settle_challenge


def resolve(
    state: ThirdAndLongState, play: Play, outcome: Outcome
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Determine Play Outcome: what winning, tying or losing this play means for the drive."""
    state, rulings = finish_play(state, play)
    off, dfn = offence_of(state), state.defence
    if outcome == "turnover":
        if play.kind == "two":
            after, more = turnover_on_a_try(state)
        else:
            after, more = turnover(state, returning=False)
        return after, [*rulings, *more]
    if play.kind == "return":
        after, more = return_result(state, outcome == "offence")
        return after, [*rulings, *more]
    if play.kind == "two":
        after, more = two_point_result(state, outcome == "offence")
        return after, [*rulings, *more]
    if outcome == "offence":
        if "td" in play.big or "loose" in play.big:
            after, more = touchdown(state, off, "a big play")
        elif play.kind == "goforit":
            after, more = go_for_it_made(state)
        elif play.kind == "fourth":
            after, more = fourth_down_converted(state)
        else:
            after, more = key_moment_won(state, all_of_them="score" in play.big)
        return after, [*rulings, *more]
    if play.kind in ("fourth", "goforit"):
        after, more = turnover_on_downs(state, outcome)
        return after, [*rulings, *more]
    if outcome == "inconclusive":
        rulings.append(
            Ruling(
                "inconclusive", "Inconclusive: the drive goes on, no placeholder removed.", team=off
            )
        )
        after, more = next_start(state, "play")
        return after, [*rulings, *more]
    if "safety" in play.big:
        after, more = safety(state)
        return after, [*rulings, *more]
    rulings.append(
        Ruling(
            "fourth_down",
            f"The defence stops the drive cold: {state.name(off)} on fourth down "
            f"({state.moments} key moment{'s' if state.moments != 1 else ''} left).",
            team=dfn,
        )
    )
    return replace(state, phase="fourth"), rulings


def short_of_the_score(
    state: ThirdAndLongState, play: Play, outcome: Outcome
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Penalty/Personal Foul: a score only the Personal Foul made does not count; the ball stops
    short of it: a key moment is inconclusive, a two-point try or Go For It! is run again."""
    scorer = offence_of(state) if outcome == "offence" else state.defence
    what = {"two": "the two-point try", "goforit": "the Go For It! play"}.get(play.kind)
    if "safety" in play.big and outcome == "defence":
        score = "the safety"
    elif what:
        score = what
    else:
        score = "the score"
    then = f"{what} is run again" if what else "the play counts as inconclusive"
    ruling = Ruling(
        "foul_cannot_score",
        f"No score by a Personal Foul: without it {state.name(scorer)} would not win this play, "
        f"so they stop short of {score}; {then}.",
        team=scorer,
        data={"fouls": play.fouls, "would_be": outcome},
    )
    if what is None:
        after, more = resolve(state, play, "inconclusive")
        return after, [ruling, *more]
    state, rulings = finish_play(state, play)
    after, more = next_start(state, "play")
    return after, [ruling, *rulings, *more]


def finish_play(state: ThirdAndLongState, play: Play) -> tuple[ThirdAndLongState, list[Ruling]]:
    """After each play: the pile is discarded, injuries take effect, each coach draws one card."""
    injured, rulings = heal(replace(state, injured=state.injured + play.injuries), "plays")
    state = replace(
        state,
        discard=state.discard + state.pile,
        pile=0,
        injured=injured,
        pending=(state.pending[0] + 1, state.pending[1] + 1),
        play=None,
    )
    return state, rulings


def key_moment_won(
    state: ThirdAndLongState, *, all_of_them: bool
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Determine Play Outcome: the offence wins, a placeholder is discarded; the last one scores."""
    removed = state.moments if all_of_them else 1
    state = replace(
        state,
        moments=state.moments - removed,
        aside=state.aside - removed,
        discard=state.discard + removed,
    )
    off = offence_of(state)
    if state.moments == 0:
        return replace(state, phase="score"), [
            Ruling(
                "drive_complete",
                f"{state.name(off)} win the last key moment: the drive scores. Flip the scoring "
                "card.",
                team=off,
            )
        ]
    ruling = Ruling(
        "key_moment",
        f"{state.name(off)} win the key moment: {state.moments} left.",
        team=off,
        data={"left": state.moments},
    )
    after, more = next_start(state, "play")
    return after, [ruling, *more]


def fourth_down_choice(
    state: ThirdAndLongState, _: None, *, choice: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Drive: punt (placeholders discarded, change of possession) or go for it."""
    off, dfn = offence_of(state), state.defence
    if choice == "punt":
        ruling = Ruling("punt", f"{state.name(off)} punt; {state.name(dfn)} take over.", team=off)
        after, more = end_drive(state, dfn, kick=False)
        return after, [ruling, *more]
    ruling = Ruling(
        "fourth_down_attempt",
        f"{state.name(off)} go for it on fourth down: one play; a tie fails.",
        team=off,
    )
    after, more = next_start(replace(state, kind="fourth"), "play")
    return after, [ruling, *more]


def fourth_down_converted(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Fourth Down Conversion, success: the drive goes on but no placeholder is removed."""
    ruling = Ruling(
        "fourth_down_converted",
        f"Fourth down converted: {state.name(offence_of(state))} keep the drive alive "
        f"({state.moments} key moments left).",
        team=state.offense,
    )
    after, more = next_start(replace(state, kind="moment"), "play")
    return after, [ruling, *more]


def turnover_on_downs(
    state: ThirdAndLongState, outcome: Outcome
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Fourth Down Conversion, failure (defence wins or a tie): turnover on downs, the next drive
    is one key moment shorter and the defence draws a momentum card."""
    dfn = state.defence
    what = "a tie fails" if outcome == "inconclusive" else "the defence wins"
    ruling = Ruling(
        "turnover_on_downs",
        f"Conversion stopped ({what}): turnover on downs; {state.name(dfn)} take over with a "
        "drive one key moment shorter.",
        team=dfn,
    )
    state, bonus = bonus_card(state, dfn, "stopping a fourth-down conversion")
    after, more = end_drive(state, dfn, kick=False, shorten=True)
    return after, [ruling, *bonus, *more]


def safety(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Safety: the defence wins the first key moment with the Safety card: 2 points, then the
    offence punts."""
    off, dfn = offence_of(state), state.defence
    state = kernel.scored(state, dfn, SAFETY_POINTS)
    ruling = Ruling(
        "safety",
        f"SAFETY! {state.name(dfn)} score 2; {state.name(off)} must punt.",
        team=dfn,
        points=SAFETY_POINTS,
    )
    if state.overtime:
        after, more = finish(state)
        return after, [ruling, *more]
    after, more = end_drive(state, dfn, kick=False)
    return after, [ruling, *more]


def turnover(
    state: ThirdAndLongState, *, returning: bool
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Check / Momentum: the drive is over and the defence draws a bonus card."""
    off, dfn = offence_of(state), state.defence
    state, bonus = bonus_card(state, dfn, "forcing a turnover")
    ruling = Ruling(
        "turnover", f"Turnover: {state.name(dfn)} take the ball from {state.name(off)}.", team=dfn
    )
    if not returning:
        after, more = end_drive(state, dfn, kick=False)
        return after, [ruling, *bonus, *more]
    # Turnover Return for a TD: "like a mini-drive". The drive that lost the ball is over: each
    # coach's end-of-drive card is due and its injuries count it; the return is a drive of one
    # play, with its own draws when it ends (see docs/rulings.md).
    injured, healed = heal(state, "drives")
    state = replace(
        state,
        injured=injured,
        pending=(state.pending[0] + 1, state.pending[1] + 1),
        offense=dfn,
        discard=state.discard + state.aside,
        aside=0,
        moments=0,
        moments_total=0,
        kind="return",
        play=Play(kind="return"),
        phase="snap",
    )
    return state, [ruling, *bonus, *healed]


def turnover_on_a_try(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Two-Point Conversion / Momentum: a turnover stops the try (no return: a try is no drive);
    the defence draws its bonus card for forcing it."""
    off, dfn = offence_of(state), state.defence
    state, bonus = bonus_card(state, dfn, "forcing a turnover")
    ruling = Ruling(
        "turnover",
        f"Turnover on the try: {state.name(dfn)} take the ball from {state.name(off)}.",
        team=dfn,
    )
    after, more = two_point_result(state, False)
    return after, [ruling, *bonus, *more]


def he_breaks_loose(
    state: ThirdAndLongState, play: Play, _: None
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Return for a TD: after winning the check the defence uses He Breaks Loose! and
    runs a one-play mini-drive with target 2."""
    returner = state.defence
    rulings: list[Ruling] = []
    if play.challenged is not None:
        state, settled = settle_challenge(state, play, play.challenged, "turnover")
        rulings.extend(settled)
        if settled[-1].data["applied"] != "turnover":
            raise IllegalEntry("the original ruling stands, so there is no turnover to return")
    state = use_card(state, returner)
    rulings.append(
        Ruling(
            "big_play",
            f"He Breaks Loose! {state.name(returner)} try to return the turnover for a "
            "touchdown: target 2.",
            team=returner,
        )
    )
    state, done = finish_play(state, play)
    after, more = turnover(state, returning=True)
    return after, [*rulings, *done, *more]


def return_result(state: ThirdAndLongState, scored: bool) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Return for a TD: 3 or more scores; otherwise the returning team keeps the ball."""
    returner = offence_of(state)
    if scored:
        return touchdown(state, returner, "a turnover return")
    ruling = Ruling(
        "return_stopped",
        f"Return stopped: {state.name(returner)} keep the ball; new drive.",
        team=returner,
    )
    after, more = end_drive(replace(state, kind="moment"), returner, kick=False)
    return after, [ruling, *more]
