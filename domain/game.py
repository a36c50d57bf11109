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

import hashlib
import json
from copy import copy
from dataclasses import asdict, dataclass, replace
from typing import Any, ClassVar

from eventsourcing.domain import Aggregate, event

from domain import deltas, kernel, rulesets, schedule, snapshots
from domain.corrections import DISPUTES, AlreadyRecorded, GameMovedOn, Proposal, describe
from domain.reruling import Disagreement, StoredStep, differences
from domain.rules_versions import BASELINE
from domain.ruleset import IllegalEntry, Prompt, Ruleset, Ruling
from domain.sides import Sides, of_entry
from domain.teams import team_names
from domain.timeline import (
    Correction,
    CorrectionLog,
    Derived,
    Entry,
    Op,
    cascade_of,
    corrected,
    entry_of,
    fold_on,
    in_play_order,
    plan,
    refold,
    schedule_text,
    undoing,
)

__all__ = ["AlreadyRecorded", "Correction", "Derived", "Entry", "Game", "GameMovedOn"]

MAX_PERSON = 30
"""The longest name a person enters under (``--by``, ``ZEBRA_USER``): a scoreboard line."""

CHECKPOINT_EVERY = 100
"""The fold's state is stored after every this many standing entries (docs/events.md)."""


@dataclass
class Checkpoint:
    """The fold's state after ``place`` standing entries (the last one ``seq``), as stored."""

    place: int
    seq: int
    stored: Any
    rulings: tuple[Ruling, ...]
    state: Any = None
    decoded: bool = False
    # The version of the rules that made the state: another version's is never folded on from.
    rules: int = BASELINE


