"""Red Zone thresholds, each pinned on both sides of its boundary through the entry language.

One test per threshold, named for the rule. Each was checked to fail when its comparison or
number is moved by one in a copy of the ruleset (see the Red Zone section of docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.rulesets.redzone import RULESET
from tests.domain.test_redzone import Game, at_scrimmage, drafted, kicked

# After kicked(): Ron (home) has the ball at his own 27 (ball_on 73), 1st and 10; both Time
# Decks hold 49 cards and both hands six. Ron's left back (lrb) has no Tight End on his side.


def with_cards(g: Game, home: int, away: int, **coach: int) -> Game:
    """Set each coach's Time Deck (and any other count, the same for both)."""
    coaches = tuple(
        replace(c, time=t, **coach) for c, t in zip(g.state.coaches, (home, away), strict=True)
    )
    g.state = replace(g.state, coaches=coaches)
    return g


def in_quarter(g: Game, quarter: int, scores: tuple[tuple[int, int], ...] = ()) -> Game:
    """The game in ``quarter`` with these per-quarter scores (0-0 for the rest)."""
    filled = tuple(scores) + ((0, 0),) * (quarter - len(scores))
    g.state = replace(g.state, quarter=quarter, scores=filled)
    return g


def run(g: Game, result: str, call: str = "dive lrb", flip: str = "green yellow") -> Game:
    """A play from scrimmage ending on the chart's result."""
    g.enter(f"call {call}", "defend 4-3", f"flip {flip}", f"result {result}")
    return g


def forms(g: Game, keyword: str) -> list:
    return [f for f in RULESET.expected(g.state).forms if f.keyword == keyword]


# Downs and the line to gain ----------------------------------------------------------------------


def test_first_down_when_the_gain_reaches_the_line_to_gain() -> None:
    """Downs: a gain that reaches the line to gain is a first down; one yard short is not."""
    g = run(at_scrimmage(kicked(), "home", 50, down=3, distance=4), "4")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (46, 1, 10)
    g = run(at_scrimmage(kicked(), "home", 50, down=3, distance=4), "3")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (47, 4, 1)


def test_turnover_on_downs_only_after_the_fourth_down() -> None:
    """Downs: four downs to gain ten yards: short on third down leaves a fourth."""
    g = run(at_scrimmage(kicked(), "home", 60, down=3, distance=5), "1")
    assert (g.sit["possession"], g.sit["down"]) == ("home", 4)
    g = run(at_scrimmage(kicked(), "home", 60, down=4, distance=5), "1")
    assert (g.sit["possession"], g.sit["ball_on"], g.sit["down"]) == ("away", 41, 1)


def test_first_down_inside_the_10_is_goal_to_go() -> None:
    """Downs: the line to gain never passes the goal line: a first down at the 10 is and goal."""
    g = run(at_scrimmage(kicked(), "home", 25), "15")
    assert (g.sit["ball_on"], g.sit["distance"]) == (10, 10)
    assert "1st and goal" in RULESET.expected(g.state).text
    g = run(at_scrimmage(kicked(), "home", 25), "14")
    assert (g.sit["ball_on"], g.sit["distance"]) == (11, 10)
    assert "1st and 10" in RULESET.expected(g.state).text


# Scoring at the goal lines -----------------------------------------------------------------------


def test_touchdown_when_the_ball_reaches_the_goal_line() -> None:
    """Touchdown: the gain that reaches the goal line scores; a yard short is 2nd and goal."""
    g = run(at_scrimmage(kicked(), "home", 5), "5")
    assert g.sit["score"]["home"] == 6 and g.state.phase == "try"
    g = run(at_scrimmage(kicked(), "home", 5), "4")
    assert g.sit["score"]["home"] == 0 and (g.sit["ball_on"], g.sit["down"]) == (1, 2)


def test_safety_when_the_ball_is_driven_back_to_the_own_goal_line() -> None:
    """Safety: tackled on or behind his own goal line; a yard in front is play on."""
    g = run(at_scrimmage(kicked(), "home", 97), "-3", flip="red red")
    assert g.sit["score"]["away"] == 2 and g.state.phase == "safety_kick"
    g = run(at_scrimmage(kicked(), "home", 97), "-2", flip="red red")
    assert g.sit["score"]["away"] == 0 and (g.sit["ball_on"], g.sit["down"]) == (99, 2)


