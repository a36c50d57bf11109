"""Masters of the Gridiron Deck Building (rules/masters-of-the-gridiron.txt, "Deck Building").

Each rule gets a deck that breaks it; every broken rule is listed with the offending cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.gridironmasters import deck_problems
from tests.domain.scripts import EXAMPLES

Deck = dict[str, Any]


def _value(v: Any) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(v).lower() if isinstance(v, bool) else str(v)


def to_toml(deck: Deck) -> str:
    """The small TOML subset a deck file uses: top-level keys and arrays of tables."""
    lines = [f"{k} = {_value(v)}" for k, v in deck.items() if not isinstance(v, list)]
    for key in ("offense", "defense", "playbook"):
        for card in deck.get(key, []):
            lines.append(f"\n[[{key}]]")
            lines.extend(f"{k} = {_value(v)}" for k, v in card.items())
    return "\n".join(lines) + "\n"


def player(number: int, position: str, salary: float = 5.0) -> dict[str, Any]:
    return {"number": number, "name": f"Player {number}", "position": position, "salary": salary}


OFFENSE = ["QB", "RB", "TE", "WR", "WR", "T", "T", "G", "G", "C", "WR"]
DEFENSE = ["DE", "DE", "DT", "LB", "LB", "LB", "CB", "CB", "S", "S", "LB"]
TYPES = ["Inside Run", "Outside Run", "Short Pass", "Long Pass"]


def valid_deck() -> Deck:
    """11 + 11 players at $5M ($110M), 12 Touchdown and 12 Field Goal cards, 6 of each type."""
    plays = []
    for result in ("Touchdown", "Field Goal"):
        for i, kind in enumerate(TYPES * 3):
            plays.append({"name": f"{result} {kind} {i}", "result": result, "type": kind})
    return {
        "team": "Test",
        "offense": [player(100 + i, p) for i, p in enumerate(OFFENSE)],
        "defense": [player(200 + i, p) for i, p in enumerate(DEFENSE)],
        "playbook": plays,
    }


def problems(deck: Deck) -> list[str]:
    return deck_problems(to_toml(deck))


def test_valid_deck_and_example_deck_have_no_problems() -> None:
    assert problems(valid_deck()) == []
    assert deck_problems((EXAMPLES / "gridironmasters-deck.toml").read_text("utf-8")) == []


def test_bad_toml_is_one_problem_not_an_exception() -> None:
    found = deck_problems('team = "x\n[[offense]\n')
    assert len(found) == 1 and "TOML" in found[0]


@pytest.mark.parametrize("text", ["offense = 3", "offense = [1, 2]", 'playbook = "x"', "deck = 5"])
def test_malformed_structure_is_reported_not_raised(text: str) -> None:
    assert deck_problems(text)


def test_salary_cap() -> None:
    """Deck Building: "Each deck cannot exceed a $120 million salary cap"."""
    deck = valid_deck()
    deck["offense"][0]["salary"] = 15.5  # 110 - 5 + 15.5 = 120.5
    found = problems(deck)
    assert len(found) == 1
    assert "cap" in found[0] and "0.5" in found[0] and "#100" in found[0]
    deck["offense"][0]["salary"] = 15.0  # exactly 120 is within the cap
    assert problems(deck) == []


def test_offense_needs_eleven_cards() -> None:
    """Deck Building: "Choose 11 Offense cards"."""
    deck = valid_deck()
    deck["offense"].append(player(150, "WR", 0.1))
    found = problems(deck)
    assert any("Offense: 12 cards" in p and "#150" in p for p in found)


def test_offense_needs_each_position() -> None:
    """Deck Building: 1 QB, 1 RB, 1 TE, 2 WR, 2 T, 2 G, 1 C."""
    deck = valid_deck()
    deck["offense"][9]["position"] = "WR"  # the C becomes a third... fourth WR
    found = problems(deck)
    assert any("0 C" in p for p in found)


def test_offense_eleventh_player_is_a_skill_position() -> None:
    """Deck Building: "an 11th player from the following list of positions: RB, FB, TE, WR"."""
    deck = valid_deck()
    deck["offense"][10] = player(110, "QB")
    found = problems(deck)
    assert found == [p for p in found if "11th" in p] and "QB (#110" in found[0]
    deck["offense"][10] = player(110, "FB")
    assert problems(deck) == []


def test_defense_needs_eleven_cards_at_the_positions() -> None:
    """Deck Building: "2 DE, 1 DT, 3 LB, 2 CB, 2 S, and an 11th player at any position"."""
    deck = valid_deck()
    deck["defense"] = deck["defense"][:-2]  # drops a safety... and the spare LB
    found = problems(deck)
    assert any("Defense: 9 cards" in p for p in found)
    assert any("1 S" in p for p in found)
    deck = valid_deck()
    deck["defense"][10]["position"] = "CB"  # the 11th may be any position
    assert problems(deck) == []


def test_cards_must_be_of_their_unit() -> None:
    deck = valid_deck()
    deck["defense"][10]["position"] = "QB"
    found = problems(deck)
    assert any("#210" in p and "QB" in p for p in found)


def test_playbook_needs_twenty_four_cards() -> None:
    """Deck Building: "Choose 24 (or more) Playbook cards"."""
    deck = valid_deck()
    deck["playbook"] = deck["playbook"][:8] + deck["playbook"][12:20]
    found = problems(deck)
    assert any("16 cards" in p for p in found)


def test_playbook_needs_twelve_touchdowns() -> None:
    """Deck Building: "The deck must have at least 12 Touchdown cards"."""
    deck = valid_deck()
    deck["playbook"][0]["result"] = "Field Goal"
    found = problems(deck)
    assert any("11 Touchdown" in p for p in found)
    assert any("13 Field Goal" in p for p in found)


def test_half_the_playbook_is_field_goals_so_an_audible_needs_one_more() -> None:
    """Deck Building: "Half of your Playbook cards must be Field Goal cards. (Thus, adding an
    Audible card requires that you add an additional Field Goal card)"."""
    deck = valid_deck()
    deck["playbook"].append({"name": "Blitz", "result": "Audible"})
    found = problems(deck)
    assert len(found) == 1 and "12 Field Goal cards of 25" in found[0]
    deck["playbook"].append({"name": "Extra FG", "result": "Field Goal", "type": "Inside Run"})
    assert problems(deck) == []


