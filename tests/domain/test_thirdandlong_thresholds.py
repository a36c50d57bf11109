"""Third and Long thresholds, each pinned on both sides of its boundary through the entry language.

One test per threshold, named for the rule (rules/third-and-long.txt). Each was checked to fail
when its comparison or number is moved by one in a copy of the ruleset (the list is in the
Third and Long section of docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

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

# Rodeo (home, on offence after kicked_off): QB arm +3; Buffalo have no S, so `qb-arm s-speed`
# is a play total of snap + 3 before modifiers.
CALL = "qb-arm s-speed"


def total_of(g: Played, total: int) -> None:
    """Take the snap and use defensive modifiers until the play total is ``total`` (at most 8)."""
    snap = max(1, min(5, total - 3))
    g.enter(f"snap {snap}")
    if snap + 3 > total:
        g.enter(f"def {snap + 3 - total}")
    assert g.situation["play_total"] == total


def outcome(g: Played) -> str:
    """The whistle's ruling on the field."""
    g.enter("whistle")
    return str(g.last[0].data["outcome"])


def with_deck(g: Played, deck: int) -> Played:
    """Only ``deck`` cards left in the Action Deck (the rest on the discard pile)."""
    s = g.state
    g.state = replace(s, deck=deck, discard=s.discard + s.deck - deck)
    return g


# Play outcome -------------------------------------------------------------------------------


@pytest.mark.parametrize(("colour", "target"), [("green", 2), ("yellow", 3), ("red", 4)])
def test_target_number_offence_wins_only_above_it(colour: str, target: int) -> None:
    """Target Number: "Green = 2, Yellow = 3, Red = 4"; "If the play total is greater than the
    target number, the offense wins. If the play total is equal ... a tie"."""
    for total, expected in ((target + 1, "offence"), (target, "inconclusive")):
        g = kicked_off()
        g.enter("drive 3", f"play {colour} {CALL}")
        assert g.situation["target"] == target
        total_of(g, total)
        assert outcome(g) == expected
    g = kicked_off()
    g.enter("drive 3", f"play {colour} {CALL}")
    total_of(g, target - 1)
    assert outcome(g) == "defence"


def test_last_key_moment_won_scores() -> None:
    """Determine Play Outcome: "When the last Key Moment is removed, the offense has scored"."""
    g = kicked_off()
    g.enter("drive 2", f"play green {CALL}", "snap 1", "whistle", "accept")
    assert g.kinds()[0] == "key_moment" and g.situation["key_moments_left"] == 1
    g.enter(f"play green {CALL}", "snap 1", "whistle", "accept")
    assert g.kinds()[0] == "drive_complete" and g.state.phase == "score"


def test_fourth_down_conversion_needs_more_than_the_target() -> None:
    """Fourth Down Conversion: "If the defense wins, OR if the result is inconclusive, the
    conversion attempt fails"."""
    g = stopped(kicked_off())
    g.enter("go", f"play green {CALL}")
    total_of(g, 3)
    g.enter("whistle", "accept")
    assert g.kinds()[0] == "fourth_down_converted"
    g = stopped(kicked_off())
    g.enter("go", f"play green {CALL}")
    total_of(g, 2)
    g.enter("whistle", "accept")
    assert g.kinds()[0] == "turnover_on_downs"


def test_two_point_conversion_needs_more_than_the_target() -> None:
    """Two-Point Conversion: "If the offense wins, the conversion is successful ... If the
    defense wins or ties, the conversion attempt is no good"."""
    g = to_the_end_zone(kicked_off())
    g.enter("score td", "two", f"play yellow {CALL}")
    total_of(g, 4)
    g.enter("whistle", "accept")
    assert g.kinds()[0] == "two_point" and g.situation["score"]["home"] == 8
    g = to_the_end_zone(kicked_off())
    g.enter("score td", "two", f"play yellow {CALL}")
    total_of(g, 3)
    g.enter("whistle", "accept")
    assert g.kinds()[0] == "two_point_failed" and g.situation["score"]["home"] == 6


def test_go_for_it_needs_more_than_the_target() -> None:
    """Don't Want to Settle: "This situation is treated just like a Fourth Down Conversion"."""
    g = to_the_end_zone(kicked_off())
    g.enter("score fg", "goforit", f"play green {CALL}")
    total_of(g, 3)
    g.enter("whistle", "accept")
    assert g.kinds()[0] == "go_for_it_made"
    g = to_the_end_zone(kicked_off())
    g.enter("score fg", "goforit", f"play green {CALL}")
    total_of(g, 2)
    g.enter("whistle", "accept")
    assert "turnover_on_downs" in g.kinds() and g.situation["score"]["home"] == 0


