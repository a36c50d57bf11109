"""The entry handlers by (phase, keyword)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.ruleset import Ruling
from domain.rulesets.redzone.clock import refresh_hand, timeout
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
    return_flip,
    safety_choice,
)
from domain.rulesets.redzone.lineups import align_defender, swap_unit
from domain.rulesets.redzone.penalties import delay_of_game, penalty_choice
from domain.rulesets.redzone.rosters import coin_toss, draft_player, kick_or_receive, toss_advantage
from domain.rulesets.redzone.scoring import extra_point, try_choice
from domain.rulesets.redzone.scrimmage import (
    call_play,
    chart_result,
    defend_play,
    execution_check,
    long_gain,
    redraw_colour,
    skill_check,
    star_answer,
)
from domain.rulesets.redzone.special import special_play
from domain.rulesets.redzone.state import FUMBLE_FIELDS, RedZoneState, Rulings
from domain.rulesets.redzone.substitutions import (
    bench_substitution,
    fill_vacancy,
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
    recovery_card_stands,
)

Handler = Callable[[Any, Sequence[str], Sequence[str]], tuple[Any, list[Ruling]]]


def _bind(fn: Any, **kw: Any) -> Handler:
    def h(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
        return fn(state, rest, raw, **kw)  # type: ignore[no-any-return]

    return h


_HANDLERS: dict[tuple[str, str], Handler] = {
    ("toss", "toss"): coin_toss,
    ("advantage", "pick"): _bind(toss_advantage, pick=True),
    ("advantage", "field"): _bind(toss_advantage, pick=False),
    ("kick_choice", "kick"): _bind(kick_or_receive, kick=True),
    ("kick_choice", "receive"): _bind(kick_or_receive, kick=False),
    ("draft", "draft"): draft_player,
    ("kickoff", "kick"): _bind(kickoff_choice, onside=False),
    ("kickoff", "onside"): _bind(kickoff_choice, onside=True),
    ("safety_kick", "kick"): _bind(safety_choice, punt=False),
    ("safety_kick", "punt"): _bind(safety_choice, punt=True),
    ("k", "k"): kick_flip,
    ("kr", "kr"): return_flip,
    ("kr", "down"): kick_downed,
    ("pr", "pr"): return_flip,
    ("onside_lg", "lg"): onside_lg,
    ("onside_k", "k"): onside_k,
    ("onside_p", "p"): onside_p,
    ("*", "timeout"): timeout,
    ("*", "refresh"): refresh_hand,
    ("*", "special"): special_play,
    ("fumble_guess", "recovered"): recovery_card_stands,
    ("call", "swap"): swap_unit,
    ("defend", "align"): align_defender,
    ("*", "noplays"): delay_of_game,
    ("call", "call"): call_play,
    ("call", "punt"): _bind(punt_call, coffin=False),
    ("call", "coffin"): _bind(punt_call, coffin=True),
    ("call", "fieldgoal"): field_goal_call,
    ("defend", "defend"): defend_play,
    ("check", "flip"): execution_check,
    ("redraw", "draw"): redraw_colour,
    ("result", "result"): chart_result,
    ("star", "star"): star_answer,
    ("skill", "skill"): skill_check,
    ("lg", "lg"): long_gain,
    ("decline", "accept"): _bind(penalty_choice, accept=True),
    ("decline", "decline"): _bind(penalty_choice, accept=False),
    ("fumble_lg", "lg"): fumble_spot,
    ("fumble_guess", "guess"): fumble_guess,
    ("int_choice", "down"): _bind(interception_choice, down=True),
    ("int_choice", "return"): _bind(interception_choice, down=False),
    ("int_return", "pr"): interception_return,
    ("punt", "p"): punt_flip,
    ("coffin_colour", "colour"): coffin_colour,
    ("punt_choice", "fair"): _bind(punt_choice, fair=True),
    ("punt_choice", "return"): _bind(punt_choice, fair=False),
    ("fg", "fg"): field_goal,
    ("try", "kick"): _bind(try_choice, two=False),
    ("try", "two"): _bind(try_choice, two=True),
    ("pat", "fg"): extra_point,
    ("sub", "sub"): substitute,
    ("sub", "teamsub"): team_substitute,
    ("sub", "discard"): record_discard,
    ("call", "discard"): record_discard,
    ("call", "bench"): bench_substitution,
    ("call", "fill"): fill_vacancy,
}
for _f in FUMBLE_FIELDS:
    _HANDLERS[("fumble_flip", _f)] = fumble_flip
