"""A game remembers the rules that judged it (issue #26; docs/rulings.md, "A game remembers the
rules that judged it"), through the CLI as a person types, on SQLite and on PostgreSQL.

The rules are upgraded inside the test process only: Red Zone's time-out constant (rules/
red-zone.txt, "Time": a time-out adds 5 cards to each Time Deck) becomes 6 cards and Red Zone's
rules version goes from 1 to 2, as a release that changed the rule would ship them. Nothing in
the tree changes. A game played before the upgrade keeps its record; it is named, every command
that would record is refused, and ``zebra rerule`` adopts the new rulings as a correction that
``zebra revert`` takes back.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.service import Referee
from domain import rules_versions, rulesets
from domain.rulesets.redzone import clock
from tests.domain.scripts import EXAMPLES

# The first lines of the Red Zone example: the first time-out of the game is entry 143 (its
# line 148: "timeout home"), and a few entries follow it.
CUT = 165
FIRST_TIMEOUT = 143
EXAMPLE = (EXAMPLES / "redzone-full.zebra").read_text(encoding="utf-8").splitlines()
LINES = EXAMPLE[:CUT]
NEXT = EXAMPLE[CUT].split("#")[0].strip()  # the example's next entry
HOME_TIMEOUTS = sum(1 for line in LINES if line.split("#")[0].split() == ["timeout", "home"])


def zebra(*args: str) -> tuple[int, str, str]:
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def events_in(store: str) -> int:
    referee = Referee(stores.resolve(store, create=False))
    return referee.recorder.max_notification_id() or 0


def upgrade(monkeypatch: pytest.MonkeyPatch, cards: int = 6) -> None:
    """Red Zone's rules as a later release would ship them: version 2, a time-out adds
    ``cards`` cards (a copy of the rules in this process; the tree is untouched)."""
    monkeypatch.setattr(clock, "TIMEOUT_CARDS", cards)
    monkeypatch.setattr(rulesets.get("redzone"), "version", 2)
    monkeypatch.setitem(rules_versions.RULES_VERSION, "redzone", 2)


@pytest.fixture
def game(store_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A Red Zone game played under today's rules to a few entries past its first time-out."""
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    script = tmp_path / "first.zebra"
    script.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    code, _, err = zebra("play", "redzone", "--script", str(script), "--store", store_url)
    assert code == 0, err
    code, out, err = zebra("status", "--json", "--store", store_url)
    assert code == 0, err
    return store_url, json.loads(out)["game_id"].replace("-", "")[:8]


def status(store: str, game: str) -> tuple[dict[str, object], str]:
    code, out, err = zebra("status", game, "--json", "--store", store)
    assert code == 0, err
    return json.loads(out), err


