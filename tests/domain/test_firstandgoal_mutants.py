"""1st & Goal rules that the mutation run of issue 15 found without a test (docs/mutation.md).

Each test is named for the rule it checks and cites the Czech transcript
(first-and-goal.cs.txt, which wins over the English translation); a threshold is checked on
both sides of its boundary.
"""

from __future__ import annotations

from dataclasses import replace

from domain.ruleset import Ruling
from domain.rulesets.firstandgoal import Cards
from tests.domain.scripts import Played
from tests.domain.test_firstandgoal import game, kicked_off, placed, refused, sit
from tests.domain.test_firstandgoal_thresholds import keywords


def clock(g: Played, side: str) -> tuple[int, int, int]:
    """The ``offence`` or ``defence`` deck, hand and discard pile, as the table sees them."""
    c = sit(g)["clock"]
    return c[f"{side}_deck"], c[f"{side}_hand"], c[f"{side}_discard"]


def ruling(g: Played, kind: str) -> Ruling:
    """The one ruling of ``kind`` among the last entry's rulings."""
    found = [r for r in g.last if r.kind == kind]
    assert len(found) == 1, [r.kind for r in g.last]
    return found[0]


def in_half(g: Played, half: int) -> Played:
    """The same game moved to ``half`` (3 is overtime), the score still level."""
    g.state = replace(g.state, half=half, scores=((0, 0),) * half)
    return g


# Scoring in the second half and in overtime (pp. 9-10) ----------------------------------------


def test_a_touchdown_in_overtime_ends_the_game_at_once() -> None:
    """Overtime (p. 10 "První tým, který v prodloužení skóruje, zvítězí"): no try after it."""
    g = in_half(placed(5, marker=0), 2)
    g.enter("play slant nickel", "dice yellow black", "roll 5 0 hail")
    assert (g.state.phase, sit(g)["score"]["home"], sit(g)["finished"]) == ("try", 6, False)
    g = in_half(placed(5, marker=0), 3)
    g.enter("play slant nickel", "dice yellow black", "roll 5 0 hail")
    assert (g.state.phase, sit(g)["score"]["home"], sit(g)["winner"]) == ("final", 6, "home")
    assert g.kinds() == ["roll", "touchdown", "final"]


def test_a_safety_in_the_second_half_is_followed_by_the_free_punt() -> None:
    """Safety (p. 9 "Útočník poté předá míč obránci kopnutím běžného puntu z čáry 20 yardů")."""
    g = in_half(placed(95, marker=85), 2)
    g.enter("play slant nickel", "dice yellow black", "roll 0 -5 hail")
    assert (sit(g)["score"]["away"], sit(g)["finished"]) == (2, False)
    assert g.state.phase == "board_dice" and g.state.free_kick
    assert keywords(g) == ["dice"]


def test_a_safety_in_overtime_ends_the_game_at_once() -> None:
    """Overtime (p. 10 "První tým, který v prodloužení skóruje, zvítězí"): a safety scores too."""
    g = in_half(placed(95, marker=85), 3)
    g.enter("play slant nickel", "dice yellow black", "roll 0 -5 hail")
    assert (g.state.phase, sit(g)["score"]["away"], sit(g)["winner"]) == ("final", 2, "away")
    assert g.kinds() == ["roll", "safety", "final"]


def test_a_good_two_point_try_is_ruled_two_points_to_the_scorer() -> None:
    """Two-point conversion (p. 9 "Pokud uspějete, získáte 2 body"): the ruling says so."""
    g = placed(5, marker=0)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    g.enter("play slant nickel", "dice yellow black", "roll 2 0 hail")
    good = ruling(g, "two_point")
    assert (good.team, good.points, sit(g)["score"]["home"]) == ("home", 2, 8)


def test_a_two_point_try_needs_a_card_in_each_hand() -> None:
    """Two-point conversion (p. 9 "v jednom zahrání (tzn. pomocí kostek určených kartami)")."""
    for black_hand, offered in ((2, True), (1, False)):
        g = placed(5, marker=0)
        g.state = replace(g.state, black=Cards(deck=0, hand=black_hand, discard=60 - black_hand))
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail")
        assert sit(g)["clock"]["defence_hand"] == black_hand - 1
        assert ("two" in keywords(g)) is offered and "pat" in keywords(g)


