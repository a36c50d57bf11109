"""Read models folded from a game's stored events: record, situation, scoreboard, clock, log.

Every projection is ``project(events) -> ReadModel`` and reads rulings only; none re-runs a rule.
"""
