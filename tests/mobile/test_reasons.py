"""The correction picker's reasons are each game's own, and the table may type its own (#27).

The dice games offer dice (a die misread, cocked, off the table), the card games their decks
and cards (domain/reasons.py, from the rulebooks' words); every game offers TYPE A REASON, whose
text is stored with the correction as the CLI's ``--reason`` would be (``zebra history``).
Every choice is touched as a finger touches it, through the log row's long press.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest
from kivy.uix.widget import Widget
from typer.testing import CliRunner

from companion import catalogue, cli
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from mobile import headless as h
from mobile.app import ZebraApp
from tests.mobile import screen as look
from tests.mobile.screen import at_machine_pace, long_press

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DICE_GAMES = ("rushzone", "firstandgoal")
CARD_GAMES = ("redzone", "thirdandlong", "gridironmasters")
DICE_WORDS = ("die", "dice", "rolled")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    at_machine_pace(monkeypatch)


def one(app: ZebraApp, cls: str, **attrs: object) -> Widget:
    for _ in range(20):
        found = [
            w
            for root in look.screen_roots(app)
            for w, _seen in look.shown_widgets(root)
            if type(w).__name__ == cls and all(getattr(w, k, None) == v for k, v in attrs.items())
        ]
        if len(found) == 1:
            return found[0]
        h.frames(1)
    raise AssertionError(f"expected one {cls} {attrs} on screen")


def first_entries(store: Path, ruleset: str, count: int = 2) -> tuple[Referee, UUID]:
    """A game of ``ruleset`` with the first entries of its example, as a table entered them."""
    example = EXAMPLES / f"{ruleset}-full.zebra"
    script = parse_script(example.read_text(encoding="utf-8"), str(example))
    referee = Referee(resolve(str(store), create=True))
    outcome = referee.start(ruleset, "Bears", "Packers", script.options, by="a coach")
    version = outcome.version
    for _, line in script.lines[:count]:
        version = referee.enter(outcome.game_id, line, "a coach", expect=version).version
    return referee, outcome.game_id


@pytest.fixture
def opened(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[ZebraApp, UUID]]:
    referee, game = first_entries(tmp_path / "zebra.sqlite", request.param)
    app = h.launch(referee)
    app.open_game(str(game))
    h.frames()
    yield app, game
    h.close(app)


def shown_reasons(app: ZebraApp) -> list[str]:
    return [b.source for b in h.find(app.reason_popup, "ReasonButton")]


def events(app: ZebraApp, game: UUID) -> int:
    return app.referee.record(game).version


@pytest.mark.parametrize("opened", [*DICE_GAMES, *CARD_GAMES], indirect=True)
def test_each_game_offers_its_own_reasons_and_a_typed_one(
    opened: tuple[ZebraApp, UUID],
) -> None:
    app, game = opened
    ruleset = app.status["ruleset"]
    long_press(app, 2)
    assert app.reason_popup is not None
    reasons = shown_reasons(app)
    assert reasons == list(catalogue.correction_reasons(ruleset))
    assert len(h.find(app.reason_popup, "TypeReasonButton")) == 1
    words = " ".join(reasons).split()
    if ruleset in CARD_GAMES:
        assert not any(w in DICE_WORDS for w in words), reasons
        assert any(w in ("card", "card's", "deck", "chart") for w in words), reasons
    else:
        assert "die" in words, reasons
    problems = look.geometry_problems(app)
    assert not problems, problems


def test_no_two_games_share_their_whole_list() -> None:
    lists = [catalogue.correction_reasons(r) for r in (*DICE_GAMES, *CARD_GAMES)]
    card_lists = lists[len(DICE_GAMES) :]
    assert len(set(card_lists)) == len(card_lists)
    assert all("wrong button tapped" in r for r in lists)


@pytest.mark.parametrize("opened", ["gridironmasters"], indirect=True)
def test_a_typed_reason_is_recorded_and_shown_in_the_history(
    opened: tuple[ZebraApp, UUID], tmp_path: Path
) -> None:
    app, game = opened
    long_press(app, 2)
    h.tap(one(app, "TypeReasonButton"))
    assert shown_reasons(app) == []
    field = one(app, "ReasonInput")
    use = one(app, "UseReasonButton")
    problems = look.geometry_problems(app)
    assert not problems, problems
    # Nothing typed: refused in the picker, nothing recorded.
    before = events(app, game)
    field.text = "   "  # typed on the keyboard
    h.tap(use)
    assert "Type the reason" in app.correction_message
    assert events(app, game) == before and app.reason_popup is not None
    # Too long by one: refused; at the limit it would be taken (domain/reasons.py).
    field.text = "x" * 121
    h.tap(use)
    assert "at most 120" in app.correction_message and events(app, game) == before
    field.text = "the Bears' Offense card\nwas   drawn from the Defense pile"
    h.tap(use)
    h.frames()
    assert events(app, game) > before
    log = app.referee.log(game)
    struck = log[1].struck
    assert struck is not None
    reason = "the Bears' Offense card was drawn from the Defense pile"
    assert app.banner_headline == "STRUCK" and reason in app.banner_text
    store = str(tmp_path / "zebra.sqlite")
    shown = CliRunner().invoke(cli.app, ["history", str(game), "--store", store])
    assert shown.exit_code == 0, shown.output
    assert reason in " ".join(shown.output.split())


def test_a_typed_reason_at_the_limit_is_taken_and_over_it_refused() -> None:
    assert catalogue.typed_reason(" a  b\n") == "a b"
    assert catalogue.typed_reason("x" * 120) == "x" * 120
    with pytest.raises(ValueError, match="at most 120"):
        catalogue.typed_reason("x" * 121)
    with pytest.raises(ValueError, match="Type the reason"):
        catalogue.typed_reason("\n\t ")


@pytest.mark.parametrize("config", h.SCREENS, ids=[s.name for s in h.SCREENS])
def test_every_reason_and_the_typed_field_take_a_finger_on_every_screen(
    config: h.Screen, tmp_path: Path
) -> None:
    referee, game = first_entries(tmp_path / "zebra.sqlite", "redzone")
    app = h.launch(referee, screen=config)
    try:
        app.open_game(str(game))
        h.frames()
        long_press(app, 2)
        assert len(shown_reasons(app)) == 5
        problems = look.geometry_problems(app)
        assert not problems, problems
        h.tap(one(app, "TypeReasonButton"))
        h.frames(2)
        problems = look.geometry_problems(app)
        assert not problems, problems
    finally:
        h.close(app)
