"""The timeline of one game: its entries, the corrections made to them, and the fold over them.

Pure: no events, no store. The ``Game`` aggregate (domain.game) records what happened as
events and keeps these values; everything that decides what a correction changes is here, as
functions of the entries, their play order and the corrections so far (docs/corrections.md):

* ``plan`` turns a correction as asked (``Proposal``) into the entries it replaces, the play
  order after it and the entries that must fit where they stand;
* ``undoing`` gives the entries as they were before a recorded correction (to revert it);
* ``cascade_of`` the other entries one correction struck together;
* ``corrected`` the play order with the changed entries in place, and ``refold`` the rules run
  over it from the step before its first change, naming every later entry that no longer fits.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from domain import deltas
from domain.corrections import Proposal, no_longer_fit
from domain.ruleset import IllegalEntry, Ruleset, Ruling
from domain.sides import Sides, of_entry


@dataclass(frozen=True)
class Entry:
    """One fact as typed at the table, with who typed it, whose it is and whether it stands."""

    seq: int
    text: str
    by: str
    at: str
    struck: str | None = None
    sides: Sides | None = None
    withdrawn: bool = False
    struck_with: str | None = None

    @property
    def stands(self) -> bool:
        """Counts in the game: neither struck nor withdrawn by a reverted insertion."""
        return self.struck is None and not self.withdrawn


@dataclass(frozen=True)
class Derived:
    """What the rules made of one effective entry: the state after it and its rulings.

    The situation (what a screen shows) is made by ``view`` when first asked for and kept in
    ``memo``, a cache the step owns: the step itself never changes."""

    seq: int
    state: Any
    rulings: tuple[Ruling, ...]
    shown: dict[str, Any] | None = field(default=None, compare=False)
    view: Callable[[Any], dict[str, Any]] | None = field(default=None, compare=False, repr=False)
    memo: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def situation(self) -> dict[str, Any]:
        """The situation after the entry, made by the rules when first asked for."""
        if self.shown is not None:
            return self.shown
        made = self.memo.get("situation")
        if made is None:
            assert self.view is not None
            made = self.memo["situation"] = self.view(self.state)
        return made

    def situation_unkept(self) -> dict[str, Any]:
        """The situation after the entry, made without keeping it when it is not kept yet (a
        correction's record reads every step's once, to store what changed)."""
        if self.shown is not None:
            return self.shown
        made = self.memo.get("situation")
        if made is None:
            assert self.view is not None
            made = self.view(self.state)
        return made


@dataclass(frozen=True)
class Correction:
    """The result of a correction: entries struck because they no longer fit, and the new fold."""

    struck: tuple[tuple[Entry, str], ...]
    folded: list[Derived]
    kept: int
    pending: bool = False
    # What each step after the first changed in the situation (domain.deltas.change), as the
    # correction's event stores it.
    changes: tuple[dict[str, Any], ...] = ()
    resolved: dict[int, Sides] = field(default_factory=dict)
    id: str | None = None
    offer: str | None = None
    reverts: str | None = None


@dataclass(frozen=True)
class Op:
    """One change a correction made to one entry, with what it was before (to take it back)."""

    kind: str  # strike, restore, amend, insert, withdraw, reinstate, schedule
    seq: int
    before: str | None = None
    after: str | None = None
    before_sides: Sides | None = None


@dataclass
class CorrectionLog:
    """A recorded correction: what was asked, by whom and why, and every entry it changed."""

    id: str
    kind: str
    seq: int
    reason: str
    by: str
    at: str
    ops: list[Op] = field(default_factory=list)
    reverts: str | None = None
    reverted_by: str | None = None
    # A rerule: the steps the record showed before it (to put back), and the entries then made.
    before: str | None = None
    entries: int = 0


@dataclass(frozen=True)
class Plan:
    """What a correction changes: the entries it replaces, the play order after it, and the
    entries that must fit where they stand (the ones the correction is about)."""

    changed: dict[int, Entry]
    order: list[int]
    must_fit: set[int]


Entries = Mapping[int, Entry]
Corrections = Mapping[str, CorrectionLog]


def entry_of(entries: Entries, seq: int) -> Entry:
    """Entry number ``seq``; an unknown number is refused with the range that exists."""
    found = entries.get(seq)
    if found is None:
        last = len(entries)
        known = f"entries are numbered 1 to {last}" if last else "no entry has been made yet"
        raise IllegalEntry(f"there is no entry {seq}; {known}")
    return found


def in_play_order(entries: Entries, order: Sequence[int]) -> list[Entry]:
    """Every entry ever made, in play order (an inserted entry stands where it was put)."""
    return [entries[seq] for seq in order]


def schedule_text(season: int | None, week: int | None) -> str:
    """A schedule as a correction's trail keeps it (to be put back by a revert)."""
    return json.dumps([season, week])


