"""Masters of the Gridiron: tests for the survivors of the complete (sampled) mutation run.

Each test is named for what it pins and cites the rulebook (rules/masters-of-the-gridiron.txt);
the survivors each one kills are listed in the Masters of the Gridiron section of
docs/mutation.md. Rules and rulings through the entry language a person types; the public view,
the prompts and the forms as the table reads them; deck files as `zebra roster check` reads them.
"""

from __future__ import annotations

from domain.ruleset import EntryForm
from domain.rulesets.gridironmasters import RULESET
from tests.domain.test_gridironmasters import attempt, game, stop_attempt
from tests.domain.test_gridironmasters_deck import problems, valid_deck
from tests.domain.test_gridironmasters_forms import card_form, form, offered, typed_form

# Rules -----------------------------------------------------------------------------------------


def test_a_home_team_two_point_conversion_counts_for_the_home_team() -> None:
    """Two-Point Conversions: "After scoring a touchdown (on offense or defense), the scoring team
    may elect to "Go for 2"": the +1 or -1 is the scoring team's, the home team's too."""
    for defence, home_score in ((69, 8), (70, 6)):
        g = game()
        stop_attempt(g)  # the Packers' attempt
        attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70")
        assert g.situation["score"] == {"home": 7, "away": 0}
        g.enter("two", "play td receiving coverage", "offense te receiving 70")
        g.enter(f"defense s coverage {defence}")
        assert g.situation["score"] == {"home": home_score, "away": 0}
        assert g.situation["slots"]["home"][0]["points"] == home_score


def test_a_home_defensive_touchdown_converted_counts_for_the_home_team() -> None:
    """Two-Point Conversions: "After scoring a touchdown (on offense or defense), the scoring team
    may elect to "Go for 2"" (Defensive Scoring: the Bears stop the Packers by 10 or more)."""
    g = game()
    kinds = attempt(
        g, "wr receiving 60", "play td receiving coverage", "cb coverage 70", "audible score 10 td"
    )
    assert kinds == ["stopped", "defensive_touchdown"]
    g.enter("two", "play td receiving coverage", "offense te receiving 70")
    g.enter("defense s coverage 60")
    assert g.situation["score"] == {"home": 8, "away": 0}


# Entry language --------------------------------------------------------------------------------


def test_keywords_have_their_short_forms() -> None:
    """Order of Play: "the offense chooses one player (an Offense card)"; "The defense responds by
    playing a Defense card", typed as `offence` / `defence`, the attempt ruled with `resolve` or
    `rule`, and the Two-Point Conversion's choice as `go2` or `no` (docs/entries.md)."""
    g = game()
    g.enter("offence wr receiving 80", "play td receiving coverage", "defence cb coverage 70")
    assert [r.kind for r in g.enter("resolve")] == ["touchdown"]
    assert g.enter("go2")[-1].data == {"choice": "two"}
    g = game()
    g.enter("offence wr receiving 80", "play td receiving coverage", "defence cb coverage 70")
    assert [r.kind for r in g.enter("rule")] == ["touchdown"]
    assert g.enter("no")[0].data == {"choice": "decline"}


def test_printed_names_may_be_typed_with_hyphens_or_underscores() -> None:
    """Order of Play: a play card printed "Long Pass", stopped by "Pass Rush", may be typed
    `long-pass` or `long_pass`, `pass-rush` or `pass_rush` (docs/entries.md)."""
    for typed in ("play td long-pass receiving pass-rush", "play td long_pass receiving pass_rush"):
        g = game()
        g.enter("offense wr receiving 80")
        play = g.enter(typed)[0]
        assert play.data["play_type"] == "longpass" and play.data["stops"] == ["passrush"]


def test_a_deck_file_names_its_cards_by_their_names() -> None:
    """Deck Building: a problem names the card by the name the deck file gives it."""
    deck = valid_deck()
    deck["offense"][0] = {"name": "Rodgers", "position": "QB"}
    assert any("Rodgers needs a salary" in p for p in problems(deck))


