"""Third and Long: tests written for the survivors of the mutation run of issue 15.

Each test is named for the rule it checks (rules/third-and-long.txt) and drives the ruleset
through the entry language; the survivors each one kills are listed in the Third and Long
section of docs/mutation.md.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.ruleset import IllegalEntry
from domain.rulesets import thirdandlong as tl
from tests.domain.scripts import Played
from tests.domain.test_thirdandlong import (
    ROSTERS,
    game,
    kicked_off,
    refused,
    stopped,
    to_the_end_zone,
    total_cards,
)

CALL = "play green rb-power lb-tackling"


def out_of_cards(g: Played, quarter: int) -> Played:
    """The deck is empty in ``quarter``: every card not in a hand or set aside is discarded."""
    s = g.state
    rows = s.scores + ((0, 0),) * (quarter - len(s.scores))
    g.state = replace(s, quarter=quarter, scores=rows, deck=0, discard=s.discard + s.deck)
    return g


def drive_cut_short(quarter: int) -> Played:
    """Rodeo are one key moment into a 3-moment drive when time runs out in ``quarter``: two
    placeholders are still set aside when the quarter ends."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3")
    out_of_cards(g, quarter)
    g.enter("whistle", "accept")
    assert g.state.phase == "time_up"
    assert g.situation["clock"]["placeholders"] == 2 and g.situation["key_moments_left"] == 2
    g.enter("end")
    return g


# Every card comes back at halftime and before overtime ---------------------------------------


def test_halftime_brings_back_every_action_card_even_the_placeholders() -> None:
    """End of Half: "each coach discards all Action cards from their hand and the entire discard
    pile is then shuffled to re-form the Action Deck" (rules/third-and-long.txt)."""
    g = drive_cut_short(2)
    sit = g.situation
    assert "halftime" in g.kinds() and sit["quarter"] == 3
    assert sit["clock"]["placeholders"] == 0 and sit["clock"]["pile"] == 0
    assert sit["clock"]["hands"] == {"home": 7, "away": 7} and sit["clock"]["deck"] == 46
    assert total_cards(g) == 60
    # No drive is under way until the receivers flip the drive length.
    assert sit["key_moments_left"] == 0 and sit["key_moments"] == 0
    assert len(sit["score_by_quarter"]) == 3
    g.enter("drive 1", "play green wr-agility lb-tackling", "snap 3", "whistle", "score fg", "kick")
    assert g.situation["score_by_quarter"][2] == {"home": 0, "away": 3}


def test_overtime_brings_back_every_action_card_even_the_placeholders() -> None:
    """End of Game: tied, "Shuffle the discard pile to re-form the Action Deck and give each
    coach seven Action cards to form a new hand" (rules/third-and-long.txt)."""
    g = drive_cut_short(4)
    assert "overtime" in g.kinds() and g.state.phase == "toss"
    assert total_cards(g) == 60 and g.state.aside == 0 and g.state.deck == 60
    g.enter("toss home", "offense")
    sit = g.situation
    assert sit["clock"]["placeholders"] == 0 and sit["clock"]["deck"] == 46
    assert sit["key_moments_left"] == 0 and sit["key_moments"] == 0
    assert total_cards(g) == 60


def test_quarter_change_opens_a_new_row_of_the_score() -> None:
    """Get Paper & Pencil: "keep track of the quarter, the score": the 2nd quarter's points are
    written in its own row (rules/third-and-long.txt)."""
    g = drive_cut_short(1)
    assert g.situation["quarter"] == 2 and len(g.situation["score_by_quarter"]) == 2
    g.enter(CALL, "snap 3", "whistle", CALL, "snap 3", "whistle", "score fg", "kick")
    assert g.situation["score_by_quarter"] == [{"home": 0, "away": 0}, {"home": 3, "away": 0}]


