"""The kernel every ruleset shares: one step from typed text to rulings, and the shared helpers.

How a game uses it (the API guide; tests/domain/test_kernel.py shows each piece at work)
--------------------------------------------------------------------------------------------
A game's state is a frozen dataclass mixing in ``domain.teams.TwoTeams`` with a ``phase`` field
(``"final"`` once the game is over, see ``FINAL``) and a ``winner``. The game declares two tables
of small named functions, each citing its rulebook passage in a one-line docstring:

    PROMPTS: dict[str, PromptFn[S]]             # phase -> (state) -> Prompt
    HANDLERS: dict[str, dict[str, Handler[S]]]  # phase -> keyword -> (state, match) -> outcome

and binds them once with ``Rules``; its ruleset's ``expected`` and ``apply`` are then one line::

    RULES: kernel.Rules[MyState] = kernel.Rules(
        prompts=PROMPTS, handlers=HANDLERS, final_line=kernel.final_line
    )

    def expected(self, state): return RULES.prompt(state)
    def apply(self, state, text): return RULES.step(state, text)

``Rules.step`` is the whole shared step: it reads the text into words (``read``, default
``domain.entries.words``: lower case, control characters and over-long entries refused),
refuses any entry after the final whistle (``game_over``), and matches the words against the
forms the phase's prompt offers (``domain.grammar.match``: the forms are the grammar, issue
#28). An entry is accepted exactly when it matches a form: its keyword, one of the form's
``aliases``, or a first word the form's ``bare`` takes with the keyword left out; the form's
``read`` turns the values into the typed value the handler is given. The handler
``HANDLERS[phase][keyword]`` (or ``HANDLERS[ANY][keyword]`` for a keyword legal in any phase,
such as a time-out) receives the ``domain.grammar.Match`` (``match.value``, ``match.keyword``),
never the words typed. A first word no form takes is refused as not due (``not_due``: one
wording for every game, unless ``why_not`` gives the rule's own reason; ``split`` only names
such a word, an alias as the keyword it stands for). ``after`` (optional) runs on every
accepted entry's outcome, for a rule that follows any entry (1st & Goal's out-of-cards half).
Refusals are ``IllegalEntry`` with one line: what was wrong, what is expected; the state is
never changed by a refused entry (states are frozen).

Shared helpers, so no game keeps its own copy:

* ``number(token, low, high, what)``: a whole number written in digits only; ``-1``, ``+5`` and
  ``++5`` are refused. ``signed_number`` is the explicit variant for the few values that are
  negative by the rules (Red Zone's yardage losses, a Masters Audible's rating change): one
  optional ``+`` or ``-`` and digits. One refusal wording for both (``number_refusal``).
* ``side_word(token, state, allowed=SIDES, labels=None)``: ``home``/``away`` or a team's name (and
  any extra ``labels``, e.g. off/def) to a side; one refusal wording.
* ``scored(state, side, points)``: points added to the current period of ``state.scores``.
* ``final_line(state)``: "Bears 25, Packers 24. Bears win." / ". A tie." once the game is
  over; the plain score before. ``final_whistle(line)``: the prompt after the end.
* ``down_and_distance(down, to_go, joiner="and")``: "1st and 10", "4th and goal"; 1st & Goal's
  cards print "1st & 10" (``joiner="&"``).
* ``common_situation(ruleset, state, quarter=..., ...)``: the keys of ``status --json`` every game
  fills the same way (names, score, score by period, period, next, finished, winner), so a
  game's ``situation`` passes only what is its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from domain.entries import words
from domain.grammar import Match, Refusal
from domain.grammar import match as match_forms
from domain.ruleset import SIDES, EntryForm, IllegalEntry, Prompt, Ruling, Side, situation

FINAL = "final"
# The phase key of handlers that take their keyword in any phase (a time-out, a challenge).
ANY = "*"
_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


class GameState(Protocol):
    """What the kernel reads of a game's state (``domain.teams.TwoTeams`` plus a phase)."""

    @property
    def home(self) -> str: ...

    @property
    def away(self) -> str: ...

    @property
    def phase(self) -> str: ...

    @property
    def scores(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def winner(self) -> Side | None: ...

    def name(self, side: Side) -> str: ...

    @property
    def total(self) -> dict[Side, int]: ...


S = TypeVar("S")
Outcome = tuple[S, list[Ruling]]
# A handler is given the ``domain.grammar.Match`` of the entry: the form and its typed value.
Handler = Callable[[S, Any], tuple[S, list[Ruling]]]
PromptFn = Callable[[S], Prompt]


def first_word(state: Any, tokens: list[str]) -> tuple[str, list[str]]:
    """A refused first word is named as typed (a game's ``split`` names an alias as its
    keyword)."""
    return tokens[0], tokens[1:]


def _no_reason(state: Any, keyword: str) -> str | None:
    return None


def _phase(state: Any) -> str:
    return str(state.phase)


@dataclass(frozen=True)
class Rules(Generic[S]):
    """A game's prompt and handler tables, bound to the shared step (see the module docstring)."""

    prompts: Mapping[str, Callable[[S], Prompt]]
    handlers: Mapping[str, Mapping[str, Handler[S]]]
    final_line: Callable[[S], str]
    read: Callable[[str], list[str]] = words
    split: Callable[[S, list[str]], tuple[str, list[str]]] = first_word
    why_not: Callable[[S, str], str | None] = _no_reason
    after: Callable[[S, list[Ruling]], tuple[S, list[Ruling]]] | None = None
    phase: Callable[[S], str] = field(default=_phase)

    def prompt(self, state: S) -> Prompt:
        """Who must act now and the entries legal now: the phase's prompt function."""
        return self.prompts[self.phase(state)](state)

    def step(self, state: S, text: str) -> tuple[S, list[Ruling]]:
        """One entry as typed: read, refuse after the end or when not due, else dispatch."""
        tokens = self.read(text)
        phase = self.phase(state)
        if phase == FINAL:
            raise IllegalEntry(game_over(self.final_line(state)))
        return self._matched(state, phase, tokens)

    def _handler(self, phase: str, keyword: str) -> Handler[S]:
        """The handler of ``keyword`` in ``phase`` (or in every phase)."""
        handler = self.handlers.get(phase, {}).get(keyword) or self.handlers.get(ANY, {}).get(
            keyword
        )
        if handler is None:
            # A prompt offering a keyword its phase has no handler for is a bug in the game's
            # tables, not a person's mistake: say so rather than refuse the entry.
            raise LookupError(f"phase {phase!r} offers {keyword!r} but has no handler for it")
        return handler

    def _finish(self, outcome: tuple[S, list[Ruling]]) -> tuple[S, list[Ruling]]:
        """A handler's outcome, through the game's ``after`` step when it has one."""
        if self.after is not None:
            return self.after(*outcome)
        return outcome

    def match(self, state: S, tokens: Sequence[str]) -> Match | Refusal:
        """The entry's words matched against the forms the prompt offers now (the one matcher
        of every game); a first word no form takes is not due."""
        prompt = self.prompt(state)

        def unknown(word: str) -> str:
            # A word no form takes is named as the game spells its keywords (``split``: an
            # alias as the keyword it stands for), as the refusal always named it.
            keyword = self.split(state, [word])[0]
            return self.why_not(state, keyword) or not_due(keyword, prompt)

        return match_forms(prompt.forms, tokens, unknown=unknown)

    def _matched(self, state: S, phase: str, tokens: Sequence[str]) -> tuple[S, list[Ruling]]:
        """``step`` after the reading: the handler of the matched form's keyword is given the
        match (the form and its typed value)."""
        found = self.match(state, tokens)
        if isinstance(found, Refusal):
            raise found.error()
        return self._finish(self._handler(phase, found.keyword)(state, found))

    def form(self, state: S, text: str) -> EntryForm | None:
        """The form of the prompt that ``text`` answers, read as ``step`` reads it (shorthands
        and aliases included: "6 2 4 / 3 5 1" is a white roll); for an entry refused only for
        its values, the form of its keyword. None when no form is due for it."""
        try:
            tokens = self.read(text)
            if self.phase(state) == FINAL:
                return None
            found = self.match(state, tokens)
        except IllegalEntry:
            return None
        if isinstance(found, Match):
            return found.form
        return found.closest if found.recognised else None


# The refusals every game words the same way ----------------------------------------------------


def game_over(line: str) -> str:
    """The refusal of any entry after the final whistle."""
    return f"the game is over ({line}); nothing more can be entered"


def not_due(keyword: str, prompt: Prompt) -> str:
    """The refusal of a keyword the situation does not call for, with what it does call for."""
    legal = " | ".join(dict.fromkeys(prompt.legal))
    return f"{keyword!r} is not due now; {prompt.text} (expected: {legal})"


def takes_nothing_more(keyword: str, rest: Sequence[str]) -> None:
    """Refuses values after a keyword that takes none (``kick``, ``pat``)."""
    if rest:
        raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(rest)!r}")


