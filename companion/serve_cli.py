"""``zebra serve``: the store's games live in a browser (web/), and with ``--pad`` each side's
phone a pad (issue #30). A command of its own module; companion.cli registers it."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion import store as stores
from companion import views
from domain.ruleset import IllegalEntry

if TYPE_CHECKING:
    from companion.service import Referee

StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="SQLite store file (default: $ZEBRA_STORE, else your data folder)",
        callback=stores.expect,
    ),
]


def open_referee(store: str | None) -> Referee:
    """The referee over the store, saying so if its summaries take a while to catch up."""
    from companion.service import Referee

    referee = Referee(stores.resolve(store, create=False))
    referee.progress = views.ProgressLine(
        "Catching up the game summaries", lambda text: typer.echo(text, err=True, nl=False)
    )
    return referee


# The packages of the web extra: a missing one is named with how to install it.
WEB_PACKAGES = ("starlette", "uvicorn", "anyio", "h11")


def serve(
    store: StoreOption = None,
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on; anything but loopback shows every game of the store "
            "to the network (see README)"
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="Port to listen on (0: any free port)")
    ] = 8000,
    pad: Annotated[
        bool,
        typer.Option(
            "--pad", help="Each game's pad page too: a phone with a side's code enters for it"
        ),
    ] = False,
    tls_cert: Annotated[
        Path | None, typer.Option("--tls-cert", help="Serve over HTTPS: the certificate file")
    ] = None,
    tls_key: Annotated[
        Path | None, typer.Option("--tls-key", help="Serve over HTTPS: the certificate's key")
    ] = None,
) -> None:
    """Show the store's games live in a browser: the league, each game, an overlay; read-only
    unless --pad (then each side's phone enters with its code; see README)."""
    try:
        # Imported here so that no other command pays for (or needs) the web extra.
        from web.app import CannotServe, exposed, listen, run, url_of
    except ImportError as missing:
        if (missing.name or "").split(".")[0] not in WEB_PACKAGES:
            raise
        raise IllegalEntry("zebra serve needs the web extra: pip install -e '.[web]'") from None
    tls = tls_files(tls_cert, tls_key)
    referee = open_referee(store)
    try:
        sock = listen(host, port)
    except CannotServe as exc:
        raise IllegalEntry(str(exc)) from None
    url = url_of(sock, tls=tls is not None)
    typer.echo(
        f"Serving the games of {referee.store}, {'with pads' if pad else 'read-only'}, at {url}"
    )
    typer.echo(f"  {url}game/ID  one game;  {url}game/ID/overlay  its stream overlay")
    if pad:
        from companion.pad_cli import announce

        typer.echo("\n".join(announce(referee, url)))
    if exposed(host):
        typer.echo(
            f"  Note: {host} is reachable from other machines: anyone who can reach this port "
            "sees every game in the store (team names, entries, who entered them and why)."
            + (" With --pad, anyone with a side's code enters for that side." if pad else "")
        )
    typer.echo("Ctrl-C stops.")
    # The server closes its connections first; then it passes Ctrl-C on as the interrupt.
    with contextlib.suppress(KeyboardInterrupt):
        run(referee, sock, pad=pad, tls=tls)
    typer.echo("Stopped.")


def tls_files(cert: Path | None, key: Path | None) -> tuple[str, str] | None:
    """The certificate and key ``zebra serve`` is given for HTTPS (both, or neither)."""
    if (cert is None) != (key is None):
        raise IllegalEntry("--tls-cert and --tls-key go together: give both files, or neither")
    if cert is None or key is None:
        return None
    for given in (cert, key):
        if not given.is_file():
            raise IllegalEntry(f"no such file: {given}")
    return str(cert), str(key)
