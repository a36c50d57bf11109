"""Masters of the Gridiron refereed through the entry language (rules/masters-of-the-gridiron.txt).

Each test types entries as a person would at the table and checks Zebra's rulings.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.ruleset import SITUATION_KEYS, IllegalEntry
from domain.rulesets.gridironmasters import RULESET
from tests.domain.scripts import EXAMPLES, Played, new_game, play_script
from tests.domain.test_invariants import draw_entry

EXAMPLE_PLAY = "play td long pass red zone passing +8 wr stop pass rush coverage"


def game() -> Played:
    """Bears at home, Packers visiting."""
    return new_game("gridironmasters")


def attempt(g: Played, offense: str, play: str, defense: str, *audibles: str) -> list[str]:
    """One scoring attempt; offence Audibles before the defence's player (prefix 'o:')."""
    g.enter(f"offense {offense}", play)
    for a in audibles:
        if a.startswith("o:"):
            g.enter(a[2:])
    g.enter(f"defense {defense}")
    for a in audibles:
        if not a.startswith("o:"):
            g.enter(a)
    return [r.kind for r in g.enter("done")]


def stop_attempt(g: Played) -> None:
    """A plain attempt the defence stops, with cards not played before in this period (every
    card played goes to the discard pile)."""
    k = g.state.attempt
    attempt(g, f"te receiving {30 + k}", "play td receiving coverage", f"s coverage {60 + k}")


def refused(g: Played, text: str) -> str:
    before = g.state
    with pytest.raises(IllegalEntry) as err:
        g.enter(text)
    assert g.state == before
    message = str(err.value)
    assert message and "\n" not in message
    return message


# Order of Play: the rulebook's own example ------------------------------------------------


def test_rulebook_example_tight_end_does_not_get_the_wide_receiver_bonus() -> None:
    """Order of Play: "Touchdown. 72. Can be stopped by Pass Rush or Coverage." (TE Red Zone 72,
    a Long Pass card adding +8 to a Wide Receiver)."""
    g = game()
    g.enter("offense 88 finley te red zone 72", EXAMPLE_PLAY)
    declared = g.last[-1]
    assert declared.kind == "declare"
    assert declared.data["rating"] == 72
    assert '"Touchdown. 72. Can be stopped by Pass Rush or Coverage."' in declared.text
    assert "72. Can be stopped by Pass Rush or Coverage" in RULESET.expected(g.state).text


def test_rulebook_example_bonus_applies_to_a_wide_receiver() -> None:
    """Order of Play: "If the above card had been played with a Wide Receiver, it would have added
    8 points to that player's Red Zone rating."""
    g = game()
    g.enter("offense wr red zone 72", EXAMPLE_PLAY)
    assert g.last[-1].data["rating"] == 80


def test_defence_announces_the_higher_of_pass_rush_or_coverage() -> None:
    """Order of Play: "he would announce the player's Pass Rush or Coverage rating (whichever is
    higher)"; a rating the play does not list (Tackling 99) does not count."""
    g = game()
    g.enter("offense te red zone 72", EXAMPLE_PLAY)
    g.enter("defense lb pass rush 60 coverage 71 tackling 99")
    assert g.last[0].data["rating"] == 71
    assert g.enter("done")[0].kind == "touchdown"
    assert g.situation["score"] == {"home": 0, "away": 7}


def test_offence_picks_the_highest_listed_rating() -> None:
    """Order of Play: "If more than one rating is listed, choose the highest one"."""
    g = game()
    g.enter("offense rb rushing 70 goal line 81 receiving 90", "play td rushing goal line tackling")
    assert g.last[-1].data["rating"] == 81


def test_equal_ratings_stop_the_attempt_and_turn_the_card_over() -> None:
    """Order of Play: "If the defensive rating equals or exceeds the offensive rating, the scoring
    attempt is stopped; turn over the Playbook card."""
    g = game()
    kinds = attempt(g, "wr receiving 75", "play td receiving coverage", "cb coverage 75")
    assert kinds[0] == "stopped"
    slot = g.situation["slots"]["away"][0]
    assert slot["result"] == "stopped" and slot["points"] == 0
    assert g.situation["score"] == {"home": 0, "away": 0}


