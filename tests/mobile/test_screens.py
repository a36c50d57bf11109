"""The tablet looked at, not only asked: every example game on every screen it must work on.

For each screen configuration (10" tablets at 1280x800 and 1920x1200, an 8" tablet at density
1.33, 7" tablets at 1024x600 at density 1 and 1.33, a tablet in portrait, a phone in portrait
and in landscape, font scale 1.3) one app takes entries of every example game the way a
coach enters them, with real touches on the pad's buttons (the dice toggled, numbers keyed,
names typed, long lists searched), and the widget tree is measured: every enabled button at
least 48 dp on both sides and inside the window, no text cut, squeezed to nothing or spilling
out of its widget, the score labels showing what ``zebra status --json`` says, the
ball drawn where ``ball_on`` puts it, down and distance as large as the score.

To keep CI cheap the geometry is not checked at every one of the 2,516 entries but at every
distinct pad layout: an entry is entered by touch, and the screen measured at every stage of
its pad, when one of the layouts it goes through is new (deduped by the prompt's slot
signature: how many forms are on offer, as the grid sees it (1 to 4, up to 8, 16, more) and
whether there are interrupts, per game as their captions differ; and how each slot the entry
fills is offered: choices and how many, a set of dice, a number pad, free text, the optional
parts); 39 of the 2,516 entries, plus each game's end with the log drawer shut and open.
Those entries are taken on a copy of the example's store as it stood just before them (each
game is played once, through the service, for every screen). Pixels are checked on one drawn
frame per game and screen: the field's green and the ball's colour where the ball is drawn.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from kivy.base import EventLoop
from kivy.metrics import dp
from typer.testing import CliRunner

from companion import cli
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from domain import rulesets
from domain.ruleset import Prompt, Slot
from mobile import app as app_module
from mobile import headless as h
from mobile import model, pad
from mobile.app import ZebraApp
from tests.mobile import screen as look
from tests.mobile.coach import Coach, PadPath

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.zebra"))


def size_class(count: int) -> int:
    """How many buttons, as far as the pad's grid is concerned: one to four apiece, then up
    to eight, sixteen, or more (a list)."""
    return count if count <= 4 else 8 if count <= 8 else 16 if count <= 16 else 99


def stage(slot: Slot) -> tuple[Any, ...]:
    """How the pad offers a slot: its mode, and how many values (a grid or a list)."""
    if slot.kind == "text":
        return ("text",)
    if pad.needs_numpad(slot):
        return ("numpad", slot.low < 0, slot.decimals)
    if pad.combo_of(slot) is not None:
        return ("combo", len(slot.words))
    count = len(slot.words) if slot.kind == "word" else slot.high - slot.low + 1
    return ("choices", size_class(count))


def layouts(ruleset: str, prompt: Prompt, path: PadPath) -> set[tuple[Any, ...]]:
    """The pad layouts an entry goes through: the forms on offer (how many, whether there are
    interrupts; per game, as their captions differ), then the way each slot it fills is
    offered, and the optional parts."""
    form = prompt.forms[path.form]
    interrupts = sum(f.keyword in pad.INTERRUPT_KEYWORDS for f in prompt.forms)
    main = len(prompt.forms) - interrupts
    shown = {(ruleset, "forms", size_class(main), interrupts > 0)}
    shown |= {stage(s) for s in form.slots}
    shown |= {stage(s) for i, _ in path.extras for s in form.extras[i].slots}
    if form.extras:
        shown.add(("extras", len(form.extras)))
    return shown


def status_json(store: str, game_id: str) -> dict[str, Any]:
    shown = CliRunner().invoke(cli.app, ["status", game_id, "--json", "--store", store])
    assert shown.exit_code == 0, shown.output
    return dict(json.loads(shown.output))


def check_screen(app: ZebraApp, where: str) -> None:
    """The geometry, the scores and the ball, as the screen shows them once laid out."""
    h.frames(2)
    problems = look.geometry_problems(app)
    assert not problems, f"{where}:\n" + "\n".join(problems[:12])
    if app.manager.current != "table" or not app.status:
        return
    ids = app.manager.current_screen.ids
    status = app.referee.status(UUID(app.game_id))
    assert look.plain(ids.home_score.text) == str(status["score"]["home"]), where
    assert look.plain(ids.away_score.text) == str(status["score"]["away"]), where
    # The pad is on the screen, with room for a row of buttons a finger can hit.
    x, y, right, top = look.rect(ids.pad_box)
    assert y >= 0 and top <= EventLoop.window.height and top - y >= dp(look.TOUCH), where
    field = ids.field
    if isinstance(status.get("ball_on"), int) and status.get("possession") in ("home", "away"):
        # Home attacks the right-hand goal: ball_on counts yards to the goal attacked.
        from_left = 100 - status["ball_on"] if status["possession"] == "home" else status["ball_on"]
        want = field.x + field.width / 120 * (10 + from_left)
        assert field.ball_at is not None, where
        assert abs(field.ball_at[0] - want) <= 1, f"{where}: ball at {field.ball_at}, not {want}"
        # Down and distance, and where the ball is, as prominent as the score.
        assert ids.down.font_size >= 0.75 * ids.home_score.font_size, where
        assert ids.spot.font_size >= 0.75 * ids.home_score.font_size, where
    elif status.get("ball_on") is None:
        assert field.ball_at is None, where


def check_pixels(app: ZebraApp, tmp: Path, where: str) -> bool:
    """On a drawn frame: the field is green and the ball is drawn in its colour where it is.
    False when no ball is in play to look at."""
    field = app.manager.current_screen.ids.field
    if field.ball_at is None:
        return False
    h.DRAW_FRAMES = True
    try:
        h.frames(3)
        made = Path(h.screenshot(str(tmp / "frame.png")))
    finally:
        h.DRAW_FRAMES = False
    bx, by = field.to_window(*field.ball_at)
    # Above the seam, inside the ball.
    got = look.pixel(made, bx, by + field.ball_radius * 0.55)
    assert look.close_to(got, model.BALL_COLOUR), f"{where}: {got} where the ball is"
    # Open field: halfway between two yard lines, low in the strip, clear of ball and text.
    yard = field.width / 120
    ball_yard = (bx - field.x) / yard
    spot = 15 if ball_yard > 50 else 95
    fx, fy = field.to_window(field.x + spot * yard, field.y + field.height * 0.45)
    got = look.pixel(made, fx, fy)
    assert look.close_to(got, model.FIELD_GREEN), f"{where}: {got} on the open field"
    made.unlink()
    return True


@pytest.fixture(autouse=True)
def tree_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # The widget tree, its layout and its touches are real; frames are drawn only where the
    # test looks at pixels (software GL makes every drawn frame slow).
    monkeypatch.setattr(h, "DRAW_FRAMES", False)
    # These coaches tap at a machine's pace: a new tap where the last entry's was, at once, is
    # theirs, not a finger bouncing (test_hands.py checks the bounce itself).
    monkeypatch.setattr(app_module, "BOUNCE_SECONDS", 0.0)


@dataclass(frozen=True)
class Checkpoint:
    """A moment of an example game where the next entry shows a pad layout not seen before:
    the store as it was then, and what the coach taps next."""

    example: str
    number: int
    line: str
    path: PadPath
    store: Path
    game_id: str


@dataclass(frozen=True)
class Played:
    """An example game played through the service, with its checkpoints and its final store."""

    example: str
    store: Path
    game_id: str
    finished: bool
    checkpoints: tuple[Checkpoint, ...]


def backup(source: Path, target: Path) -> None:
    """A copy of an SQLite store, made through SQLite (never the file behind its back)."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> list[Played]:
    """Every example game played once, through the service, with a copy of its store at each
    checkpoint; every screen then takes the checkpoints' entries by touch."""
    work = tmp_path_factory.mktemp("examples")
    seen: set[tuple[Any, ...]] = set()
    games = []
    for example in EXAMPLES:
        script = parse_script(example.read_text(encoding="utf-8"), str(example))
        name = example.stem.split("-")[0]
        rules = rulesets.get(name)
        home, away = script.home or "Home", script.away or "Away"
        store = work / f"{example.stem}.sqlite"
        referee = Referee(resolve(str(store), create=True))
        outcome = referee.start(name, home, away, script.options, by="a coach")
        gid, version = outcome.game_id, outcome.version
        state = rules.initial(home, away, script.options)
        coach = Coach(rules)
        checkpoints = []
        for number, line in script.lines:
            prompt = rules.expected(state)
            path = coach.path(state, prompt, line)
            assert path is not None, f"{example.name}:{number}: {line!r} needs TYPE"
            new = layouts(name, prompt, path) - seen
            if new:
                seen |= new
                copy = work / f"{example.stem}-{number}.sqlite"
                backup(store, copy)
                checkpoints.append(Checkpoint(example.name, number, line, path, copy, str(gid)))
            version = referee.enter(gid, path.composed, "a coach", expect=version).version
            state, _ = rules.apply(state, line)
        finished = bool(rules.situation(state)["finished"])
        games.append(Played(example.name, store, str(gid), finished, tuple(checkpoints)))
    return games


