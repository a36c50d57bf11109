"""Figure 4: the CLI's cold start, ``zebra status`` in a fresh process against ``zebra --help``
(the issue's target: within 1.3x), and the imports a start pays for."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.measure import BY, ROOT, Row, Sample, timed

# A command line, the league size it is a point of (None: not on a curve), and its curve's name.
Case = tuple[list[str], int | None, str]


def zebra_command() -> list[str]:
    """``zebra`` in a fresh interpreter, running the checkout being measured.

    This is what the ``zebra`` console script does (import ``companion.cli``, call ``main``);
    run from the repository root, it measures this checkout even when the installed script
    points at another one.
    """
    return [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]


def run_quiet(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a command from the checkout, its output kept; a failure raises with its last words."""
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"{args} failed: {done.stderr.strip()[-300:]}")
    return done


def import_profile(args: list[str], env: dict[str, str]) -> tuple[list[str], list[tuple[int, str]]]:
    """Run under -X importtime: the Kivy modules imported, and the 6 costliest top imports."""
    cmd = [sys.executable, "-X", "importtime", "-c", "from companion.cli import main; main()"]
    done = subprocess.run(
        cmd + args, env=env, capture_output=True, text=True, timeout=120, check=False, cwd=ROOT
    )
    kivy, top = [], []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if not m:
            continue
        name = m.group(4)
        if name == "kivy" or name.startswith("kivy."):
            kivy.append(name)
        if len(m.group(3)) == 1:  # top level of the import tree
            top.append((int(m.group(2)), name))
    return kivy, sorted(top, reverse=True)[:6]


def cli_env() -> dict[str, str]:
    """A fresh process's environment as a user's shell gives it: no store named, and Python
    allowed its bytecode cache (an installed Zebra has one; without it every start compiles
    Zebra's modules again, which here cost 60 ms of each command)."""
    env = {**os.environ, "ZEBRA_USER": BY, "COLUMNS": "100"}
    env.pop("ZEBRA_STORE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # No game remembered from the person's own use (companion.current): the latest is looked up.
    env["XDG_STATE_HOME"] = str(Path(tempfile.gettempdir()) / "zebra-bench-state")
    return env


def figure_cli(
    stores: dict[str, Path], reps: int, leagues: list[Any] | None = None
) -> tuple[list[Row], dict[str, Any]]:
    """``zebra status`` in a fresh process on each store, against ``zebra --help`` (the issue's
    target: within 1.3x); every case is run ``reps`` times, interleaved."""
    env = cli_env()
    zebra = zebra_command()
    cases = _cases(zebra, stores, leagues or [])
    helps, python_pass, bare_start = Sample(), Sample(), Sample()
    samples = {name: Sample() for name in cases}
    # Once untimed: the bytecode cache is written, and the stores' pages are read once.
    run_quiet([*zebra, "--help"], env)
    for args, _, _ in cases.values():
        run_quiet(args, env)
    for _ in range(reps):
        python_pass.values.append(timed(lambda: run_quiet([sys.executable, "-c", "pass"], env)))
        bare_start.values.append(
            timed(
                lambda: run_quiet(
                    [sys.executable, "-c", "import eventsourcing.application, sqlite3"], env
                )
            )
        )
        helps.values.append(timed(lambda: run_quiet([*zebra, "--help"], env)))
        for name, (args, _, _) in cases.items():
            samples[name].values.append(timed(lambda a=args: run_quiet(a, env)))
    extra, kivy_all = _import_profiles(next(iter(stores.values())), env)
    rows = [
        Row(
            "4",
            "zebra --help, fresh process",
            helps,
            "s",
            bare_start,
            "time",
            "(diagnostic)",
            note="bare: python -c 'import eventsourcing.application'",
        )
    ]
    rows += _case_rows(cases, samples, helps)
    rows.append(Row("4", "python -c pass (interpreter alone)", python_pass, "s"))
    rows.append(
        Row(
            "4",
            "Kivy imported by the CLI (python -X importtime, --help and status)",
            Sample(),
            "",
            target="never",
            met=not kivy_all,
            note=", ".join(sorted(set(kivy_all))[:5]) or "no kivy module imported",
        )
    )
    return rows, extra


def _cases(zebra: list[str], stores: dict[str, Path], leagues: list[Any]) -> dict[str, Case]:
    """The commands timed: ``zebra status`` on each store, and status and games on each league."""
    cases: dict[str, Case] = {}
    for label, path in stores.items():
        cases[f"zebra status (store: {label})"] = (
            [*zebra, "status", "--store", str(path)],
            None,
            "",
        )
    for found in leagues:
        where = ["--store", str(found.path)]
        label = f"{found.games:,} games ({found.events:,} events)"
        cases[f"zebra status (store: {label})"] = (
            [*zebra, "status", *where],
            found.games,
            "status",
        )
        cases[f"zebra games (store: {label}), prints every game"] = (
            [*zebra, "games", *where],
            found.games,
            "",
        )
    return cases


def _import_profiles(small_store: Path, env: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The costliest imports of ``--help`` and ``status``, and every Kivy module either imports."""
    extra: dict[str, Any] = {}
    kivy_all: list[str] = []
    for label, args in (
        ("--help", ["--help"]),
        ("status", ["status", "--store", str(small_store)]),
    ):
        kivy, top = import_profile(args, env)
        kivy_all += kivy
        extra[f"importtime {label}"] = top
    extra["kivy modules imported by the CLI"] = sorted(set(kivy_all))
    return extra, kivy_all


def _case_rows(cases: dict[str, Case], samples: dict[str, Sample], helps: Sample) -> list[Row]:
    """One row per command, against ``zebra --help``: status within 1.3x, the rest diagnostic."""
    rows = []
    for name, s in samples.items():
        _, size, series = cases[name]
        target = "≤ 1.3×" if name.startswith("zebra status") else "(diagnostic)"
        rows.append(
            Row(
                "4",
                f"{name}, fresh process, vs zebra --help",
                s,
                "s",
                helps,
                "time",
                target,
                met=s.median <= 1.3 * helps.median if target != "(diagnostic)" else None,
                series=series and "zebra status vs zebra --help",
                size=size,
            )
        )
    return rows
