"""A league's season for analysts: every finished game of one season, in four files.

``zebra league export --season 2026 -o DIR`` writes ``games.csv`` (nflverse's schedule
columns), ``pbp.csv`` (every game's play-by-play rows), ``player_stats.csv`` (per player per
game) and ``team_stats.csv`` (per team per game), and the same four as parquet when pyarrow is
installed (the ``analytics`` extra). docs/exports.md describes the columns.

The play-by-play rows are the play read model's (projections.plays through projections.playrows:
one row per play, as ``zebra export --format csv`` writes them), the player lines are the play
model's ``player_stats`` (the plays that stand, with the card games' ratings used), and the team
lines are counted from the pbp rows.

Copies and unfinished games are left out and counted. Every file is rendered before any is
written, and each is written whole (companion.exports); a file in the folder is replaced only if
it is an earlier season export of the same name, or with ``force``.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import exports
from domain import schedule
from domain.identity import is_copy, left_out
from domain.ruleset import IllegalEntry
from projections import playrows, plays
from projections.record import GameRecord

if TYPE_CHECKING:
    from companion.service import Referee

GAME_COLUMNS = (
    "game_id",
    "season",
    "week",
    "gameday",
    "home_team",
    "away_team",
    "home_score",
    "away_score",
    "result",
    "total",
    "overtime",
    "ruleset",
)
PLAYER_COLUMNS = (
    "season",
    "week",
    "game_id",
    "player_name",
    "team",
    "opponent_team",
    "ruleset",
    # The counts are the play read model's own (projections.plays.player_stats).
    *plays.STAT_KEYS,
    "ratings",
)
TEAM_COLUMNS = (
    "season",
    "week",
    "game_id",
    "team",
    "opponent_team",
    "home_away",
    "ruleset",
    "points",
    "points_allowed",
    "result",
    "plays",
    "pass_attempts",
    "completions",
    "passing_yards",
    "carries",
    "rushing_yards",
    "total_yards",
    "touchdowns",
    "interceptions",
    "fumbles_lost",
    "penalties",
    "penalty_yards",
)
# How each file's header begins: an existing file is replaced only if it begins so.
HEADS = {
    "games": ",".join(GAME_COLUMNS[:4]),
    "pbp": "game_id,play_id,season,week",
    "player_stats": ",".join(PLAYER_COLUMNS[:4]),
    "team_stats": ",".join(TEAM_COLUMNS[:4]),
}
# The parquet files say what they are in their schema metadata.
PARQUET_MARK = b"zebra_season_export"


@dataclass(frozen=True)
class Written:
    """What a season export wrote, and what it left out."""

    season: int
    games: int
    unfinished: int
    copies: int
    files: tuple[Path, ...]
    # Games the table set aside (abandoned, issue #27): left out as copies are.
    set_aside: int = 0

    @property
    def message(self) -> str:
        """One line: "wrote 12 games of season 2026; left out 2 unfinished, 1 copy"."""
        left = [
            f"{n} {what}"
            for n, what in (
                (self.unfinished, "unfinished"),
                (self.copies, "copy" if self.copies == 1 else "copies"),
                (self.set_aside, "set aside"),
            )
            if n
        ]
        return (
            f"wrote {self.games} game{'' if self.games == 1 else 's'} of season {self.season} "
            f"to {', '.join(p.name for p in self.files)}"
            + (f"; left out {', '.join(left)}" if left else "")
        )


def season_games(
    records: Iterable[GameRecord], season: int
) -> tuple[list[GameRecord], int, int, int]:
    """The finished games of ``season`` that are not left out (domain.identity.left_out: a copy,
    a game set aside), by week, day, id; and how many unfinished games, copies and games set
    aside of that season were left out."""
    kept: list[GameRecord] = []
    unfinished = copies = aside = 0
    for record in records:
        if record.calendar[0] != season:
            continue
        if left_out(record):
            if is_copy(record):
                copies += 1
            else:
                aside += 1
        elif not record.situation.get("finished"):
            unfinished += 1
        else:
            kept.append(record)
    kept.sort(key=lambda r: (r.calendar[1] or 0, r.started_at, r.game_id))
    return kept, unfinished, copies, aside


def game_row(record: GameRecord) -> dict[str, Any]:
    """One line of games.csv: nflverse's schedule columns (result is home minus away)."""
    final = record.situation
    score = final.get("score") or {"home": 0, "away": 0}
    home, away = int(score.get("home", 0)), int(score.get("away", 0))
    season, week = record.calendar
    return {
        "game_id": record.game_id,
        "season": season,
        "week": week,
        "gameday": record.started_at[:10] or None,
        "home_team": record.home,
        "away_team": record.away,
        "home_score": home,
        "away_score": away,
        "result": home - away,
        "total": home + away,
        "overtime": int(bool(final.get("overtime"))),
        "ruleset": record.ruleset,
    }