def take_over(app: ZebraApp, store: Path, game_id: str) -> Referee:
    """The tablet opened on another store (a fresh copy) at its game, as after a restart."""
    h.frames()
    app.referee = Referee(resolve(str(store), create=False))
    app.open_game(game_id)
    h.frames()
    return app.referee


@pytest.mark.parametrize("config", h.SCREENS, ids=[s.name for s in h.SCREENS])
def test_every_example_game_on_every_screen(
    config: h.Screen, played: list[Played], tmp_path: Path
) -> None:
    app = h.launch(Referee(resolve(str(tmp_path / "empty.sqlite"), create=True)), screen=config)
    looked_at = 0
    try:
        check_screen(app, f"{config.name} home")
        h.tap(app.manager.current_screen.ids.new_game)
        check_screen(app, f"{config.name} new game")
        for game in played:
            pixels = False
            for point in game.checkpoints:
                copy = tmp_path / point.store.name
                backup(point.store, copy)
                referee = take_over(app, copy, point.game_id)
                gid = UUID(point.game_id)
                before = referee.record(gid).version
                where = f"{config.name} {point.example}:{point.number} {point.line!r}"

                def stage(where: str = where) -> None:
                    nonlocal looked_at
                    looked_at += 1
                    check_screen(app, where)

                look.enter(app, point.path, stage)
                h.frames()
                assert app.banner_kind != "error", f"{where}: {app.banner_text}"
                # Recorded, once, as the entry the pad composed.
                log = referee.log(gid)
                assert referee.record(gid).version > before, f"{where}: not recorded"
                assert log[-1].entry == point.path.composed, where
                if not pixels:
                    pixels = check_pixels(app, tmp_path, where)
                h.frames()
                copy.unlink()
            # The game's end, as the store holds it after every entry.
            copy = tmp_path / game.store.name
            backup(game.store, copy)
            take_over(app, copy, game.game_id)
            check_screen(app, f"{config.name} {game.example} at the end")
            assert app.status["finished"] == game.finished
            # The log drawer open over (a phone) or beside (a tablet) the table.
            h.tap(app.manager.current_screen.ids.log_button)
            assert app.drawer_open and app.log_rows
            check_screen(app, f"{config.name} {game.example} with the log open")
            h.tap(app.manager.current_screen.ids.log_button)
        # What the CLI says of the last game is what the score labels show (check_screen holds
        # them to the service's status, which is what ``zebra status --json`` prints).
        final = status_json(str(copy), app.game_id)
        ids = app.manager.current_screen.ids
        assert look.plain(ids.home_score.text) == str(final["score"]["home"])
        assert look.plain(ids.away_score.text) == str(final["score"]["away"])
    finally:
        h.close(app)
    assert looked_at > 100