# The card clock (pp. 4-5, 10) -----------------------------------------------------------------


def test_a_run_burns_the_last_card_of_the_deck_before_one_from_the_hand() -> None:
    """Run (p. 5 "ihned spálí (odhodí) horní kartu z útočného balíčku. Pokud je balíček prázdný,
    odhodí kartu z ruky")."""
    for deck, after in ((1, (0, 4, 56)), (0, (0, 3, 57))):
        g = kicked_off()
        g.state = replace(g.state, green=Cards(deck=deck, hand=5, discard=55 - deck))
        g.enter("play sweep nickel")
        assert clock(g, "offence") == after
        assert ruling(g, "burn").data == {"from": "deck" if deck else "hand"}


def test_a_run_card_saved_by_the_defences_time_out_goes_back_on_the_deck() -> None:
    """Run the clock (p. 10 "Tomu může obránce zabránit ... zvoláním TIME OUT", "kartu nepalte")."""
    g = kicked_off()
    g.enter("play sweep nickel")
    assert clock(g, "offence") == (51, 7, 2)  # the card played and the run's burned card
    g.enter("timeout away")
    assert clock(g, "offence") == (52, 7, 1)
    assert sit(g)["clock"]["burned_this_half"] == 0


def test_a_run_card_burned_from_the_hand_and_saved_goes_back_to_the_hand() -> None:
    """Run (p. 5 "Pokud je balíček prázdný, odhodí kartu z ruky"), saved by a time-out (p. 10)."""
    g = kicked_off()
    g.state = replace(g.state, green=Cards(deck=0, hand=5, discard=55))
    g.enter("play sweep nickel")
    assert clock(g, "offence") == (0, 3, 57)
    g.enter("timeout away")
    assert clock(g, "offence") == (0, 4, 56)


def test_a_penalty_puts_back_a_run_card_burned_from_the_hand() -> None:
    """Penalty (p. 7, ruling 15): no card is burned when a penalty is called, even declined."""
    g = kicked_off()
    g.state = replace(g.state, green=Cards(deck=0, hand=5, discard=55))
    g.enter("play sweep nickel", "dice red black", "roll 3 0 p", "ref def 5")
    assert clock(g, "offence") == (0, 4, 56)


