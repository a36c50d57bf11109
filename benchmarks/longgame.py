"""Figure 1 (per entry) and the cold open of figure 3: one long game, each size against a
bare counterpart of the same events on the same store file (issue #19)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import bare, games
from benchmarks.measure import AT, BY, Row, Sample, in_fresh_process, referee_at, timed
from companion.service import Referee
from domain.game import Game

# The game lengths of figures 1 to 3 (issue #19), and the entries timed per repetition.
ENTRY_SIZES = [200, 1000, 5000]
NEXT = 20


@dataclass
class LongGame:
    """One long Red Zone game with Zebra's events grouped by entry, for the bare counterparts."""

    game: games.ScriptedGame
    # groups[i]: the events Zebra recorded for entry i + 1 (Entered and Ruled; every 100
    # standing entries the Ruled event holds a checkpoint).
    groups: list[list[dict[str, Any]]]
    opening: list[Any]  # the events before the first entry (Started and the set-up)


def long_game_for(sizes: list[int], reps: int, seed: int) -> LongGame:
    """A game long enough for the largest size and ``reps`` windows of NEXT entries after it."""
    game = games.long_game(max(sizes) + reps * NEXT + 1, seed)
    probe = Game.start(game.ruleset, "Bears", "Packers", game.options, BY, AT)
    opening = list(probe.collect_events())
    groups: list[list[dict[str, Any]]] = []
    for text in game.entries:
        probe.enter(text, BY, AT)
        groups.append([bare.payload(e) for e in probe.collect_events()])
    return LongGame(game, groups, opening)


def stored_game(referee: Referee, long: LongGame, n: int) -> Game:
    """The first n entries of the long game, recorded in one save."""
    g = Game.start(long.game.ruleset, "Bears", "Packers", long.game.options, BY, AT)
    for text in long.game.entries[:n]:
        g.enter(text, BY, AT)
    referee.save(g)
    return g


def bare_game(app: bare.BareApp, long: LongGame, n: int) -> bare.BareGame:
    """The bare aggregate holding the same payloads as Zebra's first n entries, saved once."""
    agg = bare.BareGame(name="bare")
    for _ in long.opening[1:]:
        agg.happened(data={})
    for group in long.groups[:n]:
        for data in group:
            agg.happened(data=data)
    app.save(agg)
    return agg


def stored_sizes(path: Path, game: UUID, after: int = 0) -> list[int]:
    """The length of each stored state of the game's events after version ``after``."""
    with closing(sqlite3.connect(path)) as conn:
        found = conn.execute(
            "SELECT LENGTH(state) FROM stored_events WHERE originator_id = ? "
            "AND originator_version > ? ORDER BY originator_version",
            (game.hex, after),
        ).fetchall()
    return [int(s) for (s,) in found]


def figure_entry(path: Path, long: LongGame, sizes: list[int], reps: int) -> list[Row]:
    """Per entry at entry 0 and at entry n: NEXT entries through ``Referee.enter`` (the game
    cached, as in a session), against a bare aggregate of the same events saving the same
    events' payloads per entry, both through Zebra's chained mapper."""
    app = bare.ChainedBareApp(path)
    game = long.game
    first, first_bare = Sample(), Sample()
    live = referee_at(path)
    for _ in range(reps):
        gid = live.start(game.ruleset, "Bears", "Packers", game.options, BY).game_id
        first.values.append(_zebra_window(live, long, gid, 0))
        first_bare.values.append(_bare_window(app, long, bare_game(app, long, 0), 0))
    rows = [
        Row(
            "1",
            f"per entry at entry 0 (entries 1–{NEXT}, game cached) vs bare chained save of the "
            "same events",
            first,
            "s",
            first_bare,
            "time",
            "≤ 1.5×",
        )
    ]
    for n in sizes:
        rows += _entry_rows_at(path, app, long, n, reps, first)
    return rows


def _zebra_window(live: Referee, long: LongGame, gid: UUID, start: int) -> float:
    """Seconds per entry of the NEXT entries from ``start`` through ``Referee.enter``."""
    texts = long.game.entries[start : start + NEXT]

    def play() -> None:
        for text in texts:
            live.enter(gid, text, by=BY)

    return timed(play) / len(texts)


def _bare_window(app: bare.ChainedBareApp, long: LongGame, agg: bare.BareGame, start: int) -> float:
    """Seconds per entry of saving the same NEXT entries' payloads, one save per entry."""

    def save() -> None:
        for group in long.groups[start : start + NEXT]:
            for data in group:
                agg.happened(data=data)
            app.save(agg)

    return timed(save) / NEXT


def _entry_rows_at(
    path: Path, app: bare.ChainedBareApp, long: LongGame, n: int, reps: int, first: Sample
) -> list[Row]:
    """Per entry at entry n (the game cached), against the bare save and against entry 0."""
    live = referee_at(path)
    gid = stored_game(live, long, n).id
    live.game(gid)  # cached from here on, as in a session
    agg = bare_game(app, long, n)
    zebra, plain = Sample(), Sample()
    for rep in range(reps):
        # Each repetition enters the next NEXT entries: entries n+1.. of the same game.
        zebra.values.append(_zebra_window(live, long, gid, n + rep * NEXT))
        plain.values.append(_bare_window(app, long, agg, n + rep * NEXT))
    return [
        Row(
            "1",
            f"per entry at entry {n:,} (game cached) vs bare chained save of the same events",
            zebra,
            "s",
            plain,
            "time",
            "≤ 1.5×",
            series="per entry (Referee.enter) vs bare chained save",
            size=n,
        ),
        Row(
            "1",
            f"per entry at entry {n:,} against entry 0",
            zebra,
            "s",
            first,
            "time",
            "≤ 1.1×",
        ),
    ]


def cold_open_rows(path: Path, gid: UUID, bid: UUID, n: int, events: int, reps: int) -> list[Row]:
    """Open the stored game cold in a fresh process (ready for the next entry) against a bare
    chained ``repository.get`` of the same events in a fresh process, with both peak memories."""
    zebra, plain, zebra_mib, plain_mib = Sample(), Sample(), Sample(), Sample()
    for _ in range(reps):
        seconds, mib = in_fresh_process(
            "from pathlib import Path\nfrom uuid import UUID\nfrom companion.service import "
            "Referee\nfrom companion.store import Store\n"
            f"def run():\n    g = Referee(Store(Path({str(path)!r}))).game(UUID({gid.hex!r}))\n"
            "    g.rules.expected(g.state)\n"
        )
        zebra.values.append(seconds)
        zebra_mib.values.append(mib)
        seconds, mib = in_fresh_process(
            "from pathlib import Path\nfrom uuid import UUID\nfrom benchmarks import bare\n"
            f"def run():\n    app = bare.ChainedBareApp(Path({str(path)!r}))\n"
            f"    agg = app.repository.get(UUID({bid.hex!r}))\n"
            f"    assert agg.version >= {events}\n"
        )
        plain.values.append(seconds)
        plain_mib.values.append(mib)
    return [
        Row(
            "3",
            f"open a stored {n:,}-entry game cold (fresh process) vs bare chained get",
            zebra,
            "s",
            plain,
            "time",
            "(diagnostic)",
            series="cold open vs bare chained get",
            size=n,
        ),
        Row(
            "3",
            f"peak memory (VmHWM) of that cold open, n={n:,}, vs bare chained get",
            zebra_mib,
            "MiB",
            plain_mib,
            "time",
            "(diagnostic)",
            series="peak memory, cold open vs bare get",
            size=n,
        ),
    ]
