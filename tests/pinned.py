"""The pinned behaviour of the five games: what the CLI shows for the examples and random games.

Issue #18 refactors the rulesets without changing what they do. This module plays a game
through the real aggregate (``domain.game.Game``) and renders what the CLI would print for it:

* ``status``: ``zebra status --json`` after the last entry (``projections.situation``);
* ``situations``: the situation after every entry, one JSON line each (what ``status --json``
  showed after that entry);
* ``log``: ``zebra log`` (the play-by-play, ``companion.views.log_lines``);
* ``history``: ``zebra history`` (every entry with its rulings, ``companion.views.history_lines``);
* ``rows``: ``zebra export -f jsonl`` (``projections.playrows``);
* ``report``: ``zebra export -f md`` (``projections.report``);
* ``ruled``: what was ruled, the facts only (issue #27): each entry's rulings without their
  sentences and the situation after it without its sentence (``domain.reruling``'s
  ``ruling_facts`` and ``SENTENCE_KEYS``, what a stored game is compared by). A change of
  wording changes the other parts and leaves this one; tests/domain/test_rules_versions.py
  holds each game's rules version to this part alone.

The game id (a random UUID) and the time stamps are constants, so the same entries
always render the same text. Random games are composed only from what the ruleset offers
(``expected(state).forms``), with the composer of tests/domain/test_invariants.py, from a
seeded ``random.Random``: the same seed always makes the same game.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion import views
from domain import rulesets
from domain.game import Game
from domain.reruling import SENTENCE_KEYS, ruling_facts
from projections import playbyplay, playrows, report
from projections import record as folding
from projections import situation as status_view
from tests.domain.test_invariants import draw_entry

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
FIXTURES = ROOT / "tests" / "fixtures" / "pinned"
RANDOM = FIXTURES / "random"

GAMES_PER_RULESET = 200
# Random games are cut after this many entries: a whole game is 150 to 400 entries, and the
# pin must stay cheap on a busy 2-core machine. A cut game still covers every phase the dice
# reached; the examples cover whole games to the final whistle.
MAX_ENTRIES = 100
AT = "2000-01-01T00:00:00+00:00"
BY = "pin"
GAME_ID = "00000000-0000-0000-0000-000000000000"
PARTS = ("status", "situations", "log", "history", "rows", "report", "ruled")
# A random game's history and report are made from the same rulings as its rows and log; the
# examples pin them in full, and leaving them out of the random games halves their cost.
RANDOM_PARTS = ("status", "situations", "log", "rows", "ruled")


@dataclass(frozen=True)
class Rendered:
    """What the CLI shows for one game, part by part (see the module docstring)."""

    entries: tuple[str, ...]
    parts: dict[str, str]

    def digests(self) -> dict[str, str]:
        """A short digest of the entries and of each part: enough to see any one change."""
        out = {"entries": digest("\n".join(self.entries))}
        out.update({name: digest(text) for name, text in self.parts.items()})
        return out


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def play(name: str, home: str, away: str, options: Mapping[str, str], entries: list[str]) -> Game:
    """A game recorded through the aggregate, as ``zebra import`` records a script."""
    game = Game.start(name, home, away, dict(options), BY, AT)
    for text in entries:
        game.enter(text, BY, AT)
    return game


def play_random(name: str, seed: int) -> Game:
    """Random game ``seed`` of ruleset ``name``: options and entries composed from what it offers.

    Each entry is composed from a form of ``expected(state)`` (the aggregate's prompt), as the
    tablet composes one from taps, until the final whistle or ``MAX_ENTRIES``.
    """
    rules = rulesets.get(name)
    rnd = random.Random(f"{name}:{seed}")
    options = {o.name: rnd.choice(o.choices) for o in rules.options}
    game = Game.start(name, "Bears", "Packers", options, BY, AT)
    for _ in range(MAX_ENTRIES):
        if game.situation["finished"]:
            break
        game.enter(draw_entry(rnd, rnd.choice(game.prompt.forms)), BY, AT)
    return game


def render(game: Game, parts: tuple[str, ...] = PARTS) -> Rendered:
    """The ``parts`` the pin compares, rendered from the game's events as the CLI renders them."""
    # The game id is a random UUID: every part (and the export's row digests) uses a fixed one.
    record = replace(folding.project(game.collect_events()), game_id=GAME_ID)
    situations = [
        json.dumps(line.situation, ensure_ascii=False) for line in record.lines if line.situation
    ]
    ruled = [json.dumps(ruled_facts(line), ensure_ascii=False) for line in record.lines]
    renderers = {
        "status": lambda: json.dumps(
            without_calendar(status_view.view(record)), ensure_ascii=False
        ),
        "situations": lambda: "\n".join(situations),
        "log": lambda: "\n".join(views.log_lines(playbyplay.view(record))),
        "history": lambda: "\n".join(views.history_lines(record)),
        "rows": lambda: playrows.to_jsonl(playrows.rows(record)),
        "report": lambda: report.markdown(record),
        "ruled": lambda: "\n".join(ruled),
    }
    texts = {part: renderers[part]() for part in parts}
    return Rendered(tuple(line.text for line in record.lines), texts)


def ruled_facts(line: folding.Line) -> dict[str, Any]:
    """What one entry ruled, the facts only: its rulings without their sentences and the
    situation after it without its sentences (what ``domain.reruling`` compares)."""
    after = line.situation
    return {
        "seq": line.seq,
        "rulings": [ruling_facts(r) for r in line.rulings],
        "situation": None
        if after is None
        else {k: v for k, v in after.items() if k not in SENTENCE_KEYS},
    }


def without_calendar(status: dict[str, Any]) -> dict[str, Any]:
    """The status without the league's season and week (issue #31): not the rules' output, and
    pinned by tests/companion/test_season.py and tests/domain/test_schedule.py instead; the pin
    was made before they existed. Drop this when the pin is next regenerated."""
    return {k: v for k, v in status.items() if k not in ("season", "week")}


def render_random(name: str, seed: int) -> Rendered:
    return render(play_random(name, seed), RANDOM_PARTS)


def render_example(path: Path) -> Rendered:
    """An example game as ``zebra import`` would record it."""
    from companion.scripts import parse_script

    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    # An example without @ruleset is named for its game, as tests/domain/test_examples.py reads it.
    name = script.ruleset or path.name.split("-", 1)[0]
    entries = [line for _, line in script.lines]
    return render(play(name, script.home or "Home", script.away or "Away", script.options, entries))


def example_paths() -> list[Path]:
    return sorted(EXAMPLES.glob("*.zebra"))


# The two large parts (a line per entry of JSON) are kept gzipped: a tenth of the size.
SUFFIX = {
    "status": "json",
    "situations": "jsonl.gz",
    "rows": "jsonl.gz",
    "report": "md",
    "ruled": "jsonl.gz",
}


def example_file(path: Path, part: str) -> Path:
    return FIXTURES / "examples" / f"{path.stem}.{part}.{SUFFIX.get(part, 'txt')}"


def read_text(file: Path) -> str:
    data = file.read_bytes()
    return (gzip.decompress(data) if file.suffix == ".gz" else data).decode("utf-8")


def write_text(file: Path, text: str) -> None:
    data = text.encode("utf-8")
    # mtime=0: the same text always makes the same bytes, so an unchanged fixture stays unchanged.
    file.write_bytes(gzip.compress(data, 9, mtime=0) if file.suffix == ".gz" else data)


def random_file(name: str) -> Path:
    return RANDOM / f"{name}.json"


def load_random(name: str) -> dict[str, Any]:
    """The pinned digests of ``name``'s random games, with the settings they were made with."""
    data: dict[str, Any] = json.loads(random_file(name).read_text(encoding="utf-8"))
    return data
