"""Every stored event chained to the one before it in its game, so damage is named, not half-read.

The chain lives inside each event's stored state (the key ``chain``), so it is kept by SQLite
and PostgreSQL alike. A link is SHA-256 over the previous link and a canonical encoding of the
event: its type, game, version and every field. Reading an event recomputes its link from the
one before and compares; an event Zebra did not write, a changed byte, a removed or reordered
event, or a type Zebra does not know is reported as ``StoreDamaged`` naming the game and event.

Events written by Zebra 0.1 carry no link. They are read as they are (their links computed, not
checked) as long as they come before the first linked event of their game; the first event
written after them binds their content from then on. docs/events.md has the recipe.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any, cast
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent, find_id_convertor
from eventsourcing.utils import get_topic

from companion.store import StoreError

# The class Zebra's events are nested in (``get_topic(domain.game.Game)``), known without
# importing it: ``zebra status`` reads a summary and never needs the aggregate's classes.
GAME_TOPIC = "domain.game:Game"
GENESIS = "0" * 64
CHAIN_KEY = "chain"
_BASE_FIELDS = {"originator_id", "originator_version", "timestamp", "originator_topic"}


class StoreDamaged(StoreError):
    """A stored event was altered, removed or never written by Zebra."""


@dataclasses.dataclass(frozen=True)
class LinkedStoredEvent(StoredEvent):
    """A stored event on its way to the store, with the chain link its state carries: the
    recorders write the last one of each game as the game's head (companion.heads)."""

    link: str = ""


def stored_link(state: bytes) -> str | None:
    """The chain link a stored state carries, or None if it carries none or cannot be read."""
    try:
        body = json.loads(state)
    except (TypeError, ValueError):
        return None
    found = body.get(CHAIN_KEY) if isinstance(body, dict) else None
    return found if isinstance(found, str) else None


@cache
def known_topics() -> dict[str, type[Any]]:
    """Zebra's own event types by stored topic: the only types a store may hold.

    Made on first use: importing the aggregate costs more than the rest of a status read."""
    from domain.game import Game

    classes = {}
    for name in dir(Game):
        value = getattr(Game, name)
        if isinstance(value, type) and issubclass(value, Game.Event):
            classes[get_topic(value)] = value
    return classes


def __getattr__(name: str) -> Any:
    if name == "KNOWN_TOPICS":
        return known_topics()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    raise TypeError(f"cannot chain a {type(value).__name__}")


def canonical(topic: str, game: str, version: int, state: dict[str, Any]) -> bytes:
    """The bytes a link covers: type, game, version and fields, as sorted compact JSON."""
    body = {"topic": topic, "game": game, "version": version, "state": state}
    return json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
    ).encode("utf-8")


def link(previous: str, topic: str, game: str, version: int, state: dict[str, Any]) -> str:
    """The link of one event: SHA-256 of the previous link, a newline and the event's bytes."""
    digest = hashlib.sha256(previous.encode("ascii") + b"\n")
    digest.update(canonical(topic, game, version, state))
    return digest.hexdigest()


