"""The plays of a game and the drives read from the plays that stand (for the rows, the report
and the live pages, which number drives alike)."""

from __future__ import annotations

from projections import plays as plays_model
from projections.drives import Drive, Fact, drives
from projections.record import GameRecord


def play_table(record: GameRecord) -> tuple[list[plays_model.Play], list[Drive]]:
    """The plays of a game and its drives, the drives read from the plays that stand."""
    periods = plays_model.division(record.ruleset)
    played = plays_model.plays(record)
    names = {"home": record.home, "away": record.away}
    facts = [_fact(p, names, previous) for p, previous in _standing_with_previous(played)]
    finished = bool(record.situation.get("finished"))
    found = drives(facts, slots=periods.unit == "regulation", finished=finished)
    return played, found


def game_drives(record: GameRecord) -> list[Drive]:
    """The drives of a game (for the report and the live pages), numbered as the rows number
    them."""
    return play_table(record)[1]


def _standing_with_previous(
    played: list[plays_model.Play],
) -> list[tuple[plays_model.Play, plays_model.Play | None]]:
    """Each play that stands, with the standing play before it (None for the first)."""
    standing = [p for p in played if not p.deleted]
    previous: list[plays_model.Play | None] = [None, *standing]
    return list(zip(standing, previous[: len(standing)], strict=True))


def _fact(p: plays_model.Play, names: dict[str, str], previous: plays_model.Play | None) -> Fact:
    """What one standing play says about drives."""
    last_period = previous.period if previous is not None else None
    new_period = last_period is not None and (
        p.period.game_half != last_period.game_half
        or (p.period.overtime and p.period.number != last_period.number)
    )
    kicked = p.play_type == "kickoff"
    return Fact(
        play_id=p.number,
        side=names.get(p.posteam or "") if p.category != "period_end" else None,
        converting=bool(p.before.get("converting")),
        rulings=tuple((r.kind, names.get(r.team or "")) for r in p.rulings),
        period=p.period.label,
        overtime=p.period.overtime,
        new_period=new_period,
        # Where the drive's first snap is taken: not where a kick came down.
        yardline=None if kicked else p.yardline_100,
        yards_gained=p.yards_gained if p.category == "snap" else None,
        counts_as_play=p.category == "snap" or p.play_type in ("punt", "field_goal"),
    )
