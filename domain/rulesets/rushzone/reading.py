"""Reading NFL Rush Zone's dice entries: "white 6 2 4 3 5 1", bare faces, or faces by side."""

from __future__ import annotations

from collections.abc import Sequence

from domain.entries import RollSpec, rolls
from domain.kernel import DEFENCE_WORDS, OFFENCE_WORDS
from domain.ruleset import SIDES, EntryForm, Side, other
from domain.rulesets.rushzone.state import DICE_COLOUR, DICE_PHASES, RushZoneState


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
    tokens: Sequence[str], form: EntryForm, state: RushZoneState
) -> dict[Side, tuple[int, ...]]:
    specs: list[RollSpec] = []
    for s in form.slots:
        assert s.side is not None and s.colour is not None
        if specs and specs[-1].side == s.side:
            specs[-1] = RollSpec(s.side, specs[-1].count + 1, s.colour)
        else:
            specs.append(RollSpec(s.side, 1, s.colour))
    names = {side: state.name(side) for side in SIDES}
    return rolls(tokens, specs, side_labels(state), names)


def read_keyword(state: RushZoneState, tokens: list[str]) -> tuple[str, list[str]]:
    """Dice may be entered with their colour, with "roll", or bare ("6 2 4 3 5 1", "home 6...")."""
    keyword, rest = tokens[0], tokens[1:]
    if state.phase not in DICE_PHASES:
        return keyword, rest
    colour = DICE_COLOUR[state.phase]
    if keyword == "roll":
        return colour, rest
    if keyword != colour and looks_like_dice(keyword, state):
        return colour, tokens
    return keyword, rest
