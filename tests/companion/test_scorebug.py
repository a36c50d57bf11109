"""The scorebug (companion/scorebug.py) at each moment of the example games, both sides of each
boundary: a touchdown and its try against the kickoff after it, a kickoff due against the first
down it gives, a play with a moment against the play after it.

Each game is played entry by entry from examples/*-full.zebra through the service into a real
SQLite store and read back as the live pages read it (web.follow). The entry numbers are the
examples' own (their comments say what each entry is).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.scorebug import Scorebug, scorebug
from companion.scripts import parse_script
from companion.service import Referee
from companion.store import resolve
from web.follow import Follower

EXAMPLES = Path(__file__).parents[2] / "examples"
Bugs = dict[str, list[Scorebug]]
# How far into each example the tests look (its first half or so).
PLAYED = {
    "rushzone": 45,
    "redzone": 125,
    "firstandgoal": 112,
    "gridironmasters": 126,
    "thirdandlong": 60,
}


@pytest.fixture(scope="module")
def bugs(tmp_path_factory: pytest.TempPathFactory) -> Bugs:
    """Each game's scorebug after each of its first entries: ``bugs[game][n]`` after entry n
    (``[0]`` before any)."""
    store = str(tmp_path_factory.mktemp("bug") / "s.sqlite")
    referee = Referee(resolve(store, create=True))
    out: Bugs = {}
    for ruleset, count in PLAYED.items():
        path = EXAMPLES / f"{ruleset}-full.zebra"
        script = parse_script(path.read_text(encoding="utf-8"), str(path))
        game = referee.start(ruleset, script.home or "Home", script.away or "Away", script.options)
        follower = Follower(Referee(resolve(store, create=False)))
        follower.catch_up()
        shown = [scorebug(follower.now.records[game.game_id])]
        for _, line in script.lines[:count]:
            referee.enter(game.game_id, line)
            follower.catch_up()
            shown.append(scorebug(follower.now.records[game.game_id]))
        out[ruleset] = shown
    return out


def test_the_opening_kickoff_is_due_after_the_toss_and_its_choice(bugs: Bugs) -> None:
    rush = bugs["rushzone"]
    # rushzone-full.zebra: 1 "toss home", 2 "kick" (the choice), 3 "green 1 3" (the kickoff).
    assert rush[1].downs == "Set-up"
    assert rush[2].downs == "Kickoff"
    assert rush[3].downs == "1st & 10"


def test_a_touchdown_shows_its_moment_and_the_pat_until_the_try_then_the_kickoff(
    bugs: Bugs,
) -> None:
    rush = bugs["rushzone"]
    # 17 leaves 1st and goal; 18 is the touchdown; 19 "pat"; 20 the kickoff after it.
    assert rush[17].downs.endswith("& Goal") and rush[17].moment is None
    assert (rush[18].downs, rush[18].moment, rush[18].banner) == ("PAT", "touchdown", "TOUCHDOWN")
    assert (rush[19].downs, rush[19].moment) == ("Kickoff", None)
    assert (rush[20].downs, rush[20].moment) == ("1st & 10", None)


def test_a_two_point_try_is_named_so_until_its_result(bugs: Bugs) -> None:
    rush = bugs["rushzone"]
    # 40 is a touchdown, 41 "two", 42 the two-point roll (and the half ends), 43 the kickoff.
    assert rush[40].downs == "PAT"
    assert rush[41].downs == "2-pt try"
    assert rush[42].downs == "Kickoff" and rush[42].banner == "END OF HALF"
    assert rush[43].downs == "1st & 10" and rush[43].moment is None


def test_a_quarter_end_is_a_moment_and_play_goes_on(bugs: Bugs) -> None:
    rush = bugs["rushzone"]
    assert rush[23].moment == "period_end" and rush[23].banner == "END OF QUARTER"
    assert rush[23].downs == "1st & 10"
    assert rush[22].moment is None


def test_red_zone_kickoff_is_due_once_the_draft_is_complete(bugs: Bugs) -> None:
    red = bugs["redzone"]
    # redzone-full.zebra: 28 is the last pick but one, 29 completes the draft; 32 the return.
    assert red[28].downs == "Set-up"
    assert red[29].downs == "Kickoff"
    assert red[31].downs == "Kickoff", "the kick is under way until it is returned"
    assert red[32].downs == "1st & 10"


def test_red_zone_shows_each_teams_time_deck_and_time_outs(bugs: Bugs) -> None:
    red = bugs["redzone"]
    assert red[29].clock == "Time Deck Chargers 40 · Cowboys 40"
    assert red[32].clock == "Time Deck Chargers 39 · Cowboys 39"
    assert red[32].timeouts == {"home": 3, "away": 3}
    # An extra point kicked (67 "kick", 68 "fg 48") is no touchdown moment any more.
    assert red[66].moment == "touchdown" and red[68].moment is None and red[68].downs == "Kickoff"


def test_a_turnover_is_a_moment_of_its_play_only(bugs: Bugs) -> None:
    fg = bugs["firstandgoal"]
    # firstandgoal-full.zebra: 86 "ref t" is a turnover on the referee die; 87 the next call.
    assert fg[85].moment is None
    assert (fg[86].moment, fg[86].banner) == ("turnover", "TURNOVER")
    assert fg[87].moment is None


def test_first_and_goal_shows_its_card_clock_and_time_outs(bugs: Bugs) -> None:
    fg = bugs["firstandgoal"]
    assert fg[1].downs == "Kickoff"
    assert fg[4].downs == "1st & 10"
    assert fg[4].clock == "Cards: offence 52 · defence 52"
    assert fg[4].timeouts == {"home": 3, "away": 3}
    assert fg[108].downs == "PAT" and fg[109].downs == "Kickoff"


def test_a_punt_in_the_air_is_named(bugs: Bugs) -> None:
    fg = bugs["firstandgoal"]
    # 17 is the punt, 18 "return" the punt return, 19 the receivers' first down.
    assert fg[18].downs == "Punt"
    assert fg[19].downs == "1st & 10"


def test_masters_of_the_gridiron_shows_its_scoring_play_and_slots(bugs: Bugs) -> None:
    gm = bugs["gridironmasters"]
    assert gm[1].downs == "Scoring play #1"
    assert gm[1].timeouts is None, "the game has no time-outs"
    assert gm[30].downs == "PAT" and gm[30].moment == "touchdown"
    assert gm[31].downs == "2-pt try"
    assert gm[30].clock == "Slots Bears 0/9 · Packers 1/9"
    assert gm[126].moment == "final" and gm[126].banner == "FINAL" and gm[126].downs == ""


def test_third_and_long_shows_its_key_moments_and_action_deck(bugs: Bugs) -> None:
    tl = bugs["thirdandlong"]
    moments = [b.downs for b in tl if b.downs.startswith("Key moment")]
    assert moments, "a drive's key moments are shown"
    assert all(b.clock.startswith("Action Deck ") for b in tl[10:])
    assert "Kickoff" in [b.downs for b in tl]
    assert all(b.downs for b in tl), "something is shown at every moment"


def test_rush_zone_has_no_time_outs_and_its_rounds_are_in_the_period(bugs: Bugs) -> None:
    rush = bugs["rushzone"]
    assert rush[3].timeouts is None and rush[3].clock == ""
    assert "Round" in rush[3].period


@pytest.mark.parametrize("ruleset", list(PLAYED))
def test_something_is_shown_at_every_moment_of_play(bugs: Bugs, ruleset: str) -> None:
    blank = [n for n, b in enumerate(bugs[ruleset]) if not b.downs and b.moment != "final"]
    assert blank == []
