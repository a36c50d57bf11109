"""1st & Goal thresholds, each pinned on both sides of its boundary through the entry language.

One test per threshold, named for the rule, citing the transcript page (first-and-goal.cs.txt;
the Czech original wins over the translation). Each was checked to fail when its comparison or
number is moved by one in a copy of the ruleset outside the working tree.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.rulesets.firstandgoal import Cards
from tests.domain.scripts import Played
from tests.domain.test_firstandgoal import game, kicked_off, placed, refused, sit


def keywords(g: Played) -> list[str]:
    return [f.keyword for f in g.ruleset.expected(g.state).forms]


def pass_play(g: Played, yellow: int, black: int, face: str = "hail") -> None:
    """A slant against nickel rolling the yellow and one black die."""
    g.enter("play slant nickel", "dice yellow black", f"roll {yellow} {black} {face}")


def with_green(g: Played, deck: int, hand: int) -> Played:
    """The offence deck with ``deck`` cards face down and ``hand`` in hand, the rest discarded."""
    g.state = replace(g.state, green=Cards(deck=deck, hand=hand, discard=60 - deck - hand))
    return g


# Downs and the line to gain (pp. 2, 5) --------------------------------------------------------


def test_first_down_when_the_ball_reaches_the_marker() -> None:
    """Downs (p. 5 "dosáhne úrovně značky 1. downu či ji překročí"): reaching it is a 1st down."""
    g = placed(60, down=2, marker=50)
    pass_play(g, 10, 0)
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (50, 1, 10)
    g = placed(60, down=2, marker=50)
    pass_play(g, 9, 0)
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (51, 3, 1)


def test_turnover_on_downs_only_after_the_fourth_down() -> None:
    """Downs (p. 5): 4 downs to gain 10 yards; short after the 4th the ball goes over."""
    g = placed(60, down=3, marker=50)
    pass_play(g, 3, 0)
    assert (sit(g)["possession"], sit(g)["down"]) == ("home", 4)
    g = placed(60, down=4, marker=50)
    pass_play(g, 3, 0)
    assert (sit(g)["possession"], sit(g)["ball_on"], sit(g)["down"]) == ("away", 43, 1)


def test_first_and_goal_from_a_first_down_on_the_10() -> None:
    """1st & goal (p. 2 "na čáře 9 yardů nebo méně", p. 5, ruling 27): on the 10, not the 11."""
    g = placed(20, down=1, marker=10)
    pass_play(g, 10, 0)
    assert (sit(g)["ball_on"], sit(g)["distance"], sit(g)["first_and_goal"]) == (10, 10, True)
    assert "1st & goal" in g.ruleset.expected(g.state).text
    g = placed(21, down=1, marker=11)
    pass_play(g, 10, 0)
    assert (sit(g)["ball_on"], sit(g)["distance"], sit(g)["first_and_goal"]) == (11, 10, False)


# Scoring lines (pp. 6-9) ----------------------------------------------------------------------


def test_touchdown_when_the_ball_reaches_the_0_yard_line() -> None:
    """Touchdown (p. 9 "dosáhne 0-yardové čáry nebo ji překročí"): 6 points; a yard short is not."""
    g = placed(5, marker=0)
    pass_play(g, 5, 0)
    assert sit(g)["score"]["home"] == 6 and g.state.phase == "try"
    g = placed(5, marker=0)
    pass_play(g, 4, 0)
    assert (sit(g)["score"]["home"], sit(g)["ball_on"], sit(g)["down"]) == (0, 1, 2)


def test_safety_when_the_ball_is_driven_back_to_the_own_goal_line() -> None:
    """Safety (p. 9 "Pokud se míč dostane do koncové zóny útočníka"): 2 points to the defence."""
    g = placed(95, marker=85)
    pass_play(g, 0, -5)
    assert sit(g)["score"]["away"] == 2 and "safety" in g.kinds()
    g = placed(95, marker=85)
    pass_play(g, 0, -4)
    assert (sit(g)["score"]["away"], sit(g)["ball_on"], sit(g)["down"]) == (0, 99, 2)


def test_turnover_in_the_opponents_end_zone_is_a_touchback() -> None:
    """Potential turnover (p. 6 "Předání v koncové zóně soupeře vede k touchbacku")."""
    g = placed(5, marker=0)
    g.enter("play bomb nickel", "dice blue black", "roll 5 0 t", "ref t")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 80)
    g = placed(5, marker=0)
    g.enter("play bomb nickel", "dice blue black", "roll 4 0 t", "ref t")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 99)


def test_turnover_in_the_own_end_zone_is_a_safety() -> None:
    """Safety (p. 9), ruling 21: a turnover on or behind the own goal line scores 2."""
    g = placed(95, marker=85)
    pass_play(g, 0, -5, "t")
    g.enter("ref t")
    assert sit(g)["score"]["away"] == 2
    g = placed(95, marker=85)
    pass_play(g, 0, -4, "t")
    g.enter("ref t")
    assert (sit(g)["score"]["away"], sit(g)["possession"], sit(g)["ball_on"]) == (0, "away", 1)


def test_two_point_try_from_the_2_must_reach_the_end_zone() -> None:
    """Two-point conversion (p. 9 "Umístěte míč na 2-yardovou čáru"): 2 yards score, 1 does not."""
    for gain, score in ((2, 8), (1, 6)):
        g = placed(5, marker=0)
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
        assert sit(g)["ball_on"] == 2
        pass_play(g, gain, 0)
        assert sit(g)["score"]["home"] == score


def test_two_point_try_needs_a_card_in_hand() -> None:
    """Two-point conversion (p. 9): one card play, so it needs a card (the Hail Mary spent all)."""
    g = with_green(placed(5, marker=0), deck=0, hand=2)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail")
    assert sit(g)["clock"]["offence_hand"] == 1 and "two" in keywords(g)
    g = with_green(placed(70), deck=0, hand=1)
    g.enter("hailmary", "roll hail mary")
    assert keywords(g) == ["pat"]


# Kickoffs and returns (pp. 4, 6, 8, 11, 16) ----------------------------------------------------


def test_onside_kick_needs_a_total_of_ten_or_more() -> None:
    """Onside kick (p. 8 "Součet kostek musí být 10 nebo více"), from the kicker's 30."""
    g = game()
    g.enter("toss home", "onside", "roll 5 5 t other")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 60)
    g = game()
    g.enter("toss home", "onside", "roll 5 4 t other")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("home", 39)
    assert "onside_failed" in g.kinds()


