"""The entry handlers, by phase and keyword, for the kernel's step (``ANY``: in any phase
whose prompt offers the keyword)."""

from __future__ import annotations

from functools import partial

from domain.kernel import ANY, Handler
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
from domain.rulesets.redzone.state import FUMBLE_FIELDS, RedZoneState
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

HANDLERS: dict[str, dict[str, Handler[RedZoneState]]] = {
    "toss": {"toss": coin_toss},
    "advantage": {
        "pick": partial(toss_advantage, pick=True),
        "field": partial(toss_advantage, pick=False),
    },
    "kick_choice": {
        "kick": partial(kick_or_receive, kick=True),
        "receive": partial(kick_or_receive, kick=False),
    },
    "draft": {"draft": draft_player},
    "kickoff": {
        "kick": partial(kickoff_choice, onside=False),
        "onside": partial(kickoff_choice, onside=True),
    },
    "safety_kick": {
        "kick": partial(safety_choice, punt=False),
        "punt": partial(safety_choice, punt=True),
    },
    "k": {"k": kick_flip},
    "kr": {
        "kr": return_flip,
        "down": kick_downed,
    },
    "pr": {"pr": return_flip},
    "onside_lg": {"lg": onside_lg},
    "onside_k": {"k": onside_k},
    "onside_p": {"p": onside_p},
    ANY: {
        "timeout": timeout,
        "refresh": refresh_hand,
        "special": special_play,
        "noplays": delay_of_game,
    },
    "fumble_guess": {
        "recovered": recovery_card_stands,
        "guess": fumble_guess,
    },
    "call": {
        "swap": swap_unit,
        "call": call_play,
        "punt": partial(punt_call, coffin=False),
        "coffin": partial(punt_call, coffin=True),
        "fieldgoal": field_goal_call,
        "discard": record_discard,
        "bench": bench_substitution,
        "fill": fill_vacancy,
    },
    "defend": {
        "align": align_defender,
        "defend": defend_play,
    },
    "check": {"flip": execution_check},
    "redraw": {"draw": redraw_colour},
    "result": {"result": chart_result},
    "star": {"star": star_answer},
    "skill": {"skill": skill_check},
    "lg": {"lg": long_gain},
    "decline": {
        "accept": partial(penalty_choice, accept=True),
        "decline": partial(penalty_choice, accept=False),
    },
    "fumble_lg": {"lg": fumble_spot},
    "int_choice": {
        "down": partial(interception_choice, down=True),
        "return": partial(interception_choice, down=False),
    },
    "int_return": {"pr": interception_return},
    "punt": {"p": punt_flip},
    "coffin_colour": {"colour": coffin_colour},
    "punt_choice": {
        "fair": partial(punt_choice, fair=True),
        "return": partial(punt_choice, fair=False),
    },
    "fg": {"fg": field_goal},
    "try": {
        "kick": partial(try_choice, two=False),
        "two": partial(try_choice, two=True),
    },
    "pat": {"fg": extra_point},
    "sub": {
        "sub": substitute,
        "teamsub": team_substitute,
        "discard": record_discard,
    },
    "fumble_flip": {field: fumble_flip for field in FUMBLE_FIELDS},
}
