"""Red Zone (rules/red-zone.txt) refereed through the entries a person types at the table."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.ruleset import IllegalEntry
from domain.rulesets.redzone import RULESET, RedZoneState, roster_problems

ROOT = Path(__file__).resolve().parents[2]

HOME_DRAFT = [
    "qb Steve Young",
    "rb Barry Sanders",
    "rb Emmitt Smith",
    "wr Jerry Rice",
    "te Shannon Sharpe",
    "ol Bruce Matthews",
    "ol Randall McDaniel",
    "dl Reggie White",
    "dl Bruce Smith",
    "lb Junior Seau",
    "lb Derrick Thomas",
    "db Deion Sanders",
    "db Rod Woodson",
]
AWAY_DRAFT = [
    "qb Dan Marino",
    "rb Marshall Faulk",
    "rb Thurman Thomas",
    "wr Anthony Miller",
    "wr Tim Brown",
    "ol Gary Zimmerman",
    "ol Dermontti Dawson",
    "dl Leslie O'Neal",
    "dl Cortez Kennedy",
    "lb Cornelius Bennett",
    "lb Hardy Nickerson",
    "db Ronnie Lott",
    "db Aeneas Williams",
]


class Game:
    """A ruleset state and every ruling made, driven by typed entries."""

    def __init__(self, **options: str) -> None:
        self.state: RedZoneState = RULESET.initial("Ron", "Duncan", options)
        self.rulings: list = []
        self.last: list = []

    def enter(self, *texts: str) -> list:
        for text in texts:
            self.state, self.last = RULESET.apply(self.state, text)
            self.rulings.extend(self.last)
        return self.last

    @property
    def sit(self) -> dict:
        return RULESET.situation(self.state)

    def kinds(self) -> list[str]:
        return [r.kind for r in self.last]

    def refused(self, text: str) -> str:
        before = self.state
        with pytest.raises(IllegalEntry) as info:
            RULESET.apply(self.state, text)
        assert self.state == before
        message = str(info.value)
        assert "\n" not in message and message
        return message


def drafted(**options: str) -> Game:
    """Ron (home) wins the toss and takes home field; Duncan drafts first; Ron receives."""
    g = Game(**options)
    g.enter("toss home", "field", "receive")
    for away, home in zip(AWAY_DRAFT, HOME_DRAFT, strict=True):
        g.enter(f"draft {away}", f"draft {home}")
    return g


def at_scrimmage(g: Game, offense: str, ball_on: int, down: int = 1, distance: int = 10) -> Game:
    """Put the ball in play at a spot (the set-up of a rulebook example)."""
    g.state = replace(
        g.state,
        phase="call",
        offense=offense,
        ball_on=ball_on,
        down=down,
        marker=max(ball_on - distance, 0),
    )
    return g


# The Draft --------------------------------------------------------------------------------


def test_coin_toss_winner_takes_home_field_and_the_other_drafts_first() -> None:
    """The Draft: Ron wins the toss, elects home field; Duncan has first pick."""
    g = Game()
    g.enter("toss home", "field")
    assert RULESET.expected(g.state).actor == "home"
    g.enter("receive")
    assert g.state.drafting == "away"
    g.enter("draft qb Steve Young")
    assert g.state.drafting == "home"


def test_draft_refuses_a_fourteenth_man_and_a_second_quarterback() -> None:
    """The Draft: exactly 1 QB, 2 RB, 2 WR/TE, 2 OL, 2 DL, 2 LB, 2 DB."""
    g = Game()
    g.enter("toss home", "pick", "kick", "draft qb Steve Young", "draft qb Dan Marino")
    message = g.refused("draft qb Troy Aikman")
    assert "already have 1 Quarterback" in message
    assert "still needs" in message


def test_draft_refuses_a_player_drafted_twice() -> None:
    """The Draft: a player must not have been selected by the opposing coach."""
    g = Game()
    g.enter("toss home", "pick", "kick", "draft rb Barry Sanders")
    assert "already drafted" in g.refused("draft rb barry sanders")


def test_draft_wr_and_te_share_two_places() -> None:
    """Tight Ends and Wide Receivers: interchangeable for the draft."""
    g = Game()
    g.enter("toss home", "pick", "kick", "draft te Sharpe", "draft qb Marino", "draft wr Rice")
    g.enter("draft rb Faulk")
    assert "Wide Receiver" in g.refused("draft wr Brown")


def test_team_play_lets_one_coach_pick_his_whole_team_first() -> None:
    """Team Play: each coach selects his players from his team's pool."""
    g = Game(draft="team")
    g.enter("toss away", "pick", "receive")
    for entry in AWAY_DRAFT:
        assert g.state.drafting == "away"
        g.enter(f"draft {entry}")
    assert g.state.drafting == "home"


def test_after_the_draft_each_coach_has_six_cards_and_a_full_time_deck() -> None:
    """Setting up to Play: Time Deck of 50 (medium) and six cards drawn from the Draw Deck."""
    g = drafted()
    for side in ("home", "away"):
        assert g.sit["clock"][side] == {
            "time_deck": 50,
            "draw_deck_flips": 6,
            "hand": 6,
            "timeouts": 3,
        }
    assert g.state.phase == "kickoff"


@pytest.mark.parametrize(("length", "cards"), [("short", 40), ("medium", 50), ("long", 60)])
def test_game_length_sets_the_time_deck(length: str, cards: int) -> None:
    """Time: 40 (short), 50 (medium) or 60 (long) cards."""
    assert drafted(length=length).sit["clock"]["home"]["time_deck"] == cards


# Kickoff -----------------------------------------------------------------------------------


def test_kickoff_67_yards_and_24_yard_return_to_the_27() -> None:
    """The Kickoff example: from the 30, 67 yards to the 3, returned 24 yards to the 27."""
    g = drafted()
    g.enter("kick", "k 67")
    assert "Ron 3" in g.last[-1].text
    g.enter("kr 24")
    sit = g.sit
    assert sit["possession"] == "home"
    assert (sit["ball_on"], sit["down"], sit["distance"]) == (73, 1, 10)
    assert sit["clock"]["away"]["time_deck"] == 49
    assert sit["clock"]["home"]["time_deck"] == 49


def test_kickoff_ez_is_a_touchback_at_the_20() -> None:
    """The Kickoff: EZ under K means first and ten from the twenty."""
    g = drafted()
    g.enter("kick", "k ez")
    assert g.sit["ball_on"] == 80
    assert g.state.phase == "call"


def test_kick_flip_not_due_is_refused() -> None:
    """A flip when no flip is due is refused and records nothing."""
    g = drafted()
    assert "not due now" in g.refused("kr 24")


# Plays and the execution colour check ---------------------------------------------------------


def kicked(**options: str) -> Game:
    g = drafted(**options)
    g.enter("kick", "k 67", "kr 24")
    return g


def test_sweep_green_against_4_3_yellow_gains_3() -> None:
    """Calling Plays example: Sweep (RRB) green against 4-3 yellow, a 3-yard gain."""
    g = kicked()
    g.enter("swap wr")  # Ron's Tight End to the left: no +1 on this sweep
    g.enter("call sweep rrb", "defend 4-3", "flip green yellow")
    assert g.last[-1].data == {"offence": "green", "defence": "yellow"}
    g.enter("result 3")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (70, 2, 7)