def test_a_game_ruled_under_other_rules_is_named_kept_reruled_and_reverted(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store, gid = game
    shown, note = status(store, gid)
    assert note == ""
    assert zebra("check", gid, "--store", store)[0] == 0

    upgrade(monkeypatch)
    # Read commands show the stored record, and the line.
    after, note = status(store, gid)
    assert after == shown
    named = (
        f"game {gid} was ruled under Red Zone rules 1; these rules (Red Zone rules 2) would "
        f"rule entries {FIRST_TIMEOUT}-"
    )
    assert note.startswith(f"note: {named}")
    assert f"`zebra rerule {gid} --reason ...` adopts them" in note
    code, out, err = zebra("history", gid, "--store", store)
    assert code == 0 and named in err and "reruled" not in out
    code, out, err = zebra("log", gid, "--store", store)
    assert code == 0 and named in err
    code, out, err = zebra("export", gid, "-f", "jsonl", "--store", store)
    assert code == 0 and named in err and out.strip()
    code, _, err = zebra("check", gid, "--store", store)
    assert code == 1 and named in err and "ruled under other rules" not in err

    # Commands that would record are refused with the line, and record nothing.
    count = events_in(store)
    for command in (
        ("enter", NEXT, "--game", gid),
        ("undo", gid, "--reason", "x"),
        ("strike", "150", "--game", gid, "--reason", "x"),
        ("amend", "150", "defend 4-3", "--game", gid, "--reason", "x"),
    ):
        code, _, err = zebra(*command, "--store", store)
        assert code == 1, command
        assert err.count("\n") == 1 and named in err, (command, err)
        assert events_in(store) == count, command

    # The rerule: a correction with who, when, why and what it changed.
    reason = "the league moved to rules 2"
    code, out, err = zebra("rerule", gid, "--reason", reason, "--store", store)
    assert code == 0, err
    assert "correction c1: zebra revert c1 undoes it" in out
    now, note = status(store, gid)
    assert note == ""
    deck = lambda s: s["clock"]["home"]["time_deck"]  # noqa: E731
    # Each time-out adds one card more under rules 2 (both called while the home deck had cards).
    assert HOME_TIMEOUTS == 2
    assert deck(now) == deck(shown) + HOME_TIMEOUTS
    code, out, _ = zebra("history", gid, "--store", store)
    assert f"c1: reruled (rules 2 rule entries {FIRST_TIMEOUT}-" in out
    assert "by referee-1" in out and "the league moved to rules 2" in out
    assert "[c1] reruled by referee-1" in out
    code, out, _ = zebra("export", gid, "-f", "csv", "--store", store)
    rows = list(csv.DictReader(io.StringIO(out)))
    trails = [r["zebra_corrections"] for r in rows if r["zebra_corrections"]]
    assert trails and all("reruled" in t for t in trails)
    code, out, _ = zebra("export", gid, "-f", "events", "--store", store)
    assert '"type": "Reruled"' in out
    assert zebra("check", gid, "--store", store)[0] == 0
    code, out, err = zebra("enter", NEXT, "--game", gid, "--store", store)
    assert code == 0, err
    assert zebra("undo", gid, "--reason", "to revert", "--store", store)[0] == 0
    # Something was recorded after the rerule: it can no longer be taken back.
    count = events_in(store)
    code, _, err = zebra("revert", "c1", "--game", gid, "--reason", "back", "--store", store)
    assert code == 1 and "can no longer be taken back" in err
    assert events_in(store) == count


def test_a_rerule_taken_back_puts_the_stored_rulings_back_and_names_the_game_again(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, gid = game
    shown, _ = status(store, gid)
    upgrade(monkeypatch)
    assert zebra("rerule", gid, "--reason", "rules 2", "--store", store)[0] == 0
    code, out, err = zebra("revert", "c1", "--game", gid, "--reason", "not yet", "--store", store)
    assert code == 0, err
    back, note = status(store, gid)
    assert {k: v for k, v in back.items() if k != "version"} == {
        k: v for k, v in shown.items() if k != "version"
    }
    assert f"game {gid} was ruled under Red Zone rules 1" in note
    code, out, _ = zebra("history", gid, "--store", store)
    assert "c2: took back c1" in out
    count = events_in(store)
    code, _, err = zebra("enter", NEXT, "--game", gid, "--store", store)
    assert code == 1 and "was ruled under Red Zone rules 1" in err
    assert events_in(store) == count
    assert zebra("check", "--all", "--store", store)[0] == 1


def test_a_new_version_that_rules_the_game_the_same_names_nothing(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, gid = game
    # The other side of the boundary: a new version, the same rulings for this game.
    upgrade(monkeypatch, cards=5)
    _, note = status(store, gid)
    assert note == ""
    assert zebra("check", gid, "--store", store)[0] == 0
    count = events_in(store)
    code, _, err = zebra("rerule", gid, "--reason", "x", "--store", store)
    assert code == 1 and err.count("\n") == 1 and "nothing to rerule" in err
    assert events_in(store) == count
    code, _, err = zebra("enter", NEXT, "--game", gid, "--store", store)
    assert code == 0, err


def test_resuming_a_game_ruled_under_other_rules_names_it_and_refuses_the_entry(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, gid = game
    upgrade(monkeypatch)
    count = events_in(store)
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    result = runner.invoke(app, ["resume", gid, "--store", store], input=f"{NEXT}\nquit\n")
    assert result.exit_code == 0, result.stderr
    said = result.stdout + result.stderr
    assert f"Note: game {gid} was ruled under Red Zone rules 1" in said
    assert said.count(f"game {gid} was ruled under Red Zone rules 1") >= 2  # and at the entry
    assert events_in(store) == count


def test_an_events_export_made_under_other_rules_imports_as_recorded_and_is_named(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store, gid = game
    shown, _ = status(store, gid)
    exported = tmp_path / "game.events.jsonl"
    assert zebra("export", gid, "-f", "events", "-o", str(exported), "--store", store)[0] == 0
    upgrade(monkeypatch)
    # The game is in this store already (one game, one record): imported again as a copy.
    code, out, err = zebra("import", str(exported), "--copy", "--store", store)
    assert code == 0, err
    new = out.split("as game ")[1][:8]
    assert new != gid
    assert f"note: game {new} was ruled under Red Zone rules 1" in err
    imported, note = status(store, new)
    assert imported.pop("copy_of").replace("-", "").startswith(gid)
    same = ("game_id", "version")
    assert {k: v for k, v in imported.items() if k not in same} == {
        k: v for k, v in shown.items() if k not in same
    }
    assert f"game {new} was ruled under Red Zone rules 1" in note
    assert zebra("rerule", new, "--reason", "rules 2", "--store", store)[0] == 0
    assert status(store, new)[1] == ""


def test_an_events_export_of_format_3_imports_as_ruled_under_the_baseline(
    game: tuple[str, str], tmp_path: Path
) -> None:
    from companion import transfer
    from companion.integrity import GENESIS, link

    store, gid = game
    code, text, _ = zebra("export", gid, "-f", "events", "--store", store)
    assert code == 0
    # The same history as Zebra wrote it before steps carried their rules version: format 3,
    # no "rules" in Ruled and Rederived, each event linked as that Zebra linked it.
    head, *rows = [json.loads(line) for line in text.splitlines()]
    head[transfer.HEADER_KEY] = 3
    previous, lines = GENESIS, [json.dumps(head)]
    topics = {cls.__name__: topic for topic, cls in transfer.known_topics().items()}
    for row in rows:
        if row["type"] in ("Ruled", "Rederived"):
            del row["state"]["rules"]
        linked = {**row["state"], "timestamp": row["timestamp"]}
        previous = link(previous, topics[row["type"]], head["game_id"], row["version"], linked)
        row["link"] = previous
        lines.append(json.dumps(row))
    old = tmp_path / "old.events.jsonl"
    old.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = zebra("import", str(old), "--copy", "--store", store)
    assert code == 0, err
    new = out.split("as game ")[1][:8]
    assert err == ""
    assert zebra("check", new, "--store", store)[0] == 0
