"""1st & Goal rules, driven through the entry language (rules/first-and-goal.en.md).

Page numbers (p. N) are those of the Czech transcript, kept in the English translation.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import field as yards
from domain.ruleset import SITUATION_KEYS, IllegalEntry, Slot
from domain.rulesets.firstandgoal import RULESET, Cards, FirstAndGoalState
from tests.domain.scripts import EXAMPLES, Played, new_game, play_script


def game(**options: str) -> Played:
    return new_game("firstandgoal", **options)


def kicked_off(**options: str) -> Played:
    """Bears win the toss and take a touchback: 1st & 10 at their own 20."""
    g = game(**options)
    g.enter("toss home", "touchback")
    return g


def placed(ball_on: int, down: int = 1, marker: int | None = None, **options: str) -> Played:
    """Given: Bears have the ball at ``ball_on`` on ``down``."""
    g = kicked_off(**options)
    if marker is None:
        marker = yards.first_down_marker(ball_on)
    g.state = replace(g.state, ball_on=ball_on, down=down, marker=marker)
    return g


def sit(g: Played) -> dict:
    return g.situation


def refused(g: Played, entry: str, match: str) -> None:
    before = g.state
    with pytest.raises(IllegalEntry, match=match) as err:
        g.enter(entry)
    assert "\n" not in str(err.value)
    assert g.state == before


# Set-up and kickoff (pp. 2, 4, 7-8) -----------------------------------------------------------


def test_setup_eight_card_hands_three_timeouts_and_the_toss_winner_receives() -> None:
    """Set-up (p. 2): 8 cards in hand, time-outs on 3; the toss decides the first offence."""
    g = game()
    s = sit(g)
    assert set(SITUATION_KEYS) <= set(s)
    assert s["clock"]["offence_hand"] == 8 and s["clock"]["offence_deck"] == 52
    assert s["timeouts"] == {"home": 3, "away": 3}
    g.enter("toss away")
    assert sit(g)["possession"] == "away"
    assert g.ruleset.expected(g.state).forms[0].keyword == "touchback"


def test_kickoff_touchback_puts_the_ball_on_the_receivers_20() -> None:
    """Kickoff return (p. 4): a touchback is 1st & 10 on the own 20."""
    g = kicked_off()
    s = sit(g)
    assert (s["ball_on"], s["down"], s["distance"]) == (80, 1, 10)


def test_kickoff_return_runs_from_the_goal_line_with_the_board_dice() -> None:
    """Kickoff return (p. 4): the dice total from the goal line; the board's dice are asked once."""
    g = game()
    g.enter("toss home", "return")
    assert g.ruleset.expected(g.state).forms[0].keyword == "dice"
    g.enter("dice red tan", "roll 6 4 hail")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (90, 1)
    assert sit(g)["board_dice"] == {"return": ["red", "tan"]}


def test_x_on_a_kickoff_return_is_a_touchback() -> None:
    """Play die X (p. 6): X on a kickoff return is a touchback at the 20."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 6 6 x")
    assert sit(g)["ball_on"] == 80
    assert "kickoff_touchback" in g.kinds()


def test_onside_kick_needs_ten_and_a_t_on_a_white_die() -> None:
    """Onside kick (p. 8): from the kicker's 30; total 10+ and a T keeps the ball."""
    g = game()
    g.enter("toss home", "onside", "roll 6 5 t other")
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 59  # Packers' own 30 + 11


def test_onside_kick_fails_under_ten() -> None:
    """Onside kick (p. 8): under 10 the receiving team takes the ball at the spot."""
    g = game()
    g.enter("toss home", "onside", "roll 4 3 t t")
    s = sit(g)
    assert s["possession"] == "home" and s["ball_on"] == 37
    assert "onside_failed" in g.kinds()


# Downs and the worked examples (pp. 2, 5) ----------------------------------------------------


def test_example_drive_six_minus_four_eight_is_a_new_first_down() -> None:
    """Worked example (p. 2): from the 10, +6 to 2nd down, -4, then +8 for a new 1st down."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 6 4 hail")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (90, 1)
    g.enter("play halfback-dive nickel", "dice red tan black", "roll 4 3 -1 hail")
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (84, 2, 4)
    g.enter("play slant cover", "dice yellow black", "roll 1 -5 hail")
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (88, 3, 8)
    g.enter("play bomb dime", "dice blue green black", "roll 5 4 -1 mary")
    s = sit(g)
    assert (s["ball_on"], s["down"], s["distance"]) == (80, 1, 10)
    assert "first_down" in g.kinds()


def test_first_and_goal_when_the_marker_reaches_the_end_zone() -> None:
    """1st & goal (pp. 2, 5): a 1st down inside the 10 turns the marker sideways."""
    g = placed(15)
    g.enter("play draw nickel", "dice red tan black", "roll 6 5 -1 hail")
    s = sit(g)
    assert s["ball_on"] == 5 and s["first_and_goal"] and s["distance"] == 5
    assert "1st & goal" in g.ruleset.expected(g.state).text


def test_fourth_down_failure_is_a_turnover_on_downs_at_the_spot() -> None:
    """4th down (p. 5): short of the marker, the other team takes over where the ball lies."""
    g = placed(60, down=4, marker=50)
    g.enter("play screen nickel", "dice yellow black", "roll 3 -1 hail")
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 42 and s["down"] == 1
    assert "turnover_on_downs" in g.kinds()


def test_punt_is_only_offered_on_fourth_down() -> None:
    """4th down (p. 5): punt, field goal or go for it; a punt before 4th down is refused."""
    g = placed(60, down=2)
    refused(g, "punt", "not due now")


def test_a_run_burns_the_top_card_of_the_offence_deck() -> None:
    """Step 2 (p. 5): a run burns the top offence card; the hand is refilled to 8."""
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 2 0 hail")
    c = sit(g)["clock"]
    assert c["burned_this_half"] == 1
    assert (c["offence_deck"], c["offence_hand"], c["offence_discard"]) == (50, 8, 2)
    assert (c["defence_deck"], c["defence_hand"], c["defence_discard"]) == (51, 8, 1)


def test_a_run_burns_from_the_hand_when_the_deck_is_empty() -> None:
    """Step 2 (p. 5): with the deck empty the run burns a card from the hand."""
    g = kicked_off()
    g.state = replace(g.state, green=Cards(deck=0, hand=3, discard=57))
    g.enter("play sweep nickel")
    assert sit(g)["clock"]["offence_hand"] == 1


def test_a_colour_the_cards_did_not_call_for_is_refused() -> None:
    """Dice matchup (p. 5): only the dice of the cards' line are rolled."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black")
    refused(g, "roll blue 4 black -1 play hail", "no blue die is rolled now")
    g.enter("roll yellow 4 black -1 play hail")
    assert sit(g)["ball_on"] == 77


