"""Grouping a game's entries into plays (docs/exports.md, "Plays"; projections/plays.py reads
each group as a Play).

A play is open from its first ruling until it is *settled*, when the ball is dead and spotted:
the situation after an entry shows another possession, down, distance, spot, try or score than
before it, or a ruling settles it by its kind (``Kind.settles``). Rulings of kinds that finish
a settled play (``Kind.follows``) still join it; any other ruling opens the next play.
Time-outs and period ends are plays of their own, unless they come in the middle of a play;
set-up is one play of its own; struck entries make deleted plays of their own, in their place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.kinds import Kind
from projections.record import GameRecord, Line
from projections.ruled import Ruled, ruled

# The situation's keys that say where the ball is and whose it is: when one of them changes, the
# ball is dead and spotted, and the play that moved it is settled.
SPOT_KEYS = ("possession", "down", "distance", "ball_on", "converting", "score", "finished")
# A coach's choice: alone after a settled play, it finishes that play ("Bears keep the 7").
DECISIONS = ("decision", "choice")


@dataclass
class Group:
    """A play being gathered: its rulings, the entries they came from, its situations."""

    before: dict[str, Any]
    rulings: list[Ruled] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    after: dict[str, Any] | None = None
    settled_at: int | None = None  # the seq of the entry that settled it
    deleted: bool = False
    alone: bool = False  # a time-out or a period end
    order: tuple[int, int] = (0, 0)  # (index of its first entry, its place among that entry's)

    def take(self, line: Line, r: Ruled | None, index: int, part: int) -> None:
        """Add an entry (once) and one of its rulings to the play."""
        if not self.lines:
            self.order = (index, part)
        if not self.lines or self.lines[-1].seq != line.seq:
            self.lines.append(line)
        if r is not None:
            self.rulings.append(r)


def _neutral(k: Kind) -> bool:
    """A kind that says nothing about the ball: a coach's decision, cards dealt."""
    return not (
        k.play_type
        or k.called
        or k.score
        or k.result
        or k.yards
        or k.drive_end
        or k.drive_start
        or k.period_end
        or k.setup
        or k.card
        or k.settles
        or k.follows
    )


def setup_only(group: Group) -> bool:
    """A group of set-up rulings (draft, roster, coin toss) and nothing that moves the ball."""
    return any(r.kind.setup for r in group.rulings) and all(
        r.kind.setup or _neutral(r.kind) for r in group.rulings
    )


def _alone(k: Kind) -> bool:
    """A time-out or a period end: a play of its own, whatever play is open."""
    return k.period_end is not None or bool(k.result.get("timeout"))


def _starts(k: Kind) -> bool:
    """A ruling that always opens a play of its own: a play called, a kickoff, a try."""
    return (
        k.called is not None
        or k.play_type in ("kickoff", "extra_point")
        or k.score == "two_point"
        or k.name == "go_for_two"
    )


def _at_rest(after: Mapping[str, Any]) -> bool:
    """The ball is dead and spotted: a down to play, a try, a kick due, or the game over."""
    return (
        after.get("down") is not None
        or bool(after.get("converting"))
        or after.get("possession") is None
        or bool(after.get("finished"))
    )