def test_time_out_option_a_gives_the_defence_a_card_from_its_discard_pile() -> None:
    """Time-out (p. 4 "A. Skrytě si prohledat svůj odhazovací balíček ... přidat si ji do ruky")."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    assert clock(g, "defence") == (51, 8, 1)
    g.enter("timeout home")
    assert ruling(g, "timeout").data == {"left": 2}
    g.enter("options none a")
    assert clock(g, "defence") == (51, 9, 0)
    assert clock(g, "offence") == (51, 8, 1)


def test_a_team_may_call_its_last_time_out_of_the_half() -> None:
    """Time-out (p. 4 "Pokud již hráči žádný ODDECHOVÝ ČAS nezbývá, nemůže již ... zvolat")."""
    g = kicked_off()
    g.state = replace(g.state, timeouts=(1, 1))
    g.enter("timeout home")
    assert ruling(g, "timeout").data == {"left": 0} and sit(g)["timeouts"]["home"] == 0
    g.enter("options none none")
    refused(g, "timeout home", "no time-outs left")


def test_a_qb_kneel_puts_the_card_from_the_hand_on_the_discard_pile() -> None:
    """QB kneel (p. 10 "Odhoďte jednu kartu z ruky, ztrácíte 1 yard a 1 down")."""
    g = placed(50)
    g.state = replace(g.state, green=Cards(deck=0, hand=4, discard=56))
    g.enter("kneel")
    assert clock(g, "offence") == (0, 3, 57)
    assert sit(g)["clock"]["burned_this_half"] == 1
    kneel = ruling(g, "kneel")
    assert (kneel.team, kneel.yards) == ("home", -1)
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    assert clock(g, "offence") == (0, 2, 58)


# QB sneak (p. 11) -----------------------------------------------------------------------------


def test_a_sneak_with_no_penalty_on_the_referee_die_loses_a_down() -> None:
    """QB sneak (p. 11 "Při ostatních výsledcích se míč neposunuje. Ztrácíte 1 down")."""
    g = placed(41, down=3, marker=40)
    g.enter("sneak", "roll p", "ref other 5")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (41, 4)
    assert g.kinds() == ["no_penalty", "sneak", "down"]
    lost = ruling(g, "sneak")
    assert (lost.team, lost.yards) == ("home", 0)


def test_a_sneak_whose_penalty_is_declined_loses_a_down() -> None:
    """QB sneak (p. 11 "vyhodnoťte běžný postih"): declined, the sneak gains nothing (p. 7)."""
    g = placed(41, down=3, marker=40)
    g.enter("sneak", "roll p", "ref def 5", "decline")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (41, 4)
    assert g.kinds() == ["penalty_declined", "sneak", "down"]


def test_a_sneak_ruling_gives_the_yard_gained_or_none() -> None:
    """QB sneak (p. 11 "Posuňte míč o 1 yard a získejte nový 1. down"; "Míč se neposunuje")."""
    for face, gained, spot in (("hail", 1, (40, 1)), ("t", 0, (41, 4))):
        g = placed(41, down=3, marker=40)
        g.enter("sneak", f"roll {face}")
        sneak = ruling(g, "sneak")
        assert (sneak.team, sneak.yards) == ("home", gained)
        assert (sit(g)["ball_on"], sit(g)["down"]) == spot


# Penalties (pp. 6-8) --------------------------------------------------------------------------


def test_a_penalty_ruling_names_the_offender() -> None:
    """Potential penalty (p. 6): "postižen je obránce" on one face, "útočník" on the other."""
    for face, offender in (("def", "away"), ("off", "home")):
        g = placed(60, down=2, marker=50)
        g.enter("play slant nickel", "dice yellow black", "roll 3 0 p", f"ref {face} 5")
        flag = ruling(g, "penalty")
        assert (flag.team, flag.data) == (offender, {"face": face, "yards": "5"})
    g = placed(60, down=2, marker=50)
    g.enter("play slant nickel", "dice yellow black", "roll 3 -1 p")
    assert ruling(g, "potential_penalty").yards == 2


def test_an_accepted_penalty_is_ruled_with_the_yards_it_moves() -> None:
    """Penalty die (p. 6 "5 = 5 yardů, posuňte míč o 5 yardů"): the accepted yards, unsigned."""
    for face, spot, chooser in (("def", 55, "home"), ("off", 65, "away")):
        g = placed(60, down=2, marker=50)
        g.enter("play slant nickel", "dice yellow black", "roll 3 0 p", f"ref {face} 5", "accept")
        accepted = ruling(g, "penalty_accepted")
        assert (accepted.team, accepted.yards, sit(g)["ball_on"]) == (chooser, 5, spot)


def test_a_return_penalty_is_marked_from_the_1_at_the_far_end_of_the_run() -> None:
    """Kickoff return (p. 4), penalty (p. 7, ruling 19): a run to the 1, then 5 on the returners."""
    g = game()
    g.enter("toss home", "return", "dice red tan brown yellow", "roll 30 30 30 9 p")
    g.enter("ref off 5", "accept")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (6, 1)


def test_a_return_penalty_is_marked_from_the_own_1_at_the_latest() -> None:
    """Kickoff return (p. 4 "Počínaje gólovou čárou"), penalty (ruling 19): at most the own 1."""
    for roll, spot in (("0 0", 94), ("1 0", 94), ("2 0", 93)):
        g = game()
        g.enter("toss home", "return", "dice red tan", f"roll {roll} p", "ref def 5", "accept")
        assert (sit(g)["possession"], sit(g)["ball_on"]) == ("home", spot)


def test_a_punt_penalty_ruling_names_the_offender() -> None:
    """Punt (p. 8 "Hoďte kostkami rozhodčího a postihu"): def on the receivers, off the kickers."""
    for face, offender in (("def", "away"), ("off", "home")):
        g = placed(60, down=4, marker=50)
        g.enter("punt", "reveal kick kick", "dice blue green", "roll 30 p", f"ref {face} 10")
        flag = ruling(g, "penalty")
        assert (flag.team, flag.data) == (offender, {"face": face, "yards": "10"})


# Kicks (pp. 7-8, 11, 16) ----------------------------------------------------------------------


def test_a_field_goal_ruling_comes_before_the_card_it_burns() -> None:
    """Field goal (p. 9 "Po jakémkoli pokusu o gól z pole musí útočník spálit jednu kartu")."""
    g = placed(20, marker=10)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 6 6 8")
    assert g.kinds()[:2] == ["field_goal", "burn"]
    g = placed(20, marker=10)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 6 6 7")
    assert g.kinds() == ["field_goal_missed", "burn"]
    assert ruling(g, "field_goal_missed").team == "away"


def test_a_d20_punt_row_says_whether_the_punt_is_returned() -> None:
    """d20 punt (p. 16 "Vracení Fair catch, není dovoleno"; "Punt může být ... vrácen")."""
    g = placed(70, down=4, marker=60, d20="yes")
    g.enter("punt", "reveal kick kick", "roll 5 fc")
    assert (g.state.phase, sit(g)["possession"], sit(g)["ball_on"]) == ("call", "away", 70)
    g = placed(70, down=4, marker=60, d20="yes")
    g.enter("punt", "reveal kick kick", "roll 5 ret")
    assert (g.state.phase, sit(g)["possession"]) == ("punt_return_choice", "away")
    assert keywords(g) == ["return", "faircatch"]


def test_a_second_20_on_the_d20_kickoff_is_ruled_a_return_all_the_way() -> None:
    """d20 kickoff (p. 16 "Pokud padne znovu 20, míč je vrácen za touchdown")."""
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 20 hail", "roll 20")
    assert "d20_return" in g.kinds() and sit(g)["score"]["home"] == 6
    g = game(d20="yes")
    g.enter("toss home", "return", "roll 20 hail", "roll 5")
    assert "d20_return" not in g.kinds() and sit(g)["ball_on"] == 65


def test_a_squib_kick_carried_back_stays_on_the_field() -> None:
    """Squib kick (p. 11 "Umístěte míč na čáru 30 yardů kopajícího týmu"): at worst the 1."""
    for roll, spot in (("-10 -10 -8", 2), ("-10 -10 -9", 1), ("-10 -10 -10", 1)):
        g = game(squib="yes")
        g.enter("toss home", "squib", "dice red tan brown", f"roll {roll}")
        assert (sit(g)["possession"], sit(g)["ball_on"]) == ("home", spot)


def test_a_punt_carried_back_stays_on_the_field() -> None:
    """Punt (p. 8): the receivers take the ball where it comes down, at worst the kickers' 1."""
    for roll, spot in (("-10 -8", 2), ("-10 -9", 1), ("-10 -10", 1)):
        g = placed(80, down=4, marker=70)
        g.enter("punt", "reveal kick kick", "dice blue green", f"roll {roll}", "faircatch")
        assert (sit(g)["possession"], sit(g)["ball_on"]) == ("away", spot)