def test_dice_faces_out_of_range_or_unknown_are_refused() -> None:
    """The play die has six symbols; a distance die a printed number."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black")
    refused(g, "roll 4 -1 zebra", "play die shows one of")
    refused(g, "roll 99 -1 hail", "number from")
    refused(g, "roll 4 hail", "expected 3 faces")
    refused(g, "dice red", "not due now")


@pytest.mark.parametrize("face", ["--1", "++4", "+-4", "4-", "0x4", "4.0"])
def test_a_distance_die_face_is_one_sign_and_digits(face: str) -> None:
    """Dice (p. 3): the black die usually shows a negative value; one sign is read, no more."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black")
    refused(g, f"roll 4 {face} hail", "the black die is a whole number from -20 to 10")


def test_a_signed_distance_face_is_read_with_its_sign() -> None:
    """Dice (p. 3): the black die's -1 is subtracted from the offence dice; a + changes nothing."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll +4 -1 hail")
    assert sit(g)["ball_on"] == 77


@pytest.mark.parametrize("face", ["+12", "-12", "012x"])
def test_a_d20_face_is_digits_only(face: str) -> None:
    """Optional d20 tables (p. 16): a d20 shows 1 to 20 and no sign."""
    g = game(d20="yes")
    g.enter("toss home", "return")
    refused(g, f"roll {face} hail", "the d20 die is a whole number from 1 to 20")
    g.enter("roll 12 hail")
    assert sit(g)["ball_on"] == 78


def test_a_colour_is_named_once_and_black_may_repeat() -> None:
    """Black die (p. 3): some plays roll it several times; each colour die exists once."""
    g = kicked_off()
    g.enter("play slant nickel")
    refused(g, "dice red red", "only one red die")
    g.enter("dice yellow black black", "roll 6 -1 -2 hail")
    assert sit(g)["ball_on"] == 77
    g.enter("play sweep nickel", "dice red-tan-black")  # the picker's one-word form
    assert g.state.play is not None and g.state.play.colours == ("red", "tan")


def test_card_names_may_be_typed_with_spaces_and_expansion_cards_by_free_name() -> None:
    """Cards are recorded by the play names of pp. 12-15; expansion cards by a free name."""
    g = kicked_off()
    g.enter("play halfback dive cover 2 spy")
    assert g.last[0].data["offence"] == "halfback-dive"
    assert g.last[0].data["defence"] == "cover-2-spy"
    g2 = kicked_off()
    g2.enter("play pass:flea-flicker def:zone-blitz")
    assert sit(g2)["clock"]["burned_this_half"] == 0
    refused(kicked_off(), "play quarterback nickel", "not an offence card")


# Play die (p. 6) -----------------------------------------------------------------------------


def test_broken_up_counts_the_coloured_dice_as_zero() -> None:
    """Play die X (p. 6): the coloured dice count 0; the black die still counts."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 6 -2 x")
    assert sit(g)["ball_on"] == 82 and sit(g)["down"] == 2


def test_breakaway_rerolls_and_adds_while_it_repeats() -> None:
    """Breakaway (p. 6): reroll the same dice; other symbols during rerolls have no effect."""
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 5 -1 break")
    assert g.state.phase == "reroll"
    g.enter("roll 4 0 break", "roll 3 -1 t")
    s = sit(g)
    assert s["ball_on"] == 80 - 10 and s["possession"] == "home"
    assert "breakaway_end" in g.kinds()


def test_negative_breakaway_the_offence_may_stop() -> None:
    """Breakaway (p. 6): when the distance is negative the offence may declare the ball dead."""
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 1 -4 break")
    assert "stop" in [f.keyword for f in g.ruleset.expected(g.state).forms]
    g.enter("stop")
    assert sit(g)["ball_on"] == 83 and sit(g)["down"] == 2


def test_three_breakaways_in_a_row_score_with_the_optional_rule() -> None:
    """Optional breakaways (p. 11): three in a row is an immediate touchdown."""
    g = kicked_off(breakaway_td="yes")
    g.enter("play sweep nickel", "dice red black", "roll 2 0 break", "roll 2 0 break")
    g.enter("roll 1 0 break")
    assert sit(g)["score"]["home"] == 6


def test_three_breakaways_in_a_row_on_a_kickoff_return_score() -> None:
    """Optional breakaways (p. 11, "Pokud hodíte únik třikrát v řadě"): on any run, a return too."""
    g = game(breakaway_td="yes")
    g.enter("toss home", "return", "dice red tan", "roll 3 2 break", "roll 1 1 break")
    assert g.state.phase == "reroll"
    g.enter("roll 2 0 break")
    assert "breakaway_touchdown" in g.kinds() and "return_touchdown" in g.kinds()
    assert sit(g)["score"]["home"] == 6 and g.state.phase == "try"


def test_three_breakaways_in_a_row_on_a_punt_return_score() -> None:
    """Optional breakaways (p. 11): the punt returner who breaks free three times scores."""
    g = placed(70, down=4, marker=60, breakaway_td="yes")
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 10 10", "return")
    g.enter("roll 2 break", "roll 1 break", "roll 0 break")
    assert sit(g)["score"] == {"home": 0, "away": 6} and "breakaway_touchdown" in g.kinds()


