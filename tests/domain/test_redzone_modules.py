"""Red Zone's modules (#28): the rules they share are public names of the module they belong
to, and no handler is given words (its forms are its grammar, tests/domain/test_grammar.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.grammar import Match
from domain.rulesets.redzone import RULES, RULESET
from domain.rulesets.redzone.parse import read_entry, said

PACKAGE = Path(__file__).resolve().parents[2] / "domain" / "rulesets" / "redzone"


def _private_imports(source: str) -> list[str]:
    """Every ``from domain.rulesets.redzone.X import _name`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "domain.rulesets.redzone"
        ):
            found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    return found


def test_the_check_finds_a_private_import() -> None:
    # The check itself can fail: a private name imported from a sibling module is found.
    assert _private_imports("from domain.rulesets.redzone.scoring import _touchdown\n") == [
        "domain.rulesets.redzone.scoring._touchdown"
    ]
    assert _private_imports("from domain.rulesets.redzone.scoring import touchdown\n") == []


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_no_module_imports_a_private_name_of_another(path: Path) -> None:
    assert _private_imports(path.read_text(encoding="utf-8")) == []


def test_no_module_smuggles_words_past_the_grammar() -> None:
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "list[str])" not in text and "as_typed" not in text, path.name


def test_the_keyword_is_read_in_lower_case_and_the_values_as_typed() -> None:
    assert read_entry("DRAFT qb O'Neal, Leslie") == ["draft", "qb", "O'Neal,", "Leslie"]
    # A value typed after a comma with the keyword is a value.
    assert read_entry("toss,Home") == ["toss", "Home"]
    assert said(["O'Neal,", "G", "Inc"]) == ["o'neal", "green", "inc"]


def test_a_handler_is_given_the_typed_value_of_its_form() -> None:
    state = RULESET.initial("Bears", "Packers", {})
    found = RULES.match(state, read_entry("toss Packers"))
    assert isinstance(found, Match) and found.value == "away"
    refused = RULES.match(state, read_entry("toss lions"))
    assert not isinstance(refused, Match)
    assert refused.reason == "'lions' is not a team; enter home or away"
