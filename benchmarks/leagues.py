"""Leagues of 100 to 5,000 finished games for figures 4, 5 and 7, built once and kept.

Building a 5,000-game league (about 1.1 million events) takes minutes, so each size is built
once and cached under ``$ZEBRA_BENCH_CACHE`` (else ``$XDG_CACHE_HOME/zebra-bench``, else
``~/.cache/zebra-bench``), in a folder named by ``format_key()``: a digest of what a stored
league depends on (each event class's topic, version and fields, the chain's and the summary
digest's code, the heads table's columns, and how the league is made). A change to the event
format therefore builds new leagues instead of measuring stale ones.

The writer is bulk but real: a pool of random games is played by the rules once, and every
stored game is a copy of one of them under a new id and new teams, put into the store through
Zebra's own mapper and recorder (``event_store.put`` with the games' summaries), 50 games a
transaction. So each event is chained, each game has its head row and summary, and the tracking
record is current, as if every game had been imported; no rule is re-run per copy.

A cached league is only read (status, listings, standings with the summaries current); what
writes (standings from empty, a game written without a summary) works on a copy made with
SQLite's own backup (``working_copy``), never by copying the file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
import os
import random
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

from benchmarks import games
from benchmarks.measure import AT, BY, TEAMS, say
from companion.service import Referee, live_status
from companion.store import Store
from companion.summaries import summary_of

POOL = 40
PER_SAVE = 50
# Bump when the way a league is made changes (not its format: format_key follows that).
# 2: the copies' situations name their own teams, and each stored summary is the copy's fold
# (in 1 the situations kept the pool's Home and Away: a league folded from its events had one
# pairing where its stored summaries had 16 teams).
BUILD = 3


@dataclass(frozen=True)
class League:
    """A cached league: its store, its number of finished games and events, and the one
    unfinished game, played last."""

    path: Path
    games: int
    events: int
    playing: UUID


def format_key(seed: int) -> str:
    """A digest of everything a stored league's bytes depend on (see the module note)."""
    from companion import heads, integrity, summaries

    classes = sorted(integrity.known_topics().items())
    shape = [
        (topic, getattr(cls, "class_version", 1), sorted(f.name for f in dataclasses.fields(cls)))
        for topic, cls in classes
    ]
    code = [
        inspect.getsource(f)
        for f in (integrity.canonical, integrity.link, summaries.digest, summaries.summary_of)
    ]
    made = [BUILD, POOL, PER_SAVE, seed, TEAMS]
    text = json.dumps([shape, code, heads.SUMMARY_COLUMNS, made], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def cache_root() -> Path:
    named = os.environ.get("ZEBRA_BENCH_CACHE")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "zebra-bench"


def league(count: int, seed: int = 1, root: Path | None = None) -> League:
    """The cached league of ``count`` games, built first if there is none for this format."""
    folder = (root or cache_root()) / format_key(seed)
    folder.mkdir(parents=True, exist_ok=True)
    meta = folder / f"league-{count}.json"
    if meta.exists():
        found = json.loads(meta.read_text())
        path = folder / found["store"]
        if path.exists():
            return League(path, count, int(found["events"]), UUID(found["playing"]))
    # A fresh name: a build interrupted before its note was written is never reused.
    path = folder / f"league-{count}-{uuid4().hex[:8]}.sqlite"
    t0 = time.perf_counter()
    events, playing = build(path, count, seed)
    took = time.perf_counter() - t0
    say(f"    built {count:,} games ({events:,} events) in {took:.0f} s: {path}")
    meta.write_text(
        json.dumps({"store": path.name, "events": events, "playing": playing.hex, "built": t0})
    )
    return League(path, count, events, playing)


def pool_of(count: int, seed: int) -> list[tuple[list[Any], dict[str, Any]]]:
    """``count`` finished games played by the rules: their events and their final status."""
    from domain.game import Game

    out = []
    for played in games.finished_games("rushzone", count, seed):
        game = Game.start("rushzone", "Home", "Away", {}, BY, AT)
        for text in played.entries:
            game.enter(text, BY, AT)
        status = live_status(game)
        out.append((list(game.collect_events()), status))
    return out


def build(path: Path | Store, count: int, seed: int) -> tuple[int, UUID]:
    """``count`` finished games and one unfinished, written as copies (see the module note)
    into an SQLite file (or a PostgreSQL store); the number of events and the unfinished
    game's id."""
    store = path if isinstance(path, Store) else Store(path)
    from companion.transfer import moved
    from projections import summary

    pool = pool_of(POOL, seed)
    rnd = random.Random(seed)
    referee: Referee | None = None
    batch: list[Any] = []
    summaries: dict[UUID, Any] = {}
    for i in range(count):
        if i % 500 == 0:
            referee = Referee(store)  # a fresh mapper: the links it keeps stay bounded
        events, _ = pool[i % len(pool)]
        home, away = rnd.sample(TEAMS, 2)
        game_id = uuid4()
        copied = [renamed(e, home, away) for e in moved(events, game_id)]
        batch += copied
        # The summary a fold of the copy gives, so that a league folded from its events (the
        # standings from empty) says what its stored summaries say.
        folded = summary.project(copied)
        summaries[game_id] = summary_of(folded.view(), folded.last_at)
        if len(summaries) == PER_SAVE or i == count - 1:
            assert referee is not None
            referee.repository.event_store.put(batch, summaries=summaries)
            referee.mapper.settle(stored=True)
            batch, summaries = [], {}
    referee = Referee(store)
    playing = referee.start("rushzone", "Bears", "Packers", by=BY).game_id
    for text in ("toss home", "receive"):
        referee.enter(playing, text, BY)
    return int(referee.recorder.max_notification_id() or 0), playing


def renamed(event: Any, home: str, away: str) -> Any:
    """A copied event with the teams of its copy: in the Started event, and wherever a ruled
    step's change sets the teams (the status shows them from there; the opening's change is
    the whole situation). The fold's checkpoints keep the pool's names: no read the benchmark
    times folds from them."""
    from domain import deltas

    def teams(change: dict[str, Any]) -> dict[str, Any]:
        names = {k: v for k, v in (("home", home), ("away", away)) if k in change.get("set", {})}
        return {**change, "set": {**change["set"], **names}} if names else change

    state = dict(vars(event))
    if "home" in state:
        state.update(home=home, away=away)
    if isinstance(state.get("change"), dict):
        state["change"] = teams(state["change"])
    if isinstance(state.get("packed"), str):
        steps = deltas.unpack(state["packed"])
        state["packed"] = deltas.pack([{**st, "change": teams(st["change"])} for st in steps])
    object.__setattr__(event, "__dict__", state)
    return event


def working_copy(source: Path, target: Path, *, strip: bool = False) -> Path:
    """A copy of a league through SQLite's backup (``strip``: as a Zebra that kept no
    summaries left it, no head rows and the tracking record at 0)."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
        if strip:
            dst.execute("DELETE FROM game_heads")
            dst.execute("UPDATE zebra_tracking SET position = 0, games = 0")
            dst.commit()
    return target


def drop(path: Path) -> None:
    """Remove a working copy that no connection holds any more (its WAL files too)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


if __name__ == "__main__":  # python -m benchmarks.leagues 100,1000,5000: build the cache
    import sys

    for size in (sys.argv[1] if len(sys.argv) > 1 else "100,1000,5000").split(","):
        print(league(int(size)))
