"""Reading the fold of a game: its standing entries, the rules folded over them, checkpoints.

``Fold`` is the read side of the ``Game`` aggregate (domain/game.py), a mixin of it: the state
of play is never stored, it is the ruleset folded over the effective entries in play order,
kept incrementally (the standing entries and the fold's last steps are extended by each new
entry) and started from the latest stored checkpoint that holds. Nothing here records an event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from domain import kernel, rulesets, snapshots
from domain.corrections import Proposal
from domain.reruling import Disagreement, StoredStep, differences
from domain.rules_versions import BASELINE
from domain.ruleset import IllegalEntry, Prompt, Ruleset, Ruling
from domain.sides import Sides, of_entry
from domain.timeline import Derived, Entry, entry_of, fold_on, in_play_order

if TYPE_CHECKING:
    from uuid import UUID


@dataclass
class Checkpoint:
    """The fold's state after ``place`` standing entries (the last one ``seq``), as stored."""

    place: int
    seq: int
    stored: Any
    rulings: tuple[Ruling, ...]
    state: Any = None
    decoded: bool = False
    # The version of the rules that made the state: another version's is never folded on from.
    rules: int = BASELINE


class Fold:
    """The game's fold, read: what the ``Game`` aggregate's commands check against."""

    # What the aggregate holds (set by ``domain.game.Game.__init__``), as the fold reads it.
    ruleset: str
    home: str
    away: str
    options: dict[str, str]
    entries: dict[int, Entry]
    order: list[int]
    checkpoint_every: ClassVar[int]
    # The fold, kept incrementally: the standing entries in play order (None: to be listed
    # again after a correction), the fold's steps from fold index ``_base`` on (None: not
    # folded yet), and the stored checkpoints that still hold, by fold index.
    _standing: list[Entry] | None
    _struck_n: int | None
    _steps: list[Derived] | None
    _base: int
    _checkpoints: dict[int, Checkpoint]
    _prompt: tuple[Any, Prompt] | None
    # Entries stored without whole sides (Zebra 0.2 and earlier): the standing entries before
    # each when it was recorded, and the sides read from them once asked.
    _recorded_before: dict[int, tuple[list[Entry], int]]
    _recovered: dict[int, Sides]
    # Each entry's latest stored step (0: the opening), with the rules version that made it:
    # what the record shows, to compare with what the installed rules make.
    _stored: dict[int, StoredStep]
    _agreement: tuple[int, Disagreement | None] | None

    if TYPE_CHECKING:
        # The aggregate's own (eventsourcing.domain.Aggregate).
        @property
        def id(self) -> UUID: ...

        @property
        def version(self) -> int: ...

    @property
    def rules(self) -> Ruleset[Any]:
        return rulesets.get(self.ruleset)

    @property
    def names(self) -> dict[str, str]:
        return {"home": self.home, "away": self.away}

    @property
    def in_order(self) -> list[Entry]:
        """Every entry ever made, in play order (an inserted entry stands where it was put)."""
        return in_play_order(self.entries, self.order)

    @property
    def effective(self) -> list[Entry]:
        """The entries that stand, in play order (a copy: the game keeps its own list)."""
        return list(self._standing_list())

    @property
    def standing(self) -> int:
        """How many entries stand (kept, not counted)."""
        return len(self._standing_list())

    @property
    def struck_count(self) -> int:
        """Entries struck (a withdrawn insertion is not a struck entry: it never counted)."""
        if self._struck_n is None:
            self._struck_n = sum(
                1 for e in self.entries.values() if e.struck is not None and not e.withdrawn
            )
        return self._struck_n

    def _standing_list(self) -> list[Entry]:
        if self._standing is None:
            self._standing = [e for e in self.in_order if e.stands]
        return self._standing

    @property
    def folded(self) -> list[Derived]:
        """The ruleset folded over the effective entries: the start, then one step per entry.

        A full fold from the opening, for tests and tools; commands read the kept steps only
        (``_last``, ``_step_at``), which start at the latest checkpoint.
        """
        self._last()
        assert self._steps is not None
        if self._base == 0:
            return list(self._steps)
        head = self._fold_on([self._opening()], self._standing_list()[: self._base])
        return [*head[:-1], *self._steps]

    @property
    def state(self) -> Any:
        """The state of play now."""
        return self._last().state

    @property
    def situation(self) -> dict[str, Any]:
        return self._last().situation

    @property
    def prompt(self) -> Prompt:
        """What the table is asked now (computed once per state)."""
        state = self.state
        if self._prompt is None or self._prompt[0] is not state:
            self._prompt = (state, kernel.asked(self.rules, state))
        return self._prompt[1]

    def refolded(self) -> list[Derived]:
        """The rules run from the opening over every standing entry, ignoring checkpoints."""
        return self._fold_on([self._opening()], self._standing_list())

    def checkpoints_hold(self, steps: list[Derived]) -> bool:
        """Whether every stored checkpoint is the state (and rulings) of that step of ``steps``,
        a fold from the opening (``refolded``): a checkpoint the rules do not make is refused."""
        for place, point in self._checkpoints.items():
            if point.rules != self.rules.version:
                continue  # made under other rules, and never folded on from (``_start_at``)
            if place >= len(steps) or steps[place].seq != point.seq:
                return False
            try:
                state = snapshots.decode(self.rules, point.stored)
            except snapshots.NotAState:
                return False
            if state != steps[place].state or point.rulings != steps[place].rulings:
                return False
        return True

    def prompt_before(self, seq: int) -> Prompt:
        """What the table was asked just before entry ``seq``, which must stand."""
        for place, entry in enumerate(self._standing_list()):
            if entry.seq == seq:
                return kernel.asked(self.rules, self._step_at(place).state)
        raise IllegalEntry(f"entry {seq} does not stand; only a standing entry can be corrected")

    def disagreement(self) -> Disagreement | None:
        """The entries the installed rules would rule otherwise than the record shows, when a
        standing entry was ruled under another version of them; None when they agree.

        Only a game ruled under another version is run again from the opening: the version is
        bumped whenever a ruling can change (tests/domain/test_rules_versions.py)."""
        if self._agreement is not None and self._agreement[0] == self.version:
            return self._agreement[1]
        rules = self.rules
        standing = self._standing_list()
        under = self.ruled_under
        found = None
        if under != [rules.version]:
            diffs, shown = differences(
                rules,
                self._opening().state,
                self._stored[0],
                [(e.seq, e.text) for e in standing],
                self._stored,
            )
            if diffs:
                older = tuple(v for v in under if v != rules.version)
                found = Disagreement(
                    str(self.id), rules.title, older, rules.version, tuple(diffs), shown
                )
        self._agreement = (self.version, found)
        return found

    @property
    def ruled_under(self) -> list[int]:
        """The rules versions the stored rulings of the opening and each standing entry were
        made under, in order."""
        made = {self._stored[e.seq].rules for e in self._standing_list()}
        return sorted(made | {self._stored[0].rules})

    def _as_shown(self, proposal: Proposal | None = None) -> None:
        """Refuse to record against a game whose record the installed rules would rule
        otherwise: what it shows and what judges the next entry never differ silently. Only a
        rerule (which adopts the installed rules) is taken."""
        if proposal is not None and proposal.kind == "rerule":
            return
        found = self.disagreement()
        if found is not None:
            raise IllegalEntry(found.line)

    def entry(self, seq: int) -> Entry:
        """Entry number ``seq``; an unknown number is refused with the range that exists."""
        return entry_of(self.entries, seq)

    def _opening(self) -> Derived:
        rules = self.rules
        return Derived(
            0, rules.initial(self.home, self.away, self.options), (), None, rules.situation
        )

    def _last(self) -> Derived:
        """The fold's last step, folded on from the kept steps (or the latest checkpoint)."""
        standing = self._standing_list()
        if self._steps is None:
            self._base, first = self._start_at(len(standing))
            self._steps = [first]
        done = self._base + len(self._steps) - 1
        if done < len(standing):
            self._steps = self._fold_on(self._steps, standing[done:])
        return self._steps[-1]

    def _step_at(self, place: int) -> Derived:
        """The fold's step after ``place`` standing entries, from the nearest kept step."""
        steps = self._steps
        if steps is not None and self._base <= place < self._base + len(steps):
            return steps[place - self._base]
        if steps is not None and self._base <= place:
            return self._fold_on(
                [steps[-1]], self._standing_list()[self._base + len(steps) - 1 : place]
            )[-1]
        base, first = self._start_at(place)
        return self._fold_on([first], self._standing_list()[base:place])[-1]

    def _start_at(self, place: int) -> tuple[int, Derived]:
        """The latest checkpoint at or before fold index ``place`` (else the opening)."""
        standing = self._standing_list()
        for at in sorted((p for p in self._checkpoints if p <= place), reverse=True):
            point = self._checkpoints[at]
            if at > len(standing) or standing[at - 1].seq != point.seq:
                # Not a step of this fold (an event stream Zebra did not write): not used.
                continue
            if point.rules != self.rules.version:
                # A state other rules made: these rules fold from the opening (or an own one).
                continue
            if not point.decoded:
                try:
                    point.state = snapshots.decode(self.rules, point.stored)
                except snapshots.NotAState:
                    # The chain vouches for what Zebra wrote; anything else is not started from.
                    continue
                point.decoded = True
            return at, Derived(point.seq, point.state, point.rulings, None, self.rules.situation)
        return 0, self._opening()

    def _fold_on(self, steps: list[Derived], entries: list[Entry]) -> list[Derived]:
        # A record ruled under other rules, which took an entry these refuse: the game is named
        # (``disagreement``) and nothing is recorded until a rerule; the fold passes over it.
        version = self.rules.version
        return fold_on(self.rules, steps, entries, lambda: self.ruled_under != [version])

    def sides_of(self, seq: int) -> Sides | None:
        """Entry ``seq``'s sides as recorded: stored with it, or for an entry Zebra 0.2 stored
        without them, read from the game as it stood when the entry was recorded."""
        entry = self.entry(seq)
        return self._recovered_sides([entry]).get(seq, entry.sides)

    def _recovered_sides(self, later: list[Entry]) -> dict[int, Sides]:
        """The sides of entries stored without them (Zebra 0.1) or without the form they
        matched (an entry typed without its keyword in Zebra 0.2), as they were when recorded.

        Each such entry kept the standing entries before it at the moment it was recorded
        (``_recorded_before``): the rules folded over those give the prompt the table was
        answering then, so its sides are those it had, never guessed from the game as it is now
        (a correction since may have given its place to the other team).
        """
        legacy = [
            e
            for e in later
            if e.stands
            and e.seq in self._recorded_before
            and (e.sides is None or not e.sides.recorded_whole)
        ]
        found: dict[int, Sides] = {}
        # By the list an entry's standing entries were kept in: the fold over it from the
        # opening, so the entries recorded between two corrections share one fold.
        folds: dict[int, list[Derived]] = {}
        for entry in legacy:
            known = self._recovered.get(entry.seq)
            if known is None:
                before, count = self._recorded_before[entry.seq]
                fold = folds.setdefault(id(before), [self._opening()])
                try:
                    if len(fold) <= count:
                        more = self._fold_on(fold[-1:], list(before[len(fold) - 1 : count]))
                        fold.extend(more[1:])
                    known = of_entry(self.rules, fold[count].state, entry.text)
                except IllegalEntry:
                    # These rules no longer accept what was entered then: its sides cannot be
                    # read again, and the entry is not held to any.
                    continue
                self._recovered[entry.seq] = known
            found[entry.seq] = known
        return found

    def _checkpoint_of(self, place: int, step: Derived) -> dict[str, Any] | None:
        """The checkpoint a step stores: at every ``checkpoint_every``-th standing entry."""
        if place == 0 or place % self.checkpoint_every:
            return None
        return {"place": place, "state": snapshots.encode(self.rules, step.state)}

    def _made(self, place: int, step: Derived) -> None:
        """After a step was recorded: a checkpoint made with it starts the kept steps."""
        point = self._checkpoints.get(place)
        if point is None or point.seq != step.seq:
            return
        # Made here: the state is at hand, not decoded again while the game goes on.
        point.state, point.decoded, point.rulings = step.state, True, step.rulings
        steps = self._steps
        if steps is not None and self._base <= place < self._base + len(steps):
            self._steps = steps[place - self._base :]
            self._base = place

    def _forget_from(self, seq: int) -> None:
        """Drop the fold's steps and checkpoints from entry ``seq``'s place in play order on."""
        at = self.order.index(seq) if seq in self.entries else len(self.order)
        # The fold index of the last step the change leaves as it was.
        cut = sum(1 for s in self.order[:at] if self.entries[s].stands)
        if self._steps is not None:
            if cut < self._base:
                self._steps = None
            else:
                del self._steps[cut - self._base + 1 :]
        self._checkpoints = {p: c for p, c in self._checkpoints.items() if p <= cut}
        self._standing = None
        self._struck_n = None
