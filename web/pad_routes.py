"""The routes ``zebra serve --pad`` adds: each game's pad page, its live parts, its keys, and the
writes (web.pad). Without ``--pad`` none of them exists, and the server answers only GET/HEAD."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from uuid import UUID

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from companion.service import Referee
from web import pad as pads
from web.pad_page import pad_page, pad_parts

# The pad page's own scripts and styles; only from this server, as every page's.
PAD_STATIC = {"pad.js": "text/javascript", "pad.css": "text/css"}


def pad_routes(hub: Any, referee: Referee) -> list[Route]:
    """The pad's routes over the app's hub (web.app.Hub); writes go through their own referee."""
    from web.app import HEADERS, View, events, html, known

    board = pads.Pads(referee)
    view = View("pad", lambda snap, game: pad_parts(snap, known(game)), lambda s, g, p: "")

    def found(request: Request) -> UUID | None:
        return hub.now.find(request.path_params["game"])

    async def page(request: Request) -> Response:
        game_id = found(request)
        if game_id is None:
            from web.pages import missing_page

            return html(missing_page(request.path_params["game"]), status=404)
        parts = await hub.render(view, hub.now, game_id)
        return html(pad_page(hub.now, game_id, parts, board.token(game_id)))

    async def stream(request: Request) -> Response:
        game_id = found(request)
        if game_id is None:
            return Response("no such game", status_code=404, headers=HEADERS)
        return StreamingResponse(
            events(hub, view, game_id),
            media_type="text/event-stream",
            headers={**HEADERS, "X-Accel-Buffering": "no"},
        )

    async def keys(request: Request) -> Response:
        game_id = found(request)
        if game_id is None:
            return JSONResponse({"message": "no such game"}, status_code=404, headers=HEADERS)
        try:
            taps = json.loads(request.query_params.get("taps", "[]")[: pads.MAX_BODY])
        except ValueError:
            taps = []
        shown = await anyio.to_thread.run_sync(
            board.keys, game_id, taps if isinstance(taps, list) else []
        )
        return JSONResponse(shown, headers=HEADERS)

    def write(make: Callable[[UUID], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            game_id = found(request)
            if game_id is None:
                return pads.answer(404, "no such game in this store")
            return await board.write(request, game_id, make(game_id))

        return endpoint

    reads = {"pad": page, "pad/events": stream, "pad/keys": keys}
    routes = [Route(f"/game/{{game}}/{p}", e, methods=["GET", "HEAD"]) for p, e in reads.items()]
    writes = {name: write(make) for name, make in pads.WRITES.items()}
    return routes + [Route(f"/game/{{game}}/{p}", e, methods=["POST"]) for p, e in writes.items()]
