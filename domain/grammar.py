"""The forms are the grammar: an entry is accepted exactly when it matches a form offered now.

As python-chess accepts a move by matching it against the legal moves, ``match`` reads the
words of an entry against the forms a prompt offers (``domain.ruleset.EntryForm``): the first
word is a form's keyword, one of its declared ``aliases``, or, for a form declaring ``bare``, the
first value with the keyword left out. The form's ``read`` then turns the values into the typed
value the handler is given (whose slot, which team, which faces); a handler never re-parses
words. What matches no form is a ``Refusal``: the one line shown, and the closest form.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.ruleset import EntryForm, IllegalEntry


@dataclass(frozen=True)
class Match:
    """An entry read against the form it matched: the form, its keyword, the typed value.

    A match is not a list of words: a handler given one reads ``value`` (and ``keyword`` when
    one handler serves several forms), never the words typed.
    """

    form: EntryForm
    value: Any = None

    @property
    def keyword(self) -> str:
        """The keyword of the matched form, however the entry spelt it (alias, bare)."""
        return self.form.keyword.split()[0] if self.form.keyword else ""


@dataclass(frozen=True)
class Refusal:
    """An entry no form offered now accepts: the one-line reason shown, and the closest form.

    ``closest`` is the form whose keyword the entry gave when only its values were wrong
    (``recognised``), else the offered form whose keyword is nearest the first word typed.
    """

    reason: str
    closest: EntryForm | None = None
    recognised: bool = False

    def error(self) -> IllegalEntry:
        """The refusal as the exception every ruleset raises."""
        return IllegalEntry(self.reason)


def starts(form: EntryForm, first: str) -> bool:
    """Whether ``first`` is the form's keyword (its first word) or one of its aliases."""
    keyword = form.keyword.split()[0] if form.keyword else ""
    return bool(keyword) and (first == keyword or first in form.aliases)


def takes_nothing(form: EntryForm, values: Sequence[str]) -> None:
    """The reading of a form with no values (``kick``, ``pat``): nothing may follow the word."""
    if values:
        keyword = form.keyword.split()[0] if form.keyword else ""
        raise IllegalEntry(f"{keyword} takes nothing more; got {' '.join(values)!r}")


def of_keyword(forms: Sequence[EntryForm], rest: Sequence[str]) -> EntryForm:
    """Among forms of one first word, the one the values fit: forms of one keyword may differ
    in further keyword words ("star home", "star away") and in how many values they take; the
    one whose words and count fit, else the first whose words fit, else the first. The later
    keyword words stay values: the form's ``read`` is given every word after the first."""
    worded = [f for f in forms if list(rest[: len(f.keyword.split()) - 1]) == f.keyword.split()[1:]]
    for form in worded or forms:
        if len(rest) - (len(form.keyword.split()) - 1) == len(form.slots):
            return form
    return (worded or list(forms))[0]


def closest_form(forms: Sequence[EntryForm], first: str) -> EntryForm | None:
    """The offered form whose keyword (or alias) is spelt nearest ``first``; the first form
    when none is near."""
    spellings = {
        word: form
        for form in forms
        if form.keyword
        for word in (form.keyword.split()[0], *form.aliases)
    }
    near = difflib.get_close_matches(first, list(spellings), n=1, cutoff=0.0)
    if near:
        return spellings[near[0]]
    return forms[0] if forms else None


def match(
    forms: Sequence[EntryForm],
    words: Sequence[str],
    unknown: Callable[[str], str] | None = None,
) -> Match | Refusal:
    """The form of ``forms`` that ``words`` match, with its typed value; else a refusal.

    ``unknown`` words the refusal of a first word no form takes (the kernel's "not due"
    line, or the rule's own reason); by default it lists the forms offered.
    """
    if not words:
        return Refusal("empty entry; type one of the legal entries shown", closest_form(forms, ""))
    first, rest = words[0], list(words[1:])
    chosen: tuple[EntryForm, list[str]] | None = None
    started = [form for form in forms if starts(form, first)]
    if started:
        chosen = (of_keyword(started, rest), rest)
    if chosen is None:
        for form in forms:
            if form.bare is not None and form.bare(first):
                chosen = (form, list(words))
                break
    if chosen is None:
        reason = (
            unknown(first)
            if unknown is not None
            else f"{first!r} is not due now (expected: {' | '.join(f.syntax for f in forms)})"
        )
        return Refusal(reason, closest_form(forms, first))
    form, values = chosen
    try:
        if form.read is not None:
            value = form.read(values)
        else:
            takes_nothing(form, values)
            value = None
    except IllegalEntry as refused:
        return Refusal(str(refused), form, recognised=True)
    return Match(form, value)
