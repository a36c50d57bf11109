"""Figures the safety tests report at the end of the run (writers, trials, fuzzed inputs)."""

from collections.abc import Callable

REPORTED: list[str | Callable[[], str]] = []
COUNTS: dict[str, int] = {}


def report(line: str | Callable[[], str]) -> None:
    """A line for the end of the run (a callable is read then, for running totals)."""
    REPORTED.append(line)


def count(door: str) -> None:
    """One more generated input at ``door``; the total is reported at the end of the run."""
    if door not in COUNTS:
        report(
            lambda: (
                f"fuzz: {COUNTS[door]} generated inputs at {door}: each accepted or refused "
                "in one line, nothing recorded when refused"
            )
        )
    COUNTS[door] = COUNTS.get(door, 0) + 1
