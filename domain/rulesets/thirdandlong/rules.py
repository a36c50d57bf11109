"""The Third and Long ruleset: the entries due now and the handler each one goes to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from domain import kernel
from domain.entries import words
from domain.grammar import Match
from domain.periods import QUARTERS
from domain.rules_versions import RULES_VERSION
from domain.ruleset import (
    SIDES,
    EntryForm,
    GameOption,
    IllegalEntry,
    Prompt,
    Ruling,
    resolve_options,
)
from domain.rulesets.thirdandlong.clock import cards_needed_now, end_entry, next_play_can_start
from domain.rulesets.thirdandlong.outcomes import fourth_down_choice, he_breaks_loose
from domain.rulesets.thirdandlong.plays import (
    NO_RETURN_ON_A_TRY,
    accept_entry,
    accept_ruling,
    big_play,
    drive_length,
    injury,
    modifier,
    onside_kick,
    penalty,
    play_calls,
    play_total,
    read_big_play,
    read_check,
    read_injury,
    read_modifier,
    read_penalty,
    snap,
    turnover_check,
    whistle,
)
from domain.rulesets.thirdandlong.pregame import (
    coin_toss,
    draft_done,
    draft_order,
    read_draft_done,
    read_draft_first,
    read_star,
    read_toss_winner,
    roster_ready,
    star_entry,
    toss_choice,
)
from domain.rulesets.thirdandlong.prompts import PROMPTS
from domain.rulesets.thirdandlong.reading import normalise, read_call, read_random
from domain.rulesets.thirdandlong.rosters import roster_view
from domain.rulesets.thirdandlong.scoring import (
    block_attempt,
    extra_point,
    field_goal_choice,
    go_for_two,
    read_scoring_card,
    scoring_flip,
)
from domain.rulesets.thirdandlong.state import ThirdAndLongState, open_play, target_number
from domain.rulesets.thirdandlong.timeouts import (
    challenge,
    challenge_refusal,
    read_challenger,
    read_timeout,
    timeout,
)


class ThirdAndLong:
    """The Third and Long ruleset."""

    name = "thirdandlong"
    version = RULES_VERSION["thirdandlong"]
    title = "Third and Long"
    division = QUARTERS
    options = (
        GameOption(
            "teams",
            "How the coaches acquire their stars: enter pre-built teams (built) or draft "
            "alternately (draft)",
            ("built", "draft"),
            "built",
        ),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> ThirdAndLongState:
        """Game set-up: rosters to enter, a fresh 60-card Action Deck, 3 time-outs, 2 challenges."""
        chosen = resolve_options(self.options, options)
        draft = chosen["teams"] == "draft"
        return ThirdAndLongState(
            home=home, away=away, draft=draft, phase="draft_order" if draft else "roster"
        )

    # What the table does next -------------------------------------------------------------

    def expected(self, state: ThirdAndLongState) -> Prompt:
        """Who acts next and the entries legal now."""
        return RULES.prompt(state)

    # Applying one entry ---------------------------------------------------------------------

    def apply(self, state: ThirdAndLongState, text: str) -> tuple[ThirdAndLongState, list[Ruling]]:
        """One entry as typed at the table, through the kernel's shared step."""
        if state.phase == "review" and read(text)[0] not in HANDLERS["review"]:
            # Challenge a Play: any entry but a challenge accepts the ruling on the field, and is
            # then taken as the next entry.
            settled, first = accept_ruling(state, open_play(state))
            after, more = self.apply(settled, text)
            return after, [*first, *more]
        return RULES.step(state, text)

    def form(self, state: ThirdAndLongState, text: str) -> EntryForm | None:
        """The form ``text`` matches; in the challenge window, an entry that is no challenge
        matches a form of the prompt after the ruling on the field is accepted (``apply``)."""
        try:
            review = state.phase == "review" and read(text)[0] not in HANDLERS["review"]
            if review:
                state, _ = accept_ruling(state, open_play(state))
        except IllegalEntry:
            return None
        return RULES.form(state, text)

    def situation(self, state: ThirdAndLongState) -> dict[str, Any]:
        """The public view: score by quarter, the drive, the open play and the Action Deck."""
        play = state.play
        target = total = None
        if play is not None and state.phase in ("pile", "check", "turnover", "review", "snap"):
            target = target_number(play)
            if play.snap is not None:
                total = play_total(state, play)
        live = state.phase not in ("roster", "draft_order", "draft", "toss", "choice", "final")
        return kernel.common_situation(
            self,
            state,
            quarter=state.quarter,
            possession=state.offense if live else None,
            down=None,
            distance=None,
            ball_on=None,
            clock=clock_view(state),
            timeouts={"home": state.timeouts[0], "away": state.timeouts[1]},
            converting=state.phase in ("try", "block") or state.kind == "two",
            phase=state.phase,
            challenges={"home": state.challenges[0], "away": state.challenges[1]},
            key_moments_left=state.moments if live else None,
            key_moments=state.moments_total if live else None,
            play_kind=play.kind if play else None,
            target=target,
            play_total=total,
            rosters=roster_view(state),
            injured=injured_view(state),
            score_pending=score_pending(state),
        )


