"""Start-up of ``zebra status``, ``games`` and ``resume`` against ``zebra --help`` (issue #29).

    python -m benchmarks.startup [--reps 21] [--checkout PATH]

On a small SQLite store (one finished Rush Zone game, one unfinished: the latest), every
command in a fresh process, interleaved, ``--reps`` times; the medians of wall time and of the
process's CPU time (user + system, less moved by other work on a loaded machine), each against
``--help``'s, and the modules each imports beyond ``--help`` (counted, as tests/companion/
test_startup.py checks them). With ZEBRA_TEST_POSTGRES set, the same on a PostgreSQL store
against a bare process that imports psycopg, connects and selects 1 (the issue's target: within
1.5x). ``--checkout`` measures another checkout (e.g. an export of main) with this interpreter.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

from benchmarks.coldstart import cli_env, zebra_command
from benchmarks.measure import ROOT

COMMANDS = {
    "--help": ["--help"],
    "status": ["status"],
    "games": ["games"],
    "resume": ["resume"],
    "standings": ["league", "standings"],  # the too (no target of its own)
}
IMPORTED = re.compile(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)\s*$", re.M)


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """One fresh process (stdin: ``quit``, which ends ``resume`` at its first prompt): its wall
    and CPU seconds."""
    start, cpu = time.perf_counter(), child_cpu()
    done = subprocess.run(args, input=b"quit\n", env=env, cwd=cwd, capture_output=True)
    if done.returncode != 0:
        raise RuntimeError(f"{args} failed: {done.stderr.decode()[-300:]}")
    return time.perf_counter() - start, child_cpu() - cpu


def modules(args: list[str], env: dict[str, str], cwd: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args[1:]], input=b"quit\n", env=env, cwd=cwd,
        capture_output=True, check=True,
    )  # fmt: skip
    return set(IMPORTED.findall(done.stderr.decode()))


def make_store(store: str, env: dict[str, str], cwd: Path) -> None:
    """A finished Rush Zone game and an unfinished one (its first 80 lines), the latest."""
    full = ROOT / "examples" / "rushzone-full.zebra"
    half = Path(tempfile.mkdtemp()) / "half.zebra"
    half.write_text("".join(full.read_text().splitlines(keepends=True)[:80]))
    for script in (full, half):
        cmd = [*zebra_command(), "play", "rushzone", "--script", str(script), "--store", store]
        subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, check=True)


def measure(
    cases: dict[str, list[str]], base: str, env: dict[str, str], cwd: Path, reps: int
) -> None:
    """Print each case's medians against ``base``'s, and its modules beyond ``--help``'s."""
    for args in cases.values():
        run(args, env, cwd)  # once untimed: the bytecode cache, the store's pages
    walls: dict[str, list[float]] = {name: [] for name in cases}
    cpus: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(reps):
        for name, args in cases.items():
            wall, cpu = run(args, env, cwd)
            walls[name].append(wall)
            cpus[name].append(cpu)
    helps = modules(cases["--help"], env, cwd)
    wall0, cpu0 = statistics.median(walls[base]), statistics.median(cpus[base])
    print(f"{'':10} {'wall ms':>8} {'/' + base:>8} {'cpu ms':>8} {'/' + base:>8}  modules +help")
    for name, args in cases.items():
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        extra = len(modules(args, env, cwd) - helps) if args[1] == "-c" else ""
        print(
            f"{name:10} {wall * 1000:8.1f} {wall / wall0:8.2f} {cpu * 1000:8.1f} "
            f"{cpu / cpu0:8.2f}  {extra}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=21)
    parser.add_argument("--checkout", type=Path, default=ROOT)
    options = parser.parse_args()
    env, cwd = cli_env(), options.checkout.resolve()
    zebra = zebra_command()
    folder = Path(tempfile.mkdtemp(prefix="zebra-startup-"))
    env["XDG_STATE_HOME"] = str(folder / "state")
    env["ZEBRA_STORE"] = str(folder / "zebra.sqlite")
    make_store(env["ZEBRA_STORE"], env, cwd)
    print(f"SQLite store, {options.reps} runs each, medians; checkout {cwd}")
    cases = {name: [*zebra, *args] for name, args in COMMANDS.items()}
    measure(cases, "--help", env, cwd, options.reps)
    address = os.environ.get("ZEBRA_TEST_POSTGRES")
    if not address:
        return
    import psycopg

    schema = f"bench_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        env["ZEBRA_STORE"] = f"{address}?schema={schema}"
        make_store(env["ZEBRA_STORE"], env, cwd)
        bare = f"import psycopg\nwith psycopg.connect({address!r}) as c: c.execute('select 1')"
        print(f"\nPostgreSQL store, {options.reps} runs each, medians")
        measure({"bare": [sys.executable, "-c", bare], **cases}, "bare", env, cwd, options.reps)
    finally:
        with psycopg.connect(address) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()
