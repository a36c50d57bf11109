"""Red Zone rules that the mutation run (issue 15, docs/mutation.md) found without a test.

Each test is named for the rule it checks and was seen to fail on the mutants it is listed
against in docs/mutation.md (Red Zone section) and to pass on the unmutated ruleset.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from domain.rulesets.redzone import RULESET, roster_problems
from tests.domain.test_redzone import (
    AWAY_DRAFT,
    HOME_DRAFT,
    Game,
    at_scrimmage,
    declining_at_own_20,
    drafted,
    injure_rice,
    kicked,
    squads_of_20,
    team_kicked,
)
from tests.domain.test_redzone_thresholds import in_quarter

ROOT = Path(__file__).resolve().parents[2]


def with_coach(g: Game, side: str, **changes: int) -> Game:
    """Set fields of one coach's cards (``hand``, ``time``: the Time Deck)."""
    i = 0 if side == "home" else 1
    coaches = list(g.state.coaches)
    coaches[i] = replace(coaches[i], **changes)
    g.state = replace(g.state, coaches=tuple(coaches))
    return g


def with_hand(g: Game, side: str, hand: int) -> Game:
    """Set one coach's hand to ``hand`` cards."""
    return with_coach(g, side, hand=hand)


def roster(g: Game, side: str) -> dict[str, tuple[str, str]]:
    """A coach's roster as id -> (position, name)."""
    return {p["id"]: (p["position"], p["name"]) for p in g.sit["lineups"][side]["roster"]}


def sub_words(g: Game, keyword: str = "sub") -> tuple[str, ...]:
    """The words the prompt offers in the first slot of each form under ``keyword``."""
    forms = [f for f in RULESET.expected(g.state).forms if f.keyword == keyword]
    return tuple(w for f in forms for w in f.slots[0].words)


HOME_OFFENCE = {
    "lwr": "Jerry Rice",
    "lol": "Bruce Matthews",
    "lrb": "Barry Sanders",
    "qb": "Steve Young",
    "rrb": "Emmitt Smith",
    "rol": "Randall McDaniel",
    "rwr": "Shannon Sharpe",
}


# Special Play cards ------------------------------------------------------------------------------


def test_a_special_play_card_scores_the_points_it_reads() -> None:
    """Special Play Cards (rules/red-zone.txt): "the rules for the use of the special play are
    written on the card ... the card takes priority": the points the table reads, 0 to 8."""
    g = kicked()
    g.enter("special home bomb score 6")
    assert g.last[0].kind == "special_play_score" and g.last[0].points == 6
    assert g.sit["score"]["home"] == 6 and not g.sit["finished"]
    g.enter("special home dud score 0")
    assert g.sit["score"]["home"] == 6
    g.enter("special home big score 8")
    assert g.sit["score"]["home"] == 14
    assert "from 0 to 8" in g.refused("special home huge score 9")


def test_a_special_play_score_in_overtime_wins_but_not_in_the_fourth_quarter() -> None:
    """How To Win (rules/red-zone.txt): "Another quarter must be played, the first team to score
    wins" -- a Special Play card's points count; none scored, or the 4th quarter, play on."""
    g = in_quarter(kicked(), 5)
    g.enter("special home dud score 0")
    assert not g.sit["finished"]
    g.enter("special home kick score 1")
    assert g.sit["finished"] and g.sit["winner"] == "home"
    g = in_quarter(kicked(), 4)
    g.enter("special home bomb score 3")
    assert g.sit["score"]["home"] == 3 and not g.sit["finished"]


# Two-point conversion ----------------------------------------------------------------------------


def test_two_point_conversion_ruling_carries_two_points() -> None:
    """Two Point Conversion (rules/red-zone.txt): "they score two points instead of one"."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "two")
    g.enter("call sweep lrb", "defend 4-3", "flip green red", "result 3")
    good = [r for r in g.last if r.kind == "two_point"]
    assert len(good) == 1 and good[0].points == 2 and good[0].team == "home"
    assert g.sit["score"]["home"] == 8


# Injuries ----------------------------------------------------------------------------------------


def test_a_substitute_from_the_hand_takes_a_card_out_of_the_hand() -> None:
    """Injuries (rules/red-zone.txt): "If the player still cannot find an eligible player he may
    play a card from his hand": the card leaves the hand and takes the injured man's place."""
    for hand, left in ((6, 5), (1, 0)):
        g = kicked()
        injure_rice(g)
        with_hand(g, "home", hand)
        draws = g.sit["clock"]["home"]["draw_deck_flips"]
        g.enter("sub hand Henry Ellard")
        assert g.sit["clock"]["home"]["hand"] == left
        assert g.sit["clock"]["home"]["draw_deck_flips"] == draws
        assert g.sit["lineups"]["home"]["offence"] == {**HOME_OFFENCE, "lwr": "Henry Ellard"}
        assert roster(g, "home")["wr3"] == ("wr", "Henry Ellard")


def test_two_players_injured_on_one_play_are_each_replaced() -> None:
    """Injuries (rules/red-zone.txt): "After the play is resolved the player is removed from
    the table": a QB and a WR hurt on one pass are each replaced, in turn."""
    g = kicked()
    g.enter("call hook lwr 4", "defend blitz", "flip green green", "result qb")
    g.enter("skill injury complete", "skill injury 14")
    assert g.state.phase == "sub" and "Steve Young" in RULESET.expected(g.state).text
    g.enter("sub none")
    assert g.state.phase == "sub" and "Jerry Rice" in RULESET.expected(g.state).text
    g.enter("sub draw Andre Reed")
    assert g.state.phase != "sub"
    offence = g.sit["lineups"]["home"]["offence"]
    assert offence == {**HOME_OFFENCE, "qb": "(vacant)", "lwr": "Andre Reed"}
    assert g.sit["lineups"]["home"]["injured"] == ["Steve Young", "Jerry Rice"]
    hand = g.sit["clock"]["home"]["hand"]
    g.enter("fill home qb")
    assert roster(g, "home")["qb2"] == ("qb", "Ron QB2")
    assert g.sit["lineups"]["home"]["offence"]["qb"] == "Ron QB2"
    assert g.sit["clock"]["home"]["hand"] == hand - 1


