"""Masters of the Gridiron (rules/masters-of-the-gridiron.txt): a card game of rating duels.

Nine scoring attempts a side, the visiting team first. Each attempt the offence plays one player
(an Offense card) and one play (a Playbook card, "Touchdown" or "Field Goal"); the defence answers
with one player (a Defense card). Zebra cannot see the cards, so the table types what is printed
on them; Zebra picks the highest eligible ratings, adds the bonuses, rules score or stop and keeps
the nine scoring-play slots of each side. ``deck_problems`` checks a built deck (Deck Building).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any, Literal

from domain.entries import words
from domain.periods import SLOTS
from domain.ruleset import (
    SIDES,
    EntryForm,
    Extra,
    IllegalEntry,
    Pattern,
    Prompt,
    Ruling,
    Side,
    Slot,
    other,
    situation,
)
from domain.teams import TwoTeams

SLOTS_PER_SIDE = 9
TOUCHDOWN_POINTS = 7
FIELD_GOAL_POINTS = 3
HAND = {"offense": 3, "defense": 3, "playbook": 4}
MAX_RATING = 99
MAX_BONUS = 30
MAX_CARD_NUMBER = 999
MAX_RATINGS_ON_CARD = 8

Unit = Literal["offense", "defense"]
Result = Literal["touchdown", "field_goal"]
Phase = Literal["call", "defense", "defense_audibles", "try", "final"]
Period = Literal["regulation", "overtime"]
OvertimeRule = Literal["open", "answer", "sudden"]

# The vocabulary printed on the cards, with the short forms a person types ----------------------

OFFENSE_RATINGS = (
    "runblock",
    "passblock",
    "rushing",
    "goalline",
    "receiving",
    "redzone",
    "passing",
)
DEFENSE_RATINGS = ("rundefense", "passrush", "tackling", "coverage")
RATING_NAMES = {
    "runblock": "Run Blocking",
    "passblock": "Pass Blocking",
    "rushing": "Rushing",
    "goalline": "Goal Line",
    "receiving": "Receiving",
    "redzone": "Red Zone",
    "passing": "Passing",
    "rundefense": "Run Defense",
    "passrush": "Pass Rush",
    "tackling": "Tackling",
    "coverage": "Coverage",
}
_RATING_ALIASES = {
    "rbk": "runblock",
    "rblk": "runblock",
    "runblocking": "runblock",
    "pbk": "passblock",
    "pblk": "passblock",
    "passblocking": "passblock",
    "rush": "rushing",
    "gl": "goalline",
    "rec": "receiving",
    "rz": "redzone",
    "pass": "passing",
    "rd": "rundefense",
    "rundef": "rundefense",
    "rundefence": "rundefense",
    "pr": "passrush",
    "tkl": "tackling",
    "tackle": "tackling",
    "cov": "coverage",
}
OFFENSE_POSITIONS = ("qb", "rb", "fb", "te", "wr", "t", "g", "c")
DEFENSE_POSITIONS = ("de", "dt", "lb", "cb", "s")
_POSITION_ALIASES = {
    "hb": "rb",
    "ot": "t",
    "lt": "t",
    "rt": "t",
    "og": "g",
    "lg": "g",
    "rg": "g",
    "nt": "dt",
    "olb": "lb",
    "ilb": "lb",
    "mlb": "lb",
    "fs": "s",
    "ss": "s",
}
RESULTS: dict[str, Result] = {
    "td": "touchdown",
    "touchdown": "touchdown",
    "fg": "field_goal",
    "fieldgoal": "field_goal",
}
PLAY_TYPES = ("insiderun", "outsiderun", "shortpass", "longpass")
PLAY_TYPE_NAMES = {
    "insiderun": "Inside Run",
    "outsiderun": "Outside Run",
    "shortpass": "Short Pass",
    "longpass": "Long Pass",
}
ANY_POSITION = "any"
# Words a person may type between the values ("stopped by pass rush or coverage").
_FILLER = {"or", "and", "by", "stop", "stopped", "stops", "can", "be", "to", "a", "the", "bonus"}
# Two printed words that are one rating, result or play type.
_PHRASES = {
    ("run", "blocking"): "runblock",
    ("run", "block"): "runblock",
    ("pass", "blocking"): "passblock",
    ("pass", "block"): "passblock",
    ("goal", "line"): "goalline",
    ("red", "zone"): "redzone",
    ("pass", "rush"): "passrush",
    ("run", "defense"): "rundefense",
    ("run", "defence"): "rundefense",
    ("field", "goal"): "fieldgoal",
    ("inside", "run"): "insiderun",
    ("outside", "run"): "outsiderun",
    ("short", "pass"): "shortpass",
    ("long", "pass"): "longpass",
}


# The state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A player card as printed: Player #, name, position and ratings."""

    unit: Unit
    position: str
    ratings: tuple[tuple[str, int], ...] = ()
    number: int | None = None
    name: str = ""

    @property
    def label(self) -> str:
        who = self.name.title() if self.name else ""
        num = f"#{self.number}" if self.number is not None else ""
        return " ".join(p for p in (num, who, self.position.upper()) if p)

    def rating(self, which: str) -> int | None:
        return dict(self.ratings).get(which)


@dataclass(frozen=True)
class Play:
    """An offensive Playbook card: its result, allowed ratings, bonus and stopping ratings."""

    result: Result
    ratings: tuple[str, ...]
    stops: tuple[str, ...]
    bonus: int = 0
    bonus_positions: tuple[str, ...] = ()
    play_type: str | None = None


@dataclass(frozen=True)
class Audible:
    """An Audible card as the table reads it: a rating change, or a defensive-scoring condition."""

    side: Side
    modifier: int = 0
    margin: int | None = None
    result: Result | None = None


@dataclass(frozen=True)
class Record:
    """One scoring play: a filled slot of the offence, or a defensive score placed beside."""

    side: Side
    period: Period
    attempt: int
    outcome: str  # touchdown, field_goal, stopped, punt
    points: int = 0
    conversion: int | None = None
    defensive: bool = False
    offense_rating: int | None = None
    defense_rating: int | None = None


@dataclass(frozen=True)
class GridironState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    home: str
    away: str
    phase: Phase = "call"
    period: Period = "regulation"
    attempt: int = 0  # attempts finished in this period
    converting: bool = False
    scorer: Side | None = None
    player: Card | None = None
    play: Play | None = None
    defender: Card | None = None
    audibles: tuple[Audible, ...] = ()
    records: tuple[Record, ...] = ()
    rosters: tuple[tuple[Side, Card], ...] = ()
    discarded: frozenset[tuple[Side, Card]] = frozenset()
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    overtime_rule: OvertimeRule = "open"
    winner: Side | None = None
    details: tuple[str, ...] = field(default=(), compare=False)

    @property
    def offense(self) -> Side:
        """The team with the ball: the scorer during a conversion, else alternating attempts."""
        if self.converting:
            assert self.scorer is not None
            return self.scorer
        return attempt_offense(self.period, self.attempt)

    def slots(self, side: Side) -> tuple[Record, ...]:
        return tuple(
            r
            for r in self.records
            if r.side == side and r.period == "regulation" and not r.defensive
        )

    def roster(self, side: Side) -> tuple[Card, ...]:
        return tuple(c for s, c in self.rosters if s == side)


