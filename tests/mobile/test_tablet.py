"""The tablet, driven through its real widget tree: coaches tap, the referee service rules.

Every tap goes through a simulated touch on the button's centre, so the kv handlers run exactly
as a finger would run them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from uuid import UUID

import pytest
from kivy.uix.widget import Widget
from typer.testing import CliRunner

from companion import board, cli
from companion.cli import app as cli_app
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from domain import rulesets
from domain.ruleset import EntryForm, Prompt, Slot
from mobile import headless as h
from mobile import pad
from mobile.app import OTHER_COACH, ZebraApp
from tests.mobile.screen import at_machine_pace, long_press

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# The drive the table plays, as the CLI's script mode would read it. "undo" strikes the entry
# before it (a cocked die), exactly as the tablet's UNDO button does.
DRIVE = [
    "toss home",
    "receive",
    "green 4 2",
    "white 6 2 4 3 5 1",
    "white 1 1 1 6 6 6",
    "undo the die was cocked",
    "white 2 2 3 3 4 5",
    "punt",
    "green 4",
    "white 5 5 5 1 2 1",
    "white 6 6 6 1 1 1",
    "pat",
]


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "zebra.sqlite")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


@pytest.fixture
def tablet(store: str) -> Iterator[ZebraApp]:
    app = h.launch(Referee(resolve(store, create=True)))
    yield app
    h.close(app)


def button(app: ZebraApp, cls: str, **attrs: object) -> object:
    """The one widget of a class with these attributes, once the frames due have built it."""
    found: list[object] = []
    for _ in range(20):
        # A popup being dismissed fades out for a moment; only the open one counts.
        root = app.reason_popup if cls == "ReasonButton" else app.root_window
        found = h.find(root, cls, **attrs) if root is not None else []
        if len(found) == 1:
            return found[0]
        h.frames(1)
    raise AssertionError(f"expected one {cls} {attrs}, found {len(found)}")


def pad_values(app: ZebraApp) -> list[str]:
    h.frames(1)
    return [b.value for b in h.find(app.root, "ChoiceButton")]


def form_keywords(app: ZebraApp) -> list[str]:
    h.frames(1)
    forms = app.pad.prompt.forms
    return [forms[b.index].keyword for b in h.find(app.root, "FormButton", role="form")]


def start_by_taps(app: ZebraApp, home: str = "Bears", away: str = "Packers") -> None:
    assert app.manager.current == "home"
    h.tap(button(app, "FitButton", source="NEW GAME"))
    screen = app.manager.current_screen
    assert screen.name == "newgame"
    h.tap(button(app, "TeamToggle", value="rushzone"))
    screen.ids.home.text = home
    screen.ids.away.text = away
    h.tap(screen.ids.start)
    assert app.manager.current == "table"


def tap_entry(app: ZebraApp, entry: str) -> None:
    """Enter one line of DRIVE by tapping the buttons a coach would tap."""
    keyword, *values = entry.split()
    if keyword == "undo":
        h.tap(app.manager.current_screen.ids.undo)
        reason = " ".join(values)
        h.tap(button(app, "ReasonButton", source=reason))
        return
    if app.pad.form is None:
        index = next(i for i, f in enumerate(app.pad.prompt.forms) if f.keyword == keyword)
        h.tap(button(app, "FormButton", index=index))
    assert app.pad.form is not None or not values
    for value in values:
        h.tap(button(app, "ChoiceButton", value=value))


def script_status(tmp_path: Path, lines: list[str] | Path) -> dict[str, object]:
    """What the CLI's script mode makes of the same entries, in a store of its own."""
    script = tmp_path / "drive.zebra"
    if isinstance(lines, Path):
        script = lines
    else:
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    other = str(tmp_path / "cli.sqlite")
    runner = CliRunner()
    args = ["--home", "Bears", "--away", "Packers", "--script", str(script), "--store", other]
    played = runner.invoke(cli.app, ["play", "rushzone", *args])
    assert played.exit_code == 0, played.output
    shown = runner.invoke(cli.app, ["status", "--json", "--store", other])
    assert shown.exit_code == 0, shown.output
    return json.loads(shown.output)


def same_game(one: dict[str, object], other: dict[str, object]) -> bool:
    """The same situation, whatever the game's id and however many events led to it."""
    apart = {"game_id": None, "version": None}
    return {**one, **apart} == {**other, **apart}


