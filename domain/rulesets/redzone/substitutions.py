"""Injuries and Situational Substitutions: who takes an injured or benched player's place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from domain.ruleset import (
    SIDES,
    IllegalEntry,
    Ruling,
    Side,
)
from domain.rulesets.redzone.clock import between_plays
from domain.rulesets.redzone.parse import one, one_of, said, team
from domain.rulesets.redzone.state import (
    HOME_PLACE,
    POSITIONS,
    Coach,
    Player,
    RedZoneState,
    Rulings,
    unit_of,
    with_coach,
)
from domain.words import a_or_an, possessive


def read_substitute(state: RedZoneState, values: Sequence[str]) -> tuple[str, str]:
    """Injuries: where the substitute came from, and the name of a card brought in as typed
    ("" if not given)."""
    rest = said(values)
    if not rest:
        raise IllegalEntry(
            "enter where the substitute came from: sub discard|draw|hand|none [name]"
        )
    where = one_of(rest[0], ("discard", "draw", "hand", "none", "bench"), "a place")
    name = " ".join(values[1:]).strip()
    if name and where in ("none", "bench"):
        raise IllegalEntry(f"sub {where} takes no name; the name is for a card brought in")
    return where, name


def substitute(state: RedZoneState, brought: tuple[str, str]) -> Rulings:
    """Injuries: a substitute from the discard pile, then the Draw Deck, then the hand; none
    leaves the position vacant."""
    where, name = brought
    _not_drafted(state, name)
    side, pid = state.subs[0]
    c = state.coach(side)
    p = c.player(pid)
    assert p is not None
    if where != "bench":
        name, discard = _substitution_order(state, side, pid, where, name)
        c = replace(c, discard=discard)
    newc, new_pid = _bring_in(state, side, replace(c, injured=(*c.injured, pid)), p, where, name)
    newc = _take_the_place(newc, pid, new_pid)
    state = replace(with_coach(state, side, newc), subs=state.subs[1:], sub_team="")
    newcomer = newc.player(new_pid) if new_pid else None
    text = f"{p.name} leaves the game; " + (
        f"{newcomer.name} comes in from the {where}." if newcomer else "the position is vacant."
    )
    rulings = [Ruling("substitution", text, team=side)]
    if state.subs:
        return state, rulings
    resume = state.resume
    assert resume is not None
    return between_plays(replace(state, phase=resume, resume=None), rulings)


def _bring_in(
    state: RedZoneState, side: Side, c: Coach, p: Player, where: str, name: str
) -> tuple[Coach, str]:
    """Injuries: the substitute joins the roster (a card from the discard pile, Draw Deck or
    hand; a drafted back-up from the bench), and the card comes off the deck or hand it was
    in. Returns the coach and the substitute's id ("" when the position stays vacant)."""
    if where == "none":
        return c, ""
    if where == "bench":
        bench = bench_for(state, side, p.pid)
        if not bench:
            raise IllegalEntry(
                "no drafted back-up for this position; enter discard, draw, hand or none"
            )
        return c, bench[0]
    unit = p.pid.rstrip("0123456789")
    n = sum(1 for q in c.roster if q.pid.rstrip("0123456789") == unit) + 1
    new_pid = f"{unit}{n}"
    newcomer = Player(
        new_pid, p.position, name or f"{state.name(side)} substitute {unit.upper()}{n}"
    )
    c = replace(c, roster=(*c.roster, newcomer))
    if where == "draw":
        c = replace(c, draw_flips=c.draw_flips + 1)
    if where == "hand":
        c = replace(c, hand=max(c.hand - 1, 0))
    return c, new_pid


