"""Issue #30: only the table can enter, and nothing else is ever recorded.

Writes are sent as a script or another site would send them (urllib, no browser), and from the
pad page itself; every refusal is checked to have stored nothing (the store's event count).
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from companion.pads import PadCodes
from companion.service import Referee
from companion.store import resolve
from tests.web import pad_driver
from tests.web.browser import Browser
from tests.web.pad_driver import answers, page_token, phone, post, typed
from tests.web.served import Served, example_entries, serve


def events_in(store: str) -> int:
    referee = Referee(resolve(store, create=False))
    return referee.recorder.max_notification_id() or 0


class Table:
    """A pad server over a store with three games: Rush Zone, Rush Zone with disputes agreed
    by both coaches, and a card game; each side's code of each."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.store = str(folder / "league.sqlite")
        referee = Referee(resolve(self.store, create=True))
        self.rush = referee.start("rushzone", "Bears", "Packers", by="setup").game_id
        for text in example_entries(6):
            referee.enter(self.rush, text, by="setup")
        self.agree = referee.start(
            "rushzone", "Lions", "Vikings", {"disputes": "agree"}, by="setup"
        ).game_id
        for text in example_entries(4):
            referee.enter(self.agree, text, by="setup")
        self.cards = referee.start("gridironmasters", "Bears", "Packers", by="setup").game_id
        self.served: Served = serve(self.store, "--pad", *extra)
        self.url = self.served.url.rstrip("/")
        codes = PadCodes(referee.store)
        self.codes = {g: codes.codes(g) for g in (self.rush, self.agree, self.cards)}

    def version(self, game: UUID) -> int:
        return Referee(resolve(self.store, create=False)).game(game).version

    def fields(self, game: UUID, side: str = "home", **more: str) -> dict[str, str]:
        """What the pad page sends: its token, the side's code, the version it showed."""
        token = page_token(f"{self.url}/game/{game.hex}/pad")
        return {
            "token": token,
            "code": self.codes[game][side],
            "version": str(self.version(game)),
            **more,
        }

    def write(
        self, game: UUID, what: str, fields: dict[str, str], origin: str | None = ""
    ) -> tuple[int, dict[str, str]]:
        status, said = post(
            f"{self.url}/game/{game.hex}/{what}",
            fields,
            self.url if origin == "" else origin,
        )
        return status, said


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    folder = tmp_path_factory.mktemp("safety")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(folder / "state"))
        made = Table(folder)
    yield made
    made.served.stop()


def test_serve_with_pad_prints_each_games_codes_that_are_the_stored_ones(table: Table) -> None:
    for game, codes in table.codes.items():
        assert set(codes) == {"home", "away"} and codes["home"] != codes["away"]
        for side, code in codes.items():
            assert f"{side} pad code {code}   {table.url}/game/{game.hex}/pad#code={code}" in (
                table.served.banner
            )
    # A QR code per link, drawn with block characters.
    assert table.served.banner.count("█▄▄▄▄▄█") >= 2 * len(table.codes) * 2


def test_a_legal_entry_with_the_sides_code_is_recorded_as_that_sides_pad(table: Table) -> None:
    before = table.version(table.rush)
    status, said = table.write(
        table.rush, "entries", table.fields(table.rush, "away", text=example_entries(7)[-1])
    )
    assert status == 201, said
    assert int(said["version"]) > before and said["by"] == "away pad (browser)"
    record = Referee(resolve(table.store, create=False)).record(table.rush)
    assert record.lines[-1].by == "away pad (browser)"


def test_the_coachs_name_and_device_name_the_entry_within_thirty_characters(table: Table) -> None:
    from web.pad import by_of

    iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"
    assert by_of("", "home", iphone) == "home pad (iPhone)"
    assert by_of("Ann", "away", iphone) == "Ann away pad (iPhone)"
    long = by_of("Bartholomew Fitzgerald", "home", "Linux; Android 14")
    assert len(long) == 30 and long.endswith("home pad (Android)")
    assert len(by_of("x" * 11, "home", "Android")) == 30
    assert by_of("<b>\x07</b>", "home", "") == "<b></b> home pad (browser)"