def test_a_drive_tapped_on_the_tablet_is_ruled_as_the_cli_rules_it(
    tablet: ZebraApp, tmp_path: Path
) -> None:
    app = tablet
    start_by_taps(app)
    assert app.home_name == "Bears" and app.away_name == "Packers"
    for entry in DRIVE:
        if entry == "white 6 2 4 3 5 1":
            # A mis-tapped face is taken back with BACK before the entry is complete.
            h.tap(button(app, "ChoiceButton", value="3"))
            assert app.pad.values == ["3"]
            h.tap(app.manager.current_screen.ids.pad_back)
            assert app.pad.values == []
        tap_entry(app, entry)
        if entry == "white 6 2 4 3 5 1":
            assert app.status["ball_on"] == 70 and app.status["down"] == 1
            assert "first down" in app.banner_text
        if entry == "white 1 1 1 6 6 6":
            # The loose ball returned for a touchdown fills the banner; it cannot be missed.
            assert app.banner_kind == "score"
            assert app.banner_headline == "TOUCHDOWN PACKERS!"
            assert "loose ball" in app.banner_text
            assert app.away_score == "6"
        if entry.startswith("undo"):
            assert app.banner_kind == "struck"
            assert app.away_score == "0"
    tablet_status = app.referee.status(UUID(app.game_id))
    cli_status = script_status(tmp_path, DRIVE)
    assert same_game(tablet_status, cli_status)
    assert app.away_score == "7" and app.home_score == "0"
    assert tablet_status["struck"] == 1
    # The struck entry is in the log drawer, struck through, with its reason.
    h.tap(app.manager.current_screen.ids.log_button)
    assert app.drawer_open
    struck = [r for r in app.log_rows if "[s]" in r["text"]]
    assert len(struck) == 1 and "white 1 1 1 6 6 6" in struck[0]["text"]
    assert "the die was cocked" in struck[0]["text"]
    # And it draws: the table renders to a picture that is not blank.
    h.DRAW_FRAMES = True
    h.frames(3)
    picture = tmp_path / "table.png"
    app.root.export_to_png(str(picture))
    assert picture.stat().st_size > 20_000


def test_a_killed_app_reopens_on_the_same_game_and_entry(store: str) -> None:
    app = h.launch(Referee(resolve(store, create=True)))
    start_by_taps(app)
    for entry in DRIVE[:4]:
        tap_entry(app, entry)
    game, prompt, seen = app.game_id, app.prompt_text, app.status
    assert app.on_pause() is True
    h.close(app)  # killed: nothing survives but the store

    again = h.launch(Referee(resolve(store, create=False)))
    try:
        assert again.manager.current == "table"
        assert again.game_id == game
        assert again.prompt_text == prompt
        assert again.status == seen
        assert pad_values(again) == ["1", "2", "3", "4", "5", "6"]
        # The home screen lists the game with its score; tapping it resumes it.
        h.tap(again.manager.current_screen.ids.games_button)
        assert again.manager.current == "home"
        row = button(again, "GameRow", game_id=game)
        assert "Bears 0 - Packers 0" in row.text and "NFL Rush Zone" in row.text
        h.tap(row)
        assert again.manager.current == "table" and again.game_id == game
        tap_entry(again, DRIVE[4])
        assert again.away_score == "6"
    finally:
        h.close(again)


def test_the_pad_offers_only_legal_values(tablet: ZebraApp) -> None:
    app = tablet
    start_by_taps(app)
    # The coin toss: the two teams, by name, and nothing else.
    assert pad_values(app) == ["home", "away"]
    assert sorted(b.text for b in h.find(app.root, "ChoiceButton")) == ["Bears", "Packers"]
    for entry in DRIVE[:2]:
        tap_entry(app, entry)
    # Each of the six white or green dice offers exactly its faces, one to six.
    for entry in DRIVE[2:5]:
        for value in entry.split()[1:]:
            assert pad_values(app) == [str(v) for v in range(1, 7)]
            slot = app.pad.slot
            assert slot is not None and slot.kind == "die"
            # A face the die does not have is not taken: the pad is as it was.
            before = list(app.pad.values)
            assert app.pad.choose("7") is None and app.pad.values == before
            h.tap(button(app, "ChoiceButton", value=value))
    # After a touchdown: only the try choices; no dice, no punt.
    assert form_keywords(app) == ["pat", "two"]
    assert pad_values(app) == []
    tap_entry(app, "undo the die was misread")
    tap_entry(app, DRIVE[6])
    # 4th down at the Bears 30: a field goal is out of range, so the pad does not offer it.
    assert form_keywords(app) == ["go", "punt"]
    # Every button on the pad is one of the prompt's legal forms.
    legal = {f.keyword for f in app.referee.prompt(UUID(app.game_id)).forms}
    assert set(form_keywords(app)) <= legal


def test_a_refused_entry_is_shown_in_place_and_nothing_is_recorded(tablet: ZebraApp) -> None:
    app = tablet
    start_by_taps(app)
    before = app.referee.status(UUID(app.game_id))
    app.submit("receive")  # not due: the toss comes first
    h.frames()
    assert app.banner_kind == "error" and app.banner_headline == "NOT RECORDED"
    assert "receive" in app.banner_text
    assert app.referee.status(UUID(app.game_id)) == before


