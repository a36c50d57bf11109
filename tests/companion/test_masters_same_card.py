"""Masters of the Gridiron at the CLI: a second card printed the same (issue #27).

With a deck file (``zebra play --roster-away``) the deck's count bounds the copies played; without
one the second is asked once. Bad input is one line and records nothing.
"""

from __future__ import annotations

from pathlib import Path

from tests.companion.test_cli import events_in, store, zebra
from tests.domain.scripts import EXAMPLES

__all__ = ["store"]

# The Packers' #6 (Jay Cutler in the example deck) is played and stopped; then the Bears' attempt.
SCRIPT = """@home Bears
@away Packers
offense 6 qb passing 88
play td passing coverage
defense cb coverage 90
done
offense te receiving 30
play td receiving coverage
defense s coverage 60
done
"""


def started(tmp_path: Path, *deck: str) -> None:
    script = tmp_path / "start.zebra"
    script.write_text(SCRIPT, encoding="utf-8")
    code, _, err = zebra("play", "gridironmasters", "--script", str(script), *deck)
    assert code == 0, err


def one_line(code: int, err: str, *words: str) -> None:
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for word in words:
        assert word in lines[0], err


def test_with_a_deck_file_one_over_its_count_is_refused(store: Path, tmp_path: Path) -> None:
    deck = str(EXAMPLES / "gridironmasters-deck.toml")
    started(tmp_path, "--roster-away", deck)
    before = events_in(store)
    code, _, err = zebra("enter", "offense 6")
    one_line(code, err, "deck holds 1 copy of #6 Jay Cutler QB", "discard pile")
    assert events_in(store) == before


def test_without_a_deck_file_the_second_is_asked_once(store: Path, tmp_path: Path) -> None:
    started(tmp_path)
    code, out, err = zebra("enter", "offense 6")
    assert code == 0, err
    assert "another card printed the same? yes|no" in out
    before = events_in(store)
    code, _, err = zebra("enter", "same maybe")
    one_line(code, err, "yes or no")
    code, _, err = zebra("enter", "play td passing coverage")
    one_line(code, err, "not due")
    assert events_in(store) == before
    code, out, err = zebra("enter", "same yes")
    assert code == 0, err
    assert "Packers play #6 QB" in out
    assert events_in(store) > before
