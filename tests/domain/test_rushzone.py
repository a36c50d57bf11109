"""NFL Rush Zone, rule by rule, through the entries a person types (rules/nfl-rush-zone.txt)."""

from __future__ import annotations

import pytest

from domain.ruleset import IllegalEntry
from tests.domain.scripts import EXAMPLES, Played, new_game, play_script

# Offence 1-2-4 (7) beats defence 1-2-3 (6) with no doubles or triples: a plain first down.
WIN = "white 1 2 4 1 2 3"
# Offence 1-2-4 (7) loses to defence 2-3-5 (10): fourth down, same white dice kept.
LOSE = "white 1 2 4 2 3 5"


def kicked_off(green: str = "green 6 1", **options: str) -> Played:
    """Bears win the toss, receive, and return the kickoff (6-1 = +5: their own 50)."""
    game = new_game("rushzone", **options)
    game.enter("toss home", "receive", green)
    return game


def at(ball_on: int) -> Played:
    """Bears with a first down at ``ball_on`` (a multiple of 10 from 50 down), by plain wins."""
    game = kicked_off()
    for _ in range((50 - ball_on) // 10):
        game.enter(WIN)
    assert game.situation["ball_on"] == ball_on
    return game


def end_turn(game: Played) -> None:
    """The offence loses the roll and punts one space: the turn ends with no score."""
    if "Kickoff" in game.situation["next"]:
        game.enter("green 2 2")
    game.enter(LOSE, "punt", "green 1")


# Deciding offense and defense ---------------------------------------------------------------


def test_toss_winner_who_receives_plays_offense_first() -> None:
    game = new_game("rushzone")
    game.enter("toss away", "receive")
    assert game.situation["possession"] == "away"


def test_toss_winner_who_kicks_plays_defense_first() -> None:
    game = new_game("rushzone")
    game.enter("toss home", "kick")
    assert game.situation["possession"] == "away"


# Kickoff --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "ball_on", "kind"),
    [
        ("2 2", 80, "kickoff_touchback"),  # rulebook: offense 2, defense 2 gives 0
        ("1 4", 80, "kickoff_touchback"),  # rulebook: offense 1, defense 4 gives -3
        ("4 5", 90, "kickoff"),  # rulebook: offense 4, defense 5 gives -1: stop at the 10
        ("3 2", 90, "kickoff"),  # rulebook: offense 3, defense 2 gives +1
        ("6 2", 60, "kickoff"),  # rulebook: +4 is 40 yards
        ("4 2", 80, "kickoff"),  # rulebook: +2 is 20 yards
        ("1 3", 80, "kickoff_touchback"),  # -2 is a touchback too
    ],
)
def test_kickoff_green_dice_difference_places_the_ball(dice: str, ball_on: int, kind: str) -> None:
    game = kicked_off(f"green {dice}")
    assert game.situation["ball_on"] == ball_on
    assert game.situation["down"] == 1
    assert kind in game.kinds()


# Getting to the end zone ----------------------------------------------------------------


def test_offense_greater_total_is_a_first_down_and_ten_yards() -> None:
    """Rulebook example: Offense 6, 2, 4 = 12. Defense 3, 5, 1 = 9. Result: +10 yards."""
    game = kicked_off()
    game.enter("white 6 2 4 3 5 1")
    assert game.kinds() == ["first_down"]
    assert game.situation["ball_on"] == 40
    assert game.situation["down"] == 1


def test_offense_wins_ties() -> None:
    game = kicked_off()
    game.enter("white 1 2 4 2 2 3")
    assert game.situation["ball_on"] == 40


def test_defense_greater_total_brings_fourth_down() -> None:
    """Rulebook example: Offense 3, 4, 1 = 8. Defense 5, 6, 5 = 16: the offense plays 4th down."""
    game = kicked_off()
    game.enter("white 3 4 1 5 6 5")
    assert game.kinds() == ["fourth_down"]
    assert game.situation["down"] == 4
    assert game.situation["ball_on"] == 50


def test_offense_doubles_break_the_tackle_for_twenty_yards() -> None:
    """Special rolls: doubles in the first three downs move 20 yards instead of 10."""
    game = kicked_off()
    game.enter("white 4 4 1 1 2 3")
    assert game.kinds() == ["breaking_tackle"]
    assert game.situation["ball_on"] == 30


