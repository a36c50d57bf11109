"""Each game's summary: the read model ``status``, ``games``, ``resume`` and the standings show.

A summary is what the screens show of a game without its play-by-play: teams, ruleset, score,
finished and winner, the status view (``zebra status --json``), the entries that stand and the
time of its latest recorded command. It is kept in the game's head row (companion.heads), its
status text apart from the row (companion.kept: a checkpoint and the steps after it), written in
the same transaction as the events it summarises, so a game and its summary are committed
together or not at all, and reading it applies no rule and reads no event.

A row is trusted only when it says what it summarises: the version and chain link of the head it
sits in, and a digest over its columns. A row written by a Zebra that kept no summaries (its head
moved on, the summary did not), altered, or damaged fails that, and the game is folded from its
events instead (and the row filled again where the store can be written).

This module holds no I/O and imports no storage library, so ``zebra status`` starts quickly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from companion.store import StoreError
from domain import deltas
from domain.rules_versions import BASELINE

# The tracking record of the summaries: every event up to ``position`` is reflected in the rows,
# and ``games`` games have a row (so a missing row is noticed by a listing).
TRACKING_NAME = "summaries"
# The key of the status text holding the rules versions the game's standing rulings were made
# under (domain.reruling): not part of the status view, so ``zebra status`` can tell a game
# ruled under other rules without reading its events.
RULED_UNDER = "ruled_under"


@dataclass(frozen=True)
class Summary:
    """One game as the screens show it, at one version of the game."""

    game_id: UUID
    version: int
    ruleset: str
    home: str
    away: str
    finished: bool
    winner: str | None
    score_home: int
    score_away: int
    entries: int
    last_at: str
    status: str
    status_hash: str
    # The game this one copies (domain.identity.is_copy), as its status says.
    copy_of: str | None = None
    # Why the game was set aside (domain.identity.left_out), as its status says; None: in play.
    set_aside: str | None = None
    # The change from the status before the command (domain.deltas, as JSON), and the hash of
    # that status: what is kept of the status when the row holds it (companion.heads.kept_as).
    step: str | None = None
    step_of: str | None = None

    @property
    def view(self) -> dict[str, Any]:
        """The status as ``zebra status --json`` prints it."""
        found: dict[str, Any] = json.loads(self.status)
        found.pop(RULED_UNDER, None)
        return found

    @property
    def ruled_under(self) -> list[int]:
        """The rules versions of the game's standing rulings (a row written before they were
        kept: the baseline, which every ruling stored then was made under)."""
        found = json.loads(self.status).get(RULED_UNDER) if self.status else None
        if not isinstance(found, list) or not all(isinstance(v, int) for v in found):
            return [BASELINE]
        return found


def kept_status(status: dict[str, Any], ruled_under: list[int] | None) -> dict[str, Any]:
    """What a summary keeps of a status view: the view, and the rules versions of the game's
    standing rulings."""
    return status if ruled_under is None else {**status, RULED_UNDER: sorted(ruled_under)}


def _text(kept: dict[str, Any]) -> str:
    # In the rules' own order: the screens show the clock's keys as they come.
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"))


def summary_of(
    status: dict[str, Any],
    last_at: str,
    ruled_under: list[int] | None = None,
    before: dict[str, Any] | None = None,
) -> Summary:
    """The summary of a game from its status view (``live_status`` or ``situation.view``), and
    the rules versions its standing rulings were made under; with ``before`` (what was kept of
    the status before the command), the step from it."""
    score = status.get("score") or {}
    kept = kept_status(status, ruled_under)
    text = _text(kept)
    step = None if before is None else _text(deltas.change(before, kept))
    return Summary(
        game_id=UUID(str(status["game_id"])),
        version=int(status["version"]),
        ruleset=str(status.get("ruleset") or ""),
        home=str(status.get("home") or ""),
        away=str(status.get("away") or ""),
        finished=bool(status.get("finished")),
        winner=status.get("winner") if isinstance(status.get("winner"), str) else None,
        score_home=int(score.get("home", 0)),
        score_away=int(score.get("away", 0)),
        entries=int(status.get("entries") or 0),
        last_at=last_at,
        status=text,
        status_hash=text_hash(text),
        copy_of=status.get("copy_of") if isinstance(status.get("copy_of"), str) else None,
        set_aside=status.get("set_aside") if isinstance(status.get("set_aside"), str) else None,
        step=step,
        step_of=None if before is None else text_hash(_text(before)),
    )


def status_text(rows: list[Any]) -> str | None:
    """A status kept apart (companion.heads), from its rows in order of version: a checkpoint
    (the whole text) and the steps after it, or None if they are not that (the row's hash then
    fails, and the game is folded from its events)."""
    if not rows or not rows[0]["whole"] or not all(isinstance(r["body"], str) for r in rows):
        return None
    if len(rows) == 1:
        text: str = rows[0]["body"]
        return text
    try:
        status = json.loads(rows[0]["body"])
        for row in rows[1:]:
            if row["whole"]:
                return None
            status = deltas.applied(status, json.loads(row["body"]))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    return _text(status)


def has_calendar(s: Summary) -> bool:
    """Whether a summary's status says the game's season and week: one written by a Zebra
    that kept no seasons does not, and is folded again from the game's events."""
    return bool(s.status) and "season" in s.view


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(game_key: str, head_version: int, link: str, s: Summary) -> str:
    """What a row's digest must be: over the head it sits in and every summary column but the
    status text, which its own hash stands for (a listing need not read it)."""
    parts = [
        game_key,
        head_version,
        link,
        s.version,
        s.ruleset,
        s.home,
        s.away,
        s.finished,
        s.winner,
        s.score_home,
        s.score_away,
        s.entries,
        s.last_at,
        s.status_hash,
    ]
    if s.copy_of is not None:
        # Only where there is one: a row written before copies existed keeps its digest.
        parts.append(s.copy_of)
    if s.set_aside is not None:
        # Likewise, and named, so a reason is never read as a copy's id.
        parts.append(["set_aside", s.set_aside])
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()[:40]


