"""Whose entry it is: the side resolved for an entry when it was made, kept with it for good.

A person types "white 6 2 4 3 5 1" positionally: offence first, then defence. Which team that
is depends on the situation shown at the time. Zebra resolves it once, from the prompt the
table was answering, and stores it with the entry, so that re-deriving a game after a
correction may change what an entry means on the field but never which team it belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.ruleset import SIDES, EntryForm, Prompt, Ruleset, Side


@dataclass(frozen=True)
class Sides:
    """The side that acted, and the side each value of the entry belongs to (None: nobody's).

    ``form`` is the keyword of the entry form the entry matched ("" for none); None for an
    entry recorded before the matched form was kept (Zebra 0.2 and earlier), whose slots may
    be missing and are recovered from the game as it stood when it was recorded.
    """

    actor: Side | None
    slots: tuple[Side | None, ...] = ()
    form: str | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The plain form stored in an event."""
        return {"actor": self.actor, "slots": list(self.slots), "form": self.form}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None) -> Sides | None:
        """The sides stored by ``to_dict``; None for entries recorded before sides were kept."""
        if not d:
            return None
        form = d.get("form")
        return cls(
            _side(d.get("actor")),
            tuple(_side(s) for s in d.get("slots") or ()),
            form if isinstance(form, str) else None,
        )

    @property
    def recorded_whole(self) -> bool:
        """Whether these sides were stored with the form they matched, or with slot sides: an
        entry stored by Zebra 0.2 without a keyword kept neither (its sides are recovered)."""
        return self.form is not None or bool(self.slots)

    @property
    def owners(self) -> tuple[Side, ...]:
        """The teams whose values the entry holds, in the order they come (each once)."""
        return tuple(dict.fromkeys(s for s in self.slots if s is not None))

    def same_team(self, other: Sides) -> bool:
        """Whether ``other`` gives the entry to the same teams: the same actor, and the same
        owners of its values in the same order (forms of one keyword differ only in arity)."""
        return self.actor == other.actor and self.owners == other.owners

    def describe(self, names: Mapping[str, str]) -> str:
        """Whose entry this is in words, e.g. "Bears, then Packers" or "Bears"."""
        owners: list[str] = []
        for side in (*self.slots, self.actor):
            if side is not None and names.get(side, side) not in owners:
                owners.append(names.get(side, side))
        return ", then ".join(owners) if owners else "either team"


def _side(value: Any) -> Side | None:
    return value if value in SIDES else None


def actor_side(prompt: Prompt) -> Side | None:
    """The team a prompt asks to act ("home", "away offence coach"); None for both or nobody."""
    first = prompt.actor.split(" ", 1)[0] if prompt.actor else ""
    return _side(first)


def resolve(prompt: Prompt, form: EntryForm | None) -> Sides:
    """The sides of an entry that matched ``form`` of ``prompt``: who acts and whose each
    value is, as the form's slots say."""
    slots = tuple(slot.side for slot in form.slots) if form is not None else ()
    return Sides(actor_side(prompt), slots, form.keyword if form is not None else "")


def of_entry(rules: Ruleset[Any], state: Any, text: str) -> Sides:
    """The sides of ``text`` entered at ``state``: from the form it matches, whatever way it
    was typed (keyword, shorthand, labelled or aliased), never from its first word."""
    # The kernel on first use: the views read labelled sides on paths that load no rules.
    from domain import kernel

    return resolve(kernel.asked(rules, state), rules.form(state, text))


def labelled(text: str, sides: Sides | None, names: Mapping[str, str]) -> str:
    """The entry with its values labelled by team, e.g. "white Bears 6 1 2 / Packers 6 6 3".

    Positional values are grouped by the side of their slot; an entry whose values cannot be
    matched to its slots one by one is shown with the acting team instead.
    """
    if sides is None:
        return text
    keyword, _, rest = text.strip().partition(" ")
    values = rest.replace("-", " ").replace("/", " ").split()
    if values and all(v.isdigit() for v in values) and len("".join(values)) == len(sides.slots):
        values = list("".join(values))
    owned = [s for s in sides.slots if s is not None]
    if sides.slots and owned and len(values) == len(sides.slots):
        groups: list[tuple[Side | None, list[str]]] = []
        for side, value in zip(sides.slots, values, strict=True):
            if groups and groups[-1][0] == side:
                groups[-1][1].append(value)
            else:
                groups.append((side, [value]))
        parts = [
            " ".join([names.get(side, side)] if side else []) + (" " if side else "") + " ".join(v)
            for side, v in groups
        ]
        return f"{keyword} {' / '.join(parts)}"
    if sides.actor is not None:
        return f"{text.strip()} ({names.get(sides.actor, sides.actor)})"
    return text.strip()


def sides_dict(sides: Sides | None) -> dict[str, Any] | None:
    """The sides as an event stores them (None: recorded without sides)."""
    return None if sides is None else sides.to_dict()