def test_a_labelled_punt_roll_names_the_punt_dice_kept() -> None:
    """Punt (p. 8): the offence may swap one punt die for the play die; faces may be labelled."""
    g = placed(60, down=4, marker=50)
    g.enter("punt", "reveal kick kick", "dice red tan brown")
    g.enter("roll brown 10 red 12 play hail")
    punted = ruling(g, "punt")
    assert (punted.yards, sit(g)["possession"], sit(g)["ball_on"]) == (22, "away", 62)


# The optional turnover return (p. 11) ---------------------------------------------------------


def test_a_turnover_return_carried_into_the_own_end_zone_is_a_touchback() -> None:
    """Optional turnover (p. 11 "hoďte černou a červenou kostkou a posuňte ... míč")."""
    for roll, spot in (("3 2", 90), ("-4 0", 99), ("-5 0", 80)):
        g = placed(10, marker=0, turnover_return="yes")
        g.enter("play slant nickel", "dice yellow black", "roll 5 0 t", "ref t")
        assert (g.state.phase, g.state.ball_on) == ("turnover_roll", 95)
        g.enter(f"roll {roll}")
        assert (sit(g)["possession"], sit(g)["ball_on"], sit(g)["down"]) == ("away", spot, 1)


# Running the clock (p. 10) --------------------------------------------------------------------