def test_injury_in_drives_counts_the_drive_the_end_of_regulation_interrupts() -> None:
    """Injury: "The player will return after sitting out for the length of time listed on the
    Injury card"; End of Quarter: the end of the quarter "may interrupt an offensive drive if it
    is halftime or the end of the game" (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "injury lb 1 drives")
    g.enter("def 3", "whistle", "accept", "punt")
    # Buffalo's drive is the one Buffalo's LB sits out; the end of regulation (tied) cuts it.
    g.enter("drive 3", "play green wr-agility lb-tackling", "snap 3")
    out_of_cards(g, 4)
    g.enter("whistle", "accept")
    assert g.state.phase == "time_up" and "injury_return" not in g.kinds()
    assert g.situation["injured"] != []
    g.enter("end")
    assert "overtime" in g.kinds() and "injury_return" in g.kinds()
    assert g.situation["injured"] == []


# Between drives, no key moments are shown -----------------------------------------------------


def test_no_key_moments_are_left_once_a_drive_is_over() -> None:
    """End of Drive: "discard all remaining key moment placeholder cards"; Turnover: "A turnover
    ends the current offensive drive" (rules/third-and-long.txt)."""
    g = stopped(kicked_off())
    g.enter("punt")
    assert g.situation["key_moments_left"] == 0 and g.situation["key_moments"] == 0
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3", "big fumble", "check 4 2", "loose")
    assert g.state.phase == "snap" and g.situation["play_kind"] == "return"
    assert g.situation["key_moments_left"] == 0 and g.situation["key_moments"] == 0
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3", "big td", "whistle", "accept")
    assert g.state.phase == "try" and g.situation["key_moments_left"] == 0


# The Turnover Check ----------------------------------------------------------------------------


def test_turnover_check_takes_two_cards_off_the_action_deck() -> None:
    """Turnover Check: "Each player flips over a card from the Action Deck ... Both coaches
    discard the Action cards used for the Turnover Check" (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3", "big fumble")
    deck, discard = g.state.deck, g.state.discard
    g.enter("check 2 4")
    assert g.state.deck == deck - 2 and g.state.discard == discard + 2
    assert total_cards(g) == 60


def test_he_breaks_loose_after_a_review_that_finds_the_turnover() -> None:
    """Challenge a Play: "all variable events during the play (snap card, turnover check, Action
    cards) are re-done"; Turnover Return: "If the defending player is successful in winning a
    turnover check they may immediately use the Big Play card" (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "def 3", "whistle")
    # Rodeo challenge the stop; on the review Buffalo force a fumble and win the check.
    g.enter("challenge home", "snap 3", "big fumble", "check 4 2")
    assert g.state.phase == "turnover"
    g.enter("loose")
    kinds = g.kinds()
    assert kinds[0] == "challenge_overturned" and g.last[0].data["applied"] == "turnover"
    assert "turnover" in kinds and g.state.phase == "snap"
    assert g.situation["possession"] == "away" and g.situation["play_kind"] == "return"
    assert g.situation["timeouts"]["home"] == 3


def test_a_review_that_finds_the_turnover_again_lets_the_ruling_stand() -> None:
    """Challenge a Play: "If the same winner is determined, the ruling on the field stands and the
    challenging coach loses a Time-Out"; the check is challenged once (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3", "big fumble", "check 4 2", "challenge home", "check 4 2")
    assert g.kinds() == ["turnover_check", "challenge_failed"]
    assert g.last[-1].data["applied"] == "turnover" and g.state.phase == "turnover"
    assert g.situation["timeouts"] == {"home": 2, "away": 3}
    assert g.situation["challenges"] == {"home": 1, "away": 2}
    assert "already been challenged" in refused(g, "challenge away")
    assert "already been challenged" in refused(g, "challenge home")


def test_injury_in_drives_counts_the_drive_a_returned_turnover_ends() -> None:
    """Injury: the star sits out "the length of time listed on the Injury card"; Turnover: "A
    turnover ends the current offensive drive", returned or not (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3", "injury lb 1 drives", "big fumble", "check 4 2", "loose")
    assert g.situation["injured"][0]["counting"] is True
    g.enter("snap 1", "whistle")
    assert "return_stopped" in g.kinds() and "injury_return" in g.kinds()
    assert g.situation["injured"] == []