def test_a_deck_file_card_without_a_salary_counts_nothing_toward_the_cap() -> None:
    """Deck Building: "Each deck cannot exceed a $120 million salary cap"; a card whose salary
    is missing is named and adds nothing to the total ($119.5M with it is under the cap).
    A reading: the rulebook knows no card without a salary; the one problem named is the
    salary. (A salary that is not a number refuses the whole file: domain/rosterfiles.py.)"""
    deck = valid_deck()
    del deck["offense"][0]["salary"]
    deck["offense"][1]["salary"] = 14.5  # 20 x $5M + $14.5M = $114.5M ...
    deck["defense"][0]["salary"] = 10.0  # ... + $5M more = $119.5M
    found = problems(deck)
    assert len(found) == 1 and "needs a salary" in found[0]


def test_a_deck_file_without_a_playbook_has_no_playbook_cards() -> None:
    """Deck Building: "Choose 24 (or more) Playbook cards": a deck file with no [[playbook]]
    table has none."""
    deck = valid_deck()
    del deck["playbook"]
    found = problems(deck)
    assert "Playbook: 0 cards; a deck has at least 24" in found
    assert not any("is a list of cards" in p for p in found)


def test_a_deck_file_play_type_may_be_written_with_an_underscore() -> None:
    """Deck Building: the play types "Inside Run, Outside Run, Short Pass, Long Pass", also
    written `Long_Pass` or `Long-Pass` in a deck file."""
    deck = valid_deck()
    for card in deck["playbook"]:
        card["type"] = card["type"].replace(" ", "_")
    assert problems(deck) == []
    for card in deck["playbook"]:
        card["type"] = card["type"].replace("_", "-")
    assert problems(deck) == []


# The rulings' facts ----------------------------------------------------------------------------


def test_the_rulings_carry_the_cards_the_play_and_the_ratings() -> None:
    """Order of Play: the offence announces "The numerical rating" and the defence "the relevant
    player rating"; the rulings carry the cards, the play as printed (its type; a bonus of 0 when
    it prints none) and the two ratings."""
    g = game()
    assert g.enter("card away 87 nelson wr receiving 84")[0].data["card"] == {
        "number": 87,
        "name": "nelson",
        "position": "wr",
        "ratings": {"receiving": 84},
    }
    g.enter("offense 87")
    play = g.enter("play td inside run receiving coverage")[0]
    assert play.data["play_type"] == "insiderun" and play.data["bonus"] == 0
    defender = g.enter("defense cb coverage 70")[0]
    assert defender.data == {
        "card": {"number": None, "name": "", "position": "cb", "ratings": {"coverage": 70}},
        "rating": 70,
    }
    touchdown = g.enter("done")[0]
    assert touchdown.kind == "touchdown" and touchdown.data == {"offense": 84, "defense": 70}


def test_a_stopped_attempt_and_a_defensive_score_carry_the_ratings_and_margin() -> None:
    """Order of Play: "If the defensive rating equals or exceeds the offensive rating, the scoring
    attempt is stopped"; Defensive Scoring: "Some Audible cards allow the defense to score if they
    satisfy certain conditions (such as stopping the offense by 10 or more points)"."""
    g = game()
    g.enter("offense wr receiving 60", "play td receiving coverage", "defense cb coverage 72")
    assert g.enter("audible score 10 td")[0].data == {
        "modifier": 0,
        "margin": 10,
        "result": "touchdown",
    }
    stopped, score = g.enter("done")
    assert stopped.kind == "stopped" and stopped.data == {"offense": 60, "defense": 72}
    assert score.kind == "defensive_touchdown" and score.data == {"margin": 12}


# The public view -------------------------------------------------------------------------------


def test_the_situation_shows_whose_turn_it_is() -> None:
    """Order of Play: "The visiting team starts on offense"; "Play continues, with the offensive
    player alternating"; the view's turn shows it, attempt by attempt."""
    g = game()
    assert g.situation["turn"] == {
        "offense": "away",
        "attempt": 1,
        "period": "regulation",
        "converting": False,
        "phase": "call",
    }
    stop_attempt(g)
    assert g.situation["turn"] == {
        "offense": "home",
        "attempt": 2,
        "period": "regulation",
        "converting": False,
        "phase": "call",
    }


