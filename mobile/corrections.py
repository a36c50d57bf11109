"""Placing a correction in the log: the entry the service inserts after."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def insert_after(plays: Sequence[Any], seq: int) -> int:
    """The entry the service inserts after, to place a new entry just before entry ``seq``."""
    order = [p.seq for p in plays]
    at = order.index(seq)
    return order[at - 1] if at else 0
