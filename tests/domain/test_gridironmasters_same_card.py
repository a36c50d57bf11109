"""Masters of the Gridiron: another card printed like one on the discard pile (issue #27).

Order of Play: every Offense and Defense card played goes to its discard pile; Deck Building
combines "cards from different decks", so a deck may hold two cards printed the same. With a deck
file (its cards entered as ``deck`` entries at set-up) the deck's count bounds how many may be
played; without one, the second is asked once: "another card printed the same? yes|no". Each
test types the entries as a person would (rules/masters-of-the-gridiron.txt).
"""

from __future__ import annotations

from domain.rulesets.gridironmasters import RULESET, roster_entries
from tests.domain.scripts import EXAMPLES, Played
from tests.domain.test_gridironmasters import game, refused, stop_attempt

TE = "te redzone 72"
PLAY = "play td redzone coverage"


def first_attempt(g: Played, card: str = TE) -> None:
    """The Packers' first attempt with ``card``, stopped; then the Bears' attempt."""
    g.enter(f"offense {card}", PLAY, "defense cb coverage 90", "done")
    stop_attempt(g)


def keywords(g: Played) -> list[str]:
    return [f.keyword for f in RULESET.expected(g.state).forms]


# Without a deck file: asked once ------------------------------------------------------------


def test_second_card_printed_the_same_is_asked_not_refused() -> None:
    g = game()
    first_attempt(g)
    assert [r.kind for r in g.enter(f"offense {TE}")] == ["same_card_asked"]
    prompt = RULESET.expected(g.state)
    assert "another card printed the same? yes|no" in prompt.text
    assert keywords(g) == ["same"]
    assert g.state.player is None
    kinds = [r.kind for r in g.enter("same yes")]
    assert kinds == ["same_card", "offense_player"]
    assert g.state.player is not None and g.state.player.position == "te"
    g.enter(PLAY, "defense cb coverage 91", "done")
    stop_attempt(g)
    # The answer is remembered for that printed card: a third is not asked again.
    assert [r.kind for r in g.enter(f"offense {TE}")] == ["offense_player"]


def test_answered_no_the_card_is_not_played_and_nothing_else_changes() -> None:
    g = game()
    first_attempt(g)
    before = g.state
    g.enter(f"offense {TE}")
    assert [r.kind for r in g.enter("same no")] == ["same_card"]
    assert g.state == before
    assert "same" not in keywords(g) and "play" in keywords(g)
    # "no" is not remembered: the same card typed again is asked again.
    assert [r.kind for r in g.enter(f"offense {TE}")] == ["same_card_asked"]


def test_the_answer_as_a_bare_yes_or_no_and_bad_answers_refused() -> None:
    g = game()
    first_attempt(g)
    g.enter(f"offense {TE}")
    assert "yes or no" in refused(g, "same maybe")
    assert "not due" in refused(g, PLAY)
    assert "not due" in refused(g, "offense te redzone 73")
    assert [r.kind for r in g.enter("yes")] == ["same_card", "offense_player"]
    h = game()
    first_attempt(h)
    h.enter(f"offense {TE}")
    assert [r.kind for r in h.enter("no")] == ["same_card"]


def test_a_roster_card_by_number_and_a_defense_card_are_asked_too() -> None:
    g = game()
    g.enter("card away 88 finley te redzone 72")
    g.enter("offense 88", PLAY, "defense cb coverage 90", "done")
    stop_attempt(g)
    assert [r.kind for r in g.enter("offense finley")] == ["same_card_asked"]
    g.enter("same yes", PLAY)
    # The Bears' CB coverage 90 is on their discard pile.
    assert [r.kind for r in g.enter("defense cb coverage 90")] == ["same_card_asked"]
    assert RULESET.expected(g.state).actor == "home"
    assert [r.kind for r in g.enter("same yes")] == ["same_card", "defense_player"]


def test_the_pad_offers_the_question_and_a_card_on_the_pile() -> None:
    """The tablet composes entries from the prompt's forms: the card on the discard pile is a
    button (it asks), and the question is a form of two words."""
    g = game()
    first_attempt(g)
    one = next(
        f
        for f in RULESET.expected(g.state).forms
        if f.keyword == "offense" and [s.label for s in f.slots] == ["position", "rating", "value"]
    )
    assert one.offers(["te", "redzone"], 72)
    g.enter(one.compose(["te", "redzone", 72]))
    (same,) = RULESET.expected(g.state).forms
    assert same.choices([]) == ("yes", "no")
    g.enter(same.compose(["yes"]))
    assert g.state.player is not None