def test_field_goal_scores_three() -> None:
    """The Player Card / Order of Play: a Field Goal card scores 3 when the offence wins."""
    g = game()
    kinds = attempt(g, "qb passing 80", "play fg short pass passing pass rush", "de pass rush 79")
    assert kinds == ["field_goal"]
    assert g.situation["score"]["away"] == 3


# Set-up and alternation --------------------------------------------------------------------


def test_visiting_team_starts_on_offence_and_sides_alternate() -> None:
    """Order of Play: "The visiting team starts on offense"; "the offensive player alternating"."""
    g = game()
    assert RULESET.expected(g.state).actor == "away"
    assert g.situation["possession"] == "away"
    stop_attempt(g)
    assert g.situation["possession"] == "home"
    stop_attempt(g)
    assert g.situation["possession"] == "away"
    assert g.situation["clock"]["slots_filled"] == {"home": 1, "away": 1}


def test_hands_show_cards_on_the_table_and_are_replenished() -> None:
    """Order of Play: hands of 3 Offense, 3 Defense, 4 Playbook, refilled after each attempt."""
    g = game()
    assert g.situation["hands"]["away"] == {"offense": 3, "defense": 3, "playbook": 4}
    g.enter("offense wr receiving 60", "play td receiving coverage", "audible +2")
    assert g.situation["hands"]["away"] == {"offense": 2, "defense": 3, "playbook": 2}
    g.enter("defense cb coverage 70", "audible -1")
    assert g.situation["hands"]["home"] == {"offense": 3, "defense": 2, "playbook": 3}
    g.enter("done")
    assert g.situation["hands"]["away"] == {"offense": 3, "defense": 3, "playbook": 4}


def test_common_situation_keys_have_no_field_position() -> None:
    """Zebra status: the common keys; no downs or yard lines in a card game."""
    s = game().situation
    assert list(s)[: len(SITUATION_KEYS)] == list(SITUATION_KEYS)
    assert s["down"] is None and s["distance"] is None and s["ball_on"] is None
    assert s["clock"]["slots_filled"] == {"home": 0, "away": 0}
    assert s["slots"]["home"] == [None] * 9


# Audible cards -----------------------------------------------------------------------------


def test_audibles_discarded_only_at_the_start_of_the_turn() -> None:
    """Audible Cards: "At the beginning of your offensive turn, you may discard any Audible
    card"."""
    g = game()
    assert g.enter("discard 2")[0].kind == "audible_discard"
    g.enter("discard 1")  # step 1 may be repeated
    g.enter("offense wr receiving 60")
    assert "not due now" in refused(g, "discard 1")
    assert "1 to 4" in refused(game(), "discard 5")


def test_audible_rating_changes_count_for_each_side() -> None:
    """Order of Play: the offence and then the defence may play Audible cards."""
    g = game()
    kinds = attempt(
        g, "wr receiving 70", "play td receiving coverage", "cb coverage 72", "o:audible +3"
    )
    assert kinds[0] == "touchdown"
    g2 = game()
    kinds = attempt(
        g2, "wr receiving 70", "play td receiving coverage", "cb coverage 65", "audible +5"
    )
    assert kinds[0] == "stopped"


def test_offence_cannot_play_a_defensive_scoring_audible() -> None:
    """Defensive Scoring: scoring Audibles are the defence's."""
    g = game()
    g.enter("offense wr receiving 70", "play td receiving coverage")
    assert "defence" in refused(g, "audible score 10 td")


# Punting -----------------------------------------------------------------------------------


