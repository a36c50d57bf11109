"""Each game's own clock in the terminal (issue #27): every clock fact ``status --json`` holds is
in the plain ``zebra status`` block, by team, for all five games (companion/clocks.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.clocks import ClockItem, clock_items, item_text
from companion.scorebug import own_clock
from companion.views import clock_lines
from tests.companion.test_cli import store, zebra  # noqa: F401  (the store fixture)
from tests.domain.scripts import EXAMPLES

# (ruleset, example, lines of it played: None for all): each game mid-way and at its end.
GAMES = [
    ("redzone", "redzone-full", 225),
    ("redzone", "redzone-full", None),
    ("firstandgoal", "firstandgoal-full", 234),
    ("firstandgoal", "firstandgoal-full", None),
    ("thirdandlong", "thirdandlong-full", 64),
    ("thirdandlong", "thirdandlong-full", None),
    ("gridironmasters", "gridironmasters-full", 77),
    ("gridironmasters", "gridironmasters-full", None),
    ("rushzone", "rushzone-full", 56),
    ("rushzone", "rushzone-full", None),
]

# Every leaf of each game's ``clock`` in its status; a new one fails here until it is shown or
# said to be left out. Left out: the period (1st & Goal's half and overtime), Red Zone's
# per-coach time-outs (the time-outs line), yes/no facts (Red Zone's last play, Third and
# Long's next play and time expired, Rush Zone's two-minute warning, in the period line).
LEAVES = {
    "redzone": {
        "deck",
        "last_play",
        *(f"{s}.{k}" for s in ("home", "away") for k in ("time_deck", "draw_deck_flips", "hand")),
        "home.timeouts",
        "away.timeouts",
    },
    "firstandgoal": {
        "half",
        "overtime",
        "offence_deck",
        "offence_hand",
        "offence_discard",
        "defence_deck",
        "defence_hand",
        "defence_discard",
        "burned_this_half",
    },
    "thirdandlong": {
        "deck",
        "discard",
        "hands.home",
        "hands.away",
        "placeholders",
        "pile",
        "draws_due.home",
        "draws_due.away",
        "cards_needed_for_next_play",
        "next_play_can_start",
        "time_expired",
    },
    "gridironmasters": {
        "slots_filled.home",
        "slots_filled.away",
        "slots_per_side",
        "overtime_attempts",
    },
    "rushzone": {"round", "rounds_per_quarter", "turn", "two_minute_warning"},
}


def leaves(value: Any, prefix: str = "") -> set[str]:
    if isinstance(value, dict):
        return {leaf for k, v in value.items() for leaf in leaves(v, f"{prefix}{k}.")}
    return {prefix.rstrip(".")}


def expected(ruleset: str, s: dict[str, Any]) -> list[ClockItem]:
    """What each game's status says its clock is, read here key by key (the test's own map)."""
    c = s["clock"]
    sides = ("home", "away")
    if ruleset == "redzone":
        return [
            *(ClockItem("Time Deck", t, c[t]["time_deck"], c["deck"], "cards left") for t in sides),
            *(
                ClockItem("Draw Deck", t, c[t]["draw_deck_flips"], None, "cards flipped")
                for t in sides
            ),
            *(ClockItem("Hand", t, c[t]["hand"], None, "cards") for t in sides),
        ]
    if ruleset == "firstandgoal":
        return [
            ClockItem("Offence deck", None, c["offence_deck"], None, "cards left"),
            ClockItem("Defence deck", None, c["defence_deck"], None, "cards left"),
            ClockItem("Offence hand", None, c["offence_hand"], None, "cards"),
            ClockItem("Defence hand", None, c["defence_hand"], None, "cards"),
            ClockItem("Offence discard", None, c["offence_discard"], None, "cards"),
            ClockItem("Defence discard", None, c["defence_discard"], None, "cards"),
            ClockItem("Burned this half", None, c["burned_this_half"], None, "cards"),
        ]
    if ruleset == "thirdandlong":
        moments = (
            [ClockItem("Key moments", None, s["key_moments_left"], s["key_moments"], "left")]
            if isinstance(s["key_moments_left"], int)
            else []
        )
        return [
            ClockItem("Action Deck", None, c["deck"], None, "cards left"),
            *moments,
            *(ClockItem("Hand", t, c["hands"][t], None, "cards") for t in sides),
            *(ClockItem("Draws due", t, c["draws_due"][t], None, "cards") for t in sides),
            ClockItem(
                "Cards for the next play", None, c["cards_needed_for_next_play"], None, "cards"
            ),
            ClockItem("Placeholders", None, c["placeholders"], None, "cards"),
            ClockItem("Pile", None, c["pile"], None, "cards"),
            ClockItem("Discard", None, c["discard"], None, "cards"),
        ]
    if ruleset == "gridironmasters":
        per = c["slots_per_side"]
        hands = s["hands"]
        return [
            *(
                ClockItem("Scoring plays", t, per - c["slots_filled"][t], per, "left")
                for t in sides
            ),
            ClockItem("Overtime attempts", None, c["overtime_attempts"], None, "made"),
            *(ClockItem("Offense cards", t, hands[t]["offense"], None, "in hand") for t in sides),
            *(ClockItem("Defense cards", t, hands[t]["defense"], None, "in hand") for t in sides),
            *(ClockItem("Playbook cards", t, hands[t]["playbook"], None, "in hand") for t in sides),
        ]
    assert ruleset == "rushzone"
    return [
        ClockItem("Round", None, c["round"], c["rounds_per_quarter"], "of the quarter"),
        ClockItem("Turn", None, c["turn"], None, ""),
    ]


def played(ruleset: str, example: str, lines: int | None, tmp_path: Path) -> tuple[Any, str]:
    """The game's ``status --json`` and plain ``status`` after ``lines`` lines of the example."""
    script = EXAMPLES / f"{example}.zebra"
    if lines is not None:
        part = tmp_path / f"{example}-{lines}.zebra"
        part.write_text("".join(script.read_text().splitlines(keepends=True)[:lines]))
        script = part
    code, _, err = zebra("play", ruleset, "--script", str(script), input="")
    assert code == 0, err
    code, out, err = zebra("status", "--json")
    assert code == 0, err
    status = json.loads(out)
    code, plain, err = zebra("status")
    assert code == 0, err
    return status, plain


