"""``zebra play``, ``resume`` and ``enter``: a game at the guided prompt, from a script, or one
entry at a time; and ``zebra roster check``, the rosters a game starts with."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion import store as stores
from companion import views
from companion.cli_common import (
    ByOption,
    CopyOption,
    ExpectOption,
    GameArg,
    GameOption,
    SeasonOption,
    StoreOption,
    WeekOption,
    fail,
    one_game,
    open_referee,
    refereed,
    say,
)
from domain import rulesets
from domain.ruleset import IllegalEntry

if TYPE_CHECKING:
    from companion.scripts import Script
    from companion.session import Session


# zebra play takes game options as --KEY VALUE too: the words typer does not know are its own.
PLAY_CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True}


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


def checked_rosters(ruleset: str, files: dict[str, Path | None]) -> list[str]:
    """Check roster files before a game starts; every broken rule refuses it, all listed."""
    from companion import rosters

    entries, broken = rosters.checked(ruleset, dict(files))
    if broken:
        for line in broken[:-1]:
            typer.echo(f"error: {line}", err=True)
        raise IllegalEntry(broken[-1] + " (the game was not started)")
    return entries


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


roster_app = typer.Typer(help="Team rosters and decks for the card games.", no_args_is_help=True)


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
