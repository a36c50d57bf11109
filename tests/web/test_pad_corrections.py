"""Issue #30: undo, amend and strike from a phone's pad, each with its reason, and a disputed
correction put to the other coach's phone, tapped in Chromium on the pad's own buttons."""

from __future__ import annotations

import json
from collections.abc import Iterator
from uuid import UUID

import pytest

from companion.service import Referee
from companion.store import resolve
from tests.web.browser import Browser, Tab
from tests.web.pad_driver import answers, pad_links, phone, said
from tests.web.served import Served, example_entries, serve


@pytest.fixture(scope="module")
def pads(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, UUID, UUID]]:
    folder = tmp_path_factory.mktemp("corrections")
    store = str(folder / "league.sqlite")
    referee = Referee(resolve(store, create=True))
    plain = referee.start("rushzone", "Bears", "Packers", by="setup").game_id
    agree = referee.start("rushzone", "Lions", "Vikings", {"disputes": "agree"}, by="t").game_id
    for game in (plain, agree):
        for text in example_entries(9):
            referee.enter(game, text, by="setup")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(folder / "state"))
        served = serve(store, "--pad")
    yield served, plain, agree
    served.stop()


def lines(served: Served, game: UUID) -> list[tuple[str, str | None, str]]:
    referee = Referee(resolve(served.store, create=False))
    return [(line.text, line.struck, line.by) for line in referee.record(game).lines]


def fix(tab: Tab, opener: str, reason: str, text: str | None = None) -> tuple[int, str]:
    """Open a correction with ``opener`` (a JS click), give its reason (and text), send it."""
    before = answers(tab)
    tab.evaluate(opener)
    tab.wait_for("!document.getElementById('fix').hidden")
    if text is not None:
        tab.evaluate(f"document.getElementById('fixtext').value = {json.dumps(text)}")
    tab.evaluate(f"document.getElementById('fixreason').value = {json.dumps(reason)}")
    tab.evaluate("document.getElementById('fixsend').click()")
    return said(tab, before)


def log_button(seq: int, act: str) -> str:
    return f'document.querySelector(\'#padlog li[data-seq="{seq}"] [data-act="{act}"]\').click()'


def test_undo_amend_and_strike_from_the_pad_with_their_reasons(
    pads: tuple[Served, UUID, UUID], browser: Browser
) -> None:
    served, game, _ = pads
    tab = phone(browser, pad_links(served.banner)[(game.hex[:8], "home")])
    status, words = fix(tab, "document.getElementById('undo').click()", "wrong die")
    assert status == 201, words
    assert lines(served, game)[8][1] is not None and "wrong die" in str(lines(served, game)[8][1])
    tab.wait_for("document.querySelector('#padlog li.struck[data-seq=\"9\"]')")
    assert "wrong die" in tab.text("#padlog li[data-seq='9']")
    # AMEND offers the entry's text to change.
    tab.evaluate(log_button(8, "amend"))
    tab.wait_for("document.getElementById('fixtext').value === 'punt'")
    tab.evaluate("document.getElementById('fixcancel').click()")
    status, words = fix(tab, log_button(6, "amend"), "misread", "green 3")
    assert status == 201, words
    assert lines(served, game)[5][0] == "green 3"
    status, words = fix(tab, log_button(8, "strike"), "never punted")
    assert status == 201, words
    assert "never punted" in str(lines(served, game)[7][1])
    # A correction the game refuses: one line, nothing recorded.
    before = lines(served, game)
    status, words = fix(tab, log_button(6, "amend"), "oops", "green 9")
    assert status == 400 and "\n" not in words, words
    assert lines(served, game) == before
    tab.close()


def test_a_disputed_correction_is_confirmed_on_the_other_coachs_phone(
    pads: tuple[Served, UUID, UUID], browser: Browser
) -> None:
    served, _, game = pads
    links = pad_links(served.banner)
    home = phone(browser, links[(game.hex[:8], "home")])
    away = phone(browser, links[(game.hex[:8], "away")])
    status, words = fix(home, log_button(9, "strike"), "not rolled")
    assert status == 201, words
    for tab in (home, away):
        tab.wait_for("document.querySelector('#pending [data-act=\"confirm\"]')")
    assert "Waiting for the other coach" in away.text("#notice"), away.text("#notice")
    assert lines(served, game)[8][1] is None  # waiting, not made
    # The proposer's phone cannot confirm it.
    before = answers(home)
    home.evaluate("document.querySelector('#pending [data-act=\"confirm\"]').click()")
    status, words = said(home, before)
    assert status == 400 and "other side's pad" in words, words
    before = answers(away)
    away.evaluate("document.querySelector('#pending [data-act=\"confirm\"]').click()")
    status, words = said(away, before)
    assert status == 201, words
    assert lines(served, game)[8][1] is not None
    away.wait_for("!document.querySelector('#pending [data-act=\"confirm\"]')")
    # Rejected on the other phone: asked for a reason, nothing struck.
    status, words = fix(away, log_button(8, "strike"), "no punt")
    assert status == 201, words
    home.wait_for("document.querySelector('#pending [data-act=\"reject\"]')")
    status, words = fix(
        home, "document.querySelector('#pending [data-act=\"reject\"]').click()", "it was punted"
    )
    assert status == 201, words
    assert lines(served, game)[7][1] is None
    for tab in (home, away):
        tab.close()
