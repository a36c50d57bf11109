"""The terminal as a new user meets it (issue #27): ``help`` lists every entry due now with its
literal words and an example, the zebra> prompt edits lines and recalls earlier ones, and every
command names its game the same way (``--game ID``, the id as first word kept as an alias)."""

from __future__ import annotations

import os
import pty
import random
import select
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.views import help_lines
from domain import rulesets
from domain.game import Game
from tests.domain.test_invariants import draw_entry

ROOT = Path(__file__).parents[2]


def zebra(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def events_in(store: Path) -> int:
    with sqlite3.connect(store) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0])


# help ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", rulesets.names())
def test_help_lists_every_form_and_every_literal_word_due_now(name: str) -> None:
    """At every prompt of a random game: each form's syntax, the literal words of each of its
    word slots and an example that the rules accept are in ``help``; no form twice."""
    rnd = random.Random(name)
    rules = rulesets.get(name)
    game = Game.start(name, "Bears", "Packers", {}, "t", "t")
    for _ in range(80):
        prompt = game.prompt
        if not prompt.forms:
            break
        shown = help_lines(prompt)
        text = "\n".join(shown)
        assert shown[0] == f"Next: {prompt.text}"
        for form in prompt.forms:
            assert form.syntax in text
            for slot in form.slots:
                if slot.kind == "word":
                    assert f"<{slot.label}>: {' | '.join(slot.words)}" in text
        for line in (x for x in shown if x.strip().startswith("e.g. ")):
            example = line.strip()[len("e.g. ") :]
            rules.apply(game.state, example)  # an example the rules refuse fails the test
        # One block per form, a repeated form once (Red Zone offers some forms twice).
        heads = [x for x in shown if x.startswith("    ") and not x.startswith("        ")]
        distinct = {
            (
                f.syntax,
                f.help,
                tuple(s.words if s.kind == "word" else (s.low, s.high) for s in f.slots),
            )
            for f in prompt.forms
        }
        assert len(heads) == len(distinct)
        game.enter(draw_entry(rnd, rnd.choice(prompt.forms)), "t", "t")


def test_red_zone_help_names_the_literal_kick_results() -> None:
    """red-zone.txt, Kickoff: the K number, or EZ for a kick through the end zone."""
    game = Game.start("redzone", "Chargers", "Raiders", {}, "t", "t")
    script = (ROOT / "examples" / "redzone-full.zebra").read_text().splitlines()
    for raw in script:
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("@"):
            continue
        if any(f.keyword == "k" for f in game.prompt.forms):
            break
        game.enter(line, "t", "t")
    text = "\n".join(help_lines(game.prompt))
    assert "<K>: ez" in text
    assert "e.g. k ez" in text


