"""Mutation testing of one game's rules with mutmut, on a throw-away clone of the repository.

mutmut rewrites the files it mutates, so this helper never runs it in the working tree it is
started from: it clones the committed ``HEAD`` into a temporary folder, writes mutmut's
configuration into the clone's ``pyproject.toml``, and runs mutmut there with one worker.
Uncommitted changes are not part of the run. See docs/mutation.md.

    .venv/bin/python -m tests.mutation rushzone
    .venv/bin/python -m tests.mutation redzone --tests 'tests/domain/test_redzone*.py' --keep
"""

from __future__ import annotations

import argparse
import glob
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("rushzone", "redzone", "firstandgoal", "thirdandlong", "gridironmasters")
# Packages the tests import besides domain/; copied next to the mutants so that nothing is ever
# imported from the working tree (mutmut takes the clone's own folder off sys.path).
ALSO_COPY = ("companion", "projections", "mobile", "examples")


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def clone(dest: Path, ref: str) -> str:
    """A fresh clone of ``ref`` at ``dest`` (no hard links into this repository's objects)."""
    subprocess.run(
        ["git", "clone", "--quiet", "--no-hardlinks", "--no-checkout", str(ROOT), str(dest)],
        check=True,
    )
    subprocess.run(["git", "-C", str(dest), "checkout", "--quiet", ref], check=True)
    out = subprocess.run(
        ["git", "-C", str(dest), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def _game_source(repo: Path, game: str) -> str:
    """The game's rules: its module, or every module of its package (domain/rulesets/<game>/)."""
    if (repo / "domain" / "rulesets" / game).is_dir():
        return f"domain/rulesets/{game}/*.py"
    return f"domain/rulesets/{game}.py"


# Lines that only word what people read: a message continued on its own line (it starts with a
# string) or a refusal. Their mutants change a sentence, never a ruling (docs/mutation.md, group
# "wording only"), and each one costs a full run of the tests that reach it.
WORDING_LINES = (
    r"^\s*[rbufRBUF]*\"[^\"]*\"\s*[,)\]]*\s*$",
    r"^\s*[rbufRBUF]*'[^']*'\s*[,)\]]*\s*$",
    r"raise IllegalEntry\(",
)


def configure(
    repo: Path,
    game: str,
    tests: list[str],
    *,
    skip_wording: bool = False,
    deselect: tuple[str, ...] = (),
) -> None:
    """mutmut's settings, written into the clone's pyproject.toml only."""
    files = sorted({f for pattern in tests for f in glob.glob(pattern, root_dir=repo)})
    if not files:
        raise SystemExit(f"no test files match {tests} in the clone")
    pytest_args = ["-p", "no:cacheprovider", "-q"]
    for node in deselect:
        pytest_args += ["--deselect", node]
    lines = [
        "",
        "[tool.mutmut]",
        'source_paths = ["domain"]',
        f"only_mutate = {_toml_list([_game_source(repo, game)])}",
        f"also_copy = {_toml_list(list(ALSO_COPY))}",
        f"pytest_add_cli_args_test_selection = {_toml_list(files)}",
        f"pytest_add_cli_args = {_toml_list(pytest_args)}",
    ]
    if skip_wording:
        lines.append(f"do_not_mutate_patterns = {_toml_list(list(WORDING_LINES))}")
    section = "\n".join([*lines, ""])
    pyproject = repo / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + section, encoding="utf-8")


def mutmut(repo: Path, *args: str, capture: bool = False) -> str:
    """``python -m mutmut ARGS`` inside the clone."""
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=repo,
        check=not capture,
        capture_output=capture,
        text=True,
        env={**_clean_env(), "HYPOTHESIS_PROFILE": "dev"},
    )
    return done.stdout if capture else ""


def _clean_env() -> dict[str, str]:
    env = dict(os.environ)
    # The clone must not import anything from the working tree.
    env.pop("PYTHONPATH", None)
    return env


