"""Every way a person may type one entry: the keyword form the tablet composes, and the shorthands
docs/entries.md allows (the keyword left out, "roll" for the dice's colour, the values labelled
by side in any order, die faces run together, a game's keyword and value aliases).

A spelling counts only when the ruleset takes it as the very same entry (the same state after
it), so the generator needs no list of which game reads which shorthand: it proposes, the rules
decide.
"""

from __future__ import annotations

import random
from typing import Any

from domain.ruleset import EntryForm, IllegalEntry, Ruleset
from domain.rulesets.gridironmasters.reading import KEYWORD_ALIASES
from domain.rulesets.redzone.state import ALIASES as REDZONE_VALUE_ALIASES
from domain.rulesets.thirdandlong.reading import ALIASES as THIRDANDLONG_ALIASES

# Third and Long's signed modifiers: "off 2" is "+2" and "mod +2", "def 3" is "-3" and "mod -3".
SIGNS = {"off": "+", "def": "-"}


def _labels(state: Any, side: str) -> list[str]:
    """The words that name a side: home/away and the team's name, in any case."""
    name = state.name(side)
    return [side, name, name.lower(), name.upper()]


def proposals(state: Any, form: EntryForm, text: str, rnd: random.Random) -> list[str]:
    """Spellings of ``text`` (composed from ``form``) to try, the keyword form first."""
    keyword, _, rest = text.partition(" ")
    values = rest.split()
    out = [text, rest, f"roll {rest}", f"{keyword.upper()} {rest}"]
    aliases = {**KEYWORD_ALIASES, **THIRDANDLONG_ALIASES}
    out += [f"{alias} {rest}" for alias, real in aliases.items() if real == keyword]
    if keyword in SIGNS and len(values) == 1:
        out += [f"{SIGNS[keyword]}{rest}", f"mod {SIGNS[keyword]}{rest}"]
    if keyword == "goforit":
        out.append("go for it")
    swapped = [
        next((a for a, real in REDZONE_VALUE_ALIASES.items() if real == v), v) for v in values
    ]
    out.append(" ".join([keyword, *swapped]))
    sides = [slot.side for slot in form.slots]
    if len(values) == len(sides) and any(sides):
        groups: list[tuple[Any, list[str]]] = []
        for side, value in zip(sides, values, strict=True):
            if groups and groups[-1][0] == side:
                groups[-1][1].append(value)
            else:
                groups.append((side, [value]))
        out.append(" / ".join(" ".join(v) for _, v in groups))
        out.append(" ".join("".join(v) for _, v in groups))
        if all(side is not None for side, _ in groups):
            labelled = [f"{rnd.choice(_labels(state, s))} {' '.join(v)}" for s, v in groups]
            rnd.shuffle(labelled)
            out.append(" / ".join(labelled))
            out.append(f"{keyword} {' / '.join(labelled)}")
    return [p for p in dict.fromkeys(out) if p.strip()]


def spellings(rules: Ruleset[Any], state: Any, form: EntryForm, text: str) -> list[str]:
    """The spellings of ``text`` the rules take as the same entry at ``state``."""
    same, _ = rules.apply(state, text)
    found = []
    for proposal in proposals(state, form, text, random.Random(text)):
        try:
            after, _ = rules.apply(state, proposal)
        except IllegalEntry:
            continue
        if after == same:
            found.append(proposal)
    return found