def test_onside_kick_needs_a_t_on_one_of_the_white_dice() -> None:
    """Onside kick (p. 8 "alespoň na jedné bílé kostce musí padnout T"): play or referee die."""
    for faces, kicker_keeps in (("t other", True), ("hail t", True), ("hail other", False)):
        g = game()
        g.enter("toss home", "onside", f"roll 6 5 {faces}")
        assert (sit(g)["possession"] == "away") is kicker_keeps


def test_a_return_that_ends_in_the_own_end_zone_is_a_touchback() -> None:
    """Kickoff return (p. 4, ruling 29): run back from the goal line; downed there, a touchback."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 0 0 hail")
    assert (sit(g)["ball_on"], "touchback" in g.kinds()) == (80, True)
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 1 0 hail")
    assert (sit(g)["ball_on"], "touchback" in g.kinds()) == (99, False)


def test_a_return_that_reaches_the_0_yard_line_scores() -> None:
    """Kickoff return (p. 4), touchdown (p. 9): 100 yards from the goal line scores, 99 do not."""
    g = game()
    g.enter("toss home", "return", "dice red tan brown yellow", "roll 30 30 30 10 hail")
    assert sit(g)["score"]["home"] == 6
    g = game()
    g.enter("toss home", "return", "dice red tan brown yellow", "roll 30 30 30 9 hail")
    assert (sit(g)["score"]["home"], sit(g)["ball_on"]) == (0, 1)


def test_squib_kick_reaching_the_goal_line_is_a_touchback() -> None:
    """Squib kick (p. 11): from the kicker's 30, no return; into the end zone, a touchback."""
    g = game(squib="yes")
    g.enter("toss home", "squib", "dice red tan brown", "roll 30 30 10")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("home", 80)
    g = game(squib="yes")
    g.enter("toss home", "squib", "dice red tan brown", "roll 30 30 9")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("home", 99)