def test_a_return_is_no_down_until_the_returner_is_stopped() -> None:
    """Kickoff and punt returns (p. 4, p. 8): the return is run before the offence's 1st & 10,
    so the situation shows no down or ball while it goes on (the play-by-play counts its yards
    as a return, not a gain from scrimmage)."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 0 0 break")
    assert g.state.phase == "reroll"
    assert (sit(g)["possession"], sit(g)["down"], sit(g)["ball_on"]) == ("home", None, None)
    g.enter("roll 6 4 hail")
    assert (sit(g)["down"], sit(g)["ball_on"]) == (1, 90)
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 10 10")
    assert sit(g)["down"] == 1, "the receivers choose a fair catch (1st & 10) or a return"
    g.enter("return")
    assert (sit(g)["down"], sit(g)["ball_on"]) == (None, None)


def test_a_return_breakaway_from_the_goal_line_keeps_rolling() -> None:
    """Breakaway (p. 6, "pokračují v házení, pokud se znovu objeví symbol"): no gain, roll on."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 0 0 break")
    assert g.state.phase == "reroll" and "touchback" not in g.kinds()
    g.enter("roll 6 4 hail")
    assert (sit(g)["possession"], sit(g)["ball_on"], sit(g)["down"]) == ("home", 90, 1)


def test_a_return_breakaway_behind_the_goal_line_rolls_on_or_the_returners_stop() -> None:
    """Breakaway (p. 6): behind the goal line he still runs; the returners (p. 3) may stop."""
    # Stopped after a negative roll behind the goal line: downed in the end zone, a touchback.
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll -2 0 break")
    assert "stop" in [f.keyword for f in g.ruleset.expected(g.state).forms]
    g.enter("roll 5 3 mary")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (94, 1)
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll -2 0 break", "stop")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (80, 1) and "touchback" in g.kinds()


def test_a_breakaway_behind_the_own_goal_line_rolls_on_until_it_ends() -> None:
    """Breakaway (p. 6): behind the own goal line the runner rolls on; ending there: safety."""
    g = placed(97, down=1, marker=87)
    g.enter("play sweep nickel", "dice red black", "roll 1 -6 break")
    assert g.state.phase == "reroll" and sit(g)["score"]["away"] == 0
    g.enter("roll 6 0 hail")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (96, 2)
    g = placed(97, down=1, marker=87)
    g.enter("play sweep nickel", "dice red black", "roll 1 -6 break", "stop")
    assert sit(g)["score"]["away"] == 2 and "safety" in g.kinds()


def test_potential_turnover_referee_t_changes_possession() -> None:
    """Potential turnover (p. 6): move the ball, then a T on the referee die is a turnover."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t")
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 25
    assert g.last[0].data["what"] == "interception"
    assert s["clock"]["offence_hand"] == 8


def test_potential_turnover_other_referee_face_no_turnover() -> None:
    """Potential turnover (p. 6): any other referee symbol, no turnover."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref hail")
    assert sit(g)["possession"] == "home" and sit(g)["ball_on"] == 75


def test_turnover_in_the_opponents_end_zone_is_a_touchback() -> None:
    """Potential turnover (p. 6): a turnover in the opponent's end zone is a touchback."""
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 t", "ref t")
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 80 and s["score"]["home"] == 0


def test_optional_turnover_return_with_black_and_red() -> None:
    """Optional turnover rule (p. 11): the black and red dice move the recovered ball."""
    g = kicked_off(turnover_return="yes")
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t")
    assert g.state.phase == "turnover_roll"
    g.enter("roll -1 5")
    assert sit(g)["possession"] == "away" and sit(g)["ball_on"] == 21


def test_optional_turnover_dice_off_changes_nothing() -> None:
    """Optional turnover rule (p. 11) left off: referee T is a turnover at once, as on p. 6."""
    g, h = kicked_off(), kicked_off(turnover_dice="no")
    for played in (g, h):
        played.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t")
    assert g.state == h.state and g.last == h.last
    assert h.last[0].data == {"what": "interception"} and h.state.phase == "call"
    refused(h, "interception", "not due now")


@pytest.mark.parametrize("answer", ["interception", "fumble"])
def test_optional_turnover_dice_on_a_pass_asks_the_dice_then_the_table(answer: str) -> None:
    """Optional turnover rule (p. 11): referee and penalty dice, then the table's printed rule."""
    g = kicked_off(turnover_dice="yes")
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t")
    assert g.state.phase == "turnover_dice" and sit(g)["possession"] == "home"
    (form,) = g.ruleset.expected(g.state).forms
    assert form.syntax == "ref <referee die> <penalty die>"
    assert [s.words for s in form.slots] == [
        ("t", "x", "def", "off", "hail", "mary", "other"),
        ("5", "5a", "10", "15"),
    ]
    g.enter("ref def 10")
    assert g.state.phase == "turnover_call" and g.kinds() == ["turnover_dice"]
    prompt = g.ruleset.expected(g.state)
    assert prompt.legal == ["interception", "fumble"] and "def" in prompt.text
    g.enter(answer)
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 25 and g.state.phase == "call"
    turnover = g.last[0]
    kind = "interception" if answer == "interception" else "fumble_lost"
    assert turnover.kind == kind and turnover.team == "away"
    assert turnover.data == {"what": answer, "referee": "def", "penalty": "10", "answered": True}
    assert f"{answer}!" in turnover.text and "penalty die 10" in turnover.text


def test_optional_turnover_dice_on_a_run_is_a_fumble_after_the_dice() -> None:
    """Optional turnover rule (p. 11): only a pass can be intercepted; a run is a fumble."""
    g = kicked_off(turnover_dice="yes")
    g.enter("play sweep nickel", "dice red black", "roll 4 0 t", "ref t")
    assert "interception" not in g.ruleset.expected(g.state).text
    g.enter("ref x 5")
    assert g.last[0].data == {"what": "fumble", "referee": "x", "penalty": "5"}
    assert sit(g)["possession"] == "away" and sit(g)["ball_on"] == 24