def test_two_point_conversion_needs_three_yards() -> None:
    """Two Point Conversion: "If the offense gains three yards or more, they score two"."""
    for gain, points in (("3", 8), ("2", 6)):
        g = run(at_scrimmage(kicked(), "home", 5), "5")
        g.enter("two")
        run(g, gain)
        assert g.sit["score"]["home"] == points


def test_field_goal_good_when_the_fg_number_equals_the_distance() -> None:
    """Field Goals: "If the number there equals or exceeds the kick distance the field goal is
    successful" (from the 10: 10 + 17 = 27)."""
    g = at_scrimmage(kicked(), "away", 10, down=4)
    g.enter("fieldgoal", "fg 27")
    assert g.sit["score"]["away"] == 3
    g = at_scrimmage(kicked(), "away", 10, down=4)
    g.enter("fieldgoal", "fg 26")
    assert g.sit["score"]["away"] == 0 and g.sit["possession"] == "home"


def test_missed_field_goal_behind_the_kickers_goal_line_gives_the_ball_at_the_1() -> None:
    """Field Goals: the defence takes over "at the point of the kick", never inside the end zone
    (a kick from the kicker's goal line or behind it gives the ball at the 1)."""
    for ball_on, spot in ((91, 2), (92, 1), (93, 1)):
        g = at_scrimmage(kicked(), "away", ball_on, down=4)
        g.enter("fieldgoal", "fg 10")
        assert (g.sit["possession"], g.sit["ball_on"]) == ("home", spot), ball_on


def test_extra_point_good_unless_55_star() -> None:
    """Extra Points: "the extra point is good unless a '55*' result is revealed"."""
    for card, points in (("fg 0", 7), ("fg 55", 7), ("fg 55*", 6)):
        g = run(at_scrimmage(kicked(), "home", 5), "5")
        g.enter("kick", card)
        assert g.sit["score"]["home"] == points, card


# Kickoffs and returns ----------------------------------------------------------------------------


def test_kickoff_is_measured_from_the_30() -> None:
    """The Kickoff: "Since NFL kicks start from the 30": a 67-yard kick lands at the 3."""
    g = drafted()
    g.enter("kick", "k 67", "kr 0")
    assert g.sit["ball_on"] == 97


def test_kickoff_past_the_end_line_is_a_touchback() -> None:
    """The Kickoff: a kick to the back line of the end zone is still caught; one yard beyond
    it is a touchback."""
    g = drafted()
    g.enter("kick", "k 80")
    assert g.state.phase == "kr"
    g = drafted()
    g.enter("kick", "k 81")
    assert (g.state.phase, g.sit["ball_on"]) == ("call", 80)


def test_kickoff_may_be_downed_only_in_the_end_zone() -> None:
    """The Kickoff: "where the ball ends up ... the receiving team may elect to return": a kick
    on the goal line may be downed for a touchback; one at the 1 must be returned."""
    g = drafted()
    g.enter("kick", "k 70")
    assert forms(g, "down")
    g.enter("down")
    assert (g.sit["possession"], g.sit["ball_on"]) == ("home", 80)
    g = drafted()
    g.enter("kick", "k 69")
    assert not forms(g, "down")
    assert "not due" in g.refused("down")


def test_kick_return_that_does_not_leave_the_end_zone_is_a_touchback() -> None:
    """The Kickoff: a return from 5 yards deep must gain 6 to reach the field of play."""
    g = drafted()
    g.enter("kick", "k 75", "kr 5")
    assert "touchback" in g.kinds() and g.sit["ball_on"] == 80
    g = drafted()
    g.enter("kick", "k 75", "kr 6")
    assert "touchback" not in g.kinds() and g.sit["ball_on"] == 99


def test_kick_return_that_reaches_the_goal_line_is_a_touchdown() -> None:
    """The Kickoff: "This number determines how far the kick return went": from the 3, 97
    yards score; 96 stop at the 1."""
    g = drafted()
    g.enter("kick", "k 67", "kr 97")
    assert g.sit["score"]["home"] == 6
    g = drafted()
    g.enter("kick", "k 67", "kr 96")
    assert g.sit["score"]["home"] == 0 and g.sit["ball_on"] == 1


def test_onside_kick_travels_ten_to_nineteen_yards() -> None:
    """Onside Kicks: "You should end up with a number between 10 and 19"."""
    for lg, ball_on in (("lg 50", 60), ("lg 59", 51)):
        g = drafted()  # Duncan kicks from his 30 (ball_on 70) and recovers
        g.enter("onside", lg, "k 10", "p 90")
        assert (g.sit["possession"], g.sit["ball_on"]) == ("away", ball_on), lg