def test_help_at_the_prompt_groups_the_entries_under_their_keyword(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    code, out, err = zebra(
        "play",
        "rushzone",
        "--home",
        "Bears",
        "--away",
        "Packers",
        "--store",
        str(store),
        input="toss home\nhelp\nquit\n",
    )
    assert code == 0, err
    after = out.split("zebra> ")[2]
    assert "  receive\n    receive" in after
    assert "e.g. receive" in after and "e.g. kick" in after
    assert "Besides the entries above you can type:" in after


def test_the_legal_line_names_each_form_once() -> None:
    """Red Zone offers some forms twice (a discard for each team reads the same): the line
    shown after each entry names each once."""
    from companion.views import form_hint, legal_line

    game = Game.start("redzone", "Chargers", "Raiders", {}, "t", "t")
    repeated = 0
    for raw in (ROOT / "examples" / "redzone-full.zebra").read_text().splitlines()[:200]:
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("@"):
            continue
        hints = [form_hint(f) for f in game.prompt.forms]
        repeated += len(hints) - len(set(hints))
        parts = legal_line(game.prompt).removeprefix("Legal now: ").split(" | ")
        assert len(parts) == len(set(parts)) == len(set(hints))
        game.enter(line, "t", "t")
    assert repeated > 0


# line editing and history -------------------------------------------------------------------


class Terminal:
    """``zebra ARGS`` with a real terminal (a pty) for its input and output."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.fd, follower = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", *args],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=env,
            close_fds=True,
        )
        os.close(follower)
        self.seen = b""

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def shows(self, wanted: bytes, seconds: float = 30.0) -> None:
        """Read on until ``wanted`` is shown, consuming up to it; fails (never hangs) after a
        while."""
        end = time.monotonic() + seconds
        while wanted not in self.seen:
            left = end - time.monotonic()
            if left <= 0:
                pytest.fail(f"the terminal never showed {wanted!r}; it showed:\n{self.seen!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    pytest.fail(f"the program ended before showing {wanted!r}: {self.seen!r}")
                self.seen += chunk
        self.seen = self.seen[self.seen.index(wanted) + len(wanted) :]

    def close(self) -> None:
        try:
            self.proc.wait(timeout=30)
        finally:
            self.proc.kill()
            os.close(self.fd)


UP = b"\x1b[A"


def test_the_prompt_recalls_earlier_lines_with_the_arrow_keys_across_sessions(
    tmp_path: Path,
) -> None:
    store = tmp_path / "s.sqlite"
    env = {
        **os.environ,
        "TERM": "xterm",
        "COLUMNS": "120",
        "ZEBRA_STORE": str(store),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "PYTHONPATH": str(ROOT),
    }
    first = Terminal(["play", "rushzone", "--home", "Bears", "--away", "Packers"], env)
    try:
        first.shows(b"zebra> ")
        # A typo mended with the line-editing keys: Ctrl-A to the start, Ctrl-K cuts the rest.
        first.type(b"xyz\x01\x0btoss home\r")
        first.shows(b"Bears win the coin toss")
        first.shows(b"zebra> ")
        first.type(UP + b"\r")  # the line just typed, again: refused, nothing recorded
        first.shows(b"'toss' is not due now")
        first.shows(b"zebra> ")
        first.type(b"quit\r")
    finally:
        first.close()
    assert events_in(store) == 4  # started, its opening ruling, the toss and its ruling
    assert (tmp_path / "state" / "zebra" / "history").read_text().splitlines()[-1] == "quit"
    # A later session recalls the earlier one's lines: up three times is 'toss home'.
    later = Terminal(["resume"], env)
    try:
        later.shows(b"zebra> ")
        later.type(UP + UP + UP + b"\r")
        later.shows(b"'toss' is not due now")
        later.shows(b"zebra> ")
        later.type(b"receive\r")
        later.shows(b"Bears choose to receive")
        later.type(b"quit\r")
    finally:
        later.close()


def test_lines_from_a_pipe_are_read_as_they_come_and_keep_no_history(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    code, _, err = zebra(
        "play",
        "rushzone",
        "--home",
        "Bears",
        "--away",
        "Packers",
        "--store",
        str(store),
        input="toss home\nquit\n",
    )
    assert code == 0, err
    assert not (Path(os.environ["XDG_STATE_HOME"]) / "zebra" / "history").exists()


# one way to name a game ---------------------------------------------------------------------


@pytest.fixture
def two_games(tmp_path: Path) -> tuple[Path, str, str]:
    store = tmp_path / "s.sqlite"
    ids = []
    for home in ("Bears", "Lions"):
        code, out, err = zebra(
            "play",
            "rushzone",
            "--home",
            home,
            "--away",
            "Packers",
            "--store",
            str(store),
            input="toss home\nquit\n",
        )
        assert code == 0, err
        ids.append(out.split("zebra resume ")[-1].split()[0])
    return store, ids[0], ids[1]


@pytest.mark.parametrize(
    "command",
    [["status"], ["log"], ["history"], ["export", "--format", "entries"], ["check"]],
    ids=lambda c: c[0],
)
def test_every_command_names_its_game_with_dash_dash_game_and_the_id_alike(
    two_games: tuple[Path, str, str], command: list[str]
) -> None:
    store, bears, _ = two_games
    code, by_option, err = zebra(*command, "--game", bears, "--store", str(store))
    assert code == 0, err
    code, by_word, err = zebra(command[0], bears, *command[1:], "--store", str(store))
    assert code == 0, err
    assert by_option == by_word
    if command[0] in ("status", "export"):
        assert "Bears" in by_option and "Lions" not in by_option


def test_undo_and_resume_take_dash_dash_game(two_games: tuple[Path, str, str]) -> None:
    store, bears, lions = two_games
    code, out, err = zebra("undo", "--game", bears, "--reason", "x", "--store", str(store))
    assert code == 0, err
    assert "Struck entry 1 'toss home'" in out
    code, out, err = zebra("resume", "--game", lions, "--store", str(store), input="quit\n")
    assert code == 0, err
    assert f"game {lions}" in out


def test_two_different_games_named_at_once_are_refused_in_one_line(
    two_games: tuple[Path, str, str],
) -> None:
    store, bears, lions = two_games
    count = events_in(store)
    code, out, err = zebra("undo", bears, "--game", lions, "--reason", "x", "--store", str(store))
    assert code == 1
    assert err.strip().splitlines() == [
        f"error: two games named: {bears!r} and --game {lions!r}; name one"
    ]
    assert events_in(store) == count
