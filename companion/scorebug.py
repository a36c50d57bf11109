"""The scorebug: what a broadcast's score strip shows at every moment of a game (issue #31).

Shared by the live pages (web/) and anything else that draws a strip; no HTML and no rule of
any game here. Everything is read from the status (``zebra status --json``) and from the play
read model (projections/plays.py) through the ruling kinds' vocabulary (domain/kinds.py):

* ``downs``: down and distance while a ball is spotted; "PAT" or "2-pt try" during a try;
  "Kickoff" while a kickoff is due or under way; a game without downs shows its own phase
  (Masters of the Gridiron's scoring play, Third and Long's key moments).
* ``timeouts``: each team's time-outs left, where the game has them.
* ``clock``: the game's own clock (Red Zone's Time Decks, 1st & Goal's cards, Third and Long's
  Action Deck, Masters of the Gridiron's slots), as the board shows it.
* ``moment``: what the last play was worth announcing (``Kind.moment``), with its banner words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.board import clock_detail, clock_line, down_text
from companion.clocks import ClockItem, clock_items
from domain.kinds import START_AFTER, Kind, Moment
from projections.plays import Play, plays
from projections.record import GameRecord
from projections.situation import view

SIDES = ("home", "away")
# When a play holds rulings of several moments, the one a broadcast would announce: a pick six
# is a touchdown, a touchdown on the last play is still a touchdown before the final whistle.
PRECEDENCE: tuple[Moment, ...] = ("touchdown", "turnover", "final", "period_end")
BANNERS: Mapping[str, str] = {
    "touchdown": "TOUCHDOWN",
    "turnover": "TURNOVER",
    "final": "FINAL",
    "quarter": "END OF QUARTER",
    "half": "END OF HALF",
}
# Plays that do not change what is due next: a time-out, a coach's card or choice between a try
# and the kickoff (Red Zone's Special Play cards and refreshes, a "kick or onside" decision).
ASIDE = ("timeout", "other")
# The rulings after which the set-up is over and the opening kickoff is due: the toss winner's
# choice (NFL Rush Zone), the end of a draft (Red Zone). Red Zone's choice comes before its
# draft, so between the two its strip says "Kickoff" early (docs/rulings.md, "The scorebug").
SETUP_OVER = ("choice", "draft_complete")


@dataclass(frozen=True)
class Scorebug:
    """One game's strip: its words are ready to show; empty strings show nothing."""

    period: str
    downs: str
    clock: str
    timeouts: Mapping[str, int] | None
    moment: Moment | None
    banner: str


def scorebug(record: GameRecord) -> Scorebug:
    """The scorebug of a game as its record stands."""
    status = view(record)
    standing = [p for p in plays(record) if not p.deleted]
    moment, banner = last_moment(standing)
    left = status.get("timeouts")
    timeouts = {s: int(left.get(s, 0)) for s in SIDES} if isinstance(left, dict) else None
    return Scorebug(
        period=clock_line(status),
        downs=downs(status, standing),
        clock=own_clock(status),
        timeouts=timeouts,
        moment=moment,
        banner=banner,
    )


def own_clock(status: dict[str, Any]) -> str:
    """The game's own clock, short enough for a strip, from its clock facts
    (``companion.clocks.clock_items``): each team's Time Deck (Red Zone), the two card decks
    (1st & Goal), the Action Deck (Third and Long), the scoring slots filled (Masters of the
    Gridiron); Rush Zone's rounds are in the period. A clock of another shape is shown whole
    (``board.clock_detail``); every fact is in the terminal's status block
    (``views.clock_lines``)."""
    by: dict[str, list[ClockItem]] = {}
    for item in clock_items(status):
        by.setdefault(item.label, []).append(item)
    names = {s: str(status.get(s, s)) for s in SIDES}
    if "Round" in by:
        return ""
    if "Time Deck" in by:
        return "Time Deck " + " · ".join(f"{_name(i, names)} {i.value}" for i in by["Time Deck"])
    if "Offence deck" in by and "Defence deck" in by:
        offence, defence = by["Offence deck"][0], by["Defence deck"][0]
        return f"Cards: offence {offence.value} · defence {defence.value}"
    if "Action Deck" in by:
        return f"Action Deck {by['Action Deck'][0].value}"
    slots = [i for i in by.get("Scoring plays", []) if i.of is not None]
    if slots:
        # The strip counts the slots filled: the scoring plays made of the side's slots.
        return "Slots " + " · ".join(
            f"{_name(i, names)} {(i.of or 0) - i.value}/{i.of}" for i in slots
        )
    return clock_detail(status)


