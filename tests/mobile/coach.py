"""A coach at the tablet: how each line of an example game is entered on the pad.

An example line is written as a person types it at the CLI ("dice red tan", "play td long pass
red zone passing +8 wr stop pass rush coverage"). The coach finds the pad path that enters the
same thing: a form the prompt offers, a value for each slot from what the slot offers, and the
optional parts to add. "The same thing" is checked, not assumed: the entry the pad composes must
leave the game in the same state with the same rulings as the typed line. No Kivy here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from domain.ruleset import EntryForm, IllegalEntry, Prompt, Slot
from mobile import pad

# Words the entry languages read as filler ("stop pass rush": "stop" says nothing more).
FILLER = ("stop", "stopped", "by", "or", "and", "bonus")
MAX_TRIES = 400


@dataclass(frozen=True)
class PadPath:
    """What the coach taps: a form, its values in order, and the optional parts added."""

    form: int
    values: tuple[str, ...]
    extras: tuple[tuple[int, tuple[str, ...]], ...] = ()
    composed: str = ""


@dataclass
class _Item:
    slot: Slot
    extra: int | None  # the optional part this slot belongs to, or None for a required slot


def _word_options(slot: Slot, tokens: list[str], at: int) -> Iterator[tuple[str, int]]:
    """Values the slot offers that the tokens from ``at`` spell, with how many tokens each uses."""
    combo = pad.combo_of(slot)
    if combo is not None:
        for n in range(len(tokens) - at, 0, -1):
            parts = [p for t in tokens[at : at + n] for p in t.split(pad.PART_SEPARATOR)]
            word = combo.word(Counter(parts))
            if word is not None:
                yield word, n
        return
    words = _word_set(slot)
    for n in (1, 2, 3):
        if at + n > len(tokens):
            break
        part = tokens[at : at + n]
        for joined in ("".join(part), "-".join(part), " ".join(part)):
            if joined in words:
                yield joined, n
            elif n > 1 and joined == "".join(part):
                # Printed names the language shortens ("run blocking" is "runblock").
                for word in slot.words:
                    if len(word) >= 4 and joined.startswith(word):
                        yield word, n


@lru_cache(maxsize=512)
def _word_set(slot: Slot) -> frozenset[str]:
    return frozenset(slot.words)


def _number_options(slot: Slot, tokens: list[str], at: int) -> Iterator[tuple[str, int]]:
    if at >= len(tokens):
        return
    token = tokens[at].lstrip("+")
    if pad.number_ok(slot, token):
        yield token, 1


def _text_options(slot: Slot, tokens: list[str], at: int) -> Iterator[tuple[str, int]]:
    for n in range(len(tokens) - at, 0, -1):
        yield " ".join(tokens[at : at + n]), n


def _options(slot: Slot, tokens: list[str], at: int) -> Iterator[tuple[str, int]]:
    if slot.kind == "text":
        yield from _text_options(slot, tokens, at)
    elif slot.kind == "word":
        yield from _word_options(slot, tokens, at)
    else:
        yield from _number_options(slot, tokens, at)


def _layouts(form: EntryForm) -> Iterator[list[_Item]]:
    """Every way to fill the form, in the order its values are composed: the required slots,
    with each optional part either left out or put where it goes."""
    count = len(form.extras)
    shapes = [tuple((s.kind, s.words, s.low, s.high) for s in e.slots) for e in form.extras]
    for mask in range(1 << count):
        # The pad offers alike parts in turn (a card's 2nd rating before its 3rd).
        if any(
            mask >> e & 1 and not mask >> d & 1
            for e in range(count)
            for d in range(e)
            if shapes[d] == shapes[e]
        ):
            continue
        items: list[_Item] = []
        for i in range(len(form.slots) + 1):
            for e, extra in enumerate(form.extras):
                at = len(form.slots) if extra.at is None else extra.at
                if at == i and mask >> e & 1:
                    items += [_Item(s, e) for s in extra.slots]
            if i < len(form.slots):
                items.append(_Item(form.slots[i], None))
        yield items


def _assignments(items: list[_Item], tokens: list[str]) -> Iterator[list[str]]:
    """Values for ``items`` that spell ``tokens`` (filler words may be skipped)."""

    def walk(k: int, at: int, acc: list[str]) -> Iterator[list[str]]:
        if k == len(items):
            if all(t in FILLER for t in tokens[at:]):
                yield list(acc)
            return
        if at < len(tokens) and tokens[at] in FILLER:
            yield from walk(k, at + 1, acc)
        for value, used in _options(items[k].slot, tokens, at):
            yield from walk(k + 1, at + used, [*acc, value])

    yield from walk(0, 0, [])


def _path(form_index: int, form: EntryForm, items: list[_Item], values: list[str]) -> PadPath:
    required = tuple(v for item, v in zip(items, values, strict=True) if item.extra is None)
    extras: dict[int, list[str]] = {}
    for item, v in zip(items, values, strict=True):
        if item.extra is not None:
            extras.setdefault(item.extra, []).append(v)
    composed = form.compose(list(required), dict(extras))
    ordered = tuple((k, tuple(v)) for k, v in sorted(extras.items()))
    return PadPath(form_index, required, ordered, composed)


def _offered(slot: Slot, value: str) -> bool:
    """Whether the pad offers ``value`` for ``slot`` (a button, a key, a set of parts)."""
    if slot.kind == "text":
        return bool(value.strip())
    if slot.kind == "word":
        return value in slot.words
    return pad.number_ok(slot, value)


@dataclass
class Coach:
    """Finds the pad path for a line on the game as it stands (``rules`` and ``state``)."""

    rules: Any
    tries: int = field(default=0)
    _seen: dict[str, bool] = field(default_factory=dict)

    def path(self, state: Any, prompt: Prompt, line: str) -> PadPath | None:
        """The pad path that enters ``line``'s effect, or None if the pad cannot."""
        try:
            wanted = self.rules.apply(state, line)
        except IllegalEntry:
            return None
        words = line.split()
        self.tries = 0
        self._seen = {}
        for index, form in enumerate(prompt.forms):
            keyword = form.keyword.split()
            if words[: len(keyword)] != keyword:
                continue
            tokens = words[len(keyword) :]
            found = self._search(state, index, form, tokens, wanted)
            if found is not None:
                return found
        # A value the line spells differently from every word the slot offers ("rol" for the
        # right OL): try the slot's words one at a time where the rest of the line matched.
        for index, form in enumerate(prompt.forms):
            keyword = form.keyword.split()
            if words[: len(keyword)] != keyword or len(words) - len(keyword) != len(form.slots):
                continue
            found = self._one_off(state, index, form, words[len(keyword) :], wanted)
            if found is not None:
                return found
        return None

    def _same(self, state: Any, text: str, wanted: Any) -> bool:
        if text in self._seen:
            return self._seen[text]
        self.tries += 1
        try:
            same = bool(self.rules.apply(state, text) == wanted)
        except IllegalEntry:
            same = False
        self._seen[text] = same
        return same

    def _search(
        self, state: Any, index: int, form: EntryForm, tokens: list[str], wanted: Any
    ) -> PadPath | None:
        for items in _layouts(form):
            for values in _assignments(items, tokens):
                path = _path(index, form, items, values)
                if self._same(state, path.composed, wanted):
                    return path
                if self.tries >= MAX_TRIES:
                    return None
        return None

    def _one_off(
        self, state: Any, index: int, form: EntryForm, tokens: list[str], wanted: Any
    ) -> PadPath | None:
        items = [_Item(s, None) for s in form.slots]
        for i, slot in enumerate(form.slots):
            if slot.kind != "word":
                continue
            for word in slot.words:
                values = [*tokens[:i], word, *tokens[i + 1 :]]
                if not all(_offered(s, v) for s, v in zip(form.slots, values, strict=True)):
                    continue
                try:
                    path = _path(index, form, items, values)
                except IllegalEntry:
                    continue
                if self._same(state, path.composed, wanted):
                    return path
        return None