# Numbers --------------------------------------------------------------------------------------


def number_refusal(what: str, low: int, high: int, token: str) -> str:
    """The one wording of a refused number."""
    return f"{what} is a whole number from {low} to {high}; got {token!r}"


def number(token: str, low: int, high: int, what: str) -> int:
    """A whole number in digits only, from ``low`` to ``high``; a sign is refused ("-1", "+5")."""
    if not (token.isascii() and token.isdigit()) or not low <= int(token) <= high:
        raise IllegalEntry(number_refusal(what, low, high, token))
    return int(token)


def signed_number(token: str, low: int, high: int, what: str) -> int:
    """A number that may be negative by the rules: one optional sign, then digits ("-3", "+2")."""
    body = token[1:] if token[:1] in ("+", "-") else token
    if not (body.isascii() and body.isdigit()) or not low <= int(token) <= high:
        raise IllegalEntry(number_refusal(what, low, high, token))
    return int(token)


# Sides and the score -----------------------------------------------------------------------------


# The words that name the offence and the defence once play is under way (the games that take
# them label rolls and teams with them); a team may not be called by one (domain.teams).
OFFENCE_WORDS = ("off", "offense", "offence")
DEFENCE_WORDS = ("def", "defense", "defence")


def side_labels(state: GameState) -> dict[str, Side]:
    """The words that name a side: home, away and each team's name in lower case."""
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    for side in SIDES:
        labels.setdefault(state.name(side).lower(), side)
    return labels


