"""What the ``zebra`` commands share: their options (--store, --game, --by, ...), the wrapper that
turns a refusal into one line (``refereed``), opening the store, and the lines they all print."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from companion import store as stores
from companion import views
from domain.corrections import AlreadyRecorded
from domain.ruleset import IllegalEntry

if TYPE_CHECKING:
    from companion.service import Referee


StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="SQLite store file (default: $ZEBRA_STORE, else your data folder)",
        # Known before the command reads any other file, which then can never be the store.
        callback=stores.expect,
    ),
]


# Every command names its game with --game ID; the commands that took the id as their first
# word still do (the positional form is kept as an alias, so old scripts run on).
GameOption = Annotated[
    str | None, typer.Option("--game", help="Game id or its first characters (default: the latest)")
]


GameArg = Annotated[
    str | None,
    typer.Argument(help="Same as --game (kept so that 'zebra status 3f2a9c1e' still works)"),
]


CopyOption = Annotated[
    bool,
    typer.Option(
        "--copy",
        help="Record a game already in the store again, marked as a copy (never in the standings)",
    ),
]


ByOption = Annotated[
    str | None, typer.Option("--by", help="Who is entering (default: $ZEBRA_USER or your login)")
]


ExpectOption = Annotated[
    int | None,
    typer.Option(
        "--expect-version",
        help="The game version you were shown (zebra status --json); refused if the game "
        "moved on since",
    ),
]


SeasonOption = Annotated[
    int | None,
    typer.Option(
        "--season",
        help="The league season, the year it starts, e.g. 2026 (default: the year "
        "the game started)",
    ),
]


WeekOption = Annotated[
    int | None, typer.Option("--week", help="The week of the season, 1 to 22 as nflverse numbers")
]


F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str) -> typer.Exit:
    """One line on stderr saying what was wrong, and exit status 1."""
    views.end_open_lines()  # not at the end of a progress bar's line
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(1)


def one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def unwritable(exc: BaseException) -> str:
    """Why the store could not be read or written: a full disk said so, else the store's words."""
    return stores.full_disk(exc) or f"the store could not be read or written: {one_line(exc)}"


def refereed(command: F) -> F:
    """Turn every refusal into one clear line instead of a traceback."""

    @wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except AlreadyRecorded as exc:
            # A repeat of a command already recorded at that version: nothing lost, nothing twice.
            typer.echo(str(exc))
            return None
        except (IllegalEntry, stores.StoreError, LookupError) as exc:
            # UnknownGame is a LookupError; a bare KeyError is a bug and keeps its traceback.
            if isinstance(exc, KeyError):
                raise
            raise fail(str(exc)) from None
        except sqlite3.DatabaseError as exc:
            raise fail(unwritable(exc)) from None
        except Exception as exc:
            from eventsourcing.persistence import PersistenceError

            if isinstance(exc, PersistenceError):
                # PostgreSQL's messages run over several lines (CONTEXT:, DETAIL:).
                raise fail(unwritable(exc)) from None
            raise

    return run  # type: ignore[return-value]


def one_game(game: str | None, named: str | None) -> str | None:
    """The game a command names: ``--game ID`` or the id as its first word, not two ids."""
    if game is not None and named is not None and game != named:
        raise IllegalEntry(f"two games named: {game!r} and --game {named!r}; name one")
    return named if named is not None else game


def open_referee(store: str | None, *, create: bool = False) -> Referee:
    from companion.service import Referee

    referee = Referee(stores.resolve(store, create=create))
    # Shown only when the game summaries take more than a second to catch up (a store last
    # written by a Zebra that kept none).
    referee.progress = views.ProgressLine(
        "Catching up the game summaries", lambda text: typer.echo(text, err=True, nl=False)
    )
    return referee


def say(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)


def note_rules(referee: Referee, game_id: Any) -> None:
    """A read of a game ruled under other rules shows its record as stored, and says so in one
    line (on stderr, so a --json or an export on stdout stays whole)."""
    line = referee.disagreement(game_id)
    if line is not None:
        views.end_open_lines()
        typer.echo(f"note: {line}", err=True)


def name_unreadable(referee: Referee) -> None:
    """After a listing of the games that could be read: one line for each that could not."""
    for line in referee.unreadable.values():
        typer.echo(f"error: {line}", err=True)
    if referee.unreadable:
        raise typer.Exit(1)