def season_pbp_rows(record: GameRecord) -> list[dict[str, Any]]:
    """One game's play-by-play rows for pbp.csv, with its season and week: one row per play, as
    the game's csv export (projections.playrows over projections.plays)."""
    season, week = record.calendar
    return [
        {"game_id": row["game_id"], "play_id": row["play_id"], "season": season, "week": week} | row
        for row in playrows.rows(record)
    ]


def _counted(row: dict[str, Any]) -> bool:
    """A snap that stands: a run or a pass (a replayed down is no_play, and counts nothing)."""
    return not row.get("play_deleted") and row.get("play_type") in ("run", "pass")


def season_player_rows(record: GameRecord) -> list[dict[str, Any]]:
    """One game's player_stats lines: the play read model's (projections.plays.player_stats),
    with the ratings the card games' offence played each player with (space-separated)."""
    season, week = record.calendar
    names = {"home": record.home, "away": record.away}
    out = []
    for line in plays.player_stats(record):
        team, opponent = names[line.side], names["away" if line.side == "home" else "home"]
        out.append(
            {
                "season": season,
                "week": week,
                "game_id": record.game_id,
                "player_name": line.name,
                "team": team,
                "opponent_team": opponent,
                "ruleset": record.ruleset,
                **{c: int(line.stats.get(c, 0)) for c in plays.STAT_KEYS},
                "ratings": " ".join(str(r) for r in line.ratings) or None,
            }
        )
    return sorted(out, key=lambda p: (p["team"], p["player_name"]))


