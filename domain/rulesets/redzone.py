"""Red Zone (rules/red-zone.txt): a football card game refereed from the cards the table flips.

Zebra never sees a card. It asks for the one printed value a rule needs at that moment (a K
number or EZ, an execution colour, a skill line's result, an LG or FG number, the Play Results
Chart's result, which is not in the rulebook text) and does the arithmetic and the counting:
each coach's Time Deck (the clock), cards taken from the Draw Deck, hand sizes and time-outs.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from domain import field as yards
from domain.entries import words
from domain.periods import QUARTERS
from domain.ruleset import (
    SIDES,
    EntryForm,
    Extra,
    GameOption,
    IllegalEntry,
    Prompt,
    Ruling,
    Side,
    Slot,
    other,
    resolve_options,
    situation,
)
from domain.teams import TwoTeams

REGULATION_QUARTERS = 4
HAND = 7
OPENING_HAND = 6
TIMEOUTS_PER_HALF = 3
TIMEOUT_CARDS = 5
DELAY_OF_GAME_YARDS = 5
KICKOFF_LINE = 30
SAFETY_KICK_LINE = 20
SAFETY_PUNT_BONUS = 15
TWO_POINT_LINE = 3
RED_ZONE = 20
DECK_SIZES = {"short": 40, "medium": 50, "long": 60}

# The draft: 13 players (The Draft); 20 with a back-up at every position (Situational
# Substitutions). WR and TE share their two places.
SQUAD_13 = {"qb": 1, "rb": 2, "wr": 2, "ol": 2, "dl": 2, "lb": 2, "db": 2}
SQUAD_20 = {"qb": 2, "rb": 3, "wr": 3, "ol": 3, "dl": 3, "lb": 3, "db": 3}
POSITIONS = ("qb", "rb", "wr", "te", "ol", "dl", "lb", "db")
POSITION_NAMES = {
    "qb": "Quarterback",
    "rb": "Running Back",
    "wr": "Wide Receiver/Tight End",
    "ol": "Offensive Lineman",
    "dl": "Defensive Lineman",
    "lb": "Linebacker",
    "db": "Defensive Back",
}


def _plural(unit: str, n: int) -> str:
    name = POSITION_NAMES[unit]
    if n == 1:
        return name
    return name[:-3] + "men" if name.endswith("man") else name + "s"


RUNS = ("qb-keep", "dive", "off-tackle", "trap", "sweep", "counter", "draw", "reverse")
PASSES = (
    "screen",
    "quick-out",
    "sideline",
    "hook",
    "down-in",
    "play-action",
    "trick-pass",
    "long-bomb",
)
OUTSIDE_RUNS = ("off-tackle", "sweep", "counter", "reverse")
# Limiting the TE (1): the outside runs the Tight End adds his yard to ("Reverses can't be run
# to the TE and even if they could, he can't block for himself").
TE_OUTSIDE_RUNS = ("off-tackle", "sweep", "counter")
# Passing Play Numbers printed on the chart that the rulebook text states (Interceptions).
KNOWN_PASS_NUMBERS = {"screen": 1, "down-in": 5, "long-bomb": 8}
OPEN_PASS_NUMBERS = ("2", "3", "4", "6", "7")
RUN_DEFENCES = ("goalline", "4-4", "4-3", "stunt")
PASS_DEFENCES = ("3-4", "4-2-5", "prevent", "blitz")
DEFENCES = RUN_DEFENCES + PASS_DEFENCES
TARGETS = ("lrb", "rrb", "lwr", "rwr")
COLOURS = ("green", "yellow", "red")
GRADE = {"red": 0, "yellow": 1, "green": 2}
CHECK_WORDS = (*COLOURS, "pen5", "pen10", "pen15", "fadd1", "fadd2", "fadd3", "fadd5")
RUN_CODES = ("dl", "lb", "ol", "rb", "wr", "f", "long")
PASS_CODES = ("inc", "int", "dl", "dl*", "lb*", "db", "db*", "rb", "wr", "qb", "long")
FUMBLE_FIELDS = ("k", "kr", "p", "pr", "lg", "fg")
SKILL_WORDS = {
    "throw": ("complete", "run", "inc", "int"),
    "catch": ("inc", "int", "td", "long"),
    "run": ("td", "long", "fumble"),
    "block": ("fumble",),
    "tackle": ("fumble",),
    "cover": ("int", "inc", "c-1p", "c-2p", "wr"),
}
SKILL_NUMBERS = ("catch", "run", "block", "tackle")
ALIASES = {
    "incomplete": "inc",
    "intercepted": "int",
    "interception": "int",
    "fumbled": "fumble",
    "f": "fumble",
    "g": "green",
    "y": "yellow",
    "r": "red",
    "c1p": "c-1p",
    "c2p": "c-2p",
    "burn": "wr",
}
YARDS_LOW, YARDS_HIGH = -30, 99
# Where each defensive unit lines up: DL opposite OL, LB opposite RB, DB opposite WR.
HOME_PLACE = {"dl": "ol", "lb": "rb", "db": "wr"}
PLACES = ("lwr", "lrb", "lol", "rol", "rrb", "rwr")

Phase = Literal[
    "toss",
    "advantage",
    "kick_choice",
    "draft",
    "kickoff",
    "k",
    "kr",
    "onside_lg",
    "onside_k",
    "onside_p",
    "safety_kick",
    "call",
    "defend",
    "check",
    "redraw",
    "result",
    "star",
    "skill",
    "lg",
    "decline",
    "fumble_lg",
    "fumble_guess",
    "fumble_flip",
    "int_choice",
    "int_return",
    "punt",
    "coffin_colour",
    "punt_choice",
    "pr",
    "fg",
    "try",
    "pat",
    "sub",
    "final",
]


# State ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A drafted card: an id for entries (rb1), the position drafted and the printed name."""

    pid: str
    position: str
    name: str


@dataclass(frozen=True)
class Coach:
    """One coach's cards and team: the clock is his Time Deck."""

    time: int = 0
    draw_flips: int = 0
    hand: int = 0
    timeouts: int = TIMEOUTS_PER_HALF
    roster: tuple[Player, ...] = ()
    # Offence, left to right as the offence sees it: lwr lrb lol qb rol rrb rwr ("" = vacant).
    offence: tuple[tuple[str, str], ...] = ()
    # Defence: each defender and the offensive place he lines up against (lol, rrb, lwr...).
    defence: tuple[tuple[str, str], ...] = ()
    injured: tuple[str, ...] = ()
    refresh: bool = False
    # Player cards the entries show on his discard pile: (position, name, of his chosen team).
    discard: tuple[tuple[str, str, bool], ...] = ()

    def player(self, pid: str) -> Player | None:
        for p in self.roster:
            if p.pid == pid:
                return p
        return None

    def at(self, slot: str) -> str:
        return dict(self.offence).get(slot, "")

    def side_of(self, pid: str) -> str:
        return dict(self.defence).get(pid, "")[:1]

    def facing(self, place: str) -> list[str]:
        return [p for p, at in self.defence if at == place]


@dataclass(frozen=True)
class Check:
    """A skill check due: whose card is flipped, for which player, which skill line."""

    owner: Side
    pid: str
    skill: str
    label: str


@dataclass(frozen=True)
class Outcome:
    """What a play came to before the penalty choice: yards, inc, td, int or fumble."""

    kind: str
    yards: int = 0
    source: str = "chart"


@dataclass(frozen=True)
class Play:
    """The play being run: the calls, the colours, and what is still to be flipped."""

    call: str = ""
    kind: str = ""
    target: str = ""
    ppn: int = 0
    defence: str = ""
    colours: tuple[str, str] = ("", "")
    fadd: tuple[tuple[Side, int], ...] = ()
    penalty: tuple[Side, int] | None = None
    redraw: tuple[Side, ...] = ()
    check: Check | None = None
    lg_bonus: int = 0
    outcome: Outcome | None = None
    # Loose balls, kicks and returns.
    loose_at: int = 0
    loose_field: str = ""
    loose_call: str = ""
    behind: bool = False
    recover_card: Side | None = None
    coffin: int = 0
    kick_from: int = 0
    landing: int = 0
    onside_k: int = 0
    safety_punt: bool = False


@dataclass(frozen=True)
class RedZoneState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    home: str
    away: str
    deck: int = DECK_SIZES["medium"]
    options: tuple[tuple[str, str], ...] = ()
    phase: Phase = "toss"
    toss_winner: Side | None = None
    first_pick: Side | None = None
    kicker: Side | None = None
    opening_kicker: Side | None = None
    drafting: Side | None = None
    coaches: tuple[Coach, Coach] = (Coach(), Coach())
    offense: Side | None = None
    ball_on: int | None = None
    down: int | None = None
    marker: int | None = None
    quarter: int = 1
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    play: Play = Play()
    is_try: bool = False
    scorer: Side | None = None
    resume: Phase | None = None
    subs: tuple[tuple[Side, str], ...] = ()
    # Team play: does the injured player's coach hold a substitute of his chosen team ("" unasked).
    sub_team: str = ""
    winner: Side | None = None

    def coach(self, side: Side) -> Coach:
        return self.coaches[0 if side == "home" else 1]

    def opt(self, key: str) -> str:
        for k, v in self.options:
            if k == key:
                return v
        raise KeyError(key)


class RedZone:
    """The Red Zone ruleset."""

    name = "redzone"
    title = "Red Zone"
    division = QUARTERS
    options = (
        GameOption(
            "length",
            "Time Deck of 40 (short), 50 (medium) or 60 (long) cards",
            tuple(DECK_SIZES),
            "medium",
        ),
        GameOption("draft", "draft players alternately, or team play", ("draft", "team"), "draft"),
        GameOption("declining", "optional rule: penalties may be declined", ("no", "yes"), "no"),
        GameOption(
            "long_bombs",
            "optional rule: no long bombs in the end zone",
            ("off", "normal", "harsh", "harshest"),
            "off",
        ),
        GameOption(
            "coffin_colour", "optional rule: coffin-corner colour flip", ("no", "yes"), "no"
        ),
        GameOption(
            "tight_end",
            "optional rule limiting the Tight End's +1: all runs, outside runs only, or a "
            "Linebacker lined up on his side cancels it",
            ("all", "outside", "linebacker", "shift"),
            "all",
        ),
        GameOption("substitutions", "optional rule: 20-man squads", ("no", "yes"), "no"),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> RedZoneState:
        """Set-up: before the coin toss; the Time Deck size comes from the agreed length."""
        chosen = resolve_options(self.options, options)
        deck = DECK_SIZES[chosen["length"]]
        coaches = (Coach(time=deck), Coach(time=deck))
        return RedZoneState(
            home=home, away=away, deck=deck, options=tuple(sorted(chosen.items())), coaches=coaches
        )

    def expected(self, state: RedZoneState) -> Prompt:
        """Who acts next and the entries legal now."""
        actor, text, forms = _prompt(state)
        return Prompt(actor, text, tuple(forms))

    def apply(self, state: RedZoneState, text: str) -> tuple[RedZoneState, list[Ruling]]:
        """One entry as typed at the table."""
        tokens = words(text)
        if state.phase == "final":
            raise IllegalEntry(
                f"the game is over ({final_line(state)}); nothing more can be entered"
            )
        keyword, rest = tokens[0], [ALIASES.get(t, t) for t in tokens[1:]]
        _, prompt_text, forms = _prompt(state)
        allowed = {f.keyword for f in forms}
        if keyword not in allowed:
            legal = " | ".join(dict.fromkeys(f.syntax for f in forms))
            raise IllegalEntry(f"{keyword!r} is not due now; {prompt_text}: {legal}")
        handler = _HANDLERS.get((state.phase, keyword)) or _HANDLERS.get(("*", keyword))
        assert handler is not None, (state.phase, keyword)
        raw = text.split()[1:]
        return handler(state, rest, raw)

    def situation(self, state: RedZoneState) -> dict[str, Any]:
        """The public view: score, quarter, ball, and each coach's decks, hand and time-outs."""
        live = state.offense is not None and state.ball_on is not None and state.down is not None
        distance = None
        if live and state.marker is not None:
            assert state.ball_on is not None
            distance = yards.distance_to_gain(state.ball_on, state.marker)
        clock: dict[str, Any] = {"deck": state.deck, "last_play": _time_up(state)}
        for side in SIDES:
            c = state.coach(side)
            clock[side] = {
                "time_deck": c.time,
                "draw_deck_flips": c.draw_flips,
                "hand": c.hand,
                "timeouts": c.timeouts,
            }
        return situation(
            ruleset=self.name,
            home=state.home,
            away=state.away,
            score=state.total,
            score_by_quarter=[{"home": h, "away": a} for h, a in state.scores],
            quarter=state.quarter,
            period=self.division.period(state.quarter),
            possession=state.offense,
            down=state.down if live else None,
            distance=distance,
            ball_on=state.ball_on if live else None,
            clock=clock,
            timeouts={s: state.coach(s).timeouts for s in SIDES},
            next=self.expected(state).text,
            finished=state.phase == "final",
            winner=state.winner,
            converting=state.is_try or state.phase in ("try", "pat"),
            lineups={s: lineup_view(state, s) for s in SIDES},
            options=dict(state.options),
        )


# Prompts ---------------------------------------------------------------------------------


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


def _needs(state: RedZoneState, side: Side) -> str:
    squad = _squad(state)
    have = _counts(state.coach(side))
    left = [f"{squad[p] - have[p]} {p.upper()}" for p in squad if squad[p] > have[p]]
    return "still needs " + ", ".join(left) if left else "complete"


# Entry handlers ----------------------------------------------------------------------------

Handler = Callable[[Any, Sequence[str], Sequence[str]], tuple[Any, list[Ruling]]]
Rulings = tuple[RedZoneState, list[Ruling]]


def _none(rest: Sequence[str], keyword: str) -> None:
    if rest:
        raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(rest)!r}")


