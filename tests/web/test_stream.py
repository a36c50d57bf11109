"""Each open page's event stream: every part first, then only the parts a change changed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from companion.service import Referee
from companion.store import resolve
from web import pages
from web.app import GAME, LEAGUE, Hub, View, events
from web.follow import Follower, Snapshot


def data(message: str) -> dict[str, str]:
    assert message.startswith("data: ") and message.endswith("\n\n"), message
    return dict(json.loads(message.removeprefix("data: ")))


def test_a_game_stream_sends_only_what_an_entry_or_a_correction_changed(tmp_path: Path) -> None:
    store = str(tmp_path / "league.sqlite")
    table = Referee(resolve(store, create=True))
    game = table.start("rushzone", "Bears", "Packers").game_id
    other = table.start("rushzone", "Lions", "Vikings").game_id
    for text in ("toss home", "kick"):
        table.enter(game, text)

    async def watch() -> None:
        hub = Hub(Follower(Referee(resolve(store, create=False))))
        await hub.look()
        stream = events(hub, GAME, game)
        assert await anext(stream) == "retry: 1000\n\n"
        first = data(await anext(stream))
        assert set(first) == set(pages.game_parts(hub.now, game))

        table.enter(game, "green 1 3")
        await hub.look()
        after_entry = data(await anext(stream))
        assert {"plays", "situation", "field"} <= set(after_entry)
        assert "notice" not in after_entry, "an unchanged part is not sent again"
        assert "green 1 3" in after_entry["plays"]

        table.strike(game, 3, "cocked")
        await hub.look()
        after_strike = data(await anext(stream))
        assert '<li class="struck" data-seq="3">' in after_strike["plays"]

        # Another game's entry wakes the stream, which sends this page nothing.
        table.enter(other, "toss away")
        await hub.look()
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(anext(stream), 0.5)

    asyncio.run(watch())


def test_a_page_is_rendered_once_for_all_its_viewers(tmp_path: Path) -> None:
    store = str(tmp_path / "league.sqlite")
    table = Referee(resolve(store, create=True))
    game = table.start("rushzone", "Bears", "Packers").game_id
    rendered: list[UUID | None] = []

    def counted(snap: Snapshot, game_id: UUID | None) -> pages.Parts:
        rendered.append(game_id)
        return GAME.parts(snap, game_id)

    view = View("counted", counted, GAME.page)

    async def viewers() -> list[Any]:
        hub = Hub(Follower(Referee(resolve(store, create=False))))
        await hub.look()
        together = await asyncio.gather(*(hub.render(view, hub.now, game) for _ in range(5)))
        again = await hub.render(view, hub.now, game)
        table.enter(game, "toss home")
        await hub.look()
        changed = await hub.render(view, hub.now, game)
        league = await hub.render(LEAGUE, hub.now, None)
        return [*together, again, changed, league]

    *same, changed, league = asyncio.run(viewers())
    assert all(parts is same[0] for parts in same)
    assert changed is not same[0] and "toss home" in changed["plays"]
    assert rendered == [game, game]
    assert "Bears v Packers" in league["playing"]
