"""Masters of the Gridiron's prompts, one per phase: who acts next and the entries legal now."""

from __future__ import annotations

from domain import kernel
from domain.ruleset import EntryForm, Prompt, Slot
from domain.rulesets.gridironmasters.attempts import declaration, declare_text
from domain.rulesets.gridironmasters.copies import at_setup, deck_form, same_prompt
from domain.rulesets.gridironmasters.forms import (
    audible_form,
    card_forms,
    play_forms,
    player_forms,
)
from domain.rulesets.gridironmasters.state import GridironState, attempt_label


def call_prompt(state: GridironState) -> Prompt:
    """Scoring attempt: the offence plays 1 Offense card and 1 Touchdown or Field Goal card
    (a conversion: the top two Playbook cards, no Audibles)."""
    if state.asking is not None:
        return same_prompt(state)
    off = state.offense
    o = state.name(off)
    forms: list[EntryForm] = []
    if state.converting:
        head = (
            f"Two-point conversion, {o}: flip the top two Playbook cards, redraw "
            "non-plays, choose one; play an Offense card from hand (no Audibles)"
        )
    else:
        head = (
            f"{attempt_label(state)}: {o} on offence play 1 Offense card and 1 "
            "Touchdown or Field Goal card"
        )
        if state.player is None and state.play is None:
            head += " (first discard unwanted Audibles and redraw: discard <n>)"
            forms.append(
                EntryForm(
                    "discard",
                    f"{o} discard Audible cards and draw as many",
                    (Slot("Audibles discarded", "number", side=off, low=1, high=4),),
                )
            )
    if state.player is None:
        forms.extend(player_forms(state, off, "offense"))
    if state.play is None:
        forms.extend(play_forms())
    forms.extend(card_forms(state))
    if at_setup(state):
        forms.append(deck_form())
    return Prompt(off, head, tuple(forms))


def defense_prompt(state: GridironState) -> Prompt:
    """The offence declares; the defence plays 1 Defense card (a punt: discards one)."""
    if state.asking is not None:
        return same_prompt(state)
    off, dfn = state.offense, state.defence
    o, d = state.name(off), state.name(dfn)
    forms: list[EntryForm] = []
    if not state.converting:
        forms.append(audible_form(off, score=False))
    forms.extend(player_forms(state, dfn, "defense"))
    forms.extend(card_forms(state))
    what = (
        "discard a Defense card of their choice (enter it)"
        if declaration(state) == "punt"
        else "play 1 Defense card"
    )
    extra = "" if state.converting else f"; {o} may first play Audibles (audible <n>)"
    return Prompt(dfn, f"{o} declare: {declare_text(state)} {d} {what}{extra}", tuple(forms))


def defense_audibles_prompt(state: GridironState) -> Prompt:
    """Audible Cards: the defence may play Audibles, then the attempt is ruled."""
    dfn = state.defence
    return Prompt(
        dfn,
        f"{state.name(dfn)} may play Audible cards (audible <n> | audible score <margin> "
        "<td|fg>), then enter done to rule the attempt",
        (
            audible_form(dfn, score=False),
            audible_form(dfn, score=True),
            EntryForm("done", "no more Audibles: rule the scoring attempt"),
        ),
    )


def try_prompt(state: GridironState) -> Prompt:
    """Two-point conversion: after a touchdown, go for 2 or keep the 7."""
    assert state.scorer is not None
    s = state.name(state.scorer)
    return Prompt(
        state.scorer,
        f"Touchdown {s}! Go for 2 (two) or keep the 7 (decline)",
        (
            EntryForm("two", f"{s} go for 2: +1 if it succeeds, -1 if stopped"),
            EntryForm("decline", f"{s} keep the 7"),
        ),
    )


def final_prompt(state: GridironState) -> Prompt:
    """End of Game: nobody acts."""
    return Prompt("nobody", f"Final: {kernel.final_line(state)}")


PROMPTS = {
    "call": call_prompt,
    "defense": defense_prompt,
    "defense_audibles": defense_audibles_prompt,
    "try": try_prompt,
    kernel.FINAL: final_prompt,
}
