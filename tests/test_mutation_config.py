"""The mutation helper's settings (docs/mutation.md): which files of a game mutmut mutates."""

from __future__ import annotations

import re
from pathlib import Path

from tests.mutation import WORDING_LINES, choose, configure, is_threshold


def _repo(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_game.py").write_text("", encoding="utf-8")
    (tmp_path / "domain" / "rulesets" / "redzone").mkdir(parents=True)
    (tmp_path / "domain" / "rulesets" / "redzone" / "kicks.py").write_text("", encoding="utf-8")
    (tmp_path / "domain" / "rulesets" / "thirdandlong.py").write_text("", encoding="utf-8")
    return tmp_path


def test_a_game_package_has_every_module_mutated(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    configure(repo, "redzone", ["tests/test_game.py"])
    settings = (repo / "pyproject.toml").read_text(encoding="utf-8")
    assert 'only_mutate = ["domain/rulesets/redzone/*.py"]' in settings


def test_a_game_module_is_mutated_alone(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    configure(repo, "thirdandlong", ["tests/test_game.py"])
    settings = (repo / "pyproject.toml").read_text(encoding="utf-8")
    assert 'only_mutate = ["domain/rulesets/thirdandlong.py"]' in settings


def test_wording_lines_are_left_unmutated_only_when_asked(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    configure(repo, "redzone", ["tests/test_game.py"])
    assert "do_not_mutate_patterns" not in (repo / "pyproject.toml").read_text(encoding="utf-8")
    (tmp_path / "wording").mkdir()
    repo = _repo(tmp_path / "wording")
    configure(repo, "redzone", ["tests/test_game.py"], skip_wording=True)
    assert "do_not_mutate_patterns" in (repo / "pyproject.toml").read_text(encoding="utf-8")


def test_a_message_line_is_wording_and_a_rule_line_is_not() -> None:
    def wording(line: str) -> bool:
        return any(re.search(p, line) for p in WORDING_LINES)

    assert wording('            f"{state.name(k)} kick off from the 30",')
    assert wording("        'the ball is dead.')")
    assert wording('            raise IllegalEntry(f"a die shows 1 to 6, not {face}")')
    assert not wording('        "kickoff": partial(kick, onside=False),')
    assert not wording("    if yards_to_go <= gained:")
    assert not wording('        Ruling("onside", f"{state.name(k)} try an onside kick.", team=k)')


def test_deselected_tests_are_passed_to_pytest(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    configure(repo, "redzone", ["tests/test_game.py"], deselect=("tests/test_game.py::test_slow",))
    settings = (repo / "pyproject.toml").read_text(encoding="utf-8")
    assert '"--deselect", "tests/test_game.py::test_slow"' in settings


def _diff(before: str, after: str) -> str:
    return f"--- a.py\n+++ a.py\n@@ -1,2 +1,2 @@\n def f(x):\n-    {before}\n+    {after}\n"


def test_a_moved_boundary_is_a_threshold_mutant() -> None:
    assert is_threshold(_diff("if gained >= to_go:", "if gained > to_go:"))
    assert is_threshold(_diff("if total < 10:", "if total < 11:"))
    assert is_threshold(_diff("return ball_on + 20", "return ball_on + 21"))
    assert is_threshold(_diff("if d == 6:", "if d != 6:"))


def test_a_mutant_that_moves_no_boundary_is_not_a_threshold_mutant() -> None:
    assert not is_threshold(_diff('team = "home"', 'team = "XXhomeXX"'))
    assert not is_threshold(_diff("if a and b:", "if a or b:"))
    assert not is_threshold(_diff("if x in KICKS:", "if x not in KICKS:"))
    assert not is_threshold(_diff("return state, rulings", "return None"))


def test_the_draw_takes_every_threshold_mutant_and_a_seeded_sample_of_the_rest() -> None:
    diffs = {f"m{i}": _diff("if a < 3:", "if a <= 3:") for i in range(3)}
    diffs |= {f"o{i}": _diff("x = f(a)", "x = None") for i in range(20)}
    thresholds, others = choose(diffs, 5, seed=1)
    assert thresholds == ["m0", "m1", "m2"]
    assert len(others) == 5 and set(others) <= {f"o{i}" for i in range(20)}
    assert choose(diffs, 5, seed=1) == (thresholds, others)
    assert choose(diffs, 50, seed=1)[1] == sorted(f"o{i}" for i in range(20))