def test_turnover_return_scores_on_three_or_more() -> None:
    """Turnover Return for a TD: "The target number for a turnover return attempt is 2. If the
    final play total is 3 or higher, the defense has scored a touchdown!"."""

    def returned(total: int) -> Played:
        g = kicked_off()
        g.enter("drive 3", f"play green {CALL}", "snap 3", "big fumble", "check 5 1", "loose")
        g.enter(f"snap {total}", "whistle")
        return g

    assert returned(3).kinds()[1] == "touchdown"
    assert "return_stopped" in returned(2).kinds()


def test_turnover_check_defence_must_be_higher() -> None:
    """Turnover Check: "if the defensive coach's number is higher, a fumble has been recovered
    ... If the numbers are equal ... there was no turnover"."""
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 3", "big fumble", "check 4 3")
    assert g.state.phase == "turnover"
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 3", "big fumble", "check 3 3")
    assert g.state.phase == "pile"


def test_safety_card_only_in_the_first_key_moment() -> None:
    """Safety: "can only be used during the first key moment of an offensive drive"."""
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 1", "def 2", "whistle", "accept")
    assert g.kinds()[0] == "inconclusive"  # still the first key moment
    g.enter(f"play green {CALL}", "snap 1", "big safety")
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 1", "whistle", "accept")
    g.enter(f"play green {CALL}", "snap 1")
    assert "first key moment" in refused(g, "big safety")


# Drives and kicks -----------------------------------------------------------------------------


def test_shorter_drive_is_one_less_but_at_least_one() -> None:
    """Fourth Down Conversion, FAILURE / On-Side Kick: "subtract one key moment from the drive
    length (to a minimum of one key moment)"."""
    for flip, length in ((3, 2), (2, 1), (1, 1)):
        g = to_the_end_zone(kicked_off())
        g.enter("score td", "xp 3", "onside 3", f"drive {flip}")
        assert g.situation["key_moments_left"] == length


def test_onside_kick_recovered_on_one_or_five() -> None:
    """On-Side Kick: "If the random number is a "1" or a "5" ... the kicking team has recovered
    the ball ... a "2", "3", or "4" ... the receiving team has recovered"."""
    for flip, kicker_keeps in ((1, True), (2, False), (4, False), (5, True)):
        g = to_the_end_zone(kicked_off())
        g.enter("score td", "xp 3", f"onside {flip}")
        assert (g.situation["possession"] == "home") is kicker_keeps


def test_extra_point_missed_only_on_one_then_one() -> None:
    """Extra point: "If the random number ... is a 1, the defensive coach gets a chance to block
    ... If the random number on this second card is also a 1 ... the kick is no good"."""
    g = to_the_end_zone(kicked_off())
    g.enter("score td", "xp 2")
    assert g.kinds()[0] == "extra_point"
    g = to_the_end_zone(kicked_off())
    g.enter("score td", "xp 1")
    assert g.state.phase == "block"
    g.enter("block 2")
    assert g.kinds()[0] == "extra_point"
    g = to_the_end_zone(kicked_off())
    g.enter("score td", "xp 1", "block 1")
    assert g.kinds()[0] == "extra_point_failed"


# Hands, deck, draws -------------------------------------------------------------------------


def test_hands_of_seven_from_a_sixty_card_deck() -> None:
    """Draw Action Cards: "Both coaches draw seven cards from the Action deck"; the 60 card
    Action Deck."""
    g = kicked_off()
    assert g.situation["clock"]["hands"] == {"home": 7, "away": 7}
    assert g.situation["clock"]["deck"] == 60 - 14
    assert total_cards(g) == 60


def test_one_card_each_after_a_play_and_one_more_after_a_drive() -> None:
    """Draw Action Cards: "Both coaches will draw one card after each play and one additional
    card after each drive"."""
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 1", "whistle", "accept")
    assert g.situation["clock"]["hands"] == {"home": 8, "away": 8}
    g = stopped(kicked_off())  # Buffalo used a modifier on the play that stopped the drive
    g.enter("punt")
    assert g.situation["clock"]["hands"] == {"home": 9, "away": 8}