@pytest.mark.parametrize(("ruleset", "example", "lines"), GAMES)
def test_every_clock_fact_of_the_status_is_in_the_plain_status_by_team(
    store: Path,  # noqa: F811
    tmp_path: Path,
    ruleset: str,
    example: str,
    lines: int | None,
) -> None:
    status, plain = played(ruleset, example, lines, tmp_path)
    assert status["ruleset"] == ruleset
    assert leaves(status["clock"]) == LEAVES[ruleset]
    items = clock_items(status)
    assert items == expected(ruleset, status)
    shown = {line.strip().split(": ", 1)[0]: line.strip() for line in plain.splitlines()}
    for item in items:
        if item.label == "Round":
            # Rush Zone's round is in the period line, as it was before the clock lines.
            of = item.of
            assert f"round {item.value} of {of}" in plain
            continue
        line = shown[item.label]
        owner = status[item.team] + " " if item.team else ""
        assert f"{owner}{item_text(item)}" in line.split(": ", 1)[1].split(", ")


@pytest.mark.parametrize(("ruleset", "example", "lines"), GAMES[::2])
def test_each_team_is_shown_with_its_own_value_mid_game(
    store: Path,  # noqa: F811
    tmp_path: Path,
    ruleset: str,
    example: str,
    lines: int | None,
) -> None:
    """Mid-game the two teams' facts differ where the example makes them differ; each name is
    next to its own value, not the other's."""
    status, plain = played(ruleset, example, lines, tmp_path)
    for item in clock_items(status):
        if item.team is None:
            continue
        other = "away" if item.team == "home" else "home"
        line = next(x for x in plain.splitlines() if x.strip().startswith(f"{item.label}: "))
        assert f"{status[item.team]} {item_text(item)}" in line
        assert line.index(status[item.team]) != line.index(status[other])


def status_of(clock: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"home": "Bears", "away": "Packers", "clock": clock, **more}


