"""The shared step and helpers of domain/kernel.py, on a two-phase game made up for the test."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from domain import kernel
from domain.entries import faces
from domain.grammar import Match
from domain.periods import QUARTERS
from domain.ruleset import SITUATION_KEYS, EntryForm, IllegalEntry, Prompt, Ruling, Side, Slot
from domain.teams import TwoTeams


@dataclass(frozen=True)
class Tiny(TwoTeams):
    home: str = "Bears"
    away: str = "Packers"
    phase: str = "kick"
    offense: Side | None = None
    scores: tuple[tuple[int, int], ...] = ((0, 0),)
    winner: Side | None = None


def read_kick(values: Sequence[str]) -> int:
    if len(values) != 1:
        raise IllegalEntry("enter the kick's yards: kick <yards>")
    return kernel.number(values[0], 0, 60, "the kick")


def kick_prompt(state: Tiny) -> Prompt:
    return Prompt(
        "home",
        "Bears kick: enter kick <yards>",
        (EntryForm("kick", "a kick", (Slot("yards", "number", low=0, high=60),), read=read_kick),),
    )


def score_prompt(state: Tiny) -> Prompt:
    return Prompt(
        "both",
        "Enter score <side> or end",
        (
            EntryForm(
                "score",
                "a score",
                (Slot("side", "word", words=("home", "away")),),
                read=lambda values: kernel.side_word(values[0] if values else "", state),
            ),
            EntryForm("end", "the end"),
        ),
    )


def kick(state: Tiny, entry: Match) -> tuple[Tiny, list[Ruling]]:
    yards: int = entry.value
    return replace(state, phase="score"), [Ruling("kickoff", f"Kick of {yards}.", yards=yards)]


def score(state: Tiny, entry: Match) -> tuple[Tiny, list[Ruling]]:
    side: Side = entry.value
    return kernel.scored(state, side, 3), [Ruling("field_goal", "Good.", team=side, points=3)]


def end(state: Tiny, entry: Match) -> tuple[Tiny, list[Ruling]]:
    total = state.total
    winner: Side | None = None
    if total["home"] != total["away"]:
        winner = "home" if total["home"] > total["away"] else "away"
    done = replace(state, phase=kernel.FINAL, winner=winner)
    return done, [Ruling("final", kernel.final_line(done), team=winner)]


def timeout(state: Tiny, entry: Match) -> tuple[Tiny, list[Ruling]]:
    return state, [Ruling("timeout", "Time-out.")]


RULES: kernel.Rules[Tiny] = kernel.Rules(
    prompts={
        "kick": kick_prompt,
        "score": score_prompt,
        kernel.FINAL: lambda s: kernel.final_whistle(kernel.final_line(s)),
    },
    handlers={"kick": {"kick": kick}, "score": {"score": score, "end": end}},
    final_line=kernel.final_line,
)


def test_the_step_dispatches_on_phase_and_keyword() -> None:
    state, rulings = RULES.step(Tiny(), "KICK 40")
    assert state.phase == "score"
    assert [r.yards for r in rulings] == [40]
    state, rulings = RULES.step(state, "score packers")
    assert state.total == {"home": 0, "away": 3}


def test_a_keyword_not_due_is_refused_with_what_is_due() -> None:
    with pytest.raises(IllegalEntry) as refused:
        RULES.step(Tiny(), "score home")
    assert str(refused.value) == (
        "'score' is not due now; Bears kick: enter kick <yards> (expected: kick <yards>)"
    )


def test_a_handler_of_another_phase_is_not_reached() -> None:
    # "end" has a handler, in the score phase only: in the kick phase it is not due.
    with pytest.raises(IllegalEntry, match="'end' is not due now"):
        RULES.step(Tiny(), "end")


def test_a_game_may_give_its_own_reason_for_a_keyword_not_due() -> None:
    rules = replace(
        RULES, why_not=lambda s, k: "no scoring before the kick" if k == "score" else None
    )
    with pytest.raises(IllegalEntry, match="^no scoring before the kick$"):
        rules.step(Tiny(), "score home")
    with pytest.raises(IllegalEntry, match="'end' is not due now"):
        rules.step(Tiny(), "end")


def test_any_entry_after_the_final_whistle_is_refused() -> None:
    done, _ = RULES.step(Tiny(phase="score", scores=((3, 0),)), "end")
    assert done.phase == kernel.FINAL
    with pytest.raises(IllegalEntry) as refused:
        RULES.step(done, "score home")
    assert str(refused.value) == (
        "the game is over (Bears 3, Packers 0. Bears win.); nothing more can be entered"
    )


def test_an_empty_or_unreadable_entry_is_refused_before_anything_else() -> None:
    with pytest.raises(IllegalEntry, match="empty entry"):
        RULES.step(Tiny(), "   ")
    with pytest.raises(IllegalEntry, match="control character"):
        RULES.step(Tiny(), "kick 4\x000")


def test_keywords_of_any_phase_and_the_after_rule() -> None:
    def bell(state: Tiny, rulings: list[Ruling]) -> tuple[Tiny, list[Ruling]]:
        return state, [*rulings, Ruling("two_minute_warning", "Bell.")]

    with_timeout = replace(
        RULES,
        handlers={**RULES.handlers, kernel.ANY: {"timeout": timeout}},
        prompts={
            **RULES.prompts,
            "kick": lambda s: Prompt(
                "home",
                "Kick or time-out",
                (*kick_prompt(s).forms, EntryForm("timeout", "a time-out")),
            ),
        },
        after=bell,
    )
    state, rulings = with_timeout.step(Tiny(), "timeout")
    assert state == Tiny()
    assert [r.kind for r in rulings] == ["timeout", "two_minute_warning"]


def test_a_form_without_a_handler_is_a_bug_not_a_refusal() -> None:
    broken = replace(RULES, handlers={"kick": {}})
    with pytest.raises(LookupError, match="no handler"):
        broken.step(Tiny(), "kick 10")


def test_a_form_may_take_its_entry_with_the_keyword_left_out() -> None:
    # A form declaring ``bare`` (bare dice faces in the games) takes "35" as "kick 35".
    def bare_kick(state: Tiny) -> Prompt:
        (form,) = kick_prompt(state).forms
        return replace(kick_prompt(state), forms=(replace(form, bare=str.isdigit),))

    bare = replace(RULES, prompts={**RULES.prompts, "kick": bare_kick})
    state, rulings = bare.step(Tiny(), "35")
    assert rulings[0].yards == 35
    with pytest.raises(IllegalEntry, match="'punt' is not due now"):
        bare.step(Tiny(), "punt 35")


def test_a_handler_is_given_the_match_never_the_words() -> None:
    """Issue #28: the forms are the grammar; the kernel has no path that hands words over."""
    given: list[object] = []

    def spy(state: Tiny, entry: Match) -> tuple[Tiny, list[Ruling]]:
        given.append(entry)
        return kick(state, entry)

    spied = replace(RULES, handlers={**RULES.handlers, "kick": {"kick": spy}})
    spied.step(Tiny(), "KICK 40")
    (entry,) = given
    assert isinstance(entry, Match) and entry.value == 40 and entry.keyword == "kick"
    with pytest.raises(IllegalEntry, match="^the kick is a whole number from 0 to 60; got '61'$"):
        spied.step(Tiny(), "kick 61")
    with pytest.raises(IllegalEntry, match="^end takes nothing more; got 'now'$"):
        RULES.step(Tiny(phase="score"), "end now")
    assert len(given) == 1