def test_long_press_strikes_or_restores_an_entry_with_a_reason(tablet: ZebraApp) -> None:
    app = tablet
    start_by_taps(app)
    for entry in DRIVE[:4]:
        tap_entry(app, entry)
    h.tap(app.manager.current_screen.ids.log_button)
    gid = UUID(app.game_id)
    # The last entry: struck at once (an undo), with the reason picked.
    long_press(app, 4)
    assert app.strike_preview == "Strike entry 4: white 6 2 4 3 5 1"
    h.tap(button(app, "ReasonButton", source="wrong button tapped"))
    assert app.referee.log(gid)[-1].struck == "wrong button tapped"
    assert app.prompt_text.startswith("1st and 10 at Bears 20")
    # An earlier entry whose removal leaves a later one that no longer fits: refused in the
    # picker with the reason, nothing recorded, until the coach strikes the later one too.
    long_press(app, 2)
    assert app.strike_preview == "Strike entry 2: receive"
    h.tap(button(app, "ReasonButton", source="the die was misread"))
    assert "no longer fit" in app.correction_message and app.can_force
    assert [p.struck for p in app.referee.log(gid)][:3] == [None, None, None]
    h.tap(app.reason_popup.ids.force)
    assert [p.struck is None for p in app.referee.log(gid)] == [True, False, False, False]
    assert app.prompt_text.startswith("Bears won the toss")
    assert "Also struck" in app.banner_text
    # A struck entry: long-press restores it where it stood.
    long_press(app, 2)
    assert app.strike_preview == "Restore entry 2: receive"
    h.tap(button(app, "ReasonButton", source="the strike was a mistake"))
    assert [p.struck is None for p in app.referee.log(gid)] == [True, True, False, False]
    assert app.banner_headline == "RESTORED"
    assert app.prompt_text.startswith("Kickoff to Bears")
    struck = [r for r in app.log_rows if "[s]" in r["text"]]
    assert [r["seq"] for r in struck] == [4, 3]


@pytest.mark.parametrize("name", rulesets.names())
def test_every_ruleset_opens_on_a_pad_of_its_legal_forms(tablet: ZebraApp, name: str) -> None:
    app = tablet
    app.start_game(name, "Bears", "Packers", {})
    h.frames()
    assert app.manager.current == "table"
    prompt = app.referee.prompt(UUID(app.game_id))
    main = [f.keyword for f in prompt.forms if f.keyword not in pad.INTERRUPT_KEYWORDS]
    if app.pad.form is None:
        # A button per legal form, in the prompt's order, and nothing else.
        assert form_keywords(app) == main
    else:
        # A single form that needs values opens straight on its first slot's legal values.
        assert [app.pad.form.keyword] == main
        if app.pad.mode == "choices":
            assert pad_values(app) == [c.value for c in pad.slot_choices(app.pad.slot, {})]
    interrupts = [f.keyword for f in prompt.forms if f.keyword in pad.INTERRUPT_KEYWORDS]
    shown = h.find(app.root, "FormButton", role="interrupt")
    assert sorted(prompt.forms[b.index].keyword for b in shown) == sorted(interrupts)


def test_a_wide_number_range_gets_a_number_pad_that_only_accepts_legal_values() -> None:
    prompt = Prompt(
        "home",
        "Enter the penalty yards",
        (EntryForm("penalty", "yards", (Slot("change", "number", low=-15, high=15),)),),
    )
    numbers = pad.Pad(prompt)
    assert numbers.mode == "numpad"
    for key in "20":
        numbers.key(key)
    assert numbers.typed == "20" and not numbers.typed_ok()
    numbers.key("C")
    for key in ["1", "2", "-"]:
        numbers.key(key)
    assert numbers.typed == "-12" and numbers.typed_ok()
    assert numbers.choose(numbers.typed) == "penalty -12"
    refused = pad.Pad(prompt)
    assert refused.choose("16") is None and refused.values == [] and not refused.sent


def test_the_pad_offers_no_value_the_form_refuses_after_the_values_tapped() -> None:
    """Masters of the Gridiron: a Player # already in the Bears' roster is refused on the number
    pad (typed with a leading zero too) and the Packers may still use it; a card's second
    rating has no button for the first."""
    rules = rulesets.get("gridironmasters")
    state, _ = rules.apply(rules.initial("Bears", "Packers", {}), "card home 68 te redzone 72")
    prompt = rules.expected(state)
    card = next(i for i, f in enumerate(prompt.forms) if f.keyword == "card")
    typed = pad.Pad(prompt)
    typed.select(card)
    typed.choose("home")
    assert typed.mode == "numpad"
    for key in "068":
        typed.key(key)
    assert not typed.typed_ok()
    # Refused: not taken, the pad as it was.
    assert typed.choose("68") is None and typed.values == ["home"]
    typed.key("C")
    typed.key("9")
    assert typed.typed_ok()
    typed.back()  # the 9 typed
    typed.back()  # the team
    typed.choose("away")
    assert typed.choose("68") is None and typed.values == ["away", "68"]
    two = next(
        i for i, f in enumerate(prompt.forms) if f.keyword == "offense" and len(f.slots) == 5
    )
    typed.select(two)
    for value in ("wr", "receiving", "60"):
        typed.choose(value)
    assert typed.slot is not None and typed.slot.label == "rating 2"
    assert "receiving" not in [c.value for c in typed.choices()]
    assert "redzone" in [c.value for c in typed.choices()]
    assert typed.choose("receiving") is None
    assert typed.values == ["wr", "receiving", "60"]