class ChainedMapper(Mapper[UUID]):
    """The library's mapper, with a chain link written into and checked on every event."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.recorder: Any = None
        self._lock = threading.RLock()
        # Per game: version -> (link, whether that event carried a stored link). Written events
        # wait in _pending until the store has taken them.
        self._links: dict[UUID, dict[int, tuple[str, bool]]] = {}
        self._pending: dict[UUID, dict[int, tuple[str, bool]]] = {}

    # Writing --------------------------------------------------------------------------------

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        stored = super().to_stored_event(domain_event)
        # The recorders read every game id as a UUID (companion.heads refuses any other).
        game, version = cast(UUID, stored.originator_id), stored.originator_version
        state = self.transcoder.decode(stored.state)
        with self._lock:
            previous = self._previous(game, version)
            chained = link(previous, stored.topic, str(game), version, state)
            self._pending.setdefault(game, {})[version] = (chained, True)
        state[CHAIN_KEY] = chained
        return LinkedStoredEvent(
            originator_id=game,
            originator_version=version,
            topic=stored.topic,
            state=self.transcoder.encode(state),
            link=chained,
        )

    def settle(self, stored: bool) -> None:
        """After a save: keep the links of the events the store took, forget the refused."""
        with self._lock:
            if stored:
                for game, links in self._pending.items():
                    self._links.setdefault(game, {}).update(links)
            self._pending.clear()

    # Reading --------------------------------------------------------------------------------

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        game, version = cast(UUID, stored_event.originator_id), stored_event.originator_version
        # Every event of a store is read through here when the summaries catch up: what is
        # only needed to name damage is made when there is damage.
        where = Where(game, version)
        check_columns(stored_event, where)
        cls = known_topics().get(stored_event.topic)
        if cls is None:
            raise StoreDamaged(
                f"the store is damaged at {where}: it holds an event of unknown type "
                f"{stored_event.topic[:60]!r}; run zebra check"
            )
        try:
            state = self.transcoder.decode(stored_event.state)
        except Exception:
            raise StoreDamaged(
                f"the store is damaged at {where}: the event cannot be read; run zebra check"
            ) from None
        if not isinstance(state, dict):
            raise StoreDamaged(f"the store is damaged at {where}: the event is not a record")
        stored_link = state.pop(CHAIN_KEY, None)
        with self._lock:
            previous, previous_chained = self._previous_link(game, version, where)
            computed = link(previous, stored_event.topic, str(game), version, state)
            if stored_link is None and previous_chained:
                raise StoreDamaged(
                    f"the store is damaged at {where}: its chain link is missing; run zebra check"
                )
            if stored_link is not None and stored_link != computed:
                raise StoreDamaged(
                    f"the store is damaged at {where}: it was altered, or an event before it "
                    "was removed; run zebra check"
                )
            self._links.setdefault(game, {})[version] = (computed, stored_link is not None)
        try:
            domain_event = _event(cls, game, version, state)
        except Exception:
            raise StoreDamaged(
                f"the store is damaged at {where}: the event cannot be read; run zebra check"
            ) from None
        missing = _missing_fields(cls, vars(domain_event))
        if missing:
            raise StoreDamaged(
                f"the store is damaged at {where}: the event lacks {', '.join(missing)}"
            )
        return domain_event

    def start_at(self, game: UUID, version: int, link: str) -> None:
        """Read ``game`` on from event ``version``, whose link (checked by the caller against
        the stored event) is ``link``: the events before it are not read (companion.opening)."""
        with self._lock:
            self._links[game] = {version: (link, True)}

    def link_at(self, game: UUID, version: int) -> str | None:
        """The link this mapper computed for event ``version`` of ``game``, if it read it."""
        with self._lock:
            known = self._links.get(game, {}).get(version)
        return known[0] if known is not None else None

    def _previous(self, game: UUID, version: int) -> str:
        """The link before ``version`` when writing (the game was read or written first)."""
        if version == 1:
            return GENESIS
        known = self._pending.get(game, {}).get(version - 1) or self._links.get(game, {}).get(
            version - 1
        )
        if known is None:
            known = self._fetch(game, version - 1, f"game {str(game)[:8]}, event {version}")
        return known[0]

    def _previous_link(self, game: UUID, version: int, where: object) -> tuple[str, bool]:
        if version == 1:
            return GENESIS, False
        known = self._links.get(game, {}).get(version - 1)
        return known if known is not None else self._fetch(game, version - 1, where)

    def _fetch(self, game: UUID, version: int, where: object) -> tuple[str, bool]:
        """Walk the game's stored events up to ``version`` to learn its link (once)."""
        if self.recorder is None:
            raise StoreDamaged(f"the store is damaged at {where}: the event before it is unknown")
        found = self.recorder.select_events(game, lte=version)
        if len(found) != version or [e.originator_version for e in found] != list(
            range(1, version + 1)
        ):
            raise StoreDamaged(
                f"the store is damaged at {where}: events of the game are missing; run zebra check"
            )
        self._links.pop(game, None)
        for stored in found:
            self.to_domain_event(stored)
        return self._links[game][version]


