"""The commands that correct a game's record: ``zebra undo``, ``strike``, ``restore``, ``amend``,
``insert``, ``revert``, ``rerule``, ``schedule``, ``confirm``, ``reject`` and ``set-aside``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from companion import views
from companion.cli_common import (
    ByOption,
    ExpectOption,
    GameArg,
    GameOption,
    SeasonOption,
    StoreOption,
    WeekOption,
    one_game,
    open_referee,
    refereed,
    say,
)

if TYPE_CHECKING:
    from companion.service import Corrected


ReasonOption = Annotated[str, typer.Option(help="Why (kept in the record)")]


StrikeInvalid = Annotated[
    bool,
    typer.Option(
        "--strike-invalid", help="Also strike later entries that no longer fit, in the same step"
    ),
]


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