def test_a_whole_game_entered_on_the_pad_ends_as_the_cli_ends_it(
    tablet: ZebraApp, tmp_path: Path
) -> None:
    """Every entry of the example game is composed from the values the pad offers.

    The pad's own handlers are called (what each button's kv rule calls) and the scheduled
    refresh runs after each entry, but frames are drawn only at the end, so a whole game stays
    quick; the tests above press the real buttons and draw every frame.
    """
    example = EXAMPLES / "rushzone-full.zebra"
    script = parse_script(example.read_text(encoding="utf-8"), str(example))
    app = tablet
    app.start_game("rushzone", script.home or "Home", script.away or "Away", script.options)
    h.frames(1)
    for number, line in script.lines:
        keyword, *values = line.split()
        if app.pad.form is None or app.pad.form.keyword != keyword:
            forms = app.pad.prompt.forms
            app.tap_form(next(i for i, f in enumerate(forms) if f.keyword == keyword))
        for value in values:
            app.tap_value(value)  # raises if the pad does not offer this value now
        h.settle()
        assert app.banner_kind != "error", f"line {number}: {line}: {app.banner_text}"
    h.frames()
    tablet_status = app.referee.status(UUID(app.game_id))
    assert tablet_status["finished"]
    assert app.clock_text == "FINAL" and app.pad.mode == "idle"
    cli_status = script_status(tmp_path, example)
    assert same_game(tablet_status, cli_status)


def test_rotating_or_resizing_the_window_keeps_the_game_and_the_taps_so_far(
    tablet: ZebraApp,
) -> None:
    app = tablet
    start_by_taps(app)
    for entry in DRIVE[:3]:
        tap_entry(app, entry)
    h.tap(button(app, "ChoiceButton", value="6"))
    before = (app.game_id, app.prompt_text, app.status, list(app.pad.values))
    window = app.root_window
    window.size = (800, 1280)
    h.frames()
    assert (app.game_id, app.prompt_text, app.status, list(app.pad.values)) == before
    window.size = h.TABLET
    h.frames()
    assert (app.game_id, app.prompt_text, app.status, list(app.pad.values)) == before
    # Android pauses and resumes the app: the game is read back, the tapped face stays.
    assert app.on_pause() is True
    app.on_resume()
    h.frames()
    assert (app.game_id, app.prompt_text, app.status, list(app.pad.values)) == before
    assert pad_values(app) == [str(v) for v in range(1, 7)]


def test_the_new_game_screen_offers_each_rulesets_options_and_refuses_blank_names(
    tablet: ZebraApp,
) -> None:
    app = tablet
    h.tap(button(app, "FitButton", source="NEW GAME"))
    screen = app.manager.current_screen
    offered = {t.value for t in h.find(app.root, "TeamToggle", group="ruleset")}
    assert offered == set(rulesets.names())
    h.tap(button(app, "TeamToggle", option="youngest", value="yes"))
    screen.ids.home.text = "   "
    h.tap(screen.ids.start)
    # Refused in place: still on the new-game screen, with the reason, and nothing stored.
    assert app.manager.current == "newgame" and app.message
    assert app.referee.games() == []
    screen.ids.home.text = "Bears"
    h.tap(screen.ids.start)
    assert app.manager.current == "table"
    assert app.referee.game(UUID(app.game_id)).options == {"youngest": "yes"}


@pytest.mark.parametrize(("week", "fits"), [("22", True), ("23", False)])
def test_the_new_game_screen_takes_a_season_and_week_checked_as_the_cli_checks_them(
    tablet: ZebraApp, week: str, fits: bool
) -> None:
    app = tablet
    h.tap(button(app, "FitButton", source="NEW GAME"))
    screen = app.manager.current_screen
    h.tap(button(app, "TeamToggle", value="rushzone"))
    screen.ids.season.text = "2031"
    screen.ids.week.text = week
    h.tap(screen.ids.start)
    if not fits:
        # Refused in place, with the CLI's line, and nothing stored.
        assert app.manager.current == "newgame"
        assert app.message.startswith("the week 23 is not from 1 to 22")
        assert app.referee.games() == []
        return
    assert app.manager.current == "table"
    status = app.referee.status(UUID(app.game_id))
    assert (status["season"], status["week"]) == (2031, 22)


def test_the_field_strip_is_drawn_from_the_status_alone() -> None:
    base = {"home": "Bears", "away": "Packers", "down": 1, "distance": 10, "goal_to_go": False}
    # Home attacks the right-hand goal: 70 yards to go is the Bears 30, the line to gain at 40.
    bears = board.field_view({**base, "possession": "home", "ball_on": 70})
    assert (bears.ball, bears.gain, bears.attacking) == (30.0, 40.0, 1)
    packers = board.field_view({**base, "possession": "away", "ball_on": 30})
    assert (packers.ball, packers.gain, packers.attacking) == (30.0, 20.0, -1)
    goal = board.field_view({**base, "possession": "home", "ball_on": 10, "goal_to_go": True})
    assert goal.gain is None and goal.ball == 90.0
    slots = {"home": [{"points": 7}, None], "away": [None, None]}
    masters = board.field_view({**base, "possession": None, "ball_on": None, "slots": slots})
    assert masters.ball is None and masters.slots == (("7", ""), ("", ""))
    moments = {"key_moments_left": 2, "key_moments": 5}
    third = board.field_view({**base, "possession": "home", "ball_on": None, **moments})
    assert third.moments == (2, 5)


