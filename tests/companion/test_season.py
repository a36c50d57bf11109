"""A league's season (issue #31): games carry a season and a week, ``zebra schedule`` changes
them as a correction, the standings are kept per season, and ``zebra league export`` hands a
season's finished games to an analyst in four files that pandas loads without options."""

from __future__ import annotations

import json
import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import parse_import, read_text
from companion.service import Referee

EXAMPLES = Path(__file__).parents[2] / "examples"
GAMES = ("rushzone", "redzone", "firstandgoal", "thirdandlong", "gridironmasters")
FILES = ("games.csv", "pbp.csv", "player_stats.csv", "team_stats.csv")


def zebra(*args: str, store: Path | str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(
        app, [*args, "--store", str(store)]
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def refused(code: int, out: str, err: str, says: str) -> None:
    """One line on stderr saying what was wrong, exit status 1, no traceback."""
    assert code == 1, (out, err)
    assert err.startswith("error: ") and len(err.splitlines()) == 1, err
    assert says in err, err


def events(store: Path) -> int:
    """How many events the store holds, read through SQLite."""
    if not store.exists():
        return 0
    with closing(sqlite3.connect(store)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0])


def status(store: Path, game: str) -> dict[str, Any]:
    code, out, err = zebra("status", game, "--json", store=store)
    assert code == 0, err
    found: dict[str, Any] = json.loads(out)
    return found


def import_example(
    referee: Referee, name: str, season: int, week: int, upto: int = 0, example: str = "full"
) -> str:
    """An example game imported whole (or its first ``upto`` entries): its id."""
    path = EXAMPLES / f"{name}-{example}.zebra"
    script = parse_import(read_text(path), str(path))
    script = type(script)(
        **{
            **script.__dict__,
            "ruleset": name,
            "lines": script.lines[:upto] if upto else script.lines,
        }
    )
    outcome = referee.import_game(script, season=season, week=week)
    return outcome.game_id.hex[:8]


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A store with the five example games in season 2031 (weeks 1 to 5), a sixth game of 2031
    unfinished, and a rushzone game in season 2032."""
    store = tmp_path_factory.mktemp("league") / "league.sqlite"
    referee = Referee(stores.resolve(str(store), create=True))
    ids = {name: import_example(referee, name, 2031, week) for week, name in enumerate(GAMES, 1)}
    ids["unfinished"] = import_example(referee, "redzone", 2031, 6, upto=40)
    # Another game (one game is one record: the same game again would be refused).
    ids["next season"] = import_example(referee, "rushzone", 2032, 1, example="overtime")
    return store, ids


@pytest.fixture
def copy(league: tuple[Path, dict[str, str]], tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """The league store, copied through SQLite's backup for a test that changes it."""
    source, ids = league
    target = tmp_path / "copy.sqlite"
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
    return target, ids


# Games carry a season and a week --------------------------------------------------------------


def test_play_takes_the_season_and_week_and_status_shows_them(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    script = EXAMPLES / "rushzone-full.zebra"
    code, _, err = zebra(
        "play", "rushzone", "--script", str(script), "--season", "2031", "--week", "3", store=store
    )
    assert code == 0, err
    shown = status(store, "")
    assert (shown["season"], shown["week"]) == (2031, 3)
    code, out, _ = zebra("history", store=store)
    assert "scheduled season 2031 week 3 by" in out


def test_a_game_without_a_season_is_in_the_season_of_the_year_it_started(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    code, _, err = zebra("play", "rushzone", "--home", "Bears", "--away", "Lions", store=store)
    assert code == 0, err
    shown = status(store, "")
    # The year of its start as the record has it: the history's first line is not dated, the
    # events export is.
    code, out, _ = zebra("export", "-f", "events", store=store)
    started = json.loads(out.splitlines()[1])["state"]["at"]
    assert (shown["season"], shown["week"]) == (int(started[:4]), None)


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--season", "1919", "the season 1919 is not a year from 1920 to 2999"),
        ("--season", "3000", "the season 3000 is not a year from 1920 to 2999"),
        ("--week", "0", "the week 0 is not from 1 to 22"),
        ("--week", "23", "the week 23 is not from 1 to 22"),
    ],
)
def test_play_refuses_a_season_or_week_out_of_range_and_records_nothing(
    tmp_path: Path, option: str, value: str, says: str
) -> None:
    store = tmp_path / "s.sqlite"
    zebra("play", "rushzone", "--home", "A", "--away", "B", store=store)
    before = events(store)
    code, out, err = zebra(
        "play", "rushzone", "--home", "Bears", "--away", "Lions", option, value, store=store
    )
    refused(code, out, err, says)
    assert events(store) == before


@pytest.mark.parametrize(("week", "fits"), [("22", True), ("23", False)])
def test_a_script_sets_its_season_and_week_with_set_up_lines(
    tmp_path: Path, week: str, fits: bool
) -> None:
    store = tmp_path / "s.sqlite"
    script = tmp_path / "game.zebra"
    script.write_text(
        "@season 2031\n@week " + week + "\n" + (EXAMPLES / "rushzone-full.zebra").read_text()
    )
    code, out, err = zebra("play", "rushzone", "--script", str(script), store=store)
    if not fits:
        refused(code, out, err, f"{script}:2: the week 23 is not from 1 to 22")
        assert events(store) == 0
        return
    assert code == 0, err
    assert (status(store, "")["season"], status(store, "")["week"]) == (2031, 22)
    # The command line goes before the script's own lines (on another store: the same game
    # twice in one store is refused, one game one record).
    again = tmp_path / "again.sqlite"
    code, _, err = zebra("play", "rushzone", "--script", str(script), "--week", "4", store=again)
    assert code == 0, err
    assert (status(again, "")["season"], status(again, "")["week"]) == (2031, 4)


def test_import_takes_the_season_and_week_and_an_events_export_keeps_its_own(
    tmp_path: Path,
) -> None:
    store, other = tmp_path / "s.sqlite", tmp_path / "other.sqlite"
    code, _, err = zebra(
        "play",
        "rushzone",
        "--script",
        str(EXAMPLES / "rushzone-full.zebra"),
        "--season",
        "2031",
        "--week",
        "2",
        store=store,
    )
    assert code == 0, err
    entries, history = tmp_path / "game.zebra", tmp_path / "game.events.jsonl"
    assert zebra("export", "-f", "entries", "-o", str(entries), store=store)[0] == 0
    assert zebra("export", "-f", "events", "-o", str(history), store=store)[0] == 0
    # The entries export says its season and week; the command line goes before them.
    assert "@season 2031\n@week 2\n" in entries.read_text()
    code, out, err = zebra("import", str(entries), "--week", "7", store=other)
    assert code == 0, err
    assert (status(other, "")["season"], status(other, "")["week"]) == (2031, 7)
    # An events export carries its schedule; a --season beside it is refused, nothing recorded.
    before = events(other)
    code, out, err = zebra("import", str(history), "--season", "2032", store=other)
    refused(code, out, err, "carries its own season and week")
    assert events(other) == before
    third = tmp_path / "third.sqlite"
    code, out, err = zebra("import", str(history), store=third)
    assert code == 0, err
    assert (status(third, "")["season"], status(third, "")["week"]) == (2031, 2)


# zebra schedule --------------------------------------------------------------------------------


def test_schedule_changes_the_week_in_history_and_events_and_moves_between_seasons(
    copy: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    store, ids = copy
    game = ids["rushzone"]
    code, out, err = zebra(
        "schedule",
        "--game",
        game,
        "--season",
        "2032",
        "--week",
        "2",
        "--reason",
        "replayed in the new season",
        "--by",
        "commissioner",
        store=store,
    )
    assert code == 0, err
    assert out.strip() == f"[c1] Game {game} is now season 2032 week 2."
    code, out, _ = zebra("history", game, store=store)
    assert "[c1] scheduled season 2032 week 2 by commissioner" in out
    assert "replayed in the new season (was season 2031 week 1)" in out
    code, out, _ = zebra("export", game, "-f", "events", store=store)
    scheduled = [json.loads(x) for x in out.splitlines()[1:] if '"Scheduled"' in x]
    assert [
        (e["state"]["season"], e["state"]["week"], e["state"]["correction"]) for e in scheduled
    ] == [(2031, 1, None), (2032, 2, "c1")]
    old, new = tmp_path / "2031", tmp_path / "2032"
    assert zebra("league", "export", "--season", "2031", "-o", str(old), store=store)[0] == 0
    assert zebra("league", "export", "--season", "2032", "-o", str(new), store=store)[0] == 0
    in_old = pd.read_csv(old / "games.csv")
    in_new = pd.read_csv(new / "games.csv")
    full = [g for g in in_new.game_id if g.replace("-", "").startswith(game)]
    assert len(full) == 1 and full[0] not in set(in_old.game_id)
    assert in_new.set_index("game_id").loc[full[0], "week"] == 2
    # Taken back whole: the game is in 2031 week 1 again.
    code, out, err = zebra("revert", "c1", "--game", game, "--reason", "wrong game", store=store)
    assert code == 0, err
    assert (status(store, game)["season"], status(store, game)["week"]) == (2031, 1)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((), "give --season YEAR, --week N or both"),
        (("--week", "1"), "the game is season 2031 week 1 already; nothing changed"),
        (("--week", "23"), "the week 23 is not from 1 to 22"),
        (("--season", "1919"), "the season 1919 is not a year"),
        (("--week", "two"), "'two' is not a valid integer"),
    ],
)
def test_a_refused_schedule_is_one_line_and_records_nothing(
    copy: tuple[Path, dict[str, str]], args: tuple[str, ...], says: str
) -> None:
    store, ids = copy
    before = events(store)
    code, out, err = zebra("schedule", "--game", ids["rushzone"], *args, store=store)
    if "valid integer" in says:
        # typer's own refusal of a value that is not a number (its usage text, exit 2).
        assert code == 2 and says in err and events(store) == before
        return
    refused(code, out, err, says)
    assert events(store) == before


