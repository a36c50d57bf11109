"""Reading Third and Long entries as typed: teams, numbers, salaries, attributes and play calls."""

from __future__ import annotations

from collections.abc import Sequence

from domain import kernel
from domain.ruleset import (
    IllegalEntry,
    Side,
    other,
)
from domain.rulesets.thirdandlong.state import (
    ATTRIBUTES,
    DEFENCE_POSITIONS,
    OFFENCE_POSITIONS,
    RANDOM_HIGH,
    RANDOM_LOW,
    SALARY_CAP_TENTHS,
    TARGETS,
    Call,
    ThirdAndLongState,
)
from domain.words import a_or_an


def side_word(token: str, state: ThirdAndLongState) -> Side:
    """A team: home, away, its name, or (once the game is under way) off/def for the offence and
    the defence."""
    return kernel.side_word(token, state, labels=_offence_labels(state))


def _offence_labels(state: ThirdAndLongState) -> dict[str, Side]:
    if state.offense is None or state.phase in ("toss", "choice"):
        return {}
    labels: dict[str, Side] = dict.fromkeys(kernel.OFFENCE_WORDS, state.offense)
    labels.update(dict.fromkeys(kernel.DEFENCE_WORDS, other(state.offense)))
    return labels


def read_signed(token: str, bound: int, what: str) -> int:
    """A printed change to the play total: "-2", "+2" or "2" (the kernel's signed number)."""
    return kernel.signed_number(token, -bound, bound, what)


def read_random(rest: Sequence[str], what: str) -> int:
    """The random number in an Action card's upper right corner (1 to 5)."""
    if len(rest) != 1:
        raise IllegalEntry(f"enter the random number on {what} (upper right corner, 1 to 5)")
    return kernel.number(rest[0], RANDOM_LOW, RANDOM_HIGH, f"the random number on {what}")


def read_salary(token: str) -> int:
    t = token.lstrip("$").rstrip("m")
    whole, _, frac = t.partition(".")
    if not whole.isdigit() or (frac and not (frac.isdigit() and len(frac) == 1)):
        raise IllegalEntry(
            f"a salary is millions of dollars as printed, e.g. 4 or 2.5; got {token!r}"
        )
    tenths = int(whole) * 10 + (int(frac) if frac else 0)
    if not 0 < tenths <= SALARY_CAP_TENTHS:
        raise IllegalEntry(f"a salary is more than $0M and at most $15M; got {token!r}")
    return tenths


def read_attribute(token: str, position: str) -> int:
    defensive = position in DEFENCE_POSITIONS
    t = token
    if t.startswith("-"):
        if not defensive:
            raise IllegalEntry(f"offensive attributes are +1 to +3; got {token!r}")
        t = t[1:]
    value = kernel.number(t, 1, 3, f"{a_or_an(position.upper())} attribute")
    return -value if defensive else value


def read_call(rest: Sequence[str]) -> Call:
    usage = (
        "enter the calls as: play <green|yellow|red> <offence player-attribute> "
        "<box-attribute> [call names], e.g. play green rb-power lb-tackling"
    )
    if not rest:
        raise IllegalEntry(usage)
    colour = rest[0]
    if colour not in TARGETS:
        raise IllegalEntry(f"{colour!r} is not a box colour; expected green, yellow or red")
    tokens = list(rest[1:])
    off_pos, off_attr = read_matchup(tokens, OFFENCE_POSITIONS, "offensive player", usage)
    def_pos, def_attr = read_matchup(tokens, DEFENCE_POSITIONS, "box (defender)", usage)
    return Call(colour, off_pos, off_attr, def_pos, def_attr, " ".join(tokens))


def read_matchup(
    tokens: list[str], positions: tuple[str, ...], what: str, usage: str
) -> tuple[str, str]:
    if not tokens:
        raise IllegalEntry(f"missing the {what}; {usage}")
    first = tokens.pop(0)
    pos, _, attr = first.partition("-")
    if not attr:
        if not tokens:
            raise IllegalEntry(f"missing the {what}'s attribute; {usage}")
        attr = tokens.pop(0)
    if pos not in positions:
        raise IllegalEntry(
            f"{pos!r} is not {a_or_an(what)} position; expected one of {' '.join(positions)}"
        )
    if attr not in ATTRIBUTES[pos]:
        raise IllegalEntry(
            f"{pos.upper()} has no {attr!r} attribute; expected one of {', '.join(ATTRIBUTES[pos])}"
        )
    return pos, attr


ALIASES = {
    "offence": "offense",
    "defence": "defense",
    "touchdown": "td",
    "goforit!": "goforit",
    "go-for-it": "goforit",
    "fieldgoal": "kick",
    "fg": "kick",
    "flag": "penalty",
    "personal-foul": "foul",
    "he-breaks-loose": "loose",
    "to": "timeout",
    "time-out": "timeout",
    "ok": "accept",
}


BIG_ALIASES = {"touchdown": "td", "int": "interception", "he-breaks-loose": "loose"}


def normalise(tokens: list[str]) -> list[str]:
    """Shorthands: "+2" is an offensive modifier, "-3" a defensive one; a few spelling variants."""
    first = tokens[0]
    if first[:1] in "+-" and first[1:].isdigit():
        return ["off" if first[0] == "+" else "def", first[1:], *tokens[1:]]
    if first == "mod" and len(tokens) == 2 and tokens[1][:1] in "+-":
        value = tokens[1]
        # A second sign stays with the value, which is then no number ("mod ++2" is refused).
        return [
            "off" if value[0] == "+" else "def",
            value if value[1:2] in ("+", "-") else value[1:],
        ]
    if first == "go" and tokens[1:2] == ["for"]:
        return ["goforit"]
    return [ALIASES.get(first, first), *tokens[1:]]