def test_onside_kick_recovered_by_the_higher_number() -> None:
    """Onside Kicks: "The higher number recovers the ball. If the numbers are tied, conduct the
    check again"."""
    g = drafted()
    g.enter("onside", "lg 57", "k 52", "p 53")
    assert g.sit["possession"] == "away"
    g = drafted()
    g.enter("onside", "lg 57", "k 52", "p 52")
    assert g.state.phase == "onside_k"
    g = drafted()
    g.enter("onside", "lg 57", "k 52", "p 51")
    assert g.sit["possession"] == "home"


# Punts --------------------------------------------------------------------------------------------


def test_punt_that_reaches_the_goal_line_is_a_touchback() -> None:
    """Punts: a punt to the goal line is in the end zone, a touchback; to the 1 it is fielded."""
    g = at_scrimmage(kicked(), "home", 45, down=4)
    g.enter("punt", "p 45")
    assert (g.sit["possession"], g.sit["ball_on"]) == ("away", 80)
    g = at_scrimmage(kicked(), "home", 45, down=4)
    g.enter("punt", "p 44")
    assert g.state.phase == "punt_choice"
    g.enter("fair")
    assert g.sit["ball_on"] == 99


def test_safety_punt_adds_fifteen_yards() -> None:
    """Punting after a Safety: "add 15 yards to a punt attempt" from the 20."""
    g = run(at_scrimmage(kicked(), "home", 97), "-3", flip="red red")
    g.enter("punt", "p 40", "fair")
    assert g.sit["ball_on"] == 100 - (80 - 55)


def test_coffin_corner_only_from_the_50_or_closer() -> None:
    """Coffin Corner Kicks: "It may only be used when ... your team needs 50 yards or less to
    score"."""
    g = at_scrimmage(kicked(), "home", 50, down=4)
    assert forms(g, "coffin")
    g.enter("coffin 10", "p 40")
    assert (g.sit["possession"], g.sit["ball_on"]) == ("away", 80)
    g = at_scrimmage(kicked(), "home", 51, down=4)
    assert not forms(g, "coffin")
    assert "not due" in g.refused("coffin 10")


def test_coffin_corner_takes_off_five_to_twenty_five_yards() -> None:
    """Coffin Corner Punts: "The punting coach selects a distance from 5 - 25 yards"."""
    (form,) = forms(at_scrimmage(kicked(), "home", 40, down=4), "coffin")
    assert (form.slots[0].low, form.slots[0].high) == (5, 25)
    for yards, ball_on in ((5, 95), (25, 75)):
        g = at_scrimmage(kicked(), "home", 40, down=4)
        g.enter(f"coffin {yards}", "p 40")  # out of bounds 40 less the yards from the 40
        assert (g.sit["possession"], g.sit["ball_on"]) == ("away", ball_on), yards
    for yards in (4, 26):
        g = at_scrimmage(kicked(), "home", 40, down=4)
        assert "5 to 25" in g.refused(f"coffin {yards}")


def test_coffin_corner_yellow_five_more_yards_to_the_goal_line_is_a_touchback() -> None:
    """Coffin Corner Kicks (colour flip): "Yellow, add five yards to the punt": from the 5 that
    reaches the goal line, a touchback; from the 6 it comes down at the 1."""
    g = at_scrimmage(kicked(coffin_colour="yes"), "home", 40, down=4)
    g.enter("coffin 5", "p 40", "colour yellow")
    assert (g.sit["possession"], g.sit["ball_on"]) == ("away", 80)
    g = at_scrimmage(kicked(coffin_colour="yes"), "home", 40, down=4)
    g.enter("coffin 5", "p 39", "colour yellow")
    assert g.state.phase == "punt_choice"
    g.enter("fair")
    assert g.sit["ball_on"] == 99


# Passing: interceptions, long gains and no long bombs ---------------------------------------------


def test_interception_is_three_yards_per_passing_play_number() -> None:
    """Interceptions: "Take this number and multiply it by three" (Screen 3, Long Bomb 24)."""
    for call, ball_on in (("screen lrb", 100 - 70), ("long-bomb lwr", 100 - 49)):
        g = run(kicked(), "int", call=call, flip="red red")
        g.enter("down")
        assert (g.sit["possession"], g.sit["ball_on"]) == ("away", ball_on), call