def command_digest(kind: str, *parts: Any, by: str) -> str:
    """A short fingerprint of one command as given, to tell a repeat from a new command."""
    raw = json.dumps([kind, *parts, by], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


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


class Game(Aggregate):
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
        self.entries: dict[int, Entry] = {}
        self.order: list[int] = []
        self.disputes = disputes
        # The league calendar (domain.schedule): None until a Scheduled event gives one.
        self.season: int | None = None
        self.week: int | None = None
        self.pending: dict[str, Any] | None = None
        self.pending_by: str | None = None
        self.corrections: dict[str, CorrectionLog] = {}
        # Version -> (fingerprint, what it did): the commands as recorded, to say what
        # a stale screen missed and to tell a double tap from a new command.
        self.commands: dict[int, tuple[str | None, str]] = {}
        # The fold, kept incrementally: the standing entries in play order (None: to be
        # listed again after a correction), the fold's steps from fold index ``_base`` on
        # (None: not folded yet), and the stored checkpoints that still hold, by fold index.
        self._standing: list[Entry] | None = []
        self._struck_n: int | None = 0
        self._steps: list[Derived] | None = None
        self._base = 0
        self._checkpoints: dict[int, Checkpoint] = {}
        self._prompt: tuple[Any, Prompt] | None = None
        # Entries stored without whole sides (Zebra 0.2 and earlier): the standing entries
        # before each when it was recorded, and the sides read from them once asked.
        self._recorded_before: dict[int, tuple[list[Entry], int]] = {}
        self._recovered: dict[int, Sides] = {}
        # Each entry's latest stored step (0: the opening), with the rules version that made
        # it: what the record shows, to compare with what the installed rules make.
        self._stored: dict[int, StoredStep] = {}
        self._agreement: tuple[int, Disagreement | None] | None = None

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
    def rules(self) -> Ruleset[Any]:
        return rulesets.get(self.ruleset)

    @property
    def names(self) -> dict[str, str]:
        return {"home": self.home, "away": self.away}

    @property
    def in_order(self) -> list[Entry]:
        """Every entry ever made, in play order (an inserted entry stands where it was put)."""
        return in_play_order(self.entries, self.order)

    @property
    def effective(self) -> list[Entry]:
        """The entries that stand, in play order (a copy: the game keeps its own list)."""
        return list(self._standing_list())

    @property
    def standing(self) -> int:
        """How many entries stand (kept, not counted)."""
        return len(self._standing_list())

    @property
    def struck_count(self) -> int:
        """Entries struck (a withdrawn insertion is not a struck entry: it never counted)."""
        if self._struck_n is None:
            self._struck_n = sum(
                1 for e in self.entries.values() if e.struck is not None and not e.withdrawn
            )
        return self._struck_n

    def _standing_list(self) -> list[Entry]:
        if self._standing is None:
            self._standing = [e for e in self.in_order if e.stands]
        return self._standing

    @property
    def folded(self) -> list[Derived]:
        """The ruleset folded over the effective entries: the start, then one step per entry.

        A full fold from the opening, for tests and tools; commands read the kept steps only
        (``_last``, ``_step_at``), which start at the latest checkpoint.
        """
        self._last()
        assert self._steps is not None
        if self._base == 0:
            return list(self._steps)
        head = self._fold_on([self._opening()], self._standing_list()[: self._base])
        return [*head[:-1], *self._steps]

    @property
    def state(self) -> Any:
        """The state of play now."""
        return self._last().state

    @property
    def situation(self) -> dict[str, Any]:
        return self._last().situation

    @property
    def prompt(self) -> Prompt:
        """What the table is asked now (computed once per state)."""
        state = self.state
        if self._prompt is None or self._prompt[0] is not state:
            self._prompt = (state, kernel.asked(self.rules, state))
        return self._prompt[1]

    def refolded(self) -> list[Derived]:
        """The rules run from the opening over every standing entry, ignoring checkpoints."""
        return self._fold_on([self._opening()], self._standing_list())

    def checkpoints_hold(self, steps: list[Derived]) -> bool:
        """Whether every stored checkpoint is the state (and rulings) of that step of ``steps``,
        a fold from the opening (``refolded``): a checkpoint the rules do not make is refused."""
        for place, point in self._checkpoints.items():
            if point.rules != self.rules.version:
                continue  # made under other rules, and never folded on from (``_start_at``)
            if place >= len(steps) or steps[place].seq != point.seq:
                return False
            try:
                state = snapshots.decode(self.rules, point.stored)
            except snapshots.NotAState:
                return False
            if state != steps[place].state or point.rulings != steps[place].rulings:
                return False
        return True

    def prompt_before(self, seq: int) -> Prompt:
        """What the table was asked just before entry ``seq``, which must stand."""
        for place, entry in enumerate(self._standing_list()):
            if entry.seq == seq:
                return kernel.asked(self.rules, self._step_at(place).state)
        raise IllegalEntry(f"entry {seq} does not stand; only a standing entry can be corrected")

    @property
    def waiting(self) -> str | None:
        """The correction waiting for the other coach, in words, or None."""
        if self.pending is None:
            return None
        return f"{describe(Proposal(**self.pending))} (proposed by {self.pending_by})"

    def disagreement(self) -> Disagreement | None:
        """The entries the installed rules would rule otherwise than the record shows, when a
        standing entry was ruled under another version of them; None when they agree.

        Only a game ruled under another version is run again from the opening: the version is
        bumped whenever a ruling can change (tests/domain/test_rules_versions.py)."""
        if self._agreement is not None and self._agreement[0] == self.version:
            return self._agreement[1]
        rules = self.rules
        standing = self._standing_list()
        under = self.ruled_under
        found = None
        if under != [rules.version]:
            diffs, shown = differences(
                rules,
                self._opening().state,
                self._stored[0],
                [(e.seq, e.text) for e in standing],
                self._stored,
            )
            if diffs:
                older = tuple(v for v in under if v != rules.version)
                found = Disagreement(
                    str(self.id), rules.title, older, rules.version, tuple(diffs), shown
                )
        self._agreement = (self.version, found)
        return found

    @property
    def ruled_under(self) -> list[int]:
        """The rules versions the stored rulings of the opening and each standing entry were
        made under, in order."""
        made = {self._stored[e.seq].rules for e in self._standing_list()}
        return sorted(made | {self._stored[0].rules})

    def _as_shown(self, proposal: Proposal | None = None) -> None:
        """Refuse to record against a game whose record the installed rules would rule
        otherwise: what it shows and what judges the next entry never differ silently. Only a
        rerule (which adopts the installed rules) is taken."""
        if proposal is not None and proposal.kind == "rerule":
            return
        found = self.disagreement()
        if found is not None:
            raise IllegalEntry(found.line)

    def entry(self, seq: int) -> Entry:
        """Entry number ``seq``; an unknown number is refused with the range that exists."""
        return entry_of(self.entries, seq)

    def _opening(self) -> Derived:
        rules = self.rules
        return Derived(
            0, rules.initial(self.home, self.away, self.options), (), None, rules.situation
        )

    def _last(self) -> Derived:
        """The fold's last step, folded on from the kept steps (or the latest checkpoint)."""
        standing = self._standing_list()
        if self._steps is None:
            self._base, first = self._start_at(len(standing))
            self._steps = [first]
        done = self._base + len(self._steps) - 1
        if done < len(standing):
            self._steps = self._fold_on(self._steps, standing[done:])
        return self._steps[-1]

    def _step_at(self, place: int) -> Derived:
        """The fold's step after ``place`` standing entries, from the nearest kept step."""
        steps = self._steps
        if steps is not None and self._base <= place < self._base + len(steps):
            return steps[place - self._base]
        if steps is not None and self._base <= place:
            return self._fold_on(
                [steps[-1]], self._standing_list()[self._base + len(steps) - 1 : place]
            )[-1]
        base, first = self._start_at(place)
        return self._fold_on([first], self._standing_list()[base:place])[-1]

    def _start_at(self, place: int) -> tuple[int, Derived]:
        """The latest checkpoint at or before fold index ``place`` (else the opening)."""
        standing = self._standing_list()
        for at in sorted((p for p in self._checkpoints if p <= place), reverse=True):
            point = self._checkpoints[at]
            if at > len(standing) or standing[at - 1].seq != point.seq:
                # Not a step of this fold (an event stream Zebra did not write): not used.
                continue
            if point.rules != self.rules.version:
                # A state other rules made: these rules fold from the opening (or an own one).
                continue
            if not point.decoded:
                try:
                    point.state = snapshots.decode(self.rules, point.stored)
                except snapshots.NotAState:
                    # The chain vouches for what Zebra wrote; anything else is not started from.
                    continue
                point.decoded = True
            return at, Derived(point.seq, point.state, point.rulings, None, self.rules.situation)
        return 0, self._opening()

    def _fold_on(self, steps: list[Derived], entries: list[Entry]) -> list[Derived]:
        # A record ruled under other rules, which took an entry these refuse: the game is named
        # (``disagreement``) and nothing is recorded until a rerule; the fold passes over it.
        version = self.rules.version
        return fold_on(self.rules, steps, entries, lambda: self.ruled_under != [version])

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
        why = _reason(reason, "undone")
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
            "strike", seq, reason=_reason(reason, "struck"), strike_invalid=strike_invalid
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
            reason=_reason(reason, "restored"),
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
            reason=_reason(reason, "amended"),
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
            reason=_reason(reason, "inserted"),
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
            reason=_reason(reason, f"revert of {target.id}"),
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
            "rerule", 0, reason=_reason(reason, "reruled"), strike_invalid=strike_invalid
        )
        return self._correct_or_propose(proposal, by, at, expect)

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
        why = _reason(reason, "set at the start" if opening else "scheduled")
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
        why = _reason(reason, "rejected")
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

    def refuse_if_set_aside(self) -> None:
        """A game set aside takes no entry nor correction until it is brought back (#27)."""
        if self.set_aside is not None:
            raise IllegalEntry(
                f"game {self.id.hex[:8]} is set aside ({self.set_aside}); "
                f"zebra set-aside --back --game {self.id.hex[:8]} --reason R first"
            )

    def _next_id(self) -> str:
        return f"c{len(self.corrections) + 1}"

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
        outcome = self._correct(
            planned.changed, planned.order, planned.must_fit, p.strike_invalid
        )
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
                sides=_sides_dict(outcome.resolved.get(p.seq)),
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
                sides=_sides_dict(outcome.resolved.get(seq)),
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
                    sides=_sides_dict(entry.sides),
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

    def _record_rerule(
        self, p: Proposal, cid: str, by: str, at: str, digest: str | None
    ) -> None:
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

    def sides_of(self, seq: int) -> Sides | None:
        """Entry ``seq``'s sides as recorded: stored with it, or for an entry Zebra 0.2 stored
        without them, read from the game as it stood when the entry was recorded."""
        entry = self.entry(seq)
        return self._recovered_sides([entry]).get(seq, entry.sides)

    def _recovered_sides(self, later: list[Entry]) -> dict[int, Sides]:
        """The sides of entries stored without them (Zebra 0.1) or without the form they
        matched (an entry typed without its keyword in Zebra 0.2), as they were when recorded.

        Each such entry kept the standing entries before it at the moment it was recorded
        (``_recorded_before``): the rules folded over those give the prompt the table was
        answering then, so its sides are those it had, never guessed from the game as it is now
        (a correction since may have given its place to the other team).
        """
        legacy = [
            e
            for e in later
            if e.stands
            and e.seq in self._recorded_before
            and (e.sides is None or not e.sides.recorded_whole)
        ]
        found: dict[int, Sides] = {}
        # By the list an entry's standing entries were kept in: the fold over it from the
        # opening, so the entries recorded between two corrections share one fold.
        folds: dict[int, list[Derived]] = {}
        for entry in legacy:
            known = self._recovered.get(entry.seq)
            if known is None:
                before, count = self._recorded_before[entry.seq]
                fold = folds.setdefault(id(before), [self._opening()])
                try:
                    if len(fold) <= count:
                        more = self._fold_on(fold[-1:], list(before[len(fold) - 1 : count]))
                        fold.extend(more[1:])
                    known = of_entry(self.rules, fold[count].state, entry.text)
                except IllegalEntry:
                    # These rules no longer accept what was entered then: its sides cannot be
                    # read again, and the entry is not held to any.
                    continue
                self._recovered[entry.seq] = known
            found[entry.seq] = known
        return found

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

    def _checkpoint_of(self, place: int, step: Derived) -> dict[str, Any] | None:
        """The checkpoint a step stores: at every ``checkpoint_every``-th standing entry."""
        if place == 0 or place % self.checkpoint_every:
            return None
        return {"place": place, "state": snapshots.encode(self.rules, step.state)}

    def _made(self, place: int, step: Derived) -> None:
        """After a step was recorded: a checkpoint made with it starts the kept steps."""
        point = self._checkpoints.get(place)
        if point is None or point.seq != step.seq:
            return
        # Made here: the state is at hand, not decoded again while the game goes on.
        point.state, point.decoded, point.rulings = step.state, True, step.rulings
        steps = self._steps
        if steps is not None and self._base <= place < self._base + len(steps):
            self._steps = steps[place - self._base :]
            self._base = place

    # Events: these only change state, because they are re-run on every replay -----------------

    def _forget_from(self, seq: int) -> None:
        """Drop the fold's steps and checkpoints from entry ``seq``'s place in play order on."""
        at = self.order.index(seq) if seq in self.entries else len(self.order)
        # The fold index of the last step the change leaves as it was.
        cut = sum(1 for s in self.order[:at] if self.entries[s].stands)
        if self._steps is not None:
            if cut < self._base:
                self._steps = None
            else:
                del self._steps[cut - self._base + 1 :]
        self._checkpoints = {p: c for p, c in self._checkpoints.items() if p <= cut}
        self._standing = None
        self._struck_n = None

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
        self._checkpoints[place] = Checkpoint(
            place, seq, checkpoint["state"], made, rules=rules
        )

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
        why = _reason(reason, "")
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
        why = _reason(reason, "")
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


def _sides_dict(sides: Sides | None) -> dict[str, Any] | None:
    return None if sides is None else sides.to_dict()


def _printable(text: str, what: str) -> str:
    cleaned = " ".join(str(text).split())
    if any(not ch.isprintable() for ch in cleaned):
        raise IllegalEntry(f"{what} has a control character; type plain text")
    return cleaned


def _reason(reason: str, default: str) -> str:
    cleaned = _printable(reason, "the reason")
    if len(cleaned) > 200:
        raise IllegalEntry(f"a reason is at most 200 characters; this one is {len(cleaned)}")
    return cleaned or default


def person(name: str) -> str:
    """Who is entering (``--by``, ``ZEBRA_USER``): 1 to 30 visible characters, as team names."""
    cleaned = _printable(name, "the name of who is entering")
    if not cleaned:
        raise IllegalEntry("the name of who is entering is empty; give --by NAME")
    if len(cleaned) > MAX_PERSON:
        raise IllegalEntry(
            f"the name of who is entering is {len(cleaned)} characters; {MAX_PERSON} at most"
        )
    return cleaned


def same_person(a: str, b: str) -> bool:
    """Two names for one person: compared as entered, ignoring case and spacing."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()