def test_optional_turnover_dice_then_the_return_and_on_a_two_point_try() -> None:
    """Optional turnover rules (p. 11) together: dice, the answer, then black and red."""
    g = kicked_off(turnover_dice="yes", turnover_return="yes")
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t", "ref t 5a")
    g.enter("interception")
    assert g.state.phase == "turnover_roll"
    g.enter("roll -1 5")
    assert sit(g)["possession"] == "away" and sit(g)["ball_on"] == 21
    g = placed(5, turnover_dice="yes")
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    g.enter("play screen nickel", "dice yellow black", "roll 4 -1 t", "ref t", "ref off 15")
    g.enter("fumble")
    assert sit(g)["score"]["home"] == 6 and g.state.phase == "kickoff"


def test_optional_turnover_dice_refuses_an_out_of_place_answer() -> None:
    """Optional turnover rule (p. 11): the answer comes after the dice, on a pass only."""
    g = kicked_off(turnover_dice="yes")
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t")
    refused(g, "interception", "'interception' is not due now")
    refused(g, "ref def", "expected 2 faces")
    g.enter("ref hail 15")
    refused(g, "interception now", "interception takes nothing more")
    refused(g, "ref t 5", "'ref' is not due now")


# Penalties (pp. 6-7) -------------------------------------------------------------------------


def test_example_penalty_on_the_offence_five_yards_repeat_the_down() -> None:
    """Worked example (p. 7): potential penalty, on the offence, 5 yards back, repeat the down."""
    g = placed(80, down=2, marker=72)
    g.enter("play off-tackle nickel", "dice red black", "roll 5 -1 p", "ref off 5")
    assert g.ruleset.expected(g.state).actor == "away"  # the defence chooses
    g.enter("accept")
    s = sit(g)
    assert (s["ball_on"], s["down"], s["distance"]) == (85, 2, 13)
    assert s["clock"]["burned_this_half"] == 0  # a penalty stops the clock (p. 7)


def test_defensive_penalty_declined_the_play_stands_and_the_down_advances() -> None:
    """Declining (p. 7): the offence may decline; the ball moves the rolled distance."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 7 -1 p", "ref def 5", "decline")
    s = sit(g)
    assert (s["ball_on"], s["down"]) == (74, 2)


def test_five_a_is_an_automatic_first_down_against_the_defence() -> None:
    """Penalty die 5A (p. 6): 5 yards and an automatic 1st down if the defence is penalised."""
    g = placed(60, down=3, marker=50)
    g.enter("play slant nickel", "dice yellow black", "roll 1 -1 p", "ref def 5a", "accept")
    s = sit(g)
    assert (s["ball_on"], s["down"], s["distance"]) == (55, 1, 10)


def test_offensive_penalty_near_own_goal_is_half_the_distance() -> None:
    """Penalty (p. 7): towards the own end zone only half the distance, rounded up, not past 1."""
    g = placed(95, down=1, marker=85)
    g.enter("play slant nickel", "dice yellow black", "roll 1 -1 p", "ref off 15", "accept")
    assert sit(g)["ball_on"] == 98
    g = placed(99, down=1, marker=89)
    g.enter("play slant nickel", "dice yellow black", "roll 1 -1 p", "ref off 15", "accept")
    assert sit(g)["ball_on"] == 99


def test_no_penalty_on_another_referee_face() -> None:
    """Potential penalty (p. 6): any other referee symbol, no penalty; the play counts."""
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 4 -1 p", "ref t 10")
    s = sit(g)
    assert (s["ball_on"], s["down"]) == (77, 2)
    assert s["clock"]["burned_this_half"] == 1


def test_kickoff_return_penalty_on_the_kickers_accepted() -> None:
    """Declining (p. 7) on a kickoff return: the returners decide; accepted, it is marked off."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 10 10 p", "ref def 5")
    prompt = g.ruleset.expected(g.state)
    assert prompt.actor == "home" and "Bears" in prompt.text  # the non-offending returners
    assert {f.keyword for f in prompt.forms} == {"accept", "decline"}
    g.enter("accept")
    s = sit(g)
    assert (s["possession"], s["ball_on"], s["down"], s["distance"]) == ("home", 75, 1, 10)
    assert "penalty_accepted" in g.kinds()


def test_kickoff_return_penalty_on_the_returners_declined_the_return_stands() -> None:
    """Declining (p. 7) on a kickoff return: the kickers decline; the return stands."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 10 10 p", "ref off 10")
    assert g.ruleset.expected(g.state).actor == "away"  # the kicking team decides
    g.enter("decline")
    s = sit(g)
    assert (s["possession"], s["ball_on"], s["down"], s["distance"]) == ("home", 80, 1, 10)
    assert "penalty_declined" in g.kinds()


def test_punt_return_penalty_declined_the_return_stands() -> None:
    """Declining (p. 7) on a punt return: the punting team declines; the return stands."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 10 10", "return")
    g.enter("roll 10 p", "ref off 15")
    assert g.ruleset.expected(g.state).actor == "home"  # the punting team decides
    g.enter("decline")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 40)


def test_punt_penalty_on_the_kickers_accepted_repeats_the_punt() -> None:
    """Punt P (p. 8): the receivers accept a flag on the punting team; the punt is repeated."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref off 10")
    prompt = g.ruleset.expected(g.state)
    assert g.state.phase == "punt_penalty_choice" and prompt.actor == "away"
    assert {f.keyword for f in prompt.forms} == {"accept", "decline"}
    g.enter("accept")
    s = sit(g)
    assert g.state.phase == "punt_roll" and (s["possession"], s["ball_on"]) == ("home", 80)


def test_punt_penalty_on_the_receivers_declined_the_punt_stands() -> None:
    """Punt P (p. 8, declining p. 7): the punting team declines; the rolled punt stands."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref def 5")
    assert g.ruleset.expected(g.state).actor == "home"  # the punting team decides
    g.enter("decline")
    assert g.state.phase == "punt_return_choice"
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 50)
    g.enter("faircatch")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (50, 1)


def test_punt_penalty_choice_names_the_coach_in_the_team_variant() -> None:
    """Team variant (p. 1): the punting side's offence coach decides on a flag on the receivers."""
    g = placed(70, down=4, marker=60, teams="2v2")
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref def 5")
    assert g.ruleset.expected(g.state).actor == "home offence coach"