def test_doubles_do_not_help_a_losing_roll() -> None:
    game = kicked_off()
    game.enter("white 2 2 1 5 6 4")
    assert game.situation["down"] == 4


def test_offense_triples_long_pass_beats_any_defensive_roll() -> None:
    """Rulebook example: three 3s is +30 yards, even against a higher defensive total."""
    game = kicked_off()
    game.enter("white 3 3 3 6 6 5")
    assert game.kinds() == ["long_pass"]
    assert game.situation["ball_on"] == 20


def test_defense_triples_loose_ball_moves_back_and_changes_possession() -> None:
    """Rulebook example: three 4s is -40 yards, loose ball; the defense begins a counterattack."""
    game = kicked_off()  # Bears at their own 50
    game.enter("white 6 6 5 4 4 4")
    assert game.kinds() == ["fumble_lost"]
    # Back 40 from the 50 is the Bears' 10, where the Packers take it: 10 yards from the goal.
    assert game.situation["possession"] == "away"
    assert game.situation["ball_on"] == 10


def test_defense_triples_into_the_end_zone_is_a_defensive_touchdown() -> None:
    game = kicked_off("green 2 2")  # Bears at their own 20
    game.enter("white 1 2 4 3 3 3")
    assert game.kinds() == ["fumble_lost", "touchdown"]
    assert game.situation["score"] == {"home": 0, "away": 6}


def test_after_a_defensive_touchdown_the_scorers_receive_their_own_turn() -> None:
    """Turns alternate (docs/rulings.md): the team that lost the ball kicks off to the scorers."""
    game = kicked_off("green 2 2")
    game.enter("white 1 2 4 3 3 3", "pat")
    assert game.situation["score"] == {"home": 0, "away": 7}
    assert game.situation["possession"] == "away"
    assert game.situation["clock"]["turn"] == 2
    assert "Kickoff to Packers" in game.situation["next"]


def test_both_triples_higher_number_takes_priority() -> None:
    game = kicked_off()
    game.enter("white 2 2 2 4 4 4")
    assert game.kinds() == ["fumble_lost"]


def test_both_triples_same_number_go_to_the_offense() -> None:
    game = kicked_off()
    game.enter("white 2 2 2 2 2 2")
    assert game.kinds() == ["long_pass"]
    assert game.situation["ball_on"] == 30


# 4th down --------------------------------------------------------------------------------


def test_fourth_down_green_dice_are_added_to_the_same_white_dice() -> None:
    """Rulebook example: Offense 6, 2, 1 + 5 = 14. Defense 3, 5, 3 + 2 = 13. Result: +10 yards.

    The example keeps the white dice of the failed roll (docs/rulings.md: not re-rolled).
    """
    game = kicked_off()
    game.enter("white 6 2 1 3 5 3", "go", "green 5 2")
    assert game.kinds() == ["first_down"]
    assert game.situation["ball_on"] == 40
    assert game.situation["down"] == 1


def test_fourth_down_defense_greater_is_a_turnover_at_the_spot() -> None:
    """Rulebook: Offense 6, 2, 1 + 1 = 10. Defense 3, 5, 3 + 4 = 15: the defense gets the ball."""
    game = at(30)
    game.enter("white 6 2 1 3 5 3", "go", "green 1 4")
    assert game.kinds() == ["turnover_on_downs"]
    assert game.situation["possession"] == "away"
    assert game.situation["ball_on"] == 70


def test_fourth_down_green_die_does_not_make_doubles() -> None:
    """Special rolls: the green die of the 4th down cannot be used for the doubles bonus."""
    game = kicked_off()
    game.enter("white 4 1 2 5 5 6", "go", "green 4 1")
    # 7+4 = 11 against 16+1 = 17 is a stop; a conversion would gain only 10 yards anyway.
    assert game.kinds() == ["turnover_on_downs"]


def test_fourth_down_green_die_can_complete_offensive_triples() -> None:
    """Special rolls: the green die of the 4th down may be included in triples."""
    game = kicked_off()
    game.enter("white 3 3 1 6 6 5", "go", "green 3 1")
    assert game.kinds() == ["long_pass"]
    assert game.situation["ball_on"] == 20


