"""The export chain binds every typed column, refuses what Zebra never writes, and can be keyed.

Issue #14: a retyped value, an extra, duplicated or moved column and a duplicated jsonl key must
not verify; a league key must reject a chain recomputed without it; docs/exports.md's recipe
must verify a real export without Zebra.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from companion import store as stores
from companion.cli import app
from companion.scripts import parse_import
from companion.service import Referee
from domain.ruleset import IllegalEntry
from projections import playrows
from tests.domain.scripts import EXAMPLES

FULL = EXAMPLES / "rushzone-full.zebra"
DOC = Path(__file__).resolve().parents[2] / "docs" / "exports.md"


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The full Rush Zone example with one struck entry, read back from a real store."""
    referee = Referee(stores.resolve(str(tmp_path_factory.mktemp("s") / "g.sqlite"), create=True))
    script = parse_import(FULL.read_text(), str(FULL))
    script = type(script)(**{**script.__dict__, "ruleset": "rushzone"})
    game_id = referee.import_game(script).game_id
    referee.undo(game_id, "the last die was cocked")
    return referee.record(game_id)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    monkeypatch.delenv("ZEBRA_LEAGUE_KEY_FILE", raising=False)
    return path


def zebra(*args: str) -> tuple[int, str, str, BaseException | None]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr, result.exception


