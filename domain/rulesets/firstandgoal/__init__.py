"""1st & Goal (rules/first-and-goal.en.md, Czech original first-and-goal.cs.txt): cards and dice.

Each play both coaches reveal a card; the cards' matchup line says which coloured distance dice,
how many black defence dice and the white play die to roll. Zebra records the cards by name,
asks the table which dice the line calls for (the line is printed on the physical card), then
the faces rolled. The cards are also the clock: a half ends when the offence has no card left.
Page numbers (p. N) are those of the transcript.

The package: ``state`` (the records and the checked reads of their optional facts),
``ruleset`` (the options, the ``HANDLERS[phase][keyword]`` table bound to the shared step of
``domain.kernel``, the situation), ``prompts`` (``PROMPTS[phase]``, one prompt per phase), and
one module of rules per part of the game (``kickoffs``, ``scrimmage``, ``penalties``,
``turnovers``, ``downs``, ``scoring``, ``kicks``, ``punts``, ``clock``, ``specials``,
``halves``) over the shared ``cards``, ``possession``, ``board``, ``reading`` and ``lines``.
The Czech rulebook wins where the translation differs.
"""

from domain.rulesets.firstandgoal.lines import down_line
from domain.rulesets.firstandgoal.ruleset import RULESET, FirstAndGoal
from domain.rulesets.firstandgoal.state import Cards, FirstAndGoalState, Play

__all__ = [
    "RULESET",
    "Cards",
    "FirstAndGoal",
    "FirstAndGoalState",
    "Play",
    "down_line",
]
