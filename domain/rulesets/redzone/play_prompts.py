"""What the table is asked during a play from scrimmage: the calls, the Execution Color Check,
the Play Results Chart, Skill Checks, Long Gains, the penalty choice and loose balls.
"""

from __future__ import annotations

from domain import field as yards
from domain.ruleset import SIDES, EntryForm, Prompt, Side, other
from domain.rulesets.redzone.forms import (
    between_play_forms,
    number_slot,
    substitution_forms,
    team_slot,
    word_slot,
)
from domain.rulesets.redzone.lineups import allowed_places, defenders
from domain.rulesets.redzone.scrimmage import reverse_to_tight_end
from domain.rulesets.redzone.state import (
    CHECK_WORDS,
    COLOURS,
    DEFENCES,
    FUMBLE_FIELDS,
    KNOWN_PASS_NUMBERS,
    OPEN_PASS_NUMBERS,
    PASS_CODES,
    PASSES,
    RUN_CODES,
    RUN_DEFENCES,
    RUNS,
    SKILL_NUMBERS,
    SKILL_WORDS,
    TARGETS,
    YARDS_HIGH,
    YARDS_LOW,
    RedZoneState,
    deck_in_use,
    offence_side,
)
from domain.rulesets.redzone.views import down_line, outcome_text
from domain.words import possessive


def _teams(state: RedZoneState) -> tuple[Side, Side]:
    """The offence and the defence of the play in progress."""
    off = offence_side(state)
    return off, other(off)


def _play_calls(state: RedZoneState) -> list[EntryForm]:
    """Calling Plays: a run or a pass to a player (a Reverse never to the Tight End when the TE
    only helps outside runs), or, except on a try, a punt, a coffin-corner punt in the scoring
    half, or a field goal."""
    reverse_to = tuple(t for t in TARGETS if not reverse_to_tight_end(state, t))
    runs = RUNS if reverse_to == TARGETS else tuple(r for r in RUNS if r != "reverse")
    calls = [
        EntryForm(
            "call",
            "a running play to a player",
            (word_slot("play", runs), word_slot("to", TARGETS)),
        ),
        EntryForm(
            "call",
            "a pass whose number the rulebook gives",
            (word_slot("play", tuple(KNOWN_PASS_NUMBERS)), word_slot("to", TARGETS)),
        ),
        EntryForm(
            "call",
            "a pass, then its Passing Play Number from the chart",
            (
                word_slot("play", tuple(p for p in PASSES if p not in KNOWN_PASS_NUMBERS)),
                word_slot("to", TARGETS),
                word_slot("number", OPEN_PASS_NUMBERS),
            ),
        ),
    ]
    if runs != RUNS:
        calls.insert(
            1,
            EntryForm(
                "call",
                "a Reverse, never to the Tight End",
                (word_slot("play", ("reverse",)), word_slot("to", reverse_to)),
            ),
        )
    if not state.is_try:
        calls.append(EntryForm("punt", "punt: the punter flips for P"))
        if state.ball_on is not None and state.ball_on <= yards.MIDFIELD:
            calls.append(
                EntryForm(
                    "coffin",
                    "coffin-corner punt: yards taken off",
                    (number_slot("yards", 5, 25),),
                )
            )
        calls.append(EntryForm("fieldgoal", "field goal attempt: the kicker flips for FG"))
    return calls


def prompt_call(state: RedZoneState) -> Prompt:
    """Calling Plays: the offence calls a play; between plays the time-outs, hands, Special
    Play cards, line-up swaps, delay of game and substitutions."""
    off, _ = _teams(state)
    forms = [*_play_calls(state), *between_play_forms(state)]
    forms.append(
        EntryForm(
            "swap",
            "offence swaps its left and right pair",
            (word_slot("unit", ("rb", "wr", "ol")),),
        )
    )
    forms.append(
        EntryForm(
            "noplays",
            "the offence drew for the play and has no plays: delay of game",
            (word_slot("team", (off,)),),
        )
    )
    forms += substitution_forms(state)
    return Prompt(off, f"{down_line(state)}. {state.name(off)} call a play", tuple(forms))


