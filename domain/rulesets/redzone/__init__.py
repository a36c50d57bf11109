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
from domain.entries import words
from domain.periods import QUARTERS
from domain.ruleset import (
    SIDES,
    GameOption,
    IllegalEntry,
    Prompt,
    Ruling,
    resolve_options,
    situation,
)
from domain.rulesets.redzone.clock import _time_up
from domain.rulesets.redzone.handlers import _HANDLERS
from domain.rulesets.redzone.prompts import prompt
from domain.rulesets.redzone.rosters import roster_problems
from domain.rulesets.redzone.state import ALIASES, DECK_SIZES, Coach, RedZoneState
from domain.rulesets.redzone.views import final_line, lineup_view

__all__ = ["RULESET", "RedZone", "RedZoneState", "roster_problems"]


class RedZone:
    """The Red Zone ruleset."""

    name = "redzone"
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
        return prompt(state)

    def apply(self, state: RedZoneState, text: str) -> tuple[RedZoneState, list[Ruling]]:
        """One entry as typed at the table."""
        tokens = words(text)
        if state.phase == "final":
            raise IllegalEntry(
                f"the game is over ({final_line(state)}); nothing more can be entered"
            )
        keyword, rest = tokens[0], [ALIASES.get(t, t) for t in tokens[1:]]
        asked = prompt(state)
        if keyword not in {f.keyword for f in asked.forms}:
            legal = " | ".join(dict.fromkeys(f.syntax for f in asked.forms))
            raise IllegalEntry(f"{keyword!r} is not due now; {asked.text}: {legal}")
        handler = _HANDLERS.get((state.phase, keyword)) or _HANDLERS.get(("*", keyword))
        assert handler is not None, (state.phase, keyword)
        raw = text.split()[1:]
        return handler(state, rest, raw)

    def situation(self, state: RedZoneState) -> dict[str, Any]:
        """The public view: score, quarter, ball, and each coach's decks, hand and time-outs."""
        live = state.offense is not None and state.ball_on is not None and state.down is not None
        distance = None
        if live and state.marker is not None:
            assert state.ball_on is not None
            distance = yards.distance_to_gain(state.ball_on, state.marker)
        clock: dict[str, Any] = {"deck": state.deck, "last_play": _time_up(state)}
        for side in SIDES:
            c = state.coach(side)
            clock[side] = {
                "time_deck": c.time,
                "draw_deck_flips": c.draw_flips,
                "hand": c.hand,
                "timeouts": c.timeouts,
            }
        return situation(
            ruleset=self.name,
            home=state.home,
            away=state.away,
            score=state.total,
            score_by_quarter=[{"home": h, "away": a} for h, a in state.scores],
            quarter=state.quarter,
            period=self.division.period(state.quarter),
            possession=state.offense,
            down=state.down if live else None,
            distance=distance,
            ball_on=state.ball_on if live else None,
            clock=clock,
            timeouts={s: state.coach(s).timeouts for s in SIDES},
            next=self.expected(state).text,
            finished=state.phase == "final",
            winner=state.winner,
            converting=state.is_try or state.phase in ("try", "pat"),
            lineups={s: lineup_view(state, s) for s in SIDES},
            options=dict(state.options),
        )


RULESET = RedZone()
