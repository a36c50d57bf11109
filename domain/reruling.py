"""A game remembers the rules that judged it (docs/rulings.md, "A game remembers the rules").

Every stored ruling carries the version of the rules that made it (``Ruled.rules``,
``Rederived.rules``). When a standing entry's ruling was made under another version than the
rules installed now, the installed rules are run over the game from the opening and compared
with what the record shows, entry by entry: the rulings' facts and the situation after each one.
Only facts are compared (a ruling's kind, team, points, yards and data; the situation without
its sentences, ``SENTENCE_KEYS``): a sentence worded anew (issue #27: "Cowboys'" for
"Cowboys's") rules nothing otherwise. The entries they would rule differently are named, and the
record is kept as it stands until the table adopts the new rulings with ``zebra rerule`` (a
correction like any other, revertible).

Pure: no I/O. The comparison reads the stored steps the aggregate keeps (``StoredStep``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import deltas
from domain.ruleset import LATER_SITUATION_KEYS, IllegalEntry, Ruleset


@dataclass(frozen=True)
class StoredStep:
    """One step as the record holds it: the rules version that ruled it, its compact rulings and
    the change of the situation since the step before it."""

    rules: int
    rulings: list[dict[str, Any]]
    change: dict[str, Any]

    def to_dict(self, seq: int) -> dict[str, Any]:
        return {"seq": seq, "rules": self.rules, "rulings": self.rulings, "change": self.change}


@dataclass(frozen=True)
class Difference:
    """One entry the installed rules would rule otherwise than the record shows (seq 0: the
    opening), with the rulings before and after and the situation keys that differ."""

    seq: int
    before: tuple[str, ...]
    after: tuple[str, ...]
    keys: tuple[str, ...] = ()
    unfit: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "before": list(self.before),
            "after": list(self.after),
            "keys": list(self.keys),
            "unfit": self.unfit,
        }


@dataclass(frozen=True)
class Disagreement:
    """A game whose stored rulings are not what the installed rules make of it."""

    game: str
    title: str
    ruled_under: tuple[int, ...]
    rules: int
    differences: tuple[Difference, ...]
    shown: dict[str, Any] = field(compare=False, default_factory=dict)

    @property
    def seqs(self) -> list[int]:
        return [d.seq for d in self.differences]

    @property
    def line(self) -> str:
        """The one line every door shows for such a game."""
        short = self.game.replace("-", "")[:8]
        was = " and ".join(str(v) for v in self.ruled_under)
        return (
            f"game {short} was ruled under {self.title} rules {was}; these rules "
            f"({self.title} rules {self.rules}) would rule {spans(self.seqs)} differently; "
            f"`zebra rerule {short} --reason ...` adopts them"
        )


def spans(seqs: Sequence[int]) -> str:
    """Entry numbers as a reader counts them: "entry 12", "entries 141-144", "the opening"."""
    opening = 0 in seqs
    numbers = sorted(s for s in seqs if s)
    runs: list[str] = []
    for n in numbers:
        if runs and runs[-1].split("-")[-1] == str(n - 1):
            runs[-1] = f"{runs[-1].split('-')[0]}-{n}"
        else:
            runs.append(str(n))
    words = ""
    if numbers:
        plural = len(numbers) > 1
        words = f"entr{'ies' if plural else 'y'} {', '.join(runs)}"
    if opening:
        return f"the opening and {words}" if words else "the opening"
    return words


def plain(value: Any) -> Any:
    """A value as it reads back from the store (tuples as lists)."""
    return json.loads(json.dumps(value))


# The situation's keys that are sentences for the table to read, not facts of the game: a new
# wording of them is no new ruling.
SENTENCE_KEYS = ("next",)
# A ruling's sentence: what it says, not what it rules.
RULING_SENTENCE = "text"


def ruling_facts(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """What a ruling rules, without its sentence: kind, team, points, yards and data (a ruling
    stored without a key reads as the ``Ruling`` default)."""
    facts = {k: v for k, v in ruling.items() if k != RULING_SENTENCE}
    facts.setdefault("team", None)
    facts.setdefault("points", 0)
    facts.setdefault("yards", None)
    facts["data"] = facts.get("data") or {}
    same: dict[str, Any] = plain(facts)
    return same


def same_rulings(stored: Sequence[Mapping[str, Any]], made: Sequence[Mapping[str, Any]]) -> bool:
    """Whether two entries' rulings rule the same: the same facts in the same order, whatever
    their sentences say (docs/rulings.md, "A game remembers the rules that judged it")."""
    return [ruling_facts(r) for r in stored] == [ruling_facts(r) for r in made]


def _same_situation(stored: Mapping[str, Any], made: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys in which two situations differ; a key stored before it existed (issue #16's
    period keys) is not a difference, nor is a sentence (``SENTENCE_KEYS``) worded anew."""
    keys = [k for k in made if k in stored or k not in LATER_SITUATION_KEYS]
    keys += [k for k in stored if k not in made]
    keys = [k for k in keys if k not in SENTENCE_KEYS]
    return tuple(k for k in keys if stored.get(k) != made.get(k))


def differences(
    rules: Ruleset[Any],
    opening_state: Any,
    stored_opening: StoredStep,
    entries: Iterable[tuple[int, str]],
    stored: Mapping[int, StoredStep],
) -> tuple[list[Difference], dict[str, Any]]:
    """Each standing entry (seq, text, in play order) the rules would rule otherwise than its
    stored step, and the situation the record shows after the last one.

    An entry that no longer fits under these rules is a difference (``unfit``); the fold goes on
    without it, as a correction with --strike-invalid would."""
    found: list[Difference] = []
    shown = deltas.applied(None, stored_opening.change)
    made = plain(rules.situation(opening_state))
    keys = _same_situation(shown, made)
    if keys:
        found.append(Difference(0, (), (), keys))
    state = opening_state
    for seq, text in entries:
        step = stored[seq]
        shown = deltas.applied(shown, step.change)
        before = tuple(str(r.get("text", "")) for r in deltas.expanded(step.rulings))
        try:
            state, rulings = rules.apply(state, text)
        except IllegalEntry as exc:
            found.append(Difference(seq, before, (), (), unfit=str(exc)))
            continue
        after = plain([r.to_dict() for r in rulings])
        now = plain(rules.situation(state))
        keys = _same_situation(shown, now)
        if keys or not same_rulings(deltas.expanded(step.rulings), after):
            found.append(Difference(seq, before, tuple(str(r["text"]) for r in after), keys))
    return found, shown
