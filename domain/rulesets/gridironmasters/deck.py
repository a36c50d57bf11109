"""Deck Building (rules/masters-of-the-gridiron.txt): the checks of a built deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.rosterfiles import ABSURD_CAPS, TEAM, FileSchema, Key, read_file
from domain.ruleset import IllegalEntry, Side
from domain.rulesets.gridironmasters.state import (
    DEFENSE_POSITIONS,
    MAX_CARD_NUMBER,
    OFFENSE_POSITIONS,
    PLAY_TYPE_NAMES,
    PLAY_TYPES,
    POSITION_ALIASES,
    SALARY_CAP,
)

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


# The most copies of one Playbook card a deck file may ask for (Zebra's bound, docs/rulings.md).
MAX_COPIES = 60

_SALARY_HIGH = ABSURD_CAPS * SALARY_CAP

_PLAYER_CARD = {
    "number": Key(
        "whole", f"the Player # printed on the card, 1 to {MAX_CARD_NUMBER}", 1, MAX_CARD_NUMBER
    ),
    "name": Key("text", "the name printed on the card"),
    "position": Key("text", "the position printed on the card"),
    "salary": Key("number", f"the salary in $ millions, 0 to {_SALARY_HIGH:g}", 0, _SALARY_HIGH),
}

FILE_SCHEMA = FileSchema(
    "Masters of the Gridiron",
    "deck file",
    keys={"team": TEAM, "deck": Key("text", '"built" or "new"')},
    tables={
        "offense": _PLAYER_CARD,
        "defense": _PLAYER_CARD,
        "playbook": {
            "name": Key("text", "the name printed on the card"),
            "result": Key("text", '"Touchdown", "Field Goal" or "Audible"'),
            "type": Key("text", "Inside Run, Outside Run, Short Pass or Long Pass"),
            "count": Key("whole", f"how many copies, 1 to {MAX_COPIES}", 1, MAX_COPIES),
        },
    },
    each={
        "offense": "one per Offense card",
        "defense": "one per Defense card",
        "playbook": "one per Playbook card",
    },
)


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
        data = read_file(FILE_SCHEMA, text)
    except IllegalEntry as exc:
        return [str(exc)]
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


def roster_entries(text: str, side: Side) -> list[str]:
    """Deck Building: the deck file's Offense and Defense cards as set-up entries, one per card
    (``deck home 83 martellus bennett te``), so the game counts the cards printed the same and
    still replays from its entries alone; a new deck's bench players are set aside (Opening a
    New Deck). A card without its Player # is not entered: it cannot be told from another."""
    problems = deck_problems(text)
    if problems:
        raise IllegalEntry(f"the deck file has problems: {problems[0]}")
    data = read_file(FILE_SCHEMA, text)
    out = []
    for item in (*data.get("offense", []), *data.get("defense", [])):
        number = item.get("number")
        if number is None or (data.get("deck") == "new" and number >= BENCH_FROM):
            continue
        raw = str(item.get("position", "")).strip().lower()
        name = " ".join(str(item.get("name", "")).split())
        out.append(" ".join(p for p in ("deck", side, str(number), name, raw) if p))
    return out


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
    out: list[DeckCard] = []
    for i, item in enumerate(data.get(key, []), start=1):
        where = f"{key} card {i}"
        number = item.get("number")
        name = str(item.get("name", "")).strip()
        label = DeckCard(where, number, name, "", 0.0)
        raw_pos = str(item.get("position", "")).strip().lower()
        pos = POSITION_ALIASES.get(raw_pos, raw_pos)
        if pos not in positions:
            problems.append(
                f"{key}: {_deck_label(label)} has position {raw_pos.upper() or 'none'}; "
                f"{key} positions are {' '.join(p.upper() for p in positions)}"
            )
        salary = item.get("salary")
        if salary is None:
            problems.append(
                f"{key}: {_deck_label(label)} needs a salary in millions (salary = 4.5)"
            )
            salary = 0.0
        out.append(DeckCard(where, number, name, pos, float(salary)))
    return out


def _deck_plays(data: Mapping[str, Any], problems: list[str]) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for i, item in enumerate(data.get("playbook", []), start=1):
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
        out.extend([(name, result, play_type)] * item.get("count", 1))
    return out


def _deck_label(card: DeckCard) -> str:
    num = f"#{card.number} " if card.number is not None else ""
    return f"{num}{card.name or card.where}".strip()
