"""Corrections as a table asks for them, shared by the Game aggregate and the projections."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from domain.ruleset import IllegalEntry


def command_digest(kind: str, *parts: Any, by: str) -> str:
    """A short fingerprint of one command as given, to tell a repeat from a new command."""
    raw = json.dumps([kind, *parts, by], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


class GameMovedOn(IllegalEntry):
    """The game changed since the version the person saw; nothing of theirs was recorded."""


class AlreadyRecorded(IllegalEntry):
    """The very same command, from the very same version, is recorded already (a double tap)."""


@dataclass(frozen=True)
class Proposal:
    """A correction as asked for: strike, restore or amend entry ``seq``, insert after it, or
    revert correction ``target`` (whose first entry is ``seq``)."""

    kind: str
    seq: int
    text: str = ""
    reason: str = ""
    strike_invalid: bool = False
    cascade: bool = False
    target: str = ""


def describe(p: Proposal) -> str:
    """A correction in words, for prompts and the record."""
    if p.kind == "insert":
        return f"insert {p.text!r} after entry {p.seq}"
    if p.kind == "amend":
        return f"amend entry {p.seq} to {p.text!r}"
    if p.kind == "revert":
        return f"revert correction {p.target}"
    if p.kind == "rerule":
        return "rerule the game under the installed rules"
    if p.kind == "restore" and p.cascade:
        return f"restore entry {p.seq} and the entries struck with it"
    return f"{p.kind} entry {p.seq}"


NAMED_AT_MOST = 3
"""A refused correction names this many of the later entries it leaves, then counts the rest."""


def no_longer_fit(orphans: list[tuple[int, str, str]]) -> str:
    """The one line refusing a correction that would leave later entries (seq, text, why) that
    no longer fit: the first ``NAMED_AT_MOST`` named, the rest counted (docs/corrections.md)."""
    named = [f"entry {seq} {text!r}: {why}" for seq, text, why in orphans[:NAMED_AT_MOST]]
    if len(orphans) > NAMED_AT_MOST:
        named.append(f"and {len(orphans) - NAMED_AT_MOST} more")
    count = len(orphans)
    return (
        f"the correction would leave {count} later entr{'y' if count == 1 else 'ies'} that no "
        f"longer fit ({'; '.join(named)}); use --strike-invalid to strike them too"
    )


DISPUTES = ("referee", "agree")
