"""What the table is asked in each phase, and the entries legal there."""

from __future__ import annotations

from collections.abc import Sequence

from domain import field as yards
from domain.ruleset import (
    SIDES,
    EntryForm,
    Extra,
    Side,
    Slot,
    other,
)
from domain.rulesets.redzone.lineups import _defenders, allowed_places
from domain.rulesets.redzone.rosters import _needs, _plural, open_positions
from domain.rulesets.redzone.scrimmage import reverse_to_tight_end
from domain.rulesets.redzone.state import (
    CHECK_WORDS,
    COLOURS,
    DEFENCES,
    FUMBLE_FIELDS,
    KICKOFF_LINE,
    KNOWN_PASS_NUMBERS,
    OPEN_PASS_NUMBERS,
    PASS_CODES,
    PASSES,
    POSITIONS,
    REGULATION_QUARTERS,
    RUN_CODES,
    RUN_DEFENCES,
    RUNS,
    SAFETY_KICK_LINE,
    SKILL_NUMBERS,
    SKILL_WORDS,
    TARGETS,
    TWO_POINT_LINE,
    YARDS_HIGH,
    YARDS_LOW,
    RedZoneState,
    _ball,
    _deck,
    _k,
)
from domain.rulesets.redzone.substitutions import (
    _bench,
    _bench_players,
    _eligible_discards,
    _fits,
    _may_replace,
    _pos,
    _team_discards,
    _vacancies,
)
from domain.rulesets.redzone.views import _outcome_text, down_line, final_line


def _w(label: str, choices: Sequence[str]) -> Slot:
    return Slot(label, "word", words=tuple(choices))


def _n(label: str, low: int, high: int) -> Slot:
    return Slot(label, "number", low=low, high=high)


def _side_slot() -> Slot:
    return _w("team", SIDES)


# A state is immutable, so its prompt can be remembered: expected(), apply() and situation()
# all ask for the prompt of the same state in turn. Keyed by identity, holding the state itself
# so an id is never reused while its entry lives.
_PROMPTS: dict[int, tuple[RedZoneState, tuple[str, str, list[EntryForm]]]] = {}


def _prompt(state: RedZoneState) -> tuple[str, str, list[EntryForm]]:
    hit = _PROMPTS.get(id(state))
    if hit is not None and hit[0] is state:
        actor, text, forms = hit[1]
        return actor, text, list(forms)
    made = _make_prompt(state)
    if len(_PROMPTS) >= 8:
        _PROMPTS.pop(next(iter(_PROMPTS)))
    _PROMPTS[id(state)] = (state, made)
    return made[0], made[1], list(made[2])