def test_decline_is_refused_when_no_penalty_is_pending() -> None:
    """Declining (p. 7) needs a called penalty: elsewhere it is refused and records nothing."""
    g = kicked_off()
    refused(g, "decline", "not due")
    g = game()
    g.enter("toss home", "return", "dice red tan")
    refused(g, "decline", "not due")
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p")
    refused(g, "decline", "not due")
    g.enter("ref other 5")  # no flag: the punt stands, nothing to decline
    refused(g, "decline", "not due")


# Field goals and punts (pp. 7-8, 11) ---------------------------------------------------------


def test_example_field_goal_enters_the_end_zone() -> None:
    """Worked example (p. 7): the block fails, the kick reaches the end zone, 3 points."""
    g = placed(15, down=4, marker=5)
    g.enter("fg", "reveal kick kick", "block other break")
    assert g.state.phase == "board_dice"
    g.enter("dice red tan brown", "roll 6 5 6")
    s = sit(g)
    assert s["score"]["home"] == 3
    assert s["clock"]["burned_this_half"] == 1  # a card after any attempt (p. 9)
    assert s["possession"] == "away" and g.state.phase == "kickoff"


def test_field_goal_short_gives_the_ball_at_the_spot_of_the_attempt() -> None:
    """Field goal (p. 7): short of the 0-yard line, the opponent takes over at the spot."""
    g = placed(30, down=4, marker=20)
    g.enter("fg", "reveal kick kick", "block x t", "dice red tan brown", "roll 6 5 6")
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 70 and s["score"]["home"] == 0


def test_field_goal_two_x_blocks_it() -> None:
    """Field goal (p. 7): two X on the referee and play dice block the kick: turnover."""
    g = placed(30, down=4, marker=20)
    g.enter("fg", "reveal kick kick", "block x x")
    s = sit(g)
    assert s["possession"] == "away" and s["ball_on"] == 70
    assert s["clock"]["burned_this_half"] == 1


def test_kick_against_fake_adds_five_yards() -> None:
    """Fake kick (p. 11): offence KICK, defence FAKE: +5 yards to the kick."""
    g = placed(20, down=4, marker=10)
    g.enter("fg", "reveal kick fake", "block t t", "dice red tan brown", "roll 5 5 5")
    assert sit(g)["score"]["home"] == 3


def test_fake_against_kick_is_a_card_play_without_the_black_die() -> None:
    """Fake kick (p. 11): offence FAKE, defence KICK: a normal play without the black die."""
    g = placed(40, down=4, marker=35)
    g.enter("punt", "reveal fake kick", "play slant nickel", "dice yellow black")
    assert [s.label for s in g.ruleset.expected(g.state).forms[0].slots] == [
        "yellow die",
        "play die",
    ]
    g.enter("roll 6 hail")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (34, 1)


def test_fake_against_fake_turns_the_ball_over_at_the_spot() -> None:
    """Fake kick (p. 11): both FAKE: broken up, the ball is turned over where it lies."""
    g = placed(40, down=4, marker=35)
    g.enter("punt", "reveal fake fake")
    assert sit(g)["possession"] == "away" and sit(g)["ball_on"] == 60


def test_punt_and_return_with_the_green_and_play_dice() -> None:
    """Worked example (p. 8): a 30-yard punt returned 10 yards."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 5 25")
    assert sit(g)["possession"] == "away" and g.state.phase == "punt_return_choice"
    g.enter("return", "roll 10 hail")
    assert sit(g)["ball_on"] == 50  # caught at the Packers 40, returned to the 50


def test_punt_fair_catch_and_touchback() -> None:
    """Punt (p. 8): fair catch where it lands; over the goal line a touchback at the 20."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 10 10", "faircatch")
    assert sit(g)["ball_on"] == 50 and sit(g)["possession"] == "away"
    g = placed(40, down=4, marker=30)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 20")
    assert sit(g)["ball_on"] == 80 and sit(g)["possession"] == "away"


@pytest.mark.parametrize(
    ("roll", "phase", "possession"),
    [
        ("roll 20 x", "call", "away"),  # blocked
        ("roll 20 break", "punt_bounce", "home"),  # extra bounce
        ("roll 20 t", "punt_ref_t", "home"),
        ("roll 20 p", "punt_ref_p", "home"),
        ("roll 20 hail", "call", "away"),  # out of bounds / fair catch, no return
    ],
)
def test_punt_play_die_special_effects(roll: str, phase: str, possession: str) -> None:
    """Punt (p. 8): one punt die swapped for the play die and its five special effects."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", roll)
    assert g.state.phase == phase and sit(g)["possession"] == possession


def test_punt_swap_may_be_entered_with_labels() -> None:
    """Punt (p. 8): "green 20 play hail" says the blue die was swapped for the play die."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll green 20 play hail")
    assert sit(g)["ball_on"] == 50 and sit(g)["possession"] == "away"


def test_punt_extra_bounce_and_recovery_and_penalty() -> None:
    """Punt (p. 8): bounce adds a roll; referee T recovers; an accepted penalty repeats it."""
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 break", "bounce 5", "faircatch")
    assert sit(g)["ball_on"] == 55
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 t", "ref t")
    assert sit(g)["possession"] == "home" and sit(g)["ball_on"] == 50 and sit(g)["down"] == 1
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref off 10", "accept")
    assert g.state.phase == "punt_roll" and sit(g)["ball_on"] == 80
    g = placed(62, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref def 5", "accept")
    assert g.state.phase == "call" and sit(g)["down"] == 1 and sit(g)["possession"] == "home"


# Scoring (p. 9) ------------------------------------------------------------------------------


def test_touchdown_six_and_the_extra_point() -> None:
    """Touchdown (p. 9): 6 points; play and referee dice, anything but two X is +1."""
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail")
    assert sit(g)["score"]["home"] == 6
    g.enter("pat x t")
    assert sit(g)["score"]["home"] == 7
    assert g.state.phase == "kickoff" and sit(g)["possession"] == "away"


def test_extra_point_blocked_on_two_x() -> None:
    """Extra point (p. 9): two X block it."""
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "pat x x")
    assert sit(g)["score"]["home"] == 6