class GridironMasters:
    """The Masters of the Gridiron ruleset."""

    name = "gridironmasters"
    title = "Masters of the Gridiron"
    division = SLOTS
    options = ()

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> GridironState:
        """Setup: hands of 3 Offense, 3 Defense, 4 Playbook; the visiting team on offence."""
        if options:
            raise IllegalEntry(
                f"Masters of the Gridiron has no game options; got {', '.join(sorted(options))}"
            )
        return GridironState(home=home, away=away)

    # What the table does next ---------------------------------------------------------------

    def expected(self, state: GridironState) -> Prompt:
        """Who acts next and the entries legal now."""
        if state.phase == "final":
            return Prompt("nobody", f"Final: {final_line(state)}")
        off, dfn = state.offense, state.defence
        o, d = state.name(off), state.name(dfn)
        if state.phase == "try":
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
        if state.phase == "call":
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
                forms.extend(_player_forms(state, off, "offense"))
            if state.play is None:
                forms.extend(_play_forms())
            forms.extend(_card_forms(state))
            return Prompt(off, head, tuple(forms))
        declared = declaration(state)
        if state.phase == "defense":
            forms = []
            if not state.converting:
                forms.append(_audible_form(off, score=False))
            forms.extend(_player_forms(state, dfn, "defense"))
            forms.extend(_card_forms(state))
            what = (
                "discard a Defense card of their choice (enter it)"
                if declared == "punt"
                else "play 1 Defense card"
            )
            extra = "" if state.converting else f"; {o} may first play Audibles (audible <n>)"
            return Prompt(
                dfn, f"{o} declare: {declare_text(state)} {d} {what}{extra}", tuple(forms)
            )
        return Prompt(
            dfn,
            f"{d} may play Audible cards (audible <n> | audible score <margin> <td|fg>), "
            "then enter done to rule the attempt",
            (
                _audible_form(dfn, score=False),
                _audible_form(dfn, score=True),
                EntryForm("done", "no more Audibles: rule the scoring attempt"),
            ),
        )

    # Applying one entry -----------------------------------------------------------------------

    def apply(self, state: GridironState, text: str) -> tuple[GridironState, list[Ruling]]:
        """One entry as typed at the table."""
        tokens = normalise(words(text))
        if state.phase == "final":
            raise IllegalEntry(
                f"the game is over ({final_line(state)}); nothing more can be entered"
            )
        keyword, rest = tokens[0], tokens[1:]
        keyword = _KEYWORD_ALIASES.get(keyword, keyword)
        prompt = self.expected(state)
        allowed = {f.keyword for f in prompt.forms}
        if keyword not in allowed:
            raise IllegalEntry(f"{keyword!r} is not due now; expected {' | '.join(prompt.legal)}")
        if keyword == "card":
            return roster_card(state, rest)
        if keyword == "discard":
            return audible_discard(state, rest)
        if keyword == "offense":
            return offensive_player(state, rest)
        if keyword == "play":
            return offensive_play(state, rest)
        if keyword == "audible":
            return audible(state, rest)
        if keyword == "defense":
            return defensive_player(state, rest)
        if rest:
            raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(rest)!r}")
        if keyword == "done":
            return scoring_attempt(state)
        return conversion_choice(state, keyword)

    def situation(self, state: GridironState) -> dict[str, Any]:
        """The public view: the nine slots a side, totals, whose turn, hands, overtime state."""
        total = state.total
        live = state.phase != "final"
        return situation(
            ruleset=self.name,
            home=state.home,
            away=state.away,
            score=total,
            score_by_quarter=[{"home": h, "away": a} for h, a in state.scores],
            quarter=len(state.scores),
            period=self.division.period(len(state.scores)),
            possession=state.offense if live else None,
            down=None,
            distance=None,
            ball_on=None,
            clock={
                "slots_filled": {s: len(state.slots(s)) for s in SIDES},
                "slots_per_side": SLOTS_PER_SIDE,
                "overtime_attempts": state.attempt if state.period == "overtime" else 0,
            },
            timeouts=None,
            next=self.expected(state).text,
            finished=not live,
            winner=state.winner,
            converting=state.phase == "try" or state.converting,
            slots={s: slots_view(state, s) for s in SIDES},
            defensive_scores={s: defensive_view(state, s) for s in SIDES},
            overtime_plays=[_record_view(r) for r in state.records if r.period == "overtime"],
            totals=total,
            turn={
                "offense": state.offense if live else None,
                "attempt": state.attempt + 1 if live else None,
                "period": state.period,
                "converting": state.converting,
                "phase": state.phase,
            },
            hands=hand_counts(state),
            overtime_rule=state.overtime_rule if state.period == "overtime" else None,
        )


# The rules, one function each ------------------------------------------------------------------


def attempt_offense(period: Period, attempt: int) -> Side:
    """Order of Play: the visiting team starts on offence; Overtime: the home team starts."""
    first: Side = "away" if period == "regulation" else "home"
    return first if attempt % 2 == 0 else other(first)


def roster_card(state: GridironState, rest: Sequence[str]) -> tuple[GridironState, list[Ruling]]:
    """The Player Card: a card entered once into a team's roster, to be chosen by name later."""
    if not rest:
        raise IllegalEntry("card needs a team, then the card: card home 112 smith te rz 72")
    side = _side_word(rest[0], state)
    card = _read_card(rest[1:], None)
    if card.number is None:
        raise IllegalEntry("a roster card needs its printed Player #: card home 112 smith te rz 72")
    clash = _roster_lookup(state, side, [str(card.number)])
    if clash is not None:
        raise IllegalEntry(
            f"{state.name(side)} already have card #{card.number} ({clash.label}) in the roster"
        )
    if card.name and _roster_lookup(state, side, card.name.split()) is not None:
        raise IllegalEntry(f"{state.name(side)} already have a card named {card.name.title()}")
    ruling = Ruling(
        "roster",
        f"{state.name(side)} roster: {card.label} ({ratings_text(card)}).",
        team=side,
        data={"card": _card_data(card)},
    )
    return replace(state, rosters=(*state.rosters, (side, card))), [ruling]


def audible_discard(
    state: GridironState, rest: Sequence[str]
) -> tuple[GridironState, list[Ruling]]:
    """Audible Cards: at the start of an offensive turn discard Audibles and draw (never a play)."""
    if len(rest) != 1:
        raise IllegalEntry("enter how many Audible cards were discarded and redrawn: discard 1")
    n = _number(rest[0], 1, HAND["playbook"], "Audibles discarded")
    off = state.offense
    ruling = Ruling(
        "audible_discard",
        f"{state.name(off)} discard {n} Audible card{'s' if n > 1 else ''} and draw "
        f"{'as many' if n > 1 else 'one'}; offensive plays stay in hand.",
        team=off,
        data={"count": n},
    )
    return state, [ruling]