def prompt_defend(state: RedZoneState) -> Prompt:
    """Calling Plays / Double Teaming: the defence calls its play and may line a defender up
    elsewhere first."""
    off, dfn = _teams(state)
    on_field = defenders(state.coach(dfn))
    forms = [
        EntryForm("defend", "the defensive play", (word_slot("play", DEFENCES),)),
        EntryForm(
            "align",
            "line a defender up on the left or right, opposite his usual man",
            (word_slot("defender", on_field), word_slot("side", ("left", "right"))),
        ),
        *(
            EntryForm(
                "align",
                f"line {pid} up opposite a player the optional rules allow",
                (word_slot("defender", (pid,)), word_slot("place", extra)),
            )
            for pid in on_field
            if (extra := allowed_places(state, pid)[2:])
        ),
        EntryForm(
            "noplays", "the defence has no plays: delay of game", (word_slot("team", (dfn,)),)
        ),
    ]
    play = state.play
    text = (
        f"{state.name(off)} called {play.call} ({play.target.upper()}). "
        f"{state.name(dfn)} call the defence"
    )
    return Prompt(dfn, text, tuple(forms))


def prompt_check(state: RedZoneState) -> Prompt:
    """Execution Color Check: each coach flips; OR/OP for the offence, RD/PD for the defence."""
    off, dfn = _teams(state)
    n, play = state.name, state.play
    text = (
        f"Execution colour check: {n(off)} flip the top {deck_in_use(state, off)} card, "
        f"{n(dfn)} the top {deck_in_use(state, dfn)} card. Enter "
        f"{'OR' if play.kind == 'run' else 'OP'} for {n(off)}, then "
        f"{'RD' if play.defence in RUN_DEFENCES else 'PD'} for {n(dfn)} "
        "(a colour, penN for a penalty, faddN)"
    )
    form = EntryForm(
        "flip",
        "offence then defence",
        (word_slot(n(off), CHECK_WORDS), word_slot(n(dfn), CHECK_WORDS)),
    )
    return Prompt("both", text, (form,))


def prompt_redraw(state: RedZoneState) -> Prompt:
    """Penalties / FADD: flip the Draw Deck until a colour."""
    s = state.play.redraw[0]
    return Prompt(
        s,
        f"{state.name(s)} flip from the Draw Deck until a colour: enter it (and how many cards)",
        (
            EntryForm("draw", "the colour found", (word_slot("colour", COLOURS),)),
            EntryForm(
                "draw",
                "the colour found and the cards flipped",
                (word_slot("colour", COLOURS), number_slot("cards", 1, 9)),
            ),
        ),
    )


def prompt_result(state: RedZoneState) -> Prompt:
    """Red Zone Charts: the Play Results Chart's yards or code, or a Special Play card."""
    play = state.play
    o, d = play.colours
    codes = RUN_CODES if play.kind == "run" else PASS_CODES
    low, high = YARDS_LOW, YARDS_HIGH
    text = (
        f"Play Results Chart: {play.call} {o.upper()} against {play.defence} {d.upper()}: "
        "enter the result"
    )
    card = word_slot("card", ("card",))
    return Prompt(
        "both",
        text,
        (
            EntryForm(
                "result", "yards gained (negative for a loss)", (number_slot("yards", low, high),)
            ),
            EntryForm("result", "a result code", (word_slot("code", codes),)),
            EntryForm(
                "special",
                "a Special Play card decides the play",
                (
                    team_slot(),
                    card,
                    word_slot("effect", ("yards",)),
                    number_slot("yards", low, high),
                ),
            ),
            EntryForm(
                "special",
                "a Special Play card turns the ball over",
                (team_slot(), card, word_slot("effect", ("turnover",))),
            ),
        ),
    )


def prompt_star(state: RedZoneState) -> Prompt:
    """*Tackle: does the play-side rusher have a * in his Tackle area?"""
    c = state.play.check
    assert c is not None
    return Prompt(
        c.owner,
        f"Does {c.label} have a * in his Tackle area?",
        (EntryForm("star", "yes or no", (word_slot("star", ("yes", "no")),)),),
    )


def prompt_skill(state: RedZoneState) -> Prompt:
    """Skill Check: the owner flips; the Player colour picks the line (Injury: yellow)."""
    c = state.play.check
    assert c is not None
    colour = word_slot("colour", (*COLOURS, "injury"))
    forms = [
        EntryForm(
            "skill",
            "Player colour and the word printed",
            (colour, word_slot("result", SKILL_WORDS[c.skill])),
        )
    ]
    if c.skill in SKILL_NUMBERS:
        forms.append(
            EntryForm(
                "skill",
                "Player colour and the yards printed",
                (colour, number_slot("yards", YARDS_LOW, YARDS_HIGH)),
            )
        )
    text = (
        f"{state.name(c.owner)} flip the top {deck_in_use(state, c.owner)} card for "
        f"{possessive(c.label)} {c.skill.title()} skill: "
        "enter the Player colour and that line's result (injury: the yellow result)"
    )
    return Prompt(c.owner, text, tuple(forms))