def test_injury_for_two_plays_sits_out_two_plays() -> None:
    """Injury: "The player will return after sitting out for the length of time listed on the
    Injury card": two plays after the one he was hurt on (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3", "injury rb 2 plays", "whistle", "accept")
    assert [i["left"] for i in g.situation["injured"]] == [2]
    g.enter(CALL, "snap 3", "whistle", "accept")
    assert [i["left"] for i in g.situation["injured"]] == [1]
    assert "injury_return" not in g.kinds()
    g.enter(CALL, "snap 3", "whistle", "accept")
    assert "injury_return" in g.kinds() and g.situation["injured"] == []


def test_a_star_already_hurt_on_this_play_cannot_be_hurt_again() -> None:
    """Injury: "The player targeted by the Injury card is considered to be injured and removed
    from the field at the conclusion of the current play" (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "injury lb 1 plays")
    assert "no star LB on the field" in refused(g, "injury lb 1 plays")
    g.enter("injury rb 1 plays")
    assert g.state.play is not None and len(g.state.play.injuries) == 2


def test_the_injury_card_comes_from_the_hand_of_the_coach_who_uses_it() -> None:
    """Game Breaks, Injury; "After Action cards are used, they are discarded": the card is the
    user's, the other coach's hand is untouched (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "injury lb 1 plays")
    assert g.situation["clock"]["hands"] == {"home": 6, "away": 7}
    g.enter("injury rb 1 plays")
    assert g.situation["clock"]["hands"] == {"home": 6, "away": 6}


def test_the_last_card_in_hand_can_be_a_modifier_a_big_play_or_a_flag() -> None:
    """Use, Used (Action Card): "using Action cards simply means playing these cards from your
    hand": a coach holding one card may use it: a modifier, a Big Play, a flag or an Injury
    (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3")
    g.state = replace(g.state, hands=(1, 1), discard=g.state.discard + 12)
    g.enter("off 2", "def 1")
    assert g.situation["clock"]["hands"] == {"home": 0, "away": 0}
    assert g.situation["play_total"] == 3 + 3 - 1 + 2 - 1
    assert "no Action cards" in refused(g, "off 1")
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3")
    g.state = replace(g.state, hands=(1, 1), discard=g.state.discard + 12)
    g.enter("big td", "big fumble")
    assert g.state.play is not None and g.state.play.big == ("td", "fumble")
    assert g.situation["clock"]["hands"] == {"home": 0, "away": 0} and g.state.phase == "check"
    assert total_cards(g) == 60
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3")
    g.state = replace(g.state, hands=(1, 1), discard=g.state.discard + 12)
    g.enter("penalty home +1", "foul away -1")
    assert g.situation["clock"]["hands"] == {"home": 0, "away": 0}
    assert [r.kind for r in g.last] == ["personal_foul"]
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 3")
    g.state = replace(g.state, hands=(1, 1), discard=g.state.discard + 12)
    g.enter("injury lb 1 plays", "injury rb 1 plays")
    assert g.situation["clock"]["hands"] == {"home": 0, "away": 0}
    assert g.state.play is not None and len(g.state.play.injuries) == 2


def test_the_last_card_in_hand_can_answer_a_turnover() -> None:
    """Turnover Check: "A Penalty or Personal Foul card played after a successful turnover
    negates the turnover"; Turnover Return: the defence "may immediately use the Big Play card
    'He Breaks Loose!' from their hand" (rules/third-and-long.txt)."""
    for answer, phase in (("loose", "snap"), ("penalty away 0", "pile")):
        g = kicked_off()
        g.enter("drive 3", CALL, "snap 3", "big fumble", "check 4 2")
        g.state = replace(g.state, hands=(1, 1), discard=g.state.discard + 11)
        g.enter(answer)
        assert g.state.phase == phase
        assert total_cards(g) == 60


# Scoring ----------------------------------------------------------------------------------------


def test_a_safety_scores_two_for_the_defence_when_the_home_team_defends() -> None:
    """Safety: "The defense scores two points AND the offensive team must punt the ball away"
    (rules/third-and-long.txt)."""
    g = stopped(kicked_off())
    g.enter("punt", "drive 3", "play green wr-agility lb-tackling", "snap 1", "big safety")
    g.enter("def 3", "whistle", "accept")
    assert g.kinds()[0] == "safety" and g.last[0].team == "home"
    assert g.situation["score"] == {"home": 2, "away": 0}
    assert g.situation["possession"] == "home"


def test_a_two_point_conversion_bonus_card_goes_to_the_scorer() -> None:
    """Two-Point Conversion: "If the two-point conversion is good, the offensive coach draws a
    second bonus Action card, in addition to the bonus card from the touchdown"
    (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 1", CALL, "snap 3", "whistle", "accept", "score td", "two")
    g.enter(CALL, "snap 3", "whistle", "accept")
    assert [(r.kind, r.team) for r in g.last[:2]] == [("two_point", "home"), ("momentum", "home")]
    # Home: 7, +1 and +1 after the two plays, +1 for the touchdown, +1 for the two points, +1
    # at the end of the drive; away: 7 and the same draws without the bonus cards.
    assert g.situation["clock"]["hands"] == {"home": 12, "away": 10}
    assert g.situation["score"] == {"home": 8, "away": 0}


def test_a_field_goal_is_followed_by_a_kickoff() -> None:
    """Kick the Ball Away, Kick-Off: "A kick-off occurs when the ball changes possession after
    one team scores" (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 1", CALL, "snap 3", "whistle", "accept", "score fg", "kick")
    assert g.state.phase == "kickoff" and g.state.kicker == "home"
    assert g.situation["possession"] == "away"


