"""Masters of the Gridiron's rules of a scoring attempt, one function each.

rules/masters-of-the-gridiron.txt: Scoring Attempts, Audible Cards, Two-Point Conversion,
Defensive Scoring, End of Game and Overtime.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from domain import kernel
from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
)
from domain.rulesets.gridironmasters.reading import (
    Chosen,
    on_discard_pile,
    read_card,
    roster_lookup,
)
from domain.rulesets.gridironmasters.state import (
    ANY_POSITION,
    FIELD_GOAL_POINTS,
    HAND,
    MAX_BONUS,
    MAX_RATING,
    RATING_NAMES,
    RESULTS,
    SLOTS_PER_SIDE,
    TOUCHDOWN_POINTS,
    Audible,
    Card,
    GridironState,
    Play,
    Record,
    Result,
    attempt_label,
    play_text,
    ratings_text,
)


def read_roster_card(state: GridironState, rest: Sequence[str]) -> tuple[Side, Card]:
    """The Player Card: the team, then the card as printed, with its Player #."""
    if not rest:
        raise IllegalEntry("card needs a team, then the card: card home 112 smith te rz 72")
    side = kernel.side_word(rest[0], state)
    card = read_card(rest[1:], None)
    if card.number is None:
        raise IllegalEntry("a roster card needs its printed Player #: card home 112 smith te rz 72")
    return side, card


def roster_card(
    state: GridironState, entered: tuple[Side, Card]
) -> tuple[GridironState, list[Ruling]]:
    """The Player Card: a card entered once into a team's roster, to be chosen by name later."""
    side, card = entered
    clash = roster_lookup(state, side, [str(card.number)])
    if clash is not None:
        raise IllegalEntry(
            f"{state.name(side)} already have card #{card.number} ({clash.label}) in the roster"
        )
    if card.name and roster_lookup(state, side, card.name.split()) is not None:
        raise IllegalEntry(f"{state.name(side)} already have a card named {card.name.title()}")
    ruling = Ruling(
        "roster",
        f"{state.name(side)} roster: {card.label} ({ratings_text(card)}).",
        team=side,
        data={"card": _card_data(card)},
    )
    return replace(state, rosters=(*state.rosters, (side, card))), [ruling]


def read_discards(state: GridironState, rest: Sequence[str]) -> int:
    """Audible Cards: how many Audibles were discarded and redrawn."""
    if len(rest) != 1:
        raise IllegalEntry("enter how many Audible cards were discarded and redrawn: discard 1")
    return kernel.number(rest[0], 1, HAND["playbook"], "Audibles discarded")


def audible_discard(state: GridironState, n: int) -> tuple[GridironState, list[Ruling]]:
    """Audible Cards: at the start of an offensive turn discard Audibles and draw (never a play)."""
    off = state.offense
    ruling = Ruling(
        "audible_discard",
        f"{state.name(off)} discard {n} Audible card{'s' if n > 1 else ''} and draw "
        f"{'as many' if n > 1 else 'one'}; offensive plays stay in hand.",
        team=off,
        data={"count": n},
    )
    return state, [ruling]


def offensive_player(state: GridironState, chosen: Chosen) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the offence chooses one player (an Offense card)."""
    off = state.offense
    card, state = chosen.card, chosen.state
    ruling = Ruling(
        "offense_player",
        f"{state.name(off)} play {card.label} ({ratings_text(card)}).",
        team=off,
        data={"card": _card_data(card)},
    )
    return _after_call(replace(state, player=card), [ruling])


def offensive_play(state: GridironState, play: Play) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the offence chooses one offensive play (Touchdown or Field Goal card)."""
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


def read_audible(state: GridironState, rest: Sequence[str]) -> Audible:
    """Audible Cards: a rating change, or (defence only) a score by a margin, as printed."""
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
        margin = kernel.number(rest[1], 1, MAX_RATING, "the winning margin")
        return Audible(side, margin=margin, result=RESULTS[rest[2]])
    if len(rest) != 1:
        raise IllegalEntry("a rating Audible reads: audible <n>, e.g. audible +3 or audible -2")
    modifier = kernel.signed_number(rest[0], -MAX_BONUS, MAX_BONUS, "the Audible's rating change")
    return Audible(side, modifier=modifier)


def audible(state: GridironState, card: Audible) -> tuple[GridironState, list[Ruling]]:
    """Audible Cards: a rating change, or (defence) a score when stopping by a margin."""
    side = card.side
    if card.result is not None:
        what = "Touchdown" if card.result == "touchdown" else "Field Goal"
        text = f"{state.name(side)} play an Audible: a defensive {what} if they stop the attempt "
        text += f"by {card.margin} or more."
    else:
        text = f"{state.name(side)} play an Audible: {card.modifier:+d} to their rating."
    ruling = Ruling(
        "audible",
        text,
        team=side,
        data={"modifier": card.modifier, "margin": card.margin, "result": card.result},
    )
    return replace(state, audibles=(*state.audibles, card)), [ruling]


