"""Exports written before issue #16's columns and situation keys still verify and import.

The fixtures were written by the Zebra of commit 2ecfcca (before #16) from the NFL Rush Zone
example with its last entry struck: a jsonl play-by-play (34 nflverse columns) and an events
export whose situations have no period, overtime for Rush Zone only, and no try flag.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from projections import playrows

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROWS = FIXTURES / "export-before-16.rushzone.jsonl"
EVENTS = FIXTURES / "export-before-16.rushzone.events.jsonl"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    monkeypatch.delenv("ZEBRA_LEAGUE_KEY_FILE", raising=False)
    return path


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_an_older_play_by_play_export_still_verifies_and_imports(store: Path) -> None:
    header = list(json.loads(ROWS.read_text().splitlines()[0]))
    assert header == list(playrows.EARLIER_COLUMNS) != list(playrows.COLUMNS)
    code, out, err = zebra("verify", str(ROWS))
    assert code == 0 and "all 97 rows are intact" in out, err
    code, _, err = zebra("import", str(ROWS))
    assert code == 0, err
    status = json.loads(zebra("status", "--json")[1])
    # The last entry was struck in the export, so the game is not over.
    assert status["score"] == {"home": 25, "away": 24} and status["period"]["label"] == "Q4"


def test_an_older_play_by_play_export_altered_is_still_refused(tmp_path: Path) -> None:
    lines = ROWS.read_text().splitlines()
    row = json.loads(lines[40])
    row["total_home_score"] = 99
    lines[40] = json.dumps(row)
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    verdict = playrows.verify(forged.read_text())
    assert not verdict.ok and verdict.message.startswith("row 41 ")


def test_an_older_events_export_still_imports_with_its_history(store: Path) -> None:
    code, _, err = zebra("import", str(EVENTS))
    assert code == 0, err
    status = json.loads(zebra("status", "--json")[1])
    assert status["score"] == {"home": 25, "away": 24} and status["struck"] == 1
    code, _, err = zebra("check", "--all")
    assert code == 0, err


def test_an_older_events_export_whose_situation_was_edited_is_still_refused(
    store: Path, tmp_path: Path
) -> None:
    from companion.integrity import GENESIS, link

    lines = EVENTS.read_text().splitlines()
    header, events = json.loads(lines[0]), [json.loads(x) for x in lines[1:]]
    for e in events:
        if e["type"] == "Ruled":
            e["state"]["situation"]["score"]["home"] = 52
    # Re-link the chain as a forger would, so only the rules can tell.
    previous = GENESIS
    for e in events:
        state = {**e["state"], "timestamp": e["timestamp"]}
        topic = f"domain.game:Game.{e['type']}"  # as docs/exports.md, events, says
        e["link"] = previous = link(previous, topic, header["game_id"], e["version"], state)
    forged = tmp_path / "forged.events.jsonl"
    forged.write_text("\n".join(json.dumps(x) for x in [header, *events]) + "\n")
    code, _, err = zebra("import", str(forged))
    assert code == 1 and "differ from what the rules make" in err, err


def test_an_older_events_export_is_stored_as_small_events(store: Path) -> None:
    """Its whole situations (format 2) are stored as changes from the step before (#19)."""
    from companion.service import Referee
    from companion.store import resolve
    from domain.game import Game

    code, _, err = zebra("import", str(EVENTS))
    assert code == 0, err
    referee = Referee(resolve(str(store), create=False))
    (game_id,) = [g.game_id for g in referee.games()]
    events = referee.game_events(game_id)
    ruled = [e for e in events if isinstance(e, Game.Ruled)]
    assert ruled[0].change.get("full") and not any(e.change.get("full") for e in ruled[1:])
    old = [json.loads(x) for x in EVENTS.read_text().splitlines()[1:]]
    whole = sum(len(json.dumps(e["state"]["situation"])) for e in old if e["type"] == "Ruled")
    now = sum(len(json.dumps(e.change)) for e in ruled)
    assert now < whole / 3