def test_fourth_down_green_die_can_complete_defensive_triples() -> None:
    game = kicked_off()
    game.enter("white 1 2 4 5 5 6", "go", "green 6 5")
    assert game.kinds()[0] == "fumble_lost"
    assert game.situation["score"]["away"] == 6  # 50 yards back from the Bears 50


# Field goal and punt ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "good"), [(4, True), (5, True), (6, True), (3, False), (1, False)]
)
def test_field_goal_from_the_30_needs_4_5_or_6(face: int, good: bool) -> None:
    """Rulebook example: to attempt a field goal from the 30 you must roll a 4, 5, or 6."""
    game = at(30)
    game.enter(LOSE, "fg", f"green {face}")
    if good:
        assert game.kinds()[0] == "field_goal"
        assert game.situation["score"]["home"] == 3
        # After a field goal the opponent takes its kickoff.
        assert game.situation["possession"] == "away"
        assert game.situation["ball_on"] is None
    else:
        assert game.kinds()[0] == "field_goal_missed"
        assert game.situation["score"]["home"] == 0
        assert game.situation["possession"] == "away"
        assert game.situation["ball_on"] == 70


def test_field_goal_from_the_50_needs_a_6() -> None:
    game = at(50)
    game.enter(LOSE, "fg", "green 5")
    assert game.kinds()[0] == "field_goal_missed"


def test_field_goal_refused_beyond_the_defense_50() -> None:
    game = kicked_off("green 2 2")  # own 20
    game.enter(LOSE)
    before = game.state
    with pytest.raises(IllegalEntry, match="50 or closer"):
        game.enter("fg")
    assert game.state == before


def test_punt_moves_ten_yards_a_pip_and_the_defense_takes_it() -> None:
    """Rulebook example: a 3 on the green die moves the ball 30 yards toward the defense."""
    game = kicked_off("green 2 2")  # Bears own 20
    game.enter(LOSE, "punt", "green 3")
    assert game.kinds()[0] == "punt"
    assert game.situation["possession"] == "away"
    # Bears 20 + 30 yards = Bears 50, which is the Packers' 50 as well.
    assert game.situation["ball_on"] == 50


@pytest.mark.parametrize("face", [3, 4, 6])
def test_punt_into_the_end_zone_is_a_touchback_at_the_20(face: int) -> None:
    """A punt that reaches the goal line (3 from the 30) is in the end zone too."""
    game = at(30)
    game.enter(LOSE, "punt", f"green {face}")
    assert game.situation["possession"] == "away"
    assert game.situation["ball_on"] == 80


def test_only_the_offense_rolls_for_a_field_goal() -> None:
    game = at(30)
    game.enter(LOSE, "fg")
    before = game.state
    with pytest.raises(IllegalEntry, match="Packers does not roll now"):
        game.enter("green away 5")
    assert game.state == before


# Touchdown and the try --------------------------------------------------------------------


def touchdown_bears() -> Played:
    game = at(10)
    game.enter(WIN)
    assert game.kinds() == ["first_down", "touchdown"]
    return game


def test_touchdown_scores_six_then_the_automatic_extra_point() -> None:
    game = touchdown_bears()
    assert game.situation["score"]["home"] == 6
    game.enter("pat")
    assert game.situation["score"]["home"] == 7
    # The scoring team kicks off: the other team becomes the offense.
    assert game.situation["possession"] == "away"
    assert "Kickoff" in game.situation["next"]


def test_two_point_conversion_offense_wins_ties() -> None:
    """Rulebook example: offense 6 vs defense 2 = 2 points (a tie also goes to the offense)."""
    game = touchdown_bears()
    game.enter("two", "green 4 4")
    assert game.situation["score"]["home"] == 8


def test_two_point_conversion_fails_when_the_defense_is_greater() -> None:
    """Rulebook example: offense 3 vs defense 4 = 0 points ("You do not get the extra points")."""
    game = touchdown_bears()
    game.enter("two", "green 3 4")
    assert game.situation["score"]["home"] == 6
    assert game.situation["possession"] == "away"
    failed = game.last[0]
    assert (failed.kind, failed.team, failed.points) == ("two_point_failed", "home", 0)
    assert "no good" in failed.text


