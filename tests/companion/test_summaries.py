"""Each game's summary is a read model kept in its head row, in the entry's own transaction (#19).

``status``, ``games``, ``resume`` without an id, prefix lookup and the standings read the rows and
apply no rule; what a Zebra that keeps no summaries wrote (an older store, an older writer) is
caught up from the tracking record, reading only the events written since. Every test runs on an
SQLite file and on PostgreSQL (tests/companion/conftest.py).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.application import Application
from typer.testing import CliRunner

from benchmarks.games import random_game
from companion import store as stores
from companion.cli import app
from companion.scripts import Script
from companion.service import Referee, last_at, live_status
from companion.views import ProgressLine
from domain import rulesets
from domain.game import Game
from domain.ruleset import IllegalEntry
from projections import record, situation, standings
from tests.domain.scripts import EXAMPLES

TEAMS = ("Bears", "Packers", "Lions", "Vikings")
OPENING = ("toss home", "receive", "green 6 1", "white 6 2 4 3 5 1")


def referee_at(store_url: str) -> Referee:
    return Referee(stores.resolve(store_url, create=True))


def folded(referee: Referee, game_id: UUID) -> dict[str, Any]:
    """The game's status folded from every one of its events (the truth a row must equal)."""
    return situation.view(record.project(referee.game_events(game_id)))


def row_status(referee: Referee, game_id: UUID) -> dict[str, Any]:
    row = referee.recorder.select_row(game_id)
    assert row is not None and row.summary is not None, "no trusted summary in the head row"
    assert row.summary.last_at == last_at(referee.game_events(game_id))
    return row.summary.view


def without_summary(referee: Referee, game: Game) -> None:
    """Save as a Zebra that keeps no summaries does: the head moves, the summary does not."""
    referee.save(game, summaries={})