def number(correction: str) -> int:
    """Correction ``c12``'s number, 12."""
    return int(correction[1:])


def cascade_of(entry: Entry, entries: Entries, order: Sequence[int]) -> list[Entry]:
    """The other entries struck by the same correction as ``entry``, still struck."""
    if entry.struck_with is None:
        return []
    return [
        e
        for e in in_play_order(entries, order)
        if e.seq != entry.seq and e.struck_with == entry.struck_with and e.struck is not None
    ]


def plan(
    p: Proposal, entries: Entries, order: list[int], corrections: Corrections, schedule_now: str
) -> Plan:
    """What correction ``p`` (not a rerule) changes; a correction that cannot be made is
    refused with the reason. ``schedule_now`` is the game's schedule (``schedule_text``)."""
    if p.kind == "insert":
        if p.seq != 0:
            entry_of(entries, p.seq)
        seq = len(entries) + 1
        at_index = 0 if p.seq == 0 else order.index(p.seq) + 1
        new_order = [*order[:at_index], seq, *order[at_index:]]
        return Plan({seq: Entry(seq=seq, text=p.text, by="", at="")}, new_order, {seq})
    if p.kind == "revert":
        changed = undoing(corrections[p.target], entries, corrections, schedule_now)
        return Plan(changed, order, {s for s, e in changed.items() if e.stands})
    target = entry_of(entries, p.seq)
    if target.withdrawn:
        raise IllegalEntry(
            f"entry {p.seq} was withdrawn when its insertion was reverted; revert that "
            "revert to bring it back"
        )
    if p.kind == "strike":
        if target.struck is not None:
            raise IllegalEntry(f"entry {p.seq} is already struck ({target.struck})")
        return Plan({p.seq: replace(target, struck=p.reason)}, order, set())
    if p.kind == "restore":
        if target.struck is None:
            raise IllegalEntry(f"entry {p.seq} stands already; only a struck entry can be restored")
        changed = {p.seq: replace(target, struck=None, struck_with=None)}
        if p.cascade:
            for other in cascade_of(target, entries, order):
                changed[other.seq] = replace(other, struck=None, struck_with=None)
        return Plan(changed, order, set(changed))
    if target.struck is not None:
        raise IllegalEntry(f"entry {p.seq} is struck; restore it before amending it")
    return Plan({p.seq: replace(target, text=p.text)}, order, {p.seq})


def _still_as_left(op: Op, now: Entry) -> bool:
    """Whether entry ``now`` is as correction change ``op`` left it."""
    return {
        "strike": now.struck is not None,
        "restore": now.struck is None,
        "amend": now.text == op.after,
        "insert": not now.withdrawn,
        "reinstate": not now.withdrawn,
        "withdraw": now.withdrawn,
    }[op.kind]


def _undone(op: Op, now: Entry) -> Entry:
    """Entry ``now`` with change ``op`` taken back."""
    if op.kind == "strike":
        return replace(now, struck=None, struck_with=None)
    if op.kind == "restore":
        return replace(now, struck=op.before or "struck")
    if op.kind == "amend":
        return replace(now, text=op.before or now.text, sides=op.before_sides)
    if op.kind in ("insert", "reinstate"):
        return replace(now, withdrawn=True)
    return replace(now, withdrawn=False)