def test_colour_that_does_not_exist_is_refused() -> None:
    """Execution Color Check: only green, yellow, red, a penalty or a FADD are printed."""
    g = kicked()
    g.enter("call sweep rrb", "defend 4-3")
    assert "not an execution result" in g.refused("flip purple yellow")


def test_each_play_draws_to_seven_and_flips_one_card_per_coach() -> None:
    """Starting Play / Time: a card drawn for the new play plus the colour-check flip."""
    g = kicked()
    g.enter("call sweep rrb", "defend 4-3", "flip green yellow", "result 3")
    for side in ("home", "away"):
        assert g.sit["clock"][side]["time_deck"] == 49 - 2
        assert g.sit["clock"][side]["hand"] == 6


def test_tight_end_adds_a_yard_on_runs_to_his_side() -> None:
    """Tight Ends: a run to the Tight End's side turns a 3-yard gain into 4."""
    g = kicked()
    g.enter("call sweep rrb", "defend 4-3", "flip green yellow", "result 3")
    assert g.sit["ball_on"] == 69  # Sharpe (TE) is Ron's right-hand receiver


def test_tight_end_limited_to_outside_runs() -> None:
    """Limiting the TE (1): only Off Tackle, Sweep and Counter get the +1."""
    g = kicked(tight_end="outside")
    g.enter("call dive rrb", "defend 4-3", "flip green yellow", "result 3")
    assert g.sit["ball_on"] == 70


def test_tight_end_outside_gives_a_reverse_no_yard() -> None:
    """Limiting the TE (1): "only the Off Tackle, Sweep, and Counter would have the +1"."""
    g = kicked(tight_end="outside")
    g.enter("call reverse rrb", "defend 4-3", "flip green yellow", "result 3")
    assert g.sit["ball_on"] == 70  # Sharpe (TE) is on the right: no +1 for a Reverse
    g = kicked(tight_end="outside")
    g.enter("call counter rrb", "defend 4-3", "flip green yellow", "result 3")
    assert g.sit["ball_on"] == 69


def test_tight_end_outside_refuses_a_reverse_to_the_tight_end() -> None:
    """Limiting the TE (1): "Reverses can't be run to the TE"."""
    g = kicked(tight_end="outside")
    message = g.refused("call reverse rwr")
    assert "Reverse" in message and "Tight End" in message
    calls = [f for f in RULESET.expected(g.state).forms if f.keyword == "call"]
    assert not any("reverse" in f.slots[0].words and "rwr" in f.slots[1].words for f in calls)
    g.enter("call reverse lwr")  # Jerry Rice, a Wide Receiver: allowed
    g = kicked()
    g.enter("call reverse rwr")  # without the optional rule the TE may carry it


def test_first_down_after_ten_yards() -> None:
    """Downs: gaining the ten yards gives a new first down."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result 12")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (61, 1, 10)


def test_turnover_on_downs() -> None:
    """Downs: four downs to gain ten yards, else the defence takes over."""
    g = at_scrimmage(kicked(), "home", 60, down=4, distance=5)
    g.enter("call dive lrb", "defend 4-3", "flip red red", "result 1")
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 41


def test_double_team_on_the_ball_carrier_raises_the_defence_a_grade() -> None:
    """Double Teaming: both DBs on the called WR: the defence's yellow becomes red."""
    g = kicked()
    g.enter("call down-in rwr", "align db1 right", "defend 4-3", "flip green yellow")
    assert g.last[-1].data == {"offence": "green", "defence": "red"}


def test_ignored_receiver_lowers_the_defence_a_grade() -> None:
    """Double Teaming: a play to the receiver left alone: the defence's grade drops."""
    g = kicked()
    g.enter("call down-in lwr", "align db1 right", "defend 4-3", "flip green green")
    assert g.last[-1].data == {"offence": "green", "defence": "green"}
    g = kicked()
    g.enter("call down-in lwr", "align db1 right", "defend 4-3", "flip yellow green")
    assert g.last[-1].data == {"offence": "green", "defence": "green"}


def test_defensive_linemen_keying_on_a_side_lower_runs_there() -> None:
    """Double Teaming: both DLs on one OL key on that side's runs (offence down a grade)."""
    g = kicked()
    g.enter("call dive rrb", "align dl1 right", "defend 4-3", "flip green yellow")
    assert g.last[-1].data == {"offence": "yellow", "defence": "yellow"}
    g = kicked()
    g.enter("call dive lrb", "align dl1 right", "defend 4-3", "flip yellow yellow")
    assert g.last[-1].data == {"offence": "green", "defence": "yellow"}


# Skill checks and long gains ----------------------------------------------------------------


def test_dl_result_checks_the_play_side_defensive_lineman() -> None:
    """Skill Check example: Duncan's Down & In (RWR) draws DL; Ron placed Leslie O'Neal on
    that side; Ron flips red and O'Neal's Tackle says -5."""
    g = Game()
    g.enter("toss home", "field", "kick")  # Ron kicks; Duncan drafts first
    for away, home in zip(HOME_DRAFT, AWAY_DRAFT, strict=True):
        g.enter(f"draft {away}", f"draft {home}")
    g.enter("kick", "k 67", "kr 24")
    g.enter("call down-in rwr", "align dl1 rol", "align dl2 lol", "defend 4-3")
    g.enter("flip green yellow", "result dl")
    prompt = RULESET.expected(g.state)
    assert prompt.actor == "home" and "Leslie O'Neal's Tackle" in prompt.text
    g.enter("skill red -5")
    assert (g.sit["possession"], g.sit["ball_on"], g.sit["down"]) == ("away", 78, 2)


def test_long_gain_on_a_pass_adds_ten() -> None:
    """Long Gains example: LG 24 on a Play Action pass is a 34-yard gain."""
    g = kicked()
    g.enter("call play-action lwr 6", "defend 4-4", "flip green green", "result long", "lg 24")
    assert g.sit["ball_on"] == 73 - 34


