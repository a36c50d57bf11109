"""The read-only web server of ``zebra serve``: a Starlette app over one store, run by uvicorn.

One task follows the store's notification log (``web.follow``) a few times a second, in a worker
thread so the pages never wait on the store; pages render from the latest snapshot, and each
open page's event stream (server-sent events) is woken when the snapshot changes and sends the
parts of the page whose HTML changed. Only GET and HEAD are answered: nothing can be entered.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from importlib.resources import files
from typing import Any
from uuid import UUID

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from companion.service import Referee
from web import pages
from web.follow import Follower, Snapshot

# How often the notification log is looked at: one "newest id" query, so cheap; pages follow
# an entry within this plus a render.
FOLLOW_SECONDS = 0.2
# An idle stream sends a comment this often, so a page (or a proxy) notices a dead connection.
KEEPALIVE_SECONDS = 15.0
# Scripts and styles only from Zebra itself; no frames, forms, plugins or other origins.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
STATIC = {"zebra.js": "text/javascript", "zebra.css": "text/css"}


class CannotServe(Exception):
    """The server cannot listen where it was asked to; the message says why in one line."""


@dataclass(frozen=True)
class View:
    """One kind of page: its parts, and the whole page around them."""

    name: str
    parts: Callable[[Snapshot, UUID | None], pages.Parts]
    page: Callable[[Snapshot, UUID | None, pages.Parts], str]


LEAGUE = View(
    "league",
    lambda snap, _: pages.league_parts(snap),
    lambda snap, _, parts: pages.league_page(snap, parts),
)
GAME = View(
    "game",
    lambda snap, game: pages.game_parts(snap, known(game)),
    lambda snap, game, parts: pages.game_page(snap, known(game), parts),
)
OVERLAY = View(
    "overlay",
    lambda snap, game: pages.overlay_parts(snap, known(game)),
    lambda snap, game, parts: pages.overlay_page(snap, known(game), parts),
)


def known(game_id: UUID | None) -> UUID:
    assert game_id is not None, "a game's page is only served for a game found"
    return game_id


class Hub:
    """The followed store and the wake-up call of every open event stream."""

    def __init__(self, follower: Follower) -> None:
        self.follower = follower
        self._changed = asyncio.Event()
        self.stopping = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._rendered: dict[tuple[str, UUID | None], tuple[Any, asyncio.Future[pages.Parts]]] = {}

    def stop_soon(self) -> None:
        """Asked to stop (from a signal handler): every open stream ends, so none holds it up."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._stop)

    def _stop(self) -> None:
        self.stopping = True
        self._changed.set()

    @property
    def now(self) -> Snapshot:
        return self.follower.now

    async def render(self, view: View, snap: Snapshot, game_id: UUID | None) -> pages.Parts:
        """A page's parts for this snapshot: rendered once for all its viewers, off the loop.

        A long game takes a noticeable time to render (its report tables and play lines), so
        it is done in a worker thread, and kept until that game (or the store's health) changes.
        """
        changed = snap.generation if game_id is None else snap.changed.get(game_id, -1)
        stamp, key = (changed, snap.trouble), (view.name, game_id)
        known = self._rendered.get(key)
        if known is None or known[0] != stamp:
            rendering = asyncio.ensure_future(anyio.to_thread.run_sync(view.parts, snap, game_id))
            known = self._rendered[key] = (stamp, rendering)
        return await asyncio.shield(known[1])

    async def follow(self) -> None:
        """Look at the log for good."""
        while True:
            await self.look()
            await asyncio.sleep(FOLLOW_SECONDS)

    async def look(self) -> None:
        """One look at the log (in a worker thread); wake the streams if the snapshot changed."""
        before = self.follower.now.generation
        await anyio.to_thread.run_sync(self.follower.catch_up)
        if self.follower.now.generation != before:
            woken, self._changed = self._changed, asyncio.Event()
            woken.set()

    async def newer_than(self, generation: int) -> Snapshot | None:
        """The snapshot once it is newer than ``generation``; None after a quiet while."""
        waiting = self._changed
        if self.now.generation > generation:
            return self.now
        try:
            await asyncio.wait_for(waiting.wait(), KEEPALIVE_SECONDS)
        except TimeoutError:
            return None
        return self.now


