"""One test (at least) per ``zebra`` command, through typer's CliRunner on a real SQLite store."""

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
from tests.domain.scripts import EXAMPLES

FULL = EXAMPLES / "rushzone-full.zebra"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "zebra.sqlite"
    monkeypatch.setenv("ZEBRA_STORE", str(path))
    monkeypatch.setenv("ZEBRA_USER", "referee-1")
    return path


def zebra(*args: str, input: str | None = None) -> tuple[int, str, str]:
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def events_in(path: Path) -> int:
    referee = Referee(stores.resolve(str(path), create=False))
    return referee.recorder.max_notification_id() or 0


def test_play_script_reproduces_the_complete_example_game(store: Path) -> None:
    code, out, err = zebra("play", "rushzone", "--script", str(FULL))
    assert code == 0, err
    assert "FINAL" in out
    assert "Bears" in out and "Packers" in out
    code, out, _ = zebra("status", "--json")
    status = json.loads(out)
    assert status["finished"] is True
    assert status["score"] == {"home": 25, "away": 24}
    assert status["winner"] == "home"


def test_play_script_stops_at_the_first_refused_line_with_its_number(
    store: Path, tmp_path: Path
) -> None:
    script = tmp_path / "bad.zebra"
    script.write_text("@home Bears\n@away Packers\ntoss home\n# comment\nreceive\ngreen 7 1\n4 2\n")
    code, _, err = zebra("play", "rushzone", "--script", str(script))
    assert code == 1
    assert f"{script}:6:" in err
    assert "1 to 6; got 7" in err
    assert len(err.strip().splitlines()) == 1
    status = json.loads(zebra("status", "--json")[1])
    assert status["entries"] == 2


def test_play_at_the_prompt_quit_resume_undo_and_finish(store: Path) -> None:
    """The done-means story: play at the prompt, quit halfway, resume, undo a disputed roll."""
    code, out, _ = zebra(
        "play",
        "rushzone",
        "--home",
        "Bears",
        "--away",
        "Packers",
        input="toss home\nreceive\ngreen 6 1\nwhite 6 6 6 1 2 4\nquit\n",
    )
    assert code == 0
    assert "both coaches roll the green die" in out
    assert "TOUCHDOWN Bears" in out
    assert "zebra resume" in out
    code, out, _ = zebra(
        "resume", input="undo the three bounced off the table\nwhite 6 2 4 3 5 1\nquit\n"
    )
    assert code == 0
    assert "Struck entry 4 'white 6 6 6 1 2 4'" in out
    status = json.loads(zebra("status", "--json")[1])
    assert status["score"] == {"home": 0, "away": 0}
    assert status["ball_on"] == 40
    assert status["struck"] == 1
    # The remaining entries of the example game (after its own opening) reach a final score.
    lines = [line.split("#")[0].strip() for line in FULL.read_text().splitlines()]
    entries = [x for x in lines if x and not x.startswith("@")]
    code, out, _ = zebra(
        "play", "rushzone", "--home", "Bears", "--away", "Packers", input="\n".join(entries) + "\n"
    )
    assert code == 0
    assert "Final whistle" in out


def test_refused_entry_at_the_prompt_says_why_and_records_nothing(store: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input="toss home\nreceive\nquit\n")
    before = events_in(store)
    code, out, err = zebra("resume", input="green 0 3\nwhite 1 2 3 4 5 6\nquit\n")
    assert code == 0
    assert "refused: a green die shows 1 to 6; got 0" in err
    assert "refused: 'white' is not due now" in err
    assert events_in(store) == before


def test_games_lists_stored_games(store: Path) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    code, out, _ = zebra("games")
    assert code == 0
    assert "rushzone" in out and "Bears 25 - Packers 24" in out and "final" in out


def test_status_json_has_the_common_keys(store: Path) -> None:
    zebra(
        "play", "rushzone", "--home", "A", "--away", "B", input="toss away\nkick\ngreen 4 2\nquit\n"
    )
    code, out, _ = zebra("status", "--json")
    assert code == 0
    status = json.loads(out)
    for key in (
        "game_id",
        "ruleset",
        "home",
        "away",
        "score",
        "score_by_quarter",
        "quarter",
        "possession",
        "down",
        "distance",
        "ball_on",
        "clock",
        "timeouts",
        "next",
        "finished",
        "winner",
        "entries",
        "struck",
    ):
        assert key in status
    assert status["possession"] == "home"
    assert status["ball_on"] == 80
    assert status["clock"] == {
        "round": 1,
        "rounds_per_quarter": 3,
        "turn": 1,
        "two_minute_warning": False,
    }