def _make_prompt(state: RedZoneState) -> tuple[str, str, list[EntryForm]]:
    n = state.name
    ph = state.phase
    if ph == "final":
        return "nobody", f"Final whistle: {final_line(state)}", []
    if ph == "toss":
        what = "Overtime coin toss" if state.quarter > REGULATION_QUARTERS else "Coin toss"
        return (
            "both",
            f"{what}: enter the winner",
            [EntryForm("toss", "the team that won the coin toss", (_side_slot(),))],
        )
    if ph == "advantage":
        w = state.toss_winner
        assert w is not None
        return (
            w,
            f"{n(w)} won the toss: take the first draft pick or home-field advantage",
            [
                EntryForm("pick", f"{n(w)} draft first; {n(other(w))} choose kick or receive"),
                EntryForm("field", f"{n(w)} choose kick or receive; {n(other(w))} draft first"),
            ],
        )
    if ph == "kick_choice":
        w = other(state.first_pick) if state.first_pick else None
        if state.quarter > REGULATION_QUARTERS:
            w = state.toss_winner
        assert w is not None
        return (
            w,
            f"{n(w)} choose to kick off or receive",
            [
                EntryForm("kick", f"{n(w)} kick off"),
                EntryForm("receive", f"{n(w)} receive"),
            ],
        )
    if ph == "draft":
        side = state.drafting
        assert side is not None
        open_ = open_positions(state, side)
        return (
            side,
            f"{n(side)} draft a player ({_needs(state, side)})",
            [
                EntryForm(
                    "draft",
                    "position, then the player's name (optional)",
                    (_w("position", open_),),
                    extras=(Extra("player's name", (Slot("name", "text"),)),),
                )
            ],
        )
    forms: list[EntryForm] = []
    if ph in ("kickoff", "call"):
        forms += _between_play_forms(state)
    if ph == "kickoff":
        k = state.kicker
        assert k is not None
        return (
            k,
            f"{n(k)} kick off from their {KICKOFF_LINE}: kick or onside",
            [
                EntryForm("kick", "a normal kickoff: the kicker flips for K"),
                EntryForm("onside", "an onside kick"),
                *forms,
            ],
        )
    if ph == "safety_kick":
        k = state.kicker
        assert k is not None
        return (
            k,
            f"{n(k)} gave up a safety: kick off or punt from their {SAFETY_KICK_LINE}",
            [
                EntryForm("kick", "kick off from the 20"),
                EntryForm("punt", "punt from the 20, 15 yards added"),
            ],
        )
    if ph == "k":
        k = state.kicker
        assert k is not None
        return (
            k,
            f"{n(k)} flip the top {_deck(state, k)} card: enter the K number or EZ",
            [
                EntryForm("k", "kick distance", (_n("K", 0, 99),)),
                EntryForm("k", "kicked through the end zone", (_w("K", ("ez",)),)),
            ],
        )
    if ph == "kr":
        r = other(_k(state))
        kr = [EntryForm("kr", "return yards", (_n("KR", 0, 99),))]
        if yards.is_safety(state.play.landing):
            return (
                r,
                f"The kick is in {n(r)}'s end zone: down it for a touchback, or flip the top "
                f"{_deck(state, r)} card and enter the KR number",
                [EntryForm("down", "down the kick in the end zone: touchback at the 20"), *kr],
            )
        return r, f"{n(r)} flip the top {_deck(state, r)} card: enter the KR number", kr
    if ph == "onside_lg":
        r = other(_k(state))
        return (
            r,
            f"Onside kick: {n(r)} flip the top {_deck(state, r)} card: enter the LG number",
            [
                EntryForm(
                    "lg", "Long Gain number (its ones digit + 10 is the kick)", (_n("LG", 0, 99),)
                )
            ],
        )
    if ph == "onside_k":
        r = other(_k(state))
        return (
            r,
            f"Onside recovery: {n(r)} flip the top {_deck(state, r)} card: enter the K number",
            [
                EntryForm("k", "K number", (_n("K", 0, 99),)),
                EntryForm("k", "EZ under K", (_w("K", ("ez",)),)),
            ],
        )
    if ph == "onside_p":
        k = _k(state)
        return (
            k,
            f"Onside recovery: {n(k)} flip the top {_deck(state, k)} card: enter the P number",
            [EntryForm("p", "P number", (_n("P", 0, 99),))],
        )
    if ph == "sub":
        side, pid = state.subs[0]
        p = state.coach(side).player(pid)
        label = p.name if p else pid
        bench = state.opt("substitutions") == "yes" and bool(_bench(state, side, pid))
        if state.opt("draft") == "team" and not state.sub_team:
            unit = _plural(_fits(_pos(state, side, pid)), 1)
            answers = ("yes",) if _team_discards(state, side, pid) else ("yes", "no")
            forms = [
                EntryForm(
                    "teamsub",
                    "yes: a substitute of the chosen team is to hand; no: any eligible player",
                    (_w("answer", answers),),
                ),
                _discard_form(state, side),
            ]
            if bench:
                forms.append(EntryForm("sub", "the drafted back-up", (_w("from", ("bench",)),)))
            return (
                side,
                f"{label} is injured: do {n(side)} have a substitute ({unit}) of the chosen "
                "team in the discard pile, Draw Deck or hand?",
                forms,
            )
        known = _eligible_discards(state, side, pid)
        where = ["discard"] if known else ["discard", "draw", "hand", "none"]
        if state.sub_team == "yes" and "none" in where:
            where.remove("none")
        if bench:
            where.insert(0, "bench")
        seen = f" ({', '.join(known)} on the discard pile)" if known else ""
        return (
            side,
            f"{label} is injured: {n(side)} bring a substitute "
            f"from the discard pile, Draw Deck or hand, in that order{seen}",
            [
                EntryForm(
                    "sub",
                    "where the substitute came from (none: the position stays vacant)",
                    (_w("from", tuple(where)),),
                ),
                _discard_form(state, side),
            ],
        )
    off = state.offense
    assert off is not None
    dfn = other(off)
    play = state.play
    if ph == "call":
        reverse_to = tuple(t for t in TARGETS if not reverse_to_tight_end(state, t))
        runs = RUNS if reverse_to == TARGETS else tuple(r for r in RUNS if r != "reverse")
        calls = [
            EntryForm("call", "a running play to a player", (_w("play", runs), _w("to", TARGETS))),
            EntryForm(
                "call",
                "a pass whose number the rulebook gives",
                (_w("play", tuple(KNOWN_PASS_NUMBERS)), _w("to", TARGETS)),
            ),
            EntryForm(
                "call",
                "a pass, then its Passing Play Number from the chart",
                (
                    _w("play", tuple(p for p in PASSES if p not in KNOWN_PASS_NUMBERS)),
                    _w("to", TARGETS),
                    _w("number", OPEN_PASS_NUMBERS),
                ),
            ),
        ]
        if runs != RUNS:
            calls.insert(
                1,
                EntryForm(
                    "call",
                    "a Reverse, never to the Tight End",
                    (_w("play", ("reverse",)), _w("to", reverse_to)),
                ),
            )
        if not state.is_try:
            calls.append(EntryForm("punt", "punt: the punter flips for P"))
            if state.ball_on is not None and state.ball_on <= yards.MIDFIELD:
                calls.append(
                    EntryForm(
                        "coffin", "coffin-corner punt: yards taken off", (_n("yards", 5, 25),)
                    )
                )
            calls.append(EntryForm("fieldgoal", "field goal attempt: the kicker flips for FG"))
        forms = [*calls, *forms]
        forms.append(
            EntryForm(
                "swap", "offence swaps its left and right pair", (_w("unit", ("rb", "wr", "ol")),)
            )
        )
        forms.append(
            EntryForm(
                "noplays",
                "the offence drew for the play and has no plays: delay of game",
                (_w("team", (off,)),),
            )
        )
        forms += _substitution_forms(state)
        return off, f"{down_line(state)}. {n(off)} call a play", forms
    if ph == "defend":
        forms = [
            EntryForm("defend", "the defensive play", (_w("play", DEFENCES),)),
            EntryForm(
                "align",
                "line a defender up on the left or right, opposite his usual man",
                (_w("defender", _defenders(state.coach(dfn))), _w("side", ("left", "right"))),
            ),
            *(
                EntryForm(
                    "align",
                    f"line {pid} up opposite a player the optional rules allow",
                    (_w("defender", (pid,)), _w("place", extra)),
                )
                for pid in _defenders(state.coach(dfn))
                if (extra := allowed_places(state, pid)[2:])
            ),
            EntryForm("noplays", "the defence has no plays: delay of game", (_w("team", (dfn,)),)),
        ]
        return (
            dfn,
            f"{n(off)} called {play.call} ({play.target.upper()}). {n(dfn)} call the defence",
            forms,
        )
    if ph == "check":
        return (
            "both",
            (
                f"Execution colour check: {n(off)} flip the top {_deck(state, off)} card, "
                f"{n(dfn)} the top {_deck(state, dfn)} card. Enter "
                f"{'OR' if play.kind == 'run' else 'OP'} for {n(off)}, then "
                f"{'RD' if play.defence in RUN_DEFENCES else 'PD'} for {n(dfn)} "
                "(a colour, penN for a penalty, faddN)"
            ),
            [
                EntryForm(
                    "flip",
                    "offence then defence",
                    (_w(n(off), CHECK_WORDS), _w(n(dfn), CHECK_WORDS)),
                )
            ],
        )
    if ph == "redraw":
        s = play.redraw[0]
        return (
            s,
            f"{n(s)} flip from the Draw Deck until a colour: enter it (and how many cards)",
            [
                EntryForm("draw", "the colour found", (_w("colour", COLOURS),)),
                EntryForm(
                    "draw",
                    "the colour found and the cards flipped",
                    (_w("colour", COLOURS), _n("cards", 1, 9)),
                ),
            ],
        )
    if ph == "result":
        o, d = play.colours
        codes = RUN_CODES if play.kind == "run" else PASS_CODES
        return (
            "both",
            (
                f"Play Results Chart: {play.call} {o.upper()} against {play.defence} {d.upper()}: "
                "enter the result"
            ),
            [
                EntryForm(
                    "result",
                    "yards gained (negative for a loss)",
                    (_n("yards", YARDS_LOW, YARDS_HIGH),),
                ),
                EntryForm("result", "a result code", (_w("code", codes),)),
                EntryForm(
                    "special",
                    "a Special Play card decides the play",
                    (
                        _side_slot(),
                        _w("card", ("card",)),
                        _w("effect", ("yards",)),
                        _n("yards", YARDS_LOW, YARDS_HIGH),
                    ),
                ),
                EntryForm(
                    "special",
                    "a Special Play card turns the ball over",
                    (_side_slot(), _w("card", ("card",)), _w("effect", ("turnover",))),
                ),
            ],
        )
    if ph == "star":
        c = play.check
        assert c is not None
        return (
            c.owner,
            f"Does {c.label} have a * in his Tackle area?",
            [EntryForm("star", "yes or no", (_w("star", ("yes", "no")),))],
        )
    if ph == "skill":
        c = play.check
        assert c is not None
        skill_forms = [
            EntryForm(
                "skill",
                "Player colour and the word printed",
                (_w("colour", (*COLOURS, "injury")), _w("result", SKILL_WORDS[c.skill])),
            )
        ]
        if c.skill in SKILL_NUMBERS:
            skill_forms.append(
                EntryForm(
                    "skill",
                    "Player colour and the yards printed",
                    (_w("colour", (*COLOURS, "injury")), _n("yards", YARDS_LOW, YARDS_HIGH)),
                )
            )
        return (
            c.owner,
            (
                f"{n(c.owner)} flip the top {_deck(state, c.owner)} card for "
                f"{c.label}'s {c.skill.title()} skill: "
                "enter the Player colour and that line's result (injury: the yellow result)"
            ),
            skill_forms,
        )
    if ph == "lg":
        return (
            off,
            f"Long gain: {n(off)} flip the top {_deck(state, off)} card: enter the LG number",
            [
                EntryForm("lg", "Long Gain yards", (_n("LG", 0, 99),)),
                EntryForm("lg", "TD under LG", (_w("LG", ("td",)),)),
            ],
        )
    if ph == "decline":
        assert play.penalty is not None
        victim = other(play.penalty[0])
        return (
            victim,
            (
                f"{n(play.penalty[0])} penalty {play.penalty[1]} yards, or the play "
                f"({_outcome_text(play.outcome)}): {n(victim)} accept or decline"
            ),
            [
                EntryForm("accept", "take the penalty, replay the down"),
                EntryForm("decline", "take the play"),
            ],
        )
    if ph == "fumble_lg":
        what = "Blocked kick" if play.behind else "Fumble"
        return (
            off,
            f"{what}: {n(off)} flip the top {_deck(state, off)} card: enter the LG number",
            [EntryForm("lg", "Long Gain number (ones digit is the spot)", (_n("LG", 0, 99),))],
        )
    if ph == "fumble_guess":
        forms = [
            EntryForm(
                "guess",
                f"{n(off)}'s card field, then {n(dfn)}'s call",
                (_w("field", FUMBLE_FIELDS), _w("call", ("odd", "even"))),
            )
        ]
        forms.append(
            EntryForm(
                "special",
                "a Special Play card recovers the ball",
                (
                    _w("team", tuple(s for s in SIDES if s != play.recover_card)),
                    _w("card", ("card",)),
                    _w("effect", ("recover",)),
                ),
            )
        )
        if play.recover_card is not None:
            forms = [forms[1], EntryForm("recovered", "the recovery card stands")]
        return "both", f"Loose ball: {n(off)} pick a card field, {n(dfn)} call odd or even", forms
    if ph == "fumble_flip":
        f = play.loose_field
        return (
            off,
            f"{n(off)} flip the top {_deck(state, off)} card: enter the {f.upper()} number",
            [EntryForm(f, f"the {f.upper()} number", (_n(f.upper(), 0, 99),))],
        )
    if ph == "int_choice":
        return (
            dfn,
            f"Interception: {n(dfn)} down the ball or return it",
            [
                EntryForm(
                    "down", "take the ball where it was caught (a touchback in the end zone)"
                ),
                EntryForm("return", "return it: flip for PR"),
            ],
        )
    if ph == "int_return":
        return (
            dfn,
            f"{n(dfn)} flip the top {_deck(state, dfn)} card: enter the PR number",
            [EntryForm("pr", "return yards", (_n("PR", 0, 99),))],
        )
    if ph == "punt":
        blocked = [] if play.safety_punt else [EntryForm("p", "blocked", (_w("P", ("blocked",)),))]
        return (
            off,
            f"Punt: {n(off)} flip the top {_deck(state, off)} card: enter the P number",
            [
                EntryForm("p", "punt distance", (_n("P", 0, 99),)),
            ]
            + blocked,
        )
    if ph == "coffin_colour":
        return (
            off,
            f"Coffin corner: {n(off)} flip from the Draw Deck: enter the Player colour",
            [EntryForm("colour", "Player section colour", (_w("colour", COLOURS),))],
        )
    if ph == "punt_choice":
        return (
            dfn,
            f"{n(dfn)} fair catch or return the punt",
            [
                EntryForm("fair", "fair catch"),
                EntryForm("return", "return: flip for PR"),
            ],
        )
    if ph == "pr":
        return (
            dfn,
            f"{n(dfn)} flip the top {_deck(state, dfn)} card: enter the PR number",
            [EntryForm("pr", "return yards", (_n("PR", 0, 99),))],
        )
    if ph == "fg":
        need = yards.field_goal_distance(_ball(state))
        return (
            off,
            f"Field goal, {need} yards: {n(off)} flip the top {_deck(state, off)} card: "
            "enter the FG number",
            [
                EntryForm("fg", "FG number", (_n("FG", 0, 99),)),
                EntryForm("fg", "55* or blocked", (_w("FG", ("55*", "blocked")),)),
            ],
        )
    if ph == "try":
        s = state.scorer
        assert s is not None
        return (
            s,
            f"Touchdown {n(s)}: kick the extra point or go for two from the {TWO_POINT_LINE}",
            [
                EntryForm("kick", "extra point: flip for FG, good unless 55*"),
                EntryForm("two", "run a play from the 3"),
            ],
        )
    if ph == "pat":
        s = state.scorer
        assert s is not None
        return (
            s,
            f"Extra point: {n(s)} flip the top {_deck(state, s)} card: enter the FG result",
            [
                EntryForm("fg", "FG number", (_n("FG", 0, 99),)),
                EntryForm("fg", "55* (missed) or blocked", (_w("FG", ("55*", "blocked")),)),
            ],
        )
    raise AssertionError(ph)