def test_no_play_type_more_than_twice_another() -> None:
    """Deck Building: no type "can exceed the number of any other type by a factor of more than
    2-to-1"."""
    deck = valid_deck()
    # 6 of each type; make 9 Long Pass and 4 Inside Run... swap 2 Inside Run for Long Pass.
    swapped = 0
    for card in deck["playbook"]:
        if card["type"] == "Inside Run" and swapped < 2:
            card["type"] = "Long Pass"
            swapped += 1
    assert problems(deck) == []  # 8 against 4 is exactly 2 to 1
    for card in deck["playbook"]:
        if card["type"] == "Inside Run":
            card["type"] = "Long Pass"
            break
    found = problems(deck)
    assert len(found) == 1
    assert "9 Long Pass" in found[0] and "3 Inside Run" in found[0]


def test_every_broken_rule_is_listed_not_only_the_first() -> None:
    deck = valid_deck()
    deck["offense"][0]["salary"] = 50.0
    deck["defense"].pop()
    deck["playbook"] = deck["playbook"][:20]
    found = problems(deck)
    assert len(found) >= 4
    assert any("cap" in p for p in found)
    assert any("Defense: 10 cards" in p for p in found)
    assert any("20 cards" in p for p in found)


def test_unknown_results_types_and_salaries_are_named() -> None:
    deck = valid_deck()
    deck["playbook"][0]["result"] = "Safety"
    deck["playbook"][1]["type"] = "Trick Play"
    del deck["offense"][0]["salary"]
    found = problems(deck)
    assert any("Touchdown Inside Run 0" in p and "Safety" in p for p in found)
    assert any("Trick Play" in p for p in found)
    assert any("#100" in p and "needs a salary" in p for p in found)


def test_new_deck_sets_aside_bench_players_and_audibles() -> None:
    """Opening a New Deck: bench players (Player # 705 or higher) and Audible cards are set
    aside, so they do not count against the deck's rules."""
    deck = valid_deck()
    deck["offense"].append(player(705, "QB", 20.0))
    deck["playbook"].append({"name": "Blitz", "result": "Audible"})
    assert len(problems(deck)) == 4  # cap, 12 cards, extra QB, half field goals
    deck["deck"] = "new"
    assert problems(deck) == []
    deck["deck"] = "opened"
    assert len(problems(deck)) == 5


@pytest.mark.parametrize(
    ("card", "named"),
    [
        ('"x"', "offense = a list: expected [[offense]] tables, one per Offense card"),
        (
            '{number = "12", name = "A", position = "QB", salary = 5}',
            '[[offense]] 2 (A), number = "12": expected a number',
        ),
        (
            '{number = true, name = "A", position = "QB", salary = 5}',
            "[[offense]] 2 (A), number = true: expected a number",
        ),
        (
            '{number = 12.0, name = "A", position = "QB", salary = 5}',
            "[[offense]] 2 (A), number = 12.0: expected a whole number",
        ),
    ],
)
def test_a_malformed_card_refuses_the_file_in_one_line_naming_its_table_and_key(
    card: str, named: str
) -> None:
    """Deck files (docs/rulings.md, "Roster and deck files"): a card that is not a table or a
    Player # that is not a whole number is not a deck the rules can count; the file is refused
    in one line that names the table, the card and the key, and no rule is checked."""
    found = deck_problems(
        f'offense = [\n  {{number = 14, name = "C", position = "TE", salary = 5}},\n  {card},\n]\n'
    )
    assert len(found) == 1 and found[0].startswith(named), found