def test_the_situation_counts_overtime_attempts_only_in_overtime() -> None:
    """Overtime: "If the game ends in a tie, proceed to overtime"; the clock counts overtime's
    attempts (0 in regulation), and the overtime rule is shown only in overtime."""
    g = game()
    stop_attempt(g)
    assert g.situation["clock"]["overtime_attempts"] == 0
    assert g.situation["overtime_rule"] is None
    for _ in range(17):
        stop_attempt(g)
    assert g.situation["clock"]["overtime_attempts"] == 0
    stop_attempt(g)  # the Bears' first overtime attempt, stopped
    assert g.situation["clock"]["overtime_attempts"] == 1
    assert g.situation["overtime_rule"] == "open"


def test_the_situation_shows_a_conversion_from_the_touchdown_to_its_end() -> None:
    """Two-Point Conversions: "After scoring a touchdown ... the scoring team may elect to "Go for
    2"": the view shows the conversion pending from the touchdown on, and the hands replenished
    ("Each team draws cards to replenish their hand")."""
    g = game()
    assert g.situation["converting"] is False
    attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70")
    s = g.situation
    assert s["converting"] is True
    full = {"offense": 3, "defense": 3, "playbook": 4}
    assert s["hands"] == {"home": full, "away": full}
    g.enter("decline")
    assert g.situation["converting"] is False


def test_the_final_situation_and_prompt_have_nobody_to_act() -> None:
    """End of Game: "The game ends after each player has filled all nine (9) "scoring play"
    spots"; then nobody acts and no conversion is pending."""
    g = game()
    attempt(g, "qb passing 80", "play fg passing pass rush", "de pass rush 60")
    for _ in range(17):
        stop_attempt(g)
    assert g.situation["finished"]
    assert g.situation["converting"] is False
    assert g.situation["turn"]["converting"] is False
    assert RULESET.expected(g.state).actor == "nobody"


def test_a_defensive_score_is_shown_beside_with_its_attempt_and_ratings() -> None:
    """Defensive Scoring: "Successful defensive scoring plays can be placed to the side": the
    Bears' defensive touchdown on the first attempt, with both ratings, and nothing beside the
    Packers' slots."""
    g = game()
    attempt(
        g, "wr receiving 60", "play td receiving coverage", "cb coverage 70", "audible score 10 td"
    )
    g.enter("decline")
    s = g.situation
    assert s["defensive_scores"] == {
        "home": [
            {
                "attempt": 1,
                "result": "touchdown",
                "points": 7,
                "conversion": None,
                "offense_rating": 60,
                "defense_rating": 70,
            }
        ],
        "away": [],
    }
    assert s["slots"]["home"] == [None] * 9


# The prompts and forms ---------------------------------------------------------------------------


def _slot_kinds(f: EntryForm) -> list[tuple[str, str, str | None]]:
    return [(s.label, s.kind, s.side) for s in f.slots]


def test_the_audible_discard_form_offers_one_to_four_cards() -> None:
    """Order of Play (Summary): "Offense discards any undesired Audible Cards, and draws from his
    Playbook deck until he has four (4) Playbook cards": 1 to 4, a number the offence types."""
    g = game()
    discard = form(g, "discard", "Audibles discarded")
    assert _slot_kinds(discard) == [("Audibles discarded", "number", "away")]
    assert [discard.offers([], n) for n in (0, 1, 4, 5)] == [False, True, True, False]


def test_the_defence_audible_forms_are_the_defences() -> None:
    """Order of Play (Summary): "[Optional] Defense plays 1 or more Audible Cards"."""
    g = game()
    g.enter("offense wr receiving 60", "play td receiving coverage", "defense cb coverage 70")
    assert form(g, "audible", "rating change").slots[0].side == "home"
    margin = form(g, "audible score", "margin")
    assert _slot_kinds(margin) == [("margin", "number", "home"), ("td or fg", "word", "home")]


def test_the_typed_card_forms_are_the_coachs_with_ratings_from_1_to_99() -> None:
    """The Player Card: "his position, and his ratings"; each form slot is the coach's, and a
    rating is offered from 1 to 99 (the first and the second)."""
    g = game()
    two = typed_form(g, "offense", ratings=2)
    assert _slot_kinds(two) == [
        ("position", "word", "away"),
        ("rating", "word", "away"),
        ("value", "number", "away"),
        ("rating 2", "word", "away"),
        ("value 2", "number", "away"),
    ]
    assert [two.offers(["wr", "receiving"], v) for v in (0, 1, 99, 100)] == [
        False,
        True,
        True,
        False,
    ]
    assert [two.offers(["wr", "receiving", "60", "redzone"], v) for v in (0, 1, 99)] == [
        False,
        True,
        True,
    ]
    g.enter(offered(two, ["wr", "receiving", "1", "redzone", "1"]))