def test_the_matchup_names_the_ball_handler_and_the_play_type() -> None:
    """Offensive Play Call: "three general types ...: Run, Short Pass, and Long Pass"; Running
    Play "uses a running back (RB)", Passing Play "the wide receiver (WR) or the quarterback
    (QB)" (rules/third-and-long.txt)."""
    for call, players, kind in (
        (CALL, {"rusher": "RB"}, "run"),
        ("play green qb-arm s-speed", {"passer": "QB"}, "pass"),
        ("play green wr-agility s-speed", {"receiver": "WR"}, "pass"),
    ):
        g = kicked_off()
        g.enter("drive 3", call)
        assert g.last[0].kind == "matchup"
        assert g.last[0].data["players"] == players and g.last[0].data["play_type"] == kind


# Entry language ---------------------------------------------------------------------------------


def test_injury_length_may_be_typed_singular() -> None:
    """Injury: the length "listed on the Injury card": `1 drive` reads as `1 drives`
    (rules/third-and-long.txt; docs/entries.md)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "injury lb 1 drive")
    assert g.state.play is not None
    assert [(i.position, i.length, i.unit) for i in g.state.play.injuries] == [("lb", 1, "drives")]
    assert "not a length" in refused(g, "injury rb 1 week")


def test_big_play_names_have_their_long_forms() -> None:
    """Big Plays: "Scoring a touchdown regardless of the number of key moments remaining": the
    card may be typed `touchdown` as well as `td` (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "big touchdown")
    assert g.state.play is not None and g.state.play.big == ("td",)
    g.enter("big int")
    assert g.state.play.big == ("td", "interception") and g.state.phase == "check"


def test_time_out_takes_a_team_and_only_refresh_after_it() -> None:
    """Time-Outs: "timeout <team> [refresh]"; any other word after the team is refused
    (docs/entries.md)."""
    g = kicked_off()
    g.enter("drive 3", CALL)
    assert "timeout <team> [refresh]" in refused(g, "timeout home now")
    assert "timeout <team> [refresh]" in refused(g, "timeout home refresh now")
    g.enter("timeout home refresh")
    assert g.situation["timeouts"]["home"] == 2


def test_a_personal_foul_and_a_penalty_are_ruled_as_such() -> None:
    """Penalty/Personal Foul: "Playing a penalty or personal foul negates a turnover on that
    play" (rules/third-and-long.txt): each card is its own ruling."""
    g = kicked_off()
    g.enter("drive 3", CALL, "snap 1", "foul away -1")
    assert g.last[0].kind == "personal_foul" and g.last[0].data["change"] == -1
    g.enter("penalty home +2")
    assert g.last[0].kind == "penalty" and g.last[0].data["change"] == 2