def test_status_text_shows_the_scoring_pad(store: Path) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    code, out, _ = zebra("status")
    assert code == 0
    assert "Scoring pad" in out
    assert "Q1:" in out and "TOTAL" in out


def test_log_prints_the_play_by_play_with_struck_entries(store: Path) -> None:
    zebra(
        "play",
        "rushzone",
        "--home",
        "A",
        "--away",
        "B",
        input="toss home\nreceive\ngreen 6 1\nundo typo\ngreen 2 2\nquit\n",
    )
    code, out, _ = zebra("log")
    assert code == 0
    assert "3. green 6 1  [struck: typo]" in out
    assert "4. green 2 2" in out
    assert "touchback" in out


def test_undo_command_strikes_the_last_entry(store: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input="toss home\nreceive\nquit\n")
    code, out, _ = zebra("undo", "--reason", "wrong team won the toss")
    assert code == 0
    assert "Struck entry 2 'receive' (wrong team won the toss)" in out
    assert json.loads(zebra("status", "--json")[1])["entries"] == 1


def test_rulesets_lists_the_games_and_their_options(store: Path) -> None:
    code, out, _ = zebra("rulesets")
    assert code == 0
    assert "rushzone" in out and "NFL Rush Zone" in out and "--youngest no|yes" in out


def test_play_takes_game_options(store: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", "--youngest", "yes", input="quit\n")
    code, out, _ = zebra("log")
    assert code == 0
    referee = Referee(stores.resolve(str(store), create=False))
    assert referee.game(referee.find(None)).options == {"youngest": "yes"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("status", "deadbeef"), "no game matching 'deadbeef'"),
        (("play", "chess", "--home", "A", "--away", "B"), "unknown game 'chess'"),
        (
            ("play", "rushzone", "--home", "A", "--away", "B", "--length", "short"),
            "unknown game option",
        ),
        (("play", "rushzone", "--script", "/no/such/file.zebra"), "does not exist"),
    ],
)
def test_errors_are_one_line_and_record_nothing(
    store: Path, args: tuple[str, ...], message: str
) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input="toss home\nquit\n")
    before = events_in(store)
    code, _, err = zebra(*args)
    assert code == 1
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert events_in(store) == before


def test_corrupt_store_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    before = bad.read_bytes()
    code, _, err = zebra("status", "--store", str(bad))
    assert code == 1
    assert err.strip() == f"error: store {bad.resolve()} is not a Zebra store (not an SQLite file)"
    assert bad.read_bytes() == before


def test_missing_store_for_a_reading_command(tmp_path: Path) -> None:
    code, _, err = zebra("games", "--store", str(tmp_path / "none.sqlite"))
    assert code == 1
    assert "no Zebra store" in err
    assert not (tmp_path / "none.sqlite").exists()


# Corrections -------------------------------------------------------------------------------

DRIVE = "toss home\nreceive\ngreen 6 1\nwhite 1 2 4 2 3 5\npunt\ngreen 2\nquit\n"


def test_history_lists_every_entry_with_who_when_ruling_and_corrections(store: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input=DRIVE)
    zebra("strike", "6", "--reason", "wrong die read")
    code, out, _ = zebra("history")
    assert code == 0
    assert "   6 STRUCK" in out and "referee-1" in out
    assert "struck by referee-1" in out and "wrong die read" in out
    assert "-> Punt: rolled 2" in out


