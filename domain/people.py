"""Who enters, and why: the names and reasons a command is given, checked before anything is
recorded (docs/corrections.md)."""

from __future__ import annotations

from domain.ruleset import IllegalEntry

MAX_PERSON = 30
"""The longest name a person enters under (``--by``, ``ZEBRA_USER``): a scoreboard line."""

MAX_REASON = 200
"""The longest reason a correction or an undo is given."""


def printable(text: str, what: str) -> str:
    """Text as typed, its spacing made single; a control character is refused."""
    cleaned = " ".join(str(text).split())
    if any(not ch.isprintable() for ch in cleaned):
        raise IllegalEntry(f"{what} has a control character; type plain text")
    return cleaned


def reason_or(reason: str, default: str) -> str:
    """A reason as given (at most 200 characters), or ``default`` when none was."""
    cleaned = printable(reason, "the reason")
    if len(cleaned) > MAX_REASON:
        raise IllegalEntry(
            f"a reason is at most {MAX_REASON} characters; this one is {len(cleaned)}"
        )
    return cleaned or default


def person(name: str) -> str:
    """Who is entering (``--by``, ``ZEBRA_USER``): 1 to 30 visible characters, as team names."""
    cleaned = printable(name, "the name of who is entering")
    if not cleaned:
        raise IllegalEntry("the name of who is entering is empty; give --by NAME")
    if len(cleaned) > MAX_PERSON:
        raise IllegalEntry(
            f"the name of who is entering is {len(cleaned)} characters; {MAX_PERSON} at most"
        )
    return cleaned


def same_person(a: str, b: str) -> bool:
    """Two names for one person: compared as entered, ignoring case and spacing."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()
