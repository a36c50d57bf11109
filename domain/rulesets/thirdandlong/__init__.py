"""Third and Long (rules/third-and-long.txt): a football card game of drives and key moments.

Zebra tracks no field position. A drive is a number of key moments (placeholder cards set aside);
each play is a personnel matchup whose play total (snap + offensive attribute - defensive
attribute + modifiers) is compared with the target number of the colour the offensive arrow points
to. The shared 60-card Action Deck is the clock: every card taken from it is counted here, and a
quarter ends when the deck cannot supply what the next play needs before its snap.

The package: ``state`` (records and constants), ``reading`` (entries as typed), ``cards`` (the
Action Deck and injuries), ``pregame``, ``plays``, ``outcomes``, ``scoring``, ``timeouts``,
``clock`` (the rules, one function per rule), ``prompts`` (one prompt per phase), ``rosters``
(team files) and ``rules`` (the ruleset and its handler table).
"""

from domain.rulesets.thirdandlong.rosters import FILE_SCHEMA, roster_entries, roster_problems
from domain.rulesets.thirdandlong.rules import RULESET, ThirdAndLong
from domain.rulesets.thirdandlong.state import ATTRIBUTES, ThirdAndLongState

__all__ = [
    "FILE_SCHEMA",
    "ATTRIBUTES",
    "RULESET",
    "ThirdAndLong",
    "ThirdAndLongState",
    "roster_entries",
    "roster_problems",
]
