"""The pages as rendered from game records, for every game Zebra referees (no server needed)."""

from __future__ import annotations

import re
from pathlib import Path
from uuid import UUID

import pytest

from companion.board import FieldView
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from projections.plays import plays
from web import pages
from web.fieldsvg import field_svg
from web.follow import Follower, Snapshot

EXAMPLES = Path(__file__).parents[2] / "examples"
# What each game's page draws where Rush Zone draws a ball on a field (docs/entries.md).
DRAWN = {
    "rushzone": r'<ellipse class="ball"',
    "redzone": r'<ellipse class="ball"',
    "firstandgoal": r'<rect class="down lit"',
    "thirdandlong": r'<circle class="moment',
    "gridironmasters": r'<rect class="slot"',
}


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Snapshot, dict[str, UUID]]:
    """Each game's example played part-way, as the server folds it."""
    store = str(tmp_path_factory.mktemp("pages") / "league.sqlite")
    referee = Referee(resolve(store, create=True))
    games = {}
    for ruleset in DRAWN:
        path = EXAMPLES / f"{ruleset}-full.zebra"
        # Rush Zone's line 48 is 1st and 10 at midfield (its 60th is a touchdown: no ball spotted);
        # Third and Long's line 60 leaves a kickoff due (no key moment to draw), its 62nd a drive
        # of 5 key moments.
        lines = {"rushzone": 48, "thirdandlong": 62}.get(ruleset, 60)
        head = "\n".join(path.read_text(encoding="utf-8").splitlines()[:lines])
        script = parse_script(head, str(path))
        game = referee.start(ruleset, script.home or "Home", script.away or "Away", script.options)
        for _, line in script.lines:
            referee.enter(game.game_id, line)
        games[ruleset] = game.game_id
    follower = Follower(Referee(resolve(store, create=False)))
    follower.catch_up()
    return follower.now, games


@pytest.mark.parametrize("ruleset", list(DRAWN))
def test_every_game_has_its_page_and_overlay(
    league: tuple[Snapshot, dict[str, UUID]], ruleset: str
) -> None:
    snap, games = league
    game = games[ruleset]
    record = snap.records[game]
    page = pages.game_page(snap, game)
    assert re.search(DRAWN[ruleset], page), ruleset
    for name in (record.home, record.away):
        assert f'<div class="name">{name}' in page
    assert '<table id="box-score">' in page
    # The play-by-play is one line per play (projections/plays.py), fewer than the entries.
    standing = [p for p in plays(record) if not p.deleted]
    assert len(record.effective) > page.count('<li data-seq="') >= len(standing) > 0
    overlay = pages.overlay_page(snap, game)
    assert record.home in overlay and record.away in overlay
    assert 'class="overlay"' in overlay


def test_the_game_clock_is_shown_in_the_games_own_units(
    league: tuple[Snapshot, dict[str, UUID]],
) -> None:
    snap, games = league
    parts = {name: pages.game_parts(snap, game) for name, game in games.items()}
    assert parts["rushzone"]["clock"] == "", "Rush Zone's round is on the scoreboard"
    assert "Round" in parts["rushzone"]["scoreboard"]
    assert "time deck" in parts["redzone"]["clock"]
    assert "offence deck" in parts["firstandgoal"]["clock"]
    assert "deck" in parts["thirdandlong"]["clock"]
    assert "Scoring pad" in parts["rushzone"]["tables"]
    assert "Scoring slots" in parts["gridironmasters"]["tables"]


def test_the_field_is_drawn_to_scale_from_the_tablets_view() -> None:
    """One yard is 10 units; home defends the left end zone (0-100), the goal lines at 100, 1100."""
    bears = field_svg(FieldView(30.0, 40.0, 1, "Bears ball"), "Bears", "Packers")
    assert 'data-ball="30"' in bears and 'data-gain="40"' in bears
    assert '<ellipse class="ball" cx="400"' in bears
    assert '<line class="gain" x1="500"' in bears
    # The arrow points the way the offence goes: right for home, left for away.
    base, tip = (
        float(x) for x in re.findall(r'points="([\d.]+),\d+ [\d.]+,\d+ ([\d.]+)', bears)[0]
    )
    assert tip > base > 400
    packers = field_svg(FieldView(30.0, 20.0, -1, "Packers ball"), "Bears", "Packers")
    base, tip = (
        float(x) for x in re.findall(r'points="([\d.]+),\d+ [\d.]+,\d+ ([\d.]+)', packers)[0]
    )
    assert tip < base < 400
    goal = field_svg(FieldView(90.0, None, 1, "goal to go"), "Bears", "Packers")
    assert 'class="gain"' not in goal and 'data-gain=""' in goal
    idle = field_svg(FieldView(None, None, 0, "kickoff"), "Bears", "Packers")
    assert 'class="ball"' not in idle


def test_markup_in_names_and_entries_is_text(tmp_path: Path) -> None:
    store = str(tmp_path / "league.sqlite")
    referee = Referee(resolve(store, create=True))
    home, away = "<script>zPwn=1</script>", '"><img src=x onerror=zPwn=2>'
    game = referee.start("rushzone", home, away).game_id
    for text in ("toss home", "kick", "green 1 3"):
        referee.enter(game, text)
    referee.strike(game, 3, "<b>cocked</b> & rolled")
    follower = Follower(Referee(resolve(store, create=False)))
    follower.catch_up()
    rendered = [
        pages.league_page(follower.now),
        pages.game_page(follower.now, game),
        pages.overlay_page(follower.now, game),
        # "_title" is plain text: the script sets document.title, which is never parsed.
        *(v for k, v in pages.game_parts(follower.now, game).items() if k != "_title"),
    ]
    for html in rendered:
        assert "<script>zPwn" not in html and "<img" not in html and "<b>cocked" not in html
    game_page = rendered[1]
    assert "&lt;script&gt;zPwn=1&lt;/script&gt;" in game_page
    assert "&quot;&gt;&lt;img src=x onerror=zPwn=2&gt;" in game_page
    assert "struck: &lt;b&gt;cocked&lt;/b&gt; &amp; rolled" in game_page
