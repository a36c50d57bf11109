"""Third and Long: "A team cannot automatically score as a result of a Personal Foul card being
used" (rules/third-and-long.txt, Glossary, Penalty/Personal Foul), through the entry language.

The reading (docs/rulings.md, Third and Long, "A Personal Foul cannot score"): a play that would
score counts as scored only if the play total without the Personal Foul cards' changes would
have won it too; otherwise the foul stops the ball short: a key moment is inconclusive, and a
two-point try or a Go For It! play is run again.

Rodeo (home) run ``play red rb-power lb-tackling``: RB power +3 against LB tackling -1, target 4,
so the play total is the snap + 2: a snap of 2 ties the target, a snap of 3 wins.
"""

from __future__ import annotations

from tests.domain.scripts import Played
from tests.domain.test_thirdandlong import kicked_off, to_the_end_zone

RED = "play red rb-power lb-tackling"


def last_moment(snap: int, *cards: str) -> Played:
    """A one-moment drive: its only key moment is the last one, and winning it scores."""
    g = kicked_off()
    g.enter("drive 1", RED, f"snap {snap}", *cards, "whistle")
    return g


def test_a_personal_foul_cannot_win_the_last_key_moment() -> None:
    """Penalty/Personal Foul: the foul takes a tie (4 against 4) past the target; without it the
    offence would not win, so the drive does not score and the last key moment stays."""
    g = last_moment(2, "foul home 1")
    assert g.last[0].data["outcome"] == "offence"
    assert [r.kind for r in g.last][1:3] == ["foul_cannot_score", "inconclusive"]
    assert g.last[1].data == {"fouls": 1, "would_be": "offence"}
    assert g.state.phase == "calls" and g.state.moments == 1
    assert g.situation["score"] == {"home": 0, "away": 0}
    # The ball stands short of the goal line: the next play won without a foul scores.
    g.enter(RED, "snap 3", "whistle", "accept")
    assert g.kinds()[0] == "drive_complete" and g.state.phase == "score"


def test_the_last_key_moment_scores_when_it_is_won_without_the_foul() -> None:
    """Penalty/Personal Foul: "as a result of" the card: at 5 against 4 the offence wins anyway,
    so the foul on top changes nothing and the drive scores."""
    g = last_moment(3, "foul home 1")
    assert "foul_cannot_score" not in g.kinds()
    assert g.kinds()[1] == "drive_complete" and g.state.phase == "score"


def test_a_foul_that_only_reaches_the_target_is_an_ordinary_tie() -> None:
    """Determine Play Outcome: a foul bringing 3 up to the target 4 is inconclusive in its own
    right; one more point (5) would win only by the foul, and is stopped short."""
    g = last_moment(1, "foul home 1")
    assert g.last[0].data["outcome"] == "inconclusive"
    assert "foul_cannot_score" not in g.kinds() and "inconclusive" in g.kinds()
    g2 = last_moment(1, "foul home 2")
    assert "foul_cannot_score" in g2.kinds() and g2.state.moments == 1


def test_the_personal_foul_spelt_out_is_held_to_the_same_rule() -> None:
    """Every entry form: ``personal-foul`` is the long form of ``foul``."""
    g = last_moment(2, "personal-foul home 1")
    assert "foul_cannot_score" in g.kinds() and g.state.moments == 1


def test_a_penalty_card_may_win_the_last_key_moment() -> None:
    """Penalty/Personal Foul: the sentence names the Personal Foul card only (the ones before it
    say "penalty or personal foul"), so a Penalty card's change may win the scoring play."""
    g = last_moment(2, "penalty home 1")
    assert "foul_cannot_score" not in g.kinds()
    assert g.kinds()[1] == "drive_complete"


def test_fouls_that_cancel_out_do_not_stop_a_score() -> None:
    """Penalty/Personal Foul: a Personal Foul each way (+2, -2) leaves the total the offence won
    with on its own; the score stands."""
    g = last_moment(3, "foul home 2", "foul away -2")
    assert g.kinds()[1] == "drive_complete"


