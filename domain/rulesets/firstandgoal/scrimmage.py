"""A play (pp. 4-6): both cards revealed, the matchup line, the dice and the play die."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from domain import field as yards
from domain.ruleset import IllegalEntry, Ruling
from domain.rulesets.firstandgoal.cards import BURN_FROM, burn_card
from domain.rulesets.firstandgoal.downs import finish_play
from domain.rulesets.firstandgoal.lines import offence_team
from domain.rulesets.firstandgoal.possession import first_down, to_call
from domain.rulesets.firstandgoal.reading import (
    roll_dice_spec,
    show_card,
    show_values,
)
from domain.rulesets.firstandgoal.state import (
    BREAKAWAY_TD_ROLLS,
    D20_AGAIN,
    KICKOFF_RETURNS,
    Cards,
    FirstAndGoalState,
    Play,
    PlayKind,
    Result,
)


def play_call(state: FirstAndGoalState, value: tuple[str, bool, str, str | None]) -> Result:
    """A play, step 1-2 (pp. 4-5): both cards revealed; a run burns the top offence card."""
    offence_card, run, defence_card, mark = value
    if state.green.hand < 1 or state.black.hand < 1:
        raise IllegalEntry("a coach has no card in hand; the half is over")
    red_zone(state.ball, mark, offence_card)
    green = replace(state.green, hand=state.green.hand - 1, discard=state.green.discard + 1)
    black = replace(state.black, hand=state.black.hand - 1, discard=state.black.discard + 1)
    rulings = [
        Ruling(
            "play",
            f"{offence_team(state)} {show_card(offence_card)} against "
            f"{state.name(state.defence)} {show_card(defence_card)}.",
            team=state.offence,
            data={"offence": offence_card, "defence": defence_card, "run": run},
        )
    ]
    burn: Literal["deck", "hand"] | None = None
    if run:
        green, burn, burning = run_burns_a_card(state, green)
        rulings += burning
    play = Play(
        _CALL_KINDS.get(state.phase, "play"),
        start=state.ball,
        offence_card=offence_card,
        defence_card=defence_card,
        run=run,
        burn=burn,
    )
    after = replace(
        state,
        phase="matchup",
        play=play,
        green=green,
        black=black,
        burned=state.burned + (1 if burn else 0),
        pass_completed=False,
        clock_burn=False,
    )
    return after, rulings


# The play a card call makes: a two-point try (p. 9), a faked kick (p. 11), else a down.
_CALL_KINDS: dict[str, PlayKind] = {"two_call": "two_point", "fake_call": "fake"}


def run_burns_a_card(
    state: FirstAndGoalState, green: Cards
) -> tuple[Cards, Literal["deck", "hand"] | None, list[Ruling]]:
    """Burning a card on runs (p. 5): the top of the offence deck, or one from the hand."""
    green, burn = burn_card(green)
    if burn is None:
        return green, None, []
    ruling = Ruling(
        "burn", f"A run burns a card ({BURN_FROM[burn]}).", team=state.offence, data={"from": burn}
    )
    return green, burn, [ruling]


def red_zone(ball_on: int, mark: str | None, card: str) -> None:
    """Red-zone play selection (p. 10): red 10 / 20 cards are not played inside those lines."""
    limit = {"r10": 10, "clock": 10, "r20": 20}.get(mark or "")
    if limit is not None and ball_on <= limit:
        what = "running-clock" if mark == "clock" else f"red {limit}"
        raise IllegalEntry(
            f"{show_card(card)} is a {what} card and cannot be played within {limit} yards of "
            f"the end zone (ball on the {ball_on}); play another card or declare unplayable"
        )


def matchup(state: FirstAndGoalState, value: tuple[str, ...]) -> Result:
    """Dice matchup (p. 5): the card's line names the coloured dice and the black dice."""
    colours = value
    coloured = tuple(c for c in colours if c != "black")
    blacks = sum(1 for c in colours if c == "black")
    note = ""
    if state.in_play.kind == "fake" and blacks:
        blacks = 0
        note = " The kick was faked: no black die is rolled (p. 11)."
    play = replace(state.in_play, colours=coloured, blacks=blacks)
    shown = ", ".join([*coloured, *(["black"] * blacks), "play die"])
    ruling = Ruling(
        "matchup",
        f"Roll: {shown}.{note}",
        data={"colours": list(coloured), "blacks": blacks},
    )
    return replace(state, phase="roll", play=play), [ruling]


def roll_dice(state: FirstAndGoalState, value: list[int | str]) -> Result:
    """Rolling the matchup (p. 5) and resolving the play die (p. 6), rerolls included."""
    play = state.in_play
    values = value
    shown = show_values(roll_dice_spec(play), values)
    if play.kind == "d20_return" and state.phase == "roll":
        return d20_kickoff(state, values, shown)
    nums = [int(v) for v in values if isinstance(v, int)]
    n_col = len(play.colours)
    coloured, blacks = sum(nums[:n_col]), sum(nums[n_col:])
    face = str(values[-1]) if play.play_die else "none"
    if state.phase == "reroll":
        return breakaway_reroll(state, coloured + blacks, face, shown)
    return play_die(state, face, coloured, blacks, shown)