def test_a_card_needs_a_card_in_hand() -> None:
    """Use, Used (Action Card): "using Action cards simply means playing these cards from your
    hand": the last card can be used, none after it."""
    g = kicked_off()
    g.state = replace(g.state, hands=(7, 1))
    g.enter("drive 3", f"play green {CALL}", "snap 5", "def 1")
    assert g.situation["clock"]["hands"]["away"] == 0
    assert "no Action cards" in refused(g, "def 1")
    assert "no Action cards" in refused(g, "penalty away 0")  # offered: Rodeo hold cards


# Time-outs and challenges ---------------------------------------------------------------------


def test_three_time_outs_per_half() -> None:
    """Time-Outs: "Each coach gets three Time-Outs per half"."""
    g = kicked_off()
    g.enter("drive 3", "timeout away", "timeout away", "timeout away")
    assert g.situation["timeouts"]["away"] == 0
    assert "time-out" in refused(g, "timeout away")
    g.enter("timeout home")


def test_two_time_outs_for_each_overtime_quarter() -> None:
    """Time-Outs: "(or two for each overtime quarter)"."""
    g = stopped(kicked_off())
    g.state = replace(g.state, quarter=4)
    with_deck(g, 0)
    g.enter("punt", "end", "toss home", "offense", "drive 3", "timeout away", "timeout away")
    assert g.situation["timeouts"]["away"] == 0
    assert "time-out" in refused(g, "timeout away")


def test_two_challenges_per_game() -> None:
    """Challenge: "Each coach starts the game with two opportunities to challenge"."""
    g = kicked_off()
    for _ in range(2):
        g.enter("drive 3", f"play green {CALL}", "snap 1", "def 3", "whistle", "challenge home")
        g.enter("snap 5", "whistle")  # overturned: the challenge is spent, no time-out charged
        g.enter(f"play green {CALL}", "snap 1", "def 3", "whistle", "accept", "punt")
        g.enter("drive 1", "play green wr-agility lb-tackling", "snap 1", "def 3", "whistle")
        g.enter("accept", "punt")
    assert g.situation["challenges"]["home"] == 0 and g.situation["timeouts"]["home"] == 3
    g.enter("drive 3", f"play green {CALL}", "snap 1", "def 3", "whistle")
    assert "both challenges" in refused(g, "challenge home")


def test_a_challenge_needs_a_time_out_left() -> None:
    """Challenge: "In order to play a Challenge, the coach must have a Time-Out remaining"."""
    g = kicked_off()
    g.state = replace(g.state, timeouts=(1, 0))
    g.enter("drive 3", f"play green {CALL}", "snap 1", "def 3", "whistle")
    assert "no time-out left" in refused(g, "challenge away")
    g.enter("challenge home")


# The clock ----------------------------------------------------------------------------------


def test_clock_within_a_drive_needs_the_draws_and_a_snap() -> None:
    """Game Clock: "enough cards must remain in the deck to allow for: bonus Action cards ...
    plus at least one more card for the snap!" Within a drive: one draw each and the snap."""
    for deck, phase in ((3, "calls"), (2, "time_up")):
        g = kicked_off()
        g.enter("drive 3", f"play green {CALL}", "snap 3")
        with_deck(g, deck)
        g.enter("whistle", "accept")
        assert g.state.phase == phase


def test_clock_before_a_drive_needs_draws_flip_placeholder_and_snap() -> None:
    """Game Clock: "the normal two cards per coach after every drive, plus the single card
    flipped over to determine drive length, plus the normal card draws used for key moment
    place-holders plus at least one more card for the snap"."""
    for deck, phase in ((7, "drive"), (6, "time_up")):
        g = with_deck(stopped(kicked_off()), deck)
        g.enter("punt")
        assert g.state.phase == phase


def test_clock_after_the_flip_needs_every_placeholder_and_the_snap() -> None:
    """Game Clock: "the normal card draws used for key moment place-holders plus at least one
    more card for the snap": all the placeholders the flip asks for."""
    for flip, phase in ((1, "calls"), (2, "time_up")):
        g = with_deck(stopped(kicked_off()), 7)
        g.enter("punt", f"drive {flip}")
        assert g.state.phase == phase