def test_mismatched_play_is_a_punt_and_the_defence_discards() -> None:
    """ "Punting": "When punting, the scoring attempt fails, and the defense discards a Defense
    card of their choice."""
    g = game()
    g.enter("deck home 33 tillman cb")  # a deck file holding one Tillman
    g.enter("card home 33 tillman cb coverage 82 tackling 66")
    g.enter("offense t run blocking 75 pass blocking 78", "play td long pass passing coverage")
    assert g.last[-1].kind == "declare" and g.last[-1].data["punt"]
    assert "I am punting" in RULESET.expected(g.state).text
    g.enter("defense 33")
    kinds = [r.kind for r in g.enter("done")]
    assert kinds == ["punt"]
    assert g.situation["slots"]["away"][0]["result"] == "punt"
    assert g.situation["score"] == {"home": 0, "away": 0}
    stop_attempt(g)
    # The discarded Tillman is on the discard pile now, and the deck holds no other.
    g.enter("offense wr receiving 60", "play td receiving coverage")
    assert "deck holds 1 copy of #33 Tillman CB" in refused(g, "defense 33")


# Defensive scoring -------------------------------------------------------------------------


def test_defensive_touchdown_when_stopping_by_the_audible_margin() -> None:
    """Defensive Scoring: an Audible lets the defence score when it stops the offence by 10 or
    more; the score is placed to the side and play continues, the defence now on offence."""
    g = game()
    kinds = attempt(
        g, "te receiving 74", "play td receiving coverage", "cb coverage 84", "audible score 10 td"
    )
    assert kinds == ["stopped", "defensive_touchdown"]
    assert g.situation["score"] == {"home": 7, "away": 0}
    assert g.situation["defensive_scores"]["home"][0]["points"] == 7
    assert g.situation["slots"]["home"] == [None] * 9
    assert g.situation["slots"]["away"][0]["result"] == "stopped"
    # After a touchdown "on offense or defense" the scorer may go for 2.
    assert RULESET.expected(g.state).actor == "home"
    g.enter("decline")
    assert g.situation["possession"] == "home"


def test_defensive_score_needs_the_margin() -> None:
    """Defensive Scoring: a stop by less than the margin scores nothing."""
    g = game()
    kinds = attempt(
        g, "te receiving 74", "play td receiving coverage", "cb coverage 83", "audible score 10 td"
    )
    assert kinds == ["stopped"]


def test_defensive_score_needs_a_rating_the_play_lists() -> None:
    """Defensive Scoring: "the defensive rating used must match one of the ratings listed on the
    offensive play card"."""
    g = game()
    kinds = attempt(
        g,
        "te receiving 20",
        "play td receiving coverage",
        "lb tackling 99",
        "audible +25",
        "audible score 5 fg",
    )
    assert kinds == ["stopped"]
    assert g.situation["score"] == {"home": 0, "away": 0}


def test_defensive_score_on_a_punt_uses_the_highest_offense_rating() -> None:
    """Defensive Scoring: "If the offense punts, use the highest rating on the Offense card for
    calculating the margin"."""
    g = game()
    kinds = attempt(
        g,
        "c run blocking 74 pass blocking 60",
        "play td rushing tackling",
        "s tackling 84",
        "audible score 10 fg",
    )
    assert kinds == ["punt", "defensive_field_goal"]
    assert g.situation["score"]["home"] == 3
    g2 = game()
    kinds = attempt(
        g2, "c run blocking 75", "play td rushing tackling", "s tackling 84", "audible score 10 fg"
    )
    assert kinds == ["punt"]


# Two-point conversions ---------------------------------------------------------------------


def _touchdown(g: Played) -> None:
    attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70")


def test_two_point_conversion_good_adds_one() -> None:
    """Two-Point Conversions: success rotates the card to show +1 (a Field Goal card counts)."""
    g = game()
    _touchdown(g)
    g.enter("two", "play fg inside run rushing run defense", "offense rb rushing 80")
    assert g.enter("defense dt run defense 70")[-1].kind == "two_point"
    assert g.situation["score"]["away"] == 8
    assert g.situation["slots"]["away"][0]["conversion"] == "+1"
    assert g.situation["possession"] == "home"


def test_two_point_conversion_stopped_takes_one_off() -> None:
    """Two-Point Conversions: "If the play is stopped, turn over the Playbook card to display the
    -1"."""
    g = game()
    _touchdown(g)
    g.enter("two", "offense rb rushing 70", "play td rushing run defense")
    rulings = g.enter("defense dt run defense 70")
    assert rulings[-1].kind == "two_point_failed" and rulings[-1].points == -1
    assert g.situation["score"]["away"] == 6


