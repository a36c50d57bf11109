"""Masters of the Gridiron thresholds, each pinned on both sides of its boundary.

One test per threshold, named for the rule (rules/masters-of-the-gridiron.txt), through the entry
language (and, for Deck Building, through the deck file `zebra roster check` reads). Each was
checked to fail when its comparison or number is moved by one in a copy of the ruleset (the list
is in the Masters of the Gridiron section of docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.gridironmasters import RULESET
from tests.domain.test_gridironmasters import attempt, game, refused, stop_attempt
from tests.domain.test_gridironmasters_deck import player, problems, valid_deck

# The offence's rating ----------------------------------------------------------------------


def test_offence_scores_only_when_its_rating_is_higher() -> None:
    """Order of Play: "If the offensive rating is higher, the offense scores ... If the defensive
    rating equals or exceeds the offensive rating, the scoring attempt is stopped"."""
    g = game()
    assert attempt(g, "wr receiving 71", "play td receiving coverage", "cb coverage 70") == [
        "touchdown"
    ]
    g = game()
    assert attempt(g, "wr receiving 70", "play td receiving coverage", "cb coverage 70") == [
        "stopped"
    ]


def test_two_point_conversion_needs_a_higher_rating() -> None:
    """Two-Point Conversions: "If the scoring play succeeds ... "+1" ... If the play is stopped
    ... "-1"" (succeeding as in any attempt: a higher offensive rating)."""
    for defence, change in ((69, 1), (70, -1)):
        g = game()
        attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70")
        g.enter("two", "play td receiving coverage", "offense te receiving 70")
        g.enter(f"defense s coverage {defence}")
        assert g.situation["score"]["away"] == 7 + change


def test_defensive_score_needs_the_whole_margin() -> None:
    """Defensive Scoring: "stopping the offense by 10 or more points"."""
    g = game()
    kinds = attempt(
        g, "wr receiving 60", "play td receiving coverage", "cb coverage 70", "audible score 10 td"
    )
    assert kinds == ["stopped", "defensive_touchdown"]
    g = game()
    kinds = attempt(
        g, "wr receiving 61", "play td receiving coverage", "cb coverage 70", "audible score 10 td"
    )
    assert kinds == ["stopped"]


def test_the_highest_listed_rating_counts() -> None:
    """Order of Play: "If more than one rating is listed, choose the highest one"; the defence
    announces "Pass Rush or Coverage rating (whichever is higher)"."""
    g = game()
    g.enter("offense wr receiving 70 redzone 71", "play td receiving redzone coverage passrush")
    assert g.last[-1].data["rating"] == 71
    g.enter("defense lb passrush 71 coverage 70")
    assert g.last[-1].data["rating"] == 71
    assert [r.kind for r in g.enter("done")] == ["stopped"]


# Game length ------------------------------------------------------------------------------------


def test_game_ends_after_nine_scoring_plays_a_side() -> None:
    """End of Game: "The game ends after each player has filled all nine (9) "scoring play"
    spots"."""
    g = game()
    attempt(g, "qb passing 80", "play fg passing pass rush", "de pass rush 60")
    for _ in range(16):
        stop_attempt(g)
    assert g.situation["clock"]["slots_filled"] == {"home": 8, "away": 9}
    assert not g.situation["finished"]
    stop_attempt(g)
    assert g.situation["finished"] and g.situation["winner"] == "away"


def test_overtime_field_goal_exception_only_on_the_first_possession() -> None:
    """Overtime: "if you begin overtime on offense and score a field goal, your opponent is
    allowed one more scoring attempt" — the home team's first possession only."""
    g = game()
    for _ in range(18):
        stop_attempt(g)
    kinds = attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    assert kinds == ["field_goal", "overtime_rule"]
    g = game()
    for _ in range(20):
        stop_attempt(g)
    kinds = attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    assert kinds == ["field_goal", "final"]


# Hands and printed values -------------------------------------------------------------------------


def test_hands_of_three_offense_three_defense_four_playbook() -> None:
    """Order of Play: "Each side draws 3 Offense cards, 3 Defense cards and 4 Playbook cards,
    creating a 10-card hand"."""
    hands = game().situation["hands"]
    assert hands["away"] == hands["home"] == {"offense": 3, "defense": 3, "playbook": 4}


