"""The ``zebra`` command: thin typer commands over the referee service, one module a group of
them (play_cli, read_cli, correct_cli, files_cli, league_cli, pad_cli, serve_cli; what they share
in cli_common). This module lists them, in the order ``zebra --help`` shows them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig

# Plain help text: rich would double the start-up time of every command (read by typer on import).
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402

from companion import correct_cli, files_cli, league_cli, play_cli, read_cli, serve_cli
from companion.cli_common import StoreOption, fail, refereed
from companion.pad_cli import pad_app
from companion.startup import command_for
from domain import rulesets

# The store, projections and exports are imported where used: a quick start (and never Kivy).

app = typer.Typer(
    help="Zebra: a companion referee for football games played with real dice and cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command(context_settings=play_cli.PLAY_CONTEXT)(play_cli.play)
app.command()(play_cli.resume)
app.command()(read_cli.games)
app.command("set-aside")(correct_cli.set_aside)
app.command()(read_cli.status)
app.command()(read_cli.log)
app.command()(correct_cli.undo)
app.command()(read_cli.history)
app.command()(correct_cli.strike)
app.command()(correct_cli.restore)
app.command()(correct_cli.amend)
app.command()(correct_cli.insert)
app.command()(correct_cli.revert)
app.command()(correct_cli.rerule)
app.command()(correct_cli.schedule)
app.command()(play_cli.enter)
app.command()(correct_cli.confirm)
app.command()(correct_cli.reject)
app.command()(files_cli.export)
app.command("import")(files_cli.import_)
app.command()(files_cli.verify)
app.command()(read_cli.check)
app.add_typer(play_cli.roster_app, name="roster")
app.add_typer(league_cli.league_app, name="league")
# zebra pad code / revoke: the web pads' join codes (companion/pad_cli.py).
app.add_typer(pad_app, name="pad")
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


def main() -> None:
    command_for(app, sys.argv[1:])()  # only the command named is built (companion.startup)


if __name__ == "__main__":
    main()
