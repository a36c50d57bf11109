"""Playing entries through a ruleset exactly as a person types them, for the rule tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.scripts import parse_script
from domain import rulesets
from domain.ruleset import Ruling

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@dataclass
class Played:
    """A ruleset, the state reached, and every ruling made on the way."""

    ruleset: Any
    state: Any
    rulings: list[Ruling] = field(default_factory=list)
    last: list[Ruling] = field(default_factory=list)

    def enter(self, *texts: str) -> list[Ruling]:
        """Apply entries in order; returns the rulings of the last one."""
        for text in texts:
            self.state, self.last = self.ruleset.apply(self.state, text)
            self.rulings.extend(self.last)
        return self.last

    @property
    def situation(self) -> dict[str, Any]:
        return self.ruleset.situation(self.state)

    def kinds(self) -> list[str]:
        return [r.kind for r in self.last]


def new_game(name: str, home: str = "Bears", away: str = "Packers", **options: str) -> Played:
    rules = rulesets.get(name)
    return Played(rules, rules.initial(home, away, options))


def play_script(path: Path, name: str) -> Played:
    """Every entry of a script file applied through the ruleset."""
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    game = new_game(name, script.home or "Home", script.away or "Away", **script.options)
    for _, line in script.lines:
        game.enter(line)
    return game