def test_audibles_discarded_at_most_the_four_playbook_cards() -> None:
    """Order of Play (Summary): "Offense discards any undesired Audible Cards, and draws ...
    until he has four (4) Playbook cards"."""
    g = game()
    g.enter("discard 4")
    assert "1 to 4" in refused(g, "discard 5")
    assert "1 to 4" in refused(g, "discard 0")


def test_ratings_are_printed_from_1_to_99() -> None:
    """The Player Card: two-digit ratings (1 to 99 taken)."""
    g = game()
    assert "1 to 99" in refused(g, "offense wr receiving 100")
    assert "1 to 99" in refused(g, "offense wr receiving 0")
    g.enter("offense wr receiving 99")


def test_audible_and_play_bonus_up_to_thirty() -> None:
    """Audible Cards and Playbook bonuses ("adds +8"): printed values up to 30 are taken."""
    g = game()
    assert "30" in refused(g, "play td receiving +31 wr coverage")
    g.enter("play td receiving +30 wr coverage", "offense wr receiving 60")
    assert "30" in refused(g, "audible +31")
    assert "30" in refused(g, "audible -31")
    g.enter("audible +30", "audible -30")


def test_player_numbers_up_to_999() -> None:
    """The Player Card: its "Player #" (bench players from 705; three digits taken)."""
    g = game()
    assert "1 to 999" in refused(g, "card home 1000 smith wr receiving 60")
    g.enter("card home 999 smith wr receiving 60")


def test_a_card_prints_at_most_eight_ratings() -> None:
    """The Player Card: "his ratings" — every offensive rating at once is taken, nine are not
    (an Offense card has seven rating names, so eight can only repeat one)."""
    g = game()
    every = "runblock 1 passblock 2 rushing 3 goalline 4 receiving 5 redzone 6 passing 7"
    assert "at most 8" in refused(g, f"offense te {every} runblock 8 passblock 9")
    assert "twice" in refused(g, f"offense te {every} runblock 8")
    g.enter(f"offense te {every}")


# Deck Building ----------------------------------------------------------------------------------


def _with(problems_found: list[str], needle: str) -> bool:
    return any(needle in p for p in problems_found)


def test_deck_salary_cap_is_120_million() -> None:
    """Deck Building: "Each deck cannot exceed a $120 million salary cap"."""
    deck = valid_deck()
    deck["offense"][0]["salary"] = 15.0  # exactly 120
    assert problems(deck) == []
    deck["offense"][0]["salary"] = 15.1
    assert _with(problems(deck), "cap")


def test_deck_has_eleven_offense_cards() -> None:
    """Deck Building: "Choose 11 Offense cards"."""
    deck = valid_deck()
    assert not _with(problems(deck), "Offense: ")
    deck["offense"].append(player(150, "WR", 0.1))
    assert _with(problems(deck), "Offense: 12 cards")
    deck = valid_deck()
    deck["offense"].pop()
    assert _with(problems(deck), "Offense: 10 cards")


def test_deck_has_eleven_defense_cards() -> None:
    """Deck Building: "Choose 11 Defense cards"."""
    deck = valid_deck()
    deck["defense"].append(player(250, "LB", 0.1))
    assert _with(problems(deck), "Defense: 12 cards")
    deck = valid_deck()
    deck["defense"].pop()
    assert _with(problems(deck), "Defense: 10 cards")


def test_deck_positions_are_counted_to_the_card() -> None:
    """Deck Building: "2 wide receivers (WR), 2 tackles (T) ..."; "2 defensive ends (DE) ..."."""
    deck = valid_deck()
    deck["offense"][10]["position"] = "TE"  # two WR left: still enough
    assert problems(deck) == []
    deck["offense"][4]["position"] = "TE"  # one WR
    assert _with(problems(deck), "1 WR; a deck needs 2 WR")
    deck = valid_deck()
    deck["defense"][1]["position"] = "LB"  # one DE
    assert _with(problems(deck), "1 DE; a deck needs 2 DE")


def _plays(touchdowns: int, field_goals: int, audibles: int = 0) -> list[dict[str, Any]]:
    types = ["Inside Run", "Outside Run", "Short Pass", "Long Pass"]
    cards: list[dict[str, Any]] = []
    for result, n in (("Touchdown", touchdowns), ("Field Goal", field_goals)):
        cards += [
            {"name": f"{result} {i}", "result": result, "type": types[i % 4]} for i in range(n)
        ]
    return cards + [{"name": f"Audible {i}", "result": "Audible"} for i in range(audibles)]