def test_red_zone_time_decks_draw_decks_and_hands_per_coach() -> None:
    side = {"time_deck": 12, "draw_deck_flips": 3, "hand": 6, "timeouts": 2}
    other = {"time_deck": 0, "draw_deck_flips": 1, "hand": 5, "timeouts": 3}
    status = status_of({"deck": 40, "last_play": False, "home": side, "away": other})
    assert clock_items(status) == [
        ClockItem("Time Deck", "home", 12, 40, "cards left"),
        ClockItem("Time Deck", "away", 0, 40, "cards left"),
        ClockItem("Draw Deck", "home", 3, None, "cards flipped"),
        ClockItem("Draw Deck", "away", 1, None, "cards flipped"),
        ClockItem("Hand", "home", 6, None, "cards"),
        ClockItem("Hand", "away", 5, None, "cards"),
    ]
    assert clock_lines(status) == [
        "Time Deck: Bears 12 of 40 cards left, Packers 0 of 40 cards left",
        "Draw Deck: Bears 3 cards flipped, Packers 1 card flipped",
        "Hand: Bears 6 cards, Packers 5 cards",
    ]
    assert own_clock(status) == "Time Deck Bears 12 · Packers 0"


def test_third_and_long_key_moments_only_when_the_status_counts_them() -> None:
    clock = {"deck": 9, "hands": {"home": 4, "away": 1}, "draws_due": {"home": 0, "away": 2}}
    counted = clock_items(status_of(clock, key_moments=3, key_moments_left=2))
    assert ClockItem("Key moments", None, 2, 3, "left") in counted
    assert counted[0] == ClockItem("Action Deck", None, 9, None, "cards left")
    before = clock_items(status_of(clock, key_moments=None, key_moments_left=None))
    assert [i.label for i in before] == ["Action Deck", "Hand", "Hand", "Draws due", "Draws due"]
    assert own_clock(status_of(clock)) == "Action Deck 9"


def test_masters_scoring_plays_left_and_hands_per_side() -> None:
    clock = {"slots_filled": {"home": 0, "away": 9}, "slots_per_side": 9, "overtime_attempts": 1}
    hands = {
        "home": {"offense": 3, "defense": 2, "playbook": 4},
        "away": {"offense": 1, "defense": 0, "playbook": 4},
    }
    status = status_of(clock, hands=hands)
    items = clock_items(status)
    assert items[:3] == [
        ClockItem("Scoring plays", "home", 9, 9, "left"),
        ClockItem("Scoring plays", "away", 0, 9, "left"),
        ClockItem("Overtime attempts", None, 1, None, "made"),
    ]
    assert ClockItem("Offense cards", "away", 1, None, "in hand") in items
    assert "Scoring plays: Bears 9 of 9 left, Packers 0 of 9 left" in clock_lines(status)
    assert own_clock(status) == "Slots Bears 0/9 · Packers 9/9"
    # Without hands in the status, none is made up.
    assert all("cards" not in i.label for i in clock_items(status_of(clock)))


def test_first_and_goal_card_clock_is_the_games_not_a_teams() -> None:
    clock = {"half": 1, "overtime": False, "offence_deck": 1, "defence_deck": 52}
    status = status_of(clock)
    assert clock_items(status) == [
        ClockItem("Offence deck", None, 1, None, "cards left"),
        ClockItem("Defence deck", None, 52, None, "cards left"),
    ]
    assert clock_lines(status) == ["Offence deck: 1 card left", "Defence deck: 52 cards left"]
    assert own_clock(status) == "Cards: offence 1 · defence 52"


def test_rush_zone_round_stays_in_the_period_line() -> None:
    status = status_of({"round": 2, "rounds_per_quarter": 3, "turn": 4})
    assert clock_items(status)[0] == ClockItem("Round", None, 2, 3, "of the quarter")
    assert clock_lines(status) == ["Turn: 4"]
    assert own_clock(status) == ""


def test_a_status_without_a_clock_has_no_clock_facts() -> None:
    assert clock_items({"home": "A", "away": "B"}) == []
    assert clock_items(status_of({"something": 3})) == []
    assert (
        clock_items(status_of({"deck": True, "hands": {"home": "x"}}))
        == [
            # A yes/no or a word is never a count.
        ]
    )
