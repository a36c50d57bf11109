"""A game's whole history as a file, and back: every event, with its options, struck entries,
corrections, proposals and chain links (``zebra export --format events`` / ``zebra import``).

One JSON object per line. The first line says what the file is; then one line per event, in
order: its type, version, timestamp, fields and chain link. Importing re-chains every event in
the new store, checks that the file is whole (versions 1..n, every link as recorded, the
rules re-derive the same final situation) and records it all or nothing. docs/exports.md has
the exact format.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from uuid import UUID

from companion.integrity import GENESIS, known_topics, link
from domain import deltas
from domain.game import Game
from domain.rules_versions import BASELINE
from domain.ruleset import LATER_SITUATION_KEYS, IllegalEntry
from domain.teams import team_names

HEADER_KEY = "zebra_events"
# Format 3 writes the events as stored since issue #19 (Ruled and Rederived of version 2: small
# changes and checkpoints); a format 2 file (whole situations) still imports, upcast.
# Format 4 adds the rules version of every step (Ruled and Rederived of version 3) and the Reruled
# event; in a format 2 or 3 file every step was made under the baseline version.
FORMAT = 4
READABLE = (2, 3, 4)
# In a format 2 file, these types are in their version 1 shape; in 2 and 3, without "rules".
_FORMAT_2_V1 = ("Ruled", "Rederived")
_BY_NAME = {cls.__name__: (topic, cls) for topic, cls in known_topics().items()}
_BASE = ("originator_id", "originator_version", "timestamp")


def _state(event: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if k not in _BASE}


def _json(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    raise TypeError(f"cannot export a {type(value).__name__}")


def export_events(events: list[Any]) -> str:
    """The events file of one game (its events as read from the store, oldest first)."""
    if not events:
        raise IllegalEntry("the game has no events to export")
    first = events[0]
    lines = [
        json.dumps(
            {
                HEADER_KEY: FORMAT,
                "game_id": str(first.originator_id),
                "ruleset": first.ruleset,
                "home": first.home,
                "away": first.away,
                "events": len(events),
            },
            ensure_ascii=False,
        )
    ]
    previous = GENESIS
    for event in events:
        topic, _ = _BY_NAME[type(event).__name__]
        state = _state(event)
        version = event.originator_version
        stamp = event.timestamp.isoformat()
        linked = {**_plain(state), "timestamp": stamp}
        previous = link(previous, topic, str(event.originator_id), version, linked)
        lines.append(
            json.dumps(
                {
                    "type": type(event).__name__,
                    "version": version,
                    "timestamp": stamp,
                    "state": state,
                    "link": previous,
                },
                ensure_ascii=False,
                default=_json,
            )
        )
    return "\n".join(lines) + "\n"


def _plain(state: dict[str, Any]) -> dict[str, Any]:
    """The fields as the file carries them (JSON types), so the link is the file's own."""
    return json.loads(json.dumps(state, default=_json))


def is_events_file(text: str) -> bool:
    """Whether ``text`` is an events export (its first line is the events header)."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        head = json.loads(first)
    except ValueError:
        return False
    return isinstance(head, dict) and HEADER_KEY in head


def read_events(text: str, where: str) -> tuple[UUID, list[Any]]:
    """The game id and its events from an events export, refused in one line if not whole."""
    rows = [line for line in text.splitlines() if line.strip()]
    try:
        head = json.loads(rows[0])
    except (IndexError, ValueError):
        raise IllegalEntry(f"{where}: not an events export (no header line)") from None
    fmt = head.get(HEADER_KEY) if isinstance(head, dict) else None
    if fmt not in READABLE or isinstance(fmt, bool):
        raise IllegalEntry(f"{where}: not a Zebra events export of format 2 to {FORMAT}")
    try:
        game_id = UUID(str(head.get("game_id")))
    except ValueError:
        raise IllegalEntry(f"{where}: the header's game_id is not a game id") from None
    body = rows[1:]
    if head.get("events") != len(body):
        raise IllegalEntry(
            f"{where}: the header counts {head.get('events')!r} events but the file has "
            f"{len(body)}; it was cut or added to"
        )
    events = []
    previous = GENESIS
    for number, raw in enumerate(body, start=2):
        event, previous = _event(raw, number - 1, previous, game_id, f"{where}:{number}", fmt)
        events.append(event)
    if not events or not isinstance(events[0], Game.Started):
        raise IllegalEntry(f"{where}: the first event is not the game's start")
    _named_as_at_set_up(events[0], where)
    if fmt == 2:
        _compacted(events, where)
    return game_id, events


def _named_as_at_set_up(started: Any, where: str) -> None:
    """The teams' names pass the set-up rule (domain.teams), as if the game started here."""
    home, away = started.home, started.away
    if not isinstance(home, str) or not isinstance(away, str):
        raise IllegalEntry(f"{where}: the game's start names its teams with something not text")
    try:
        named = team_names(home, away)
    except IllegalEntry as exc:
        raise IllegalEntry(f"{where}: {exc}") from None
    if named != (home, away):
        raise IllegalEntry(f"{where}: the team names {home!r} and {away!r} are not as set up")