# Standings by season ---------------------------------------------------------------------------


def test_standings_by_season_count_only_that_seasons_finished_games(
    league: tuple[Path, dict[str, str]],
) -> None:
    store, _ = league
    code, out, err = zebra("league", "standings", "--season", "2032", "--json", store=store)
    assert code == 0, err
    rows = json.loads(out)
    assert {(r["ruleset"], r["team"], r["games"]) for r in rows} == {
        ("rushzone", "Bears", 1),
        ("rushzone", "Packers", 1),
    }
    code, out, _ = zebra("league", "standings", "--season", "2031", "--json", store=store)
    by_ruleset = {r["ruleset"] for r in json.loads(out)}
    assert by_ruleset == set(GAMES)
    code, out, _ = zebra("league", "standings", "--json", store=store)
    assert sum(r["games"] for r in json.loads(out) if r["ruleset"] == "rushzone") == 4
    code, out, err = zebra("league", "standings", "--season", "2030", store=store)
    assert code == 0 and out.strip() == "No finished games in 2030.", err
    code, out, err = zebra("league", "standings", "--season", "1919", store=store)
    refused(code, out, err, "the season 1919 is not a year from 1920 to 2999")


# The season's files ----------------------------------------------------------------------------


def test_a_season_of_all_five_games_exports_to_four_files_that_agree_with_the_standings(
    league: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    store, ids = league
    folder = tmp_path / "season"
    code, out, err = zebra("league", "export", "--season", "2031", "-o", str(folder), store=store)
    assert code == 0, err
    assert out.startswith("wrote 5 games of season 2031 to games.csv, pbp.csv")
    assert out.rstrip().endswith("; left out 1 unfinished")
    tables = {name: pd.read_csv(folder / name) for name in FILES}
    games = tables["games.csv"]
    assert list(games.columns) == [
        "game_id",
        "season",
        "week",
        "gameday",
        "home_team",
        "away_team",
        "home_score",
        "away_score",
        "result",
        "total",
        "overtime",
        "ruleset",
    ]
    assert sorted(games.ruleset) == sorted(GAMES) and set(games.season) == {2031}
    assert list(games.week) == [1, 2, 3, 4, 5]
    assert (games.result == games.home_score - games.away_score).all()
    assert (games.total == games.home_score + games.away_score).all()
    unfinished = ids["unfinished"]
    assert not any(g.replace("-", "").startswith(unfinished) for g in games.game_id)
    # Each game's final score is the one its status shows.
    for name in GAMES:
        shown = status(store, ids[name])
        row = games[games.ruleset == name].iloc[0]
        assert (row.home_score, row.away_score) == (
            shown["score"]["home"],
            shown["score"]["away"],
        )
        assert (row.home_team, row.away_team) == (shown["home"], shown["away"])
    # games.csv agrees with the standings of the season: wins, losses, ties and points.
    code, out, _ = zebra("league", "standings", "--season", "2031", "--json", store=store)
    standings = {(r["ruleset"], r["team"]): r for r in json.loads(out)}
    counted: dict[tuple[str, str], dict[str, int]] = {}
    for g in games.itertuples():
        for team, mine, theirs in (
            (g.home_team, g.home_score, g.away_score),
            (g.away_team, g.away_score, g.home_score),
        ):
            line = counted.setdefault(
                (g.ruleset, team),
                {
                    "games": 0,
                    "wins": 0,
                    "losses": 0,
                    "ties": 0,
                    "points_for": 0,
                    "points_against": 0,
                },
            )
            line["games"] += 1
            line["wins"] += int(mine > theirs)
            line["losses"] += int(mine < theirs)
            line["ties"] += int(mine == theirs)
            line["points_for"] += int(mine)
            line["points_against"] += int(theirs)
    assert counted == {
        key: {
            k: row[k] for k in ("games", "wins", "losses", "ties", "points_for", "points_against")
        }
        for key, row in standings.items()
    }
    # pbp.csv holds every game's rows as its own csv export has them, with season and week.
    pbp = tables["pbp.csv"]
    for name in GAMES:
        code, text, _ = zebra("export", ids[name], "-f", "csv", store=store)
        own = pd.read_csv(__import__("io").StringIO(text))
        mine = pbp[pbp.game_id == own.game_id.iloc[0]]
        assert len(mine) == len(own)
        assert list(mine.play_id) == list(own.play_id)
        assert set(mine.week) == {GAMES.index(name) + 1} and set(mine.season) == {2031}
    # team_stats: two lines a game, whose points are games.csv's scores.
    teams = tables["team_stats.csv"]
    assert len(teams) == 2 * len(games)
    for g in games.itertuples():
        lines = teams[teams.game_id == g.game_id].set_index("home_away")
        assert (lines.loc["home", "points"], lines.loc["away", "points"]) == (
            g.home_score,
            g.away_score,
        )
        assert lines.loc["home", "result"] == ("W" if g.result > 0 else "L" if g.result else "T")
    # player_stats: per player per game, what an nflverse user counts from the pbp rows that
    # stand: passes, not two-point tries (nflverse's player stats count those apart).
    players = tables["player_stats.csv"]
    stood = pbp[(pbp.play_deleted == 0) & (pbp.play_type == "pass") & (pbp.two_point_attempt == 0)]
    attempts = stood.groupby(["game_id", "passer_player_name"]).size()
    mine = players[players.attempts > 0].set_index(["game_id", "player_name"]).attempts
    assert attempts.to_dict() == mine.to_dict()
    assert (players.completions <= players.attempts).all()


def test_the_files_are_parquet_too_when_pyarrow_is_installed_and_only_csv_without(
    league: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pyarrow", reason="the analytics extra (pyarrow) is not installed")
    store, _ = league
    with_arrow = tmp_path / "arrow"
    code, out, err = zebra(
        "league", "export", "--season", "2031", "-o", str(with_arrow), store=store
    )
    assert code == 0, err
    for name in FILES:
        parquet = pd.read_parquet(with_arrow / name.replace(".csv", ".parquet"))
        assert len(parquet) == len(pd.read_csv(with_arrow / name))
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if not installed: import fails
    without = tmp_path / "plain"
    code, out, err = zebra("league", "export", "--season", "2031", "-o", str(without), store=store)
    assert code == 0, err
    assert sorted(p.name for p in without.iterdir()) == sorted(FILES)


def test_an_export_never_replaces_a_file_that_is_not_a_season_export(
    league: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    store, _ = league
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "team_stats.csv").write_text("my own notes\n")
    code, out, err = zebra("league", "export", "--season", "2031", "-o", str(folder), store=store)
    refused(code, out, err, "team_stats.csv exists and is not a Zebra season export")
    # Nothing was written: not even the files that could have been.
    assert [p.name for p in folder.iterdir()] == ["team_stats.csv"]
    assert (folder / "team_stats.csv").read_text() == "my own notes\n"
    code, out, err = zebra(
        "league", "export", "--season", "2031", "-o", str(folder), "--force", store=store
    )
    assert code == 0, err
    # An earlier season export is replaced without --force.
    code, out, err = zebra("league", "export", "--season", "2031", "-o", str(folder), store=store)
    assert code == 0, err
    assert pd.read_csv(folder / "team_stats.csv").shape[0] == 10


@pytest.mark.parametrize(
    ("season", "says"),
    [("2030", "no finished game of season 2030"), ("1919", "the season 1919 is not a year")],
)
def test_a_season_with_nothing_to_export_is_one_line(
    league: tuple[Path, dict[str, str]], tmp_path: Path, season: str, says: str
) -> None:
    store, _ = league
    folder = tmp_path / "out"
    code, out, err = zebra("league", "export", "--season", season, "-o", str(folder), store=store)
    refused(code, out, err, says)
    assert not folder.exists()


def test_an_export_into_a_file_is_refused(
    league: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    store, _ = league
    target = tmp_path / "games.csv"
    target.write_text("x\n")
    code, out, err = zebra("league", "export", "--season", "2031", "-o", str(target), store=store)
    refused(code, out, err, "is a file; give -o a folder")
    assert target.read_text() == "x\n"


def test_standings_by_season_are_the_same_on_either_store(store_url: str) -> None:
    """The summaries' fast path (the head rows' status) and a fold of every event agree, on
    SQLite and on PostgreSQL, and a game moved by zebra schedule moves its standings."""
    from projections import standings

    referee = Referee(stores.resolve(store_url, create=True))
    import_example(referee, "rushzone", 2031, 1)
    moved = import_example(referee, "gridironmasters", 2031, 2)
    import_example(referee, "rushzone", 2032, 1, example="overtime")

    def folded(season: int) -> list[standings.Standing]:
        return standings.project(
            standings.result_of(r) for r in referee.records() if r.calendar[0] == season
        )

    fresh = Referee(referee.store)
    assert fresh.standings(season=2031) == folded(2031)
    assert {s.ruleset for s in fresh.standings(season=2031)} == {"rushzone", "gridironmasters"}
    assert {(s.ruleset, s.games) for s in fresh.standings(season=2032)} == {("rushzone", 1)}
    game = referee.find(moved)
    referee.schedule(game, 2032, None, "played late")
    fresh = Referee(referee.store)
    assert fresh.standings(season=2031) == folded(2031)
    assert {s.ruleset for s in fresh.standings(season=2031)} == {"rushzone"}
    assert {s.ruleset for s in fresh.standings(season=2032)} == {"rushzone", "gridironmasters"}
    code, out, err = zebra("league", "standings", "--season", "2032", "--json", store=store_url)
    assert code == 0, err
    assert {(r["ruleset"], r["team"]) for r in json.loads(out)} == {
        ("rushzone", "Bears"),
        ("rushzone", "Packers"),
        ("gridironmasters", "Bears"),
        ("gridironmasters", "Packers"),
    }


def test_the_calendar_is_not_shown_as_a_situation_of_play(tmp_path: Path) -> None:
    """The tablet's and pages' line of extras (scoring slots, key moments...) lists what the
    status holds beyond the ball; the season and week are the league's, not the field's."""
    from companion import board

    referee = Referee(stores.resolve(str(tmp_path / "s.sqlite"), create=True))
    outcome = referee.start("thirdandlong", "Rodeo", "Buffalo", season=2031, week=3)
    assert (outcome.status["season"], outcome.status["week"]) == (2031, 3)
    line = board.extras_line({**outcome.status, "pending": None})
    assert "2031" not in line and "season" not in line and "week" not in line


def test_a_copy_is_left_out_of_the_season_and_counted(
    copy: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """A marked copy (zebra import --copy) of a game of the season never counts twice."""
    store, _ = copy
    entries = tmp_path / "redzone.zebra"
    code, _, err = zebra(
        "export",
        "--game",
        copy[1]["redzone"],
        "--format",
        "entries",
        "-o",
        str(entries),
        store=store,
    )
    assert code == 0, err
    code, _, err = zebra("import", str(entries), "--season", "2031", "--week", "7", store=store)
    refused(code, "", err, "already in the store")
    code, _, err = zebra(
        "import", str(entries), "--copy", "--season", "2031", "--week", "7", store=store
    )
    assert code == 0, err
    folder = tmp_path / "season"
    code, out, err = zebra("league", "export", "--season", "2031", "-o", str(folder), store=store)
    assert code == 0, err
    assert out.startswith("wrote 5 games of season 2031")
    assert out.rstrip().endswith("; left out 1 unfinished, 1 copy")
    games = pd.read_csv(folder / "games.csv")
    assert sorted(games.ruleset) == sorted(GAMES)
