"""Small events and checkpoints (issue #19): per entry, stored size and amend at 200 / 1,000 /
2,400 entries, each against a bare counterpart in the same run.

(A random Red Zone game, the game whose situation grows, does not reach 5,000 entries before its
final whistle: about 2,400 is its longest, as in issue #19's own figures.)

    .venv/bin/python -m benchmarks.fold [--sizes 200,1000,2400] [--reps 3] [--dir DIR]

* per entry: the next 20 entries of an n-entry Red Zone game through ``Referee.enter`` (the game
  cached, as in a session), against a bare aggregate of n events saving the same two events
  (Zebra's ``Entered`` and ``Ruled`` payloads) per entry;
* stored size: the bytes of the game's stored states per entry, and what version 1 events
  (whole situations) would hold for the same game;
* amend entry n - 10 to the same text, warm (cached) and cold (a fresh ``Referee``), and the
  size of the ``Rederived`` event it stores; bare: a fresh bare ``repository.get`` of n events.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import bare, games
from companion.service import Referee
from companion.store import Store
from domain.game import Game

BY = "bench"
AT = "2026-12-01T00:00:00+00:00"
NEXT = 20


def timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def med(values: list[float]) -> str:
    low, high = min(values) * 1000, max(values) * 1000
    return f"{statistics.median(values) * 1000:.2f} ms ({low:.2f}–{high:.2f})"


def stored_bytes(path: Path, game: UUID) -> int:
    with closing(sqlite3.connect(path)) as conn:
        (size,) = conn.execute(
            "SELECT SUM(LENGTH(state)) FROM stored_events WHERE originator_id = ?", (game.hex,)
        ).fetchone()
    return int(size or 0)


def v1_bytes(game: Game) -> int:
    """What the same game's Ruled events would hold as version 1 (whole situations)."""
    total = 0
    for step in game.folded:
        rulings = [r.to_dict() for r in step.rulings]
        total += len(json.dumps({"seq": step.seq, "rulings": rulings, "situation": step.situation}))
    return total


def run(sizes: list[int], reps: int, folder: Path) -> None:
    longest = games.long_game(max(sizes) + NEXT + 1)
    for n in sizes:
        measure(n, longest, reps, folder)


def measure(n: int, longest: games.ScriptedGame, reps: int, folder: Path) -> None:
    """Every figure at one game length."""

    path = folder / f"fold-{n}.sqlite"
    referee = Referee(Store(path))
    g = Game.start(longest.ruleset, "Bears", "Packers", longest.options, BY, AT)
    for text in longest.entries[:n]:
        g.enter(text, BY, AT)
    referee.save(g)
    gid = g.id
    size = stored_bytes(path, gid)
    old = v1_bytes(g) / n
    print(f"n={n}: stored {size / n:,.0f} B/entry (version 1 Ruled alone: {old:,.0f} B/entry)")
    # Per entry, warm: the next entries through the referee, from a copy of the store.
    zebra, plain = [], []
    probe = Game.start(longest.ruleset, "Bears", "Packers", longest.options, BY, AT)
    for text in longest.entries[: n + NEXT + 1]:
        probe.enter(text, BY, AT)
    payloads = [bare.payload(e) for e in probe.collect_events() if type(e).__name__ == "Ruled"]
    app = bare.open_bare(path)
    for _ in range(reps):
        again = Game.start(longest.ruleset, "Bears", "Packers", longest.options, BY, AT)
        for text in longest.entries[:n]:
            again.enter(text, BY, AT)
        referee.save(again)
        live = Referee(Store(path))
        live.enter(again.id, longest.entries[n], by=BY)  # the game is cached from here on
        nexts = longest.entries[n + 1 : n + 1 + NEXT]

        def play(live: Referee = live, nexts: list[str] = nexts, gid: UUID = again.id) -> None:
            for text in nexts:
                live.enter(gid, text, by=BY)

        zebra.append(timed(play) / len(nexts))
        agg = bare.BareGame(name="bare")
        for i in range(n):
            agg.entered(seq=i + 1, text=longest.entries[i], by=BY, at=AT)
        app.save(agg)

        def save_two(agg: bare.BareGame = agg) -> None:
            for i in range(n + 1, n + 1 + NEXT):
                agg.entered(seq=i + 1, text=longest.entries[i], by=BY, at=AT)
                agg.happened(data=payloads[i + 1])
                app.save(agg)

        plain.append(timed(save_two) / NEXT)
    print(f"  per entry at entry {n}: zebra {med(zebra)}, bare 2-event save {med(plain)}")
    # Amend entry n - 10, warm and cold.
    k = n - 10
    text = longest.entries[k - 1]
    warm, cold, bare_get = [], [], []
    cached = Referee(Store(path))
    cached.game(gid)
    bid = bare.copy_game(app, referee.game_events(gid))
    for _ in range(reps):
        warm.append(timed(lambda: cached.amend(gid, k, text, "bench", BY)))
        fresh = Referee(Store(path))
        cold.append(timed(lambda fresh=fresh: fresh.amend(gid, k, text, "bench", BY)))
        other = bare.open_bare(path)
        bare_get.append(timed(lambda other=other: other.repository.get(bid)))
    last = Referee(Store(path)).game_events(gid)[-1]
    # Version 1 (before #19) kept the steps whole: measured the same way, to compare.
    packed = len(getattr(last, "packed", "")) or len(json.dumps(last.steps))
    steps = len(last.steps)
    print(
        f"  amend n-k=10: warm {med(warm)}, cold {med(cold)}, bare cold get of {n} entries' "
        f"events {med(bare_get)}; Rederived {packed} B for {steps} steps"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,1000,2400")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        run(sizes, args.reps, args.dir)
        return
    with tempfile.TemporaryDirectory() as folder:
        run(sizes, args.reps, Path(folder))


if __name__ == "__main__":
    main()