def test_d20_kickoff_return_from_the_10_and_a_20_rolls_again() -> None:
    """d20 kickoff (p. 16 "Posuňte se z 10-yardové čáry"; "Hoďte znovu k20"): 19 is final."""
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 19 hail")
    assert (sit(g)["ball_on"], g.state.phase) == (71, "call")
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 20 hail")
    assert g.state.phase == "roll"
    g.enter("roll 1")
    assert sit(g)["ball_on"] == 69


def test_three_breakaways_in_a_row_score_two_do_not() -> None:
    """Optional breakaways (p. 11 "Pokud hodíte únik třikrát v řadě"): three, not two."""
    g = kicked_off(breakaway_td="yes")
    g.enter("play sweep nickel", "dice red black", "roll 2 0 break", "roll 2 0 break")
    g.enter("roll 1 0 hail")
    assert (sit(g)["score"]["home"], sit(g)["ball_on"]) == (0, 75)
    g = kicked_off(breakaway_td="yes")
    g.enter("play sweep nickel", "dice red black", "roll 2 0 break", "roll 2 0 break")
    g.enter("roll 1 0 break")
    assert sit(g)["score"]["home"] == 6


def test_a_breakaway_may_be_stopped_only_after_a_negative_roll() -> None:
    """Breakaway (p. 6 "hozená vzdálenost je ZÁPORNÁ"): -1 may stop, 0 must roll on."""
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 1 -2 break")
    assert "stop" in keywords(g)
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 1 -1 break")
    assert "stop" not in keywords(g)
    refused(g, "stop", "not due now")


# Field goals, extra points, punts (pp. 7-9, 11) ------------------------------------------------


def test_field_goal_must_reach_the_0_yard_line() -> None:
    """Field goal (p. 7 "Pokud se míč dostane na 0-yardovou čáru nebo ji překročí"): 3 points."""
    g = placed(20, down=4, marker=10)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 7 7 6")
    assert sit(g)["score"]["home"] == 3
    g = placed(20, down=4, marker=10)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 7 7 5")
    assert (sit(g)["score"]["home"], sit(g)["possession"], sit(g)["ball_on"]) == (0, "away", 80)


def test_kick_against_a_fake_adds_five_yards() -> None:
    """Fake kick (p. 11 "Útočník přičte 5 yardů"): 15 rolled + 5 from the 20 is good, 14 not."""
    g = placed(20, down=4, marker=10)
    g.enter("fg", "reveal kick fake", "block t t", "dice red tan brown", "roll 5 5 5")
    assert sit(g)["score"]["home"] == 3
    g = placed(20, down=4, marker=10)
    g.enter("fg", "reveal kick fake", "block t t", "dice red tan brown", "roll 5 5 4")
    assert sit(g)["score"]["home"] == 0


def test_field_goal_block_needs_two_x() -> None:
    """Field goal (p. 7 "Pokud padnou dvě X, pak je gól z pole blokován"): one X is not enough."""
    for faces, blocked in (("x x", True), ("x t", False), ("t x", False)):
        g = placed(30, down=4, marker=20)
        g.enter("fg", "reveal kick kick", f"block {faces}")
        assert ("field_goal_blocked" in g.kinds()) is blocked


def test_extra_point_is_blocked_only_on_two_x() -> None:
    """Extra point (p. 9 "Pokud padnou dvě X, pokus je zblokován"): otherwise 1 point."""
    for faces, score in (("x x", 6), ("x t", 7), ("t x", 7)):
        g = placed(5, marker=0)
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", f"pat {faces}")
        assert sit(g)["score"]["home"] == score