def _moved(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    """Whether the entry changed where the ball is or whose it is."""
    return any(before.get(key) != after.get(key) for key in SPOT_KEYS)


def groups(record: GameRecord) -> list[Group]:
    """The entries of a game gathered into plays, in the record's order."""
    gathering = _Gathering(record)
    for index, line in enumerate(record.lines):
        gathering.add(index, line)
    return gathering.done()


class _Gathering:
    """The plays gathered so far, the play still open, and the situation before the next entry."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.out: list[Group] = []
        self.before: dict[str, Any] = dict(record.opening or {})
        self.open_: Group | None = None
        self.downs = any(
            line.situation and line.situation.get("down") is not None for line in record.lines
        )

    def flush(self) -> None:
        """Close the open play (if it has entries) and open none."""
        if self.open_ is not None and self.open_.lines:
            self.open_.after = self.open_.after or self.open_.before
            self.out.append(self.open_)
        self.open_ = None

    def opened(self) -> Group:
        """The open play, opened from the situation before this entry if none is."""
        if self.open_ is None:
            self.open_ = Group(self.before)
        return self.open_

    def done(self) -> list[Group]:
        """The plays, in the record's order, decisions merged into the play they finish."""
        self.flush()
        self.out.sort(key=lambda g: g.order)
        return _merge_neutral(self.out)

    def add(self, index: int, line: Line) -> None:
        """Gather one entry: each of its rulings into the open play, a new one, or its own."""
        rulings = [ruled(self.record.ruleset, r, line.seq) for r in line.rulings]
        if not line.stands:
            self.strike(index, line, rulings)
            return
        after = dict(line.situation or self.before)
        # An entry that finishes a settled play: a return, an acceptance, or anything while
        # the ball is still live (a team has it, but no down is set: a kick being returned).
        joining = any(r.kind.follows for r in rulings) or (self.downs and not _at_rest(after))
        moved = _moved(self.before, after)
        for part, r in enumerate(rulings):
            if _alone(r.kind):
                self.alone(index, line, r, part, after=after, moved=moved)
            else:
                self.join(index, line, r, part, joining=joining)
        if not rulings:
            self.opened().take(line, None, index, 0)
        open_ = self.open_
        if open_ is not None and open_.lines and open_.lines[-1].seq == line.seq:
            open_.after = after
            if moved and open_.settled_at is None:
                open_.settled_at = line.seq
        self.before = after

    def strike(self, index: int, line: Line, rulings: list[Ruled]) -> None:
        """A struck entry is a deleted play of its own (consecutive ones together); the open
        play goes on around it."""
        last = self.out[-1] if self.out else None
        if last is not None and last.deleted and last.lines[-1] is self.record.lines[index - 1]:
            last.take(line, None, index, 0)
            last.rulings.extend(rulings)
            return
        gone = Group(self.before, deleted=True)
        gone.take(line, None, index, 0)
        gone.rulings.extend(rulings)
        gone.after = dict(line.situation or self.before)
        self.out.append(gone)

    def alone(
        self, index: int, line: Line, r: Ruled, part: int, *, after: dict[str, Any], moved: bool
    ) -> None:
        """A time-out or period end: part of a play it comes in the middle of, else its own."""
        open_ = self.open_
        if (
            open_ is not None
            and open_.settled_at is None
            and moved
            and open_.lines
            and open_.lines[-1].seq == line.seq
        ):
            # The entry that settles the play also ends the period: the play first.
            open_.after = after
            open_.settled_at = line.seq
        if open_ is not None and open_.settled_at is None and open_.lines:
            # A time-out in the middle of a play (between 1st & Goal's cards and dice) is
            # part of it: a play's entries are never split by another's.
            open_.take(line, r, index, part)
            return
        if open_ is not None and open_.settled_at is not None:
            self.flush()
        # A time-out or period end after the entry's other rulings comes at its end.
        group = Group(self.before if part == 0 else after, alone=True, after=after)
        group.take(line, r, index, part + 1)
        group.settled_at = line.seq
        self.out.append(group)

    def join(self, index: int, line: Line, r: Ruled, part: int, *, joining: bool) -> None:
        """A ruling joins the open play, unless that play is settled and this one starts anew."""
        open_ = self.open_
        if open_ is not None and open_.settled_at is not None:
            same_entry = open_.settled_at == line.seq
            if not (same_entry or (joining and not _starts(r.kind))):
                self.flush()
        if self.open_ is not None and not r.kind.setup and setup_only(self.open_):
            self.flush()
        group = self.opened()
        group.take(line, r, index, part)
        if r.kind.settles:
            group.settled_at = line.seq


def _merge_neutral(found: list[Group]) -> list[Group]:
    """A settled group of decisions only (Masters: "Bears keep the 7") finishes the play before."""
    out: list[Group] = []
    for g in found:
        neutral = g.rulings and all(r.kind.name in DECISIONS for r in g.rulings)
        previous = out[-1] if out else None
        if previous is not None and setup_only(g) and setup_only(previous):
            neutral, g.settled_at = True, g.settled_at or g.lines[-1].seq
        if (
            neutral
            and not g.deleted
            and g.settled_at is not None
            and previous is not None
            and not previous.deleted
            and not previous.alone
        ):
            for line in g.lines:
                previous.take(line, None, 0, 0)
            previous.rulings.extend(g.rulings)
            previous.after = g.after
            continue
        out.append(g)
    return out
