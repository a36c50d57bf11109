"""Third and Long (rules/third-and-long.txt): a football card game of drives and key moments.

Zebra tracks no field position. A drive is a number of key moments (placeholder cards set aside);
each play is a personnel matchup whose play total (snap + offensive attribute - defensive
attribute + modifiers) is compared with the target number of the colour the offensive arrow points
to. The shared 60-card Action Deck is the clock: every card taken from it is counted here, and a
quarter ends when the deck cannot supply what the next play needs before its snap.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from domain.entries import words
from domain.periods import QUARTERS
from domain.ruleset import (
    SIDES,
    EntryForm,
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

DECK_SIZE = 60
HAND_SIZE = 7
SALARY_CAP_TENTHS = 150  # $15 million, kept in tenths of a million so $2.5M is exact
MAX_STARS = 6
TIMEOUTS_PER_HALF = 3
TIMEOUTS_PER_OVERTIME = 2
CHALLENGES_PER_GAME = 2
REGULATION_QUARTERS = 4
RANDOM_LOW, RANDOM_HIGH = 1, 5  # the random number in each Action card's upper right corner
MODIFIER_HIGH = 9  # the printed range is not in the rulebook; any printed value up to 9 is taken
PENALTY_RANGE = 9
RETURN_TARGET = 2
TOUCHDOWN, FIELD_GOAL, EXTRA_POINT, TWO_POINTS, SAFETY_POINTS = 6, 3, 1, 2, 2

OFFENCE_POSITIONS = ("qb", "rb", "wr")
DEFENCE_POSITIONS = ("lb", "cb", "s")
POSITIONS = OFFENCE_POSITIONS + DEFENCE_POSITIONS
ATTRIBUTES: dict[str, tuple[str, str, str]] = {
    "qb": ("accuracy", "arm", "timing"),
    "rb": ("power", "speed", "vision"),
    "wr": ("agility", "quickness", "speed"),
    "lb": ("speed", "tackling", "instincts"),
    "cb": ("speed", "tackling", "instincts"),
    "s": ("speed", "tackling", "instincts"),
}
TARGETS = {"green": 2, "yellow": 3, "red": 4}
OFFENCE_MATCHUPS = tuple(f"{p}-{a}" for p in OFFENCE_POSITIONS for a in ATTRIBUTES[p])
DEFENCE_MATCHUPS = tuple(f"{p}-{a}" for p in DEFENCE_POSITIONS for a in ATTRIBUTES[p])
INJURY_UNITS = ("plays", "drives", "quarters")
OFFENCE_BIG_PLAYS = ("td", "score", "loose")
DEFENCE_BIG_PLAYS = ("fumble", "interception", "safety")
TURNOVER_CARDS = ("fumble", "interception")

Phase = Literal[
    "roster",
    "draft_order",
    "draft",
    "toss",
    "choice",
    "kickoff",
    "drive",
    "calls",
    "snap",
    "pile",
    "check",
    "turnover",
    "review",
    "fourth",
    "score",
    "fg_choice",
    "try",
    "block",
    "time_up",
    "final",
]
PlayKind = Literal["moment", "fourth", "goforit", "two", "return"]
Stage = Literal["play", "drive", "moments"]
Outcome = Literal["offence", "inconclusive", "defence", "turnover"]
Pair = tuple[int, int]


@dataclass(frozen=True)
class Star:
    """One Player card: its team, position, salary (tenths of a million) and three attributes."""

    side: Side
    position: str
    salary: int
    attributes: tuple[int, int, int]

    def value(self, attribute: str) -> int:
        return self.attributes[ATTRIBUTES[self.position].index(attribute)]


@dataclass(frozen=True)
class Call:
    """The revealed play calls: arrow colour, offensive player and attribute, box and attribute."""

    colour: str
    off_position: str
    off_attribute: str
    def_position: str
    def_attribute: str
    names: str = ""

    @property
    def target(self) -> int:
        return TARGETS[self.colour]


@dataclass(frozen=True)
class Injury:
    """A star sitting out: the printed length counts plays, drives or quarters once the play,
    drive or quarter in which he was hurt is over (``counting``)."""

    side: Side
    position: str
    length: int
    unit: str
    counting: bool = False


@dataclass(frozen=True)
class Play:
    """The play being run: its pile, the Action cards used on it, and any challenge under way."""

    kind: PlayKind
    call: Call | None = None
    snap: int | None = None
    modifiers: tuple[int, ...] = ()
    flags: int = 0
    penalty: bool = False
    big: tuple[str, ...] = ()
    turnover: bool = False
    injuries: tuple[Injury, ...] = ()
    outcome: Outcome | None = None
    challenger: Side | None = None
    original: Outcome | None = None
    check_challenged: bool = False


@dataclass(frozen=True)
class ThirdAndLongState(TwoTeams):
    """Everything the rules need to know, and nothing they could derive."""

    home: str
    away: str
    draft: bool = False
    phase: Phase = "roster"
    stars: tuple[Star, ...] = ()
    draft_turn: Side | None = None
    draft_done: tuple[Side, ...] = ()
    toss_winner: Side | None = None
    first_offense: Side | None = None
    offense: Side | None = None
    quarter: int = 1
    scores: tuple[Pair, ...] = ((0, 0),)
    deck: int = DECK_SIZE
    discard: int = 0
    hands: Pair = (0, 0)
    aside: int = 0
    pile: int = 0
    pending: Pair = (0, 0)
    timeouts: Pair = (TIMEOUTS_PER_HALF, TIMEOUTS_PER_HALF)
    challenges: Pair = (CHALLENGES_PER_GAME, CHALLENGES_PER_GAME)
    moments: int = 0
    moments_total: int = 0
    drive_length: int | None = None
    shorten: bool = False
    kicker: Side | None = None
    kind: PlayKind = "moment"
    play: Play | None = None
    scorer: Side | None = None
    injured: tuple[Injury, ...] = ()
    expired: bool = False
    bought: bool = False
    resume: Stage | None = None
    winner: Side | None = None

    @property
    def overtime(self) -> bool:
        return self.quarter > REGULATION_QUARTERS


def _get(pair: Pair, side: Side) -> int:
    return pair[0] if side == "home" else pair[1]


def _put(pair: Pair, side: Side, value: int) -> Pair:
    return (value, pair[1]) if side == "home" else (pair[0], value)


def _add(pair: Pair, side: Side, amount: int) -> Pair:
    return _put(pair, side, _get(pair, side) + amount)


class ThirdAndLong:
    """The Third and Long ruleset."""

    name = "thirdandlong"
    title = "Third and Long"
    division = QUARTERS
    options = (
        GameOption(
            "teams",
            "How the coaches acquire their stars: enter pre-built teams (built) or draft "
            "alternately (draft)",
            ("built", "draft"),
            "built",
        ),
    )

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> ThirdAndLongState:
        """Game set-up: rosters to enter, a fresh 60-card Action Deck, 3 time-outs, 2 challenges."""
        chosen = resolve_options(self.options, options)
        draft = chosen["teams"] == "draft"
        return ThirdAndLongState(
            home=home, away=away, draft=draft, phase="draft_order" if draft else "roster"
        )

    # What the table does next -------------------------------------------------------------

    def expected(self, state: ThirdAndLongState) -> Prompt:
        """Who acts next and the entries legal now."""
        return _PROMPTS[state.phase](state)

    # Applying one entry ---------------------------------------------------------------------

    def apply(self, state: ThirdAndLongState, text: str) -> tuple[ThirdAndLongState, list[Ruling]]:
        """One entry as typed at the table."""
        tokens = _normalise(words(text))
        if state.phase == "final":
            raise IllegalEntry(
                f"the game is over ({final_line(state)}); nothing more can be entered"
            )
        keyword, rest = tokens[0], tokens[1:]
        if state.phase == "review" and keyword not in ("challenge", "accept"):
            settled, first = accept_ruling(state)
            after, more = self.apply(settled, text)
            return after, [*first, *more]
        prompt = self.expected(state)
        allowed = {f.keyword.split()[0] for f in prompt.forms}
        if keyword not in allowed:
            why = _not_now(state, keyword)
            raise IllegalEntry(why or f"{keyword!r} is not due now; {_legal(prompt)}")
        return _HANDLERS[keyword](state, rest)

    def situation(self, state: ThirdAndLongState) -> dict[str, Any]:
        """The public view: score by quarter, the drive, the open play and the Action Deck."""
        play = state.play
        target = total = None
        if play is not None and state.phase in ("pile", "check", "turnover", "review", "snap"):
            target = _target(play)
            if play.snap is not None:
                total = play_total(state, play)
        live = state.phase not in ("roster", "draft_order", "draft", "toss", "choice", "final")
        return situation(
            ruleset=self.name,
            home=state.home,
            away=state.away,
            score=state.total,
            score_by_quarter=[{"home": h, "away": a} for h, a in state.scores],
            quarter=state.quarter,
            period=self.division.period(state.quarter),
            possession=state.offense if live else None,
            down=None,
            distance=None,
            ball_on=None,
            clock={
                "deck": state.deck,
                "discard": state.discard,
                "hands": {"home": state.hands[0], "away": state.hands[1]},
                "placeholders": state.aside,
                "pile": state.pile,
                "draws_due": {"home": state.pending[0], "away": state.pending[1]},
                "cards_needed_for_next_play": _cards_needed_now(state),
                "next_play_can_start": _next_play_can_start(state),
                "time_expired": state.expired,
            },
            timeouts={"home": state.timeouts[0], "away": state.timeouts[1]},
            next=self.expected(state).text,
            finished=state.phase == "final",
            winner=state.winner,
            converting=state.phase in ("try", "block") or state.kind == "two",
            phase=state.phase,
            challenges={"home": state.challenges[0], "away": state.challenges[1]},
            key_moments_left=state.moments if live else None,
            key_moments=state.moments_total if live else None,
            play_kind=play.kind if play else None,
            target=target,
            play_total=total,
            rosters=roster_view(state),
            injured=[
                {
                    "team": i.side,
                    "position": i.position.upper(),
                    "left": i.length,
                    "unit": i.unit,
                    "counting": i.counting,
                }
                for i in state.injured
            ],
        )


# Set-up -----------------------------------------------------------------------------------


def star_entry(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Acquiring Players / Salary Caps: one star per position, $15 million cap, six at most."""
    if len(rest) != 6:
        raise IllegalEntry(
            "a star is: star <team> <position> <salary $M> <three attributes as printed>, "
            "e.g. star home rb 4 3 2 1"
        )
    side = _side_word(rest[0], state)
    position = rest[1]
    if position not in POSITIONS:
        raise IllegalEntry(f"{rest[1]!r} is not a position; expected one of qb rb wr lb cb s")
    if state.draft and state.draft_turn != side:
        raise IllegalEntry(
            f"it is {state.name(_draft_picker(state))}'s pick in the draft, not "
            f"{state.name(side)}'s"
        )
    salary = _salary(rest[2])
    values = tuple(_attribute_value(t, position) for t in rest[3:6])
    star = Star(side, position, salary, (values[0], values[1], values[2]))
    for s in _team(state, side):
        if s.position == position:
            raise IllegalEntry(
                f"{state.name(side)} already have a star {position.upper()} "
                f"({_money(s.salary)}); a team has one star at each position"
            )
    spent = sum(s.salary for s in _team(state, side)) + salary
    if spent > SALARY_CAP_TENTHS:
        raise IllegalEntry(
            f"{state.name(side)} would spend {_money(spent)}, over the $15M salary cap; "
            f"{_money(SALARY_CAP_TENTHS - spent + salary)} is left"
        )
    attrs = ", ".join(
        f"{a} {v:+d}" for a, v in zip(ATTRIBUTES[position], star.attributes, strict=True)
    )
    ruling = Ruling(
        "star",
        f"{state.name(side)} sign a star {position.upper()} for {_money(salary)} ({attrs}); "
        f"{_money(spent)} of $15M spent.",
        team=side,
        data={"position": position, "salary": salary / 10, "attributes": list(star.attributes)},
    )
    new = replace(state, stars=(*state.stars, star))
    if state.draft:
        new = replace(new, draft_turn=_after_pick(new, side))
    return new, [ruling]