def defensive_player(state: GridironState, chosen: Chosen) -> tuple[GridironState, list[Ruling]]:
    """Order of Play: the defence plays one Defense card and announces the relevant rating."""
    dfn = state.defence
    card, state = chosen.card, chosen.state
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
    outcome, points, ruling = attempt_outcome(state, o, d)
    rulings = [ruling]
    record = Record(off, state.period, state.attempt + 1, outcome, points, None, False, o, d)
    state = kernel.scored(replace(state, records=(*state.records, record)), off, points)
    scorer: Side | None = off if points else None
    touchdown = outcome == "touchdown"
    if not points:
        state, defensive = defensive_attempt_score(state, o, base, d)
        if defensive is not None:
            rulings.append(defensive)
            scorer, touchdown = dfn, defensive.kind == "defensive_touchdown"
    state = _discard_used(state)
    if state.period == "overtime":
        return overtime_after_attempt(state, scorer, rulings)
    if scorer is not None and touchdown:
        return replace(state, phase="try", scorer=scorer), rulings
    after, more = next_attempt(state)
    return after, [*rulings, *more]


def attempt_outcome(state: GridironState, o: int, d: int) -> tuple[str, int, Ruling]:
    """Order of Play: a punt fails the attempt; a higher offence rating scores what the card
    says; an equal or higher defence rating stops it."""
    assert state.play is not None and state.defender is not None
    off, dfn = state.offense, state.defence
    label = attempt_label(state)
    if declaration(state) == "punt":
        return (
            "punt",
            0,
            Ruling(
                "punt",
                f"{label}: {state.name(off)} punt; the attempt fails and {state.name(dfn)} "
                f"discard {state.defender.label}.",
                team=off,
            ),
        )
    if o > d:
        outcome = state.play.result
        points = TOUCHDOWN_POINTS if outcome == "touchdown" else FIELD_GOAL_POINTS
        what = "Touchdown" if outcome == "touchdown" else "Field goal"
        return (
            outcome,
            points,
            Ruling(
                outcome,
                f"{label}: offence {o} beats defence {d}. {what} {state.name(off)}, "
                f"{points} points.",
                team=off,
                points=points,
                data={"offense": o, "defense": d},
            ),
        )
    return (
        "stopped",
        0,
        Ruling(
            "stopped",
            f"{label}: defence {d} {'equals' if d == o else 'beats'} offence {o}. Stopped; "
            "turn the Playbook card over.",
            team=dfn,
            data={"offense": o, "defense": d},
        ),
    )


def defensive_attempt_score(
    state: GridironState, o: int, base: int | None, d: int
) -> tuple[GridironState, Ruling | None]:
    """Audibles: a defence that stops the attempt by its Audible's margin scores (recorded)."""
    defensive = defensive_score(state, o, base, d)
    if defensive is None:
        return state, None
    dfn = state.defence
    result, margin = defensive
    pts = TOUCHDOWN_POINTS if result == "touchdown" else FIELD_GOAL_POINTS
    what = "touchdown" if result == "touchdown" else "field goal"
    ruling = Ruling(
        f"defensive_{result}",
        f"Defensive {what} {state.name(dfn)}: stopped by {margin}, {pts} points. "
        f"Play continues, {state.name(dfn)} on offence next.",
        team=dfn,
        points=pts,
        data={"margin": margin},
    )
    rec = Record(dfn, state.period, state.attempt + 1, result, pts, None, True, o, d)
    return kernel.scored(replace(state, records=(*state.records, rec)), dfn, pts), ruling


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
    state = kernel.scored(replace(state, records=tuple(records)), s, change)
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
            copies=(),
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
    return done, [Ruling("final", f"Final: {kernel.final_line(done)}", team=winner)]


def _modifiers(state: GridironState, side: Side) -> int:
    return sum(a.modifier for a in state.audibles if a.side == side)


def _discard_used(state: GridironState) -> GridironState:
    """Order of Play: the Offense and Defense cards played go to the discard piles, every one of
    them, with or without its Player #; another card printed like one already there is counted
    beside it (Deck Building: a deck may hold cards printed the same)."""
    used = set(state.discarded)
    copies = list(state.copies)
    for side, card in ((state.offense, state.player), (state.defence, state.defender)):
        if card is None:
            continue
        if on_discard_pile(state, side, card):
            copies.append((side, card))
        else:
            used.add((side, card))
    return replace(state, discarded=frozenset(used), copies=tuple(copies))


def _card_data(card: Card) -> dict[str, Any]:
    return {
        "number": card.number,
        "name": card.name,
        "position": card.position,
        "ratings": dict(card.ratings),
    }
