"""How Third and Long's rulings name things: outcomes, quarters, money, rosters, the final line."""

from __future__ import annotations

from domain.ruleset import (
    Side,
)
from domain.rulesets.thirdandlong.state import REGULATION_QUARTERS, ThirdAndLongState, team_of


def outcome_words(outcome: str) -> str:
    return {
        "offence": "offence wins",
        "inconclusive": "inconclusive",
        "defence": "defence wins",
        "turnover": "turnover",
    }[outcome]


def quarter_name(q: int) -> str:
    if q > REGULATION_QUARTERS:
        return f"overtime period {q - REGULATION_QUARTERS}"
    return f"quarter {q}"


def money(tenths: int) -> str:
    return f"${tenths // 10}M" if tenths % 10 == 0 else f"${tenths / 10:.1f}M"


def roster_line(state: ThirdAndLongState, side: Side) -> str:
    team = team_of(state, side)
    if not team:
        return f"{state.name(side)} no stars"
    stars = " ".join(s.position.upper() for s in team)
    return f"{state.name(side)} {stars} ({money(sum(s.salary for s in team))})"
