"""NFL Rush Zone thresholds, each pinned on both sides of its boundary through the entry language.

One test per threshold, named for the rule (rules/nfl-rush-zone.txt). Each was checked to fail
when its comparison or number is moved by one in a copy of the ruleset (the list is in the NFL
Rush Zone section of docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.ruleset import IllegalEntry
from tests.domain.scripts import Played
from tests.domain.test_rushzone import LOSE, WIN, at, end_turn, kicked_off, tied_after_regulation

# After kicked_off() the Bears have a first down at their own 50 (ball_on 50).


# Kickoff ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "difference", "ball_on"),
    [("1 4", -3, 80), ("1 3", -2, 80), ("4 5", -1, 90), ("2 2", 0, 80), ("3 2", 1, 90)],
)
def test_kickoff_touchback_on_zero_or_minus_two_and_lower(
    dice: str, difference: int, ball_on: int
) -> None:
    """Kickoff: "TOUCHBACK (dead ball): If the difference is 0, or -2 or lower ... the offense's
    20-yard line"; "DEFENSIVE STOP: If the difference is +1 or -1 ... the offense's 10"."""
    game = kicked_off(f"green {dice}")
    assert game.last[0].data["difference"] == difference
    assert game.situation["ball_on"] == ball_on
    assert ("kickoff_touchback" in game.kinds()) is (ball_on == 80)


@pytest.mark.parametrize(("dice", "ball_on"), [("3 2", 90), ("4 2", 80), ("5 2", 70)])
def test_kickoff_catch_and_run_from_plus_two(dice: str, ball_on: int) -> None:
    """Kickoff: "CATCH AND RUN: If the difference is +2 or more. Move the number of spaces
    indicated by the result, starting from your end zone" (+1 is still a defensive stop)."""
    game = kicked_off(f"green {dice}")
    assert game.situation["ball_on"] == ball_on
    assert game.kinds() == ["kickoff"]


# Downs 1 to 3 ----------------------------------------------------------------------------------


def test_offence_wins_the_roll_when_greater_or_tied() -> None:
    """Getting to the End Zone: "IF THE OFFENSE'S ROLL IS GREATER OR TIED: 1st down!"."""
    game = kicked_off()
    game.enter("white 1 2 4 1 2 4")  # 7 against 7
    assert game.situation["ball_on"] == 40 and game.situation["down"] == 1
    game = kicked_off()
    game.enter("white 1 2 4 1 2 5")  # 7 against 8
    assert game.situation["down"] == 4


def test_youngest_offence_wins_the_roll_with_as_many_downs() -> None:
    """For the youngest players: "Whoever has the highest number on that roll wins the down and
    scores 1 point. Ties are scored as 0 points" (and the offence wins ties)."""
    game = kicked_off(youngest="yes")
    game.enter("white 2 1 3 1 2 3")  # won, lost, tied: 1 to 1
    assert game.situation["ball_on"] == 40
    game = kicked_off(youngest="yes")
    game.enter("white 2 1 3 1 2 4")  # won, lost, lost: 1 to 2
    assert game.situation["down"] == 4
    game = kicked_off(youngest="yes")
    game.enter("white 3 1 5 3 2 5")  # tied, lost, tied: 0 to 1
    assert game.situation["down"] == 4


def test_doubles_are_exactly_two_equal_white_dice() -> None:
    """THE OFFENSE ROLLS DOUBLES: "If you roll doubles with the white dice ... move 20 yards
    (2 spaces) instead of 10"."""
    game = kicked_off()
    game.enter("white 3 3 4 1 1 2")
    assert game.kinds() == ["breaking_tackle"] and game.situation["ball_on"] == 30
    game = kicked_off()
    game.enter("white 3 5 4 1 1 2")
    assert game.kinds() == ["first_down"] and game.situation["ball_on"] == 40


def test_triples_are_three_equal_dice() -> None:
    """THE OFFENSE ROLLS TRIPLES: "If the offense rolls 3 identical dice ... move the number of
    spaces you rolled"."""
    game = kicked_off()
    game.enter("white 2 2 2 6 6 5")
    assert game.kinds() == ["long_pass"] and game.situation["ball_on"] == 30
    game = kicked_off()
    game.enter("white 2 2 3 6 6 5")
    assert game.situation["down"] == 4


