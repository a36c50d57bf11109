"""The referee service: the commands a table gives Zebra, over the event store.

Both front ends (the typer CLI and the Kivy tablet) call only this, so they behave the same.
"""

from __future__ import annotations

import getpass
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, TypeVar
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import PersistenceError, RecordConflictError
from eventsourcing.utils import get_topic

from companion import current, transfer
from companion.heads import HeadedRecorder, hold_to_heads
from companion.integrity import ChainedMapper, StoreDamaged, check_game
from companion.scripts import Script
from companion.store import Store, StoreError
from domain.game import AlreadyRecorded, Correction, Entry, Game, GameMovedOn
from domain.ruleset import IllegalEntry, Prompt, Ruling
from projections import playbyplay, record, situation, standings
from projections.record import GameRecord
from projections.standings import Standing

T = TypeVar("T")


class UnknownGame(LookupError):
    """No game in the store matches what was asked for."""


@dataclass(frozen=True)
class Outcome:
    """What the table sees after a command: the rulings made and the situation now."""

    game_id: UUID
    rulings: tuple[Ruling, ...]
    status: dict[str, Any]
    prompt: Prompt | None
    seq: int | None = None

    @property
    def version(self) -> int:
        """The game version this outcome shows: what the next command should carry."""
        return int(self.status["version"])


@dataclass(frozen=True)
class Corrected:
    """A correction's outcome, and the later entries it struck because they no longer fit."""

    outcome: Outcome
    also_struck: tuple[tuple[int, str, str], ...]
    correction: str | None = None
    offer: str | None = None
    reverts: str | None = None


@dataclass(frozen=True)
class GameSummary:
    game_id: UUID
    ruleset: str
    home: str
    away: str
    score: dict[str, int]
    finished: bool
    last_at: str
    entries: int


