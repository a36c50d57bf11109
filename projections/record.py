"""The base fold: a game's entries with their latest rulings, from its events in order.

Each event class of the Game aggregate (domain.game) has its own fold, dispatched on the
event's class (functools.singledispatch, as the eventsourcing examples' projections do), so the
fold works on live events and on events read back from any store, whatever their stored
version. An event of any other type is refused (``UnknownEvent``), never skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import singledispatch
from typing import Any

from domain import deltas, reruling, schedule
from domain.corrections import Proposal, describe
from domain.game import Game


@dataclass(frozen=True)
class Line:
    """One entry as the record shows it: what was typed, by whom, and what it was ruled."""

    seq: int
    text: str
    by: str
    at: str
    rulings: tuple[dict[str, Any], ...] = ()
    situation: dict[str, Any] | None = None
    struck: str | None = None
    history: tuple[Change, ...] = ()
    sides: dict[str, Any] | None = None
    withdrawn: bool = False

    @property
    def stands(self) -> bool:
        """Counts in the game: neither struck nor withdrawn by a reverted insertion."""
        return self.struck is None and not self.withdrawn


@dataclass(frozen=True)
class Change:
    """A correction made to an entry: struck, restored, amended or inserted, with the reason."""

    kind: str
    reason: str
    by: str
    at: str
    before: str | None = None
    correction: str | None = None


@dataclass(frozen=True)
class Rescheduled:
    """A game given its season and week (issue #31): at the start (no correction id) or by a
    correction, with the schedule before and after, in words."""

    before: str
    after: str
    reason: str
    by: str
    at: str
    correction: str | None = None


@dataclass(frozen=True)
class GameRecord:
    """Everything the read models need, folded from one game's events."""

    game_id: str = ""
    ruleset: str = ""
    home: str = ""
    away: str = ""
    options: dict[str, str] = field(default_factory=dict)
    started_at: str = ""
    opening: dict[str, Any] | None = None
    lines: tuple[Line, ...] = ()
    version: int = 0
    pending: str | None = None
    disputes: tuple[Change, ...] = ()
    reverts: tuple[Change, ...] = ()
    # When the game's latest command was recorded (an entry, a strike, a revert...): the time
    # of its last event carrying one, as the game's summary keeps it.
    last_at: str = ""
    # Each rerule (domain.reruling): its id, who, when, why, and the entries it ruled anew.
    rerules: tuple[Change, ...] = ()
    # As scheduled (None: never given); ``calendar`` says which season the game belongs to.
    season: int | None = None
    week: int | None = None
    schedules: tuple[Rescheduled, ...] = ()

    # The stored game this record copies (domain.identity.is_copy), or None.
    copy_of: str | None = None
    # Why the table set the game aside (domain.identity.left_out), or None while it is in play;
    # ``asides`` is every time it was set aside or brought back, with who, when and why.
    set_aside: str | None = None
    asides: tuple[Change, ...] = ()

    @property
    def calendar(self) -> tuple[int | None, int | None]:
        """The game's season (given, else the year it started) and week (None: not given)."""
        return schedule.season_of(self.season, self.started_at), self.week

    @property
    def effective(self) -> list[Line]:
        return [line for line in self.lines if line.stands]

    @property
    def struck(self) -> list[Line]:
        return [line for line in self.lines if line.struck is not None and not line.withdrawn]

    @property
    def situation(self) -> dict[str, Any]:
        """The situation after the last entry that stands (or the opening one)."""
        for line in reversed(self.lines):
            if line.stands and line.situation is not None:
                return line.situation
        return self.opening or {}


class UnknownEvent(TypeError):
    """An event the record cannot fold: it is refused, never skipped, so a record is never
    silently short of an entry, a ruling or a correction."""


def evolve(record: GameRecord, event: Any) -> GameRecord:
    """Fold one event into the record; an event of a type it does not know is refused."""
    folded = _fold(event, record, event.originator_version)
    at = getattr(event, "at", None)
    if isinstance(at, str) and at != folded.last_at:
        folded = replace(folded, last_at=at)
    return folded


def folds(event_class: type) -> bool:
    """Whether the record has a fold of its own for events of this class."""
    return _fold.dispatch(event_class) is not _fold.dispatch(object)


# One fold per event class. A new version of an event (``class_version``, upcast on reading)
# is the same class, so it needs nothing here; a new event class needs its own fold.


@singledispatch
def _fold(event: object, record: GameRecord, version: int) -> GameRecord:
    kind = type(event)
    raise UnknownEvent(
        f"the game record cannot fold a {kind.__module__}.{kind.__qualname__} event (version "
        f"{version} of game {getattr(event, 'originator_id', '?')}): it knows the events of "
        f"domain.game.Game only; nothing is skipped"
    )


@_fold.register
def _started(event: Game.Started, record: GameRecord, version: int) -> GameRecord:
    return GameRecord(
        game_id=str(event.originator_id),
        ruleset=event.ruleset,
        home=event.home,
        away=event.away,
        options=dict(event.options),
        started_at=event.at,
        version=version,
    )


@_fold.register
def _entered(event: Game.Entered, record: GameRecord, version: int) -> GameRecord:
    line = Line(seq=event.seq, text=event.text, by=event.by, at=event.at, sides=event.sides)
    return replace(record, lines=(*record.lines, line), version=version)


@_fold.register
def _ruled(event: Game.Ruled, record: GameRecord, version: int) -> GameRecord:
    if event.seq == 0:
        return replace(record, opening=deltas.applied(None, event.change), version=version)
    return restep(record, event.seq, event.rulings, event.change, version)


def situation_before(record: GameRecord, seq: int) -> dict[str, Any] | None:
    """The situation a step's change applies to: that of the last line before entry ``seq``
    that stands (or the opening)."""
    lines = record.lines
    i = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].seq == seq)
    return next(
        (x.situation for x in reversed(lines[:i]) if x.stands and x.situation is not None),
        record.opening,
    )


