"""What the table is asked around kicks: kickoffs, onside kicks, returns, punts, field goals
and the try after a touchdown.
"""

from __future__ import annotations

from domain import field as yards
from domain.ruleset import EntryForm, Prompt, Side, other
from domain.rulesets.redzone.forms import between_play_forms, number_slot, word_slot
from domain.rulesets.redzone.state import (
    COLOURS,
    KICKOFF_LINE,
    SAFETY_KICK_LINE,
    TWO_POINT_LINE,
    RedZoneState,
    ball_spot,
    deck_in_use,
    kicking_team,
    offence_side,
    scoring_team,
)
from domain.words import possessive


def _flip_text(state: RedZoneState, side: Side, what: str) -> str:
    """ "Bears flip the top Time Deck card: enter the K number" (the Draw Deck once empty)."""
    return f"{state.name(side)} flip the top {deck_in_use(state, side)} card: enter the {what}"


def prompt_kickoff(state: RedZoneState) -> Prompt:
    """The Kickoff (from the 30) or an Onside Kick; the between-play entries stay open."""
    k = kicking_team(state)
    return Prompt(
        k,
        f"{state.name(k)} kick off from their {KICKOFF_LINE}: kick or onside",
        (
            EntryForm("kick", "a normal kickoff: the kicker flips for K"),
            EntryForm("onside", "an onside kick"),
            *between_play_forms(state),
        ),
    )


def prompt_safety_kick(state: RedZoneState) -> Prompt:
    """Punting after a Safety: kick off or punt from the 20."""
    k = kicking_team(state)
    return Prompt(
        k,
        f"{state.name(k)} gave up a safety: kick off or punt from their {SAFETY_KICK_LINE}",
        (
            EntryForm("kick", "kick off from the 20"),
            EntryForm("punt", "punt from the 20, 15 yards added"),
        ),
    )


def prompt_kick(state: RedZoneState) -> Prompt:
    """The Kickoff: the kicker flips for K (EZ: through the end zone)."""
    k = kicking_team(state)
    return Prompt(
        k,
        _flip_text(state, k, "K number or EZ"),
        (
            EntryForm("k", "kick distance", (number_slot("K", 0, 99),)),
            EntryForm("k", "kicked through the end zone", (word_slot("K", ("ez",)),)),
        ),
    )


def prompt_kick_return(state: RedZoneState) -> Prompt:
    """The Kickoff: the receivers flip for KR; a kick into their end zone may be downed."""
    r = other(kicking_team(state))
    kr = EntryForm("kr", "return yards", (number_slot("KR", 0, 99),))
    if yards.is_safety(state.play.landing):
        return Prompt(
            r,
            f"The kick is in {possessive(state.name(r))} end zone: down it for a touchback, or "
            "flip the "
            f"top {deck_in_use(state, r)} card and enter the KR number",
            (EntryForm("down", "down the kick in the end zone: touchback at the 20"), kr),
        )
    return Prompt(r, _flip_text(state, r, "KR number"), (kr,))


def prompt_onside_lg(state: RedZoneState) -> Prompt:
    """Onside Kicks: the receivers flip LG; its ones digit + 10 is the kick."""
    r = other(kicking_team(state))
    return Prompt(
        r,
        f"Onside kick: {_flip_text(state, r, 'LG number')}",
        (
            EntryForm(
                "lg",
                "Long Gain number (its ones digit + 10 is the kick)",
                (number_slot("LG", 0, 99),),
            ),
        ),
    )


def prompt_onside_k(state: RedZoneState) -> Prompt:
    """Onside Kicks: the receivers' K number (EZ counts as the longest kick)."""
    r = other(kicking_team(state))
    return Prompt(
        r,
        f"Onside recovery: {_flip_text(state, r, 'K number')}",
        (
            EntryForm("k", "K number", (number_slot("K", 0, 99),)),
            EntryForm("k", "EZ under K", (word_slot("K", ("ez",)),)),
        ),
    )


def prompt_onside_p(state: RedZoneState) -> Prompt:
    """Onside Kicks: the kicking team's P against the receivers' K."""
    k = kicking_team(state)
    return Prompt(
        k,
        f"Onside recovery: {_flip_text(state, k, 'P number')}",
        (EntryForm("p", "P number", (number_slot("P", 0, 99),)),),
    )


def prompt_punt(state: RedZoneState) -> Prompt:
    """Punts: the punter flips for P (a free kick after a safety cannot be blocked)."""
    off = offence_side(state)
    forms = [EntryForm("p", "punt distance", (number_slot("P", 0, 99),))]
    if not state.play.safety_punt:
        forms.append(EntryForm("p", "blocked", (word_slot("P", ("blocked",)),)))
    return Prompt(off, f"Punt: {_flip_text(state, off, 'P number')}", tuple(forms))


def prompt_coffin_colour(state: RedZoneState) -> Prompt:
    """Coffin Corner Kicks (optional): the punter flips the Draw Deck for a Player colour."""
    off = offence_side(state)
    return Prompt(
        off,
        f"Coffin corner: {state.name(off)} flip from the Draw Deck: enter the Player colour",
        (EntryForm("colour", "Player section colour", (word_slot("colour", COLOURS),)),),
    )


def prompt_punt_choice(state: RedZoneState) -> Prompt:
    """Punts: the receiver takes a fair catch or returns it."""
    dfn = other(offence_side(state))
    return Prompt(
        dfn,
        f"{state.name(dfn)} fair catch or return the punt",
        (EntryForm("fair", "fair catch"), EntryForm("return", "return: flip for PR")),
    )


def prompt_field_goal(state: RedZoneState) -> Prompt:
    """Field Goals: the kicker flips for FG against the distance (line of scrimmage + 17)."""
    off = offence_side(state)
    need = yards.field_goal_distance(ball_spot(state))
    return Prompt(
        off,
        f"Field goal, {need} yards: {_flip_text(state, off, 'FG number')}",
        (
            EntryForm("fg", "FG number", (number_slot("FG", 0, 99),)),
            EntryForm("fg", "55* or blocked", (word_slot("FG", ("55*", "blocked")),)),
        ),
    )


def prompt_try(state: RedZoneState) -> Prompt:
    """Extra Points / Two Point Conversion: kick, or run a play from the 3."""
    s = scoring_team(state)
    return Prompt(
        s,
        f"Touchdown {state.name(s)}: kick the extra point or go for two from the {TWO_POINT_LINE}",
        (
            EntryForm("kick", "extra point: flip for FG, good unless 55*"),
            EntryForm("two", "run a play from the 3"),
        ),
    )


def prompt_extra_point(state: RedZoneState) -> Prompt:
    """Extra Points: the kicker flips; good unless the FG section shows 55*."""
    s = scoring_team(state)
    return Prompt(
        s,
        f"Extra point: {_flip_text(state, s, 'FG result')}",
        (
            EntryForm("fg", "FG number", (number_slot("FG", 0, 99),)),
            EntryForm("fg", "55* (missed) or blocked", (word_slot("FG", ("55*", "blocked")),)),
        ),
    )