def test_example_two_point_try_stopped() -> None:
    """Worked example (p. 9): the defence stops the two-point try; no extra points."""
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    assert sit(g)["ball_on"] == 2
    g.enter("play halfback-dive goal-line", "dice red black", "roll 1 -2 hail")
    assert sit(g)["score"]["home"] == 6
    assert "two_point_failed" in g.kinds() and g.state.phase == "kickoff"


def test_two_point_try_good_and_ended_by_an_offensive_penalty() -> None:
    """Two-point conversion (p. 9): 2 points in the end zone; an offensive penalty scores 0."""
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    g.enter("play screen nickel", "dice yellow black", "roll 4 -1 hail")
    assert sit(g)["score"]["home"] == 8
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    g.enter("play screen nickel", "dice yellow black", "roll 4 -1 p", "ref off 5", "accept")
    assert sit(g)["score"]["home"] == 6 and g.state.phase == "kickoff"


def test_example_safety_two_points_and_a_punt_from_the_20() -> None:
    """Worked example (p. 9): pushed back into the own end zone (total -6): safety."""
    g = placed(97, down=2, marker=87)
    g.enter("play slant corner-blitz", "dice yellow black black", "roll 0 -3 -3 hail")
    s = sit(g)
    assert s["score"]["away"] == 2 and "safety" in g.kinds()
    assert s["possession"] == "home" and g.state.ball_on == 80
    g.enter("dice blue green", "roll 20 20", "faircatch")
    assert sit(g)["possession"] == "away" and sit(g)["ball_on"] == 60


def test_score_equals_the_sum_of_scoring_rulings() -> None:
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "pat t t")
    points = sum(r.points for r in g.rulings if r.team == "home")
    assert sit(g)["score"]["home"] == points == 7


# Clock, time-outs, special situations (pp. 4, 9-11) -----------------------------------------


def test_time_out_options_a_and_b() -> None:
    """Time-out (p. 4): A takes a card from the discard pile, B redraws; 3 per half."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    g.enter("timeout home", "options a b")
    s = sit(g)
    assert s["timeouts"]["home"] == 2
    assert s["clock"]["offence_hand"] == 9 and s["clock"]["offence_discard"] == 0
    assert s["clock"]["defence_hand"] == 8


def test_a_time_out_with_none_left_is_refused() -> None:
    """Time-out (p. 4): a team with no time-outs left cannot call one this half."""
    g = kicked_off()
    g.state = replace(g.state, timeouts=(0, 3))
    refused(g, "timeout home", "no time-outs left")


def test_defence_time_out_saves_the_run_card() -> None:
    """Running the clock (p. 10): the defence's time-out cancels the burn of a run."""
    g = kicked_off()
    g.enter("play sweep nickel")
    refused(g, "timeout home", "only the defence")
    g.enter("timeout away", "options none none")
    assert sit(g)["clock"]["burned_this_half"] == 0
    assert g.state.phase == "matchup"


def test_run_the_clock_after_a_completed_pass() -> None:
    """Running the clock (p. 10): after a completed pass the offence may burn a card."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail", "runclock")
    assert sit(g)["clock"]["burned_this_half"] == 1
    g.enter("timeout away", "options none none")
    assert sit(g)["clock"]["burned_this_half"] == 0
    g2 = kicked_off()
    g2.enter("play slant nickel", "dice yellow black", "roll 3 -1 x")
    refused(g2, "runclock", "not due now")


def test_the_half_ends_when_the_offence_has_no_card_left() -> None:
    """End of half (p. 9): out of cards ends the half; the first receiver kicks off next."""
    g = kicked_off()
    g.state = replace(g.state, green=Cards(deck=0, hand=1, discard=59))
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    s = sit(g)
    assert s["quarter"] == 2 and "halftime" in g.kinds()
    assert s["possession"] == "away" and g.state.phase == "kickoff"
    assert s["clock"]["offence_deck"] == 52 and s["timeouts"] == {"home": 3, "away": 3}


def test_game_end_and_overtime_first_score_wins() -> None:
    """End of game (p. 10): tied after two halves, a coin toss, 3 new time-outs, first score."""
    g = kicked_off()
    g.state = replace(g.state, half=2, scores=((0, 0), (0, 0)), timeouts=(1, 0))
    g.state = replace(g.state, green=Cards(deck=0, hand=1, discard=59))
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    assert "overtime" in g.kinds() and g.state.phase == "toss"
    assert sit(g)["timeouts"] == {"home": 3, "away": 3}
    g.enter("toss away", "touchback")
    g.state = replace(g.state, ball_on=20, marker=10)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 6 6 9")
    s = sit(g)
    assert s["finished"] and s["winner"] == "away"
    refused(g, "toss home", "game is over")


def test_game_ends_with_the_second_half_when_not_tied() -> None:
    g = kicked_off()
    g.state = replace(g.state, half=2, scores=((7, 0), (0, 0)))
    g.state = replace(g.state, green=Cards(deck=0, hand=1, discard=59))
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    assert sit(g)["finished"] and sit(g)["winner"] == "home"


def test_red_zone_cards_cannot_be_played_inside_their_line() -> None:
    """Red-zone play selection (p. 10): red 20 inside the 20, red 10 inside the 10."""
    g = placed(18)
    refused(g, "play bomb nickel r20", "within 20 yards")
    g.enter("play bomb nickel r10")
    g = placed(8)
    refused(g, "play bomb nickel r10", "within 10 yards")
    refused(g, "play bomb nickel clock", "running-clock")


def test_unplayable_hand_discards_and_redraws_or_ends_the_half() -> None:
    """Unplayable hand (p. 10): discard 1 or 2 and redraw; nothing to draw ends the half."""
    g = placed(15)
    g.enter("unplayable 2")
    c = sit(g)["clock"]
    assert (c["offence_hand"], c["offence_deck"], c["offence_discard"]) == (8, 50, 2)
    g.state = replace(g.state, green=Cards(deck=0, hand=2, discard=58))
    g.enter("unplayable 1")
    assert sit(g)["quarter"] == 2


def test_qb_kneel_only_with_an_empty_deck() -> None:
    """QB kneel (p. 10): deck empty; burn a card from the hand, lose 1 yard and a down."""
    g = placed(50)
    refused(g, "kneel", "not due now")
    g.state = replace(g.state, green=Cards(deck=0, hand=4, discard=56))
    g.enter("kneel")
    s = sit(g)
    assert (s["ball_on"], s["down"], s["clock"]["offence_hand"]) == (51, 2, 3)


def test_qb_sneak_at_one_yard_to_go() -> None:
    """QB sneak (p. 11): 1 yard to go; breakaway/HAIL/MARY gain it, X/T lose a down."""
    g = placed(41, down=3, marker=40)
    g.enter("sneak", "roll break")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (40, 1)
    g = placed(41, down=3, marker=40)
    g.enter("sneak", "roll x")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (41, 4)
    g = placed(41, down=3, marker=40)
    g.enter("sneak", "roll p", "ref def 5", "accept")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (36, 1)
    refused(placed(45, down=2, marker=40), "sneak", "not due now")


def test_hail_mary_on_the_last_play_of_the_half() -> None:
    """Hail Mary (p. 10): 1 or 2 cards, on or behind the own 35; HAIL and MARY score."""
    g = placed(70)
    g.state = replace(g.state, green=Cards(deck=0, hand=2, discard=58))
    g.enter("hailmary", "roll mary hail")
    assert sit(g)["score"]["home"] == 6
    assert [f.keyword for f in g.ruleset.expected(g.state).forms] == ["pat"]
    g.enter("pat t t")
    assert sit(g)["score"]["home"] == 7 and sit(g)["quarter"] == 2
    g = placed(65)
    g.state = replace(g.state, green=Cards(deck=0, hand=1, discard=59))
    g.enter("hailmary", "roll hail hail")
    assert sit(g)["score"]["home"] == 0 and sit(g)["quarter"] == 2
    g = placed(60)
    g.state = replace(g.state, green=Cards(deck=0, hand=2, discard=58))
    refused(g, "hailmary", "not due now")
    g = placed(70)
    g.state = replace(g.state, green=Cards(deck=0, hand=3, discard=57))
    refused(g, "hailmary", "not due now")


def test_change_of_possession_reshuffles_hands_into_the_decks() -> None:
    """Change of possession (p. 5): hands back into the decks, 8 new cards each."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    g.enter("timeout home", "options a none")
    assert sit(g)["clock"]["offence_hand"] == 9
    g.enter("play slant nickel", "dice yellow black", "roll 6 -1 t", "ref t")
    c = sit(g)["clock"]
    assert sit(g)["possession"] == "away"
    assert (c["offence_hand"], c["offence_deck"], c["offence_discard"]) == (8, 51, 1)
    assert (c["defence_hand"], c["defence_deck"]) == (8, 50)