def roster_ready(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Acquiring Players, Option 1: both pre-built teams are on the table; toss the coin."""
    _nothing_more("ready", rest)
    return replace(state, phase="toss"), [
        Ruling(
            "rosters", f"Rosters set: {_roster_line(state, 'home')}; {_roster_line(state, 'away')}."
        )
    ]


def draft_order(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Option 2, Draft Your Team: a coin flip decides who chooses the first player."""
    if len(rest) != 1:
        raise IllegalEntry("enter the team that won the draft coin flip: first home | first away")
    side = _side_word(rest[0], state)
    return replace(state, phase="draft", draft_turn=side), [
        Ruling("draft_order", f"{state.name(side)} pick first in the draft.", team=side)
    ]


def draft_done(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Option 2, Draft Your Team: a coach stops picking when the team is complete or capped."""
    if len(rest) != 1:
        raise IllegalEntry("enter the team that has finished picking: done home | done away")
    side = _side_word(rest[0], state)
    if side in state.draft_done:
        raise IllegalEntry(f"{state.name(side)} have already finished picking")
    done = (*state.draft_done, side)
    ruling = Ruling(
        "draft_done", f"{state.name(side)} finish drafting: {_roster_line(state, side)}."
    )
    if len(done) == 2:
        return replace(state, draft_done=done, draft_turn=None, phase="toss"), [
            ruling,
            Ruling("rosters", "The draft is over; the remaining Player cards go out of play."),
        ]
    return replace(state, draft_done=done, draft_turn=other(side)), [ruling]


def coin_toss(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """The Coin Toss: the visiting team calls it; enter the winner."""
    if len(rest) != 1:
        raise IllegalEntry("enter the team that won the coin toss: toss home | toss away")
    side = _side_word(rest[0], state)
    return replace(state, phase="choice", toss_winner=side), [
        Ruling("toss", f"{state.name(side)} win the coin toss.", team=side)
    ]


def toss_choice(
    state: ThirdAndLongState, choice: str, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """The Coin Toss: the winner starts on offence or defence; seven-card hands, offence first."""
    _nothing_more(choice, rest)
    winner = state.toss_winner
    assert winner is not None
    offense = winner if choice == "offense" else other(winner)
    rulings = [
        Ruling(
            "choice",
            f"{state.name(winner)} choose {choice}; {state.name(offense)} receive the kickoff.",
            team=winner,
            data={"choice": choice, "offense": offense},
        )
    ]
    state = replace(state, offense=offense, toss_winner=None)
    if state.overtime:
        state = replace(
            state,
            timeouts=(TIMEOUTS_PER_OVERTIME, TIMEOUTS_PER_OVERTIME),
            challenges=(0, 0),
        )
    else:
        state = replace(state, first_offense=offense)
    state, dealt = deal_hands(state)
    rulings.extend(dealt)
    state = replace(state, kicker=other(offense))
    after, more = next_start(state, "drive")
    return after, [*rulings, *more]


def deal_hands(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Draw Action Cards: both coaches draw seven, starting with the offence."""
    off = state.offense
    assert off is not None
    for side in (off, other(off)):
        state = _draw(state, side, HAND_SIZE)
    return state, [
        Ruling(
            "deal",
            f"{state.name(off)} then {state.name(other(off))} draw seven Action cards; "
            f"{state.deck} left in the Action Deck.",
        )
    ]


# The drive --------------------------------------------------------------------------------


def drive_length(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Determine Drive Length: the random number is the key moments (one fewer after a turnover
    on downs or a failed onside kick, at least one)."""
    n = _random_number(rest, "the drive-length card")
    state, shuffled = _flip(state)
    length = max(1, n - 1) if state.shorten else n
    short = f" less one for field position = {length}" if state.shorten else ""
    ruling = Ruling(
        "drive_length",
        f"Drive length: {state.name(_off(state))} flip {n}{short} key moment"
        f"{'s' if length != 1 else ''}.",
        team=state.offense,
        data={"random": n, "key_moments": length},
    )
    state = replace(state, drive_length=length, shorten=False, kicker=None)
    after, more = next_start(state, "moments")
    return after, [*shuffled, ruling, *more]


def onside_kick(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """On-Side Kick: a 1 or 5 and the kicking team recovers (bonus card); else the receiving
    team's next drive is one key moment shorter."""
    kicker = state.kicker
    assert kicker is not None
    n = _random_number(rest, "the onside-kick card")
    state, shuffled = _flip(state)
    if n in (1, 5):
        state = replace(state, offense=kicker, kicker=None, phase="drive", shorten=False)
        state, bonus = _bonus(state, kicker, "recovering an onside kick")
        return state, [
            *shuffled,
            Ruling(
                "onside_recovered",
                f"Onside kick: {n}! {state.name(kicker)} recover and keep the ball.",
                team=kicker,
                data={"random": n},
            ),
            *bonus,
        ]
    receiver = other(kicker)
    state = replace(state, kicker=None, phase="drive", shorten=True)
    return state, [
        *shuffled,
        Ruling(
            "onside_failed",
            f"Onside kick: {n}, {state.name(receiver)} recover; their drive will be one key "
            "moment shorter.",
            team=receiver,
            data={"random": n},
        ),
    ]


def play_calls(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Choose Play Calls / Determine Target Number and Matchups: colour sets the target, the
    arrow's box names the defender, the offensive call names both attributes."""
    call = _read_call(rest)
    play = Play(kind=state.kind, call=call)
    off, dfn = _off(state), state.defence
    o = attribute_value(state, off, call.off_position, call.off_attribute)
    d = attribute_value(state, dfn, call.def_position, call.def_attribute)
    named = f" ({call.names})" if call.names else ""
    ruling = Ruling(
        "matchup",
        f"Calls revealed{named}: arrow on {call.colour}, target {call.target}; "
        f"{call.off_position.upper()} {call.off_attribute} {o:+d} "
        f"({_who(state, off, call.off_position)}) against {call.def_position.upper()} "
        f"{call.def_attribute} {d:+d} ({_who(state, dfn, call.def_position)}).",
        team=off,
        data={
            "target": call.target,
            "offence": o,
            "defence": d,
            "colour": call.colour,
            "players": ball_handler(call.off_position),
            "play_type": "run" if call.off_position == "rb" else "pass",
        },
    )
    return replace(state, phase="snap", play=play), [ruling]


def ball_handler(position: str) -> dict[str, str]:
    """Calls: the offensive call names the position whose attribute plays (the QB throws, the
    RB runs, the WR catches); the cards name no player, so the play-by-play names the position."""
    role = {"qb": "passer", "rb": "rusher", "wr": "receiver"}.get(position)
    return {role: position.upper()} if role else {}


def snap(state: ThirdAndLongState, rest: Sequence[str]) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Take the Snap: the random number starts the pile and the play total."""
    n = _random_number(rest, "the snap card")
    play = state.play
    assert play is not None
    state, shuffled = _take(state, 1, "pile")
    play = replace(play, snap=n)
    state = replace(state, play=play, bought=False)
    rulings = [
        *shuffled,
        Ruling(
            "snap",
            f"Snap {n}: play total {play_total(state, play)} against target {_target(play)}"
            f"{' (challenge review)' if play.challenger else ''}.",
            team=_off(state),
            data={"random": n, "total": play_total(state, play), "target": _target(play)},
        ),
    ]
    if play.challenger and any(b in TURNOVER_CARDS for b in play.big):
        # Challenge the Play: every variable event is redone, the turnover check included.
        return replace(state, phase="check"), rulings
    return replace(state, phase="pile"), rulings


def modifier(
    state: ThirdAndLongState, sign: int, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Modifiers: offensive cards add to the play total, defensive cards subtract from it."""
    if len(rest) != 1:
        raise IllegalEntry("enter the modifier's printed value, e.g. off 2 or def 3")
    value = _number(rest[0], 1, MODIFIER_HIGH, "a modifier")
    user = _off(state) if sign > 0 else state.defence
    state = _use(state, user)
    play = state.play
    assert play is not None
    play = replace(play, modifiers=(*play.modifiers, sign * value))
    state = replace(state, play=play)
    total = play_total(state, play)
    return state, [
        Ruling(
            "modifier",
            f"{state.name(user)} modifier {sign * value:+d}: play total {total} against "
            f"target {_target(play)}.",
            team=user,
            data={"modifier": sign * value, "total": total},
        )
    ]


def penalty(
    state: ThirdAndLongState, kind: str, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Breaks, Penalty/Personal Foul: the flag changes the total by what the card prints,
    negates a turnover, and cannot be challenged."""
    play = state.play
    assert play is not None
    if play.challenger is not None:
        raise IllegalEntry(
            "penalties cannot be played during a challenge; use modifiers or whistle"
        )
    if len(rest) != 2:
        raise IllegalEntry(
            f"enter who uses the card and its change to the play total: {kind} <team> <change>, "
            f"e.g. {kind} home -2 (0 if it prints none)"
        )
    user = _side_word(rest[0], state)
    change = _signed(rest[1], PENALTY_RANGE, "a penalty's change to the play total")
    state = _use(state, user)
    negated = state.phase == "turnover"
    play = replace(state.play or play, flags=play.flags + change, penalty=True, turnover=False)
    state = replace(state, play=play, phase="pile")
    what = "Personal foul" if kind == "foul" else "Penalty"
    text = f"{what} card used by {state.name(user)}"
    if change:
        text += f", {change:+d} to the play total"
    if negated:
        text += "; the turnover is negated (the defence was cheating)"
    text += f". Play total {play_total(state, play)} against target {_target(play)}."
    return state, [
        Ruling(
            "personal_foul" if kind == "foul" else "penalty",
            text,
            team=user,
            data={"change": change, "negated_turnover": negated},
        )
    ]


def injury(state: ThirdAndLongState, rest: Sequence[str]) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Breaks, Injury: the targeted star leaves after this play for the printed time."""
    if len(rest) != 3:
        raise IllegalEntry(
            "enter the injured star's position and the time printed: injury <position> <n> "
            "<plays|drives|quarters>, e.g. injury rb 2 drives"
        )
    position = rest[0]
    if position not in POSITIONS:
        raise IllegalEntry(f"{position!r} is not a position; expected one of qb rb wr lb cb s")
    victim = _off(state) if position in OFFENCE_POSITIONS else state.defence
    if position not in _injurable(state, victim):
        raise IllegalEntry(
            f"{state.name(victim)} have no star {position.upper()} on the field to injure"
        )
    length = _number(rest[1], 1, 9, "an injury's length")
    unit = rest[2] if rest[2].endswith("s") else rest[2] + "s"
    if unit not in INJURY_UNITS:
        raise IllegalEntry(f"{rest[2]!r} is not a length; expected plays, drives or quarters")
    user = other(victim)
    state = _use(state, user)
    play = state.play
    assert play is not None
    play = replace(play, injuries=(*play.injuries, Injury(victim, position, length, unit)))
    return replace(state, play=play), [
        Ruling(
            "injury",
            f"Injury: {state.name(victim)}'s {position.upper()} leaves at the end of this play "
            f"for {length} {unit if length != 1 else unit[:-1]}.",
            team=victim,
            data={"position": position, "length": length, "unit": unit},
        )
    ]


def big_play(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Big Plays change the stakes of the play as printed; turnover cards call a Turnover Check."""
    if len(rest) != 1:
        raise IllegalEntry(f"enter the big play: big <{'|'.join(_big_plays(state))}>")
    name = _BIG_ALIASES.get(rest[0], rest[0])
    allowed = _big_plays(state)
    if name not in allowed:
        why = _big_refusal(state, name)
        raise IllegalEntry(why or f"{rest[0]!r} cannot be used now; expected {' | '.join(allowed)}")
    if state.phase == "turnover":
        return he_breaks_loose(state, [])
    play = state.play
    assert play is not None
    user = _off(state) if name in OFFENCE_BIG_PLAYS else state.defence
    state = _use(state, user)
    play = replace(play, big=(*play.big, name))
    state = replace(state, play=play)
    stakes = {
        "td": "if the offence wins, touchdown regardless of key moments left",
        "loose": "He Breaks Loose! If the offence wins, touchdown regardless of key moments left",
        "score": "if the offence wins, the drive is complete and scores",
        "safety": "if the defence wins this first key moment, safety",
        "fumble": "fumble: Turnover Check",
        "interception": "interception: Turnover Check",
    }[name]
    ruling = Ruling("big_play", f"Big play by {state.name(user)}: {stakes}.", team=user)
    if name in TURNOVER_CARDS:
        return replace(state, phase="check"), [ruling]
    return state, [ruling]


def turnover_check(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Check: each coach flips a card, the user of the turnover card first; a higher
    defensive number is a turnover."""
    if len(rest) != 2:
        raise IllegalEntry(
            "enter both random numbers, the defence's card first: check <defence> <offence>"
        )
    d = _number(rest[0], RANDOM_LOW, RANDOM_HIGH, "the defence's check card")
    o = _number(rest[1], RANDOM_LOW, RANDOM_HIGH, "the offence's check card")
    state, shuffled = _flip(state, 2)
    play = state.play
    assert play is not None
    lost = d > o
    negated = lost and play.penalty
    if negated:
        # Penalty/Personal Foul: "Playing a penalty or personal foul negates a turnover on that
        # play", the flag used before the turnover card as much as after it.
        lost = False
        outcome = "the defence wins it, but the turnover is negated by the flag on this play"
    elif lost:
        outcome = "TURNOVER, the defence has the ball"
    else:
        outcome = "no turnover, the play goes on"
    text = f"Turnover Check: defence {d}, offence {o}: {outcome}."
    data = {"d": d, "o": o, "negated_turnover": negated}
    rulings = [*shuffled, Ruling("turnover_check", text, team=state.defence, data=data)]
    if play.check_challenged and play.challenger is not None and play.original == "turnover":
        # A challenge of the check alone: compare the redone check with the original turnover.
        state, settled = settle_challenge(state, "turnover" if lost else "offence", check=True)
        rulings.extend(settled)
        play = state.play
        assert play is not None
    play = replace(play, turnover=lost)
    return replace(state, play=play, phase="turnover" if lost else "pile"), rulings


def whistle(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Play to the Whistle / Determine Play Outcome: above the target the offence wins, equal is
    inconclusive, below the defence wins."""
    _nothing_more("whistle", rest)
    play = state.play
    assert play is not None
    if state.phase == "turnover":
        outcome: Outcome = "turnover"
        ruling = Ruling("whistle", "Whistle: the turnover stands.", team=state.defence)
    else:
        outcome = judge(state, play)
        ruling = Ruling(
            "whistle",
            f"Whistle: play total {play_total(state, play)} against target {_target(play)}: "
            f"{_outcome_words(outcome)}.",
            team=_off(state),
            data={"total": play_total(state, play), "target": _target(play), "outcome": outcome},
        )
    if play.challenger is not None:
        state, settled = settle_challenge(state, outcome)
        outcome = settled[-1].data["applied"]
        after, more = resolve(state, outcome)
        return after, [ruling, *settled, *more]
    if outcome != "turnover" and challengers(state):
        play = replace(play, outcome=outcome)
        return replace(state, phase="review", play=play), [ruling]
    after, more = resolve(state, outcome)
    return after, [ruling, *more]


def accept_ruling(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Play to the Whistle: with no challenge the ruling on the field stands."""
    play = state.play
    assert play is not None and play.outcome is not None
    return resolve(state, play.outcome)


def accept_entry(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    _nothing_more("accept", rest)
    return accept_ruling(state)


def judge(state: ThirdAndLongState, play: Play) -> Outcome:
    """Play to the Whistle: above the target wins for the offence, equal is inconclusive."""
    total, target = play_total(state, play), _target(play)
    if total > target:
        return "offence"
    if total == target:
        return "inconclusive"
    return "defence"


def play_total(state: ThirdAndLongState, play: Play) -> int:
    """Play Total: snap + offensive attribute - defensive attribute + modifiers (a missing star
    counts 0; a turnover return has no players)."""
    total = (play.snap or 0) + sum(play.modifiers) + play.flags
    if play.call is None:
        return total
    call = play.call
    return (
        total
        + attribute_value(state, _off(state), call.off_position, call.off_attribute)
        + attribute_value(state, state.defence, call.def_position, call.def_attribute)
    )


def attribute_value(state: ThirdAndLongState, side: Side, position: str, attribute: str) -> int:
    """Personnel Matchup: the star's printed attribute, or 0 for an average player."""
    star = _star(state, side, position)
    if star is None or _is_injured(state, side, position):
        return 0
    return star.value(attribute)


# Resolving a finished play ----------------------------------------------------------------


def resolve(state: ThirdAndLongState, outcome: Outcome) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Determine Play Outcome: what winning, tying or losing this play means for the drive."""
    play = state.play
    assert play is not None
    state, rulings = finish_play(state)
    off, dfn = _off(state), state.defence
    if outcome == "turnover":
        if play.kind == "two":
            after, more = turnover_on_a_try(state)
        else:
            after, more = turnover(state, returning=False)
        return after, [*rulings, *more]
    if play.kind == "return":
        after, more = return_result(state, outcome == "offence")
        return after, [*rulings, *more]
    if play.kind == "two":
        after, more = two_point_result(state, outcome == "offence")
        return after, [*rulings, *more]
    if outcome == "offence":
        if "td" in play.big or "loose" in play.big:
            after, more = touchdown(state, off, "a big play")
        elif play.kind == "goforit":
            after, more = go_for_it_made(state)
        elif play.kind == "fourth":
            after, more = fourth_down_converted(state)
        else:
            after, more = key_moment_won(state, all_of_them="score" in play.big)
        return after, [*rulings, *more]
    if play.kind in ("fourth", "goforit"):
        after, more = turnover_on_downs(state, outcome)
        return after, [*rulings, *more]
    if outcome == "inconclusive":
        rulings.append(
            Ruling(
                "inconclusive", "Inconclusive: the drive goes on, no placeholder removed.", team=off
            )
        )
        after, more = next_start(state, "play")
        return after, [*rulings, *more]
    if "safety" in play.big:
        after, more = safety(state)
        return after, [*rulings, *more]
    rulings.append(
        Ruling(
            "fourth_down",
            f"The defence stops the drive cold: {state.name(off)} on fourth down "
            f"({state.moments} key moment{'s' if state.moments != 1 else ''} left).",
            team=dfn,
        )
    )
    return replace(state, phase="fourth"), rulings


def finish_play(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """After each play: the pile is discarded, injuries take effect, each coach draws one card."""
    play = state.play
    assert play is not None
    injured, rulings = heal(replace(state, injured=state.injured + play.injuries), "plays")
    state = replace(
        state,
        discard=state.discard + state.pile,
        pile=0,
        injured=injured,
        pending=(state.pending[0] + 1, state.pending[1] + 1),
        play=None,
    )
    return state, rulings


def key_moment_won(
    state: ThirdAndLongState, *, all_of_them: bool
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Determine Play Outcome: the offence wins, a placeholder is discarded; the last one scores."""
    removed = state.moments if all_of_them else 1
    state = replace(
        state,
        moments=state.moments - removed,
        aside=state.aside - removed,
        discard=state.discard + removed,
    )
    off = _off(state)
    if state.moments == 0:
        return replace(state, phase="score"), [
            Ruling(
                "drive_complete",
                f"{state.name(off)} win the last key moment: the drive scores. Flip the scoring "
                "card.",
                team=off,
            )
        ]
    ruling = Ruling(
        "key_moment",
        f"{state.name(off)} win the key moment: {state.moments} left.",
        team=off,
        data={"left": state.moments},
    )
    after, more = next_start(state, "play")
    return after, [ruling, *more]


def fourth_down_choice(
    state: ThirdAndLongState, choice: str, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Drive: punt (placeholders discarded, change of possession) or go for it."""
    _nothing_more(choice, rest)
    off, dfn = _off(state), state.defence
    if choice == "punt":
        ruling = Ruling("punt", f"{state.name(off)} punt; {state.name(dfn)} take over.", team=off)
        after, more = end_drive(state, dfn, kick=False)
        return after, [ruling, *more]
    ruling = Ruling(
        "fourth_down_attempt",
        f"{state.name(off)} go for it on fourth down: one play; a tie fails.",
        team=off,
    )
    after, more = next_start(replace(state, kind="fourth"), "play")
    return after, [ruling, *more]


def fourth_down_converted(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Fourth Down Conversion, success: the drive goes on but no placeholder is removed."""
    ruling = Ruling(
        "fourth_down_converted",
        f"Fourth down converted: {state.name(_off(state))} keep the drive alive "
        f"({state.moments} key moments left).",
        team=state.offense,
    )
    after, more = next_start(replace(state, kind="moment"), "play")
    return after, [ruling, *more]


def turnover_on_downs(
    state: ThirdAndLongState, outcome: Outcome
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Fourth Down Conversion, failure (defence wins or a tie): turnover on downs, the next drive
    is one key moment shorter and the defence draws a momentum card."""
    dfn = state.defence
    what = "a tie fails" if outcome == "inconclusive" else "the defence wins"
    ruling = Ruling(
        "turnover_on_downs",
        f"Conversion stopped ({what}): turnover on downs; {state.name(dfn)} take over with a "
        "drive one key moment shorter.",
        team=dfn,
    )
    state, bonus = _bonus(state, dfn, "stopping a fourth-down conversion")
    after, more = end_drive(state, dfn, kick=False, shorten=True)
    return after, [ruling, *bonus, *more]


def safety(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Safety: the defence wins the first key moment with the Safety card: 2 points, then the
    offence punts."""
    off, dfn = _off(state), state.defence
    state = _score(state, dfn, SAFETY_POINTS)
    ruling = Ruling(
        "safety",
        f"SAFETY! {state.name(dfn)} score 2; {state.name(off)} must punt.",
        team=dfn,
        points=SAFETY_POINTS,
    )
    if state.overtime:
        after, more = finish(state)
        return after, [ruling, *more]
    after, more = end_drive(state, dfn, kick=False)
    return after, [ruling, *more]


def turnover(
    state: ThirdAndLongState, *, returning: bool
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Check / Momentum: the drive is over and the defence draws a bonus card."""
    off, dfn = _off(state), state.defence
    state, bonus = _bonus(state, dfn, "forcing a turnover")
    ruling = Ruling(
        "turnover", f"Turnover: {state.name(dfn)} take the ball from {state.name(off)}.", team=dfn
    )
    if not returning:
        after, more = end_drive(state, dfn, kick=False)
        return after, [ruling, *bonus, *more]
    # Turnover Return for a TD: "like a mini-drive". The drive that lost the ball is over: each
    # coach's end-of-drive card is due and its injuries count it; the return is a drive of one
    # play, with its own draws when it ends (see docs/rulings.md).
    injured, healed = heal(state, "drives")
    state = replace(
        state,
        injured=injured,
        pending=(state.pending[0] + 1, state.pending[1] + 1),
        offense=dfn,
        discard=state.discard + state.aside,
        aside=0,
        moments=0,
        moments_total=0,
        kind="return",
        play=Play(kind="return"),
        phase="snap",
    )
    return state, [ruling, *bonus, *healed]


def turnover_on_a_try(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Two-Point Conversion / Momentum: a turnover stops the try (no return: a try is no drive);
    the defence draws its bonus card for forcing it."""
    off, dfn = _off(state), state.defence
    state, bonus = _bonus(state, dfn, "forcing a turnover")
    ruling = Ruling(
        "turnover",
        f"Turnover on the try: {state.name(dfn)} take the ball from {state.name(off)}.",
        team=dfn,
    )
    after, more = two_point_result(state, False)
    return after, [ruling, *bonus, *more]


def he_breaks_loose(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Return for a TD: after winning the check the defence uses He Breaks Loose! and
    runs a one-play mini-drive with target 2."""
    _nothing_more("loose", rest)
    play = state.play
    assert play is not None
    returner = state.defence
    rulings: list[Ruling] = []
    if play.challenger is not None:
        state, settled = settle_challenge(state, "turnover")
        rulings.extend(settled)
        if settled[-1].data["applied"] != "turnover":
            raise IllegalEntry("the original ruling stands, so there is no turnover to return")
    state = _use(state, returner)
    rulings.append(
        Ruling(
            "big_play",
            f"He Breaks Loose! {state.name(returner)} try to return the turnover for a "
            "touchdown: target 2.",
            team=returner,
        )
    )
    state, done = finish_play(state)
    after, more = turnover(state, returning=True)
    return after, [*rulings, *done, *more]


def return_result(state: ThirdAndLongState, scored: bool) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Return for a TD: 3 or more scores; otherwise the returning team keeps the ball."""
    returner = _off(state)
    if scored:
        return touchdown(state, returner, "a turnover return")
    ruling = Ruling(
        "return_stopped",
        f"Return stopped: {state.name(returner)} keep the ball; new drive.",
        team=returner,
    )
    after, more = end_drive(replace(state, kind="moment"), returner, kick=False)
    return after, [ruling, *more]


# Scoring ----------------------------------------------------------------------------------


def scoring_flip(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Offensive Scoring: the scoring card's upper-left corner shows touchdown or field goal."""
    if len(rest) != 1 or rest[0] not in ("td", "fg"):
        raise IllegalEntry("enter the scoring card's upper-left corner: score td | score fg")
    state, shuffled = _flip(state)
    off = _off(state)
    if rest[0] == "td":
        after, more = touchdown(state, off, "the scoring card")
        return after, [*shuffled, *more]
    return replace(state, phase="fg_choice"), [
        *shuffled,
        Ruling(
            "scoring_card",
            f"Scoring card: field goal. {state.name(off)} kick it or Go For It!",
            team=off,
        ),
    ]


def field_goal_choice(
    state: ThirdAndLongState, choice: str, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Don't Want to Settle for a Field Goal?: take 3 points, or Go For It! as a single play."""
    _nothing_more(choice, rest)
    off = _off(state)
    if choice == "goforit":
        ruling = Ruling(
            "go_for_it",
            f"{state.name(off)} Go For It! One play like a fourth-down conversion; a win flips "
            "another scoring card.",
            team=off,
        )
        after, more = _proceed(replace(state, kind="goforit"), "play")
        return after, [ruling, *more]
    state = _score(state, off, FIELD_GOAL)
    ruling = Ruling(
        "field_goal", f"FIELD GOAL {state.name(off)}: 3 points.", team=off, points=FIELD_GOAL
    )
    if state.overtime:
        after, more = finish(state)
        return after, [ruling, *more]
    after, more = end_drive(state, state.defence, kick=True)
    return after, [ruling, *more]


def go_for_it_made(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Going For It: the offence wins and flips another scoring card."""
    return replace(state, phase="score", kind="moment"), [
        Ruling(
            "go_for_it_made",
            f"{state.name(_off(state))} win the play: flip another scoring card.",
            team=state.offense,
        )
    ]


def touchdown(
    state: ThirdAndLongState, scorer: Side, how: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Touchdown: 6 points and a momentum card, then the extra point or two (sudden death ends)."""
    state = _score(state, scorer, TOUCHDOWN)
    ruling = Ruling(
        "touchdown",
        f"TOUCHDOWN {state.name(scorer)} on {how}! 6 points.",
        team=scorer,
        points=TOUCHDOWN,
    )
    state, bonus = _bonus(state, scorer, "scoring a touchdown")
    if state.overtime:
        after, more = finish(state)
        return after, [ruling, *bonus, *more]
    state = replace(
        state,
        phase="try",
        scorer=scorer,
        offense=scorer,
        kind="moment",
        discard=state.discard + state.aside,
        aside=0,
        moments=0,
    )
    return state, [ruling, *bonus]


def extra_point(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Extra Point: good unless the card shows 1 and the defence's blocking card is also 1."""
    n = _random_number(rest, "the extra-point card")
    state, shuffled = _flip(state)
    scorer = state.scorer
    assert scorer is not None
    if n == 1:
        return replace(state, phase="block"), [
            *shuffled,
            Ruling(
                "extra_point_in_doubt",
                f"Extra point card 1: {state.name(other(scorer))} flip to block it.",
                team=other(scorer),
            ),
        ]
    after, more = _extra_point_good(state, n)
    return after, [*shuffled, *more]


def block_attempt(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Extra Point: a second 1 and the kick is no good."""
    n = _random_number(rest, "the blocking card")
    state, shuffled = _flip(state)
    scorer = state.scorer
    assert scorer is not None
    if n != 1:
        after, more = _extra_point_good(state, n)
        return after, [*shuffled, *more]
    ruling = Ruling(
        "extra_point_failed", "Blocking card 1: the extra point is NO GOOD.", team=scorer
    )
    after, more = end_drive(state, other(scorer), kick=True)
    return after, [*shuffled, ruling, *more]


def _extra_point_good(state: ThirdAndLongState, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    scorer = state.scorer
    assert scorer is not None
    state = _score(state, scorer, EXTRA_POINT)
    ruling = Ruling(
        "extra_point",
        f"Extra point good ({n}): 1 point {state.name(scorer)}.",
        team=scorer,
        points=EXTRA_POINT,
    )
    after, more = end_drive(state, other(scorer), kick=True)
    return after, [ruling, *more]


def go_for_two(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Two-Point Conversion: declared before the extra-point card; a single play, a tie fails."""
    _nothing_more("two", rest)
    scorer = state.scorer
    assert scorer is not None
    ruling = Ruling("go_for_two", f"{state.name(scorer)} go for two: one play.", team=scorer)
    after, more = _proceed(replace(state, kind="two"), "play")
    return after, [ruling, *more]


def two_point_result(
    state: ThirdAndLongState, good: bool
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Two-Point Conversion: 2 points and a second momentum card if the offence wins."""
    scorer = _off(state)
    state = replace(state, kind="moment")
    if good:
        state = _score(state, scorer, TWO_POINTS)
        rulings = [
            Ruling(
                "two_point",
                f"Two-point conversion GOOD: 2 points {state.name(scorer)}.",
                team=scorer,
                points=TWO_POINTS,
            )
        ]
        state, bonus = _bonus(state, scorer, "a two-point conversion")
        rulings.extend(bonus)
    else:
        rulings = [Ruling("two_point_failed", "Two-point conversion NO GOOD.", team=scorer)]
    after, more = end_drive(state, other(scorer), kick=True)
    return after, [*rulings, *more]


# Time-outs and challenges -----------------------------------------------------------------


def timeout(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Time-Outs: avoid a bad matchup (both call again), extend the quarter by one play, and
    optionally refresh the caller's whole hand."""
    if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1] != "refresh"):
        raise IllegalEntry("enter the team calling it: timeout <team> [refresh]")
    side = _side_word(rest[0], state)
    if _get(state.timeouts, side) <= 0:
        raise IllegalEntry(f"{state.name(side)} have no time-outs left")
    state = replace(state, timeouts=_add(state.timeouts, side, -1))
    left = _get(state.timeouts, side)
    rulings = [
        Ruling(
            "timeout",
            f"Time-out {state.name(side)} ({left} left).",
            team=side,
            data={"left": left},
        )
    ]
    if len(rest) == 2:
        n = _get(state.hands, side)
        rulings.append(
            Ruling(
                "hand_refreshed",
                f"{state.name(side)} shuffle their {n} cards into the Action Deck and draw {n} "
                "fresh ones.",
                team=side,
                data={"cards": n},
            )
        )
    if state.phase == "snap":
        rulings.append(Ruling("new_calls", "Bad matchup avoided: both coaches call again."))
        return replace(state, phase="calls", play=None), rulings
    if state.phase == "time_up":
        assert state.resume is not None
        rulings.append(
            Ruling(
                "extra_play", "Time has run out, but the time-out buys one more play.", team=side
            )
        )
        after, more = _proceed(replace(state, bought=True, expired=True, resume=None), state.resume)
        return after, [*rulings, *more]
    return state, rulings


def challenge(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Challenge a Play: needs a time-out left; the play is redone with a new snap and new
    modifiers while big plays stay in effect (a turnover check alone may be redone)."""
    if len(rest) != 1:
        raise IllegalEntry("enter the challenging team: challenge <team>")
    side = _side_word(rest[0], state)
    why = challenge_refusal(state, side)
    if why:
        raise IllegalEntry(why)
    play = state.play
    assert play is not None
    state = replace(state, challenges=_add(state.challenges, side, -1))
    if state.phase == "turnover":
        play = replace(play, challenger=side, original="turnover", check_challenged=True)
        return replace(state, play=play, phase="check"), [
            Ruling(
                "challenge",
                f"{state.name(side)} challenge the Turnover Check: both coaches flip again.",
                team=side,
            )
        ]
    assert play.outcome is not None
    discarded = state.pile
    play = Play(
        kind=play.kind,
        call=play.call,
        big=play.big,
        challenger=side,
        original=play.outcome,
        check_challenged=True,
    )
    state = replace(state, play=play, phase="snap", discard=state.discard + discarded, pile=0)
    return state, [
        Ruling(
            "challenge",
            f"{state.name(side)} challenge the ruling on the field "
            f"({_outcome_words(play.original or 'offence')}). The snap and modifiers are "
            "discarded; big plays stay in effect. Take a new snap.",
            team=side,
        )
    ]


def challenge_refusal(state: ThirdAndLongState, side: Side) -> str | None:
    """Challenge a Play: who may not challenge now, and why."""
    play = state.play
    n = state.name(side)
    if state.overtime:
        return "there are no challenges in overtime"
    if _get(state.challenges, side) <= 0:
        return f"{n} have used both challenges"
    if _get(state.timeouts, side) <= 0:
        return f"{n} have no time-out left, and a challenge needs one to risk"
    if play is None or play.challenger is not None:
        return "this play has already been challenged"
    if play.penalty:
        return "penalties cannot be challenged; the flag on this play stands"
    if play.kind == "return":
        return "a turnover return has no play calls to review"
    if state.phase == "turnover" and play.check_challenged:
        return "this turnover check has already been challenged"
    return None


def challengers(state: ThirdAndLongState) -> tuple[Side, ...]:
    """The coaches who could challenge the play now."""
    return tuple(s for s in SIDES if challenge_refusal(state, s) is None)


def settle_challenge(
    state: ThirdAndLongState, outcome: Outcome, *, check: bool = False
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Challenge a Play: overturned only if the winner changes; a failed challenge costs a
    time-out."""
    play = state.play
    assert play is not None and play.challenger is not None and play.original is not None
    side = play.challenger
    if outcome == play.original:
        state = replace(state, timeouts=_add(state.timeouts, side, -1))
        ruling = Ruling(
            "challenge_failed",
            f"Review: {_outcome_words(outcome)} again. The ruling on the field stands; "
            f"{state.name(side)} are charged a time-out.",
            team=side,
            data={"applied": play.original},
        )
    else:
        ruling = Ruling(
            "challenge_overturned",
            f"Review: {_outcome_words(outcome)}. The ruling on the field "
            f"({_outcome_words(play.original)}) is overturned.",
            team=side,
            data={"applied": outcome},
        )
    return replace(state, play=replace(play, challenger=None)), [ruling]


# The clock --------------------------------------------------------------------------------


def cards_needed(state: ThirdAndLongState, stage: Stage) -> int:
    """Game Clock: the cards the deck must still hold for the next play to start: draws due
    (bonus, after-play, end-of-drive), then the drive-length card and at least one placeholder
    for a new drive (or the placeholders themselves once it is flipped), then one snap."""
    due = state.pending[0] + state.pending[1]
    if stage == "play":
        return due + 1
    if stage == "drive":
        return due + 3
    return due + (state.drive_length or 1) + 1


def next_start(state: ThirdAndLongState, stage: Stage) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Clock: the next play starts only if the deck can supply everything up to its snap;
    otherwise time runs out (a time-out may buy one more play)."""
    if state.bought:
        return _proceed(state, stage)
    if state.expired or state.deck < cards_needed(state, stage):
        return time_up(replace(state, expired=True), stage, again=state.expired)
    return _proceed(state, stage)


def _proceed(state: ThirdAndLongState, stage: Stage) -> tuple[ThirdAndLongState, list[Ruling]]:
    rulings: list[Ruling] = []
    need = cards_needed(state, stage)
    if state.deck < need and state.discard:
        rulings.append(_reshuffle_ruling(state, "to supply the cards still needed"))
        state = replace(state, deck=state.deck + state.discard, discard=0)
    state, drawn = _draw_pending(state)
    rulings.extend(drawn)
    if stage == "play":
        return replace(state, phase="calls", play=None), rulings
    if stage == "drive":
        return replace(state, phase="kickoff" if state.kicker else "drive", play=None), rulings
    length = state.drive_length
    assert length is not None
    state, shuffled = _take(state, length, "aside")
    state = replace(
        state, moments=length, moments_total=length, drive_length=None, phase="calls", kind="moment"
    )
    return state, [
        *rulings,
        *shuffled,
        Ruling(
            "placeholders",
            f"{length} placeholder card{'s' if length != 1 else ''} set aside; "
            f"{state.deck} cards left in the Action Deck.",
            team=state.offense,
        ),
    ]


def time_up(
    state: ThirdAndLongState, stage: Stage, *, again: bool = False
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Clock: the deck cannot supply the next play; the quarter ends unless a time-out is
    called (after a play bought by a time-out, time runs out again)."""
    state = replace(state, resume=stage)
    if again:
        text = (
            f"Time has run out in {_quarter_name(state.quarter)}: the time-out bought only that "
            "play."
        )
    else:
        text = (
            f"Time runs out in {_quarter_name(state.quarter)}: {state.deck} card"
            f"{'s' if state.deck != 1 else ''} left, {cards_needed(state, stage)} needed to "
            "start the next play."
        )
    ruling = Ruling(
        "time_up", text, data={"deck": state.deck, "needed": cards_needed(state, stage)}
    )
    if not any(t > 0 for t in state.timeouts):
        after, more = end_quarter(state)
        return after, [ruling, *more]
    return replace(state, phase="time_up"), [ruling]


def end_entry(
    state: ThirdAndLongState, rest: Sequence[str]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    _nothing_more("end", rest)
    return end_quarter(state)


def end_quarter(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Quarter / Half / Game: reshuffle; hands kept from Q1 to Q2 and Q3 to Q4; all cards
    discarded at halftime and game end; time-outs restored at the half, challenges not."""
    q = state.quarter
    resume = state.resume or "play"
    injured, healed = heal(state, "quarters")
    state = replace(state, expired=False, bought=False, resume=None, injured=injured)
    if (q == 2 or q >= REGULATION_QUARTERS) and resume == "play":
        # The half or the game interrupts the drive under way: it is over like any other drive.
        injured, ended = heal(state, "drives")
        state = replace(state, injured=injured)
        healed.extend(ended)
    if q == 2:
        after, more = halftime(state)
        return after, [*healed, *more]
    if q >= REGULATION_QUARTERS:
        total = state.total
        if total["home"] != total["away"]:
            return finish(state)
        # End of Game: "The first team to score is the winner": a scoreless overtime quarter is
        # followed by another, set up like the first (see docs/rulings.md).
        after, more = start_overtime(state)
        return after, [*healed, *more]
    ruling = Ruling(
        "quarter_end",
        f"End of {_quarter_name(q)}. The discard pile is reshuffled into the Action Deck; hands "
        "are kept and the drive goes on.",
    )
    state = replace(
        state,
        quarter=q + 1,
        scores=(*state.scores, (0, 0)),
        deck=state.deck + state.discard,
        discard=0,
    )
    after, more = next_start(state, resume)
    return after, [ruling, *healed, *more]


def halftime(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Half: hands discarded, deck re-formed, three time-outs back, the team that started
    on defence receives; fresh seven-card hands, offence first."""
    assert state.first_offense is not None
    receiver = other(state.first_offense)
    state = replace(
        _all_cards_back(state),
        quarter=3,
        scores=(*state.scores, (0, 0)),
        timeouts=(TIMEOUTS_PER_HALF, TIMEOUTS_PER_HALF),
        offense=receiver,
        kicker=state.first_offense,
        kind="moment",
    )
    ruling = Ruling(
        "halftime",
        f"Halftime. Hands discarded and the Action Deck re-formed; time-outs restored. "
        f"{state.name(state.first_offense)} kick off to {state.name(receiver)}.",
    )
    state, dealt = deal_hands(state)
    after, more = next_start(state, "drive")
    return after, [ruling, *dealt, *more]


def start_overtime(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Game: tied, so a sudden-death overtime quarter: new coin toss, seven-card hands,
    two time-outs ("two for each overtime quarter"), no challenges."""
    total = state.total
    if state.overtime:
        text = (
            f"End of {_quarter_name(state.quarter)}, still tied {total['home']}-"
            f"{total['away']}: the first team to score wins, so another sudden-death overtime "
            "quarter is played. Hands discarded, the Action Deck re-formed; the visitors call the "
            "coin toss."
        )
    else:
        text = (
            f"End of regulation, tied {total['home']}-{total['away']}: sudden-death overtime. "
            "The visitors call the coin toss."
        )
    state = replace(
        _all_cards_back(state),
        quarter=state.quarter + 1,
        scores=(*state.scores, (0, 0)),
        offense=None,
        phase="toss",
    )
    return state, [Ruling("overtime", text)]


def finish(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    """End of Game: each coach discards the hand; the higher score wins."""
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    state = replace(
        state,
        discard=state.discard + sum(state.hands) + state.pile + state.aside,
        hands=(0, 0),
        pile=0,
        aside=0,
        moments=0,
        pending=(0, 0),
        play=None,
        phase="final",
        winner=winner,
    )
    return state, [Ruling("final", f"Final whistle: {final_line(state)}", team=winner)]


def end_drive(
    state: ThirdAndLongState, next_offense: Side, *, kick: bool, shorten: bool = False
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Change of Possession / Kick-Off: placeholders discarded, each coach draws at the end of
    the drive (one more card on top of the last play's), then Determine Drive Length."""
    injured, healed = heal(state, "drives")
    state = replace(
        state,
        discard=state.discard + state.aside,
        aside=0,
        moments=0,
        moments_total=0,
        pending=(state.pending[0] + 1, state.pending[1] + 1),
        injured=injured,
        offense=next_offense,
        kicker=other(next_offense) if kick else None,
        shorten=shorten,
        kind="moment",
        scorer=None,
        play=None,
    )
    after, more = next_start(state, "drive")
    return after, [*healed, *more]


# Small helpers ----------------------------------------------------------------------------


def _all_cards_back(state: ThirdAndLongState) -> ThirdAndLongState:
    return replace(
        state,
        deck=DECK_SIZE,
        discard=0,
        hands=(0, 0),
        aside=0,
        pile=0,
        pending=(0, 0),
        moments=0,
        moments_total=0,
        drive_length=None,
        shorten=False,
        play=None,
        scorer=None,
    )


def _score(state: ThirdAndLongState, side: Side, points: int) -> ThirdAndLongState:
    h, a = state.scores[-1]
    if side == "home":
        h += points
    else:
        a += points
    return replace(state, scores=(*state.scores[:-1], (h, a)))


def _bonus(
    state: ThirdAndLongState, side: Side, why: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Momentum: a bonus Action card, drawn with the next draws due."""
    return replace(state, pending=_add(state.pending, side, 1)), [
        Ruling("momentum", f"Momentum: {state.name(side)} draw a bonus card for {why}.", team=side)
    ]


def _take(
    state: ThirdAndLongState, n: int, to: Literal["discard", "aside", "pile"]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Cards off the Action Deck; an empty deck is refilled from the discard pile first."""
    rulings: list[Ruling] = []
    if state.deck < n and state.discard:
        rulings.append(_reshuffle_ruling(state, "as a temporary Action Deck"))
        state = replace(state, deck=state.deck + state.discard, discard=0)
    k = min(n, state.deck)
    state = replace(state, deck=state.deck - k)
    if to == "discard":
        return replace(state, discard=state.discard + k), rulings
    if to == "aside":
        return replace(state, aside=state.aside + k), rulings
    return replace(state, pile=state.pile + k), rulings


def _flip(state: ThirdAndLongState, n: int = 1) -> tuple[ThirdAndLongState, list[Ruling]]:
    return _take(state, n, "discard")


def _draw(state: ThirdAndLongState, side: Side, n: int) -> ThirdAndLongState:
    if state.deck < n and state.discard:
        state = replace(state, deck=state.deck + state.discard, discard=0)
    k = min(n, state.deck)
    return replace(state, deck=state.deck - k, hands=_add(state.hands, side, k))


def _draw_pending(state: ThirdAndLongState) -> tuple[ThirdAndLongState, list[Ruling]]:
    if not any(state.pending):
        return state, []
    first = state.offense or "home"
    due = state.pending
    for side in (first, other(first)):
        state = _draw(state, side, _get(due, side))
    state = replace(state, pending=(0, 0))
    return state, [
        Ruling(
            "draw",
            f"Draws: {state.home} {due[0]}, {state.away} {due[1]}; {state.deck} cards left in the "
            "Action Deck.",
            data={"home": due[0], "away": due[1], "deck": state.deck},
        )
    ]


def _use(state: ThirdAndLongState, side: Side) -> ThirdAndLongState:
    """Use an Action card from a hand onto the pile."""
    if _get(state.hands, side) <= 0:
        raise IllegalEntry(f"{state.name(side)} have no Action cards in hand to use")
    return replace(state, hands=_add(state.hands, side, -1), pile=state.pile + 1)


def _reshuffle_ruling(state: ThirdAndLongState, why: str) -> Ruling:
    return Ruling(
        "reshuffle",
        f"The Action Deck is short: the discard pile ({state.discard} cards) is shuffled {why}.",
    )


def heal(state: ThirdAndLongState, unit: str) -> tuple[tuple[Injury, ...], list[Ruling]]:
    """Injury: "The player will return after sitting out for the length of time listed on the
    Injury card": at the end of a play, drive or quarter, injuries counted in that unit count
    down one, and those that happened in it start counting; a star whose time is up returns."""
    injured: list[Injury] = []
    rulings: list[Ruling] = []
    for i in state.injured:
        if i.unit == unit:
            i = replace(i, length=i.length - 1) if i.counting else replace(i, counting=True)
        if i.length > 0:
            injured.append(i)
        else:
            rulings.append(
                Ruling(
                    "injury_return",
                    f"{state.name(i.side)}'s {i.position.upper()} returns from injury.",
                    team=i.side,
                )
            )
    return tuple(injured), rulings


def _is_injured(state: ThirdAndLongState, side: Side, position: str) -> bool:
    return any(i.side == side and i.position == position for i in state.injured)


def _target(play: Play) -> int:
    return RETURN_TARGET if play.call is None else play.call.target


def _off(state: ThirdAndLongState) -> Side:
    assert state.offense is not None
    return state.offense


def _team(state: ThirdAndLongState, side: Side) -> list[Star]:
    return [s for s in state.stars if s.side == side]


def _star(state: ThirdAndLongState, side: Side, position: str) -> Star | None:
    for s in state.stars:
        if s.side == side and s.position == position:
            return s
    return None


def _who(state: ThirdAndLongState, side: Side, position: str) -> str:
    if _star(state, side, position) is None:
        return f"{state.name(side)} have no star there: 0"
    if _is_injured(state, side, position):
        return "injured: 0"
    return f"{state.name(side)} star"


def _injurable(state: ThirdAndLongState, side: Side) -> list[str]:
    play = state.play
    pending = [i.position for i in (play.injuries if play else ()) if i.side == side]
    out = []
    positions = OFFENCE_POSITIONS if side == state.offense else DEFENCE_POSITIONS
    for pos in positions:
        if _star(state, side, pos) is None or pos in pending:
            continue
        if _is_injured(state, side, pos):
            continue
        out.append(pos)
    return out


def _big_plays(state: ThirdAndLongState) -> list[str]:
    """The big plays that can be used now, by the coaches who hold cards: none on a turnover
    return (modifiers only), only the turnover cards on a two-point try."""
    play = state.play
    if play is None:
        return []
    if state.phase == "turnover":
        if play.kind != "two" and _get(state.hands, state.defence) > 0:
            return ["loose"]
        return []
    if play.kind == "return":
        return []
    names: list[str] = []
    if play.kind != "two" and _get(state.hands, _off(state)) > 0:
        names.extend(OFFENCE_BIG_PLAYS)
    if _get(state.hands, state.defence) > 0:
        names.extend(TURNOVER_CARDS)
        if _safety_allowed(state):
            names.append("safety")
    return [n for n in names if n not in play.big or n in TURNOVER_CARDS]


def _safety_allowed(state: ThirdAndLongState) -> bool:
    """Safety: the card can only be used during the first key moment of a drive."""
    play = state.play
    return (
        play is not None
        and play.kind == "moment"
        and state.moments == state.moments_total
        and "safety" not in play.big
    )


def _big_refusal(state: ThirdAndLongState, name: str) -> str | None:
    play = state.play
    if name in OFFENCE_BIG_PLAYS + DEFENCE_BIG_PLAYS and play is not None:
        if play.kind == "return":
            return "a turnover return takes modifiers only: no Big Play cards"
        if play.kind == "two" and state.phase == "turnover":
            return _NO_RETURN_ON_A_TRY
    if name == "safety" and not _safety_allowed(state):
        return "the Safety card can only be used during the first key moment of a drive"
    if name in OFFENCE_BIG_PLAYS + DEFENCE_BIG_PLAYS:
        if play is not None and play.kind == "two" and name in OFFENCE_BIG_PLAYS:
            return "a two-point try already scores its two points if the offence wins"
        user = _off(state) if name in OFFENCE_BIG_PLAYS else state.defence
        if _get(state.hands, user) <= 0:
            return f"{state.name(user)} have no Action cards in hand to use"
    return None


_NO_RETURN_ON_A_TRY = (
    "a two-point try is no drive: there is no drive to return a turnover from; whistle"
)


def _next_stage(state: ThirdAndLongState) -> Stage:
    if state.resume:
        return state.resume
    if state.phase in ("kickoff", "drive"):
        return "drive"
    return "play"


def _cards_needed_now(state: ThirdAndLongState) -> int:
    """The clock test's count for the next play, counting the after-play draws of an open play."""
    need = cards_needed(state, _next_stage(state))
    if state.play is not None and state.phase in ("snap", "pile", "check", "turnover", "review"):
        need += 2 + (1 if state.play.snap is None else 0)
    return need


def _next_play_can_start(state: ThirdAndLongState) -> bool | None:
    if state.phase in ("roster", "draft_order", "draft", "toss", "choice", "final"):
        return None
    if state.phase == "time_up":
        return False
    if state.expired and not state.bought:
        return False
    return state.bought or state.deck >= _cards_needed_now(state)


def _outcome_words(outcome: str) -> str:
    return {
        "offence": "offence wins",
        "inconclusive": "inconclusive",
        "defence": "defence wins",
        "turnover": "turnover",
    }[outcome]


def _quarter_name(q: int) -> str:
    if q > REGULATION_QUARTERS:
        return f"overtime period {q - REGULATION_QUARTERS}"
    return f"quarter {q}"


def final_line(state: ThirdAndLongState) -> str:
    total = state.total
    line = f"{state.home} {total['home']}, {state.away} {total['away']}"
    if state.winner:
        return f"{line}. {state.name(state.winner)} win."
    return f"{line}. A tie." if state.phase == "final" else line


def _money(tenths: int) -> str:
    return f"${tenths // 10}M" if tenths % 10 == 0 else f"${tenths / 10:.1f}M"


def _roster_line(state: ThirdAndLongState, side: Side) -> str:
    team = _team(state, side)
    if not team:
        return f"{state.name(side)} no stars"
    stars = " ".join(s.position.upper() for s in team)
    return f"{state.name(side)} {stars} ({_money(sum(s.salary for s in team))})"


def roster_view(state: ThirdAndLongState) -> dict[str, list[dict[str, Any]]]:
    """Each team's stars as entered."""
    view: dict[str, list[dict[str, Any]]] = {"home": [], "away": []}
    for s in state.stars:
        view[s.side].append(
            {
                "position": s.position.upper(),
                "salary": s.salary / 10,
                **dict(zip(ATTRIBUTES[s.position], s.attributes, strict=True)),
            }
        )
    return view


def _draft_picker(state: ThirdAndLongState) -> Side:
    return state.draft_turn or "home"


def _after_pick(state: ThirdAndLongState, side: Side) -> Side:
    nxt = other(side)
    return side if nxt in state.draft_done else nxt


def _side_word(token: str, state: ThirdAndLongState) -> Side:
    labels: dict[str, Side] = {"home": "home", "away": "away"}
    for side in SIDES:
        labels.setdefault(state.name(side).lower(), side)
    if state.offense is not None and state.phase not in ("toss", "choice"):
        for w in ("off", "offense", "offence"):
            labels[w] = state.offense
        for w in ("def", "defense", "defence"):
            labels[w] = other(state.offense)
    if token not in labels:
        raise IllegalEntry(f"{token!r} is not a team; enter home or away")
    return labels[token]


def _number(token: str, low: int, high: int, what: str) -> int:
    t = token.lstrip("+")
    if not (t.isdigit() and t.isascii()):
        raise IllegalEntry(f"{what} is a number from {low} to {high}; got {token!r}")
    value = int(t)
    if not low <= value <= high:
        raise IllegalEntry(f"{what} is {low} to {high}; got {value}")
    return value


def _signed(token: str, bound: int, what: str) -> int:
    negative = token.startswith("-")
    value = _number(token[1:] if negative else token, 0, bound, what)
    return -value if negative else value


def _random_number(rest: Sequence[str], what: str) -> int:
    if len(rest) != 1:
        raise IllegalEntry(f"enter the random number on {what} (upper right corner, 1 to 5)")
    return _number(rest[0], RANDOM_LOW, RANDOM_HIGH, f"the random number on {what}")


def _salary(token: str) -> int:
    t = token.lstrip("$").rstrip("m")
    whole, _, frac = t.partition(".")
    if not whole.isdigit() or (frac and not (frac.isdigit() and len(frac) == 1)):
        raise IllegalEntry(
            f"a salary is millions of dollars as printed, e.g. 4 or 2.5; got {token!r}"
        )
    tenths = int(whole) * 10 + (int(frac) if frac else 0)
    if not 0 < tenths <= SALARY_CAP_TENTHS:
        raise IllegalEntry(f"a salary is more than $0M and at most $15M; got {token!r}")
    return tenths


def _attribute_value(token: str, position: str) -> int:
    defensive = position in DEFENCE_POSITIONS
    t = token
    if t.startswith("-"):
        if not defensive:
            raise IllegalEntry(f"offensive attributes are +1 to +3; got {token!r}")
        t = t[1:]
    value = _number(t, 1, 3, f"a {position.upper()} attribute")
    return -value if defensive else value


def _read_call(rest: Sequence[str]) -> Call:
    usage = (
        "enter the calls as: play <green|yellow|red> <offence player-attribute> "
        "<box-attribute> [call names], e.g. play green rb-power lb-tackling"
    )
    if not rest:
        raise IllegalEntry(usage)
    colour = rest[0]
    if colour not in TARGETS:
        raise IllegalEntry(f"{colour!r} is not a box colour; expected green, yellow or red")
    tokens = list(rest[1:])
    off_pos, off_attr = _read_matchup(tokens, OFFENCE_POSITIONS, "offensive player", usage)
    def_pos, def_attr = _read_matchup(tokens, DEFENCE_POSITIONS, "box (defender)", usage)
    return Call(colour, off_pos, off_attr, def_pos, def_attr, " ".join(tokens))


def _read_matchup(
    tokens: list[str], positions: tuple[str, ...], what: str, usage: str
) -> tuple[str, str]:
    if not tokens:
        raise IllegalEntry(f"missing the {what}; {usage}")
    first = tokens.pop(0)
    pos, _, attr = first.partition("-")
    if not attr:
        if not tokens:
            raise IllegalEntry(f"missing the {what}'s attribute; {usage}")
        attr = tokens.pop(0)
    if pos not in positions:
        raise IllegalEntry(
            f"{pos!r} is not a {what} position; expected one of {' '.join(positions)}"
        )
    if attr not in ATTRIBUTES[pos]:
        raise IllegalEntry(
            f"{pos.upper()} has no {attr!r} attribute; expected one of {', '.join(ATTRIBUTES[pos])}"
        )
    return pos, attr


def _nothing_more(keyword: str, rest: Sequence[str]) -> None:
    if rest:
        raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(rest)!r}")


_ALIASES = {
    "offence": "offense",
    "defence": "defense",
    "touchdown": "td",
    "goforit!": "goforit",
    "go-for-it": "goforit",
    "fieldgoal": "kick",
    "fg": "kick",
    "flag": "penalty",
    "personal-foul": "foul",
    "he-breaks-loose": "loose",
    "to": "timeout",
    "time-out": "timeout",
    "ok": "accept",
}
_BIG_ALIASES = {"touchdown": "td", "int": "interception", "he-breaks-loose": "loose"}


def _normalise(tokens: list[str]) -> list[str]:
    """Shorthands: "+2" is an offensive modifier, "-3" a defensive one; a few spelling variants."""
    first = tokens[0]
    if first[:1] in "+-" and first[1:].isdigit():
        return ["off" if first[0] == "+" else "def", first[1:], *tokens[1:]]
    if first == "mod" and len(tokens) == 2 and tokens[1][:1] in "+-":
        return ["off" if tokens[1][0] == "+" else "def", tokens[1][1:]]
    if first == "go" and tokens[1:2] == ["for"]:
        return ["goforit"]
    return [_ALIASES.get(first, first), *tokens[1:]]


def _not_now(state: ThirdAndLongState, keyword: str) -> str | None:
    """A clearer reason for the refusals the rulebook names."""
    play = state.play
    if keyword in ("penalty", "foul") and play is not None and play.challenger is not None:
        return "penalties cannot be played during a challenge; use modifiers or whistle"
    if keyword in ("loose", "big") and play is not None:
        if play.kind == "two" and state.phase == "turnover":
            return _NO_RETURN_ON_A_TRY
        if play.kind == "return" and keyword == "big":
            return "a turnover return takes modifiers only: no Big Play cards"
    if keyword == "challenge":
        if state.overtime:
            return "there are no challenges in overtime"
        if state.phase in ("review", "turnover"):
            reasons = {challenge_refusal(state, s) for s in SIDES}
            return "no challenge now: " + "; ".join(sorted(r for r in reasons if r))
        return "a challenge is made after the whistle, to review the ruling on the field"
    if keyword == "timeout" and state.phase in ("calls", "snap", "time_up"):
        return "neither coach has a time-out left"
    if keyword in ("off", "def", "big", "penalty", "foul", "injury") and state.phase == "pile":
        legal = _legal(_prompt_pile(state))
        return f"that coach has no Action cards in hand to use; {legal}"
    return None


def _legal(prompt: Prompt) -> str:
    return "expected " + " | ".join(prompt.legal) if prompt.forms else prompt.text


# Prompts ----------------------------------------------------------------------------------


def _team_slot(label: str = "team", sides: Sequence[Side] = SIDES) -> Slot:
    return Slot(label, "word", words=tuple(sides))


def _random_slot(label: str) -> Slot:
    return Slot(label, "number", low=RANDOM_LOW, high=RANDOM_HIGH)


def _star_forms(state: ThirdAndLongState, sides: Sequence[Side]) -> list[EntryForm]:
    """One form per team that can still sign a star: its free positions, salary up to the cap."""
    forms = []
    for side in sides:
        team = _team(state, side)
        free = tuple(p for p in POSITIONS if all(s.position != p for s in team))
        room = (SALARY_CAP_TENTHS - sum(s.salary for s in team)) // 10
        if not free or room < 1:
            continue
        forms.append(
            EntryForm(
                f"star {side}",
                f"a {state.name(side)} star Player card: position, salary in $M, then its three "
                "attributes in the order QB accuracy arm timing / RB power speed vision / "
                "WR agility quickness speed / LB CB S speed tackling instincts",
                (
                    Slot("position", "word", words=free),
                    # Salaries are printed in tenths of a million (2.5): one decimal.
                    Slot("salary $M", "number", low=1, high=room, decimals=1),
                    Slot("attribute 1", "number", low=1, high=3),
                    Slot("attribute 2", "number", low=1, high=3),
                    Slot("attribute 3", "number", low=1, high=3),
                ),
            )
        )
    return forms


def _prompt_roster(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        "Set-up: enter each team's star Player cards (star <team> <pos> <salary> <attributes>), "
        f"then ready. {_roster_line(state, 'home')}; {_roster_line(state, 'away')}",
        (
            EntryForm("ready", "both teams are on the table: toss the coin"),
            *_star_forms(state, SIDES),
        ),
    )


def _prompt_draft_order(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        "Draft: flip a coin to see who chooses the first player. Enter the winner: first <team>",
        (EntryForm("first", "the team that picks first", (_team_slot(),)),),
    )


def _prompt_draft(state: ThirdAndLongState) -> Prompt:
    picker = _draft_picker(state)
    return Prompt(
        picker,
        f"Draft: {state.name(picker)} pick a Player card (star {picker} <pos> <salary> "
        f"<attributes>) or finish (done {picker}). {_roster_line(state, 'home')}; "
        f"{_roster_line(state, 'away')}",
        (
            *_star_forms(state, (picker,)),
            EntryForm("done", "this team has finished picking", (_team_slot("team", (picker,)),)),
        ),
    )


def _prompt_toss(state: ThirdAndLongState) -> Prompt:
    when = "Overtime coin toss" if state.overtime else "Coin toss"
    return Prompt(
        "both",
        f"{when}: the visitors ({state.away}) call it in the air. Enter the winner: toss <team>",
        (EntryForm("toss", "the team that won the coin toss", (_team_slot("winner"),)),),
    )


def _prompt_choice(state: ThirdAndLongState) -> Prompt:
    w = state.toss_winner
    assert w is not None
    return Prompt(
        w,
        f"{state.name(w)} won the toss: start on offense or defense",
        (
            EntryForm("offense", f"{state.name(w)} start on offence (receive)"),
            EntryForm("defense", f"{state.name(w)} start on defence (kick off)"),
        ),
    )


def _drive_form(state: ThirdAndLongState) -> EntryForm:
    short = " less one (shorter drive)" if state.shorten else ""
    return EntryForm(
        "drive",
        f"the drive-length card's random number{short}",
        (_random_slot("random number"),),
    )


def _prompt_kickoff(state: ThirdAndLongState) -> Prompt:
    kicker = state.kicker
    assert kicker is not None
    off = _off(state)
    return Prompt(
        off,
        f"Kick-off: {state.name(kicker)} kick to {state.name(off)}. {state.name(kicker)} may try "
        f"an onside kick (flip a card: onside <n>); otherwise {state.name(off)} flip the "
        f"drive-length card (drive <n>). {state.deck} cards in the Action Deck",
        (
            _drive_form(state),
            EntryForm(
                "onside",
                f"{state.name(kicker)} try an onside kick: the flipped card's random number",
                (_random_slot("random number"),),
            ),
        ),
    )


def _prompt_drive(state: ThirdAndLongState) -> Prompt:
    off = _off(state)
    short = " (one key moment fewer: better field position)" if state.shorten else ""
    return Prompt(
        off,
        f"{state.name(off)} flip the top Action card for the drive length{short}: drive <n>. "
        f"{state.deck} cards in the Action Deck",
        (_drive_form(state),),
    )


def _timeout_forms(state: ThirdAndLongState, help: str) -> list[EntryForm]:
    sides = tuple(s for s in SIDES if _get(state.timeouts, s) > 0)
    if not sides:
        return []
    return [
        EntryForm("timeout", help, (_team_slot("team", sides),)),
        EntryForm(
            "timeout",
            help + ", and refresh that coach's whole hand",
            (_team_slot("team", sides), Slot("hand", "word", words=("refresh",))),
        ),
    ]


def _play_line(state: ThirdAndLongState) -> str:
    kind = state.kind if state.play is None else state.play.kind
    if kind == "fourth":
        return "Fourth-down conversion (a tie fails)"
    if kind == "goforit":
        return "Go For It! (a tie fails)"
    if kind == "two":
        return "Two-point conversion (a tie fails)"
    if kind == "return":
        return "Turnover return (target 2)"
    return (
        f"Key moment {state.moments_total - state.moments + 1} of {state.moments_total} "
        f"({state.moments} left)"
    )


def _prompt_calls(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        f"{_play_line(state)}, {state.name(_off(state))} on offence; {state.deck} cards in the "
        "Action Deck. Both coaches reveal play calls: enter the arrow's colour, the offensive "
        "player-attribute and the box-attribute (play green rb-power lb-tackling)",
        (
            EntryForm(
                "play",
                "the revealed calls: colour the arrow points to, offensive player and attribute, "
                "defender box and attribute",
                (
                    Slot("colour", "word", words=tuple(TARGETS)),
                    Slot("offence", "word", words=OFFENCE_MATCHUPS),
                    Slot("box", "word", words=DEFENCE_MATCHUPS),
                ),
            ),
            *_timeout_forms(state, "a time-out before the calls"),
        ),
    )


def _prompt_snap(state: ThirdAndLongState) -> Prompt:
    play = state.play
    assert play is not None
    off = _off(state)
    snap_form = EntryForm("snap", "the snap card's random number", (_random_slot("random number"),))
    if play.kind == "return":
        return Prompt(
            off,
            f"Turnover return: {state.name(off)} flip a snap card (snap <n>); target 2",
            (snap_form,),
        )
    if play.challenger is not None:
        return Prompt(
            off,
            f"Challenge review: {state.name(off)} take a new snap (snap <n>)",
            (snap_form,),
        )
    return Prompt(
        off,
        f"{_play_line(state)}: target {_target(play)}. {state.name(off)} take the snap "
        "(snap <n>), or a coach calls a time-out to avoid the matchup",
        (snap_form, *_timeout_forms(state, "a time-out: both coaches choose new calls")),
    )


def _pile_forms(state: ThirdAndLongState) -> list[EntryForm]:
    play = state.play
    assert play is not None
    off, dfn = _off(state), state.defence
    # The whistle comes first: it is the entry that moves the game on.
    forms: list[EntryForm] = [EntryForm("whistle", "both coaches are done: finalize the play")]
    value = Slot("value", "number", low=1, high=MODIFIER_HIGH)
    if _get(state.hands, off) > 0:
        forms.append(EntryForm("off", f"{state.name(off)} use an offensive modifier", (value,)))
    if _get(state.hands, dfn) > 0:
        forms.append(EntryForm("def", f"{state.name(dfn)} use a defensive modifier", (value,)))
    bigs = _big_plays(state)
    if bigs:
        forms.append(
            EntryForm(
                "big",
                "a Big Play card by name or stakes",
                (Slot("big play", "word", words=tuple(bigs)),),
            )
        )
    holders = tuple(s for s in SIDES if _get(state.hands, s) > 0)
    if holders and play.challenger is None and play.kind != "return":
        change = Slot("change", "number", low=-PENALTY_RANGE, high=PENALTY_RANGE)
        forms.append(
            EntryForm(
                "penalty",
                "a Penalty card: who uses it and its printed change to the play total",
                (_team_slot("team", holders), change),
            )
        )
        forms.append(
            EntryForm(
                "foul",
                "a Personal Foul card: who uses it and its printed change to the play total",
                (_team_slot("team", holders), change),
            )
        )
    if play.kind != "return":
        targets = tuple(
            pos
            for side in (off, dfn)
            if _get(state.hands, other(side)) > 0
            for pos in _injurable(state, side)
        )
        if targets:
            forms.append(
                EntryForm(
                    "injury",
                    "an Injury card: the injured star's position and the printed time out",
                    (
                        Slot("position", "word", words=targets),
                        Slot("length", "number", low=1, high=9),
                        Slot("unit", "word", words=INJURY_UNITS),
                    ),
                )
            )
    return forms


def _prompt_pile(state: ThirdAndLongState) -> Prompt:
    play = state.play
    assert play is not None
    review = " (challenge review: no penalties)" if play.challenger else ""
    return Prompt(
        "both",
        f"{_play_line(state)}{review}: play total {play_total(state, play)} against target "
        f"{_target(play)}. Use Action cards, then whistle",
        tuple(_pile_forms(state)),
    )


def _prompt_check(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        "Turnover Check: each coach flips a card, the defence first. Enter both random numbers: "
        "check <defence> <offence>",
        (
            EntryForm(
                "check",
                "the two random numbers, defence first",
                (_random_slot("defence number"), _random_slot("offence number")),
            ),
        ),
    )


def _prompt_turnover(state: ThirdAndLongState) -> Prompt:
    play = state.play
    assert play is not None
    forms: list[EntryForm] = [EntryForm("whistle", "the turnover stands")]
    holders = tuple(s for s in SIDES if _get(state.hands, s) > 0)
    if holders and play.challenger is None:
        change = Slot("change", "number", low=-PENALTY_RANGE, high=PENALTY_RANGE)
        for kw in ("penalty", "foul"):
            forms.append(
                EntryForm(kw, "a flag negates the turnover", (_team_slot("team", holders), change))
            )
    who = challengers(state)
    if who:
        forms.append(
            EntryForm("challenge", "challenge the Turnover Check", (_team_slot("team", who),))
        )
    returnable = play.kind != "two"
    if returnable and _get(state.hands, state.defence) > 0:
        forms.append(EntryForm("loose", "He Breaks Loose!: the defence tries to return it"))
    loose = " He Breaks Loose! (loose)," if returnable else ""
    return Prompt(
        "both",
        f"Turnover! {state.name(state.defence)} have the ball unless a flag negates it. "
        f"Penalty, challenge,{loose} or whistle",
        tuple(forms),
    )


def _prompt_review(state: ThirdAndLongState) -> Prompt:
    play = state.play
    assert play is not None and play.outcome is not None
    settled, _ = accept_ruling(state)
    after = _PROMPTS[settled.phase](settled)
    who = challengers(state)
    forms = [
        *after.forms,
        EntryForm("accept", "the ruling on the field stands"),
        EntryForm("challenge", "challenge the ruling on the field", (_team_slot("team", who),)),
    ]
    return Prompt(
        after.actor,
        f"Ruling on the field: {_outcome_words(play.outcome)}. Either coach may challenge "
        f"(challenge <team>); otherwise: {after.text}",
        tuple(forms),
    )


def _prompt_fourth(state: ThirdAndLongState) -> Prompt:
    off = _off(state)
    return Prompt(
        off,
        f"Fourth down: {state.name(off)} punt, or go for it (one play, a tie fails)",
        (
            EntryForm("punt", "punt: the drive ends"),
            EntryForm("go", "go for it on fourth down"),
        ),
    )


def _prompt_score(state: ThirdAndLongState) -> Prompt:
    off = _off(state)
    return Prompt(
        off,
        f"{state.name(off)} flip the scoring card: enter its upper-left corner (score td | "
        "score fg)",
        (
            EntryForm(
                "score", "touchdown or field goal", (Slot("result", "word", words=("td", "fg")),)
            ),
        ),
    )


def _prompt_fg_choice(state: ThirdAndLongState) -> Prompt:
    off = _off(state)
    return Prompt(
        off,
        f"Field goal card: {state.name(off)} kick it (kick, 3 points) or Go For It! (goforit)",
        (
            EntryForm("kick", "take the 3 points"),
            EntryForm("goforit", "one more play for a new scoring card; losing scores nothing"),
        ),
    )


def _prompt_try(state: ThirdAndLongState) -> Prompt:
    s = state.scorer
    assert s is not None
    return Prompt(
        s,
        f"After the touchdown: {state.name(s)} flip the extra-point card (xp <n>) or declare "
        "two first (two)",
        (
            EntryForm(
                "xp", "the extra-point card's random number", (_random_slot("random number"),)
            ),
            EntryForm("two", "go for two: a single play"),
        ),
    )


def _prompt_block(state: ThirdAndLongState) -> Prompt:
    s = state.scorer
    assert s is not None
    return Prompt(
        other(s),
        f"Extra point in doubt: {state.name(other(s))} flip a card to block (block <n>); a 1 "
        "blocks it",
        (
            EntryForm(
                "block", "the blocking card's random number", (_random_slot("random number"),)
            ),
        ),
    )


def _prompt_time_up(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        f"Time has run out in {_quarter_name(state.quarter)}. A coach may call a time-out for "
        "one more play (timeout <team>), or end the quarter (end)",
        (
            EntryForm("end", "let the quarter end"),
            *_timeout_forms(state, "a time-out buys one more play"),
        ),
    )


def _prompt_final(state: ThirdAndLongState) -> Prompt:
    return Prompt("nobody", f"Final whistle: {final_line(state)}")


_PROMPTS = {
    "roster": _prompt_roster,
    "draft_order": _prompt_draft_order,
    "draft": _prompt_draft,
    "toss": _prompt_toss,
    "choice": _prompt_choice,
    "kickoff": _prompt_kickoff,
    "drive": _prompt_drive,
    "calls": _prompt_calls,
    "snap": _prompt_snap,
    "pile": _prompt_pile,
    "check": _prompt_check,
    "turnover": _prompt_turnover,
    "review": _prompt_review,
    "fourth": _prompt_fourth,
    "score": _prompt_score,
    "fg_choice": _prompt_fg_choice,
    "try": _prompt_try,
    "block": _prompt_block,
    "time_up": _prompt_time_up,
    "final": _prompt_final,
}

_HANDLERS = {
    "star": star_entry,
    "ready": roster_ready,
    "first": draft_order,
    "done": draft_done,
    "toss": coin_toss,
    "offense": lambda s, r: toss_choice(s, "offense", r),
    "defense": lambda s, r: toss_choice(s, "defense", r),
    "drive": drive_length,
    "onside": onside_kick,
    "play": play_calls,
    "snap": snap,
    "off": lambda s, r: modifier(s, 1, r),
    "def": lambda s, r: modifier(s, -1, r),
    "penalty": lambda s, r: penalty(s, "penalty", r),
    "foul": lambda s, r: penalty(s, "foul", r),
    "injury": injury,
    "big": big_play,
    "check": turnover_check,
    "loose": he_breaks_loose,
    "whistle": whistle,
    "accept": accept_entry,
    "challenge": challenge,
    "timeout": timeout,
    "punt": lambda s, r: fourth_down_choice(s, "punt", r),
    "go": lambda s, r: fourth_down_choice(s, "go", r),
    "score": scoring_flip,
    "kick": lambda s, r: field_goal_choice(s, "kick", r),
    "goforit": lambda s, r: field_goal_choice(s, "goforit", r),
    "xp": extra_point,
    "two": go_for_two,
    "block": block_attempt,
    "end": end_entry,
}


# Team files -------------------------------------------------------------------------------


def roster_problems(text: str) -> list[str]:
    """Every broken rule in a Third and Long team file (TOML): cap, six stars, one per position,
    attributes as printed. Bad TOML is one problem line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return [f"not valid TOML: {err}"]
    problems: list[str] = []
    stars = data.get("stars", [])
    if not isinstance(stars, list) or not all(isinstance(s, dict) for s in stars):
        return ["[[stars]] must be a list of tables, one per star Player card"]
    if "team" in data and not isinstance(data["team"], str):
        problems.append("team must be a string (the team's name)")
    seen: dict[str, str] = {}
    total = 0
    for i, star in enumerate(stars, start=1):
        label = _card_label(i, star)
        pos = str(star.get("position", "")).lower()
        if pos not in POSITIONS:
            problems.append(
                f"{label}: position {star.get('position')!r} is not one of QB RB WR LB CB S"
            )
        elif pos in seen:
            problems.append(
                f"{label}: a second {pos.upper()}; {seen[pos]} already holds that position "
                "(one star per position)"
            )
        else:
            seen[pos] = label
        salary = star.get("salary")
        if isinstance(salary, bool) or not isinstance(salary, int | float) or salary <= 0:
            problems.append(f"{label}: salary must be a positive number of $ millions")
        else:
            total += round(salary * 10)
        if pos in POSITIONS:
            sign = 1 if pos in OFFENCE_POSITIONS else -1
            for attr in ATTRIBUTES[pos]:
                v = star.get(attr)
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v * sign <= 3:
                    want = "+1 to +3" if sign > 0 else "-1 to -3"
                    problems.append(f"{label}: {attr} must be {want}; got {v!r}")
            extra = set(star) - {"position", "name", "salary", "team", *ATTRIBUTES[pos]}
            if extra:
                problems.append(
                    f"{label}: unknown keys {', '.join(sorted(extra))} for a {pos.upper()}"
                )
    if len(stars) > MAX_STARS:
        extra_cards = ", ".join(_card_label(i, s) for i, s in enumerate(stars, 1) if i > MAX_STARS)
        problems.append(f"{len(stars)} stars; a team has at most six (beyond six: {extra_cards})")
    if total > SALARY_CAP_TENTHS:
        cards = ", ".join(
            f"{_card_label(i, s)} {_money(round(s['salary'] * 10))}"
            for i, s in enumerate(stars, 1)
            if isinstance(s.get("salary"), int | float) and not isinstance(s.get("salary"), bool)
        )
        problems.append(f"total salary {_money(total)} is over the $15M cap ({cards})")
    return problems


def roster_entries(text: str, side: Side) -> list[str]:
    """The star entries for a valid team file, as a person would type them at set-up."""
    problems = roster_problems(text)
    if problems:
        raise IllegalEntry(f"the team file has problems: {problems[0]}")
    out = []
    for star in tomllib.loads(text).get("stars", []):
        pos = str(star["position"]).lower()
        salary = _money(round(star["salary"] * 10)).strip("$M")
        attrs = " ".join(str(abs(star[a])) for a in ATTRIBUTES[pos])
        out.append(f"star {side} {pos} {salary} {attrs}")
    return out


def _card_label(i: int, star: Mapping[str, Any]) -> str:
    name = star.get("name")
    pos = str(star.get("position", "?")).upper()
    return f"star {i} ({pos} {name})" if name else f"star {i} ({pos})"


RULESET = ThirdAndLong()