def test_two_point_conversion_allows_no_audibles_and_returns_players() -> None:
    """Two-Point Conversions: "Audible cards may not be used by either team"; "return each player
    card to your hand"."""
    g = game()
    g.enter("card away 87 nelson wr receiving 84", "card home 26 jennings cb coverage 79")
    _touchdown(g)
    g.enter("two", "offense nelson", "play td receiving coverage")
    refused(g, "audible +3")
    g.enter("defense 26")
    assert g.situation["score"]["away"] == 8
    stop_attempt(g)
    g.enter("offense 87", "play td receiving coverage")  # Nelson went back to hand
    g.enter("defense 26")  # so did Jennings


def test_declining_the_conversion_keeps_seven() -> None:
    """Two-Point Conversions: going for 2 is the scoring team's choice."""
    g = game()
    _touchdown(g)
    g.enter("decline")
    assert g.situation["score"]["away"] == 7
    assert g.situation["slots"]["away"][0]["conversion"] is None


# End of game and overtime ------------------------------------------------------------------


def _regulation(g: Played, away_points: bool = False) -> None:
    """Nine attempts a side, all stopped (away scores a field goal first if asked)."""
    for i in range(18):
        if away_points and i == 0:
            attempt(g, "qb passing 80", "play fg passing pass rush", "de pass rush 60")
        else:
            stop_attempt(g)


def test_game_ends_after_nine_slots_each() -> None:
    """End of Game: "The game ends after each player has filled all nine scoring play spots"."""
    g = game()
    _regulation(g, away_points=True)
    s = g.situation
    assert s["finished"] and s["winner"] == "away"
    assert s["clock"]["slots_filled"] == {"home": 9, "away": 9}
    assert "the game is over" in refused(g, "offense wr receiving 50")


def test_tie_goes_to_overtime_with_the_home_team_on_offence() -> None:
    """Overtime: "If the game ends in a tie, proceed to overtime"; "home team on offense"."""
    g = game()
    _regulation(g)
    assert g.last[-1].kind == "overtime"
    s = g.situation
    assert not s["finished"] and s["overtime"] and s["possession"] == "home"
    assert s["overtime_rule"] == "open"


def test_overtime_first_score_wins() -> None:
    """Overtime: "The first team to score in overtime wins the game"."""
    g = game()
    _regulation(g)
    stop_attempt(g)
    kinds = attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    assert kinds == ["field_goal", "final"]
    assert g.situation["winner"] == "away"


def test_overtime_touchdown_wins_without_a_conversion() -> None:
    """Overtime: a touchdown ends the game at once, so there is no conversion to try."""
    g = game()
    _regulation(g)
    assert attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70") == [
        "touchdown",
        "final",
    ]
    assert g.situation["winner"] == "home"


def test_overtime_field_goal_gives_one_answer_touchdown_wins() -> None:
    """Overtime: after the home team's field goal the opponent "wins if he scores a touchdown"."""
    g = game()
    _regulation(g)
    kinds = attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    assert kinds == ["field_goal", "overtime_rule"]
    assert g.situation["overtime_rule"] == "answer"
    kinds = attempt(g, "wr receiving 80", "play td receiving coverage", "cb coverage 70")
    assert kinds == ["touchdown", "final"]
    assert g.situation["winner"] == "away"


def test_overtime_field_goal_answer_stopped_loses() -> None:
    """Overtime: the opponent "loses if he doesn't score"."""
    g = game()
    _regulation(g)
    attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    stop_attempt(g)
    assert g.situation["finished"] and g.situation["winner"] == "home"


def test_overtime_two_field_goals_then_next_score_wins() -> None:
    """Overtime: "If each team scores a field goal on their first overtime possession, the next
    score of any type wins the game"."""
    g = game()
    _regulation(g)
    attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    assert g.situation["overtime_rule"] == "sudden" and not g.situation["finished"]
    stop_attempt(g)
    # The cards of the first overtime attempts are on the discard piles: others this time.
    attempt(g, "wr receiving 81", "play fg receiving coverage", "cb coverage 71")
    assert g.situation["finished"] and g.situation["winner"] == "away"
    assert g.situation["score_by_quarter"][1] == {"home": 3, "away": 6}