def test_deck_has_at_least_24_playbook_cards() -> None:
    """Deck Building: "Choose 24 (or more) Playbook cards"."""
    deck = valid_deck()
    deck["playbook"] = _plays(12, 12)
    assert problems(deck) == []
    deck["playbook"] = _plays(12, 11)
    assert _with(problems(deck), "Playbook: 23 cards; a deck has at least 24")


def test_deck_has_at_least_12_touchdown_cards() -> None:
    """Deck Building: "The deck must have at least 12 "Touchdown" cards"."""
    deck = valid_deck()
    deck["playbook"] = _plays(12, 13, audibles=1)
    assert problems(deck) == []
    deck["playbook"] = _plays(11, 12, audibles=1)
    assert problems(deck) == [
        "Playbook: 11 Touchdown cards; a deck has at least 12",
    ]


def test_deck_is_half_field_goal_cards() -> None:
    """Deck Building: "Half of your Playbook cards must be "Field Goal" cards"."""
    deck = valid_deck()
    deck["playbook"] = _plays(13, 13)
    assert problems(deck) == []
    deck["playbook"] = _plays(13, 14)
    assert _with(problems(deck), "14 Field Goal cards of 27")
    deck["playbook"] = _plays(14, 13)
    assert _with(problems(deck), "13 Field Goal cards of 27")


def test_deck_play_types_within_two_to_one() -> None:
    """Deck Building: no type may "exceed the number of any other type by a factor of more than
    2-to-1"."""
    deck = valid_deck()
    swapped = 0
    for card in deck["playbook"]:
        if card["type"] == "Inside Run" and swapped < 2:
            card["type"] = "Long Pass"  # 8 Long Pass, 4 Inside Run
            swapped += 1
    assert problems(deck) == []
    next(c for c in deck["playbook"] if c["type"] == "Outside Run")["type"] = "Long Pass"
    assert _with(problems(deck), "9 Long Pass plays exceed the 4 Inside Run")


def test_deck_play_type_with_no_plays_is_exceeded_by_any_other() -> None:
    """Deck Building: a type with no plays at all is exceeded "by a factor of more than 2-to-1"
    by any type that has one; with one of each type, none is."""
    deck = valid_deck()
    deck["playbook"] = [
        {"name": f"Play {t}", "result": "Touchdown", "type": t}
        for t in ("Inside Run", "Outside Run", "Short Pass")
    ]
    assert _with(problems(deck), "1 Inside Run plays exceed the 0 Long Pass")
    deck["playbook"].append({"name": "Play Long Pass", "result": "Touchdown", "type": "Long Pass"})
    assert not _with(problems(deck), "plays exceed")


@pytest.mark.parametrize(("unit", "position"), [("offense", "QB"), ("defense", "LB")])
def test_new_deck_sets_aside_players_from_705(unit: str, position: str) -> None:
    """Opening a New Deck: "Bench players (players with a "Player #" of 705 or higher)", on
    offence and on defence."""
    deck = valid_deck()
    deck["deck"] = "new"
    deck[unit].append(player(705, position))
    assert problems(deck) == []
    deck[unit][-1] = player(704, position)
    assert _with(problems(deck), f"{unit.title()}: 12 cards")


def test_playbook_count_up_to_sixty() -> None:
    """Deck files: a card's `count` (a deck of 24 or more Playbook cards, counts 1 to 60)."""
    deck = valid_deck()
    deck["playbook"] = [{"name": "Dive", "result": "Touchdown", "type": "Inside Run", "count": 60}]
    assert not _with(problems(deck), "count")
    for count in (61, 0):
        deck["playbook"][0]["count"] = count
        found = problems(deck)
        assert found == [
            f"[[playbook]] 1 (Dive), count = {count}: out of range; expected how many copies, "
            "1 to 60"
        ]


def test_prompt_offers_the_roster_cards_still_in_hand() -> None:
    """Order of Play: a roster card on the discard pile is no longer offered by number (its deck
    file holds no other)."""
    g = game()
    g.enter("deck away 88 finley te", "deck away 87 nelson wr")
    g.enter("card away 88 finley te red zone 72", "card away 87 nelson wr receiving 84")
    offered = [f for f in RULESET.expected(g.state).forms if f.slots and f.slots[0].words]
    assert offered[0].slots[0].words == ("88", "87")
    attempt(g, "88", "play td redzone coverage", "cb coverage 80")
    stop_attempt(g)
    offered = [f for f in RULESET.expected(g.state).forms if f.slots and f.slots[0].words]
    assert offered[0].slots[0].words == ("87",)