def test_strike_restore_amend_and_insert_commands(store: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input=DRIVE)
    code, out, _ = zebra("strike", "6", "--reason", "disputed")
    assert code == 0 and "Struck entry 6." in out
    code, out, _ = zebra("restore", "6", "--reason", "video shows a 2")
    assert code == 0 and "Restored entry 6." in out
    code, out, _ = zebra("amend", "6", "green 3", "--reason", "it was a 3")
    assert code == 0 and "Amended entry 6 to 'green 3'." in out
    status = json.loads(zebra("status", "--json")[1])
    assert status["ball_on"] == 80  # punted 30 yards from the 50 into the end zone: touchback
    code, out, _ = zebra("insert", "white 1 2 4 1 2 3", "--after", "3", "--reason", "forgotten")
    assert code == 0 and "Inserted 'white 1 2 4 1 2 3' after entry 3." in out
    status = json.loads(zebra("status", "--json")[1])
    assert status["entries"] == 7


def test_a_correction_that_orphans_later_entries_is_refused_then_forced(store: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input=DRIVE)
    before = events_in(store)
    code, _, err = zebra("amend", "4", "white 6 2 4 3 5 1")
    assert code == 1
    assert "entry 5 'punt'" in err and "entry 6 'green 2'" in err and "--strike-invalid" in err
    assert len(err.strip().splitlines()) == 1
    assert events_in(store) == before
    code, out, _ = zebra("amend", "4", "white 6 2 4 3 5 1", "--strike-invalid")
    assert code == 0
    assert "Also struck entry 5 'punt'" in out and "Also struck entry 6 'green 2'" in out


@pytest.mark.parametrize(
    ("entries", "more"),
    [(4, 0), (5, 1), (6, 2)],
    ids=["3 later entries, all named", "4 later entries, 1 counted", "5 later entries"],
)
def test_a_refused_correction_names_three_later_entries_and_counts_the_rest(
    store: Path, entries: int, more: int
) -> None:
    # Issue #28: the line once named every later entry (7,434 characters). Giving the toss to
    # the other team leaves every later entry unfit, so entries 2 to ``entries`` are orphans.
    drive = DRIVE.splitlines()[:entries]
    zebra("play", "rushzone", "--home", "A", "--away", "B", input="\n".join([*drive, "quit", ""]))
    before = events_in(store)
    code, _, err = zebra("amend", "1", "toss away", "--reason", "the coin said away")
    assert code == 1 and events_in(store) == before
    (line,) = err.strip().splitlines()
    assert f"would leave {entries - 1} later entries" in line
    for seq in (2, 3, 4):
        assert f"entry {seq} {drive[seq - 1]!r}: " in line
    for seq in range(5, entries + 1):
        assert f"entry {seq} " not in line
    assert ("and 1 more" in line) == (more == 1) and ("and 2 more" in line) == (more == 2)
    assert "more)" not in line if more == 0 else line.count(" more)") == 1
    assert line.endswith("use --strike-invalid to strike them too")
    # Bounded: a longer tail adds only its count, never its entries.
    assert len(line) < 600
    code, out, _ = zebra("amend", "1", "toss away", "--reason", "coin", "--strike-invalid")
    assert code == 0 and out.count("Also struck entry") == entries - 1


# Exports and imports -----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "md", "html", "entries"])
def test_export_writes_each_format(store: Path, tmp_path: Path, fmt: str) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    target = tmp_path / f"game.{fmt}"
    code, out, _ = zebra("export", "--format", fmt, "-o", str(target))
    assert code == 0 and f"Wrote {target}" in out
    text = target.read_text()
    assert {
        "csv": "game_id,play_id",
        "jsonl": '{"game_id"',
        "md": "# Bears 25, Packers 24",
        "html": "<!DOCTYPE html>",
        "entries": "@ruleset rushzone",
    }[fmt] in text


def test_export_refuses_an_unknown_format(store: Path) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    code, _, err = zebra("export", "--format", "pdf")
    assert code == 1 and "unknown export format 'pdf'" in err


