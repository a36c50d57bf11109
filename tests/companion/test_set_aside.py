"""Setting an abandoned game aside, through the CLI as a person types it (issue #27), on SQLite
and on PostgreSQL: ``zebra set-aside`` and ``--back`` are recorded and refused in one line when
there is nothing to do; ``zebra games`` leaves set-aside games out and counts them, ``--all``
lists them marked; ``resume`` without an id, ``league games``, ``league standings`` and ``league
export`` pass over them; the reads still work; and every refusal records nothing.

None of the rulebooks (/work/shared/rules/) has a rule for an abandoned game: docs/rulings.md,
"A game abandoned at the table", says how Zebra reads that."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.service import Referee
from tests.domain.scripts import EXAMPLES

FULL = EXAMPLES / "rushzone-full.zebra"


@pytest.fixture
def store(store_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ZEBRA_STORE", store_url)
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    return store_url


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def events_in(store: str) -> int:
    referee = Referee(stores.resolve(store, create=False))
    return referee.recorder.max_notification_id() or 0


def status(*game: str) -> dict[str, object]:
    code, out, err = zebra("status", "--json", *game)
    assert code == 0, err
    found: dict[str, object] = json.loads(out)
    return found


def ok(*args: str) -> str:
    code, out, err = zebra(*args)
    assert code == 0, err
    return out


def refused(store: str, *args: str) -> str:
    """The one line a command is refused with; it must record nothing."""
    before = events_in(store)
    code, out, err = zebra(*args)
    assert code == 1 and out == "", (out, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert events_in(store) == before
    return err.strip()


def two_games() -> tuple[str, str]:
    """A finished Rush Zone game (Bears 25 - Packers 24), then one abandoned after its toss."""
    ok("play", "rushzone", "--script", str(FULL))
    final = str(status()["game_id"]).replace("-", "")[:8]
    ok("play", "rushzone", "--home", "Lions", "--away", "Vikings")
    ok("enter", "toss home")
    abandoned = str(status()["game_id"]).replace("-", "")[:8]
    return final, abandoned


def listed(*extra: str) -> list[str]:
    return ok("games", *extra).splitlines()


def test_games_leaves_a_game_set_aside_out_and_says_how_many_and_all_lists_it_marked(
    store: str,
) -> None:
    final, abandoned = two_games()
    # None set aside: both listed, no count line.
    assert [line[:8] for line in listed()] == [abandoned, final]
    before = events_in(store)
    out = ok("set-aside", "--game", abandoned, "--reason", "kids went to bed")
    assert out.startswith(f"Set game {abandoned} aside (kids went to bed);")
    assert events_in(store) == before + 1
    assert listed() == [listed("--all")[1], "1 set aside: zebra games --all"]
    every = listed("--all")
    assert [line[:8] for line in every] == [abandoned, final]
    assert every[0].endswith("(set aside: kids went to bed)")
    assert "set aside" not in every[1]
    # Both set aside: the listing is only the count.
    ok("set-aside", "--game", final, "--reason", "a practice game")
    assert listed() == ["2 set aside: zebra games --all"]
    assert len(listed("--all")) == 2


def test_setting_aside_twice_bringing_back_a_game_in_play_or_no_reason_is_one_line(
    store: str,
) -> None:
    _, abandoned = two_games()
    assert refused(store, "set-aside", "--back", "--game", abandoned, "--reason", "why not") == (
        f"error: game {abandoned} is not set aside; there is nothing to bring back"
    )
    assert refused(store, "set-aside", "--game", abandoned) == (
        "error: say why the game is set aside: --reason R (at most 200 characters)"
    )
    ok("set-aside", "--game", abandoned, "--reason", "rain")
    assert refused(store, "set-aside", "--game", abandoned, "--reason", "more rain") == (
        f"error: game {abandoned} is already set aside (rain); zebra set-aside --back brings it "
        "back"
    )
    assert refused(store, "set-aside", "--back", "--game", abandoned).startswith(
        "error: say why the game is brought back"
    )
    assert refused(store, "set-aside", "--game", "ffffffff", "--reason", "x").startswith(
        "error: no game matching 'ffffffff'"
    )


def test_a_game_set_aside_refuses_entries_and_corrections_but_every_read_works(
    store: str, tmp_path: Path
) -> None:
    _, abandoned = two_games()
    ok("set-aside", "--game", abandoned, "--reason", "rain")
    line = (
        f"error: game {abandoned} is set aside (rain); "
        f"zebra set-aside --back --game {abandoned} --reason R first"
    )
    for command in (
        ["enter", "--game", abandoned, "receive"],
        ["enter", "--game", abandoned, "receive", "--by", "someone else"],
        ["undo", "--game", abandoned],
        ["strike", "1", "--game", abandoned, "--reason", "x"],
        ["resume", "--game", abandoned],
    ):
        assert refused(store, *command) == line, command
    shown = status(abandoned)
    assert shown["set_aside"] == "rain" and shown["entries"] == 1
    assert "set aside: rain" in ok("status", "--game", abandoned)
    assert "toss home" in ok("log", "--game", abandoned)
    assert "set aside by referee-1 at " in ok("history", "--game", abandoned)
    target = tmp_path / "abandoned.events.jsonl"
    ok("export", "--game", abandoned, "--format", "events", "-o", str(target))
    assert [json.loads(line).get("type") for line in target.read_text().splitlines()][-1:] == [
        "SetAside"
    ]
    # Brought back, it takes entries again and is listed.
    ok("set-aside", "--back", "--game", abandoned, "--reason", "the sun came out")
    ok("enter", "--game", abandoned, "receive")
    assert status(abandoned)["entries"] == 2 and "set_aside" not in status(abandoned)
    assert listed()[0].startswith(abandoned) and "set aside" not in ok("games")


def test_resume_without_an_id_never_picks_a_game_set_aside(store: str) -> None:
    ok("play", "rushzone", "--home", "Bears", "--away", "Packers")
    older = str(status()["game_id"]).replace("-", "")[:8]
    ok("play", "rushzone", "--home", "Lions", "--away", "Vikings")
    newer = str(status()["game_id"]).replace("-", "")[:8]
    # This device's game (the newer one) set aside: resume takes the other unfinished game.
    ok("set-aside", "--reason", "rain")
    assert status(newer)["set_aside"] == "rain"
    if store.startswith("postgresql"):
        # A shared store never guesses another table's game: the device's own is set aside, so
        # resume asks for an id rather than take another.
        assert "will not guess which game you mean" in refused(store, "resume")
        return
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(
        app, ["resume"], input="quit\n"
    )
    assert result.exit_code == 0, result.stderr
    assert "Bears" in result.stdout and "Lions" not in result.stdout
    assert status()["game_id"].replace("-", "")[:8] == older  # type: ignore[attr-defined]
    # Both set aside: no unfinished game to pick, in one line, nothing recorded.
    ok("set-aside", "--game", older, "--reason", "rain")
    assert refused(store, "resume").startswith("error: no unfinished game in ")


def test_league_games_standings_and_export_leave_a_game_set_aside_out(
    store: str, tmp_path: Path
) -> None:
    final, abandoned = two_games()
    playing = ok("league", "games").splitlines()
    assert [line[:8] for line in playing] == [abandoned]
    rows = json.loads(ok("league", "standings", "--json"))
    assert sorted((r["team"], r["games"]) for r in rows) == [("Bears", 1), ("Packers", 1)]
    season = str(status(final)["season"])

    ok("set-aside", "--game", abandoned, "--reason", "rain")
    ok("set-aside", "--game", final, "--reason", "played with the wrong dice")
    assert ok("league", "games").strip() == "No games in progress."
    assert json.loads(ok("league", "standings", "--json")) == []
    assert ok("league", "standings").strip() == "No finished games yet."
    assert refused(store, "league", "export", "--season", season, "-o", str(tmp_path / "s")) == (
        f"error: no finished game of season {season} in {stores.resolve(store, create=False)} "
        "(0 unfinished, 0 copies, 2 set aside left out)"
    )

    ok("set-aside", "--back", "--game", final, "--reason", "the dice were fine")
    rows = json.loads(ok("league", "standings", "--json"))
    assert sorted((r["team"], r["games"]) for r in rows) == [("Bears", 1), ("Packers", 1)]
    out = ok("league", "export", "--season", season, "-o", str(tmp_path / "s"))
    assert out.startswith(f"wrote 1 game of season {season}")
    assert out.strip().endswith("; left out 1 set aside")
    games_csv = (tmp_path / "s" / "games.csv").read_text().splitlines()
    assert len(games_csv) == 2 and games_csv[1].startswith(str(status(final)["game_id"]))


def test_a_finished_game_set_aside_is_counted_left_out_by_the_export(
    store: str, tmp_path: Path
) -> None:
    ok("play", "rushzone", "--script", str(FULL))
    ok("play", "rushzone", "--script", str(FULL.parent / "rushzone-overtime.zebra"))
    second = str(status()["game_id"]).replace("-", "")[:8]
    season = str(status()["season"])
    ok("set-aside", "--game", second, "--reason", "a practice game")
    out = ok("league", "export", "--season", season, "-o", str(tmp_path / "s"))
    assert out.startswith(f"wrote 1 game of season {season}")
    assert out.strip().endswith("; left out 1 set aside")
    ids = [line.split(",")[0] for line in (tmp_path / "s" / "games.csv").read_text().splitlines()]
    assert len(ids) == 2 and not ids[1].replace("-", "").startswith(second)


def test_the_summary_row_carries_the_mark_and_stays_trusted(store: str) -> None:
    _, abandoned = two_games()
    referee = Referee(stores.resolve(store, create=False))
    game_id = referee.find(abandoned)
    row = referee.recorder.select_row(game_id, status=False)
    assert row is not None and row.summary is not None and row.summary.set_aside is None
    ok("set-aside", "--game", abandoned, "--reason", "rain")
    row = referee.recorder.select_row(game_id, status=False)
    # Trusted (its digest holds): the listing reads the mark from the row, not the events.
    assert row is not None and row.summary is not None and row.summary.set_aside == "rain"
    ok("set-aside", "--back", "--game", abandoned, "--reason", "sun")
    row = referee.recorder.select_row(game_id, status=False)
    assert row is not None and row.summary is not None and row.summary.set_aside is None


def test_a_mark_taken_off_the_row_behind_zebras_back_is_not_believed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite only: the row is edited through SQLite itself, as a hand edit would be.
    store = str(tmp_path / "games.sqlite")
    monkeypatch.setenv("ZEBRA_STORE", store)
    _, abandoned = two_games()
    ok("set-aside", "--game", abandoned, "--reason", "rain")
    with sqlite3.connect(store) as conn:
        conn.execute("UPDATE game_heads SET set_aside = NULL")
    conn.close()
    referee = Referee(stores.resolve(store, create=False))
    row = referee.recorder.select_row(referee.find(abandoned), status=False)
    assert row is not None and row.summary is None  # the digest no longer holds
    assert listed()[-1] == "1 set aside: zebra games --all"