def injure_oneal(g: Game) -> None:
    """Ron's Dive: a DL check that comes up Injury for Duncan's Leslie O'Neal."""
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result dl", "skill injury 2")
    assert g.state.phase == "sub" and "Leslie O'Neal" in RULESET.expected(g.state).text


AWAY_DEFENCE = {
    "dl1": {"player": "Leslie O'Neal", "opposite": "lol"},
    "dl2": {"player": "Cortez Kennedy", "opposite": "rol"},
    "lb1": {"player": "Cornelius Bennett", "opposite": "lrb"},
    "lb2": {"player": "Hardy Nickerson", "opposite": "rrb"},
    "db1": {"player": "Ronnie Lott", "opposite": "lwr"},
    "db2": {"player": "Aeneas Williams", "opposite": "rwr"},
}


def test_an_injured_defender_is_replaced_in_his_place_or_his_place_is_vacant() -> None:
    """Injuries (rules/red-zone.txt): "the player is removed from the table. The owning coach
    must select a new player": the substitute lines up where he did; with none, nobody does."""
    g = kicked()
    assert g.sit["lineups"]["away"]["defence"] == AWAY_DEFENCE
    injure_oneal(g)
    g.enter("sub draw Bryce Paup")
    rest = {k: v for k, v in AWAY_DEFENCE.items() if k != "dl1"}
    assert g.sit["lineups"]["away"]["defence"] == {
        **rest,
        "dl3": {"player": "Bryce Paup", "opposite": "lol"},
    }
    g = kicked()
    injure_oneal(g)
    g.enter("sub none")
    assert g.sit["lineups"]["away"]["defence"] == rest
    assert g.sit["lineups"]["away"]["injured"] == ["Leslie O'Neal"]


def test_a_defender_drawn_later_fills_the_vacant_place() -> None:
    """Injuries (rules/red-zone.txt): "If during the course of normal play, an eligible player
    is drawn from the Time Deck, he may be put into play immediately" -- out of the hand."""
    g = kicked()
    injure_oneal(g)
    g.enter("sub none")
    with_hand(g, "away", 1)
    g.enter("fill away dl")
    rest = {k: v for k, v in AWAY_DEFENCE.items() if k != "dl1"}
    assert g.sit["lineups"]["away"]["defence"] == {
        **rest,
        "dl3": {"player": "Duncan DL3", "opposite": "lol"},
    }
    assert roster(g, "away")["dl3"] == ("dl", "Duncan DL3")
    assert g.sit["clock"]["away"]["hand"] == 0


def test_a_receiver_drawn_later_fills_the_vacant_place() -> None:
    """Injuries (rules/red-zone.txt): "an eligible player is drawn from the Time Deck, he may be
    put into play immediately"; "the substitute may not be a player previously selected"."""
    g = kicked()
    injure_rice(g)
    g.enter("sub none")
    assert "already selected" in g.refused("fill home lwr Tim Brown")
    with_hand(g, "home", 1)
    g.enter("fill home lwr")
    assert g.sit["lineups"]["home"]["offence"] == {**HOME_OFFENCE, "lwr": "Ron WR3"}
    assert roster(g, "home")["wr3"] == ("wr", "Ron WR3")
    assert g.sit["clock"]["home"]["hand"] == 0


def test_discards_during_a_substitution_are_the_injured_players_coachs() -> None:
    """Injuries (rules/red-zone.txt): "The owning coach must select a new player from his
    discard pile": while he does, he may report a card there; the other coach may not."""
    g = kicked()
    injure_rice(g)
    assert "only the injured player's coach" in g.refused("discard away wr Andre Reed")
    g.enter("discard home wr Andre Reed")
    assert g.sit["lineups"]["home"]["discard_pile"] == ["Andre Reed"]
    g.enter("sub discard")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == "Andre Reed"


def test_team_play_discard_without_a_name() -> None:
    """Team play (rules/red-zone.txt): "He must again choose this player from his discard pile":
    a card reported as ours or other needs no name."""
    g = team_kicked()
    g.enter("discard home wr ours")
    assert g.sit["lineups"]["home"]["discard_pile"] == ["Ron discarded WR 1"]


def test_the_sub_prompt_offers_every_source_in_order() -> None:
    """Injuries (rules/red-zone.txt): "from his discard pile ... his Draw Deck ... from his hand";
    a position may also be left vacant."""
    g = kicked()
    injure_rice(g)
    assert sub_words(g) == ("discard", "draw", "hand", "none")
    g = team_kicked()
    injure_rice(g)
    assert sub_words(g, "teamsub") == ("yes", "no")


def test_an_injured_starter_is_replaced_by_his_drafted_back_up() -> None:
    """Situational Substitutions (rules/red-zone.txt): "In the case of an injury, a coach may bring
    in the drafted back up": the back-up of that position, offered first."""
    g = squads_of_20()
    injure_rice(g)
    assert sub_words(g) == ("bench", "discard", "draw", "hand", "none")
    assert "takes no name" in g.refused("sub bench Andre Reed")
    g.enter("sub bench")
    assert g.sit["lineups"]["home"]["offence"]["lwr"] == roster(g, "home")["wr3"][1]
    assert roster(g, "home")["wr3"][0] == "wr"
    assert g.sit["lineups"]["home"]["injured"] == ["Jerry Rice"]


# Kicks -------------------------------------------------------------------------------------------


def test_onside_kick_an_ez_under_k_is_the_longest_kick() -> None:
    """Onside Kicks (rules/red-zone.txt): "The receiving team looks at the number for a kickoff
    ... The higher number recovers the ball": an EZ beats any P."""
    g = drafted()  # Duncan kicks off, Ron receives
    g.enter("onside", "lg 57", "k ez", "p 99")
    assert g.sit["possession"] == "home" and g.sit["ball_on"] == 100 - 53


