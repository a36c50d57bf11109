"""The contract every game's ruleset keeps, so the kernel, the CLI and the tablet serve all five.

A ruleset is pure: ``initial`` builds the state before the first entry, ``expected`` says who
must act next and which entries are legal, ``apply`` takes one entry as a person types it and
returns the next state with the rulings it produced, and ``situation`` is the public view.
An illegal entry raises ``IllegalEntry`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from domain.kinds import kind
from domain.periods import Division, Period

Side = Literal["home", "away"]
SIDES: tuple[Side, Side] = ("home", "away")


def other(side: Side) -> Side:
    """The team that is not ``side``."""
    return "away" if side == "home" else "home"


class IllegalEntry(ValueError):
    """An entry the rulebook does not allow now; the message is one line: what and what instead."""


@dataclass(frozen=True)
class Slot:
    """One value an entry form needs: a die face, a printed number, a word from a list, or
    free text (a player's name).

    ``labels`` (when given) are what a person reads for each of ``words``, in the same order:
    a roster card is entered by its number "12" and shown as "#12 Rodgers QB". For a ``text``
    slot, ``words`` are suggestions, not limits. A ``number`` slot with ``decimals`` takes that
    many digits after the point (a salary of 2.5 millions); ``low`` and ``high`` bound its whole
    part.
    """

    label: str
    kind: Literal["die", "number", "word", "text"] = "die"
    side: Side | None = None
    colour: str | None = None
    low: int = 1
    high: int = 6
    words: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    decimals: int = 0

    def holds(self, value: str | int) -> bool:
        """Whether ``value`` is one of this slot's words, a number in its range (with at most
        its decimals), or, for free text, any words on one line."""
        text = str(value)
        if self.kind == "word":
            return text in self.words
        if self.kind == "text":
            return bool(text.strip()) and "\n" not in text
        whole, point, frac = text.partition(".")
        if point and not (0 < len(frac) <= self.decimals and frac.isascii() and frac.isdigit()):
            return False
        body = whole[1:] if whole.startswith("-") else whole
        if not (body.isascii() and body.isdigit()):
            return False
        return self.low <= int(whole) <= self.high

    def canonical(self, value: str | int) -> str:
        """The value as a refused pattern names it: a number without leading zeros ("068" is 68)."""
        text = str(value)
        if self.kind in ("word", "text") or not self.holds(text) or "." in text:
            return text
        return str(int(text))


@dataclass(frozen=True)
class Extra:
    """An optional part of an entry form: values a person may add, or leave out.

    Its values go before the form's required value number ``at`` (None: after all of them),
    where the game's entry language reads them: a card's name comes before its position.
    """

    label: str
    slots: tuple[Slot, ...]
    at: int | None = None


Pattern = tuple[str | None, ...]


@dataclass(frozen=True)
class EntryForm:
    """A legal entry now: the keyword a person types, then one value for each slot in order,
    and any of the optional ``extras`` the person chooses to add.

    ``refused`` holds the value combinations the rules refuse although each value is in its
    slot's range (a card # already in the roster, a rating given twice): a pattern refuses every
    entry whose first values equal it, ``None`` matching any value. A form offers no entry that
    matches one, so whatever is composed from its offers is accepted.

    The form is also the grammar of its entry (``domain.grammar.match``): ``aliases`` are other
    first words that mean the keyword ("roll" for "white"); ``bare`` (when given) says whether a
    first word starts this form with the keyword left out ("6 2 4 3 5 1", "home 6 ..."), the
    word then being the first value; ``read`` turns the values after the keyword into the typed
    value the handler is given (a side, the faces by side), refusing what it cannot read. A form
    with no slots and no ``read`` takes nothing after its keyword.
    """

    keyword: str
    help: str
    slots: tuple[Slot, ...] = ()
    refused: tuple[Pattern, ...] = ()
    extras: tuple[Extra, ...] = ()
    aliases: tuple[str, ...] = ()
    bare: Callable[[str], bool] | None = field(default=None, compare=False, repr=False)
    read: Callable[[Sequence[str]], Any] | None = field(default=None, compare=False, repr=False)

    def offers(self, earlier: Sequence[str | int], value: str | int) -> bool:
        """Whether ``value`` may fill the slot after the ``earlier`` values."""
        at = len(earlier)
        if at >= len(self.slots) or not self.slots[at].holds(value):
            return False
        chosen = tuple(s.canonical(v) for s, v in zip(self.slots, (*earlier, value), strict=False))
        return not any(_matches(p, chosen) for p in self.refused)

    def choices(self, earlier: Sequence[str | int]) -> tuple[str, ...]:
        """Every value the slot after the ``earlier`` values offers, as it is typed (free text
        offers its suggestions)."""
        if len(earlier) >= len(self.slots):
            return ()
        slot = self.slots[len(earlier)]
        every = slot.words if slot.kind in ("word", "text") else range(slot.low, slot.high + 1)
        return tuple(str(v) for v in every if self.offers(earlier, v))

    @property
    def syntax(self) -> str:
        """The form as shown to a person, e.g. ``green <Bears> <Packers>``; optional parts in
        brackets, e.g. ``draft <position> [<name>]``."""
        parts = [f"<{s.label}>" for s in self.slots]
        for extra in reversed(self.extras):
            at = len(self.slots) if extra.at is None else extra.at
            parts.insert(at, "[" + " ".join(f"<{s.label}>" for s in extra.slots) + "]")
        return " ".join([self.keyword, *parts]).strip()

    def compose(
        self, values: list[str | int], extras: Mapping[int, list[str | int]] | None = None
    ) -> str:
        """The entry text for these slot values, as a person would type it; ``extras`` maps
        the index of each optional part added to its values."""
        if len(values) != len(self.slots):
            raise IllegalEntry(f"{self.keyword} needs {len(self.slots)} values, got {len(values)}")
        before: dict[int, list[str]] = {}
        for index, given in sorted((extras or {}).items()):
            extra = self.extras[index]
            if len(given) != len(extra.slots):
                raise IllegalEntry(
                    f"{extra.label} needs {len(extra.slots)} values, got {len(given)}"
                )
            at = len(self.slots) if extra.at is None else extra.at
            before.setdefault(at, []).extend(str(v) for v in given)
        words = [self.keyword]
        for i in range(len(self.slots) + 1):
            words += before.get(i, [])
            if i < len(values):
                words.append(str(values[i]))
        return " ".join(w for w in words if w).strip()


def _matches(pattern: Pattern, values: tuple[str, ...]) -> bool:
    """``values`` are the whole of ``pattern``, ``None`` matching any value."""
    return len(pattern) == len(values) and all(
        p is None or p == v for p, v in zip(pattern, values, strict=True)
    )


@dataclass(frozen=True)
class Prompt:
    """Who must act next, what they physically do, and the entries legal now."""

    actor: str
    text: str
    forms: tuple[EntryForm, ...] = ()

    @property
    def legal(self) -> list[str]:
        """The legal entry forms as a person reads them."""
        return [f.syntax for f in self.forms]


@dataclass(frozen=True)
class Ruling:
    """What the rulebook makes of an entry: a tag, a sentence, and the facts projections need."""

    kind: str
    text: str
    team: Side | None = None
    points: int = 0
    yards: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # One vocabulary (domain/kinds.py): a ruleset cannot make up a kind the exports do not know.
        kind(self.kind)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for storing in an event."""
        d = asdict(self)
        d["data"] = dict(self.data)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Ruling:
        """The ruling stored by ``to_dict``."""
        return cls(**{**d, "data": dict(d.get("data") or {})})