def test_a_salary_is_more_than_zero() -> None:
    """Salary Caps: "The cost for a given player can be found on the player's card": $0.1M is
    the least a typed salary can be, $0 is refused (rules/third-and-long.txt)."""
    g = game()
    assert "more than $0M" in refused(g, "star home qb 0 1 1 1")
    g.enter("star home qb 0.1 1 1 1")
    assert g.situation["rosters"]["home"][0]["salary"] == 0.1


def test_draws_due_are_shown_for_each_coach_and_none_after_the_final_whistle() -> None:
    """Momentum: the bonus card is the scorer's, drawn with the next draws; End of Game: "Each
    coach discards their entire hand" (rules/third-and-long.txt)."""
    g = kicked_off()
    g.enter("drive 1", CALL, "snap 3", "whistle", "accept", "score td")
    assert g.situation["clock"]["draws_due"] == {"home": 2, "away": 1}
    g = kicked_off()
    g.enter("drive 1", CALL, "snap 3", "whistle", "accept", "score fg")
    out_of_cards(g, 4)
    g.enter("kick", "end")
    assert g.situation["finished"] and g.situation["winner"] == "home"
    assert g.situation["clock"]["draws_due"] == {"home": 0, "away": 0}
    assert g.situation["clock"]["hands"] == {"home": 0, "away": 0} and total_cards(g) == 60


def test_the_home_team_may_win_the_toss_and_choose_defence() -> None:
    """The Coin Toss: "The winner of the coin flip decides whether to start on offense or
    defense" (rules/third-and-long.txt)."""
    g = game(*ROSTERS, "toss home", "defense")
    assert g.situation["possession"] == "away"
    assert g.state.first_offense == "away"


def test_a_star_fits_with_exactly_a_million_left_and_a_capped_team_does_not_stop_the_other() -> (
    None
):
    """Salary Caps: "Coaches alternately pick players until their teams are complete or they have
    met the salary cap" (rules/third-and-long.txt)."""
    g = game("star home qb 5 1 1 1", "star home rb 5 1 1 1", "star home lb 5 1 1 1")
    g.enter("star away cb 5 1 1 1", "star away s 5 1 1 1", "star away wr 4 1 1 1")
    g.enter("star away lb 1 1 1 1")  # exactly $1M left
    assert [s["salary"] for s in g.situation["rosters"]["away"]] == [5.0, 5.0, 4.0, 1.0]
    g = game("star home qb 5 1 1 1", "star home rb 5 1 1 1", "star home lb 5 1 1 1")
    g.enter("star away cb 2 1 1 1")  # Rodeo are at the cap; Buffalo still sign
    assert len(g.situation["rosters"]["away"]) == 1


# Team files -------------------------------------------------------------------------------------


def team_file(salary: float, qb: tuple[int, int, int] = (1, 1, 1)) -> str:
    """A team file of a QB costing ``salary`` and two $5M stars."""
    accuracy, arm, timing = qb
    return f"""
[[stars]]
position = "QB"
salary = {salary}
accuracy = {accuracy}
arm = {arm}
timing = {timing}
[[stars]]
position = "RB"
salary = 5
power = 1
speed = 1
vision = 1
[[stars]]
position = "LB"
salary = 5
speed = -1
tackling = -1
instincts = -1
"""


def test_team_file_salary_cap_is_fifteen_million_exactly() -> None:
    """Salary Caps: "The salary cap is $15 million" (rules/third-and-long.txt): $15M in a team
    file is within it, $15.5M over it."""
    assert tl.roster_problems(team_file(5)) == []
    assert tl.roster_problems(team_file(4.9)) == []
    over = tl.roster_problems(team_file(5.5))
    assert len(over) == 1 and "over the $15M cap" in over[0]


