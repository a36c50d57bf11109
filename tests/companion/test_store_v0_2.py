"""A store written by Zebra before small events (#19) opens, shows the same, and plays on.

tests/fixtures/store-v0.2.sqlite was written by tests/fixtures/make_store_v0_2.py on main at
07ce728 (every ``Ruled`` and ``Rederived`` with full situations, no checkpoints); what each
command printed then is in tests/fixtures/store-v0.2/.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.scripts import read_script
from tests.fixtures.make_store_v0_2 import PARTS

FIXTURES = Path(__file__).parents[1] / "fixtures"
ROOT = Path(__file__).parents[2]
GAMES: dict[str, str] = json.loads((FIXTURES / "store-v0.2" / "games.json").read_text())


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def store(tmp_path: Path) -> str:
    copy = tmp_path / "v0.2.sqlite"
    shutil.copy(FIXTURES / "store-v0.2.sqlite", copy)
    return str(copy)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_shows_what_it_showed_when_it_was_written(store: str, name: str) -> None:
    for part, words in PARTS.items():
        code, out, err = zebra(*words[:1], GAMES[name], *words[1:], "--store", store)
        assert code == 0, err
        if part == "status.json":
            out = without_calendar(out)
        assert out == (FIXTURES / "store-v0.2" / f"{name}.{part}").read_text(), part


def without_calendar(text: str) -> str:
    """The status as Zebra 0.2 printed it: a game written before seasons is in the season of
    the year it started (2026, domain.schedule) and has no week; the rest is as it was."""
    status = json.loads(text)
    assert (status.pop("season"), status.pop("week")) == (2026, None)
    return json.dumps(status, ensure_ascii=False) + "\n"


def test_the_store_checks_whole_and_plays_on(store: str) -> None:
    code, out, err = zebra("check", "--all", "--store", store)
    assert code == 0 and "4 games checked" in out, err
    # The game waiting for the other coach: confirmed, the amendment is made.
    code, _, err = zebra(
        "confirm", "--game", GAMES["thirdandlong"], "--by", "bob", "--store", store
    )
    assert code == 0, err
    # 1st & Goal goes on with the example's next entries, then an amendment and an undo.
    script = read_script(ROOT / "examples" / "firstandgoal-full.zebra")
    game = GAMES["firstandgoal"]
    for _, line in script.lines[80:90]:
        code, _, err = zebra("enter", line, "--game", game, "--by", "ann", "--store", store)
        assert code == 0, err
    code, _, err = zebra("amend", "85", script.lines[84][1], "--game", game, "--store", store)
    assert code == 0, err
    code, _, err = zebra("undo", game, "--store", store)
    assert code == 0, err
    code, out, _ = zebra("status", game, "--json", "--store", store)
    assert json.loads(out)["entries"] == 89
    # Red Zone, whose corrections were stored with full situations, is amended again.
    red = GAMES["redzone"]
    code, out, _ = zebra("export", red, "-f", "entries", "--store", store)
    lines = [x for x in out.splitlines() if x and not x.startswith(("#", "@"))]
    code, _, err = zebra(
        "amend", "20", lines[19].split("#")[0].strip(), "--game", red, "--store", store
    )
    assert code == 0, err
    code, out, err = zebra("status", red, "--json", "--store", store)
    before = json.loads((FIXTURES / "store-v0.2" / "redzone.status.json").read_text())
    assert {k: v for k, v in json.loads(without_calendar(out)).items() if k != "version"} == {
        k: v for k, v in before.items() if k != "version"
    }
    code, _, err = zebra("check", "--all", "--store", store)
    assert code == 0, err