@pytest.mark.parametrize(
    ("origin", "why"),
    [
        ("http://evil.example", "another site"),
        (None, "no Origin"),
        ("null", "an opaque origin"),
        ("http://127.0.0.1:1", "another port"),
    ],
)
def test_a_write_from_anywhere_but_this_servers_page_is_refused(
    table: Table, origin: str | None, why: str
) -> None:
    events = events_in(table.store)
    fields = table.fields(table.rush, text=example_entries(8)[-1])
    status, said = table.write(table.rush, "entries", fields, origin)
    assert status == 403, (why, said)
    assert events_in(table.store) == events


def test_a_write_without_the_pages_token_is_refused(table: Table) -> None:
    events = events_in(table.store)
    for token in ("", "1234.abcd", page_token(f"{table.url}/game/{table.agree.hex}/pad")):
        fields = {**table.fields(table.rush, text=example_entries(8)[-1]), "token": token}
        status, said = table.write(table.rush, "entries", fields)
        assert status == 403 and "token" in said["message"], said
    assert events_in(table.store) == events


def test_the_other_games_code_or_none_is_refused(table: Table) -> None:
    events = events_in(table.store)
    for code in ("", table.codes[table.agree]["home"]):
        fields = {**table.fields(table.rush, text=example_entries(8)[-1]), "code": code}
        status, said = table.write(table.rush, "entries", fields)
        assert status == 403, said
    assert events_in(table.store) == events


def test_a_body_over_4_kb_is_refused_and_one_at_the_limit_is_read(table: Table) -> None:
    events = events_in(table.store)
    fields = table.fields(table.rush, text="white 1 2 3 4 5 6")
    size = len("&".join(f"{k}={v}" for k, v in fields.items())) + len("&pad=")
    status, said = table.write(table.rush, "entries", {**fields, "pad": "x" * (4097 - size)})
    assert status == 413, said
    assert events_in(table.store) == events
    # 4096 bytes exactly: read, and refused only for what it says (not due now).
    status, said = table.write(table.rush, "entries", {**fields, "pad": "x" * (4096 - size)})
    assert status != 413, said


def test_an_illegal_entry_is_refused_in_one_line_and_nothing_is_stored(table: Table) -> None:
    events = events_in(table.store)
    fields = table.fields(table.rush, text="<script>alert(1)</script>")
    status, said = table.write(table.rush, "entries", fields)
    assert status == 400 and "is not due now" in said["message"], said
    assert "\n" not in said["message"]
    assert events_in(table.store) == events


def test_markup_in_an_entry_is_shown_as_text_never_as_html(table: Table, browser: Browser) -> None:
    fields = table.fields(table.cards, text="card away 12 <b>x</b><img src=x> qb passing 88")
    status, said = table.write(table.cards, "entries", fields)
    assert status == 201, said
    html = ""
    for _ in range(100):  # the server looks at the store 5 times a second
        with urllib.request.urlopen(f"{table.url}/game/{table.cards.hex}/pad") as page:
            html = page.read().decode()
        if 'data-seq="1"' in html:
            break
        time.sleep(0.05)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;&lt;img src=x&gt;" in html
    tab = phone(
        browser, f"{table.url}/game/{table.cards.hex}/pad#code={table.codes[table.cards]['home']}"
    )
    tab.wait_for("document.querySelector('#padlog li[data-seq=\"1\"]')")
    assert "<b>x</b><img src=x>" in tab.text("#padlog")
    assert tab.evaluate("document.querySelectorAll('main b, main img').length") == 0
    # A refusal that repeats the markup is shown as text too.
    before = answers(tab)
    typed(tab, "<img src=x>")
    status, words = pad_driver.said(tab, before)
    assert status == 400 and "'<img' is not due now" in words
    assert tab.evaluate("document.getElementById('said').children.length") == 0
    tab.close()


