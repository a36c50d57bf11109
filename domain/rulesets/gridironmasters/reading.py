"""Reading Masters of the Gridiron's entries: cards, plays and Audibles as printed and typed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from domain import kernel
from domain.ruleset import (
    IllegalEntry,
    Side,
)
from domain.rulesets.gridironmasters.state import (
    ANY_POSITION,
    DEFENSE_POSITIONS,
    DEFENSE_RATINGS,
    FILLER,
    MAX_BONUS,
    MAX_CARD_NUMBER,
    MAX_RATING,
    MAX_RATINGS_ON_CARD,
    OFFENSE_POSITIONS,
    OFFENSE_RATINGS,
    PHRASES,
    PLAY_TYPES,
    POSITION_ALIASES,
    RATING_ALIASES,
    RATING_NAMES,
    RESULTS,
    Card,
    GridironState,
    InDeck,
    Play,
    Result,
    Unit,
    ratings_text,
)
from domain.words import possessive

KEYWORD_ALIASES = {
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
        if len(pair) == 2 and pair in PHRASES:
            out.append(PHRASES[pair])
            i += 2
        else:
            out.append(flat[i])
            i += 1
    return out or list(tokens)


def _rating(token: str) -> str | None:
    token = RATING_ALIASES.get(token, token)
    return token if token in RATING_NAMES else None


def _position(token: str) -> str | None:
    token = POSITION_ALIASES.get(token, token)
    return token if token in OFFENSE_POSITIONS or token in DEFENSE_POSITIONS else None


def _is_signed(token: str) -> bool:
    body = token[1:] if token[:1] in "+-" else token
    return body.isdigit() and body.isascii()


def read_card(tokens: Sequence[str], unit: Unit | None) -> Card:
    """[Player #] [name] position, then rating pairs: ``112 smith te redzone 72 receiving 65``."""
    tokens = list(tokens)
    number = None
    if tokens and tokens[0].isdigit() and tokens[0].isascii():
        number = kernel.number(tokens[0], 1, MAX_CARD_NUMBER, "a Player #")
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
        ratings[r] = kernel.number(pairs[i + 1], 1, MAX_RATING, f"the {RATING_NAMES[r]} rating")
    return Card(card_unit, position, tuple(ratings.items()), number, name)


@dataclass(frozen=True)
class Chosen:
    """A card chosen to be played, with the state that remembers a card typed in full, and
    whether the table must first say it is another card printed like one on the discard pile."""

    card: Card
    state: GridironState
    asks: bool = False


def choose_card(state: GridironState, side: Side, unit: Unit, rest: Sequence[str]) -> Chosen:
    """A roster card by Player # or name, or a card typed in full (remembered if it has a #)."""
    if not rest:
        raise IllegalEntry(f"enter the {unit} card: a roster name or #, or position and ratings")
    found = roster_lookup(state, side, rest)
    if found is None and not any(_position(t) for t in rest):
        known = ", ".join(c.label for c in state.roster(side) if c.unit == unit) or "none yet"
        raise IllegalEntry(
            f"{' '.join(rest)!r} is not in the {state.name(side)} roster ({known}); "
            "or type the position and ratings"
        )
    if found is None:
        card = read_card(rest, unit)
        if card.number is not None:
            listed = roster_lookup(state, side, [str(card.number)])
            if listed is not None and listed != card:
                raise IllegalEntry(
                    f"card #{card.number} is in the roster as {listed.label} "
                    f"({ratings_text(listed)}); enter just its number"
                )
            if listed is None:
                state = replace(state, rosters=(*state.rosters, (side, card)))
        found = card
    if found.unit != unit:
        want = "an Offense card" if unit == "offense" else "a Defense card"
        raise IllegalEntry(f"{found.label} is not {want}")
    if not on_discard_pile(state, side, found):
        return Chosen(found, state)
    why = deck_spent(state, side, found)
    if why is not None:
        raise IllegalEntry(why)
    asks = not held_in_deck(state, side, found) and not printed_again(state, side, found)
    return Chosen(found, state, asks)


def roster_keys(card: Card) -> tuple[str, ...]:
    """The Player Card: a roster card is chosen by its Player # or by its name."""
    return tuple(k for k in (None if card.number is None else str(card.number), card.name) if k)


def roster_lookup(state: GridironState, side: Side, tokens: Sequence[str]) -> Card | None:
    key = " ".join(tokens)
    return next((c for c in state.roster(side) if key in roster_keys(c)), None)


def read_play(tokens: Sequence[str]) -> Play:
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
        if token in FILLER:
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
            bonus = kernel.signed_number(token, 0, MAX_BONUS, "the play's bonus")
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


def held_in_deck(state: GridironState, side: Side, card: Card) -> list[InDeck]:
    """Deck Building: the cards of the team's deck file that ``card`` may be: the ones of its
    Player #, else of its name and position, else (typed by position and ratings alone: a deck
    file lists no ratings) every one at its position. Empty without a deck file."""
    deck = [d for s, d in state.decks if s == side]
    if card.number is not None:
        return [d for d in deck if d.number == card.number]
    if card.name:
        return [d for d in deck if d.name == card.name and d.position == card.position]
    return [d for d in deck if d.position == card.position]


def copies_played(state: GridironState, side: Side, card: Card) -> int:
    """Order of Play: how many cards printed like ``card`` are on the team's discard pile."""
    piles = (*state.discarded, *state.copies)
    return sum(1 for s, c in piles if s == side and same_card(c, card))


def deck_spent(state: GridironState, side: Side, card: Card) -> str | None:
    """Deck Building: why the team's deck holds no other card printed like ``card`` (every one
    it holds is on the discard pile), or None."""
    held = held_in_deck(state, side, card)
    played = copies_played(state, side, card)
    if not held or played < len(held):
        return None
    n = len(held)
    if card.number is not None or card.name:
        what = f"{n} {'copy' if n == 1 else 'copies'} of {held[0].label}"
    else:
        labels = ", ".join(d.label for d in dict.fromkeys(held))
        what = f"{n} {card.position.upper()} card{'' if n == 1 else 's'} ({labels})"
    return (
        f"{possessive(state.name(side))} deck holds {what} and "
        f"{'it is' if n == 1 else 'all are'} on the discard pile; play another card from the hand"
    )


def printed_again(state: GridironState, side: Side, card: Card) -> bool:
    """Whether the table said the team holds another card printed like ``card`` ("same yes")."""
    return any(s == side and same_card(c, card) for s, c in state.printed_again)


def discarded_if_typed(state: GridironState, side: Side, unit: Unit) -> list[Card]:
    """Order of Play and Deck Building: the cards that, typed by position and ratings alone (no
    Player #, no name), would be taken for a card on the discard pile of which the deck file
    holds no other, and so cannot be played that way (without a deck file one is asked)."""
    mine = (c for s, c in state.discarded if s == side and c.unit == unit)
    typed = {Card(unit, c.position, c.ratings) for c in mine}
    return sorted(
        (
            c
            for c in typed
            if on_discard_pile(state, side, c) and deck_spent(state, side, c) is not None
        ),
        key=lambda c: (c.position, c.ratings),
    )