class Reads:
    """What a referee reads from its store: events (whole), event headers, head rows."""

    def __init__(self, referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
        self.events = self.headers = self.rows = self.notifications = 0
        recorder = referee.recorder
        select_events, select_headers = recorder.select_events, recorder.select_headers
        read, notifications = recorder._read, recorder.select_notifications

        def counted_events(*args: Any, **kwargs: Any) -> Any:
            found = select_events(*args, **kwargs)
            self.events += len(found)
            return found

        def counted_headers(*args: Any, **kwargs: Any) -> Any:
            found = select_headers(*args, **kwargs)
            self.headers += len(found)
            return found

        def counted_read(*args: Any, **kwargs: Any) -> Any:
            found = read(*args, **kwargs)
            self.rows += len(found or [])
            return found

        def counted_notifications(*args: Any, **kwargs: Any) -> Any:
            found = notifications(*args, **kwargs)
            self.notifications += len(found)
            return found

        monkeypatch.setattr(recorder, "select_events", counted_events)
        monkeypatch.setattr(recorder, "select_headers", counted_headers)
        monkeypatch.setattr(recorder, "_read", counted_read)
        monkeypatch.setattr(recorder, "select_notifications", counted_notifications)


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every rule applied, by name, through every ruleset (wrapped where the game finds it)."""
    calls: list[str] = []
    for name in rulesets.names():
        rules = rulesets.get(name)
        for function in ("initial", "apply", "expected", "situation"):
            original = getattr(rules, function)

            def counting(*args: Any, _f: Any = original, _n: str = function) -> Any:
                calls.append(_n)
                return _f(*args)

            monkeypatch.setattr(rules, function, counting)
    yield calls


# Reading applies no rule ------------------------------------------------------------------------


def test_a_status_read_applies_no_rule_and_reads_only_the_last_event(
    store_url: str, monkeypatch: pytest.MonkeyPatch, applied: list[str]
) -> None:
    writer = referee_at(store_url)
    game_id = writer.start("rushzone", "Bears", "Packers").game_id
    for text in OPENING:
        writer.enter(game_id, text)
    reader = referee_at(store_url)
    reads = Reads(reader, monkeypatch)
    applied.clear()
    status = reader.status(game_id)
    assert status == folded(writer, game_id)
    assert applied == []
    # The last two events, to hold the row to the game's end: not the game's ten events.
    assert reads.events == 2 and reads.notifications == 0
    # And through the command, from the game's id prefix.
    monkeypatch.setenv("ZEBRA_STORE", store_url)
    applied.clear()
    result = CliRunner().invoke(app, ["status", game_id.hex[:6], "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == status and applied == []


# What a command that only reads summaries may import: the store layer, never the aggregate, a
# game's rules or the projections (they cost more than the rest of ``zebra status``).
NOT_ON_THE_READ_PATH = ("domain.game", "domain.rulesets.", "domain.kernel", "projections")


def modules_after(store_url: str, *command: str) -> list[str]:
    """The Zebra modules a fresh interpreter holds after running ``zebra COMMAND``."""
    probe = (
        "import json, sys\n"
        "from companion.cli import main\n"
        "sys.argv = ['zebra', *json.loads(sys.argv[1])]\n"
        "try:\n    main()\nexcept SystemExit as done:\n    assert not done.code, done.code\n"
        "names = [m for m in sys.modules if m.startswith(('domain', 'projections', 'companion'))]\n"
        "print(json.dumps(sorted(names)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, json.dumps([*command, "--store", store_url])],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "ZEBRA_USER": "scorer", "COLUMNS": "120"},
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


@pytest.mark.parametrize(
    "command", [("status",), ("status", "--json"), ("games",), ("status", "PREFIX")]
)
def test_reading_a_summary_imports_neither_the_aggregate_nor_the_rules(
    store_url: str, command: tuple[str, ...]
) -> None:
    writer = referee_at(store_url)
    game_id = writer.start("rushzone", "Bears", "Packers").game_id
    for text in OPENING:
        writer.enter(game_id, text)
    args = tuple(game_id.hex[:6] if word == "PREFIX" else word for word in command)
    loaded = modules_after(store_url, *args)
    assert "companion.summaries" in loaded  # the probe ran the command
    assert [m for m in loaded if m.startswith(NOT_ON_THE_READ_PATH)] == []
    # The probe can fail: a command that shows the play-by-play folds the record.
    assert "projections.record" in modules_after(store_url, "log", game_id.hex[:6])


def test_resume_without_an_id_reads_one_row_whatever_the_number_of_games(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # SQLite only: a league store shared by several tables never guesses (companion.current).
    store_url = str(tmp_path / "games.sqlite")
    referee = referee_at(store_url)
    counted = []
    for games in (2, 6):
        while len(referee.games()) < games:
            finished_game(referee, len(referee.games()))
        playing = referee.start("rushzone", "Lions", "Vikings").game_id
        # Another device: nothing remembered, so the latest unfinished game is looked up.
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / f"device-{games}"))
        fresh = referee_at(store_url)
        reads = Reads(fresh, monkeypatch)
        assert fresh.find(None, unfinished=True) == playing
        assert reads.events == reads.notifications == reads.headers == 0
        counted.append(reads.rows)
        referee.enter(playing, "toss home")  # still unfinished, and no longer the newest start
    assert counted[0] == counted[1] <= 3


def finished_game(referee: Referee, n: int, summaries: bool = True) -> UUID:
    """A random finished Rush Zone game between two of the teams, imported in one step."""
    played = random_game("rushzone", 7 + n)
    home, away = random.Random(n).sample(TEAMS, 2)
    script = Script(
        "random",
        home,
        away,
        "rushzone",
        {},
        tuple(enumerate(played.entries, 1)),
    )
    if summaries:
        return referee.import_game(script, "scorer").game_id
    game = Game.start("rushzone", home, away, {}, "scorer", "2026-01-01T00:00:00+00:00")
    for text in played.entries:
        game.enter(text, "scorer", "2026-01-01T00:00:00+00:00")
    without_summary(referee, game)
    return game.id


# Kept in the entry's transaction ----------------------------------------------------------------


def test_the_summary_follows_every_entry_correction_and_refusal(store_url: str) -> None:
    referee = referee_at(store_url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    assert row_status(referee, game_id) == folded(referee, game_id)
    for text in OPENING:
        referee.enter(game_id, text)
        assert row_status(referee, game_id) == folded(referee, game_id)
    steps = [
        lambda: referee.strike(game_id, 3, "the die was cocked", strike_invalid=True),
        lambda: referee.revert(game_id, reason="it was not"),
        lambda: referee.amend(game_id, 4, "white 6 2 4 3 5 2", "misread"),
        lambda: referee.insert(game_id, 1, "kick", "forgotten", strike_invalid=True),
        lambda: referee.undo(game_id, "disputed"),
    ]
    for step in steps:
        before = row_status(referee, game_id)
        step()
        after = row_status(referee, game_id)
        assert after == folded(referee, game_id) and after["version"] > before["version"]
    # A refused entry records nothing, and the summary stays as it was.
    before, count = row_status(referee, game_id), referee.recorder.max_notification_id()
    with pytest.raises(IllegalEntry):
        referee.enter(game_id, "purple 9")
    assert row_status(referee, game_id) == before
    assert referee.recorder.max_notification_id() == count
    # The tracking record is at the store's last event: nothing to catch up.
    assert referee.recorder.select_tracking() == (count, 1)


def zebra_process(store: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "ZEBRA_USER": "scorer", "COLUMNS": "120"}
    return subprocess.Popen(
        [sys.executable, "-m", "companion.cli", *args, "--store", store],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_summaries_are_right_after_two_processes_play_at_once(store_url: str) -> None:
    referee_at(store_url)  # the tables exist before the two race to write
    script = EXAMPLES / "rushzone-full.zebra"
    both = [
        zebra_process(store_url, "play", "rushzone", "--script", str(script)),
        zebra_process(store_url, "play", "rushzone", "--script", str(script), "--home", "Lions"),
    ]
    for process in both:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
    referee = referee_at(store_url)
    listed = referee.games()
    assert len(listed) == 2 and all(g.finished and g.entries == 97 for g in listed)
    for game in listed:
        assert row_status(referee, game.game_id) == folded(referee, game.game_id)
    last = referee.recorder.max_notification_id()
    assert referee.recorder.select_tracking() == (last, 2)


# Filled from a fold where a row has none --------------------------------------------------------


def test_a_game_written_without_a_summary_is_folded_once_and_kept(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = referee_at(store_url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    game = referee.game(game_id)
    for text in OPENING:
        game.enter(text, "old zebra", "2026-01-01T00:00:00+00:00")
    without_summary(referee, game)
    row = referee.recorder.select_row(game_id)
    assert row is not None and row.summary is None  # stale: the head moved on without it
    fresh = referee_at(store_url)
    reads = Reads(fresh, monkeypatch)
    assert fresh.status(game_id) == folded(referee, game_id)
    assert reads.events == game.version
    assert row_status(fresh, game_id) == folded(referee, game_id)
    reads.events = 0
    assert fresh.status(game_id) == folded(referee, game_id) and reads.events == 2


def test_the_zebra_0_1_store_gains_its_summaries(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    path.write_bytes((Path(__file__).parents[1] / "fixtures" / "store-v0.1.sqlite").read_bytes())
    expected = json.loads(
        (Path(__file__).parents[1] / "fixtures" / "store-v0.1.df765954.status.json").read_text()
    )
    referee = referee_at(str(path))
    assert referee.recorder.select_tracking() == (0, 0)
    listed = referee.games()
    assert {g.game_id.hex[:8] for g in listed} == {"df765954", "f412e7a4"}
    last = referee.recorder.max_notification_id()
    assert referee.recorder.select_tracking() == (last, 2)
    for game in listed:
        assert row_status(referee, game.game_id) == folded(referee, game.game_id)
    (old,) = [g.game_id for g in listed if g.game_id.hex.startswith("df765954")]
    status = referee.status(old)
    # Zebra 0.1 kept no seasons: the season of the year the game started (domain.schedule).
    assert (status.pop("season"), status.pop("week")) == (2026, None)
    assert {k: v for k, v in status.items() if k != "version"} == expected


# Standings --------------------------------------------------------------------------------------


def full_fold(referee: Referee) -> list[standings.Standing]:
    return standings.project(standings.result_of(r) for r in referee.records())


def test_standings_after_one_new_game_read_only_that_games_events(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = referee_at(store_url)
    for n in range(4):
        finished_game(referee, n, summaries=n % 2 == 0)
    assert referee.standings() == full_fold(referee)
    # One more game, by a Zebra that keeps summaries: no event is read at all.
    finished_game(referee, 4)
    fresh = referee_at(store_url)
    reads = Reads(fresh, monkeypatch)
    assert fresh.standings() == full_fold(referee)
    assert reads.events == reads.headers == reads.notifications == 0
    # One more, by a Zebra that keeps none: its events, and only its.
    new = finished_game(referee, 5, summaries=False)
    size = len(referee.game_events(new))
    fresh = referee_at(store_url)
    reads = Reads(fresh, monkeypatch)
    table = fresh.standings()
    assert (reads.headers, reads.events, reads.notifications) == (size, size, 0)
    assert table == full_fold(referee)


@pytest.mark.parametrize("seed", [1, 2])
def test_caught_up_standings_equal_a_full_fold_for_random_leagues(
    store_url: str, seed: int
) -> None:
    rnd = random.Random(seed)
    referee = referee_at(store_url)
    games = [
        finished_game(referee, 10 * seed + n, summaries=rnd.random() < 0.5)
        for n in range(rnd.randint(4, 7))
    ]
    # A disputed final call: that game is no longer finished (and its standing with it).
    referee.undo(rnd.choice(games), "the last roll is disputed")
    referee.start("rushzone", "Bears", "Lions")  # in progress: not in the standings
    assert referee_at(store_url).standings() == full_fold(referee)
    assert referee.recorder.select_tracking()[0] == referee.recorder.max_notification_id()


def strip_summaries(store_url: str) -> None:
    """The store as a Zebra that kept no summaries left it: no head rows, tracking at 0."""
    statements = ("DELETE FROM game_heads", "UPDATE zebra_tracking SET position = 0, games = 0")
    if store_url.startswith("postgresql://"):
        import psycopg

        address, _, schema = store_url.partition("?schema=")
        with psycopg.connect(address) as conn:
            conn.execute(f"SET search_path TO {schema}")
            for statement in statements:
                conn.execute(statement)
        return
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(store_url)) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.commit()


@pytest.mark.parametrize("seed", [3, 4])
def test_standings_caught_up_incrementally_equal_standings_from_empty(
    store_url: str, seed: int
) -> None:
    rnd = random.Random(seed)
    referee = referee_at(store_url)
    games = []
    for n in range(rnd.randint(5, 8)):
        games.append(finished_game(referee, 10 * seed + n, summaries=rnd.random() < 0.5))
        if rnd.random() < 0.5:  # read between writes: the catch-up goes a step at a time
            referee_at(store_url).standings()
    referee.undo(rnd.choice(games), "the last roll is disputed")
    incremental = referee_at(store_url).standings()
    strip_summaries(store_url)
    fresh = referee_at(store_url)
    assert fresh.recorder.select_tracking() == (0, 0)
    assert fresh.standings() == incremental == full_fold(referee)
    assert fresh.recorder.select_tracking() == (fresh.recorder.max_notification_id(), len(games))


def test_catching_up_holds_one_game_at_a_time_and_the_standings_one_row_per_team(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory for the teams, not the games: the catch-up folds one game's events at a time and
    keeps none of them, and the standings keep one row per team and ruleset."""
    import weakref

    from companion.integrity import ChainedMapper
    from projections import summary

    referee = referee_at(store_url)
    sizes = [len(referee.game_events(finished_game(referee, n, False))) for n in range(6)]
    expected = full_fold(referee)
    alive = {"events": 0, "folds": 0}
    most, made = dict(alive), dict(alive)
    to_domain_event, fold_init = ChainedMapper.to_domain_event, summary.SummaryFold.__init__

    def born(thing: object, kind: str) -> None:
        """Count ``thing`` alive until it is collected, and the most alive at once."""
        alive[kind] += 1
        made[kind] += 1
        most[kind] = max(most[kind], alive[kind])
        weakref.finalize(thing, gone, kind)

    def gone(kind: str) -> None:
        alive[kind] -= 1

    def decoding(self: ChainedMapper, stored: Any) -> Any:
        event = to_domain_event(self, stored)
        born(event, "events")
        return event

    def folding(self: summary.SummaryFold) -> None:
        fold_init(self)
        born(self, "folds")

    monkeypatch.setattr(ChainedMapper, "to_domain_event", decoding)
    monkeypatch.setattr(summary.SummaryFold, "__init__", folding)
    table = referee_at(store_url).standings()
    assert table == expected and sum(row.games for row in table) == 12
    # Every event of every game was folded, as it was decoded: never more than one fold nor
    # two events alive at once, however many games and events the store holds.
    assert made == {"events": sum(sizes), "folds": len(sizes)}
    assert most["folds"] == 1 and most["events"] <= 2
    assert len(table) == len(TEAMS)  # one row per team (one ruleset), whatever the games


def test_the_cli_standings_catch_up_with_a_bar_or_say_in_one_line_what_is_left(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = referee_at(store_url)
    for n in range(3):
        finished_game(referee, n, summaries=False)
    monkeypatch.setenv("ZEBRA_STORE", store_url)
    runner = CliRunner(env={"COLUMNS": "120"})
    result = runner.invoke(app, ["league", "standings", "--timeout", "0"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and "still catching up" in line
    assert "0 of" in line and "run the command again" in line
    result = runner.invoke(app, ["league", "standings", "--json", "--timeout", "60"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert sum(r["games"] for r in rows) == 6
    assert referee.recorder.select_tracking()[0] == referee.recorder.max_notification_id()


def test_the_progress_bar_shows_only_after_a_second() -> None:
    now = [0.0]
    shown: list[str] = []
    bar = ProgressLine("Catching up", shown.append, clock=lambda: now[0])
    bar(0, 100)
    now[0] = 1.0
    bar(50, 100)
    assert shown == []  # a catch-up of one second or less prints nothing
    now[0] = 1.01
    bar(60, 100)
    bar(100, 100)
    assert shown[0].startswith("\rCatching up [##################") and "60 of 100" in shown[0]
    assert shown[-1].endswith("100 of 100 events\n")


@pytest.mark.parametrize("failure", [TimeoutError, "OperationalError"])
def test_a_store_that_stops_answering_mid_catch_up_is_one_line_saying_how_far_it_got(
    store_url: str, monkeypatch: pytest.MonkeyPatch, failure: Any
) -> None:
    """Not a traceback: the league server's wait for a connection, or a statement that timed
    out, in the middle of catching up says what is left; what was caught up is kept."""
    from eventsourcing.persistence import OperationalError

    import companion.service as service

    referee = referee_at(store_url)
    for n in range(3):
        finished_game(referee, n, summaries=False)
    monkeypatch.setattr(service, "CATCH_UP_BATCH", 100)
    batch = service.Referee._catch_up_batch
    calls = [0]

    def stalling(self: Referee, position: int, last: int) -> int:
        calls[0] += 1
        if calls[0] == 3:
            raise (OperationalError if failure == "OperationalError" else failure)("timed out")
        return batch(self, position, last)

    monkeypatch.setattr(service.Referee, "_catch_up_batch", stalling)
    monkeypatch.setenv("ZEBRA_STORE", store_url)
    result = CliRunner(env={"COLUMNS": "120"}).invoke(app, ["league", "standings"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and "still catching up: 200 of" in line
    assert "stopped answering (timed out)" in line and "run the command again" in line
    assert referee.recorder.select_tracking()[0] > 0  # kept
    monkeypatch.undo()
    assert referee_at(store_url).standings() == full_fold(referee)


def test_an_error_after_a_progress_bar_starts_on_its_own_line() -> None:
    from companion.views import end_open_lines

    now = [0.0]
    shown: list[str] = []
    bar = ProgressLine("Catching up", shown.append, clock=lambda: now[0])
    bar(0, 100)
    now[0] = 2.0
    bar(40, 100)
    end_open_lines()
    assert shown[-1] == "\n"
    end_open_lines()  # once only
    bar(100, 100)
    end_open_lines()
    assert shown.count("\n") == 1 and shown[-1].endswith("100 of 100 events\n")


def test_a_long_catch_up_reports_its_progress(store_url: str) -> None:
    referee = referee_at(store_url)
    for n in range(2):
        finished_game(referee, n, summaries=False)
    fresh = referee_at(store_url)
    seen: list[tuple[int, int]] = []
    fresh.progress = lambda done, total: seen.append((done, total))
    monkeypatched_batch = 100
    import companion.service as service

    old, service.CATCH_UP_BATCH = service.CATCH_UP_BATCH, monkeypatched_batch
    try:
        assert fresh.standings() == full_fold(referee)
    finally:
        service.CATCH_UP_BATCH = old
    total = referee.recorder.max_notification_id()
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert len(seen) - 1 == -(-total // monkeypatched_batch)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


# The whole-file check ---------------------------------------------------------------------------


def test_no_command_but_check_runs_sqlite_integrity_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    path = tmp_path / "games.sqlite"
    referee_at(str(path)).start("rushzone", "Bears", "Packers")
    statements: list[str] = []
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        conn.set_trace_callback(statements.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced)
    runner = CliRunner()
    for command in (["status"], ["games"], ["history"], ["league", "standings"]):
        result = runner.invoke(app, [*command, "--store", str(path)])
        assert result.exit_code == 0, result.output
    assert statements and not [s for s in statements if "_check" in s.lower()]
    result = runner.invoke(app, ["check", "--store", str(path)])
    assert result.exit_code == 0 and [s for s in statements if "integrity_check" in s.lower()]


def test_an_older_application_cannot_leave_a_stale_summary(store_url: str) -> None:
    """Events saved by any writer that passes no summary leave the row untrusted, not stale."""
    referee = referee_at(store_url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    game = referee.game(game_id)
    game.enter("toss home", "old zebra", "2026-01-01T00:00:00+00:00")
    Application.save(referee, game)  # the library's own save: no summaries passed
    referee.mapper.settle(stored=True)
    row = referee.recorder.select_row(game_id)
    assert row is not None and row.summary is None
    assert referee_at(store_url).status(game_id)["entries"] == 1


def test_the_status_read_from_a_summary_keeps_the_rules_order_of_keys(store_url: str) -> None:
    """The screens show the clock's facts in the order the rules give them, so the summary
    hands back the status as the rules made it, not re-sorted."""
    referee = referee_at(store_url)
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in OPENING:
        referee.enter(game_id, text)
    fresh = referee_at(store_url)  # nothing cached: the status comes from the summary row
    read = fresh.status(game_id)
    live = live_status(referee.game(game_id))
    assert list(read) == list(live) and list(read)[:3] == ["game_id", "ruleset", "home"]
    assert json.dumps(read) == json.dumps(live)