def test_coffin_corner_colour_is_flipped_from_the_draw_deck() -> None:
    """Coffin Corner Kicks (rules/red-zone.txt): "After a Coffin Corner punt, flip a second card
    from your Draw Deck": one Draw Deck card for the punting coach."""
    g = at_scrimmage(kicked(coffin_colour="yes"), "home", 40, down=4)
    g.enter("coffin 15", "p 45")
    draws = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("colour yellow")
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws + 1


# Roster files ------------------------------------------------------------------------------------


def test_roster_file_without_substitutions_is_a_13_man_squad() -> None:
    """The Draft (rules/red-zone.txt): 13 players; ``substitutions`` may be left out, and a bad
    value is the only problem of a 13-man file."""
    text = (ROOT / "examples" / "redzone-roster.toml").read_text(encoding="utf-8")
    assert "substitutions = false" in text
    assert roster_problems(text.replace("substitutions = false", "")) == []
    bad = roster_problems(text.replace("substitutions = false", 'substitutions = "no"'))
    assert bad == [
        'substitutions = "no": expected true or false (a 20-man squad with substitutions)'
    ]


# Skill checks: whose skill ------------------------------------------------------------------------


def test_rb_result_checks_the_back_the_run_was_called_to() -> None:
    """Skill Checks (rules/red-zone.txt): "If the play was called to the right then the player in
    question on the right side of the table ... is the player whose skill is examined"; with a
    WR in a back's place, "All running plays to the LRB go the RRB" (and the other way)."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result rb")
    assert "Barry Sanders' Run skill" in RULESET.expected(g.state).text
    g = squads_of_20()
    g.enter("bench home wr3 rb2")
    g.enter("call dive rrb", "defend 4-3", "flip yellow yellow", "result rb")
    assert "Barry Sanders' Run skill" in RULESET.expected(g.state).text


def test_db_result_with_nobody_opposite_checks_the_first_defender_of_that_kind() -> None:
    """Cover (rules/red-zone.txt): "a DB result may indicate that you examine a LB's pass
    defense ... if the offense threw a pass to a running back"; with both LBs (or DBs) double
    teaming the other side, the first drafted of them covers."""
    g = kicked()
    g.enter("call screen lrb", "align lb1 rrb", "defend 3-4", "flip yellow yellow", "result db")
    assert "Cornelius Bennett's Cover skill" in RULESET.expected(g.state).text
    g = kicked()
    g.enter("call hook lwr 4", "align db1 rwr", "defend 3-4", "flip yellow yellow", "result db")
    assert "Ronnie Lott's Cover skill" in RULESET.expected(g.state).text


# The forms of the flips --------------------------------------------------------------------------


def number_range(g: Game, keyword: str) -> tuple[int | None, int | None]:
    """The bounds of the number slot of the form under ``keyword``."""
    forms = [f for f in RULESET.expected(g.state).forms if f.keyword == keyword]
    slot = next(f.slots[0] for f in forms if f.slots[0].kind == "number")
    return slot.low, slot.high


def test_onside_and_return_flips_offer_a_printed_number_from_0_to_99() -> None:
    """Onside Kicks and Punts (rules/red-zone.txt): "a Long Gain number is determined", "the
    number under K", "the number associated with a punt", the PR: printed numbers, 00 to 99."""
    g = drafted()
    g.enter("onside")
    assert number_range(g, "lg") == (0, 99)
    g.enter("lg 57")
    assert number_range(g, "k") == (0, 99)
    assert [f.slots[0].label for f in RULESET.expected(g.state).forms if f.keyword == "k"] == [
        "K",
        "K",
    ]
    g.enter("k 52")
    assert RULESET.expected(g.state).actor == "away"
    assert number_range(g, "p") == (0, 99)
    g = at_scrimmage(kicked(), "home", 70, down=4)
    g.enter("punt", "p 40", "return")
    assert number_range(g, "pr") == (0, 99)


def test_onside_kick_the_receivers_flip_the_lg() -> None:
    """Onside Kicks example (rules/red-zone.txt): "Duncan flips and checks the Long Gain
    section" -- Duncan receiving."""
    g = drafted()  # Duncan kicks off here: Ron receives and flips
    g.enter("onside")
    assert RULESET.expected(g.state).actor == "home"


def test_a_kickoff_downed_in_the_end_zone_is_the_receivers_touchback() -> None:
    """The Kickoff (rules/red-zone.txt): "If there is an EZ ... the receiving team starts first
    and ten from the twenty" -- whichever team receives."""
    g = Game()
    g.enter("toss home", "field", "kick")
    for away, home in zip(AWAY_DRAFT, HOME_DRAFT, strict=True):
        g.enter(f"draft {away}", f"draft {home}")
    g.enter("kick", "k 75", "down")
    touchback = [r for r in g.last if r.kind == "touchback"]
    assert len(touchback) == 1 and touchback[0].team == "away"
    assert (g.sit["possession"], g.sit["ball_on"], g.sit["down"]) == ("away", 80, 1)


def test_coffin_corner_colour_ruling_is_the_punting_teams() -> None:
    """Coffin Corner Kicks (rules/red-zone.txt): "After a Coffin Corner punt, flip a second card
    from your Draw Deck" -- the punting coach's flip."""
    g = at_scrimmage(kicked(coffin_colour="yes"), "home", 40, down=4)
    g.enter("coffin 15", "p 45", "colour yellow")
    coffin = [r for r in g.last if r.kind == "coffin"]
    assert len(coffin) == 1 and coffin[0].team == "home"


# Penalties and Special Play cards ----------------------------------------------------------------


