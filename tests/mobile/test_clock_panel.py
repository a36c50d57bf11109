"""Each game's clock read off the tablet's scoreboard and held to ``zebra status --json``
(issue #27): for all five example games, at their start, mid-way and at their end, every gauge
of the ClockPanel is read as a coach reads it (the number in its label, the words saying what it
counts, the bar's drawn share, which side of the scoreboard it is on) and compared with the
status the CLI prints, read key by key by the terminal test's own map (tests/companion/
test_clocks.py ``expected``), not through companion.clocks.

On three more screens (a phone, a tablet in portrait, an 8" tablet) one game is measured too:
the panel's text at least as large as the scoreboard's side lines, never cut to "…", and the
screen's geometry as tests/mobile/test_screens.py checks it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from kivy.metrics import sp
from typer.testing import CliRunner

from companion import cli
from companion.clocks import ClockItem
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from mobile.app import ZebraApp
from mobile.fit import ELLIPSIS
from mobile.gauges import ClockPanel, Gauge
from mobile.layout import CLOCK_FONT, CLOCK_SHARE, table_layout
from tests.companion.test_clocks import expected
from tests.mobile import screen as look

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# (ruleset, example, how many lines of it): early, mid-way (the terminal test's points), the end.
POINTS = {
    "redzone": ("redzone-full", (40, 225, None)),
    "firstandgoal": ("firstandgoal-full", (11, 234, None)),
    "thirdandlong": ("thirdandlong-full", (24, 64, None)),
    "gridironmasters": ("gridironmasters-full", (30, 77, None)),
    "rushzone": ("rushzone-full", (10, 56, None)),
}
_BOLD = re.compile(r"\[b\](-?\d+)\[/b\]")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    look.at_machine_pace(monkeypatch)


def play(store: Path, example: str, ruleset: str, lines: int | None) -> str:
    """The example's first ``lines`` lines recorded through the service; the game's id."""
    script = parse_script((EXAMPLES / f"{example}.zebra").read_text("utf-8"), example)
    referee = Referee(resolve(str(store), create=True))
    outcome = referee.start(
        ruleset, script.home or "Home", script.away or "Away", script.options, by="a coach"
    )
    version = outcome.version
    for _, line in script.lines[:lines]:
        version = referee.enter(outcome.game_id, line, "a coach", expect=version).version
    return str(outcome.game_id)


def status_json(store: Path, game_id: str) -> dict[str, Any]:
    shown = CliRunner().invoke(cli.app, ["status", game_id, "--json", "--store", str(store)])
    assert shown.exit_code == 0, shown.output
    return dict(json.loads(shown.output))


def open_on(app: ZebraApp, store: Path, game_id: str) -> ClockPanel:
    app.referee = Referee(resolve(str(store), create=False))
    app.open_game(game_id)
    h.frames()
    panel = app.manager.current_screen.ids.clocks
    assert isinstance(panel, ClockPanel)
    return panel


def read_gauge(gauge: Gauge, panel: ClockPanel) -> dict[str, Any]:
    """What a coach reads off one gauge: its words, its number, its bar's share, its side."""
    text = gauge.text_label.text
    numbers = _BOLD.findall(text)
    assert len(numbers) == 1, text
    words = look.plain(text).replace("\n", " ")
    bar = gauge.bar
    share = None
    if bar is not None:
        assert bar.width > 0 and bar.height > 0
        # The fill is drawn from the bar's left end, as high as the bar (float32 on the GPU).
        assert bar.fill.pos == pytest.approx(tuple(bar.pos), abs=0.01)
        assert bar.fill.size[1] == pytest.approx(bar.height, abs=0.01)
        share = bar.fill.size[0] / bar.width
    x, _, x_end, _ = look.rect(gauge)
    left, _, right, _ = look.rect(panel)
    middle = (left + right) / 2
    # Under the home team's name (the left half) or the away team's (the right half).
    side = "home" if x_end <= middle else "away" if x >= middle else None
    return {"words": words, "number": int(numbers[0]), "share": share, "side": side, "x": x}


