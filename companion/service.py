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
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import (
    OperationalError,
    PersistenceError,
    ProgrammingError,
    RecordConflictError,
)

from companion import current, opening
from companion.heads import Head, HeadedRecorder, hold_to_heads
from companion.integrity import (
    GAME_TOPIC,
    ChainedMapper,
    StoreDamaged,
    check_game,
    ends_chained,
    stored_link,
)
from companion.live import last_at, live_status, summaries_of
from companion.store import Store, StoreError, full_disk, resolve
from companion.summaries import (
    Row,
    StillCatchingUp,
    Summary,
    has_calendar,
    kept_status,
    summary_of,
)
from domain.corrections import AlreadyRecorded, GameMovedOn
from domain.identity import digest_of, is_copy, is_set_aside
from domain.ruleset import IllegalEntry, Prompt, Ruling

# The aggregate, the rules, the exports and the projections are imported where a command needs
# them, not here: ``zebra status``, ``games`` and ``resume`` read the games' summaries and apply
# no rule, and importing the aggregate (its event classes) alone cost more than the rest of
# such a command (docs/performance.md, figure 4).
if TYPE_CHECKING:
    from companion.scripts import Script
    from domain.game import Correction, Entry, Game
    from projections import playbyplay
    from projections.record import GameRecord
    from projections.standings import Result, Standing

T = TypeVar("T")
# Events read per transaction when the summaries catch up with the store.
CATCH_UP_BATCH = 2000
# Called with (events caught up, events to catch up) while the summaries catch up.
Progress = Callable[[int, int], None]


class UnknownGame(LookupError):
    """No game in the store matches what was asked for."""


class AlreadyStored(IllegalEntry):
    """The game a file or a script would record is already in the store (issue #26)."""

    def __init__(self, where: str, game_id: UUID) -> None:
        self.game_id = game_id
        super().__init__(
            f"{where}: this game is already in the store as {game_id.hex[:8]}; nothing was "
            "recorded (--copy records it again as a marked copy, which the standings never count)"
        )


