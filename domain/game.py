"""The Game aggregate: every entry from the table and every ruling, as immutable events.

The state of play is never stored: it is the ruleset folded over the effective (not struck)
entries in play order. Commands check an entry, or a correction, against that fold before
anything is recorded, so a refused one leaves no trace. ``Ruled`` and ``Rederived`` events carry
what the rules made of each entry, so projections read rulings and never re-run a rule.

Three promises of the record live here (docs/corrections.md):

* a command carries the game version the person saw, and is refused if the game moved on
  (or answered "already recorded" when the very same command was recorded at that version);
* an entry keeps the sides it was resolved to when it was made, and a correction that would
  give a later entry to the other team names it instead (``domain.sides``);
* a correction is one thing with an id, and ``revert`` takes it back as one thing.

The stored event format is described in docs/events.md. Every event class carries a
``class_version``; ``upcast_v1_v2`` turns events written by Zebra 0.1 into the current shape,
``upcast_v1_v2`` of ``Ruled`` and ``Rederived`` their full situations into changes.

The fold is kept incrementally: the standing entries and the fold's last steps are extended by
each new entry, never rebuilt, and every ``CHECKPOINT_EVERY`` standing entries the fold's state
is stored in that step's ``Ruled`` event (its ``checkpoint``), so opening a game or correcting
entry k re-runs the rules from the checkpoint at or before k only.
"""

from __future__ import annotations

from copy import copy
from dataclasses import replace
from typing import Any, ClassVar

from eventsourcing.domain import Aggregate, event

from domain import deltas, rulesets, schedule
from domain.corrections import (
    DISPUTES,
    AlreadyRecorded,
    GameMovedOn,
    Proposal,
    command_digest,
    describe,
)
from domain.game_corrections import Corrections
from domain.game_fold import Checkpoint
from domain.people import person, reason_or
from domain.reruling import StoredStep
from domain.rules_versions import BASELINE
from domain.ruleset import IllegalEntry, Ruling
from domain.sides import Sides, of_entry
from domain.teams import team_names
from domain.timeline import (
    Correction,
    CorrectionLog,
    Derived,
    Entry,
    Op,
    schedule_text,
)

__all__ = ["AlreadyRecorded", "Correction", "Derived", "Entry", "Game", "GameMovedOn"]

CHECKPOINT_EVERY = 100
"""The fold's state is stored after every this many standing entries (docs/events.md)."""


def _v1_to_v2(*defaults: tuple[str, Any]) -> Any:
    def upcast(state: dict[str, Any]) -> None:
        for name, value in defaults:
            state.setdefault(name, value)

    return staticmethod(upcast)


def _ruled_v1_v2(state: dict[str, Any]) -> None:
    """A step stored with its whole situation: that situation is a change setting every key."""
    state["rulings"] = deltas.compact(state.get("rulings") or [])
    state["change"] = deltas.full(state.pop("situation"))
    state["checkpoint"] = None


def _rederived_v1_v2(state: dict[str, Any]) -> None:
    steps = state.pop("steps")
    for step in steps:
        _ruled_v1_v2(step)
        del step["checkpoint"]
    state["packed"] = deltas.pack(steps)