def report(
    repo: Path,
    game: str,
    commit: str,
    seconds: float,
    groups: dict[str, list[str]] | None = None,
) -> str:
    """The score and every mutant that was not killed, with its diff, as markdown."""
    listing = mutmut(repo, "results", "--all", "true", capture=True)
    statuses: dict[str, str] = {}
    for line in listing.splitlines():
        match = re.match(r"\s*(\S+): (.+)$", line)
        if match:
            statuses[match.group(1)] = match.group(2).strip()
    counts: dict[str, int] = {}
    for status in statuses.values():
        counts[status] = counts.get(status, 0) + 1
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tested = len(statuses) - counts.get("skipped", 0) - counts.get("not checked", 0)
    score = 100.0 * killed / tested if tested else 0.0
    lines = [
        f"# mutmut: domain/rulesets/{game}.py at {commit[:12]}",
        "",
        f"{killed} of {tested} mutants killed ({score:.1f}%) in {seconds / 60:.1f} min; "
        + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())),
        "",
    ]
    for group, names in (groups or {}).items():
        run = [statuses[n] for n in names if statuses.get(n) not in (None, "not checked")]
        dead = sum(1 for status in run if status in ("killed", "timeout"))
        share = 100.0 * dead / len(run) if run else 0.0
        lines += [f"- {group}: {dead} of {len(run)} killed ({share:.1f}%)"]
    if groups:
        lines.append("")
    unjudged = ("killed", "timeout", "not checked", "skipped")
    survivors = [n for n, s in sorted(statuses.items()) if s not in unjudged]
    diffs = _diffs(repo, survivors)
    for name in survivors:
        lines += [f"## {name} ({statuses[name]})", "", "```diff", diffs[name].strip(), "```", ""]
    return "\n".join(lines)


_GENERATE = """
import json, sys
from pathlib import Path
from mutmut.__main__ import create_mutants, store_lines_covered_by_tests
from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.mutation.trampoline import set_mutant_under_test
from mutmut.utils.file_utils import (
    copy_also_copy_files, copy_src_dir, setup_source_paths, walk_mutatable_files,
)
set_mutant_under_test("mutant_generation")
Path("mutants").mkdir(exist_ok=True)
copy_src_dir()
copy_also_copy_files()
setup_source_paths()
store_lines_covered_by_tests()
create_mutants(1)
diffs = {}
for path in walk_mutatable_files():
    data = SourceFileMutationData(path=path)
    data.load()
    for name in data.exit_code_by_key:
        diffs[name] = get_diff_for_mutant(name, path=data.path)
# mutmut prints the files it mutates to standard output: the diffs go to a file of their own.
Path(sys.argv[1]).write_text(json.dumps(diffs), encoding="utf-8")
"""


def generate(repo: Path) -> dict[str, str]:
    """Every mutant mutmut makes of the configured files, by name, with its diff (none run)."""
    out = repo / "mutmut-diffs.json"
    subprocess.run(
        [sys.executable, "-c", _GENERATE, str(out)], cwd=repo, check=True, env=_clean_env()
    )
    found: dict[str, str] = json.loads(out.read_text(encoding="utf-8"))
    return found


_COMPARISONS = {"<", "<=", ">", ">=", "==", "!="}


def _changed_tokens(diff: str) -> tuple[list[tokenize.TokenInfo], list[tokenize.TokenInfo]]:
    """The tokens of the lines a mutant removed and added, where they differ."""
    removed = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("-") and not line.startswith("---")
    ]
    added = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("+") and not line.startswith("+++")
    ]

    def tokens(lines: list[str]) -> list[tokenize.TokenInfo]:
        text = "\n".join(line.strip() for line in lines)
        try:
            return [
                t
                for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type in (tokenize.OP, tokenize.NUMBER, tokenize.NAME)
            ]
        except (tokenize.TokenError, IndentationError, SyntaxError):
            return []

    before, after = tokens(removed), tokens(added)
    head = 0
    while head < min(len(before), len(after)) and before[head].string == after[head].string:
        head += 1
    tail = 0
    while (
        tail < min(len(before), len(after)) - head
        and before[-1 - tail].string == after[-1 - tail].string
    ):
        tail += 1
    return before[head : len(before) - tail], after[head : len(after) - tail]


