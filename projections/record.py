"""The base fold: a game's entries with their latest rulings, from its events in order.

Events are read by their class name (Started, Entered, Ruled, Struck) and attributes, so this
fold works on live events, on events read back from any store, and on plain test doubles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from domain.corrections import Proposal, describe


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

    @property
    def last_at(self) -> str:
        return self.lines[-1].at if self.lines else self.started_at


def evolve(record: GameRecord, event: Any) -> GameRecord:
    """Fold one event into the record."""
    kind = type(event).__name__
    version = getattr(event, "originator_version", record.version + 1)
    if kind == "Started":
        return GameRecord(
            game_id=str(event.originator_id),
            ruleset=event.ruleset,
            home=event.home,
            away=event.away,
            options=dict(event.options),
            started_at=event.at,
            version=version,
        )
    if kind == "Entered":
        line = Line(
            seq=event.seq,
            text=event.text,
            by=event.by,
            at=event.at,
            sides=getattr(event, "sides", None),
        )
        return replace(record, lines=(*record.lines, line), version=version)
    if kind == "Ruled":
        if event.seq == 0:
            return replace(record, opening=dict(event.situation), version=version)
        return _with_line(
            record,
            event.seq,
            version,
            rulings=tuple(dict(r) for r in event.rulings),
            situation=dict(event.situation),
        )
    correction = getattr(event, "correction", None)
    if kind == "Struck":
        change = Change("struck", event.reason, event.by, event.at, correction=correction)
        return _with_line(record, event.seq, version, struck=event.reason, change=change)
    if kind == "Restored":
        change = Change("restored", event.reason, event.by, event.at, correction=correction)
        return _with_line(record, event.seq, version, struck=None, change=change)
    if kind in ("Withdrawn", "Reinstated"):
        change = Change(kind.lower(), event.reason, event.by, event.at, correction=correction)
        withdrawn = kind == "Withdrawn"
        return _with_line(record, event.seq, version, withdrawn=withdrawn, change=change)
    if kind == "Amended":
        old = _line(record, event.seq)
        change = Change(
            "amended", event.reason, event.by, event.at, before=old.text, correction=correction
        )
        sides = getattr(event, "sides", None) or old.sides
        return _with_line(record, event.seq, version, text=event.text, sides=sides, change=change)
    if kind == "Reverted":
        change = Change(
            "reverted",
            event.reason,
            event.by,
            event.at,
            before=event.reverts,
            correction=correction,
        )
        return replace(record, reverts=(*record.reverts, change), version=version)
    if kind == "Inserted":
        line = Line(
            seq=event.seq,
            text=event.text,
            by=event.by,
            at=event.at,
            history=(Change("inserted", event.reason, event.by, event.at, correction=correction),),
            sides=getattr(event, "sides", None),
        )
        lines = list(record.lines)
        at_index = 0
        if event.after:
            at_index = next(i for i, x in enumerate(lines) if x.seq == event.after) + 1
        lines.insert(at_index, line)
        return replace(record, lines=tuple(lines), version=version)
    if kind == "Proposed":
        what = f"{describe(Proposal(**event.proposal))} (proposed by {event.by})"
        change = Change(
            "proposed", f"{what}: {event.proposal.get('reason', '')}", event.by, event.at
        )
        return replace(record, pending=what, disputes=(*record.disputes, change), version=version)
    if kind in ("Confirmed", "Rejected"):
        change = Change(
            kind.lower(), getattr(event, "reason", "") or (record.pending or ""), event.by, event.at
        )
        return replace(record, pending=None, disputes=(*record.disputes, change), version=version)
    if kind == "Rederived":
        for step in event.steps:
            record = _with_line(
                record,
                step["seq"],
                version,
                rulings=tuple(dict(r) for r in step["rulings"]),
                situation=dict(step["situation"]),
            )
        return replace(record, version=version)
    return replace(record, version=version)


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
