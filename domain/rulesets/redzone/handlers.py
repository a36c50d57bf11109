"""The forms are the grammar (``domain.grammar``): by phase and keyword (``ANY``: in any phase
whose prompt offers the keyword), the reader of a form's values and the rule given the typed
value it reads. The kernel matches an entry against the forms offered now; the rule never sees
a word.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from domain.grammar import Match
from domain.kernel import ANY, Handler, PromptFn
from domain.ruleset import Prompt
from domain.rulesets.redzone.clock import read_refresh, read_timeout, refresh_hand, timeout
from domain.rulesets.redzone.kicks import (
    coffin_colour,
    field_goal,
    field_goal_call,
    kick_downed,
    kick_flip,
    kickoff_choice,
    onside_k,
    onside_lg,
    onside_p,
    punt_call,
    punt_choice,
    punt_flip,
    read_coffin,
    read_colour,
    read_field_goal,
    read_kick,
    read_lg,
    read_onside_k,
    read_onside_p,
    read_punt,
    read_return,
    return_flip,
    safety_choice,
)
from domain.rulesets.redzone.lineups import align_defender, read_alignment, read_unit, swap_unit
from domain.rulesets.redzone.parse import Reader, nothing
from domain.rulesets.redzone.penalties import delay_of_game, penalty_choice, read_no_plays
from domain.rulesets.redzone.rosters import (
    coin_toss,
    draft_player,
    kick_or_receive,
    read_pick,
    read_toss,
    toss_advantage,
)
from domain.rulesets.redzone.scoring import extra_point, read_extra_point, try_choice
from domain.rulesets.redzone.scrimmage import (
    call_play,
    chart_result,
    defend_play,
    execution_check,
    long_gain,
    read_call,
    read_check,
    read_defence,
    read_long_gain,
    read_redraw,
    read_result,
    read_skill,
    read_yes_no,
    redraw_colour,
    skill_check,
    star_answer,
)
from domain.rulesets.redzone.special import read_card, special_play
from domain.rulesets.redzone.state import FUMBLE_FIELDS, RedZoneState, Rulings
from domain.rulesets.redzone.substitutions import (
    bench_substitution,
    fill_vacancy,
    read_bench,
    read_discard,
    read_fill,
    read_substitute,
    read_team_substitute,
    record_discard,
    substitute,
    team_substitute,
)
from domain.rulesets.redzone.turnovers import (
    fumble_flip,
    fumble_guess,
    fumble_spot,
    interception_choice,
    interception_return,
    read_fumble_flip,
    read_guess,
    read_interception_return,
    recovery_card_stands,
)

# A form of the grammar: how its values are read, and the handler given the match.
Form = tuple[Reader, Handler[RedZoneState]]


def valued(read: Reader, rule: Callable[[RedZoneState, Any], Rulings]) -> Form:
    """A form whose values ``read`` reads; ``rule`` is given the typed value."""

    def handler(state: RedZoneState, entry: Match) -> Rulings:
        return rule(state, entry.value)

    handler.__doc__ = rule.__doc__
    return read, handler


def plain(keyword: str, rule: Callable[[RedZoneState], Rulings]) -> Form:
    """A form that takes nothing after ``keyword``; ``rule`` needs only the state."""

    def handler(state: RedZoneState, entry: Match) -> Rulings:
        return rule(state)

    handler.__doc__ = rule.__doc__
    return nothing(keyword), handler


_RETURN = valued(read_return, return_flip)

GRAMMAR: dict[str, dict[str, Form]] = {
    "toss": {"toss": valued(read_toss, coin_toss)},
    "advantage": {
        "pick": plain("pick", partial(toss_advantage, pick=True)),
        "field": plain("field", partial(toss_advantage, pick=False)),
    },
    "kick_choice": {
        "kick": plain("kick", partial(kick_or_receive, kick=True)),
        "receive": plain("receive", partial(kick_or_receive, kick=False)),
    },
    "draft": {"draft": valued(read_pick, draft_player)},
    "kickoff": {
        "kick": plain("kick", partial(kickoff_choice, onside=False)),
        "onside": plain("onside", partial(kickoff_choice, onside=True)),
    },
    "safety_kick": {
        "kick": plain("kick", partial(safety_choice, punt=False)),
        "punt": plain("punt", partial(safety_choice, punt=True)),
    },
    "k": {"k": valued(read_kick, kick_flip)},
    "kr": {"kr": _RETURN, "down": plain("down", kick_downed)},
    "pr": {"pr": _RETURN},
    "onside_lg": {"lg": valued(read_lg, onside_lg)},
    "onside_k": {"k": valued(read_onside_k, onside_k)},
    "onside_p": {"p": valued(read_onside_p, onside_p)},
    ANY: {
        "timeout": valued(read_timeout, timeout),
        "refresh": valued(read_refresh, refresh_hand),
        "special": valued(read_card, special_play),
        "noplays": valued(read_no_plays, delay_of_game),
    },
    "fumble_guess": {
        "recovered": plain("recovered", recovery_card_stands),
        "guess": valued(read_guess, fumble_guess),
    },
    "call": {
        "swap": valued(read_unit, swap_unit),
        "call": valued(read_call, call_play),
        "punt": plain("punt", punt_call),
        "coffin": valued(read_coffin, punt_call),
        "fieldgoal": plain("fieldgoal", field_goal_call),
        "discard": valued(read_discard, record_discard),
        "bench": valued(read_bench, bench_substitution),
        "fill": valued(read_fill, fill_vacancy),
    },
    "defend": {
        "align": valued(read_alignment, align_defender),
        "defend": valued(read_defence, defend_play),
    },
    "check": {"flip": valued(read_check, execution_check)},
    "redraw": {"draw": valued(read_redraw, redraw_colour)},
    "result": {"result": valued(read_result, chart_result)},
    "star": {"star": valued(read_yes_no, star_answer)},
    "skill": {"skill": valued(read_skill, skill_check)},
    "lg": {"lg": valued(read_long_gain, long_gain)},
    "decline": {
        "accept": plain("accept", partial(penalty_choice, accept=True)),
        "decline": plain("decline", partial(penalty_choice, accept=False)),
    },
    "fumble_lg": {"lg": valued(read_lg, fumble_spot)},
    "int_choice": {
        "down": plain("down", partial(interception_choice, down=True)),
        "return": plain("return", partial(interception_choice, down=False)),
    },
    "int_return": {"pr": valued(read_interception_return, interception_return)},
    "punt": {"p": valued(read_punt, punt_flip)},
    "coffin_colour": {"colour": valued(read_colour, coffin_colour)},
    "punt_choice": {
        "fair": plain("fair", partial(punt_choice, fair=True)),
        "return": plain("return", partial(punt_choice, fair=False)),
    },
    "fg": {"fg": valued(read_field_goal, field_goal)},
    "try": {
        "kick": plain("kick", partial(try_choice, two=False)),
        "two": plain("two", partial(try_choice, two=True)),
    },
    "pat": {"fg": valued(read_extra_point, extra_point)},
    "sub": {
        "sub": valued(read_substitute, substitute),
        "teamsub": valued(read_team_substitute, team_substitute),
        "discard": valued(read_discard, record_discard),
    },
    "fumble_flip": {field: valued(read_fumble_flip, fumble_flip) for field in FUMBLE_FIELDS},
}

HANDLERS: dict[str, dict[str, Handler[RedZoneState]]] = {
    phase: {keyword: handler for keyword, (_, handler) in forms.items()}
    for phase, forms in GRAMMAR.items()
}


def reader(phase: str, keyword: str) -> Reader | None:
    """The reader of ``keyword``'s values in ``phase`` (or in every phase), as the kernel
    finds its handler."""
    found = GRAMMAR.get(phase, {}).get(keyword) or GRAMMAR[ANY].get(keyword)
    return found[0] if found else None


def with_grammar(prompt_of: Callable[[RedZoneState], Prompt]) -> PromptFn[RedZoneState]:
    """A phase's prompt whose forms each declare how their values are read."""

    def prompt(state: RedZoneState) -> Prompt:
        asked = prompt_of(state)
        forms = []
        for form in asked.forms:
            read = reader(state.phase, form.keyword.split()[0]) if form.keyword else None
            forms.append(replace(form, read=None if read is None else partial(read, state)))
        return replace(asked, forms=tuple(forms))

    prompt.__doc__ = prompt_of.__doc__
    return prompt


def grammar_prompts(
    prompts: Mapping[str, Callable[[RedZoneState], Prompt]],
) -> dict[str, PromptFn[RedZoneState]]:
    """Every phase's prompt, its forms declaring their readers."""
    return {phase: with_grammar(prompt_of) for phase, prompt_of in prompts.items()}
