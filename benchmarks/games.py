"""Random legal games for the benchmarks, composed only from what the ruleset offers next.

Entries are drawn from ``ruleset.expected(state).forms`` and their slot ranges, exactly as
tests/domain/test_invariants.py and the tablet's pad compose them, so every entry is legal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from domain import rulesets
from domain.ruleset import EntryForm, IllegalEntry

# Red Zone is the game whose random games are long enough for the big cases: about 1,100
# entries at the default length. With ``length=long`` and the last offered form preferred half
# of the time (mostly "noplays", "special", "call"), a game runs to about 2,500 entries.
LONG_RULESET = "redzone"
LONG_OPTIONS = {"length": "long"}


@dataclass(frozen=True)
class ScriptedGame:
    """A ruleset, its options, and the entries of one legal game (finished or not)."""

    ruleset: str
    options: dict[str, str]
    entries: list[str]
    finished: bool


def draw_entry(rnd: random.Random, form: EntryForm) -> str:
    values: list[str | int] = []
    for slot in form.slots:
        if slot.kind == "word":
            values.append(rnd.choice(slot.words))
        else:
            values.append(rnd.randint(slot.low, slot.high))
    return form.compose(values)


def random_game(
    ruleset: str,
    seed: int,
    *,
    options: dict[str, str] | None = None,
    limit: int = 10_000,
    prefer_last: float = 0.0,
) -> ScriptedGame:
    """Play a random legal game until it ends or ``limit`` entries have been made."""
    rules = rulesets.get(ruleset)
    opts = dict(options or {})
    rnd = random.Random(seed)
    state: Any = rules.initial("Bears", "Packers", opts)
    entries: list[str] = []
    refused = 0
    while len(entries) < limit:
        if rules.situation(state)["finished"]:
            return ScriptedGame(ruleset, opts, entries, True)
        forms = rules.expected(state).forms
        form = forms[-1] if rnd.random() < prefer_last else rnd.choice(forms)
        text = draw_entry(rnd, form)
        try:
            state, _ = rules.apply(state, text)
        except IllegalEntry:
            refused += 1
            if refused > 10_000:
                raise RuntimeError(f"{ruleset} seed {seed}: no legal entry found") from None
            continue
        entries.append(text)
    return ScriptedGame(ruleset, opts, entries, rules.situation(state)["finished"])


def long_game(entries: int, seed: int = 1) -> ScriptedGame:
    """The first ``entries`` entries of a long random Red Zone game (extended if need be).

    With the last form preferred half of the time a game ends before about 2,500 entries; for
    longer ones (figures 1 to 3 go to 5,000) it is preferred 80% of the time, which makes more
    of the entries the ones that do not move the clock (mostly discards and swaps)."""
    prefer = 0.5 if entries <= 2000 else 0.8
    for attempt in range(20):
        game = random_game(
            LONG_RULESET,
            seed + 1000 * attempt,
            options=LONG_OPTIONS,
            limit=entries,
            prefer_last=prefer,
        )
        if len(game.entries) == entries:
            return game
    raise RuntimeError(f"no random {LONG_RULESET} game reached {entries} entries")


def typical_game(entries: int, seed: int = 1) -> ScriptedGame:
    """The first ``entries`` entries of a Red Zone game played uniformly at random."""
    for attempt in range(20):
        game = random_game(LONG_RULESET, seed + 1000 * attempt, limit=entries)
        if len(game.entries) == entries:
            return game
    return long_game(entries, seed)


def finished_games(ruleset: str, count: int, seed: int = 1) -> list[ScriptedGame]:
    """``count`` different random games of ``ruleset``, each played to the final whistle."""
    out: list[ScriptedGame] = []
    s = seed
    while len(out) < count:
        game = random_game(ruleset, s)
        s += 1
        if game.finished:
            out.append(game)
    return out
