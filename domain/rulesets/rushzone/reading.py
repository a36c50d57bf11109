"""Reading NFL Rush Zone's values: the dice ("6 2 4 3 5 1", or faces by side) and the toss winner.

The forms that use them (``prompts``) declare the shorthands: "roll" for the colour, bare faces.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import kernel
from domain.entries import RollSpec, rolls
from domain.kernel import DEFENCE_WORDS, OFFENCE_WORDS
from domain.ruleset import SIDES, IllegalEntry, Side, Slot, other
from domain.rulesets.rushzone.state import RushZoneState


def side_labels(state: RushZoneState) -> dict[str, Side]:
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    if state.offense is not None:
        off = state.scorer if state.phase == "two_point" and state.scorer else state.offense
        for word in OFFENCE_WORDS:
            labels[word] = off
        for word in DEFENCE_WORDS:
            labels[word] = other(off)
    for side in SIDES:
        name = state.name(side).lower()
        if name.isalpha() and name not in _RESERVED:
            labels.setdefault(name, side)
    return labels


_RESERVED = {"green", "white", "roll", "toss", "go", "fg", "punt", "pat", "two", "receive", "kick"}


def looks_like_dice(token: str, state: RushZoneState) -> bool:
    return token[:1].isdigit() or token in side_labels(state)


def read_rolls(
    tokens: Sequence[str], slots: Sequence[Slot], state: RushZoneState
) -> dict[Side, tuple[int, ...]]:
    """The faces each side rolled, read against the dice form's slots (in order or by side)."""
    specs: list[RollSpec] = []
    for s in slots:
        assert s.side is not None and s.colour is not None
        if specs and specs[-1].side == s.side:
            specs[-1] = RollSpec(s.side, specs[-1].count + 1, s.colour)
        else:
            specs.append(RollSpec(s.side, 1, s.colour))
    names = {side: state.name(side) for side in SIDES}
    return rolls(tokens, specs, side_labels(state), names)


def toss_winner(state: RushZoneState, values: Sequence[str]) -> Side:
    """Deciding offense and defense: the one team named as the toss winner."""
    if len(values) != 1:
        raise IllegalEntry("enter the toss winner: toss home | toss away")
    return kernel.side_word(values[0], state)
