"""The version of each game's rules: bumped whenever a ruling of that game can change.

A stored ruling records the version of the rules that made it (docs/events.md), so a game
opened under rules of another version is named instead of re-judged silently (docs/rulings.md,
"A game remembers the rules that judged it"). tests/domain/test_rules_versions.py holds each
version to the pinned games of tests/fixtures/pinned: a pin regenerated without a bump here fails.

This module imports nothing, so ``zebra status`` can compare a game's summary with the
installed rules without loading them.
"""

from __future__ import annotations

BASELINE = 1
"""The version every game's rules had when rulings began to carry one: what a ruling stored
without a version was made under."""

RULES_VERSION: dict[str, int] = {
    "rushzone": 1,
    "redzone": 1,
    "firstandgoal": 1,
    "thirdandlong": 2,
    "gridironmasters": 2,
}
