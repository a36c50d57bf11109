"""A real ``zebra serve`` process on a free port, and ``zebra`` commands run as a table would."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "rushzone-full.zebra"
# examples/rushzone-full.zebra: entry 17 leaves the away team 1st and goal at the home 10, and
# entry 18 ("white 3 2 6 2 4 3") is its touchdown, 6 points (the file's comments say so).
BEFORE_TOUCHDOWN = 17
TOUCHDOWN = "white 3 2 6 2 4 3"


def example_entries(count: int) -> list[str]:
    """The first ``count`` entries of the example game, as typed (comments and @ lines dropped)."""
    out = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text and not text.startswith("@"):
            out.append(text)
    return out[:count]


def zebra(store: str, *args: str, by: str = "scorer") -> subprocess.CompletedProcess[str]:
    """One ``zebra`` command in a process of its own, as a table's terminal runs it."""
    env = {**os.environ, "ZEBRA_USER": by, "COLUMNS": "120"}
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", *args, "--store", store],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, f"zebra {' '.join(args)}: {done.stderr[-500:]}"
    return done


def start_game(store: str, folder: Path, home: str, away: str, entries: int) -> str:
    """A Rush Zone game started by a CLI script with the example's first entries; its id."""
    script = folder / f"game-{time.monotonic_ns()}.zebra"
    script.write_text("\n".join(example_entries(entries)) + "\n", encoding="utf-8")
    zebra(store, "play", "rushzone", "--home", home, "--away", away, "--script", str(script))
    done = zebra(store, "status", "--json")
    found = re.search(r'"game_id": "([0-9a-f-]+)"', done.stdout)
    assert found, done.stdout
    return found.group(1).replace("-", "")


def set_up_game(store: str, home: str, away: str, entries: int) -> str:
    """The same game set up in this process (quicker); what a test changes goes through the CLI."""
    from companion.service import Referee
    from companion.store import resolve

    referee = Referee(resolve(store, create=True))
    game_id = referee.start("rushzone", home, away, by="setup").game_id
    for text in example_entries(entries):
        referee.enter(game_id, text, by="setup")
    return game_id.hex


@dataclass
class Served:
    url: str
    process: subprocess.Popen[str]
    store: str
    banner: str

    def stop(self, how: int = signal.SIGINT) -> tuple[int, str]:
        """Stop it as Ctrl-C (or a service manager) would: its exit code and what it said."""
        self.process.send_signal(how)
        try:
            said, _ = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        return self.process.returncode, said


def serve(store: str, *extra: str, seconds: float = 30) -> Served:
    """``zebra serve`` on any free port; returns once it says where it listens."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--store", store, "--port", "0", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    said = ""
    deadline = time.monotonic() + seconds
    while "Ctrl-C stops." not in said:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([process.stdout], [], [], max(0.0, left))
        chunk = os.read(process.stdout.fileno(), 65536).decode() if ready else ""
        if not chunk:
            process.kill()
            process.wait()
            raise AssertionError(f"zebra serve did not start: {said[-800:]}")
        said += chunk
    found = re.search(r"at (https?://\S+/)", said)
    assert found, said
    return Served(found.group(1), process, store, said)