def restep(
    record: GameRecord,
    seq: int,
    rulings: list[dict[str, Any]],
    change: dict[str, Any],
    version: int,
) -> GameRecord:
    """One step's rulings and situation: its change applied to the situation of the step
    before it (the last line before it that stands, or the opening)."""
    lines = list(record.lines)
    # Rulings and corrections mostly concern the latest entries: look from the end.
    i = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].seq == seq)
    before = situation_before(record, seq)
    lines[i] = replace(
        lines[i],
        rulings=tuple(deltas.expanded(rulings)),
        situation=deltas.applied(before, change),
    )
    return replace(record, lines=tuple(lines), version=version)


@_fold.register
def _struck(event: Game.Struck, record: GameRecord, version: int) -> GameRecord:
    change = Change("struck", event.reason, event.by, event.at, correction=event.correction)
    return _with_line(record, event.seq, version, struck=event.reason, change=change)


@_fold.register
def _restored(event: Game.Restored, record: GameRecord, version: int) -> GameRecord:
    change = Change("restored", event.reason, event.by, event.at, correction=event.correction)
    return _with_line(record, event.seq, version, struck=None, change=change)


@_fold.register
def _withdrawn(event: Game.Withdrawn, record: GameRecord, version: int) -> GameRecord:
    change = Change("withdrawn", event.reason, event.by, event.at, correction=event.correction)
    return _with_line(record, event.seq, version, withdrawn=True, change=change)


@_fold.register
def _reinstated(event: Game.Reinstated, record: GameRecord, version: int) -> GameRecord:
    change = Change("reinstated", event.reason, event.by, event.at, correction=event.correction)
    return _with_line(record, event.seq, version, withdrawn=False, change=change)


@_fold.register
def _amended(event: Game.Amended, record: GameRecord, version: int) -> GameRecord:
    old = _line(record, event.seq)
    change = Change(
        "amended", event.reason, event.by, event.at, before=old.text, correction=event.correction
    )
    sides = event.sides or old.sides
    return _with_line(record, event.seq, version, text=event.text, sides=sides, change=change)


@_fold.register
def _reverted(event: Game.Reverted, record: GameRecord, version: int) -> GameRecord:
    change = Change(
        "reverted",
        event.reason,
        event.by,
        event.at,
        before=event.reverts,
        correction=event.correction,
    )
    return replace(record, reverts=(*record.reverts, change), version=version)


