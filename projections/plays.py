"""Plays: what football counts, grouped from the entries the table typed (issue #31).

A Red Zone snap is four entries (call, defend, flip, result), a 1st & Goal play with a flag two
to four; a play is the snap, kick, try, penalty enforcement, time-out or quarter end they make
together. This is the one projection that groups a game's entries into plays; the play-by-play
exports, the report's tables and the drives read it, and every play names the entry seqs it
came from.

How entries are grouped (docs/exports.md, "Plays"): a play is open from its first ruling until
it is *settled*, when the ball is dead and spotted: the situation after an entry shows another
possession, down, distance, spot, try or score than before it, or a ruling settles it by its
kind (``Kind.settles``: a replayed down, the whistle of a key moment). Rulings of kinds that
finish a settled play (``Kind.follows``: a return, a fair catch, the acceptance of a penalty)
still join it; any other ruling opens the next play. Time-outs and period ends are plays of
their own, unless they come in the middle of a play (a play's entries are never split by
another play's, so the rows replay in order); set-up (draft, roster, coin toss) is one play of
its own before the first kick. Struck entries make plays of their own, marked deleted, in their
place in the record. Every fact comes from a ruling's kind and data or from the situation,
never from a ruling's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain import field as football
from domain import rulesets
from domain.kinds import KINDS, Kind, canonical_kind, player_role
from domain.periods import QUARTERS, Division, Period
from domain.ruleset import IllegalEntry
from projections.record import GameRecord, Line
from projections.record import project as fold

# A ruling kind the vocabulary does not know (only a damaged or foreign store holds one).
UNKNOWN = Kind("unknown", "a kind outside the vocabulary")
SIDES = ("home", "away")
OTHER = {"home": "away", "away": "home"}
# The situation's keys that say where the ball is and whose it is: when one of them changes, the
# ball is dead and spotted, and the play that moved it is settled.
SPOT_KEYS = ("possession", "down", "distance", "ball_on", "converting", "score", "finished")
# Plays from scrimmage, as nflverse's play_type names them.
SCRIMMAGE = ("run", "pass", "qb_kneel")
KICKS = ("kickoff", "punt", "field_goal", "extra_point")
# A coach's choice: alone after a settled play, it finishes that play ("Bears keep the 7").
DECISIONS = ("decision", "choice")


@dataclass(frozen=True)
class Ruled:
    """A stored ruling with its kind read through the vocabulary, and the entry it belongs to."""

    kind: Kind
    name: str
    text: str
    team: str | None
    points: int
    yards: int | None
    data: Mapping[str, Any]
    seq: int


def ruled(ruleset: str, stored: Mapping[str, Any], seq: int) -> Ruled:
    """One stored ruling read through the vocabulary (older names included)."""
    name = canonical_kind(ruleset, stored)
    return Ruled(
        KINDS.get(name, UNKNOWN),
        name,
        str(stored.get("text") or ""),
        stored.get("team"),
        int(stored.get("points") or 0),
        stored.get("yards"),
        dict(stored.get("data") or {}),
        seq,
    )


@dataclass(frozen=True)
class Play:
    """One play, with everything the exports and reports say about it.

    Sides (``posteam``, ``td_side``...) are "home" or "away"; spots are nflverse's
    ``yardline_100`` (yards from the goal line the offence attacks). ``lines`` are the entries
    the play came from, in the record's order; ``rulings`` only those of this play (an entry
    whose rulings end one play and start the next appears in both).
    """

    number: int
    category: str  # "snap", "kick", "try", "penalty", "timeout", "period_end", "setup", "other"
    lines: tuple[Line, ...]
    rulings: tuple[Ruled, ...]
    deleted: bool
    period: Period
    before: Mapping[str, Any]
    after: Mapping[str, Any]
    play_type: str | None
    posteam: str | None
    down: int | None
    ydstogo: int | None
    yardline_100: int | None
    yardline_after: int | None
    yards_gained: int | None
    kick_distance: int | None
    return_yards: int | None
    penalty_yards: int | None
    flags: Mapping[str, int]
    results: Mapping[str, Any]
    players: Mapping[str, str]
    points: Mapping[str, int]
    ratings: tuple[int, ...] = ()
    drive: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def seqs(self) -> tuple[int, ...]:
        return tuple(line.seq for line in self.lines)

    @property
    def defteam(self) -> str | None:
        return OTHER[self.posteam] if self.posteam else None

    @property
    def scoring(self) -> bool:
        return any(self.points.values())

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(r.kind for r in self.rulings)


def main_kind(play: Play) -> str | None:
    """The ruling kind that names a play: how it ended its drive, else what scored, else its
    nflverse type, else what called it."""
    rulings = play.rulings
    for r in rulings:
        if r.kind.drive_end:
            return r.name
    scored = [r for r in rulings if r.kind.score is not None]
    if scored:
        return scored[-1].name
    typed = [r for r in rulings if r.kind.play_type is not None]
    if typed:
        return typed[-1].name
    called = next((r for r in rulings if r.kind.called is not None), None)
    if called is not None:
        return called.name
    return rulings[0].name if rulings else None


def division(ruleset: str) -> Division:
    """How the game is divided in time, as its ruleset says (quarters for a game Zebra lost)."""
    try:
        return rulesets.get(ruleset).division
    except IllegalEntry:
        return QUARTERS


# Grouping ------------------------------------------------------------------------------------


@dataclass
class _Group:
    """A play being gathered: its rulings, the entries they came from, its situations."""

    before: dict[str, Any]
    rulings: list[Ruled] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    after: dict[str, Any] | None = None
    settled_at: int | None = None  # the seq of the entry that settled it
    deleted: bool = False
    alone: bool = False  # a time-out or a period end
    order: tuple[int, int] = (0, 0)  # (index of its first entry, its place among that entry's)

    def take(self, line: Line, r: Ruled | None, index: int, part: int) -> None:
        if not self.lines:
            self.order = (index, part)
        if not self.lines or self.lines[-1].seq != line.seq:
            self.lines.append(line)
        if r is not None:
            self.rulings.append(r)


def _neutral(k: Kind) -> bool:
    """A kind that says nothing about the ball: a coach's decision, cards dealt."""
    return not (
        k.play_type
        or k.called
        or k.score
        or k.result
        or k.yards
        or k.drive_end
        or k.drive_start
        or k.period_end
        or k.setup
        or k.card
        or k.settles
        or k.follows
    )


