"""Entry forms offered in more than one phase: the slots, the entries legal between plays
(time-outs, refreshing a hand, Special Play cards) and the substitution entries.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.ruleset import SIDES, EntryForm, Side, Slot
from domain.rulesets.redzone.state import POSITIONS, RedZoneState
from domain.rulesets.redzone.substitutions import bench_players, may_replace, vacancies


def word_slot(label: str, choices: Sequence[str]) -> Slot:
    """A slot filled by one of ``choices``."""
    return Slot(label, "word", words=tuple(choices))


def number_slot(label: str, low: int, high: int) -> Slot:
    """A slot filled by a whole number from ``low`` to ``high``."""
    return Slot(label, "number", low=low, high=high)


def team_slot() -> Slot:
    """A slot naming either team."""
    return word_slot("team", SIDES)


def between_play_forms(state: RedZoneState) -> list[EntryForm]:
    """Time (time-outs, three a half; refreshing a hand) and Special Play Cards between plays."""
    forms: list[EntryForm] = []
    can_timeout = tuple(s for s in SIDES if state.coach(s).timeouts > 0)
    if can_timeout and not state.is_try:
        forms.append(
            EntryForm(
                "timeout",
                "a time-out: 5 cards added to each Time Deck not empty",
                (word_slot("team", can_timeout),),
            )
        )
    for side in SIDES:
        c = state.coach(side)
        if c.refresh:
            forms.append(
                EntryForm(
                    "refresh",
                    "discard some cards and draw to seven from the Draw Deck",
                    (word_slot("team", (side,)), number_slot("discarded", 0, c.hand)),
                )
            )
    forms.append(
        EntryForm(
            "special",
            "a Special Play card played between plays",
            (team_slot(), word_slot("card", ("card",)), word_slot("effect", ("none",))),
        )
    )
    forms.append(
        EntryForm(
            "special",
            "a Special Play card: cards drawn or points",
            (
                team_slot(),
                word_slot("card", ("card",)),
                word_slot("effect", ("cards", "score")),
                number_slot("number", 0, 7),
            ),
        )
    )
    return forms


def discard_form(state: RedZoneState, side: Side) -> EntryForm:
    """Injuries: a player card seen going onto a coach's discard pile (of the chosen team or
    not, in team play)."""
    slots = [word_slot("team", (side,)), word_slot("position", POSITIONS)]
    if state.opt("draft") == "team":
        slots.append(word_slot("of", ("ours", "other")))
    return EntryForm(
        "discard", "a player card put on the discard pile, then its name", tuple(slots)
    )


def substitution_forms(state: RedZoneState) -> list[EntryForm]:
    """Injuries (a vacant place filled from the hand) and Situational Substitutions (a drafted
    back-up comes in before a play)."""
    forms: list[EntryForm] = []
    for side in SIDES:
        forms.append(discard_form(state, side))
        c = state.coach(side)
        vacant = vacancies(c)
        if vacant:
            forms.append(
                EntryForm(
                    "fill",
                    "an eligible player drawn into the hand fills a vacant place",
                    (word_slot("team", (side,)), word_slot("place", vacant)),
                )
            )
        if state.opt("substitutions") != "yes" or state.is_try:
            continue
        for pid in bench_players(c):
            outs = may_replace(c, pid)
            if outs:
                forms.append(
                    EntryForm(
                        "bench",
                        "Situational Substitutions: a drafted back-up comes in",
                        (
                            word_slot("team", (side,)),
                            word_slot("in", (pid,)),
                            word_slot("out", outs),
                        ),
                    )
                )
    return forms