def test_interception_past_the_end_line_is_a_touchback() -> None:
    """Interceptions: "past the end line ... must take the ball 1st and 10 at the 20"; on the
    end line it may still be returned."""
    g = run(at_scrimmage(kicked(), "away", 5), "int", call="down-in lwr", flip="red red")
    assert g.state.phase == "int_choice"
    g = run(at_scrimmage(kicked(), "away", 4), "int", call="down-in lwr", flip="red red")
    assert (g.state.phase, g.sit["possession"], g.sit["ball_on"]) == ("call", "home", 80)


def test_interception_downed_on_the_goal_line_is_a_touchback() -> None:
    """Interceptions: "If an interception occurs in the End Zone ... taking it as a touchback";
    a yard out it is downed at the spot."""
    g = run(at_scrimmage(kicked(), "away", 3), "int", call="screen lrb", flip="red red")
    g.enter("down")
    assert "touchback" in g.kinds() and g.sit["ball_on"] == 80
    g = run(at_scrimmage(kicked(), "away", 4), "int", call="screen lrb", flip="red red")
    g.enter("down")
    assert "downed" in g.kinds() and g.sit["ball_on"] == 99


def test_interception_return_that_does_not_leave_the_end_zone_is_a_safety() -> None:
    """Interceptions: "If a team does return it from the End Zone and fails to get it out of the
    End Zone it results in a safety" (caught 9 yards deep)."""
    g = run(at_scrimmage(kicked(), "away", 6), "int", call="down-in lwr", flip="red red")
    g.enter("return", "pr 9")
    assert g.sit["score"]["away"] == 2
    g = run(at_scrimmage(kicked(), "away", 6), "int", call="down-in lwr", flip="red red")
    g.enter("return", "pr 10")
    assert g.sit["score"]["away"] == 0 and (g.sit["possession"], g.sit["ball_on"]) == ("home", 99)


def test_interception_return_that_reaches_the_goal_line_is_a_touchdown() -> None:
    """Interceptions: "the distance the player who intercepted the ball returns it": caught at
    the 37, 63 yards score; 62 stop at the 1."""
    g = run(at_scrimmage(kicked(), "away", 40), "int", call="screen lrb", flip="red red")
    g.enter("return", "pr 63")
    assert g.sit["score"]["home"] == 6
    g = run(at_scrimmage(kicked(), "away", 40), "int", call="screen lrb", flip="red red")
    g.enter("return", "pr 62")
    assert g.sit["score"]["home"] == 0 and g.sit["ball_on"] == 1


def test_cover_completion_is_one_or_two_times_the_passing_play_number() -> None:
    """Cover: "C-1P (the Passing Play number is the gain in yards), C-2P (twice ...)"."""
    for result, gain in (("c-1p", 4), ("c-2p", 8)):
        g = run(kicked(), "db", call="hook lwr 4", flip="yellow yellow")
        g.enter(f"skill red {result}")
        assert g.sit["ball_on"] == 73 - gain, result


def test_long_gain_adds_ten_yards_on_a_pass_only() -> None:
    """Long Gains: "if the Long Gain is obtained from a passing play, add 10 yards"."""
    g = run(kicked(), "long", call="hook lwr 4", flip="green green")
    g.enter("lg 24")
    assert g.sit["ball_on"] == 73 - 34
    g = run(kicked(), "wr", call="hook lwr 4", flip="green green")
    g.enter("skill green long", "lg 24")  # Jerry Rice's Catch line: Long
    assert g.sit["ball_on"] == 73 - 34
    g = run(kicked(), "long", flip="green green")
    g.enter("lg 24")
    assert g.sit["ball_on"] == 73 - 24


def test_fumble_spot_is_the_ones_digit_of_the_long_gain() -> None:
    """Fumbles: "only use the singles digit" (LG 40: at the line; LG 49: 9 yards downfield)."""
    for lg, ball_on in (("lg 40", 40), ("lg 49", 31)):
        g = run(at_scrimmage(kicked(), "away", 40), "f", flip="red red")
        g.enter(lg, "guess k odd", "k 32")  # even: the offence keeps it
        assert (g.sit["possession"], g.sit["ball_on"]) == ("away", ball_on), lg