def now() -> str:
    """The wall-clock time an entry was made, recorded once in the event (never re-read)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def who() -> str:
    """Who is typing: ZEBRA_USER, else the login name."""
    try:
        return os.environ.get("ZEBRA_USER") or getpass.getuser()
    except (KeyError, OSError):
        return "referee"


class Referee(Application[UUID]):
    """Starts games, records entries and corrections, and answers what the situation is."""

    name = "Zebra"
    # The store's own mapper and recorder (companion.integrity, companion.heads), which the
    # library's annotations know only by their bases.
    mapper: ChainedMapper
    recorder: HeadedRecorder

    def __init__(self, store: Store) -> None:
        self.store = store
        self._records: dict[UUID, GameRecord] = {}
        for attempt in range(6):
            try:
                super().__init__(env=store.env)
                self.mapper.recorder = self.recorder
                return
            except (sqlite3.DatabaseError, PersistenceError) as exc:
                reason = store.scrub(" ".join(str(exc).split()))
                # Tablets opening a new league store at once race to create its tables;
                # PostgreSQL answers all but one "concurrently updated": try again shortly.
                if "concurrently" in reason and attempt < 5:
                    time.sleep(0.05 * (attempt + 1))
                    continue
                raise StoreError(f"store {store} cannot be opened: {reason}") from None

    # Storage --------------------------------------------------------------------------------

    def construct_mapper(self) -> ChainedMapper:
        """Every event chained to the one before it in its game (companion.integrity)."""
        return ChainedMapper(transcoder=self.construct_transcoder())

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save, and keep the chain links of what the store took (only of that)."""
        try:
            recordings = super().save(*objs, **kwargs)
        except BaseException:
            self.mapper.settle(stored=False)
            raise
        self.mapper.settle(stored=True)
        return recordings

    # Commands -------------------------------------------------------------------------------
    #
    # Every command that records carries ``expect``: the game version its caller showed the
    # person. The game refuses it if anything was recorded since (domain.game.Game.seen).

    def start(
        self,
        ruleset: str,
        home: str,
        away: str,
        options: dict[str, str] | None = None,
        by: str | None = None,
    ) -> Outcome:
        """A new game; refused (nothing stored) if the game, teams or options are not valid."""
        game = Game.start(ruleset, home, away, dict(options or {}), by or who(), now())
        self.save(game)
        self.adopt(game.id)
        return self._outcome(game, ())

    def enter(
        self, game_id: UUID, text: str, by: str | None = None, *, expect: int | None = None
    ) -> Outcome:
        """Record one entry as typed at the table, or refuse it with one line and record nothing."""
        game, step = self._command(
            game_id, expect, lambda g, v: g.enter(text, by or who(), now(), expect=v)
        )
        return replace(self._outcome(game, step.rulings), seq=step.seq)

    def undo(
        self, game_id: UUID, reason: str = "", by: str | None = None, *, expect: int | None = None
    ) -> tuple[Entry, Outcome]:
        """Strike the last entry that stands; it stays in the record with the reason."""
        game, struck = self._command(
            game_id, expect, lambda g, v: g.undo(reason, by or who(), now(), expect=v)
        )
        return struck, self._outcome(game, ())

    def strike(
        self,
        game_id: UUID,
        seq: int,
        reason: str,
        by: str | None = None,
        strike_invalid: bool = False,
        *,
        expect: int | None = None,
    ) -> Corrected:
        """Strike any earlier entry; the game re-derives without it."""
        return self._correction(
            game_id,
            expect,
            lambda g, v: g.strike(
                seq, reason, by or who(), now(), strike_invalid=strike_invalid, expect=v
            ),
        )

    def restore(
        self,
        game_id: UUID,
        seq: int,
        reason: str = "",
        by: str | None = None,
        strike_invalid: bool = False,
        *,
        cascade: bool = False,
        expect: int | None = None,
    ) -> Corrected:
        """Bring a struck entry back where it stood (with ``cascade``: and those struck with it)."""
        return self._correction(
            game_id,
            expect,
            lambda g, v: g.restore(
                seq,
                reason,
                by or who(),
                now(),
                strike_invalid=strike_invalid,
                cascade=cascade,
                expect=v,
            ),
        )

    def amend(
        self,
        game_id: UUID,
        seq: int,
        text: str,
        reason: str = "",
        by: str | None = None,
        strike_invalid: bool = False,
        *,
        expect: int | None = None,
    ) -> Corrected:
        """Replace a mis-entered fact; later entries are re-derived."""
        return self._correction(
            game_id,
            expect,
            lambda g, v: g.amend(
                seq, text, reason, by or who(), now(), strike_invalid=strike_invalid, expect=v
            ),
        )

    def insert(
        self,
        game_id: UUID,
        after: int,
        text: str,
        reason: str = "",
        by: str | None = None,
        strike_invalid: bool = False,
        *,
        expect: int | None = None,
    ) -> Corrected:
        """Add a forgotten entry after entry ``after``."""
        return self._correction(
            game_id,
            expect,
            lambda g, v: g.insert(
                after, text, reason, by or who(), now(), strike_invalid=strike_invalid, expect=v
            ),
        )

    def revert(
        self,
        game_id: UUID,
        correction: str | None = None,
        reason: str = "",
        by: str | None = None,
        strike_invalid: bool = False,
        *,
        expect: int | None = None,
    ) -> Corrected:
        """Take a whole correction back in one step (default: the latest correction)."""
        return self._correction(
            game_id,
            expect,
            lambda g, v: g.revert(
                correction, reason, by or who(), now(), strike_invalid=strike_invalid, expect=v
            ),
        )

    def confirm(
        self, game_id: UUID, by: str | None = None, *, expect: int | None = None
    ) -> Corrected:
        """The other coach confirms the waiting correction (game option disputes=agree)."""
        return self._correction(
            game_id, expect, lambda g, v: g.confirm(by or who(), now(), expect=v)
        )

    def reject(
        self, game_id: UUID, reason: str = "", by: str | None = None, *, expect: int | None = None
    ) -> Outcome:
        """The other coach rejects the waiting correction; it is dropped, and recorded."""
        game, _ = self._command(
            game_id, expect, lambda g, v: g.reject(reason, by or who(), now(), expect=v)
        )
        return self._outcome(game, ())

    def _correction(
        self, game_id: UUID, expect: int | None, act: Callable[[Game, int | None], Correction]
    ) -> Corrected:
        game, done = self._command(game_id, expect, act)
        also = tuple((entry.seq, entry.text, why) for entry, why in done.struck)
        return Corrected(self._outcome(game, ()), also, done.id, done.offer, done.reverts)

    def _command(
        self, game_id: UUID, expect: int | None, act: Callable[[Game, int | None], T]
    ) -> tuple[Game, T]:
        """Run one command on the latest game and record its events, or nothing at all.

        If another process records first (the store refuses our events), the same command
        is put to the game as it is now, against the version we had: it is then answered
        "already recorded" (the same command won) or "the game moved on" (another one did).
        """
        game = self.game(game_id)
        loaded = game.version
        result = act(game, expect)
        try:
            self.save(game)
        except RecordConflictError:
            fresh = self.game(game_id)
            act(fresh, loaded)
            raise GameMovedOn(fresh.moved_on(loaded)) from None
        self._cache(game)
        return game, result

    def import_game(self, script: Script, by: str | None = None) -> Outcome:
        """A new game from exported entries, recorded in one step or not at all."""
        if not script.ruleset:
            raise IllegalEntry(f"{script.path} does not say which game it is (@ruleset NAME)")
        writer, at = by or who(), now()
        game = Game.start(
            script.ruleset, script.home or "Home", script.away or "Away", script.options, writer, at
        )
        for number, line in script.lines:
            try:
                game.enter(line, writer, at)
            except IllegalEntry as exc:
                raise IllegalEntry(f"{script.path}:{number}: {line!r} refused: {exc}") from None
        self.save(game)
        self.adopt(game.id)
        return self._outcome(game, ())

    def import_events(self, text: str, where: str) -> Outcome:
        """A game from its events export: the whole history, with its own id where it is free.

        Nothing is recorded unless the file is whole and its rulings are what the rules make.
        """
        game_id, events = transfer.read_events(text, where)
        game = transfer.replayed(events, where)
        try:
            self.record(game_id)
        except UnknownGame:
            pass
        else:
            game_id = uuid4()
            events = transfer.moved(events, game_id)
            game = transfer.replayed(events, where)
        try:
            self.repository.event_store.put(events)
        except BaseException:
            self.mapper.settle(stored=False)
            raise
        self.mapper.settle(stored=True)
        self.adopt(game_id)
        return self._outcome(game, ())

    def events_export(self, game_id: UUID) -> str:
        """Every event of the game as an events file (companion.transfer)."""
        return transfer.export_events(self.game_events(game_id))

    def check(self, game_id: UUID | None = None) -> list[tuple[UUID, str | None]]:
        """Each game (or the one named) with None if its events read back whole, else why not.

        A fresh mapper re-reads every event from the store and checks every chain link, so
        nothing this process has cached stands in for what is stored.
        """
        ids = [game_id] if game_id is not None else self._game_ids()
        checker = ChainedMapper(transcoder=self.construct_transcoder())
        checker.recorder = self.recorder
        out: list[tuple[UUID, str | None]] = []
        for gid in ids:
            try:
                # Held to the game's head (companion.heads): a game read short is named here.
                events = self.recorder.select_events(gid)
            except StoreDamaged as exc:
                out.append((gid, str(exc)))
                continue
            out.append((gid, check_game(events, checker)))
        return out

    def _game_ids(self) -> list[UUID]:
        """Every game in the store, in the order they were started (no event is decoded), and
        last any game known only by its head (all its events are gone: damage to name)."""
        heads = self.recorder.select_heads()
        seen: dict[UUID, None] = {}
        start: int | None = 1
        while True:
            page = self.recorder.select_notifications(start=start, limit=500)
            for notification in page:
                seen.setdefault(UUID(str(notification.originator_id)), None)
            if len(page) < 500:
                break
            start = page[-1].id + 1
        return list(seen | dict.fromkeys(heads))

    def _cache(self, game: Game) -> None:
        """Keep the game just saved, with its fold, as the cached copy for the next command.

        The library caches only what it read; with fast-forwarding on, that copy replays our
        events, which drops the fold, and the next command re-ran the rules over the whole game.
        """
        if self.repository.cache is not None:
            self.repository.cache.put(game.id, game)

    # Queries --------------------------------------------------------------------------------

    def game(self, game_id: UUID) -> Game:
        try:
            game: Any = self.repository.get(game_id)
        except AggregateNotFoundError as exc:
            raise UnknownGame(f"no game {game_id} in {self.store}") from exc
        assert isinstance(game, Game)
        return game

    def game_events(self, game_id: UUID) -> list[Any]:
        """The game's stored events, oldest first."""
        return list(self.repository.event_store.get(game_id))

    def record(self, game_id: UUID) -> GameRecord:
        """The base read model of one game, folded from its stored events.

        The record is immutable, so the last one folded is kept and only the events stored
        since (by this process or any other) are read and folded on the next call.
        """
        cached = self._records.get(game_id)
        newer = self.repository.event_store.get(game_id, gt=cached.version if cached else None)
        folded = cached or GameRecord()
        for event in newer:
            folded = record.evolve(folded, event)
        if not folded.game_id:
            raise UnknownGame(f"no game {game_id} in {self.store}")
        self._records[game_id] = folded
        return folded

    def status(self, game_id: UUID) -> dict[str, Any]:
        """The situation as ``zebra status --json`` prints it."""
        return situation.view(self.record(game_id))

    # The library's Application also has a ``log``, its old name for ``notification_log``
    # (which is what Zebra reads): this one is the play-by-play.
    def log(self, game_id: UUID) -> list[playbyplay.Play]:  # type: ignore[override]
        return playbyplay.view(self.record(game_id))

    def prompt_before(self, game_id: UUID, seq: int) -> Prompt:
        """What the table was asked just before entry ``seq`` (which must stand): the choices
        to offer when that entry is amended or an entry is inserted before it."""
        game = self.game(game_id)
        steps = game.folded
        for before, step in zip(steps, steps[1:], strict=False):
            if step.seq == seq:
                return game.rules.expected(before.state)
        raise IllegalEntry(f"entry {seq} does not stand; only a standing entry can be corrected")

    def prompt(self, game_id: UUID) -> Prompt:
        return self.game(game_id).prompt

    def records(self) -> Iterator[GameRecord]:
        """Every game in the store, folded from the notification log in one pass, each held to
        its head (read first: see companion.heads)."""
        heads = self.recorder.select_heads()
        folds: dict[UUID, GameRecord] = {}
        start: int | None = 1
        while True:
            page = self.recorder.select_notifications(start=start, limit=500)
            for notification in page:
                event = self.mapper.to_domain_event(notification)
                key = event.originator_id
                # Re-inserting keeps the dict ordered from least to most recently played.
                folds[key] = record.evolve(folds.pop(key, GameRecord()), event)
            if len(page) < 500:
                break
            start = page[-1].id + 1
        reached = {game: folded.version for game, folded in folds.items()}
        hold_to_heads(heads, reached, self.mapper.link_at)
        yield from (r for r in folds.values() if r.game_id)

    def stored_after(self, after: int, limit: int = 500) -> list[tuple[int, UUID, Any]]:
        """The events stored after notification ``after`` (at most ``limit``), oldest first.

        Each comes with its notification id and game, read through the chain; an event that
        does not read back whole comes as its ``StoreDamaged``, so a follower of the log can
        set that game aside and keep following the others.
        """
        out: list[tuple[int, UUID, Any]] = []
        for notification in self.recorder.select_notifications(start=after + 1, limit=limit):
            game_id = UUID(str(notification.originator_id))
            try:
                event: Any = self.mapper.to_domain_event(notification)
            except StoreDamaged as damage:
                event = damage
            out.append((notification.id, game_id, event))
        return out

    def games(self) -> list[GameSummary]:
        """The stored games, most recently played first (in the store's own order)."""
        out = []
        for r in self.records():
            s = r.situation
            out.append(
                GameSummary(
                    game_id=UUID(r.game_id),
                    ruleset=r.ruleset,
                    home=r.home,
                    away=r.away,
                    score=dict(s.get("score") or {"home": 0, "away": 0}),
                    finished=bool(s.get("finished")),
                    last_at=r.last_at,
                    entries=len(r.effective),
                )
            )
        return out[::-1]

    def standings(self) -> list[Standing]:
        """League standings over every finished game in the store, folded from it now."""
        return standings.project(self.records())

    def league_standings(self) -> list[Standing]:
        """The standings a league is shown: on a PostgreSQL league server the view the
        projection runner keeps current (``zebra league serve``), on an SQLite store (one
        device's) folded from the store now."""
        if self.store.postgres is None:
            return self.standings()
        from companion.league import live_standings

        return live_standings(self.store)

    def find(self, key: str | None, *, unfinished: bool = False) -> UUID:
        """A game by id or unique id prefix; without one, this device's current game.

        Without a remembered game, an SQLite store (one device's) falls back to the most
        recently played game; a PostgreSQL store is shared by several tables, so it never
        guesses: the game must be named once (companion.current).
        """
        if not key:
            remembered = current.recall(str(self.store))
            if remembered:
                try:
                    found = self._remembered(remembered)
                except UnknownGame:
                    if os.environ.get(current.GAME_ENV):
                        raise
                else:
                    if not unfinished or not self.status(found).get("finished"):
                        return found
            if self.store.postgres is not None:
                raise UnknownGame(
                    f"{self.store} is shared by several tables, so Zebra will not guess which "
                    "game you mean: name it (zebra games lists them), or zebra resume ID to make "
                    "it this device's game"
                )
        if not key and not unfinished:
            latest = self._latest_game()
            if latest is not None:
                return latest
        if key:
            # By id alone (no event decoded): a damaged game does not stop another being named.
            return self._by_prefix(key, self._game_ids())
        games = self.games()
        if unfinished:
            games = [g for g in games if not g.finished]
        if not games:
            what = "unfinished game" if unfinished else "game"
            raise UnknownGame(f"no {what} in {self.store}; start one with 'zebra play'")
        return games[0].game_id

    def _remembered(self, key: str) -> UUID:
        """A remembered game (a whole id is looked up directly; a prefix among all games)."""
        try:
            game_id = UUID(hex=key)
        except ValueError:
            return self._by_prefix(key, self._game_ids())
        self.record(game_id)
        return game_id

    def _by_prefix(self, key: str, games: list[UUID]) -> UUID:
        wanted = key.strip().lower().replace("-", "")
        matches = [g for g in games if g.hex.startswith(wanted)]
        if not wanted or not matches:
            raise UnknownGame(f"no game matching {key!r} in {self.store}; 'zebra games' lists them")
        if len(matches) > 1:
            raise UnknownGame(f"{key!r} matches {len(matches)} games; type more of the id")
        return matches[0]

    def adopt(self, game_id: UUID) -> None:
        """Make ``game_id`` this device's current game on this store."""
        current.remember(str(self.store), game_id)

    def _latest_game(self) -> UUID | None:
        """The game of the last event stored: the most recently played one, without a scan.

        ``games()`` folds every event of the store; ``zebra status`` with no game named only
        needs the last event's game. None if the store is empty or that event is not a game's.
        """
        last = self.recorder.max_notification_id()
        if not last:
            return None
        page = self.recorder.select_notifications(start=last, limit=1)
        topic = page[0].topic if page else None
        if not isinstance(topic, str) or not topic.startswith(get_topic(Game) + "."):
            # Not a game's event, or a damaged one: the full listing then names the damage.
            return None
        return UUID(str(page[0].originator_id))

    def _outcome(self, game: Game, rulings: tuple[Ruling, ...]) -> Outcome:
        # The live view comes from the aggregate's own fold; ``status`` rebuilds the same view
        # from the stored events, and the tests hold the two equal.
        return Outcome(
            game_id=game.id,
            rulings=rulings,
            status=live_status(game),
            prompt=game.prompt,
        )


def live_status(game: Game) -> dict[str, Any]:
    """The status as the aggregate derives it, in the same shape as the situation projection."""
    return {
        "game_id": str(game.id),
        **game.situation,
        "entries": len(game.effective),
        "struck": game.struck_count,
        "version": game.version,
        "pending": game.waiting,
    }


__all__ = [
    "AlreadyRecorded",
    "GameMovedOn",
    "IllegalEntry",
    "Outcome",
    "Referee",
    "StoreDamaged",
    "StoreError",
    "UnknownGame",
]