def test_running_the_clock_burns_one_card_per_completed_pass() -> None:
    """Running the clock (p. 10 "po jakékoli dokončené přihrávce ... spálením jedné karty")."""
    g = kicked_off()
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    assert "runclock" in keywords(g)
    g.enter("runclock")
    assert ruling(g, "burn").data == {"from": "deck"} and clock(g, "offence") == (50, 8, 2)
    assert "runclock" not in keywords(g)


def test_a_qb_sneak_after_a_completed_pass_does_not_run_the_clock() -> None:
    """Running the clock (p. 10 "po jakékoli dokončené přihrávce"): a sneak is no pass (p. 11)."""
    g = placed(60, down=1, marker=50)
    g.enter("play slant nickel", "dice yellow black", "roll 9 0 hail")
    assert sit(g)["distance"] == 1 and "runclock" in keywords(g)
    g.enter("sneak", "roll x")
    assert (sit(g)["ball_on"], sit(g)["down"]) == (51, 3)
    assert "runclock" not in keywords(g)


# Entries (docs/entries.md) --------------------------------------------------------------------


def test_a_field_goal_call_takes_nothing_more() -> None:
    """Field goal (p. 9): ``fg`` alone; the kick's dice come after the fake/kick reveal."""
    g = placed(20, marker=10)
    refused(g, "fg 30", "takes nothing more")
    g.enter("fg")
    assert ruling(g, "decision").team == "home" and g.state.phase == "kick_reveal"


def test_labelled_referee_and_penalty_dice_are_read_in_any_order() -> None:
    """Potential penalty (p. 6 "hoďte kostkou rozhodčího a kostkou postihu"), labelled faces."""
    g = placed(60, down=2, marker=50)
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 p", "ref penalty 10 referee def")
    assert ruling(g, "penalty").data == {"face": "def", "yards": "10"}


def test_labelled_extra_point_dice_are_read_in_any_order() -> None:
    """Extra point (p. 9 "Pokud padnou dvě X, pokus je zblokován"), labelled faces."""
    for entry, kind, score in (
        ("pat ref x play x", "extra_point_blocked", 6),
        ("pat referee x play hail", "extra_point", 7),
    ):
        g = placed(5, marker=0)
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", entry)
        assert ruling(g, kind).team == "home" and sit(g)["score"]["home"] == score


# Punts (p. 8) ---------------------------------------------------------------------------------


def test_x_on_the_punt_blocks_it_and_the_receivers_take_the_ball_at_the_spot() -> None:
    """Punt (p. 8), play-die X (ruling 4): blocked, the receiving team takes over at the line."""
    g = placed(60, down=4, marker=50)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 30 x")
    assert ruling(g, "punt_blocked").team == "away"
    assert (sit(g)["possession"], sit(g)["ball_on"], sit(g)["down"]) == ("away", 40, 1)


def test_a_free_punt_penalty_accepted_repeats_the_punt() -> None:
    """Safety (p. 9 "běžného puntu z čáry 20"), punt penalty (p. 8 "opakujte punt"), ruling 19."""
    g = placed(95, marker=85)
    g.enter("play slant nickel", "dice yellow black", "roll 0 -5 hail", "dice blue green")
    g.enter("roll 30 p", "ref def 5", "accept")
    accepted = ruling(g, "penalty_accepted")
    assert accepted.team == "home" and "repeat_punt" in g.kinds()
    assert (g.state.phase, sit(g)["ball_on"], sit(g)["possession"]) == ("punt_roll", 75, "home")