def _between_play_forms(state: RedZoneState) -> list[EntryForm]:
    forms: list[EntryForm] = []
    can_timeout = tuple(s for s in SIDES if state.coach(s).timeouts > 0)
    if can_timeout and not state.is_try:
        forms.append(
            EntryForm(
                "timeout",
                "a time-out: 5 cards added to each Time Deck not empty",
                (_w("team", can_timeout),),
            )
        )
    for side in SIDES:
        c = state.coach(side)
        if c.refresh:
            forms.append(
                EntryForm(
                    "refresh",
                    "discard some cards and draw to seven from the Draw Deck",
                    (_w("team", (side,)), _n("discarded", 0, c.hand)),
                )
            )
    forms.append(
        EntryForm(
            "special",
            "a Special Play card played between plays",
            (_side_slot(), _w("card", ("card",)), _w("effect", ("none",))),
        )
    )
    forms.append(
        EntryForm(
            "special",
            "a Special Play card: cards drawn or points",
            (
                _side_slot(),
                _w("card", ("card",)),
                _w("effect", ("cards", "score")),
                _n("number", 0, 7),
            ),
        )
    )
    return forms


def _discard_form(state: RedZoneState, side: Side) -> EntryForm:
    slots = [_w("team", (side,)), _w("position", POSITIONS)]
    if state.opt("draft") == "team":
        slots.append(_w("of", ("ours", "other")))
    return EntryForm(
        "discard", "a player card put on the discard pile, then its name", tuple(slots)
    )


def _substitution_forms(state: RedZoneState) -> list[EntryForm]:
    forms: list[EntryForm] = []
    for side in SIDES:
        forms.append(_discard_form(state, side))
        c = state.coach(side)
        vacant = _vacancies(c)
        if vacant:
            forms.append(
                EntryForm(
                    "fill",
                    "an eligible player drawn into the hand fills a vacant place",
                    (_w("team", (side,)), _w("place", vacant)),
                )
            )
        if state.opt("substitutions") != "yes" or state.is_try:
            continue
        for pid in _bench_players(c):
            outs = _may_replace(c, pid)
            if outs:
                forms.append(
                    EntryForm(
                        "bench",
                        "Situational Substitutions: a drafted back-up comes in",
                        (_w("team", (side,)), _w("in", (pid,)), _w("out", outs)),
                    )
                )
    return forms