def test_long_gain_on_a_run_has_no_bonus() -> None:
    """Long Gains: a run uses the LG number as it stands."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-4", "flip green green", "result long", "lg 24")
    assert g.sit["ball_on"] == 73 - 24


def test_qb_check_complete_then_catch() -> None:
    """Throw: Complete means a Catch check follows."""
    g = kicked()
    g.enter("call hook lwr 4", "defend blitz", "flip green green", "result qb")
    g.enter("skill green complete")
    assert "Jerry Rice" in RULESET.expected(g.state).text
    g.enter("skill yellow 14")
    assert g.sit["ball_on"] == 59 and g.sit["down"] == 1


def test_cover_c2p_is_twice_the_passing_play_number() -> None:
    """Cover: C-2P gains twice the Passing Play Number (Hook 4 here: 8 yards)."""
    g = kicked()
    g.enter("call hook lwr 4", "defend 3-4", "flip yellow yellow", "result db", "skill red c-2p")
    assert g.sit["ball_on"] == 73 - 8


def test_db_result_on_a_pass_to_a_back_checks_the_linebacker() -> None:
    """Cover: a DB result on a pass to a Running Back is checked against the Linebacker."""
    g = kicked()
    g.enter("call screen lrb", "defend 3-4", "flip yellow yellow", "result db")
    assert "Cornelius Bennett" in RULESET.expected(g.state).text


def test_star_tackle_without_a_star_is_incomplete() -> None:
    """*Tackle: a play-side rusher without * means the pass falls incomplete."""
    g = kicked()
    g.enter("call hook lwr 4", "defend 4-3", "flip red yellow", "result lb*", "star no")
    assert (g.sit["ball_on"], g.sit["down"]) == (73, 2)


def test_star_tackle_with_a_star_is_a_sack() -> None:
    """*Tackle: with a * a tackle check sets the yards of the scramble."""
    g = kicked()
    g.enter("call hook lwr 4", "defend 4-3", "flip red yellow", "result dl*", "star yes")
    g.enter("skill red -7")
    assert (g.sit["ball_on"], g.sit["down"]) == (80, 2)


def test_injury_plays_the_yellow_result_then_substitutes() -> None:
    """Injuries: finish the play on the yellow result, then a substitute or a vacancy."""
    g = kicked()
    g.enter("call hook lwr 4", "defend goalline", "flip green green", "result wr")
    g.enter("skill injury 9")
    assert g.sit["ball_on"] == 64
    assert g.state.phase == "sub"
    g.enter("sub none")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "(vacant)"
    assert g.sit["lineups"]["home"]["injured"] == ["Jerry Rice"]
    g.enter("call hook lwr 4", "defend goalline", "flip green green")
    assert g.last[-1].data["offence"] == "yellow"


def test_injured_player_replaced_from_the_draw_deck_by_name() -> None:
    """Injuries: the substitute card is named; a Draw Deck card is counted."""
    g = kicked()
    g.enter("call hook lwr 4", "defend goalline", "flip green green", "result wr")
    draws = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("skill injury 9")
    assert "already selected" in g.refused("sub draw Tim Brown")
    g.enter("sub draw Andre Reed")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Andre Reed"
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws + 1


def injure_rice(g: Game) -> None:
    """Ron's Hook to Jerry Rice: a WR check that comes up Injury."""
    g.enter("call hook lwr 4", "defend goalline", "flip green green", "result wr")
    g.enter("skill injury 9")
    assert g.state.phase == "sub"


def test_out_of_order_substitute_refused_while_a_discarded_player_is_known() -> None:
    """Injuries: "must select a new player from his discard pile" before the Draw Deck or hand."""
    g = kicked()
    g.enter("discard home wr Andre Reed")
    assert g.sit["lineups"]["home"]["discard_pile"] == ["Andre Reed"]
    injure_rice(g)
    draws, hand = g.sit["clock"]["home"]["draw_deck_flips"], g.sit["clock"]["home"]["hand"]
    assert "Andre Reed is on Ron's discard pile" in g.refused("sub draw Henry Ellard")
    assert "discard pile" in g.refused("sub hand Henry Ellard")
    assert "discard pile" in g.refused("sub none")
    subs = [f for f in RULESET.expected(g.state).forms if f.keyword == "sub"]
    assert subs[0].slots[0].words == ("discard",)
    g.enter("sub discard")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Andre Reed"
    assert g.sit["lineups"]["home"]["discard_pile"] == []
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws
    assert g.sit["clock"]["home"]["hand"] == hand


def test_a_tight_end_on_the_discard_pile_takes_a_receivers_place() -> None:
    """Tight Ends and Wide Receivers are interchangeable; other positions are not eligible."""
    g = kicked()
    g.enter("discard home rb Ricky Watters", "discard home te Ben Coates")
    injure_rice(g)
    assert "an RB card" in g.refused("sub discard Ricky Watters")
    assert "Ben Coates" in g.refused("sub draw")
    g.enter("sub discard Ben Coates")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Ben Coates"
    assert g.sit["lineups"]["home"]["discard_pile"] == ["Ricky Watters"]


def test_no_eligible_discard_known_lets_the_draw_deck_follow() -> None:
    """Injuries: with no eligible player on the discard pile, the Draw Deck comes next."""
    g = kicked()
    g.enter("discard home rb Ricky Watters")
    injure_rice(g)
    g.enter("sub draw Henry Ellard")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Henry Ellard"
    assert g.sit["lineups"]["home"]["discard_pile"] == ["Ricky Watters"]


def test_discard_entry_refuses_a_drafted_player() -> None:
    """Injuries: a substitute may not be a player previously selected by either team."""
    g = kicked()
    assert "already selected by Duncan" in g.refused("discard home wr Tim Brown")
    assert "not a position" in g.refused("discard home kr Joe Smith")


def team_kicked() -> Game:
    """Team play: Duncan picks his whole team, then Ron; Ron receives."""
    g = Game(draft="team")
    g.enter("toss home", "field", "receive")
    for entry in AWAY_DRAFT + HOME_DRAFT:
        g.enter(f"draft {entry}")
    g.enter("kick", "k 67", "kr 24")
    return g


def test_team_play_asks_whether_a_substitute_of_the_team_is_to_hand() -> None:
    """Injuries (team play): "choose this player from his discard pile, his Draw Deck, and his
    hand in that order. If no player is available from the team ... as described above"."""
    g = team_kicked()
    g.enter("discard home wr other Andre Reed")
    injure_rice(g)
    assert [f.keyword for f in RULESET.expected(g.state).forms] == ["teamsub", "discard"]
    assert "not due" in g.refused("sub draw")
    g.enter("teamsub yes")
    assert "chosen team is to hand" in g.refused("sub none")
    assert "not of the chosen team" in g.refused("sub discard Andre Reed")
    g.enter("sub draw John Taylor")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "John Taylor"


def test_team_play_no_refused_while_a_team_player_is_on_the_discard_pile() -> None:
    """Injuries (team play): a player of the chosen team on the discard pile comes first."""
    g = team_kicked()
    g.enter("discard home wr ours Brent Jones")
    injure_rice(g)
    assert RULESET.expected(g.state).forms[0].slots[0].words == ("yes",)
    assert "Brent Jones" in g.refused("teamsub no")
    g.enter("teamsub yes")
    assert "Brent Jones" in g.refused("sub draw")
    g.enter("sub discard Brent Jones")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Brent Jones"


def test_wrong_skill_word_is_refused() -> None:
    """Block: only yards or Fumble are printed on a Block line."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result ol")
    assert "not a Block result" in g.refused("skill green td")


# Penalties and FADD -------------------------------------------------------------------------------


def test_penalty_stops_the_play_and_the_down_is_replayed() -> None:
    """Penalties example: Duncan flips Penalty -5 on a Draw: he loses five yards, replay."""
    g = kicked()
    g.enter("call draw lrb", "defend 4-2-5", "flip pen5 red")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (78, 1, 15)


def test_equal_penalties_offset() -> None:
    """Penalties: equal penalties cancel; no yardage, the down is played over."""
    g = kicked()
    g.enter("call draw lrb", "defend 4-2-5", "flip pen5 pen5")
    assert "penalty_offset" in g.kinds()
    assert (g.sit["ball_on"], g.sit["down"]) == (73, 1)


def test_larger_penalty_stands() -> None:
    """Penalties: the team with the higher penalty takes priority."""
    g = kicked()
    g.enter("call draw lrb", "defend 4-2-5", "flip pen5 pen15")
    assert g.sit["ball_on"] == 58


def test_fadd_on_offence_subtracts_and_flips_again_from_the_draw_deck() -> None:
    """FADD example: FADD 3 on offence: flip again from the Draw Deck; 3 yards off the gain."""
    g = kicked()
    g.enter("call draw lrb", "defend 4-2-5", "flip fadd3 red")
    before = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("draw yellow 2")
    assert g.sit["clock"]["home"]["draw_deck_flips"] == before + 2
    g.enter("result 7")
    assert g.sit["ball_on"] == 73 - 4


def test_fadd_is_ignored_on_an_incomplete_pass() -> None:
    """FADD: a result without yardage ignores the FADD."""
    g = kicked()
    g.enter("call hook lwr 4", "defend 4-2-5", "flip red fadd2", "draw red", "result inc")
    assert (g.sit["ball_on"], g.sit["down"]) == (73, 2)


def declining_at_own_20() -> Game:
    g = kicked(declining="yes")
    g = at_scrimmage(g, "away", 80)
    g.enter("call long-bomb lwr", "defend goalline", "flip yellow pen5")
    assert RULESET.expected(g.state).actor == "home"
    g.enter("draw yellow", "result 19")
    return g


def test_declined_penalty_from_the_20() -> None:
    """Declining Penalties example: Duncan declines Ron's 5 yards and takes 19 to the 39."""
    g = declining_at_own_20()
    assert RULESET.expected(g.state).actor == "away"
    g.enter("decline")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (61, 1, 10)