def test_a_punt_recovered_by_the_kickers_is_no_free_kick_afterwards() -> None:
    """Punt (p. 8 T, then a flag): "postih může dát zahrávajícímu týmu nový 1. down" (ruling 19)."""
    g = placed(60, down=4, marker=50)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 t", "ref t")
    assert ruling(g, "punt_recovered").team == "home"
    assert (sit(g)["possession"], sit(g)["ball_on"], sit(g)["down"]) == ("home", 40, 1)
    g.state = replace(g.state, down=4)
    g.enter("punt", "reveal kick kick", "roll 20 p", "ref def 10", "accept")
    assert (g.state.phase, sit(g)["ball_on"], sit(g)["down"]) == ("call", 30, 1)


def test_the_punt_rulings_name_the_team_that_gets_the_ball() -> None:
    """Punt (p. 8): a touchback at the 20, a fair catch, an extra bounce rolled."""
    g = placed(40, down=4, marker=30)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 30 15")
    assert ruling(g, "punt_touchback").team == "away" and sit(g)["ball_on"] == 80
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 15", "faircatch")
    assert ruling(g, "fair_catch").team == "away" and sit(g)["ball_on"] == 65
    g = placed(70, down=4, marker=60)
    g.enter("punt", "reveal kick kick", "dice blue green", "roll 20 break")
    assert g.kinds() == ["extra_bounce"] and g.state.phase == "punt_bounce"


# Two-point tries (p. 9) -----------------------------------------------------------------------


def test_after_a_two_point_try_the_scorers_kick_off() -> None:
    """Kickoff (p. 4 "kdykoli po skórování"), ruling 10: the scoring team kicks off."""
    for gain, score in ((2, 8), (1, 6)):
        g = placed(5, marker=0)
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
        g.enter("play slant nickel", "dice yellow black", f"roll {gain} 0 hail")
        assert (g.state.phase, sit(g)["possession"], sit(g)["score"]["home"]) == (
            "kickoff",
            "away",
            score,
        )


def test_a_two_point_try_ends_when_a_repeat_has_no_card_left() -> None:
    """Two-point conversion (p. 9 "v jednom zahrání"), ruling 20: no card, no repeat, no points."""
    for hand, phase in ((2, "two_call"), (1, "kickoff")):
        g = placed(5, marker=0)
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
        g.state = replace(g.state, green=Cards(deck=0, hand=hand, discard=60 - hand))
        g.enter("play slant nickel", "dice yellow black", "roll 1 0 p", "ref def 5", "accept")
        assert (g.state.phase, sit(g)["score"]["home"]) == (phase, 6)
    assert ruling(g, "two_point_failed").team == "home"


# The facts of the rulings (kind, team, data, yards) -------------------------------------------


def test_the_rulings_of_a_drive_name_their_team_and_yards() -> None:
    """Kickoff return (p. 4), breakaway (p. 6), downs (p. 5): who and how far, in each ruling."""
    g = game()
    g.enter("toss home", "return", "dice red tan", "roll 6 4 hail")
    ret = ruling(g, "return")
    assert (ret.team, ret.yards, sit(g)["ball_on"]) == ("home", 10, 90)
    g.enter("play sweep nickel")
    assert ruling(g, "burn").data == {"from": "deck"}
    g.enter("dice red black", "roll 2 0 break")
    assert ruling(g, "breakaway").yards == 2
    g.enter("roll 3 -1 hail")
    assert ruling(g, "breakaway_end").yards == 2
    assert ruling(g, "down").data == {"ball_on": 86}
    g.state = replace(g.state, down=4)
    g.enter("play slant nickel", "dice yellow black", "roll 1 0 hail")
    assert ruling(g, "turnover_on_downs").team == "away" and sit(g)["ball_on"] == 15
    g = game()
    g.enter("toss home", "return", "dice red tan brown yellow", "roll 30 30 30 10 hail")
    assert ruling(g, "return_touchdown").team == "home" and sit(g)["score"]["home"] == 6


