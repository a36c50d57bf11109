"""The moment card on the table screen (issue #27), for the entries this tablet makes and for
those another screen made (the CLI, another tablet, a browser pad).

An entry recorded elsewhere reaches the tablet when it next reads the game (its poll saw the
game move on, or its own entry was refused because another came first); the entries it had not
seen before then get their card, as its own would. Which entries it has seen is noted per game
from the record the first time the game is shown: opening a game puts up no card for what was
played before, and no entry's card is shown twice.

The app's own state (its Kivy properties, the device's setting) stays on the app; this mixin
holds what the card does with it. No rule is known here: mobile.moments reads the rulings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from uuid import UUID

from kivy.clock import Clock

from domain.ruleset import Ruling
from mobile import device, moments

HERE = Path(__file__).resolve().parent


def rulings_of(lines: Iterable[Any]) -> list[Ruling]:
    """The rulings of record lines (projections.record.Line) as the rules made them."""
    return [
        Ruling(str(r["kind"]), str(r.get("text", "")), team=r.get("team"))
        for line in lines
        for r in line.rulings
    ]


class MomentCard:
    """For ZebraApp: the card, its tone and buzz, and the entries the card has accounted for."""

    # The app's (Kivy properties and fields set in its __init__).
    moment_headline: Any
    moment_more: Any
    moment_kind: Any
    alerts_on: Any
    moment_seconds: float
    requested: list[tuple[str, str | int]]
    referee: Any
    _moment_clock: Any
    # The game shown and the seqs of its entries whose moments are accounted for; None until
    # the game's record is first read after it is opened.
    _moments_seen: tuple[str, frozenset[int]] | None = None

    def forget_moments(self) -> None:
        """A game is opened: what it holds already is no news."""
        self._moments_seen = None

    def note_entry(self, gid: UUID, seq: int | None) -> None:
        """An entry this tablet made (its card is put up by the answer): never news again."""
        seen = self._moments_seen
        if seq is not None and seen is not None and seen[0] == str(gid):
            self._moments_seen = (seen[0], seen[1] | {seq})

    def news_of(self, gid: UUID) -> list[Ruling]:
        """The rulings of the standing entries of the game not seen before (on the worker),
        and from now on they are seen. The first read of a game after it is opened is none."""
        record = self.referee.record(gid)
        seqs = frozenset(line.seq for line in record.lines)
        seen = self._moments_seen
        self._moments_seen = (str(gid), seqs | (seen[1] if seen else frozenset()))
        if seen is None or seen[0] != str(gid):
            return []
        return rulings_of(line for line in record.lines if line.seq not in seen[1] and line.stands)

    def announce(self, found: list[moments.Moment]) -> None:
        """The card for an entry's moments (none: no card), and the tone and buzz if set."""
        if not found:
            self.hide_moment()
            return
        first = found[0]
        self.moment_headline = first.headline
        self.moment_more = "  ·  ".join(m.headline for m in found[1:])
        self.moment_kind = first.kind
        if self._moment_clock is not None:
            self._moment_clock.cancel()
        if math.isfinite(self.moment_seconds):
            self._moment_clock = Clock.schedule_once(self.hide_moment, self.moment_seconds)
        if self.alerts_on:
            sound = moments.SOUNDS[first.kind]
            self.requested.append(("sound", sound))
            device.play_sound(HERE / "data" / sound)
            buzz = moments.BUZZ_MS[first.kind]
            self.requested.append(("vibrate", buzz))
            device.vibrate(buzz)

    def hide_moment(self, *_: Any) -> None:
        if self._moment_clock is not None:
            self._moment_clock.cancel()
            self._moment_clock = None
        self.moment_headline = self.moment_more = self.moment_kind = ""