def test_accepted_penalty_from_the_20() -> None:
    """Declining Penalties example: accepting gives 1st and 5 from the 25."""
    g = declining_at_own_20()
    g.enter("accept")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (75, 1, 5)


def test_fadd_on_defence_adds_to_the_gain() -> None:
    """FADD: on defence the number is added to the offence's yardage."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow fadd2", "draw red", "result 3")
    assert g.sit["ball_on"] == 73 - 5


def test_declining_with_two_unequal_penalties_the_larger_is_offered() -> None:
    """Declining Penalties with both flags: both flip again; the larger penalty is the one to
    accept or decline, by the other coach."""
    g = kicked(declining="yes")
    g.enter("call dive lrb", "defend 4-3", "flip pen5 pen10")
    assert RULESET.expected(g.state).actor == "home"
    g.enter("draw yellow")
    assert RULESET.expected(g.state).actor == "away"
    g.enter("draw yellow", "result 2")
    assert RULESET.expected(g.state).actor == "home"
    g.enter("accept")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (63, 1, 10)


def test_declining_equal_penalties_still_offset() -> None:
    """Declining Penalties: equal penalties still cancel and the down is played over."""
    g = kicked(declining="yes")
    g.enter("call dive lrb", "defend 4-3", "flip pen5 pen5")
    assert "penalty_offset" in g.kinds() and g.state.phase == "call"


def test_delay_of_game_with_no_plays() -> None:
    """No Plays: discard the hand, draw seven from the Draw Deck, lose five yards."""
    g = kicked()
    g.enter("noplays home")
    assert g.sit["ball_on"] == 78
    assert g.sit["clock"]["home"]["hand"] == 7


def test_delay_of_game_comes_after_the_draw_from_the_time_deck() -> None:
    """No Plays: "no plays in his hand after drawing": the play's card is drawn first."""
    g = kicked()
    time, draws = g.sit["clock"]["home"]["time_deck"], g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("noplays home")
    assert g.sit["clock"]["home"]["time_deck"] == time - 1
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws + 7
    assert g.sit["clock"]["home"]["hand"] == 7
    g.enter("call dive lrb")  # seven in hand already: the replayed down draws nothing more
    assert g.sit["clock"]["home"]["time_deck"] == time - 1


# Turnovers ----------------------------------------------------------------------------------------


def test_down_and_in_intercepted_from_the_4_is_beyond_the_end_line() -> None:
    """Interceptions example: from the 4, 15 yards downfield is past the end line: the 20."""
    g = at_scrimmage(kicked(), "away", 4)
    g.enter("call down-in lwr", "defend 3-4", "flip red red", "result int")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 80
    assert g.state.phase == "call"


def test_down_and_in_intercepted_from_the_6_returned_5_is_a_safety() -> None:
    """Interceptions example: from the 6, caught 9 yards deep, a 5-yard return: safety."""
    g = at_scrimmage(kicked(), "away", 6)
    g.enter("call down-in lwr", "defend 3-4", "flip red red", "result int", "return", "pr 5")
    assert g.sit["score"] == {"home": 0, "away": 2}
    assert g.state.phase == "safety_kick" and g.state.kicker == "home"


def test_interception_in_the_end_zone_can_be_a_touchback() -> None:
    """Interceptions: in the end zone the defence may take a touchback at the 20."""
    g = at_scrimmage(kicked(), "away", 6)
    g.enter("call down-in lwr", "defend 3-4", "flip red red", "result int", "down")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 80


def test_interception_on_the_field_is_downed_at_the_spot() -> None:
    """Interceptions: Passing Play Number x 3 yards downfield (Screen: 3 yards)."""
    g = kicked()
    g.enter("call screen lrb", "defend 3-4", "flip red red", "result int", "down")
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 100 - 70


def test_fumble_42_and_33_recovered_by_the_defence() -> None:
    """Fumbles example: LG 42 puts the ball 2 yards downfield; K 33 is odd, Ron called odd."""
    g = at_scrimmage(kicked(), "away", 40)
    g.enter("call qb-keep lrb", "defend goalline", "flip red red", "result f")
    g.enter("lg 42", "guess k odd", "k 33")
    assert g.sit["possession"] == "home"
    assert g.sit["ball_on"] == 100 - 38


def test_fumble_recovered_by_the_offence_counts_the_yards() -> None:
    """Fumbles: a wrong call leaves the ball with the offence at the spot."""
    g = at_scrimmage(kicked(), "away", 40)
    g.enter("call qb-keep lrb", "defend goalline", "flip red red", "result f")
    g.enter("lg 42", "guess k even", "k 33")
    assert (g.sit["possession"], g.sit["ball_on"], g.sit["down"]) == ("away", 38, 2)


def test_fumble_recovery_cards_cancel() -> None:
    """Fumbles: two Special Play recovery cards cancel; odd or even decides."""
    g = at_scrimmage(kicked(), "away", 40)
    g.enter("call qb-keep lrb", "defend goalline", "flip red red", "result f", "lg 42")
    g.enter("special home strip recover", "special away scoop recover")
    g.enter("guess k odd", "k 33")
    assert g.sit["possession"] == "home"


# Kicks --------------------------------------------------------------------------------------------


def test_punt_40_yards_returned_55_to_the_15() -> None:
    """Punts example: from his own 30 Ron punts 40; Duncan returns 55 to Ron's 15."""
    g = at_scrimmage(kicked(), "home", 70, down=4)
    g.enter("punt", "p 40", "return", "pr 55")
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 15


def test_punt_fair_catch() -> None:
    """Punts: the receiver may take a fair catch where the ball comes down."""
    g = at_scrimmage(kicked(), "home", 70, down=4)
    g.enter("punt", "p 40", "fair")
    assert g.sit["ball_on"] == 70


def test_coffin_corner_goes_out_of_bounds() -> None:
    """Coffin Corner Punts: the announced yards come off the punt; out of bounds, no return."""
    g = at_scrimmage(kicked(), "home", 40, down=4)
    g.enter("coffin 15", "p 45")
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 90


def test_coffin_corner_only_in_the_scoring_half() -> None:
    """Coffin Corner Kicks: only when 50 yards or less from scoring."""
    g = at_scrimmage(kicked(), "home", 70, down=4)
    assert "not due" in g.refused("coffin 10")