def offensive_player(
    state: GridironState, rest: Sequence[str]
) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the offence chooses one player (an Offense card)."""
    off = state.offense
    card, state = _choose_card(state, off, "offense", rest)
    ruling = Ruling(
        "offense_player",
        f"{state.name(off)} play {card.label} ({ratings_text(card)}).",
        team=off,
        data={"card": _card_data(card)},
    )
    return _after_call(replace(state, player=card), [ruling])


def offensive_play(state: GridironState, rest: Sequence[str]) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the offence chooses one offensive play (Touchdown or Field Goal card)."""
    play = _read_play(rest)
    off = state.offense
    ruling = Ruling(
        "offense_play",
        f"{state.name(off)} play {play_text(play)}.",
        team=off,
        data={
            "result": play.result,
            "ratings": list(play.ratings),
            "stops": list(play.stops),
            "bonus": play.bonus,
            "bonus_positions": list(play.bonus_positions),
            "play_type": play.play_type,
        },
    )
    return _after_call(replace(state, play=play), [ruling])


def _after_call(state: GridironState, rulings: list[Ruling]) -> tuple[GridironState, list[Ruling]]:
    if state.player is None or state.play is None:
        return state, rulings
    off = state.offense
    text = declare_text(state)
    punt = declaration(state) == "punt"
    rulings.append(
        Ruling(
            "declare",
            f"{state.name(off)} declare: {text}",
            team=off,
            data={"rating": offense_rating(state), "declared": text, "punt": punt},
        )
    )
    return replace(state, phase="defense"), rulings


def declaration(state: GridironState) -> Literal["play", "punt"]:
    """ "Punting": a Playbook card that matches none of the Offense card's ratings is a punt."""
    assert state.player is not None and state.play is not None
    if eligible_rating(state.player, state.play) is None:
        return "punt"
    return "play"


def eligible_rating(card: Card, play: Play) -> int | None:
    """Order of Play: the rating the play specifies; if more than one is listed, the highest."""
    found = [v for r, v in card.ratings if r in play.ratings]
    return max(found) if found else None


def play_bonus(card: Card, play: Play) -> int:
    """Order of Play: a play's bonus counts only for the position it names."""
    if ANY_POSITION in play.bonus_positions or card.position in play.bonus_positions:
        return play.bonus
    return 0


def offense_rating(state: GridironState) -> int:
    """The rating the offence announces: highest eligible rating plus the play's bonus."""
    assert state.player is not None and state.play is not None
    base = eligible_rating(state.player, state.play)
    if base is None:
        # Defensive Scoring: on a punt the margin is measured from the card's highest rating.
        return max((v for _, v in state.player.ratings), default=0)
    return base + play_bonus(state.player, state.play)


def defense_rating(card: Card, play: Play) -> int | None:
    """Order of Play: the defence announces the higher of the ratings that can stop the play."""
    found = [v for r, v in card.ratings if r in play.stops]
    return max(found) if found else None


def declare_text(state: GridironState) -> str:
    """What the offence announces: result, rating and the defensive ratings that can stop it."""
    assert state.play is not None
    if declaration(state) == "punt":
        return '"I am punting."'
    result = "Touchdown" if state.play.result == "touchdown" else "Field Goal"
    stops = " or ".join(RATING_NAMES[r] for r in state.play.stops)
    return f'"{result}. {offense_rating(state)}. Can be stopped by {stops}."'


def audible(state: GridironState, rest: Sequence[str]) -> tuple[GridironState, list[Ruling]]:
    """Audible Cards: a rating change, or (defence) a score when stopping by a margin."""
    side = state.offense if state.phase == "defense" else state.defence
    if not rest:
        raise IllegalEntry("enter the Audible's effect: audible +3 | audible score 10 td")
    if rest[0] == "score":
        if side == state.offense:
            raise IllegalEntry(
                "a defensive-scoring Audible is played by the defence after its player; "
                "enter the offence's Audibles as audible <n>"
            )
        if len(rest) != 3 or rest[2] not in RESULTS:
            raise IllegalEntry("a scoring Audible reads: audible score <margin> <td|fg>")
        margin = _number(rest[1], 1, MAX_RATING, "the winning margin")
        card = Audible(side, margin=margin, result=RESULTS[rest[2]])
        what = "Touchdown" if card.result == "touchdown" else "Field Goal"
        text = f"{state.name(side)} play an Audible: a defensive {what} if they stop the attempt "
        text += f"by {margin} or more."
    else:
        if len(rest) != 1:
            raise IllegalEntry("a rating Audible reads: audible <n>, e.g. audible +3 or audible -2")
        modifier = _signed(rest[0], "the Audible's rating change")
        card = Audible(side, modifier=modifier)
        text = f"{state.name(side)} play an Audible: {modifier:+d} to their rating."
    ruling = Ruling(
        "audible",
        text,
        team=side,
        data={"modifier": card.modifier, "margin": card.margin, "result": card.result},
    )
    return replace(state, audibles=(*state.audibles, card)), [ruling]


def defensive_player(
    state: GridironState, rest: Sequence[str]
) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the defence plays one Defense card and announces the relevant rating."""
    dfn = state.defence
    card, state = _choose_card(state, dfn, "defense", rest)
    assert state.play is not None
    rating = defense_rating(card, state.play)
    said = "no rating that can stop this play" if rating is None else f"{rating}"
    ruling = Ruling(
        "defense_player",
        f"{state.name(dfn)} play {card.label}: {said}.",
        team=dfn,
        data={"card": _card_data(card), "rating": rating},
    )
    state = replace(state, defender=card)
    if state.converting:
        after, more = two_point_conversion(state)
        return after, [ruling, *more]
    return replace(state, phase="defense_audibles"), [ruling]


def scoring_attempt(state: GridironState) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the offence scores only if its rating exceeds the defence's; ties stop it."""
    assert state.player is not None and state.play is not None and state.defender is not None
    off, dfn = state.offense, state.defence
    o = offense_rating(state) + _modifiers(state, off)
    base = defense_rating(state.defender, state.play)
    d = (base or 0) + _modifiers(state, dfn)
    punted = declaration(state) == "punt"
    rulings: list[Ruling] = []
    label = attempt_label(state)
    if punted:
        outcome = "punt"
        points = 0
        rulings.append(
            Ruling(
                "punt",
                f"{label}: {state.name(off)} punt; the attempt fails and {state.name(dfn)} "
                f"discard {state.defender.label}.",
                team=off,
            )
        )
    elif o > d:
        outcome = state.play.result
        points = TOUCHDOWN_POINTS if outcome == "touchdown" else FIELD_GOAL_POINTS
        what = "Touchdown" if outcome == "touchdown" else "Field goal"
        rulings.append(
            Ruling(
                outcome,
                f"{label}: offence {o} beats defence {d}. {what} {state.name(off)}, "
                f"{points} points.",
                team=off,
                points=points,
                data={"offense": o, "defense": d},
            )
        )
    else:
        outcome = "stopped"
        points = 0
        rulings.append(
            Ruling(
                "stopped",
                f"{label}: defence {d} {'equals' if d == o else 'beats'} offence {o}. Stopped; "
                "turn the Playbook card over.",
                team=dfn,
                data={"offense": o, "defense": d},
            )
        )
    record = Record(off, state.period, state.attempt + 1, outcome, points, None, False, o, d)
    state = _score(replace(state, records=(*state.records, record)), off, points)
    scorer: Side | None = off if points else None
    touchdown = outcome == "touchdown"
    if not points:
        defensive = defensive_score(state, o, base, d)
        if defensive is not None:
            result, margin = defensive
            pts = TOUCHDOWN_POINTS if result == "touchdown" else FIELD_GOAL_POINTS
            what = "touchdown" if result == "touchdown" else "field goal"
            rulings.append(
                Ruling(
                    f"defensive_{result}",
                    f"Defensive {what} {state.name(dfn)}: stopped by {margin}, {pts} points. "
                    f"Play continues, {state.name(dfn)} on offence next.",
                    team=dfn,
                    points=pts,
                    data={"margin": margin},
                )
            )
            rec = Record(dfn, state.period, state.attempt + 1, result, pts, None, True, o, d)
            state = _score(replace(state, records=(*state.records, rec)), dfn, pts)
            scorer, touchdown = dfn, result == "touchdown"
    state = _discard_used(state)
    if state.period == "overtime":
        return overtime_after_attempt(state, scorer, rulings)
    if scorer is not None and touchdown:
        return replace(state, phase="try", scorer=scorer), rulings
    after, more = next_attempt(state)
    return after, [*rulings, *more]


