"""Corrections of a game: strike, restore, amend, insert, revert, rerule, and disputes.

``Corrections`` is a mixin of the ``Game`` aggregate (domain/game.py): each correction is
checked against the fold of the corrected entries (``domain.timeline.plan`` and ``refold``)
before anything is recorded, then recorded as one thing with an id, the entries it changed and
every entry's re-derived rulings; with ``--disputes agree`` it waits for the other coach.
"""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from domain import deltas
from domain.corrections import Proposal, command_digest, describe
from domain.game_fold import Fold
from domain.people import person, reason_or, same_person
from domain.ruleset import IllegalEntry
from domain.sides import sides_dict
from domain.timeline import (
    Correction,
    CorrectionLog,
    Entry,
    cascade_of,
    corrected,
    plan,
    refold,
    schedule_text,
    undoing,
)


class Corrections(Fold):
    """The correction commands of the ``Game`` aggregate, and how each is checked and recorded."""

    # What the aggregate holds (set by ``domain.game.Game.__init__``), as corrections read it.
    disputes: str
    pending: dict[str, Any] | None
    pending_by: str | None
    corrections: dict[str, CorrectionLog]
    season: int | None
    week: int | None

    if TYPE_CHECKING:
        # The aggregate's commands and events (domain.game.Game) that a correction records.
        def seen(self, expect: int | None, digest: str) -> None: ...

        def refuse_if_set_aside(self) -> None: ...

        def _struck(
            self,
            seq: int,
            reason: str,
            by: str,
            at: str,
            correction: str | None,
            command: str | None,
        ) -> None: ...

        def _restored(
            self,
            seq: int,
            reason: str,
            by: str,
            at: str,
            correction: str | None,
            command: str | None,
        ) -> None: ...

        def _amended(
            self,
            seq: int,
            text: str,
            reason: str,
            by: str,
            at: str,
            sides: dict[str, Any] | None,
            correction: str | None,
            command: str | None,
        ) -> None: ...

        def _inserted(
            self,
            seq: int,
            after: int,
            text: str,
            reason: str,
            by: str,
            at: str,
            sides: dict[str, Any] | None,
            correction: str | None,
            command: str | None,
        ) -> None: ...

        def _withdrawn(self, seq: int, reason: str, by: str, at: str, correction: str) -> None: ...

        def _reinstated(self, seq: int, reason: str, by: str, at: str, correction: str) -> None: ...

        def _scheduled(
            self,
            season: int | None,
            week: int | None,
            reason: str,
            by: str,
            at: str,
            correction: str | None,
            command: str | None,
        ) -> None: ...

        def _reverted(
            self,
            correction: str,
            reverts: str,
            reason: str,
            by: str,
            at: str,
            command: str | None,
        ) -> None: ...

        def _reruled(
            self,
            correction: str,
            reason: str,
            by: str,
            at: str,
            command: str | None,
            rules: int,
            changed: list[dict[str, Any]],
            before: str,
        ) -> None: ...

        def _ruled(
            self,
            seq: int,
            rulings: list[dict[str, Any]],
            change: dict[str, Any],
            checkpoint: dict[str, Any] | None,
            rules: int,
        ) -> None: ...

        def _rederived(self, packed: str, rules: int) -> None: ...

        def _proposed(
            self, proposal: dict[str, Any], by: str, at: str, command: str | None
        ) -> None: ...

        def _confirmed(self, by: str, at: str, command: str | None) -> None: ...

        def _rejected(self, reason: str, by: str, at: str, command: str | None) -> None: ...

    def _next_id(self) -> str:
        """The id the next correction is recorded under: c1, c2, ..."""
        return f"c{len(self.corrections) + 1}"

    def strike(
        self,
        seq: int,
        reason: str,
        by: str,
        at: str,
        *,
        strike_invalid: bool = False,
        expect: int | None = None,
    ) -> Correction:
        """Strike any entry that stands; later entries are re-derived without it."""
        proposal = Proposal(
            "strike", seq, reason=reason_or(reason, "struck"), strike_invalid=strike_invalid
        )
        return self._correct_or_propose(proposal, by, at, expect)

    def restore(
        self,
        seq: int,
        reason: str,
        by: str,
        at: str,
        *,
        strike_invalid: bool = False,
        cascade: bool = False,
        expect: int | None = None,
    ) -> Correction:
        """Bring a struck entry back; it must fit the game where it stands.

        With ``cascade``, the entries struck together with it (by the same correction) come
        back too, in the same step.
        """
        proposal = Proposal(
            "restore",
            seq,
            reason=reason_or(reason, "restored"),
            strike_invalid=strike_invalid,
            cascade=cascade,
        )
        return self._correct_or_propose(proposal, by, at, expect)

    def amend(
        self,
        seq: int,
        text: str,
        reason: str,
        by: str,
        at: str,
        *,
        strike_invalid: bool = False,
        expect: int | None = None,
    ) -> Correction:
        """Replace what an entry says (the die really showed 5); later entries are re-derived."""
        proposal = Proposal(
            "amend",
            seq,
            text.strip(),
            reason=reason_or(reason, "amended"),
            strike_invalid=strike_invalid,
        )
        return self._correct_or_propose(proposal, by, at, expect)

    def insert(
        self,
        after: int,
        text: str,
        reason: str,
        by: str,
        at: str,
        *,
        strike_invalid: bool = False,
        expect: int | None = None,
    ) -> Correction:
        """Add a forgotten entry after entry ``after`` (0: before the first)."""
        proposal = Proposal(
            "insert",
            after,
            text.strip(),
            reason=reason_or(reason, "inserted"),
            strike_invalid=strike_invalid,
        )
        return self._correct_or_propose(proposal, by, at, expect)

    def revert(
        self,
        correction: str | None,
        reason: str,
        by: str,
        at: str,
        *,
        strike_invalid: bool = False,
        expect: int | None = None,
    ) -> Correction:
        """Take a whole correction back in one step (without an id: the latest one)."""
        target = self._revertible(correction)
        proposal = Proposal(
            "revert",
            target.seq,
            reason=reason_or(reason, f"revert of {target.id}"),
            strike_invalid=strike_invalid,
            target=target.id,
        )
        return self._correct_or_propose(proposal, by, at, expect)

    def rerule(
        self,
        reason: str,
        by: str,
        at: str,
        *,
        strike_invalid: bool = False,
        expect: int | None = None,
    ) -> Correction:
        """Adopt what the installed rules make of every entry, in place of the rulings the
        record shows (which were made under another version of them): a correction."""
        proposal = Proposal(
            "rerule", 0, reason=reason_or(reason, "reruled"), strike_invalid=strike_invalid
        )
        return self._correct_or_propose(proposal, by, at, expect)

    def confirm(self, by: str, at: str, *, expect: int | None = None) -> Correction:
        """The other coach agrees: the waiting correction is made, with both names recorded."""
        by = person(by)
        digest = command_digest("confirm", by=by)
        self.seen(expect, digest)
        proposal = self._waiting()
        self._as_shown(proposal)
        if same_person(by, self.pending_by or ""):
            raise IllegalEntry(f"{by} proposed this correction; the other coach confirms it")
        proposer = self.pending_by or by
        self._confirmed(by=by, at=at, command=digest)
        return self._apply(proposal, proposer, at, None)

    def reject(self, reason: str, by: str, at: str, *, expect: int | None = None) -> Proposal:
        """The other coach disagrees: the waiting correction is dropped, and the record says so."""
        by = person(by)
        why = reason_or(reason, "rejected")
        digest = command_digest("reject", why, by=by)
        self.seen(expect, digest)
        proposal = self._waiting()
        self._as_shown(proposal)
        self._rejected(reason=why, by=by, at=at, command=digest)
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

    def _revertible(self, wanted: str | None) -> CorrectionLog:
        """The correction to take back: the one named, else the latest; refused if taken back."""
        if not self.corrections:
            raise IllegalEntry("no correction has been made in this game; nothing to revert")
        if wanted is None:
            target = list(self.corrections.values())[-1]
        else:
            key = wanted.strip().lower()
            key = key if key.startswith("c") else f"c{key}"
            found = self.corrections.get(key)
            if found is None:
                known = ", ".join(self.corrections)
                raise IllegalEntry(f"there is no correction {wanted!r}; this game has: {known}")
            target = found
        if target.reverted_by is not None:
            raise IllegalEntry(
                f"correction {target.id} was already taken back by {target.reverted_by}; "
                f"revert {target.reverted_by} to make it again"
            )
        return target

    def _correct_or_propose(
        self, proposal: Proposal, by: str, at: str, expect: int | None
    ) -> Correction:
        by = person(by)
        digest = command_digest(
            proposal.kind,
            proposal.seq,
            proposal.text,
            proposal.reason,
            proposal.strike_invalid,
            proposal.cascade,
            proposal.target,
            by=by,
        )
        self.seen(expect, digest)
        self.refuse_if_set_aside()
        self._no_pending()
        self._as_shown(proposal)
        if self.disputes == "agree":
            outcome = self._check(proposal)
            self._propose(proposal, by, at, digest)
            return replace(outcome, folded=[self._last()], kept=self.standing, pending=True)
        return self._apply(proposal, by, at, digest)

    def _propose(self, proposal: Proposal, by: str, at: str, digest: str) -> None:
        self._proposed(proposal=asdict(proposal), by=by, at=at, command=digest)

    def _schedule_now(self) -> str:
        return schedule_text(self.season, self.week)

    def _cascade_of(self, entry: Entry) -> list[Entry]:
        """The other entries struck by the same correction as ``entry``, still struck."""
        return cascade_of(entry, self.entries, self.order)

    def _undoing(self, log: CorrectionLog) -> dict[int, Entry]:
        """The entries as they were before correction ``log`` (domain.timeline.undoing)."""
        return undoing(log, self.entries, self.corrections, self._schedule_now())

    def _check(self, p: Proposal) -> Correction:
        if p.kind == "rerule":
            if self.disagreement() is None:
                rules = self.rules
                raise IllegalEntry(
                    f"game {self.id.hex[:8]} is ruled as these rules ({rules.title} rules "
                    f"{rules.version}) rule it: nothing to rerule"
                )
            return self._correct({}, self.order, set(), p.strike_invalid, from_opening=True)
        if p.kind == "revert" and self.corrections[p.target].kind == "rerule":
            log = self.corrections[p.target]
            if log.entries != len(self.entries) or list(self.corrections)[-1] != log.id:
                raise IllegalEntry(
                    f"entries or corrections were recorded under these rules after {log.id}; "
                    f"taking {log.id} back would leave them judged by other rules than the "
                    "entries before them, so it can no longer be taken back"
                )
            return Correction((), [self._last()], self.standing)
        planned = plan(p, self.entries, self.order, self.corrections, self._schedule_now())
        outcome = self._correct(planned.changed, planned.order, planned.must_fit, p.strike_invalid)
        if p.kind == "restore" and not p.cascade:
            rest = self._cascade_of(self.entries[p.seq])
            if rest:
                seqs = ", ".join(str(e.seq) for e in rest)
                outcome = replace(
                    outcome,
                    offer=f"entries {seqs} were struck with it ({self.entries[p.seq].struck_with})"
                    f"; zebra restore {p.seq} --cascade brings them back together",
                )
        return outcome

    def _apply(self, p: Proposal, by: str, at: str, digest: str | None) -> Correction:
        try:
            outcome = self._check(p)
        except IllegalEntry as exc:
            if p.kind == "restore" and not p.cascade and self._cascade_of(self.entries[p.seq]):
                raise IllegalEntry(
                    f"{exc}; entry {p.seq} was struck together with others "
                    f"({self.entries[p.seq].struck_with}): zebra restore {p.seq} --cascade "
                    f"restores them all"
                ) from None
            raise
        cid = self._next_id()
        if p.kind == "strike":
            self._struck(seq=p.seq, reason=p.reason, by=by, at=at, correction=cid, command=digest)
        elif p.kind == "restore":
            self._restored(seq=p.seq, reason=p.reason, by=by, at=at, correction=cid, command=digest)
            for seq in outcome.resolved:
                if seq != p.seq and self.entries[seq].struck is not None:
                    self._restored(
                        seq=seq, reason=p.reason, by=by, at=at, correction=cid, command=None
                    )
        elif p.kind == "amend":
            self._amended(
                seq=p.seq,
                text=p.text,
                reason=p.reason,
                by=by,
                at=at,
                sides=sides_dict(outcome.resolved.get(p.seq)),
                correction=cid,
                command=digest,
            )
        elif p.kind == "insert":
            seq = len(self.entries) + 1
            self._inserted(
                seq=seq,
                after=p.seq,
                text=p.text,
                reason=p.reason,
                by=by,
                at=at,
                sides=sides_dict(outcome.resolved.get(seq)),
                correction=cid,
                command=digest,
            )
        elif p.kind == "rerule":
            self._record_rerule(p, cid, by, at, digest)
        else:
            self._record_revert(p, cid, by, at, digest)
            if self.corrections[p.target].kind == "rerule":
                self._put_back(self.corrections[p.target])
                return replace(outcome, id=cid, reverts=p.target)
        reverts = p.target if p.kind == "revert" else None
        return replace(self._record(outcome, cid, by, at), id=cid, reverts=reverts)

    def _record_revert(self, p: Proposal, cid: str, by: str, at: str, digest: str | None) -> None:
        """The revert event, then one event per entry it puts back as it was."""
        self._reverted(
            correction=cid, reverts=p.target, reason=p.reason, by=by, at=at, command=digest
        )
        why = f"{p.reason} ({cid} takes back {p.target})"
        target = self.corrections[p.target]
        for seq, entry in self._undoing(target).items():
            now = self.entries[seq]
            if entry.withdrawn != now.withdrawn:
                event_method = self._withdrawn if entry.withdrawn else self._reinstated
                event_method(seq=seq, reason=why, by=by, at=at, correction=cid)
            elif entry.text != now.text:
                self._amended(
                    seq=seq,
                    text=entry.text,
                    reason=why,
                    by=by,
                    at=at,
                    sides=sides_dict(entry.sides),
                    correction=cid,
                    command=None,
                )
            elif (entry.struck is None) != (now.struck is None):
                if entry.struck is None:
                    self._restored(seq=seq, reason=why, by=by, at=at, correction=cid, command=None)
                else:
                    self._struck(
                        seq=seq,
                        reason=entry.struck,
                        by=by,
                        at=at,
                        correction=cid,
                        command=None,
                    )
        for op in target.ops:
            if op.kind == "schedule":
                season, week = json.loads(op.before or "[null, null]")
                self._scheduled(
                    season=season, week=week, reason=why, by=by, at=at, correction=cid, command=None
                )

    def _record_rerule(self, p: Proposal, cid: str, by: str, at: str, digest: str | None) -> None:
        """The rerule event (what the record showed, and what changes) and the opening these
        rules make; ``_record`` then stores every entry's new step."""
        found = self.disagreement()
        assert found is not None
        shown = [self._stored[0].to_dict(0)]
        shown += [self._stored[e.seq].to_dict(e.seq) for e in self._standing_list()]
        version = self.rules.version
        self._reruled(
            correction=cid,
            reason=p.reason,
            by=by,
            at=at,
            command=digest,
            rules=version,
            changed=[d.to_dict() for d in found.differences],
            before=deltas.pack(shown),
        )
        # The opening too, changed or not: every step of the game is then these rules'.
        full = deltas.full(self._opening().situation)
        self._ruled(seq=0, rulings=[], change=full, checkpoint=None, rules=version)

    def _put_back(self, log: CorrectionLog) -> None:
        """A rerule taken back: the steps the record showed before it, each with the version
        of the rules that made it (the game is then named as ruled under them again)."""
        assert log.before is not None
        opening, *steps = deltas.unpack(log.before)
        self._ruled(
            seq=0,
            rulings=opening["rulings"],
            change=opening["change"],
            checkpoint=None,
            rules=opening["rules"],
        )
        if steps:
            oldest = min(step["rules"] for step in steps)
            self._rederived(packed=deltas.pack(steps), rules=oldest)

    def _correct(
        self,
        changed: dict[int, Entry],
        order: list[int],
        must_fit: set[int],
        strike_invalid: bool,
        *,
        from_opening: bool = False,
    ) -> Correction:
        """Re-run the rules from the first changed entry over the corrected sequence.

        The entries the correction is about must fit. A later entry that no longer fits, or
        that would now be the other team's, is named; with ``strike_invalid`` it is struck in
        the same step, otherwise the correction is refused.
        """
        sequence, start = corrected(self.entries, changed, order)
        if from_opening:
            # A rerule: every entry, from the opening the installed rules make.
            start = 0
        kept = sum(1 for e in sequence[:start] if e.stands)
        # Only from the step before the first changed entry: from the checkpoint before it.
        later = sequence[start:]
        return refold(
            self.rules,
            self._step_at(kept),
            kept,
            later,
            changed,
            must_fit,
            self._recovered_sides(later),
            self.names,
            strike_invalid,
        )

    def _record(self, outcome: Correction, cid: str, by: str, at: str) -> Correction:
        for entry, why in outcome.struck:
            reason = f"no longer fits after a correction: {why}"
            self._struck(seq=entry.seq, reason=reason, by=by, at=at, correction=cid, command=None)
        steps = outcome.folded
        redone = []
        end = outcome.kept + len(steps) - 1
        for place, (before, now) in enumerate(
            zip(steps, steps[1:], strict=False), outcome.kept + 1
        ):
            step = {
                "seq": now.seq,
                "rulings": deltas.compact([r.to_dict() for r in now.rulings]),
                "change": deltas.change(before.situation, now.situation),
            }
            # Not in the last ``checkpoint_every`` steps: a short correction near the end
            # stores none (it stays a few hundred bytes a step), and a game opened after it
            # folds on from the checkpoint before, fewer than twice that many entries.
            if place <= end - self.checkpoint_every:
                checkpoint = self._checkpoint_of(place, now)
                if checkpoint is not None:
                    step["checkpoint"] = checkpoint
            redone.append(step)
        self._rederived(packed=deltas.pack(redone), rules=self.rules.version)
        self._steps, self._base = list(steps), outcome.kept
        for place, now in enumerate(steps[1:], outcome.kept + 1):
            self._made(place, now)
        return outcome