@dataclass(frozen=True)
class Row:
    """A head row as read: the head, and the summary it holds (None: none, or not trusted)."""

    game_id: UUID
    version: int
    link: str
    touched: int
    summary: Summary | None


def row_from(values: dict[str, Any], game_id: UUID, game_key: str) -> Row:
    """A row read from the store; its summary only if every column is what Zebra writes and the
    digest holds (else None: the game is folded from its events)."""
    found_version, found_link = values.get("version"), values.get("link")
    touched = values.get("touched")
    touched = touched if isinstance(touched, int) and not isinstance(touched, bool) else 0
    head_ok = isinstance(found_version, int) and isinstance(found_link, str)
    version = found_version if isinstance(found_version, int) else -1
    link = found_link if isinstance(found_link, str) else ""
    row = Row(game_id, version, link, touched, None)
    try:
        summary = Summary(
            game_id=game_id,
            version=_int(values["summary_version"]),
            ruleset=_str(values["ruleset"]),
            home=_str(values["home"]),
            away=_str(values["away"]),
            finished=bool(_int(values["finished"])),
            winner=None if values["winner"] is None else _str(values["winner"]),
            score_home=_int(values["score_home"]),
            score_away=_int(values["score_away"]),
            entries=_int(values["entries"]),
            last_at=_str(values["last_at"]),
            status=_str(values["status"]) if values.get("status") is not None else "",
            status_hash=_str(values["status_hash"]),
            copy_of=None if values.get("copy_of") is None else _str(values["copy_of"]),
            set_aside=None if values.get("set_aside") is None else _str(values["set_aside"]),
        )
    except (KeyError, TypeError, ValueError):
        return row
    if not head_ok or summary.version != version:
        return row
    if values.get("digest") != digest(game_key, version, link, summary):
        return row
    if summary.status and text_hash(summary.status) != summary.status_hash:
        return row
    if summary.status and not _status_of(summary.status, game_id, summary.version):
        return row
    return Row(game_id, version, link, touched, summary)


def _status_of(text: str, game_id: UUID, version: int) -> bool:
    """Whether a row's status text is the status view of this game at this version (a JSON
    object), as ``zebra status --json`` must print it."""
    try:
        status = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return (
        isinstance(status, dict)
        and status.get("game_id") == str(game_id)
        and status.get("version") == version
        and isinstance(status.get("score"), dict)
    )


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


class StillCatchingUp(StoreError):
    """Bringing the summaries up to the store's last event took longer than allowed."""