# Team variants and options ------------------------------------------------------------------


def test_team_variants_name_the_coach_who_acts() -> None:
    """3 or 4 players (p. 1): one coach plays the offence cards, the other the defence cards."""
    g = game(teams="2v2")
    g.enter("toss home")
    assert g.ruleset.expected(g.state).actor == "home offence coach"
    g = game(teams="2v1-away")
    g.enter("toss home")
    assert g.ruleset.expected(g.state).actor == "home"


def test_squib_kick_option() -> None:
    """Optional squib kick (p. 11): from the kicker's 30 with no return."""
    g = game(squib="yes")
    g.enter("toss home", "squib", "dice red", "roll 5")
    assert sit(g)["ball_on"] == 35 and sit(g)["possession"] == "home"  # at the kicker's 35


def test_d20_kickoff_and_punt_tables() -> None:
    """Optional d20 rules (p. 16): kickoff from the 10 + d20 (20 again); punt 35 + d20."""
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 12 hail")
    assert sit(g)["ball_on"] == 78
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 20 hail", "roll 20")
    assert sit(g)["score"]["home"] == 6
    g = placed(70, down=4, marker=60, d20="yes")
    g.enter("punt", "reveal kick kick", "roll 10 fc")
    assert sit(g)["ball_on"] == 75 and sit(g)["possession"] == "away"


def test_unknown_option_is_refused() -> None:
    with pytest.raises(IllegalEntry, match="unknown game option"):
        RULESET.initial("A", "B", {"quarters": "4"})


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("punt", "not due now"),
        ("play", "enter both cards"),
        ("play slant", "not a defence card"),
        ("play slant nickel r30", "unexpected"),
        ("", "empty entry"),
        ("timeout nobody", "'nobody' is not a team; enter home or away"),
        ("timeout", "enter the team: timeout home"),
        ("timeout home away", "enter the team: timeout home"),
    ],
)
def test_bad_entries_are_refused_with_one_line(entry: str, message: str) -> None:
    refused(placed(50), entry, message)


# Random legal games ---------------------------------------------------------------------------


def _value(slot: Slot, rnd: random.Random) -> str | int:
    if slot.kind == "word":
        return rnd.choice(slot.words)
    return rnd.randint(slot.low, slot.high)


@settings(deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    opts=st.fixed_dictionaries(
        {
            "teams": st.sampled_from(("1v1", "2v1-home", "2v2")),
            "turnover_return": st.sampled_from(("no", "yes")),
            "turnover_dice": st.sampled_from(("no", "yes")),
            "breakaway_td": st.sampled_from(("no", "yes")),
            "squib": st.sampled_from(("no", "yes")),
            "d20": st.sampled_from(("no", "yes")),
        }
    ),
)
def test_random_legal_games_reach_the_final_whistle(seed: int, opts: dict[str, str]) -> None:
    """Random games built only from the legal forms keep the invariants and finish."""
    rnd = random.Random(seed)
    state: FirstAndGoalState = RULESET.initial("Bears", "Packers", opts)
    scored = {"home": 0, "away": 0}
    last_score = dict(scored)
    entries = 0
    while not RULESET.situation(state)["finished"]:
        form = rnd.choice(RULESET.expected(state).forms)
        text = form.compose([_value(s, rnd) for s in form.slots])
        # Every entry composed from the legal forms within their slots is accepted.
        state, rulings = RULESET.apply(state, text)
        for r in rulings:
            if r.points:
                assert r.team is not None
                scored[r.team] += r.points
        view = RULESET.situation(state)
        assert view["score"] == scored
        assert all(view["score"][s] >= last_score[s] for s in scored)
        last_score = dict(view["score"])
        if view["ball_on"] is not None:
            assert 0 <= view["ball_on"] <= 100
        entries += 1
        assert entries < 5000
    with pytest.raises(IllegalEntry, match="game is over"):
        RULESET.apply(state, "toss home")