def test_declining_a_penalty_is_the_other_coachs_choice_and_takes_nothing_more() -> None:
    """Declining Penalties (rules/red-zone.txt): the coach not penalised declines and takes the
    play; the entry is the one word."""
    g = declining_at_own_20()
    assert "decline" in g.refused("decline now")
    g.enter("decline")
    assert g.last[0].kind == "penalty_declined" and g.last[0].team == "away"
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (61, 1, 10)
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result 3")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (58, 2, 7)


def test_a_special_play_cards_yards_get_no_tight_end_yard() -> None:
    """Special Play Cards (rules/red-zone.txt): "If a card text is contrary to the rules
    described above, the card takes priority": its yards are the card's, no TE's +1."""
    g = kicked()
    g.enter("call dive rrb", "defend 4-3", "flip yellow yellow", "special home run-card yards 5")
    assert g.sit["ball_on"] == 73 - 5
    g = kicked()
    g.enter("call dive rrb", "defend 4-3", "flip yellow yellow", "result 5")
    assert g.sit["ball_on"] == 73 - 6


def test_one_special_play_recovery_card_recovers_the_fumble() -> None:
    """Fumbles (rules/red-zone.txt): "Certain Special Play cards allow recovery of the football"
    -- one card, not answered, recovers it."""
    g = at_scrimmage(kicked(), "away", 40)
    g.enter("call qb-keep lrb", "defend goalline", "flip red red", "result f", "lg 42")
    g.enter("special home strip recover")
    assert "recovers the fumble unless answered" in g.last[0].text
    g.enter("recovered")
    assert g.sit["possession"] == "home"


def test_lb_result_checks_the_play_side_linebacker() -> None:
    """Skill Checks (rules/red-zone.txt): "LB = Check play side Linebacker's Tackle skill" --
    "If the play was called to the right then the player ... on the right side"."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result lb")
    assert "Cornelius Bennett's Tackle skill" in RULESET.expected(g.state).text
    g = kicked()
    g.enter("call dive rrb", "defend 4-3", "flip yellow yellow", "result lb")
    assert "Hardy Nickerson's Tackle skill" in RULESET.expected(g.state).text


def test_long_gain_and_star_flips_offer_their_printed_values() -> None:
    """Long Gain and Sacks (rules/red-zone.txt): "a Long Gain number is determined" (00 to 99,
    or TD); "If the play side defender has an "" in his Tackle area": yes or no."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result long")
    assert number_range(g, "lg") == (0, 99)
    g = kicked()
    g.enter("call hook lwr 4", "defend blitz", "flip green green", "result lb*")
    assert sub_words(g, "star") == ("yes", "no")


def test_points_after_a_quarter_ends_count_in_the_new_quarter() -> None:
    """Time (rules/red-zone.txt): "The game continues until four quarters have been played":
    each quarter's points on its own line of the score."""
    g = kicked()
    coaches = tuple(replace(c, time=1) for c in g.state.coaches)
    g.state = replace(g.state, coaches=coaches)
    g.enter("call dive lrb", "defend 4-3", "flip green green", "result 3")
    assert g.sit["quarter"] == 2
    g.enter("special home bomb score 3")
    assert g.sit["score_by_quarter"] == [{"home": 0, "away": 0}, {"home": 3, "away": 0}]
    assert g.sit["score"] == {"home": 3, "away": 0}


def test_a_tight_end_in_a_backs_place_hands_runs_to_the_other_back() -> None:
    """3 Wide (rules/red-zone.txt): "All running plays to the LRB go the RRB" -- a Tight End
    brought in for a back is a receiver like a WR ("in effect synonymous")."""
    g = Game(substitutions="yes")
    g.enter("toss home", "field", "receive")
    for away, home in zip(AWAY_DRAFT, HOME_DRAFT, strict=True):
        g.enter(f"draft {away}", f"draft {home}")
    for pos in ("qb", "rb", "wr", "ol", "dl", "lb", "db"):
        g.enter(f"draft {pos}", f"draft {'te' if pos == 'wr' else pos}")
    g.enter("kick", "k 67", "kr 24")
    assert roster(g, "home")["wr3"][0] == "te"
    g.enter("bench home wr3 rb1")
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result rb")
    assert "Emmitt Smith's Run skill" in RULESET.expected(g.state).text


def test_a_long_gain_from_a_run_skill_check_gets_no_bonus() -> None:
    """Long Gains (rules/red-zone.txt): "if the Long Gain is obtained from a passing play, add
    10 yards" -- from a running play's skill check, the LG number alone."""
    g = kicked()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result rb", "skill green long")
    g.enter("lg 30")
    assert (g.sit["ball_on"], g.sit["down"]) == (73 - 30, 1)


def test_harsh_no_long_bombs_leaves_a_qb_scramble_alone() -> None:
    """No Long Bombs, HARSH (rules/red-zone.txt): "the only time a player may catch a pass past
    the back of the endzone is on a Long Gain" -- a QB who scrambles catches nothing."""
    g = at_scrimmage(kicked(long_bombs="harsh"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green green", "result qb")
    g.enter("skill green run", "skill green 19")
    assert g.sit["score"]["home"] == 6


def test_refresh_with_seven_in_hand_draws_nothing() -> None:
    """Time (rules/red-zone.txt): "draw a number of new cards such that he has seven cards":
    with seven kept, no card is drawn."""
    g = with_hand(kicked(), "home", 7)
    draws = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("refresh home 0")
    assert g.sit["clock"]["home"]["hand"] == 7
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws


def test_a_special_play_card_draws_for_its_own_coach() -> None:
    """Special Play Cards (rules/red-zone.txt): "The Draw Deck is used only during time-outs,
    change of possession, through the use of certain special plays": the card's coach draws."""
    g = with_hand(kicked(), "home", 3)
    draws = g.sit["clock"]["home"]["draw_deck_flips"]
    g.enter("special home card cards 4")
    assert (g.last[0].kind, g.last[0].team) == ("special_play", "home")
    assert g.sit["clock"]["home"]["hand"] == 3 - 1 + 4
    assert g.sit["clock"]["home"]["draw_deck_flips"] == draws + 4
    assert g.sit["clock"]["away"]["hand"] == 6


def test_two_point_try_is_one_play_from_the_3() -> None:
    """Two Point Conversion (rules/red-zone.txt): "running a play from the three yard line":
    one down, three yards to the goal."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "two")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["distance"]) == (3, 1, 3)


def test_extra_point_forms_and_rulings() -> None:
    """Extra Points (rules/red-zone.txt): "the extra point is good unless a '55*' result is
    revealed": the FG number (00 to 99), 55* or blocked, each no good under its own kind."""
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "kick")
    decision = g.last[0]
    assert (decision.kind, decision.team, decision.data) == ("decision", "home", {"choice": "kick"})
    assert number_range(g, "fg") == (0, 99)
    fg = [f for f in RULESET.expected(g.state).forms if f.keyword == "fg"]
    assert [f.slots[0].label for f in fg] == ["FG", "FG"]
    assert fg[1].slots[0].words == ("55*", "blocked")
    g.enter("fg 55*")
    assert [(r.kind, r.team) for r in g.last] == [("extra_point_failed", "home")]
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "kick", "fg blocked")
    assert [(r.kind, r.team) for r in g.last] == [("extra_point_blocked", "home")]


