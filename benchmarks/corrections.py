"""Figures 2 and 3 on the long game: stored bytes per entry, and amending entry k of an n-entry
game to the same text (every later entry re-derived), warm and cold, against the bare library
doing the same I/O."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from uuid import UUID

from benchmarks import bare
from benchmarks.longgame import LongGame, cold_open_rows, stored_game, stored_sizes
from benchmarks.measure import BY, Row, Sample, referee_at, timed
from companion.service import Referee

# The bare aggregate as the last save left it, with the application that saved it (whose mapper
# knows its last chain link, as a long-lived process's does): each cold one replaces it.
Held = list[tuple[bare.ChainedBareApp, bare.BareGame]]


@dataclass(frozen=True)
class _Stored:
    """An n-entry game stored for the amends, and its bare chained copy."""

    n: int
    gid: UUID
    bid: UUID
    held: Held


@dataclass(frozen=True)
class _Amended:
    """What one amend of entry k stored: the added events' payloads, sizes and re-derivations."""

    k: int
    text: str
    payloads: list[Any]
    written: list[int]
    steps: int  # the entries re-derived
    packed: int  # the bytes of the Rederived events


def figure_corrections(
    path: Path, long: LongGame, sizes: list[int], reps: int
) -> tuple[list[Row], list[dict[str, Any]]]:
    """Stored bytes per entry (figure 2) and amending entry k of an n-entry game to the same
    text, n−k in 10, 100, n/2 and n (every later entry re-derived), warm and cold, against the
    bare library doing the same I/O: a bare chained ``repository.get`` of the same stored events
    (cold only) and a save of events of the same payloads as the ones Zebra stored."""
    app = bare.ChainedBareApp(path)
    table: list[dict[str, Any]] = []
    rows: list[Row] = []
    opens: list[Row] = []
    for n in sizes:
        referee = referee_at(path)
        gid = stored_game(referee, long, n).id
        events = referee.game_events(gid)
        agg = bare.copy_events(app, events)
        stored = _Stored(n, gid, agg.id, [(app, agg)])
        rows.append(_stored_bytes_row(path, stored))
        opens += cold_open_rows(path, gid, agg.id, n, len(events), reps)
        # n−k of 10, 100, n/2 and n (k = 1 at the most: every entry after the first re-derived).
        for k in sorted({max(1, n - tail) for tail in (10, 100, n // 2, n)}, reverse=True):
            live = referee_at(path)
            live.game(gid)  # a long-lived process (the tablet, a session) has the game cached
            amended = _amend_once(path, live, gid, k, long.game.entries[k - 1])
            samples = _time_amends(path, live, stored, amended, reps)
            table.append(
                {
                    "n": n,
                    "n_minus_k": n - k,
                    "k": k,
                    **samples,
                    "stored": amended.written,
                    "steps": amended.steps,
                    "rederived_bytes": amended.packed,
                }
            )
            rows += _amend_rows(n, amended, samples)
    return rows + opens + _flat_in_n_rows(table), table


def _stored_bytes_row(path: Path, stored: _Stored) -> Row:
    """Figure 2: the stored bytes per entry of the game, against its bare chained copy."""
    n = stored.n
    zebra_size = sum(stored_sizes(path, stored.gid)) / n
    bare_size = sum(stored_sizes(path, stored.bid)) / n
    return Row(
        "2",
        f"stored bytes per entry at n={n:,} (events, chain links, checkpoints) vs the "
        "bare chained copy of the same payloads",
        Sample([zebra_size]),
        "B",
        Sample([bare_size]),
        "time",
        "(diagnostic)",
        series="stored bytes per entry vs bare copy",
        size=n,
    )


def _amend_once(path: Path, live: Referee, gid: UUID, k: int, text: str) -> _Amended:
    """Amend entry k to the same text once, untimed: what one amend stores."""
    before = len(referee_at(path).game_events(gid))
    live.amend(gid, k, text, "bench", BY)
    added = referee_at(path).game_events(gid)[before:]
    written = stored_sizes(path, gid, before)
    rederived = [e for e in added if type(e).__name__ == "Rederived"]
    packed = sum(
        stored for e, stored in zip(added, written, strict=True) if type(e).__name__ == "Rederived"
    )
    return _Amended(
        k=k,
        text=text,
        payloads=[bare.payload(e) for e in added],
        written=written,
        steps=sum(len(e.steps) for e in rederived),
        packed=packed,
    )


def _time_amends(
    path: Path, live: Referee, stored: _Stored, amended: _Amended, reps: int
) -> dict[str, Sample]:
    """The amend timed warm (the game cached) and cold (a fresh Referee), and the bare saves of
    the same payloads warm and after a cold get."""
    held, gid, k, text = stored.held, stored.gid, amended.k, amended.text

    def save_same(into: bare.ChainedBareApp, got: bare.BareGame) -> None:
        for data in amended.payloads:
            got.happened(data=data)
        into.save(got)
        held[0] = (into, got)

    warm, cold, bare_warm, bare_cold = Sample(), Sample(), Sample(), Sample()
    for _ in range(reps):
        warm.values.append(timed(partial(live.amend, gid, k, text, "bench", BY)))
        bare_warm.values.append(timed(partial(save_same, *held[0])))
        fresh = referee_at(path)  # a CLI process: nothing cached
        cold.values.append(timed(partial(fresh.amend, gid, k, text, "bench", BY)))
        other = bare.ChainedBareApp(path)

        def bare_amend(other: bare.ChainedBareApp = other, bid: UUID = stored.bid) -> None:
            save_same(other, other.repository.get(bid))

        bare_cold.values.append(timed(bare_amend))
    return {"warm": warm, "cold": cold, "bare_warm": bare_warm, "bare_cold": bare_cold}


def _amend_rows(n: int, amended: _Amended, samples: dict[str, Sample]) -> list[Row]:
    """Figure 3's rows of one amend (warm and cold), and figure 2's bytes per re-derived entry."""
    k, steps, packed = amended.k, amended.steps, amended.packed
    rows = []
    for mode in ("warm", "cold"):
        rows.append(
            Row(
                "3",
                f"amend entry k, n={n:,}, n−k={n - k:,} ({mode}) vs bare "
                + (
                    "save of the same events"
                    if mode == "warm"
                    else "cold get of the same events + save of the same events"
                ),
                samples[mode],
                "s",
                samples[f"bare_{mode}"],
                "time",
                "(n−k, not n)",
                series=f"amend, n−k=10, {mode}" if n - k == 10 else "",
                size=n,
            )
        )
    if steps:
        rows.append(
            Row(
                "2",
                f"Rederived bytes per re-derived entry, n={n:,}, n−k={n - k:,} "
                f"({packed:,} B for {steps:,} entries)",
                Sample([packed / steps]),
                "B",
                target="≤ 300 B",
                met=packed / steps <= 300,
            )
        )
    return rows


def _flat_in_n_rows(table: list[dict[str, Any]]) -> list[Row]:
    """Amends with n−k of 10 and 100 at the largest n against the smallest: flat in n."""
    rows = []
    for tail in (10, 100):
        line = [t for t in table if t["n_minus_k"] == tail]
        if len(line) < 2:
            continue
        small, big = line[0], line[-1]
        for mode in ("warm", "cold"):
            growth = big[mode].median / small[mode].median
            rows.append(
                Row(
                    "3",
                    f"amend with n−k={tail} ({mode}): n={big['n']:,} against n={small['n']:,}",
                    big[mode],
                    "s",
                    small[mode],
                    "time",
                    "≤ 1.5× (flat in n)",
                    met=growth <= 1.5,
                    note=f"{big['n'] // small['n']}× the entries",
                )
            )
    return rows