def test_a_touchdown_in_the_fourth_quarter_is_followed_by_the_try() -> None:
    """Touchdown: "The offense must then decide whether to automatically receive 1 extra point or
    attempt a 2-point conversion"; only in overtime does a touchdown win at once ("If the
    offense scores a touchdown, it wins", Winning the Game: Overtime)."""
    game = kicked_off()
    for _ in range(18):
        end_turn(game)
    assert game.situation["quarter"] == 4
    scorer = game.situation["possession"]
    for _ in range(10):  # ten yards a roll, from wherever the quarter began
        game.enter(WIN)
        if "touchdown" in game.kinds():
            break
    assert game.kinds()[-1] == "touchdown"
    assert not game.situation["finished"]
    assert "extra point" in game.situation["next"]
    game.enter("pat")
    assert game.situation["score"][scorer] == 7 and not game.situation["finished"]
    assert game.situation["quarter"] == 4 and "Kickoff" in game.situation["next"]


# Quarters, halftime, the two-minute warning and the pad --------------------------------------


def test_a_quarter_is_three_rounds_of_one_turn_each() -> None:
    game = kicked_off()
    for _ in range(5):
        end_turn(game)
    assert game.situation["quarter"] == 1
    assert game.situation["clock"]["round"] == 3
    end_turn(game)
    assert game.situation["quarter"] == 2
    assert game.situation["clock"]["round"] == 1
    assert "quarter_end" in game.kinds()


def test_two_minute_warning_in_the_last_round_of_the_second_quarter() -> None:
    game = kicked_off()
    for _ in range(6 + 4):
        end_turn(game)
    assert game.situation["quarter"] == 2
    assert game.situation["clock"]["two_minute_warning"] is True
    assert "two_minute_warning" in game.kinds()


def test_two_minute_warning_only_in_the_last_round_of_the_second_and_fourth_quarters() -> None:
    """Two-minute warning: "In the last round of the 2nd quarter (2nd) and of the final quarter
    (4th), the second player to possess the ball has one last chance to score": the warning is
    called once, as that round starts, and holds for both of its turns; never in the 1st or 3rd
    quarter, nor in an earlier round."""
    game = kicked_off()
    flagged: list[tuple[int, int]] = []
    called: list[tuple[int, int]] = []
    for _ in range(24):
        seen = len(game.rulings)
        end_turn(game)
        now = game.situation
        where = (now["quarter"], now["clock"]["turn"])
        if now["clock"]["two_minute_warning"]:
            flagged.append(where)
        if any(r.kind == "two_minute_warning" for r in game.rulings[seen:]):
            called.append(where)
    assert flagged == [(2, 5), (2, 6), (4, 5), (4, 6)]
    assert called == [(2, 5), (4, 5)]
    assert game.situation["quarter"] == 5  # tied at 0: overtime, no warning there either


@pytest.mark.parametrize(
    ("ending", "kind", "ball_on"),
    [
        ((LOSE, "punt", "green 2"), "punt", 60),  # Packers 40 + 20: the Bears' 40
        ((WIN, LOSE, "fg", "green 1"), "field_goal_missed", 50),  # from the 50, needs a 6
        ((LOSE, "go", "green 1 6"), "turnover_on_downs", 40),  # at the Packers' 40
        (("white 1 2 4 3 3 3",), "fumble_lost", 10),  # 30 yards back to the Packers' 10
    ],
)
def test_the_other_team_starts_the_next_quarter_with_the_ball(
    ending: tuple[str, ...], kind: str, ball_on: int
) -> None:
    """End of a quarter: "Both teams play in turns"; after a punt the defense takes possession
    (Punt), after a missed field goal "the defense becomes the new offense, starting from the
    current position of the ball" (Field Goal), likewise on downs (4th Down) and after a loose
    ball (The Defense Rolls Triples). A turn that ends the quarter so ends: the next quarter
    starts with the other team on offence, from that spot, with no kickoff."""
    game = kicked_off()
    for _ in range(5):
        end_turn(game)
    assert (game.situation["clock"]["turn"], game.situation["possession"]) == (6, "away")
    game.enter(*ending)
    assert kind in game.kinds() and "quarter_end" in game.kinds()
    now = game.situation
    assert (now["quarter"], now["clock"]["turn"]) == (2, 1)
    assert now["possession"] == "home"
    assert (now["ball_on"], now["down"]) == (ball_on, 1)
    assert "Kickoff" not in now["next"]