def test_fumble_flips_offer_a_printed_number_from_0_to_99() -> None:
    """Fumbles (rules/red-zone.txt): the LG and K numbers flipped for a loose ball, 00 to 99."""
    g = at_scrimmage(kicked(), "away", 40)
    g.enter("call qb-keep lrb", "defend goalline", "flip red red", "result f")
    assert number_range(g, "lg") == (0, 99)
    g.enter("lg 42", "guess k odd")
    assert number_range(g, "k") == (0, 99)


def test_skill_check_rulings_name_the_interceptor_and_the_injured() -> None:
    """Skill Checks and Interceptions (rules/red-zone.txt): "check the ... defender's Cover
    skill"; "Certain results read "Injury."": the rulings say who intercepted, who is hurt."""
    g = kicked()
    g.enter("call hook lwr 4", "defend 4-3", "flip yellow yellow", "result db")
    g.enter("skill red int")
    assert [(r.kind, r.data) for r in g.last] == [
        ("skill", {"players": {"interceptor": "Ronnie Lott"}}),
        ("interception", {"ball_on": 39}),
    ]
    g = kicked()
    g.enter("call hook lwr 4", "defend 4-3", "flip yellow yellow", "result qb")
    g.enter("skill red int")
    assert [(r.kind, r.data) for r in g.last] == [("skill", {}), ("interception", {"ball_on": 39})]
    g = kicked()
    g.enter("call hook lwr 4", "defend 4-3", "flip yellow yellow", "result db")
    g.enter("skill green c-2p")
    assert [r.kind for r in g.last] == ["skill", "down"]
    g = kicked()
    g.enter("call hook lwr 4", "defend goalline", "flip green green", "result wr")
    g.enter("skill injury 9")
    assert (g.last[0].kind, g.last[0].data) == ("injury", {"pid": "wr1"})


def test_a_55_star_under_fg_is_55_yards_on_a_field_goal() -> None:
    """Field Goals (rules/red-zone.txt): "If the number there equals or exceeds the kick distance
    the field goal is successful": a 55* is the number 55 (good from 55, short from 56)."""
    g = at_scrimmage(kicked(), "away", 38, down=4)
    g.enter("fieldgoal")
    assert number_range(g, "fg") == (0, 99)
    g.enter("fg 55*")
    assert g.sit["score"]["away"] == 3
    g = at_scrimmage(kicked(), "away", 39, down=4)
    g.enter("fieldgoal", "fg 55*")
    assert g.sit["score"]["away"] == 0 and g.sit["possession"] == "home"


def test_a_safety_ruling_carries_two_points_and_the_kickoff_has_no_offence() -> None:
    """Safety (rules/red-zone.txt): "a safety and 2 points for the defense"; then a kick, with
    nobody on offence until it is received."""
    g = at_scrimmage(kicked(), "home", 97)
    g.enter("call dive lrb", "defend 4-3", "flip red red", "result -4")
    safety = [r for r in g.last if r.kind == "safety"]
    assert len(safety) == 1 and safety[0].points == 2 and safety[0].team == "away"
    g = at_scrimmage(kicked(), "home", 5)
    g.enter("call dive lrb", "defend 4-3", "flip green red", "result 6", "kick", "fg 40")
    assert g.state.phase == "kickoff" and g.sit["possession"] is None


def test_a_special_play_card_leaves_the_hand_and_keeps_its_name() -> None:
    """Special Play Cards (rules/red-zone.txt): "If a coach plays a Special Play card ... he may
    draw a number of cards ... such that he again has seven": the card leaves the hand."""
    g = with_hand(kicked(), "home", 1)
    g.enter("special home Hail-Mary none")
    assert g.last[0].data == {"card": "Hail-Mary"}
    assert g.sit["clock"]["home"]["hand"] == 0
    assert "takes nothing more" in g.refused("special home card none 5")
    assert "needs a number" in g.refused("special home card cards 2 3")
    assert "takes nothing more" in g.refused("special home card none 5 6")


def test_a_bench_defensive_lineman_replaces_only_a_defensive_lineman() -> None:
    """Situational Substitutions (rules/red-zone.txt): "13 starters with a back up at every
    position": a DL back-up comes in for a DL, not for a linebacker."""
    g = squads_of_20()
    assert "may replace" in g.refused("bench home dl3 lb1")
    g.enter("bench home dl3 dl1")
    assert g.last[0].data == {"in": "dl3", "out": "dl1"}


# Survivors judged after the first classification (docs/mutation.md, "Where the run stopped") --


def execution(*entries: str) -> dict[str, str]:
    """The colour grades the Execution Color Check rules for a kicked-off game and ``entries``."""
    g = kicked()
    g.enter(*entries)
    grades: dict[str, str] = g.last[-1].data
    return grades


