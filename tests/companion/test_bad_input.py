"""Bad input at every door: refused with one clear line, nothing recorded, the store unchanged."""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import parse_import
from companion.service import Referee
from domain import rulesets
from domain.ruleset import IllegalEntry
from tests.domain.test_invariants import draw_entry
from tests.figures import count

FUZZ_EXAMPLES = 60
FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
LINES = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=150, max_size=5000),
    st.lists(st.integers(-(10**12), 10**12).map(str), max_size=12).map(" ".join),
    st.lists(
        st.sampled_from(["white", "green", "/", "home", "away", "0", "7", "-1", "99", "x"]),
        max_size=10,
    ).map(" ".join),
)


def state_after(name: str, seed: int, entries: int) -> tuple[Any, Any]:
    """A ruleset and a state reached by ``entries`` random legal entries."""
    rules = rulesets.get(name)
    state = rules.initial("Bears", "Packers", {})
    rnd = random.Random(seed)
    for _ in range(entries):
        forms = rules.expected(state).forms
        if not forms:
            break
        try:
            state, _ = rules.apply(state, draw_entry(rnd, rnd.choice(forms)))
        except IllegalEntry:
            continue
    return rules, state


@pytest.mark.parametrize("name", rulesets.names())
@FUZZ
@given(line=LINES, seed=st.integers(0, 1000), entries=st.integers(0, 40))
def test_arbitrary_lines_are_accepted_or_refused_in_one_line(
    name: str, line: str, seed: int, entries: int
) -> None:
    count(f"the {name} entry parser")
    rules, state = state_after(name, seed, entries)
    try:
        rules.apply(state, line)
    except IllegalEntry as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 2000


def event_count(referee: Referee) -> int:
    return referee.recorder.max_notification_id() or 0


@FUZZ
@given(line=LINES)
def test_arbitrary_lines_through_the_store_record_nothing_when_refused(
    tmp_path: Path, line: str
) -> None:
    referee = Referee(stores.resolve(str(tmp_path / "fuzz.sqlite"), create=True))
    game_id = (
        referee.find(None)
        if event_count(referee)
        else referee.start("rushzone", "Bears", "Packers").game_id
    )
    count("the referee's enter command (SQLite store)")
    before = event_count(referee)
    try:
        referee.enter(game_id, line)
    except IllegalEntry:
        assert event_count(referee) == before
    else:
        assert event_count(referee) == before + 2
        referee.undo(game_id, "fuzz")


@pytest.mark.parametrize("name", ["redzone", "thirdandlong", "gridironmasters"])
@FUZZ
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_as_a_roster_file_are_listed_problems(name: str, data: bytes) -> None:
    count(f"the {name} roster check")
    text = data.decode("utf-8", errors="replace")
    problems = rulesets.roster_checker(name)(text)
    assert isinstance(problems, list)
    assert all(isinstance(p, str) and "\n" not in p for p in problems)


@FUZZ
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_as_an_import_file_record_nothing(tmp_path: Path, data: bytes) -> None:
    count("zebra import")
    referee = Referee(stores.resolve(str(tmp_path / "import.sqlite"), create=True))
    before = event_count(referee)
    text = data.decode("utf-8", errors="replace")
    try:
        script = parse_import(text, "fuzz")
        referee.import_game(script)
    except IllegalEntry as exc:
        assert "\n" not in str(exc)
        assert event_count(referee) == before


def zebra(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stderr


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stored_game(path: Path) -> None:
    referee = Referee(stores.resolve(str(path), create=True))
    game_id = referee.start("rushzone", "Bears", "Packers").game_id
    for text in ("toss home", "receive", "green 6 1"):
        referee.enter(game_id, text)
    referee.close()


@pytest.mark.parametrize("damage", ["truncate", "scramble"])
def test_a_damaged_sqlite_store_is_refused_and_left_as_it_is(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "games.sqlite"
    stored_game(path)
    for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        extra.unlink(missing_ok=True)
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 3])
    else:
        path.write_bytes(data[:100] + os.urandom(len(data) - 100))
    checksum = sha(path)
    for command in (["status"], ["games"], ["play", "rushzone", "--home", "A", "--away", "B"]):
        code, err = zebra(*command, "--store", str(path))
        assert code == 1
        assert err.startswith("error: store ") and len(err.strip().splitlines()) == 1
    assert sha(path) == checksum


def test_a_store_in_a_folder_that_cannot_be_written(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        # root writes anywhere a mode allows nothing; /proc takes no new files even from root.
        path = Path("/proc") / "zebra-test.sqlite"
    else:
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(0o555)
        path = folder / "games.sqlite"
    code, err = zebra("play", "rushzone", "--home", "A", "--away", "B", "--store", str(path))
    assert code == 1
    assert err.startswith("error: ") and str(path) in err
    assert len(err.strip().splitlines()) == 1
    assert not path.exists()


def test_team_names_are_data_never_code(tmp_path: Path) -> None:
    """A name with SQL or a formula is stored and shown exactly as typed."""
    referee = Referee(stores.resolve(str(tmp_path / "names.sqlite"), create=True))
    home, away = "'); DROP TABLE stored_events;", "=1+1"
    game_id = referee.start("rushzone", home, away).game_id
    again = Referee(stores.resolve(str(tmp_path / "names.sqlite"), create=False))
    status = again.status(game_id)
    assert (status["home"], status["away"]) == (home, away)