def test_halftime_the_first_half_offense_kicks_off_the_second_half() -> None:
    game = kicked_off()  # Bears received the opening kickoff
    for _ in range(12):
        end_turn(game)
    assert game.situation["quarter"] == 3
    assert "halftime" in game.kinds()
    assert game.situation["possession"] == "away"
    assert "Kickoff" in game.situation["next"]


def test_scoring_pad_example_field_goal_on_offense_and_touchdown_on_defense() -> None:
    """Rulebook example: a field goal on the 1st offensive turn (3) and a touchdown with 1 extra
    point on the 2nd defensive turn after a loss of the ball (7): the quarter's total is 10."""
    game = at(30)
    game.enter(LOSE, "fg", "green 6")  # Bears 3 on their 1st offensive turn
    game.enter("green 2 2")  # Packers receive at their 20
    end_turn(game)  # Packers' 1st offensive turn: nothing (Bears' 1st defensive turn: X)
    game.enter(LOSE, "punt", "green 1")  # Bears' 2nd offensive turn: X
    game.enter("white 1 2 4 3 3 3", "pat")  # Packers lose the ball: Bears' defence scores 7
    pad = game.situation["pad"][0]["home"]
    assert pad["off"] == [3, "X"]
    assert pad["def"] == ["X", 7]
    assert pad["total"] == 10


# Overtime ---------------------------------------------------------------------------------


def tied_after_regulation() -> Played:
    game = kicked_off()
    for _ in range(24):
        end_turn(game)
    assert game.situation["quarter"] == 5
    assert "overtime" in game.kinds()
    return game


def test_tied_after_four_quarters_goes_to_overtime_with_a_coin_toss() -> None:
    game = tied_after_regulation()
    assert "toss" in game.situation["next"].lower()
    assert not game.situation["finished"]


def test_overtime_touchdown_on_the_first_turn_wins() -> None:
    game = tied_after_regulation()
    game.enter("toss away", "receive", "green 6 1", "white 6 6 6 1 1 2")
    assert game.situation["finished"]
    assert game.situation["winner"] == "away"


def test_overtime_field_goal_gives_the_other_team_one_chance() -> None:
    game = tied_after_regulation()
    game.enter("toss home", "receive", "green 6 1", WIN, WIN, LOSE, "fg", "green 6")
    assert not game.situation["finished"]
    assert game.situation["possession"] == "away"
    # The Packers fail on their one chance: the Bears' field goal wins.
    game.enter("green 2 2", LOSE, "punt", "green 1")
    assert game.situation["finished"]
    assert game.situation["winner"] == "home"


def test_overtime_second_team_scoring_more_wins() -> None:
    game = tied_after_regulation()
    game.enter("toss home", "receive", "green 6 1", WIN, WIN, LOSE, "fg", "green 6")
    game.enter("green 6 1", "white 6 6 6 1 2 3")
    assert game.situation["finished"]
    assert game.situation["winner"] == "away"


def test_overtime_tie_after_both_turns_next_score_wins() -> None:
    game = tied_after_regulation()
    game.enter("toss home", "receive", "green 6 1", LOSE, "punt", "green 1")
    game.enter(LOSE, "punt", "green 1")  # Packers fail too: still tied
    assert not game.situation["finished"]
    game.enter(WIN, WIN, LOSE, "fg", "green 6")
    assert game.situation["finished"]
    assert game.situation["winner"] == "home"


def test_entry_after_the_final_whistle_is_refused() -> None:
    game = tied_after_regulation()
    game.enter("toss away", "receive", "green 6 1", "white 6 6 6 1 1 2")
    with pytest.raises(IllegalEntry, match="game is over"):
        game.enter("toss home")


# Youngest players' variant ------------------------------------------------------------------


