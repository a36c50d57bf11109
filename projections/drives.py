"""Drives as a football fan means them, read from the play-by-play rows' rulings.

A drive is one team's possession: it starts when a team gains the ball (a kickoff, a punt, a
turnover, the start of a half) and ends with how it ended, in the plain words of
``domain.kinds.END_REASONS``: a score, a punt, a turnover, the end of a half. The ruling kinds
say which rulings end or start a drive (``drive_end``, ``drive_start``); this fold only applies
them in order. A try belongs to the drive that scored the touchdown; entries with no team in
possession (a Red Zone kickoff before the return) belong to no drive. In Masters of the
Gridiron, which has no field, a drive is one scoring slot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.kinds import START_AFTER, Kind

# The period ends that close a drive: a drive goes on across the end of the 1st quarter.
CLOSING = {"half": "End of half", "game": "End of game"}


@dataclass(frozen=True)
class Fact:
    """What one standing play-by-play row says about drives."""

    play_id: int
    side: str | None
    converting: bool
    rulings: tuple[tuple[Kind, str | None], ...]  # each ruling's kind and team
    period: str
    overtime: bool
    new_period: bool  # the first row of a half or of an overtime period
    yardline: int | None
    yards_gained: int | None
    counts_as_play: bool


@dataclass
class Drive:
    """One drive: its team, how it started and ended, its plays and the yards they gained."""

    number: int
    team: str
    period: str
    start: str
    start_yardline: int | None = None
    end: str | None = None
    scored_touchdown: bool = False
    plays: int = 0
    yards: int = 0
    rows: list[int] = field(default_factory=list)


def drives(facts: list[Fact], *, slots: bool = False, finished: bool = True) -> list[Drive]:
    """The drives of a game, in order, from its standing rows.

    ``slots``: Masters of the Gridiron, where each scoring slot is a drive of its own.
    """
    out: list[Drive] = []
    current: Drive | None = None
    scored: Drive | None = None  # the drive whose touchdown the rows of a try follow
    pending_start: str | None = None  # a kick seen since the last drive ended
    gap = False  # a row with nobody in possession since the last drive ended
    period_break = True  # the next drive starts a game, a half or an overtime
    for fact in facts:
        kinds = [k for k, _ in fact.rulings]
        if fact.new_period:
            period_break = True
        if fact.converting:
            # A try belongs to the drive that scored; after a touchdown in no drive (a kick
            # returned all the way) it belongs to none.
            if scored is not None:
                _take(scored, fact)
            _close_on_clock(current, kinds)
            continue
        scored = None
        # A kickoff is nobody's drive: the receivers' drive starts once they have the ball
        # (and an onside kick the kickers recover gives the receivers none).
        if fact.side is None or _kick_or_setup(kinds):
            if current is None or current.end is not None:
                # Between drives: this kick is how the next one starts.
                pending_start = next((k.drive_start for k in kinds if k.drive_start), pending_start)
                gap = True
            _close_on_clock(current, kinds)
            continue
        opens = any(k.drive_start for k in kinds) or gap or slots
        if current is None or _new_drive(current, fact, period_break=period_break, opens=opens):
            if current is not None and current.end is None:
                # The ball changed hands with no ruling saying how: the game's own turnover.
                current.end = "Turnover"
            start = _start(kinds, pending_start, current, fact if period_break else None, slots)
            current = Drive(len(out) + 1, fact.side, fact.period, start)
            out.append(current)
            pending_start, gap, period_break = None, False, False
        _take(current, fact)
        _end(current, fact)
        if current.scored_touchdown:
            scored = current
        _close_on_clock(current, kinds)
    if current is not None and current.end is None:
        current.end = "End of game" if finished else "In progress"
    return out


def _kick_or_setup(kinds: list[Kind]) -> bool:
    """A row of nobody's drive though a team has the ball: a kickoff, or set-up only."""
    kick = any(k.play_type == "kickoff" for k in kinds)
    return kick or bool(kinds and all(k.setup for k in kinds))


def _new_drive(current: Drive, fact: Fact, *, period_break: bool, opens: bool) -> bool:
    """Whether this row starts a drive: the other team has the ball, a period starts, or the
    drive has ended and a ruling (or a gap) opens the next."""
    return fact.side != current.team or period_break or (current.end is not None and opens)


def _start(
    kinds: list[Kind],
    pending: str | None,
    previous: Drive | None,
    new_period: Fact | None,
    slots: bool,
) -> str:
    """How a new drive started: its own kick, a kick just before it, the start of a period,
    or what the last drive's end gave the other team."""
    if slots:
        return "Scoring slot"
    kick = next((k.drive_start for k in kinds if k.drive_start), None) or pending
    if kick:
        return kick
    if previous is None:
        return "Start of game"
    if new_period is not None:
        return "Start of overtime" if new_period.overtime else "Start of half"
    return START_AFTER.get(previous.end or "", "Turnover")


def _take(drive: Drive, fact: Fact) -> None:
    """Count a row into a drive: its play, the drive's first spot, the yards gained."""
    drive.rows.append(fact.play_id)
    if drive.start_yardline is None and fact.yardline is not None:
        drive.start_yardline = fact.yardline
    drive.yards += fact.yards_gained or 0
    drive.plays += int(fact.counts_as_play)


def _end(drive: Drive, fact: Fact) -> None:
    """The rulings of a row that end the drive; a score says more than the turnover before it."""
    for k, team in fact.rulings:
        if k.result.get("touchdown"):
            drive.end = "Touchdown" if team == drive.team else "Opponent touchdown"
            drive.scored_touchdown = True
        elif k.drive_end and (k.score is not None or drive.end is None):
            drive.end = k.drive_end


def _close_on_clock(drive: Drive | None, kinds: list[Kind]) -> None:
    """End the drive (if one is on) at the end of a half or of the game."""
    if drive is None:
        return
    for k in kinds:
        if k.period_end in CLOSING and drive.end is None:
            drive.end = CLOSING[k.period_end]


def summary(drive: Drive) -> dict[str, Any]:
    """The drive columns every row of the drive carries."""
    return {
        "zebra_drive_start": drive.start,
        "zebra_drive_end": drive.end,
        "zebra_drive_yards": drive.yards,
    }
