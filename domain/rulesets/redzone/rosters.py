"""The Draft: the coin toss, the choices it gives, the picks and the roster files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from domain.rosterfiles import TEAM, FileSchema, Key, read_file
from domain.ruleset import (
    SIDES,
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.redzone.parse import one, one_of, said, team
from domain.rulesets.redzone.state import (
    HOME_PLACE,
    OPENING_HAND,
    POSITION_NAMES,
    POSITIONS,
    REGULATION_QUARTERS,
    SQUAD_13,
    SQUAD_20,
    Coach,
    Phase,
    Player,
    RedZoneState,
    Rulings,
    with_coach,
)

FILE_SCHEMA = FileSchema(
    "Red Zone",
    "roster",
    keys={
        "team": TEAM,
        "substitutions": Key("flag", "true or false (a 20-man squad with substitutions)"),
    },
    tables={
        "player": {
            "name": Key("text", "the drafted player's name"),
            "position": Key("text", "the player's position"),
            "team": Key("text", "the player's team"),
        }
    },
    each={"player": "one per drafted player"},
)


def plural(unit: str, n: int) -> str:
    """The Draft: a position's name for ``n`` players (Linemen, Backs)."""
    name = POSITION_NAMES[unit]
    if n == 1:
        return name
    return name[:-3] + "men" if name.endswith("man") else name + "s"


def needs(state: RedZoneState, side: Side) -> str:
    """The Draft: what a coach's squad still needs, or complete."""
    squad = _squad(state)
    have = _counts(state.coach(side))
    left = [f"{squad[p] - have[p]} {p.upper()}" for p in squad if squad[p] > have[p]]
    return "still needs " + ", ".join(left) if left else "complete"


def read_toss(state: RedZoneState, values: Sequence[str]) -> Side:
    """The Draft: the coin toss's winner."""
    return team(one(said(values), "toss home | toss away"), state)


def coin_toss(state: RedZoneState, winner: Side) -> Rulings:
    """The Draft: a coin toss decides who has the advantage (overtime: who kicks or receives)."""
    ruling = Ruling("toss", f"{state.name(winner)} win the coin toss.", team=winner)
    nxt: Phase = "kick_choice" if state.quarter > REGULATION_QUARTERS else "advantage"
    return replace(state, phase=nxt, toss_winner=winner), [ruling]


def toss_advantage(state: RedZoneState, pick: bool) -> Rulings:
    """The Draft: the toss winner takes the first pick or home-field advantage (kick/receive)."""
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


def kick_or_receive(state: RedZoneState, kick: bool) -> Rulings:
    """The Draft: the coach with home-field advantage elects to kick or receive."""
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


@dataclass(frozen=True)
class Pick:
    """A draft pick as entered: the position, and the player's name as typed ("" if none)."""

    position: str
    name: str


def read_pick(state: RedZoneState, values: Sequence[str]) -> Pick:
    """The Draft: a position, then the player's name (optional), its case kept."""
    rest = said(values)
    if not rest:
        raise IllegalEntry(
            f"enter a position and optionally the name: draft <{'|'.join(POSITIONS)}> [name]"
        )
    return Pick(one_of(rest[0], POSITIONS, "a position"), " ".join(values[1:]).strip())


def draft_player(state: RedZoneState, pick: Pick) -> Rulings:
    """The Draft: alternate picks of 1 QB, 2 RB, 2 WR/TE, 2 OL, 2 DL, 2 LB, 2 DB; no player
    drafted twice."""
    side = state.drafting
    assert side is not None
    pos = pick.position
    unit = "wr" if pos == "te" else pos
    squad = _squad(state)
    coach = state.coach(side)
    have = _counts(coach)
    if have[unit] >= squad[unit]:
        raise IllegalEntry(
            f"{state.name(side)} already have {squad[unit]} {plural(unit, squad[unit])}; "
            f"{needs(state, side)}"
        )
    name = pick.name
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
    state = with_coach(state, side, coach)
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
        state = with_coach(
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
    """The Draft: the positions a coach may still draft."""
    squad = _squad(state)
    have = _counts(state.coach(side))
    return tuple(
        p for p in POSITIONS if have["wr" if p == "te" else p] < squad["wr" if p == "te" else p]
    )


def roster_problems(text: str) -> list[str]:
    """Every broken rule of a Red Zone roster file (docs/entries.md, Red Zone), [] if fine."""
    try:
        data = read_file(FILE_SCHEMA, text)
    except IllegalEntry as exc:
        return [str(exc)]
    problems: list[str] = []
    subs = data.get("substitutions", False)
    team = data.get("team")
    if team is not None and not team.strip():
        problems.append("team must be a non-empty name")
    players = data.get("player")
    if not players:
        return [*problems, "no players: add [[player]] tables with name and position"]
    squad = SQUAD_20 if subs else SQUAD_13
    have = dict.fromkeys(squad, 0)
    seen: dict[str, int] = {}
    for i, p in enumerate(players, start=1):
        problems += _player_problems(i, p, squad, have, seen)
    for unit, need in squad.items():
        if have[unit] < need:
            problems.append(
                f"missing {need - have[unit]} {plural(unit, need - have[unit])} "
                f"(a squad has {need})"
            )
    total = sum(squad.values())
    if len(players) != total:
        problems.append(
            f"{len(players)} players listed; a {'20-man' if subs else '13-man'} squad has {total}"
        )
    return problems


def _player_problems(
    i: int, p: Mapping[str, str], squad: dict[str, int], have: dict[str, int], seen: dict[str, int]
) -> list[str]:
    """The Draft: one [[player]] table's broken rules (a name drafted once, a known position,
    no more than the squad holds); counts the player into ``have`` and ``seen``."""
    problems: list[str] = []
    name = p.get("name")
    label = f"player {i} ({name})" if isinstance(name, str) and name.strip() else f"player {i}"
    if name is None or not name.strip():
        problems.append(f"{label}: missing name")
    else:
        key = name.strip().lower()
        if key in seen:
            problems.append(f"{label}: {name} is drafted twice (also player {seen[key]})")
        else:
            seen[key] = i
    pos = p.get("position")
    pos_key = pos.strip().lower() if pos is not None else ""
    if pos_key not in POSITIONS:
        problems.append(
            f"{label}: position {pos!r} is not one of {', '.join(x.upper() for x in POSITIONS)}"
        )
        return problems
    unit = "wr" if pos_key == "te" else pos_key
    have[unit] += 1
    if have[unit] > squad[unit]:
        problems.append(f"{label}: one {POSITION_NAMES[unit]} too many (a squad has {squad[unit]})")
    return problems