class Game(Aggregate, Corrections):
    """One game at one table, refereed under one ruleset."""

    # Stored events (docs/events.md). Version 2 adds sides, correction ids and command prints.

    class Started(Aggregate.Created):
        class_version = 2
        ruleset: str
        home: str
        away: str
        options: dict[str, str]
        by: str
        at: str
        disputes: str
        upcast_v1_v2 = _v1_to_v2(("disputes", "referee"))

    class Entered(Aggregate.Event):
        class_version = 2
        seq: int
        text: str
        by: str
        at: str
        sides: dict[str, Any] | None
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("sides", None), ("command", None))

    class Ruled(Aggregate.Event):
        # Version 2: compact rulings, the change of the situation since the step before, and
        # every CHECKPOINT_EVERY standing entries the fold's state ({"place", "state"}).
        # Version 3: the version of the rules that made the rulings (domain.rules_versions);
        # a step stored before made under the baseline version.
        class_version = 3
        seq: int
        rulings: list[dict[str, Any]]
        change: dict[str, Any]
        checkpoint: dict[str, Any] | None
        rules: int
        upcast_v1_v2 = staticmethod(_ruled_v1_v2)
        upcast_v2_v3 = _v1_to_v2(("rules", BASELINE))

    class Struck(Aggregate.Event):
        class_version = 2
        seq: int
        reason: str
        by: str
        at: str
        correction: str | None
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("correction", None), ("command", None))

    class Restored(Aggregate.Event):
        class_version = 2
        seq: int
        reason: str
        by: str
        at: str
        correction: str | None
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("correction", None), ("command", None))

    class Amended(Aggregate.Event):
        class_version = 2
        seq: int
        text: str
        reason: str
        by: str
        at: str
        sides: dict[str, Any] | None
        correction: str | None
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("sides", None), ("correction", None), ("command", None))

    class Inserted(Aggregate.Event):
        class_version = 2
        seq: int
        after: int
        text: str
        reason: str
        by: str
        at: str
        sides: dict[str, Any] | None
        correction: str | None
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("sides", None), ("correction", None), ("command", None))

    class Withdrawn(Aggregate.Event):
        seq: int
        reason: str
        by: str
        at: str
        correction: str

    class Reinstated(Aggregate.Event):
        seq: int
        reason: str
        by: str
        at: str
        correction: str

    class Scheduled(Aggregate.Event):
        # The game's season and week (domain.schedule); a change after the start is a correction.
        season: int | None
        week: int | None
        reason: str
        by: str
        at: str
        correction: str | None
        command: str | None

    class Reverted(Aggregate.Event):
        correction: str
        reverts: str
        reason: str
        by: str
        at: str
        command: str | None

    class Proposed(Aggregate.Event):
        class_version = 2
        proposal: dict[str, Any]
        by: str
        at: str
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("command", None))

    class Confirmed(Aggregate.Event):
        class_version = 2
        by: str
        at: str
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("command", None))

    class Rejected(Aggregate.Event):
        class_version = 2
        reason: str
        by: str
        at: str
        command: str | None
        upcast_v1_v2 = _v1_to_v2(("command", None))

    class Rederived(Aggregate.Event):
        # Version 2: the steps packed (domain.deltas.pack); each step is seq, compact rulings,
        # the change since the step before it, and a checkpoint where one is due (as in Ruled).
        # Version 3: the rules version of its steps (a step may carry its own, "rules": a
        # rerule taken back puts back steps made under several).
        class_version = 3
        packed: str
        rules: int
        upcast_v1_v2 = staticmethod(_rederived_v1_v2)
        upcast_v2_v3 = _v1_to_v2(("rules", BASELINE))

        @property
        def steps(self) -> list[dict[str, Any]]:
            """The steps, unpacked (each time: an event is read once per fold)."""
            return deltas.unpack(self.packed)

    class Reruled(Aggregate.Event):
        # The table adopted the installed rules' rulings (``zebra rerule``): correction
        # ``correction``; ``changed`` lists the entries ruled otherwise (domain.reruling), and
        # ``before`` the steps the record showed (packed), put back if it is reverted. The
        # Rederived after it holds the new steps.
        correction: str
        reason: str
        by: str
        at: str
        command: str | None
        rules: int
        changed: list[dict[str, Any]]
        before: str

    class Copied(Aggregate.Event):
        # Issue #26: this record is a second record of game ``of``, imported on purpose.
        of: str
        by: str
        at: str

    class SetAside(Aggregate.Event):
        # Issue #27: the table abandoned this game; it leaves the lists and the standings, and
        # nothing is entered into it until it is brought back. Nothing is deleted.
        reason: str
        by: str
        at: str
        command: str | None

    class BroughtBack(Aggregate.Event):
        # Issue #27: a game set aside is in the lists and the standings again.
        reason: str
        by: str
        at: str
        command: str | None

    checkpoint_every: ClassVar[int] = CHECKPOINT_EVERY
    # The game this record copies (domain.identity.is_copy); a class default, so a game
    # restored from a snapshot taken before copies existed reads as no copy.
    copy_of: str | None = None
    # Why the game was set aside (domain.identity.left_out), or None while it is in play; a
    # class default, so a game restored from an older snapshot reads as not set aside.
    set_aside: str | None = None

    @classmethod
    def start(
        cls, ruleset: str, home: str, away: str, options: dict[str, str], by: str, at: str
    ) -> Game:
        """Set up a game; bad team names or options are refused before anything is recorded."""
        rules = rulesets.get(ruleset)
        home, away = team_names(home, away)
        by = person(by)
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
        opening = rules.situation(first)
        game._ruled(
            seq=0, rulings=[], change=deltas.full(opening), checkpoint=None, rules=rules.version
        )
        game._steps = [Derived(0, first, (), opening, rules.situation)]
        return game

    @event(Started)
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
        self.started_at = at
        self.entries = {}
        self.order = []
        self.disputes = disputes
        # The league calendar (domain.schedule): None until a Scheduled event gives one.
        self.season = None
        self.week = None
        self.pending = None
        self.pending_by = None
        self.corrections = {}
        # Version -> (fingerprint, what it did): the commands as recorded, to say what
        # a stale screen missed and to tell a double tap from a new command.
        self.commands: dict[int, tuple[str | None, str]] = {}
        # The fold (domain.game_fold.Fold says what each holds), kept incrementally.
        self._standing = []
        self._struck_n = 0
        self._steps = None
        self._base = 0
        self._checkpoints = {}
        self._prompt = None
        self._recorded_before = {}
        self._recovered = {}
        self._stored = {}
        self._agreement = None

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
            corrections={k: replace(v, ops=list(v.ops)) for k, v in self.corrections.items()},
            commands=dict(self.commands),
            _standing=None if self._standing is None else list(self._standing),
            _steps=None if self._steps is None else list(self._steps),
            _checkpoints=dict(self._checkpoints),
            _recorded_before=dict(self._recorded_before),
            _recovered=dict(self._recovered),
            _stored=dict(self._stored),
            _pending_events=list(self._pending_events),
        )
        return copied

    # Reading the fold -----------------------------------------------------------------------

    @property
    def waiting(self) -> str | None:
        """The correction waiting for the other coach, in words, or None."""
        if self.pending is None:
            return None
        return f"{describe(Proposal(**self.pending))} (proposed by {self.pending_by})"

    # What a stale screen missed ----------------------------------------------------------------

    def seen(self, expect: int | None, digest: str) -> None:
        """Refuse a command taken on a version of the game that is no longer the latest.

        The same command (same fingerprint) recorded right after that version is a repeat,
        answered "already recorded"; anything else recorded since means the game moved on.
        """
        if expect is None or expect == self.version:
            return
        if expect > self.version or expect < 1:
            raise IllegalEntry(
                f"version {expect} is not a version of this game (it is at {self.version}); "
                "zebra status --json shows the version"
            )
        first = self.commands.get(expect + 1)
        if first is not None and first[0] == digest:
            raise AlreadyRecorded(f"already recorded: {first[1]} (nothing recorded twice)")
        raise GameMovedOn(self.moved_on(expect))

    def moved_on(self, expect: int) -> str:
        """What was recorded since version ``expect``, and the situation now, in one line."""
        since = [what for v, (_, what) in sorted(self.commands.items()) if v > expect]
        happened = "; ".join(since[-3:]) if since else "it changed"
        if len(since) > 3:
            happened = f"{len(since) - 3} more commands, then {happened}"
        return (
            f"the game moved on: {happened}; now: {self.situation.get('next', '')} "
            "(nothing of yours was recorded; enter it again if it still applies)"
        )

    # Commands -------------------------------------------------------------------------------

    def enter(self, text: str, by: str, at: str, *, expect: int | None = None) -> Derived:
        """Record one entry and its rulings, or refuse it and record nothing."""
        by = person(by)
        text = text.strip()
        self.seen(expect, command_digest("enter", text, by=by))
        self.refuse_if_set_aside()
        self._no_pending()
        self._as_shown()
        rules = self.rules
        last = self._last()
        state, rulings = rules.apply(last.state, text)
        sides = of_entry(rules, last.state, text)
        seq = len(self.entries) + 1
        step = Derived(seq, state, tuple(rulings), rules.situation(state), rules.situation)
        self._entered(
            seq=seq,
            text=text,
            by=by,
            at=at,
            sides=sides.to_dict(),
            command=command_digest("enter", text, by=by),
        )
        place = self.standing
        self._ruled(
            seq=seq,
            rulings=deltas.compact([r.to_dict() for r in rulings]),
            change=deltas.change(last.situation, step.situation),
            checkpoint=self._checkpoint_of(place, step),
            rules=rules.version,
        )
        # The entry comes last in play order: the fold so far stands and gains one step.
        assert self._steps is not None
        self._steps.append(step)
        self._made(place, step)
        return step

    def undo(self, reason: str, by: str, at: str, *, expect: int | None = None) -> Entry:
        """Strike the last effective entry: a disputed call; it stays in the record."""
        by = person(by)
        why = reason_or(reason, "undone")
        digest = command_digest("undo", why, by=by)
        self.seen(expect, digest)
        self.refuse_if_set_aside()
        self._no_pending()
        self._as_shown()
        standing = self._standing_list()
        if not standing:
            raise IllegalEntry("nothing to undo: no entry has been made in this game yet")
        last = standing[-1]
        if self.disputes == "agree":
            self._propose(Proposal("strike", last.seq, reason=why), by, at, digest)
            return last
        # Striking the last entry changes no later ruling: the fold just loses its last step.
        self._struck(
            seq=last.seq, reason=why, by=by, at=at, correction=self._next_id(), command=digest
        )
        return self.entries[last.seq]

    def schedule(
        self,
        season: int | None,
        week: int | None,
        reason: str,
        by: str,
        at: str,
        *,
        expect: int | None = None,
        opening: bool = False,
    ) -> str | None:
        """Give the game its season and week (None: keep that one); a change after the start
        is a correction with an id (returned), revertible as one; it changes no ruling."""
        by = person(by)
        why = reason_or(reason, "set at the start" if opening else "scheduled")
        if season is None and week is None:
            raise IllegalEntry("give --season YEAR, --week N or both")
        new_season = self.season if season is None else schedule.checked_season(season)
        new_week = self.week if week is None else schedule.checked_week(week)
        digest = command_digest("schedule", new_season, new_week, why, by=by)
        self.seen(expect, digest)
        if (new_season, new_week) == (self.season, self.week):
            raise IllegalEntry(
                f"the game is {schedule.describe(self.season, self.week)} already; nothing changed"
            )
        cid = None if opening else self._next_id()
        self._scheduled(
            season=new_season,
            week=new_week,
            reason=why,
            by=by,
            at=at,
            correction=cid,
            command=digest,
        )
        return cid

    def refuse_if_set_aside(self) -> None:
        """A game set aside takes no entry nor correction until it is brought back (#27)."""
        if self.set_aside is not None:
            raise IllegalEntry(
                f"game {self.id.hex[:8]} is set aside ({self.set_aside}); "
                f"zebra set-aside --back --game {self.id.hex[:8]} --reason R first"
            )

    # Events: these only change state, because they are re-run on every replay -----------------

    def _said(self, what: str, command: str | None) -> None:
        """Note the command whose first event this is (it is the next version)."""
        self.commands[self.version + 1] = (command, what)

    def _log(
        self, correction: str | None, kind: str, op: Op, reason: str, by: str, at: str
    ) -> None:
        """File one change under its correction (the first change opens the correction)."""
        if correction is None:
            return
        log = self.corrections.get(correction)
        if log is None:
            log = CorrectionLog(correction, kind, op.seq, reason, by, at)
            self.corrections[correction] = log
        log.ops.append(op)

    @event(Entered)
    def _entered(
        self,
        seq: int,
        text: str,
        by: str,
        at: str,
        sides: dict[str, Any] | None,
        command: str | None,
    ) -> None:
        # A new entry comes last in play order, so the fold so far still stands.
        self._said(f"'{text}' was entered by {by} (entry {seq})", command)
        entry = Entry(seq=seq, text=text, by=by, at=at, sides=Sides.from_dict(sides))
        if entry.sides is None or not entry.sides.recorded_whole:
            standing = self._standing_list()
            self._recorded_before[seq] = (standing, len(standing))
        self.entries[seq] = entry
        self.order.append(seq)
        if self._standing is not None:
            self._standing.append(entry)

    @event(Ruled)
    def _ruled(
        self,
        seq: int,
        rulings: list[dict[str, Any]],
        change: dict[str, Any],
        checkpoint: dict[str, Any] | None,
        rules: int,
    ) -> None:
        """Rulings are derived and re-derivable; they are stored for the projections to read.

        A checkpoint is a step to fold on from instead of the opening (decoded when used)."""
        self._stored[seq] = StoredStep(rules, rulings, change)
        if checkpoint is not None:
            self._keep(seq, rulings, checkpoint, rules)

    def _keep(
        self, seq: int, rulings: list[dict[str, Any]], checkpoint: dict[str, Any], rules: int
    ) -> None:
        made = tuple(Ruling.from_dict(r) for r in deltas.expanded(rulings))
        place = checkpoint["place"]
        self._checkpoints[place] = Checkpoint(place, seq, checkpoint["state"], made, rules=rules)

    @event(Struck)
    def _struck(
        self, seq: int, reason: str, by: str, at: str, correction: str | None, command: str | None
    ) -> None:
        if correction not in self.corrections:
            self._said(f"entry {seq} was struck by {by}", command)
        self._log(correction, "strike", Op("strike", seq), reason, by, at)
        self.entries[seq] = replace(self.entries[seq], struck=reason, struck_with=correction)
        self._forget_from(seq)

    @event(Restored)
    def _restored(
        self, seq: int, reason: str, by: str, at: str, correction: str | None, command: str | None
    ) -> None:
        if correction not in self.corrections:
            self._said(f"entry {seq} was restored by {by}", command)
        before = self.entries[seq].struck
        self._log(correction, "restore", Op("restore", seq, before=before), reason, by, at)
        self.entries[seq] = replace(self.entries[seq], struck=None, struck_with=None)
        self._forget_from(seq)

    @event(Amended)
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
    ) -> None:
        old = self.entries[seq]
        if correction not in self.corrections:
            self._said(f"entry {seq} was amended to '{text}' by {by}", command)
        op = Op("amend", seq, before=old.text, after=text, before_sides=old.sides)
        self._log(correction, "amend", op, reason, by, at)
        new_sides = Sides.from_dict(sides) or old.sides
        self.entries[seq] = replace(old, text=text, sides=new_sides)
        self._forget_from(seq)
        if new_sides is None or not new_sides.recorded_whole:
            self._keep_recorded_before(seq)

    @event(Inserted)
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
    ) -> None:
        self._said(f"'{text}' was inserted after entry {after} by {by}", command)
        self._log(correction, "insert", Op("insert", seq), reason, by, at)
        self.entries[seq] = Entry(seq=seq, text=text, by=by, at=at, sides=Sides.from_dict(sides))
        self.order.insert(0 if after == 0 else self.order.index(after) + 1, seq)
        self._forget_from(seq)
        kept = self.entries[seq].sides
        if kept is None or not kept.recorded_whole:
            self._keep_recorded_before(seq)

    def _keep_recorded_before(self, seq: int) -> None:
        """For an entry recorded without whole sides: the entries standing before it now, as
        it is recorded (``_recovered_sides`` reads its sides from them)."""
        at = self.order.index(seq)
        before = [e for e in self.in_order[:at] if e.stands]
        self._recorded_before[seq] = (before, len(before))
        self._recovered.pop(seq, None)

    @event(Withdrawn)
    def _withdrawn(self, seq: int, reason: str, by: str, at: str, correction: str) -> None:
        self._log(correction, "withdraw", Op("withdraw", seq), reason, by, at)
        self.entries[seq] = replace(self.entries[seq], withdrawn=True)
        self._forget_from(seq)

    @event(Reinstated)
    def _reinstated(self, seq: int, reason: str, by: str, at: str, correction: str) -> None:
        self._log(correction, "reinstate", Op("reinstate", seq), reason, by, at)
        self.entries[seq] = replace(self.entries[seq], withdrawn=False)
        self._forget_from(seq)

    @event(Scheduled)
    def _scheduled(
        self,
        season: int | None,
        week: int | None,
        reason: str,
        by: str,
        at: str,
        correction: str | None,
        command: str | None,
    ) -> None:
        if correction not in self.corrections:
            self._said(f"the game was scheduled {schedule.describe(season, week)} by {by}", command)
        op = Op(
            "schedule",
            0,
            before=schedule_text(self.season, self.week),
            after=schedule_text(season, week),
        )
        self._log(correction, "schedule", op, reason, by, at)
        self.season, self.week = season, week

    @event(Reverted)
    def _reverted(
        self, correction: str, reverts: str, reason: str, by: str, at: str, command: str | None
    ) -> None:
        self._said(f"correction {reverts} was taken back by {by}", command)
        target = self.corrections[reverts]
        self.corrections[correction] = CorrectionLog(
            correction, "revert", target.seq, reason, by, at, reverts=reverts
        )
        target.reverted_by = correction

    @event(Reruled)
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
    ) -> None:
        self._said(f"the game was reruled under rules {rules} by {by}", command)
        first = min((c["seq"] for c in changed), default=0)
        self.corrections[correction] = CorrectionLog(
            correction, "rerule", first, reason, by, at, before=before, entries=len(self.entries)
        )
        # The checkpoints hold states the other rules made; the Rederived after this event
        # stores those of the installed rules.
        self._checkpoints = {}
        self._steps = None

    @event(Proposed)
    def _proposed(self, proposal: dict[str, Any], by: str, at: str, command: str | None) -> None:
        self._said(f"{describe(Proposal(**proposal))} was proposed by {by}", command)
        self.pending = dict(proposal)
        self.pending_by = by

    @event(Confirmed)
    def _confirmed(self, by: str, at: str, command: str | None) -> None:
        self._said(f"the waiting correction was confirmed by {by}", command)
        self.pending = None
        self.pending_by = None

    @event(Rejected)
    def _rejected(self, reason: str, by: str, at: str, command: str | None) -> None:
        self._said(f"the waiting correction was rejected by {by}", command)
        self.pending = None
        self.pending_by = None

    def mark_copy(self, of: str, by: str, at: str) -> None:
        """Record that this game is a copy of stored game ``of`` (issue #26), once."""
        if self.copy_of is not None:
            raise IllegalEntry(f"this game is already marked as a copy of {self.copy_of[:8]}")
        self._copied(of=of, by=person(by), at=at)

    @event(Copied)
    def _copied(self, of: str, by: str, at: str) -> None:
        self._said(f"the game was marked as a copy of {of[:8]} by {by}", None)
        self.copy_of = of

    def put_aside(self, reason: str, by: str, at: str, *, expect: int | None = None) -> None:
        """Set the game aside (abandoned): recorded, reversible, nothing deleted (issue #27)."""
        by = person(by)
        why = reason_or(reason, "")
        if not why:
            raise IllegalEntry("say why the game is set aside: --reason R (at most 200 characters)")
        digest = command_digest("set-aside", why, by=by)
        self.seen(expect, digest)
        if self.set_aside is not None:
            raise IllegalEntry(
                f"game {self.id.hex[:8]} is already set aside ({self.set_aside}); "
                "zebra set-aside --back brings it back"
            )
        self._set_aside(reason=why, by=by, at=at, command=digest)

    def bring_back(self, reason: str, by: str, at: str, *, expect: int | None = None) -> None:
        """Bring a game set aside back into the lists and the standings (issue #27)."""
        by = person(by)
        why = reason_or(reason, "")
        if not why:
            raise IllegalEntry(
                "say why the game is brought back: --reason R (at most 200 characters)"
            )
        digest = command_digest("bring-back", why, by=by)
        self.seen(expect, digest)
        if self.set_aside is None:
            raise IllegalEntry(
                f"game {self.id.hex[:8]} is not set aside; there is nothing to bring back"
            )
        self._brought_back(reason=why, by=by, at=at, command=digest)

    @event(SetAside)
    def _set_aside(self, reason: str, by: str, at: str, command: str | None) -> None:
        self._said(f"the game was set aside by {by} ({reason})", command)
        self.set_aside = reason

    @event(BroughtBack)
    def _brought_back(self, reason: str, by: str, at: str, command: str | None) -> None:
        self._said(f"the game was brought back by {by} ({reason})", command)
        self.set_aside = None

    @event(Rederived)
    def _rederived(self, packed: str, rules: int) -> None:
        """The rulings of every entry the correction re-ran, for the projections to read."""
        for step in deltas.unpack(packed):
            made = StoredStep(step.get("rules", rules), step["rulings"], step["change"])
            self._stored[step["seq"]] = made
            if step.get("checkpoint") is not None:
                self._keep(step["seq"], step["rulings"], step["checkpoint"], made.rules)
