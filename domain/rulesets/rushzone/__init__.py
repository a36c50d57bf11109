"""NFL Rush Zone (rules/nfl-rush-zone.txt): a football game decided by dice alone.

The package: ``state`` (the pad, the turn, the ball), ``prompts`` (one per phase), ``turn`` (the
rules of a turn, one function each), ``reading`` (dice as typed); here the handler table that
binds them to the shared step of ``domain.kernel``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain import field as yards
from domain import kernel
from domain.grammar import Match
from domain.periods import QUARTERS
from domain.rules_versions import RULES_VERSION
from domain.ruleset import EntryForm, GameOption, Prompt, Ruling, Side, resolve_options
from domain.rulesets.rushzone.prompts import PROMPTS, field_goal_in_range
from domain.rulesets.rushzone.state import (
    ROUNDS_PER_QUARTER,
    SPACE,
    RushZoneState,
    in_possession,
    pad_view,
    spot,
    two_minute_warning,
)
from domain.rulesets.rushzone.turn import (
    Outcome,
    coin_toss,
    extra_point_choice,
    field_goal,
    fourth_down_choice,
    fourth_down_roll,
    kickoff,
    punt,
    series_roll,
    toss_choice,
    two_point_try,
)

__all__ = ["RULESET", "RushZone", "RushZoneState"]

DiceRule = Callable[[RushZoneState, dict[Side, tuple[int, ...]]], Outcome]


def _rolled(rule: DiceRule) -> kernel.Handler[RushZoneState]:
    """The handler of a dice phase: ``rule`` given the faces by side (the match's value)."""

    def handler(state: RushZoneState, entry: Match) -> Outcome:
        return rule(state, entry.value)

    handler.__doc__ = rule.__doc__
    return handler


def _decision(rule: Callable[[RushZoneState, str], Outcome]) -> kernel.Handler[RushZoneState]:
    """The handler of a one-word decision (kick, go, pat...): ``rule`` given the form chosen."""

    def handler(state: RushZoneState, entry: Match) -> Outcome:
        return rule(state, entry.keyword)

    handler.__doc__ = rule.__doc__
    return handler


def _toss(state: RushZoneState, entry: Match) -> Outcome:
    """Deciding offense and defense: the toss winner (the match's value) chooses."""
    return coin_toss(state, entry.value)


HANDLERS: Mapping[str, Mapping[str, kernel.Handler[RushZoneState]]] = {
    "toss": {"toss": _toss},
    "choice": {k: _decision(toss_choice) for k in ("receive", "kick")},
    "kickoff": {"green": _rolled(kickoff)},
    "series": {"white": _rolled(series_roll)},
    "fourth": {k: _decision(fourth_down_choice) for k in ("go", "fg", "punt")},
    "go": {"green": _rolled(fourth_down_roll)},
    "field_goal": {"green": _rolled(field_goal)},
    "punt": {"green": _rolled(punt)},
    "try": {k: _decision(extra_point_choice) for k in ("pat", "two")},
    "two_point": {"green": _rolled(two_point_try)},
}


def why_not(state: RushZoneState, keyword: str) -> str | None:
    """A field goal needs the ball on the defence's 50 or closer: say so rather than not due."""
    if state.phase == "fourth" and keyword == "fg" and not field_goal_in_range(state):
        return f"a field goal needs the ball on the defence's 50 or closer; it is at {spot(state)}"
    return None


RULES: kernel.Rules[RushZoneState] = kernel.Rules(
    prompts=PROMPTS,
    handlers=HANDLERS,
    final_line=kernel.final_line,
    why_not=why_not,
)


class RushZone:
    """The NFL Rush Zone ruleset."""

    name = "rushzone"
    version = RULES_VERSION["rushzone"]
    title = "NFL Rush Zone"
    division = QUARTERS
    options = (
        GameOption(
            "youngest",
            "Youngest players' variant: the white dice are compared one at a time, a point per "
            "down won",
            ("no", "yes"),
            "no",
        ),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> RushZoneState:
        """Set-up: no coin tossed yet, first quarter, an empty scoring pad."""
        chosen = resolve_options(self.options, options)
        return RushZoneState(home=home, away=away, youngest=chosen["youngest"] == "yes")

    def expected(self, state: RushZoneState) -> Prompt:
        """Who acts next and the entries legal now."""
        return RULES.prompt(state)

    def apply(self, state: RushZoneState, text: str) -> tuple[RushZoneState, list[Ruling]]:
        """One entry as typed at the table."""
        return RULES.step(state, text)

    def form(self, state: RushZoneState, text: str) -> EntryForm | None:
        """The form of the prompt ``text`` matches (the kernel's reading of it)."""
        return RULES.form(state, text)

    def situation(self, state: RushZoneState) -> dict[str, Any]:
        """The public view: score, pad, quarter and round, ball and down."""
        live = state.phase in ("series", "fourth", "go", "field_goal", "punt")
        distance = None
        if live and state.ball_on is not None:
            distance = yards.distance_to_gain(
                state.ball_on, yards.first_down_marker(state.ball_on, SPACE)
            )
        return kernel.common_situation(
            self,
            state,
            quarter=state.quarter,
            possession=in_possession(state),
            down=state.down if live else None,
            distance=distance,
            ball_on=state.ball_on if live else None,
            clock={
                "round": min((state.turn + 1) // 2, ROUNDS_PER_QUARTER),
                "rounds_per_quarter": ROUNDS_PER_QUARTER,
                "turn": state.turn,
                "two_minute_warning": two_minute_warning(state),
            },
            timeouts=None,
            converting=state.phase in ("try", "two_point"),
            pad=pad_view(state),
            goal_to_go=bool(live and state.ball_on is not None and state.ball_on <= SPACE),
        )


RULESET = RushZone()