def copy_or_refuse(original: UUID | None, where: str, copy: bool) -> UUID | None:
    """One game, one record: the game a new record is a marked copy of (None: not a copy), or
    the refusal. A game already stored is refused without ``copy``; ``copy`` of a game the store
    does not hold is refused too (there is nothing to copy)."""
    if original is None:
        if copy:
            raise IllegalEntry(
                f"{where}: --copy, but this game is not in the store; nothing was recorded "
                "(without --copy it is recorded as the game's one record)"
            )
        return None
    if not copy:
        raise AlreadyStored(where, original)
    return original


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
    # The stored game this one copies (domain.identity.is_copy), or None.
    copy_of: str | None = None
    # Why the table set the game aside (domain.identity.is_set_aside), or None: in play.
    set_aside: str | None = None


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
        # Told how far the summaries have caught up, when they must (the CLI's progress bar).
        self.progress: Progress | None = None
        # The games the last listing or standings left out, each with the one line saying why
        # (a damaged game, or a summary row that is no game's): the others are still shown.
        self.unreadable: dict[str, str] = {}
        self.snapshotted: dict[UUID, int] = {}  # companion.opening.keep_snapshots
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
                full = full_disk(exc, store.path)
                raise StoreError(full or f"store {store} cannot be opened: {reason}") from None

    # Storage --------------------------------------------------------------------------------

    def construct_mapper(self) -> ChainedMapper:
        """Every event chained to the one before it in its game (companion.integrity)."""
        return ChainedMapper(transcoder=self.construct_transcoder())

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save each game with its summary (in the same transaction), and keep the chain links of
        what the store took (only of that)."""
        if "summaries" not in kwargs:
            kwargs["summaries"] = summaries_of(objs)
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
        *,
        season: int | None = None,
        week: int | None = None,
        copy_of: UUID | None = None,
    ) -> Outcome:
        """A new game (in its season and week, if given); refused (nothing stored) if the game,
        teams, options or calendar are not valid. With ``copy_of``, the game is recorded as a
        marked copy of that stored game."""
        from domain.game import Game

        writer, at = by or who(), now()
        game = Game.start(ruleset, home, away, dict(options or {}), writer, at)
        _opening_schedule(game, season, week, writer, at)
        if copy_of is not None:
            game.mark_copy(str(copy_of), writer, at)
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

    def rerule(
        self,
        game_id: UUID,
        reason: str = "",
        by: str | None = None,
        strike_invalid: bool = False,
        *,
        expect: int | None = None,
    ) -> Corrected:
        """Adopt what the installed rules make of a game ruled under other rules (a correction,
        revertible; refused if they rule it as it is recorded)."""
        return self._correction(
            game_id,
            expect,
            lambda g, v: g.rerule(
                reason, by or who(), now(), strike_invalid=strike_invalid, expect=v
            ),
        )

    def set_aside(
        self, game_id: UUID, reason: str, by: str | None = None, *, expect: int | None = None
    ) -> Outcome:
        """Set an abandoned game aside (issue #27): out of the lists and the standings, its
        record kept whole; refused in one line if it is set aside already."""
        game, _ = self._command(
            game_id, expect, lambda g, v: g.put_aside(reason, by or who(), now(), expect=v)
        )
        return self._outcome(game, ())

    def bring_back(
        self, game_id: UUID, reason: str, by: str | None = None, *, expect: int | None = None
    ) -> Outcome:
        """Bring a game set aside back into the lists and the standings (issue #27)."""
        game, _ = self._command(
            game_id, expect, lambda g, v: g.bring_back(reason, by or who(), now(), expect=v)
        )
        return self._outcome(game, ())

    def disagreement(self, game_id: UUID) -> str | None:
        """The line naming a game whose stored rulings the installed rules would make otherwise
        (docs/rulings.md), or None. From the game's summary when it says the game was ruled under
        the installed rules (no event read); else the game is run again to compare."""
        from domain.rules_versions import RULES_VERSION

        try:
            found = self.summary(game_id)
        except (sqlite3.DatabaseError, PersistenceError):
            found = None  # a damaged page of the rows (after a history printed): the game says
        if found is not None and found.ruled_under == [RULES_VERSION.get(found.ruleset)]:
            return None
        disagreement = self.game(game_id).disagreement()
        return None if disagreement is None else disagreement.line

    def schedule(
        self,
        game_id: UUID,
        season: int | None,
        week: int | None,
        reason: str = "",
        by: str | None = None,
        *,
        expect: int | None = None,
    ) -> tuple[str | None, Outcome]:
        """Set or change the game's season and week (None: keep it): a correction with an id,
        in the history and the events export, revertible as one."""
        game, cid = self._command(
            game_id,
            expect,
            lambda g, v: g.schedule(season, week, reason, by or who(), now(), expect=v),
        )
        return cid, self._outcome(game, ())

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
        # No status before (a fold to the end for the summary's step): entry k on, and no more.
        game, done = self._command(game_id, expect, act, step_from_before=False)
        also = tuple((entry.seq, entry.text, why) for entry, why in done.struck)
        return Corrected(self._outcome(game, ()), also, done.id, done.offer, done.reverts)

    def _command(
        self,
        game_id: UUID,
        expect: int | None,
        act: Callable[[Game, int | None], T],
        *,
        step_from_before: bool = True,
    ) -> tuple[Game, T]:
        """Run one command on the latest game and record its events, or nothing at all.

        If another process records first (the store refuses our events), the same command
        is put to the game as it is now, against the version we had: it is then answered
        "already recorded" (the same command won) or "the game moved on" (another one did).
        """
        game = self.game(game_id)
        loaded = game.version
        # What the summary kept of the status before: the summary of the command keeps its
        # step from it, not the whole status again (companion.heads.kept_as).
        before = (
            {game.id: kept_status(live_status(game), game.ruled_under)} if step_from_before else {}
        )
        result = act(game, expect)
        try:
            self.save(game, summaries=summaries_of([game], before))
        except RecordConflictError:
            fresh = self.game(game_id)
            act(fresh, loaded)
            raise GameMovedOn(fresh.moved_on(loaded)) from None
        except (OperationalError, ProgrammingError):
            # psycopg's pipeline can report a lost race as "pipeline aborted" instead of the
            # unique violation: when the game did move on, it is that race, answered the same.
            fresh = self.game(game_id)
            if fresh.version <= loaded:
                raise
            act(fresh, loaded)
            raise GameMovedOn(fresh.moved_on(loaded)) from None
        self._cache(game)
        return game, result

    def import_game(
        self,
        script: Script,
        by: str | None = None,
        *,
        season: int | None = None,
        week: int | None = None,
        copy: bool = False,
    ) -> Outcome:
        """A new game from exported entries, recorded in one step or not at all; ``season`` and
        ``week`` (given at the command) go before the script's own ``@season``/``@week``.

        A game already in the store (the same digest, domain.identity) is refused, unless
        ``copy``: then it is recorded under a new id, marked as a copy of the stored one.
        """
        if not script.ruleset:
            raise IllegalEntry(f"{script.path} does not say which game it is (@ruleset NAME)")
        from domain.game import Game

        writer, at = by or who(), now()
        game = Game.start(
            script.ruleset, script.home or "Home", script.away or "Away", script.options, writer, at
        )
        _opening_schedule(
            game,
            script.season if season is None else season,
            script.week if week is None else week,
            writer,
            at,
        )
        for number, line in script.lines:
            try:
                game.enter(line, writer, at)
            except IllegalEntry as exc:
                raise IllegalEntry(f"{script.path}:{number}: {line!r} refused: {exc}") from None
        self._once(game, self.stored_as(game), script.path, copy, writer, at)
        self.save(game)
        self.adopt(game.id)
        return self._outcome(game, ())

    def import_events(
        self, text: str, where: str, by: str | None = None, *, copy: bool = False
    ) -> Outcome:
        """A game from its events export: the whole history, with its own id.

        Nothing is recorded unless the file is whole and its rulings are what the rules make,
        nor if the game is in the store already (its id, or its digest: domain.identity), unless
        ``copy``: then the history is recorded under a new id and marked as a copy.
        """
        from companion import transfer

        game_id, events = transfer.read_events(text, where)
        game = transfer.replayed(events, where)
        original = self.stored_as(game, game_id)
        if original is not None and copy:
            game_id = uuid4()
            events = transfer.moved(events, game_id)
            game = transfer.replayed(events, where)
        self._once(game, original, where, copy, by or who(), now())
        events = [*events, *game.collect_events()]
        summary = summary_of(live_status(game), last_at(events), game.ruled_under)
        try:
            self.repository.event_store.put(events, summaries={game_id: summary})
        except BaseException:
            self.mapper.settle(stored=False)
            raise
        self.mapper.settle(stored=True)
        self.adopt(game_id)
        return self._outcome(game, ())

    def _once(
        self, game: Game, original: UUID | None, where: str, copy: bool, by: str, at: str
    ) -> None:
        """The game refused if it is stored already, or marked as a copy (``copy_or_refuse``).
        A copy's history copied again keeps its mark: it copies the game it copied."""
        marked = copy_or_refuse(original, where, copy)
        if marked is not None and game.copy_of is None:
            game.mark_copy(str(marked), by, at)

    def stored_as(self, game: Game, game_id: UUID | None = None) -> UUID | None:
        """The stored game that ``game`` (held in memory, not stored) is: the one of id
        ``game_id`` if the store has it, else one of the same digest (domain.identity), a game
        that is not a copy first; None if the store holds no such game.

        Only the games of the same ruleset, teams and number of standing entries (their
        summaries say) are folded to compare digests.
        """
        if game_id is not None:
            try:
                self.record(game_id)
                return game_id
            except UnknownGame:
                pass
        same = (game.ruleset, game.home, game.away, game.standing)
        found = [g for g in self.games() if (g.ruleset, g.home, g.away, g.entries) == same]
        if not found:
            return None
        wanted = digest_of(game)
        for candidate in sorted(found, key=is_copy):
            if digest_of(self.record(candidate.game_id)) == wanted:
                return candidate.game_id
        return None

    def script_copy_of(
        self,
        ruleset: str,
        home: str,
        away: str,
        options: dict[str, str],
        texts: list[str],
        where: str,
        copy: bool,
    ) -> UUID | None:
        """Before ``zebra play --script`` records anything: the stored game the script would
        record again, as ``copy_or_refuse`` answers (refused, or the game to mark a copy of). The
        script counts as far as the rules take it (play stops at the first refused entry)."""
        from domain.game import Game

        writer, at = who(), now()
        game = Game.start(ruleset, home, away, dict(options), writer, at)
        teams = (game.ruleset, game.home, game.away)
        if any((g.ruleset, g.home, g.away) == teams for g in self.games()):
            for text in texts:
                try:
                    game.enter(text, writer, at)
                except IllegalEntry:
                    break
            return copy_or_refuse(self.stored_as(game), where, copy)
        return copy_or_refuse(None, where, copy)

    def events_export(self, game_id: UUID) -> str:
        """Every event of the game as an events file (companion.transfer)."""
        from companion import transfer

        return transfer.export_events(self.game_events(game_id))

    def check(self, game_id: UUID | None = None) -> list[tuple[UUID, str | None]]:
        """Each game (or the one named) with None if its events read back whole, else why not
        (``disagreement`` says which of the whole ones were ruled under other rules).

        A fresh mapper re-reads every event from the store and checks every chain link, so
        nothing this process has cached stands in for what is stored.
        """
        ids = [game_id] if game_id is not None else self._game_ids()
        checker = ChainedMapper(transcoder=self.construct_transcoder())
        checker.recorder = self.recorder
        # Rows only out of date (events written by a Zebra that keeps no summaries) are brought
        # up to date first, so that a row still not trusted after it is damage.
        current = self.catch_up()
        rows_missing = current and not self._rows_complete(len(self.recorder.select_rows() or []))
        out: list[tuple[UUID, str | None]] = []
        for gid in ids:
            try:
                # Held to the game's head (companion.heads): a game read short is named here.
                events = self.recorder.select_events(gid)
            except StoreDamaged as exc:
                out.append((gid, str(exc)))
                continue
            problem = check_game(events, checker)
            if problem is None and current:
                problem = self._row_problem(gid, rows_missing)
            out.append((gid, problem))
        return out

    def whole(self, game_id: UUID) -> str | None:
        """None if the game's whole chain reads back sound, else why (companion.opening)."""
        return opening.whole(self.recorder, self.mapper.transcoder, game_id)

    def _row_problem(self, game_id: UUID, rows_missing: bool) -> str | None:
        """What is wrong with a sound game's summary row, rebuilt from its events where the
        store can be written: None if it is what Zebra writes (or, on a store whose games did
        not all get one, if it has none)."""
        row = self.recorder.select_row(game_id)
        if row is None and not rows_missing:
            return None
        if row is not None and row.summary is not None and self.summary(game_id) is not None:
            return None
        if row is not None and row.summary is not None and not has_calendar(row.summary):
            # Written before games carried a season: out of date, not damaged; brought up to
            # date where the store can be written (as a listing by season would).
            if not self.store.read_only:
                self._fill(game_id)
            return None
        what = "is missing" if row is None else "is damaged (not what Zebra writes)"
        if self.store.read_only:
            return f"its summary row {what}; the store is read-only, so it is not rebuilt"
        self._fill(game_id)
        return f"its summary row {what}; it was rebuilt from its events"

    def _left_out(self, game_id: UUID, why: Exception) -> None:
        self.unreadable[game_id.hex[:8]] = f"game {game_id.hex[:8]} is left out: {why}"

    def strays(self) -> dict[str, str]:
        """Each summary row that is no game's (stored under a damaged key), with one line
        saying so."""
        return {
            key: f"a summary row is stored under {key}, which is not a game id: it summarises "
            "no game, and no listing reads it"
            for key in self.recorder.stray_rows()
        }

    def _game_ids(self) -> list[UUID]:
        """Every game in the store, in the order they were started (no event is decoded), and
        last any game known only by its head (all its events are gone: damage to name)."""
        rows = self.recorder.select_rows()
        # By the rows' keys alone: a damaged head is named when its game is read, not here.
        heads = [r.game_id for r in rows] if rows is not None else self.recorder.select_heads()
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
        """The game as it is now: the copy this process keeps, brought up to date; else opened
        from its last snapshot (companion.opening); else from all of its events."""
        from domain.game import Game

        opened = opening.open_into_cache(self, game_id)
        try:
            game: Any = self.repository.get(game_id, projector_func=_replayed)
        except AggregateNotFoundError as exc:
            raise UnknownGame(f"no game {game_id} in {self.store}") from exc
        assert isinstance(game, Game)
        opening.keep_snapshots(self, [game] if opened else [])
        return game

    def game_events(self, game_id: UUID) -> list[Any]:
        """The game's stored events, oldest first."""
        return list(self.repository.event_store.get(game_id))

    def record(self, game_id: UUID) -> GameRecord:
        """The base read model of one game, folded from its stored events.

        The record is immutable, so the last one folded is kept and only the events stored
        since (by this process or any other) are read and folded on the next call.
        """
        from projections import record
        from projections.record import GameRecord

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
        """The situation as ``zebra status --json`` prints it: the game's summary, read from its
        head row without applying a rule or reading more than its last event; folded from its
        events only if the row is missing, stale or not what Zebra wrote."""
        found = self.summary(game_id)
        if found is not None:
            return found.view
        if self.store.read_only:
            from projections import situation

            return situation.view(self.record(game_id))
        return self._fill(game_id).view

    # Summaries ------------------------------------------------------------------------------

    def summary(self, game_id: UUID) -> Summary | None:
        """The game's summary if its head row holds a trusted one and the game's events end
        where the row says, in the event the row names, whole and chained to the event before
        it (two indexed reads), else None. Damage before the last event is not looked for here:
        the reads of a whole game (history, log, export) and ``zebra check`` name it."""
        row = self.recorder.select_row(game_id)
        if row is None or row.summary is None or not has_calendar(row.summary):
            return None
        ends = self.recorder.select_events(game_id, gt=max(row.version - 2, 0), limit=3)
        versions = [e.originator_version for e in ends]
        if versions != list(range(max(row.version - 1, 1), row.version + 1)):
            return None  # cut short, or events past the head: the whole read says which
        if not row.link:
            return row.summary  # a game last written before events carried links
        previous = ends[0] if len(ends) == 2 else None
        if stored_link(ends[-1].state) != row.link or not ends_chained(
            previous, ends[-1], self.mapper.transcoder
        ):
            return None  # the game's whole read names where the damage is
        return row.summary

    def _folded_summary(self, game_id: UUID) -> tuple[Summary, Head]:
        """The game's summary folded from its events (held to its head), and the head read.

        The lean fold (projections.summary) keeps per entry only whether it stands and the
        situation after it, and the events are folded as they are decoded, not kept: the
        catch-up of a whole store holds one game at a time. A mapper of its own reads them, so
        that the links of a whole store caught up are not kept either."""
        from projections import summary

        reader = ChainedMapper(transcoder=self.mapper.transcoder)
        reader.recorder = self.recorder
        stored = self.recorder.select_events(game_id)
        fold = summary.SummaryFold()
        for event in stored:
            fold.evolve(reader.to_domain_event(event))
        if not fold.game_id:
            raise UnknownGame(f"no game {game_id} in {self.store}")
        # The head is the link the last event carries; an event written before events carried
        # links gives a row holding only the summary (companion.heads.hold_to_head).
        link = stored_link(stored[-1].state) or ""
        return summary_of(fold.view(), fold.last_at, fold.ruled_under), Head(fold.version, link)

    def _fill(self, game_id: UUID) -> Summary:
        """Fold the game's summary from its events and keep it in its row (if the store can be
        written)."""
        summary, head = self._folded_summary(game_id)
        if not self.store.read_only:
            self.recorder.fill_summaries([(summary, head)])
        return summary

    def catch_up(self, timeout: float | None = None) -> bool:
        """Bring every game's summary up to the store's last event, from the tracking record's
        position, a batch of events per transaction; True when they are current.

        Only the events written since by a Zebra that keeps no summaries are read (and of those
        only their game and version); each game they touch is folded once. False on a store
        that cannot be brought up to date here (read-only, written before the summaries, or
        with events missing before the tracking record): the callers then fold the events.
        """
        tracking = self.recorder.select_tracking()
        if tracking is None:
            return False
        position = tracking[0]
        last = self.recorder.max_notification_id() or 0
        if position == last:
            return True
        if position > last or self.store.read_only:
            return False
        started, start = time.monotonic(), position
        if self.progress is not None:
            self.progress(0, last - start)
        while position < last:
            if timeout is not None and time.monotonic() - started > timeout:
                raise StillCatchingUp(
                    f"the game summaries of {self.store} are still catching up: "
                    f"{position - start:,} of {last - start:,} events read in {timeout:g} s "
                    "(what was read is kept); run the command again to continue"
                )
            try:
                position = self._catch_up_batch(position, last)
            except (TimeoutError, OperationalError) as exc:
                # A league server too slow or gone mid-way (the pool's wait for a connection,
                # a statement timeout): say how far it got, in one line, not a traceback.
                reason = self.store.scrub(" ".join(str(exc).split()))[:200]
                raise StillCatchingUp(
                    f"the game summaries of {self.store} are still catching up: "
                    f"{position - start:,} of {last - start:,} events read when the store "
                    f"stopped answering ({reason or type(exc).__name__}); what was read is "
                    "kept; run the command again to continue"
                ) from None
            if self.progress is not None:
                self.progress(min(position, last) - start, last - start)
        return True

    def _catch_up_batch(self, position: int, last: int) -> int:
        """Catch up one batch of events after ``position`` in one transaction; the position
        reached (``last`` when there was nothing more to read)."""
        headers = self.recorder.select_headers(position, CATCH_UP_BATCH)
        if not headers:
            return last
        reached: dict[UUID, int] = {}
        for _, game, version in headers:
            reached[game] = max(reached.get(game, 0), version)
        born = sum(1 for _, _, version in headers if version == 1)
        filled = []
        for game, version in reached.items():
            row = self.recorder.select_row(game, status=False)
            if row is None or row.summary is None or row.version < version:
                filled.append(self._folded_summary(game))
        end = headers[-1][0]
        if self.recorder.fill_summaries(filled, (position, end, born)):
            position = end
        else:
            # Another process caught up meanwhile: go on from where it got to.
            moved = self.recorder.select_tracking()
            position = moved[0] if moved else last
        return position

    def _rows_complete(self, count: int) -> bool:
        """Whether every game the tracking record counts has a row (none deleted since)."""
        tracking = self.recorder.select_tracking()
        return tracking is not None and count >= tracking[1]

    def _trusted(self, summary: Summary | None, game_id: UUID) -> Summary | None:
        """A row's summary, or the game's folded again where the row was not trusted (None on a
        read-only store)."""
        if summary is not None:
            return summary
        if self.store.read_only:
            return None
        return self._fill(game_id)

    # The library's Application also has a ``log``, its old name for ``notification_log``
    # (which is what Zebra reads): this one is the play-by-play.
    def log(self, game_id: UUID) -> list[playbyplay.Play]:  # type: ignore[override]
        from projections import playbyplay

        return playbyplay.view(self.record(game_id))

    def prompt_before(self, game_id: UUID, seq: int) -> Prompt:
        """What the table was asked just before entry ``seq`` (which must stand): the choices
        to offer when that entry is amended or an entry is inserted before it."""
        return self.game(game_id).prompt_before(seq)

    def prompt(self, game_id: UUID) -> Prompt:
        return self.game(game_id).prompt

    def records(self) -> Iterator[GameRecord]:
        """Every game in the store, folded from the notification log in one pass, each held to
        its head (read first: see companion.heads)."""
        from projections import record
        from projections.record import GameRecord

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

    def games(self, timeout: float | None = None) -> list[GameSummary]:
        """The stored games, most recently played first (in the store's own order): their
        summaries, one row each."""
        listed = self._listed(timeout)
        if listed is not None:
            return listed
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
                    copy_of=r.copy_of,
                    set_aside=r.set_aside,
                )
            )
        return out[::-1]

    def _listed(self, timeout: float | None) -> list[GameSummary] | None:
        """The listing from the summaries, or None where they cannot be trusted as a whole."""
        self.unreadable = {}
        if not self.catch_up(timeout):
            return None
        rows = self.recorder.select_rows()
        if rows is not None and not self._rows_complete(len(rows)):
            rows = self._refilled(rows)
        if rows is None:
            return None
        out = []
        for row in rows:
            try:
                s = self._trusted(row.summary, row.game_id)
            except (StoreDamaged, UnknownGame) as exc:
                self._left_out(row.game_id, exc)
                continue
            if s is None:
                return None
            out.append(
                GameSummary(
                    game_id=row.game_id,
                    ruleset=s.ruleset,
                    home=s.home,
                    away=s.away,
                    score={"home": s.score_home, "away": s.score_away},
                    finished=s.finished,
                    last_at=s.last_at,
                    entries=s.entries,
                    copy_of=s.copy_of,
                    set_aside=s.set_aside,
                )
            )
        return out

    def _refilled(self, rows: list[Row]) -> list[Row] | None:
        """The rows again, after a row is folded from its events for every game that has none
        (deleted, or lost); None where that cannot be done here (a read-only store)."""
        if self.store.read_only:
            return None
        have = {row.game_id for row in rows}
        for game_id in self._game_ids():
            if game_id not in have:
                try:
                    self._fill(game_id)
                except (StoreDamaged, UnknownGame) as exc:
                    self._left_out(game_id, exc)
        again = self.recorder.select_rows()
        if again is None or not self._rows_complete(len(again) + len(self.unreadable)):
            return None
        return again

    def playing(self) -> list[dict[str, Any]]:
        """The status of every game in progress (not finished nor set aside), least recently
        played first."""
        if self.catch_up():
            rows = self.recorder.select_rows("WHERE finished = 0 OR summary_version IS NULL")
            if rows is not None and self._rows_complete(self.recorder.count_rows() or 0):
                found = [self.status(row.game_id) for row in reversed(rows)]
                return [status for status in found if _in_play(status)]
        from projections import situation

        return [view for view in map(situation.view, self.records()) if _in_play(view)]

    def standings(
        self, timeout: float | None = None, *, season: int | None = None
    ) -> list[Standing]:
        """League standings over every finished game in the store (or of one ``season``), from
        the games' summaries (caught up first), a page of rows at a time: memory for the teams,
        not the games."""
        from projections import standings

        self.unreadable = {}
        if self.catch_up(timeout) and self._rows_complete(self.recorder.count_rows() or 0):
            try:
                table = standings.project(self._results(season))
            except _Untrusted:
                self.unreadable = {}
            else:
                return table
        return standings.project(
            standings.result_of(r)
            for r in self.records()
            if season is None or r.calendar[0] == season
        )

    def _results(self, season: int | None = None) -> Iterator[Result]:
        from projections.standings import Result

        # The season is in the status text (the listing columns do not hold it): read only
        # when asked for one season.
        for row in self.recorder.iter_rows(status=season is not None):
            try:
                s = self._trusted(row.summary, row.game_id)
            except (StoreDamaged, UnknownGame) as exc:
                # Named beside the standings; the other games still count.
                self._left_out(row.game_id, exc)
                continue
            if s is None:
                raise _Untrusted
            if season is not None:
                s = self._with_season(s, row.game_id)
                if s.view["season"] != season:
                    continue
            yield Result(
                s.ruleset,
                s.home,
                s.away,
                s.finished,
                s.winner,
                s.score_home,
                s.score_away,
                s.copy_of,
                s.set_aside,
            )

    def _with_season(self, summary: Summary, game_id: UUID) -> Summary:
        """A summary whose status says the game's season: one written before seasons were
        kept is folded again from the game's events (and kept, where the store can be written)."""
        if has_calendar(summary):
            return summary
        if self.store.read_only:
            raise _Untrusted
        return self._fill(game_id)

    def league_standings(
        self, timeout: float | None = None, *, season: int | None = None
    ) -> list[Standing]:
        """The standings a league is shown, on either store: the games' summaries, caught up
        first (``timeout``: give up in one line, keeping what was caught up)."""
        return self.standings(timeout, season=season)

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
                    shown = self.status(found) if unfinished else {}
                    if not shown.get("finished") and shown.get("set_aside") is None:
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
            return self._by_prefix(key, self._prefixed(key))
        playing = self._latest_playing() if unfinished else None
        if playing is not None:
            return playing
        games = self.games()
        if unfinished:
            games = [g for g in games if not g.finished and not is_set_aside(g)]
        if not games:
            what = "unfinished game" if unfinished else "game"
            raise UnknownGame(f"no {what} in {self.store}; start one with 'zebra play'")
        return games[0].game_id

    def _remembered(self, key: str) -> UUID:
        """A remembered game (a whole id is looked up directly; a prefix among all games)."""
        try:
            game_id = UUID(hex=key)
        except ValueError:
            return self._by_prefix(key, self._prefixed(key))
        if self.recorder.select_row(game_id, status=False) is None:
            self.record(game_id)
        return game_id

    def _prefixed(self, key: str) -> list[UUID]:
        """The games whose id may start with ``key``: from the head rows (an indexed range)
        when the summaries are current and one matches, else every game in the store."""
        wanted = key.strip().lower().replace("-", "")
        if not wanted or len(wanted) > 32 or any(c not in HEX for c in wanted):
            return []
        if self.catch_up():
            low, high = UUID(hex=wanted.ljust(32, "0")), UUID(hex=wanted.ljust(32, "f"))
            found = self.recorder.games_between(low, high)
            if found:
                return found
        return self._game_ids()

    def _latest_playing(self) -> UUID | None:
        """The most recently played unfinished game, by the summaries (one indexed row), or
        None if they cannot say."""
        if not self.catch_up():
            return None
        row = self.recorder.latest_playing()
        if row is None:
            if self._rows_complete(self.recorder.count_rows() or 0):
                raise UnknownGame(
                    f"no unfinished game in {self.store}; start one with 'zebra play'"
                )
            return None
        if row.summary is None or row.summary.finished:
            return None
        return row.game_id

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
        if not isinstance(topic, str) or not topic.startswith(GAME_TOPIC + "."):
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