def test_the_kick_rulings_name_their_team_and_yards() -> None:
    """Onside (p. 8), squib (p. 11), field goal (pp. 7, 9): the kick's team and its yards."""
    g = game()
    g.enter("toss home", "onside", "roll 4 3 t t")
    assert ruling(g, "onside_failed").yards == 7
    g = game()
    g.enter("toss home", "onside", "roll 6 5 t other")
    assert ruling(g, "onside_recovered").yards == 11
    g = game(squib="yes")
    g.enter("toss home", "squib", "dice red", "roll 5")
    assert ruling(g, "squib").team == "home"
    g = placed(20, marker=10)
    g.enter("fg", "reveal kick kick", "block x x")
    assert ruling(g, "field_goal_blocked").team == "away"
    assert ruling(g, "burn").team == "home"
    g = placed(20, marker=10)
    g.enter("fg", "reveal kick kick", "block t t", "dice red tan brown", "roll 6 6 9")
    goal = ruling(g, "field_goal")
    assert (goal.team, goal.yards, goal.points) == ("home", 21, 3)


def test_a_declined_penalty_and_a_hail_mary_are_ruled_for_their_team() -> None:
    """Penalty (p. 7 "může útočící hráč postih odmítnout"); Hail Mary (p. 10)."""
    g = placed(60, down=2, marker=50)
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 p", "ref def 5", "decline")
    assert ruling(g, "penalty_declined").team == "home" and sit(g)["ball_on"] == 57
    g = placed(70)
    g.state = replace(g.state, green=Cards(deck=0, hand=2, discard=58))
    g.enter("hailmary")
    assert g.kinds() == ["decision"] and ruling(g, "decision").team == "home"


def test_an_expansion_card_needs_a_name_after_its_prefix() -> None:
    """Expansion teams (p. 16); docs/entries.md: ``run:NAME``, ``pass:NAME``, ``def:NAME``."""
    g = kicked_off()
    refused(g, "play run: nickel", "not an offence card")
    g.enter("play run:x nickel")
    assert ruling(g, "play").data == {"offence": "run:x", "defence": "nickel", "run": True}
    assert "burn" in g.kinds()


def test_a_card_that_is_no_card_is_refused_with_one_line() -> None:
    """Plays (p. 4 "Oba hráči vyberou ze své ruky jednu kartu"); docs/entries.md names the cards."""
    g = kicked_off()
    refused(g, "play xyz", "'xyz' is not an offence card")
    refused(g, "play xyz nickel", "'xyz' is not an offence card")


def test_a_matchup_names_up_to_four_black_dice_and_all_six_colours() -> None:
    """Black die (p. 3 "Některá zahrání požadují vícenásobný hod touto kostkou"); entries.md."""
    g = kicked_off()
    g.enter("play slant nickel")
    refused(g, "dice yellow black black black black black", "at most 4 black dice")
    g.enter("dice red tan brown yellow blue green black black black black")
    assert (g.state.in_play.colours, g.state.in_play.blacks) == (
        ("red", "tan", "brown", "yellow", "blue", "green"),
        4,
    )


def test_the_dice_picker_offers_every_set_the_entry_accepts() -> None:
    """Black die (p. 3 "Některá zahrání požadují vícenásobný hod touto kostkou"): the pad offers
    each matchup line's dice as one word, up to the four black dice a typed entry accepts."""
    g = kicked_off()
    g.enter("play slant nickel")
    (dice,) = [f for f in g.ruleset.expected(g.state).forms if f.keyword == "dice"]
    words = dice.slots[0].words
    assert "black-black-black-black" in words
    assert "red-tan-brown-yellow-blue-green-black-black-black-black" in words
    assert not any(w.count("black") > 4 for w in words)
    g.enter("dice red-black-black-black-black")
    assert (g.state.in_play.colours, g.state.in_play.blacks) == (("red",), 4)