def test_coffin_corner_yellow_adds_five_with_a_return() -> None:
    """Coffin Corner Kicks (optional colour): yellow adds five yards and there is a runback."""
    g = at_scrimmage(kicked(coffin_colour="yes"), "home", 40, down=4)
    g.enter("coffin 15", "p 45", "colour yellow")
    g.enter("return", "pr 3")
    assert g.sit["ball_on"] == 95 - 3


def test_field_goal_from_the_10_with_a_30() -> None:
    """Field Goals example: from the 10 the kick is 27 yards; FG 30 is good, 3 points."""
    g = at_scrimmage(kicked(), "away", 10, down=4)
    g.enter("fieldgoal", "fg 30")
    assert g.sit["score"]["away"] == 3
    assert g.state.phase == "kickoff" and g.state.kicker == "away"


def test_missed_field_goal_gives_the_ball_at_the_kick_spot() -> None:
    """Field Goals: a miss gives the defence the ball 7 yards behind the line."""
    g = at_scrimmage(kicked(), "away", 10, down=4)
    g.enter("fieldgoal", "fg 26")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 83


def test_blocked_field_goal_is_a_loose_ball_behind_the_line() -> None:
    """Blocks: resolved as a fumble but behind the line of scrimmage."""
    g = at_scrimmage(kicked(), "away", 10, down=4)
    g.enter("fieldgoal", "fg blocked", "lg 33", "guess fg odd", "fg 21")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 100 - 13


def test_onside_kick_57_52_60_recovered_by_the_kickers() -> None:
    """Onside Kicks example: LG 57 kicks 17 yards; P 60 beats K 52: Ron recovers."""
    g = drafted()  # Duncan kicks off here; Ron's example role is the kicker's
    g.enter("onside", "lg 57", "k 52", "p 60")
    assert g.sit["possession"] == "away"
    assert g.sit["ball_on"] == 70 - 17


def test_onside_kick_ties_flip_again() -> None:
    """Onside Kicks: tied numbers: the check is made again."""
    g = drafted()
    g.enter("onside", "lg 57", "k 52", "p 52")
    assert g.state.phase == "onside_k"
    g.enter("k 60", "p 40")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 100 - 53


def test_touchdown_and_extra_point() -> None:
    """Extra Points: good unless 55*."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6")
    assert "touchdown" in g.kinds() and g.sit["score"]["home"] == 6
    g.enter("kick", "fg 40")
    assert g.sit["score"]["home"] == 7
    assert g.state.phase == "kickoff" and g.state.kicker == "home"


def test_extra_point_55_star_is_missed() -> None:
    """Extra Points: a 55* means the extra point was missed."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "kick", "fg 55*")
    assert g.sit["score"]["home"] == 6


def test_two_point_conversion_from_the_3() -> None:
    """Two Point Conversion: three yards or more from the three scores two."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "two")
    g.enter("call sweep lrb", "defend 4-3", "flip green red", "result 3")
    assert g.sit["score"]["home"] == 8
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "two")
    g.enter("call sweep lrb", "defend 4-3", "flip green red", "result 2")
    assert g.sit["score"]["home"] == 6


def test_safety_then_punt_from_the_20_with_15_added() -> None:
    """Punting after a Safety: from the 20, 15 yards added to the punt."""
    g = at_scrimmage(kicked(), "home", 97)
    g.enter("call dive lrb", "defend 4-3", "flip red red", "result -4")
    assert g.sit["score"]["away"] == 2
    g.enter("punt", "p 40", "fair")
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 75


def test_no_long_bombs_in_the_end_zone() -> None:
    """No Long Bombs in the End Zone example: from the 6, 18 yards is incomplete; 16 scores."""
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green yellow", "result 18")
    assert (g.sit["ball_on"], g.sit["down"]) == (6, 2)
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip yellow yellow", "result 16")
    assert g.sit["score"]["home"] == 6


def test_harsh_no_long_bombs_applies_to_catches() -> None:
    """HARSH VERSION: a 19-yard catch from the 6 is incomplete."""
    g = at_scrimmage(kicked(long_bombs="harsh"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green green", "result wr")
    g.enter("skill green 19")
    assert g.sit["down"] == 2
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green green", "result wr")
    g.enter("skill green 19")
    assert g.sit["score"]["home"] == 6


def test_harshest_no_long_bombs_applies_to_long_gains() -> None:
    """HARSHEST VERSION: even a Long Gain past the back of the end zone is incomplete."""
    g = at_scrimmage(kicked(long_bombs="harshest"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green green", "result long", "lg 8")
    assert g.sit["down"] == 2 and g.sit["score"]["home"] == 0
    g = at_scrimmage(kicked(long_bombs="harsh"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green green", "result long", "lg 8")
    assert g.sit["score"]["home"] == 6


@pytest.mark.parametrize("version", ["harsh", "harshest"])
def test_harsh_no_long_bombs_applies_to_cover_check_catches(version: str) -> None:
    """HARSH VERSION: "the only time a player may catch a pass past the back of the endzone is
    on a Long Gain"."""
    g = at_scrimmage(kicked(long_bombs=version), "home", 5)
    g.enter("call long-bomb lwr", "defend 3-4", "flip yellow yellow", "result db")
    g.enter("skill red c-2p")  # 16 yards from the 5: past the back line
    assert (g.sit["ball_on"], g.sit["down"], g.sit["score"]["home"]) == (5, 2, 0)
    g = at_scrimmage(kicked(long_bombs="normal"), "home", 5)
    g.enter("call long-bomb lwr", "defend 3-4", "flip yellow yellow", "result db")
    g.enter("skill red c-2p")
    assert g.sit["score"]["home"] == 6


@pytest.mark.parametrize(
    ("colour", "ball_on", "phase"), [("red", 85, "call"), ("green", 85, "punt_choice")]
)
def test_coffin_corner_red_out_of_bounds_green_returnable(
    colour: str, ball_on: int, phase: str
) -> None:
    """Coffin Corner Kicks (optional colour): red out of bounds; green as kicked with a return."""
    g = at_scrimmage(kicked(coffin_colour="yes"), "home", 40, down=4)
    g.enter("coffin 15", "p 40", f"colour {colour}")
    assert g.state.phase == phase
    if phase == "call":
        assert g.sit["possession"] == "away" and g.sit["ball_on"] == ball_on


@settings(deadline=None, max_examples=30)
@given(
    st.sampled_from(["draft", "call", "defend", "check", "result", "skill"]), st.text(max_size=40)
)
def test_any_text_is_either_accepted_or_refused_with_one_line(where: str, text: str) -> None:
    """Bad entries are refused with IllegalEntry, never another error."""
    g = Game()
    g.enter("toss home", "field", "receive")
    if where != "draft":
        for away, home in zip(AWAY_DRAFT, HOME_DRAFT, strict=True):
            g.enter(f"draft {away}", f"draft {home}")
        g.enter("kick", "k 67", "kr 24")
        steps = {"defend": ["call hook lwr 4"], "check": ["call hook lwr 4", "defend 4-3"]}
        steps["result"] = [*steps["check"], "flip green green"]
        steps["skill"] = [*steps["result"], "result wr"]
        g.enter(*steps.get(where, []))
    try:
        RULESET.apply(g.state, text)
    except IllegalEntry as exc:
        assert "\n" not in str(exc) and str(exc)