def test_a_red_offence_away_from_a_double_team_against_green_goes_up_one_grade_only() -> None:
    """Double Teaming (rules/red-zone.txt): "If the defense is already at green, then advance
    the offense's color grade by one (red to yellow and yellow to green)"."""
    assert execution("call down-in lwr", "align db1 right", "defend 4-3", "flip red green") == {
        "offence": "yellow",
        "defence": "green",
    }


def test_a_play_to_the_right_away_from_a_double_team_on_the_left_lowers_the_defence() -> None:
    """Double Teaming: "If the offense calls the play to a player that was ignored ... The color
    grade of the defense is lowered by one grade" (the double team across from the call)."""
    assert execution("call down-in rwr", "align db2 left", "defend 4-3", "flip yellow yellow") == {
        "offence": "yellow",
        "defence": "green",
    }


def test_dls_keyed_on_the_side_of_the_run_hold_a_red_offence_at_red() -> None:
    """Double Teaming: "If a running play is called to the side of the double teamed Offensive
    Linemen, then the offense is reduced one color grade" (red is the lowest grade)."""
    assert execution("call dive rrb", "align dl1 right", "defend 4-3", "flip red yellow") == {
        "offence": "red",
        "defence": "yellow",
    }


def test_a_run_away_from_keyed_dls_goes_up_one_grade_and_no_higher_than_green() -> None:
    """Double Teaming: "if the offense chooses a running play with a Running Back that does not
    have a Defensive Lineman on his side, the offensive Execution Color Check is advanced one
    grade"."""
    keyed = ("call dive lrb", "align dl1 right", "defend 4-3")
    assert execution(*keyed, "flip red yellow") == {"offence": "yellow", "defence": "yellow"}
    assert execution(*keyed, "flip green yellow") == {"offence": "green", "defence": "yellow"}


def test_dls_not_moved_change_no_run_grade_on_either_side() -> None:
    """Double Teaming: "These grade reductions or gains are only applied if the defense has
    moved Defensive Lineman and a running play is called"."""
    for call in ("call dive lrb", "call dive rrb"):
        assert execution(call, "defend 4-3", "flip yellow yellow") == {
            "offence": "yellow",
            "defence": "yellow",
        }, call


def test_a_possible_sack_checks_the_play_side_lineman_or_linebacker() -> None:
    """Red Zone Charts, passing: "DL* = Possible Sack", "LB* = Possible Sack"; Skill Check: "If
    the play was called to the right then the player ... on the right side"."""
    for target, code, name in (
        ("lwr", "lb*", "Cornelius Bennett"),
        ("lwr", "dl*", "Leslie O'Neal"),
        ("rwr", "lb*", "Hardy Nickerson"),
        ("rwr", "dl*", "Cortez Kennedy"),
    ):
        g = kicked()
        g.enter(f"call hook {target} 4", "defend blitz", "flip green green", f"result {code}")
        assert RULESET.expected(g.state).text == f"Does {name} have a * in his Tackle area?"


def test_a_db_sack_checks_the_play_side_defensive_backs_tackle() -> None:
    """Red Zone Charts, passing: "DB* = DB achieves a sack. Check DB Tackle skill"."""
    for target, whose in (("rwr", "Aeneas Williams'"), ("lwr", "Ronnie Lott's")):
        g = kicked()
        g.enter(f"call hook {target} 4", "defend blitz", "flip green green", "result db*")
        assert f"for {whose} Tackle skill" in RULESET.expected(g.state).text


def test_the_kick_return_flip_offers_a_printed_number_from_0_to_99() -> None:
    """The Kickoff (rules/red-zone.txt): the receivers flip and read the KR number, 00 to 99."""
    g = drafted()
    g.enter("kick", "k 40")
    (form,) = RULESET.expected(g.state).forms
    assert (form.keyword, form.help) == ("kr", "return yards")
    assert number_range(g, "kr") == (0, 99)


# Survivors left unclassified or untested when the first run stopped (docs/mutation.md) ---------


def injure_bennett(g: Game) -> None:
    """Ron's Dive: a LB check that comes up Injury for Duncan's Cornelius Bennett, who is not
    replaced: nobody lines up opposite the left running back."""
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result lb", "skill injury 2")
    g.enter("sub none")
    assert "lb1" not in g.sit["lineups"]["away"]["defence"]


def test_a_play_at_a_vacant_defensive_position_goes_up_one_grade_and_no_higher() -> None:
    """Injuries (rules/red-zone.txt): "While a position is vacant, any plays directed at the
    position by the opposing coach will increase one color grade" -- red to yellow, green
    stays green."""
    for flipped, shown in (("red", "yellow"), ("yellow", "green"), ("green", "green")):
        g = kicked()
        injure_bennett(g)
        g.enter("call dive lrb", "defend 4-3", f"flip {flipped} yellow")
        assert g.last[-1].data == {"offence": shown, "defence": "yellow"}, flipped
        assert "(vacant)" in g.last[-1].text


def test_a_play_called_to_a_vacant_offensive_position_loses_a_grade_down_to_red() -> None:
    """Injuries (rules/red-zone.txt): "All plays directed at the position by the owning coach
    will decrease one color grade ... You may call a play for a vacant position" -- red is the
    lowest grade."""
    for flipped, shown in (("red", "red"), ("yellow", "red"), ("green", "yellow")):
        g = kicked()
        injure_rice(g)
        g.enter("sub none")
        g.enter("call hook lwr 4", "defend 4-3", f"flip {flipped} yellow")
        assert g.last[-1].data == {"offence": shown, "defence": "yellow"}, flipped


def test_a_receiver_covered_by_a_linebacker_goes_up_one_grade_on_a_pass() -> None:
    """3 Wide (rules/red-zone.txt): "a WR being covered by a LB in which case the WR will have a
    one color grade advantage over the LB" -- one grade, no more than green."""
    for flipped, shown in (("red", "yellow"), ("yellow", "green"), ("green", "green")):
        g = squads_of_20()
        g.enter("bench home wr3 rb2")  # Ron WR3 in the right back's place, opposite lb2
        g.enter("call hook rrb 4", "defend 4-3", f"flip {flipped} yellow")
        assert g.last[-1].data == {"offence": shown, "defence": "yellow"}, flipped


