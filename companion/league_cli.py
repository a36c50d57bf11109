"""``zebra league``: every game in the store (standings, games in progress, a season's export,
the league key, and keeping a PostgreSQL league's summaries current)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion import store as stores
from companion import views
from companion.cli_common import (
    StoreOption,
    name_unreadable,
    open_referee,
    refereed,
)
from domain import rulesets
from domain.ruleset import IllegalEntry

if TYPE_CHECKING:
    pass


league_app = typer.Typer(
    help="Every game in the store: standings and games in progress.", no_args_is_help=True
)


TimeoutOption = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        min=0,
        help="Give up (in one line, keeping what was caught up) if the game summaries take "
        "longer than this many seconds to catch up (default: no limit)",
    ),
]


@league_app.command("standings")
@refereed
def league_standings(
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list")] = False,
    season: Annotated[
        int | None, typer.Option("--season", help="Only the games of this season, e.g. 2026")
    ] = None,
    store: StoreOption = None,
    timeout: TimeoutOption = None,
) -> None:
    """Per team and game: played, won, lost, tied, points for and against (finished games)."""
    if season is not None:
        from domain.schedule import checked_season

        season = checked_season(season)
    referee = open_referee(store)
    table = referee.league_standings(timeout, season=season)
    if as_json:
        rows = [{**row.__dict__, "percentage": round(row.percentage, 3)} for row in table]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        name_unreadable(referee)
        return
    if not table:
        typer.echo(f"No finished games in {season}." if season else "No finished games yet.")
        name_unreadable(referee)
        return
    current = None
    for row in table:
        if row.ruleset != current:
            current = row.ruleset
            typer.echo(f"{rulesets.get(current).title}")
            typer.echo(f"  {'Team':<30} {'G':>3} {'W':>3} {'L':>3} {'T':>3} {'PF':>5} {'PA':>5}")
        typer.echo(
            f"  {row.team:<30} {row.games:>3} {row.wins:>3} {row.losses:>3} {row.ties:>3} "
            f"{row.points_for:>5} {row.points_against:>5}"
        )
    name_unreadable(referee)


@league_app.command("export")
@refereed
def league_export(
    season: Annotated[int, typer.Option("--season", help="The season to export, e.g. 2026")],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="Folder to write games.csv, pbp.csv, ... into")
    ],
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace files in the folder that are not season exports"),
    ] = False,
    store: StoreOption = None,
) -> None:
    """Every finished game of a season for analysts: games, pbp, player_stats and team_stats
    (csv; parquet too when pyarrow is installed)."""
    from companion import season as seasons

    done = seasons.export(open_referee(store), season, output, force=force)
    typer.echo(done.message)


@league_app.command("serve")
@refereed
def league_serve(
    seconds: Annotated[
        float | None, typer.Option(help="Stop after this many seconds (default: until Ctrl-C)")
    ] = None,
    store: StoreOption = None,
) -> None:
    """Keep a PostgreSQL league's game summaries (and so its standings) caught up with events
    written by a Zebra that keeps none."""
    referee = open_referee(store)
    if referee.store.postgres is None:
        raise IllegalEntry(
            "league serve needs a PostgreSQL store; an SQLite store is caught up by the "
            "command that reads it"
        )
    from companion.league import serve

    typer.echo(f"Keeping the standings of {referee.store} current. Ctrl-C stops.")
    with contextlib.suppress(KeyboardInterrupt):
        serve(referee, seconds)


@league_app.command("key")
@refereed
def league_key_create(
    create: Annotated[
        Path, typer.Option("--create", help="Write a new random league key to this new file")
    ],
) -> None:
    """Make a league key file (readable only by you), so league exports cannot be forged."""
    from projections import playrows

    store = stores.in_use(create)
    if store is not None:
        raise IllegalEntry(
            f"{create} is the Zebra store itself ({store}); a league key goes in a file of its own"
        )
    try:
        fd = os.open(create, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise IllegalEntry(f"{create} already exists; a league key is never overwritten") from None
    except OSError as exc:
        raise IllegalEntry(f"cannot write {create}: {exc.strerror}") from None
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(playrows.new_key() + "\n")
    typer.echo(
        f"Wrote a new league key to {create} (readable only by you). Keep it out of exports; "
        "sign with zebra export --key and check with zebra verify --key."
    )


@league_app.command("games")
@refereed
def league_games(store: StoreOption = None) -> None:
    """The games in progress, with their score and situation."""
    referee = open_referee(store)
    playing = referee.playing()
    if not playing:
        typer.echo("No games in progress.")
        return
    for s in playing:
        score = s.get("score") or {"home": 0, "away": 0}
        typer.echo(
            f"{str(s['game_id']).replace('-', '')[:8]}  {s['ruleset']:<15} "
            f"{s['home']} {score['home']} - {s['away']} {score['away']}"
            f"  {views.period(s)}  {views.ball_line(s) or ''}"
        )
