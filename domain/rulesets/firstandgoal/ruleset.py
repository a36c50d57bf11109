"""The 1st & Goal ruleset: set-up, the step of an entry and its handler table, the view."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from domain import field as yards
from domain import kernel
from domain.periods import HALVES
from domain.rules_versions import RULES_VERSION
from domain.ruleset import EntryForm, GameOption, Prompt, Ruling, resolve_options
from domain.rulesets.firstandgoal.board import board_dice
from domain.rulesets.firstandgoal.clock import run_the_clock, time_out, time_out_options
from domain.rulesets.firstandgoal.halves import out_of_cards_ends_the_half
from domain.rulesets.firstandgoal.kickoffs import (
    coin_toss,
    kickoff_return,
    kickoff_touchback,
    onside_kick,
    onside_roll,
    squib_kick,
    squib_roll,
)
from domain.rulesets.firstandgoal.kicks import (
    fake_or_kick,
    field_goal,
    field_goal_block,
    field_goal_roll,
    punt,
)
from domain.rulesets.firstandgoal.penalties import penalty_accept, penalty_decline, referee_penalty
from domain.rulesets.firstandgoal.prompts import PROMPTS
from domain.rulesets.firstandgoal.punts import (
    fair_catch,
    punt_bounce,
    punt_penalty_accept,
    punt_penalty_decline,
    punt_referee_penalty,
    punt_referee_turnover,
    punt_return,
    punt_roll,
    read_punt,
)
from domain.rulesets.firstandgoal.reading import (
    one_side,
    read_cards,
    read_colours,
    read_dice,
    roll_dice_spec,
)
from domain.rulesets.firstandgoal.scoring import extra_point, go_for_two
from domain.rulesets.firstandgoal.scrimmage import matchup, play_call, roll_dice, stop_breakaway
from domain.rulesets.firstandgoal.specials import (
    hail_mary,
    hail_mary_roll,
    qb_kneel,
    qb_sneak,
    read_unplayable,
    sneak_roll,
    unplayable_hand,
)
from domain.rulesets.firstandgoal.state import (
    MAX_CARD_DICE,
    MAX_KICK_DICE,
    RETURNS,
    TEAMS,
    YES_NO,
    FirstAndGoalState,
    Result,
)
from domain.rulesets.firstandgoal.turnovers import (
    referee_turnover,
    turnover_call,
    turnover_dice,
    turnover_roll,
)


class FirstAndGoal:
    """The 1st & Goal ruleset."""

    name = "firstandgoal"
    version = RULES_VERSION["firstandgoal"]
    title = "1st & Goal"
    division = HALVES
    options = (
        GameOption(
            "teams",
            "Players: 1v1 (two players), 2v1-home / 2v1-away (that side has an offence and a "
            "defence coach), 2v2",
            TEAMS,
            "1v1",
        ),
        GameOption(
            "confer", "Co-coaches of a two-player team may discuss their plays", YES_NO, "yes"
        ),
        GameOption(
            "turnover_return",
            "Optional turnover rule (p. 11): after a turnover roll the black and red dice and "
            "move the ball that far",
            YES_NO,
            "no",
        ),
        GameOption(
            "turnover_dice",
            "Optional turnover rule (p. 11): on a turnover roll the referee and penalty dice; on a "
            "pass the table says whether its printed rule makes them an interception",
            YES_NO,
            "no",
        ),
        GameOption(
            "breakaway_td",
            "Optional breakaway rule (p. 11): three breakaways in a row are a touchdown, on any "
            "run with the ball (returns too)",
            YES_NO,
            "no",
        ),
        GameOption("squib", "Optional squib kick (p. 11) from the kicking team's 30", YES_NO, "no"),
        GameOption("d20", "Optional d20 kickoff and punt tables (p. 16)", YES_NO, "no"),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> FirstAndGoalState:
        """Set-up (p. 2): 8-card hands, 3 time-outs each, the coin not yet tossed."""
        chosen = resolve_options(self.options, options)
        return FirstAndGoalState(
            home=home,
            away=away,
            teams=chosen["teams"],
            confer=chosen["confer"] == "yes",
            turnover_return=chosen["turnover_return"] == "yes",
            turnover_dice=chosen["turnover_dice"] == "yes",
            breakaway_td=chosen["breakaway_td"] == "yes",
            squib=chosen["squib"] == "yes",
            d20=chosen["d20"] == "yes",
        )

    def expected(self, state: FirstAndGoalState) -> Prompt:
        """Who acts next and the entries legal now: the phase's prompt."""
        return RULES.prompt(state)

    def apply(self, state: FirstAndGoalState, text: str) -> tuple[FirstAndGoalState, list[Ruling]]:
        """One entry as typed at the table, through the kernel's shared step."""
        return RULES.step(state, text)

    def form(self, state: FirstAndGoalState, text: str) -> EntryForm | None:
        """The form of the prompt ``text`` matches (the kernel's reading of it)."""
        return RULES.form(state, text)

    def situation(self, state: FirstAndGoalState) -> dict[str, Any]:
        """The public view: score by half, board, time-outs and the card clock."""
        # A return is no down: down and distance come back with the next snap.
        returning = state.play is not None and state.play.kind in RETURNS
        live = (
            state.phase not in ("toss", "kickoff", "final", "try")
            and state.ball_on is not None
            and not returning
        )
        distance = None
        if live and state.marker is not None and state.ball_on is not None:
            distance = yards.distance_to_gain(state.ball_on, state.marker)
        return kernel.common_situation(
            self,
            state,
            quarter=state.half,
            possession=state.offense if state.phase not in ("toss", "final") else None,
            down=state.down if live else None,
            distance=distance,
            ball_on=state.ball_on if live else None,
            clock={
                "half": state.half,
                "overtime": state.in_overtime,
                "offence_deck": state.green.deck,
                "offence_hand": state.green.hand,
                "offence_discard": state.green.discard,
                "defence_deck": state.black.deck,
                "defence_hand": state.black.hand,
                "defence_discard": state.black.discard,
                "burned_this_half": state.burned,
            },
            timeouts={"home": state.timeouts[0], "away": state.timeouts[1]},
            converting=state.phase in ("try", "two_call")
            or (state.play is not None and state.play.kind == "two_point"),
            first_and_goal=bool(live and state.marker == 0),
            marker=state.marker if live else None,
            down_column=state.down if live else None,
            phase=state.phase,
            teams=state.teams,
            confer=state.confer,
            board_dice={k: list(v) for k, v in state.board},
            score_by_half=[{"home": h, "away": a} for h, a in state.scores],
        )