def side_word(
    token: str,
    state: GameState,
    allowed: Sequence[Side] = SIDES,
    labels: Mapping[str, Side] | None = None,
) -> Side:
    """The side a word names (home, away, a team's name, or one of ``labels``), if ``allowed``."""
    known = {**side_labels(state), **(labels or {})}
    side = known.get(token)
    if side is None or side not in allowed:
        if tuple(allowed) == SIDES:
            raise IllegalEntry(f"{token!r} is not a team; enter home or away")
        raise IllegalEntry(
            f"{token!r} is not a team that may do this now; enter {' or '.join(allowed)}"
        )
    return side


G = TypeVar("G", bound=GameState)


def scored(state: G, side: Side, points: int) -> G:
    """``points`` added to ``side``'s score in the current period (the last of ``scores``)."""
    home, away = state.scores[-1]
    if side == "home":
        home += points
    else:
        away += points
    return replace(state, scores=(*state.scores[:-1], (home, away)))  # type: ignore[type-var]


def final_line(state: GameState) -> str:
    """The score in words; once the game is over, with the winner or the tie."""
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return f"{line}. A tie." if state.phase == FINAL else line


def final_whistle(line: str) -> Prompt:
    """The prompt once the game is over: nobody acts, nothing is legal."""
    return Prompt("nobody", f"Final whistle: {line}")


def ordinal(down: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    return _ORDINALS.get(down, f"{down}th")


def down_and_distance(down: int, to_go: int | str, joiner: str = "and") -> str:
    """ "1st and 10", "4th and goal" (1st & Goal prints "1st & 10": ``joiner="&"``)."""
    return f"{ordinal(down)} {joiner} {to_go}"


# The prompt last asked for, with its ruleset and state: the situation's "next" line and the
# prompt a command shows are asked of the same state one after the other, and answered once.
_ASKED: tuple[Any, Any, Prompt] | None = None


def asked(ruleset: Any, state: Any) -> Prompt:
    """``ruleset.expected(state)``, asked once for the same state asked twice in a row."""
    global _ASKED
    last = _ASKED
    if last is not None and last[0] is ruleset and last[1] is state:
        return last[2]
    prompt: Prompt = ruleset.expected(state)
    # One tuple assigned whole: a thread that reads it sees one pair or the other, never a mix.
    _ASKED = (ruleset, state, prompt)
    return prompt


def common_situation(ruleset: Any, state: GameState, *, quarter: int, **own: Any) -> dict[str, Any]:
    """``status --json`` with the keys every game fills alike taken from ``state``; ``own``
    holds the rest (possession, down, distance, ball_on, clock, timeouts and any extras) and
    may override a common key."""
    common: dict[str, Any] = {
        "ruleset": ruleset.name,
        "home": state.home,
        "away": state.away,
        "score": state.total,
        "score_by_quarter": [{"home": h, "away": a} for h, a in state.scores],
        "quarter": quarter,
        "period": ruleset.division.period(quarter),
        "next": asked(ruleset, state).text,
        "finished": state.phase == FINAL,
        "winner": state.winner,
    }
    return situation(**{**common, **own})
