"""The bare eventsourcing library doing the same storage work as Zebra, for the ratios.

``BareGame`` has no rules and no read models: one ``Happened`` event carries a payload copied
from a Zebra event (or an entry's text), and ``BareApp`` stores it with the same SQLite settings
(WAL, synchronous FULL) in the same file as the Zebra games.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event


class BareGame(Aggregate):
    """An aggregate that only records: one event per fact, applied by doing nothing."""

    @event("Opened")
    def __init__(self, name: str) -> None:
        self.name = name

    @event("Entered")
    def entered(self, seq: int, text: str, by: str, at: str) -> None:
        """The bare equivalent of Zebra's ``Entered`` event."""

    @event("Happened")
    def happened(self, data: dict[str, Any]) -> None:
        """Any Zebra event's attributes, copied, so decoding costs the same bytes."""


class BareApp(Application[UUID]):
    name = "Bare"


def bare_env(path: Path, *, cache: bool = False) -> dict[str, str]:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}
    if cache:
        env["AGGREGATE_CACHE_MAXSIZE"] = "16"
    return env


def open_bare(path: Path, *, cache: bool = False) -> BareApp:
    return BareApp(env=bare_env(path, cache=cache))


def payload(zebra_event: Any) -> dict[str, Any]:
    """A Zebra event's own attributes (what its stored state holds besides the envelope)."""
    skip = {"originator_id", "originator_version", "timestamp", "originator_topic"}
    return {k: v for k, v in vars(zebra_event).items() if k not in skip}


def copy_game(app: BareApp, zebra_events: list[Any]) -> UUID:
    """Store a bare aggregate with one event per Zebra event, carrying the same attributes."""
    agg = BareGame(name="copy")
    for e in zebra_events[1:]:
        agg.happened(data=payload(e))
    app.save(agg)
    return agg.id


def read_log(app: Application[UUID], page: int = 500) -> Iterator[Any]:
    """Every event in the notification log, decoded to a domain event, page by page."""
    start = 1
    while True:
        notes = app.recorder.select_notifications(start=start, limit=page)
        for n in notes:
            yield app.mapper.to_domain_event(n)
        if len(notes) < page:
            return
        start = notes[-1].id + 1


class ChainedBareApp(BareApp):
    """The bare library with Zebra's chained mapper (companion.integrity): every event written
    carries its SHA-256 link and every event read is checked against it, as in Zebra's store,
    so a ratio against it leaves the chain out of what it calls Zebra's own work."""

    name = "ChainedBare"

    def __init__(self, path: Path) -> None:
        from eventsourcing.utils import get_topic

        from companion.integrity import known_topics

        # The mapper reads only the types a Zebra store may hold: the bare game's are added to
        # that (cached) table, in this benchmark process only.
        for name in dir(BareGame):
            value = getattr(BareGame, name)
            if isinstance(value, type) and issubclass(value, BareGame.Event):
                known_topics()[get_topic(value)] = value
        super().__init__(env=bare_env(path))
        self.mapper.recorder = self.recorder  # type: ignore[attr-defined]

    def construct_mapper(self) -> Any:
        from companion.integrity import ChainedMapper

        return ChainedMapper(transcoder=self.construct_transcoder())

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        try:
            done = super().save(*objs, **kwargs)
        except BaseException:
            self.mapper.settle(stored=False)  # type: ignore[attr-defined]
            raise
        self.mapper.settle(stored=True)  # type: ignore[attr-defined]
        return done


def copy_events(app: BareApp, zebra_events: list[Any]) -> BareGame:
    """A bare aggregate holding one ``Happened`` per Zebra event after the first, saved."""
    agg = BareGame(name="copy")
    for e in zebra_events[1:]:
        agg.happened(data=payload(e))
    app.save(agg)
    return agg