def test_punt_reaching_the_goal_line_is_a_touchback_at_the_20() -> None:
    """Punt (p. 8 "překročí gólovou čáru soupeře, skončí touchbackem; ... čáru 20 yardů")."""
    g = placed(40, down=4, marker=30)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 20")
    assert (sit(g)["possession"], sit(g)["ball_on"], g.state.phase) == ("away", 80, "call")
    g = placed(40, down=4, marker=30)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 19")
    assert g.state.phase == "punt_return_choice"
    g.enter("faircatch")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 99)


def test_d20_punt_is_35_plus_the_roll() -> None:
    """d20 punt (p. 16 "Přičtěte toto číslo ke 35"): 55 yards from the 55 is a touchback."""
    g = placed(55, down=4, marker=45, d20="yes")
    g.enter("punt", "reveal kick kick", "roll 20 fc")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 80)
    g = placed(56, down=4, marker=46, d20="yes")
    g.enter("punt", "reveal kick kick", "roll 20 fc")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 99)


def test_punting_team_recovers_only_a_ball_short_of_the_goal_line() -> None:
    """Punt, play-die T (p. 8 "útočník získá míč zpět"): not in the end zone, a touchback."""
    g = placed(30, down=4, marker=20)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 30 t", "ref t")
    assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", 80)
    g = placed(31, down=4, marker=21)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 30 t", "ref t")
    assert (sit(g)["possession"], sit(g)["ball_on"], sit(g)["down"]) == ("home", 1, 1)


