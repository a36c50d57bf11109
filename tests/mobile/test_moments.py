"""The moments at the table (issue #27): a touchdown, a turnover, the end of a quarter, of a half,
of the game put a card over the field; a tone and a buzz follow only when this device's toggle
is on (off by default). Real example games are played to the entry where each moment happens
and that entry is tapped on the pad; what the rulings only look for ("no turnover", "turnover
check", "potential turnover") is no moment.
"""

from __future__ import annotations

import json
import time
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from domain import rulesets
from domain.ruleset import Ruling
from mobile import headless as h
from mobile import moments, tones
from mobile.app import ZebraApp
from tests.mobile import screen as look
from tests.mobile.coach import Coach

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROOT = Path(__file__).resolve().parents[2]
NAMES = {"home": "Bears", "away": "Packers"}

# Where each moment happens in the example games (line numbers), found by their rulings' kinds,
# which the test checks too: (example, line, a kind of its rulings, the card's two lines).
MOMENTS = [
    ("rushzone-full", 26, "touchdown", "touchdown", ""),
    ("rushzone-full", 31, "quarter_end", "END OF QUARTER", ""),
    ("thirdandlong-full", 102, "turnover_on_downs", "TURNOVER!", ""),
    # A fumble returned all the way: the touchdown headlines, the turnover is said under it.
    ("rushzone-full", 43, "fumble_lost", "touchdown", "TURNOVER!"),
    ("rushzone-full", 52, "halftime", "END OF HALF", ""),
    ("rushzone-full", 111, "final", "FINAL", ""),
]


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    look.at_machine_pace(monkeypatch)
    # This test's own device: a settings folder no other test has written.
    (tmp_path / "config").mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture
def played(tmp_path: Path) -> Iterator[Any]:
    """A factory: an example played up to (not including) a line, opened on a tablet."""
    apps: list[ZebraApp] = []

    def at(example: str, number: int) -> tuple[ZebraApp, Any, str]:
        name = example.split("-")[0]
        script = parse_script((EXAMPLES / f"{example}.zebra").read_text("utf-8"), example)
        rules = rulesets.get(name)
        home, away = script.home or "Home", script.away or "Away"
        store = tmp_path / f"{example}-{number}.sqlite"
        referee = Referee(resolve(str(store), create=True))
        outcome = referee.start(name, home, away, script.options, by="a coach")
        version = outcome.version
        state = rules.initial(home, away, script.options)
        for at_line, line in script.lines:
            if at_line == number:
                break
            version = referee.enter(outcome.game_id, line, "a coach", expect=version).version
            state, _ = rules.apply(state, line)
        line = dict(script.lines)[number]
        if apps:
            h.close(apps.pop())
        app = h.launch(referee)
        apps.append(app)
        app.open_game(str(outcome.game_id))
        h.frames()
        path = Coach(rules).path(state, rules.expected(state), line)
        assert path is not None, f"{example}:{number}: {line!r}"
        return app, path, line

    yield at
    for app in apps:
        h.close(app)


def last_kinds(app: ZebraApp) -> set[str]:
    record = app.referee.record(app.referee.games()[-1].game_id)
    return {str(r["kind"]) for r in record.lines[-1].rulings}


def card(app: ZebraApp) -> tuple[str, str]:
    """The moment card as the table sees it: its headline and second line, or blanks."""
    ids = app.manager.current_screen.ids
    if ids.moment.opacity < 0.5:
        return "", ""
    return look.plain(ids.moment_headline.text), look.plain(ids.moment_more.text)


@pytest.mark.parametrize(("example", "number", "kind", "headline", "more"), MOMENTS)
def test_each_moment_tapped_on_the_pad_puts_up_its_card(
    played: Any, example: str, number: int, kind: str, headline: str, more: str
) -> None:
    app, path, _line = played(example, number)
    before = dict(app.status["score"])
    assert card(app) == ("", "")
    look.enter(app, path)
    h.frames()
    assert kind in last_kinds(app)
    shown, under = card(app)
    assert under == more
    if headline == "touchdown":
        scorer = next(s for s in ("home", "away") if app.status["score"][s] >= before[s] + 6)
        assert shown == f"TOUCHDOWN {app.status[scorer].upper()}!"
    else:
        assert shown == headline
    assert not look.geometry_problems(app)
    # The next tap puts the card away, and still does what it does (the log opens).
    h.tap(app.manager.current_screen.ids.log_button)
    assert card(app) == ("", "") and app.drawer_open