def test_overtime_refills_decks_so_discarded_cards_return() -> None:
    """Overtime: "Refill your Offense and Defense decks with your discard piles"."""
    g = game()
    g.enter("card home 15 marshall wr receiving 60")
    stop_attempt(g)
    attempt(g, "15", "play td receiving coverage", "cb coverage 70")
    for _ in range(16):
        stop_attempt(g)
    g.enter("offense 15")


# Rosters -----------------------------------------------------------------------------------


def test_roster_card_chosen_by_name_or_number() -> None:
    """The Player Card: a card entered once into the roster, then chosen by name or number."""
    g = game()
    g.enter("card away 88 jermichael finley te red zone 72 receiving 70")
    g.enter("offense jermichael finley", EXAMPLE_PLAY)
    assert g.last[-1].data["rating"] == 72
    forms = RULESET.expected(game().state).forms
    assert all(f.keyword != "offense" or f.slots[0].label != "Player # or name" for f in forms)
    h = game()
    h.enter("card away 88 finley te red zone 72")
    roster_form = RULESET.expected(h.state).forms[1]
    assert roster_form.slots[0].words == ("88",)
    h.enter(roster_form.compose(["88"]))


def test_card_typed_in_full_with_a_number_joins_the_roster() -> None:
    """The Player Card: a card typed in full once can be chosen by its number later."""
    g = game()
    g.enter("deck away 88 finley te")  # a deck file holding one Finley
    g.enter("offense 88 finley te red zone 72", EXAMPLE_PLAY, "defense cb coverage 99", "done")
    stop_attempt(g)
    assert "discard pile" in refused(g, "offense finley")
    assert "discard pile" in refused(g, "offense 88")
    g2 = game()
    g2.enter("card away 88 finley te red zone 72")
    assert "already" in refused(g2, "card away 88 someone wr receiving 60")
    assert "roster as" in refused(g2, "offense 88 finley te red zone 80")


def test_a_card_typed_without_its_player_number_is_discarded_too() -> None:
    """Order of Play: "Put the Offense card face up on the Offense discard pile"; the defence
    plays "a Defense card (on his Defense discard pile)": every card played, # or not (the
    deck files hold one WR and one CB: no other printed the same)."""
    g = game()
    g.enter("deck away 87 nelson wr", "deck home 24 cb")
    attempt(g, "wr receiving 60 redzone 55", "play td receiving coverage", "cb coverage 70")
    attempt(g, "rb rushing 50", "play fg rushing tackling", "lb tackling 70")
    # The Packers' WR and the Bears' CB are on the discard piles, however they were typed.
    assert "discard pile" in refused(g, "offense wr redzone 55 receiving 60")
    assert "discard pile" in refused(g, "offense 87 wr receiving 60 redzone 55")
    # Another card printed the same is told apart by its name.
    g.enter("offense jones wr receiving 60 redzone 55", "play td receiving coverage")
    assert "discard pile" in refused(g, "defense cb coverage 70")
    g.enter("defense cb coverage 71", "done")
    assert g.situation["clock"]["slots_filled"] == {"home": 1, "away": 2}


# Bad entries -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("done", "not due now"),
        ("offense xx receiving 70", "position"),
        ("offense wr coverage 70", "not a rating"),
        ("offense wr receiving 100", "1 to 99"),
        ("offense wr receiving", "pairs"),
        ("offense de pass rush 70", "Offense card"),
        ("offense wr receiving 70 receiving 60", "twice"),
        ("offense 12", "roster"),
        ("play receiving coverage", "Touchdown"),
        ("play td coverage", "offensive rating"),
        ("play td receiving", "defensive"),
        ("play td receiving +8 coverage", "position"),
        ("play td fg receiving coverage", "not both"),
        ("play td receiving coverage purple", "not on a play card"),
        ("card purple 12 wr receiving 70", "not a team"),
        ("card home wr receiving 70", "Player #"),
        ("card home 12", "needs its position"),
        ("card home 12 smith", "needs its position"),
        ("discard x", "number from 1 to 4"),
        ("play td wr receiving coverage", "'wr' is not on a play card"),
        ("play wr td receiving coverage", "'wr' is not on a play card"),
        ("play td +0 wr +5 qb receiving coverage", "one bonus"),
        ("\x07", "control"),
    ],
)
def test_bad_entries_are_refused_with_one_line(text: str, needle: str) -> None:
    """Bad entries change nothing and say what was expected."""
    assert needle in refused(game(), text)