def check_panel(panel: ClockPanel, status: dict[str, Any], ruleset: str, where: str) -> None:
    """Every clock fact of ``status --json`` is on the panel, once, read back whole."""
    wanted: list[ClockItem] = expected(ruleset, status)
    gauges = panel.gauges()
    assert len(gauges) == len(wanted), f"{where}: {len(gauges)} gauges for {len(wanted)} facts"
    shown = {(g.item.label, g.item.team): read_gauge(g, panel) for g in gauges}
    for item in wanted:
        seen = shown[(item.label, item.team)]
        assert seen["number"] == item.value, f"{where}: {item.label} {item.team}: {seen}"
        whole = f" of {item.of}" if item.of is not None else ""
        assert seen["words"].startswith(f"{item.label} {item.value}{whole}"), (where, seen)
        assert ELLIPSIS not in seen["words"], (where, seen)
        if item.of is None:
            # No whole to draw against: no bar, and the words say what the number counts.
            assert seen["share"] is None, (where, item)
            one = re.sub(r"\bcards\b", "card", seen["words"])
            assert one.endswith(re.sub(r"\bcards\b", "card", item.unit)), (where, seen)
        else:
            assert seen["share"] is not None, (where, item)
            # Drawn to the share left, within a rounding of the drawn width.
            assert abs(seen["share"] - item.value / item.of) < 1e-4, (where, item, seen)
        if item.team is not None:
            assert seen["side"] == item.team, f"{where}: {item.label} of {item.team} at {seen}"


@pytest.mark.parametrize("ruleset", sorted(POINTS))
def test_every_games_clock_on_the_scoreboard_is_what_status_json_says(
    ruleset: str, tmp_path: Path
) -> None:
    example, points = POINTS[ruleset]
    app = h.launch(Referee(resolve(str(tmp_path / "empty.sqlite"), create=True)))
    try:
        for lines in points:
            store = tmp_path / f"{example}-{lines}.sqlite"
            game_id = play(store, example, ruleset, lines)
            panel = open_on(app, store, game_id)
            status = status_json(store, game_id)
            assert status["ruleset"] == ruleset
            check_panel(panel, status, ruleset, f"{example}:{lines}")
            # The panel shows the game on screen, not a copy of another one's.
            assert app.status["version"] == status["version"]
    finally:
        h.close(app)


def test_mid_game_each_coach_reads_his_own_time_deck(tmp_path: Path) -> None:
    """Red Zone mid-way: the two Time Decks differ, and each is under its own team's name."""
    store = tmp_path / "redzone.sqlite"
    game_id = play(store, "redzone-full", "redzone", 225)
    status = status_json(store, game_id)
    home, away = status["clock"]["home"]["time_deck"], status["clock"]["away"]["time_deck"]
    assert home != away
    app = h.launch(Referee(resolve(str(store), create=False)))
    try:
        panel = open_on(app, store, game_id)
        decks = {
            g.team: read_gauge(g, panel) for g in panel.gauges() if g.item.label == "Time Deck"
        }
        assert decks["home"]["number"] == home and decks["away"]["number"] == away
        names = app.manager.current_screen.ids
        assert decks["home"]["x"] < names.home_score.to_window(*names.home_score.pos)[0]
        assert decks["away"]["x"] > names.away_score.to_window(*names.away_score.pos)[0]
    finally:
        h.close(app)


SCREENS = [s for s in h.SCREENS if s.name in ("phone-1080x2400", "portrait-800x1280", "tablet-8in")]