def test_the_play_forms_offer_what_a_playbook_card_prints() -> None:
    """Order of Play: a Playbook card "labeled "Touchdown" or "Field Goal"", its type, ratings,
    a bonus (from none, 0) for a position, and the ratings that stop it; the short form adds the
    printed parts where the card reads them."""
    g = game()
    g.enter("offense rb rushing 80")
    full = form(g, "play", "td or fg", "play type")
    assert [(s.label, s.kind) for s in full.slots] == [
        ("td or fg", "word"),
        ("play type", "word"),
        ("offence rating", "word"),
        ("offence rating 2", "word"),
        ("bonus", "number"),
        ("bonus position", "word"),
        ("stopped by", "word"),
        ("stopped by 2", "word"),
    ]
    assert full.slots[0].words == ("td", "fg")
    bonus = full.slots[4]
    assert [bonus.holds(v) for v in (-1, 0, 30, 31)] == [False, True, True, False]
    short = form(g, "play", "td or fg", "offence rating")
    assert [(e.label, [s.label for s in e.slots]) for e in short.extras] == [
        ("play type", ["play type"]),
        ("second rating", ["offence rating 2"]),
        ("bonus", ["bonus", "bonus position"]),
        ("second stop", ["stopped by 2"]),
    ]
    text = short.compose(
        ["fg", "rushing", "rundefense"],
        {0: ["insiderun"], 1: ["goalline"], 2: ["0", "rb"], 3: ["passrush"]},
    )
    assert text == "play fg insiderun rushing goalline 0 rb rundefense passrush"
    play = g.enter(text)[0]
    assert play.data["play_type"] == "insiderun" and play.data["stops"] == [
        "rundefense",
        "passrush",
    ]


def test_the_roster_card_form_offers_a_name_and_up_to_eight_ratings() -> None:
    """The Player Card: a card shows "his position, and his ratings" (Zebra takes up to eight)
    and a Player # from 1; the name goes before the position, as the entry reads it."""
    g = game()
    card = card_form(g, "Offense")
    assert [(s.label, s.kind) for s in card.slots] == [
        ("team", "word"),
        ("Player #", "number"),
        ("Offense position", "word"),
        ("Offense rating", "word"),
        ("value", "number"),
    ]
    assert [card.offers(["home"], n) for n in (0, 1, 999)] == [False, True, True]
    assert [card.offers(["home", "1", "te", "receiving"], v) for v in (0, 1, 99)] == [
        False,
        True,
        True,
    ]
    assert [e.label for e in card.extras] == ["name", *(f"rating {n}" for n in range(2, 9))]
    assert [(s.label, s.kind) for s in card.extras[0].slots] == [("name", "text")]
    second = card.extras[1].slots
    assert [(s.label, s.kind) for s in second] == [
        ("Offense rating 2", "word"),
        ("value 2", "number"),
    ]
    assert [second[1].holds(v) for v in (0, 1, 99, 100)] == [False, True, True, False]
    text = card.compose(["home", "1", "te", "receiving", "1"], {0: ["finley"], 1: ["redzone", "1"]})
    assert text == "card home 1 finley te receiving 1 redzone 1"
    assert g.enter(text)[0].data["card"] == {
        "number": 1,
        "name": "finley",
        "position": "te",
        "ratings": {"receiving": 1, "redzone": 1},
    }


def test_every_slot_and_extra_of_every_prompt_has_a_label() -> None:
    """Order of Play: what each coach enters is named on the form, through a whole attempt."""
    g = game()
    seen = 0
    for text in (
        "offense wr receiving 80",
        "play td receiving coverage",
        "defense cb coverage 70",
        "done",
    ):
        for f in RULESET.expected(g.state).forms:
            labels = [s.label for s in f.slots]
            labels += [e.label for e in f.extras]
            labels += [s.label for e in f.extras for s in e.slots]
            assert all(isinstance(x, str) and x for x in labels), (f.keyword, labels)
            seen += 1
        g.enter(text)
    assert seen > 10
