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
from domain.kinds import Kind, player_role
from domain.periods import QUARTERS, Division, Period
from domain.ruleset import IllegalEntry
from projections.grouping import Group, groups, setup_only
from projections.record import GameRecord, Line
from projections.record import project as fold
from projections.ruled import UNKNOWN, Ruled, ruled

# Ruled and ruled are read as ``plays.Ruled`` and ``plays.ruled`` by the rows.
__all__ = ["UNKNOWN", "Play", "PlayerLine", "Ruled", "main_kind", "player_stats", "plays", "ruled"]

SIDES = ("home", "away")
OTHER = {"home": "away", "away": "home"}
# Plays from scrimmage, as nflverse's play_type names them.
SCRIMMAGE = ("run", "pass", "qb_kneel")
KICKS = ("kickoff", "punt", "field_goal", "extra_point")


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


# Reading a play ------------------------------------------------------------------------------


def plays(record: GameRecord) -> list[Play]:
    """The plays of one game, in play order, struck ones included and marked ``deleted``.

    For the season's pbp and every export: one Play per snap, kick, try, penalty enforcement,
    time-out, quarter end (and one for the set-up), numbered from 1, with its drive number.
    """
    periods = division(record.ruleset)
    built = [_play(n, g, periods) for n, g in enumerate(groups(record), start=1)]
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


@dataclass(frozen=True)
class _Read:
    """What a play's rulings and situation say, before its columns are counted."""

    play_type: str | None
    converting: bool
    scrimmage: bool  # a down from scrimmage (not a try, not a kick with no down set)
    replayed: bool  # the down is replayed (a penalty enforced, not declined)
    scramble: bool
    posteam: str | None
    touchdown: Ruled | None
    down: int | None  # the down played, None off scrimmage


def _play(number: int, g: Group, periods: Division) -> Play:
    """One gathered group read as a play: its type, sides, spots, yards, flags and results."""
    before, after = g.before, g.after or g.before
    rulings = g.rulings
    read = _read(g)
    play_type = read.play_type
    category = _category(g, play_type, read.converting)
    results = _results(rulings, play_type)
    flags = _flags(read, [r.kind for r in rulings], results)
    yardline_after = after.get("ball_on")
    return Play(
        number=number,
        category=category,
        lines=tuple(g.lines),
        rulings=tuple(rulings),
        deleted=g.deleted,
        period=periods.period(int(before.get("quarter") or 1)),
        before=before,
        after=after,
        play_type=play_type,
        posteam=read.posteam,
        down=read.down,
        ydstogo=before.get("distance") if read.scrimmage else None,
        yardline_100=_kick_spot(rulings, play_type, before.get("ball_on")),
        yardline_after=yardline_after if isinstance(yardline_after, int) else None,
        yards_gained=_yards_gained(g, read, snap=category == "snap"),
        kick_distance=_yards_of(rulings, "kick"),
        return_yards=next(
            (
                abs(r.yards)
                for r in rulings
                if r.kind.yards in ("return", "lost") and r.yards is not None
            ),
            None,
        ),
        penalty_yards=_penalty_yards(rulings, read.replayed) if flags["penalty"] else None,
        flags=flags,
        results=results,
        players=_players(rulings, play_type, scramble=read.scramble),
        points=_points(rulings),
        ratings=_ratings(rulings),
        extra={"td_side": read.touchdown.team if read.touchdown else None},
    )


def _read(g: Group) -> _Read:
    """The play's type, whose ball it is and where it was snapped, from its rulings."""
    before = g.before
    converting = bool(before.get("converting"))
    scrimmage = before.get("down") is not None and not converting
    play_type, replayed, scramble = _play_type(g)
    return _Read(
        play_type=play_type,
        converting=converting,
        scrimmage=scrimmage,
        replayed=replayed,
        scramble=scramble,
        posteam=_posteam(g, play_type),
        touchdown=next((r for r in g.rulings if r.kind.result.get("touchdown")), None),
        down=before.get("down") if scrimmage else None,
    )


def _declined(rulings: Iterable[Ruled]) -> bool:
    """A penalty was declined: the play stands as played."""
    return any(r.kind.name == "penalty_declined" for r in rulings)


def _play_type(g: Group) -> tuple[str | None, bool, bool]:
    """The play's nflverse play_type, whether the down is replayed, and whether the QB
    scrambled."""
    kinds = [r.kind for r in g.rulings]
    called, _players_called, _card = _called(g.rulings)
    own = [k.play_type for k in kinds if k.play_type and k.play_type != "no_play"]
    kick = next((t for t in own if t in KICKS), None)
    replayed = any(k.play_type == "no_play" for k in kinds) and not _declined(g.rulings)
    scramble = any(k.scramble for k in kinds)
    play_type: str | None
    if g.alone or setup_only(g):
        play_type = None
    elif kick is not None:
        play_type = kick
    elif replayed:
        play_type = "no_play"
    elif scramble:
        play_type = "run"
    else:
        play_type = own[-1] if own else called
    return play_type, replayed, scramble


def _players(rulings: list[Ruled], play_type: str | None, *, scramble: bool) -> dict[str, str]:
    """Who handled the ball, by role: named by the call or its card, then by the rulings."""
    _called_type, players, _card = _called(rulings)
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
    return players