def test_three_wide_keeps_one_running_back() -> None:
    """3 Wide (rules/red-zone.txt): "The offense may bring in a third WR and have only RB": a
    WR may come in for a back while two backs play, never for the last one."""
    g = squads_of_20()
    g.enter("bench home wr3 rb2")
    assert g.last[0].data == {"in": "wr3", "out": "rb2"}
    g = squads_of_20()
    g.enter("call dive lrb", "defend 4-3", "flip yellow yellow", "result rb", "skill injury 2")
    g.enter("sub none")  # Barry Sanders hurt, nobody in: Emmitt Smith is the only back
    refusal = g.refused("bench home wr3 rb2")
    assert refusal.endswith("expected one of: wr1, wr2")
    g.enter("bench home wr3 wr1")


def test_harsh_no_long_bombs_makes_a_chart_gain_past_the_end_line_incomplete() -> None:
    """HARSH VERSION (rules/red-zone.txt): "In addition to the above modifications" -- the
    chart's own gain past the back of the end zone stays incomplete, as in the normal rule."""
    g = at_scrimmage(kicked(long_bombs="harsh"), "home", 6)
    g.enter("call trick-pass lwr 7", "defend goalline", "flip green yellow", "result 18")
    assert (g.sit["ball_on"], g.sit["down"], g.sit["score"]["home"]) == (6, 2, 0)


def test_a_draw_deck_redraw_counts_the_cards_flipped() -> None:
    """FADD (rules/red-zone.txt): "flip again to determine the color of the play. You must keep
    flipping until a color result is achieved": one card unless the table says how many; the
    Draw Deck has no limit, and Zebra takes 1 to 60 cards for one colour."""
    for entry, flipped in (("draw yellow", 1), ("draw yellow 1", 1), ("draw yellow 60", 60)):
        g = kicked()
        g.enter("call draw lrb", "defend 4-2-5", "flip fadd3 red")
        before = g.sit["clock"]["home"]["draw_deck_flips"]
        g.enter(entry)
        assert g.sit["clock"]["home"]["draw_deck_flips"] == before + flipped, entry
    for entry in ("draw yellow 0", "draw yellow 61"):
        g = kicked()
        g.enter("call draw lrb", "defend 4-2-5", "flip fadd3 red")
        assert "cards flipped" in g.refused(entry), entry


def test_a_chart_fumble_with_a_penalty_to_decline_is_offered_as_a_fumble() -> None:
    """Declining Penalties (rules/red-zone.txt, optional): the other coach chooses between the
    penalty and the play, and the play here is the chart's Fumble."""
    g = at_scrimmage(kicked(declining="yes"), "away", 80)
    g.enter("call dive lrb", "defend goalline", "flip yellow pen5", "draw yellow", "result f")
    assert "or the play (fumble)" in RULESET.expected(g.state).text
    g.enter("decline")
    assert g.state.phase == "fumble_lg"


def test_a_db_result_is_flipped_by_the_defence() -> None:
    """Skill Checks (rules/red-zone.txt): the player whose skill is examined flips from his own
    coach's Time Deck -- a DB result is the defending coach's card."""
    g = kicked()
    g.enter("call hook lwr 4", "defend blitz", "flip green green", "result db")
    prompt = RULESET.expected(g.state)
    assert prompt.actor == "away" and prompt.text.startswith("Duncan flip")


# Survivors of the complete run (29f82de, docs/mutation.md) ---------------------------------------


def with_time_deck(g: Game, side: str, cards: int) -> Game:
    """Set one coach's Time Deck to ``cards`` cards."""
    return with_coach(g, side, time=cards)


def test_the_last_time_deck_card_is_announced_and_then_the_draw_deck_is_flipped() -> None:
    """Time (rules/red-zone.txt): every card comes off the Time Deck; once it is gone the coach
    flips from his Draw Deck -- the flip that takes the last card says so, one before does not."""
    g = with_time_deck(kicked(), "home", 1)
    g.enter("call dive lrb")  # draws the one card left into Ron's hand
    empty = [r for r in g.last if r.kind == "time_deck_empty"]
    assert [(r.team, g.sit["clock"]["home"]["time_deck"]) for r in empty] == [("home", 0)]
    g.enter("defend 4-3")
    assert "Ron flip the top Draw Deck card, Duncan the top Time Deck card" in (
        RULESET.expected(g.state).text
    )
    g = with_time_deck(kicked(), "home", 2)
    g.enter("call dive lrb")
    assert not [r for r in g.last if r.kind == "time_deck_empty"]
    g.enter("defend 4-3")
    assert "Ron flip the top Time Deck card" in RULESET.expected(g.state).text


def fill_places(g: Game) -> list[tuple[str, ...]]:
    """The places the prompt's ``fill`` forms offer."""
    return [f.slots[1].words for f in RULESET.expected(g.state).forms if f.keyword == "fill"]


def test_a_vacant_defence_offers_only_the_unit_that_is_short() -> None:
    """Injuries (rules/red-zone.txt): a player drawn later "may be put into play immediately"
    in the vacant position -- a defence of two DL, two LB and two DB is short only of the unit
    that lost a man, and a full six (the Nickel's three DBs included) of nothing."""
    g = kicked()
    injure_oneal(g)
    g.enter("sub none")
    assert fill_places(g) == [("dl",)]
    g = squads_of_20()
    g.enter("bench away db3 lb1")  # the Nickel: two DL, one LB, three DB
    assert fill_places(g) == []


