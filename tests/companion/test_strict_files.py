"""Issue #26: the record means what the table said: roster and deck files and team names.

Every malformed roster or deck file of a generated set is refused through every door that takes
one (`zebra roster check`, `zebra play --roster-home/--roster-away`) with exactly one line on
stderr, exit status 1, no traceback and nothing stored; the example files still load; and a team
named by a word entries read as a side, or two teams one name apart only in case or spaces, are
refused at set-up through every door with the store's event count unchanged. The readings are in
docs/rulings.md, "Roster and deck files" and "Team names".
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.service import Referee
from domain.rosterfiles import FileSchema
from tests.domain.scripts import EXAMPLES

FILE_GAMES = {
    "redzone": "redzone-roster.toml",
    "thirdandlong": "thirdandlong-roster.toml",
    "gridironmasters": "gridironmasters-deck.toml",
}
TITLES = {
    "redzone": "Red Zone roster",
    "thirdandlong": "Third and Long team file",
    "gridironmasters": "Masters of the Gridiron deck file",
}


def zebra(*args: str) -> tuple[int, str, str]:
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def events_in(path: Path | str) -> int:
    referee = Referee(stores.resolve(str(path), create=False))
    try:
        return referee.recorder.max_notification_id() or 0
    finally:
        referee.close()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store holding one game already, so that a refusal must leave its events as they are."""
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    referee = Referee(stores.resolve(str(path), create=True))
    try:
        game = referee.start("rushzone", "Bears", "Packers", {}, "referee-1").game_id
        referee.enter(game, "toss home")
    finally:
        referee.close()
    return path


def one_line(code: int, err: str, *words: str) -> str:
    """Exit status 1 and exactly one line on stderr, no traceback, naming ``words``."""
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0], err
    return lines[0]


def schema(game: str) -> FileSchema:
    found: FileSchema = import_module(f"domain.rulesets.{game}").FILE_SCHEMA
    return found


# A generated set of malformed files ------------------------------------------------------------


def typo_variants(name: str) -> list[str]:
    """Misspellings a person makes: a letter dropped, one added, two swapped, a plural."""
    out = {name[:-1], name + "s", name[1] + name[0] + name[2:], name.title()}
    if name.endswith("s"):
        out.add(name[:-1])
    out.discard(name)
    return sorted(out)


def first_value_line(text: str, key: str) -> str:
    """The first line of the example that sets ``key`` (after its first table)."""
    match = re.search(rf"^{re.escape(key)} = .*$", text, flags=re.MULTILINE)
    assert match, key
    return match.group(0)


