"""Third and Long team files (TOML): checking a roster and turning it into set-up entries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rosterfiles import ABSURD_CAPS, TEAM, FileSchema, Key, read_file
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
from domain.words import a_or_an

# No printed attribute is beyond this; the rules then allow +1 to +3 or -1 to -3.
MAX_ATTRIBUTE = 9

_SALARY_HIGH = ABSURD_CAPS * SALARY_CAP_TENTHS / 10

FILE_SCHEMA = FileSchema(
    "Third and Long",
    "team file",
    keys={"team": TEAM},
    tables={
        "stars": {
            "position": Key("text", "the star's position (QB RB WR LB CB S)"),
            "name": Key("text", "the name printed on the card"),
            "team": Key("text", "the player's team printed on the card"),
            "salary": Key(
                "number", f"the salary in $ millions, 0 to {_SALARY_HIGH:g}", 0, _SALARY_HIGH
            ),
            **{
                attribute: Key(
                    "whole",
                    f"an attribute as printed, -{MAX_ATTRIBUTE} to {MAX_ATTRIBUTE}",
                    -MAX_ATTRIBUTE,
                    MAX_ATTRIBUTE,
                )
                for attributes in ATTRIBUTES.values()
                for attribute in attributes
            },
        }
    },
    each={"stars": "one per star Player card"},
)


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
    attributes as printed. A file that is not a team file (domain.rosterfiles) is one line."""
    try:
        data = read_file(FILE_SCHEMA, text)
    except IllegalEntry as exc:
        return [str(exc)]
    problems: list[str] = []
    stars = data.get("stars", [])
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
        if salary is None or salary <= 0:
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
            if s.get("salary") is not None
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
        keys = ", ".join(sorted(extra))
        problems.append(f"{label}: unknown keys {keys} for {a_or_an(pos.upper())}")
    return problems


def roster_entries(text: str, side: Side) -> list[str]:
    """The star entries for a valid team file, as a person would type them at set-up."""
    problems = roster_problems(text)
    if problems:
        raise IllegalEntry(f"the team file has problems: {problems[0]}")
    out = []
    for star in read_file(FILE_SCHEMA, text).get("stars", []):
        pos = str(star["position"]).lower()
        salary = money(round(star["salary"] * 10)).strip("$M")
        attrs = " ".join(str(abs(star[a])) for a in ATTRIBUTES[pos])
        out.append(f"star {side} {pos} {salary} {attrs}")
    return out


def _card_label(i: int, star: Mapping[str, Any]) -> str:
    name = star.get("name")
    pos = str(star.get("position", "?")).upper()
    return f"star {i} ({pos} {name})" if name else f"star {i} ({pos})"