def test_a_db_on_a_back_or_a_lb_on_a_receiver_needs_situational_substitutions() -> None:
    """Nickel Package / Canceling the Tight End (rules/red-zone.txt, Situational Substitutions):
    "place him on a RB", "The extra LB may play opposite the TE" -- only with that option."""
    for entry in ("align db1 lrb", "align lb1 lwr"):
        g = kicked()
        g.enter("call dive lrb")
        assert "is not a place" in g.refused(entry), entry
        g = squads_of_20()
        g.enter("call dive lrb", entry)
        pid, place = entry.split()[1:]
        assert g.last[0].data == {"pid": pid, "place": place}


def test_tight_end_outside_offers_the_reverse_to_everyone_but_the_tight_end() -> None:
    """Limiting the TE (1, rules/red-zone.txt): "Reverses can't be run to the TE" -- the prompt
    still offers the Reverse to the other three ball carriers."""
    g = kicked(tight_end="outside")
    reverses = [
        f.slots[1].words
        for f in RULESET.expected(g.state).forms
        if f.keyword == "call" and "reverse" in f.slots[0].words
    ]
    assert reverses == [("lrb", "rrb", "lwr")]


def test_a_reverse_to_a_tight_end_in_a_backs_place_goes_to_the_other_back() -> None:
    """Limiting the TE (1) with 3 Wide (rules/red-zone.txt): a TE in a back's place is a
    receiver, and "All running plays to the LRB go the RRB" -- the Reverse is not his."""
    g = Game(substitutions="yes", tight_end="outside")
    g.enter("toss home", "field", "receive")
    for away, home in zip(AWAY_DRAFT, HOME_DRAFT, strict=True):
        g.enter(f"draft {away}", f"draft {home}")
    for pos in ("qb", "rb", "wr", "ol", "dl", "lb", "db"):
        g.enter(f"draft {pos}", f"draft {'te' if pos == 'wr' else pos}")
    g.enter("kick", "k 67", "kr 24", "bench home wr3 rb1")
    g.enter("call reverse lrb", "defend 4-3", "flip yellow yellow", "result rb")
    assert "Emmitt Smith's Run skill" in RULESET.expected(g.state).text


def test_a_run_or_a_numbered_pass_takes_no_passing_play_number() -> None:
    """Calling Plays (rules/red-zone.txt): only the passes the chart numbers take a Passing
    Play Number; a run typed with one is refused, and nothing is recorded."""
    for entry in ("call dive lrb 4", "call screen lrb 4"):
        assert "takes no Passing Play Number" in kicked().refused(entry), entry


def test_the_toss_draft_kick_and_call_rulings_carry_their_team_and_facts() -> None:
    """The rulings' facts the exports read: the toss winner, the player drafted, the kickoff's
    and the return's spot, and the ball carriers of a call (Calling Plays)."""
    g = Game()
    g.enter("toss home")
    assert [(r.kind, r.text, r.team) for r in g.last] == [
        ("toss", "Ron win the coin toss.", "home")
    ]
    g.enter("field", "receive", "draft qb")  # no name typed: the default one
    assert g.last[0].data == {"pid": "qb", "position": "qb", "name": "Duncan QB1"}
    g = drafted()
    g.enter("kick")
    assert [(r.kind, r.team, r.data) for r in g.last] == [("decision", "away", {"choice": "kick"})]
    g.enter("k 67")
    assert [(r.kind, r.team, r.data) for r in g.last] == [("kickoff", "away", {"ball_on": 97})]
    g.enter("kr 24")
    assert [(r.kind, r.team, r.data) for r in g.last] == [("return", "home", {"ball_on": 73})]
    for entry, players in (
        ("call dive lrb", {"rusher": "Barry Sanders"}),
        ("call qb-keep lrb", {"rusher": "Steve Young"}),
        ("call hook lwr 4", {"passer": "Steve Young", "receiver": "Jerry Rice"}),
    ):
        g = kicked()
        g.enter(entry)
        assert g.last[0].data["players"] == players, entry


def test_penalty_and_fadd_flags_name_the_team_that_flipped_them() -> None:
    """Penalties / FADD (rules/red-zone.txt): the coach who flipped the penalty or the FADD
    flips again; the flag's ruling is his."""
    g = at_scrimmage(kicked(declining="yes"), "away", 80)
    g.enter("call long-bomb lwr", "defend goalline", "flip yellow pen5")
    flags = [(r.kind, r.team) for r in g.last if r.kind == "penalty_flag"]
    assert flags == [("penalty_flag", "home")]
    g = kicked()
    g.enter("call draw lrb", "defend 4-2-5", "flip fadd3 red")
    assert [(r.kind, r.team) for r in g.last if r.kind == "fadd"] == [("fadd", "home")]


def test_a_dl_shifts_onto_a_receiver_only_with_the_shift_option() -> None:
    """Limiting the TE (3, rules/red-zone.txt): "Defensive Linemen (DL) may shift over and cover
    the TE" -- on either side, and only with that option."""
    g = kicked(tight_end="shift")
    g.enter("call dive lrb", "align dl1 rwr", "align dl2 lwr")
    assert g.last[0].data == {"pid": "dl2", "place": "lwr"}
    g = kicked()
    g.enter("call dive lrb")
    assert "is not a place" in g.refused("align dl1 rwr")


def test_the_result_prompt_offers_the_codes_of_its_own_chart() -> None:
    """Red Zone Charts (rules/red-zone.txt): the running and the passing Play Results Charts
    print different codes (F on a run; INC, INT and the starred sacks on a pass)."""
    for call, codes in (
        ("call dive lrb", ("dl", "lb", "ol", "rb", "wr", "f", "long")),
        (
            "call hook lwr 4",
            ("inc", "int", "dl", "dl*", "lb*", "db", "db*", "rb", "wr", "qb", "long"),
        ),
    ):
        g = kicked()
        g.enter(call, "defend 4-3", "flip yellow yellow")
        (form,) = [
            f
            for f in RULESET.expected(g.state).forms
            if f.keyword == "result" and f.slots[0].kind == "word"
        ]
        assert form.slots[0].words == codes, call
