"""No entry lost, duplicated or let in wrong: many writers at once, and writers killed mid-entry.

Every test runs against every store kind (see conftest.py; CI runs SQLite and PostgreSQL).
Writers are forked processes with their own connections, entering legal entries composed from
the game's own prompt. After them, the store is read back by a fresh process-local referee and
held to three things: every acknowledged entry is there once, whole (its entry event and its
ruling); nothing else is, beyond what a killed writer may have saved and not yet acknowledged;
and the stored rulings are what a fresh replay of the rulebook makes of the stored entries.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import select
import signal
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from companion import store as stores
from companion.heads import Head
from companion.service import GameMovedOn, Referee
from domain import rulesets
from domain.ruleset import IllegalEntry
from tests.figures import report

WRITERS = 8
WRITING_SECONDS = 2.0
CRASH_TRIALS = int(os.environ.get("ZEBRA_CRASH_TRIALS", "100"))
GAME_TRIALS = 15
FORK = multiprocessing.get_context("fork")
# Markers a crash-trial writer puts in its pipe: a save begins, returns, or raises.
BEGIN, SAVED, FAILED = b"<", b">", b"!"


def store_kind(url: str) -> str:
    """'sqlite' or 'postgresql', for the figures."""
    return "postgresql" if url.startswith("postgresql://") else "sqlite"


def referee_at(url: str) -> Referee:
    """A referee of its own on the store (its own connections)."""
    return Referee(stores.resolve(url, create=True))


def legal_entry(referee: Referee, game_id: UUID, rnd: random.Random) -> str | None:
    """A random entry of a form the game's prompt offers now (None when the game is over)."""
    prompt = referee.prompt(game_id)
    if not prompt.forms:
        return None
    form = rnd.choice(prompt.forms)
    values = [
        rnd.choice(slot.words) if slot.kind == "word" else rnd.randint(slot.low, slot.high)
        for slot in form.slots
    ]
    return form.compose(values)


def writer(url: str, game_id: str, seconds: float, seed: int, acks: str, least: int = 0) -> None:
    """Enter legal entries until time is up; log each acknowledged one (after it was recorded).

    With ``least``, go on past the time until this writer has that many acknowledged (within a
    minute more): on a loaded machine a fraction of a second may see no entry through at all.
    """
    referee = referee_at(url)
    rnd = random.Random(seed)
    start = time.monotonic()
    acked = 0

    def going() -> bool:
        now = time.monotonic()
        return now < start + seconds or (acked < least and now < start + seconds + 60)

    with open(acks, "a", encoding="utf-8") as log:
        while going():
            try:
                text = legal_entry(referee, UUID(game_id), rnd)
                if text is None:
                    break
                outcome = referee.enter(UUID(game_id), text, by=f"writer-{seed}")
            except GameMovedOn:
                log.write(json.dumps({"refused": True}) + "\n")
                log.flush()
                continue
            except IllegalEntry:
                continue
            log.write(json.dumps({"seq": outcome.seq, "text": text}) + "\n")
            log.flush()
            os.fsync(log.fileno())
            acked += 1
    os._exit(0)


def marked_writer(url: str, game_id: str, seed: int, acks: str, marks: int) -> None:
    """A writer that marks in a pipe when each save begins and when it returns (or raises)."""
    # The parent reads the marks to tell whether its SIGKILL landed inside a save.
    save = Referee.save

    def marked(self: Referee, *objs: Any, **kwargs: Any) -> Any:
        """Referee.save between its two marks."""
        os.write(marks, BEGIN)
        try:
            recordings = save(self, *objs, **kwargs)
        except BaseException:
            os.write(marks, FAILED)
            raise
        os.write(marks, SAVED)
        return recordings

    Referee.save = marked  # type: ignore[method-assign]  # in this forked child only
    writer(url, game_id, 30.0, seed, acks)


def read_acks(path: Path) -> tuple[dict[int, str], int]:
    """The acknowledged entries by number, and how many commands were refused as stale."""
    acked: dict[int, str] = {}
    refused = 0
    if not path.exists():
        return acked, 0
    for raw in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(raw)
        except json.JSONDecodeError:
            continue  # a line cut by SIGKILL was never acknowledged
        if row.get("refused"):
            refused += 1
        elif "seq" in row:
            assert row["seq"] not in acked, f"entry {row['seq']} acknowledged twice"
            acked[row["seq"]] = row["text"]
    return acked, refused