def test_an_entry_that_is_no_moment_puts_up_no_card(played: Any) -> None:
    app, path, _ = played("rushzone-full", 27)
    entries = app.status["entries"]
    look.enter(app, path)
    h.frames()
    assert app.status["entries"] == entries + 1 and app.banner_text
    assert card(app) == ("", "") and app.moment_headline == ""


@pytest.mark.parametrize(
    ("example", "number", "kind", "headline"),
    [
        ("firstandgoal-full", 92, "potential_turnover", ""),
        ("thirdandlong-full", 70, "turnover_check", ""),
        # The referee's die says no turnover, and the half ends: the half is the moment.
        ("firstandgoal-full", 189, "no_turnover", "END OF HALF"),
    ],
)
def test_a_ruling_that_only_looks_for_a_turnover_is_no_turnover(
    played: Any, example: str, number: int, kind: str, headline: str
) -> None:
    app, _path, line = played(example, number)
    app.submit(line)  # as TYPE enters it: the app's own way to the referee
    h.frames()
    assert kind in last_kinds(app)
    assert "TURNOVER!" not in card(app)[0] + card(app)[1]
    assert card(app)[0] == headline


def test_the_card_goes_after_a_few_seconds_without_a_tap(played: Any) -> None:
    app, path, _ = played("rushzone-full", 31)
    app.moment_seconds = 0.2
    look.enter(app, path)
    h.frames()
    assert card(app)[0] == "END OF QUARTER"
    time.sleep(0.3)
    h.frames()
    assert card(app) == ("", "")
    assert moments.MOMENT_SECONDS >= 2.0  # long enough to read across a table


def test_sound_and_vibration_are_asked_for_only_with_the_toggle_on(
    played: Any, tmp_path: Path
) -> None:
    app, path, _ = played("rushzone-full", 26)
    # Off by default, on a new device: the card, nothing else.
    assert app.alerts_on is False
    look.enter(app, path)
    h.frames()
    assert card(app)[0].startswith("TOUCHDOWN") and app.requested == []
    # Turned on in the log drawer, by a finger; kept in this device's settings.
    h.tap(app.manager.current_screen.ids.log_button)
    toggle = app.manager.current_screen.ids.alerts_button
    assert look.plain(toggle.text).endswith("OFF")
    h.tap(toggle)
    assert app.alerts_on and look.plain(toggle.text).endswith("ON")
    saved = json.loads((tmp_path / "config" / "zebra" / moments.SETTINGS_FILE).read_text())
    assert saved == {"alerts": True}
    h.tap(app.manager.current_screen.ids.log_button)

    app, path, _ = played("rushzone-full", 31)
    assert app.alerts_on is True  # a new app on this device reads the setting back
    look.enter(app, path)
    h.frames()
    assert app.requested == [("sound", "whistle.wav"), ("vibrate", moments.BUZZ_MS["quarter"])]
    # A non-moment entry asks for nothing.
    app, path, _ = played("rushzone-full", 27)
    look.enter(app, path)
    h.frames()
    assert app.requested == []
    # Turned off again: a moment is a card only.
    h.tap(app.manager.current_screen.ids.log_button)
    h.tap(app.manager.current_screen.ids.alerts_button)
    assert app.alerts_on is False
    h.tap(app.manager.current_screen.ids.log_button)
    app.announce(moments.moments_of([Ruling("final", "Final.")], NAMES))
    h.frames(1)
    assert card(app)[0] == "FINAL" and app.requested == []