def clock_view(state: ThirdAndLongState) -> dict[str, Any]:
    """Game Clock: the Action Deck's cards wherever they are, and whether the next play fits."""
    return {
        "deck": state.deck,
        "discard": state.discard,
        "hands": {"home": state.hands[0], "away": state.hands[1]},
        "placeholders": state.aside,
        "pile": state.pile,
        "draws_due": {"home": state.pending[0], "away": state.pending[1]},
        "cards_needed_for_next_play": cards_needed_now(state),
        "next_play_can_start": next_play_can_start(state),
        "time_expired": state.expired,
    }


def score_pending(state: ThirdAndLongState) -> dict[str, Any] | None:
    """Challenge a Play: the points the ruling on the field scores, held back while either coach
    may still challenge it and counted in the score once the ruling is accepted."""
    if state.phase != "review" or state.play is None:
        return None
    _, rulings = accept_ruling(state, state.play)
    scored = [r for r in rulings if r.points and r.team]
    if not scored:
        return None
    team = scored[0].team
    points = sum(r.points for r in scored if r.team == team)
    return {"team": team, "points": points, "kind": scored[0].kind}


def injured_view(state: ThirdAndLongState) -> list[dict[str, Any]]:
    """Injury: the stars sitting out and the time each has left."""
    return [
        {
            "team": i.side,
            "position": i.position.upper(),
            "left": i.length,
            "unit": i.unit,
            "counting": i.counting,
        }
        for i in state.injured
    ]


def not_now(state: ThirdAndLongState, keyword: str) -> str | None:
    """A clearer reason for the refusals the rulebook names."""
    play = state.play
    if keyword in ("penalty", "foul") and play is not None and play.challenged is not None:
        return "penalties cannot be played during a challenge; use modifiers or whistle"
    if keyword in ("loose", "big") and play is not None:
        if play.kind == "two" and state.phase == "turnover":
            return NO_RETURN_ON_A_TRY
        if play.kind == "return" and keyword == "big":
            return "a turnover return takes modifiers only: no Big Play cards"
    if keyword == "challenge":
        if state.overtime:
            return "there are no challenges in overtime"
        if state.phase in ("review", "turnover"):
            reasons = {challenge_refusal(state, s) for s in SIDES}
            return "no challenge now: " + "; ".join(sorted(r for r in reasons if r))
        return "a challenge is made after the whistle, to review the ruling on the field"
    if keyword == "timeout" and state.phase in ("calls", "snap", "time_up"):
        return "neither coach has a time-out left"
    if keyword in ("off", "def", "big", "penalty", "foul", "injury") and state.phase == "pile":
        legal = legal_line(PROMPTS[state.phase](state))
        return f"that coach has no Action cards in hand to use; {legal}"
    return None


def legal_line(prompt: Prompt) -> str:
    """The refusal's second half: the entries legal now, or what the table does."""
    return "expected " + " | ".join(prompt.legal) if prompt.forms else prompt.text


Step = tuple[ThirdAndLongState, list[Ruling]]
Handler = Callable[[ThirdAndLongState, Match], Step]
Reader = Callable[[ThirdAndLongState, Sequence[str]], Any]


def on_play(rule: Callable[..., Step], **fixed: Any) -> Handler:
    """The handler of a phase that always holds a play under way: the rule is handed that play
    and the entry's typed value (and any ``fixed`` keyword, e.g. the modifier's sign)."""
    return lambda state, entry: rule(state, open_play(state), entry.value, **fixed)


def valued(rule: Callable[..., Step], **fixed: Any) -> Handler:
    """The handler of a rule given the entry's typed value (and any ``fixed`` keyword)."""
    return lambda state, entry: rule(state, entry.value, **fixed)