def test_quarter_ends_q1_to_q2_seamless_q2_is_halftime() -> None:
    """End of Quarter / End of Half: Q1 to Q2 keeps the hands and the drive; "At the end of the
    first half of play (the end of the second quarter)" hands are discarded and time-outs
    come back."""
    for quarter, kind in ((1, "quarter_end"), (2, "halftime")):
        g = kicked_off()
        g.state = replace(g.state, quarter=quarter)
        g.enter("drive 3", f"play green {CALL}", "snap 3")
        with_deck(g, 0)
        g.enter("whistle", "accept", "end")
        assert g.kinds()[0] == kind
        assert g.situation["quarter"] == quarter + 1


def test_game_ends_after_the_fourth_quarter() -> None:
    """End of Game: "At the end of the second half of play (the end of the fourth quarter), the
    game is over"; the third quarter runs into the fourth."""
    for quarter, finished in ((3, False), (4, True)):
        g = to_the_end_zone(kicked_off())
        g.enter("score fg")
        g.state = replace(g.state, quarter=quarter)
        with_deck(g, 0)
        g.enter("kick", "end")
        assert g.situation["finished"] is finished


# Set-up ------------------------------------------------------------------------------------------


def test_salary_cap_is_fifteen_million() -> None:
    """Salary Caps: "The salary cap is $15 million"."""
    g = game("star home qb 6 3 3 3", "star home rb 5 3 3 3")
    assert "cap" in refused(g, "star home wr 4.1 1 1 1")
    g.enter("star home wr 4 1 1 1")
    assert "$15M" in refused(game(), "star home qb 15.1 3 3 3")
    game("star home qb 15 3 3 3")


def test_at_most_six_stars_in_a_team_file() -> None:
    """Salary Caps: "The maximum number of players a team can field is six"."""

    def team(positions: tuple[str, ...]) -> str:
        return "".join(
            f'[[stars]]\nposition = "{p}"\nsalary = 1\n'
            + "".join(
                f"{a} = {1 if p in ('QB', 'RB', 'WR') else -1}\n" for a in tl.ATTRIBUTES[p.lower()]
            )
            for p in positions
        )

    assert tl.roster_problems(team(("QB", "RB", "WR", "LB", "CB", "S"))) == []
    problems = tl.roster_problems(team(("QB", "RB", "WR", "LB", "CB", "S", "S")))
    assert any("at most six" in p for p in problems)


def test_attributes_are_one_to_three() -> None:
    """Player Attributes: "between +1 and +3 ... between -1 and -3"."""
    g = game("star home qb 3 3 1 1", "star home s 3 -3 -1 -1")
    assert g.situation["rosters"]["home"][0]["accuracy"] == 3
    assert "1 to 3" in refused(g, "star away qb 3 4 1 1")
    assert "1 to 3" in refused(g, "star away qb 3 0 1 1")
    assert "1 to 3" in refused(g, "star away s 3 -4 -1 -1")


def test_random_numbers_are_one_to_five() -> None:
    """The random number in the upper right-hand corner of each Action card: 1 to 5."""
    g = kicked_off()
    assert "1 to 5" in refused(g, "drive 6")
    assert "1 to 5" in refused(g, "drive 0")
    g.enter("drive 5", f"play green {CALL}")
    assert "1 to 5" in refused(g, "snap 6")
    g.enter("snap 1")


def test_modifier_and_penalty_values_up_to_nine() -> None:
    """Modifiers and Penalty cards: the printed values (not in the rulebook: 1 to 9 taken; a
    penalty may print none, 0)."""
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 3")
    assert "1 to 9" in refused(g, "off 10")
    assert "1 to 9" in refused(g, "def 0")
    assert "-9 to 9" in refused(g, "penalty home 10")
    assert "-9 to 9" in refused(g, "foul away -10")
    g.enter("off 9", "def 9", "penalty home -9", "foul away 9")
    assert g.situation["play_total"] == 6


def test_injury_length_up_to_nine() -> None:
    """Injury: "the length of time listed on the Injury card" (1 to 9 taken)."""
    g = kicked_off()
    g.enter("drive 3", f"play green {CALL}", "snap 3")
    assert "1 to 9" in refused(g, "injury qb 10 plays")
    assert "1 to 9" in refused(g, "injury qb 0 plays")
    g.enter("injury qb 9 plays")


def test_rosters_are_entered_before_the_toss() -> None:
    """Game Setup: the example rosters are legal (a fixture check for the tests above)."""
    assert game(*ROSTERS).state.phase == "toss"