def test_each_moment_kind_from_the_rulings_kinds() -> None:
    def of(*kinds: str, team: str | None = "home") -> list[str]:
        rulings = [Ruling(k, k, team=team) for k in kinds]
        return [m.headline for m in moments.moments_of(rulings, NAMES)]

    assert of("touchdown") == ["TOUCHDOWN BEARS!"]
    assert of("defensive_touchdown", team="away") == ["TOUCHDOWN PACKERS!"]
    assert of("interception") == ["TURNOVER!"]
    assert of("turnover_on_downs") == ["TURNOVER!"]
    assert of("quarter_end") == ["END OF QUARTER"]
    assert of("halftime") == ["END OF HALF"]
    assert of("final") == ["FINAL"]
    # The game's end says the period's end too; a touchdown on the half's last play, both.
    assert of("quarter_end", "final") == ["FINAL"]
    assert of("halftime", "touchdown") == ["TOUCHDOWN BEARS!", "END OF HALF"]
    assert of("interception", "return_touchdown", "touchdown") == ["TOUCHDOWN BEARS!", "TURNOVER!"]
    # What only looks for a turnover, or is a word of one, is none.
    for name in ("no_turnover", "turnover_check", "potential_turnover", "fumble", "turnover_dice"):
        assert of(name) == [], name
    assert of("field_goal") == [] and of() == []


def test_the_setting_is_off_unless_saved_on(tmp_path: Path) -> None:
    assert moments.load_settings(tmp_path) == moments.Settings(alerts=False)
    (tmp_path / moments.SETTINGS_FILE).write_text("{not json")
    assert moments.load_settings(tmp_path).alerts is False
    (tmp_path / moments.SETTINGS_FILE).write_text('{"alerts": "yes"}')
    assert moments.load_settings(tmp_path).alerts is False
    moments.save_settings(tmp_path / "new", moments.Settings(alerts=True))
    assert moments.load_settings(tmp_path / "new").alerts is True
    moments.save_settings(tmp_path / "new", moments.Settings(alerts=False))
    assert moments.load_settings(tmp_path / "new").alerts is False


def test_the_tones_are_the_committed_wav_files_and_are_packaged(tmp_path: Path) -> None:
    made = tones.write_tones(tmp_path)
    assert {p.name for p in made} == set(moments.SOUNDS.values())
    for path in made:
        committed = tones.DATA / path.name
        assert committed.read_bytes() == path.read_bytes(), "run: python -m mobile.tones"
        with wave.open(str(committed)) as sound:
            seconds = sound.getnframes() / sound.getframerate()
            assert sound.getnchannels() == 1 and 0.1 < seconds < 2.0
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"data/*.wav"' in pyproject
    assert "wav" in (ROOT / "buildozer.spec").read_text().split("source.include_exts =")[1]


def test_no_audio_device_is_no_failure(tmp_path: Path) -> None:
    from mobile import device

    # A file no audio provider can read, and a path that is not there: False, nothing raised.
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a sound")
    assert device.play_sound(bad) is False
    assert device.play_sound(tmp_path / "missing.wav") is False
    # Off Android there is no vibrator to ask.
    assert device.vibrate(100) is False


def test_an_entry_made_on_another_screen_puts_up_its_card_once(played: Any, tmp_path: Path) -> None:
    """The CLI (or another tablet) records the touchdown through the service on the same store
    while this tablet shows the game: when the tablet next reads the game (its poll), the card
    is up, as for its own entry; it is not shown again, and not on opening the game again."""
    app, _path, line = played("rushzone-full", 26)
    gid = app.referee.games()[-1].game_id
    other = Referee(resolve(str(tmp_path / "rushzone-full-26.sqlite"), create=False))
    version = other.record(gid).version
    other.enter(gid, line, "the CLI", expect=version)
    h.frames()
    assert card(app) == ("", "")  # not read yet: the poll has not run
    app.watch()
    h.frames()
    assert "touchdown" in last_kinds(app)
    assert card(app)[0].startswith("TOUCHDOWN ") and card(app)[0].endswith("!")
    app.hide_moment()
    app.watch(always=True)  # read again: the same entry is no news
    h.frames()
    assert card(app) == ("", "")
    # Opened again (from the home screen) the game's past puts up no card.
    app.go_home()
    h.frames()
    app.open_game(str(gid))
    h.frames()
    assert card(app) == ("", "")
    # An entry of the other screen's that is no moment puts up no card either.
    app, _path, line = played("rushzone-full", 27)
    gid = app.referee.games()[-1].game_id
    other = Referee(resolve(str(tmp_path / "rushzone-full-27.sqlite"), create=False))
    other.enter(gid, line, "the CLI", expect=other.record(gid).version)
    app.watch()
    h.frames()
    assert app.status["version"] == other.record(gid).version and card(app) == ("", "")
