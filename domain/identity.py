"""What makes two records one game, and whether a record is a copy (issue #26).

A game played once at a table is one record, however many times its exports are imported. Two
records are the same game when their digests are equal: the digest is over the ruleset, the
options it was started with (``disputes`` aside: it says who settles a call, not what happened),
the two team names, and the texts of the entries that stand, in play order, as stored. Who typed
them and when is left out: an entries or jsonl export does not carry it, and the same game
imported twice must still be the same game. docs/exports.md ("One game, one record") says so
for the table.

A record imported on purpose as a second record of a game already stored (``--copy``) carries
the id of that game (``copy_of``) and never counts where games are counted: ``is_copy`` is the
one predicate the standings, the listings and the exports ask.

A game the table abandoned can be set aside (issue #27, ``Game.SetAside``): it keeps its record,
and is left out where games are counted and listed as a copy is, until it is brought back.
``left_out`` is the one predicate for both.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

# Options that say how the table settles calls, not what was played.
PROCEDURE_OPTIONS = frozenset({"disputes"})


def game_digest(
    ruleset: str,
    options: Mapping[str, str],
    home: str,
    away: str,
    texts: Iterable[str],
) -> str:
    """The fingerprint of one game: ruleset, options, teams and the standing entries' texts."""
    kept = {str(k): str(v) for k, v in options.items() if k not in PROCEDURE_OPTIONS}
    parts = [
        ruleset,
        sorted(kept.items()),
        home,
        away,
        # As stored, spacing aside: the same entry typed "green 4  2" is "green 4 2".
        [" ".join(text.split()) for text in texts],
    ]
    raw = json.dumps(parts, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class _Entry(Protocol):
    @property
    def text(self) -> str: ...


class Identified(Protocol):
    """A game as the aggregate holds it or as its record folds it."""

    @property
    def ruleset(self) -> str: ...
    @property
    def options(self) -> dict[str, str]: ...
    @property
    def home(self) -> str: ...
    @property
    def away(self) -> str: ...
    @property
    def effective(self) -> Sequence[_Entry]: ...


def digest_of(game: Identified) -> str:
    """The digest of a game held in memory or folded from the store (``game_digest``)."""
    texts = [entry.text for entry in game.effective]
    return game_digest(game.ruleset, game.options, game.home, game.away, texts)


class Copyable(Protocol):
    """Anything that knows which stored game it copies (a record, a summary, a result)."""

    @property
    def copy_of(self) -> str | None: ...


def is_copy(game: Copyable) -> bool:
    """Whether this record is a marked copy of another game: never counted in standings."""
    return bool(game.copy_of)


class Countable(Copyable, Protocol):
    """Anything that knows whether its game is a copy and whether it was set aside."""

    @property
    def set_aside(self) -> str | None: ...


def is_set_aside(game: Countable) -> bool:
    """Whether the table set this game aside (abandoned, issue #27) and did not bring it back."""
    return game.set_aside is not None


def left_out(game: Countable) -> bool:
    """Whether a game is left out where games are counted (the standings, a season's export):
    a marked copy, or a game set aside."""
    return is_copy(game) or is_set_aside(game)


def copy_marked(
    status: dict[str, Any], copy_of: str | None, set_aside: str | None = None
) -> dict[str, Any]:
    """A status view with ``copy_of`` when the game is a copy and ``set_aside`` (the reason)
    when it is set aside; any other status as it was (the status of every game stored before
    copies or set-asides existed stays what it was)."""
    marked = {**status, "copy_of": copy_of} if copy_of else status
    return {**marked, "set_aside": set_aside} if set_aside is not None else marked
