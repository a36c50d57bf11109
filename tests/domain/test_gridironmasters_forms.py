"""Masters of the Gridiron: the entry forms offer only what the rules accept.

The tablet builds an entry from the prompt's forms, one offered value at a time; a value the rules
would then refuse is a button that cannot be pressed. Each rule that makes a value illegal is
tested on both sides, through the entry language: the legal value is offered and accepted, the
illegal one is not offered and, typed anyway, refused with one clear line
(rules/masters-of-the-gridiron.txt).
"""

from __future__ import annotations

from domain.ruleset import EntryForm
from domain.rulesets.gridironmasters import RULESET
from tests.domain.scripts import Played
from tests.domain.test_gridironmasters import attempt, game, refused, stop_attempt


def form(g: Played, keyword: str, *labels: str) -> EntryForm:
    """The form of the prompt with this keyword whose slots start with these labels."""
    found = [
        f
        for f in RULESET.expected(g.state).forms
        if f.keyword == keyword and tuple(s.label for s in f.slots[: len(labels)]) == labels
    ]
    assert found, f"no {keyword} form with slots {labels}"
    return found[0]


def card_form(g: Played, unit: str) -> EntryForm:
    return form(g, "card", "team", "Player #", f"{unit} position")


def typed_form(g: Played, keyword: str, ratings: int) -> EntryForm:
    """The form of a card typed by position and one or two ratings."""
    labels = ("position", "rating", "value", "rating 2", "value 2")[: 1 + 2 * ratings]
    return next(
        f
        for f in RULESET.expected(g.state).forms
        if f.keyword == keyword and tuple(s.label for s in f.slots) == labels
    )


def offered(f: EntryForm, values: list[str]) -> str:
    """The entry composed from ``values``, each checked to be offered after the ones before."""
    for i, value in enumerate(values):
        assert f.offers(values[:i], value), f"{value!r} not offered after {values[:i]}"
    return f.compose(list(values))


# The Player Card: each rating printed once ----------------------------------------------------


def test_two_rating_card_does_not_offer_its_first_rating_again() -> None:
    """The Player Card shows "his ratings" (Run Blocking, Pass Blocking, Rushing, ...), each once:
    a card given the same rating twice is refused, so the second rating offers the others."""
    g = game()
    two = typed_form(g, "offense", ratings=2)
    after = ["wr", "receiving", "60"]
    assert "receiving" not in two.choices(after)
    assert set(two.choices(after)) == {
        "runblock",
        "passblock",
        "rushing",
        "goalline",
        "redzone",
        "passing",
    }
    assert "Receiving was given twice" in refused(g, "offense wr receiving 60 receiving 50")
    g.enter(offered(two, [*after, "redzone", "55"]))
    assert g.last[-1].data["card"]["ratings"] == {"receiving": 60, "redzone": 55}


def test_defence_two_rating_card_does_not_offer_its_first_rating_again() -> None:
    """The Player Card: a Defense card prints Pass Rush once too."""
    g = game()
    g.enter("offense wr receiving 60", "play td receiving passrush coverage")
    two = typed_form(g, "defense", ratings=2)
    assert not two.offers(["de", "passrush", "70"], "passrush")
    assert "Pass Rush was given twice" in refused(g, "defense de passrush 70 passrush 60")
    g.enter(offered(two, ["de", "passrush", "70", "coverage", "40"]))
    assert g.last[-1].data["rating"] == 70


# The Player Card: a Player # picks one roster card ------------------------------------------------


def test_card_form_does_not_offer_a_player_number_already_in_that_teams_roster() -> None:
    """The Player Card: a card is entered into a team's roster once and chosen by its Player #
    later, so a second card under a # already in that roster is refused, and not offered; the
    same # is free in the other team's roster, and the next # in the same one."""
    g = game()
    g.enter("card home 68 smith te redzone 72")
    offense = card_form(g, "Offense")
    assert not offense.offers(["home"], 68)
    assert not offense.offers(["home"], "068")
    assert "68" not in offense.choices(["home"])
    assert not card_form(g, "Defense").offers(["home"], 68)
    assert "Bears already have card #68" in refused(g, "card home 68 te receiving 60")
    g.enter(offered(offense, ["home", "69", "te", "receiving", "60"]))
    g.enter(offered(offense, ["away", "68", "wr", "receiving", "61"]))
    assert [c.number for c in g.state.roster("home")] == [68, 69]
    assert [c.number for c in g.state.roster("away")] == [68]


def test_card_typed_in_full_with_its_number_takes_that_number() -> None:
    """The Player Card: a card played with its Player # joins the roster, so the # is taken."""
    g = game()
    assert card_form(g, "Offense").offers(["away"], 88)
    g.enter("offense 88 finley te redzone 72")
    assert not card_form(g, "Offense").offers(["away"], 88)
    assert "already have card #88" in refused(g, "card away 88 nelson wr receiving 84")


# Order of Play: a played card is on the discard pile --------------------------------------------