def ends_chained(previous: StoredEvent | None, last: StoredEvent, transcoder: Any) -> bool:
    """Whether a game's last event is whole and chained to the one before it (``previous``,
    None for a game's first event), from those two rows alone: a known type, a state that
    reads, and the link it carries is the one they make."""
    try:
        check_columns(last, "")
        # One of the aggregate's events; which one, the link (over the topic) says.
        if not last.topic.startswith(GAME_TOPIC + "."):
            return False
        state = transcoder.decode(last.state)
        carried = state.pop(CHAIN_KEY, None) if isinstance(state, dict) else None
        before = GENESIS if previous is None else stored_link(previous.state)
    except Exception:
        return False
    if not isinstance(carried, str) or before is None:
        return False
    game, version = str(last.originator_id), last.originator_version
    return link(before, last.topic, game, version, state) == carried


def check_columns(stored: StoredEvent, where: object) -> None:
    """A row's columns must be of the types Zebra writes: a damaged row can hold anything."""
    version = stored.originator_version
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StoreDamaged(
            f"the store is damaged at game {str(stored.originator_id)[:8]}: an event's number "
            f"{str(version)[:20]!r} is not a positive whole number; run zebra check"
        )
    if not isinstance(stored.topic, str) or not isinstance(stored.state, bytes | bytearray):
        raise StoreDamaged(
            f"the store is damaged at {where}: its type or state is not what Zebra writes; "
            "run zebra check"
        )


def _event(cls: type[Any], game: UUID, version: int, state: dict[str, Any]) -> Any:
    """The domain event from its checked state, upcast to the current shape (as the library)."""
    # The library caches its convertors by the two classes (its annotation asks for Hashable).
    convert = find_id_convertor(cls, type(game))  # type: ignore[arg-type]
    state["originator_id"] = convert(game)
    state["originator_version"] = version
    current = getattr(cls, "class_version", 1)
    stored = state.pop("class_version", 1)
    while stored < current:
        getattr(cls, f"upcast_v{stored}_v{stored + 1}")(state)
        stored += 1
    domain_event = object.__new__(cls)
    object.__setattr__(domain_event, "__dict__", state)
    return domain_event


def _missing_fields(cls: type[Any], state: dict[str, Any]) -> list[str]:
    # The fields an event of ``cls`` must carry, found once per class: ``dataclasses.fields``
    # cost a tenth of reading a whole store.
    wanted = _WANTED.get(cls)
    if wanted is None:
        wanted = _WANTED[cls] = tuple(
            f.name for f in dataclasses.fields(cls) if f.name not in _BASE_FIELDS
        )
    return [name for name in wanted if name not in state]


_WANTED: dict[type[Any], tuple[str, ...]] = {}


class Where:
    """Where damage is ("game G, event N"), formatted only if a message names it: every event
    of a store is checked when the summaries catch up, and the text is rarely needed."""

    __slots__ = ("game", "version")

    def __init__(self, game: UUID, version: int) -> None:
        self.game, self.version = game, version

    def __str__(self) -> str:
        return f"game {str(self.game)[:8]}, event {self.version}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def check_game(events: Sequence[StoredEvent], mapper: ChainedMapper) -> str | None:
    """None if one game's stored events read back whole and chained; else what is wrong."""
    versions = [e.originator_version for e in events]
    if versions != list(range(1, len(versions) + 1)):
        gap = next((v for i, v in enumerate(versions, start=1) if v != i), len(versions) + 1)
        return f"event {gap - 1 if gap > 1 else 1} onward is missing or out of order"
    for stored in events:
        try:
            mapper.to_domain_event(stored)
        except StoreDamaged as exc:
            return str(exc)
    return None
