"""A Third and Long score held in the challenge window (rules/third-and-long.txt, Challenge a
Play: "Challenges may be used only after the whistle"), through the ``zebra`` commands.

After the whistle of a scoring play either coach may still challenge, so the points are not on
the board yet, while ``next`` already speaks of what follows them. ``status --json`` holds them
as ``score_pending`` (team, points, ruling kind); the status block and the tablet's line under
the team's score show them as pending; they count in the score once the ruling stands.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import board
from companion.cli import app

SET_UP = (
    "star home qb 4 2 3 1",
    "star home rb 3 3 2 2",
    "star away lb 2 2 1 3",
    "ready",
    "toss home",
    "offense",
)
# RB power +3 against LB tackling -1, target 4: a snap of 3 wins (5 against 4).
RED = "play red rb-power lb-tackling"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    return path


def zebra(*args: str, input: str | None = None) -> tuple[int, str, str]:
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def typed(*entries: str) -> None:
    """A new game, the entries typed at the prompt, then quit."""
    lines = "\n".join((*SET_UP, *entries, "quit")) + "\n"
    code, _, err = zebra(
        "play", "thirdandlong", "--home", "Rodeo", "--away", "Buffalo", input=lines
    )
    assert code == 0, err


def status() -> dict[str, object]:
    code, out, err = zebra("status", "--json")
    assert code == 0, err
    return dict(json.loads(out))


def test_a_big_play_touchdown_is_pending_until_the_ruling_stands(store: Path) -> None:
    typed("drive 3", RED, "snap 3", "big td", "whistle")
    now = status()
    assert now["phase"] == "review"
    assert now["score"] == {"home": 0, "away": 0}
    assert now["score_pending"] == {"team": "home", "points": 6, "kind": "touchdown"}
    assert "After the touchdown" in str(now["next"])
    code, out, _ = zebra("status")
    assert code == 0
    assert "Pending: Rodeo +6 (touchdown), counted once the ruling on the field stands" in out
    code, _, err = zebra("enter", "accept")
    assert code == 0, err
    now = status()
    assert now["score"] == {"home": 6, "away": 0} and now["score_pending"] is None
    assert "Pending" not in zebra("status")[1]


def test_the_extra_point_typed_in_the_window_counts_the_touchdown_too(store: Path) -> None:
    """The review prompt offers the entries after the ruling: typing one accepts it."""
    typed("drive 3", RED, "snap 3", "big td", "whistle", "xp 4")
    now = status()
    assert now["score"] == {"home": 7, "away": 0} and now["score_pending"] is None


def test_nothing_is_pending_under_review_or_when_the_play_scores_nothing(store: Path) -> None:
    """A challenge redoes the play: until its whistle no result is ruled, so none is held. A
    key moment with more to come is in the window too, but puts no points up."""
    typed("drive 3", RED, "snap 3", "big td", "whistle", "challenge away")
    now = status()
    assert now["phase"] == "snap" and now["score_pending"] is None
    typed("drive 3", RED, "snap 3", "whistle")
    now = status()
    assert now["phase"] == "review" and now["score_pending"] is None


def test_a_two_point_try_is_pending_for_its_two_points(store: Path) -> None:
    typed(
        "drive 1", RED, "snap 3", "whistle", "accept", "score td", "two", RED, "snap 3", "whistle"
    )
    now = status()
    assert now["score"] == {"home": 6, "away": 0}
    assert now["score_pending"] == {"team": "home", "points": 2, "kind": "two_point"}


def test_the_tablet_scoreboard_shows_the_points_under_the_scoring_team(store: Path) -> None:
    """companion/board.py is what the tablet's line under each score shows (mobile/table.kv)."""
    typed("drive 2", RED, "snap 1", "big safety", "whistle")
    now = status()
    assert now["score_pending"] == {"team": "away", "points": 2, "kind": "safety"}
    assert board.side_line(now, "away").startswith("+2 pending")
    assert "pending" not in board.side_line(now, "home")
    assert "pending" not in board.extras_line(now)