def test_audible_values_are_checked() -> None:
    g = game()
    g.enter("offense wr receiving 60", "play td receiving coverage", "defense cb coverage 50")
    # Audible Cards change a rating by a signed number: one sign, within the printed range.
    assert "whole number from -30 to 30; got '+31'" in refused(g, "audible +31")
    assert "whole number from -30 to 30; got '++3'" in refused(g, "audible ++3")
    assert "score" in refused(g, "audible score 10 punt")
    assert "takes nothing" in refused(g, "done now")


def test_no_game_options() -> None:
    with pytest.raises(IllegalEntry):
        RULESET.initial("Bears", "Packers", {"quarters": "4"})


# Example games -----------------------------------------------------------------------------


def _scored(g: Played) -> dict[str, int]:
    total = {"home": 0, "away": 0}
    for r in g.rulings:
        if r.points:
            assert r.team is not None
            total[r.team] += r.points
    return total


def test_full_example_game_plays_to_a_final_score() -> None:
    """examples/gridironmasters-full.zebra: nine scoring plays a side to a final score."""
    g = play_script(EXAMPLES / "gridironmasters-full.zebra", "gridironmasters")
    s = g.situation
    assert s["finished"] and s["score"] == {"home": 34, "away": 32} and s["winner"] == "home"
    assert s["score"] == _scored(g)
    assert all(slot is not None for side in ("home", "away") for slot in s["slots"][side])
    assert [x["running_total"] for x in s["slots"]["away"]] == [8, 8, 8, 22, 22, 29, 32, 32, 32]
    assert s["slots"]["away"][3]["points"] == 6  # touchdown, failed conversion
    assert s["defensive_scores"]["away"][0]["points"] == 8
    kinds = {r.kind for r in g.rulings}
    assert {"punt", "defensive_touchdown", "two_point", "two_point_failed", "stopped"} <= kinds


def test_overtime_example_game_plays_to_a_final_score() -> None:
    """examples/gridironmasters-overtime.zebra: tied after nine, won in overtime."""
    g = play_script(EXAMPLES / "gridironmasters-overtime.zebra", "gridironmasters")
    s = g.situation
    assert s["finished"] and s["winner"] == "away"
    assert s["score"] == {"home": 13, "away": 20} == _scored(g)
    assert s["score_by_quarter"][0] == {"home": 10, "away": 10}
    assert len(s["overtime_plays"]) == 4


# Random legal games ------------------------------------------------------------------------


def _play_randomly(g: Played, rnd: random.Random) -> None:
    """Legal entries composed from the prompt's forms until the final whistle, checking the
    invariants after each: the score is the sum of scoring rulings and only a failed
    two-point conversion takes a point away."""
    for _ in range(3000):
        if g.situation["finished"]:
            break
        forms = RULESET.expected(g.state).forms
        assert forms
        # Lean towards entries that move the game on, as a table does.
        moving = [f for f in forms if f.keyword not in ("card", "discard", "audible")]
        form = rnd.choice(moving if moving and rnd.random() < 0.8 else forms)
        before = g.situation["score"]
        # Every entry the forms offer is accepted (tests/domain/test_gridironmasters_forms.py).
        rulings = g.enter(draw_entry(rnd, form))
        after = g.situation
        for side in ("home", "away"):
            if after["score"][side] < before[side]:
                assert any(r.kind == "two_point_failed" and r.team == side for r in rulings)
        assert after["score"] == _scored(g)
        assert after["ball_on"] is None and after["down"] is None
    assert g.situation["finished"]
    s = g.situation
    if s["winner"] is not None:
        loser = "home" if s["winner"] == "away" else "away"
        assert s["score"][s["winner"]] > s["score"][loser]


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_legal_games_reach_a_final_score(seed: int) -> None:
    """Any sequence of legal entries ends the game with the score equal to the scoring rulings."""
    _play_randomly(game(), random.Random(seed))


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_overtimes_end_with_the_higher_score_winning(seed: int) -> None:
    """Overtime played with random legal entries always ends, and the winner leads."""
    g = game()
    _regulation(g)
    _play_randomly(g, random.Random(seed))
    assert g.situation["winner"] is not None