Reader = Callable[[FirstAndGoalState, Sequence[str]], Any]


def _dice(*spec: tuple[str, str]) -> Reader:
    """The reading of a form whose values are these dice, in order or labelled."""
    return lambda state, rest: read_dice(rest, spec)


# How each rule's form reads its values: the typed value its handler is given. A rule not here
# takes nothing after its keyword (``domain.grammar``).
READERS: dict[Callable[..., Any], Reader] = {
    coin_toss: lambda state, rest: one_side(rest, "toss", state),
    time_out: lambda state, rest: one_side(rest, "timeout", state),
    time_out_options: _dice(("offence", "option"), ("defence", "option")),
    board_dice: lambda state, rest: read_colours(rest, allow_black=False, most=MAX_KICK_DICE),
    onside_roll: _dice(("red", "num"), ("brown", "num"), ("play", "play"), ("ref", "ref")),
    squib_roll: lambda state, rest: read_dice(
        rest, tuple((c, "num") for c in state.kick_dice("squib"))
    ),
    fake_or_kick: _dice(("offence", "fakekick"), ("defence", "fakekick")),
    field_goal_block: _dice(("ref", "ref"), ("play", "play")),
    field_goal_roll: lambda state, rest: read_dice(
        rest, tuple((c, "num") for c in state.kick_dice("fg"))
    ),
    referee_penalty: _dice(("ref", "ref"), ("pen", "pen")),
    punt_roll: read_punt,
    punt_bounce: _dice(("bounce", "num")),
    punt_referee_turnover: _dice(("ref", "ref")),
    punt_referee_penalty: _dice(("ref", "ref"), ("pen", "pen")),
    extra_point: _dice(("play", "play"), ("ref", "ref")),
    play_call: lambda state, rest: read_cards(rest),
    matchup: lambda state, rest: read_colours(rest, allow_black=True, most=MAX_CARD_DICE),
    roll_dice: lambda state, rest: read_dice(rest, roll_dice_spec(state.in_play)),
    sneak_roll: _dice(("play", "play")),
    hail_mary_roll: _dice(("play", "play"), ("ref", "ref")),
    unplayable_hand: read_unplayable,
    referee_turnover: _dice(("ref", "ref")),
    turnover_dice: _dice(("ref", "ref"), ("pen", "pen")),
    turnover_roll: _dice(("black", "num"), ("red", "num")),
}