def test_the_number_pad_enables_ok_only_for_a_legal_number(tablet: ZebraApp) -> None:
    app = tablet
    start_by_taps(app)
    # No Rush Zone entry takes a printed number, so a card game's slot is put on the pad.
    prompt = Prompt(
        "home",
        "Enter the yards on the card",
        (EntryForm("yards", "the card's yards", (Slot("yards", "number", low=-15, high=15),)),),
    )
    app.pad = pad.Pad(prompt, {})
    app.pad_key("C")
    h.frames()

    def key(name: str) -> object:
        return button(app, "KeyButton", key=name)

    assert key("OK").disabled
    h.tap(key("2"))
    h.tap(key("0"))
    assert app.pad.typed == "20" and key("OK").disabled
    h.tap(key("C"))
    h.tap(key("1"))
    h.tap(key("2"))
    h.tap(key("-"))
    assert app.pad.typed == "-12" and not key("OK").disabled
    before = app.referee.status(UUID(app.game_id))
    h.tap(key("OK"))
    # Rush Zone has no such entry: the refusal is shown in place and nothing is recorded.
    assert app.banner_kind == "error"
    assert app.referee.status(UUID(app.game_id)) == before


def test_a_game_played_by_agreement_shows_the_waiting_correction(tablet: ZebraApp) -> None:
    app = tablet
    app.start_game("rushzone", "Bears", "Packers", {"disputes": "agree"})
    h.frames()
    for entry in DRIVE[:2]:
        tap_entry(app, entry)
    tap_entry(app, "undo the die was misread")
    # Nothing is struck until the other coach agrees; the table sees what is waiting.
    assert app.banner_headline == "PROPOSED"
    assert "strike entry 2" in app.waiting
    assert [p.struck for p in app.referee.log(UUID(app.game_id))] == [None, None]


def test_long_press_amends_an_entry_or_inserts_one_before_it_on_the_pad(
    tablet: ZebraApp, tmp_path: Path
) -> None:
    app = tablet
    start_by_taps(app)
    for entry in DRIVE[:4]:
        tap_entry(app, entry)
    h.tap(app.manager.current_screen.ids.log_button)
    gid = UUID(app.game_id)
    # Amend: the kickoff die really showed 5. The pad offers the kickoff as it was then.
    long_press(app, 3)
    h.tap(button(app, "ModeButton", mode="amend"))
    assert app.strike_preview == "Amend entry 3: green 4 2"
    h.tap(button(app, "ReasonButton", source="the die was misread"))
    assert app.correcting and app.prompt_text.startswith("AMEND entry 3")
    assert pad_values(app) == [str(v) for v in range(1, 7)]
    h.tap(button(app, "ChoiceButton", value="5"))
    h.tap(button(app, "ChoiceButton", value="2"))
    assert not app.correcting and app.banner_headline == "AMENDED"
    amended = ["toss home", "receive", "green 5 2", "white 6 2 4 3 5 1"]
    cli = script_status(tmp_path, amended)
    assert same_game(app.referee.status(gid), cli)
    # Insert before entry 2: Bears really chose to kick. "receive" then no longer fits, so the
    # service refuses until the coach strikes it too; the picker says so and offers it.
    long_press(app, 2)
    h.tap(button(app, "ModeButton", mode="insert"))
    h.tap(button(app, "ReasonButton", source="wrong button tapped"))
    assert form_keywords(app) == ["receive", "kick"]
    h.tap(button(app, "FormButton", index=1))
    assert "no longer fit" in app.correction_message and app.can_force
    assert len(app.referee.log(gid)) == 4
    h.tap(app.reason_popup.ids.force)
    log = app.referee.log(gid)
    assert [(p.entry, p.struck is None) for p in log][:3] == [
        ("toss home", True),
        ("kick", True),
        ("receive", False),
    ]
    assert app.banner_headline == "INSERTED" and not app.correcting
    # Cancel leaves a correction without recording anything.
    long_press(app, 1)
    h.tap(button(app, "ModeButton", mode="amend"))
    h.tap(button(app, "ReasonButton", source="the die was misread"))
    assert app.correcting
    h.tap(app.manager.current_screen.ids.cancel_correction)
    assert not app.correcting and app.referee.log(gid) == log
    assert app.prompt_text == app.referee.prompt(gid).text


def test_an_entry_the_pad_cannot_offer_is_typed_with_the_clis_refusals(tablet: ZebraApp) -> None:
    app = tablet
    start_by_taps(app)
    gid = UUID(app.game_id)
    h.tap(app.manager.current_screen.ids.type_button)
    popup = app.typed_popup
    assert popup is not None and "toss" in app.typed_legal
    popup.ids.entry.text = "receive"
    h.tap(popup.ids.enter)
    # Refused in place: the popup stays with the reason, and nothing is recorded.
    assert app.typed_popup is popup and "not due" in app.typed_message
    assert app.referee.log(gid) == []
    popup.ids.entry.text = "toss away"
    h.tap(popup.ids.enter)
    assert app.typed_popup is None
    assert [p.entry for p in app.referee.log(gid)] == ["toss away"]
    assert app.prompt_text.startswith("Packers won the toss")