# Readings of ambiguous passages (docs/rulings.md, Masters of the Gridiron) ---------------------


def test_one_defensive_score_per_attempt_touchdown_first() -> None:
    """Defensive Scoring: two scoring Audibles met score once, the touchdown."""
    g = game()
    kinds = attempt(
        g,
        "te receiving 60",
        "play td receiving coverage",
        "cb coverage 80",
        "audible score 5 fg",
        "audible score 10 td",
    )
    assert kinds == ["stopped", "defensive_touchdown"]
    assert g.situation["score"] == {"home": 7, "away": 0}


def test_mismatched_conversion_is_stopped_without_a_discard() -> None:
    """Two-Point Conversions: a play the player cannot run is stopped (-1)."""
    g = game()
    _touchdown(g)
    g.enter("two", "offense t run blocking 80", "play td receiving coverage")
    rulings = g.enter("defense cb coverage 10")
    assert rulings[-1].kind == "two_point_failed"
    assert g.situation["score"]["away"] == 6


def test_defensive_score_in_overtime_wins() -> None:
    """Overtime: a defensive score is a score; during the answering attempt it wins for the
    home team."""
    g = game()
    _regulation(g)
    kinds = attempt(
        g, "wr receiving 60", "play td receiving coverage", "cb coverage 80", "audible score 10 td"
    )
    assert kinds == ["stopped", "defensive_touchdown", "final"]
    assert g.situation["winner"] == "away"
    g = game()
    _regulation(g)
    attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    kinds = attempt(
        g, "wr receiving 60", "play td receiving coverage", "cb coverage 80", "audible score 10 fg"
    )
    assert kinds == ["stopped", "defensive_field_goal", "final"]
    assert g.situation["winner"] == "home"


def test_home_field_goal_after_the_first_possession_wins() -> None:
    """Overtime: the field-goal exception is for the first possession only."""
    g = game()
    _regulation(g)
    stop_attempt(g)
    stop_attempt(g)
    kinds = attempt(g, "wr receiving 80", "play fg receiving coverage", "cb coverage 70")
    assert kinds == ["field_goal", "final"]
    assert g.situation["winner"] == "home"


_TOKENS = [
    "offense", "defense", "play", "card", "audible", "score", "discard", "done", "two",
    "decline", "home", "away", "td", "fg", "wr", "te", "cb", "lb", "red", "zone", "pass",
    "rush", "coverage", "receiving", "+8", "-3", "0", "72", "999", "1000", "any", "stop", "x",
    "-", "+", "88", "finley", "long", "goal", "line",
]  # fmt: skip


@settings(deadline=None)
@given(
    st.integers(min_value=0, max_value=6),
    st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=9),
)
def test_any_text_is_ruled_or_refused_with_illegal_entry(steps: int, tokens: list[str]) -> None:
    """Whatever is typed, at any point of an attempt, apply rules it or raises IllegalEntry."""
    g = game()
    g.enter("card away 88 finley te red zone 72")
    script = [
        "offense wr receiving 80",
        "play td receiving coverage",
        "defense cb coverage 70",
        "done",
        "two",
        "offense 88",
    ]
    g.enter(*script[:steps])
    try:
        g.enter(" ".join(tokens))
    except IllegalEntry as err:
        assert "\n" not in str(err)
    assert g.situation["score"] == _scored(g)