def plain(value: Any) -> Any:
    """A value as the store keeps it (JSON), so a replay compares equal to what was stored."""
    return json.loads(json.dumps(value, sort_keys=True))


def replayed(referee: Referee, game_id: UUID) -> Any:
    """Hold the stored rulings to a fresh replay of the rulebook; returns the replayed state."""
    # The record is folded from the stored events alone (its rulings are the stored Ruled and
    # Rederived events); the replay runs the game's ruleset from ``initial`` over the texts of
    # the entries that stand, knowing nothing of what was stored.
    record = referee.record(game_id)
    rules = rulesets.get(record.ruleset)
    state = rules.initial(record.home, record.away, record.options)
    assert plain(record.opening) == plain(rules.situation(state)), "the opening was stored wrong"
    for line in record.effective:
        state, rulings = rules.apply(state, line.text)
        assert plain(list(line.rulings)) == plain([r.to_dict() for r in rulings]), (
            f"entry {line.seq} {line.text!r} is stored with rulings the rules do not make"
        )
        assert plain(line.situation) == plain(rules.situation(state)), (
            f"entry {line.seq} {line.text!r} is stored with a situation the rules do not make"
        )
    assert plain(record.situation) == plain(rules.situation(state))
    return state


def check_store(url: str, game_id: UUID, acked: dict[int, str], unacknowledged: int = 0) -> int:
    """Acknowledged entries stored once and whole, few others, rulings the rulebook's: a count."""
    # At most ``unacknowledged`` entries may be stored that nobody was told of: a writer killed
    # after its save returned and before it logged the acknowledgement.
    referee = referee_at(url)
    try:
        events = referee.game_events(game_id)
        # The head is written in the events' transaction: whatever a kill interrupted, it is
        # exactly the last stored event, never behind it (or reads would accept a lost tail).
        last = events[-1].originator_version
        assert referee.recorder.select_head(game_id) == Head(
            last, referee.mapper.link_at(game_id, last)
        ), "the game's head is not its last stored event"
        entered = [e for e in events if type(e).__name__ == "Entered"]
        seqs = [e.seq for e in entered]
        twice = [seq for seq, n in Counter(seqs).items() if n > 1]
        assert not twice, f"entries {twice} were recorded twice"
        for event in entered:
            # Versions count from 1, so the event stored right after this one is at its version.
            after = events[event.originator_version : event.originator_version + 1]
            assert [type(e).__name__ for e in after] == ["Ruled"] and after[0].seq == event.seq, (
                f"entry {event.seq} was half recorded: its ruling is not stored with it"
            )
        texts = {e.seq: e.text for e in entered}
        for seq, text in acked.items():
            assert texts.get(seq) == text, f"acknowledged entry {seq} {text!r} is not in the store"
        others = len(entered) - len(acked)
        assert others <= unacknowledged, (
            f"{others} entries are stored that nobody was told of (at most {unacknowledged})"
        )
        state = replayed(referee, game_id)
        game = referee.game(game_id)
        assert game.state == state, "the game's own fold differs from a fresh replay"
        assert referee.status(game_id)["entries"] == len(game.effective)
        return len(entered)
    finally:
        referee.close()


def long_game(url: str) -> UUID:
    """A Red Zone game: hundreds of entries, so a writer is still writing when it is killed."""
    referee = referee_at(url)
    game_id = referee.start("redzone", "Bears", "Packers", {"length": "long"}).game_id
    referee.close()
    return game_id


OPENING = ("toss home", "receive", "green 6 1")