def malformed(game: str) -> Iterator[tuple[str, str, str]]:
    """(what, file text, a word the refusal must hold) for every kind of malformed file."""
    text = (EXAMPLES / FILE_GAMES[game]).read_text(encoding="utf-8")
    known = schema(game)
    for table in known.tables:
        for typo in typo_variants(table):
            if typo in known.tables or typo in known.keys:
                continue
            yield (
                f"table [[{table}]] as [[{typo}]]",
                text.replace(f"[[{table}]]", f"[[{typo}]]"),
                f"[[{typo}]]",
            )
    main_table = next(iter(known.tables))
    for key in ("name", "position", "salary"):
        if key not in known.tables[main_table] or f"\n{key} = " not in text:
            continue
        line = first_value_line(text, key)
        typo = key[:-1] + key[-1] * 2
        yield (f"key {key} as {typo}", text.replace(line, line.replace(key, typo, 1), 1), typo)
    for other, name in FILE_GAMES.items():
        if other != game:
            yield (
                f"a {other} file",
                (EXAMPLES / name).read_text(encoding="utf-8"),
                f"this is a {TITLES[other]}",
            )
    if "\nsalary = " in text:
        line = first_value_line(text, "salary")
        for value in (
            "inf",
            "-inf",
            "nan",
            "+nan",
            "1e308",
            "-1",
            "-0.5",
            "1e20",
            '"4"',
            "true",
            "[4]",
            "{ m = 4 }",
            "1979-05-27",
            "9" * 5000,
        ):
            word = "digits" if len(value) > 4300 else "salary"
            yield (f"salary = {value[:12]}", text.replace(line, f"salary = {value}", 1), word)
    if game == "redzone":
        line = first_value_line(text, "substitutions")
        for value in ('"no"', "0", "1", "inf", "1e308", "[true]"):
            yield (
                f"substitutions = {value}",
                text.replace(line, f"substitutions = {value}", 1),
                "substitutions",
            )
    if game == "thirdandlong":
        line = first_value_line(text, "accuracy")
        for value in ("2.0", "inf", "nan", "-10", "10", "1e308", '"2"', "99999999999999999999"):
            yield (f"accuracy = {value}", text.replace(line, f"accuracy = {value}", 1), "accuracy")
    if game == "gridironmasters":
        line = first_value_line(text, "number")
        for value in ("0", "-6", "1000", "6.5", "inf", '"6"', "1e308"):
            yield (f"number = {value}", text.replace(line, f"number = {value}", 1), "number")
        line = first_value_line(text, "count")
        for value in ("-3", "0", "61", "1e308", "nan", "3.0", '"3"'):
            yield (f"count = {value}", text.replace(line, f"count = {value}", 1), "count")
    line = first_value_line(text, "team")
    for value in ("1", "true", "inf", '["a"]', '"' + "x" * 101 + '"'):
        yield (f"team = {value[:12]}", text.replace(line, f"team = {value}", 1), "team")
    yield ("a key at the top that belongs in a table", 'name = "x"\n' + text, "name")
    cuts = 0
    for cut in range(len(text) - 1, 0, -max(1, len(text) // 40)):
        try:
            tomllib.loads(text[:cut])
        except tomllib.TOMLDecodeError:
            cuts += 1
            yield (f"cut at {cut}", text[:cut], "not valid TOML")
        if cuts >= 6:
            break
    yield ("empty", "", "empty")
    yield ("blank lines", "\n  \n\t\n", "empty")
    yield ("comments only", "# a roster\n# to be written\n", "empty")


def junk(seed: int) -> bytes:
    rnd = random.Random(seed)
    return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 400)))


JUNK = [b"\x00" * 64, b"\xff\xfe\x00[\x00[", b"PK\x03\x04" + b"\x00" * 30, *map(junk, range(6))]


def cases() -> list[tuple[str, str, str]]:
    return [(game, what, word) for game in FILE_GAMES for what, _, word in malformed(game)]


def file_of(game: str, what: str) -> str:
    return next(t for w, t, _ in malformed(game) if w == what)


def test_the_generated_set_covers_every_kind_of_malformed_file() -> None:
    """The generator is not empty: each game has misspelt tables and keys, other games' files,
    wrong types, non-finite and absurd numbers, truncated TOML and empty files."""
    for game in FILE_GAMES:
        whats = [w for w, _, _ in malformed(game)]
        assert any(w.startswith("table ") for w in whats)
        assert any(w.startswith("key ") for w in whats)
        assert sum(w.startswith("a ") and w.endswith(" file") for w in whats) == 2
        assert any(w.startswith("cut at") for w in whats)
        assert {"empty", "blank lines", "comments only"} <= set(whats)
        assert any("inf" in w for w in whats) and any("1e308" in w for w in whats)
    assert len(cases()) > 120


@pytest.mark.parametrize(("game", "what", "word"), cases())
def test_a_malformed_file_is_one_line_at_roster_check(
    tmp_path: Path, game: str, what: str, word: str
) -> None:
    path = tmp_path / "roster.toml"
    path.write_text(file_of(game, what), encoding="utf-8")
    code, out, err = zebra("roster", "check", game, str(path))
    one_line(code, err, str(path), word)
    assert "legal" not in out


@pytest.mark.parametrize(("game", "what", "word"), cases())
def test_a_malformed_file_refuses_the_game_in_one_line_and_stores_nothing(
    store: Path, tmp_path: Path, game: str, what: str, word: str
) -> None:
    path = tmp_path / "roster.toml"
    path.write_text(file_of(game, what), encoding="utf-8")
    side = "home" if len(what) % 2 else "away"
    before = events_in(store)
    code, _, err = zebra(
        "play", game, "--home", "Rodeo", "--away", "Buffalo", f"--roster-{side}", str(path)
    )
    one_line(code, err, f"{side} roster", str(path), word, "not started")
    assert events_in(store) == before


