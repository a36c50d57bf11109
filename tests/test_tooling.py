"""The tools that judge a change are pinned and the pre-commit hooks run them (issue #28)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("pytest", "hypothesis", "ruff", "mypy")


def _test_requirements() -> list[str]:
    """The test extra's requirement lines, from pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return list(project["optional-dependencies"]["test"])


def test_every_judging_tool_is_pinned_to_one_version() -> None:
    pins = {}
    for line in _test_requirements():
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9][0-9A-Za-z.]*)", line)
        if m:
            pins[m.group(1)] = m.group(2)
    assert set(TOOLS) <= set(pins), f"not pinned with ==: {set(TOOLS) - set(pins)}"


def test_the_pre_commit_hooks_run_ruff_mypy_and_the_fast_tests_from_the_venv() -> None:
    text = (ROOT / ".pre-commit-config.yaml").read_text()
    entries = re.findall(r"^\s+entry: (.+)$", text, flags=re.M)
    assert any(e.startswith(".venv/bin/ruff check") for e in entries), entries
    assert any(e == ".venv/bin/mypy" for e in entries), entries
    assert any("pytest" in e and "tests/domain" in e for e in entries), entries


def test_ci_runs_ruff_with_the_size_rules_the_format_check_and_mypy() -> None:
    """Issue #28: the checks a change must pass are in .ci/run, in the README's command."""
    run = (ROOT / ".ci" / "run").read_text()
    command = next(line for line in run.splitlines() if "pytest" in line and "pip install" in line)
    for step in (".venv/bin/ruff check .", ".venv/bin/ruff format --check .", ".venv/bin/mypy"):
        assert step in command, command
    assert command.strip() in (ROOT / "README.md").read_text(), "README and .ci/run differ"
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["ruff"]["lint"]
    assert {"C901", "PLR0912", "PLR0913", "PLR0915"} <= set(lint["select"])
    assert lint["mccabe"]["max-complexity"] <= 12
    assert lint["pylint"]["max-branches"] <= 14 and lint["pylint"]["max-statements"] <= 50