def opened_game(url: str) -> UUID:
    """A Rush Zone game past its toss and kick-off, the opening entries made by the test."""
    referee = referee_at(url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in OPENING:
        referee.enter(game_id, text, by="writer-opening")
    referee.close()
    return game_id


def test_eight_writers_at_once_lose_and_duplicate_nothing(store_url: str, tmp_path: Path) -> None:
    """Eight tables on one game: exactly the acknowledged entries are stored, each once."""
    game_id = opened_game(store_url)
    acks = tmp_path / "acks.jsonl"
    with acks.open("w", encoding="utf-8") as log:
        for seq, text in enumerate(OPENING, start=1):
            log.write(json.dumps({"seq": seq, "text": text}) + "\n")
    writers = [
        FORK.Process(target=writer, args=(store_url, str(game_id), WRITING_SECONDS, n, str(acks)))
        for n in range(WRITERS)
    ]
    for w in writers:
        w.start()
    for w in writers:
        w.join(timeout=60)
        assert w.exitcode == 0, "a writer failed"
    acked, refused = read_acks(acks)
    # Every writer finished normally: exactly the acknowledged entries are stored.
    stored = check_store(store_url, game_id, acked, unacknowledged=0)
    assert stored == len(acked)
    report(
        f"[{store_kind(store_url)}] {WRITERS} writers for {WRITING_SECONDS:.0f} s on one game: "
        f"{len(acked) - len(OPENING)} entries acknowledged and stored exactly once, {refused} "
        "refused as the game moved on and not stored; every stored ruling is what a fresh "
        "replay of the rules makes"
    )
    assert len(acked) > len(OPENING), "no writer got an entry in"


@dataclass
class Trial:
    """What one crash trial saw: the saves its writer began and finished, and the kill."""

    began: int = 0
    saved: int = 0
    failed: int = 0
    killed: bool = False

    @property
    def inside_save(self) -> bool:
        """The kill landed after a save began and before it returned or raised."""
        return self.killed and self.began > self.saved + self.failed


def crash_trial(url: str, game_id: UUID, acks: Path, seed: int, rnd: random.Random) -> Trial:
    """Start a marked writer and SIGKILL it, mostly just after one of its first saves began."""
    # Four kills in five wait for the writer's first, second or third save to begin, then a
    # random 0 to 3 ms; the fifth comes at a random moment of its first 0.15 s.
    marks, marks_in = os.pipe()
    child = FORK.Process(target=marked_writer, args=(url, str(game_id), seed, str(acks), marks_in))
    child.start()
    os.close(marks_in)
    seen = b""
    try:
        if rnd.random() < 0.2:
            time.sleep(rnd.uniform(0.0, 0.15))
        else:
            wanted = rnd.randint(1, 3)
            deadline = time.monotonic() + 20
            while seen.count(BEGIN) < wanted and time.monotonic() < deadline:
                ready, _, _ = select.select([marks], [], [], 1.0)
                chunk = os.read(marks, 4096) if ready else b""
                if ready and not chunk:
                    break  # the writer finished on its own
                seen += chunk
            time.sleep(rnd.uniform(0.0, 0.003))
        killed = child.is_alive() and child.pid is not None
        if killed:
            assert child.pid is not None
            os.kill(child.pid, signal.SIGKILL)
        child.join(timeout=30)
        while chunk := os.read(marks, 4096):
            seen += chunk
    finally:
        os.close(marks)
    return Trial(seen.count(BEGIN), seen.count(SAVED), seen.count(FAILED), killed)


def test_writers_killed_at_random_moments_lose_nothing_acknowledged(
    store_url: str, tmp_path: Path
) -> None:
    """Kills inside save() and out: every returned save stored, a killed one all or nothing."""
    # At least a quarter of the kills must land inside save(); every acknowledged entry must be
    # there once and whole.
    rnd = random.Random(20261129)
    inside = killed = acknowledged = games = 0
    game_id: UUID | None = None
    watcher = referee_at(store_url)  # reads only what was stored since its last look
    try:
        for trial in range(CRASH_TRIALS):
            if game_id is None:
                # A new game now and then keeps each writer's first read of the game short.
                game_id, games, in_flight, stored_before = long_game(store_url), games + 1, 0, 0
                acks = tmp_path / f"acks-{trial}.jsonl"
            acked_before = len(read_acks(acks)[0])
            seen = crash_trial(store_url, game_id, acks, trial, rnd)
            killed += seen.killed
            inside += seen.inside_save
            acked = read_acks(acks)[0]
            new_acks = len(acked) - acked_before
            stored = len(watcher.record(game_id).lines)
            new = stored - stored_before
            where = f"trial {trial}: {seen}, {new} stored, {new_acks} acknowledged"
            # A save that returned is stored; one killed midway is stored whole or not at all.
            assert seen.saved <= new <= seen.saved + seen.inside_save, where
            assert seen.failed == 0, where
            assert seen.saved - 1 <= new_acks <= seen.saved, where
            in_flight += new - new_acks
            acknowledged += new_acks
            stored_before = stored
            if store_kind(store_url) == "sqlite":
                # The file opens cleanly after every kill (its log recovered, no lock left).
                referee_at(store_url).close()
            last = trial % GAME_TRIALS == GAME_TRIALS - 1 or trial == CRASH_TRIALS - 1
            if last or watcher.status(game_id)["finished"]:
                check_store(store_url, game_id, acked, unacknowledged=in_flight)
                game_id = None
    finally:
        watcher.close()
    report(
        f"[{store_kind(store_url)}] {CRASH_TRIALS} writers killed with SIGKILL ({killed} while "
        f"running, {inside} inside save()), over {games} games: {acknowledged} acknowledged "
        "entries all present once and whole, every returned save stored, every killed save "
        "all or nothing, the store read back after each kill"
    )
    assert killed >= CRASH_TRIALS * 9 // 10, "the writers finished before they were killed"
    assert inside * 4 >= CRASH_TRIALS, f"only {inside} of {CRASH_TRIALS} kills landed in save()"
    assert acknowledged > CRASH_TRIALS // 2, "hardly any entry was acknowledged before a kill"


@pytest.mark.parametrize("name", rulesets.names())
def test_each_landed_game_accepts_concurrent_tables(
    store_url: str, tmp_path: Path, name: str
) -> None:
    """Two writers on a game of each ruleset, then a correction and its revert: the same."""
    # After the strike and after its revert, the re-derived rulings are the rulebook's too.
    referee = referee_at(store_url)
    game_id = referee.start(name, "Bears", "Packers").game_id
    referee.close()
    acks = tmp_path / "acks.jsonl"
    pair = [
        FORK.Process(target=writer, args=(store_url, str(game_id), 0.3, n, str(acks), 2))
        for n in range(2)
    ]
    for w in pair:
        w.start()
    for w in pair:
        w.join(timeout=120)
        assert w.exitcode == 0, "a writer failed"
    acked, _ = read_acks(acks)
    assert len(acked) >= 4, "the writers got too few entries in"
    check_store(store_url, game_id, acked)
    referee = referee_at(store_url)
    try:
        second = referee.game(game_id).effective[1].seq
        struck = referee.strike(game_id, second, "misread", strike_invalid=True)
        assert struck.outcome.status["entries"] < len(acked)
        check_store(store_url, game_id, acked)
        referee.revert(game_id, struck.correction, "it was right")
    finally:
        referee.close()
    check_store(store_url, game_id, acked)


def test_a_table_that_lost_a_race_plays_on_with_its_connections(store_url: str) -> None:
    """A write refused because the other table moved the game on leaves the loser's
    connections usable: its next commands are recorded, never a database error."""
    first, second = referee_at(store_url), referee_at(store_url)
    try:
        game_id = first.start("rushzone", "Bears", "Packers").game_id
        rnd = random.Random(5)
        lost = 0
        for _ in range(40):
            text = legal_entry(first, game_id, rnd)
            if text is None:
                break
            # The second table saw the game before the first table's entry landed.
            seen = second.status(game_id)["version"]
            first.enter(game_id, text, by="first")
            again = legal_entry(first, game_id, rnd)
            if again is None:
                break
            try:
                second.enter(game_id, again, by="second", expect=seen)
            except GameMovedOn:
                lost += 1
            except IllegalEntry:
                continue
        assert lost > 0, "the second table never lost a race"
        if store_kind(store_url) == "postgresql":
            pool: Any = second.recorder.datastore.pool  # type: ignore[attr-defined]
            with pool.connection() as conn:
                assert conn.prepare_threshold is None
    finally:
        first.close()
        second.close()
