"""Masters of the Gridiron rules that the mutation run found unguarded (docs/mutation.md), each
through the entry language (rules/masters-of-the-gridiron.txt)."""

from __future__ import annotations

from tests.domain.test_gridironmasters import attempt, game, refused


def test_a_defender_without_a_rating_the_play_lists_counts_zero() -> None:
    """Order of Play: the defence announces "the relevant player rating"; a Defense card with none
    of the stopping ratings announces none, which counts 0 (docs/rulings.md, "A defender without
    an eligible rating"): an offence rated 1 beats it, and ties a defender rated 1."""
    g = game()
    kinds = attempt(g, "wr receiving 1", "play td receiving coverage", "lb tackling 70")
    assert kinds == ["touchdown"]
    assert g.last[0].data == {"offense": 1, "defense": 0}
    g = game()
    assert attempt(g, "wr receiving 1", "play td receiving coverage", "cb coverage 1") == [
        "stopped"
    ]


def test_a_conversion_against_a_defender_without_a_stopping_rating() -> None:
    """Two-Point Conversions: "+1" if the play succeeds; a defender with none of the stopping
    ratings counts 0, so an offence rated 1 converts, and a defender rated 1 stops it."""
    for defender, change in (("lb tackling 60", 1), ("s coverage 1", -1)):
        g = game()
        attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70")
        g.enter("two", "play td receiving coverage", "offense te receiving 1")
        g.enter(f"defense {defender}")
        assert g.situation["score"]["away"] == 7 + change


def test_an_offense_card_typed_without_ratings_punts_from_zero() -> None:
    """Punting: a play matching none of the player's ratings is a punt; Defensive Scoring: "use
    the highest rating on the Offense card for calculating the margin": with no rating typed,
    0, so a stop at 10 meets a margin of 10 and a stop at 9 does not."""
    for stop, kinds in ((10, ["punt", "defensive_field_goal"]), (9, ["punt"])):
        g = game()
        g.enter("offense qb", "play td passing coverage")
        assert g.last[-1].data == {"rating": 0, "declared": '"I am punting."', "punt": True}
        g.enter(f"defense cb coverage {stop}", "audible score 10 fg")
        assert [r.kind for r in g.enter("done")] == kinds


def test_a_field_goal_card_is_announced_as_a_field_goal() -> None:
    """Order of Play: announce "The result shown on the Playbook card ("Touchdown" or "Field
    Goal")", the rating and the stopping ratings."""
    g = game()
    g.enter("offense wr receiving 60", "play fg receiving coverage tackling")
    assert (
        g.last[-1].data["declared"] == '"Field Goal. 60. Can be stopped by Coverage or Tackling."'
    )
    g = game()
    g.enter("offense wr receiving 60", "play td receiving coverage")
    assert g.last[-1].data["declared"] == '"Touchdown. 60. Can be stopped by Coverage."'


def test_a_name_picks_one_card_of_a_teams_roster() -> None:
    """The Player Card: a roster card is chosen later by its Player # or its name, so a team's
    second card under a name it already has is refused; the other team may use the name."""
    g = game()
    g.enter("card home 12 smith te receiving 70")
    assert "Bears already have a card named Smith" in refused(g, "card home 13 smith wr rec 60")
    g.enter("card away 13 smith wr receiving 60")
    g.enter("card home 14 jones wr receiving 61")
    assert [c.name for c in g.state.roster("home")] == ["smith", "jones"]