def test_a_card_games_roster_files_are_checked_before_the_game_starts(
    tablet: ZebraApp, tmp_path: Path
) -> None:
    app = tablet
    h.tap(button(app, "FitButton", source="NEW GAME"))
    screen = app.manager.current_screen
    assert not screen.with_rosters  # Rush Zone has no rosters
    h.tap(button(app, "TeamToggle", value="thirdandlong"))
    assert screen.with_rosters
    broken = tmp_path / "broken.toml"
    broken.write_text("this is not a roster\n", encoding="utf-8")
    screen.ids.home.text, screen.ids.away.text = "Rodeo", "Buffalo"
    screen.ids.home_roster.text = str(broken)
    h.tap(screen.ids.start)
    # Every broken rule is listed in place; nothing is stored.
    assert app.manager.current == "newgame" and "home roster" in app.message
    assert app.referee.games() == []
    screen.ids.home_roster.text = str(EXAMPLES / "thirdandlong-roster.toml")
    h.tap(screen.ids.start)
    assert app.manager.current == "table"
    cli = CliRunner().invoke(
        cli_app,
        ["roster", "check", "thirdandlong", str(EXAMPLES / "thirdandlong-roster.toml")],
    )
    assert cli.exit_code == 0, cli.output
    # The roster's stars are the game's first entries, as the CLI records them.
    entries = [p.entry for p in app.referee.log(UUID(app.game_id))]
    assert entries and all(e.startswith("star home") for e in entries)


def test_new_game_refuses_a_misspelt_roster_table_and_a_team_named_as_a_side(
    tablet: ZebraApp, tmp_path: Path
) -> None:
    """Issue #26 at the tablet's door: a `[[star]]` file names `[[stars]]`, a home team called
    Away is refused, each in place with nothing stored (docs/rulings.md)."""
    app = tablet
    h.tap(button(app, "FitButton", source="NEW GAME"))
    screen = app.manager.current_screen
    h.tap(button(app, "TeamToggle", value="thirdandlong"))
    misspelt = tmp_path / "rodeo.toml"
    text = (EXAMPLES / "thirdandlong-roster.toml").read_text(encoding="utf-8")
    misspelt.write_text(text.replace("[[stars]]", "[[star]]"), encoding="utf-8")
    screen.ids.home.text, screen.ids.away.text = "Rodeo", "Buffalo"
    screen.ids.home_roster.text = str(misspelt)
    h.tap(screen.ids.start)
    assert app.manager.current == "newgame"
    assert "unknown table [[star]]: did you mean [[stars]]?" in app.message
    screen.ids.home_roster.text = ""
    screen.ids.home.text = "Away"
    h.tap(screen.ids.start)
    h.settle()
    assert app.manager.current == "newgame"
    assert "home team cannot be called 'Away'" in app.message
    assert app.referee.games() == []
    assert (app.referee.recorder.max_notification_id() or 0) == 0


