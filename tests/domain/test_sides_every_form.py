"""Sides for every form (issue #26): an entry keeps the teams it was made for however it was typed
(keyword, shorthand, labelled, aliased), and no correction ever gives a stored entry to the other
team. Random games of all five games, typed in random spellings, with random corrections."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import rulesets
from domain.game import Game
from domain.ruleset import IllegalEntry
from domain.sides import Sides, of_entry
from tests.domain.spellings import spellings
from tests.domain.test_invariants import draw_entry

AT = "2000-01-01T00:00:00+00:00"


def typed_at_random(game: Game, rnd: random.Random) -> tuple[str, str]:
    """A legal entry now, as the tablet composes it and as a person might type it instead."""
    form = rnd.choice(game.prompt.forms)
    text = draw_entry(rnd, form)
    return text, rnd.choice(spellings(game.rules, game.state, form, text))


def random_spelled_game(name: str, seed: int, size: int) -> tuple[Game, dict[int, Sides]]:
    """A game of ``size`` entries typed in random spellings, checking each spelling's sides
    against the keyword form's; returns the game and each entry's sides as first recorded."""
    rnd = random.Random(seed)
    game = Game.start(name, "Bears", "Packers", {}, "t", AT)
    first: dict[int, Sides] = {}
    for _ in range(size):
        if game.situation["finished"] or not game.prompt.forms:
            break
        keyword, spelled = typed_at_random(game, rnd)
        as_keyword = of_entry(game.rules, game.state, keyword)
        game.enter(spelled, "t", AT)
        seq = len(game.entries)
        stored = game.entries[seq].sides
        assert stored is not None and stored.same_team(as_keyword), (
            f"{spelled!r} was stored for {stored}, {keyword!r} would be for {as_keyword}"
        )
        first[seq] = stored
    return game, first


def correct_at_random(game: Game, rnd: random.Random) -> None:
    """One random correction (strike, amend, insert, revert, restore --cascade), typed in a
    random spelling; a refused one changes nothing and is let be."""
    standing = game.effective
    struck = [e for e in game.in_order if e.struck is not None and not e.withdrawn]
    kind = rnd.choice(["strike", "amend", "insert", "revert", "restore"])
    invalid = rnd.random() < 0.7
    try:
        if kind == "strike" and standing:
            game.strike(rnd.choice(standing).seq, "t", "t", AT, strike_invalid=invalid)
        elif kind in ("amend", "insert") and standing:
            place = rnd.randrange(len(standing))
            steps = game.folded
            state = steps[place].state
            prompt = game.rules.expected(state)
            if not prompt.forms:
                return
            form = rnd.choice(prompt.forms)
            text = rnd.choice(spellings(game.rules, state, form, draw_entry(rnd, form)))
            if kind == "amend":
                game.amend(standing[place].seq, text, "t", "t", AT, strike_invalid=invalid)
            else:
                after = 0 if place == 0 else standing[place - 1].seq
                game.insert(after, text, "t", "t", AT, strike_invalid=invalid)
        elif kind == "revert" and game.corrections:
            open_ = [c for c, log in game.corrections.items() if log.reverted_by is None]
            if open_:
                game.revert(rnd.choice(open_), "t", "t", AT, strike_invalid=invalid)
        elif kind == "restore" and struck:
            game.restore(rnd.choice(struck).seq, "t", "t", AT, strike_invalid=invalid, cascade=True)
    except IllegalEntry:
        pass


def assert_no_entry_changed_team(game: Game, first: dict[int, Sides]) -> None:
    steps = game.folded
    for before, step in zip(steps, steps[1:], strict=False):
        recorded = game.sides_of(step.seq)
        now = of_entry(game.rules, before.state, game.entries[step.seq].text)
        assert recorded is not None and recorded.same_team(now), (
            f"entry {step.seq} {game.entries[step.seq].text!r} was {recorded}, is now {now}"
        )
    for seq, sides in first.items():
        kept: Any = game.entries[seq].sides
        assert kept is not None and kept.same_team(sides), f"entry {seq} changed hands"


@pytest.mark.parametrize("name", rulesets.names())
@settings(deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(2, 40),
    corrections=st.integers(1, 4),
)
def test_no_stored_entry_ever_changes_team_whatever_form_it_was_typed_in(
    name: str, seed: int, size: int, corrections: int
) -> None:
    game, first = random_spelled_game(name, seed, size)
    rnd = random.Random(seed + 1)
    for _ in range(corrections):
        correct_at_random(game, rnd)
        assert_no_entry_changed_team(game, first)
        for seq, entry in game.entries.items():
            if seq not in first and entry.sides is not None:
                first[seq] = entry.sides


def test_the_issue_repro_bare_rolls_are_stored_with_their_teams() -> None:
    """nfl-rush-zone.txt, Downs: the offence rolls three white dice, the defence three; entered
    bare ("1 3 1 / 3 4 5") the roll belongs to the offence, then the defence, of that moment."""
    game = Game.start("rushzone", "Bears", "Packers", {}, "t", AT)
    for text in ("toss home", "receive", "2 5", "2 5 4 / 6 1 6", "go", "2 5", "1 3 1 / 3 4 5"):
        game.enter(text, "t", AT)
    assert game.entries[4].sides is not None
    assert game.entries[4].sides.owners == ("home", "away")
    assert game.entries[7].sides is not None
    assert game.entries[7].sides.owners == ("away", "home")
    with pytest.raises(IllegalEntry, match="entry 7 '1 3 1 / 3 4 5': it was entered for Packers"):
        game.strike(4, "x", "t", AT)
    done = game.strike(4, "x", "t", AT, strike_invalid=True)
    assert 7 in {e.seq for e, _ in done.struck}


def test_the_issue_repro_through_the_cli_names_entry_7_with_its_sides(tmp_path: Any) -> None:
    """The repro of issue #26 as a person types it: bare rolls, then a strike of entry 4."""
    from typer.testing import CliRunner

    from companion.cli import app

    script = tmp_path / "g.zebra"
    script.write_text(
        "toss home\nreceive\n2 5\n2 5 4 / 6 1 6\ngo\n2 5\n1 3 1 / 3 4 5\n", encoding="utf-8"
    )
    store = str(tmp_path / "s.sqlite")
    runner = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"})
    played = runner.invoke(
        app,
        [
            "play",
            "rushzone",
            "--home",
            "Bears",
            "--away",
            "Packers",
            "--script",
            str(script),
            "--store",
            store,
        ],
    )
    assert played.exit_code == 0, played.stderr
    refused = runner.invoke(app, ["strike", "4", "--reason", "x", "--store", store])
    assert refused.exit_code == 1
    assert "entry 7 '1 3 1 / 3 4 5': it was entered for Packers, then Bears" in refused.stderr
    done = runner.invoke(
        app, ["strike", "4", "--reason", "x", "--strike-invalid", "--store", store]
    )
    assert done.exit_code == 0, done.stderr
    assert (
        "Also struck entry 7 '1 3 1 / 3 4 5': it no longer fits (it was entered for "
        "Packers, then Bears, but Bears, then Packers would act there now)" in done.stdout
    )
    history = runner.invoke(app, ["history", "--store", store])
    assert "7 STRUCK" in history.stdout