def season_team_rows(record: GameRecord, pbp: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One game's team_stats lines (home, then away): the final score, and the rest counted
    from its pbp rows (``season_pbp_rows``)."""
    game = game_row(record)
    season, week = record.calendar
    out = []
    for side, team, opponent in (
        ("home", record.home, record.away),
        ("away", record.away, record.home),
    ):
        points = game["home_score"] if side == "home" else game["away_score"]
        allowed = game["away_score"] if side == "home" else game["home_score"]
        mine = [r for r in pbp if not r.get("play_deleted") and r.get("posteam") == team]
        snaps = [r for r in mine if _counted(r)]
        passes = [r for r in mine if _counted(r) and r["play_type"] == "pass"]
        runs = [r for r in mine if _counted(r) and r["play_type"] == "run"]
        caught = [r for r in passes if not r.get("incomplete_pass") and not r.get("interception")]
        passing = sum(r.get("yards_gained") or 0 for r in caught)
        rushing = sum(r.get("yards_gained") or 0 for r in runs)
        flagged = [r for r in pbp if not r.get("play_deleted") and r.get("penalty_team") == team]
        out.append(
            {
                "season": season,
                "week": week,
                "game_id": record.game_id,
                "team": team,
                "opponent_team": opponent,
                "home_away": side,
                "ruleset": record.ruleset,
                "points": points,
                "points_allowed": allowed,
                "result": "W" if points > allowed else "L" if points < allowed else "T",
                "plays": len(snaps),
                "pass_attempts": len(passes),
                "completions": len(caught),
                "passing_yards": passing,
                "carries": len(runs),
                "rushing_yards": rushing,
                "total_yards": passing + rushing,
                "touchdowns": sum(
                    1 for r in pbp if not r.get("play_deleted") and r.get("td_team") == team
                ),
                "interceptions": sum(int(bool(r.get("interception"))) for r in mine),
                "fumbles_lost": sum(int(bool(r.get("fumble_lost"))) for r in mine),
                "penalties": len(flagged),
                "penalty_yards": sum(r.get("penalty_yards") or 0 for r in flagged),
            }
        )
    return out


def tables(records: list[GameRecord]) -> dict[str, tuple[tuple[str, ...], list[dict[str, Any]]]]:
    """The four tables of a season's games, by file name (without the suffix)."""
    games, pbp, players, teams = [], [], [], []
    for record in records:
        rows = season_pbp_rows(record)
        games.append(game_row(record))
        pbp.extend(rows)
        players.extend(season_player_rows(record))
        teams.extend(season_team_rows(record, rows))
    pbp_columns = ("game_id", "play_id", "season", "week") + tuple(
        c for c in playrows.COLUMNS if c not in ("game_id", "play_id")
    )
    return {
        "games": (GAME_COLUMNS, games),
        "pbp": (pbp_columns, pbp),
        "player_stats": (PLAYER_COLUMNS, players),
        "team_stats": (TEAM_COLUMNS, teams),
    }


def to_csv(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> str:
    """A table as csv: a header, then one line per row (null as an empty cell)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([playrows.cell(row.get(c)) for c in columns])
    return out.getvalue()


def export(referee: Referee, season: int, folder: Path, *, force: bool = False) -> Written:
    """Write a season's four files (and their parquet twins when pyarrow is installed) into
    ``folder``; refused in one line, with nothing written, if any of them cannot be."""
    season = schedule.checked_season(season)
    kept, unfinished, copies, aside = season_games(referee.records(), season)
    if not kept:
        counts = f"{unfinished} unfinished, {copies} copies, {aside} set aside"
        left = f" ({counts} left out)" if unfinished or copies or aside else ""
        raise IllegalEntry(f"no finished game of season {season} in {referee.store}{left}")
    made = tables(kept)
    texts = {f"{name}.csv": to_csv(columns, rows) for name, (columns, rows) in made.items()}
    parquet = _parquet(made)
    target = _folder(folder)
    for name in [*texts, *parquet]:
        _may_write(target / name, force)
    written = []
    for name, text in texts.items():
        written.append(exports.write(target / name, text, "season", force=True))
    for name, data in parquet.items():
        _replace_bytes(target / name, data)
        written.append(target / name)
    return Written(season, len(kept), unfinished, copies, tuple(written), aside)


def _folder(folder: Path) -> Path:
    """The folder to write into, made if it is missing (its parent must exist)."""
    if folder.exists() and not folder.is_dir():
        raise IllegalEntry(f"{folder} is a file; give -o a folder for the season's files")
    try:
        folder.mkdir(exist_ok=True)
    except FileNotFoundError:
        raise IllegalEntry(f"{folder.parent} does not exist; make it first") from None
    except OSError as exc:
        raise IllegalEntry(f"cannot make the folder {folder}: {exc.strerror}") from None
    return folder


def _may_write(path: Path, force: bool) -> None:
    """Refuse a file that exists and is not an earlier season export of that name."""
    from companion.store import in_use

    store = in_use(path)
    if store is not None:
        raise IllegalEntry(f"{path} is the Zebra store {store}; choose another folder")
    if not (path.exists() or path.is_symlink()) or force:
        return
    if not path.is_file() or not _earlier_export(path):
        raise IllegalEntry(
            f"{path} exists and is not a Zebra season export; choose another folder, or add "
            "--force to replace it"
        )


def _earlier_export(path: Path) -> bool:
    try:
        with open(path, "rb") as file:
            head = file.read(exports.SNIFF_BYTES)
    except OSError as exc:
        raise IllegalEntry(f"cannot read {path} to check it: {exc.strerror}") from None
    if path.suffix == ".parquet":
        return head.startswith(b"PAR1") and _marked_parquet(path)
    return head.decode("utf-8", errors="replace").startswith(HEADS.get(path.stem, "\0"))


def _marked_parquet(path: Path) -> bool:
    try:
        import pyarrow.parquet as pq

        metadata = pq.read_schema(path).metadata or {}
    except Exception:  # not pyarrow's to read: not ours to replace
        return False
    return PARQUET_MARK in metadata


def _parquet(made: dict[str, tuple[tuple[str, ...], list[dict[str, Any]]]]) -> dict[str, bytes]:
    """The four tables as parquet files, when pyarrow is installed (else none)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return {}
    out = {}
    for name, (columns, rows) in made.items():
        types = {c: _arrow_type(pa, c, rows) for c in columns}
        table = pa.Table.from_pylist(
            [
                {
                    c: row.get(c)
                    if row.get(c) is None or types[c] == pa.int64()
                    else playrows.cell(row.get(c))
                    for c in columns
                }
                for row in rows
            ],
            schema=pa.schema(list(types.items())),
        )
        table = table.replace_schema_metadata({PARQUET_MARK: name.encode()})
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        out[f"{name}.parquet"] = sink.getvalue().to_pybytes()
    return out


def _arrow_type(pa: Any, column: str, rows: list[dict[str, Any]]) -> Any:
    """A column's parquet type: whole numbers where every value is one, else text."""
    values = [row.get(column) for row in rows if row.get(column) is not None]
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return pa.int64()
    return pa.string()


def _replace_bytes(target: Path, data: bytes) -> None:
    """Write beside the target, then rename over it: the file whole or not at all."""
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise IllegalEntry(f"cannot write {target}: {exc.strerror}") from None
