"""Zebra's application layer: the store, the referee service, the guided session and the CLI."""