def test_undo_strike_and_amend_from_a_pad_carry_the_reason(table: Table) -> None:
    game = table.rush
    status, said = table.write(game, "undo", table.fields(game, reason="tapped the wrong die"))
    assert status == 201, said
    referee = Referee(resolve(table.store, create=False))
    last = referee.record(game).lines[-1]
    assert last.struck is not None and "tapped the wrong die" in last.struck
    status, said = table.write(
        game, "amend", table.fields(game, seq="6", text="green 3", reason="misread the die")
    )
    assert status == 201, said
    status, said = table.write(game, "strike", table.fields(game, seq="6", reason="not rolled"))
    assert status == 201, said
    lines = Referee(resolve(table.store, create=False)).record(game).lines
    assert lines[5].text == "green 3"
    assert lines[5].struck is not None and "not rolled" in lines[5].struck
    events = events_in(table.store)
    status, said = table.write(game, "strike", table.fields(game, seq="99", reason="x"))
    assert status == 400, said
    status, said = table.write(game, "strike", table.fields(game, seq="", reason="x"))
    assert status == 400 and "field seq" in said["message"], said
    assert events_in(table.store) == events


def test_a_disputed_correction_waits_for_the_other_sides_phone(table: Table) -> None:
    game = table.agree
    status, said = table.write(game, "strike", table.fields(game, "home", seq="4", reason="no"))
    assert status == 201, said
    assert Referee(resolve(table.store, create=False)).record(game).pending
    events = events_in(table.store)
    # The side that proposed it cannot confirm it, nor can a phone without the other's code.
    status, said = table.write(game, "confirm", table.fields(game, "home"))
    assert status == 400 and "the other side's pad" in said["message"], said
    status, said = table.write(game, "confirm", {**table.fields(game, "away"), "code": "nope"})
    assert status == 403, said
    assert events_in(table.store) == events
    status, said = table.write(game, "reject", table.fields(game, "away", reason="it was rolled"))
    assert status == 201, said
    assert not Referee(resolve(table.store, create=False)).record(game).pending
    # A name that reads like the other side's pad does not make the proposal theirs.
    fields = table.fields(game, "away", seq="4", reason="no", name="home pad (iPhone)")
    status, said = table.write(game, "strike", fields)
    assert status == 201 and said["by"].endswith("away pad (browser)"), said
    status, said = table.write(game, "confirm", table.fields(game, "home"))
    assert status == 201, said
    record = Referee(resolve(table.store, create=False)).record(game)
    assert not record.pending and record.lines[3].struck is not None


def test_without_pad_nothing_can_be_entered(tmp_path: Path) -> None:
    store = str(tmp_path / "plain.sqlite")
    referee = Referee(resolve(store, create=True))
    game = referee.start("rushzone", "Bears", "Packers", by="setup").game_id
    served = serve(store)
    try:
        url = served.url.rstrip("/")
        assert "pad code" not in served.banner
        for path in ("pad", "pad/keys"):
            with pytest.raises(urllib.error.HTTPError) as missing:
                urllib.request.urlopen(f"{url}/game/{game.hex}/{path}")
            assert missing.value.code == 404
        events = events_in(store)
        status, _ = post(f"{url}/game/{game.hex}/entries", {"text": "toss home"}, url)
        assert status in (404, 405)  # no write route at all
        assert events_in(store) == events
    finally:
        served.stop()


def test_wrong_codes_from_an_address_are_refused_429_after_five_a_minute(tmp_path: Path) -> None:
    """Its own server: the limit then holds every write from this address for a minute."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
        flooded = Table(tmp_path)
    try:
        events = events_in(flooded.store)
        fields = flooded.fields(flooded.rush, text=example_entries(7)[-1])
        statuses = [
            flooded.write(flooded.rush, "entries", {**fields, "code": f"guess{n}"})[0]
            for n in range(7)
        ]
        assert statuses == [403] * 5 + [429] * 2
        status, said = flooded.write(flooded.rush, "entries", fields)
        assert status == 429 and "wait a minute" in said["message"]
        assert events_in(flooded.store) == events
    finally:
        flooded.served.stop()


def test_codes_are_eight_letters_and_digits_a_coach_cannot_misread(table: Table) -> None:
    for codes in table.codes.values():
        for code in codes.values():
            assert re.fullmatch(r"[a-hjkmnp-z2-9]{8}", code), code