def is_threshold(diff: str) -> bool:
    """A mutant that moves a boundary: a comparison turned into another, or a number changed."""
    before, after = _changed_tokens(diff)
    changed = before + after
    if any(t.type == tokenize.NUMBER for t in changed):
        return True
    return any(t.string in _COMPARISONS for t in before) and any(
        t.string in _COMPARISONS for t in after
    )


def choose(diffs: dict[str, str], sample: int, seed: int) -> tuple[list[str], list[str]]:
    """Every threshold mutant, and a uniform random sample of ``sample`` of the others."""
    thresholds = sorted(n for n, d in diffs.items() if is_threshold(d))
    others = sorted(n for n in diffs if n not in set(thresholds))
    picked = sorted(random.Random(seed).sample(others, min(sample, len(others))))
    return thresholds, picked


def _diffs(repo: Path, names: list[str]) -> dict[str, str]:
    """Every named mutant's diff, from one process (``mutmut show`` starts one per mutant)."""
    script = (
        "import json, sys\n"
        "from mutmut.mutation.diff_apply import get_diff_for_mutant\n"
        "names = json.load(sys.stdin)\n"
        "json.dump({n: get_diff_for_mutant(n) for n in names}, sys.stdout)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=repo,
        input=json.dumps(names),
        capture_output=True,
        text=True,
        check=True,
        env=_clean_env(),
    )
    found: dict[str, str] = json.loads(done.stdout)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.mutation",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=GAMES, help="the ruleset module to mutate")
    parser.add_argument(
        "--tests",
        action="append",
        help="test files (globs) that judge the mutants; default tests/domain/test_GAME*.py",
    )
    parser.add_argument("--ref", default="HEAD", help="the commit to clone (default HEAD)")
    parser.add_argument("--max-children", type=int, default=1, help="mutmut workers (default 1)")
    parser.add_argument("--report", type=Path, help="write the markdown report here too")
    parser.add_argument("--keep", action="store_true", help="keep the clone (mutmut browse)")
    parser.add_argument(
        "--skip-wording",
        action="store_true",
        help="leave message lines unmutated (a line that starts with a string, a refusal)",
    )
    parser.add_argument(
        "--deselect",
        action="append",
        default=[],
        help="a test node id left out of the judging tests (repeatable)",
    )
    parser.add_argument(
        "--sample",
        type=int,
        help="run every threshold mutant (a comparison or a number changed) and this many of "
        "the others, drawn at random; without it every mutant runs",
    )
    parser.add_argument("--seed", type=int, default=15, help="the draw's seed (with --sample)")
    args = parser.parse_args(argv)
    tests = args.tests or [f"tests/domain/test_{args.game}*.py"]

    work = Path(tempfile.mkdtemp(prefix=f"zebra-mutation-{args.game}-"))
    repo = work / "zebra"
    try:
        commit = clone(repo, args.ref)
        if repo.resolve() == ROOT or ROOT in repo.resolve().parents:
            raise SystemExit("refusing to run mutmut inside the working tree")
        configure(
            repo, args.game, tests, skip_wording=args.skip_wording, deselect=tuple(args.deselect)
        )
        print(f"mutmut on domain/rulesets/{args.game}.py at {commit[:12]} in {repo}", flush=True)
        started = time.monotonic()
        names: list[str] = []
        groups: dict[str, list[str]] | None = None
        if args.sample is not None:
            diffs = generate(repo)
            thresholds, others = choose(diffs, args.sample, args.seed)
            names = thresholds + others
            groups = {
                f"threshold mutants (all {len(thresholds)})": thresholds,
                f"other mutants (a random {len(others)} of {len(diffs) - len(thresholds)}, "
                f"seed {args.seed})": others,
            }
            print(f"{len(diffs)} mutants; running {len(names)}", flush=True)
        # mutmut exits non-zero when mutants survive; the report below says which.
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mutmut",
                "run",
                "--max-children",
                str(args.max_children),
                *names,
            ],
            cwd=repo,
            env={**_clean_env(), "HYPOTHESIS_PROFILE": "dev"},
            check=False,
        )
        text = report(repo, args.game, commit, time.monotonic() - started, groups)
        print(text)
        if args.report:
            args.report.write_text(text, encoding="utf-8")
    finally:
        if args.keep:
            print(f"clone kept at {repo}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
