"""Small rules of English for the sentences Zebra writes (rulings, prompts, refusals)."""

from __future__ import annotations

# Letters whose names begin with a vowel sound: "an RB", "an LB", "an OL", but "a QB", "a TE".
_VOWEL_LETTER_NAMES = frozenset("AEFHILMNORSX")


def possessive(name: str) -> str:
    """A name's possessive: "Bears's" is "Bears'", "Packers" stays "Packers'", "Jets's" "Jets'",
    a name not ending in s takes 's ("Rodeo's"); an acronym keeps 's ("NFL's")."""
    if name.endswith("s") and not name.isupper():
        return f"{name}'"
    return f"{name}'s"


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article by its first sound: "an Offense card", "a Defense
    card", "an orange die", "an RB" (an acronym by its letter's name), "a QB", "an 18-yard";
    by spelling, so a word like "hour" or "one" would be wrong (no game says them)."""
    first = word.lstrip()[:1]
    if not first:
        return word
    token = word.split()[0]
    digits = token.split("-")[0]
    if digits.isdigit():
        # Said as a number: "an 8-yard", "an 18-yard", "an 11-yard", but "a 110-yard".
        eleven = len(digits) % 3 == 2 and digits[:2] in ("11", "18")
        article = "an" if digits.startswith("8") or eleven else "a"
    elif token.isupper() and len(token) > 1:
        article = "an" if first in _VOWEL_LETTER_NAMES else "a"
    else:
        article = "an" if first.lower() in "aeiou" else "a"
    return f"{article} {word}"