@pytest.mark.parametrize("token", ["-1", "+5", "++5", "5.0", "five", "", "٣", "61"])
def test_a_whole_number_is_digits_only_and_in_range(token: str) -> None:
    with pytest.raises(IllegalEntry) as refused:
        kernel.number(token, 0, 60, "the kick")
    assert str(refused.value) == f"the kick is a whole number from 0 to 60; got {token!r}"


@pytest.mark.parametrize(("token", "value"), [("0", 0), ("60", 60), ("07", 7)])
def test_a_whole_number_at_its_bounds(token: str, value: int) -> None:
    assert kernel.number(token, 0, 60, "the kick") == value


@pytest.mark.parametrize(("token", "value"), [("-30", -30), ("+99", 99), ("-0", 0), ("12", 12)])
def test_a_signed_number_takes_one_sign(token: str, value: int) -> None:
    assert kernel.signed_number(token, -30, 99, "yards") == value


@pytest.mark.parametrize("token", ["--3", "++5", "+-1", "-31", "100", "-", "+"])
def test_a_signed_number_refuses_two_signs_and_out_of_range(token: str) -> None:
    with pytest.raises(IllegalEntry, match="yards is a whole number from -30 to 99"):
        kernel.signed_number(token, -30, 99, "yards")


def test_a_side_is_named_by_home_away_or_its_team() -> None:
    state = Tiny()
    assert kernel.side_word("packers", state) == "away"
    assert kernel.side_word("home", state) == "home"
    assert kernel.side_word("off", state, labels={"off": "away"}) == "away"
    with pytest.raises(IllegalEntry, match="^'lions' is not a team; enter home or away$"):
        kernel.side_word("lions", state)
    with pytest.raises(IllegalEntry, match="may do this now; enter away$"):
        kernel.side_word("home", state, allowed=("away",))


