"""The ``zebra`` command: thin typer commands over the referee service."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

# Plain help text: rich would double the start-up time of every command (read by typer on import).
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402

from companion import serve_cli, views
from companion import store as stores
from companion.pad_cli import pad_app
from companion.startup import command_for
from domain import rulesets
from domain.corrections import AlreadyRecorded
from domain.ruleset import IllegalEntry

if TYPE_CHECKING:
    from companion.scripts import Script
    from companion.service import Corrected, Referee
    from companion.session import Session
    from projections.record import GameRecord

# The store, projections and exports are imported where used: a quick start (and never Kivy).

app = typer.Typer(
    help="Zebra: a companion referee for football games played with real dice and cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

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
KeyOption = Annotated[
    Path | None,
    typer.Option(
        "--key",
        envvar="ZEBRA_LEAGUE_KEY_FILE",
        help="League key file: csv/jsonl rows are chained with HMAC-SHA256 under this key, "
        "which nobody without the key can recompute (default: $ZEBRA_LEAGUE_KEY_FILE)",
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


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
@refereed
def play(
    ctx: typer.Context,
    ruleset: Annotated[str, typer.Argument(help="The game: " + ", ".join(rulesets.KNOWN))],
    home: Annotated[str | None, typer.Option(help="Home team name")] = None,
    away: Annotated[str | None, typer.Option(help="Away team name")] = None,
    script: Annotated[
        Path | None, typer.Option(help="Play the entries of this file, one per line, then stop")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="Game option KEY=VALUE (or --KEY VALUE)"),
    ] = None,
    roster_home: Annotated[
        Path | None, typer.Option(help="Home roster/deck file, checked before the game")
    ] = None,
    roster_away: Annotated[
        Path | None, typer.Option(help="Away roster/deck file, checked before the game")
    ] = None,
    season: SeasonOption = None,
    week: WeekOption = None,
    copy: CopyOption = False,
    store: StoreOption = None,
    by: ByOption = None,
) -> None:
    """Start a new game and referee it at the prompt, or play a script of entries. A script
    identical to a stored game is refused (--copy plays it as a marked copy)."""
    rules = rulesets.get(ruleset)
    options = parse_options([*(option or []), *ctx.args])
    setup = checked_rosters(rules.name, {"home": roster_home, "away": roster_away})
    from companion.scripts import read_script
    from companion.session import Session

    parsed: Script | None = read_script(script) if script else None
    if parsed is not None:
        if parsed.ruleset and rulesets.get(parsed.ruleset).name != rules.name:
            raise IllegalEntry(f"{script} is a {parsed.ruleset} script, not {rules.name}")
        options = {**parsed.options, **options}
        home = home or parsed.home
        away = away or parsed.away
        season = parsed.season if season is None else season
        week = parsed.week if week is None else week
    if parsed is None and (home is None or away is None) and sys.stdin.isatty():
        home = home or typer.prompt("Home team name", default="Home")
        away = away or typer.prompt("Away team name", default="Away")
    referee = open_referee(store, create=True)
    home, away = home or "Home", away or "Away"
    copy_of = None
    if parsed is not None:
        texts = [*setup, *(line for _, line in parsed.lines)]
        copy_of = referee.script_copy_of(rules.name, home, away, options, texts, str(script), copy)
    elif copy:
        raise IllegalEntry("--copy goes with --script FILE: it plays a stored game's script again")
    outcome = referee.start(
        rules.name, home, away, options, by, season=season, week=week, copy_of=copy_of
    )
    session = Session(referee, outcome.game_id, by)
    for text in setup:
        referee.enter(outcome.game_id, text, by)
    if parsed is not None:
        run_script(session, parsed)
        return
    typer.echo(f"Zebra referees {rules.title}. Type 'help' at any time.")
    converse(session)


@app.command()
@refereed
def resume(
    game: GameArg = None,
    named: GameOption = None,
    store: StoreOption = None,
    by: ByOption = None,
) -> None:
    """Continue a stored game at the prompt (default: the latest unfinished one)."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named), unfinished=True)
    # Named by its id, a game set aside is refused before the prompt opens (issue #27).
    referee.game(game_id).refuse_if_set_aside()
    referee.adopt(game_id)
    from companion.session import Session

    converse(Session(referee, game_id, by))