def _setup_only(group: _Group) -> bool:
    return any(r.kind.setup for r in group.rulings) and all(
        r.kind.setup or _neutral(r.kind) for r in group.rulings
    )


def _alone(k: Kind) -> bool:
    """A time-out or a period end: a play of its own, whatever play is open."""
    return k.period_end is not None or bool(k.result.get("timeout"))


def _starts(k: Kind) -> bool:
    """A ruling that always opens a play of its own: a play called, a kickoff, a try."""
    return (
        k.called is not None
        or k.play_type in ("kickoff", "extra_point")
        or k.score == "two_point"
        or k.name == "go_for_two"
    )


def _at_rest(after: Mapping[str, Any]) -> bool:
    """The ball is dead and spotted: a down to play, a try, a kick due, or the game over."""
    return (
        after.get("down") is not None
        or bool(after.get("converting"))
        or after.get("possession") is None
        or bool(after.get("finished"))
    )


def _moved(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    return any(before.get(key) != after.get(key) for key in SPOT_KEYS)


def _groups(record: GameRecord) -> list[_Group]:
    """The entries of a game gathered into plays, in the record's order."""
    out: list[_Group] = []
    before: dict[str, Any] = dict(record.opening or {})
    open_: _Group | None = None
    downs = any(line.situation and line.situation.get("down") is not None for line in record.lines)

    def flush() -> None:
        nonlocal open_
        if open_ is not None and open_.lines:
            open_.after = open_.after or open_.before
            out.append(open_)
        open_ = None

    for index, line in enumerate(record.lines):
        rulings = [ruled(record.ruleset, r, line.seq) for r in line.rulings]
        if not line.stands:
            # A struck entry is a deleted play of its own (consecutive ones together); the
            # open play goes on around it.
            last = out[-1] if out else None
            if last is not None and last.deleted and last.lines[-1] is record.lines[index - 1]:
                last.take(line, None, index, 0)
                last.rulings.extend(rulings)
            else:
                gone = _Group(before, deleted=True)
                gone.take(line, None, index, 0)
                gone.rulings.extend(rulings)
                gone.after = dict(line.situation or before)
                out.append(gone)
            continue
        after = dict(line.situation or before)
        # An entry that finishes a settled play: a return, an acceptance, or anything while
        # the ball is still live (a team has it, but no down is set: a kick being returned).
        joining = any(r.kind.follows for r in rulings) or (downs and not _at_rest(after))
        moved = _moved(before, after)
        for part, r in enumerate(rulings):
            if _alone(r.kind):
                if (
                    open_ is not None
                    and open_.settled_at is None
                    and moved
                    and open_.lines
                    and open_.lines[-1].seq == line.seq
                ):
                    # The entry that settles the play also ends the period: the play first.
                    open_.after = after
                    open_.settled_at = line.seq
                if open_ is not None and open_.settled_at is None and open_.lines:
                    # A time-out in the middle of a play (between 1st & Goal's cards and
                    # dice) is part of it: a play's entries are never split by another's.
                    open_.take(line, r, index, part)
                    continue
                if open_ is not None and open_.settled_at is not None:
                    flush()
                # A time-out or period end after the entry's other rulings comes at its end.
                alone = _Group(before if part == 0 else after, alone=True, after=after)
                alone.take(line, r, index, part + 1)
                alone.settled_at = line.seq
                out.append(alone)
                continue
            if open_ is not None and open_.settled_at is not None:
                same_entry = open_.settled_at == line.seq
                if not (same_entry or (joining and not _starts(r.kind))):
                    flush()
            if open_ is not None and not r.kind.setup and _setup_only(open_):
                flush()
            if open_ is None:
                open_ = _Group(before)
            open_.take(line, r, index, part)
            if r.kind.settles:
                open_.settled_at = line.seq
        if not rulings:
            if open_ is None:
                open_ = _Group(before)
            open_.take(line, None, index, 0)
        if open_ is not None and open_.lines and open_.lines[-1].seq == line.seq:
            open_.after = after
            if moved and open_.settled_at is None:
                open_.settled_at = line.seq
        before = after
    flush()
    out.sort(key=lambda g: g.order)
    return _merge_neutral(out)


def _merge_neutral(groups: list[_Group]) -> list[_Group]:
    """A settled group of decisions only (Masters: "Bears keep the 7") finishes the play before."""
    out: list[_Group] = []
    for g in groups:
        neutral = g.rulings and all(r.kind.name in DECISIONS for r in g.rulings)
        previous = out[-1] if out else None
        if previous is not None and _setup_only(g) and _setup_only(previous):
            neutral, g.settled_at = True, g.settled_at or g.lines[-1].seq
        if (
            neutral
            and not g.deleted
            and g.settled_at is not None
            and previous is not None
            and not previous.deleted
            and not previous.alone
        ):
            for line in g.lines:
                previous.take(line, None, 0, 0)
            previous.rulings.extend(g.rulings)
            previous.after = g.after
            continue
        out.append(g)
    return out


# Reading a play ------------------------------------------------------------------------------


def plays(record: GameRecord) -> list[Play]:
    """The plays of one game, in play order, struck ones included and marked ``deleted``.

    For the season's pbp and every export: one Play per snap, kick, try, penalty enforcement,
    time-out, quarter end (and one for the set-up), numbered from 1, with its drive number.
    """
    periods = division(record.ruleset)
    built = [_play(record, n, g, periods) for n, g in enumerate(_groups(record), start=1)]
    return built


def project(events: Iterable[Any]) -> list[Play]:
    """The plays of a game from its events."""
    return plays(fold(events))


def _called(rulings: Iterable[Ruled]) -> tuple[str | None, dict[str, str], Mapping[str, Any]]:
    """The play called (its nflverse type), the players it names and a player card joining it."""
    play_type: str | None = None
    players: dict[str, str] = {}
    card: Mapping[str, Any] = {}
    for r in rulings:
        k = r.kind
        if k.called is not None and k.called[0] in r.data:
            key, types = k.called
            play_type = types.get(r.data[key], play_type)
            players = {str(a): str(b) for a, b in dict(r.data.get("players") or {}).items()}
        if k.card is not None and isinstance(r.data.get(k.card), dict):
            card = r.data[k.card]
    if card and card.get("name"):
        role = player_role(str(card.get("position") or ""), play_type)
        if role:
            # As the game shows a card's name ("#12 Rodgers QB").
            players.setdefault(role, str(card["name"]).title())
    return play_type, players, card


def _play(record: GameRecord, number: int, g: _Group, periods: Division) -> Play:
    before, after = g.before, g.after or g.before
    rulings = g.rulings
    kinds = [r.kind for r in rulings]
    names = {k.name for k in kinds}
    period = periods.period(int(before.get("quarter") or 1))
    converting = bool(before.get("converting"))
    called, players, _card = _called(rulings)
    own = [k.play_type for k in kinds if k.play_type and k.play_type != "no_play"]
    kick = next((t for t in own if t in KICKS), None)
    declined = any(r.kind.name == "penalty_declined" for r in rulings)
    replayed = any(k.play_type == "no_play" for k in kinds) and not declined
    scramble = any(k.scramble for k in kinds)
    play_type: str | None
    if g.alone or _setup_only(g):
        play_type = None
    elif kick is not None:
        play_type = kick
    elif replayed:
        play_type = "no_play"
    elif scramble:
        play_type = "run"
    else:
        play_type = own[-1] if own else called
    if scramble:
        # "the QB is forced to scramble for the yards indicated" (red-zone.txt, Sacks): the
        # passer runs; nobody is thrown to.
        passer = players.pop("passer", None)
        players.pop("receiver", None)
        if passer:
            players["rusher"] = passer
    if play_type == "no_play":
        players = {}
    for r in rulings:
        for role, who in dict(r.data.get("players") or {}).items():
            if r.kind.called is None and play_type != "no_play":
                players[str(role)] = str(who)

    # Who has the ball: the receiving team on a kickoff (nflverse), else the offence before.
    side = before.get("possession")
    if play_type == "kickoff":
        receiver = _first_holder(g)
        if receiver in SIDES and "onside_recovered" in names:
            receiver = OTHER[receiver]
        side = receiver if receiver in SIDES else _kicked_to(rulings, side)
    posteam = side if side in SIDES and not _setup_only(g) else None

    results: dict[str, Any] = {}
    for r in rulings:
        if r.kind.name == "penalty" and declined:
            continue
        for column, value in r.kind.result.items():
            results.setdefault(column, value)
    points = {s: 0 for s in SIDES}
    for r in rulings:
        if r.points and r.team in points:
            points[r.team] += r.points
    touchdown = next((r for r in rulings if r.kind.result.get("touchdown")), None)
    if play_type == "pass" and any(k.no_catch for k in kinds):
        results.setdefault("incomplete_pass", 1)

    ball_on = before.get("ball_on")
    scrimmage = before.get("down") is not None and not converting
    category = _category(g, play_type, converting)
    yards_gained = _yards_gained(
        play_type, rulings, before, after, scrimmage, touchdown, posteam, category == "snap"
    )
    kick_distance = next(
        (r.yards for r in rulings if r.kind.yards == "kick" and r.yards is not None), None
    )
    returned = next(
        (
            abs(r.yards)
            for r in rulings
            if r.kind.yards in ("return", "lost") and r.yards is not None
        ),
        None,
    )
    penalty_yards = next(
        (r.yards for r in rulings if r.kind.yards == "penalty" and r.yards is not None), None
    )
    if penalty_yards is None and replayed:
        penalty_yards = next(
            (int(str(r.data["yards"])) for r in rulings if str(r.data.get("yards", "")).isdigit()),
            None,
        )
    first_down = int(
        play_type not in (None, "no_play", "kickoff", "punt", "field_goal", "extra_point")
        and not converting
        and (
            "first_down" in names
            or (touchdown is not None and touchdown.team == posteam and scrimmage)
        )
    ) or int(replayed and "first_down" in names)
    down = before.get("down") if scrimmage else None
    attempt = play_type in SCRIMMAGE and not converting
    flags = {
        "first_down": first_down,
        "third_down_converted": int(attempt and down == 3 and bool(first_down)),
        "third_down_failed": int(attempt and down == 3 and not first_down),
        "fourth_down_converted": int(attempt and down == 4 and bool(first_down)),
        "fourth_down_failed": int(attempt and down == 4 and not first_down),
        "rush_attempt": int(play_type == "run" and not converting),
        "pass_attempt": int(play_type == "pass" and not converting),
        "complete_pass": int(
            play_type == "pass"
            and not converting
            and not results.get("incomplete_pass")
            and not results.get("interception")
        ),
        "incomplete_pass": int(bool(results.get("incomplete_pass"))),
        "interception": int(bool(results.get("interception"))),
        "sack": 0,
        "qb_scramble": int(scramble and play_type == "run"),
        "field_goal_attempt": int(play_type == "field_goal"),
        "extra_point_attempt": int(play_type == "extra_point"),
        "two_point_attempt": int(any(k.score == "two_point" for k in kinds)),
        "punt_attempt": int(play_type == "punt"),
        "kickoff_attempt": int(play_type == "kickoff"),
        "touchback": int(any(k.name in ("kickoff_touchback", "punt_touchback", "touchback")
                             for k in kinds)),
        "touchdown": int(bool(results.get("touchdown"))),
        "safety": int(bool(results.get("safety"))),
        "penalty": int(bool(results.get("penalty"))),
        "fumble_lost": int(bool(results.get("fumble_lost"))),
        "punt_blocked": int(bool(results.get("punt_blocked"))),
        "timeout": int(bool(results.get("timeout"))),
        "replay_or_challenge": int(bool(results.get("replay_or_challenge"))),
    }
    yardline_after = after.get("ball_on")
    return Play(
        number=number,
        category=category,
        lines=tuple(g.lines),
        rulings=tuple(rulings),
        deleted=g.deleted,
        period=period,
        before=before,
        after=after,
        play_type=play_type,
        posteam=posteam,
        down=down,
        ydstogo=before.get("distance") if scrimmage else None,
        yardline_100=_kick_spot(rulings, play_type, ball_on),
        yardline_after=yardline_after if isinstance(yardline_after, int) else None,
        yards_gained=yards_gained,
        kick_distance=kick_distance,
        return_yards=returned,
        penalty_yards=penalty_yards if flags["penalty"] else None,
        flags=flags,
        results=results,
        players=players,
        points=points,
        ratings=_ratings(rulings),
        extra={"td_side": touchdown.team if touchdown else None},
    )


def _first_holder(g: _Group) -> str | None:
    """Who first has the ball after the kick: the receiving team, before any turnover."""
    kicked = False
    for line in g.lines:
        kicked = kicked or any(r.seq == line.seq and r.kind.play_type == "kickoff"
                               for r in g.rulings)
        holder = (line.situation or {}).get("possession")
        if kicked and holder in SIDES:
            return str(holder)
    return None


def _kicked_to(rulings: list[Ruled], side: Any) -> str | None:
    """The receiving team of a kickoff nobody has caught yet: the other side of the kicker."""
    kicker = next((r.team for r in rulings if r.kind.play_type == "kickoff"), None)
    return OTHER.get(kicker or "") if side is None else side


def _kick_spot(rulings: list[Ruled], play_type: str | None, ball_on: Any) -> int | None:
    """The spot before the play; a kickoff's from the receiving team's side (nflverse)."""
    if isinstance(ball_on, int):
        return ball_on
    if play_type == "kickoff":
        # Where the kick came down, plus its distance: the spot it was kicked from, as the
        # receivers attack it.
        for r in rulings:
            landed = r.data.get("ball_on")
            if r.kind.play_type == "kickoff" and isinstance(landed, int) and r.yards is not None:
                spot = landed - r.yards
                return spot if 0 < spot < football.FIELD else None
    return None


def _yards_gained(
    play_type: str | None,
    rulings: list[Ruled],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    scrimmage: bool,
    touchdown: Ruled | None,
    posteam: str | None,
    snap: bool,
) -> int | None:
    """The offence's net gain from scrimmage: 0 where nothing was gained (an incompletion, an
    interception, a held down, a replayed down), empty off scrimmage and where the game has no
    field."""
    if not scrimmage:
        return None
    if play_type is None and not snap:
        return None
    if play_type is not None and play_type not in SCRIMMAGE:
        return 0
    ball_on = before.get("ball_on")
    if not isinstance(ball_on, int):
        return None
    if touchdown is not None and touchdown.team == posteam:
        return ball_on
    spot = after.get("ball_on")
    same_team = after.get("possession") == before.get("possession")
    if same_team and isinstance(spot, int) and not after.get("converting"):
        return ball_on - spot
    gained = [r.yards for r in rulings if r.kind.yards == "gained" and r.yards is not None]
    if any(r.kind.result.get("interception") for r in rulings):
        return 0
    return football.gain_on_the_field(ball_on, gained[-1]) if gained else 0


def _ratings(rulings: list[Ruled]) -> tuple[int, ...]:
    """The card games' ratings the offence played: Masters' declared rating, Third and Long's
    offensive attribute."""
    out = []
    for r in rulings:
        if r.kind.name == "declare" and isinstance(r.data.get("rating"), int):
            out.append(int(r.data["rating"]))
        if r.kind.name == "matchup" and isinstance(r.data.get("offence"), int):
            out.append(int(r.data["offence"]))
    return tuple(out)


def _category(g: _Group, play_type: str | None, converting: bool) -> str:
    if g.deleted:
        return "deleted"
    if g.alone:
        return "period_end" if any(r.kind.period_end for r in g.rulings) else "timeout"
    if _setup_only(g):
        return "setup"
    if converting or play_type == "extra_point":
        return "try"
    if play_type == "no_play":
        return "penalty"
    if play_type in KICKS:
        return "kick"
    if play_type in SCRIMMAGE or (play_type is None and g.before.get("down") is not None):
        # NFL Rush Zone's rolls are downs that are neither a run nor a pass.
        return "snap"
    return "other"


# Players ---------------------------------------------------------------------------------------

STAT_KEYS = (
    "attempts",
    "completions",
    "passing_yards",
    "passing_tds",
    "interceptions",
    "carries",
    "rushing_yards",
    "rushing_tds",
    "targets",
    "receptions",
    "receiving_yards",
    "receiving_tds",
)


@dataclass(frozen=True)
class PlayerLine:
    """One player's game: who, for which side, and the counts of the plays that stand."""

    side: str
    name: str
    stats: Mapping[str, int]
    ratings: tuple[int, ...]


def player_stats(record: GameRecord) -> list[PlayerLine]:
    """Per player per game, from the plays that stand: attempts, completions, passing yards and
    touchdowns, interceptions thrown, carries, rushing yards and touchdowns, targets,
    receptions, receiving yards and touchdowns, and the ratings the card games' offence
    played with that player (Masters' declared rating, Third and Long's attribute).

    A replayed down (no_play) counts for nobody; a scramble is the passer's carry; a try is
    not an attempt (nflverse). Yards are empty (0) where the game has no field.
    """
    lines: dict[tuple[str, str], dict[str, int]] = {}
    rated: dict[tuple[str, str], list[int]] = {}

    def line(side: str, who: str) -> dict[str, int]:
        return lines.setdefault((side, who), dict.fromkeys(STAT_KEYS, 0))

    for p in plays(record):
        if p.deleted or p.posteam is None or p.play_type not in ("run", "pass"):
            continue
        if p.category == "try":
            continue
        gained = p.yards_gained or 0
        scored = int(p.flags["touchdown"] and p.extra.get("td_side") == p.posteam)
        rusher, passer = p.players.get("rusher"), p.players.get("passer")
        receiver = p.players.get("receiver")
        caught = bool(p.flags["complete_pass"])
        for who in {rusher, passer, receiver} - {None}:
            assert who is not None
            rated.setdefault((p.posteam, who), []).extend(p.ratings)
        if p.play_type == "run" and rusher:
            s = line(p.posteam, rusher)
            s["carries"] += 1
            s["rushing_yards"] += gained
            s["rushing_tds"] += scored
        if p.play_type == "pass" and passer:
            s = line(p.posteam, passer)
            s["attempts"] += 1
            s["completions"] += caught
            s["passing_yards"] += gained if caught else 0
            s["passing_tds"] += scored if caught else 0
            s["interceptions"] += p.flags["interception"]
        if p.play_type == "pass" and receiver:
            s = line(p.posteam, receiver)
            s["targets"] += 1
            s["receptions"] += caught
            s["receiving_yards"] += gained if caught else 0
            s["receiving_tds"] += scored if caught else 0
    return [
        PlayerLine(side, who, stats, tuple(rated.get((side, who), ())))
        for (side, who), stats in lines.items()
    ]