def jsonl_rows(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def as_jsonl(table: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in table)


def csv_table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def as_csv(table: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(table)
    return out.getvalue()


# Typed values ----------------------------------------------------------------------------------


def test_a_number_retyped_as_text_does_not_verify_and_is_not_imported(record: Any) -> None:
    """'"play_deleted": 0 -> "0"' used to verify, then import as a game without that entry."""
    table = jsonl_rows(playrows.to_jsonl(playrows.rows(record)))
    assert table[10]["play_deleted"] == 0
    table[10]["play_deleted"] = "0"
    forged = as_jsonl(table)
    verdict = playrows.verify(forged)
    assert not verdict.ok
    assert "play_deleted must be a whole number or null" in verdict.message
    with pytest.raises(IllegalEntry, match="does not verify"):
        parse_import(forged, "forged.jsonl")


@pytest.mark.parametrize("value", [True, 0.0, None, [0]])
def test_an_integer_column_holds_only_an_integer(record: Any, value: object) -> None:
    table = jsonl_rows(playrows.to_jsonl(playrows.rows(record)))
    table[3]["touchdown"] = value
    assert not playrows.verify(as_jsonl(table)).ok


def test_csv_and_jsonl_of_one_game_hash_identically(record: Any) -> None:
    table = playrows.rows(record)
    from_csv = playrows.read_rows(playrows.to_csv(table))
    from_jsonl = playrows.read_rows(playrows.to_jsonl(table))
    assert from_csv == from_jsonl == table
    assert all(row["row_hash"].startswith("sha256:") for row in table)


def test_the_csv_formula_guard_reads_back_to_the_same_text(tmp_path: Path) -> None:
    referee = Referee(stores.resolve(str(tmp_path / "g.sqlite"), create=True))
    game_id = referee.start("rushzone", "'=quoted", "-3").game_id
    referee.enter(game_id, "toss home")
    table = playrows.rows(referee.record(game_id))
    text = playrows.to_csv(table)
    assert "''=quoted" in text
    assert playrows.read_rows(text) == table


# Columns and keys ------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["extra", "duplicated", "moved", "missing"])
def test_a_csv_whose_columns_are_not_zebras_does_not_verify(record: Any, how: str) -> None:
    table = csv_table(playrows.to_csv(playrows.rows(record)))
    at = table[0].index("desc")
    for number, line in enumerate(table):
        if how == "extra":
            line.append("bonus" if number == 0 else "1")
        elif how == "duplicated":
            line.insert(at, line[at])
        elif how == "moved":
            line.insert(0, line.pop(at))
        else:
            del line[at]
    verdict = playrows.verify(as_csv(table))
    assert not verdict.ok
    assert {
        "extra": "unknown column 'bonus'",
        "duplicated": "column 'desc' appears twice",
        "moved": "is out of place",
        "missing": "missing column 'desc'",
    }[how] in verdict.message


@pytest.mark.parametrize("how", ["extra", "moved"])
def test_a_jsonl_whose_keys_are_not_zebras_does_not_verify(record: Any, how: str) -> None:
    table = jsonl_rows(playrows.to_jsonl(playrows.rows(record)))
    if how == "extra":
        table = [{**row, "bonus": 1} for row in table]
    else:
        table = [{"desc": row["desc"], **row} for row in table]
    assert not playrows.verify(as_jsonl(table)).ok


def test_a_key_twice_in_one_jsonl_row_does_not_verify(record: Any) -> None:
    """JSON readers disagree on which of two values counts: such a row is not a Zebra row."""
    lines = playrows.to_jsonl(playrows.rows(record)).splitlines()
    assert '"play_deleted": 0,' in lines[10]
    lines[10] = lines[10].replace('"play_deleted": 0,', '"play_deleted": 1, "play_deleted": 0,')
    forged = "\n".join(lines) + "\n"
    verdict = playrows.verify(forged)
    assert not verdict.ok and "'play_deleted' appears twice" in verdict.message
    with pytest.raises(IllegalEntry):
        parse_import(forged, "forged.jsonl")


def test_a_row_chained_on_after_the_end_does_not_verify(record: Any) -> None:
    table = playrows.rows(record)
    extra = {**table[-1], "play_id": len(table) + 1}
    extra["row_hash"] = playrows.row_digest(table[-1]["row_hash"], extra)
    verdict = playrows.verify(playrows.to_jsonl([*table, extra]))
    assert not verdict.ok and "rows were added or removed" in verdict.message


# The league key ----------------------------------------------------------------------------


def test_league_key_create_writes_a_private_key_and_never_overwrites(
    store: Path, tmp_path: Path
) -> None:
    key = tmp_path / "league.key"
    code, out, err, _ = zebra("league", "key", "--create", str(key))
    assert code == 0, err
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert re.fullmatch(r"[0-9a-f]{64}\n", key.read_text())
    before = key.read_text()
    code, _, err, _ = zebra("league", "key", "--create", str(key))
    assert code == 1 and err.startswith("error:") and "already exists" in err
    assert key.read_text() == before


def test_verify_with_the_league_key_rejects_a_recomputed_forgery(
    store: Path, tmp_path: Path
) -> None:
    key = tmp_path / "league.key"
    zebra("league", "key", "--create", str(key))
    zebra("play", "rushzone", "--script", str(FULL))
    target = tmp_path / "game.jsonl"
    code, _, err, _ = zebra("export", "-f", "jsonl", "--key", str(key), "-o", str(target))
    assert code == 0, err
    code, out, err, _ = zebra("verify", "--key", str(key), str(target))
    # One row per play of the example's 97 entries.
    rows = len(jsonl_rows(target.read_text()))
    assert 0 < rows < 97
    assert code == 0 and f"all {rows} rows are intact (keyed with the league key)" in out, err

    # A forger without the key edits the score and recomputes the chain by the public recipe.
    table = jsonl_rows(target.read_text())
    table[-1]["total_away_score"] = 99
    plain = [{k: v for k, v in row.items() if k not in ("row_count", "row_hash")} for row in table]
    forged = tmp_path / "forged.jsonl"
    forged.write_text(playrows.to_jsonl(playrows.chain(plain)))
    assert playrows.verify(forged.read_text()).ok, "the unkeyed chain is only a checksum"
    code, _, err, exc = zebra("verify", "--key", str(key), str(forged))
    assert code == 1 and isinstance(exc, SystemExit)
    assert err.startswith("error:") and len(err.strip().splitlines()) == 1
    assert "only rows keyed with the league key are accepted" in err

    # Keyed with another key, it is refused too; and so is a keyed row altered without the key.
    other = tmp_path / "other.key"
    other.write_text("b" * 64 + "\n")
    forged.write_text(playrows.to_jsonl(playrows.chain(plain, b"b" * 64)))
    code, _, err, _ = zebra("verify", "--key", str(key), str(forged))
    assert code == 1 and "row 1 (play_id 1) was altered" in err
    table = jsonl_rows(target.read_text())
    table[-1]["total_away_score"] = 99
    forged.write_text(as_jsonl(table))
    code, _, err, _ = zebra("verify", "--key", str(key), str(forged))
    assert code == 1 and f"row {rows} (play_id {rows}) was altered" in err


def test_the_league_key_comes_from_the_environment_for_export_verify_and_import(
    store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = tmp_path / "league.key"
    zebra("league", "key", "--create", str(key))
    zebra("play", "rushzone", "--script", str(FULL))
    target = tmp_path / "game.csv"
    monkeypatch.setenv("ZEBRA_LEAGUE_KEY_FILE", str(key))
    assert zebra("export", "-f", "csv", "-o", str(target))[0] == 0
    assert "hmac-sha256:" in target.read_text()
    code, out, _, _ = zebra("verify", str(target))
    assert code == 0 and "keyed with the league key" in out
    jsonl = tmp_path / "game.jsonl"
    zebra("export", "-f", "jsonl", "-o", str(jsonl))
    # The game is in this store already (issue #26): imported again as a copy.
    code, out, err, _ = zebra("import", "--copy", str(jsonl))
    assert code == 0 and "Imported 97 entries" in out, err
    monkeypatch.delenv("ZEBRA_LEAGUE_KEY_FILE")
    code, _, err, _ = zebra("verify", str(target))
    assert code == 1 and "keyed with a league key: give the key file" in err


def test_a_key_file_that_is_not_a_key_is_one_line(store: Path, tmp_path: Path) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    short = tmp_path / "short.key"
    short.write_text("secret\n")
    for args in (("export", "-f", "csv"), ("verify", str(FULL))):
        for path in (short, tmp_path / "absent.key"):
            code, _, err, exc = zebra(*args, "--key", str(path))
            assert code == 1 and isinstance(exc, SystemExit), exc
            assert err.startswith("error:") and len(err.strip().splitlines()) == 1


# Doors -------------------------------------------------------------------------------------


def test_verify_of_a_csv_field_over_the_csv_limit_is_one_error_line(
    store: Path, tmp_path: Path
) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    target = tmp_path / "game.csv"
    zebra("export", "-f", "csv", "-o", str(target))
    table = csv_table(target.read_text())
    table[5][table[0].index("desc")] = "x" * 131_073
    target.write_text(as_csv(table))
    code, _, err, exc = zebra("verify", str(target))
    assert code == 1 and isinstance(exc, SystemExit), exc
    assert err.startswith("error:") and len(err.strip().splitlines()) == 1
    assert "longer than 131072 characters" in err


# The recipe in docs/exports.md -------------------------------------------------------------


def doc_snippets() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)


def test_the_documented_recipe_verifies_a_real_export_without_zebra(
    record: Any, tmp_path: Path
) -> None:
    recipe, from_csv = doc_snippets()[:2]
    imports = re.findall(r"^\s*(?:import|from) .*$", recipe, flags=re.MULTILINE)
    assert imports == ["import hashlib, hmac, json"], "the standard library only"
    names: dict[str, Any] = {}
    exec(recipe, names)  # the documentation's own code
    exec(from_csv, names)
    verify_export = names["verify_export"]

    path = tmp_path / "game.jsonl"
    path.write_text(playrows.to_jsonl(playrows.rows(record)), encoding="utf-8")
    assert verify_export(path) == "intact"
    table = jsonl_rows(path.read_text())
    table[40]["total_home_score"] = 99
    path.write_text(as_jsonl(table))
    assert verify_export(path).startswith("row 41 ")

    key = b"0123456789abcdef" * 4
    path.write_text(playrows.to_jsonl(playrows.rows(record, key)), encoding="utf-8")
    assert verify_export(path, key) == "intact"
    assert verify_export(path, b"another key").startswith("row 1 ")
    assert verify_export(path) == "row 1 was altered, or a row before it was removed or moved"

    source, target = tmp_path / "game.csv", tmp_path / "from-csv.jsonl"
    source.write_text(playrows.to_csv(playrows.rows(record)), encoding="utf-8")
    names["csv_to_jsonl"](source, target)
    assert verify_export(target) == "intact"
    assert names["INTEGERS"] == playrows.INTEGER_COLUMNS


def test_the_recipe_stays_short_enough_to_read_and_retype() -> None:
    recipe = doc_snippets()[0]
    assert len([line for line in recipe.splitlines() if line.strip()]) <= 20


def test_the_doc_lists_the_integer_columns_of_the_code() -> None:
    text = DOC.read_text()
    listed = text.split("The integer columns are ", 1)[1].split("; every other column", 1)[0]
    assert set(re.findall(r"`([a-z_0-9]+)`", listed)) == playrows.INTEGER_COLUMNS


def test_the_key_file_is_never_in_the_export(store: Path, tmp_path: Path) -> None:
    key = tmp_path / "league.key"
    zebra("league", "key", "--create", str(key))
    zebra("play", "rushzone", "--script", str(FULL))
    secret = key.read_text().strip()
    for fmt in ("csv", "jsonl", "md", "html", "entries"):
        code, out, err, _ = zebra("export", "-f", fmt, "--key", str(key))
        assert code == 0, err
        assert secret not in out
    assert os.environ.get("ZEBRA_LEAGUE_KEY_FILE") is None