@pytest.mark.parametrize("game", sorted(FILE_GAMES))
@pytest.mark.parametrize("number", range(len(JUNK)))
def test_binary_junk_is_one_line_at_both_doors(
    store: Path, tmp_path: Path, game: str, number: int
) -> None:
    path = tmp_path / "junk.toml"
    path.write_bytes(JUNK[number])
    code, _, err = zebra("roster", "check", game, str(path))
    one_line(code, err, str(path))
    before = events_in(store)
    code, _, err = zebra("play", game, "--home", "A", "--away", "B", "--roster-home", str(path))
    one_line(code, err, str(path), "not started")
    assert events_in(store) == before


def test_a_misspelt_star_table_names_the_stars_table(tmp_path: Path) -> None:
    """The measured case of issue #26: a Third and Long file whose `[[stars]]` tables are
    written `[[star]]` was "a legal roster" and the team played with no stars."""
    path = tmp_path / "rodeo.toml"
    text = (EXAMPLES / "thirdandlong-roster.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("[[stars]]", "[[star]]"), encoding="utf-8")
    code, _, err = zebra("roster", "check", "thirdandlong", str(path))
    line = one_line(code, err)
    assert line == f"{path}: unknown table [[star]]: did you mean [[stars]]?"


def test_a_red_zone_roster_is_named_as_one_at_the_third_and_long_door(store: Path) -> None:
    roster = EXAMPLES / "redzone-roster.toml"
    code, _, err = zebra("roster", "check", "thirdandlong", str(roster))
    assert one_line(code, err) == f"{roster}: this is a Red Zone roster, not a Third and Long one"
    before = events_in(store)
    code, _, err = zebra(
        "play", "thirdandlong", "--home", "A", "--away", "B", "--roster-away", str(roster)
    )
    one_line(code, err, "this is a Red Zone roster, not a Third and Long one")
    assert events_in(store) == before


@pytest.mark.parametrize("value", ["inf", "nan", "1e308"])
def test_a_salary_that_used_to_raise_is_one_line(store: Path, tmp_path: Path, value: str) -> None:
    """Issue #26: `salary = inf`, `nan` or `1e308` gave a traceback at both doors."""
    path = tmp_path / "rodeo.toml"
    text = (EXAMPLES / "thirdandlong-roster.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("salary = 4\n", f"salary = {value}\n"), encoding="utf-8")
    code, _, err = zebra("roster", "check", "thirdandlong", str(path))
    one_line(code, err, f"[[stars]] 1 (Quarterback), salary = {value.replace('1e308', '1e+308')}")
    before = events_in(store)
    code, _, err = zebra(
        "play", "thirdandlong", "--home", "Rodeo", "--away", "Buffalo", "--roster-home", str(path)
    )
    one_line(code, err, "salary", "not started")
    assert events_in(store) == before


@pytest.mark.parametrize("game", sorted(FILE_GAMES))
def test_the_examples_still_load_and_start_a_game(store: Path, tmp_path: Path, game: str) -> None:
    path = EXAMPLES / FILE_GAMES[game]
    code, out, err = zebra("roster", "check", game, str(path))
    assert code == 0 and err == "" and "legal" in out, err
    no_entries = tmp_path / "none.zebra"
    no_entries.write_text("# set-up only\n", encoding="utf-8")
    before = events_in(store)
    code, _, err = zebra(
        "play", game, "--home", "Rodeo", "--away", "Buffalo",
        "--roster-home", str(path), "--roster-away", str(path), "--script", str(no_entries),
    )  # fmt: skip
    assert code == 0, err
    assert events_in(store) > before


# Team names ----------------------------------------------------------------------------------

REFUSED_NAMES = [
    ("Away", "Packers", "home team cannot be called 'Away'"),
    ("Bears", "home", "away team cannot be called 'home'"),
    ("Bears", "HOME", "away team cannot be called 'HOME'"),
    ("Off", "Packers", "cannot be called 'Off'"),
    ("Bears", "def", "cannot be called 'def'"),
    ("Offense", "Packers", "cannot be called 'Offense'"),
    ("Bears", "Defence", "cannot be called 'Defence'"),
    ("Offence", "Packers", "cannot be called 'Offence'"),
    ("Bears", "defense", "cannot be called 'defense'"),
    ("Bears", "BEARS", "both teams are called 'Bears'"),
    ("New York", "NewYork", "differ only in spaces"),
    ("new york", "New  York", "both teams are called"),
]
ACCEPTED_NAMES = [
    ("Home", "Away"),  # each team keeps the word that names its own side
    ("Offenses", "Packers"),
    ("Bears", "Defenders"),
    ("Home Team", "Away Team"),
    ("New York", "New Yorks"),
]


@pytest.mark.parametrize(("home", "away", "said"), REFUSED_NAMES)
@pytest.mark.parametrize("door", ["play --home/--away", "script @home/@away", "import"])
def test_a_team_named_as_a_side_is_refused_at_every_cli_door(
    store: Path, tmp_path: Path, home: str, away: str, said: str, door: str
) -> None:
    script = tmp_path / "game.zebra"
    script.write_text(
        f"@ruleset rushzone\n@home {home}\n@away {away}\ntoss home\n", encoding="utf-8"
    )
    before = events_in(store)
    if door == "play --home/--away":
        args = ["play", "rushzone", "--home", home, "--away", away, "--script", str(script)]
    elif door == "script @home/@away":
        args = ["play", "rushzone", "--script", str(script)]
    else:
        args = ["import", str(script)]
    code, _, err = zebra(*args)
    one_line(code, err, said)
    assert events_in(store) == before


@pytest.mark.parametrize(("home", "away"), ACCEPTED_NAMES)
def test_names_beside_the_side_words_are_accepted(store: Path, home: str, away: str) -> None:
    before = events_in(store)
    code, _, err = zebra(
        "play", "rushzone", "--home", home, "--away", away, "--script", "/dev/null"
    )
    assert code == 0, err
    assert events_in(store) > before


def test_toss_home_points_at_the_home_team_whatever_the_names(store: Path) -> None:
    """With Home and Away kept for their own sides, `home` names the home team."""
    referee = Referee(stores.resolve(str(store), create=False))
    try:
        game = referee.start("redzone", "Home", "Away", {}, "referee-1").game_id
        outcome = referee.enter(game, "toss home")
        assert any(r.team == "home" for r in outcome.rulings)
    finally:
        referee.close()


def test_an_events_export_with_a_team_named_as_a_side_is_refused(
    store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game recorded before the rule (made here by setting it aside) exports its events;
    importing them applies the set-up rule and records nothing."""
    from domain import game as game_module

    monkeypatch.setattr(game_module, "team_names", lambda home, away: (home, away))
    code, out, err = zebra("play", "rushzone", "--home", "Away", "--away", "Home",
                           "--script", "/dev/null")  # fmt: skip
    assert code == 0, err
    exported = tmp_path / "old.events.jsonl"
    code, _, err = zebra("export", "--format", "events", "-o", str(exported))
    assert code == 0, err
    monkeypatch.undo()
    header = json.loads(exported.read_text(encoding="utf-8").splitlines()[0])
    assert header["events"] >= 1
    before = events_in(store)
    code, _, err = zebra("import", str(exported))
    one_line(code, err, str(exported), "home team cannot be called 'Away'")
    assert events_in(store) == before


# Every store ---------------------------------------------------------------------------------


def test_both_refusals_hold_on_every_store(store_url: str, tmp_path: Path) -> None:
    """SQLite and PostgreSQL alike (store_url, tests/companion/conftest.py): a team named as a
    side and a misspelt roster table are refused before anything reaches the store."""
    code, _, err = zebra(
        "play", "rushzone", "--home", "Bears", "--away", "Packers",
        "--script", "/dev/null", "--store", store_url,
    )  # fmt: skip
    assert code == 0, err
    before = events_in(store_url)
    code, _, err = zebra(
        "play", "rushzone", "--home", "Bears", "--away", "Offence",
        "--script", "/dev/null", "--store", store_url,
    )  # fmt: skip
    one_line(code, err, "away team cannot be called 'Offence'")
    misspelt = tmp_path / "rodeo.toml"
    text = (EXAMPLES / "thirdandlong-roster.toml").read_text(encoding="utf-8")
    misspelt.write_text(text.replace("[[stars]]", "[[star]]"), encoding="utf-8")
    code, _, err = zebra(
        "play", "thirdandlong", "--home", "Rodeo", "--away", "Buffalo",
        "--roster-home", str(misspelt), "--store", store_url,
    )  # fmt: skip
    one_line(code, err, "did you mean [[stars]]?")
    assert events_in(store_url) == before