def _random(what: str) -> Reader:
    """The reading of a form whose one value is the random number on an Action card."""
    return lambda state, rest: read_random(rest, what)


# How each form's values are read, by its keyword: the typed value its handler is given. A
# keyword not here takes nothing after it (``domain.grammar``).
READERS: dict[str, Reader] = {
    "star": read_star,
    "first": read_draft_first,
    "done": read_draft_done,
    "toss": read_toss_winner,
    "drive": _random("the drive-length card"),
    "onside": _random("the onside-kick card"),
    "play": lambda state, rest: read_call(rest),
    "timeout": read_timeout,
    "snap": _random("the snap card"),
    "off": read_modifier,
    "def": read_modifier,
    "big": read_big_play,
    "penalty": lambda state, rest: read_penalty(state, rest, "penalty"),
    "foul": lambda state, rest: read_penalty(state, rest, "foul"),
    "injury": read_injury,
    "check": read_check,
    "challenge": read_challenger,
    "score": read_scoring_card,
    "xp": _random("the extra-point card"),
    "block": _random("the blocking card"),
}


def with_readers(prompt_of: Callable[[ThirdAndLongState], Prompt]) -> kernel.PromptFn[Any]:
    """A phase's prompt whose forms declare how their values are read (``READERS``)."""

    def prompt(state: ThirdAndLongState) -> Prompt:
        asked = prompt_of(state)
        forms = tuple(
            replace(form, read=partial(READERS[form.keyword.split()[0]], state))
            if form.keyword.split()[0] in READERS
            else form
            for form in asked.forms
        )
        return replace(asked, forms=forms)

    prompt.__doc__ = prompt_of.__doc__
    return prompt


# Each phase's entries and the rule each one goes to; a phase's prompt offers a subset of its
# keywords (a modifier only to a coach with cards in hand, a time-out only to one with one left).
HANDLERS: dict[str, dict[str, Handler]] = {
    "roster": {"star": valued(star_entry), "ready": valued(roster_ready)},
    "draft_order": {"first": valued(draft_order)},
    "draft": {"star": valued(star_entry), "done": valued(draft_done)},
    "toss": {"toss": valued(coin_toss)},
    "choice": {
        "offense": valued(toss_choice, choice="offense"),
        "defense": valued(toss_choice, choice="defense"),
    },
    "kickoff": {"drive": valued(drive_length), "onside": valued(onside_kick)},
    "drive": {"drive": valued(drive_length)},
    "calls": {"play": valued(play_calls), "timeout": valued(timeout)},
    "snap": {"snap": on_play(snap), "timeout": valued(timeout)},
    "pile": {
        "whistle": on_play(whistle),
        "off": on_play(modifier, sign=1),
        "def": on_play(modifier, sign=-1),
        "big": on_play(big_play),
        "penalty": on_play(penalty, kind="penalty"),
        "foul": on_play(penalty, kind="foul"),
        "injury": on_play(injury),
    },
    "check": {"check": on_play(turnover_check)},
    "turnover": {
        "whistle": on_play(whistle),
        "penalty": on_play(penalty, kind="penalty"),
        "foul": on_play(penalty, kind="foul"),
        "challenge": on_play(challenge),
        "loose": on_play(he_breaks_loose),
    },
    "review": {"accept": on_play(accept_entry), "challenge": on_play(challenge)},
    "fourth": {
        "punt": valued(fourth_down_choice, choice="punt"),
        "go": valued(fourth_down_choice, choice="go"),
    },
    "score": {"score": valued(scoring_flip)},
    "fg_choice": {
        "kick": valued(field_goal_choice, choice="kick"),
        "goforit": valued(field_goal_choice, choice="goforit"),
    },
    "try": {"xp": valued(extra_point), "two": valued(go_for_two)},
    "block": {"block": valued(block_attempt)},
    "time_up": {"end": valued(end_entry), "timeout": valued(timeout)},
    "final": {},
}


def read(text: str) -> list[str]:
    """The entry's words, with Third and Long's shorthands ("+2", "mod -3", "go for it")."""
    return normalise(words(text))


RULES = kernel.Rules(
    prompts={phase: with_readers(prompt_of) for phase, prompt_of in PROMPTS.items()},
    handlers=HANDLERS,
    final_line=kernel.final_line,
    read=read,
    why_not=not_now,
)

RULESET = ThirdAndLong()
