"""Every game of a store, kept current by following the store's notification log.

One look at the log's newest notification id tells whether anything was stored since the last
look (an entry or a correction at any table, by any process, on SQLite or PostgreSQL). Only the
events stored since are read, through the chain (companion.integrity), and folded into the
records of the games they belong to; a game nobody touched keeps its record object as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from uuid import UUID

from companion.integrity import StoreDamaged
from companion.service import Referee
from projections import record
from projections.record import GameRecord


@dataclass(frozen=True)
class Snapshot:
    """What the pages show at one moment; immutable, so a page renders from one view."""

    # Least to most recently played, as the store's log orders them.
    records: Mapping[UUID, GameRecord] = field(default_factory=dict)
    damaged: Mapping[UUID, str] = field(default_factory=dict)
    # The generation at which each game last changed: a page of one game re-renders only then.
    changed: Mapping[UUID, int] = field(default_factory=dict)
    generation: int = 0
    # Why the store could not be read at the last look (the pages say so), else None.
    trouble: str | None = None

    def find(self, key: str) -> UUID | None:
        """The game whose id is ``key`` or starts with it (at least 4 characters), if one only."""
        wanted = key.strip().lower().replace("-", "")
        if len(wanted) < 4 or not all(c in "0123456789abcdef" for c in wanted):
            return None
        found = [g for g in (*self.records, *self.damaged) if g.hex.startswith(wanted)]
        return found[0] if len(found) == 1 else None


class Follower:
    """Folds what the store's notification log holds, from where it last looked."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee
        self.position = 0
        self.now = Snapshot()

    def catch_up(self) -> frozenset[UUID]:
        """Fold the events stored since the last look; the games they touched (none: no news)."""
        records = dict(self.now.records)
        damaged = dict(self.now.damaged)
        touched: set[UUID] = set()
        trouble = None
        try:
            newest = self.referee.recorder.max_notification_id() or 0
            while self.position < newest:
                page = self.referee.stored_after(self.position)
                if not page:
                    break
                for position, game_id, event in page:
                    self.position = position
                    if game_id in damaged:
                        continue
                    touched.add(game_id)
                    if isinstance(event, StoreDamaged):
                        # The rest of that game cannot be trusted; the other games still can.
                        damaged[game_id] = str(event)
                        records.pop(game_id, None)
                        continue
                    folded = record.evolve(records.pop(game_id, GameRecord()), event)
                    records[game_id] = folded
        except Exception as exc:
            # A server outlives a store that is briefly unreachable (PostgreSQL restarting, a
            # locked file): the pages say why they stopped moving, and the next look tries again.
            reason = self.referee.store.scrub(" ".join(str(exc).split())) or type(exc).__name__
            trouble = f"the store cannot be read just now: {reason}"
        if not touched and trouble == self.now.trouble:
            return frozenset()
        generation = self.now.generation + 1
        changed = dict(self.now.changed)
        changed.update(dict.fromkeys(touched, generation))
        self.now = Snapshot(
            records=MappingProxyType(records),
            damaged=MappingProxyType(damaged),
            changed=MappingProxyType(changed),
            generation=generation,
            trouble=trouble,
        )
        return frozenset(touched)