def test_both_triples_the_higher_wins_and_equal_go_to_the_offence() -> None:
    """Triples: "if both players roll triples, the higher number takes priority. If both roll
    triples of the same number, the bonus goes to the offense"."""
    game = kicked_off()
    game.enter("white 3 3 3 3 3 3")
    assert game.kinds() == ["long_pass"]
    game = kicked_off()
    game.enter("white 3 3 3 4 4 4")
    assert game.kinds()[0] == "fumble_lost"


def test_touchdown_when_the_gain_reaches_the_goal_line() -> None:
    """Touchdown: "If the offense moves the ball into the defense's end zone"."""
    game = at(10)
    game.enter(WIN)
    assert "touchdown" in game.kinds()
    game = at(20)
    game.enter(WIN)
    assert game.situation["ball_on"] == 10 and "touchdown" not in game.kinds()


def test_loose_ball_carried_to_the_goal_line_is_a_touchdown() -> None:
    """THE DEFENSE ROLLS TRIPLES: "The defense moves the ball according to the number rolled
    ... If it reaches the end zone, it is a TOUCHDOWN!"."""
    game = kicked_off()  # at the Bears' 50: 50 yards from their goal line
    game.enter("white 1 2 4 5 5 5")
    assert "touchdown" in game.kinds() and game.situation["score"]["away"] == 6
    game = kicked_off()
    game.enter("white 1 2 4 4 4 4")
    assert "touchdown" not in game.kinds()
    assert game.situation["possession"] == "away" and game.situation["ball_on"] == 10


def test_goal_to_go_inside_the_10() -> None:
    """Getting to the End Zone: a space is 10 yards, so a first down at the 10 is and goal."""
    game = at(10)
    assert game.situation["goal_to_go"] is True
    assert "1st and goal" in game.situation["next"]
    game = at(20)
    assert game.situation["goal_to_go"] is False
    assert "1st and 10" in game.situation["next"]


# 4th down --------------------------------------------------------------------------------------


def test_fourth_down_offence_converts_when_greater_or_tied() -> None:
    """4th Down: "IF THE OFFENSE'S ROLL IS GREATER OR TIED: 1st down!"."""
    game = kicked_off()
    game.enter(LOSE, "go", "green 4 1")  # 7 + 4 against 10 + 1
    assert game.situation["down"] == 1 and game.situation["ball_on"] == 40
    game = kicked_off()
    game.enter(LOSE, "go", "green 3 1")  # 7 + 3 against 10 + 1
    assert game.kinds() == ["turnover_on_downs"]


def test_youngest_fourth_down_counts_the_first_two_downs() -> None:
    """For the youngest players, 4th down: "Add this last roll to the total of the first 2
    downs" — not the third, not only the first."""
    game = kicked_off(youngest="yes")
    game.enter("white 2 1 1 1 2 6", "go", "green 2 2")  # downs 1 to 1 (then 1 to 2): 3 to 3
    assert game.kinds() == ["first_down"]
    game = kicked_off(youngest="yes")
    game.enter("white 1 2 1 2 1 6", "go", "green 2 2")  # downs lost, won (1 to 1), lost: 3 to 3
    assert game.kinds() == ["first_down"]


def test_field_goal_from_the_defence_50_or_closer() -> None:
    """Field Goal: "may be attempted when you are on the defense's 50-yard line or closer"."""
    game = kicked_off()  # the 50
    game.enter(LOSE)
    assert "fg" in [f.keyword for f in game.ruleset.expected(game.state).forms]
    game.enter("fg")
    assert game.state.phase == "field_goal"
    game = kicked_off("green 5 1")  # +4: the Bears' own 40
    game.enter(LOSE)
    assert "fg" not in [f.keyword for f in game.ruleset.expected(game.state).forms]
    with pytest.raises(IllegalEntry, match="50 or closer"):
        game.enter("fg")