def _one(rest: Sequence[str], what: str) -> str:
    if len(rest) != 1:
        raise IllegalEntry(f"enter one value: {what}")
    return rest[0]


def _number(token: str, what: str, low: int = 0, high: int = 99) -> int:
    if not re.fullmatch(r"[+-]?\d{1,3}", token):
        raise IllegalEntry(f"{what} is a number from {low} to {high}; got {token!r}")
    value = int(token)
    if not low <= value <= high:
        raise IllegalEntry(f"{what} is a number from {low} to {high}; got {value}")
    return value


def _word(token: str, choices: Sequence[str], what: str) -> str:
    if token not in choices:
        raise IllegalEntry(f"{token!r} is not {what}; expected one of: {', '.join(choices)}")
    return token


def _side(token: str, state: RedZoneState, allowed: Sequence[Side] = SIDES) -> Side:
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    for s in SIDES:
        labels.setdefault(state.name(s).lower(), s)
    side = labels.get(token)
    if side is None or side not in allowed:
        raise IllegalEntry(
            f"{token!r} is not a team that may do this now; enter {' or '.join(allowed)}"
        )
    return side


def coin_toss(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """The Draft: a coin toss decides who has the advantage (overtime: who kicks or receives)."""
    winner = _side(_one(rest, "toss home | toss away"), state)
    ruling = Ruling("toss", f"{state.name(winner)} win the coin toss.", team=winner)
    nxt: Phase = "kick_choice" if state.quarter > REGULATION_QUARTERS else "advantage"
    return replace(state, phase=nxt, toss_winner=winner), [ruling]


def toss_advantage(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], pick: bool
) -> Rulings:
    """The Draft: the toss winner takes the first pick or home-field advantage (kick/receive)."""
    _none(rest, "pick" if pick else "field")
    w = state.toss_winner
    assert w is not None
    first = w if pick else other(w)
    ruling = Ruling(
        "advantage",
        f"{state.name(w)} take {'the first draft pick' if pick else 'home-field advantage'}; "
        f"{state.name(other(first))} choose to kick or receive.",
        team=w,
    )
    return replace(state, phase="kick_choice", first_pick=first), [ruling]


def kick_or_receive(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], kick: bool
) -> Rulings:
    """The Draft: the coach with home-field advantage elects to kick or receive."""
    _none(rest, "kick" if kick else "receive")
    if state.quarter > REGULATION_QUARTERS:
        chooser = state.toss_winner
        assert chooser is not None
        kicker = chooser if kick else other(chooser)
        ruling = Ruling(
            "choice",
            f"{state.name(chooser)} choose to {'kick' if kick else 'receive'}.",
            team=chooser,
        )
        return replace(state, phase="kickoff", kicker=kicker, offense=None), [ruling]
    assert state.first_pick is not None
    chooser = other(state.first_pick)
    kicker = chooser if kick else other(chooser)
    ruling = Ruling(
        "choice",
        f"{state.name(chooser)} choose to {'kick' if kick else 'receive'}; "
        f"{state.name(state.first_pick)} draft first.",
        team=chooser,
    )
    return replace(
        state, phase="draft", kicker=kicker, opening_kicker=kicker, drafting=state.first_pick
    ), [ruling]


def draft_player(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """The Draft: alternate picks of 1 QB, 2 RB, 2 WR/TE, 2 OL, 2 DL, 2 LB, 2 DB; no player
    drafted twice."""
    side = state.drafting
    assert side is not None
    if not rest:
        raise IllegalEntry(
            f"enter a position and optionally the name: draft <{'|'.join(POSITIONS)}> [name]"
        )
    pos = _word(rest[0], POSITIONS, "a position")
    unit = "wr" if pos == "te" else pos
    squad = _squad(state)
    coach = state.coach(side)
    have = _counts(coach)
    if have[unit] >= squad[unit]:
        raise IllegalEntry(
            f"{state.name(side)} already have {squad[unit]} {_plural(unit, squad[unit])}; "
            f"{_needs(state, side)}"
        )
    name = " ".join(raw[1:]).strip()
    number = sum(1 for p in coach.roster if p.pid.startswith(unit)) + 1
    pid = f"{unit}{number}" if unit != "qb" else ("qb" if number == 1 else f"qb{number}")
    if not name:
        name = f"{state.name(side)} {pos.upper()}{number}"
    for s in SIDES:
        for p in state.coach(s).roster:
            if p.name.lower() == name.lower():
                raise IllegalEntry(
                    f"{name} was already drafted by {state.name(s)}; draft another player"
                )
    coach = replace(coach, roster=(*coach.roster, Player(pid, pos, name)))
    state = _set(state, side, coach)
    ruling = Ruling(
        "draft",
        f"{state.name(side)} draft {name} ({pos.upper()}).",
        team=side,
        data={"pid": pid, "position": pos, "name": name},
    )
    other_side = other(side)
    done = {s: _complete(state, s) for s in SIDES}
    if all(done.values()):
        return _kickoff_ready(state), [
            ruling,
            Ruling(
                "draft_complete",
                "The draft is complete. Each coach counts out his Time Deck and draws six cards.",
            ),
        ]
    if state.opt("draft") == "team":
        nxt = side if not done[side] else other_side
    else:
        nxt = other_side if not done[other_side] else side
    return replace(state, drafting=nxt), [ruling]


def _kickoff_ready(state: RedZoneState) -> RedZoneState:
    """Setting up to Play: line-ups in drafted order, Time Decks counted, six cards drawn."""
    for s in SIDES:
        c = state.coach(s)
        starters = _starters(c, _squad(state))
        offence = (
            ("lwr", starters["wr"][0]),
            ("lrb", starters["rb"][0]),
            ("lol", starters["ol"][0]),
            ("qb", starters["qb"][0]),
            ("rol", starters["ol"][1]),
            ("rrb", starters["rb"][1]),
            ("rwr", starters["wr"][1]),
        )
        defence = tuple(
            (pid, side + HOME_PLACE[u])
            for u in ("dl", "lb", "db")
            for side, pid in zip("lr", starters[u], strict=True)
        )
        state = _set(
            state,
            s,
            replace(
                c,
                offence=offence,
                defence=defence,
                hand=OPENING_HAND,
                draw_flips=OPENING_HAND,
                time=state.deck,
            ),
        )
    return replace(state, phase="kickoff", drafting=None)


def _starters(c: Coach, squad: Mapping[str, int]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {u: [] for u in SQUAD_13}
    for p in c.roster:
        unit = "wr" if p.position == "te" else p.position
        if len(out[unit]) < SQUAD_13[unit]:
            out[unit].append(p.pid)
    return out


def kickoff_choice(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], onside: bool
) -> Rulings:
    """The Kickoff (from the 30) or an Onside Kick."""
    _none(rest, "onside" if onside else "kick")
    k = _k(state)
    play = Play(kick_from=yards.own(KICKOFF_LINE))
    if onside:
        return replace(state, phase="onside_lg", play=play), [
            Ruling("onside", f"{state.name(k)} try an onside kick.", team=k)
        ]
    return replace(state, phase="k", play=play), [
        Ruling("decision", f"{state.name(k)} kick off.", team=k, data={"choice": "kick"})
    ]


def safety_choice(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], punt: bool
) -> Rulings:
    """Punting after a Safety: kick off or punt from the 20; a punt gets 15 yards added."""
    _none(rest, "punt" if punt else "kick")
    k = _k(state)
    if punt:
        play = Play(safety_punt=True, kick_from=yards.own(SAFETY_KICK_LINE))
        return replace(
            state,
            phase="punt",
            offense=k,
            ball_on=yards.own(SAFETY_KICK_LINE),
            down=None,
            play=play,
        ), [Ruling("safety_kick", f"{state.name(k)} punt from their 20.", team=k)]
    return replace(state, phase="k", play=Play(kick_from=yards.own(SAFETY_KICK_LINE))), [
        Ruling("safety_kick", f"{state.name(k)} kick off from their 20.", team=k)
    ]