def _posteam(g: Group, play_type: str | None) -> str | None:
    """Who has the ball: the receiving team on a kickoff (nflverse), else the offence before."""
    side = g.before.get("possession")
    if play_type == "kickoff":
        receiver = _first_holder(g)
        if receiver in SIDES and any(r.kind.name == "onside_recovered" for r in g.rulings):
            receiver = OTHER[receiver]
        side = receiver if receiver in SIDES else _kicked_to(g.rulings, side)
    return side if side in SIDES and not setup_only(g) else None


def _results(rulings: list[Ruled], play_type: str | None) -> dict[str, Any]:
    """The result columns the rulings set (the first to set one wins; a declined penalty none),
    an incompletion for a pass nobody caught."""
    declined = _declined(rulings)
    results: dict[str, Any] = {}
    for r in rulings:
        if r.kind.name == "penalty" and declined:
            continue
        for column, value in r.kind.result.items():
            results.setdefault(column, value)
    if play_type == "pass" and any(r.kind.no_catch for r in rulings):
        results.setdefault("incomplete_pass", 1)
    return results


def _points(rulings: list[Ruled]) -> dict[str, int]:
    """The points each side scored on the play."""
    points = {s: 0 for s in SIDES}
    for r in rulings:
        if r.points and r.team in points:
            points[r.team] += r.points
    return points


def _yards_of(rulings: list[Ruled], kind: str) -> int | None:
    """The yards of the first ruling whose yards are of this kind (a kick, a penalty)."""
    return next((r.yards for r in rulings if r.kind.yards == kind and r.yards is not None), None)


def _penalty_yards(rulings: list[Ruled], replayed: bool) -> int | None:
    """The yards a penalty was enforced for; a replayed down's from its ruling's data."""
    penalty_yards = _yards_of(rulings, "penalty")
    if penalty_yards is None and replayed:
        penalty_yards = next(
            (int(str(r.data["yards"])) for r in rulings if str(r.data.get("yards", "")).isdigit()),
            None,
        )
    return penalty_yards


def _first_down(read: _Read, kinds: list[Kind]) -> int:
    """1 if the play made a first down: ruled one, or a touchdown from scrimmage by the offence;
    a replayed down only when a first down was ruled."""
    names = {k.name for k in kinds}
    play_type, touchdown = read.play_type, read.touchdown
    return int(
        play_type not in (None, "no_play", "kickoff", "punt", "field_goal", "extra_point")
        and not read.converting
        and (
            "first_down" in names
            or (touchdown is not None and touchdown.team == read.posteam and read.scrimmage)
        )
    ) or int(read.replayed and "first_down" in names)


def _flags(read: _Read, kinds: list[Kind], results: Mapping[str, Any]) -> dict[str, int]:
    """nflverse's 0-or-1 columns of one play."""
    play_type, converting = read.play_type, read.converting
    first_down = _first_down(read, kinds)
    return {
        "first_down": first_down,
        **_down_flags(read, first_down),
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
        "qb_scramble": int(read.scramble and play_type == "run"),
        "field_goal_attempt": int(play_type == "field_goal"),
        "extra_point_attempt": int(play_type == "extra_point"),
        "two_point_attempt": int(any(k.score == "two_point" for k in kinds)),
        "punt_attempt": int(play_type == "punt"),
        "kickoff_attempt": int(play_type == "kickoff"),
        "touchback": int(
            any(k.name in ("kickoff_touchback", "punt_touchback", "touchback") for k in kinds)
        ),
        **{column: int(bool(results.get(column))) for column in RESULT_FLAGS},
    }


# The result columns that are nflverse flags, in nflverse's order after ``touchback``.
RESULT_FLAGS = (
    "touchdown",
    "safety",
    "penalty",
    "fumble_lost",
    "punt_blocked",
    "timeout",
    "replay_or_challenge",
)


def _down_flags(read: _Read, first_down: int) -> dict[str, int]:
    """Third and fourth downs converted or failed by a run or pass (a try is no attempt)."""
    attempt = read.play_type in SCRIMMAGE and not read.converting
    down = read.down
    return {
        "third_down_converted": int(attempt and down == 3 and bool(first_down)),
        "third_down_failed": int(attempt and down == 3 and not first_down),
        "fourth_down_converted": int(attempt and down == 4 and bool(first_down)),
        "fourth_down_failed": int(attempt and down == 4 and not first_down),
    }


def _first_holder(g: Group) -> str | None:
    """Who first has the ball after the kick: the receiving team, before any turnover."""
    kicked = False
    for line in g.lines:
        kicked = kicked or any(
            r.seq == line.seq and r.kind.play_type == "kickoff" for r in g.rulings
        )
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


def _yards_gained(g: Group, read: _Read, *, snap: bool) -> int | None:
    """The offence's net gain from scrimmage: 0 where nothing was gained (an incompletion, an
    interception, a held down, a replayed down), empty off scrimmage and where the game has no
    field."""
    play_type, rulings, scrimmage = read.play_type, g.rulings, read.scrimmage
    before, after = g.before, g.after or g.before
    touchdown, posteam = read.touchdown, read.posteam
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


def _category(g: Group, play_type: str | None, converting: bool) -> str:
    """What kind of play it is: a snap, kick, try, penalty, time-out, period end, set-up."""
    if g.deleted:
        return "deleted"
    if g.alone:
        return "period_end" if any(r.kind.period_end for r in g.rulings) else "timeout"
    if setup_only(g):
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