def test_fumble_recovered_in_the_defences_end_zone_is_a_touchback() -> None:
    """Fumbles: a loose ball 5 yards downfield from the 5 is in the end zone: the defence that
    recovers it there has a touchback; from the 1 it takes over at the 1."""
    for lg, ball_on in (("lg 45", 80), ("lg 44", 99)):
        g = run(at_scrimmage(kicked(), "away", 5), "f", flip="red red")
        g.enter(lg, "guess k odd", "k 33")  # odd: Ron (defence) recovers
        assert (g.sit["possession"], g.sit["ball_on"]) == ("home", ball_on), lg


def test_blocked_kick_recovered_in_the_kickers_end_zone_is_a_touchdown() -> None:
    """Blocks: "resolved in the same manner as a fumble except that the ball is recovered behind
    the line": 9 yards behind the 91 is the goal line, a touchdown for the defence."""
    g = at_scrimmage(kicked(), "home", 91, down=4)
    g.enter("punt", "p blocked", "lg 9", "guess p odd", "p 41")
    assert g.sit["score"]["away"] == 6
    g = at_scrimmage(kicked(), "home", 91, down=4)
    g.enter("punt", "p blocked", "lg 8", "guess p odd", "p 41")
    assert g.sit["score"]["away"] == 0 and (g.sit["possession"], g.sit["ball_on"]) == ("away", 1)


def test_no_long_bombs_past_the_back_of_the_end_zone() -> None:
    """No Long Bombs in the End Zone: only "a number longer than the field" is incomplete: from
    the 6, 16 yards reach the back line and score; 17 go past it."""
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 6)
    run(g, "16", call="trick-pass lwr 7")
    assert g.sit["score"]["home"] == 6
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 6)
    run(g, "17", call="trick-pass lwr 7")
    assert g.sit["score"]["home"] == 0 and (g.sit["ball_on"], g.sit["down"]) == (6, 2)


def test_no_long_bombs_only_from_the_20_or_closer() -> None:
    """No Long Bombs in the End Zone: "once an offensive team has entered the red zone"."""
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 20)
    run(g, "31", call="trick-pass lwr 7")
    assert g.sit["score"]["home"] == 0 and g.sit["down"] == 2
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 21)
    run(g, "32", call="trick-pass lwr 7")
    assert g.sit["score"]["home"] == 6


# Penalties ----------------------------------------------------------------------------------------


def test_penalty_gives_a_first_down_when_it_reaches_the_line_to_gain() -> None:
    """Penalties: the yardage is applied; reaching the line to gain is a first down, a yard short
    the down is played over."""
    g = at_scrimmage(kicked(), "home", 50, down=3, distance=5)
    g.enter("call dive lrb", "defend 4-3", "flip green pen5")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (45, 1, 10)
    g = at_scrimmage(kicked(), "home", 50, down=3, distance=6)
    g.enter("call dive lrb", "defend 4-3", "flip green pen5")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (45, 3, 1)


def test_penalty_never_more_than_half_the_distance_to_the_goal() -> None:
    """Penalties (Zebra's reading): the full yardage up to half the distance to the goal."""
    for ball_on, spot in ((20, 10), (19, 10), (18, 9)):
        g = at_scrimmage(kicked(), "home", ball_on)
        g.enter("call dive lrb", "defend 4-3", "flip green pen10")
        assert g.sit["ball_on"] == spot, ball_on
    for ball_on, spot in ((90, 95), (92, 96)):
        g = at_scrimmage(kicked(), "home", ball_on)
        g.enter("call dive lrb", "defend 4-3", "flip pen5 green")
        assert g.sit["ball_on"] == spot, ball_on


def test_equal_penalties_offset_and_the_larger_stands() -> None:
    """Penalties: "If the penalties are of equal value then they cancel ... the team with the
    higher penalty takes priority"."""
    for flip, ball_on in (("pen5 pen5", 73), ("pen5 pen10", 63), ("pen10 pen5", 83)):
        g = kicked()
        g.enter("call dive lrb", "defend 4-3", f"flip {flip}")
        assert g.sit["ball_on"] == ball_on, flip


def test_delay_of_game_costs_five_yards() -> None:
    """No Plays: "lose five yards for the penalty"."""
    g = kicked()
    g.enter("noplays home")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (78, 1, 15)


# Line-ups ----------------------------------------------------------------------------------------