def _name(item: ClockItem, names: Mapping[str, str]) -> str:
    return names[item.team] if item.team is not None else ""


def last_moment(standing: Sequence[Play]) -> tuple[Moment | None, str]:
    """The last play's moment and its banner, from its rulings' kinds (never their words)."""
    if not standing:
        return None, ""
    kinds = [k for k in standing[-1].kinds if k.moment is not None]
    for moment in PRECEDENCE:
        found = next((k for k in kinds if k.moment == moment), None)
        if found is not None:
            words = found.period_end if moment == "period_end" and found.period_end else moment
            return moment, BANNERS[words]
    return None, ""


def downs(status: dict[str, Any], standing: Sequence[Play]) -> str:
    """What the strip shows beside the period: downs, the try, the kickoff or the game's phase."""
    if not status or status.get("finished"):
        return ""
    if status.get("converting"):
        return "2-pt try" if going_for_two(status, standing) else "PAT"
    shown = down_text(status) or own_phase(status)
    if shown:
        return shown
    if kickoff_due(status, standing):
        return "Kickoff"
    last = last_of_note(standing)
    if last is None or last.category == "setup":
        return "Set-up"
    if last.play_type == "punt":
        # The punt is in the air or being returned: no down until the receivers have it.
        return "Punt"
    # Third and Long's drive before its length card is flipped (third-and-long.txt, "Drives").
    return "New drive" if status.get("key_moments") == 0 else ""


def going_for_two(status: dict[str, Any], standing: Sequence[Play]) -> bool:
    """The try is a two-point one: its team said so after the touchdown (a ``go_for_two``
    ruling, or a decision whose choice is ``two``), the ball is spotted for a play from
    scrimmage (1st & Goal spots it at the 2; a kick spots none), or the game's turn says it is
    converting (Masters of the Gridiron)."""
    turn = status.get("turn")
    if isinstance(turn, dict) and turn.get("converting"):
        return True
    if isinstance(status.get("ball_on"), int):
        return True
    for play in reversed(standing):
        for r in reversed(play.rulings):
            if r.name == "go_for_two" or (r.name == "decision" and r.data.get("choice") == "two"):
                return True
            if r.kind.moment == "touchdown":
                return False
    return False


def kickoff_due(status: dict[str, Any], standing: Sequence[Play]) -> bool:
    """A kickoff is due or under way: the game says so in its phase where it shows one; else no
    ball is spotted and the last play was a kick not yet settled into a first down, the set-up,
    a try, a drive end after which the vocabulary starts the next drive with a kickoff
    (``START_AFTER``: a score or a safety), or the end of a half."""
    if status.get("down") is not None or status.get("converting") or status.get("finished"):
        return False
    if status.get("phase") == "kickoff":
        return True
    last = last_of_note(standing)
    if last is None:
        return False
    if last.category == "setup":
        return bool(last.rulings) and last.rulings[-1].name in SETUP_OVER
    return last.category == "try" or any(_kick_follows(k) for k in last.kinds)


def last_of_note(standing: Sequence[Play]) -> Play | None:
    """The last play that says what comes next: not a time-out, a coach's card or choice, nor
    the end of a quarter (play goes on across it)."""
    for play in reversed(standing):
        if play.category in ASIDE:
            continue
        if play.category == "period_end" and not any(k.period_end != "quarter" for k in play.kinds):
            continue
        return play
    return None


def _kick_follows(k: Kind) -> bool:
    return (
        k.play_type == "kickoff"
        or k.period_end == "half"
        or START_AFTER.get(k.drive_end or "") == "Kickoff"
    )


def own_phase(status: dict[str, Any]) -> str:
    """A game without downs names where it is: Masters of the Gridiron's scoring play (its
    slot), Third and Long's key moments of the drive."""
    turn = status.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("attempt"), int):
        where = "Overtime" if turn.get("period") == "overtime" else "Scoring play"
        return f"{where} #{turn['attempt']}"
    left, total = status.get("key_moments_left"), status.get("key_moments")
    if isinstance(left, int) and isinstance(total, int) and total > 0:
        return f"Key moment {total - left + 1 if left else total} of {total}"
    return ""
