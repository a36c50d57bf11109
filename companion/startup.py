"""The click command a ``zebra`` process runs: only the command it names is built (issue #29).

Typer turns every command's signature into click parameters before it parses a word: on each
start, 19 ms for Zebra's 28 commands and groups, which ``zebra status`` paid as ``--help`` does
(docs/performance.md, figure 4). A process that names a command builds a group holding that
command (or that group of commands) alone, which parses, helps and refuses exactly as the whole
one does for it; the whole group is built for the group's own help and for a word that is no
command's (click's "No such command", with its suggestion).
"""

from __future__ import annotations

import copy

import click
import typer
from typer.main import get_command, get_command_name, get_group


def command_for(app: typer.Typer, args: list[str]) -> click.Command:
    """The command to run for ``zebra ARGS``: the named command's group of one, or the whole."""
    word = args[0] if args else ""
    commands = [c for c in app.registered_commands if named(c) == word]
    groups = [g for g in app.registered_groups if g.name == word]
    if not word or word.startswith("-") or not (commands or groups):
        return get_command(app)
    lean = copy.copy(app)
    lean.registered_commands = commands
    lean.registered_groups = groups
    # A group even of one command: typer would make a lone command the whole program.
    return get_group(lean)


def named(command: typer.models.CommandInfo) -> str:
    """The word that runs a command, as typer names it."""
    if command.name:
        return command.name
    assert command.callback is not None
    return get_command_name(command.callback.__name__)
