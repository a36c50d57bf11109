"""Shared test set-up: bounded hypothesis profiles so the suite time stays predictable."""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=40, deadline=2000, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=20, deadline=2000)
settings.register_profile(
    "long", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def own_device_state(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Each test is a device of its own: no current game remembered from another test."""
    state = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    monkeypatch.delenv("ZEBRA_GAME", raising=False)
    return state


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # type: ignore[no-untyped-def]
    """Print the figures the storage safety tests measured, so CI logs carry them."""
    from tests.figures import REPORTED

    if REPORTED:
        terminalreporter.section("Zebra safety figures")
        for line in REPORTED:
            terminalreporter.write_line(line() if callable(line) else line)
