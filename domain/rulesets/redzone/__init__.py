"""Red Zone (rules/red-zone.txt): a football card game refereed from the cards the table flips.

Zebra never sees a card. It asks for the one printed value a rule needs at that moment (a K
number or EZ, an execution colour, a skill line's result, an LG or FG number, the Play Results
Chart's result, which is not in the rulebook text) and does the arithmetic and the counting:
each coach's Time Deck (the clock), cards taken from the Draw Deck, hand sizes and time-outs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain import field as yards
from domain import kernel
from domain.periods import QUARTERS
from domain.rules_versions import RULES_VERSION
from domain.ruleset import SIDES, EntryForm, GameOption, Prompt, Ruling, resolve_options
from domain.rulesets.redzone.clock import clock_view
from domain.rulesets.redzone.handlers import HANDLERS, grammar_prompts
from domain.rulesets.redzone.parse import read_entry
from domain.rulesets.redzone.prompts import PROMPTS
from domain.rulesets.redzone.rosters import FILE_SCHEMA, roster_problems
from domain.rulesets.redzone.state import DECK_SIZES, Coach, RedZoneState
from domain.rulesets.redzone.views import lineup_view

__all__ = ["FILE_SCHEMA", "RULESET", "RedZone", "RedZoneState", "roster_problems"]

# The shared step bound to Red Zone's tables: the forms are the grammar (handlers.py), and
# entries keep their typed case for names.
RULES: kernel.Rules[RedZoneState] = kernel.Rules(
    prompts=grammar_prompts(PROMPTS),
    handlers=HANDLERS,
    final_line=kernel.final_line,
    read=read_entry,
)


class RedZone:
    """The Red Zone ruleset."""

    name = "redzone"
    version = RULES_VERSION["redzone"]
    title = "Red Zone"
    division = QUARTERS
    options = (
        GameOption(
            "length",
            "Time Deck of 40 (short), 50 (medium) or 60 (long) cards",
            tuple(DECK_SIZES),
            "medium",
        ),
        GameOption("draft", "draft players alternately, or team play", ("draft", "team"), "draft"),
        GameOption("declining", "optional rule: penalties may be declined", ("no", "yes"), "no"),
        GameOption(
            "long_bombs",
            "optional rule: no long bombs in the end zone",
            ("off", "normal", "harsh", "harshest"),
            "off",
        ),
        GameOption(
            "coffin_colour", "optional rule: coffin-corner colour flip", ("no", "yes"), "no"
        ),
        GameOption(
            "tight_end",
            "optional rule limiting the Tight End's +1: all runs, outside runs only, or a "
            "Linebacker lined up on his side cancels it",
            ("all", "outside", "linebacker", "shift"),
            "all",
        ),
        GameOption("substitutions", "optional rule: 20-man squads", ("no", "yes"), "no"),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> RedZoneState:
        """Set-up: before the coin toss; the Time Deck size comes from the agreed length."""
        chosen = resolve_options(self.options, options)
        deck = DECK_SIZES[chosen["length"]]
        coaches = (Coach(time=deck), Coach(time=deck))
        return RedZoneState(
            home=home, away=away, deck=deck, options=tuple(sorted(chosen.items())), coaches=coaches
        )

    def expected(self, state: RedZoneState) -> Prompt:
        """Who acts next and the entries legal now."""
        return RULES.prompt(state)

    def apply(self, state: RedZoneState, text: str) -> tuple[RedZoneState, list[Ruling]]:
        """One entry as typed at the table, through the kernel's shared step."""
        return RULES.step(state, text)

    def form(self, state: RedZoneState, text: str) -> EntryForm | None:
        """The form of the prompt ``text`` matches (the kernel's reading of it)."""
        return RULES.form(state, text)

    def situation(self, state: RedZoneState) -> dict[str, Any]:
        """The public view: score, quarter, ball, and each coach's decks, hand and time-outs."""
        live = state.offense is not None and state.ball_on is not None and state.down is not None
        distance = None
        if live and state.marker is not None:
            assert state.ball_on is not None
            distance = yards.distance_to_gain(state.ball_on, state.marker)
        return kernel.common_situation(
            self,
            state,
            quarter=state.quarter,
            possession=state.offense,
            down=state.down if live else None,
            distance=distance,
            ball_on=state.ball_on if live else None,
            clock=clock_view(state),
            timeouts={s: state.coach(s).timeouts for s in SIDES},
            converting=state.is_try or state.phase in ("try", "pat"),
            lineups={s: lineup_view(state, s) for s in SIDES},
            options=dict(state.options),
        )


RULESET = RedZone()
