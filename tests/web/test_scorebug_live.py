"""The stream scorebug and the league page's situation at every moment, in real Chromium.

A game is set up a moment before the boundary, then the table's next entries are typed through
``zebra enter`` in processes of their own; the open page is never reloaded. Both sides of each
boundary: 1st and goal, then the touchdown (PAT and a TOUCHDOWN banner), then the try (Kickoff,
no banner), then the kickoff (1st & 10).
"""

from __future__ import annotations

from pathlib import Path

from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from tests.web.browser import Browser, Tab
from tests.web.served import (
    BEFORE_TOUCHDOWN,
    TOUCHDOWN,
    Served,
    example_entries,
    set_up_game,
    zebra,
)
from tests.web.test_live_pages import LIVE_SECONDS, not_reloaded, opened

EXAMPLES = Path(__file__).parents[2] / "examples"
# rushzone-full.zebra: after the touchdown (entry 18), entry 19 is the extra point and entry 20
# the kickoff after it (the file's comments say so).
PAT, KICKOFF = example_entries(BEFORE_TOUCHDOWN + 3)[BEFORE_TOUCHDOWN + 1 :]


def shows(tab: Tab, selector: str, text: str) -> None:
    """Wait until ``selector`` shows ``text`` (the live stream sent it)."""
    tab.wait_for(
        f"(document.querySelector({selector!r}) || {{}}).textContent === {text!r}", LIVE_SECONDS
    )


def moment_shown(tab: Tab) -> str | None:
    found = tab.evaluate("(document.querySelector('#bug .moment') || {}).className || null")
    return str(found) if found else None


def test_the_scorebug_keeps_the_downs_the_try_and_the_kickoff_with_a_touchdown_moment(
    any_served: Served, browser: Browser
) -> None:
    game = set_up_game(any_served.store, "Lions", "Vikings", BEFORE_TOUCHDOWN)
    tab = opened(browser, f"{any_served.url}game/{game}/overlay", 1920, 1080)
    shows(tab, "#bug .downs", "1st & Goal")
    assert moment_shown(tab) is None
    assert tab.evaluate("document.querySelector('#bug .timeouts')") is None, "Rush Zone has none"

    zebra(any_served.store, "enter", TOUCHDOWN, "--game", game)
    shows(tab, "#bug .downs", "PAT")
    assert tab.text("#bug .moment") == "TOUCHDOWN"
    assert moment_shown(tab) == "moment touchdown"
    assert "Ball on" not in tab.text("#bug")

    zebra(any_served.store, "enter", PAT, "--game", game)
    shows(tab, "#bug .downs", "Kickoff")
    assert moment_shown(tab) is None

    zebra(any_served.store, "enter", KICKOFF, "--game", game)
    shows(tab, "#bug .downs", "1st & 10")
    assert "Ball on" in tab.text("#bug")
    assert not_reloaded(tab)
    tab.close()


def test_the_league_page_shows_the_situation_during_the_try_and_the_kickoff_due(
    sqlite_served: Served, browser: Browser
) -> None:
    game = set_up_game(sqlite_served.store, "Bengals", "Browns", BEFORE_TOUCHDOWN)
    tab = opened(browser, sqlite_served.url)
    cell = f"#playing tr[data-game='{game}'] td:nth-child(5)"
    # The page follows the game as it is set up, entry by entry: wait for the last of them.
    shows(tab, cell, "Browns ball, 1st and goal at Bengals 10")
    zebra(sqlite_served.store, "enter", TOUCHDOWN, "--game", game)
    shows(tab, cell, "PAT · Browns ball")
    zebra(sqlite_served.store, "enter", PAT, "--game", game)
    shows(tab, cell, "Kickoff · Bengals ball")
    zebra(sqlite_served.store, "enter", KICKOFF, "--game", game)
    tab.wait_for(f"document.querySelector({cell!r}).textContent.includes('1st and 10')", 2)
    assert not_reloaded(tab)
    tab.close()


def test_the_scorebug_shows_time_outs_and_the_card_clock_where_the_game_has_them(
    sqlite_served: Served, browser: Browser
) -> None:
    path = EXAMPLES / "firstandgoal-full.zebra"
    script = parse_script(path.read_text(encoding="utf-8"), str(path))
    referee = Referee(resolve(sqlite_served.store, create=False))
    game_id = referee.start("firstandgoal", "Bears", "Packers", script.options, by="setup").game_id
    # firstandgoal-full.zebra: entry 4 leaves the Packers 1st and 10 after the kickoff.
    for _, line in script.lines[:4]:
        referee.enter(game_id, line, by="setup")
    game = game_id.hex
    tab = opened(browser, f"{sqlite_served.url}game/{game}/overlay", 1920, 1080)
    shows(tab, "#bug .downs", "1st & 10")
    # One line per part of the clock, so the widest strip (time-outs, spot, clock) fits 1920px.
    assert tab.evaluate(
        "[...document.querySelectorAll('#bug .gameclock span')].map(s => s.textContent)"
    ) == ["Cards: offence 52", "defence 52"]
    left, right = tab.evaluate(
        "(({left, right}) => [left, right])(document.querySelector('#bug').getBoundingClientRect())"
    )
    assert left >= 0 and right <= 1920, (left, right)
    left = tab.evaluate("[...document.querySelectorAll('#bug .timeouts')].map(t => t.dataset.left)")
    assert left == ["3", "3"]
    assert tab.evaluate("document.querySelectorAll('#bug .home .timeouts .to').length") == 3

    zebra(sqlite_served.store, "enter", "timeout away", "--game", game)
    tab.wait_for(
        "document.querySelector('#bug .away .timeouts').dataset.left === '2'", LIVE_SECONDS
    )
    assert tab.evaluate("document.querySelectorAll('#bug .away .timeouts .to').length") == 2
    assert tab.evaluate("document.querySelector('#bug .home .timeouts').dataset.left") == "3"
    assert not_reloaded(tab)
    tab.close()
