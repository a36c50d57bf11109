"""A game to and from files: ``zebra export``, ``import`` and ``verify`` (an export's hash chain
under the league key)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion import views
from companion.cli_common import (
    ByOption,
    CopyOption,
    GameArg,
    GameOption,
    SeasonOption,
    StoreOption,
    WeekOption,
    note_rules,
    one_game,
    open_referee,
    refereed,
    say,
)
from domain.ruleset import IllegalEntry

if TYPE_CHECKING:
    from projections.record import GameRecord


KeyOption = Annotated[
    Path | None,
    typer.Option(
        "--key",
        envvar="ZEBRA_LEAGUE_KEY_FILE",
        help="League key file: csv/jsonl rows are chained with HMAC-SHA256 under this key, "
        "which nobody without the key can recompute (default: $ZEBRA_LEAGUE_KEY_FILE)",
    ),
]


@refereed
def export(
    game: GameArg = None,
    named: GameOption = None,
    format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="csv|jsonl (one row per play), entries-csv|entries-jsonl (one row per entry), "
            "md|html|entries|events",
        ),
    ] = "md",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File to write")] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Replace an existing -o file that is not a Zebra export of this format"
        ),
    ] = False,
    store: StoreOption = None,
    key: KeyOption = None,
) -> None:
    """Export a game: play-by-play rows (csv, jsonl), a report (md, html) or its entries."""
    from companion import exports

    if format not in exports.FORMATS:
        raise IllegalEntry(
            f"unknown export format {format!r}; expected one of {', '.join(exports.FORMATS)}"
        )
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    note_rules(referee, game_id)
    if format == "events":
        # The whole history (options, struck entries, corrections, proposals): see docs/exports.md.
        text = referee.events_export(game_id)
    else:
        text = keyed_render(referee.record(game_id), format, key)
    if output is None:
        typer.echo(text, nl=False)
        return
    # Whole or not at all; never over the store, nor over a file that is not an earlier export.
    exports.write(output, text, format, force=force)
    typer.echo(f"Wrote {output} ({format}, game {game_id.hex[:8]}).")


@refereed
def import_(
    file: Annotated[Path, typer.Argument(help="An events, entries or jsonl export")],
    season: SeasonOption = None,
    week: WeekOption = None,
    copy: CopyOption = False,
    store: StoreOption = None,
    by: ByOption = None,
) -> None:
    """Recreate a game from an export: an events export whole (its history and id), an entries
    or jsonl export as a new game of the entries that stand. A game already in the store is
    refused (--copy records it again, marked as a copy the standings never count)."""
    from companion.scripts import parse_import, read_text
    from companion.transfer import is_events_file

    text = read_text(file)
    if is_events_file(text):
        if season is not None or week is not None:
            raise IllegalEntry(
                f"{file} is an events export, which carries its own season and week; import "
                "it without --season/--week, then change them with zebra schedule"
            )
        referee = open_referee(store, create=True)
        outcome = referee.import_events(text, str(file), by, copy=copy)
        typer.echo(f"Imported the whole history as game {outcome.game_id.hex[:8]}.")
        say(views.situation_screen(outcome.status))
        note_rules(referee, outcome.game_id)
        return
    script = parse_import(text, str(file))
    referee = open_referee(store, create=True)
    outcome = referee.import_game(script, by, season=season, week=week, copy=copy)
    typer.echo(f"Imported {len(script.lines)} entries as game {outcome.game_id.hex[:8]}.")
    say(views.situation_screen(outcome.status))


@refereed
def verify(
    file: Annotated[Path, typer.Argument(help="A csv or jsonl export")],
    key: KeyOption = None,
) -> None:
    """Check an export's hash chain: reports the first row altered, removed or reordered."""
    from companion.scripts import read_text
    from projections import playrows

    secret = league_key(key)
    verdict = playrows.verify(read_text(file), secret)
    if not verdict.ok:
        raise IllegalEntry(f"{file}: {verdict.message}")
    typer.echo(f"{file}: {verdict.message}.")


def league_key(path: Path | None) -> bytes | None:
    """The league key in a key file, refused in one line if the file is not one."""
    if path is None:
        return None
    from companion.scripts import read_league_key

    key = read_league_key(path)
    if path.stat().st_mode & 0o077:
        typer.echo(f"warning: {path} can be read by others; chmod 600 {path}", err=True)
    return key


def keyed_render(record: GameRecord, fmt: str, key: Path | None) -> str:
    """The export text, with csv and jsonl rows chained under the league key when one is given."""
    from companion import exports

    secret = league_key(key) if fmt in exports.CHAINED else None
    if secret is None:
        return exports.render(record, fmt)
    return exports.render(record, fmt, secret)