def undoing(
    log: CorrectionLog, entries: Entries, corrections: Corrections, schedule_now: str
) -> dict[int, Entry]:
    """The entries as they were before correction ``log``: every change it made, undone.

    Refused when a later correction changed one of those entries (or the schedule) again: take
    that one back first, so that nothing is undone that the table did not ask to undo.
    """
    later = [c.id for c in corrections.values() if number(c.id) > number(log.id)]
    by_later = ", ".join(later) or "a later correction"
    changed: dict[int, Entry] = {}
    for op in reversed(log.ops):
        if op.kind == "schedule":
            # A schedule changes no entry; the aggregate takes it back with the revert.
            if op.after != schedule_now:
                raise IllegalEntry(
                    f"the schedule was changed again after {log.id} (by {by_later}); "
                    "revert that first"
                )
            continue
        now = changed.get(op.seq) or entries[op.seq]
        if not _still_as_left(op, now):
            raise IllegalEntry(
                f"entry {op.seq} was changed again after {log.id} (by {by_later}); "
                "revert that first"
            )
        changed[op.seq] = _undone(op, now)
    return changed


def corrected(
    entries: Entries, changed: Mapping[int, Entry], order: Sequence[int]
) -> tuple[list[Entry], int]:
    """The entries in play order with the changed ones in place, and the index of the first
    changed one (the length when nothing changed: no entry to run the rules over again)."""
    merged = {**entries, **changed}
    sequence = [merged[s] for s in order]
    start = min((order.index(s) for s in changed), default=len(sequence))
    return sequence, start


def refold(
    rules: Ruleset[Any],
    start: Derived,
    kept: int,
    later: Sequence[Entry],
    changed: Mapping[int, Entry],
    must_fit: set[int],
    known: Mapping[int, Sides],
    names: Mapping[str, str],
    strike_invalid: bool,
) -> Correction:
    """Re-run the rules from ``start`` (the step after ``kept`` standing entries) over the
    ``later`` entries of the corrected sequence.

    The entries the correction is about must fit. A later entry that no longer fits, or that
    would now be the other team's (its sides as recorded: ``known``, else its own), is named;
    with ``strike_invalid`` it is struck in the same step, otherwise the correction is refused.
    """
    steps = [start]
    shown = start.situation
    changes: list[dict[str, Any]] = []
    invalid: list[tuple[Entry, str]] = []
    resolved: dict[int, Sides] = {}
    for entry in later:
        if not entry.stands:
            continue
        state = steps[-1].state
        then = known.get(entry.seq, entry.sides)
        try:
            now = of_entry(rules, state, entry.text)
            state, rulings = rules.apply(state, entry.text)
            if then is not None and not then.same_team(now):
                raise IllegalEntry(
                    f"it was entered for {then.describe(dict(names))}, but "
                    f"{now.describe(dict(names))} would act there now"
                )
        except IllegalEntry as exc:
            if entry.seq in must_fit:
                why = f"entry {entry.seq} {entry.text!r} cannot stand: {exc}"
                raise IllegalEntry(why) from None
            invalid.append((entry, str(exc)))
            continue
        if entry.seq in changed:
            resolved[entry.seq] = now
        step = Derived(entry.seq, state, tuple(rulings), None, rules.situation)
        # Made now, while the prompt of this state is at hand for the next entry (made once a
        # step), and kept only as what changed: the steps hold no view of a long game each.
        before, shown = shown, step.situation_unkept()
        changes.append(deltas.change(before, shown))
        steps.append(step)
    if invalid and not strike_invalid:
        raise IllegalEntry(no_longer_fit([(e.seq, e.text, why) for e, why in invalid]))
    if len(steps) > 1:
        steps[-1].memo.setdefault("situation", shown)
    return Correction(tuple(invalid), steps, kept, resolved=resolved, changes=tuple(changes))


def fold_on(
    rules: Ruleset[Any],
    steps: Sequence[Derived],
    entries: Sequence[Entry],
    lenient: Callable[[], bool],
) -> list[Derived]:
    """``steps`` followed by one step per entry, each the rules applied to the step before.

    An entry the rules refuse is passed over (its step keeps the state before it) when
    ``lenient()`` says so (a record ruled under other rules, which took it); otherwise the
    refusal is raised."""
    folded = list(steps)
    for entry in entries:
        try:
            state, rulings = rules.apply(folded[-1].state, entry.text)
        except IllegalEntry:
            if not lenient():
                raise
            state, rulings = folded[-1].state, []
        folded.append(Derived(entry.seq, state, tuple(rulings), None, rules.situation))
    return folded