def prompt_long_gain(state: RedZoneState) -> Prompt:
    """Long Gains: the offence flips for LG (TD scores from anywhere)."""
    off, _ = _teams(state)
    return Prompt(
        off,
        f"Long gain: {state.name(off)} flip the top {deck_in_use(state, off)} card: "
        "enter the LG number",
        (
            EntryForm("lg", "Long Gain yards", (number_slot("LG", 0, 99),)),
            EntryForm("lg", "TD under LG", (word_slot("LG", ("td",)),)),
        ),
    )


def prompt_decline(state: RedZoneState) -> Prompt:
    """Declining Penalties (optional): the coach not penalised takes the penalty or the play."""
    play = state.play
    assert play.penalty is not None
    flagged, distance = play.penalty
    victim = other(flagged)
    text = (
        f"{state.name(flagged)} penalty {distance} yards, or the play "
        f"({outcome_text(play.outcome)}): {state.name(victim)} accept or decline"
    )
    return Prompt(
        victim,
        text,
        (
            EntryForm("accept", "take the penalty, replay the down"),
            EntryForm("decline", "take the play"),
        ),
    )


def prompt_fumble_lg(state: RedZoneState) -> Prompt:
    """Fumbles (and Blocks): the offence flips LG; its ones digit is the spot."""
    off, _ = _teams(state)
    what = "Blocked kick" if state.play.behind else "Fumble"
    return Prompt(
        off,
        f"{what}: {state.name(off)} flip the top {deck_in_use(state, off)} card: "
        "enter the LG number",
        (
            EntryForm(
                "lg", "Long Gain number (ones digit is the spot)", (number_slot("LG", 0, 99),)
            ),
        ),
    )


def prompt_fumble_guess(state: RedZoneState) -> Prompt:
    """Fumbles: the offence picks a card field, the defence calls odd or even; a Special Play
    recovery card may decide it (and be answered by the other coach's)."""
    off, dfn = _teams(state)
    play = state.play
    guess = EntryForm(
        "guess",
        f"{possessive(state.name(off))} card field, then {possessive(state.name(dfn))} call",
        (word_slot("field", FUMBLE_FIELDS), word_slot("call", ("odd", "even"))),
    )
    recover = EntryForm(
        "special",
        "a Special Play card recovers the ball",
        (
            word_slot("team", tuple(s for s in SIDES if s != play.recover_card)),
            word_slot("card", ("card",)),
            word_slot("effect", ("recover",)),
        ),
    )
    forms = (guess, recover)
    if play.recover_card is not None:
        forms = (recover, EntryForm("recovered", "the recovery card stands"))
    text = f"Loose ball: {state.name(off)} pick a card field, {state.name(dfn)} call odd or even"
    return Prompt("both", text, forms)


def prompt_fumble_flip(state: RedZoneState) -> Prompt:
    """Fumbles: the offence flips the card field picked."""
    off, _ = _teams(state)
    f = state.play.loose_field
    return Prompt(
        off,
        f"{state.name(off)} flip the top {deck_in_use(state, off)} card: "
        f"enter the {f.upper()} number",
        (EntryForm(f, f"the {f.upper()} number", (number_slot(f.upper(), 0, 99),)),),
    )


def prompt_int_choice(state: RedZoneState) -> Prompt:
    """Interceptions: down the ball or return it."""
    _, dfn = _teams(state)
    return Prompt(
        dfn,
        f"Interception: {state.name(dfn)} down the ball or return it",
        (
            EntryForm("down", "take the ball where it was caught (a touchback in the end zone)"),
            EntryForm("return", "return it: flip for PR"),
        ),
    )


def prompt_return(state: RedZoneState) -> Prompt:
    """Interceptions and Punts: the team with the ball now flips for PR."""
    _, dfn = _teams(state)
    return Prompt(
        dfn,
        f"{state.name(dfn)} flip the top {deck_in_use(state, dfn)} card: enter the PR number",
        (EntryForm("pr", "return yards", (number_slot("PR", 0, 99),)),),
    )