class LoopbackOnly:
    """Served on loopback, answer only requests addressed to this machine: a web page elsewhere
    cannot point a name of its own at 127.0.0.1 (DNS rebinding) and read the games."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not loopback_name(dict(scope["headers"]).get(b"host", b"")):
            refused = Response(
                "this server answers only to localhost", status_code=400, headers=HEADERS
            )
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)


def loopback_name(host: bytes) -> bool:
    """Whether a Host header names this machine: localhost, or a loopback address."""
    name = host.decode("latin-1").strip().lower()
    name = name[1:].split("]")[0] if name.startswith("[") else name.rsplit(":", 1)[0]
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def create_app(referee: Referee, private: bool = True) -> Starlette:
    """The web app over the referee's store; the log is read once before the first page.

    ``private``: served on loopback, so requests must be addressed to this machine.
    """
    follower = Follower(referee)
    follower.catch_up()
    hub = Hub(follower)
    read = ["GET", "HEAD"]
    routes = [
        Route("/", page_endpoint(hub, LEAGUE), methods=read),
        Route("/events", stream_endpoint(hub, LEAGUE), methods=read),
        Route("/game/{game}", page_endpoint(hub, GAME), methods=read),
        Route("/game/{game}/events", stream_endpoint(hub, GAME), methods=read),
        Route("/game/{game}/overlay", page_endpoint(hub, OVERLAY), methods=read),
        Route("/game/{game}/overlay/events", stream_endpoint(hub, OVERLAY), methods=read),
        Route("/static/{name}", static_file, methods=read),
    ]
    middleware = [Middleware(LoopbackOnly)] if private else []
    app = Starlette(routes=routes, lifespan=following(hub), middleware=middleware)
    app.state.hub = hub
    return app


def following(hub: Hub) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's lifespan: the hub follows the store while the app is served."""

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        task = asyncio.create_task(hub.follow())
        try:
            yield
        finally:
            task.cancel()

    return lifespan


def page_endpoint(hub: Hub, view: View) -> Callable[[Request], Any]:
    """The endpoint of one view's page (of the league, or of the game named in the path)."""

    async def endpoint(request: Request) -> Response:
        key = request.path_params.get("game")
        snap, game_id = hub.now, None
        if key is not None:
            game_id = snap.find(key)
            if game_id is None:
                return html(pages.missing_page(key), status=404)
        parts = await hub.render(view, snap, game_id)
        return html(view.page(snap, game_id, parts))

    return endpoint


def stream_endpoint(hub: Hub, view: View) -> Callable[[Request], Any]:
    """The endpoint of one view's event stream (server-sent events of its changed parts)."""

    async def endpoint(request: Request) -> Response:
        key = request.path_params.get("game")
        game_id = None
        if key is not None:
            game_id = hub.now.find(key)
            if game_id is None:
                return Response("no such game", status_code=404, headers=HEADERS)
        return StreamingResponse(
            events(hub, view, game_id),
            media_type="text/event-stream",
            headers={**HEADERS, "X-Accel-Buffering": "no"},
        )

    return endpoint


async def static_file(request: Request) -> Response:
    """One of the pages' static files (the script and the style sheet), by name."""
    name = request.path_params["name"]
    if name not in STATIC:
        return Response("not found", status_code=404, headers=HEADERS)
    body = files("web").joinpath("static", name).read_bytes()
    return Response(body, media_type=STATIC[name], headers=HEADERS)


def html(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=HEADERS)


async def events(hub: Hub, view: View, game_id: UUID | None) -> AsyncIterator[str]:
    """One page's event stream: every part at once, then the parts that changed, as they do.

    A page of one game is re-rendered only when that game changed (or the store's health did);
    a reconnecting page gets every part again, so nothing between two connections is missed.
    """
    sent: dict[str, str] = {}
    seen, trouble = -1, None
    yield "retry: 1000\n\n"
    while True:
        snap = await hub.newer_than(seen)
        if hub.stopping:
            return
        if snap is None:
            yield ": still here\n\n"
            continue
        touched = game_id is None or snap.changed.get(game_id, 0) > seen
        seen = snap.generation
        if not touched and snap.trouble == trouble and sent:
            continue
        trouble = snap.trouble
        fresh = await hub.render(view, snap, game_id)
        changed = {name: html_ for name, html_ in fresh.items() if sent.get(name) != html_}
        sent.update(changed)
        if changed:
            yield f"data: {json.dumps(changed, ensure_ascii=False)}\n\n"


# Serving -----------------------------------------------------------------------------------


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port), or one line saying why not."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise CannotServe(f"cannot serve on host {host!r}: {exc}") from None
    family, kind, proto, _, address = found[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise CannotServe(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def exposed(host: str) -> bool:
    """Whether pages served on ``host`` can be reached from other machines (not loopback)."""
    try:
        addresses = {str(info[4][0]) for info in socket.getaddrinfo(host, None)}
    except (socket.gaierror, UnicodeError):
        return True
    return not all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses)


class Server(uvicorn.Server):
    """Uvicorn's server, ending the open event streams as soon as it is asked to stop."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.hub.stop_soon()
        super().handle_exit(sig, frame)


def run(referee: Referee, sock: socket.socket) -> None:
    """Serve until Ctrl-C (or SIGTERM), which ends every open page's stream first."""
    address = sock.getsockname()[0]
    app = create_app(referee, private=ipaddress.ip_address(address.split("%")[0]).is_loopback)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, timeout_graceful_shutdown=2, lifespan="on"
    )
    Server(config, app.state.hub).run(sockets=[sock])