def test_a_personal_foul_may_win_a_key_moment_that_does_not_score() -> None:
    """Determine Play Outcome: with two key moments left, winning one removes a placeholder and
    scores nothing, so the foul's win stands."""
    g = kicked_off()
    g.enter("drive 2", RED, "snap 2", "foul home 1", "whistle")
    assert "foul_cannot_score" not in g.kinds()
    assert g.kinds()[1] == "key_moment" and g.state.moments == 1


def test_a_personal_foul_cannot_win_a_big_play_touchdown() -> None:
    """Big Plays: a touchdown "regardless of the number of key moments remaining" is a score, so
    the foul cannot make it; won without the foul, it is a touchdown."""
    g = kicked_off()
    g.enter("drive 3", RED, "snap 2", "big td", "foul home 1", "whistle")
    assert "foul_cannot_score" in g.kinds() and "touchdown" not in g.kinds()
    assert g.state.moments == 3 and g.situation["score"]["home"] == 0
    g2 = kicked_off()
    g2.enter("drive 3", RED, "snap 3", "big td", "foul home 1", "whistle")
    assert "touchdown" in g2.kinds() and g2.situation["score"]["home"] == 6


def test_a_personal_foul_cannot_make_a_two_point_conversion() -> None:
    """Two-Point Conversion: the try is a score; a foul-made win is not good, and the try is run
    again rather than failed (the ball is placed short, as half the distance would)."""
    g = to_the_end_zone(kicked_off())
    g.enter("score td", "two", RED, "snap 2", "foul home 1", "whistle")
    assert "foul_cannot_score" in g.kinds() and "two_point" not in g.kinds()
    assert g.state.phase == "calls" and g.state.kind == "two"
    assert g.situation["score"]["home"] == 6
    g.enter(RED, "snap 3", "whistle", "accept")
    assert g.kinds()[0] == "two_point" and g.situation["score"]["home"] == 8


def test_a_personal_foul_cannot_win_a_go_for_it_play() -> None:
    """Don't Want to "Settle": winning Go For It! earns another scoring card; a foul-made win
    does not, and the play is run again."""
    g = to_the_end_zone(kicked_off())
    g.enter("score fg", "goforit", RED, "snap 2", "foul home 1", "whistle")
    assert "foul_cannot_score" in g.kinds() and "go_for_it_made" not in g.kinds()
    assert g.state.phase == "calls" and g.state.kind == "goforit"
    g.enter(RED, "snap 3", "whistle", "accept")
    assert g.state.phase == "score"


def test_a_personal_foul_may_convert_a_fourth_down() -> None:
    """Fourth Down Conversion: success only keeps the drive alive (no placeholder removed), so
    it is no score and the foul's win stands."""
    g = kicked_off()
    g.enter("drive 1", RED, "snap 1", "whistle", "accept", "go")
    assert g.state.kind == "fourth"
    g.enter(RED, "snap 2", "foul home 1", "whistle")
    assert g.kinds()[1] == "fourth_down_converted" and g.state.moments == 1


def test_the_defence_cannot_score_a_safety_by_a_personal_foul() -> None:
    """Safety / Penalty/Personal Foul: "a team" is either team: the defence's foul (-1) takes a
    tie below the target, so no safety: the first key moment is inconclusive. Below the target
    without the foul, the safety stands."""
    g = kicked_off()
    g.enter("drive 2", RED, "snap 2", "big safety", "foul away -1", "whistle")
    assert [r.kind for r in g.last][1:3] == ["foul_cannot_score", "inconclusive"]
    assert g.last[1].data["would_be"] == "defence" and g.last[1].team == "away"
    assert g.situation["score"] == {"home": 0, "away": 0} and g.state.moments == 2
    g2 = kicked_off()
    g2.enter("drive 2", RED, "snap 1", "big safety", "foul away -1", "whistle")
    assert g2.kinds()[1] == "safety" and g2.situation["score"]["away"] == 2