@app.command()
@refereed
def games(
    every: Annotated[
        bool, typer.Option("--all", help="Also the games set aside (zebra set-aside), marked")
    ] = False,
    store: StoreOption = None,
) -> None:
    """List the stored games, most recently played first (the games set aside only with --all)."""
    from companion.service import in_view

    referee = open_referee(store)
    found = referee.games()
    if not found and not referee.unreadable:
        typer.echo(f"No games in {referee.store} yet. Start one with 'zebra play'.")
        return
    shown, hidden = (found, 0) if every else in_view(found)
    for g in shown:
        state = "final" if g.finished else "in play"
        score = f"{g.home} {g.score['home']} - {g.away} {g.score['away']}"
        copy = f"  ({views.copy_note(g.copy_of)})" if g.copy_of else ""
        aside = f"  ({views.aside_note(g.set_aside)})" if g.set_aside is not None else ""
        typer.echo(
            f"{g.game_id.hex[:8]}  {g.ruleset:<15} {score:<40} {state:<8} "
            f"{g.entries:>4} entries  {g.last_at}{copy}{aside}"
        )
    if hidden:
        typer.echo(f"{hidden} set aside: zebra games --all")
    name_unreadable(referee)


@app.command("set-aside")
@refereed
def set_aside(
    # Required, but checked by the game: a missing reason is one line, as every refusal.
    reason: Annotated[
        str, typer.Option("--reason", help="Why (kept in the record; required)")
    ] = "",
    back: Annotated[
        bool, typer.Option("--back", help="Bring a game set aside back into the lists")
    ] = False,
    game: GameOption = None,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Set an abandoned game aside: out of zebra games, resume and the league's standings and
    exports, its record kept whole (--back brings it back)."""
    referee = open_referee(store)
    game_id = referee.find(game)
    if back:
        referee.bring_back(game_id, reason, by, expect=expect)
        typer.echo(f"Brought game {game_id.hex[:8]} back: it is in zebra games again.")
    else:
        referee.set_aside(game_id, reason, by, expect=expect)
        typer.echo(
            f"Set game {game_id.hex[:8]} aside ({' '.join(reason.split())}); "
            f"zebra games --all still lists it, zebra set-aside --back --game {game_id.hex[:8]} "
            "brings it back."
        )


def name_unreadable(referee: Referee) -> None:
    """After a listing of the games that could be read: one line for each that could not."""
    for line in referee.unreadable.values():
        typer.echo(f"error: {line}", err=True)
    if referee.unreadable:
        raise typer.Exit(1)


@app.command()
@refereed
def status(
    game: GameArg = None,
    named: GameOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object")] = False,
    store: StoreOption = None,
) -> None:
    """Print the situation: score, period, ball, down and distance, and what comes next."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    current = referee.status(game_id)
    note_rules(referee, game_id)
    if as_json:
        typer.echo(json.dumps(current, ensure_ascii=False))
        return
    say(views.scoreboard_lines(current))
    say(views.pad_lines(current))
    say(views.situation_screen(current))


@app.command()
@refereed
def log(game: GameArg = None, named: GameOption = None, store: StoreOption = None) -> None:
    """Print the play-by-play so far, struck entries marked with their reason."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    say(views.log_lines(referee.log(game_id)))
    note_rules(referee, game_id)


@app.command()
@refereed
def undo(
    game: GameArg = None,
    named: GameOption = None,
    reason: Annotated[str, typer.Option(help="Why the entry is struck")] = "",
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Strike the last entry (a disputed call); it stays in the record with the reason."""
    referee = open_referee(store)
    struck, outcome = referee.undo(referee.find(one_game(game, named)), reason, by, expect=expect)
    if outcome.status.get("pending"):
        typer.echo(f"Proposed striking entry {struck.seq} '{struck.text}'.")
    else:
        typer.echo(f"Struck entry {struck.seq} '{struck.text}' ({struck.struck}).")
    say(views.situation_screen(outcome.status))


ReasonOption = Annotated[str, typer.Option(help="Why (kept in the record)")]
StrikeInvalid = Annotated[
    bool,
    typer.Option(
        "--strike-invalid", help="Also strike later entries that no longer fit, in the same step"
    ),
]


@app.command()
@refereed
def history(game: GameArg = None, named: GameOption = None, store: StoreOption = None) -> None:
    """Every entry ever made: number, who, when, its ruling, and every correction to it."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    say(views.history_lines(referee.record(game_id)))
    note_rules(referee, game_id)


@app.command()
@refereed
def strike(
    number: Annotated[int, typer.Argument(help="The entry number (see zebra history)")],
    reason: ReasonOption = "",
    game: GameOption = None,
    strike_invalid: StrikeInvalid = False,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Strike any earlier entry; the rest of the game is re-derived without it."""
    referee = open_referee(store)
    done = referee.strike(referee.find(game), number, reason, by, strike_invalid, expect=expect)
    announce(done, f"Struck entry {number}.")


@app.command()
@refereed
def restore(
    number: Annotated[int, typer.Argument(help="The struck entry's number")],
    reason: ReasonOption = "",
    game: GameOption = None,
    strike_invalid: StrikeInvalid = False,
    cascade: Annotated[
        bool,
        typer.Option(
            "--cascade", help="Also restore the entries struck together with it (same correction)"
        ),
    ] = False,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Bring a struck entry back where it stood; the rest of the game is re-derived."""
    referee = open_referee(store)
    done = referee.restore(
        referee.find(game), number, reason, by, strike_invalid, cascade=cascade, expect=expect
    )
    announce(done, f"Restored entry {number}.")


@app.command()
@refereed
def amend(
    number: Annotated[int, typer.Argument(help="The entry number to correct")],
    entry: Annotated[str, typer.Argument(help="What should have been entered, e.g. 'green 5 2'")],
    reason: ReasonOption = "",
    game: GameOption = None,
    strike_invalid: StrikeInvalid = False,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Replace a mis-entered fact (the die really showed 5); later entries are re-derived."""
    referee = open_referee(store)
    done = referee.amend(
        referee.find(game), number, entry, reason, by, strike_invalid, expect=expect
    )
    announce(done, f"Amended entry {number} to '{entry.strip()}'.")


@app.command()
@refereed
def insert(
    entry: Annotated[str, typer.Argument(help="The forgotten entry")],
    after: Annotated[int, typer.Option("--after", help="Insert after this entry (0: first)")],
    reason: ReasonOption = "",
    game: GameOption = None,
    strike_invalid: StrikeInvalid = False,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Add an entry that was forgotten, after entry N; later entries are re-derived."""
    referee = open_referee(store)
    done = referee.insert(
        referee.find(game), after, entry, reason, by, strike_invalid, expect=expect
    )
    announce(done, f"Inserted '{entry.strip()}' after entry {after}.")


@app.command()
@refereed
def revert(
    correction: Annotated[
        str | None,
        typer.Argument(help="The correction's id, e.g. c3 (see zebra history; default: latest)"),
    ] = None,
    reason: ReasonOption = "",
    game: GameOption = None,
    strike_invalid: StrikeInvalid = False,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Take a whole correction back in one step (what it struck, amended or inserted)."""
    referee = open_referee(store)
    done = referee.revert(referee.find(game), correction, reason, by, strike_invalid, expect=expect)
    announce(done, f"Took back correction {done.reverts}.")


@app.command()
@refereed
def rerule(
    game: GameArg = None,
    named: GameOption = None,
    reason: ReasonOption = "",
    strike_invalid: StrikeInvalid = False,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Adopt what the installed rules make of a game ruled under other rules: a correction,
    listed in zebra history and taken back with zebra revert."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    done = referee.rerule(game_id, reason, by, strike_invalid, expect=expect)
    announce(done, "Reruled the game under the installed rules.")


@app.command()
@refereed
def schedule(
    game: GameOption = None,
    season: SeasonOption = None,
    week: WeekOption = None,
    reason: ReasonOption = "",
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Set or change a game's season and week (a correction: in zebra history, revertible)."""
    referee = open_referee(store)
    cid, outcome = referee.schedule(referee.find(game), season, week, reason, by, expect=expect)
    status = outcome.status
    typer.echo(
        f"[{cid}] Game {str(status['game_id']).replace('-', '')[:8]} is now season "
        f"{status['season']}"
        + ("" if status.get("week") is None else f" week {status['week']}")
        + "."
    )


@app.command()
@refereed
def enter(
    entry: Annotated[str, typer.Argument(help="One entry as typed at the prompt, e.g. 'green 4'")],
    game: GameOption = None,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Record one entry without the guided prompt (for scripts and second screens)."""
    referee = open_referee(store)
    outcome = referee.enter(referee.find(game), entry, by, expect=expect)
    say(views.ruling_lines(outcome.rulings))
    say(views.situation_screen(outcome.status))


@app.command()
@refereed
def confirm(
    game: GameOption = None,
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Confirm the correction the other coach proposed (games played with --disputes agree)."""
    referee = open_referee(store)
    done = referee.confirm(referee.find(game), by, expect=expect)
    typer.echo("Confirmed: the correction is made.")
    say(views.correction_lines(done))


@app.command()
@refereed
def reject(
    game: GameOption = None,
    reason: ReasonOption = "",
    store: StoreOption = None,
    by: ByOption = None,
    expect: ExpectOption = None,
) -> None:
    """Reject the correction the other coach proposed; the record keeps both."""
    referee = open_referee(store)
    outcome = referee.reject(referee.find(game), reason, by, expect=expect)
    typer.echo("Rejected: the game stands as it was.")
    say(views.situation_screen(outcome.status))


@app.command()
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


@app.command("import")
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


@app.command()
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


@app.command()
@refereed
def check(
    game: GameArg = None,
    named: GameOption = None,
    every: Annotated[bool, typer.Option("--all", help="Check every game in the store")] = False,
    store: StoreOption = None,
) -> None:
    """Check that the store is whole: every event of a game (or of all) read, chained and held
    to the game's head; on SQLite, the file's own integrity check first."""
    referee = open_referee(store)
    problems = 0
    if referee.store.path is not None:
        damage = stores.integrity_check(referee.store.path)
        if damage:
            raise stores.StoreError(damage)
    found = referee.check(None if every else referee.find(one_game(game, named)))
    reruled = 0
    for game_id, problem in found:
        line = None if problem is not None else referee.disagreement(game_id)
        if problem is not None:
            problems += 1
            typer.echo(f"error: game {game_id.hex[:8]}: {problem}", err=True)
        elif line is not None:
            reruled += 1
            typer.echo(f"error: {line}", err=True)
        else:
            typer.echo(f"game {game_id.hex[:8]}: ok")
    for stray in referee.strays().values() if every else ():
        problems += 1
        typer.echo(f"error: {stray}", err=True)
    if problems:
        raise typer.Exit(1)
    if reruled:
        # The store is whole; the rulings of these games are not what the rules installed make.
        typer.echo(
            f"{len(found)} game{'s' if len(found) != 1 else ''} checked: the store is whole, "
            f"but {reruled} {'was' if reruled == 1 else 'were'} ruled under other rules than "
            "these (zebra rerule)"
        )
        raise typer.Exit(1)
    typer.echo(f"{len(found)} game{'s' if len(found) != 1 else ''} checked: the store is whole.")


roster_app = typer.Typer(help="Team rosters and decks for the card games.", no_args_is_help=True)
app.add_typer(roster_app, name="roster")


@roster_app.command("check")
@refereed
def roster_check(
    ruleset: Annotated[str, typer.Argument(help="redzone, thirdandlong or gridironmasters")],
    file: Annotated[Path, typer.Argument(help="The roster or deck file (TOML)")],
) -> None:
    """List every deck-building rule the roster breaks, with the offending card."""
    from companion.rosters import problems as roster_problems
    from companion.scripts import read_text

    problems = roster_problems(ruleset, read_text(file), str(file))
    if problems:
        for problem in problems:
            typer.echo(f"{file}: {problem}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{file}: a legal {rulesets.get(ruleset).title} roster.")


league_app = typer.Typer(
    help="Every game in the store: standings and games in progress.", no_args_is_help=True
)
app.add_typer(league_app, name="league")
# zebra pad code / revoke: the web pads' join codes (companion/pad_cli.py).
app.add_typer(pad_app, name="pad")


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


# zebra serve (and --pad): companion/serve_cli.py, as `serve` is a command of its own size.
app.command()(refereed(serve_cli.serve))


# The tablet is a program of its own (the zebra-tablet entry point): the CLI starts it rather
# than importing it, so companion/ does not depend on mobile/ and no command ever loads Kivy.
TABLET = "zebra-tablet"


def tablet_program() -> str | None:
    """The installed tablet program: the one beside this Python's scripts, else one on PATH."""
    return shutil.which(TABLET, path=sysconfig.get_path("scripts")) or shutil.which(TABLET)


@app.command()
def tablet(store: StoreOption = None) -> None:
    """Open the tablet app (Kivy) on this computer, on the same store as the CLI."""
    program = tablet_program()
    if program is None:
        raise fail(
            f"the tablet is not installed: no {TABLET} program beside {sys.executable} or on "
            "PATH (pip install -e . installs it)"
        )
    try:
        code = subprocess.call([program, *(["--store", store] if store else [])])
    except KeyboardInterrupt:
        code = 130
    raise typer.Exit(code)


@app.command("rulesets")
def list_rulesets() -> None:
    """List the games Zebra referees."""
    for name in rulesets.names():
        rules = rulesets.get(name)
        typer.echo(f"{name:<16} {rules.title}")
        for opt in rules.options:
            typer.echo(f"    --{opt.name} {'|'.join(opt.choices)}  {opt.help}")
    typer.echo("Every game: --disputes referee|agree  (agree: strikes and amendments wait for")
    typer.echo("    the other coach's zebra confirm / zebra reject)")


def checked_rosters(ruleset: str, files: dict[str, Path | None]) -> list[str]:
    """Check roster files before a game starts; every broken rule refuses it, all listed."""
    from companion import rosters

    entries, broken = rosters.checked(ruleset, dict(files))
    if broken:
        for line in broken[:-1]:
            typer.echo(f"error: {line}", err=True)
        raise IllegalEntry(broken[-1] + " (the game was not started)")
    return entries


def announce(done: Corrected, made: str) -> None:
    """What a correction did (or that it waits for the other coach), then the situation."""
    if done.outcome.status.get("pending"):
        typer.echo("Proposed.")
    else:
        typer.echo(
            f"{made} (correction {done.correction}: zebra revert {done.correction} undoes it)"
        )
    if done.offer:
        typer.echo(f"  Note: {done.offer}.")
    say(views.correction_lines(done))


def parse_options(raw: list[str]) -> dict[str, str]:
    """KEY=VALUE pairs and --KEY VALUE pairs as game options."""
    options: dict[str, str] = {}
    items = list(raw)
    while items:
        item = items.pop(0)
        if item.startswith("--"):
            key = item[2:]
            if "=" in key:
                key, value = key.split("=", 1)
            elif items and not items[0].startswith("--"):
                value = items.pop(0)
            else:
                raise IllegalEntry(f"option {item} needs a value, e.g. {item} yes")
        elif "=" in item:
            key, value = item.split("=", 1)
        else:
            raise IllegalEntry(f"option {item!r} is not KEY=VALUE")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


HISTORY_LINES = 1000


def line_editing() -> Callable[[str], None]:
    """At a terminal: line editing and the arrow keys' history at the zebra> prompt (the
    standard library's readline), with the lines of earlier sessions; returns what keeps each
    line typed. Not at a pipe or in a script, where input is read as it comes."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return lambda line: None
    try:
        import readline
    except ImportError:  # a Python built without it: plain input still works
        return lambda line: None
    from companion.current import history_file

    path = history_file()
    if stores.in_use(path) is not None:
        # Readline writes with plain files: never at the store, whatever links lead there.
        return lambda line: None
    readline.set_history_length(HISTORY_LINES)
    with contextlib.suppress(OSError):
        readline.read_history_file(path)

    def keep(line: str) -> None:
        # Appended line by line: a terminal closed mid-game keeps every line typed before.
        if not line.strip():
            return
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch(mode=0o600, exist_ok=True)
            readline.append_history_file(1, path)

    return keep


def converse(session: Session) -> None:
    """The guided prompt: show the situation, read a line, show what it was ruled, repeat."""
    say(session.opening())
    keep = line_editing()
    while True:
        say(session.refresh())
        try:
            line = input("zebra> ")
        except (EOFError, KeyboardInterrupt):
            typer.echo("")
            say(session.handle("quit").lines)
            return
        keep(line)
        reply = session.handle(line)
        if reply.refused:
            typer.echo(f"  refused: {reply.refused}", err=True)
            say(reply.lines)
            continue
        say(reply.lines)
        if reply.quit or reply.finished:
            return


def run_script(session: Session, script: Script) -> None:
    """Script mode: every line as if typed; stop at the first refused line with its number."""
    for number, line in script.lines:
        reply = session.handle(line)
        if reply.refused:
            raise fail(
                f"{script.path}:{number}: {line.strip()!r} refused: {reply.refused} "
                f"(the entries before it are stored in game {session.game_id.hex[:8]})"
            )
        say([f"{number:>4}: {line.strip()}", *(x for x in reply.lines if x.startswith("  -> "))])
        if reply.quit:
            return
    say(["", *views.situation_screen(session.referee.status(session.game_id))])
    say(views.scoreboard_lines(session.referee.status(session.game_id)))


def main() -> None:
    command_for(app, sys.argv[1:])()  # only the command named is built (companion.startup)


if __name__ == "__main__":
    main()