@dataclass(frozen=True)
class GameOption:
    """A choice agreed at set-up (a variant or optional rule) with its allowed values."""

    name: str
    help: str
    choices: tuple[str, ...]
    default: str


SITUATION_KEYS = (
    "ruleset",
    "home",
    "away",
    "score",
    "score_by_quarter",
    "quarter",
    "period",
    "overtime",
    "converting",
    "possession",
    "down",
    "distance",
    "ball_on",
    "clock",
    "timeouts",
    "next",
    "finished",
    "winner",
)
# The keys the situation gained after games were first stored (issue #16's period keys, Third and
# Long's pending score of issue #26): a situation recorded before has none of them, and their
# absence there is no difference.
LATER_SITUATION_KEYS = ("period", "overtime", "converting", "score_pending")


def situation(  # noqa: PLR0913 (one keyword per key of status --json)
    *,
    ruleset: str,
    home: str,
    away: str,
    score: Mapping[Side, int],
    score_by_quarter: list[Mapping[Side, int]],
    quarter: int,
    period: Period,
    possession: Side | None,
    down: int | None,
    distance: int | None,
    ball_on: int | None,
    clock: Mapping[str, Any],
    timeouts: Mapping[Side, int] | None,
    next: str,
    finished: bool,
    winner: Side | None,
    converting: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """The public view every ruleset fills: the keys of ``zebra status --json``, then extras.

    ``period`` is the ruleset's ``division.period(quarter)``; ``converting`` says a try (an
    extra point or a two-point conversion) is under way, so its entries belong to the drive
    that scored.
    """
    view: dict[str, Any] = {
        "ruleset": ruleset,
        "home": home,
        "away": away,
        "score": {"home": score["home"], "away": score["away"]},
        "score_by_quarter": [{"home": q["home"], "away": q["away"]} for q in score_by_quarter],
        "quarter": quarter,
        "period": period.to_dict(),
        "overtime": period.overtime,
        "converting": converting,
        "possession": possession,
        "down": down,
        "distance": distance,
        "ball_on": ball_on,
        "clock": dict(clock),
        "timeouts": None
        if timeouts is None
        else {"home": timeouts["home"], "away": timeouts["away"]},
        "next": next,
        "finished": finished,
        "winner": winner,
    }
    view.update(extra)
    return view


S = TypeVar("S")


class Ruleset(Protocol[S]):
    """What the kernel asks of a game's rules. Implementations hold no state of their own."""

    name: str
    title: str
    # The version of these rules, stored with every ruling they make (domain.rules_versions).
    version: int
    options: tuple[GameOption, ...]
    # How the game is divided in time (quarters, halves, Masters of the Gridiron's slots).
    division: Division

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> S:
        """The state before the first entry; bad options raise ``IllegalEntry``."""
        ...

    def expected(self, state: S) -> Prompt:
        """Who must act next, what they do at the table, and the legal entry forms."""
        ...

    def apply(self, state: S, text: str) -> tuple[S, list[Ruling]]:
        """One entry as typed; returns the next state and its rulings or raises ``IllegalEntry``."""
        ...

    def situation(self, state: S) -> dict[str, Any]:
        """The public view, built with ``domain.ruleset.situation``."""
        ...

    def form(self, state: S, text: str) -> EntryForm | None:
        """The form of ``expected(state)`` that ``text`` matches, however it was typed (its
        keyword left out, aliased or its values labelled); None when it matches none. Whose
        slot each value fills is read from this form (``domain.sides``)."""
        ...


def resolve_options(specs: tuple[GameOption, ...], given: Mapping[str, str]) -> dict[str, str]:
    """The agreed options with defaults filled in; an unknown name or value is refused."""
    by_name = {o.name: o for o in specs}
    resolved = {o.name: o.default for o in specs}
    for name, value in given.items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise IllegalEntry(f"unknown game option {name!r}; this game's options: {known}")
        if value not in spec.choices:
            raise IllegalEntry(
                f"option {name} cannot be {value!r}; expected one of: {', '.join(spec.choices)}"
            )
        resolved[name] = value
    return resolved