# With a deck file: the deck's count bounds it ------------------------------------------------


def deck_game(copies: int) -> Played:
    g = game()
    for _ in range(copies):
        g.enter("deck away 83 martellus bennett te")
    g.enter("deck away 15 brandon marshall wr")
    return g


def test_deck_holding_two_lets_the_second_be_played_without_asking() -> None:
    g = deck_game(2)
    first_attempt(g, f"83 {TE}")
    assert [r.kind for r in g.enter("offense 83")] == ["offense_player"]
    g.enter(PLAY, "defense cb coverage 91", "done")
    stop_attempt(g)
    # One over the deck's count: refused in one line, nothing changed.
    message = refused(g, "offense 83")
    assert "deck holds 2" in message and "#83" in message


def test_deck_holding_one_refuses_the_second() -> None:
    g = deck_game(1)
    first_attempt(g, f"83 {TE}")
    message = refused(g, "offense 83")
    assert "deck holds 1" in message and "discard pile" in message


def test_deck_bounds_a_card_typed_without_number_by_its_position() -> None:
    """The deck file lists no ratings: a card typed by position and ratings alone is one of the
    deck's cards at that position, so their count bounds it."""
    g = deck_game(1)
    first_attempt(g)
    assert "deck holds 1 TE" in refused(g, f"offense {TE}")
    h = deck_game(2)
    first_attempt(h)
    assert [r.kind for r in h.enter(f"offense {TE}")] == ["offense_player"]


def test_a_card_the_deck_does_not_hold_is_asked_as_without_a_deck() -> None:
    g = deck_game(1)
    first_attempt(g, "rb rushing 70")
    assert [r.kind for r in g.enter("offense rb rushing 70")] == ["same_card_asked"]


def test_deck_cards_are_entered_at_set_up_only() -> None:
    g = game()
    assert "deck" in keywords(g)
    assert [r.kind for r in g.enter("deck away 83 martellus bennett te")] == ["deck_card"]
    assert "a deck card needs" in refused(g, "deck away martellus bennett te")
    g.enter(f"offense {TE}")
    assert "deck" not in keywords(g)
    assert "not due" in refused(g, "deck away 83 martellus bennett te")
    # A card entered into a roster ends the set-up too (the deck file's entries come first).
    h = game()
    h.enter("card away 88 finley te redzone 72")
    assert "not due" in refused(h, "deck away 83 martellus bennett te")


def test_overtime_refills_the_decks_and_keeps_the_answer() -> None:
    """Overtime: "Refill your Offense and Defense decks with your discard piles": the cards
    return to the decks; what the table said of a printed card stays said."""
    g = game()
    first_attempt(g)
    g.enter(f"offense {TE}", "same yes", PLAY, "defense cb coverage 91", "done")
    for _ in range(15):
        stop_attempt(g)
    assert g.state.period == "overtime"
    stop_attempt(g)
    assert [r.kind for r in g.enter(f"offense {TE}")] == ["offense_player"]
    g.enter(PLAY, "defense cb coverage 92", "done")
    stop_attempt(g)
    assert [r.kind for r in g.enter(f"offense {TE}")] == ["offense_player"]


def test_a_deck_file_gives_one_deck_entry_per_card() -> None:
    """Deck Building: the deck file's 11 Offense and 11 Defense cards are the set-up entries, so
    the game counts them from its entries alone."""
    text = (EXAMPLES / "gridironmasters-deck.toml").read_text("utf-8")
    entries = roster_entries(text, "away")
    assert len(entries) == 22 and entries[0] == "deck away 6 Jay Cutler qb"
    g = game()
    g.enter(*entries)
    assert len(g.state.decks) == 22 and {r.kind for r in g.rulings} == {"deck_card"}
    # Two copies of a card are two entries (a QB as the 11th player would break the deck's
    # rules, so the second Cutler here is listed as a WR, as a test of the count alone).
    twice = text.replace("number = 710", "number = 6").replace("Earl Bennett", "Jay Cutler")
    copies = [e for e in roster_entries(twice, "away") if e.startswith("deck away 6 Jay Cutler")]
    assert len(copies) == 2