def test_double_team_takes_two_defenders() -> None:
    """Double Teaming: "pick up the two defensive players and place them next to the player":
    one defender opposite the receiver changes nothing."""
    g = kicked()
    g.enter("call down-in rwr", "defend 4-3", "flip green yellow")
    assert g.last[-1].data == {"offence": "green", "defence": "yellow"}
    g = kicked()
    g.enter("call down-in rwr", "align db1 right", "defend 4-3", "flip green yellow")
    assert g.last[-1].data == {"offence": "green", "defence": "red"}


def test_double_team_on_a_red_defence_lowers_the_offence() -> None:
    """Double Teaming: "If the defense already has a red, then lower the offense's color grade
    by one grade"."""
    g = kicked()
    g.enter("call down-in rwr", "align db1 right", "defend 4-3", "flip green red")
    assert g.last[-1].data == {"offence": "yellow", "defence": "red"}
    g = kicked()
    g.enter("call down-in rwr", "align db1 right", "defend 4-3", "flip red red")
    assert g.last[-1].data == {"offence": "red", "defence": "red"}


def test_ignored_receiver_against_a_green_defence_raises_the_offence() -> None:
    """Double Teaming: "If the defense is already at green, then advance the offense's color
    grade by one"."""
    g = kicked()
    g.enter("call down-in lwr", "align db1 right", "defend 4-3", "flip yellow yellow")
    assert g.last[-1].data == {"offence": "yellow", "defence": "green"}
    g = kicked()
    g.enter("call down-in lwr", "align db1 right", "defend 4-3", "flip yellow green")
    assert g.last[-1].data == {"offence": "green", "defence": "green"}


def test_draft_squad_of_thirteen_or_twenty() -> None:
    """The Draft: two Running Backs (Situational Substitutions: three, a back-up)."""
    for options, backs in (({}, 2), ({"substitutions": "yes"}, 3)):
        g = Game(**options)
        g.enter("toss home", "pick", "kick")  # the coaches pick in turn
        g.enter(*(f"draft rb Back {n}" for n in range(2 * backs)))
        assert f"already have {backs} Running Backs" in g.refused("draft rb One Too Many")


# Cards: hands, decks and time-outs ---------------------------------------------------------------


def test_opening_hand_is_six_cards() -> None:
    """Setting up to Play: "both coaches may draw six cards from their Draw Deck"."""
    clock = drafted().sit["clock"]
    for side in ("home", "away"):
        assert (clock[side]["hand"], clock[side]["draw_deck_flips"]) == (6, 6)


@pytest.mark.parametrize(("length", "cards"), [("short", 40), ("medium", 50), ("long", 60)])
def test_time_deck_counts_forty_fifty_or_sixty_cards(length: str, cards: int) -> None:
    """Setting up to Play: "For a short game count out forty cards ... Fifty ... sixty"."""
    g = drafted(length=length)
    assert g.sit["clock"]["home"]["time_deck"] == cards
    g.enter("kick", "k 67")
    assert g.sit["clock"]["away"]["time_deck"] == cards - 1


def test_each_play_draws_the_hand_back_to_seven() -> None:
    """Starting Play: "you may draw that number of cards that will take you to seven"."""
    g = kicked()  # six in hand: one card drawn
    g.enter("call dive lrb")
    assert g.sit["clock"]["home"]["time_deck"] == 48
    g = kicked()
    g.enter("special home card none", "call dive lrb")  # five in hand: two drawn
    assert g.sit["clock"]["home"]["time_deck"] == 47
    g = kicked()
    g.enter("refresh home 0", "call dive lrb")  # seven in hand: none drawn
    assert g.sit["clock"]["home"]["time_deck"] == 49
    assert g.sit["clock"]["home"]["hand"] == 6


def test_refresh_draws_to_seven_from_the_draw_deck() -> None:
    """Time: "discard any number of cards from his hand and draw ... such that he has seven"."""
    g = kicked()
    (form,) = [f for f in forms(g, "refresh") if f.slots[0].words == ("home",)]
    assert (form.slots[1].low, form.slots[1].high) == (0, 6)
    for discarded, drawn in ((0, 1), (6, 7)):
        g = kicked()
        before = g.sit["clock"]["home"]["draw_deck_flips"]
        g.enter(f"refresh home {discarded}")
        assert g.sit["clock"]["home"]["hand"] == 7
        assert g.sit["clock"]["home"]["draw_deck_flips"] == before + drawn
    g = kicked()
    assert "from 0 to 6" in g.refused("refresh home 7")


