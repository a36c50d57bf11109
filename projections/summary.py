"""A game's status folded lean, for its summary: what ``situation.view`` of the full record gives,
without building the record.

Catching the summaries up (``Referee.catch_up``) folds every game a Zebra that kept no summaries
wrote, and from an empty store that is every event of every game. The full record
(projections.record) copies its tuple of lines on every ruling, O(n²) per game, and keeps every
line's text, trail and rulings; the summary needs only, per entry, whether it stands and the
situation after it. This fold keeps that, in place, O(1) per event (an insertion aside), one game
at a time: memory for one game, never for the store.

The situation after a step is read in one place, ``situation_after``: the one function to change
when the stored ``Ruled`` event stops carrying a whole situation.

``tests/projections/test_summary_fold.py`` holds the two equal for random games with
corrections, after every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from domain import deltas, schedule
from domain.corrections import Proposal, describe
from domain.game import Game
from domain.identity import copy_marked
from projections.record import UnknownEvent


def situation_after(step: Mapping[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """The situation after one ruled step (a ``Ruled`` event's fields, or one step of a
    ``Rederived`` event): its stored change applied to the situation of the step before it
    (None: the opening's change is the whole situation)."""
    return deltas.applied(before, step["change"])


class SummaryFold:
    """One game's status, folded event by event (``evolve``), shown as ``situation.view`` shows
    the full record (``view``)."""

    __slots__ = (
        "game_id",
        "ruleset",
        "home",
        "away",
        "version",
        "pending",
        "last_at",
        "opening",
        "order",
        "situations",
        "struck",
        "withdrawn",
        "rules",
        "started_at",
        "season",
        "week",
        "copy_of",
        "set_aside",
        "__weakref__",  # a test counts the folds alive at once
    )

    def __init__(self) -> None:
        self.game_id = ""
        self.ruleset = self.home = self.away = ""
        self.version = 0
        self.pending: str | None = None
        self.last_at = ""
        self.opening: dict[str, Any] | None = None
        # The entries in the record's order (an insertion goes after the entry it follows).
        self.order: list[int] = []
        # Per entry: the situation after it, as its latest ruling left it (the event's own dict,
        # not a copy: the events are not kept).
        self.situations: dict[int, dict[str, Any]] = {}
        self.struck: set[int] = set()
        self.withdrawn: set[int] = set()
        # Per entry (0: the opening): the rules version its latest ruling was made under.
        self.rules: dict[int, int] = {}
        self.started_at = ""
        self.season: int | None = None
        self.week: int | None = None
        self.copy_of: str | None = None
        self.set_aside: str | None = None

    def evolve(self, event: Any) -> None:
        """Fold one event; an event of a type the record does not know is refused, as there."""
        fold = _FOLDS.get(type(event))
        if fold is None:
            kind = type(event)
            raise UnknownEvent(
                f"the game summary cannot fold a {kind.__module__}.{kind.__qualname__} event "
                f"(version {event.originator_version} of game {event.originator_id}): it knows "
                "the events of domain.game.Game only; nothing is skipped"
            )
        fold(self, event)
        self.version = event.originator_version
        at = getattr(event, "at", None)
        if isinstance(at, str):
            self.last_at = at

    @property
    def situation(self) -> dict[str, Any]:
        """The situation after the last entry that stands (or the opening one)."""
        for seq in reversed(self.order):
            if seq not in self.struck and seq not in self.withdrawn:
                found = self.situations.get(seq)
                if found is not None:
                    return found
        return self.opening or {}

    @property
    def ruled_under(self) -> list[int]:
        """The rules versions of the opening's and the standing entries' rulings."""
        seqs = [0, *(s for s in self.order if s not in self.struck and s not in self.withdrawn)]
        return sorted({self.rules[s] for s in seqs if s in self.rules})

    def view(self) -> dict[str, Any]:
        """The status view: ``projections.situation.view`` of the game's full record."""
        standing = sum(1 for s in self.order if s not in self.struck and s not in self.withdrawn)
        return copy_marked(
            {
                "game_id": self.game_id,
                **self.situation,
                "entries": standing,
                "struck": len(self.struck - self.withdrawn),
                "pending": self.pending,
                "season": schedule.season_of(self.season, self.started_at),
                "week": self.week,
                "version": self.version,
            },
            self.copy_of,
            self.set_aside,
        )

    # One fold per event class of the aggregate (as in projections.record).

    def _started(self, event: Any) -> None:
        self.game_id = str(event.originator_id)
        self.ruleset, self.home, self.away = event.ruleset, event.home, event.away
        self.started_at = event.at

    def _scheduled(self, event: Any) -> None:
        self.season, self.week = event.season, event.week

    def _entered(self, event: Any) -> None:
        self.order.append(event.seq)

    def _before(self, seq: int) -> dict[str, Any] | None:
        """The situation a step's change applies to, as projections.record reads it: that of
        the last entry before ``seq`` in play order that stands and was ruled, or the opening.
        A new entry is last, so the search from the end is short."""
        order = self.order
        i = len(order) - 1
        while i >= 0 and order[i] != seq:
            i -= 1
        for j in range(i - 1 if i >= 0 else len(order) - 1, -1, -1):
            other = order[j]
            if other not in self.struck and other not in self.withdrawn:
                found = self.situations.get(other)
                if found is not None:
                    return found
        return self.opening

    def _ruled(self, event: Any) -> None:
        step = vars(event)  # its fields, as a Rederived step holds them (no copy)
        self.rules[event.seq] = event.rules
        if event.seq == 0:
            self.opening = situation_after(step, None)
            return
        self.situations[event.seq] = situation_after(step, self._before(event.seq))

    def _rederived(self, event: Any) -> None:
        # In play order: each step's change is from the step before it, folded just above.
        for step in event.steps:
            seq = step["seq"]
            self.rules[seq] = step.get("rules", event.rules)
            self.situations[seq] = situation_after(step, self._before(seq))

    def _struck(self, event: Any) -> None:
        self.struck.add(event.seq)

    def _restored(self, event: Any) -> None:
        self.struck.discard(event.seq)

    def _withdrawn(self, event: Any) -> None:
        self.withdrawn.add(event.seq)

    def _reinstated(self, event: Any) -> None:
        self.withdrawn.discard(event.seq)

    def _inserted(self, event: Any) -> None:
        at = self.order.index(event.after) + 1 if event.after else 0
        self.order.insert(at, event.seq)

    def _proposed(self, event: Any) -> None:
        self.pending = f"{describe(Proposal(**event.proposal))} (proposed by {event.by})"

    def _settled(self, event: Any) -> None:
        self.pending = None

    def _copied(self, event: Any) -> None:
        self.copy_of = event.of

    def _set_aside(self, event: Any) -> None:
        self.set_aside = event.reason

    def _brought_back(self, event: Any) -> None:
        self.set_aside = None

    def _unchanged(self, event: Any) -> None:
        """Amended (a new text, the same standing) and Reverted (its effects are the events
        after it)."""


_FOLDS: dict[type, Callable[[SummaryFold, Any], None]] = {
    Game.Started: SummaryFold._started,
    Game.Entered: SummaryFold._entered,
    Game.Ruled: SummaryFold._ruled,
    Game.Rederived: SummaryFold._rederived,
    Game.Struck: SummaryFold._struck,
    Game.Restored: SummaryFold._restored,
    Game.Withdrawn: SummaryFold._withdrawn,
    Game.Reinstated: SummaryFold._reinstated,
    Game.Inserted: SummaryFold._inserted,
    Game.Amended: SummaryFold._unchanged,
    Game.Reverted: SummaryFold._unchanged,
    Game.Reruled: SummaryFold._unchanged,
    Game.Proposed: SummaryFold._proposed,
    Game.Confirmed: SummaryFold._settled,
    Game.Rejected: SummaryFold._settled,
    Game.Scheduled: SummaryFold._scheduled,
    Game.Copied: SummaryFold._copied,
    Game.SetAside: SummaryFold._set_aside,
    Game.BroughtBack: SummaryFold._brought_back,
}


def folds(event_class: type) -> bool:
    """Whether this fold knows events of this class."""
    return event_class in _FOLDS


def project(events: Iterable[Any]) -> SummaryFold:
    """One game's summary fold from its events."""
    fold = SummaryFold()
    for event in events:
        fold.evolve(event)
    return fold
