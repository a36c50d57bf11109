"""The pad offers Masters of the Gridiron's "another card printed the same? yes|no" (issue #27)
with nothing of its own: it is built from the prompt's forms, as every entry is."""

from __future__ import annotations

from domain import rulesets
from mobile import pad
from tests.domain.scripts import new_game


def test_the_pad_taps_a_card_on_the_pile_and_answers_the_question() -> None:
    rules = rulesets.get("gridironmasters")
    g = new_game("gridironmasters")
    g.enter("card away 88 finley te redzone 72")
    g.enter("offense 88", "play td redzone coverage", "defense cb coverage 90", "done")
    g.enter("offense te receiving 30", "play td receiving coverage", "defense s coverage 60")
    g.enter("done")
    # The Packers' #88 is on the discard pile: still a button, marked so; tapping it asks.
    roster = pad.Pad(rules.expected(g.state))
    index = next(
        i
        for i, f in roster.main_forms()
        if f.keyword == "offense" and f.slots[0].label == "Player # or name"
    )
    roster.select(index)
    assert "88" in [c.value for c in roster.choices()]
    entry = roster.choose("88")
    assert entry == "offense 88"
    g.enter(entry)
    asked = pad.Pad(rules.expected(g.state))
    assert asked.mode == "choices"
    assert [c.value for c in asked.choices()] == ["yes", "no"]
    answer = asked.choose("yes")
    assert answer == "same yes"
    assert [r.kind for r in g.enter(answer)] == ["same_card", "offense_player"]
