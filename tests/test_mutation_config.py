"""The mutation helper's settings (docs/mutation.md): which files of a game mutmut mutates."""

from __future__ import annotations

from pathlib import Path

from tests.mutation import configure


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