def test_import_recreates_the_game_in_another_store_and_copies_it_into_its_own(
    store: Path, tmp_path: Path
) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    original = json.loads(zebra("status", "--json")[1])
    target = tmp_path / "game.zebra"
    zebra("export", "--format", "entries", "-o", str(target))
    other = tmp_path / "other.sqlite"
    code, out, _ = zebra("import", str(target), "--store", str(other))
    assert code == 0 and "Imported 97 entries" in out
    elsewhere = json.loads(zebra("status", "--json", "--store", str(other))[1])
    assert elsewhere["game_id"] != original["game_id"]
    assert {**elsewhere, "game_id": ""} == {**original, "game_id": ""}
    # In its own store the game is there already (issue #26): refused, or --copy.
    before = events_in(store)
    code, _, err = zebra("import", str(target))
    assert code == 1 and "already in the store as" in err and events_in(store) == before
    code, out, _ = zebra("import", "--copy", str(target))
    assert code == 0 and "Imported 97 entries" in out
    copy = json.loads(zebra("status", "--json")[1])
    assert copy.pop("copy_of") == original["game_id"]
    assert copy.pop("version") == original.pop("version") + 1  # its Copied mark
    assert {**copy, "game_id": ""} == {**original, "game_id": ""}


def test_import_of_a_bad_file_records_nothing(store: Path, tmp_path: Path) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", input="toss home\nquit\n")
    before = events_in(store)
    bad = tmp_path / "bad.zebra"
    bad.write_text("@ruleset rushzone\ntoss home\nreceive\ngreen 9 9\n")
    code, _, err = zebra("import", str(bad))
    assert code == 1 and f"{bad}:4:" in err and "1 to 6; got 9" in err
    assert events_in(store) == before


def test_verify_reports_a_forged_row(store: Path, tmp_path: Path) -> None:
    zebra("play", "rushzone", "--script", str(FULL))
    target = tmp_path / "game.csv"
    zebra("export", "--format", "csv", "-o", str(target))
    code, out, _ = zebra("verify", str(target))
    table = list(csv.reader(io.StringIO(target.read_text())))
    # One row per play (the header aside), fewer than the example's 97 entries.
    plays = len(table) - 1
    assert 0 < plays < 97
    assert code == 0 and f"all {plays} rows are intact" in out
    table[10][table[0].index("desc")] += " And a forged touchdown."
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(table)
    target.write_text(buffer.getvalue())
    code, _, err = zebra("verify", str(target))
    assert code == 1 and "row 10 " in err and "altered" in err


# Rosters -----------------------------------------------------------------------------------


def test_roster_check_accepts_a_legal_deck() -> None:
    code, out, _ = zebra(
        "roster", "check", "gridironmasters", str(EXAMPLES / "gridironmasters-deck.toml")
    )
    assert code == 0 and "a legal Masters of the Gridiron roster" in out


def test_roster_check_lists_every_broken_rule(tmp_path: Path) -> None:
    deck = (EXAMPLES / "gridironmasters-deck.toml").read_text()
    broken = deck.replace('position = "QB"', 'position = "WR"', 1).replace(
        "salary = 18.0", "salary = 180.0", 1
    )
    target = tmp_path / "deck.toml"
    target.write_text(broken)
    code, _, err = zebra("roster", "check", "gridironmasters", str(target))
    assert code == 1
    problems = err.strip().splitlines()
    assert len(problems) >= 2
    assert any("QB" in p for p in problems) and any("120" in p for p in problems)


def test_roster_check_of_a_game_without_rosters_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "deck.toml"
    target.write_text("")
    code, _, err = zebra("roster", "check", "rushzone", str(target))
    assert code == 1 and "has no rosters to check" in err


