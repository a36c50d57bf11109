"""The Game aggregate: every entry from the table and every ruling, as immutable events.

The state of play is never stored: it is the ruleset folded over the effective (not struck)
entries. Commands check an entry against that fold before anything is recorded, so a refused
entry leaves no trace. ``Ruled`` events carry what the rules made of each entry, so projections
read rulings and never re-run a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import Aggregate, event

from domain import rulesets
from domain.ruleset import IllegalEntry, Ruleset, Ruling


@dataclass(frozen=True)
class Entry:
    """One fact as typed at the table, with who typed it and whether it still stands."""

    seq: int
    text: str
    by: str
    at: str
    struck: str | None = None


@dataclass(frozen=True)
class Derived:
    """What the rules made of one effective entry: the state after it and its rulings."""

    seq: int
    state: Any
    rulings: tuple[Ruling, ...]
    situation: dict[str, Any]


class Game(Aggregate):
    """One game at one table, refereed under one ruleset."""

    @classmethod
    def start(
        cls, ruleset: str, home: str, away: str, options: dict[str, str], by: str, at: str
    ) -> Game:
        """Set up a game; bad team names or options are refused before anything is recorded."""
        rules = rulesets.get(ruleset)
        home, away = _team_name(home, "home"), _team_name(away, "away")
        if home.lower() == away.lower():
            raise IllegalEntry(
                f"both teams are called {home!r}; give the two teams different names"
            )
        first = rules.initial(home, away, options)
        game = cls(ruleset=rules.name, home=home, away=away, options=dict(options), by=by, at=at)
        game._ruled(seq=0, rulings=[], situation=rules.situation(first))
        return game

    @event("Started")
    def __init__(
        self, ruleset: str, home: str, away: str, options: dict[str, str], by: str, at: str
    ) -> None:
        self.ruleset = ruleset
        self.home = home
        self.away = away
        self.options = dict(options)
        self.started_by = by
        self.started_at = at
        self.entries: list[Entry] = []
        self._folded: list[Derived] | None = None

    # Reading the fold -----------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset[Any]:
        return rulesets.get(self.ruleset)

    @property
    def effective(self) -> list[Entry]:
        """The entries that stand, in the order they were made."""
        return [e for e in self.entries if e.struck is None]

    @property
    def folded(self) -> list[Derived]:
        """The ruleset folded over the effective entries: the start, then one step per entry."""
        if self._folded is None:
            self._folded = self._fold(self.effective)
        return self._folded

    @property
    def state(self) -> Any:
        """The state of play now."""
        return self.folded[-1].state

    @property
    def situation(self) -> dict[str, Any]:
        return self.folded[-1].situation

    def _fold(self, entries: list[Entry]) -> list[Derived]:
        rules = self.rules
        state = rules.initial(self.home, self.away, self.options)
        steps = [Derived(0, state, (), rules.situation(state))]
        for entry in entries:
            state, rulings = rules.apply(state, entry.text)
            steps.append(Derived(entry.seq, state, tuple(rulings), rules.situation(state)))
        return steps

    # Commands -------------------------------------------------------------------------------

    def enter(self, text: str, by: str, at: str) -> Derived:
        """Record one entry and its rulings, or refuse it and record nothing."""
        rules = self.rules
        folded = self.folded
        state, rulings = rules.apply(folded[-1].state, text)
        seq = len(self.entries) + 1
        step = Derived(seq, state, tuple(rulings), rules.situation(state))
        self._entered(seq=seq, text=text.strip(), by=by, at=at)
        self._ruled(seq=seq, rulings=[r.to_dict() for r in rulings], situation=step.situation)
        folded.append(step)
        self._folded = folded
        return step

    def undo(self, reason: str, by: str, at: str) -> Entry:
        """Strike the last effective entry: a disputed call; it stays in the record."""
        standing = self.effective
        if not standing:
            raise IllegalEntry("nothing to undo: no entry has been made in this game yet")
        last = standing[-1]
        folded = self.folded
        self._struck(seq=last.seq, reason=reason.strip() or "undone", by=by, at=at)
        # Striking the last entry changes no later ruling, so the fold just loses its last step.
        self._folded = folded[:-1]
        return self.entries[last.seq - 1]

    # Events: these only change state, because they are re-run on every replay -----------------

    @event("Entered")
    def _entered(self, seq: int, text: str, by: str, at: str) -> None:
        self.entries.append(Entry(seq=seq, text=text, by=by, at=at))
        self._folded = None

    @event("Ruled")
    def _ruled(self, seq: int, rulings: list[dict[str, Any]], situation: dict[str, Any]) -> None:
        """Rulings are derived and re-derivable; they are stored for the projections to read."""

    @event("Struck")
    def _struck(self, seq: int, reason: str, by: str, at: str) -> None:
        old = self.entries[seq - 1]
        self.entries[seq - 1] = Entry(old.seq, old.text, old.by, old.at, struck=reason)
        self._folded = None


def _team_name(name: str, side: str) -> str:
    """A team's name as printed on the scoreboard: 1 to 30 visible characters."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise IllegalEntry(f"the {side} team needs a name")
    if len(cleaned) > 30:
        raise IllegalEntry(f"the {side} team's name is {len(cleaned)} characters; 30 at most")
    if any(not ch.isprintable() for ch in cleaned):
        raise IllegalEntry(f"the {side} team's name has a control character; type plain text")
    return cleaned