def defensive_score(
    state: GridironState, o: int, base: int | None, d: int
) -> tuple[Result, int] | None:
    """Defensive Scoring: an Audible's margin met, with a rating the play lists as stopping it."""
    if base is None:
        return None
    margin = d - o
    met = [
        a.result
        for a in state.audibles
        if a.side == state.defence and a.margin is not None and a.result and margin >= a.margin
    ]
    if not met:
        return None
    best: Result = "touchdown" if "touchdown" in met else "field_goal"
    return best, margin


def conversion_choice(state: GridironState, choice: str) -> tuple[GridironState, list[Ruling]]:
    """Two-Point Conversions: after a touchdown the scoring team may go for 2."""
    s = state.scorer
    assert s is not None
    cleared = replace(state, player=None, play=None, defender=None, audibles=())
    if choice == "two":
        ruling = Ruling("decision", f"{state.name(s)} go for 2.", team=s, data={"choice": "two"})
        return replace(cleared, phase="call", converting=True), [ruling]
    ruling = Ruling("decision", f"{state.name(s)} keep the 7.", team=s, data={"choice": "decline"})
    after, more = next_attempt(replace(cleared, scorer=None))
    return after, [ruling, *more]


def two_point_conversion(state: GridironState) -> tuple[GridironState, list[Ruling]]:
    """Two-Point Conversions: +1 if the play succeeds, -1 if stopped; players go back to hand."""
    assert state.player is not None and state.play is not None and state.defender is not None
    s = state.offense
    base = defense_rating(state.defender, state.play)
    d = base or 0
    if declaration(state) == "punt":
        good, why = False, "the play does not match the player"
    else:
        o = offense_rating(state)
        good = o > d
        why = f"{o} {'beats' if good else 'does not beat'} {d}"
    change = 1 if good else -1
    ruling = Ruling(
        "two_point" if good else "two_point_failed",
        f"Two-point conversion {state.name(s)}: {why}; {change:+d}. Both players go back to hand.",
        team=s,
        points=change,
    )
    records = list(state.records)
    for i in range(len(records) - 1, -1, -1):
        if records[i].side == s and records[i].outcome == "touchdown":
            records[i] = replace(records[i], conversion=change)
            break
    state = _score(replace(state, records=tuple(records)), s, change)
    after, more = next_attempt(replace(state, converting=False, scorer=None))
    return after, [ruling, *more]


