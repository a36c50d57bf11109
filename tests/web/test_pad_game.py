"""Issue #30: two coaches enter whole example games by tapping their phones' pads.

A real ``zebra serve --pad`` on a real SQLite store; two browser contexts (two phones) open the
links it printed, one per side, and tap every line of the example game on the pad's keys; the
terminal (``zebra status --json``, ``zebra log``) reads the same store and finds each entry once,
recorded as the side's pad that tapped it, with the score the example's own script makes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from domain import rulesets
from tests.mobile.coach import Coach
from tests.web.browser import Browser, Tab
from tests.web.pad_driver import (
    answers,
    click_tap,
    pad_links,
    phone,
    ready,
    said,
    tapped,
    typed,
)
from tests.web.served import ROOT, Served, serve, zebra

RUSH = ROOT / "examples" / "rushzone-full.zebra"
CARDS = ROOT / "examples" / "gridironmasters-full.zebra"


def events_in(store: str) -> int:
    referee = Referee(resolve(store, create=False))
    return referee.recorder.max_notification_id() or 0


def stored_lines(store: str, game: str) -> list[tuple[str, str]]:
    """The game's standing entries and who entered each, as the store keeps them."""
    from uuid import UUID

    referee = Referee(resolve(store, create=False))
    record = referee.record(UUID(game))
    return [(line.text, line.by) for line in record.lines if line.stands]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, dict[str, str]]]:
    """A pad server over a store holding a new Rush Zone game and a new card game."""
    folder = tmp_path_factory.mktemp("pads")
    store = str(folder / "league.sqlite")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(folder / "state"))
        referee = Referee(resolve(store, create=True))
        games = {
            "rush": referee.start("rushzone", "Bears", "Packers", by="setup").game_id.hex,
            "cards": referee.start("gridironmasters", "Bears", "Packers", by="setup").game_id.hex,
        }
        served = serve(store, "--pad")
    yield served, games
    served.stop()


def caught_up(tab: Tab, version: int) -> None:
    """Wait until the phone's keys are built on ``version`` (it followed the game live)."""
    tab.wait_for(f"Number(document.body.dataset.keysVersion) === {version}", 15)
    tab.wait_for("document.body.dataset.pad === 'ready'", 15)


def enter_by_tapping(
    phones: dict[str, Tab], example: Path, version: int, on_line: Any = None
) -> tuple[int, int, list[str]]:
    """Every line of the example tapped on the phones in turn; (version, typed, who entered)."""
    script = parse_script(example.read_text(encoding="utf-8"), str(example))
    rules = rulesets.get(example.stem.split("-")[0])
    state = rules.initial("Bears", "Packers", script.options)
    coach, typed_lines, sides = Coach(rules), 0, []
    for count, (number, line) in enumerate(script.lines):
        side = ("home", "away")[count % 2]
        tab = phones[side]
        for other in phones.values():
            caught_up(other, version)
        if on_line is not None:
            version, done = on_line(count, line, version)
            caught_up(tab, version)
            if done:
                state, _ = rules.apply(state, line)
                continue
        prompt = rules.expected(state)
        path = coach.path(state, prompt, line)
        before = answers(tab)
        if path is None or not tapped(tab, prompt, path):
            typed_lines += 1
            caught_up(tab, version)
            before = answers(tab)
            typed(tab, line)
        status, words = said(tab, before)
        assert status == 201, f"{example.name}:{number} {line!r}: {status} {words}"
        sides.append(side)
        version = int(tab.evaluate("Number(document.body.dataset.answerVersion)"))
        state, _ = rules.apply(state, line)
    return version, typed_lines, sides


