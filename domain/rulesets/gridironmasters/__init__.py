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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from domain import kernel
from domain.entries import words
from domain.grammar import Match
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
    read_audible,
    read_discards,
    read_roster_card,
    roster_card,
    scoring_attempt,
)
from domain.rulesets.gridironmasters.deck import FILE_SCHEMA, deck_problems
from domain.rulesets.gridironmasters.prompts import PROMPTS
from domain.rulesets.gridironmasters.reading import (
    KEYWORD_ALIASES,
    choose_card,
    normalise,
    read_play,
)
from domain.rulesets.gridironmasters.state import SLOTS_PER_SIDE, GridironState
from domain.rulesets.gridironmasters.views import (
    defensive_view,
    hand_counts,
    record_view,
    slots_view,
)

__all__ = ["FILE_SCHEMA", "RULESET", "GridironMasters", "GridironState", "deck_problems"]

Outcome = tuple[GridironState, list[Ruling]]


def done(state: GridironState, entry: Match) -> Outcome:
    """Audible Cards: no more Audibles, the scoring attempt is ruled."""
    return scoring_attempt(state)


def _conversion(keyword: str) -> kernel.Handler[GridironState]:
    def handler(state: GridironState, entry: Match) -> Outcome:
        return conversion_choice(state, keyword)

    handler.__doc__ = conversion_choice.__doc__
    return handler


# Cards may be entered into the roster whenever a player card is due (call and defense).
def _valued(rule: Callable[[GridironState, Any], Outcome]) -> kernel.Handler[GridironState]:
    """The handler of a rule given the entry's typed value (the match's)."""

    def handler(state: GridironState, entry: Match) -> Outcome:
        return rule(state, entry.value)

    handler.__doc__ = rule.__doc__
    return handler


Reader = Callable[[GridironState, Sequence[str]], Any]

# How each form's values are read, by its keyword: the typed value its handler is given (a card
# chosen comes with the state that remembers a card typed in full). A keyword not here takes
# nothing after it (``domain.grammar``).
READERS: dict[str, Reader] = {
    "card": read_roster_card,
    "discard": read_discards,
    "offense": lambda state, rest: choose_card(state, state.offense, "offense", rest),
    "play": lambda state, rest: read_play(rest),
    "audible": read_audible,
    "defense": lambda state, rest: choose_card(state, state.defence, "defense", rest),
}
# The short forms a person types for a keyword (offence, resolve, go2, no), declared on its form.
ALIASES: dict[str, tuple[str, ...]] = {}
for _alias, _keyword in KEYWORD_ALIASES.items():
    ALIASES[_keyword] = (*ALIASES.get(_keyword, ()), _alias)


def with_grammar(prompt_of: Callable[[GridironState], Prompt]) -> kernel.PromptFn[GridironState]:
    """A phase's prompt whose forms declare their aliases and how their values are read."""

    def prompt(state: GridironState) -> Prompt:
        asked = prompt_of(state)
        forms = []
        for form in asked.forms:
            first = form.keyword.split()[0] if form.keyword else ""
            reader = READERS.get(first)
            forms.append(
                replace(
                    form,
                    aliases=ALIASES.get(first, ()),
                    read=None if reader is None else partial(reader, state),
                )
            )
        return replace(asked, forms=tuple(forms))

    prompt.__doc__ = prompt_of.__doc__
    return prompt


HANDLERS: Mapping[str, Mapping[str, kernel.Handler[GridironState]]] = {
    "call": {
        "discard": _valued(audible_discard),
        "offense": _valued(offensive_player),
        "play": _valued(offensive_play),
        "card": _valued(roster_card),
    },
    "defense": {
        "audible": _valued(audible),
        "defense": _valued(defensive_player),
        "card": _valued(roster_card),
    },
    "defense_audibles": {"audible": _valued(audible), "done": done},
    "try": {"two": _conversion("two"), "decline": _conversion("decline")},
}


def read(text: str) -> list[str]:
    """Words as typed, printed two-word names joined ("red zone" is redzone)."""
    return normalise(words(text))


def keyword_of(state: GridironState, tokens: list[str]) -> tuple[str, list[str]]:
    """The keyword, with the short forms a person types (offence, resolve, go2, no)."""
    return KEYWORD_ALIASES.get(tokens[0], tokens[0]), tokens[1:]


RULES: kernel.Rules[GridironState] = kernel.Rules(
    prompts={phase: with_grammar(prompt_of) for phase, prompt_of in PROMPTS.items()},
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