def test_confirm_and_reject_with_disputes_agree(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    zebra("play", "rushzone", "--home", "A", "--away", "B", "--disputes", "agree", input=DRIVE)
    code, out, _ = zebra("undo", "--reason", "typo")
    assert code == 0 and "Proposed striking entry 6 'green 2'." in out
    assert (
        json.loads(zebra("status", "--json")[1])["pending"]
        == "strike entry 6 (proposed by referee-1)"
    )
    code, _, err = zebra("confirm")
    assert code == 1 and "referee-1 proposed this correction" in err
    code, out, _ = zebra("confirm", "--by", "coach-b")
    assert code == 0 and "Confirmed" in out
    zebra("amend", "3", "green 2 2")
    code, out, _ = zebra("reject", "--by", "coach-b", "--reason", "it was a 6")
    assert code == 0 and "Rejected" in out
    status = json.loads(zebra("status", "--json")[1])
    assert status["pending"] is None and status["struck"] == 1
    code, out, _ = zebra("history")
    assert "dispute: confirmed by coach-b" in out and "dispute: rejected by coach-b" in out


def test_play_checks_rosters_at_set_up_and_records_their_entries(store: Path) -> None:
    roster = EXAMPLES / "thirdandlong-roster.toml"
    code, out, _ = zebra(
        "play",
        "thirdandlong",
        "--home",
        "Rodeo",
        "--away",
        "Buffalo",
        "--roster-home",
        str(roster),
        input="quit\n",
    )
    assert code == 0
    status = json.loads(zebra("status", "--json")[1])
    assert status["entries"] == 4  # one star entry per card in the team file


def test_play_with_a_broken_roster_starts_no_game(store: Path, tmp_path: Path) -> None:
    roster = tmp_path / "team.toml"
    roster.write_text(
        (EXAMPLES / "thirdandlong-roster.toml").read_text().replace("salary = 4", "salary = 40", 1)
    )
    code, _, err = zebra(
        "play", "thirdandlong", "--home", "A", "--away", "B", "--roster-away", str(roster)
    )
    assert code == 1
    assert "over the $15M cap" in err and "the game was not started" in err
    assert not store.exists() or events_in(store) == 0


def test_tablet_command_starts_the_tablet_program_on_the_cli_store(tmp_path: Path) -> None:
    """`zebra tablet --store PATH` starts the installed zebra-tablet program (a process of its
    own: the CLI never imports the tablet) on that store: the real app, under SDL's offscreen
    driver, creates the store file it was handed, which the CLI itself never opens."""
    import os
    import signal
    import subprocess
    import sysconfig
    import time

    store = tmp_path / "tablet.sqlite"
    env = {
        **os.environ,
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_HOME": str(tmp_path / "kivy"),
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "offscreen"),
    }
    zebra_program = Path(sysconfig.get_path("scripts")) / "zebra"
    running = subprocess.Popen(
        [str(zebra_program), "tablet", "--store", str(store)],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 120
        while not store.exists() and running.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert store.exists(), running.stderr.read().decode() if running.poll() else "no store"
        assert running.poll() is None, "the tablet keeps running until it is closed"
    finally:
        os.killpg(running.pid, signal.SIGTERM)
        running.wait(timeout=30)
        assert running.stderr is not None
        running.stderr.close()


def test_tablet_command_passes_on_the_tablet_s_refusal_of_a_store(tmp_path: Path) -> None:
    """The tablet program's one-line refusal of a store reaches the terminal as it is, and
    ``zebra tablet`` exits with the tablet's status."""
    import os
    import subprocess
    import sysconfig

    missing = tmp_path / "no-such-folder" / "x.sqlite"
    done = subprocess.run(
        [str(Path(sysconfig.get_path("scripts")) / "zebra"), "tablet", "--store", str(missing)],
        env={**os.environ, "KIVY_NO_CONSOLELOG": "1", "KIVY_HOME": str(tmp_path / "kivy")},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"error: cannot create store {missing}: folder {missing.parent} does not exist"
    ]
    assert not missing.parent.exists()


def test_the_cli_never_imports_kivy() -> None:
    import subprocess
    import sys

    probe = "import sys, companion.cli; print('kivy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("example", "label", "overtime", "board"),
    [
        ("firstandgoal-full.zebra", "OT", True, "H1   H2   OT"),
        ("gridironmasters-overtime.zebra", "OT", True, "REG   OT"),
        ("gridironmasters-full.zebra", "REG", False, "REG  TOTAL"),
        ("rushzone-overtime.zebra", "OT", True, "Q4   OT"),
        ("thirdandlong-full.zebra", "Q4", False, "Q4  TOTAL"),
    ],
)
def test_status_says_the_period_as_the_game_divides_time(
    store: Path, example: str, label: str, overtime: bool, board: str
) -> None:
    """Issue #16: 1st & Goal plays halves, Masters of the Gridiron has no quarters; every game's
    status has its period and whether it is overtime."""
    code, _, err = zebra("play", example.split("-")[0], "--script", str(EXAMPLES / example))
    assert code == 0, err
    status = json.loads(zebra("status", "--json")[1])
    assert status["period"]["label"] == label and status["overtime"] is overtime
    code, out, _ = zebra("status")
    assert board in out