HEX = frozenset("0123456789abcdef")


def open_store(named: str | None) -> Referee:
    """The referee on the store named as --store names it (a new SQLite file if there is none
    yet, as starting a game makes one); StoreError, one line, when it cannot be opened."""
    return Referee(resolve(named, create=True))


def in_view(games: list[GameSummary]) -> tuple[list[GameSummary], int]:
    """The games a list shows by default (zebra games, the tablet's home screen), in their
    order, and how many it leaves out as set aside (issue #27)."""
    shown = [g for g in games if not is_set_aside(g)]
    return shown, len(games) - len(shown)


def _in_play(status: dict[str, Any]) -> bool:
    """Whether a game's status says it is still being played: not over, not set aside."""
    return not status.get("finished") and status.get("set_aside") is None


class _Untrusted(Exception):
    """A summary could not be trusted nor folded again here (a read-only store)."""


def _opening_schedule(game: Game, season: int | None, week: int | None, by: str, at: str) -> None:
    """The calendar given when a game is made, recorded with its start (not a correction)."""
    if season is not None or week is not None:
        game.schedule(season, week, "", by, at, opening=True)


def _replayed(game: Any, events: Any) -> Any:
    """The game its events make, as the library's projector but without its per-event
    ``isinstance`` against a runtime Protocol (a quarter of a cold open of 2,400 entries)."""
    for event in events:
        game = event.mutate(game)
    return game


def __getattr__(name: str) -> Any:
    """``Game``, the aggregate the service starts games with, imported on first use."""
    if name == "Game":
        from domain.game import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
