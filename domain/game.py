"""The Game aggregate: every entry from the table and every ruling, as immutable events.

The state of play is never stored: it is the ruleset folded over the effective (not struck)
entries in play order. Commands check an entry, or a correction, against that fold before
anything is recorded, so a refused one leaves no trace. ``Ruled`` and ``Rederived`` events carry
what the rules made of each entry, so projections read rulings and never re-run a rule.
"""

from __future__ import annotations

from copy import copy
from dataclasses import asdict, dataclass, replace
from typing import Any

from eventsourcing.domain import Aggregate, event

from domain import rulesets
from domain.corrections import DISPUTES, Proposal, describe
from domain.ruleset import IllegalEntry, Ruleset, Ruling


@dataclass(frozen=True)
class Entry:
    """One fact as typed at the table, with who typed it and whether it still stands."""

    seq: int
    text: str
    by: str
    at: str
    struck: str | None = None


@dataclass(frozen=True)
class Derived:
    """What the rules made of one effective entry: the state after it and its rulings."""

    seq: int
    state: Any
    rulings: tuple[Ruling, ...]
    situation: dict[str, Any]


@dataclass(frozen=True)
class Correction:
    """The result of a correction: entries struck because they no longer fit, and the new fold."""

    struck: tuple[tuple[Entry, str], ...]
    folded: list[Derived]
    kept: int
    pending: bool = False