def test_the_board_may_name_all_six_coloured_dice_for_a_kick() -> None:
    """Special teams (p. 7 "jsou zmíněny na plánu"), ruling 38: any of the six coloured dice."""
    g = game()
    g.enter("toss home", "return", "dice red tan brown yellow blue green")
    assert sit(g)["board_dice"] == {"return": ["red", "tan", "brown", "yellow", "blue", "green"]}
    g.enter("roll 1 1 1 1 1 1 hail")
    assert sit(g)["ball_on"] == 94


def test_a_defence_with_one_card_left_still_plays_it() -> None:
    """Plays (p. 4): each coach plays a card from the hand; the last one is a card too."""
    g = kicked_off()
    g.state = replace(g.state, black=Cards(deck=0, hand=1, discard=59))
    g.enter("play slant nickel")
    assert clock(g, "defence") == (0, 0, 60) and g.state.phase == "matchup"


# The public view (situation) ------------------------------------------------------------------


def test_the_view_starts_each_half_with_no_card_burned_and_its_own_score_line() -> None:
    """End of half (p. 9): new decks and time-outs; overtime (p. 10) is shown as such."""
    g = kicked_off()
    g.enter("play sweep nickel", "dice red black", "roll 3 0 hail")
    assert sit(g)["clock"]["burned_this_half"] == 1
    g.state = replace(g.state, green=Cards(deck=0, hand=1, discard=59), scores=((7, 0),))
    g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
    s = sit(g)
    assert (s["quarter"], s["clock"]["burned_this_half"], s["clock"]["overtime"]) == (2, 0, False)
    assert s["score_by_half"] == [{"home": 7, "away": 0}, {"home": 0, "away": 0}]
    g = in_half(kicked_off(), 3)
    assert sit(g)["clock"]["overtime"] is True


def test_the_view_of_a_two_point_try_is_goal_to_go_from_the_2() -> None:
    """Two-point conversion (p. 9 "Umístěte míč na 2-yardovou čáru"): 2 yards to the goal."""
    g = placed(5, marker=0)
    g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "two")
    s = sit(g)
    assert (s["ball_on"], s["distance"], s["first_and_goal"], s["converting"]) == (2, 2, True, True)


def test_the_view_shows_no_spot_while_a_kickoff_is_rolled() -> None:
    """Kickoff (p. 4): the ball is placed only once the return, onside or squib is resolved."""
    for kick, phase in (("return", "board_dice"), ("onside", "onside_roll")):
        g = placed(5, marker=0)
        g.enter("play bomb nickel", "dice blue black", "roll 9 0 hail", "pat hail x", kick)
        assert (g.state.phase, sit(g)["ball_on"], sit(g)["down"]) == (phase, None, None)


def test_the_view_says_whether_co_coaches_may_confer() -> None:
    """3 or 4 players (p. 1): before the kickoff, decide whether a team's coaches may confer."""
    assert sit(game())["confer"] is True
    assert sit(game(teams="2v2", confer="no"))["confer"] is False


# The end of a half (p. 9) ---------------------------------------------------------------------


def test_the_half_ends_when_the_defence_has_no_card_left() -> None:
    """End of half (p. 9 "Poločas skončí ihned"), ruling 25: the defence out of cards too."""
    for hand, half in ((2, 1), (1, 2)):
        g = kicked_off()
        g.state = replace(g.state, black=Cards(deck=0, hand=hand, discard=60 - hand))
        g.enter("play slant nickel", "dice yellow black", "roll 3 0 hail")
        assert (sit(g)["quarter"], "halftime" in g.kinds()) == (half, half == 2)


def test_a_time_out_may_name_the_offence_or_the_defence() -> None:
    """Time-out (p. 4 "Pokud si jeden z hráčů vezme ODDECHOVÝ ČAS"): the team as off or def."""
    g = kicked_off()
    g.enter("timeout def")
    assert ruling(g, "timeout").team == "away"
    g.enter("options none none", "timeout off")
    assert ruling(g, "timeout").team == "home"
