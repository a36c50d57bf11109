"""A store written before the wording fixes of issue #27 opens as it was and plays on.

tests/fixtures/store-old-wording.sqlite was written by the code of cb693d2 (before
domain/words.py: "Cowboys's Time Deck", "+4 to a RB") through
tests/fixtures/make_store_old_wording.py: the Red Zone and Masters of the Gridiron full examples,
all but their last entries. Only facts judge a stored game (domain/reruling.py), so sentences
worded anew do not name it as ruled otherwise, even under a later rules version.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.scripts import read_script
from domain import rules_versions, rulesets

FIXTURES = Path(__file__).parents[1] / "fixtures"
ROOT = Path(__file__).parents[2]
OLD = FIXTURES / "store-old-wording"
GAMES: dict[str, dict[str, object]] = json.loads((OLD / "games.json").read_text())


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ZEBRA_USER", "ann")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    copy = tmp_path / "old-wording.sqlite"
    shutil.copy(FIXTURES / "store-old-wording.sqlite", copy)
    return str(copy)


def final_of_the_example(tmp_path: Path, ruleset: str, example: str) -> dict[str, object]:
    """The example played whole by today's Zebra into a new store: its final status."""
    fresh = str(tmp_path / f"fresh-{ruleset}.sqlite")
    code, _, err = zebra(
        "play", ruleset, "--script", str(ROOT / "examples" / example), "--store", fresh
    )
    assert code == 0, err
    code, out, err = zebra("status", "--json", "--store", fresh)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_the_old_sentences_are_kept_and_no_ruling_is_named(store: str, ruleset: str) -> None:
    game = str(GAMES[ruleset]["game"])
    code, out, err = zebra("log", game, "--store", store)
    assert code == 0 and err == "", err
    assert out == (OLD / f"{ruleset}.log.txt").read_text(encoding="utf-8")
    code, _, err = zebra("status", game, "--store", store)
    assert code == 0 and err == "", err
    code, out, err = zebra("check", game, "--store", store)
    assert code == 0, err


def test_the_old_wording_is_in_the_fixture() -> None:
    """The other side: the store really holds the slips today's words no longer make."""
    red = (OLD / "redzone.log.txt").read_text(encoding="utf-8")
    masters = (OLD / "gridironmasters.log.txt").read_text(encoding="utf-8")
    assert "s's " in red
    assert "to a RB" in masters


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_a_later_rules_version_that_only_words_anew_names_nothing(
    store: str, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = str(GAMES[ruleset]["game"])
    version = rules_versions.RULES_VERSION[ruleset] + 1
    monkeypatch.setattr(rulesets.get(ruleset), "version", version)
    monkeypatch.setitem(rules_versions.RULES_VERSION, ruleset, version)
    code, _, err = zebra("status", game, "--store", store)
    assert code == 0, err
    assert "would rule entries" not in err, err


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_the_game_plays_on_to_the_example_s_final_whistle(
    store: str, ruleset: str, tmp_path: Path
) -> None:
    entry = GAMES[ruleset]
    game, example, played = str(entry["game"]), str(entry["example"]), int(str(entry["played"]))
    lines = [text for _, text in read_script(ROOT / "examples" / example).lines]
    assert len(lines) > played
    for line in lines[played:]:
        code, _, err = zebra("enter", line, "--game", game, "--by", "ann", "--store", store)
        assert code == 0, (line, err)
    code, out, err = zebra("status", game, "--json", "--store", store)
    assert code == 0, err
    now = json.loads(out)
    whole = final_of_the_example(tmp_path, ruleset, example)
    assert now["entries"] == len(lines)
    assert now["finished"] is True
    assert (now["score"], now["winner"]) == (whole["score"], whole["winner"])
