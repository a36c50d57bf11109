"""Masters of the Gridiron (rules/masters-of-the-gridiron.txt): a card game of rating duels.

Nine scoring attempts a side, the visiting team first. Each attempt the offence plays one player
(an Offense card) and one play (a Playbook card, "Touchdown" or "Field Goal"); the defence answers
with one player (a Defense card). Zebra cannot see the cards, so the table types what is printed
on them; Zebra picks the highest eligible ratings, adds the bonuses, rules score or stop and keeps
the nine scoring-play slots of each side. ``deck_problems`` checks a built deck (Deck Building).

The package: ``state`` (the cards' vocabulary and the state), ``reading`` (cards and plays as
typed), ``forms`` and ``prompts`` (what is legal now, per phase), ``attempts`` (the rules of a
scoring attempt, one function each), ``views`` (the slots and hands), ``deck`` (Deck Building);
here the handler table that binds them to the shared step of ``domain.kernel``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain import kernel
from domain.entries import words
from domain.periods import SLOTS
from domain.rules_versions import RULES_VERSION
from domain.ruleset import SIDES, EntryForm, IllegalEntry, Prompt, Ruling
from domain.rulesets.gridironmasters.attempts import (
    audible,
    audible_discard,
    conversion_choice,
    defensive_player,
    offensive_play,
    offensive_player,
    roster_card,
    scoring_attempt,
)
from domain.rulesets.gridironmasters.deck import FILE_SCHEMA, deck_problems
from domain.rulesets.gridironmasters.prompts import PROMPTS
from domain.rulesets.gridironmasters.reading import KEYWORD_ALIASES, normalise
from domain.rulesets.gridironmasters.state import SLOTS_PER_SIDE, GridironState
from domain.rulesets.gridironmasters.views import (
    defensive_view,
    hand_counts,
    record_view,
    slots_view,
)

__all__ = ["FILE_SCHEMA", "RULESET", "GridironMasters", "GridironState", "deck_problems"]

Outcome = tuple[GridironState, list[Ruling]]


def done(state: GridironState, rest: list[str]) -> Outcome:
    """Audible Cards: no more Audibles, the scoring attempt is ruled."""
    kernel.takes_nothing_more("done", rest)
    return scoring_attempt(state)


def _conversion(keyword: str) -> Callable[[GridironState, list[str]], Outcome]:
    def handler(state: GridironState, rest: list[str]) -> Outcome:
        kernel.takes_nothing_more(keyword, rest)
        return conversion_choice(state, keyword)

    handler.__doc__ = conversion_choice.__doc__
    return handler


# Cards may be entered into the roster whenever a player card is due (call and defense).
HANDLERS: Mapping[str, Mapping[str, kernel.Handler[GridironState]]] = {
    "call": {
        "discard": audible_discard,
        "offense": offensive_player,
        "play": offensive_play,
        "card": roster_card,
    },
    "defense": {"audible": audible, "defense": defensive_player, "card": roster_card},
    "defense_audibles": {"audible": audible, "done": done},
    "try": {"two": _conversion("two"), "decline": _conversion("decline")},
}


def read(text: str) -> list[str]:
    """Words as typed, printed two-word names joined ("red zone" is redzone)."""
    return normalise(words(text))


def keyword_of(state: GridironState, tokens: list[str]) -> tuple[str, list[str]]:
    """The keyword, with the short forms a person types (offence, resolve, go2, no)."""
    return KEYWORD_ALIASES.get(tokens[0], tokens[0]), tokens[1:]


RULES: kernel.Rules[GridironState] = kernel.Rules(
    prompts=PROMPTS,
    handlers=HANDLERS,
    final_line=kernel.final_line,
    read=read,
    split=keyword_of,
)


class GridironMasters:
    """The Masters of the Gridiron ruleset."""

    name = "gridironmasters"
    version = RULES_VERSION["gridironmasters"]
    title = "Masters of the Gridiron"
    division = SLOTS
    options = ()

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> GridironState:
        """Setup: hands of 3 Offense, 3 Defense, 4 Playbook; the visiting team on offence."""
        if options:
            raise IllegalEntry(
                f"Masters of the Gridiron has no game options; got {', '.join(sorted(options))}"
            )
        return GridironState(home=home, away=away)

    def expected(self, state: GridironState) -> Prompt:
        """Who acts next and the entries legal now."""
        return RULES.prompt(state)

    def apply(self, state: GridironState, text: str) -> tuple[GridironState, list[Ruling]]:
        """One entry as typed at the table."""
        return RULES.step(state, text)

    def form(self, state: GridironState, text: str) -> EntryForm | None:
        """The form of the prompt ``text`` matches (the kernel's reading of it)."""
        return RULES.form(state, text)

    def situation(self, state: GridironState) -> dict[str, Any]:
        """The public view: the nine slots a side, totals, whose turn, hands, overtime state."""
        live = state.phase != kernel.FINAL
        return kernel.common_situation(
            self,
            state,
            quarter=len(state.scores),
            possession=state.offense if live else None,
            down=None,
            distance=None,
            ball_on=None,
            clock={
                "slots_filled": {s: len(state.slots(s)) for s in SIDES},
                "slots_per_side": SLOTS_PER_SIDE,
                "overtime_attempts": state.attempt if state.period == "overtime" else 0,
            },
            timeouts=None,
            converting=state.phase == "try" or state.converting,
            slots={s: slots_view(state, s) for s in SIDES},
            defensive_scores={s: defensive_view(state, s) for s in SIDES},
            overtime_plays=[record_view(r) for r in state.records if r.period == "overtime"],
            totals=state.total,
            turn={
                "offense": state.offense if live else None,
                "attempt": state.attempt + 1 if live else None,
                "period": state.period,
                "converting": state.converting,
                "phase": state.phase,
            },
            hands=hand_counts(state),
            overtime_rule=state.overtime_rule if state.period == "overtime" else None,
        )


RULESET = GridironMasters()