# Time ---------------------------------------------------------------------------------------------


def test_time_deck_and_time_out_example() -> None:
    """Time example: Ron 3 cards, Duncan 1; both draw, Duncan checks from his Draw Deck;
    Ron's time-out adds five cards to Ron's deck only."""
    g = at_scrimmage(kicked(), "home", 30)
    coaches = tuple(
        replace(c, time=t, hand=6) for c, t in zip(g.state.coaches, (3, 1), strict=True)
    )
    g.state = replace(g.state, coaches=coaches)
    away_draws = g.sit["clock"]["away"]["draw_deck_flips"]
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result 2")
    clock = g.sit["clock"]
    assert clock["home"]["time_deck"] == 1
    assert clock["away"]["time_deck"] == 0
    assert clock["away"]["draw_deck_flips"] == away_draws + 1
    g.enter("timeout home")
    assert g.sit["clock"]["home"]["time_deck"] == 6
    assert g.sit["clock"]["away"]["time_deck"] == 0
    assert g.sit["timeouts"]["home"] == 2


def test_time_example_after_rons_score() -> None:
    """Time example, continued: Ron (4 cards) kicks off, Duncan returns from his Draw Deck;
    Duncan's play costs Ron two cards; Duncan's time-out gives Ron five more."""
    g = drafted()
    coaches = tuple(
        replace(c, time=t, hand=6) for c, t in zip(g.state.coaches, (4, 0), strict=True)
    )
    g.state = replace(g.state, coaches=coaches, kicker="home")
    duncan_draws = g.sit["clock"]["away"]["draw_deck_flips"]
    g.enter("kick", "k 60", "kr 20")
    assert g.sit["clock"]["home"]["time_deck"] == 3
    assert g.sit["clock"]["away"]["draw_deck_flips"] == duncan_draws + 1
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result 4")
    assert g.sit["clock"]["home"]["time_deck"] == 1
    g.enter("timeout away")
    assert g.sit["clock"]["home"]["time_deck"] == 6
    assert g.sit["clock"]["away"]["time_deck"] == 0
    g.enter("timeout away", "timeout away")
    assert g.sit["clock"]["home"]["time_deck"] == 16


def test_quarter_ends_when_both_time_decks_are_empty() -> None:
    """Time: the last play finishes, then the quarter ends and new Time Decks are counted."""
    g = at_scrimmage(kicked(), "home", 50)
    coaches = tuple(replace(c, time=2, hand=6) for c in g.state.coaches)
    g.state = replace(g.state, coaches=coaches)
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow")
    assert g.sit["clock"]["last_play"]
    g.enter("result 2")
    assert "quarter_end" in g.kinds()
    assert g.sit["quarter"] == 2 and g.sit["clock"]["home"]["time_deck"] == 50
    assert (g.sit["possession"], g.sit["ball_on"], g.sit["down"]) == ("home", 48, 2)


def test_no_time_outs_left_is_refused() -> None:
    """Time: three time-outs per half."""
    g = kicked()
    g.enter("timeout away", "timeout away", "timeout away")
    assert "no time-outs left" in g.refused("timeout away")
    assert g.sit["timeouts"]["away"] == 0
    legal = RULESET.expected(g.state).forms
    assert all("away" not in f.slots[0].words for f in legal if f.keyword == "timeout")


def test_refresh_draws_to_seven_from_the_draw_deck() -> None:
    """Time: at a new possession a coach may discard and draw to seven from the Draw Deck."""
    g = kicked()
    before = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("refresh home 2")
    assert g.sit["clock"]["home"]["hand"] == 7
    assert g.sit["clock"]["home"]["draw_deck_flips"] == before + 3
    g.enter("call dive lrb")
    assert g.sit["clock"]["home"]["time_deck"] == 49


def test_special_play_card_ruling_is_recorded() -> None:
    """Special Play Cards: the table enters the card's ruling; it is recorded like any other."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "special home hail-mary yards 30")
    assert g.last[0].kind == "special_play" and "hail-mary" in g.last[0].text
    assert g.sit["ball_on"] == 43


def test_entries_after_the_final_whistle_are_refused() -> None:
    """How To Win: the game is over after four quarters with a winner."""
    g = at_scrimmage(kicked(), "home", 50)
    g.state = replace(g.state, quarter=4, scores=((0, 0),) * 4)
    coaches = tuple(replace(c, time=2, hand=6) for c in g.state.coaches)
    g.state = replace(g.state, coaches=coaches)
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result long", "lg td", "kick")
    g.enter("fg 30")
    assert g.sit["finished"] and g.sit["winner"] == "home"
    assert "game is over" in g.refused("kick")


def test_sudden_death_overtime_first_score_wins() -> None:
    """How To Win: tied after four quarters, the first team to score in overtime wins."""
    g = at_scrimmage(kicked(), "home", 50)
    g.state = replace(g.state, quarter=4, scores=((0, 0),) * 4)
    coaches = tuple(replace(c, time=2, hand=6) for c in g.state.coaches)
    g.state = replace(g.state, coaches=coaches)
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result 3")
    assert "overtime" in g.kinds() and g.state.phase == "toss"
    g.enter("toss away", "receive", "kick", "k 67", "kr 60", "fieldgoal", "fg 55")
    assert g.sit["finished"] and g.sit["winner"] == "away"


def test_kickoff_into_the_end_zone_may_be_returned_else_touchback() -> None:
    """The Kickoff: a K number landing in the end zone is returned from there; a return that
    does not leave the end zone is a touchback; beyond the end line is a touchback."""
    g = drafted()
    g.enter("kick", "k 75", "kr 3")
    assert g.sit["ball_on"] == 80
    g = drafted()
    g.enter("kick", "k 75", "kr 30")
    assert g.sit["ball_on"] == 75
    g = drafted()
    g.enter("kick", "k 81")
    assert g.sit["ball_on"] == 80 and g.state.phase == "call"


def test_kickoff_into_the_end_zone_may_be_downed_for_a_touchback() -> None:
    """The Kickoff: "that is where the receiving team may elect to return": or down it."""
    g = drafted()
    g.enter("kick", "k 75")
    time = g.sit["clock"]["home"]["time_deck"]
    g.enter("down")
    assert "touchback" in g.kinds()
    assert (g.sit["possession"], g.sit["ball_on"], g.sit["down"]) == ("home", 80, 1)
    assert g.sit["clock"]["home"]["time_deck"] == time  # no KR card flipped
    g = drafted()
    g.enter("kick", "k 67")
    assert "not due" in g.refused("down")


def test_punt_into_the_end_zone_is_a_touchback() -> None:
    """Punts: a punt that reaches the end zone gives the receivers the ball at their 20."""
    g = at_scrimmage(kicked(), "home", 45, down=4)
    g.enter("punt", "p 50")
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 80


def test_kicks_draw_no_cards_into_the_hand() -> None:
    """Starting Play: only a called play draws to seven; the punt flips one card."""
    g = at_scrimmage(kicked(), "home", 70, down=4)
    g.enter("punt", "p 40", "fair")
    assert g.sit["clock"]["home"]["time_deck"] == 48
    assert g.sit["clock"]["away"]["time_deck"] == 49


def test_refreshing_the_hand_is_optional() -> None:
    """Time example: after his kickoff Ron used two Time Deck cards on the next play, one to
    draw and one to flip: refreshing the hand is a choice, not automatic."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result 1")
    assert g.sit["clock"]["away"]["time_deck"] == 47