@_fold.register
def _reruled(event: Game.Reruled, record: GameRecord, version: int) -> GameRecord:
    # The new rulings come in the Rederived after it; each entry ruled anew keeps what it was.
    changed = [c for c in event.changed if c["seq"]]
    for c in changed:
        was = "; ".join(c["before"]) if c["before"] != c["after"] else None
        why = event.reason if not c.get("unfit") else f"{event.reason} (no longer fits)"
        change = Change("reruled", why, event.by, event.at, before=was, correction=event.correction)
        record = _with_line(record, c["seq"], version, change=change)
    spans = reruling.spans([c["seq"] for c in event.changed])
    whole = Change(
        "reruled",
        event.reason,
        event.by,
        event.at,
        before=f"rules {event.rules} rule {spans} otherwise",
        correction=event.correction,
    )
    return replace(record, rerules=(*record.rerules, whole), version=version)


@_fold.register
def _scheduled(event: Game.Scheduled, record: GameRecord, version: int) -> GameRecord:
    change = Rescheduled(
        before=schedule.describe(*record.calendar),
        after=schedule.describe(schedule.season_of(event.season, record.started_at), event.week),
        reason=event.reason,
        by=event.by,
        at=event.at,
        correction=event.correction,
    )
    return replace(
        record,
        season=event.season,
        week=event.week,
        schedules=(*record.schedules, change),
        version=version,
    )


@_fold.register
def _inserted(event: Game.Inserted, record: GameRecord, version: int) -> GameRecord:
    change = Change("inserted", event.reason, event.by, event.at, correction=event.correction)
    line = Line(
        seq=event.seq,
        text=event.text,
        by=event.by,
        at=event.at,
        history=(change,),
        sides=event.sides,
    )
    lines = list(record.lines)
    at_index = 0
    if event.after:
        at_index = next(i for i, x in enumerate(lines) if x.seq == event.after) + 1
    lines.insert(at_index, line)
    return replace(record, lines=tuple(lines), version=version)


@_fold.register
def _proposed(event: Game.Proposed, record: GameRecord, version: int) -> GameRecord:
    what = f"{describe(Proposal(**event.proposal))} (proposed by {event.by})"
    change = Change("proposed", f"{what}: {event.proposal.get('reason', '')}", event.by, event.at)
    return replace(record, pending=what, disputes=(*record.disputes, change), version=version)


@_fold.register
def _confirmed(event: Game.Confirmed, record: GameRecord, version: int) -> GameRecord:
    return _settled("confirmed", record.pending or "", event.by, event.at, record, version)


@_fold.register
def _rejected(event: Game.Rejected, record: GameRecord, version: int) -> GameRecord:
    reason = event.reason or record.pending or ""
    return _settled("rejected", reason, event.by, event.at, record, version)


def _settled(
    kind: str, reason: str, by: str, at: str, record: GameRecord, version: int
) -> GameRecord:
    change = Change(kind, reason, by, at)
    return replace(record, pending=None, disputes=(*record.disputes, change), version=version)


@_fold.register
def _rederived(event: Game.Rederived, record: GameRecord, version: int) -> GameRecord:
    # In play order: each step's change is from the step before it, made just above.
    for step in event.steps:
        record = restep(record, step["seq"], step["rulings"], step["change"], version)
    return replace(record, version=version)


@_fold.register
def _copied(event: Game.Copied, record: GameRecord, version: int) -> GameRecord:
    return replace(record, copy_of=event.of, version=version)


@_fold.register
def _set_aside(event: Game.SetAside, record: GameRecord, version: int) -> GameRecord:
    change = Change("set aside", event.reason, event.by, event.at)
    return replace(record, set_aside=event.reason, asides=(*record.asides, change), version=version)


@_fold.register
def _brought_back(event: Game.BroughtBack, record: GameRecord, version: int) -> GameRecord:
    change = Change("brought back", event.reason, event.by, event.at)
    return replace(record, set_aside=None, asides=(*record.asides, change), version=version)


def project(events: Iterable[Any]) -> GameRecord:
    """The record of one game from its events."""
    record = GameRecord()
    for event in events:
        record = evolve(record, event)
    return record


def _line(record: GameRecord, seq: int) -> Line:
    return next(line for line in record.lines if line.seq == seq)


def _with_line(
    record: GameRecord, seq: int, version: int, change: Change | None = None, **changes: Any
) -> GameRecord:
    lines = list(record.lines)
    # Rulings and corrections mostly concern the latest entries: look from the end.
    i = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].seq == seq)
    if change is not None:
        changes["history"] = (*lines[i].history, change)
    lines[i] = replace(lines[i], **changes)
    return replace(record, lines=tuple(lines), version=version)