def test_punt_penalty_reaching_the_marker_is_a_new_first_down() -> None:
    """Punt, play-die P (p. 8 "postih může dát zahrávajícímu týmu nový 1. down")."""
    g = placed(65, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref def 5", "accept")
    assert (g.state.phase, sit(g)["ball_on"], sit(g)["down"]) == ("call", 60, 1)
    g = placed(66, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 p", "ref def 5", "accept")
    assert (g.state.phase, g.state.ball_on) == ("punt_roll", 61)


# Penalties (pp. 6-7) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "yards"), [("5", 5), ("10", 10), ("15", 15)])
def test_penalty_die_distances(face: str, yards: int) -> None:
    """Penalty die (p. 6 "5 = 5 yardů ... 10 = 10 yardů ... 15 = 15 yardů"), either way."""
    g = placed(50, down=2, marker=40)
    pass_play(g, 1, -1, "p")
    g.enter(f"ref def {face}", "accept")
    assert sit(g)["ball_on"] == 50 - yards
    g = placed(50, down=2, marker=40)
    pass_play(g, 1, -1, "p")
    g.enter(f"ref off {face}", "accept")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (50 + yards, 2)


def test_5a_is_an_automatic_first_down_only_against_the_defence() -> None:
    """Penalty die 5A (p. 6 "5 yardů s automatickým 1. downem, pokud je postižen obránce")."""
    outcomes = {"def 5a": (55, 1, 10), "def 5": (55, 3, 5), "off 5a": (65, 3, 15)}
    for flag, after in outcomes.items():
        g = placed(60, down=3, marker=50)
        pass_play(g, 1, -1, "p")
        g.enter(f"ref {flag}", "accept")
        assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == after


def test_a_penalty_reaching_the_marker_is_a_first_down() -> None:
    """Ruling 18 (p. 5 reaching the marker; p. 8 a penalty may give a new 1st down)."""
    g = placed(55, down=3, marker=50)
    pass_play(g, 1, -1, "p")
    g.enter("ref def 5", "accept")
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (50, 1, 10)
    g = placed(56, down=3, marker=50)
    pass_play(g, 1, -1, "p")
    g.enter("ref def 5", "accept")
    assert (sit(g)["ball_on"], sit(g)["down"], sit(g)["distance"]) == (51, 3, 1)


def test_offensive_penalty_into_the_own_end_zone_is_half_the_distance_rounded_up() -> None:
    """Penalty (p. 7 "do poloviny vzdálenosti ke gólové čáře (zaokrouhleno nahoru)"), not past 1."""
    for start, flag, spot in (
        (89, "off 10", 99),  # the full 10 yards stop on the 1
        (90, "off 10", 95),  # 10 would reach the goal line: half of 10
        (95, "off 15", 98),  # half of 5 is 2.5, rounded up to 3
        (99, "off 5", 99),  # half of 1 rounds up to 1, but never past the 1
    ):
        g = placed(start, marker=start - 10)
        pass_play(g, 1, -1, "p")
        g.enter(f"ref {flag}", "accept")
        assert sit(g)["ball_on"] == spot, (start, flag)


def test_defensive_penalty_near_the_goal_is_half_the_distance_rounded_up() -> None:
    """Ruling 17 (p. 7 mirrored): a defensive penalty never carries the ball into the end zone."""
    for start, flag, spot in (
        (11, "def 10", 1),  # the full 10 yards stop on the 1
        (10, "def 10", 5),  # 10 would reach the goal line: half of 10
        (5, "def 15", 2),  # half of 5 is 2.5, rounded up to 3
        (1, "def 5", 1),  # never past the 1
    ):
        g = placed(start, marker=max(start - 10, 0))
        pass_play(g, 1, -1, "p")
        g.enter(f"ref {flag}", "accept")
        assert (sit(g)["ball_on"], sit(g)["score"]["home"]) == (spot, 0), (start, flag)


# Cards, clock and time-outs (pp. 2, 4-5, 9-11) ---------------------------------------------------


def test_three_time_outs_a_half() -> None:
    """Time-out (p. 2 markers on 3; p. 4 "Pokud již hráči žádný ODDECHOVÝ ČAS nezbývá")."""
    g = kicked_off()
    for left in (2, 1, 0):
        g.enter("timeout home", "options none none")
        assert sit(g)["timeouts"]["home"] == left
    refused(g, "timeout home", "no time-outs left")
    (form,) = [f for f in g.ruleset.expected(g.state).forms if f.keyword == "timeout"]
    assert form.slots[0].words == ("away",)


def test_time_outs_are_three_again_after_halftime() -> None:
    """End of half (p. 9 "Vraťte značky ODDECHOVÉHO ČASU zpět na 3 pro každý tým")."""
    g = with_green(kicked_off(), deck=0, hand=1)
    g.state = replace(g.state, timeouts=(0, 1))
    pass_play(g, 3, 0)
    assert (sit(g)["quarter"], sit(g)["timeouts"]) == (2, {"home": 3, "away": 3})


def test_time_out_option_a_needs_a_card_in_the_discard_pile() -> None:
    """Time-out option A (p. 4 "prohledat svůj odhazovací balíček, vybrat si kartu")."""
    g = kicked_off()
    g.enter("timeout home")
    refused(g, "options a none", "offence discard pile is empty")
    g = kicked_off()
    pass_play(g, 3, 0)
    assert sit(g)["clock"]["offence_discard"] == 1
    g.enter("timeout home", "options a none")
    assert (sit(g)["clock"]["offence_hand"], sit(g)["clock"]["offence_discard"]) == (9, 0)


def test_hands_are_refilled_to_eight_or_what_the_deck_holds() -> None:
    """Refill (p. 5 "aby jich měli 8"; "8 karet (méně, pokud balíček dochází)")."""
    g = with_green(kicked_off(), deck=1, hand=8)
    pass_play(g, 3, 0)
    assert (sit(g)["clock"]["offence_hand"], sit(g)["clock"]["offence_deck"]) == (8, 0)
    pass_play(g, 3, 0)
    assert (sit(g)["clock"]["offence_hand"], sit(g)["clock"]["offence_deck"]) == (7, 0)
    g = with_green(kicked_off(), deck=0, hand=8)
    pass_play(g, 6, -1, "t")
    g.enter("ref t")
    assert (sit(g)["possession"], sit(g)["clock"]["offence_hand"]) == ("away", 7)


def test_the_half_ends_when_the_offence_has_no_card_left() -> None:
    """End of half (p. 9 "útočník nemá v ruce ani v balíčku žádnou kartu"): one card plays on."""
    g = with_green(kicked_off(), deck=0, hand=2)
    pass_play(g, 3, 0)
    assert (sit(g)["quarter"], g.state.phase) == (1, "call")
    pass_play(g, 3, 0)
    assert sit(g)["quarter"] == 2 and "halftime" in g.kinds()


def test_run_the_clock_after_a_completed_pass_with_a_card_to_burn() -> None:
    """Running the clock (p. 10): after a completed pass (no sack) a card from the deck."""
    g = kicked_off()
    pass_play(g, 0, 0)
    assert "runclock" in keywords(g)
    g = kicked_off()
    pass_play(g, 0, -1)
    assert "runclock" not in keywords(g)
    g = with_green(kicked_off(), deck=2, hand=8)
    pass_play(g, 3, 0)
    assert sit(g)["clock"]["offence_deck"] == 1 and "runclock" in keywords(g)
    g = with_green(kicked_off(), deck=1, hand=8)
    pass_play(g, 3, 0)
    assert sit(g)["clock"]["offence_deck"] == 0 and "runclock" not in keywords(g)


def test_qb_kneel_only_with_the_deck_empty() -> None:
    """QB kneel (p. 10 "Pokud je útočníkův balíček prázdný")."""
    refused(with_green(placed(50), deck=1, hand=8), "kneel", "not due now")
    g = with_green(placed(50), deck=0, hand=8)
    g.enter("kneel")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (51, 2)


def test_qb_sneak_only_one_yard_short_of_the_marker() -> None:
    """QB sneak (p. 11 "pouze tehdy, pokud útočníkovi schází 1 yard do 1. downu")."""
    refused(placed(42, down=2, marker=40), "sneak", "not due now")
    g = placed(41, down=2, marker=40)
    g.enter("sneak", "roll hail")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (40, 1)


def test_hail_mary_on_or_behind_the_own_35_with_one_or_two_cards() -> None:
    """Hail Mary (p. 10 "pouze 1 nebo 2 karty", "na nebo za vlastní 35-yardovou čárou")."""
    # The last play of the half: the deck is empty (ruling 12).
    assert "hailmary" in keywords(with_green(placed(65), deck=0, hand=2))
    assert "hailmary" in keywords(with_green(placed(65), deck=0, hand=1))
    assert "hailmary" not in keywords(with_green(placed(64), deck=0, hand=2))
    assert "hailmary" not in keywords(with_green(placed(65), deck=0, hand=3))
    assert "hailmary" not in keywords(with_green(placed(65), deck=1, hand=2))
    refused(with_green(placed(64), deck=0, hand=2), "hailmary", "not due now")


def test_unplayable_hand_only_where_the_red_zone_restricts() -> None:
    """Unplayable hand (p. 10 "kvůli omezením"): the red-zone limits reach the 20 at most."""
    g = placed(20, marker=10)
    g.enter("unplayable 2")
    assert sit(g)["clock"]["offence_discard"] == 2
    refused(placed(21, marker=11), "unplayable 2", "not due now")
    refused(placed(20, marker=10), "unplayable 3", "unplayable 1 | unplayable 2")


@pytest.mark.parametrize(("mark", "limit"), [("r10", 10), ("r20", 20), ("clock", 10)])
def test_red_zone_cards_not_on_or_inside_their_line(mark: str, limit: int) -> None:
    """Red zone (p. 10 "Karty s 10 nesmí být zahrány na 10-yardové čáře nebo za ní")."""
    inside = placed(limit, marker=max(limit - 10, 0))
    assert mark not in marks_offered(inside)
    refused(inside, f"play bomb nickel {mark}", "within")
    g = placed(limit + 1, marker=limit - 9)
    assert mark in marks_offered(g)
    g.enter(f"play bomb nickel {mark}")
    assert g.state.phase == "matchup"


def marks_offered(g: Played) -> tuple[str, ...]:
    """The red 10 / 20 / running-clock marks the play form offers here."""
    forms = [f for f in g.ruleset.expected(g.state).forms if f.keyword == "play"]
    return tuple(w for f in forms[1:] for w in f.slots[-1].words)