def test_blocked_punt_recovered_by_the_kickers_on_fourth_down_turns_over() -> None:
    """Blocks: recovered behind the line on fourth down, the kicking team is short: downs."""
    g = at_scrimmage(kicked(), "home", 60, down=4)
    g.enter("punt", "p blocked", "lg 34", "guess p even", "p 41")
    assert "turnover_on_downs" in g.kinds()
    assert g.sit["possession"] == "away" and g.sit["ball_on"] == 100 - 64


def test_penalty_is_at_most_half_the_distance_to_the_goal() -> None:
    """Penalties: near a goal line the yardage is half the distance (a referee's reading)."""
    g = at_scrimmage(kicked(), "home", 6)
    g.enter("call dive lrb", "defend 4-3", "flip green pen15")
    assert g.sit["ball_on"] == 3


def test_defensive_penalty_past_the_line_to_gain_is_a_first_down() -> None:
    """Penalties: the yardage is applied; reaching the line to gain gives a new first down."""
    g = at_scrimmage(kicked(), "home", 50, down=3, distance=4)
    g.enter("call dive lrb", "defend 4-3", "flip green pen5")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (45, 1, 10)


def test_missed_field_goal_from_deep_gives_the_ball_at_the_1() -> None:
    """Field Goals: a kick spot inside the kicker's own end zone gives the ball at the 1."""
    g = at_scrimmage(kicked(), "away", 96, down=4)
    g.enter("fieldgoal", "fg 40")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 1