def test_special_play_draws_at_most_seven_cards() -> None:
    """Special Play Cards: "he may draw a number of cards ... such that he again has seven"."""
    g = kicked()
    g.enter("special home card cards 7")
    assert "from 0 to 7" in g.refused("special home card cards 8")


def test_time_out_adds_five_cards_to_each_time_deck_not_empty() -> None:
    """Time: "add 5 cards to both coaches Time Deck ... If one coach has reached the end of his
    Time Deck, he does not add any cards"."""
    g = with_cards(kicked(), 1, 0)
    g.enter("timeout home")
    assert (g.sit["clock"]["home"]["time_deck"], g.sit["clock"]["away"]["time_deck"]) == (6, 0)


def test_three_time_outs_per_half() -> None:
    """Time: "Each coach has three time-outs per half"."""
    g = kicked()
    g.enter("timeout away", "timeout away")
    assert any("away" in f.slots[0].words for f in forms(g, "timeout"))
    g.enter("timeout away")
    assert g.sit["timeouts"]["away"] == 0
    assert not any("away" in f.slots[0].words for f in forms(g, "timeout"))
    assert "no time-outs left" in g.refused("timeout away")


def test_time_outs_restored_at_halftime_only() -> None:
    """Time: "three time-outs per half": restored at halftime, not after the 1st or 3rd quarter."""
    for quarter, left in ((1, 0), (2, 3), (3, 0)):
        g = with_cards(in_quarter(at_scrimmage(kicked(), "home", 50), quarter), 2, 2, timeouts=0)
        run(g, "2")
        assert g.sit["quarter"] == quarter + 1
        assert g.sit["timeouts"] == {"home": left, "away": left}, quarter


def test_quarter_ends_only_when_both_time_decks_are_empty() -> None:
    """Time: "if one coach has reached the end of the quarter but the opposing coach has not,
    then the quarter still continues"."""
    g = run(with_cards(at_scrimmage(kicked(), "home", 50), 2, 3), "2")
    assert g.sit["quarter"] == 1 and g.sit["clock"]["away"]["time_deck"] == 1
    g = run(with_cards(at_scrimmage(kicked(), "home", 50), 2, 2), "2")
    assert g.sit["quarter"] == 2 and g.sit["clock"]["away"]["time_deck"] == 50


def test_empty_time_deck_flips_from_the_draw_deck() -> None:
    """Time: "A coach who has reached the end of his Time Deck must use his Draw Deck"."""
    g = with_cards(at_scrimmage(kicked(), "home", 50), 1, 5)
    draws = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("call dive lrb", "defend 4-3")  # the play's draw takes the last Time Deck card
    assert (g.sit["clock"]["home"]["time_deck"], g.sit["clock"]["home"]["draw_deck_flips"]) == (
        0,
        draws,
    )
    g.enter("flip green yellow")
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws + 1


# The end of the game -----------------------------------------------------------------------------


def test_game_ends_after_the_fourth_quarter_unless_tied() -> None:
    """How To Win: "The game continues until four quarters have been played ... If the scores
    are tied then play goes into sudden death over-time"."""
    g = in_quarter(at_scrimmage(kicked(), "home", 50), 3, ((7, 0),))
    run(with_cards(g, 2, 2), "2")
    assert not g.sit["finished"] and g.sit["quarter"] == 4
    g = in_quarter(at_scrimmage(kicked(), "home", 50), 4, ((7, 0),))
    run(with_cards(g, 2, 2), "2")
    assert g.sit["finished"] and g.sit["winner"] == "home"
    g = in_quarter(at_scrimmage(kicked(), "home", 50), 4)
    run(with_cards(g, 2, 2), "2")
    assert not g.sit["finished"] and g.state.phase == "toss" and g.sit["quarter"] == 5


@pytest.mark.parametrize("score", ["touchdown", "field goal", "safety"])
def test_first_score_in_overtime_wins(score: str) -> None:
    """How To Win: "Another quarter must be played, the first team to score wins"; in the fourth
    quarter a score is followed by play as usual."""
    for quarter, finished in ((4, False), (5, True)):
        g = in_quarter(kicked(), quarter)
        if score == "touchdown":
            run(at_scrimmage(g, "home", 5), "5")
        elif score == "field goal":
            at_scrimmage(g, "home", 10, down=4).enter("fieldgoal", "fg 40")
        else:
            run(at_scrimmage(g, "home", 97), "-3", flip="red red")
        assert g.sit["finished"] is finished, quarter
