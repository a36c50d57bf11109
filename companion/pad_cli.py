"""``zebra pad code`` and ``zebra pad revoke``: the web pads' join codes (issue #30), for scripts;
and what ``zebra serve --pad`` prints for each game in play (its codes, their links as QR codes).

Codes are kept in the store (companion.pads). A revoked game has none until ``zebra pad code``
or the next ``zebra serve --pad`` makes new ones; a running server refuses the old ones at once.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Annotated
from uuid import UUID

import typer

from companion import store as stores

if TYPE_CHECKING:
    from companion.service import Referee

pad_app = typer.Typer(
    help="The join codes of the web pads (zebra serve --pad): one per side of a game.",
    no_args_is_help=True,
)
StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store", help="SQLite store file (default: $ZEBRA_STORE)", callback=stores.expect
    ),
]
GameArg = Annotated[str, typer.Argument(help="Game id or its first characters")]


def _game(store: str | None, game: str) -> tuple[Referee, UUID]:
    from companion.service import Referee

    referee = Referee(stores.resolve(store, create=False))
    return referee, referee.find(game)


def _refused(exc: Exception) -> typer.Exit:
    typer.echo(f"error: {' '.join(str(exc).split())}", err=True)
    return typer.Exit(1)


@pad_app.command("code")
def pad_code(
    game: GameArg,
    side: Annotated[str, typer.Option("--side", help="home or away")],
    store: StoreOption = None,
) -> None:
    """Print one side's pad code for the game (made now if it has none)."""
    from companion.pads import PadCodes
    from domain.ruleset import IllegalEntry

    if side not in ("home", "away"):
        raise _refused(ValueError(f"--side is home or away, not {side!r}"))
    try:
        referee, game_id = _game(store, game)
        typer.echo(PadCodes(referee.store).ensure(game_id)[side])
    except (IllegalEntry, stores.StoreError, LookupError) as exc:
        raise _refused(exc) from None


@pad_app.command("revoke")
def pad_revoke(game: GameArg, store: StoreOption = None) -> None:
    """Revoke both sides' pad codes: no pad can enter until new ones are made."""
    from companion.pads import PadCodes
    from domain.ruleset import IllegalEntry

    try:
        referee, game_id = _game(store, game)
        gone = PadCodes(referee.store).revoke(game_id)
    except (IllegalEntry, stores.StoreError, LookupError) as exc:
        raise _refused(exc) from None
    typer.echo(
        f"revoked {gone} pad code(s) of game {game_id.hex[:8]}; zebra pad code or the next "
        "zebra serve --pad makes new ones"
    )


def announce(referee: Referee, url: str, qr: bool = True) -> list[str]:
    """The lines ``zebra serve --pad`` prints: each game in play, each side's code and link
    (the link carries the code after #, so it never reaches a server's log), and a QR code."""
    from companion.pads import PadCodes

    codes = PadCodes(referee.store)
    lines = [f"  {url}game/ID/pad  a side's pad, with its code:"]
    for status in referee.playing():
        game_id = UUID(str(status["game_id"]))
        made = codes.ensure(game_id)
        lines.append(f"  {status['home']} v {status['away']} (game {game_id.hex[:8]}):")
        for side in ("home", "away"):
            link = f"{url}game/{game_id.hex}/pad#code={made[side]}"
            lines.append(f"    {side} pad code {made[side]}   {link}")
            if qr:
                lines += qr_lines(link)
    if len(lines) == 1:
        lines.append("  No game in play yet: zebra pad code ID --side home makes a game's codes.")
    if url.split("://")[1].startswith(("127.", "[::1]", "localhost")):
        lines.append("  (this machine only: for the phones, --host an address they reach)")
    return lines


def qr_lines(link: str) -> list[str]:
    """The link as a QR code a phone's camera reads off the terminal (the qrcode package)."""
    try:
        import qrcode
    except ImportError:
        return ["    (pip install qrcode for a QR code here)"]
    code = qrcode.QRCode(border=1)
    code.add_data(link)
    out = io.StringIO()
    code.print_ascii(out=out)
    return ["    " + line for line in out.getvalue().splitlines()]