def _event(
    raw: str, version: int, previous: str, game_id: UUID, where: str, fmt: int
) -> tuple[Any, str]:
    try:
        row = json.loads(raw, object_pairs_hook=_no_duplicates)
    except ValueError as exc:
        raise IllegalEntry(f"{where}: not a JSON event ({exc})") from None
    if not isinstance(row, dict) or set(row) != {"type", "version", "timestamp", "state", "link"}:
        raise IllegalEntry(f"{where}: an event is type, version, timestamp, state and link")
    known = _BY_NAME.get(row["type"]) if isinstance(row["type"], str) else None
    if known is None:
        raise IllegalEntry(f"{where}: {str(row['type'])[:40]!r} is not a Zebra event")
    topic, cls = known
    if row["version"] != version:
        raise IllegalEntry(f"{where}: event {row['version']!r} where event {version} belongs")
    state = row["state"]
    if not isinstance(state, dict):
        raise IllegalEntry(f"{where}: the event's state is not a record")
    linked = {**state, "timestamp": row["timestamp"]}
    expected = link(previous, topic, str(game_id), version, linked)
    if row["link"] != expected:
        raise IllegalEntry(f"{where}: the event was altered (its link does not match)")
    try:
        stamp = datetime.fromisoformat(str(row["timestamp"]))
    except ValueError:
        raise IllegalEntry(f"{where}: the timestamp is not a date and time") from None
    if fmt == 2 and row["type"] in _FORMAT_2_V1:
        state = _upcast(cls, state, where)
    if fmt in (2, 3) and row["type"] in _FORMAT_2_V1 and "rules" not in state:
        state = {**state, "rules": BASELINE}
    fields = {f for f in cls.__dataclass_fields__ if f not in _BASE}
    if set(state) != fields:
        raise IllegalEntry(f"{where}: a {row['type']} event has the fields {', '.join(fields)}")
    event = object.__new__(cls)
    object.__setattr__(
        event,
        "__dict__",
        {"originator_id": game_id, "originator_version": version, "timestamp": stamp, **state},
    )
    return event, expected


def _upcast(cls: Any, state: dict[str, Any], where: str) -> dict[str, Any]:
    """A format 2 step (its whole situation) in the shape of version 2 (a full change)."""
    wanted = {"Ruled": {"seq", "rulings", "situation"}, "Rederived": {"steps"}}[cls.__name__]
    if set(state) != wanted:
        raise IllegalEntry(f"{where}: a {cls.__name__} event has the fields {', '.join(wanted)}")
    upcast = json.loads(json.dumps(state))
    try:
        cls.upcast_v1_v2(upcast)
    except (KeyError, TypeError, AttributeError):
        raise IllegalEntry(f"{where}: a {cls.__name__} event's steps are not steps") from None
    return dict(upcast)


def _compacted(events: list[Any], where: str) -> None:
    """Each whole situation of a format 2 file stored as its change from the step before it,
    as Zebra stores a step now (the record folds to the same situations)."""
    from projections import record

    folded = record.GameRecord()
    for event in events:
        try:
            if isinstance(event, Game.Ruled) and event.seq != 0 and event.change.get("full"):
                folded = record.evolve(folded, event)
                before = record.situation_before(folded, event.seq)
                event.__dict__["change"] = _change(before, event.change)
                continue
            if isinstance(event, Game.Rederived):
                steps = event.steps
                for step in steps:
                    if step["change"].get("full"):
                        before = record.situation_before(folded, step["seq"])
                        step["change"] = _change(before, step["change"])
                    seq, rulings = step["seq"], step["rulings"]
                    folded = record.restep(folded, seq, rulings, step["change"], 0)
                event.__dict__["packed"] = deltas.pack(steps)
            folded = record.evolve(folded, event)
        except (StopIteration, KeyError, TypeError, AttributeError):
            raise IllegalEntry(
                f"{where}: event {event.originator_version} is not a step of this game"
            ) from None


def _change(before: dict[str, Any] | None, full: dict[str, Any]) -> dict[str, Any]:
    return deltas.change(before, deltas.applied(None, full))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice")
        seen[key] = value
    return seen


def moved(events: list[Any], game_id: UUID) -> list[Any]:
    """The same events for a game of another id (the original id is taken in this store)."""
    out = []
    for event in events:
        copy = object.__new__(type(event))
        object.__setattr__(copy, "__dict__", {**vars(event), "originator_id": game_id})
        out.append(copy)
    return out


def replayed(events: list[Any], where: str) -> Game:
    """The game the events make, checked: every standing entry legal, the same final ruling.

    (The events are mutated into a fresh aggregate exactly as the repository replays them.)

    The events carry their rulings; re-running the rules over the entries must give the
    situation the last ruling recorded, so a file edited and re-linked by hand is refused.
    """
    from projections.record import project

    try:
        game: Any = None
        for event in events:
            game = event.mutate(game)
        # From the opening, not from a checkpoint of the file: each checkpoint must be a step
        # the rules make, or a forged one would stand for the game.
        steps = game.refolded()
        if not game.checkpoints_hold(steps):
            raise IllegalEntry("a checkpoint holds a state the rules do not make")
        folded = steps[-1].situation
    except IllegalEntry as exc:
        raise IllegalEntry(f"{where}: the entries do not make a legal game: {exc}") from None
    except Exception as exc:
        raise IllegalEntry(f"{where}: the events do not make a game ({exc})") from None
    assert isinstance(game, Game)
    if game.ruled_under != [game.rules.version]:
        # Ruled under other rules: the file's rulings are kept as recorded, and the game is
        # named as such on every read until it is reruled (domain.reruling).
        return game
    recorded = project(events).situation
    # A situation recorded before the period keys existed (issue #16) lacks them: compare what
    # it holds.
    folded = {k: v for k, v in folded.items() if k in recorded or k not in LATER_SITUATION_KEYS}
    if json.loads(json.dumps(folded)) != json.loads(json.dumps(recorded)):
        raise IllegalEntry(f"{where}: the recorded rulings differ from what the rules make of it")
    assert isinstance(game, Game)
    return game
