"""Corrections as a table asks for them, shared by the Game aggregate and the projections."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Proposal:
    """A correction as asked for: strike, restore or amend entry ``seq``, or insert after it."""

    kind: str
    seq: int
    text: str = ""
    reason: str = ""
    strike_invalid: bool = False


def describe(p: Proposal) -> str:
    """A correction in words, for prompts and the record."""
    if p.kind == "insert":
        return f"insert {p.text!r} after entry {p.seq}"
    if p.kind == "amend":
        return f"amend entry {p.seq} to {p.text!r}"
    return f"{p.kind} entry {p.seq}"


DISPUTES = ("referee", "agree")