def test_points_go_to_the_current_period() -> None:
    state = kernel.scored(Tiny(scores=((7, 0), (0, 0))), "home", 3)
    assert state.scores == ((7, 0), (3, 0))
    assert kernel.scored(state, "away", 2).scores == ((7, 0), (3, 2))


def test_the_final_line_names_the_winner_or_the_tie_only_at_the_end() -> None:
    assert kernel.final_line(Tiny(scores=((3, 3),))) == "Bears 3, Packers 3"
    assert kernel.final_line(Tiny(scores=((3, 3),), phase="final")) == "Bears 3, Packers 3. A tie."
    won = Tiny(scores=((3, 7),), phase="final", winner="away")
    assert kernel.final_line(won) == "Bears 3, Packers 7. Packers win."
    assert kernel.final_whistle("x") == Prompt("nobody", "Final whistle: x")


def test_down_and_distance() -> None:
    assert kernel.down_and_distance(1, 10) == "1st and 10"
    assert kernel.down_and_distance(4, "goal") == "4th and goal"
    assert kernel.down_and_distance(3, 2, joiner="&") == "3rd & 2"


def test_the_common_situation_keys_come_from_the_state() -> None:
    class Game:
        name = "tiny"
        division = QUARTERS

        def expected(self, state: Tiny) -> Prompt:
            return RULES.prompt(state)

    now = kernel.common_situation(
        Game(),
        Tiny(scores=((7, 0), (0, 3))),
        quarter=2,
        possession=None,
        down=None,
        distance=None,
        ball_on=None,
        clock={},
        timeouts=None,
    )
    assert set(SITUATION_KEYS) <= set(now)
    assert now["score"] == {"home": 7, "away": 3}
    assert now["score_by_quarter"] == [{"home": 7, "away": 0}, {"home": 0, "away": 3}]
    assert now["period"]["label"] == "Q2"
    assert now["next"] == "Bears kick: enter kick <yards>"
    assert now["finished"] is False


# Dice as typed (domain/entries.py, shared by every game's dice) --------------------------------


@pytest.mark.parametrize("token", ["6-2-4", "6+2+4", "624", "6", "6 2 4"])
def test_faces_written_together_are_read(token: str) -> None:
    assert faces(token.split())[:1] == [6]


@pytest.mark.parametrize("token", ["-1", "+5", "++5", "6--2", "6-", "-", "٣"])
def test_a_sign_is_no_die_face(token: str) -> None:
    with pytest.raises(IllegalEntry) as refused:
        faces([token], what="a green die")
    assert str(refused.value) == f"a green die shows a number from 1 to 6; got {token!r}"


def test_a_signed_die_is_refused_by_a_game_and_records_nothing() -> None:
    from tests.domain.scripts import new_game

    game = new_game("rushzone")
    game.enter("toss home", "receive")
    before = game.state
    with pytest.raises(IllegalEntry, match="got '-1'"):
        game.enter("green -1 3")
    assert game.state == before


# The numbers the rules make negative stay readable in every game ------------------------------


def test_a_loss_of_yards_a_penalty_and_a_rating_change_keep_their_sign() -> None:
    """Strict numbers refuse "-1" where a whole number is expected; where the rules make a
    value negative the entry keeps its sign: a Red Zone loss of yards (Play Results Chart), a
    Third and Long penalty against the offence, a Masters of the Gridiron Audible."""
    from tests.domain.scripts import new_game
    from tests.domain.test_redzone import at_scrimmage, kicked
    from tests.domain.test_thirdandlong import kicked_off

    red = at_scrimmage(kicked(), "home", 50)
    red.enter("call dive lrb", "defend 4-3", "flip red red", "result -4")
    assert red.sit["ball_on"] == 54

    third = kicked_off()
    third.enter("drive 3", "play green rb-power lb-tackling", "snap 1", "penalty away -2")
    assert any(r.kind == "penalty" for r in third.last)

    masters = new_game("gridironmasters")
    masters.enter("offense wr receiving 60", "play td receiving coverage", "audible -2")
    assert [r.data.get("modifier") for r in masters.last if r.kind == "audible"] == [-2]
