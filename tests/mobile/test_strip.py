"""Masters of the Gridiron's strip on the tablet: the nine slots and the side cell (issue #27).

"Successful defensive scoring plays can be placed to the side" (masters-of-the-gridiron.txt,
Defensive Scoring): a defensive score counts in the total but fills no slot, so the strip shows
it in its own cell beside the nine, and the strip's cells sum to the board's total.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import board
from companion.service import Referee
from companion.store import resolve
from mobile import headless as h

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(h, "DRAW_FRAMES", False)


def zebra(store: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", *args],
        env={"ZEBRA_STORE": str(store), "PATH": "/usr/bin:/bin", "COLUMNS": "200"},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def cells(labels: list[str], names: tuple[str, str]) -> list[list[str]]:
    """The strip's labels per row: the texts drawn after each team's name, up to the caption."""
    rows: list[list[str]] = []
    for text in labels:
        if text in names:
            rows.append([])
        elif rows and len(rows[-1]) < 10:
            rows[-1].append(text)
    return rows


def points(row: list[str]) -> int:
    return sum(int(t) for t in row if t.isdigit())


def test_the_strip_sums_to_the_board_with_the_defensive_score_beside_the_slots(
    tmp_path: Path,
) -> None:
    store = tmp_path / "zebra.sqlite"
    script = EXAMPLES / "gridironmasters-full.zebra"
    zebra(store, "play", "gridironmasters", "--script", str(script))
    status = json.loads(zebra(store, "status", "--json"))
    assert status["score"] == {"home": 34, "away": 32}
    app = h.launch(Referee(resolve(str(store), create=False)))
    try:
        app.open_game(status["game_id"])
        h.frames()
        field = app.manager.current_screen.ids.field
        field.redraw()
        rows = cells(field.labels, ("BEARS", "PACKERS"))
        assert len(rows) == 2 and all(len(r) == 10 for r in rows), field.labels
        bears, packers = rows
        # Packers: 24 in the nine slots and a defensive touchdown's 8 beside them: 32.
        assert points(packers[:9]) == 24 and packers[9] == "8"
        assert points(packers) == status["score"]["away"]
        # Bears scored nothing on defence: the side cell is there, empty.
        assert bears[9] == "side" and points(bears) == status["score"]["home"]
    finally:
        h.close(app)


def test_the_side_cell_is_empty_without_a_defensive_score_and_filled_with_one() -> None:
    base = {"possession": None, "ball_on": None, "slots": {"home": [None], "away": [None]}}
    none = board.field_view({**base, "defensive_scores": {"home": [], "away": []}})
    assert none.side == ("", "")
    one = board.field_view(
        {**base, "defensive_scores": {"home": [{"points": 3}], "away": [{"points": 7}] * 2}}
    )
    assert one.side == ("3", "14")
    # A game without defensive scores in its status has no side cell.
    assert board.field_view(base).side is None