def _take_the_place(c: Coach, pid: str, new_pid: str) -> Coach:
    """Injuries: the substitute lines up where the injured player did; with none, the place is
    vacant (a defender's place is left out)."""
    return replace(
        c,
        offence=tuple((s, new_pid if q == pid else q) for s, q in c.offence),
        defence=tuple(
            (new_pid if q == pid else q, s) for q, s in c.defence if not (q == pid and not new_pid)
        ),
    )


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
    known = eligible_discards(state, side, pid)
    pile = list(c.discard)
    if where != "discard":
        if known:
            raise IllegalEntry(
                f"{known[0]} is on {possessive(state.name(side))} discard pile: the substitute "
                "comes "
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
        if fits(card[0]) != fits(p.position):
            raise IllegalEntry(
                f"{card[1]} is {a_or_an(card[0].upper())} card; {possessive(p.name)} place "
                f"needs {a_or_an(fits(p.position).upper())}"
            )
        if state.sub_team == "yes" and not card[2]:
            raise IllegalEntry(f"{card[1]} is not of the chosen team; bring one who is")
        pile.remove(card)
        name = card[1]
    return name, tuple(pile)


def fits(position: str) -> str:
    """Tight Ends and Wide Receivers: used interchangeably."""
    return "wr" if position == "te" else position


def eligible_discards(state: RedZoneState, side: Side, pid: str) -> list[str]:
    """Injuries: the cards known on the discard pile that may take the injured player's place
    (of the chosen team once the coach has said one is to hand, in team play)."""
    c = state.coach(side)
    need = fits(position_of(state, side, pid))
    team_only = state.sub_team == "yes"
    return [name for pos, name, ours in c.discard if fits(pos) == need and (ours or not team_only)]


@dataclass(frozen=True)
class Discard:
    """A player card seen going onto a discard pile: whose pile, the card's position, whether
    it is of the coach's chosen team (team play), and its name as typed ("" if not given)."""

    side: Side
    position: str
    ours: bool
    name: str


def read_discard(state: RedZoneState, values: Sequence[str]) -> Discard:
    """Injuries: the team (the injured player's while a substitute is due), the position,
    ours or other in team play, then the name (optional)."""
    rest = said(values)
    team_play = state.opt("draft") == "team"
    if len(rest) < (3 if team_play else 2):
        raise IllegalEntry(
            "enter: discard <team> <position> " + ("ours|other " if team_play else "") + "[name]"
        )
    side = team(rest[0], state)
    if state.phase == "sub" and side != state.subs[0][0]:
        raise IllegalEntry("only the injured player's coach reports discards now")
    position = one_of(rest[1], POSITIONS, "a position")
    ours = team_play and one_of(rest[2], ("ours", "other"), "ours or other") == "ours"
    return Discard(side, position, ours, " ".join(values[3 if team_play else 2 :]).strip())


def record_discard(state: RedZoneState, seen: Discard) -> Rulings:
    """Injuries: a player card seen going onto a coach's discard pile, a substitute for later."""
    side, position, ours, name = seen.side, seen.position, seen.ours, seen.name
    for s in SIDES:
        for q in state.coach(s).roster:
            if name and q.name.lower() == name.lower():
                raise IllegalEntry(
                    f"{name} was already selected by {state.name(s)} and may not substitute"
                )
    c = state.coach(side)
    name = name or f"{state.name(side)} discarded {position.upper()} {len(c.discard) + 1}"
    state = with_coach(state, side, replace(c, discard=(*c.discard, (position, name, ours))))
    text = f"{name} ({position.upper()}) is on {possessive(state.name(side))} discard pile."
    return state, [Ruling("discard", text, team=side)]


def read_team_substitute(state: RedZoneState, values: Sequence[str]) -> str:
    """Injuries (team play): yes or no, a player of the chosen team is to hand."""
    return one_of(one(said(values), "teamsub yes|no"), ("yes", "no"), "yes or no")


def team_substitute(state: RedZoneState, answer: str) -> Rulings:
    """Injuries (team play): a player of the chosen team first, from the discard pile, Draw
    Deck and hand in that order; if none, substitutions as described above."""
    side, pid = state.subs[0]
    mine = team_discards(state, side, pid)
    if answer == "no" and mine:
        raise IllegalEntry(f"{mine[0]} of the chosen team is on the discard pile; answer yes")
    text = (
        f"{state.name(side)} bring in a player of the chosen team."
        if answer == "yes"
        else f"{state.name(side)} have no player of the chosen team: any eligible player."
    )
    return replace(state, sub_team=answer), [Ruling("substitution", text, team=side)]


def team_discards(state: RedZoneState, side: Side, pid: str) -> list[str]:
    """Team play: cards of the chosen team known on the discard pile that fit the place."""
    need = fits(position_of(state, side, pid))
    return [n for pos, n, ours in state.coach(side).discard if ours and fits(pos) == need]


def position_of(state: RedZoneState, side: Side, pid: str) -> str:
    """Injuries: the position a player was drafted at (his unit when unknown)."""
    p = state.coach(side).player(pid)
    return p.position if p else unit_of(pid)


def vacancies(c: Coach) -> tuple[str, ...]:
    """Injuries: the places of a coach's line-up left vacant."""
    places = [slot for slot, pid in c.offence if not pid]
    have = [unit_of(p) for p, _ in c.defence]
    places += [u for u in ("dl", "lb", "db") if c.defence and have.count(u) < 2 and len(have) < 6]
    return tuple(places)


def bench_players(c: Coach) -> list[str]:
    """Situational Substitutions: drafted players neither on the field nor injured."""
    on_field = {q for _, q in c.offence} | {q for q, _ in c.defence}
    return [p.pid for p in c.roster if p.pid not in on_field and p.pid not in c.injured]


def may_replace(c: Coach, pid: str) -> tuple[str, ...]:
    """Situational Substitutions: like for like; 3 Wide (a WR for a RB), Canceling the TE (a LB
    for a DB) and the Nickel (a DB for a LB), and back again."""
    unit = unit_of(pid)
    offence = [q for _, q in c.offence if q]
    defence = [q for q, _ in c.defence]
    if unit in ("qb", "ol"):
        return tuple(q for q in offence if unit_of(q) == unit)
    if unit == "wr":
        backs = [q for q in offence if unit_of(q) == "rb"]
        return tuple(q for q in offence if unit_of(q) == "wr") + tuple(
            backs if len(backs) > 1 else []
        )
    if unit == "rb":
        in_back_place = [q for slot, q in c.offence if q and slot.endswith("rb")]
        return tuple(q for q in in_back_place)
    if unit == "dl":
        return tuple(q for q in defence if unit_of(q) == "dl")
    return tuple(q for q in defence if unit_of(q) in ("lb", "db"))


def read_bench(state: RedZoneState, values: Sequence[str]) -> tuple[Side, str, str]:
    """Situational Substitutions: the team, a drafted back-up on its bench, and a player on
    the field he may replace."""
    rest = said(values)
    if len(rest) != 3:
        raise IllegalEntry("enter: bench <team> <player coming in> <player going out>")
    side = team(rest[0], state)
    c = state.coach(side)
    pid_in = one_of(rest[1], bench_players(c), "a player on the bench")
    return side, pid_in, one_of(rest[2], may_replace(c, pid_in), f"a player {pid_in} may replace")


def bench_substitution(state: RedZoneState, change: tuple[Side, str, str]) -> Rulings:
    """Situational Substitutions: before a play a back-up takes a starter's place."""
    side, pid_in, pid_out = change
    c = state.coach(side)
    c = replace(
        c,
        offence=tuple((slot, pid_in if q == pid_out else q) for slot, q in c.offence),
        defence=tuple((pid_in if q == pid_out else q, w) for q, w in c.defence),
    )
    state = with_coach(state, side, c)
    a, b = c.player(pid_in), c.player(pid_out)
    text = f"{state.name(side)}: {a.name if a else pid_in} in for {b.name if b else pid_out}."
    return state, [Ruling("substitution", text, team=side, data={"in": pid_in, "out": pid_out})]


def read_fill(state: RedZoneState, values: Sequence[str]) -> tuple[Side, str, str]:
    """Injuries: the team, a vacant place of its line-up, and the player's name as typed ("" if
    not given)."""
    rest = said(values)
    if len(rest) < 2:
        raise IllegalEntry("enter: fill <team> <vacant place> [name]")
    side = team(rest[0], state)
    place = one_of(rest[1], vacancies(state.coach(side)), "a vacant place")
    return side, place, " ".join(values[2:]).strip()


def fill_vacancy(state: RedZoneState, filled: tuple[Side, str, str]) -> Rulings:
    """Injuries: an eligible player drawn during play may be put in at once (from the hand)."""
    side, place, typed = filled
    c = state.coach(side)
    offence_place = place in dict(c.offence)
    unit = (place if place == "qb" else place[1:]) if offence_place else place
    n = sum(1 for q in c.roster if unit_of(q.pid) == unit) + 1
    pid = f"{unit}{n}"
    _not_drafted(state, typed)
    name = typed or f"{state.name(side)} {unit.upper()}{n}"
    position = "wr" if unit == "wr" else unit
    c = replace(c, roster=(*c.roster, Player(pid, position, name)), hand=max(c.hand - 1, 0))
    if offence_place:
        c = replace(c, offence=tuple((s, pid if s == place else q) for s, q in c.offence))
    else:
        taken = [w for q, w in c.defence]
        free = [sd + HOME_PLACE[unit] for sd in "lr" if sd + HOME_PLACE[unit] not in taken]
        c = replace(c, defence=(*c.defence, (pid, (free or ["l" + HOME_PLACE[unit]])[0])))
    state = with_coach(state, side, c)
    return state, [Ruling("substitution", f"{name} fills the vacant {place.upper()}.", team=side)]


def _not_drafted(state: RedZoneState, name: str) -> None:
    """Injuries: a substitute may not be a player previously selected by either team."""
    for s in SIDES:
        for p in state.coach(s).roster:
            if name and p.name.lower() == name.lower():
                raise IllegalEntry(f"{name} was already selected by {state.name(s)}; bring another")


def bench_for(state: RedZoneState, side: Side, pid: str) -> list[str]:
    """Situational Substitutions: the drafted back-ups who may replace ``pid``."""
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