class Game(Aggregate):
    """One game at one table, refereed under one ruleset."""

    @classmethod
    def start(
        cls, ruleset: str, home: str, away: str, options: dict[str, str], by: str, at: str
    ) -> Game:
        """Set up a game; bad team names or options are refused before anything is recorded."""
        rules = rulesets.get(ruleset)
        home, away = _team_name(home, "home"), _team_name(away, "away")
        if home.lower() == away.lower():
            raise IllegalEntry(
                f"both teams are called {home!r}; give the two teams different names"
            )
        options = dict(options)
        disputes = options.pop("disputes", "referee")
        if disputes not in DISPUTES:
            raise IllegalEntry(
                f"option disputes cannot be {disputes!r}; expected one of: {', '.join(DISPUTES)}"
            )
        first = rules.initial(home, away, options)
        game = cls(
            ruleset=rules.name,
            home=home,
            away=away,
            options=options,
            by=by,
            at=at,
            disputes=disputes,
        )
        game._ruled(seq=0, rulings=[], situation=rules.situation(first))
        return game

    @event("Started")
    def __init__(
        self,
        ruleset: str,
        home: str,
        away: str,
        options: dict[str, str],
        by: str,
        at: str,
        disputes: str = "referee",
    ) -> None:
        self.ruleset = ruleset
        self.home = home
        self.away = away
        self.options = dict(options)
        self.started_by = by
        self.started_at = at
        self.entries: dict[int, Entry] = {}
        self.order: list[int] = []
        self.disputes = disputes
        self.pending: dict[str, Any] | None = None
        self.pending_by: str | None = None
        self._folded: list[Derived] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A copy for one command: fresh containers, shared immutable entries and fold steps.

        The repository deep-copies a cached game for every command. Entries, fold steps and
        states are frozen and never changed in place, so only the containers that commands and
        events change (dicts and lists) are copied: O(entries) list copies instead of a deep
        copy of every state of the game.
        """
        copied = copy(self)
        memo[id(self)] = copied
        copied.__dict__.update(
            options=dict(self.options),
            entries=dict(self.entries),
            order=list(self.order),
            pending=None if self.pending is None else dict(self.pending),
            _folded=None if self._folded is None else list(self._folded),
            _pending_events=list(self._pending_events),
        )
        return copied

    # Reading the fold -----------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset[Any]:
        return rulesets.get(self.ruleset)

    @property
    def in_order(self) -> list[Entry]:
        """Every entry ever made, in play order (an inserted entry stands where it was put)."""
        return [self.entries[seq] for seq in self.order]

    @property
    def effective(self) -> list[Entry]:
        """The entries that stand, in play order."""
        return [e for e in self.in_order if e.struck is None]

    @property
    def folded(self) -> list[Derived]:
        """The ruleset folded over the effective entries: the start, then one step per entry.

        The fold is kept between commands (and in the store's cache) and only the entries made
        since are folded on; a correction drops the steps from the changed entry onward.
        """
        if self._folded is None:
            self._folded = self._opening()
        effective = self.effective
        done = len(self._folded) - 1
        if done < len(effective):
            self._folded = self._fold_from(self._folded, effective[done:])
        return self._folded

    @property
    def state(self) -> Any:
        """The state of play now."""
        return self.folded[-1].state

    @property
    def situation(self) -> dict[str, Any]:
        return self.folded[-1].situation

    @property
    def waiting(self) -> str | None:
        """The correction waiting for the other coach, in words, or None."""
        if self.pending is None:
            return None
        return f"{describe(Proposal(**self.pending))} (proposed by {self.pending_by})"

    def entry(self, seq: int) -> Entry:
        """Entry number ``seq``; an unknown number is refused with the range that exists."""
        found = self.entries.get(seq)
        if found is None:
            last = len(self.entries)
            known = f"entries are numbered 1 to {last}" if last else "no entry has been made yet"
            raise IllegalEntry(f"there is no entry {seq}; {known}")
        return found

    def _opening(self) -> list[Derived]:
        rules = self.rules
        state = rules.initial(self.home, self.away, self.options)
        return [Derived(0, state, (), rules.situation(state))]

    def _fold_from(self, steps: list[Derived], entries: list[Entry]) -> list[Derived]:
        rules = self.rules
        steps = list(steps)
        for entry in entries:
            state, rulings = rules.apply(steps[-1].state, entry.text)
            steps.append(Derived(entry.seq, state, tuple(rulings), rules.situation(state)))
        return steps

    # Commands -------------------------------------------------------------------------------

    def enter(self, text: str, by: str, at: str) -> Derived:
        """Record one entry and its rulings, or refuse it and record nothing."""
        self._no_pending()
        rules = self.rules
        folded = self.folded
        state, rulings = rules.apply(folded[-1].state, text)
        seq = len(self.entries) + 1
        step = Derived(seq, state, tuple(rulings), rules.situation(state))
        self._entered(seq=seq, text=text.strip(), by=by, at=at)
        self._ruled(seq=seq, rulings=[r.to_dict() for r in rulings], situation=step.situation)
        self._folded = [*folded, step]
        return step

    def undo(self, reason: str, by: str, at: str) -> Entry:
        """Strike the last effective entry: a disputed call; it stays in the record."""
        self._no_pending()
        standing = self.effective
        if not standing:
            raise IllegalEntry("nothing to undo: no entry has been made in this game yet")
        last = standing[-1]
        why = _reason(reason, "undone")
        if self.disputes == "agree":
            self._propose(Proposal("strike", last.seq, reason=why), by, at)
            return last
        folded = self.folded
        self._struck(seq=last.seq, reason=why, by=by, at=at)
        # Striking the last entry changes no later ruling, so the fold just loses its last step.
        self._folded = folded[:-1]
        return self.entries[last.seq]

    def strike(
        self, seq: int, reason: str, by: str, at: str, *, strike_invalid: bool = False
    ) -> Correction:
        """Strike any entry that stands; later entries are re-derived without it."""
        proposal = Proposal(
            "strike", seq, reason=_reason(reason, "struck"), strike_invalid=strike_invalid
        )
        return self._correct_or_propose(proposal, by, at)

    def restore(
        self, seq: int, reason: str, by: str, at: str, *, strike_invalid: bool = False
    ) -> Correction:
        """Bring a struck entry back; it must fit the game where it stands."""
        proposal = Proposal(
            "restore", seq, reason=_reason(reason, "restored"), strike_invalid=strike_invalid
        )
        return self._correct_or_propose(proposal, by, at)

    def amend(
        self, seq: int, text: str, reason: str, by: str, at: str, *, strike_invalid: bool = False
    ) -> Correction:
        """Replace what an entry says (the die really showed 5); later entries are re-derived."""
        proposal = Proposal(
            "amend",
            seq,
            text.strip(),
            reason=_reason(reason, "amended"),
            strike_invalid=strike_invalid,
        )
        return self._correct_or_propose(proposal, by, at)

    def insert(
        self, after: int, text: str, reason: str, by: str, at: str, *, strike_invalid: bool = False
    ) -> Correction:
        """Add a forgotten entry after entry ``after`` (0: before the first)."""
        proposal = Proposal(
            "insert",
            after,
            text.strip(),
            reason=_reason(reason, "inserted"),
            strike_invalid=strike_invalid,
        )
        return self._correct_or_propose(proposal, by, at)

    def confirm(self, by: str, at: str) -> Correction:
        """The other coach agrees: the waiting correction is made, with both names recorded."""
        proposal = self._waiting()
        if by == self.pending_by:
            raise IllegalEntry(f"{by} proposed this correction; the other coach confirms it")
        proposer = self.pending_by or by
        self._confirmed(by=by, at=at)
        return self._apply(proposal, proposer, at)

    def reject(self, reason: str, by: str, at: str) -> Proposal:
        """The other coach disagrees: the waiting correction is dropped, and the record says so."""
        proposal = self._waiting()
        self._rejected(reason=_reason(reason, "rejected"), by=by, at=at)
        return proposal

    def _waiting(self) -> Proposal:
        if self.pending is None:
            raise IllegalEntry("no correction is waiting to be confirmed or rejected")
        return Proposal(**self.pending)

    def _no_pending(self) -> None:
        if self.pending is not None:
            waiting = describe(Proposal(**self.pending))
            raise IllegalEntry(
                f"a correction is waiting for the other coach ({waiting}, proposed by "
                f"{self.pending_by}); zebra confirm or zebra reject first"
            )

    def _correct_or_propose(self, proposal: Proposal, by: str, at: str) -> Correction:
        self._no_pending()
        if self.disputes == "agree":
            outcome = self._check(proposal)
            self._propose(proposal, by, at)
            return replace(outcome, folded=self.folded, kept=len(self.folded) - 1, pending=True)
        return self._apply(proposal, by, at)

    def _propose(self, proposal: Proposal, by: str, at: str) -> None:
        self._proposed(proposal=asdict(proposal), by=by, at=at)

    def _plan(self, p: Proposal) -> tuple[dict[int, Entry], list[int], int]:
        """What a correction changes: the entries it replaces, the play order, the first changed."""
        if p.kind == "insert":
            if p.seq != 0:
                self.entry(p.seq)
            seq = len(self.entries) + 1
            at_index = 0 if p.seq == 0 else self.order.index(p.seq) + 1
            order = [*self.order[:at_index], seq, *self.order[at_index:]]
            return {seq: Entry(seq=seq, text=p.text, by="", at="")}, order, seq
        target = self.entry(p.seq)
        if p.kind == "strike":
            if target.struck is not None:
                raise IllegalEntry(f"entry {p.seq} is already struck ({target.struck})")
            return {p.seq: replace(target, struck=p.reason)}, self.order, p.seq
        if p.kind == "restore":
            if target.struck is None:
                raise IllegalEntry(
                    f"entry {p.seq} stands already; only a struck entry can be restored"
                )
            return {p.seq: replace(target, struck=None)}, self.order, p.seq
        if target.struck is not None:
            raise IllegalEntry(f"entry {p.seq} is struck; restore it before amending it")
        return {p.seq: replace(target, text=p.text)}, self.order, p.seq

    def _check(self, p: Proposal) -> Correction:
        changed, order, first = self._plan(p)
        return self._correct(changed, order, first, p.strike_invalid)

    def _apply(self, p: Proposal, by: str, at: str) -> Correction:
        outcome = self._check(p)
        if p.kind == "strike":
            self._struck(seq=p.seq, reason=p.reason, by=by, at=at)
        elif p.kind == "restore":
            self._restored(seq=p.seq, reason=p.reason, by=by, at=at)
        elif p.kind == "amend":
            self._amended(seq=p.seq, text=p.text, reason=p.reason, by=by, at=at)
        else:
            seq = len(self.entries) + 1
            self._inserted(seq=seq, after=p.seq, text=p.text, reason=p.reason, by=by, at=at)
        return self._record(outcome, by, at)

    def _correct(
        self, changed: dict[int, Entry], order: list[int], first: int, strike_invalid: bool
    ) -> Correction:
        """Re-run the rules from the first changed entry over the corrected sequence.

        The changed entry itself must fit. Later entries that no longer fit are named; with
        ``strike_invalid`` they are struck in the same step, otherwise the correction is refused.
        """
        rules = self.rules
        entries = {**self.entries, **changed}
        sequence = [entries[s] for s in order]
        start = order.index(first)
        kept = sum(1 for e in sequence[:start] if e.struck is None)
        steps = list(self.folded[: kept + 1])
        invalid: list[tuple[Entry, str]] = []
        for entry in sequence[start:]:
            if entry.struck is not None:
                continue
            try:
                state, rulings = rules.apply(steps[-1].state, entry.text)
            except IllegalEntry as exc:
                if entry.seq == first:
                    raise IllegalEntry(
                        f"entry {entry.seq} {entry.text!r} cannot stand: {exc}"
                    ) from None
                invalid.append((entry, str(exc)))
                continue
            steps.append(Derived(entry.seq, state, tuple(rulings), rules.situation(state)))
        if invalid and not strike_invalid:
            named = "; ".join(f"entry {e.seq} {e.text!r}: {why}" for e, why in invalid)
            raise IllegalEntry(
                f"the correction would leave {len(invalid)} later entr"
                f"{'y' if len(invalid) == 1 else 'ies'} that no longer fit ({named}); "
                "use --strike-invalid to strike them too"
            )
        return Correction(tuple(invalid), steps, kept)

    def _record(self, outcome: Correction, by: str, at: str) -> Correction:
        for entry, why in outcome.struck:
            reason = f"no longer fits after a correction: {why}"
            self._struck(seq=entry.seq, reason=reason, by=by, at=at)
        redone = [
            {"seq": s.seq, "rulings": [r.to_dict() for r in s.rulings], "situation": s.situation}
            for s in outcome.folded[outcome.kept + 1 :]
        ]
        self._rederived(steps=redone)
        self._folded = outcome.folded
        return outcome

    # Events: these only change state, because they are re-run on every replay -----------------

    def _forget_from(self, seq: int) -> None:
        """Drop the folded steps from entry ``seq``'s place in play order onward."""
        if self._folded is None:
            return
        place = {s: i for i, s in enumerate(self.order)}
        cut = place.get(seq, len(self.order))
        self._folded = [
            step for step in self._folded if step.seq == 0 or place.get(step.seq, cut) < cut
        ]

    @event("Entered")
    def _entered(self, seq: int, text: str, by: str, at: str) -> None:
        # A new entry comes last in play order, so the fold so far still stands.
        self.entries[seq] = Entry(seq=seq, text=text, by=by, at=at)
        self.order.append(seq)

    @event("Ruled")
    def _ruled(self, seq: int, rulings: list[dict[str, Any]], situation: dict[str, Any]) -> None:
        """Rulings are derived and re-derivable; they are stored for the projections to read."""

    @event("Struck")
    def _struck(self, seq: int, reason: str, by: str, at: str) -> None:
        self.entries[seq] = replace(self.entries[seq], struck=reason)
        self._forget_from(seq)

    @event("Restored")
    def _restored(self, seq: int, reason: str, by: str, at: str) -> None:
        self.entries[seq] = replace(self.entries[seq], struck=None)
        self._forget_from(seq)

    @event("Amended")
    def _amended(self, seq: int, text: str, reason: str, by: str, at: str) -> None:
        self.entries[seq] = replace(self.entries[seq], text=text)
        self._forget_from(seq)

    @event("Inserted")
    def _inserted(self, seq: int, after: int, text: str, reason: str, by: str, at: str) -> None:
        self.entries[seq] = Entry(seq=seq, text=text, by=by, at=at)
        self.order.insert(0 if after == 0 else self.order.index(after) + 1, seq)
        self._forget_from(seq)

    @event("Proposed")
    def _proposed(self, proposal: dict[str, Any], by: str, at: str) -> None:
        self.pending = dict(proposal)
        self.pending_by = by

    @event("Confirmed")
    def _confirmed(self, by: str, at: str) -> None:
        self.pending = None
        self.pending_by = None

    @event("Rejected")
    def _rejected(self, reason: str, by: str, at: str) -> None:
        self.pending = None
        self.pending_by = None

    @event("Rederived")
    def _rederived(self, steps: list[dict[str, Any]]) -> None:
        """The rulings of every entry the correction re-ran, for the projections to read."""


def _reason(reason: str, default: str) -> str:
    cleaned = " ".join(str(reason).split())
    if len(cleaned) > 200:
        raise IllegalEntry(f"a reason is at most 200 characters; this one is {len(cleaned)}")
    return cleaned or default


def _team_name(name: str, side: str) -> str:
    """A team's name as printed on the scoreboard: 1 to 30 visible characters."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise IllegalEntry(f"the {side} team needs a name")
    if len(cleaned) > 30:
        raise IllegalEntry(f"the {side} team's name is {len(cleaned)} characters; 30 at most")
    if any(not ch.isprintable() for ch in cleaned):
        raise IllegalEntry(f"the {side} team's name has a control character; type plain text")
    return cleaned