@pytest.mark.parametrize("config", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.parametrize(("ruleset", "lines"), [("redzone", 225), ("thirdandlong", 64)])
def test_the_clock_panel_is_readable_and_whole_on_every_screen(
    config: h.Screen, ruleset: str, lines: int, tmp_path: Path
) -> None:
    example = POINTS[ruleset][0]
    store = tmp_path / "game.sqlite"
    game_id = play(store, example, ruleset, lines)
    app = h.launch(Referee(resolve(str(store), create=False)), screen=config)
    try:
        panel = open_on(app, store, game_id)
        check_panel(panel, status_json(store, game_id), ruleset, config.name)
        situation = sp(app.lay.score_font * CLOCK_SHARE)
        assert panel.font == pytest.approx(max(situation, sp(CLOCK_FONT)))
        for gauge in panel.gauges():
            assert gauge.text_label.font_size >= situation - 0.5, (config.name, gauge.item)
            assert gauge.text_label.font_size >= sp(CLOCK_FONT) - 0.5, (config.name, gauge.item)
            assert not look.text_problems(gauge.text_label), (config.name, gauge.item)
        # The panel is inside the scoreboard, and the scoreboard above the field.
        ids = app.manager.current_screen.ids
        _, bottom, _, top = look.rect(panel)
        assert look.rect(ids.scoreboard)[1] <= bottom and top <= look.rect(ids.scoreboard)[3]
        assert look.rect(ids.field)[3] <= bottom + 1
        problems = look.geometry_problems(app)
        assert not problems, "\n".join(problems[:12])
    finally:
        h.close(app)


def test_a_gauge_without_a_whole_draws_no_bar_and_says_what_it_counts(tmp_path: Path) -> None:
    """Red Zone's Draw Deck has no size (red-zone.txt, "Setting up to Play"): cards flipped."""
    store = tmp_path / "redzone.sqlite"
    game_id = play(store, "redzone-full", "redzone", 40)
    app = h.launch(Referee(resolve(str(store), create=False)))
    try:
        panel = open_on(app, store, game_id)
        draws = [g for g in panel.gauges() if g.item.label == "Draw Deck"]
        assert {g.team for g in draws} == {"home", "away"}
        for gauge in draws:
            assert gauge.bar is None
            assert "flipped" in look.plain(gauge.text_label.text)
        decks = [g for g in panel.gauges() if g.item.label == "Time Deck"]
        assert all(g.bar is not None and g.bar.of == 40 for g in decks)
    finally:
        h.close(app)


@pytest.mark.parametrize("ruleset", sorted(POINTS))
def test_no_clock_fact_is_cut_to_an_ellipsis_at_any_screen(ruleset: str, tmp_path: Path) -> None:
    """Issue #27: at every screen the tablet is checked at (the narrow 7" scoreboards and the
    phone in landscape too), the log closed and open, every gauge's words show whole, at the
    game's first point."""
    example, points = POINTS[ruleset]
    store = tmp_path / "game.sqlite"
    game_id = play(store, example, ruleset, points[0])
    status = status_json(store, game_id)
    for config in h.SCREENS:
        app = h.launch(Referee(resolve(str(store), create=False)), screen=config)
        try:
            panel = open_on(app, store, game_id)
            # And with the log open, which on a tablet narrows the scoreboard beside it.
            for where in (config.name, f"{config.name}, the log open"):
                check_panel(panel, status, ruleset, where)
                for gauge in panel.gauges():
                    said = look.plain(gauge.text_label.text)
                    assert ELLIPSIS not in said, (where, said)
                    # Read at a glance: never under the floor, at this screen's own density.
                    drawn = gauge.text_label.font_size / (config.density * config.fontscale)
                    assert drawn >= CLOCK_FONT - 0.5, (where, gauge.item, drawn)
                    assert not look.text_problems(gauge.text_label), (where, gauge.item)
                if not app.drawer_open:
                    h.tap(app.manager.current_screen.ids.log_button)
                    h.frames()
        finally:
            h.close(app)


def test_the_clock_font_is_a_share_of_the_score_down_to_its_floor() -> None:
    """Both sides of the floor: a 10" tablet's clock follows the score; a phone's (whose score is
    small) stops at CLOCK_FONT rather than shrink with it."""
    tablet = table_layout(1280, 800)
    assert tablet.score_font * CLOCK_SHARE > CLOCK_FONT
    assert tablet.clock_font == pytest.approx(tablet.score_font * CLOCK_SHARE)
    phone = table_layout(1080 / 2.625, 2400 / 2.625)
    assert phone.score_font * CLOCK_SHARE < CLOCK_FONT
    assert phone.clock_font == CLOCK_FONT