def kick_flip(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """The Kickoff: K yards from the kick line; EZ is a touchback, the receivers start at the 20."""
    k = _k(state)
    r = other(k)
    token = _one(rest, "the K number or ez")
    state, rulings = _flip(state, k)
    if token == "ez":
        ruling = Ruling(
            "kickoff_touchback",
            f"Kickoff: EZ, touchback. {state.name(r)} 1st and 10 at their 20.",
            team=r,
        )
        return _possession(state, r, yards.touchback(), [*rulings, ruling])
    distance = _number(token, "K")
    landing = yards.advance(state.play.kick_from, distance)
    if yards.beyond_end_line(landing):
        ruling = Ruling(
            "kickoff_touchback",
            f"Kickoff: {distance} yards, out of the end zone: touchback.",
            team=r,
            yards=distance,
        )
        return _possession(state, r, yards.touchback(), [*rulings, ruling])
    spot = yards.flip(landing)
    where = (
        f"into {state.name(r)}'s end zone ({spot - yards.FIELD} deep). {state.name(r)} down it "
        "or return it"
        if yards.is_safety(spot)
        else f"to {state.spot_for(r, spot)}. {state.name(r)} flip for KR"
    )
    ruling = Ruling(
        "kickoff",
        f"Kickoff: {distance} yards {where}.",
        team=k,
        yards=distance,
        data={"ball_on": spot},
    )
    return replace(state, phase="kr", play=replace(state.play, landing=spot)), [*rulings, ruling]


def kick_downed(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """The Kickoff: "that is where the receiving team may elect to return": a kick caught in the
    end zone may instead be downed there, a touchback at the 20."""
    _none(rest, "down")
    r = other(_k(state))
    ruling = Ruling(
        "touchback",
        f"{state.name(r)} down the kick in the end zone: touchback, 1st and 10 at their 20.",
        team=r,
    )
    return _possession(state, r, yards.touchback(), [ruling])


def return_flip(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """The Kickoff / Punts: the return number carries the ball on from where it was caught."""
    kicking = state.phase == "kr"
    k = _k(state) if kicking else state.offense
    assert k is not None
    r = other(k)
    n = _number(_one(rest, "the return number"), "KR" if kicking else "PR")
    state, rulings = _flip(state, r)
    spot = yards.advance(state.play.landing, n)
    what = "Kick return" if kicking else "Punt return"
    if yards.is_touchdown(spot):
        rulings.append(Ruling("return", f"{what} of {n} yards: all the way!", team=r, yards=n))
        state = replace(state, offense=r)
        return _touchdown(state, r, rulings)
    if yards.is_safety(spot):
        rulings.append(
            Ruling(
                "touchback",
                f"{what} of {n} yards, still in the end zone: touchback at the 20.",
                team=r,
            )
        )
        return _possession(state, r, yards.touchback(), rulings)
    rulings.append(
        Ruling(
            "return",
            f"{what} of {n} yards to {state.spot_for(r, spot)}: 1st and 10.",
            team=r,
            yards=n,
            data={"ball_on": spot},
        )
    )
    return _possession(state, r, spot, rulings)


def onside_lg(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Onside Kicks: the LG ones digit + 10 yards from the kick line (the receivers flip, as in
    the rulebook's example)."""
    k = _k(state)
    n = _number(_one(rest, "the LG number"), "LG")
    state, rulings = _flip(state, other(k))
    distance = n % 10 + 10
    landing = yards.advance(state.play.kick_from, distance)
    rulings.append(
        Ruling(
            "onside_kick",
            f"Onside kick: LG {n}, {n % 10} + 10 = {distance} yards.",
            team=k,
            yards=distance,
        )
    )
    return replace(state, phase="onside_k", play=replace(state.play, landing=landing)), rulings


def onside_k(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Onside Kicks: the receiving team's K number (EZ counts as the longest kick, 100)."""
    token = _one(rest, "the K number")
    value = 100 if token == "ez" else _number(token, "K")
    state, rulings = _flip(state, other(_k(state)))
    return replace(state, phase="onside_p", play=replace(state.play, onside_k=value)), rulings


def onside_p(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Onside Kicks: the kicking team's P against the receivers' K; the higher recovers, ties
    flip again."""
    k = _k(state)
    r = other(k)
    p = _number(_one(rest, "the P number"), "P")
    state, rulings = _flip(state, k)
    kr = state.play.onside_k
    if p == kr:
        rulings.append(Ruling("onside_tie", f"Onside kick: K {kr} ties P {p}; flip again.", team=k))
        return replace(state, phase="onside_k"), rulings
    landing = state.play.landing
    if p > kr:
        rulings.append(
            Ruling(
                "onside_recovered",
                f"Onside kick: P {p} beats K {kr}: {state.name(k)} recover!",
                team=k,
                data={"ball_on": landing},
            )
        )
        return _possession(state, k, landing, rulings)
    spot = yards.flip(landing)
    rulings.append(
        Ruling(
            "onside_lost",
            f"Onside kick: K {kr} beats P {p}: {state.name(r)} recover.",
            team=r,
            data={"ball_on": spot},
        )
    )
    return _possession(state, r, spot, rulings)


def timeout(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Time: a time-out adds 5 cards to each Time Deck not yet empty; three per half."""
    side = _side(_one(rest, "the team calling it"), state)
    c = state.coach(side)
    if c.timeouts <= 0:
        raise IllegalEntry(f"{state.name(side)} have no time-outs left this half")
    state = _set(state, side, replace(c, timeouts=c.timeouts - 1))
    added = []
    for s in SIDES:
        cs = state.coach(s)
        if cs.time > 0:
            added.append(state.name(s))
            cs = replace(cs, time=cs.time + TIMEOUT_CARDS)
        state = _set(state, s, replace(cs, refresh=True))
    text = f"Time-out {state.name(side)} ({state.coach(side).timeouts} left). " + (
        f"5 cards added to the Time Deck of {' and '.join(added)}."
        if added
        else "No Time Deck gets cards."
    )
    return state, [Ruling("timeout", text, team=side, data={"added": added})]


def refresh_hand(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Time: at a quarter's end, a new possession or a time-out a coach may discard and draw to
    seven from the Draw Deck."""
    if len(rest) != 2:
        raise IllegalEntry("enter the team and the cards discarded: refresh home 2")
    side = _side(rest[0], state, tuple(s for s in SIDES if state.coach(s).refresh))
    c = state.coach(side)
    discarded = _number(rest[1], "cards discarded", 0, c.hand)
    kept = c.hand - discarded
    drawn = max(HAND - kept, 0)
    state = _set(
        state,
        side,
        replace(c, hand=kept + drawn, draw_flips=c.draw_flips + drawn, refresh=False),
    )
    return state, [
        Ruling(
            "refresh",
            f"{state.name(side)} discard {discarded} and draw {drawn} from the Draw Deck.",
            team=side,
        )
    ]


def special_play(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Special Play Cards: the card's text overrides the rules; the table enters the ruling."""
    if len(rest) < 3:
        raise IllegalEntry("enter: special <team> <card-name> <effect> [number]")
    side = _side(rest[0], state)
    card = raw[1]
    effect = rest[2]
    allowed = {
        "result": ("yards", "turnover"),
        "fumble_guess": ("recover",),
    }.get(state.phase, ("none", "cards", "score"))
    _word(effect, allowed, "a Special Play effect now")
    c = state.coach(side)
    state = _set(state, side, replace(c, hand=max(c.hand - 1, 0)))
    needs_number = effect in ("yards", "cards", "score")
    if needs_number != (len(rest) == 4) or len(rest) > 4:
        raise IllegalEntry(
            f"special ... {effect} {'needs a number' if needs_number else 'takes nothing more'}"
        )
    label = f"Special Play {card} ({state.name(side)})"
    if effect == "none":
        return state, [
            Ruling("special_play", f"{label}: played as written.", team=side, data={"card": card})
        ]
    if effect == "cards":
        n = _number(rest[3], "cards drawn", 0, HAND)
        c = state.coach(side)
        state = _set(state, side, replace(c, hand=c.hand + n, draw_flips=c.draw_flips + n))
        return state, [
            Ruling(
                "special_play",
                f"{label}: {n} cards drawn from the Draw Deck.",
                team=side,
                data={"card": card},
            )
        ]
    if effect == "score":
        n = _number(rest[3], "points", 0, 8)
        rulings = [
            Ruling(
                "special_play_score",
                f"{label}: {n} points.",
                team=side,
                points=n,
                data={"card": card},
            )
        ]
        state = _score(state, side, n)
        if state.quarter > REGULATION_QUARTERS and n > 0:
            return _finish(state, rulings)
        return state, rulings
    if effect == "yards":
        n = _number(rest[3], "yards", YARDS_LOW, YARDS_HIGH)
        ruling = Ruling(
            "special_play", f"{label}: {n} yards.", team=side, yards=n, data={"card": card}
        )
        state, more = _conclude(state, Outcome("yards", n, "special"))
        return state, [ruling, *more]
    if effect == "turnover":
        ruling = Ruling(
            "special_play_turnover", f"{label}: turnover.", team=side, data={"card": card}
        )
        return _possession(state, state.defence, yards.flip(_ball(state)), [ruling])
    # recover
    if state.play.recover_card is None:
        ruling = Ruling(
            "special_play",
            f"{label}: recovers the fumble unless answered.",
            team=side,
            data={"card": card},
        )
        return replace(state, play=replace(state.play, recover_card=side)), [ruling]
    ruling = Ruling(
        "special_play",
        f"{label}: both recovery cards cancel; odd or even decides.",
        team=side,
        data={"card": card},
    )
    return replace(state, play=replace(state.play, recover_card=None)), [ruling]


def recovery_card_stands(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Fumbles: a Special Play recovery card not answered by another recovers the ball."""
    _none(rest, "recovered")
    side = state.play.recover_card
    assert side is not None
    return _loose_ball_recovered(state, side, [])


def swap_unit(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Calling Plays: the offence may reposition its players, one OL, RB and WR each side."""
    unit = _word(_one(rest, "rb, wr or ol"), ("rb", "wr", "ol"), "a unit")
    off = state.offense
    assert off is not None
    c = state.coach(off)
    slots = dict(c.offence)
    slots[f"l{unit}"], slots[f"r{unit}"] = slots[f"r{unit}"], slots[f"l{unit}"]
    state = _set(state, off, replace(c, offence=tuple(slots.items())))
    return state, [
        Ruling("lineup", f"{state.name(off)} swap their {unit.upper()}s left and right.", team=off)
    ]


def align_defender(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Double Teaming: a defender moves opposite another player of his kind; two opposite one
    player double team him (optional rules widen where a LB or DB may line up)."""
    if len(rest) != 2:
        raise IllegalEntry("enter: align <defender> <place or left|right>")
    dfn = state.defence
    c = state.coach(dfn)
    pid = _word(rest[0], _defenders(c), "a defender on the field")
    allowed = allowed_places(state, pid)
    where = rest[1]
    if where in ("left", "right"):
        where = where[0] + HOME_PLACE[_unit(pid)]
    _word(where, allowed, f"a place {pid} may line up")
    state = _set(
        state, dfn, replace(c, defence=tuple((p, where if p == pid else w) for p, w in c.defence))
    )
    p = c.player(pid)
    return state, [
        Ruling(
            "lineup",
            f"{state.name(dfn)} line {p.name if p else pid} up opposite the {where.upper()}.",
            team=dfn,
            data={"pid": pid, "place": where},
        )
    ]


def allowed_places(state: RedZoneState, pid: str) -> tuple[str, ...]:
    """Double Teaming / Limiting the TE / Situational Substitutions: DL opposite OL, LB
    opposite RB (or a WR/TE with the LB options), DB opposite WR (or a RB in the nickel)."""
    unit = _unit(pid)
    places = [f"l{HOME_PLACE[unit]}", f"r{HOME_PLACE[unit]}"]
    subs = state.opt("substitutions") == "yes"
    if unit == "lb" and (subs or state.opt("tight_end") == "linebacker"):
        places += ["lwr", "rwr"]
    if unit == "db" and subs:
        places += ["lrb", "rrb"]
    if unit == "dl" and state.opt("tight_end") == "shift":
        places += ["lwr", "rwr"]
    return tuple(places)


def _unit(pid: str) -> str:
    return pid.rstrip("0123456789")


def delay_of_game(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """No Plays: "no plays in his hand after drawing": the play's draw from the Time Deck comes
    first; then delay of game: discard the hand, draw seven from the Draw Deck, lose 5 yards."""
    side = _side(
        _one(rest, "the team with no plays"),
        state,
        (state.offense if state.phase == "call" else state.defence,),
    )
    rulings: list[Ruling] = []
    if state.phase == "call":
        state, rulings = draw_for_the_play(state)
    c = state.coach(side)
    state = _set(state, side, replace(c, hand=HAND, draw_flips=c.draw_flips + HAND))
    ruling = Ruling(
        "delay_of_game",
        f"Delay of game on {state.name(side)}: no plays after drawing; a new hand of seven "
        f"from the Draw Deck, {DELAY_OF_GAME_YARDS} yards.",
        team=side,
    )
    state = replace(state, play=Play(), phase="call")
    state, more = _apply_penalty(state, side, DELAY_OF_GAME_YARDS)
    return state, [*rulings, ruling, *more]


def call_play(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Calling Plays: one of 16 offensive plays to a side and player; a play starts with each
    coach drawing to seven from his Time Deck."""
    if len(rest) not in (2, 3):
        raise IllegalEntry("enter: call <play> <lrb|rrb|lwr|rwr> [passing play number]")
    name = _word(rest[0], RUNS + PASSES, "an offensive play")
    target = _word(rest[1], TARGETS, "a player to give the ball to")
    kind = "run" if name in RUNS else "pass"
    ppn = KNOWN_PASS_NUMBERS.get(name, 0)
    if kind == "pass" and not ppn:
        if len(rest) != 3:
            raise IllegalEntry(
                f"{name} needs its Passing Play Number from the chart: "
                f"call {name} {target} <2|3|4|6|7>"
            )
        ppn = int(_word(rest[2], OPEN_PASS_NUMBERS, "a Passing Play Number left for this play"))
    elif len(rest) == 3:
        raise IllegalEntry(f"{name} takes no Passing Play Number; enter: call {name} {target}")
    if name == "reverse" and reverse_to_tight_end(state, target):
        raise IllegalEntry(
            f"a Reverse can't be run to the Tight End ({target.upper()}) when the TE only helps "
            "outside runs; call it to another player"
        )
    off = state.offense
    assert off is not None
    state, rulings = draw_for_the_play(state)
    for s in (off, other(off)):
        c = state.coach(s)
        state = _set(state, s, replace(c, hand=c.hand - 1))
    play = Play(call=name, kind=kind, target=target, ppn=ppn)
    text = (
        f"{state.name(off)} call {name} ({target.upper()})"
        + (f", Passing Play Number {ppn}" if kind == "pass" else "")
        + "."
    )
    return replace(state, phase="defend", play=play), [
        Ruling(
            "call",
            text,
            team=off,
            data={
                "play": name,
                "target": target,
                "play_type": kind,
                "players": ball_handlers(state.coach(off), name, kind, target),
            },
        ),
        *rulings,
    ]


def ball_handlers(coach: Coach, name: str, kind: str, target: str) -> dict[str, str]:
    """Calling Plays: the play goes to the player lined up at the target (a QB keep to the
    quarterback); a pass is thrown by the quarterback. Names as drafted, for the play-by-play."""
    names = {p.pid: p.name for p in coach.roster}
    qb, carrier = names.get(coach.at("qb"), ""), names.get(coach.at(target), "")
    if name == "qb-keep":
        handlers = {"rusher": qb}
    elif kind == "run":
        handlers = {"rusher": carrier}
    else:
        handlers = {"passer": qb, "receiver": carrier}
    return {role: who for role, who in handlers.items() if who}


def draw_for_the_play(state: RedZoneState) -> Rulings:
    """Starting Play: each coach draws back to seven from his Time Deck (the play has started)."""
    off = state.offense
    assert off is not None
    rulings: list[Ruling] = []
    for s in (off, other(off)):
        c = state.coach(s)
        draw = max(HAND - c.hand, 0)
        state = _set(state, s, replace(c, hand=max(c.hand, HAND), refresh=False))
        state, more = _flip(state, s, draw)
        rulings += more
    return state, rulings


def reverse_to_tight_end(state: RedZoneState, target: str) -> bool:
    """Limiting the TE (1): "Reverses can't be run to the TE" (a TE in a receiver's place)."""
    if state.opt("tight_end") != "outside" or not target.endswith("wr") or state.offense is None:
        return False
    c = state.coach(state.offense)
    carrier = c.player(c.at(target))
    return carrier is not None and carrier.position == "te"


def defend_play(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Calling Plays: the defence picks one of 8 defensive plays."""
    name = _word(_one(rest, "a defensive play"), DEFENCES, "a defensive play")
    dfn = state.defence
    return replace(state, phase="check", play=replace(state.play, defence=name)), [
        Ruling("defend", f"{state.name(dfn)} call {name}.", team=dfn, data={"play": name})
    ]


_CHECK = re.compile(r"^(?:(pen|penalty|p)(\d{1,2})|fadd\+?(\d{1,2}))$")


def _check_value(token: str) -> tuple[str, int]:
    token = ALIASES.get(token, token)
    if token in COLOURS:
        return token, 0
    m = _CHECK.match(token)
    if not m:
        raise IllegalEntry(
            f"{token!r} is not an execution result; enter green, yellow, red, penN or faddN"
        )
    if m.group(2):
        return "penalty", int(m.group(2))
    return "fadd", int(m.group(3))


def execution_check(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Execution Color Check: each coach flips; Penalties stop the play, FADDs flip again."""
    if len(rest) != 2:
        raise IllegalEntry("enter the offence's result then the defence's: flip green yellow")
    off = state.offense
    assert off is not None
    dfn = other(off)
    o, d = _check_value(rest[0]), _check_value(rest[1])
    state, rulings = _flip(state, off)
    state, more = _flip(state, dfn)
    rulings += more
    got = {off: o, dfn: d}
    pens = {s: v[1] for s, v in got.items() if v[0] == "penalty"}
    if pens and state.opt("declining") != "yes" or len(pens) == 2:
        if len(pens) == 2 and pens[off] == pens[dfn]:
            rulings.append(
                Ruling(
                    "penalty_offset", f"Offsetting penalties of {pens[off]} yards: replay the down."
                )
            )
            return _between(replace(state, phase="call", play=Play()), rulings)
        side = max(pens, key=lambda s: pens[s])
        if state.opt("declining") != "yes":
            state = replace(state, phase="call", play=Play())
            state, more = _apply_penalty(state, side, pens[side])
            return state, [*rulings, *more]
        pens = {side: pens[side]}
    fadd = tuple((s, v[1]) for s, v in got.items() if v[0] == "fadd")
    redraw = tuple(s for s in (off, dfn) if got[s][0] not in COLOURS)
    penalty = next(iter(pens.items())) if pens else None
    colours = (o[0] if o[0] in COLOURS else "", d[0] if d[0] in COLOURS else "")
    play = replace(state.play, fadd=fadd, penalty=penalty, redraw=redraw, colours=colours)
    if penalty:
        rulings.append(
            Ruling(
                "penalty_flag",
                f"Penalty {penalty[1]} yards on {state.name(penalty[0])}: "
                "flip again from the Draw Deck.",
                team=penalty[0],
            )
        )
    for s, n in fadd:
        rulings.append(
            Ruling("fadd", f"FADD {n} on {state.name(s)}: flip again from the Draw Deck.", team=s)
        )
    state = replace(state, play=play)
    if redraw:
        return replace(state, phase="redraw"), rulings
    return _colours_known(state, rulings)


def redraw_colour(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Penalties: after a FADD (or a penalty to decline) flip the Draw Deck until a colour."""
    if len(rest) not in (1, 2):
        raise IllegalEntry("enter the colour found and optionally the cards flipped: draw green 2")
    colour = _word(rest[0], COLOURS, "a colour")
    cards = _number(rest[1], "cards flipped", 1, 60) if len(rest) == 2 else 1
    play = state.play
    side = play.redraw[0]
    c = state.coach(side)
    state = _set(state, side, replace(c, draw_flips=c.draw_flips + cards))
    off = state.offense
    colours = (colour, play.colours[1]) if side == off else (play.colours[0], colour)
    state = replace(state, play=replace(play, redraw=play.redraw[1:], colours=colours))
    ruling = Ruling("redraw", f"{state.name(side)} find {colour} in the Draw Deck.", team=side)
    if state.play.redraw:
        return state, [ruling]
    return _colours_known(state, [ruling])


def _colours_known(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    o, d, notes = shifted_colours(state)
    play = replace(state.play, colours=(o, d))
    text = (
        f"Execution: {play.call} {o} against {play.defence} {d}"
        + (f" ({'; '.join(notes)})" if notes else "")
        + "."
    )
    rulings.append(Ruling("execution", text, data={"offence": o, "defence": d}))
    return replace(state, phase="result", play=play), rulings


def shifted_colours(state: RedZoneState) -> tuple[str, str, list[str]]:
    """Double Teaming, the DL key, vacant positions (Injuries) and a LB covering a receiver
    (Canceling the TE, 3 Wide): colour-grade shifts."""
    play = state.play
    off = state.offense
    assert off is not None
    oc, dc = state.coach(off), state.coach(other(off))
    o, d = GRADE[play.colours[0]], GRADE[play.colours[1]]
    notes: list[str] = []
    side = play.target[0]
    across = ("r" if side == "l" else "l") + play.target[1:]
    covering, away = dc.facing(play.target), dc.facing(across)
    if len(covering) >= 2:
        notes.append("double team on the ball carrier: defence up a grade")
        if d > 0:
            d -= 1
        else:
            o = max(o - 1, 0)
    elif not covering and len(away) >= 2:
        notes.append("ball away from the double team: defence down a grade")
        if d < 2:
            d += 1
        else:
            o = min(o + 1, 2)
    elif not covering:
        notes.append("nobody lines up opposite the ball carrier (vacant): offence up a grade")
        o = min(o + 1, 2)
    dls = [w for p, w in dc.defence if _unit(p) == "dl"]
    if play.kind == "run" and len(dls) == 2 and dls[0] == dls[1]:
        if dls[0][0] == side:
            notes.append("DLs key on this side: offence down a grade")
            o = max(o - 1, 0)
        else:
            notes.append("no DL on this side: offence up a grade")
            o = min(o + 1, 2)
    carrier = oc.player(oc.at(play.target))
    if carrier is None:
        notes.append("called to a vacant position: offence down a grade")
        o = max(o - 1, 0)
    elif (
        play.kind == "pass"
        and carrier.position in ("wr", "te")
        and covering
        and all(_unit(p) == "lb" for p in covering)
    ):
        notes.append("a Linebacker covers the receiver: offence up a grade")
        o = min(o + 1, 2)
    names = {v: k for k, v in GRADE.items()}
    return names[o], names[d], notes


def chart_result(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Red Zone Charts: a number is yards; a code names a player to check or a turnover."""
    token = _one(rest, "the chart's result")
    play = state.play
    off = state.offense
    assert off is not None
    dfn = other(off)
    if re.fullmatch(r"[+-]?\d{1,3}", token):
        n = _number(token, "yards", YARDS_LOW, YARDS_HIGH)
        return _conclude(
            state, Outcome("yards", n, "chart"), [Ruling("chart", f"Chart: {n:+d} yards.", yards=n)]
        )
    codes = RUN_CODES if play.kind == "run" else PASS_CODES
    code = "f" if token == "fumble" else token
    code = _word(
        code, codes, f"a result on a {'running' if play.kind == 'run' else 'passing'} play"
    )
    ruling = Ruling("chart", f"Chart: {code.upper()}.", data={"code": code})
    side = play.target[0]
    if code == "f":
        return _conclude(state, Outcome("fumble"), [ruling])
    if code == "long":
        return replace(
            state, phase="lg", play=replace(play, lg_bonus=10 if play.kind == "pass" else 0)
        ), [ruling]
    if code == "inc":
        return _conclude(state, Outcome("inc"), [ruling])
    if code == "int":
        return _conclude(state, Outcome("int"), [ruling])
    if play.kind == "run":
        if code in ("dl", "lb"):
            return _skill(state, dfn, _play_side_defender(state, code), "tackle", [ruling])
        if code == "ol":
            return _skill(state, off, state.coach(off).at(f"{side}ol"), "block", [ruling])
        return _skill(state, off, _runner(state, code), "run", [ruling])
    if code in ("dl", "db*"):
        return _skill(state, dfn, _play_side_defender(state, code[:2]), "tackle", [ruling])
    if code in ("dl*", "lb*"):
        pid = _play_side_defender(state, code[:2])
        return replace(
            state,
            phase="star",
            play=replace(play, check=Check(dfn, pid, "tackle", _label(state, dfn, pid))),
        ), [ruling]
    if code == "db":
        return _skill(state, dfn, _cover_defender(state), "cover", [ruling])
    if code == "qb":
        return _skill(state, off, state.coach(off).at("qb"), "throw", [ruling])
    return _skill(state, off, state.coach(off).at(f"{side}{code}"), "catch", [ruling])


def star_answer(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """*Tackle: a play-side rusher with a * makes a tackle check; without one, incomplete."""
    ans = _word(_one(rest, "yes or no"), ("yes", "no"), "yes or no")
    c = state.play.check
    assert c is not None
    if ans == "no":
        return _conclude(
            state,
            Outcome("inc"),
            [Ruling("no_sack", f"{c.label} has no *: the pass falls incomplete.")],
        )
    return _skill(
        state,
        c.owner,
        c.pid,
        "tackle",
        [Ruling("pass_rush", f"{c.label} has a *: Tackle check, the QB scrambles.")],
    )


def skill_check(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Skill Check: the owner flips; the Player colour picks the line; Injury plays the yellow
    result and removes the player after the play."""
    if len(rest) != 2:
        raise IllegalEntry("enter the Player colour and the result: skill green 7")
    colour = _word(rest[0], (*COLOURS, "injury"), "a Player colour")
    token = rest[1]
    c = state.play.check
    assert c is not None
    state, rulings = _flip(state, c.owner)
    play = state.play
    if colour == "injury" and c.pid and (c.owner, c.pid) not in state.subs:
        state = replace(state, subs=(*state.subs, (c.owner, c.pid)))
        rulings.append(
            Ruling(
                "injury",
                f"{c.label} is injured; the play finishes on the yellow result.",
                team=c.owner,
                data={"pid": c.pid},
            )
        )
    state = replace(state, play=play)
    is_number = bool(re.fullmatch(r"[+-]?\d{1,3}", token))
    if is_number and c.skill in SKILL_NUMBERS:
        n = _number(token, "yards", YARDS_LOW, YARDS_HIGH)
        rulings.append(
            Ruling("skill", f"{c.label}'s {c.skill.title()}: {colour}, {n:+d} yards.", yards=n)
        )
        return _conclude(
            state, Outcome("yards", n, "skill" if c.skill == "catch" else "run_skill"), rulings
        )
    result = _word(token, SKILL_WORDS[c.skill], f"a {c.skill.title()} result")
    off = state.offense
    assert off is not None
    # A defender's Cover check that comes up INT: he is the one who picks the pass off.
    defender = state.coach(c.owner).player(c.pid) if c.owner != off else None
    picked = {"players": {"interceptor": defender.name}} if defender and result == "int" else {}
    rulings.append(
        Ruling("skill", f"{c.label}'s {c.skill.title()}: {colour}, {result.upper()}.", data=picked)
    )
    if result in ("inc", "int", "td"):
        return _conclude(state, Outcome(result), rulings)
    if result == "fumble":
        return _conclude(state, Outcome("fumble"), rulings)
    if result == "long":
        return replace(
            state, phase="lg", play=replace(play, lg_bonus=10 if play.kind == "pass" else 0)
        ), rulings
    if result == "complete":
        return _skill(state, off, _target_pid(state), "catch", rulings)
    if result == "run":
        return _skill(state, off, state.coach(off).at("qb"), "run", rulings)
    if result in ("c-1p", "c-2p"):
        n = play.ppn * (1 if result == "c-1p" else 2)
        return _conclude(state, Outcome("yards", n, "cover"), rulings)
    # "wr": burnt; the covered receiver's Catch skill decides the gain.
    return _skill(state, off, _target_pid(state), "catch", rulings)


def long_gain(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Long Gains: the LG number, +10 yards on a passing play; TD scores from anywhere."""
    token = _one(rest, "the LG number or td")
    off = state.offense
    assert off is not None
    bonus = state.play.lg_bonus
    state, rulings = _flip(state, off)
    if token == "td":
        rulings.append(Ruling("long_gain", "Long gain: TD!"))
        return _conclude(state, Outcome("td", 0, "lg"), rulings)
    n = _number(token, "LG")
    rulings.append(
        Ruling(
            "long_gain",
            f"Long gain: LG {n}" + (f" + {bonus} = {n + bonus}" if bonus else "") + " yards.",
            yards=n + bonus,
        )
    )
    return _conclude(state, Outcome("yards", n + bonus, "lg"), rulings)


def penalty_choice(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], accept: bool
) -> Rulings:
    """Declining Penalties (optional): the coach not penalised takes the penalty or the play."""
    _none(rest, "accept" if accept else "decline")
    play = state.play
    assert play.penalty is not None and play.outcome is not None
    side, n = play.penalty
    victim = other(side)
    if accept:
        ruling = Ruling(
            "penalty_accepted", f"{state.name(victim)} accept the penalty.", team=victim
        )
        state = replace(state, phase="call", play=replace(play, penalty=None))
        state, more = _apply_penalty(state, side, n)
        return state, [ruling, *more]
    ruling = Ruling(
        "penalty_declined",
        f"{state.name(victim)} decline the penalty and take the play.",
        team=victim,
    )
    state = replace(state, play=replace(play, penalty=None))
    state, more = _apply_outcome(state, play.outcome)
    return state, [ruling, *more]


# Outcomes -----------------------------------------------------------------------------------


def _conclude(
    state: RedZoneState, outcome: Outcome, rulings: list[Ruling] | None = None
) -> Rulings:
    """Tight End, FADD and no-long-bomb adjustments, then the penalty choice if one is pending."""
    rulings = list(rulings or [])
    play = state.play
    off = state.offense
    assert off is not None
    if outcome.kind == "yards":
        n = outcome.yards
        if play.kind == "run" and outcome.source != "special":
            extra, notes = run_yards(state)
            n += extra
            rulings += [Ruling("run_yards", note + ".") for note in notes]
        for s, fadd in play.fadd:
            n = n - fadd if s == off else n + fadd
            rulings.append(
                Ruling(
                    "fadd_applied",
                    f"FADD {fadd} on {state.name(s)}: {'-' if s == off else '+'}{fadd} yards.",
                    team=s,
                )
            )
        outcome = replace(outcome, yards=n)
        if long_bomb_incomplete(state, outcome):
            rulings.append(
                Ruling("long_bomb", "No long bombs in the end zone: past the end line, incomplete.")
            )
            outcome = Outcome("inc")
    if play.penalty is not None:
        return replace(state, phase="decline", play=replace(play, outcome=outcome)), rulings
    state, more = _apply_outcome(state, outcome)
    return state, [*rulings, *more]


def run_yards(state: RedZoneState) -> tuple[int, list[str]]:
    """Tight Ends (+1 to his side, optional limits), Canceling the TE (a LB opposite him
    cancels it; a LB opposite a WR on the play side -1) and the Nickel (+1 at a DB)."""
    play = state.play
    off = state.offense
    assert off is not None
    c, dc = state.coach(off), state.coach(other(off))
    side = play.target[0]
    end = c.player(c.at(f"{side}wr"))
    facing_end = dc.facing(f"{side}wr")
    lb_on_end = any(_unit(p) == "lb" for p in facing_end)
    extra, notes = 0, []
    dl_on_end = any(_unit(p) == "dl" for p in facing_end)
    if end is not None and end.position == "te" and dl_on_end:
        if play.call in OUTSIDE_RUNS:
            extra -= 1
            notes.append("a Defensive Lineman shifted onto the Tight End: -1 yard outside")
        else:
            extra += 1
            notes.append("inside run on the side the Defensive Lineman left: +1 yard")
    elif end is not None and end.position == "te":
        rule = state.opt("tight_end")
        if rule == "outside" and play.call not in TE_OUTSIDE_RUNS:
            pass
        elif lb_on_end:
            notes.append("a Linebacker opposite the Tight End cancels his yard")
        else:
            extra += 1
            notes.append("Tight End on the play side: +1 yard")
    elif end is not None and lb_on_end:
        extra -= 1
        notes.append("a Linebacker opposite the play-side receiver: -1 yard")
    if play.target.endswith("rb") and any(_unit(p) == "db" for p in dc.facing(play.target)):
        extra += 1
        notes.append("a Defensive Back opposite the back: +1 yard")
    return extra, notes


def long_bomb_incomplete(state: RedZoneState, outcome: Outcome) -> bool:
    """No Long Bombs in the End Zone (optional): from inside the 20 a chart gain past the end
    line is incomplete (harsh: every catch but a Long Gain, Cover checks included; harshest:
    long gains too)."""
    rule = state.opt("long_bombs")
    if rule == "off" or state.play.kind != "pass" or _ball(state) > RED_ZONE:
        return False
    if not yards.beyond_end_line(yards.advance(_ball(state), outcome.yards)):
        return False
    sources = {
        "normal": ("chart",),
        "harsh": ("chart", "skill", "cover"),
        "harshest": ("chart", "skill", "cover", "lg"),
    }
    return outcome.source in sources[rule]


def _apply_outcome(state: RedZoneState, outcome: Outcome) -> Rulings:
    if outcome.kind == "yards":
        return _gain(state, outcome.yards)
    if outcome.kind == "td":
        off = state.offense
        assert off is not None
        if state.is_try:
            return _try_over(state, True, [])
        return _touchdown(state, off, [])
    if outcome.kind == "inc":
        rulings = [Ruling("incomplete", "Incomplete pass.")]
        if state.is_try:
            return _try_over(state, False, rulings)
        return _next_down(state, _ball(state), rulings)
    if outcome.kind == "int":
        return _interception(state)
    return _fumble(state, [])


def _gain(state: RedZoneState, n: int, rulings: list[Ruling] | None = None) -> Rulings:
    """Downs: the ball moves; a touchdown, a safety, a first down or the next down."""
    rulings = list(rulings or [])
    off = state.offense
    assert off is not None
    spot = yards.advance(_ball(state), n)
    if state.is_try:
        return _try_over(state, yards.is_touchdown(spot), rulings)
    if yards.is_touchdown(spot):
        rulings.append(Ruling("gain", f"{n:+d} yards.", team=off, yards=n))
        return _touchdown(state, off, rulings)
    if yards.is_safety(spot):
        rulings.append(Ruling("gain", f"{n:+d} yards: tackled in the end zone.", team=off, yards=n))
        return _safety(state, other(off), rulings)
    return _next_down(state, spot, rulings, gained=n)


def _next_down(
    state: RedZoneState, spot: int, rulings: list[Ruling], gained: int | None = None
) -> Rulings:
    off = state.offense
    assert off is not None and state.marker is not None and state.down is not None
    prefix = f"{gained:+d} yards. " if gained is not None else ""
    if spot <= state.marker:
        state = replace(state, ball_on=spot, down=1, marker=yards.first_down_marker(spot))
        rulings.append(
            Ruling(
                "first_down",
                f"{prefix}First down {state.name(off)} at {spot_text(state)}.",
                team=off,
                yards=gained,
                data={"ball_on": spot},
            )
        )
        return _between(replace(state, phase="call", play=Play()), rulings)
    if state.down >= 4:
        dfn = other(off)
        rulings.append(
            Ruling("turnover_on_downs", f"{prefix}Turnover on downs.", team=off, yards=gained)
        )
        state, more = _possession(state, dfn, yards.flip(spot), rulings)
        return state, more
    state = replace(state, ball_on=spot, down=state.down + 1)
    rulings.append(
        Ruling(
            "down", f"{prefix}{down_line(state)}.", team=off, yards=gained, data={"ball_on": spot}
        )
    )
    return _between(replace(state, phase="call", play=Play()), rulings)


def _apply_penalty(state: RedZoneState, side: Side, n: int) -> Rulings:
    """Penalties: yards against the team flagged, the down replayed (never more than half the
    distance to the goal)."""
    off = state.offense
    assert off is not None
    spot = yards.penalty_spot(_ball(state), n if side != off else -n)
    state = replace(state, ball_on=spot, play=Play(), phase="call")
    assert state.marker is not None
    text = f"Penalty on {state.name(side)}, {n} yards: the down is replayed"
    if not state.is_try and spot <= state.marker:
        state = replace(state, down=1, marker=yards.first_down_marker(spot))
        text += ", first down"
    ruling = Ruling(
        "penalty", f"{text}. {down_line(state)}.", team=side, yards=n, data={"ball_on": spot}
    )
    return _between(state, [ruling])


def _touchdown(state: RedZoneState, side: Side, rulings: list[Ruling]) -> Rulings:
    """Touchdown: 6 points, then the extra point or two-point try (sudden death ends it)."""
    rulings.append(
        Ruling("touchdown", f"TOUCHDOWN {state.name(side)}! 6 points.", team=side, points=6)
    )
    state = _score(state, side, 6)
    if state.quarter > REGULATION_QUARTERS:
        return _finish(state, rulings)
    return replace(
        state,
        phase="try",
        scorer=side,
        offense=side,
        ball_on=None,
        down=None,
        marker=None,
        play=replace(state.play, check=None),
    ), rulings


def _safety(state: RedZoneState, scorer: Side, rulings: list[Ruling]) -> Rulings:
    """Safety: 2 points; the team that gave it up kicks or punts from its 20."""
    rulings.append(
        Ruling("safety", f"SAFETY! 2 points {state.name(scorer)}.", team=scorer, points=2)
    )
    state = _score(state, scorer, 2)
    if state.quarter > REGULATION_QUARTERS:
        return _finish(state, rulings)
    state = replace(state, kicker=other(scorer), offense=None, ball_on=None, down=None, marker=None)
    return _between(
        replace(state, phase="safety_kick", play=replace(state.play, check=None)), rulings
    )


def try_choice(state: RedZoneState, rest: Sequence[str], raw: Sequence[str], two: bool) -> Rulings:
    """Extra Points / Two Point Conversion: a kick good unless 55*, or a play from the 3."""
    _none(rest, "two" if two else "kick")
    s = state.scorer
    assert s is not None
    if two:
        state = replace(
            state,
            phase="call",
            is_try=True,
            offense=s,
            ball_on=TWO_POINT_LINE,
            down=1,
            marker=0,
            play=Play(),
        )
        return state, [Ruling("go_for_two", f"{state.name(s)} go for two from the 3.", team=s)]
    return replace(state, phase="pat"), [
        Ruling(
            "decision",
            f"{state.name(s)} kick the extra point.",
            team=s,
            data={"choice": "kick"},
        )
    ]


def extra_point(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Extra Points: the kick is good unless the FG section shows 55*."""
    token = _one(rest, "the FG result")
    s = state.scorer
    assert s is not None
    if token not in ("55*", "blocked"):
        _number(token, "FG")
    state, rulings = _flip(state, s)
    if token in ("55*", "blocked"):
        rulings.append(
            Ruling(
                "extra_point_failed" if token == "55*" else "extra_point_blocked",
                f"Extra point {'no good (55*)' if token == '55*' else 'blocked'}.",
                team=s,
            )
        )
    else:
        rulings.append(
            Ruling("extra_point", f"Extra point good: 1 point {state.name(s)}.", team=s, points=1)
        )
        state = _score(state, s, 1)
    return _after_score(state, s, rulings)


def _try_over(state: RedZoneState, good: bool, rulings: list[Ruling]) -> Rulings:
    s = state.scorer
    assert s is not None
    if good:
        rulings.append(
            Ruling(
                "two_point",
                f"Two-point conversion good: 2 points {state.name(s)}.",
                team=s,
                points=2,
            )
        )
        state = _score(state, s, 2)
    else:
        rulings.append(Ruling("two_point_failed", "Two-point conversion no good.", team=s))
    return _after_score(state, s, rulings)


def _after_score(state: RedZoneState, scorer: Side, rulings: list[Ruling]) -> Rulings:
    state = replace(
        state,
        phase="kickoff",
        kicker=scorer,
        scorer=None,
        is_try=False,
        offense=None,
        ball_on=None,
        down=None,
        marker=None,
    )
    return _between(state, rulings)


def field_goal_call(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Field Goals: attempted any time; the kick is from the line of scrimmage + 17."""
    _none(rest, "fieldgoal")
    need = yards.field_goal_distance(_ball(state))
    off = state.offense
    assert off is not None
    return replace(state, phase="fg", play=Play()), [
        Ruling(
            "field_goal_try",
            f"{state.name(off)} try a {need}-yard field goal.",
            team=off,
            yards=need,
        )
    ]


def field_goal(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Field Goals: good if the FG number equals or exceeds the distance; a miss gives the
    defence the ball at the kick spot; a block is a loose ball behind the line."""
    token = _one(rest, "the FG number")
    off = state.offense
    assert off is not None
    dfn = other(off)
    if token == "blocked":
        state, rulings = _flip(state, off)
        rulings.append(Ruling("field_goal_blocked", "Field goal blocked!", team=dfn))
        return replace(state, phase="fumble_lg", play=replace(state.play, behind=True)), rulings
    n = 55 if token == "55*" else _number(token, "FG")
    need = yards.field_goal_distance(_ball(state))
    state, rulings = _flip(state, off)
    if n >= need:
        rulings.append(
            Ruling(
                "field_goal",
                f"Field goal: FG {n} against {need}: good! 3 points {state.name(off)}.",
                team=off,
                points=3,
            )
        )
        state = _score(state, off, 3)
        if state.quarter > REGULATION_QUARTERS:
            return _finish(state, rulings)
        return _after_score(state, off, rulings)
    # A miss from deep in one's own end would give the ball inside the end zone: the 1 instead.
    spot = max(yards.flip(yards.field_goal_spot(_ball(state))), 1)
    rulings.append(
        Ruling(
            "field_goal_missed",
            f"Field goal: FG {n} against {need}: no good. "
            f"{state.name(dfn)} ball at {state.spot_for(dfn, spot)}.",
            team=off,
        )
    )
    return _possession(state, dfn, spot, rulings)


def punt_call(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], coffin: bool
) -> Rulings:
    """Punts (and Coffin Corner Punts: 5 to 25 yards announced before the flip, only in the
    scoring half)."""
    off = state.offense
    assert off is not None
    c = 0
    if coffin:
        c = _number(_one(rest, "yards taken off, 5 to 25"), "coffin-corner yards", 5, 25)
        if _ball(state) > yards.MIDFIELD:
            raise IllegalEntry(
                "a coffin-corner punt is only allowed in the scoring half (50 or closer)"
            )
    else:
        _none(rest, "punt")
    text = f"{state.name(off)} punt" + (f", coffin corner less {c} yards" if coffin else "") + "."
    return replace(state, phase="punt", play=Play(coffin=c, kick_from=_ball(state))), [
        Ruling("punt_call", text, team=off)
    ]


def punt_flip(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Punts: P yards from the line of scrimmage (+15 after a safety); into the end zone is a
    touchback; a blocked punt is a loose ball behind the line."""
    token = _one(rest, "the P number or blocked")
    off = state.offense
    assert off is not None
    dfn = other(off)
    play = state.play
    if token == "blocked":
        if play.safety_punt:
            raise IllegalEntry("a free kick after a safety cannot be blocked; enter the P number")
        state, rulings = _flip(state, off)
        rulings.append(Ruling("punt_blocked", "Punt blocked!", team=dfn))
        return replace(state, phase="fumble_lg", play=replace(play, behind=True)), rulings
    n = _number(token, "P")
    state, rulings = _flip(state, off)
    distance = n + (SAFETY_PUNT_BONUS if play.safety_punt else 0) - play.coffin
    landing = yards.advance(play.kick_from, distance)
    if yards.is_touchdown(landing):
        rulings.append(
            Ruling(
                "punt_touchback",
                f"Punt: {distance} yards into the end zone: touchback.",
                team=off,
                yards=distance,
            )
        )
        return _possession(state, dfn, yards.touchback(), rulings)
    spot = yards.flip(landing)
    play = replace(play, landing=spot)
    state = replace(state, play=play)
    if play.coffin:
        if state.opt("coffin_colour") == "yes":
            rulings.append(
                Ruling(
                    "punt",
                    f"Coffin-corner punt: P {n} less {play.coffin} = {distance} yards.",
                    team=off,
                    yards=distance,
                )
            )
            return replace(state, phase="coffin_colour"), rulings
        rulings.append(
            Ruling(
                "punt",
                f"Coffin-corner punt: {distance} yards, out of bounds at "
                f"{state.spot_for(dfn, spot)}.",
                team=off,
                yards=distance,
            )
        )
        return _possession(state, dfn, spot, rulings)
    rulings.append(
        Ruling(
            "punt",
            f"Punt: {distance} yards to {state.spot_for(dfn, spot)}.",
            team=off,
            yards=distance,
            data={"ball_on": spot},
        )
    )
    return replace(state, phase="punt_choice"), rulings


def coffin_colour(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Coffin Corner Kicks (optional): yellow +5 with a return, red out of bounds, green as
    kicked with a return."""
    colour = _word(_one(rest, "the colour"), COLOURS, "a colour")
    off = state.offense
    assert off is not None
    dfn = other(off)
    c = state.coach(off)
    state = _set(state, off, replace(c, draw_flips=c.draw_flips + 1))
    spot = state.play.landing
    if colour == "red":
        return _possession(
            state,
            dfn,
            spot,
            [Ruling("coffin", f"Red: out of bounds at {state.spot_for(dfn, spot)}.", team=off)],
        )
    if colour == "yellow":
        landing = yards.advance(yards.flip(spot), 5)
        if yards.is_touchdown(landing):
            return _possession(
                state,
                dfn,
                yards.touchback(),
                [
                    Ruling(
                        "punt_touchback",
                        "Yellow: 5 more yards, into the end zone: touchback.",
                        team=off,
                    )
                ],
            )
        spot = yards.flip(landing)
    state = replace(state, play=replace(state.play, landing=spot), phase="punt_choice")
    return state, [
        Ruling(
            "coffin",
            f"{colour.title()}: the punt comes down at {state.spot_for(dfn, spot)} and can be "
            "returned.",
            team=off,
        )
    ]


def punt_choice(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], fair: bool
) -> Rulings:
    """Punts: the receiver takes a fair catch or returns it with PR."""
    _none(rest, "fair" if fair else "return")
    dfn = state.defence
    if fair:
        spot = state.play.landing
        return _possession(
            state,
            dfn,
            spot,
            [Ruling("fair_catch", f"Fair catch at {state.spot_for(dfn, spot)}.", team=dfn)],
        )
    return replace(state, phase="pr"), [
        Ruling(
            "decision", f"{state.name(dfn)} return the punt.", team=dfn, data={"choice": "return"}
        )
    ]


def _interception(state: RedZoneState) -> Rulings:
    """Interceptions: Passing Play Number x 3 yards downfield; beyond the end line a touchback."""
    off = state.offense
    assert off is not None
    dfn = other(off)
    depth = state.play.ppn * 3
    spot = yards.advance(_ball(state), depth)
    text = f"INTERCEPTED {depth} yards downfield ({state.play.call}, number {state.play.ppn})"
    if state.is_try:
        return _try_over(state, False, [Ruling("interception", text + ".", team=dfn)])
    if yards.beyond_end_line(spot):
        rulings = [
            Ruling("interception", text + ": beyond the end line, touchback at the 20.", team=dfn)
        ]
        return _possession(state, dfn, yards.touchback(), rulings)
    where = (
        "in the end zone"
        if yards.is_touchdown(spot)
        else f"at {state.spot_for(dfn, yards.flip(spot))}"
    )
    play = replace(state.play, landing=yards.flip(spot))
    return replace(state, phase="int_choice", play=play), [
        Ruling("interception", f"{text}, {where}.", team=dfn, data={"ball_on": yards.flip(spot)})
    ]


def interception_choice(
    state: RedZoneState, rest: Sequence[str], raw: Sequence[str], down: bool
) -> Rulings:
    """Interceptions: down the ball (a touchback in the end zone) or return it with PR."""
    _none(rest, "down" if down else "return")
    dfn = state.defence
    if not down:
        return replace(state, phase="int_return"), [
            Ruling(
                "decision",
                f"{state.name(dfn)} return the interception.",
                team=dfn,
                data={"choice": "return"},
            )
        ]
    spot = state.play.landing
    if yards.is_safety(spot):
        return _possession(
            state,
            dfn,
            yards.touchback(),
            [Ruling("touchback", "Downed in the end zone: touchback at the 20.", team=dfn)],
        )
    return _possession(
        state, dfn, spot, [Ruling("downed", f"Downed at {state.spot_for(dfn, spot)}.", team=dfn)]
    )


def interception_return(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Interceptions: PR yards; a return that fails to leave the end zone is a safety."""
    n = _number(_one(rest, "the PR number"), "PR")
    off = state.offense
    assert off is not None
    dfn = other(off)
    state, rulings = _flip(state, dfn)
    spot = yards.advance(state.play.landing, n)
    if yards.is_touchdown(spot):
        rulings.append(
            Ruling("return", f"Interception return of {n} yards: touchdown!", team=dfn, yards=n)
        )
        return _touchdown(replace(state, offense=dfn), dfn, rulings)
    if yards.is_safety(spot):
        rulings.append(
            Ruling(
                "return",
                f"Interception return of {n} yards, still in the end zone.",
                team=dfn,
                yards=n,
            )
        )
        state = replace(state, offense=dfn)
        return _safety(state, off, rulings)
    rulings.append(
        Ruling(
            "return",
            f"Interception returned {n} yards to {state.spot_for(dfn, spot)}.",
            team=dfn,
            yards=n,
            data={"ball_on": spot},
        )
    )
    return _possession(state, dfn, spot, rulings)


def _fumble(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """Fumbles: the ball is loose; the offensive coach flips LG for the spot."""
    off = state.offense
    assert off is not None
    if state.is_try:
        return _try_over(
            state, False, [*rulings, Ruling("fumble", "Fumble on the try: no good.", team=off)]
        )
    return replace(state, phase="fumble_lg"), [
        *rulings,
        Ruling("fumble", "FUMBLE! The ball is loose.", team=off),
    ]


def fumble_spot(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Fumbles (and Blocks): the LG ones digit is the spot, downfield (behind the line for a
    blocked kick)."""
    n = _number(_one(rest, "the LG number"), "LG")
    off = state.offense
    assert off is not None
    state, rulings = _flip(state, off)
    digit = n % 10
    play = state.play
    spot = yards.behind(_ball(state), digit) if play.behind else yards.advance(_ball(state), digit)
    rulings.append(
        Ruling(
            "loose_ball",
            f"LG {n}: the ball is loose {digit} yards "
            f"{'behind the line' if play.behind else 'downfield'}.",
            data={"ball_on": spot},
        )
    )
    return replace(state, phase="fumble_guess", play=replace(play, loose_at=spot)), rulings


def fumble_guess(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Fumbles: the offence picks a card field, the defence calls odd or even."""
    if len(rest) != 2:
        raise IllegalEntry("enter the offence's field then the defence's call: guess k odd")
    f = _word(rest[0], FUMBLE_FIELDS, "a card field")
    call = _word(rest[1], ("odd", "even"), "odd or even")
    off = state.offense
    assert off is not None
    ruling = Ruling(
        "recovery_call",
        f"{state.name(other(off))} call {call} on the offence's {f.upper()} number.",
        team=other(off),
        data={"field": f, "call": call},
    )
    return replace(
        state, phase="fumble_flip", play=replace(state.play, loose_field=f, loose_call=call)
    ), [ruling]


def fumble_flip(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Fumbles: the defence recovers if its odd/even call matches the offence's flipped number."""
    n = _number(_one(rest, "the number"), state.play.loose_field.upper())
    off = state.offense
    assert off is not None
    state, rulings = _flip(state, off)
    parity = "odd" if n % 2 else "even"
    winner = other(off) if parity == state.play.loose_call else off
    rulings.append(
        Ruling(
            "recovery_flip",
            f"{state.play.loose_field.upper()} {n} is {parity}; "
            f"{state.name(other(off))} called {state.play.loose_call}.",
        )
    )
    return _loose_ball_recovered(state, winner, rulings)


def _loose_ball_recovered(state: RedZoneState, winner: Side, rulings: list[Ruling]) -> Rulings:
    off = state.offense
    assert off is not None
    dfn = other(off)
    play = state.play
    spot = play.loose_at
    if winner == off:
        rulings.append(Ruling("recovered", f"{state.name(off)} recover.", team=off))
        state = replace(state, play=replace(play, behind=False))
        return _gain(state, yards.distance_to_gain(_ball(state), spot), rulings)
    # A blocked kick lies behind the line; any other loose ball was fumbled.
    lost = "blocked_kick_recovered" if play.behind else "fumble_lost"
    rulings.append(Ruling(lost, f"{state.name(dfn)} recover!", team=dfn))
    if yards.is_safety(spot):
        return _touchdown(replace(state, offense=dfn), dfn, rulings)
    if yards.is_touchdown(spot):
        rulings.append(
            Ruling("touchback", "Recovered in the end zone: touchback at the 20.", team=dfn)
        )
        return _possession(state, dfn, yards.touchback(), rulings)
    return _possession(state, dfn, yards.flip(spot), rulings)


def substitute(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Injuries: a substitute from the discard pile, then the Draw Deck, then the hand; none
    leaves the position vacant."""
    if not rest:
        raise IllegalEntry(
            "enter where the substitute came from: sub discard|draw|hand|none [name]"
        )
    where = _word(rest[0], ("discard", "draw", "hand", "none", "bench"), "a place")
    name = " ".join(raw[1:]).strip()
    if name and where in ("none", "bench"):
        raise IllegalEntry(f"sub {where} takes no name; the name is for a card brought in")
    _not_drafted(state, name)
    side, pid = state.subs[0]
    c = state.coach(side)
    p = c.player(pid)
    assert p is not None
    if where != "bench":
        name, discard = _substitution_order(state, side, pid, where, name)
        c = replace(c, discard=discard)
    newc = replace(c, injured=(*c.injured, pid))
    new_pid = ""
    if where != "none":
        if where == "bench":
            bench = _bench(state, side, pid)
            if not bench:
                raise IllegalEntry(
                    "no drafted back-up for this position; enter discard, draw, hand or none"
                )
            new_pid = bench[0]
        else:
            unit = p.pid.rstrip("0123456789")
            n = sum(1 for q in c.roster if q.pid.rstrip("0123456789") == unit) + 1
            new_pid = f"{unit}{n}"
            newc = replace(
                newc,
                roster=(
                    *newc.roster,
                    Player(
                        new_pid,
                        p.position,
                        name or f"{state.name(side)} substitute {unit.upper()}{n}",
                    ),
                ),
            )
        if where == "draw":
            newc = replace(newc, draw_flips=newc.draw_flips + 1)
        if where == "hand":
            newc = replace(newc, hand=max(newc.hand - 1, 0))
    newc = replace(
        newc,
        offence=tuple((s, new_pid if q == pid else q) for s, q in newc.offence),
        defence=tuple(
            (new_pid if q == pid else q, s)
            for q, s in newc.defence
            if not (q == pid and not new_pid)
        ),
    )
    state = replace(_set(state, side, newc), subs=state.subs[1:], sub_team="")
    newcomer = newc.player(new_pid) if new_pid else None
    text = f"{p.name} leaves the game; " + (
        f"{newcomer.name} comes in from the {where}." if newcomer else "the position is vacant."
    )
    rulings = [Ruling("substitution", text, team=side)]
    if state.subs:
        return state, rulings
    resume = state.resume
    assert resume is not None
    return _between(replace(state, phase=resume, resume=None), rulings)


def _substitution_order(
    state: RedZoneState, side: Side, pid: str, where: str, name: str
) -> tuple[str, tuple[tuple[str, str, bool], ...]]:
    """Injuries: discard pile, then Draw Deck, then hand; a player known to be on the discard
    pile must be taken first. Returns the substitute's name and the discard pile left."""
    c = state.coach(side)
    p = c.player(pid)
    assert p is not None
    if state.opt("draft") == "team" and not state.sub_team:
        raise IllegalEntry("first answer whether a player of the chosen team is to hand: teamsub")
    known = _eligible_discards(state, side, pid)
    pile = list(c.discard)
    if where != "discard":
        if known:
            raise IllegalEntry(
                f"{known[0]} is on {state.name(side)}'s discard pile: the substitute comes "
                "from there first (sub discard)"
            )
        if where == "none" and state.sub_team == "yes":
            raise IllegalEntry(
                "a player of the chosen team is to hand: bring him in (sub discard|draw|hand)"
            )
        return name, c.discard
    card = next((k for k in pile if name and k[1].lower() == name.lower()), None)
    if card is None and not name and known:
        card = next(k for k in pile if k[1] == known[0])
    if card is not None:
        if _fits(card[0]) != _fits(p.position):
            raise IllegalEntry(
                f"{card[1]} is a {card[0].upper()} card; {p.name}'s place needs a "
                f"{_fits(p.position).upper()}"
            )
        if state.sub_team == "yes" and not card[2]:
            raise IllegalEntry(f"{card[1]} is not of the chosen team; bring one who is")
        pile.remove(card)
        name = card[1]
    return name, tuple(pile)


def _fits(position: str) -> str:
    """Tight Ends and Wide Receivers: used interchangeably."""
    return "wr" if position == "te" else position


def _eligible_discards(state: RedZoneState, side: Side, pid: str) -> list[str]:
    """Injuries: the cards known on the discard pile that may take the injured player's place
    (of the chosen team once the coach has said one is to hand, in team play)."""
    c = state.coach(side)
    need = _fits(_pos(state, side, pid))
    team_only = state.sub_team == "yes"
    return [name for pos, name, ours in c.discard if _fits(pos) == need and (ours or not team_only)]


def _discard_form(state: RedZoneState, side: Side) -> EntryForm:
    slots = [_w("team", (side,)), _w("position", POSITIONS)]
    if state.opt("draft") == "team":
        slots.append(_w("of", ("ours", "other")))
    return EntryForm(
        "discard", "a player card put on the discard pile, then its name", tuple(slots)
    )


def record_discard(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Injuries: a player card seen going onto a coach's discard pile, a substitute for later."""
    team_play = state.opt("draft") == "team"
    if len(rest) < (3 if team_play else 2):
        raise IllegalEntry(
            "enter: discard <team> <position> " + ("ours|other " if team_play else "") + "[name]"
        )
    side = _side(rest[0], state)
    if state.phase == "sub" and side != state.subs[0][0]:
        raise IllegalEntry("only the injured player's coach reports discards now")
    position = _word(rest[1], POSITIONS, "a position")
    ours = team_play and _word(rest[2], ("ours", "other"), "ours or other") == "ours"
    name = " ".join(raw[3 if team_play else 2 :]).strip()
    for s in SIDES:
        for q in state.coach(s).roster:
            if name and q.name.lower() == name.lower():
                raise IllegalEntry(
                    f"{name} was already selected by {state.name(s)} and may not substitute"
                )
    c = state.coach(side)
    name = name or f"{state.name(side)} discarded {position.upper()} {len(c.discard) + 1}"
    state = _set(state, side, replace(c, discard=(*c.discard, (position, name, ours))))
    text = f"{name} ({position.upper()}) is on {state.name(side)}'s discard pile."
    return state, [Ruling("discard", text, team=side)]


def team_substitute(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Injuries (team play): a player of the chosen team first, from the discard pile, Draw
    Deck and hand in that order; if none, substitutions as described above."""
    answer = _word(_one(rest, "teamsub yes|no"), ("yes", "no"), "yes or no")
    side, pid = state.subs[0]
    mine = _team_discards(state, side, pid)
    if answer == "no" and mine:
        raise IllegalEntry(f"{mine[0]} of the chosen team is on the discard pile; answer yes")
    text = (
        f"{state.name(side)} bring in a player of the chosen team."
        if answer == "yes"
        else f"{state.name(side)} have no player of the chosen team: any eligible player."
    )
    return replace(state, sub_team=answer), [Ruling("substitution", text, team=side)]


def _team_discards(state: RedZoneState, side: Side, pid: str) -> list[str]:
    """Team play: cards of the chosen team known on the discard pile that fit the place."""
    need = _fits(_pos(state, side, pid))
    return [n for pos, n, ours in state.coach(side).discard if ours and _fits(pos) == need]


def _pos(state: RedZoneState, side: Side, pid: str) -> str:
    p = state.coach(side).player(pid)
    return p.position if p else _unit(pid)


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


def _vacancies(c: Coach) -> tuple[str, ...]:
    places = [slot for slot, pid in c.offence if not pid]
    have = [_unit(p) for p, _ in c.defence]
    places += [u for u in ("dl", "lb", "db") if c.defence and have.count(u) < 2 and len(have) < 6]
    return tuple(places)


def _bench_players(c: Coach) -> list[str]:
    on_field = {q for _, q in c.offence} | {q for q, _ in c.defence}
    return [p.pid for p in c.roster if p.pid not in on_field and p.pid not in c.injured]


def _may_replace(c: Coach, pid: str) -> tuple[str, ...]:
    """Situational Substitutions: like for like; 3 Wide (a WR for a RB), Canceling the TE (a LB
    for a DB) and the Nickel (a DB for a LB), and back again."""
    unit = _unit(pid)
    offence = [q for _, q in c.offence if q]
    defence = [q for q, _ in c.defence]
    if unit in ("qb", "ol"):
        return tuple(q for q in offence if _unit(q) == unit)
    if unit == "wr":
        backs = [q for q in offence if _unit(q) == "rb"]
        return tuple(q for q in offence if _unit(q) == "wr") + tuple(
            backs if len(backs) > 1 else []
        )
    if unit == "rb":
        in_back_place = [q for slot, q in c.offence if q and slot.endswith("rb")]
        return tuple(q for q in in_back_place)
    if unit == "dl":
        return tuple(q for q in defence if _unit(q) == "dl")
    return tuple(q for q in defence if _unit(q) in ("lb", "db"))


def bench_substitution(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Situational Substitutions: before a play a back-up takes a starter's place."""
    if len(rest) != 3:
        raise IllegalEntry("enter: bench <team> <player coming in> <player going out>")
    side = _side(rest[0], state)
    c = state.coach(side)
    pid_in = _word(rest[1], _bench_players(c), "a player on the bench")
    pid_out = _word(rest[2], _may_replace(c, pid_in), f"a player {pid_in} may replace")
    c = replace(
        c,
        offence=tuple((slot, pid_in if q == pid_out else q) for slot, q in c.offence),
        defence=tuple((pid_in if q == pid_out else q, w) for q, w in c.defence),
    )
    state = _set(state, side, c)
    a, b = c.player(pid_in), c.player(pid_out)
    text = f"{state.name(side)}: {a.name if a else pid_in} in for {b.name if b else pid_out}."
    return state, [Ruling("substitution", text, team=side, data={"in": pid_in, "out": pid_out})]


def fill_vacancy(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
    """Injuries: an eligible player drawn during play may be put in at once (from the hand)."""
    if len(rest) < 2:
        raise IllegalEntry("enter: fill <team> <vacant place> [name]")
    side = _side(rest[0], state)
    c = state.coach(side)
    place = _word(rest[1], _vacancies(c), "a vacant place")
    offence_place = place in dict(c.offence)
    unit = (place if place == "qb" else place[1:]) if offence_place else place
    n = sum(1 for q in c.roster if _unit(q.pid) == unit) + 1
    pid = f"{unit}{n}"
    _not_drafted(state, " ".join(raw[2:]).strip())
    name = " ".join(raw[2:]).strip() or f"{state.name(side)} {unit.upper()}{n}"
    position = "wr" if unit == "wr" else unit
    c = replace(c, roster=(*c.roster, Player(pid, position, name)), hand=max(c.hand - 1, 0))
    if offence_place:
        c = replace(c, offence=tuple((s, pid if s == place else q) for s, q in c.offence))
    else:
        taken = [w for q, w in c.defence]
        free = [sd + HOME_PLACE[unit] for sd in "lr" if sd + HOME_PLACE[unit] not in taken]
        c = replace(c, defence=(*c.defence, (pid, (free or ["l" + HOME_PLACE[unit]])[0])))
    state = _set(state, side, c)
    return state, [Ruling("substitution", f"{name} fills the vacant {place.upper()}.", team=side)]


# Possession, clock, quarters ------------------------------------------------------------------


def _possession(state: RedZoneState, side: Side, ball_on: int, rulings: list[Ruling]) -> Rulings:
    """A new possession: 1st and 10, and each coach may refresh his hand."""
    state = replace(
        state,
        offense=side,
        ball_on=ball_on,
        down=1,
        marker=yards.first_down_marker(ball_on),
        phase="call",
        is_try=False,
    )
    for s in SIDES:
        state = _set(state, s, replace(state.coach(s), refresh=True))
    return _between(state, rulings)


def _flip(state: RedZoneState, side: Side, n: int = 1) -> tuple[RedZoneState, list[Ruling]]:
    """Time: every card drawn or flipped comes off the Time Deck, or the Draw Deck once it is
    empty."""
    if n <= 0:
        return state, []
    c = state.coach(side)
    from_time = min(c.time, n)
    c = replace(c, time=c.time - from_time, draw_flips=c.draw_flips + n - from_time)
    rulings: list[Ruling] = []
    if from_time and c.time == 0:
        rulings.append(
            Ruling(
                "time_deck_empty",
                f"{state.name(side)}'s Time Deck is empty; further flips come from the Draw Deck.",
                team=side,
            )
        )
    return _set(state, side, c), rulings


def _time_up(state: RedZoneState) -> bool:
    return all(state.coach(s).time == 0 for s in SIDES) and state.phase not in (
        "toss",
        "advantage",
        "kick_choice",
        "draft",
    )


def _between(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """After a play: substitutes for the injured, then the end of the quarter if both Time
    Decks are empty (the last play rule)."""
    if state.phase not in ("call", "kickoff", "safety_kick") or state.is_try:
        return state, rulings
    if state.subs:
        return replace(state, resume=state.phase, phase="sub"), rulings
    if _time_up(state):
        return end_quarter(state, rulings)
    return state, rulings


def end_quarter(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    """Time / How To Win: both Time Decks are empty; halftime, the end of regulation and
    sudden-death overtime quarters."""
    q = state.quarter
    total = state.total
    if q >= REGULATION_QUARTERS and total["home"] != total["away"]:
        return _finish(state, rulings)
    coaches = tuple(replace(state.coach(s), time=state.deck, refresh=True) for s in SIDES)
    state = replace(state, quarter=q + 1, scores=(*state.scores, (0, 0)), coaches=coaches)  # type: ignore[arg-type]
    if q == 2:
        assert state.opening_kicker is not None
        kicker = other(state.opening_kicker)
        coaches = tuple(replace(state.coach(s), timeouts=TIMEOUTS_PER_HALF) for s in SIDES)
        rulings.append(
            Ruling("halftime", f"Halftime. {state.name(kicker)} kick off to start the second half.")
        )
        return replace(
            state,
            coaches=coaches,
            phase="kickoff",
            kicker=kicker,
            offense=None,
            ball_on=None,
            down=None,
            marker=None,
            play=Play(),
        ), rulings  # type: ignore[arg-type]
    if q == REGULATION_QUARTERS:
        rulings.append(
            Ruling(
                "overtime",
                f"End of regulation, tied {total['home']}-{total['away']}: "
                "sudden-death overtime. Toss the coin.",
            )
        )
        return replace(
            state,
            phase="toss",
            toss_winner=None,
            offense=None,
            ball_on=None,
            down=None,
            marker=None,
            play=Play(),
        ), rulings
    text = (
        f"End of quarter {q}."
        if q < REGULATION_QUARTERS
        else f"End of overtime quarter {q - REGULATION_QUARTERS}, still scoreless: play on."
    )
    rulings.append(Ruling("quarter_end", text + f" New Time Decks of {state.deck} cards."))
    return state, rulings


def _finish(state: RedZoneState, rulings: list[Ruling]) -> Rulings:
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(state, phase="final", winner=winner, down=None, scorer=None, is_try=False)
    return done, [*rulings, Ruling("final", f"Final whistle: {final_line(done)}", team=winner)]


def _score(state: RedZoneState, side: Side, points: int) -> RedZoneState:
    h, a = state.scores[-1]
    if side == "home":
        h += points
    else:
        a += points
    return replace(state, scores=(*state.scores[:-1], (h, a)))


# Helpers ----------------------------------------------------------------------------------------


def _set(state: RedZoneState, side: Side, coach: Coach) -> RedZoneState:
    coaches = (coach, state.coaches[1]) if side == "home" else (state.coaches[0], coach)
    return replace(state, coaches=coaches)


def _not_drafted(state: RedZoneState, name: str) -> None:
    """Injuries: a substitute may not be a player previously selected by either team."""
    for s in SIDES:
        for p in state.coach(s).roster:
            if name and p.name.lower() == name.lower():
                raise IllegalEntry(f"{name} was already selected by {state.name(s)}; bring another")


def _deck(state: RedZoneState, side: Side) -> str:
    """Which deck a coach flips from now: the Draw Deck once his Time Deck is empty."""
    return "Time Deck" if state.coach(side).time > 0 else "Draw Deck"


def _k(state: RedZoneState) -> Side:
    assert state.kicker is not None
    return state.kicker


def _ball(state: RedZoneState) -> int:
    assert state.ball_on is not None
    return state.ball_on


def _squad(state: RedZoneState) -> dict[str, int]:
    return SQUAD_20 if state.opt("substitutions") == "yes" else SQUAD_13


def _counts(c: Coach) -> dict[str, int]:
    have = dict.fromkeys(SQUAD_13, 0)
    for p in c.roster:
        have["wr" if p.position == "te" else p.position] += 1
    return have


def _complete(state: RedZoneState, side: Side) -> bool:
    squad = _squad(state)
    have = _counts(state.coach(side))
    return all(have[u] >= squad[u] for u in squad)


def open_positions(state: RedZoneState, side: Side) -> tuple[str, ...]:
    squad = _squad(state)
    have = _counts(state.coach(side))
    return tuple(
        p for p in POSITIONS if have["wr" if p == "te" else p] < squad["wr" if p == "te" else p]
    )


def _bench(state: RedZoneState, side: Side, pid: str) -> list[str]:
    c = state.coach(side)
    unit = pid.rstrip("0123456789")
    on_field = {q for _, q in c.offence} | {q for q, _ in c.defence}
    return [
        p.pid
        for p in c.roster
        if p.pid.rstrip("0123456789") == unit
        and p.pid not in on_field
        and p.pid not in c.injured
        and p.pid != pid
    ]


def _defenders(c: Coach) -> tuple[str, ...]:
    return tuple(p for p, _ in c.defence) or ("dl1",)


def _play_side_defender(state: RedZoneState, unit: str) -> str:
    """Skill Check: the defender of ``unit`` lined up on the play side (the first of a double
    team; the first drafted when both are on the other side); "" when the place is vacant."""
    c = state.coach(state.defence)
    side = state.play.target[0]
    mine = [(p, w) for p, w in c.defence if _unit(p) == unit]
    on_side = [p for p, w in mine if w[0] == side]
    if on_side:
        return on_side[0]
    if len(mine) < 2:
        return ""
    return mine[0][0]


def _cover_defender(state: RedZoneState) -> str:
    """Cover: the defender lined up opposite the receiver (a LB on a back), else the play-side
    defender of the kind that normally covers him."""
    c = state.coach(state.defence)
    facing = c.facing(state.play.target)
    if facing:
        return facing[0]
    return _play_side_defender(state, "lb" if state.play.target.endswith("rb") else "db")


def _runner(state: RedZoneState, code: str) -> str:
    """Skill Check / 3 Wide: the play-side back (or receiver) runs; with a receiver standing
    in a back's place the other back carries the ball."""
    off = state.offense
    assert off is not None
    c = state.coach(off)
    side = state.play.target[0]
    pid = c.at(f"{side}{code}")
    p = c.player(pid)
    if code == "rb" and p is not None and p.position in ("wr", "te"):
        other_back = c.at(("r" if side == "l" else "l") + "rb")
        q = c.player(other_back)
        if q is not None and q.position == "rb":
            return other_back
    return pid


def _target_pid(state: RedZoneState) -> str:
    off = state.offense
    assert off is not None
    return state.coach(off).at(state.play.target)


def _label(state: RedZoneState, side: Side, pid: str) -> str:
    p = state.coach(side).player(pid) if pid else None
    return p.name if p else f"{state.name(side)}'s stand-in"


def _skill(
    state: RedZoneState, owner: Side, pid: str, skill: str, rulings: list[Ruling]
) -> Rulings:
    check = Check(owner, pid, skill, _label(state, owner, pid))
    return replace(state, phase="skill", play=replace(state.play, check=check)), rulings


def _outcome_text(o: Outcome | None) -> str:
    if o is None:
        return "?"
    if o.kind == "yards":
        return f"{o.yards:+d} yards"
    return {"inc": "incomplete", "int": "interception", "td": "touchdown", "fumble": "fumble"}[
        o.kind
    ]


def down_line(state: RedZoneState) -> str:
    """ "1st and 10 at Packers 30" for the team with the ball."""
    if state.ball_on is None or state.down is None or state.marker is None:
        return ""
    if state.is_try:
        return f"Two-point try at {spot_text(state)}"
    dist = yards.distance_to_gain(state.ball_on, state.marker)
    to_go = "goal" if yards.goal_to_go(state.ball_on, dist) and state.marker == 0 else str(dist)
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[state.down]
    return f"{ordinal} and {to_go} at {spot_text(state)}"


def spot_text(state: RedZoneState) -> str:
    assert state.ball_on is not None and state.offense is not None
    return state.spot_for(state.offense, state.ball_on)


def final_line(state: RedZoneState) -> str:
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return line


def lineup_view(state: RedZoneState, side: Side) -> dict[str, Any]:
    """The players on the field, injured ones marked."""
    c = state.coach(side)
    names = {p.pid: p.name for p in c.roster}

    def show(pid: str) -> str:
        return names.get(pid, "(vacant)")

    return {
        "offence": {slot: show(pid) for slot, pid in c.offence},
        "defence": {pid: {"player": show(pid), "opposite": place} for pid, place in c.defence},
        "injured": [show(pid) for pid in c.injured],
        "discard_pile": [name for _, name, _ in c.discard],
        "roster": [{"id": p.pid, "position": p.position, "name": p.name} for p in c.roster],
    }


# Draft roster files -------------------------------------------------------------------------------


def roster_problems(text: str) -> list[str]:
    """Every broken rule of a Red Zone roster file (docs/entries.md, Red Zone), [] if fine."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [f"not valid TOML: {exc}"]
    problems: list[str] = []
    subs = data.get("substitutions", False)
    if not isinstance(subs, bool):
        problems.append(f"substitutions must be true or false, got {subs!r}")
        subs = False
    team = data.get("team")
    if team is not None and (not isinstance(team, str) or not team.strip()):
        problems.append("team must be a non-empty name")
    players = data.get("player")
    if not isinstance(players, list) or not players:
        return [*problems, "no players: add [[player]] tables with name and position"]
    squad = SQUAD_20 if subs else SQUAD_13
    have = dict.fromkeys(squad, 0)
    seen: dict[str, int] = {}
    for i, p in enumerate(players, start=1):
        if not isinstance(p, dict):
            problems.append(f"player {i}: must be a table with name and position")
            continue
        name = p.get("name")
        label = f"player {i} ({name})" if isinstance(name, str) and name.strip() else f"player {i}"
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{label}: missing name")
        else:
            key = name.strip().lower()
            if key in seen:
                problems.append(f"{label}: {name} is drafted twice (also player {seen[key]})")
            else:
                seen[key] = i
        pos = p.get("position")
        pos_key = pos.strip().lower() if isinstance(pos, str) else ""
        if pos_key not in POSITIONS:
            problems.append(
                f"{label}: position {pos!r} is not one of {', '.join(x.upper() for x in POSITIONS)}"
            )
            continue
        unit = "wr" if pos_key == "te" else pos_key
        have[unit] += 1
        if have[unit] > squad[unit]:
            problems.append(
                f"{label}: one {POSITION_NAMES[unit]} too many (a squad has {squad[unit]})"
            )
        extra = set(p) - {"name", "position", "team"}
        if extra:
            problems.append(f"{label}: unknown keys {', '.join(sorted(extra))}")
    for unit, need in squad.items():
        if have[unit] < need:
            problems.append(
                f"missing {need - have[unit]} {_plural(unit, need - have[unit])} "
                f"(a squad has {need})"
            )
    total = sum(squad.values())
    if len(players) != total:
        problems.append(
            f"{len(players)} players listed; a {'20-man' if subs else '13-man'} squad has {total}"
        )
    return problems


def _bind(fn: Any, **kw: Any) -> Handler:
    def h(state: RedZoneState, rest: Sequence[str], raw: Sequence[str]) -> Rulings:
        return fn(state, rest, raw, **kw)  # type: ignore[no-any-return]

    return h


_HANDLERS: dict[tuple[str, str], Handler] = {
    ("toss", "toss"): coin_toss,
    ("advantage", "pick"): _bind(toss_advantage, pick=True),
    ("advantage", "field"): _bind(toss_advantage, pick=False),
    ("kick_choice", "kick"): _bind(kick_or_receive, kick=True),
    ("kick_choice", "receive"): _bind(kick_or_receive, kick=False),
    ("draft", "draft"): draft_player,
    ("kickoff", "kick"): _bind(kickoff_choice, onside=False),
    ("kickoff", "onside"): _bind(kickoff_choice, onside=True),
    ("safety_kick", "kick"): _bind(safety_choice, punt=False),
    ("safety_kick", "punt"): _bind(safety_choice, punt=True),
    ("k", "k"): kick_flip,
    ("kr", "kr"): return_flip,
    ("kr", "down"): kick_downed,
    ("pr", "pr"): return_flip,
    ("onside_lg", "lg"): onside_lg,
    ("onside_k", "k"): onside_k,
    ("onside_p", "p"): onside_p,
    ("*", "timeout"): timeout,
    ("*", "refresh"): refresh_hand,
    ("*", "special"): special_play,
    ("fumble_guess", "recovered"): recovery_card_stands,
    ("call", "swap"): swap_unit,
    ("defend", "align"): align_defender,
    ("*", "noplays"): delay_of_game,
    ("call", "call"): call_play,
    ("call", "punt"): _bind(punt_call, coffin=False),
    ("call", "coffin"): _bind(punt_call, coffin=True),
    ("call", "fieldgoal"): field_goal_call,
    ("defend", "defend"): defend_play,
    ("check", "flip"): execution_check,
    ("redraw", "draw"): redraw_colour,
    ("result", "result"): chart_result,
    ("star", "star"): star_answer,
    ("skill", "skill"): skill_check,
    ("lg", "lg"): long_gain,
    ("decline", "accept"): _bind(penalty_choice, accept=True),
    ("decline", "decline"): _bind(penalty_choice, accept=False),
    ("fumble_lg", "lg"): fumble_spot,
    ("fumble_guess", "guess"): fumble_guess,
    ("int_choice", "down"): _bind(interception_choice, down=True),
    ("int_choice", "return"): _bind(interception_choice, down=False),
    ("int_return", "pr"): interception_return,
    ("punt", "p"): punt_flip,
    ("coffin_colour", "colour"): coffin_colour,
    ("punt_choice", "fair"): _bind(punt_choice, fair=True),
    ("punt_choice", "return"): _bind(punt_choice, fair=False),
    ("fg", "fg"): field_goal,
    ("try", "kick"): _bind(try_choice, two=False),
    ("try", "two"): _bind(try_choice, two=True),
    ("pat", "fg"): extra_point,
    ("sub", "sub"): substitute,
    ("sub", "teamsub"): team_substitute,
    ("sub", "discard"): record_discard,
    ("call", "discard"): record_discard,
    ("call", "bench"): bench_substitution,
    ("call", "fill"): fill_vacancy,
}
for _f in FUMBLE_FIELDS:
    _HANDLERS[("fumble_flip", _f)] = fumble_flip

RULESET = RedZone()
