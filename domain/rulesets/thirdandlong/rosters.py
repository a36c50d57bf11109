"""Third and Long team files (TOML): checking a roster and turning it into set-up entries."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from domain.ruleset import (
    IllegalEntry,
    Side,
)
from domain.rulesets.thirdandlong.state import (
    ATTRIBUTES,
    MAX_STARS,
    OFFENCE_POSITIONS,
    POSITIONS,
    SALARY_CAP_TENTHS,
    ThirdAndLongState,
)
from domain.rulesets.thirdandlong.wording import money


def roster_view(state: ThirdAndLongState) -> dict[str, list[dict[str, Any]]]:
    """Each team's stars as entered."""
    view: dict[str, list[dict[str, Any]]] = {"home": [], "away": []}
    for s in state.stars:
        view[s.side].append(
            {
                "position": s.position.upper(),
                "salary": s.salary / 10,
                **dict(zip(ATTRIBUTES[s.position], s.attributes, strict=True)),
            }
        )
    return view


def roster_problems(text: str) -> list[str]:
    """Every broken rule in a Third and Long team file (TOML): cap, six stars, one per position,
    attributes as printed. Bad TOML is one problem line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return [f"not valid TOML: {err}"]
    problems: list[str] = []
    stars = data.get("stars", [])
    if not isinstance(stars, list) or not all(isinstance(s, dict) for s in stars):
        return ["[[stars]] must be a list of tables, one per star Player card"]
    if "team" in data and not isinstance(data["team"], str):
        problems.append("team must be a string (the team's name)")
    seen: dict[str, str] = {}
    total = 0
    for i, star in enumerate(stars, start=1):
        label = _card_label(i, star)
        pos = str(star.get("position", "")).lower()
        if pos not in POSITIONS:
            problems.append(
                f"{label}: position {star.get('position')!r} is not one of QB RB WR LB CB S"
            )
        elif pos in seen:
            problems.append(
                f"{label}: a second {pos.upper()}; {seen[pos]} already holds that position "
                "(one star per position)"
            )
        else:
            seen[pos] = label
        salary = star.get("salary")
        if isinstance(salary, bool) or not isinstance(salary, int | float) or salary <= 0:
            problems.append(f"{label}: salary must be a positive number of $ millions")
        else:
            total += round(salary * 10)
        if pos in POSITIONS:
            problems.extend(_attribute_problems(label, pos, star))
    if len(stars) > MAX_STARS:
        extra_cards = ", ".join(_card_label(i, s) for i, s in enumerate(stars, 1) if i > MAX_STARS)
        problems.append(f"{len(stars)} stars; a team has at most six (beyond six: {extra_cards})")
    if total > SALARY_CAP_TENTHS:
        cards = ", ".join(
            f"{_card_label(i, s)} {money(round(s['salary'] * 10))}"
            for i, s in enumerate(stars, 1)
            if isinstance(s.get("salary"), int | float) and not isinstance(s.get("salary"), bool)
        )
        problems.append(f"total salary {money(total)} is over the $15M cap ({cards})")
    return problems


def _attribute_problems(label: str, pos: str, star: Mapping[str, Any]) -> list[str]:
    """Player cards: three attributes as printed (offence +1 to +3, defence -1 to -3), no more."""
    problems: list[str] = []
    sign = 1 if pos in OFFENCE_POSITIONS else -1
    for attr in ATTRIBUTES[pos]:
        v = star.get(attr)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v * sign <= 3:
            want = "+1 to +3" if sign > 0 else "-1 to -3"
            problems.append(f"{label}: {attr} must be {want}; got {v!r}")
    extra = set(star) - {"position", "name", "salary", "team", *ATTRIBUTES[pos]}
    if extra:
        problems.append(f"{label}: unknown keys {', '.join(sorted(extra))} for a {pos.upper()}")
    return problems


def roster_entries(text: str, side: Side) -> list[str]:
    """The star entries for a valid team file, as a person would type them at set-up."""
    problems = roster_problems(text)
    if problems:
        raise IllegalEntry(f"the team file has problems: {problems[0]}")
    out = []
    for star in tomllib.loads(text).get("stars", []):
        pos = str(star["position"]).lower()
        salary = money(round(star["salary"] * 10)).strip("$M")
        attrs = " ".join(str(abs(star[a])) for a in ATTRIBUTES[pos])
        out.append(f"star {side} {pos} {salary} {attrs}")
    return out


def _card_label(i: int, star: Mapping[str, Any]) -> str:
    name = star.get("name")
    pos = str(star.get("position", "?")).upper()
    return f"star {i} ({pos} {name})" if name else f"star {i} ({pos})"