_CALLS: Mapping[str, kernel.Handler[FirstAndGoalState]] = {
    "play": play_call,
    "punt": punt,
    "fg": field_goal,
    "timeout": time_out,
    "runclock": run_the_clock,
    "sneak": qb_sneak,
    "kneel": qb_kneel,
    "hailmary": hail_mary,
    "unplayable": unplayable_hand,
}


HANDLERS: Mapping[str, Mapping[str, kernel.Handler[FirstAndGoalState]]] = {
    "toss": {"toss": coin_toss},
    "kickoff": {
        "touchback": kickoff_touchback,
        "return": kickoff_return,
        "onside": onside_kick,
        "squib": squib_kick,
    },
    "board_dice": {"dice": board_dice},
    "onside_roll": {"roll": onside_roll},
    "squib_roll": {"roll": squib_roll},
    "call": _CALLS,
    "two_call": {"play": play_call, "timeout": time_out},
    "fake_call": {"play": play_call, "timeout": time_out},
    "matchup": {"dice": matchup, "timeout": time_out},
    "roll": {"roll": roll_dice},
    "reroll": {"roll": roll_dice, "stop": stop_breakaway},
    "ref_t": {"ref": referee_turnover},
    "ref_p": {"ref": referee_penalty},
    "sneak_ref": {"ref": referee_penalty},
    "penalty_choice": {"accept": penalty_accept, "decline": penalty_decline},
    "turnover_roll": {"roll": turnover_roll},
    "turnover_dice": {"ref": turnover_dice},
    "turnover_call": {
        "interception": partial(turnover_call, what="interception"),
        "fumble": partial(turnover_call, what="fumble"),
    },
    "timeout_options": {"options": time_out_options},
    "kick_reveal": {"reveal": fake_or_kick},
    "fg_block": {"block": field_goal_block},
    "fg_roll": {"roll": field_goal_roll},
    "punt_roll": {"roll": punt_roll},
    "punt_bounce": {"bounce": punt_bounce},
    "punt_ref_t": {"ref": punt_referee_turnover},
    "punt_ref_p": {"ref": punt_referee_penalty},
    "punt_penalty_choice": {"accept": punt_penalty_accept, "decline": punt_penalty_decline},
    "punt_return_choice": {"return": punt_return, "faircatch": fair_catch},
    "try": {"pat": extra_point, "two": go_for_two},
    "sneak": {"roll": sneak_roll},
    "hail_mary": {"roll": hail_mary_roll},
}


def with_readers(phase: str) -> kernel.PromptFn[FirstAndGoalState]:
    """The phase's prompt whose forms declare how their values are read: the reader of the rule
    each keyword goes to (``READERS``)."""
    prompt_of = PROMPTS[phase]
    rules = {**HANDLERS.get(phase, {})}

    def prompt(state: FirstAndGoalState) -> Prompt:
        asked = prompt_of(state)
        forms = []
        for form in asked.forms:
            reader = READERS.get(rules.get(form.keyword.split()[0]))  # type: ignore[arg-type]
            forms.append(form if reader is None else replace(form, read=partial(reader, state)))
        return replace(asked, forms=tuple(forms))

    prompt.__doc__ = prompt_of.__doc__
    return prompt


def _valued(rule: Callable[..., Result]) -> kernel.Handler[FirstAndGoalState]:
    """The handler of a rule given the entry's typed value (the match's)."""
    return lambda state, entry: rule(state, entry.value)


RULES: kernel.Rules[FirstAndGoalState] = kernel.Rules(
    prompts={phase: with_readers(phase) for phase in PROMPTS},
    handlers={
        phase: {keyword: _valued(rule) for keyword, rule in table.items()}
        for phase, table in HANDLERS.items()
    },
    final_line=kernel.final_line,
    after=out_of_cards_ends_the_half,
)

RULESET = FirstAndGoal()
