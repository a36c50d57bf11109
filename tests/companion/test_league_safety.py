"""No entry lost, duplicated or let in wrong: many writers at once, and writers killed mid-entry.

Both tests run against every store kind (see conftest.py). Writers are forked processes with
their own connections, entering legal entries composed from the game's own prompt.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import time
from pathlib import Path
from uuid import UUID

import pytest

from companion import store as stores
from companion.service import GameMovedOn, Referee
from domain import rulesets
from domain.ruleset import IllegalEntry
from tests.figures import report

WRITERS = 8
WRITING_SECONDS = 3.0
CRASH_TRIALS = int(os.environ.get("ZEBRA_CRASH_TRIALS", "200"))
FORK = multiprocessing.get_context("fork")


def store_kind(url: str) -> str:
    return "postgresql" if url.startswith("postgresql://") else "sqlite"


def referee_at(url: str) -> Referee:
    return Referee(stores.resolve(url, create=True))


def legal_entry(referee: Referee, game_id: UUID, rnd: random.Random) -> str | None:
    prompt = referee.prompt(game_id)
    if not prompt.forms:
        return None
    form = rnd.choice(prompt.forms)
    values = [
        rnd.choice(slot.words) if slot.kind == "word" else rnd.randint(slot.low, slot.high)
        for slot in form.slots
    ]
    return form.compose(values)


def writer(url: str, game_id: str, seconds: float, seed: int, acks: str) -> None:
    """Enter legal entries until time is up; log each acknowledged one (after it was recorded)."""
    referee = referee_at(url)
    rnd = random.Random(seed)
    deadline = time.monotonic() + seconds
    with open(acks, "a", encoding="utf-8") as log:
        while time.monotonic() < deadline:
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
    os._exit(0)


def read_acks(path: Path) -> tuple[dict[int, str], int]:
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


def check_store(url: str, game_id: UUID, acked: dict[int, str]) -> None:
    """Every acknowledged entry is stored once, nothing else is, and the rules accept it all."""
    referee = referee_at(url)
    game = referee.game(game_id)
    stored = {seq: entry.text for seq, entry in game.entries.items()}
    for seq, text in acked.items():
        assert stored.get(seq) == text, f"acknowledged entry {seq} {text!r} is not in the store"
    kinds = [type(e).__name__ for e in referee.game_events(game_id)]
    assert kinds.count("Entered") == kinds.count("Ruled") - 1, "an entry was half recorded"
    assert len(stored) == len(set(stored)), "an entry number was recorded twice"
    rules = rulesets.get(game.ruleset)
    state = rules.initial(game.home, game.away, game.options)
    for entry in game.effective:
        state, _ = rules.apply(state, entry.text)
    assert state == game.state
    assert referee.status(game_id)["entries"] == len(game.effective)


def long_game(url: str) -> UUID:
    """A Red Zone game: hundreds of entries, so a writer is still writing when it is killed."""
    referee = referee_at(url)
    game_id = referee.start("redzone", "Bears", "Packers", {"length": "long"}).game_id
    referee.close()
    return game_id


def opened_game(url: str) -> UUID:
    referee = referee_at(url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in ("toss home", "receive", "green 6 1"):
        referee.enter(game_id, text)
    referee.close()
    return game_id


def test_eight_writers_at_once_lose_and_duplicate_nothing(store_url: str, tmp_path: Path) -> None:
    game_id = opened_game(store_url)
    acks = tmp_path / "acks.jsonl"
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
    check_store(store_url, game_id, {**acked})
    referee = referee_at(store_url)
    # Only acknowledged entries were recorded: the three opening ones plus the acknowledged.
    assert len(referee.game(game_id).entries) == 3 + len(acked)
    report(
        f"[{store_kind(store_url)}] {WRITERS} writers for {WRITING_SECONDS:.0f} s on one game: "
        f"{len(acked)} entries acknowledged and stored exactly once, {refused} refused as the "
        "game moved on and not stored; the stored game replays legally"
    )
    assert acked, "no writer got an entry in"


def test_writers_killed_at_random_moments_lose_nothing_acknowledged(
    store_url: str, tmp_path: Path
) -> None:
    rnd = random.Random(20261129)
    game_id = long_game(store_url)
    acks = tmp_path / "acks.jsonl"
    killed_mid_write = 0
    for trial in range(CRASH_TRIALS):
        child = FORK.Process(target=writer, args=(store_url, str(game_id), 5.0, trial, str(acks)))
        child.start()
        time.sleep(rnd.uniform(0.05, 0.4))
        if child.pid is not None and child.is_alive():
            os.kill(child.pid, signal.SIGKILL)
            killed_mid_write += 1
        child.join(timeout=30)
        if trial % 20 == 19 or trial == CRASH_TRIALS - 1:
            check_store(store_url, game_id, read_acks(acks)[0])
        if referee_at(store_url).status(game_id)["finished"]:
            game_id = long_game(store_url)
            acks = tmp_path / f"acks-{trial}.jsonl"
    acked, _ = read_acks(acks)
    check_store(store_url, game_id, acked)
    report(
        f"[{store_kind(store_url)}] {CRASH_TRIALS} writers killed with SIGKILL at random moments "
        f"({killed_mid_write} while still writing): every acknowledged entry present, none half "
        "recorded, the store opened cleanly after each"
    )
    assert killed_mid_write > CRASH_TRIALS // 2


@pytest.mark.parametrize("name", rulesets.names())
def test_each_landed_game_accepts_concurrent_tables(
    store_url: str, tmp_path: Path, name: str
) -> None:
    """Two writers on one game of every ruleset: the same guarantees, briefly."""
    referee = referee_at(store_url)
    game_id = referee.start(name, "Bears", "Packers").game_id
    referee.close()
    acks = tmp_path / "acks.jsonl"
    pair = [
        FORK.Process(target=writer, args=(store_url, str(game_id), 1.0, n, str(acks)))
        for n in range(2)
    ]
    for w in pair:
        w.start()
    for w in pair:
        w.join(timeout=60)
    acked, _ = read_acks(acks)
    check_store(store_url, game_id, acked)