def test_typed_card_on_the_discard_pile_is_not_offered_again() -> None:
    """Order of Play: "Put the Offense card face up on the Offense discard pile"; the defence
    plays "a Defense card (on his Defense discard pile)". A card typed by position and rating
    alone is that card; one rating more or less, or another value, is another card (the deck
    files hold one WR and one CB, so no other printed the same)."""
    g = game()
    g.enter("deck away 87 wr", "deck home 24 cb")
    attempt(g, "wr receiving 60", "play td receiving coverage", "cb coverage 70")
    stop_attempt(g)  # the Bears' attempt
    one = typed_form(g, "offense", ratings=1)
    assert not one.offers(["wr", "receiving"], 60)
    assert "discard pile" in refused(g, "offense wr receiving 60")
    assert one.offers(["wr", "receiving"], 59) and one.offers(["te", "receiving"], 60)
    g.enter(offered(one, ["wr", "receiving", "61"]), "play td receiving coverage")
    # The Bears' cornerback went to their discard pile on the first attempt.
    dfn = typed_form(g, "defense", ratings=1)
    assert not dfn.offers(["cb", "coverage"], 70)
    assert "discard pile" in refused(g, "defense cb coverage 70")
    g.enter(offered(dfn, ["cb", "coverage", "71"]))


def test_two_rating_card_on_the_discard_pile_is_not_offered_in_either_order() -> None:
    """Order of Play: the discard pile holds the card, whatever order its ratings were typed in
    (the deck file holds one WR)."""
    g = game()
    g.enter("deck away 87 wr")
    attempt(g, "wr receiving 60 redzone 55", "play td receiving coverage", "cb coverage 70")
    stop_attempt(g)
    two = typed_form(g, "offense", ratings=2)
    assert not two.offers(["wr", "receiving", "60", "redzone"], 55)
    assert not two.offers(["wr", "redzone", "55", "receiving"], 60)
    assert "discard pile" in refused(g, "offense wr redzone 55 receiving 60")
    # The one-rating form is another card (a card printing Receiving 60 only).
    g.enter(offered(typed_form(g, "offense", ratings=1), ["wr", "receiving", "60"]))


def test_named_card_on_the_discard_pile_leaves_an_unnamed_one_free() -> None:
    """Order of Play: another card printed the same is told apart by its name (or #): the card
    played as "jones" is on the pile, a card typed without a name is another one."""
    g = game()
    attempt(g, "jones wr receiving 60", "play td receiving coverage", "cb coverage 70")
    stop_attempt(g)
    one = typed_form(g, "offense", ratings=1)
    assert one.offers(["wr", "receiving"], 60)
    g.enter(offered(one, ["wr", "receiving", "60"]))


def test_unnamed_roster_card_on_the_discard_pile_is_not_offered_typed_again() -> None:
    """Order of Play: a roster card with a # and no name, once played, is the card a person
    types by its position and rating: it is on the pile either way (the deck file holds one TE)."""
    g = game()
    g.enter("deck away 68 te")
    g.enter("card away 68 te redzone 72")
    attempt(g, "68", "play td redzone coverage", "cb coverage 80")
    stop_attempt(g)
    one = typed_form(g, "offense", ratings=1)
    assert not one.offers(["te", "redzone"], 72)
    assert "discard pile" in refused(g, "offense te redzone 72")
    g.enter(offered(one, ["te", "redzone", "73"]))


def test_overtime_refills_the_decks_so_the_typed_card_is_offered_again() -> None:
    """Overtime: "Refill your Offense and Defense decks with your discard piles" (the deck file
    holds one WR)."""
    g = game()
    g.enter("deck home 87 wr")
    stop_attempt(g)
    attempt(g, "wr receiving 60", "play td receiving coverage", "cb coverage 90")
    stop_attempt(g)
    assert not typed_form(g, "offense", ratings=1).offers(["wr", "receiving"], 60)
    for _ in range(15):
        stop_attempt(g)
    assert g.situation["overtime"]
    one = typed_form(g, "offense", ratings=1)
    assert one.offers(["wr", "receiving"], 60)
    g.enter(offered(one, ["wr", "receiving", "60"]))


# Audible Cards: the forms offer every value the rules accept -----------------------------------


def test_audible_forms_offer_every_rating_change_and_margin_the_rules_accept() -> None:
    """Audible Cards: a rating change either way (Zebra takes -30 to +30) for the side playing it,
    and a defensive-scoring margin from 1 (Defensive Scoring, "stopping the offense by 10 or more
    points"); the ends are offered and accepted, the values past them neither."""
    g = game()
    g.enter("offense wr receiving 60", "play td receiving coverage")
    change = form(g, "audible", "rating change")
    assert change.slots[0].side == "away"
    assert [change.offers([], v) for v in (-31, -30, 30, 31)] == [False, True, True, False]
    assert "whole number from -30 to 30" in refused(g, "audible -31")
    g.enter(offered(change, ["-30"]), "defense cb coverage 70")
    margin = form(g, "audible score", "margin")
    assert margin.slots[0].side == margin.slots[1].side == "home"
    assert [margin.offers([], v) for v in (0, 1, 99, 100)] == [False, True, True, False]
    assert "from 1 to 99" in refused(g, "audible score 0 td")
    g.enter(offered(margin, ["1", "td"]))
    assert [r.kind for r in g.enter("done")] == ["stopped", "defensive_touchdown"]
