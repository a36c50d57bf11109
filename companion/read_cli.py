"""The commands that read the store: ``zebra games``, ``status``, ``log``, ``history`` and
``check``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from companion import store as stores
from companion import views
from companion.cli_common import (
    GameArg,
    GameOption,
    StoreOption,
    name_unreadable,
    note_rules,
    one_game,
    open_referee,
    refereed,
    say,
)

if TYPE_CHECKING:
    pass


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


@refereed
def log(game: GameArg = None, named: GameOption = None, store: StoreOption = None) -> None:
    """Print the play-by-play so far, struck entries marked with their reason."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    say(views.log_lines(referee.log(game_id)))
    note_rules(referee, game_id)


@refereed
def history(game: GameArg = None, named: GameOption = None, store: StoreOption = None) -> None:
    """Every entry ever made: number, who, when, its ruling, and every correction to it."""
    referee = open_referee(store)
    game_id = referee.find(one_game(game, named))
    say(views.history_lines(referee.record(game_id)))
    note_rules(referee, game_id)


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