def next_attempt(state: GridironState) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: hands replenished, the other team on offence; nine attempts a side."""
    state = replace(
        state,
        phase="call",
        attempt=state.attempt + 1,
        player=None,
        play=None,
        defender=None,
        audibles=(),
        converting=False,
        scorer=None,
    )
    if state.period == "regulation" and state.attempt >= 2 * SLOTS_PER_SIDE:
        return end_of_game(state)
    return state, []


def end_of_game(state: GridironState) -> tuple[GridironState, list[Ruling]]:
    """End of Game: all nine slots filled on both sides; the higher total wins, a tie goes on."""
    total = state.total
    if total["home"] != total["away"]:
        return _finish(state)
    ruling = Ruling(
        "overtime",
        f"All nine scoring plays made, tied {total['home']}-{total['away']}: overtime. Refill the "
        f"Offense and Defense decks from the discards without shuffling; {state.home} start on "
        "offence.",
    )
    return (
        replace(
            state,
            period="overtime",
            attempt=0,
            scores=(*state.scores, (0, 0)),
            discarded=frozenset(),
            overtime_rule="open",
        ),
        [ruling],
    )


def overtime_after_attempt(
    state: GridironState, scorer: Side | None, rulings: list[Ruling]
) -> tuple[GridironState, list[Ruling]]:
    """Overtime: the first score wins, except the field-goal rule for the home team's first
    possession (one answering attempt; a touchdown wins it, two field goals play on)."""
    last = [r for r in state.records if r.attempt == state.attempt + 1 and r.period == "overtime"]
    offense_fg = any(r.outcome == "field_goal" and not r.defensive for r in last)
    if state.overtime_rule == "open" and state.attempt == 0 and scorer == "home" and offense_fg:
        after, more = next_attempt(replace(state, overtime_rule="answer"))
        note = Ruling(
            "overtime_rule",
            f"Field goal on the first overtime possession: {state.away} get one attempt; a "
            "touchdown wins, a field goal plays on, no score loses.",
        )
        return after, [*rulings, note, *more]
    if state.overtime_rule == "answer":
        if scorer == "away" and offense_fg:
            after, more = next_attempt(replace(state, overtime_rule="sudden"))
            note = Ruling(
                "overtime_rule",
                "Each team has kicked a field goal on its first possession: the next score wins.",
            )
            return after, [*rulings, note, *more]
        done, final = _finish(state)
        return done, [*rulings, *final]
    if scorer is not None:
        done, final = _finish(state)
        return done, [*rulings, *final]
    after, more = next_attempt(state)
    return after, [*rulings, *more]


def _finish(state: GridironState) -> tuple[GridironState, list[Ruling]]:
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(
        state,
        phase="final",
        winner=winner,
        player=None,
        play=None,
        defender=None,
        audibles=(),
        scorer=None,
        converting=False,
    )
    return done, [Ruling("final", f"Final: {final_line(done)}", team=winner)]


# Views --------------------------------------------------------------------------------------


def slots_view(state: GridironState, side: Side) -> list[dict[str, Any] | None]:
    """The nine Scoring Play spaces of a side, #1 to #9, each with the side's running total
    (defensive scores included); empty ones are None."""
    filled: list[dict[str, Any] | None] = []
    running = 0
    for r in state.records:
        if r.side != side:
            continue
        running += r.points + (r.conversion or 0)
        if r.period == "regulation" and not r.defensive:
            filled.append({**_record_view(r), "running_total": running})
    return filled + [None] * (SLOTS_PER_SIDE - len(filled))


def defensive_view(state: GridironState, side: Side) -> list[dict[str, Any]]:
    """Defensive Scoring: successful defensive scores, placed to the side."""
    return [_record_view(r) for r in state.records if r.side == side and r.defensive]


def _record_view(r: Record) -> dict[str, Any]:
    return {
        "attempt": r.attempt,
        "result": r.outcome,
        "points": r.points + (r.conversion or 0),
        "conversion": None if r.conversion is None else f"{r.conversion:+d}",
        "offense_rating": r.offense_rating,
        "defense_rating": r.defense_rating,
    }


def hand_counts(state: GridironState) -> dict[Side, dict[str, int]]:
    """Hands: 3 Offense, 3 Defense, 4 Playbook, less what is on the table this attempt."""
    hands = {s: dict(HAND) for s in SIDES}
    if state.phase in ("final", "try"):
        return hands
    off, dfn = state.offense, state.defence
    if state.player is not None:
        hands[off]["offense"] -= 1
    if state.play is not None and not state.converting:
        hands[off]["playbook"] -= 1
    if state.defender is not None:
        hands[dfn]["defense"] -= 1
    for a in state.audibles:
        hands[a.side]["playbook"] -= 1
    return hands


def attempt_label(state: GridironState) -> str:
    if state.period == "overtime":
        return f"Overtime attempt {state.attempt + 1} ({state.name(state.offense)})"
    side = state.offense
    return f"{state.name(side)} scoring play #{len(state.slots(side)) + 1}"


def final_line(state: GridironState) -> str:
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return line


def ratings_text(card: Card) -> str:
    if not card.ratings:
        return "no ratings given"
    return ", ".join(f"{RATING_NAMES[r]} {v}" for r, v in card.ratings)


def play_text(play: Play) -> str:
    result = "Touchdown" if play.result == "touchdown" else "Field Goal"
    kind = f"a {PLAY_TYPE_NAMES[play.play_type]}" if play.play_type else "a"
    kind = kind.replace("a Inside", "an Inside").replace("a Outside", "an Outside")
    text = f"{kind} {result} card using {' or '.join(RATING_NAMES[r] for r in play.ratings)}"
    if play.bonus:
        who = " or ".join(p.upper() for p in play.bonus_positions)
        text += f", +{play.bonus} to {'any player' if who == 'ANY' else 'a ' + who}"
    return text + f", stopped by {' or '.join(RATING_NAMES[r] for r in play.stops)}"


# Reading entries ----------------------------------------------------------------------------

_KEYWORD_ALIASES = {
    "offence": "offense",
    "defence": "defense",
    "resolve": "done",
    "rule": "done",
    "go2": "two",
    "no": "decline",
}


def normalise(tokens: Sequence[str]) -> list[str]:
    """Printed two-word names joined ("red zone" is redzone); hyphens and underscores dropped."""
    flat = [t.replace("-", "").replace("_", "") if not _is_signed(t) else t for t in tokens]
    flat = [t for t in flat if t]
    out: list[str] = []
    i = 0
    while i < len(flat):
        pair = tuple(flat[i : i + 2])
        if len(pair) == 2 and pair in _PHRASES:
            out.append(_PHRASES[pair])  # type: ignore[index]
            i += 2
        else:
            out.append(flat[i])
            i += 1
    return out or list(tokens)


def _rating(token: str) -> str | None:
    token = _RATING_ALIASES.get(token, token)
    return token if token in RATING_NAMES else None


def _position(token: str) -> str | None:
    token = _POSITION_ALIASES.get(token, token)
    return token if token in OFFENSE_POSITIONS or token in DEFENSE_POSITIONS else None


def _is_signed(token: str) -> bool:
    body = token[1:] if token[:1] in "+-" else token
    return body.isdigit() and body.isascii()


def _signed(token: str, what: str) -> int:
    if not _is_signed(token):
        raise IllegalEntry(f"{what} is a whole number such as +3 or -2; got {token!r}")
    value = int(token)
    if abs(value) > MAX_BONUS:
        raise IllegalEntry(f"{what} is between -{MAX_BONUS} and +{MAX_BONUS}; got {value}")
    return value


def _number(token: str, low: int, high: int, what: str) -> int:
    body = token[1:] if token.startswith("+") else token
    if not body.isdigit() or not body.isascii():
        raise IllegalEntry(f"{what} is a number from {low} to {high}; got {token!r}")
    value = int(body)
    if not low <= value <= high:
        raise IllegalEntry(f"{what} is from {low} to {high}; got {value}")
    return value


def _read_card(tokens: Sequence[str], unit: Unit | None) -> Card:
    """[Player #] [name] position, then rating pairs: ``112 smith te redzone 72 receiving 65``."""
    tokens = list(tokens)
    number = None
    if tokens and tokens[0].isdigit() and tokens[0].isascii():
        number = _number(tokens[0], 1, MAX_CARD_NUMBER, "a Player #")
        tokens = tokens[1:]
    at = next((i for i, t in enumerate(tokens) if _position(t) is not None), None)
    if at is None:
        raise IllegalEntry(
            "a card needs its position (qb rb fb te wr t g c | de dt lb cb s), then its ratings"
        )
    name = " ".join(tokens[:at])
    position = _position(tokens[at])
    assert position is not None
    card_unit: Unit = "offense" if position in OFFENSE_POSITIONS else "defense"
    if unit is not None and card_unit != unit:
        want = "an Offense card" if unit == "offense" else "a Defense card"
        raise IllegalEntry(f"{position.upper()} is not a position of {want}; this is {want}'s turn")
    vocab = OFFENSE_RATINGS if card_unit == "offense" else DEFENSE_RATINGS
    pairs = tokens[at + 1 :]
    if len(pairs) % 2:
        raise IllegalEntry("ratings come in pairs, each name then its number: redzone 72 rec 65")
    if len(pairs) // 2 > MAX_RATINGS_ON_CARD:
        raise IllegalEntry(f"a card prints at most {MAX_RATINGS_ON_CARD} ratings")
    ratings: dict[str, int] = {}
    for i in range(0, len(pairs), 2):
        r = _rating(pairs[i])
        if r is None or r not in vocab:
            names = ", ".join(RATING_NAMES[v] for v in vocab)
            raise IllegalEntry(f"{pairs[i]!r} is not a rating of this card; ratings: {names}")
        if r in ratings:
            raise IllegalEntry(f"{RATING_NAMES[r]} was given twice for one card")
        ratings[r] = _number(pairs[i + 1], 1, MAX_RATING, f"the {RATING_NAMES[r]} rating")
    return Card(card_unit, position, tuple(ratings.items()), number, name)


def _choose_card(
    state: GridironState, side: Side, unit: Unit, rest: Sequence[str]
) -> tuple[Card, GridironState]:
    """A roster card by Player # or name, or a card typed in full (remembered if it has a #)."""
    if not rest:
        raise IllegalEntry(f"enter the {unit} card: a roster name or #, or position and ratings")
    found = _roster_lookup(state, side, rest)
    if found is None and not any(_position(t) for t in rest):
        known = ", ".join(c.label for c in state.roster(side) if c.unit == unit) or "none yet"
        raise IllegalEntry(
            f"{' '.join(rest)!r} is not in the {state.name(side)} roster ({known}); "
            "or type the position and ratings"
        )
    if found is None:
        card = _read_card(rest, unit)
        if card.number is not None:
            known = _roster_lookup(state, side, [str(card.number)])
            if known is not None and known != card:
                raise IllegalEntry(
                    f"card #{card.number} is in the roster as {known.label} "
                    f"({ratings_text(known)}); enter just its number"
                )
            if known is None:
                state = replace(state, rosters=(*state.rosters, (side, card)))
        found = card
    if found.unit != unit:
        want = "an Offense card" if unit == "offense" else "a Defense card"
        raise IllegalEntry(f"{found.label} is not {want}")
    if on_discard_pile(state, side, found):
        raise IllegalEntry(
            f"{found.label} ({ratings_text(found)}) is on {state.name(side)}'s discard pile; "
            "play a card from the hand (another card printed the same: type its name too)"
        )
    return found, state


def roster_keys(card: Card) -> tuple[str, ...]:
    """The Player Card: a roster card is chosen by its Player # or by its name."""
    return tuple(k for k in (None if card.number is None else str(card.number), card.name) if k)


def _roster_lookup(state: GridironState, side: Side, tokens: Sequence[str]) -> Card | None:
    key = " ".join(tokens)
    return next((c for c in state.roster(side) if key in roster_keys(c)), None)


def _read_play(tokens: Sequence[str]) -> Play:
    """``play td longpass redzone passing +8 wr stop passrush coverage``, in any order."""
    result: Result | None = None
    ratings: list[str] = []
    stops: list[str] = []
    bonus = 0
    bonus_positions: list[str] = []
    play_type: str | None = None
    expecting_positions = False
    for token in tokens:
        if expecting_positions and (token == ANY_POSITION or _position(token) in OFFENSE_POSITIONS):
            pos = ANY_POSITION if token == ANY_POSITION else _position(token)
            assert pos is not None
            if pos not in bonus_positions:
                bonus_positions.append(pos)
            continue
        if expecting_positions and not bonus_positions and bonus:
            raise IllegalEntry(
                f"say which position the +{bonus} is for (qb rb fb te wr t g c or any); "
                f"got {token!r}"
            )
        expecting_positions = False
        if token in _FILLER:
            continue
        if token in RESULTS:
            if result is not None:
                raise IllegalEntry("a play is either Touchdown (td) or Field Goal (fg), not both")
            result = RESULTS[token]
        elif token in PLAY_TYPES:
            play_type = token
        elif _is_signed(token):
            if bonus_positions or bonus:
                raise IllegalEntry("a play card prints one bonus; enter it once")
            bonus = _number(token, 0, MAX_BONUS, "the play's bonus")
            expecting_positions = True
        elif (r := _rating(token)) is not None:
            bucket = ratings if r in OFFENSE_RATINGS else stops
            if r not in bucket:
                bucket.append(r)
        else:
            raise IllegalEntry(
                f"{token!r} is not on a play card; enter: play td|fg <offence ratings> "
                "[+bonus position] <defensive ratings that stop it>"
            )
    if bonus and not bonus_positions:
        raise IllegalEntry(f"say which position the +{bonus} is for (qb rb fb te wr t g c or any)")
    if result is None:
        raise IllegalEntry("a play is a Touchdown (td) or Field Goal (fg) card; which one?")
    if not ratings:
        raise IllegalEntry("which offensive rating(s) does the play use? e.g. redzone passing")
    if not stops:
        raise IllegalEntry("which defensive rating(s) can stop the play? e.g. passrush coverage")
    return Play(
        result,
        tuple(ratings),
        tuple(stops),
        bonus,
        tuple(bonus_positions) if bonus else (),
        play_type,
    )


def _side_word(token: str, state: GridironState) -> Side:
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    for side in SIDES:
        labels.setdefault(state.name(side).lower(), side)
    if token not in labels:
        raise IllegalEntry(f"{token!r} is not a team; enter home or away")
    return labels[token]


def _modifiers(state: GridironState, side: Side) -> int:
    return sum(a.modifier for a in state.audibles if a.side == side)


def _score(state: GridironState, side: Side, points: int) -> GridironState:
    h, a = state.scores[-1]
    if side == "home":
        h += points
    else:
        a += points
    return replace(state, scores=(*state.scores[:-1], (h, a)))


def _discard_used(state: GridironState) -> GridironState:
    """Order of Play: the Offense and Defense cards played go to the discard piles, every one of
    them, with or without its Player #."""
    used = set(state.discarded)
    if state.player is not None:
        used.add((state.offense, state.player))
    if state.defender is not None:
        used.add((state.defence, state.defender))
    return replace(state, discarded=frozenset(used))


def same_card(a: Card, b: Card) -> bool:
    """Which physical card was played, as far as the entries tell: the Player # when both carry
    one, else the same position and ratings under the same name (or none)."""
    if a.number is not None and b.number is not None:
        return a.number == b.number
    return (
        a.unit == b.unit
        and a.position == b.position
        and a.name == b.name
        and sorted(a.ratings) == sorted(b.ratings)
    )


def on_discard_pile(state: GridironState, side: Side, card: Card) -> bool:
    """Order of Play: a card played this game (until overtime refills the decks) is gone."""
    return any(s == side and same_card(c, card) for s, c in state.discarded)


def discarded_if_typed(state: GridironState, side: Side, unit: Unit) -> list[Card]:
    """Order of Play: the cards that, typed by position and ratings alone (no Player #, no
    name), would be taken for a card on the discard pile, and so cannot be played that way."""
    mine = (c for s, c in state.discarded if s == side and c.unit == unit)
    typed = {Card(unit, c.position, c.ratings) for c in mine}
    return sorted(
        (c for c in typed if on_discard_pile(state, side, c)),
        key=lambda c: (c.position, c.ratings),
    )


def _card_data(card: Card) -> dict[str, Any]:
    return {
        "number": card.number,
        "name": card.name,
        "position": card.position,
        "ratings": dict(card.ratings),
    }


# Entry forms ---------------------------------------------------------------------------------


def _player_forms(state: GridironState, side: Side, unit: Unit) -> list[EntryForm]:
    positions = OFFENSE_POSITIONS if unit == "offense" else DEFENSE_POSITIONS
    ratings = OFFENSE_RATINGS if unit == "offense" else DEFENSE_RATINGS
    card = "Offense" if unit == "offense" else "Defense"
    forms: list[EntryForm] = []
    cards = [
        c
        for c in state.roster(side)
        if c.unit == unit and c.number is not None and not on_discard_pile(state, side, c)
    ]
    if cards:
        # Entered by number, shown as the card reads: "#12 Rodgers QB (Passing 88, ...)".
        ready = tuple(str(c.number) for c in cards)
        shown = tuple(f"{c.label} ({ratings_text(c)})" for c in cards)
        forms.append(
            EntryForm(
                unit,
                f"a {card} card from the roster, by Player # or name",
                (Slot("Player # or name", "word", side=side, words=ready, labels=shown),),
            )
        )
    one = (
        Slot("position", "word", side=side, words=positions),
        Slot("rating", "word", side=side, words=ratings),
        Slot("value", "number", side=side, low=1, high=MAX_RATING),
    )
    two = (
        *one,
        Slot("rating 2", "word", side=side, words=ratings),
        Slot("value 2", "number", side=side, low=1, high=MAX_RATING),
    )
    gone = discarded_if_typed(state, side, unit)
    for text, slots in (("its rating", one), ("two ratings", two)):
        forms.append(
            EntryForm(
                unit,
                f"the {card} card played: position and {text}",
                slots,
                (*_each_rating_once(slots, ratings), *_typed_card_patterns(gone, len(slots))),
            )
        )
    return forms


def _each_rating_once(slots: Sequence[Slot], ratings: Sequence[str]) -> tuple[Pattern, ...]:
    """The Player Card prints each rating once (a card "given twice" a rating is refused)."""
    at = [i for i, s in enumerate(slots) if s.words == tuple(ratings)]
    out: list[Pattern] = []
    for n, i in enumerate(at):
        for j in at[n + 1 :]:
            for r in ratings:
                out.append(tuple(r if k in (i, j) else None for k in range(j + 1)))
    return tuple(out)


def _typed_card_patterns(cards: Sequence[Card], length: int) -> tuple[Pattern, ...]:
    """The entries ``<position> <rating> <value> ...`` that would name one of ``cards``, with
    its ratings in any order."""
    out: list[Pattern] = []
    for card in cards:
        for order in permutations(card.ratings):
            pattern = (card.position, *(str(x) for pair in order for x in pair))
            if len(pattern) == length:
                out.append(pattern)
    return tuple(out)


def _play_forms() -> list[EntryForm]:
    result = Slot("td or fg", "word", words=("td", "fg"))
    one = (
        result,
        Slot("offence rating", "word", words=OFFENSE_RATINGS),
        Slot("stopped by", "word", words=DEFENSE_RATINGS),
    )
    full = (
        result,
        Slot("play type", "word", words=PLAY_TYPES),
        Slot("offence rating", "word", words=OFFENSE_RATINGS),
        Slot("offence rating 2", "word", words=OFFENSE_RATINGS),
        Slot("bonus", "number", low=0, high=MAX_BONUS),
        Slot("bonus position", "word", words=(*OFFENSE_POSITIONS, ANY_POSITION)),
        Slot("stopped by", "word", words=DEFENSE_RATINGS),
        Slot("stopped by 2", "word", words=DEFENSE_RATINGS),
    )
    # What a card prints besides its result, rating and stop, each where the card reads it.
    printed = (
        Extra("play type", (full[1],), at=1),
        Extra("second rating", (full[3],), at=2),
        Extra("bonus", (full[4], full[5]), at=2),
        Extra("second stop", (full[7],)),
    )
    return [
        EntryForm(
            "play",
            "the Playbook card: result, rating used, rating that stops it",
            one,
            extras=printed,
        ),
        EntryForm("play", "the Playbook card with type, two ratings, bonus and two stops", full),
    ]


def _card_forms(state: GridironState) -> list[EntryForm]:
    # The Player Card: a card is entered into a team's roster once; what picks a roster card
    # (its Player # or name) cannot pick a second one.
    taken = tuple((s, key) for s in SIDES for c in state.roster(s) for key in roster_keys(c))
    forms = []
    for unit, positions, ratings in (
        ("Offense", OFFENSE_POSITIONS, OFFENSE_RATINGS),
        ("Defense", DEFENSE_POSITIONS, DEFENSE_RATINGS),
    ):
        forms.append(
            EntryForm(
                "card",
                f"enter a {unit} card into a team's roster once, to choose it by # later",
                (
                    Slot("team", "word", words=SIDES),
                    Slot("Player #", "number", low=1, high=MAX_CARD_NUMBER),
                    Slot(f"{unit} position", "word", words=positions),
                    Slot(f"{unit} rating", "word", words=ratings),
                    Slot("value", "number", low=1, high=MAX_RATING),
                ),
                taken,
                # The name goes before the position, then the card's other printed ratings.
                extras=(
                    Extra("name", (Slot("name", "text"),), at=2),
                    *(
                        Extra(
                            f"rating {n}",
                            (
                                Slot(f"{unit} rating {n}", "word", words=ratings),
                                Slot(f"value {n}", "number", low=1, high=MAX_RATING),
                            ),
                        )
                        for n in range(2, MAX_RATINGS_ON_CARD + 1)
                    ),
                ),
            )
        )
    return forms


def _audible_form(side: Side, *, score: bool) -> EntryForm:
    if score:
        return EntryForm(
            "audible score",
            "a defensive-scoring Audible: the margin it needs and what it scores",
            (
                Slot("margin", "number", side=side, low=1, high=MAX_RATING),
                Slot("td or fg", "word", side=side, words=("td", "fg")),
            ),
        )
    return EntryForm(
        "audible",
        "an Audible card changing this side's rating by n (0 for an effect Zebra does not rate)",
        (Slot("rating change", "number", side=side, low=-MAX_BONUS, high=MAX_BONUS),),
    )


# Deck Building -------------------------------------------------------------------------------

SALARY_CAP = 120.0
BENCH_FROM = 705
OFFENSE_NEEDS = {"qb": 1, "rb": 1, "te": 1, "wr": 2, "t": 2, "g": 2, "c": 1}
OFFENSE_ELEVENTH = ("rb", "fb", "te", "wr")
DEFENSE_NEEDS = {"de": 2, "dt": 1, "lb": 3, "cb": 2, "s": 2}
UNIT_SIZE = 11
MIN_PLAYBOOK = 24
MIN_TOUCHDOWNS = 12
_DECK_RESULTS = {
    "touchdown": "touchdown",
    "td": "touchdown",
    "fieldgoal": "field_goal",
    "fg": "field_goal",
    "audible": "audible",
}


@dataclass(frozen=True)
class DeckCard:
    where: str
    number: int | None
    name: str
    position: str
    salary: float


def deck_problems(text: str) -> list[str]:
    """Deck Building: every rule a deck file breaks, one line each naming the offending cards."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [f"not a readable deck file (TOML): {exc}"]
    except (TypeError, ValueError) as exc:  # pragma: no cover - tomllib raises TOMLDecodeError
        return [f"not a readable deck file: {exc}"]
    problems: list[str] = []
    opened = data.get("deck", "built")
    if opened not in ("built", "new"):
        problems.append(f'deck = {opened!r}: it is "built" (deck building) or "new" (opened box)')
        opened = "built"
    offense = _deck_players(data, "offense", OFFENSE_POSITIONS, problems)
    defense = _deck_players(data, "defense", DEFENSE_POSITIONS, problems)
    plays = _deck_plays(data, problems)
    if opened == "new":
        # Opening a New Deck: bench players and Audibles are set aside, not counted.
        offense = [c for c in offense if c.number is None or c.number < BENCH_FROM]
        defense = [c for c in defense if c.number is None or c.number < BENCH_FROM]
        plays = [p for p in plays if p[1] != "audible"]
    problems.extend(salary_cap(offense + defense))
    problems.extend(offense_lineup(offense))
    problems.extend(defense_lineup(defense))
    problems.extend(playbook_rules(plays))
    return problems


def salary_cap(cards: Sequence[DeckCard]) -> list[str]:
    """Deck Building: a deck cannot exceed a $120 million salary cap."""
    total = round(sum(c.salary for c in cards), 2)
    if total <= SALARY_CAP:
        return []
    dearest = sorted(cards, key=lambda c: -c.salary)[:3]
    names = ", ".join(f"{_deck_label(c)} ${c.salary:g}M" for c in dearest)
    return [
        f"salary cap: the players cost ${total:g} million, ${total - SALARY_CAP:g} million over "
        f"the $120 million cap (dearest: {names})"
    ]


def offense_lineup(cards: Sequence[DeckCard]) -> list[str]:
    """Deck Building: 11 Offense cards, 1 QB 1 RB 1 TE 2 WR 2 T 2 G 1 C and one RB/FB/TE/WR."""
    problems = _unit_lineup(cards, "Offense", OFFENSE_NEEDS)
    extra = _extras(cards, OFFENSE_NEEDS)
    wrong = [c for c in extra if c.position not in OFFENSE_ELEVENTH]
    if wrong:
        problems.append(
            "Offense: the 11th player is an RB, FB, TE or WR, but the deck has extra "
            + ", ".join(f"{c.position.upper()} ({_deck_label(c)})" for c in wrong)
        )
    return problems


def defense_lineup(cards: Sequence[DeckCard]) -> list[str]:
    """Deck Building: 11 Defense cards, 2 DE 1 DT 3 LB 2 CB 2 S and one at any position."""
    return _unit_lineup(cards, "Defense", DEFENSE_NEEDS)


def playbook_rules(plays: Sequence[tuple[str, str, str | None]]) -> list[str]:
    """Deck Building: 24+ Playbook cards, 12+ Touchdowns, types within 2-to-1, half Field Goals."""
    problems: list[str] = []
    total = len(plays)
    if total < MIN_PLAYBOOK:
        problems.append(f"Playbook: {total} cards; a deck has at least {MIN_PLAYBOOK}")
    tds = [p for p in plays if p[1] == "touchdown"]
    if len(tds) < MIN_TOUCHDOWNS:
        problems.append(
            f"Playbook: {len(tds)} Touchdown cards; a deck has at least {MIN_TOUCHDOWNS}"
        )
    fgs = [p for p in plays if p[1] == "field_goal"]
    if 2 * len(fgs) != total:
        problems.append(
            f"Playbook: {len(fgs)} Field Goal cards of {total}; exactly half must be Field Goal "
            f"cards ({total / 2:g}), so each Audible needs one more Field Goal card"
        )
    by_type = Counter(p[2] for p in plays if p[1] != "audible" and p[2] is not None)
    counts = {t: by_type.get(t, 0) for t in PLAY_TYPES}
    for a in PLAY_TYPES:
        for b in PLAY_TYPES:
            if counts[a] > 2 * counts[b]:
                problems.append(
                    f"Playbook: {counts[a]} {PLAY_TYPE_NAMES[a]} plays exceed the "
                    f"{counts[b]} {PLAY_TYPE_NAMES[b]} plays by more than 2 to 1 "
                    f"({', '.join(sorted({p[0] for p in plays if p[2] == a}))})"
                )
    return problems


def _unit_lineup(cards: Sequence[DeckCard], unit: str, needs: Mapping[str, int]) -> list[str]:
    problems: list[str] = []
    if len(cards) > UNIT_SIZE:
        spare = _extras(cards, needs)
        problems.append(
            f"{unit}: {len(cards)} cards; a deck has exactly {UNIT_SIZE} (beyond the required "
            f"positions: {', '.join(f'{c.position.upper()} {_deck_label(c)}' for c in spare)})"
        )
    elif len(cards) < UNIT_SIZE:
        problems.append(f"{unit}: {len(cards)} cards; a deck has exactly {UNIT_SIZE}")
    have = Counter(c.position for c in cards)
    for pos, n in needs.items():
        if have[pos] < n:
            problems.append(f"{unit}: {have[pos]} {pos.upper()}; a deck needs {n} {pos.upper()}")
    return problems


def _extras(cards: Sequence[DeckCard], needs: Mapping[str, int]) -> list[DeckCard]:
    seen: Counter[str] = Counter()
    extra = []
    for c in cards:
        seen[c.position] += 1
        if seen[c.position] > needs.get(c.position, 0):
            extra.append(c)
    return extra


def _deck_players(
    data: Mapping[str, Any], key: str, positions: Sequence[str], problems: list[str]
) -> list[DeckCard]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        problems.append(f"[[{key}]] is a list of cards, one [[{key}]] table per card")
        return []
    out: list[DeckCard] = []
    for i, item in enumerate(raw, start=1):
        where = f"{key} card {i}"
        if not isinstance(item, dict):
            problems.append(f"{where}: a card is a table with number, name, position, salary")
            continue
        number = item.get("number")
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            problems.append(f"{where}: number {number!r} is not a whole number")
            number = None
        name = str(item.get("name", "")).strip()
        label = DeckCard(where, number, name, "", 0.0)
        raw_pos = str(item.get("position", "")).strip().lower()
        pos = _POSITION_ALIASES.get(raw_pos, raw_pos)
        if pos not in positions:
            problems.append(
                f"{key}: {_deck_label(label)} has position {raw_pos.upper() or 'none'}; "
                f"{key} positions are {' '.join(p.upper() for p in positions)}"
            )
        salary = item.get("salary")
        if isinstance(salary, bool) or not isinstance(salary, int | float) or salary < 0:
            problems.append(
                f"{key}: {_deck_label(label)} needs a salary in millions (salary = 4.5)"
            )
            salary = 0.0
        out.append(DeckCard(where, number, name, pos, float(salary)))
    return out


def _deck_plays(data: Mapping[str, Any], problems: list[str]) -> list[tuple[str, str, str | None]]:
    raw = data.get("playbook", [])
    if not isinstance(raw, list):
        problems.append("[[playbook]] is a list of cards, one [[playbook]] table per card")
        return []
    out: list[tuple[str, str, str | None]] = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            problems.append(f"playbook card {i}: a card is a table with name, result, type")
            continue
        name = str(item.get("name", "")).strip() or f"playbook card {i}"
        raw_result = str(item.get("result", "")).replace(" ", "").replace("_", "").lower()
        result = _DECK_RESULTS.get(raw_result)
        if result is None:
            problems.append(
                f'playbook: {name} has result {item.get("result")!r}; it is "Touchdown", '
                '"Field Goal" or "Audible"'
            )
            continue
        play_type = None
        if result != "audible":
            raw_type = str(item.get("type", "")).replace(" ", "").replace("_", "").lower()
            play_type = raw_type.replace("-", "")
            if play_type not in PLAY_TYPES:
                problems.append(
                    f"playbook: {name} has type {item.get('type')!r}; an offensive play is "
                    "Inside Run, Outside Run, Short Pass or Long Pass"
                )
                play_type = None
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 60:
            problems.append(f"playbook: {name} has count {count!r}; a count is 1 to 60")
            count = 1
        out.extend([(name, result, play_type)] * count)
    return out


def _deck_label(card: DeckCard) -> str:
    num = f"#{card.number} " if card.number is not None else ""
    return f"{num}{card.name or card.where}".strip()


RULESET = GridironMasters()