@pytest.mark.parametrize(("face", "good"), [(3, False), (4, True)])
def test_field_goal_die_must_beat_the_position(face: int, good: bool) -> None:
    """Field Goal: "you must roll a number higher than your current position ... from the
    30-yard line, you must roll a 4, 5, or 6"."""
    game = at(30)
    game.enter(LOSE, "fg", f"green {face}")
    assert ("field_goal" in game.kinds()) is good
    assert ("field_goal_missed" in game.kinds()) is not good


def test_punt_reaching_the_goal_line_is_a_touchback() -> None:
    """Punt: "If the punt goes into the defense's end zone, it is a touchback, and the other team
    starts from the 20-yard line"."""
    game = at(30)
    game.enter(LOSE, "punt", "green 3")
    assert "touchback" in game.last[0].text and game.situation["ball_on"] == 80
    game = at(30)
    game.enter(LOSE, "punt", "green 2")
    assert "downed" in game.last[0].text and game.situation["ball_on"] == 90


# Two-point try ---------------------------------------------------------------------------------


def _touchdown() -> Played:
    game = at(10)
    game.enter(WIN, "two")
    return game


def test_two_point_try_scoring_team_wins_ties() -> None:
    """Two-Point Conversion: "IF THE OFFENSE'S ROLL IS GREATER OR TIED: You get 2 extra
    points"."""
    game = _touchdown()
    game.enter("green 4 4")
    assert game.situation["score"]["home"] == 8
    game = _touchdown()
    game.enter("green 3 4")
    assert game.situation["score"]["home"] == 6


# Turns, quarters and overtime --------------------------------------------------------------------


def test_a_quarter_is_three_rounds() -> None:
    """End of a quarter: "After each team has had its turn, that is 1 round. A quarter consists
    of 3 rounds."."""
    game = kicked_off()
    for _ in range(5):
        end_turn(game)
    assert game.situation["quarter"] == 1
    end_turn(game)
    assert game.situation["quarter"] == 2


def test_two_minute_warning_in_the_last_round() -> None:
    """Two-minute warning: "In the last round of the 2nd quarter (2nd) and of the final quarter
    (4th)"."""
    game = kicked_off()
    for _ in range(6 + 3):
        end_turn(game)
    assert game.situation["clock"]["two_minute_warning"] is False
    end_turn(game)
    assert game.situation["clock"]["two_minute_warning"] is True
    assert "two_minute_warning" in game.kinds()


def _end_of_quarter(quarter: int, *, home_leads: bool = False) -> Played:
    game = kicked_off()
    scores = ((1, 0),) if home_leads else ((0, 0),)
    game.state = replace(
        game.state, quarter=quarter, scores=scores + ((0, 0),) * (quarter - 1), turn=6
    )
    game.state = replace(game.state, pad=game.state.pad * quarter)
    game.enter(LOSE, "punt", "green 1")
    return game


def test_halftime_after_the_second_quarter() -> None:
    """Halftime: "When the 2nd quarter ends, halftime begins"."""
    assert "quarter_end" in _end_of_quarter(1).kinds()
    assert "halftime" in _end_of_quarter(2).kinds()
    assert "quarter_end" in _end_of_quarter(3).kinds()


def test_the_game_is_four_quarters() -> None:
    """Winning the Game: "The team with the highest score at the end of the 4 quarters wins"."""
    assert not _end_of_quarter(3, home_leads=True).situation["finished"]
    game = _end_of_quarter(4, home_leads=True)
    assert game.situation["finished"] and game.situation["winner"] == "home"


def test_overtime_the_other_team_gets_one_turn() -> None:
    """Overtime: "If the offense punts the ball or scores a field goal, the other team gets 1
    opportunity to score. If the second team scores more points on its turn, that team wins."."""
    game = tied_after_regulation()
    game.enter("toss home", "receive", "green 6 1", WIN, WIN, LOSE, "fg", "green 6")
    assert not game.situation["finished"]  # after one turn: the Packers' opportunity
    game.enter("green 2 2", LOSE, "punt", "green 1")
    assert game.situation["finished"] and game.situation["winner"] == "home"
