"""The moments a table must not miss (issue #27): a touchdown, a turnover, the end of a quarter,
of a half, of the game. No Kivy here: which moment an entry is, and the device's setting for
sound and vibration.

A moment is read from the rulings' kinds alone (domain/kinds.py, ``Kind.moment`` and
``Kind.period_end``), never from the words of a ruling: "no turnover" and "turnover check" are
kinds that are no turnover. The banner band (mobile.model.banner) already headlines an entry;
a moment is more: a card over the field for a few seconds, and, if the device is set so, a
tone and a buzz. Both are off by default: one tablet is shared by the whole table.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from companion.catalogue import Ruling, kind

MomentKind = Literal["touchdown", "turnover", "quarter", "half", "game"]

# Most important first: what the card headlines when one entry holds more than one moment (a
# touchdown on the last play of the half). The order is the banner band's (mobile.model.banner).
ORDER: tuple[MomentKind, ...] = ("touchdown", "game", "turnover", "half", "quarter")

HEADLINES: dict[MomentKind, str] = {
    "turnover": "TURNOVER!",
    "quarter": "END OF QUARTER",
    "half": "END OF HALF",
    "game": "FINAL",
}

# The tone each moment plays (mobile/data/, made by ``python -m mobile.tones``) and how long the
# device buzzes for it (milliseconds).
SOUNDS: dict[MomentKind, str] = {
    "touchdown": "touchdown.wav",
    "turnover": "turnover.wav",
    "quarter": "whistle.wav",
    "half": "whistle.wav",
    "game": "final.wav",
}
BUZZ_MS: dict[MomentKind, int] = {
    "touchdown": 400,
    "turnover": 250,
    "quarter": 120,
    "half": 120,
    "game": 600,
}

# The card's colour: the banner band's for the same moment (mobile.model.BANNER_COLOURS).
BANNER_KINDS: dict[str, str] = {
    "touchdown": "score",
    "turnover": "turnover",
    "game": "final",
    "quarter": "plain",
    "half": "plain",
}

# How long the card stays up unless a finger lands first (seconds).
MOMENT_SECONDS = 4.0

# The device's own settings file, in the app's user_data_dir.
SETTINGS_FILE = "tablet-settings.json"


@dataclass(frozen=True)
class Moment:
    """One moment of an entry: its kind, the team it is for (a touchdown's scorer), its
    headline as the card shows it."""

    kind: MomentKind
    team: str | None
    headline: str


def moment_kind(ruling: Ruling) -> MomentKind | None:
    """The moment one ruling is, from its kind's columns (domain/kinds.py ``Kind.moment``)."""
    meant = kind(ruling.kind)
    if meant.moment in ("touchdown", "turnover"):
        return meant.moment
    if meant.moment == "final":
        return "game"
    if meant.moment == "period_end" and meant.period_end in ("quarter", "half"):
        return meant.period_end
    return None


def moments_of(rulings: Sequence[Ruling], names: dict[str, str]) -> list[Moment]:
    """The moments of one entry's rulings, most important first, each kind once. The end of
    the game says the period's end too: FINAL alone, not also END OF QUARTER."""
    found: dict[MomentKind, Ruling] = {}
    for ruling in rulings:
        which = moment_kind(ruling)
        if which is not None and which not in found:
            found[which] = ruling
    if "game" in found:
        found.pop("half", None)
        found.pop("quarter", None)
    out = []
    for which in ORDER:
        if which not in found:
            continue
        ruling = found[which]
        if which == "touchdown":
            team = names.get(ruling.team or "", "")
            headline = f"TOUCHDOWN {team.upper()}!".replace("  ", " ")
        else:
            headline = HEADLINES[which]
        out.append(Moment(which, ruling.team, headline))
    return out


@dataclass(frozen=True)
class Settings:
    """What this device is set to do at a moment, besides the card: off unless turned on."""

    alerts: bool = False


def load_settings(folder: Path) -> Settings:
    """The device's settings from ``folder``; the defaults when there are none or they cannot
    be read (a damaged file never stops the app: the card still shows)."""
    try:
        raw = json.loads((folder / SETTINGS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    alerts = raw.get("alerts") if isinstance(raw, dict) else None
    return Settings(alerts=alerts is True)


def save_settings(folder: Path, settings: Settings) -> None:
    """Write the settings whole (a temporary file renamed over the old one)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / SETTINGS_FILE
    temporary = target.with_suffix(".tmp")
    temporary.write_text(json.dumps({"alerts": settings.alerts}), encoding="utf-8")
    os.replace(temporary, target)