def test_overtime_touchdown_ends_the_game_without_a_try() -> None:
    """How To Win: in sudden death the first score wins; no extra point is tried."""
    g = at_scrimmage(kicked(), "home", 5)
    g.state = replace(g.state, quarter=5, scores=((0, 0),) * 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6")
    assert g.sit["finished"] and g.sit["winner"] == "home"
    assert g.sit["score"]["home"] == 6


def test_blocked_extra_point_is_missed() -> None:
    """Extra Points: a blocked kick is no good."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "kick", "fg blocked")
    assert g.sit["score"]["home"] == 6


def test_last_play_touchdown_keeps_its_try() -> None:
    """Time: the last play is finished, and a touchdown's try belongs to it."""
    g = at_scrimmage(kicked(), "home", 5)
    coaches = tuple(replace(c, time=2, hand=6) for c in g.state.coaches)
    g.state = replace(g.state, coaches=coaches)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6")
    assert g.state.phase == "try" and g.sit["quarter"] == 1
    g.enter("kick", "fg 33")
    assert g.sit["quarter"] == 2 and g.sit["score_by_quarter"][0]["home"] == 7


# Situational substitutions and the optional line-ups ----------------------------------------------

EXTRA = ["qb", "rb", "wr", "ol", "dl", "lb", "db"]


def squads_of_20() -> Game:
    """Both coaches draft 13 starters and a back-up at every position."""
    g = Game(substitutions="yes")
    g.enter("toss home", "field", "receive")
    for away, home in zip(AWAY_DRAFT, HOME_DRAFT, strict=True):
        g.enter(f"draft {away}", f"draft {home}")
    for pos in EXTRA:
        g.enter(f"draft {pos}", f"draft {pos}")
    g.enter("kick", "k 67", "kr 24")
    return g


def test_substitutions_draft_twenty_and_refuse_a_twenty_first() -> None:
    """Situational Substitutions: a 20-man squad, 13 starters with a back-up everywhere."""
    g = squads_of_20()
    assert len(g.sit["lineups"]["home"]["roster"]) == 20
    assert g.sit["lineups"]["home"]["offence"]["qb"] == "Steve Young"
    g = Game(substitutions="yes")
    g.enter("toss home", "pick", "kick", "draft qb A", "draft qb B", "draft qb C", "draft qb D")
    assert "already have 2 Quarterbacks" in g.refused("draft qb E")


def test_bench_player_comes_in_like_for_like() -> None:
    """Situational Substitutions: before a play the offence brings in a back-up."""
    g = squads_of_20()
    g.enter("bench home qb2 qb")
    assert g.sit["lineups"]["home"]["offence"]["qb"] == "Ron QB2"
    assert "may replace" in g.refused("bench home dl3 ol1")


def test_three_wide_receiver_in_a_backs_place_and_runs_go_to_the_other_back() -> None:
    """3 Wide: a third WR replaces a RB; runs to his place are carried by the other back."""
    g = squads_of_20()
    g.enter("bench home wr3 rb1")
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result rb")
    assert "Emmitt Smith" in RULESET.expected(g.state).text


def test_linebacker_covering_a_receiver_gives_the_offence_a_grade() -> None:
    """Canceling the TE: a LB covering a WR gives the WR a colour grade on passes."""
    g = squads_of_20()
    g.enter("bench away lb3 db1", "call hook lwr 4", "defend 3-4", "flip yellow yellow")
    assert g.last[-1].data == {"offence": "green", "defence": "yellow"}


def test_linebacker_opposite_the_tight_end_cancels_his_yard() -> None:
    """Canceling the TE: the extra LB opposite the TE cancels the +1."""
    g = squads_of_20()
    g.enter("bench away lb3 db2", "call sweep rrb", "defend 4-3", "flip yellow yellow", "result 3")
    assert g.sit["ball_on"] == 70


def test_linebacker_opposite_a_receiver_costs_a_yard_on_runs() -> None:
    """Canceling the TE: a LB on the play side opposed by a WR: the run loses a yard."""
    g = squads_of_20()
    g.enter("bench away lb3 db1", "call sweep lrb", "defend 4-3", "flip yellow yellow", "result 3")
    assert g.sit["ball_on"] == 71


def test_nickel_back_opposite_a_back_gives_runs_a_yard() -> None:
    """Nickel Package: runs toward a RB opposed by a DB gain +1 yard."""
    g = squads_of_20()
    g.enter("bench away db3 lb1", "call dive lrb", "defend 4-3", "flip yellow yellow", "result 3")
    assert g.sit["ball_on"] == 69


def test_tight_end_option_linebacker_on_his_side() -> None:
    """Limiting the TE (2): a Linebacker lined up opposite the TE neutralises the +1."""
    g = kicked(tight_end="linebacker")
    g.enter("call sweep rrb", "align lb2 rwr", "defend 4-3", "flip yellow yellow", "result 3")
    assert g.sit["ball_on"] == 70


def test_tight_end_option_defensive_lineman_shift() -> None:
    """Limiting the TE (3): a DL shifted onto the TE: outside runs -1, inside runs +1."""
    g = kicked(tight_end="shift")
    g.enter("call sweep rrb", "align dl2 rwr", "defend 4-3", "flip yellow yellow", "result 3")
    assert g.sit["ball_on"] == 71
    g = kicked(tight_end="shift")
    g.enter("call dive rrb", "align dl2 rwr", "defend 4-3", "flip yellow yellow", "result 3")
    assert g.sit["ball_on"] == 69


def test_vacant_place_filled_from_the_hand() -> None:
    """Injuries: an eligible player drawn during play may be put into play immediately."""
    g = kicked()
    g.enter("call hook lwr 4", "defend goalline", "flip green green", "result wr")
    g.enter("skill injury 9", "sub none")
    hand = g.sit["clock"]["home"]["hand"]
    g.enter("fill home lwr Andre Reed")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Andre Reed"
    assert g.sit["clock"]["home"]["hand"] == hand - 1


def test_align_refuses_a_place_the_rules_do_not_allow() -> None:
    """Double Teaming: Defensive Linemen oppose Offensive Linemen only."""
    g = kicked()
    g.enter("call sweep rrb")
    assert "may line up" in g.refused("align dl1 lwr")


# Roster files ------------------------------------------------------------------------------------


def test_example_roster_file_is_valid() -> None:
    """The Draft: the documented roster example has 13 legal players."""
    text = (ROOT / "examples" / "redzone-roster.toml").read_text(encoding="utf-8")
    assert roster_problems(text) == []


def test_roster_problems_lists_every_broken_rule() -> None:
    """The Draft: every broken rule with the offending card, not only the first."""
    text = """
[[player]]
name = "Steve Young"
position = "QB"
[[player]]
name = "Troy Aikman"
position = "QB"
[[player]]
name = "Steve Young"
position = "RB"
[[player]]
name = "Nobody"
position = "K"
"""
    problems = roster_problems(text)
    joined = "\n".join(problems)
    assert "Troy Aikman" in joined and "Quarterback too many" in joined
    assert "drafted twice" in joined
    assert "'K'" in joined
    assert "missing 2 Offensive Linemen" in joined
    assert len(problems) >= 8


def test_roster_problems_bad_toml_is_one_line() -> None:
    problems = roster_problems("[[player]\nname=")
    assert len(problems) == 1 and "not valid TOML" in problems[0]


# Full games ---------------------------------------------------------------------------------------


def read_script(path: Path) -> tuple[dict[str, str], list[str]]:
    header: dict[str, str] = {}
    options: dict[str, str] = {}
    lines: list[str] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("@"):
            key, _, value = line[1:].partition(" ")
            if key == "option":
                k, _, v = value.partition("=")
                options[k.strip()] = v.strip()
            else:
                header[key] = value.strip()
            continue
        lines.append(line)
    header.update({f"option:{k}": v for k, v in options.items()})
    return header, lines


@pytest.mark.parametrize("name", ["redzone-full.zebra", "redzone-options.zebra"])
def test_full_example_game_plays_to_a_final_score(name: str) -> None:
    """A complete scripted game in examples/ plays to a final score."""
    header, lines = read_script(ROOT / "examples" / name)
    options = {k[7:]: v for k, v in header.items() if k.startswith("option:")}
    state = RULESET.initial(header.get("home", "Home"), header.get("away", "Away"), options)
    points = {"home": 0, "away": 0}
    for line in lines:
        state, rulings = RULESET.apply(state, line)
        for r in rulings:
            if r.points:
                points[r.team] += r.points
    sit = RULESET.situation(state)
    assert sit["finished"]
    assert sit["score"] == points
    assert sit["winner"] is not None


WEIGHTS = {
    "timeout": 0.2,
    "refresh": 0.3,
    "special": 0.05,
    "swap": 0.2,
    "align": 0.05,
    "bench": 0.05,
    "fill": 0.3,
    "noplays": 0.02,
    "discard": 0.1,
}
OPTION_SETS = [
    {"length": "short"},
    {"length": "short", "declining": "yes", "long_bombs": "harsh", "tight_end": "outside"},
    {"length": "short", "coffin_colour": "yes", "substitutions": "yes", "draft": "team"},
]


def random_entry(state: RedZoneState, rng: random.Random) -> str:
    forms = RULESET.expected(state).forms
    weights = [WEIGHTS.get(f.keyword, 1.0) for f in forms]
    form = rng.choices(forms, weights)[0]
    values: list[str | int] = []
    for slot in form.slots:
        if slot.kind == "word":
            values.append(rng.choice(slot.words))
        else:
            values.append(rng.randint(slot.low, slot.high))
    return form.compose(values)


@settings(deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(OPTION_SETS))
def test_random_legal_games_reach_a_final_score(seed: int, options: dict[str, str]) -> None:
    """Any legal game ends; scores only grow and equal the scoring rulings."""
    rng = random.Random(seed)
    state = RULESET.initial("Home", "Away", options)
    points = {"home": 0, "away": 0}
    previous = {"home": 0, "away": 0}
    for _ in range(6000):
        if state.phase == "final":
            break
        text = random_entry(state, rng)
        try:
            state, rulings = RULESET.apply(state, text)
        except IllegalEntry:
            continue
        for r in rulings:
            if r.points:
                assert r.team in ("home", "away")
                points[r.team] += r.points
        sit = RULESET.situation(state)
        assert sit["score"] == points
        assert all(sit["score"][s] >= previous[s] for s in previous)
        previous = dict(sit["score"])
        if sit["ball_on"] is not None:
            assert 0 <= sit["ball_on"] <= 100
    assert state.phase == "final"


# Entries read through the kernel's shared step (issue #18) ----------------------------------


@pytest.mark.parametrize("text", ["k +67", "k ++67", "k -1", "k 6.7", "k 100"])
def test_a_printed_card_number_is_digits_only(text: str) -> None:
    """The Kickoff: K is a number printed on the card, 0 to 99; a sign is never printed on it."""
    g = drafted()
    g.enter("kick")
    assert "K is a whole number from 0 to 99" in g.refused(text)


@pytest.mark.parametrize(("text", "gained"), [("result -3", -3), ("result +3", 3), ("result 0", 0)])
def test_chart_yards_may_be_a_loss(text: str, gained: int) -> None:
    """Red Zone Charts: the chart's yards may be a loss, written with its sign."""
    g = at_scrimmage(drafted(), "home", 50)
    g.enter("call sweep lrb", "defend 4-3", "flip green green")
    g.enter(text)
    assert g.state.ball_on == 50 - gained


def test_chart_yards_refuse_a_doubled_sign_and_the_limits_are_kept() -> None:
    """Red Zone Charts: one sign at most; the chart's yards run from -30 to 99."""
    g = at_scrimmage(drafted(), "home", 50)
    g.enter("call sweep lrb", "defend 4-3", "flip green green")
    assert "'++5' is not a result on a running play" in g.refused("result ++5")
    assert "whole number from -30 to 99" in g.refused("result -31")
    g.enter("result -30")
    assert g.state.ball_on == 80


def test_an_entry_not_due_names_what_is_expected() -> None:
    """Every game words a keyword that is not due the same way (domain/kernel.py)."""
    g = drafted()
    message = g.refused("kr 24")
    assert message.startswith("'kr' is not due now; ")
    assert message.endswith(
        "(expected: kick | onside | timeout <team> | special <team> <card> <effect> | "
        "special <team> <card> <effect> <number>)"
    )


def test_a_name_keeps_the_case_and_punctuation_it_was_typed_with() -> None:
    """The Draft: the player's name is kept as typed, commas included."""
    g = Game()
    g.enter("toss home", "field", "receive", "draft qb O'Neal, Leslie")
    assert g.last[0].text == "Duncan draft O'Neal, Leslie (QB)."


def test_a_special_play_typed_with_commas_is_read_not_crashed_on() -> None:
    """Special Play Cards: words may be separated by commas (docs/entries.md); the card is
    played, not a traceback."""
    g = drafted()
    g.enter("special home,card,none")
    assert g.kinds() == ["special_play"]
    assert g.last[0].data == {"card": "card"}
