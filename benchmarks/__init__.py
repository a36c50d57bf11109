"""Benchmarks: Zebra against the bare eventsourcing library (issue 10). Not part of ``pytest``."""
