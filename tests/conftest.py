"""Shared test set-up: bounded hypothesis profiles so the suite time stays predictable."""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# A per-example deadline that holds on a busy 2-core machine. Measured with two other test runs
# and a mutation run sharing the two cores (load average 5 to 9): examples that play part of a
# game (corrections, exports, the service replay) took at most 1.5 s, a whole random Red Zone
# game up to 5.6 s, where the old 2 s deadline failed it. Tests that draw whole games set
# deadline=None themselves (a game's length is the dice's); everything else stays far inside.
DEADLINE_MS = 10_000

settings.register_profile(
    "ci",
    max_examples=40,
    deadline=DEADLINE_MS,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "dev", max_examples=20, deadline=DEADLINE_MS, suppress_health_check=[HealthCheck.too_slow]
)
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