def test_team_file_salary_must_be_positive() -> None:
    """Player Salary: "The cost for a given player can be found on the player's card": a
    salary of 0 in a team file is refused, like `star ... 0` typed (rules/third-and-long.txt)."""
    problems = tl.roster_problems(team_file(0))
    assert len(problems) == 1 and "salary must be a positive number" in problems[0]


def test_team_file_attributes_are_one_to_three() -> None:
    """Player Attributes: "offensive players have positive attributes (between +1 and +3)"
    (rules/third-and-long.txt): 3 is accepted in a team file, 4 is not."""
    assert tl.roster_problems(team_file(5, (3, 3, 3))) == []
    problems = tl.roster_problems(team_file(5, (4, 3, 3)))
    assert len(problems) == 1 and "accuracy must be +1 to +3; got 4" in problems[0]
    problems = tl.roster_problems(team_file(5).replace("tackling = -1", "tackling = -4"))
    assert len(problems) == 1 and "tackling must be -1 to -3; got -4" in problems[0]


def test_team_file_star_may_name_its_team_and_a_file_may_have_no_stars() -> None:
    """The Player card shows "the Player's Team": a star's `team` key is no problem; a team of
    no stars plays with average players everywhere (rules/third-and-long.txt)."""
    text = team_file(5).replace('position = "RB"', 'position = "RB"\nteam = "Mandan Rodeo"')
    assert tl.roster_problems(text) == []
    assert tl.roster_problems('team = "Nobody"') == []
    assert tl.roster_entries('team = "Nobody"', "away") == []


def test_team_file_with_problems_gives_no_entries() -> None:
    """Salary Caps: a team file over the $15M cap is not turned into entries
    (rules/third-and-long.txt)."""
    with pytest.raises(IllegalEntry, match="over the \\$15M cap"):
        tl.roster_entries(team_file(5.5), "home")


def test_team_file_salary_becomes_the_typed_salary() -> None:
    """Player Salary: a team file's $2.5M star is entered as `star home qb 2.5 ...`
    (rules/third-and-long.txt)."""
    entries = tl.roster_entries(team_file(2.5, (3, 2, 1)), "home")
    assert entries[0] == "star home qb 2.5 3 2 1"
    assert entries[2] == "star home lb 5 1 1 1"


# Entry language left by the last classification (docs/mutation.md, Third and Long group 2) -----


def test_off_and_def_name_the_offence_and_the_defence_in_every_spelling() -> None:
    """docs/entries.md: once the game is under way a team may be typed as the offence or the
    defence (Time-Outs: "Each team has three time-outs per half")."""
    for word, side in (
        ("off", "home"),
        ("offense", "home"),
        ("offence", "home"),
        ("def", "away"),
        ("defense", "away"),
        ("defence", "away"),
    ):
        g = kicked_off()  # the Bears (home) have the ball
        g.enter("drive 3", f"timeout {word}")
        assert g.situation["timeouts"][side] == 2, word


def test_a_modifier_shorthand_takes_one_value_and_one_sign() -> None:
    """docs/entries.md: "+2" and "mod +2" are the offence's modifier of 2; a word after it, or
    a second sign, is refused and records nothing."""
    g = kicked_off()
    g.enter("drive 3", "play green rb-power lb-tackling", "snap 1")
    assert "enter the modifier's printed value" in refused(g, "+2 x")
    assert "got '++2'" in refused(g, "mod ++2")
    assert "got '+-2'" in refused(g, "mod +-2")
    g.enter("mod +2")
    assert g.state.phase == "pile"


def test_go_for_it_and_the_field_goal_have_their_spellings() -> None:
    """Don't Want to Settle (rules/third-and-long.txt): "Go For It!" -- typed goforit,
    go-for-it, goforit! or go for it; the field goal as kick, fg or fieldgoal."""
    for word, kind in (
        ("go-for-it", "go_for_it"),
        ("goforit!", "go_for_it"),
        ("go for it", "go_for_it"),
        ("fg", "field_goal"),
        ("fieldgoal", "field_goal"),
    ):
        g = to_the_end_zone(kicked_off())
        g.enter("score fg", word)
        assert kind in g.kinds(), word
