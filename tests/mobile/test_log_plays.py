"""The tablet's log reads the plays (issue #31): each entry's row stands under the play it belongs
to (projections.plays through companion.views), the first row of a play carrying its heading;
a long press still corrects the entry itself (the row keeps its seq)."""

from __future__ import annotations

from pathlib import Path

from companion import views
from companion.scripts import read_script
from companion.service import Referee
from companion.store import resolve
from mobile import model
from projections.plays import plays

EXAMPLES = Path(__file__).parents[2] / "examples"


def played(tmp_path: Path, entries: int) -> tuple[Referee, object]:
    script = read_script(EXAMPLES / "redzone-full.zebra")
    referee = Referee(resolve(str(tmp_path / "s.sqlite"), create=True))
    game = referee.start("redzone", script.home or "Home", script.away or "Away").game_id
    for _, line in script.lines[:entries]:
        referee.enter(game, line)
    return referee, game


def test_every_entry_row_stands_under_its_play_and_each_play_is_headed_once(
    tmp_path: Path,
) -> None:
    referee, game = played(tmp_path, 80)
    record = referee.record(game)  # type: ignore[arg-type]
    rows = model.log_rows(record.lines, {}, views.plays_of_entries(record))
    by_seq = {r["seq"]: r for r in rows}
    found = plays(record)
    assert len(found) < len(rows)  # plays group entries: a snap is a call, a flip, a result...
    for play in found:
        first, *rest = play.seqs
        assert by_seq[first]["text"].startswith("[color=9fb3d1][i]Play ")
        assert f"Play {play.number}" in by_seq[first]["text"]
        assert all("[i]Play " not in by_seq[s]["text"] for s in rest)
        assert {by_seq[s]["play"] for s in play.seqs} == {play.number}
    headed = [r for r in rows if "[i]Play " in r["text"]]
    assert len(headed) == len(found)
    # Latest first, as before: the newest entry's row is on top.
    assert rows[0]["seq"] == max(by_seq)


def test_a_struck_entry_is_a_struck_play_and_its_row_still_corrects_the_entry(
    tmp_path: Path,
) -> None:
    referee, game = played(tmp_path, 40)
    referee.undo(game, "the card was misread")  # type: ignore[arg-type]
    record = referee.record(game)  # type: ignore[arg-type]
    rows = model.log_rows(record.lines, {}, views.plays_of_entries(record))
    top = rows[0]
    assert top["seq"] == 40 and not top["standing"]
    assert "· struck" in top["text"] and "[s]" in top["text"]
    # The play numbers of the rows that stand follow the plays that stand.
    numbers = [r["play"] for r in reversed(rows) if r["standing"]]
    assert numbers == sorted(numbers)