def test_export_writes_every_format_to_the_documents_folder(
    tablet: ZebraApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from projections import playrows

    documents = tmp_path / "Documents"
    monkeypatch.setenv("ZEBRA_DOCUMENTS", str(documents))
    start_by_taps(tablet)
    for entry in DRIVE[:4]:
        tap_entry(tablet, entry)
    h.tap(tablet.manager.current_screen.ids.log_button)
    h.tap(tablet.manager.current_screen.ids.export_button)
    assert tablet.banner_headline == "EXPORTED"
    files = sorted(p.name.split(".", 1)[1] for p in documents.iterdir())
    # The play-by-play (csv, jsonl) and the auditors' entry rows (entries.csv, entries.jsonl).
    assert files == [
        "csv",
        "entries.csv",
        "entries.jsonl",
        "events.jsonl",
        "html",
        "jsonl",
        "md",
        "zebra",
    ]
    for table in documents.glob("*.csv"):
        assert playrows.verify(table.read_text()).ok
    assert "white 6 2 4 3 5 1" in next(documents.glob("*.zebra")).read_text()


def test_with_disputes_agree_the_other_coach_confirms_or_rejects_on_the_tablet(
    store: str,
) -> None:
    referee = Referee(resolve(store, create=True))
    game_id = referee.start("rushzone", "Bears", "Packers", {"disputes": "agree"}).game_id
    for text in DRIVE[:4]:
        referee.enter(game_id, text)
    app = h.launch(Referee(resolve(store, create=False)))
    try:
        assert app.game_id == str(game_id)
        tap_entry(app, "undo the die was cocked")
        assert app.status["pending"].startswith("strike entry 4")
        assert "CONFIRM" in app.waiting
        h.tap(button(app, "DisputeButton", decision="reject"))
        assert app.status["pending"] is None and app.status["struck"] == 0
        tap_entry(app, "undo the die was cocked")
        h.tap(button(app, "DisputeButton", decision="confirm"))
        assert app.status["pending"] is None and app.status["struck"] == 1
        record = referee.record(game_id)
        assert [c.kind for c in record.disputes] == [
            "proposed",
            "rejected",
            "proposed",
            "confirmed",
        ]
        assert record.disputes[-1].by == OTHER_COACH
    finally:
        h.close(app)


def test_first_and_goal_shows_its_down_columns() -> None:
    """1st & Goal's board marks the down in four columns (first-and-goal.en.md, "Down
    columns"): the game says which in its status, the field draws it; nothing asks the game's
    name."""
    status = {
        "ruleset": "firstandgoal",
        "possession": "home",
        "ball_on": 65,
        "down": 3,
        "distance": 4,
        "goal_to_go": False,
        "home": "Bears",
        "away": "Packers",
    }
    assert board.field_view({**status, "down_column": 3}).down_column == 3
    assert board.field_view({**status, "down_column": None}).down_column is None
    assert board.field_view(status).down_column is None
    # A game with downs but no down columns in its status draws none, whatever its name.
    assert board.field_view({**status, "ruleset": "rushzone"}).down_column is None


def test_the_first_and_goal_status_carries_the_down_column_the_field_draws() -> None:
    rules = rulesets.get("firstandgoal")
    script = parse_script((EXAMPLES / "firstandgoal-full.zebra").read_text(), "firstandgoal")
    state = rules.initial("Bears", "Packers", dict(script.options))
    columns = set()
    for _, line in script.lines:
        state, _ = rules.apply(state, line)
        status = rules.situation(state)
        if status["possession"] in ("home", "away") and isinstance(status["ball_on"], int):
            assert board.field_view(status).down_column == status["down"]
            columns.add(status["down"])
    assert columns == {1, 2, 3, 4}


# Two screens, one game (issue #13): every tap carries the version it was taken on. ------------

# Another process entering on the same store, as a second tablet or the CLI would.
OTHER_PROCESS = """
import sys
from uuid import UUID
from companion.service import Referee
from companion.store import resolve
store, game, text, seen = sys.argv[1:]
Referee(resolve(store, create=False)).enter(UUID(game), text, "the CLI", expect=int(seen))
"""


def until(done: Callable[[], bool], seconds: float) -> float:
    """Run real frames on the real clock until ``done``; how long it took (or AssertionError)."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        h.frames(1)
        if done():
            return time.monotonic() - started
        time.sleep(0.02)
    raise AssertionError(f"not shown within {seconds} s")


def touch_at_once(*widgets: Widget) -> None:
    """Fingers down and up on each widget, dispatched by the same next frame: one frame's
    touches, as a device delivers them."""
    for widget in widgets:
        finger = h.on(widget)
        finger.touch_down()
        finger.touch_up()


def test_an_entry_made_on_another_screen_shows_within_a_second(
    tablet: ZebraApp, store: str
) -> None:
    app = tablet
    start_by_taps(app)
    for entry in DRIVE[:3]:
        tap_entry(app, entry)
    ids = app.manager.current_screen.ids
    assert ids.prompt.text.startswith("1st and 10 at Bears 20")
    seen = str(app.status["version"])
    # Another process (the CLI's service) records the next roll on the same store.
    ran = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, store, app.game_id, DRIVE[3], seen],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    took = until(lambda: not ids.prompt.text.startswith("1st and 10 at Bears 20"), 1.5)
    assert took < 1.0
    # The labels on screen, not only the app's state: the new down and where the roll came from.
    assert ids.prompt.text.startswith("1st and 10 at Bears 30")
    assert ids.headline.text == "UPDATED"
    assert "'white 6 2 4 3 5 1' was entered by the CLI" in ids.banner_text.text
    # A second screen in this process scores: the score label shows it within the second.
    other = Referee(resolve(store, create=False))
    gid = UUID(app.game_id)
    other.enter(gid, DRIVE[4], "the other tablet", expect=other.record(gid).version)
    took = until(lambda: ids.away_score.text == "[b]6[/b]", 1.5)
    assert took < 1.0
    assert app.pad.prompt == app.referee.prompt(gid)
    # And this tablet goes on from there: its next entry is taken on what it now shows.
    tap_entry(app, "undo the die was cocked")
    assert ids.away_score.text == "[b]0[/b]"
    assert [p.struck for p in app.referee.log(gid)] == [None] * 4 + ["the die was cocked"]


def test_a_tap_on_a_screen_that_missed_an_entry_is_refused_with_what_happened(
    tablet: ZebraApp, store: str
) -> None:
    app = tablet
    # The screen that missed the entry is one whose look at the store has not come round yet:
    # the half-second look is stopped, or on a loaded machine it may come first ("UPDATED").
    app._watch_event.cancel()
    start_by_taps(app)
    for entry in DRIVE[:3]:
        tap_entry(app, entry)
    gid = UUID(app.game_id)
    other = Referee(resolve(store, create=False))
    # Five of the six white dice are tapped here; the last face's button is on screen.
    for face in ["6", "2", "4", "3", "5"]:
        h.tap(button(app, "ChoiceButton", value=face))
    last = button(app, "ChoiceButton", value="1")
    seen = other.record(gid).version
    assert app.status["version"] == seen
    # Meanwhile the other tablet records the roll, and this one's coach taps the last face
    # before the screen could know: no frame runs between the two.
    other.enter(gid, "white 6 2 4 3 5 1", "the other tablet", expect=seen)
    stored = len(other.game_events(gid))
    touch_at_once(last)
    h.frames()
    assert len(other.game_events(gid)) == stored
    ids = app.manager.current_screen.ids
    assert ids.headline.text == "NOT RECORDED"
    said = ids.banner_text.text
    assert said.startswith("the game moved on: 'white 6 2 4 3 5 1' was entered by the other")
    assert "nothing of yours was recorded" in said
    # The screen shows the game as it now is, on a fresh pad, and goes on from there.
    assert ids.prompt.text.startswith("1st and 10 at Bears 30")
    assert app.status["version"] == other.record(gid).version > seen
    assert app.pad.values == []
    tap_entry(app, DRIVE[4])
    assert ids.away_score.text == "[b]6[/b]"
    assert [p.entry for p in other.log(gid)] == DRIVE[:5]
    # An undo decided on what the picker showed, after the other tablet entered the try:
    # refused, nothing struck, and the touchdown and the try both stand.
    h.tap(app.manager.current_screen.ids.undo)
    assert app.strike_preview == "Strike entry 5: white 1 1 1 6 6 6"
    other.enter(gid, "pat", "the other tablet", expect=other.record(gid).version)
    stored = len(other.game_events(gid))
    h.tap(button(app, "ReasonButton", source="the die was cocked"))
    assert len(other.game_events(gid)) == stored
    assert ids.headline.text == "NOT RECORDED"
    assert "'pat' was entered by the other tablet" in ids.banner_text.text
    assert app.reason_popup is None and not app.correction
    assert [p.struck for p in other.log(gid)] == [None] * 6
    assert ids.away_score.text == "[b]7[/b]"


def test_two_touches_in_one_frame_on_the_button_that_ends_an_entry_record_it_once(
    tablet: ZebraApp,
) -> None:
    app = tablet
    start_by_taps(app)
    gid = UUID(app.game_id)
    ids = app.manager.current_screen.ids
    # The toss is one tap: a double tap used to find no value due and close the app.
    home = button(app, "ChoiceButton", value="home")
    touch_at_once(home, home)
    h.frames()
    assert [p.entry for p in app.referee.log(gid)] == ["toss home"]
    # A form without values is entered by its own tap: the second one is "already recorded",
    # quietly (no refusal shown).
    forms = app.pad.prompt.forms
    receive = button(app, "FormButton", index=[f.keyword for f in forms].index("receive"))
    touch_at_once(receive, receive)
    h.frames()
    assert [p.entry for p in app.referee.log(gid)] == ["toss home", "receive"]
    assert ids.headline.text != "NOT RECORDED" and app.banner_kind != "error"
    # The last die of a roll, twice in one frame: recorded once, and the app plays on.
    h.tap(button(app, "ChoiceButton", value="4"))
    two = button(app, "ChoiceButton", value="2")
    touch_at_once(two, two)
    h.frames()
    assert [p.entry for p in app.referee.log(gid)] == DRIVE[:3]
    assert app.banner_kind != "error"
    tap_entry(app, DRIVE[3])
    assert [p.entry for p in app.referee.log(gid)] == DRIVE[:4]
    assert ids.prompt.text.startswith("1st and 10 at Bears 30")


def test_a_game_ruled_under_other_rules_is_named_on_opening_and_no_tap_records(
    store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # docs/rulings.md, "A game remembers the rules that judged it": Red Zone's time-out adds 6
    # cards under rules 2, in this process only (tests/companion/test_rerule.py does the same
    # through the CLI).
    from domain import rules_versions
    from domain.rulesets.redzone import clock

    script = parse_script((EXAMPLES / "redzone-full.zebra").read_text(encoding="utf-8"), "x")
    referee = Referee(resolve(store, create=True))
    outcome = referee.start("redzone", "Chargers", "Cowboys", script.options, "referee")
    for _, line in script.lines[:155]:  # past the first time-out (entry 143)
        referee.enter(outcome.game_id, line, "referee")
    monkeypatch.setattr(clock, "TIMEOUT_CARDS", 6)
    monkeypatch.setattr(rulesets.get("redzone"), "version", 2)
    monkeypatch.setitem(rules_versions.RULES_VERSION, "redzone", 2)
    before = referee.status(outcome.game_id)

    app = h.launch(Referee(resolve(store, create=False)))
    try:
        assert app.manager.current == "table" and app.game_id == str(outcome.game_id)
        h.frames()
        assert app.banner_headline == "OTHER RULES" and app.banner_kind == "error"
        assert "was ruled under Red Zone rules 1" in app.banner_text
        assert "zebra rerule" in app.banner_text
        # The table shows the record as stored, and a tap records nothing.
        assert app.status == before
        app.submit(script.lines[155][1])
        h.frames()
        assert app.banner_headline == "NOT RECORDED"
        assert "was ruled under Red Zone rules 1" in app.banner_text
        assert app.referee.status(outcome.game_id) == before
    finally:
        h.close(app)