def test_two_phones_enter_a_whole_rush_zone_game_by_tapping_and_the_terminal_sees_each_once(
    table: tuple[Served, dict[str, str]], browser: Browser, tmp_path: Path
) -> None:
    served, games = table
    game = games["rush"]
    links = pad_links(served.banner)
    phones = {side: phone(browser, links[(game[:8], side)]) for side in ("home", "away")}
    stranger = phone(browser, f"{served.url}game/{game}/pad", 390, 844)
    store = served.store

    def meanwhile(count: int, line: str, version: int) -> tuple[int, bool]:
        """Line 6 is tapped on both phones at once; before line 10, a stranger and a stale
        phone try to enter it."""
        if count == 5:
            return same_roll_on_both_phones(phones, line, store, game), True
        if count == 9:
            a_phone_without_a_code_cannot_enter(stranger, line, store)
            a_phone_that_missed_an_entry_is_told_what_happened(phones["away"], line, store)
        return version, False

    version = phones["home"].evaluate("Number(document.body.dataset.keysVersion)")
    version, typed_lines, sides = enter_by_tapping(phones, RUSH, version, meanwhile)
    assert typed_lines == 0, "every Rush Zone line has keys on the pad"
    # The terminal, on the same store: the game the example's script makes, each entry once.
    replay = tmp_path / "replay.sqlite"
    zebra(
        str(replay),
        "play",
        "rushzone",
        "--home",
        "Bears",
        "--away",
        "Packers",
        "--script",
        str(RUSH),
    )
    mine = json.loads(zebra(store, "status", game[:8], "--json").stdout)
    theirs = json.loads(zebra(str(replay), "status", "--json").stdout)
    assert mine["finished"] and mine["score"] == theirs["score"], (mine["score"], theirs["score"])
    script = parse_script(RUSH.read_text(encoding="utf-8"))
    stored = stored_lines(store, game)
    assert [text for text, _ in stored] == [line for _, line in script.lines]
    bys = {by for _, by in stored}
    assert bys == {"home pad (Linux)", "away pad (Linux)"}, bys
    log = zebra(store, "log", game[:8]).stdout
    numbered = [row.strip() for row in log.splitlines() if row[:5].strip().rstrip(".").isdigit()]
    assert numbered == [f"{i}. {text}" for i, (text, _) in enumerate(stored, 1)]
    for tab in (*phones.values(), stranger):
        tab.close()


def same_roll_on_both_phones(phones: dict[str, Tab], line: str, store: str, game: str) -> int:
    """Both coaches tap the same roll at once (the punt's die, "green 2": one key): it is
    stored once, and the other phone is told the game moved on."""
    keyword, face = line.split()
    assert keyword == "green", line
    before = {side: answers(tab) for side, tab in phones.items()}
    lines = len(stored_lines(store, game))
    for tab in phones.values():
        ready(tab)
    for tab in phones.values():
        assert click_tap(tab, ["choose", face])
    results = {side: said(tab, before[side]) for side, tab in phones.items()}
    statuses = sorted(status for status, _ in results.values())
    assert statuses == [201, 409], results
    refused = next(words for status, words in results.values() if status == 409)
    assert "the game moved on" in refused.lower() or "already recorded" in refused, refused
    assert stored_lines(store, game)[lines:] == [(line, stored_lines(store, game)[-1][1])]
    winner = next(side for side, (status, _) in results.items() if status == 201)
    return int(phones[winner].evaluate("Number(document.body.dataset.answerVersion)"))


def a_phone_without_a_code_cannot_enter(stranger: Tab, line: str, store: str) -> None:
    events = events_in(store)
    before = answers(stranger)
    typed(stranger, line)
    status, words = said(stranger, before)
    assert status == 403, words
    assert events_in(store) == events


def a_phone_that_missed_an_entry_is_told_what_happened(tab: Tab, line: str, store: str) -> None:
    """The page's own write with a version two commands old: 409, in the CLI's words."""
    events = events_in(store)
    done = tab.evaluate(
        "(async () => { const m = document.querySelector('main.pad'); const f = new "
        "URLSearchParams({token: m.dataset.token, code: document.getElementById('code').value,"
        f" text: {json.dumps(line)}, version: String(Number(document.body.dataset.keysVersion)"
        " - 2)}); const r = await fetch('/game/' + m.dataset.game + '/entries', {method: "
        "'POST', body: f}); return [r.status, (await r.json()).message]; })()"
    )
    assert done[0] == 409 and done[1].startswith("the game moved on: "), done
    assert "was entered by" in done[1]
    assert events_in(store) == events


def test_two_phones_enter_a_whole_card_game_the_cards_printed_numbers_on_keys(
    table: tuple[Served, dict[str, str]], browser: Browser, tmp_path: Path
) -> None:
    served, games = table
    game = games["cards"]
    links = pad_links(served.banner)
    phones = {side: phone(browser, links[(game[:8], side)]) for side in ("home", "away")}
    version = phones["home"].evaluate("Number(document.body.dataset.keysVersion)")
    version, typed_lines, _ = enter_by_tapping(phones, CARDS, version)
    script = parse_script(CARDS.read_text(encoding="utf-8"))
    stored = stored_lines(served.store, game)
    assert len(stored) == len(script.lines)
    replay = tmp_path / "replay.sqlite"
    zebra(
        str(replay),
        "play",
        "gridironmasters",
        "--home",
        "Bears",
        "--away",
        "Packers",
        "--script",
        str(CARDS),
    )
    mine = json.loads(zebra(served.store, "status", game[:8], "--json").stdout)
    theirs = json.loads(zebra(str(replay), "status", "--json").stdout)
    assert mine["score"] == theirs["score"] and mine["finished"] == theirs["finished"]
    assert typed_lines == 0, "every line of the card game has keys on the pad"
    for tab in phones.values():
        tab.close()
