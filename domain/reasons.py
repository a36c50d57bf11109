"""Why a correction is made, in each game's own words: the reasons a table is offered.

The dice games speak of dice ("the green die", "the white dice": nfl-rush-zone.txt; "the play
die", "the referee die", "the penalty die": first-and-goal.en.md), the card games of their decks
and cards ("the Time Deck", "the Draw Deck", "the Play Results Chart": red-zone.txt; "the Action
Deck", "Call cards": third-and-long.txt; "Offense, Defense and Playbook" cards and their
ratings: masters-of-the-gridiron.txt). Every game also offers its own words typed in
(``typed_reason``). The tablet's picker shows these; docs/corrections.md lists them.
"""

from __future__ import annotations

from collections.abc import Mapping

WRONG_BUTTON = "wrong button tapped"

CORRECTION_REASONS: Mapping[str, tuple[str, ...]] = {
    # Two dice colours rolled at once (nfl-rush-zone.txt): a cocked or lost die is rolled again.
    "rushzone": (
        "the die was misread",
        "the die was cocked",
        "a die rolled off the table",
        "rolled out of turn",
        WRONG_BUTTON,
    ),
    # Dice decide the play, the coaches' cards call it (first-and-goal.en.md).
    "firstandgoal": (
        "the die was misread",
        "the die was cocked",
        "a die rolled off the table",
        "the wrong play card was revealed",
        WRONG_BUTTON,
    ),
    "redzone": (
        "the card's number was misread",
        "flipped from the wrong deck",
        "the chart was misread",
        "flipped out of turn",
        WRONG_BUTTON,
    ),
    "thirdandlong": (
        "the Action card was misread",
        "the wrong card was flipped",
        "flipped out of turn",
        "the wrong Call card was shown",
        WRONG_BUTTON,
    ),
    "gridironmasters": (
        "a rating was misread",
        "a card from the wrong deck",
        "the wrong card was played",
        "a Player # was misread",
        WRONG_BUTTON,
    ),
}
# Bringing back a struck entry, taking back a correction: the same in every game.
RESTORE_REASONS = ("the strike was a mistake", "the table agreed it stands")
REVERT_REASONS = ("the correction was a mistake", "the table agreed to take it back")

# A typed reason is one line a coach can read back in the history.
REASON_LENGTH = 120


def correction_reasons(ruleset: str) -> tuple[str, ...]:
    """The reasons a correction in ``ruleset`` is offered (any game: a wrong button)."""
    return CORRECTION_REASONS.get(ruleset, (WRONG_BUTTON,))


def typed_reason(text: str) -> str:
    """A reason typed by the table, on one line; an empty or overlong one is refused."""
    reason = " ".join(text.split())
    if not reason:
        raise ValueError("Type the reason for the correction (the record keeps it).")
    if len(reason) > REASON_LENGTH:
        raise ValueError(
            f"A reason is at most {REASON_LENGTH} characters; this one has {len(reason)}."
        )
    return reason