def test_youngest_variant_counts_downs_won_not_pips() -> None:
    """For the youngest players: one die at a time, 1 point to the higher, ties 0."""
    game = kicked_off(youngest="yes")
    # Pips 1+1+6 = 8 lose to 2+2+5 = 9, but downs won are 1 to 2: still a loss...
    game.enter("white 1 1 6 2 2 5")
    assert game.situation["down"] == 4


def test_youngest_variant_offense_winning_more_downs_gains_even_with_fewer_pips() -> None:
    game = kicked_off(youngest="yes")
    # Downs: 2>1, 3>2, 1<6: offense wins 2 downs to 1 though its pips are 6 against 9.
    game.enter("white 2 3 1 1 2 6")
    assert game.situation["ball_on"] == 40


def test_youngest_variant_fourth_down_adds_the_green_die_to_downs_won() -> None:
    """For the youngest players, 4th down: "both players roll their green dice to increase their
    score"."""
    game = kicked_off(youngest="yes")
    game.enter("white 1 1 2 2 2 3", "go", "green 6 3")  # downs 0-2 (then 0-3), 0+6 against 2+3
    assert game.situation["down"] == 1
    assert game.situation["ball_on"] == 40


def test_youngest_variant_fourth_down_leaves_out_a_third_down_won_by_the_offence() -> None:
    """For the youngest players, 4th down: "Add this last roll to the total of the first 2
    downs"."""
    game = kicked_off(youngest="yes")
    game.enter("white 1 1 6 2 2 1")  # downs lost, lost, won: 1 to 2, fourth down
    assert game.situation["down"] == 4
    assert "(Bears 0, Packers 2)" in game.situation["next"]
    game.enter("go", "green 5 4")  # the first 2 downs, 0 to 2: 0 + 5 against 2 + 4
    assert game.kinds() == ["turnover_on_downs"]
    assert "5 to 6" in game.last[0].text


def test_youngest_variant_fourth_down_leaves_out_a_third_down_won_by_the_defence() -> None:
    """For the youngest players, 4th down: "Add this last roll to the total of the first 2
    downs"."""
    game = kicked_off(youngest="yes")
    game.enter("white 5 1 1 1 5 6")  # downs won, lost, lost: 1 to 2, fourth down
    game.enter("go", "green 3 3")  # the first 2 downs, 1 to 1: 1 + 3 against 1 + 3, a tie
    assert game.kinds() == ["first_down"]
    assert game.situation["ball_on"] == 40


# Bad entries --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("white 0 2 4 3 5 1", "1 to 6; got 0"),
        ("white 7 2 4 3 5 1", "1 to 6; got 7"),
        ("white 6 2 4 3 5", "expected 6 dice"),
        ("white 6 2 4 3 5 1 1", "expected 6 dice"),
        ("white six 2 4 3 5 1", "number from 1 to 6"),
        ("punt", "not due now"),
        ("green 3 4", "not due now"),
        ("home 6 2 4 home 3 5 1", "given twice"),
        ("", "empty entry"),
        ("white 6 2 4 \x00 3 5 1", "control character"),
    ],
)
def test_bad_entries_are_refused_with_one_line_and_change_nothing(entry: str, message: str) -> None:
    game = kicked_off()
    before = game.state
    with pytest.raises(IllegalEntry, match=message) as refused:
        game.enter(entry)
    assert "\n" not in str(refused.value)
    assert game.state == before


def test_unknown_option_is_refused() -> None:
    with pytest.raises(IllegalEntry, match="unknown game option"):
        new_game("rushzone", length="short")


def test_rolls_may_be_labelled_by_side_in_any_order() -> None:
    game = kicked_off()
    game.enter("away 3 5 1 / home 6 2 4")
    assert game.kinds() == ["first_down"]


# The example game ---------------------------------------------------------------------------


def test_example_script_plays_a_complete_game_to_a_final_score() -> None:
    game = play_script(EXAMPLES / "rushzone-full.zebra", "rushzone")
    final = game.situation
    assert final["finished"] is True
    total = {"home": 0, "away": 0}
    for ruling in game.rulings:
        if ruling.points:
            total[ruling.team] += ruling.points
    assert final["score"] == total
    assert final["winner"] in ("home", "away")
