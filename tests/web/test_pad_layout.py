"""Issue #30: the pad fits a phone in portrait and landscape, and a tablet; every target at least
48 CSS px (48 dp) each way and inside the viewport. A screenshot at each size is kept in
docs/screenshots/ (pad-WIDTHxHEIGHT.png), made by this test when ZEBRA_WRITE_SCREENSHOTS=1 is
set; otherwise it draws them into a temporary folder, so a test run leaves the checkout as it
was."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from tests.web.browser import Browser, Tab, png_header
from tests.web.pad_driver import click_tap, pad_links, phone, ready
from tests.web.served import ROOT, Served, example_entries, serve

SIZES = [(390, 844), (844, 390), (1280, 800)]
KEPT = ROOT / "docs" / "screenshots"
SHOTS = KEPT if os.environ.get("ZEBRA_WRITE_SCREENSHOTS") == "1" else Path(tempfile.mkdtemp())
# Every control a finger taps: the keys, the row under them, the log's corrections, the fields.
TARGETS = "main.pad button, main.pad input"


@pytest.fixture(scope="module")
def pads(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, str, str]]:
    folder = tmp_path_factory.mktemp("layout")
    store = str(folder / "league.sqlite")
    referee = Referee(resolve(store, create=True))
    game = referee.start("rushzone", "Bears", "Packers", by="setup").game_id
    for text in example_entries(9):
        referee.enter(game, text, by="setup")
    # A card game at its first scoring play, once both rosters are in: the forms due now.
    cards = referee.start("gridironmasters", "Bears", "Packers", by="setup").game_id
    script = parse_script((ROOT / "examples" / "gridironmasters-full.zebra").read_text())
    for _, text in script.lines[:26]:
        referee.enter(cards, text, by="setup")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(folder / "state"))
        served = serve(store, "--pad")
    yield served, game.hex, cards.hex
    served.stop()


def misfits(tab: Tab) -> list[str]:
    """Each shown target smaller than 48 px either way or reaching outside the viewport's width;
    and the page itself, if it scrolls sideways."""
    found = tab.evaluate(
        "(() => { const out = []; const w = window.innerWidth;"
        f" document.querySelectorAll({json.dumps(TARGETS)}).forEach(el => {{"
        " const r = el.getBoundingClientRect(); if (!r.width && !r.height) return;"
        " if (r.width < 48 || r.height < 48 || r.left < 0 || r.right > w)"
        " out.push((el.id || el.textContent.trim() || el.tagName) + ' ' +"
        " [r.left, r.width, r.height].map(Math.round).join('/')); });"
        " if (document.documentElement.scrollWidth > w) out.push('page scrolls sideways: ' +"
        " document.documentElement.scrollWidth); return out; })()"
    )
    return list(found)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_pad_target_is_48_px_and_inside_the_viewport(
    pads: tuple[Served, str, str], browser: Browser, width: int, height: int
) -> None:
    served, game, _ = pads
    tab = phone(browser, pad_links(served.banner)[(game[:8], "home")], width, height)
    # The next entry is a white-dice roll: six faces for each of six dice, two tapped.
    assert tab.evaluate("document.body.dataset.mode") == "choices"
    shown = tab.evaluate("document.querySelectorAll('#keys button').length")
    assert shown == 6, shown
    assert not misfits(tab), misfits(tab)
    for face in ("6", "4"):
        ready(tab)
        assert click_tap(tab, ["choose", face])
    ready(tab)
    assert "6 4 _" in tab.text("#progress")
    assert not misfits(tab), misfits(tab)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = tab.screenshot()
    assert png_header(shot)[:2] == (width, height)
    (SHOTS / f"pad-{width}x{height}.png").write_bytes(shot)
    # Undo asks for a reason: the fields and their buttons fit too.
    tab.evaluate("document.getElementById('undo').click()")
    tab.wait_for("!document.getElementById('fix').hidden")
    assert not misfits(tab), misfits(tab)
    # The coach's code field and the log's AMEND/STRIKE keys are among the targets measured.
    assert tab.evaluate("document.querySelectorAll('#padlog button').length") >= 2
    tab.close()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_card_games_forms_fit_with_what_each_enters_under_it(
    pads: tuple[Served, str, str], browser: Browser, width: int, height: int
) -> None:
    served, _, cards = pads
    tab = phone(browser, pad_links(served.banner)[(cards[:8], "away")], width, height)
    assert tab.evaluate("document.body.dataset.mode") == "forms"
    labels = tab.evaluate(
        "Array.from(document.querySelectorAll('#keys button span')).map(s => s.textContent)"
    )
    assert {"DISCARD", "OFFENSE", "PLAY", "CARD"} <= set(labels), labels
    # Each keyword on one line: a key's label is no taller than one line of its text.
    tall = tab.evaluate(
        "Array.from(document.querySelectorAll('#keys button span')).filter(s =>"
        " s.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(s).fontSize))"
        ".map(s => s.textContent)"
    )
    assert tall == [], tall
    assert not misfits(tab), misfits(tab)
    if (width, height) == SIZES[0]:
        (SHOTS / "pad-cards-390x844.png").write_bytes(tab.screenshot())
    tab.close()


def test_the_screenshots_are_kept_for_each_size() -> None:
    for width, height in SIZES:
        path = KEPT / f"pad-{width}x{height}.png"
        assert path.exists(), path
        assert png_header(path.read_bytes())[:2] == (width, height)