# The scripted game ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "final"),
    [
        ("firstandgoal-full.zebra", {"home": 10, "away": 13}),
        ("firstandgoal-teams.zebra", {"home": 7, "away": 17}),
    ],
)
def test_the_example_games_play_to_a_final_score(name: str, final: dict[str, int]) -> None:
    """The scripted games in examples/ apply line by line and end with the final whistle."""
    played = play_script(EXAMPLES / name, "firstandgoal")
    s = played.situation
    assert s["finished"] and s["winner"] is not None
    assert s["score"] == final
    total = {"home": 0, "away": 0}
    for r in played.rulings:
        if r.points and r.team:
            total[r.team] += r.points
    assert s["score"] == total


# Rulings on ambiguous passages (docs/rulings.md, 1st & Goal) ---------------------------


def test_ruling_turnover_in_the_own_end_zone_is_a_safety() -> None:
    """Ruling: a turnover behind the own goal line scores as a safety (p. 9 text)."""
    g = placed(97, down=1, marker=87)
    g.enter("play slant nickel", "dice yellow black", "roll 0 -5 t", "ref t")
    assert sit(g)["score"]["away"] == 2 and "safety" in g.kinds()


def test_ruling_return_penalty_is_marked_from_the_end_of_the_run() -> None:
    """Ruling: an accepted penalty on a kick return is marked off where the run ends."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 10 10 p", "ref off 10", "accept")
    assert sit(g)["ball_on"] == 90 and g.state.phase == "call"


def test_ruling_defensive_penalty_near_the_goal_is_half_the_distance() -> None:
    """Ruling: a defensive penalty never reaches the end zone: half the distance (p. 7 mirrored)."""
    g = placed(4, marker=0)
    g.enter("play slant nickel", "dice yellow black", "roll 1 -1 p", "ref def 15", "accept")
    assert sit(g)["ball_on"] == 2 and sit(g)["score"]["home"] == 0


def test_ruling_penalty_yards_reaching_the_marker_are_a_first_down() -> None:
    """Ruling: a penalty that carries the ball to the marker gives a 1st down (p. 5, p. 8)."""
    g = placed(55, down=3, marker=50)
    g.enter("play slant nickel", "dice yellow black", "roll 1 -1 p", "ref def 10", "accept")
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (45, 1, 10)


def test_ruling_two_point_defensive_penalty_repeats_the_try_closer() -> None:
    """Ruling: a defensive penalty on the two-point try repeats it from half the distance."""
    g = placed(5)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    g.enter("play screen nickel", "dice yellow black", "roll 0 -1 p", "ref def 5", "accept")
    assert g.state.phase == "two_call" and sit(g)["ball_on"] == 1


def test_ruling_field_goal_may_be_tried_on_any_down() -> None:
    """Ruling: p. 9 allows a field goal with one down and one card left, not only on 4th."""
    g = placed(20, down=2)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 9 9 9")
    assert sit(g)["score"]["home"] == 3


def test_ruling_free_punt_after_a_safety_has_no_fake_kick_cards() -> None:
    """Ruling: the punt after a safety is a free kick: straight to the punt dice."""
    g = placed(98, down=2, marker=88)
    g.enter("play sweep nickel", "dice red black", "roll 0 -3 hail")
    assert g.state.phase == "board_dice" and g.state.kick == "punt"


def test_ruling_potential_turnover_moves_by_the_coloured_and_the_black_dice() -> None:
    """Ruling 35 (p. 6 "určenou barevnými kostkami", p. 5): a T moves the black die's yards too."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 6 -4 t", "ref other")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (78, 2)
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 6 -4 t", "ref t")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 22)


def test_ruling_d20_kickoff_return_keeps_the_play_die() -> None:
    """Ruling 36 (p. 16 "Nahraďte základní kostku", p. 4): the d20 return keeps the play die."""
    g = game(d20="yes")
    g.enter("toss home", "return")
    assert [s.label for s in g.ruleset.expected(g.state).forms[0].slots] == ["d20 die", "play die"]
    g.enter("roll 12 x")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (80, 1) and "kickoff_touchback" in g.kinds()
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 12 break", "roll 5 hail")
    assert sit(g)["ball_on"] == 73  # from the 10: 12, then 5 more on the breakaway reroll
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 7 t", "ref t")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 17)  # fumbled at the 17
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 20 p")
    assert [s.label for s in g.ruleset.expected(g.state).forms[0].slots] == ["d20 die"]
    g.enter("roll 5", "ref def 15", "accept")
    assert sit(g)["ball_on"] == 50  # from the 10: 20 + 5 to the 35, then 15 on the kickers


def test_ruling_a_faked_kick_allows_a_time_out_at_the_card_choice() -> None:
    """Ruling 37 (p. 11 "kartu běžným způsobem", p. 4 "nebo zvolají TIME OUT"): time-out allowed."""
    g = placed(40, down=4, marker=35)
    g.enter("punt", "reveal fake kick", "timeout away", "options none b")
    assert g.state.phase == "fake_call" and sit(g)["timeouts"] == {"home": 3, "away": 2}
    g.enter("play slant nickel", "dice yellow black", "roll 6 hail")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (34, 1)


def test_ruling_the_board_may_name_any_of_the_six_coloured_dice_for_a_kick() -> None:
    """Ruling 38 (p. 4 "Hodí těmito kostkami", icons lost): any coloured dice, not the black."""
    g = game()
    g.enter("toss home", "return")
    refused(g, "dice red tan black", "not a die to name here")
    g.enter("dice red tan brown yellow", "roll 3 2 1 4 hail")
    assert sit(g)["ball_on"] == 90
    assert sit(g)["board_dice"] == {"return": ["red", "tan", "brown", "yellow"]}
