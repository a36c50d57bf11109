"""The tablet's home screen leaves a game set aside out, as ``zebra games`` does (issue #27);
brought back, the game is listed again."""

from __future__ import annotations

from pathlib import Path

from companion.service import Referee
from companion.store import resolve
from mobile import headless as h


def test_the_home_list_leaves_a_game_set_aside_out(tmp_path: Path) -> None:
    referee = Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True))
    kept = referee.start("rushzone", "Bears", "Packers", by="ref").game_id
    aside = referee.start("rushzone", "Lions", "Vikings", by="ref").game_id
    referee.set_aside(aside, "kids went to bed", "ref")
    app = h.launch(referee)
    try:
        app.go_home()
        h.frames(8)
        assert [row["game_id"] for row in app.game_rows] == [str(kept)]
        assert [w.game_id for w in h.find(app.root_window, "GameRow")] == [str(kept)]
        referee.bring_back(aside, "finishing it", "ref")
        app.go_home()
        h.frames(8)
        assert [row["game_id"] for row in app.game_rows] == [str(aside), str(kept)]
    finally:
        h.close(app)