def play_die(state: FirstAndGoalState, face: str, coloured: int, blacks: int, shown: str) -> Result:
    """Play die (p. 6): X, breakaway, potential turnover or penalty, or the plain total."""
    play = state.in_play
    if face == "x":
        return broken_up(state, blacks, shown)
    distance = coloured + blacks
    if face == "break":
        return breakaway(state, distance, shown)
    if face == "t":
        moved = replace(play, gained=distance, last=distance)
        ruling = Ruling(
            "potential_turnover",
            f"{shown}: {distance:+d} yards, potential turnover: roll the referee die.",
            yards=distance,
        )
        return replace(state, phase="ref_t", play=moved), [ruling]
    if face == "p":
        ruling = Ruling(
            "potential_penalty",
            f"{shown}: potential penalty: roll the referee and penalty dice.",
            yards=distance,
        )
        return replace(state, phase="ref_p", play=replace(play, last=distance)), [ruling]
    ruling = Ruling("roll", f"{shown}: {distance:+d} yards.", yards=distance)
    after, more = finish_play(state, replace(play, gained=distance, last=distance))
    return after, [ruling, *more]


def broken_up(state: FirstAndGoalState, blacks: int, shown: str) -> Result:
    """Play die X (p. 6): broken up, the coloured dice count 0; on a kickoff return, touchback."""
    play = state.in_play
    if play.kind in KICKOFF_RETURNS:
        ruling = Ruling(
            "kickoff_touchback", f"{shown}: X on the kickoff return is a touchback at the 20."
        )
        return to_call(first_down(replace(state, play=None), yards.touchback())), [ruling]
    ruling = Ruling("broken_up", f"{shown}: broken up, {blacks:+d} yards.", yards=blacks)
    after, more = finish_play(state, replace(play, gained=blacks, last=blacks, broken_up=True))
    return after, [ruling, *more]


def breakaway(state: FirstAndGoalState, distance: int, shown: str) -> Result:
    """Breakaway (p. 6): move, then reroll the same dice while the breakaway keeps coming up."""
    play = state.in_play
    moved = replace(play, gained=distance, last=distance, breaks=1)
    ruling = Ruling(
        "breakaway",
        f"{shown}: breakaway! {distance:+d} yards; roll the same dice again.",
        yards=distance,
    )
    return _after_breakaway_roll(state, moved, [ruling])


def breakaway_reroll(state: FirstAndGoalState, distance: int, face: str, shown: str) -> Result:
    """Breakaway (p. 6): rerolls add up; any other symbol ends them and has no effect."""
    play = state.in_play
    moved = replace(play, gained=play.gained + distance, last=distance)
    if face == "break":
        moved = replace(moved, breaks=play.breaks + 1)
        ruling = Ruling(
            "breakaway",
            f"{shown}: breakaway again! {distance:+d} yards ({moved.gained:+d} in all).",
            yards=distance,
        )
        return _after_breakaway_roll(state, moved, [ruling])
    ruling = Ruling(
        "breakaway_end",
        f"{shown}: {distance:+d} yards, the breakaway ends ({moved.gained:+d} in all).",
        yards=distance,
    )
    after, more = finish_play(state, moved)
    return after, [ruling, *more]


def _after_breakaway_roll(state: FirstAndGoalState, play: Play, rulings: list[Ruling]) -> Result:
    """Breakaway (p. 6): the rerolls go on while the symbol repeats, until the runner scores."""
    if breakaway_touchdown(state, play):
        rulings.append(
            Ruling("breakaway_touchdown", "Three breakaways in a row: the runner is gone (p. 11).")
        )
        after, more = finish_play(state, replace(play, gained=play.start))
        return after, [*rulings, *more]
    if yards.is_touchdown(yards.advance(play.start, play.gained)):
        after, more = finish_play(state, play)
        return after, [*rulings, *more]
    return replace(state, phase="reroll", play=play), rulings


def breakaway_touchdown(state: FirstAndGoalState, play: Play) -> bool:
    """Optional breakaways (p. 11): three in a row on any run with the ball, returns included."""
    return state.breakaway_td and play.breaks >= BREAKAWAY_TD_ROLLS


def stop_breakaway(state: FirstAndGoalState, _nothing: None) -> Result:
    """Breakaway (p. 6): after a negative roll the side with the ball may declare him down."""
    # On a return that side is the returners: p. 3 calls the receiving team the offence.
    play = state.in_play
    ruling = Ruling("runner_down", "The runner goes down; the ball is dead.", team=state.offence)
    after, more = finish_play(state, play)
    return after, [ruling, *more]


def d20_kickoff(state: FirstAndGoalState, values: Sequence[int | str], shown: str) -> Result:
    """Optional d20 kickoff (p. 16): from the 10 by the roll; 20 rolls again; two 20s score."""
    # The d20 replaces the return dice only: the play die is rolled with it (p. 4) and its
    # effect applies to the table's distance (docs/rulings.md, 1st & Goal, 36).
    play = state.in_play
    rulings: list[Ruling] = []
    if play.pending is None:
        distance, face = int(values[0]), str(values[1])
        if distance == D20_AGAIN and face != "x":
            ruling = Ruling(
                "d20_again",
                f"{shown}: 20 on the d20: roll the d20 again and add; then the play die {face}.",
            )
            return replace(state, play=replace(play, pending=face)), [ruling]
    else:
        second, face = int(values[0]), play.pending
        state = replace(state, play=replace(play, pending=None))
        distance = play.start if second == D20_AGAIN else D20_AGAIN + second
        shown = f"d20 20 then {second} ({distance} yards from the 10), play {face}"
        if second == D20_AGAIN:
            rulings.append(Ruling("d20_return", "Second 20 on the d20: returned all the way!"))
    after, more = play_die(state, face, distance, 0, shown)
    return after, [*rulings, *more]
