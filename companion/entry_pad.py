"""The entry pad's state, built only from the prompt's forms and slots; no Kivy here (the tablet
and the web pad, web/pad_page.py, both build their pads from it).

The pad composes nothing the prompt did not offer: a form is chosen from the prompt, each value
from what its slot offers (a face, a word, a number in range, a set of dice the slot lists),
and the entry text is built by the form itself. How a slot is offered follows from the slot
alone, never from the game:

* a few words or numbers: one button each (the screen turns them into a searchable list
  when they do not fit as buttons a finger can hit);
* a word slot whose words are every set drawn from a few parts ("red", "red-tan",
  "red-tan-black-black"): a toggle per part, so the table says which dice were rolled;
* a wide number range: a number pad;
* free text (a player's name): a text field with the slot's suggestions;
* optional parts of a form (``EntryForm.extras``): offered once the required values are in.

Once an entry is composed the pad is spent: a second tap on it (a finger that bounced, or two
fingers in one frame) is ignored, never an error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from companion.catalogue import EntryForm, Extra, Prompt, Slot

# Forms a coach may call at any moment; they live in the interrupt row beside undo, so the
# main pad stays about what the table is doing now.
INTERRUPT_KEYWORDS = ("timeout", "challenge")

# Ranges this small read faster as a row of buttons than as a number pad.
MAX_BUTTON_NUMBERS = 20

# A word slot is offered as parts to toggle when it lists at least this many sets.
MIN_COMBO_WORDS = 8
PART_SEPARATOR = "-"

PadMode = Literal["forms", "choices", "combo", "numpad", "text", "extras", "idle", "sent"]


@dataclass(frozen=True)
class Choice:
    """One value the pad offers: what it shows and the value it puts into the entry."""

    label: str
    value: str
    colour: str | None = None


@dataclass(frozen=True)
class Combo:
    """A word slot whose words are sets of parts: each part may be taken up to ``most`` times.

    ``words`` maps each offered set (as sorted (part, count) pairs) to the word that names it.
    """

    parts: tuple[str, ...]
    most: tuple[int, ...]
    words: Mapping[tuple[tuple[str, int], ...], str]

    def word(self, picked: Mapping[str, int]) -> str | None:
        """The slot's word for the parts picked, or None when the slot does not offer that set."""
        key = tuple(sorted((p, n) for p, n in picked.items() if n))
        return self.words.get(key)


@lru_cache(maxsize=256)
def combo_of(slot: Slot) -> Combo | None:
    """The parts of a word slot whose words are sets joined by "-", or None if it is not one.

    It is one when every word splits into parts, some word has more than one part, and every
    single part is itself offered: then toggling parts can reach every word and nothing else.
    """
    if slot.kind != "word" or len(slot.words) < MIN_COMBO_WORDS:
        return None
    words: dict[tuple[tuple[str, int], ...], str] = {}
    parts: list[str] = []
    most: Counter[str] = Counter()
    for word in slot.words:
        split = word.split(PART_SEPARATOR)
        if not all(split):
            return None
        counted = Counter(split)
        for part, n in counted.items():
            if part not in parts:
                parts.append(part)
            most[part] = max(most[part], n)
        words[tuple(sorted(counted.items()))] = word
    if max(len(w.split(PART_SEPARATOR)) for w in slot.words) < 2:
        return None
    if any(((part, 1),) not in words for part in parts):
        return None
    if len(parts) > 12:
        return None
    # In the order the slot's largest set names them (the ruleset's order of its dice).
    longest = max(slot.words, key=lambda w: len(w.split(PART_SEPARATOR))).split(PART_SEPARATOR)
    parts.sort(key=lambda p: longest.index(p) if p in longest else len(longest))
    return Combo(tuple(parts), tuple(most[p] for p in parts), words)


def needs_numpad(slot: Slot) -> bool:
    return slot.kind == "number" and (
        slot.decimals > 0 or slot.high - slot.low + 1 > MAX_BUTTON_NUMBERS
    )


def number_ok(slot: Slot, text: str) -> bool:
    """A number the slot takes: its whole part in range, with at most the slot's decimals (12.5
    fits under a high of 12 millions left; the ruleset checks the exact figure)."""
    return slot.kind in ("number", "die") and slot.holds(text)


def slot_choices(slot: Slot, names: Mapping[str, str]) -> list[Choice]:
    """The values of a word, die or short number slot, as the pad shows them."""
    if slot.kind in ("word", "text"):
        shown = slot.labels if len(slot.labels) == len(slot.words) else slot.words
        return [
            Choice(display_value(s, names), w, slot.colour)
            for w, s in zip(slot.words, shown, strict=True)
        ]
    return [Choice(str(v), str(v), slot.colour) for v in range(slot.low, slot.high + 1)]


def display_value(value: str, names: Mapping[str, str]) -> str:
    """Team words are shown as the team's name, so a coach taps "Bears", not "home"."""
    return names.get(value, value)


def group_label(slot: Slot) -> str:
    """ "Bears white 2" and "Bears white 3" share the group "Bears white"."""
    head, _, tail = slot.label.rpartition(" ")
    return head if head and tail.isdigit() and slot.kind == "die" else slot.label


def ranked(choices: list[Choice], usage: Mapping[str, int]) -> list[Choice]:
    """The most likely first: the values this game used most often, then the slot's order."""
    order = {c.value: i for i, c in enumerate(choices)}
    return sorted(choices, key=lambda c: (-usage.get(c.value, 0), order[c.value]))


def usage_of(entries: list[str], keyword: str) -> Counter[str]:
    """How often each value followed ``keyword`` in the game's standing entries."""
    counts: Counter[str] = Counter()
    for entry in entries:
        words = entry.split()
        if words[: len(keyword.split())] == keyword.split():
            counts.update(words[len(keyword.split()) :])
    return counts


@dataclass
class Pad:
    """Which legal form is being filled in, the values tapped so far, and whether it is spent.

    Every tap method returns the entry text once the entry is complete, else None; a tap that
    does not fit the pad as it now is (a stale or doubled finger) changes nothing.
    """

    prompt: Prompt
    names: dict[str, str] = field(default_factory=dict)
    usage: Mapping[str, Counter[str]] = field(default_factory=dict)
    form_index: int | None = None
    values: list[str] = field(default_factory=list)
    extras: dict[int, list[str]] = field(default_factory=dict)
    extra_index: int | None = None
    typed: str = ""
    picked: dict[str, int] = field(default_factory=dict)
    sent: bool = False

    def __post_init__(self) -> None:
        main = self.main_forms()
        # One form with values and nothing else to choose: go straight to its first slot.
        if len(main) == 1 and main[0][1].slots:
            self.form_index = main[0][0]

    # What is on offer ---------------------------------------------------------------------

    def main_forms(self) -> list[tuple[int, EntryForm]]:
        return [
            (i, f) for i, f in enumerate(self.prompt.forms) if f.keyword not in INTERRUPT_KEYWORDS
        ]

    def interrupt_forms(self) -> list[tuple[int, EntryForm]]:
        return [(i, f) for i, f in enumerate(self.prompt.forms) if f.keyword in INTERRUPT_KEYWORDS]

    @property
    def form(self) -> EntryForm | None:
        return None if self.form_index is None else self.prompt.forms[self.form_index]

    @property
    def extra(self) -> Extra | None:
        form = self.form
        return None if form is None or self.extra_index is None else form.extras[self.extra_index]

    @property
    def slot(self) -> Slot | None:
        """The slot being filled: the form's next required one, or the optional part's."""
        form = self.form
        if form is None or self.sent:
            return None
        extra = self.extra
        if extra is not None:
            filled = self.extras.get(self.extra_index or 0, [])
            return extra.slots[len(filled)] if len(filled) < len(extra.slots) else None
        if len(self.values) >= len(form.slots):
            return None
        return form.slots[len(self.values)]

    @property
    def in_progress(self) -> bool:
        """Some values of a form are tapped and the entry is not yet complete."""
        return self.form is not None and not self.sent and bool(self.values or self.extras)

    @property
    def mode(self) -> PadMode:
        if self.sent:
            return "sent"
        slot = self.slot
        if slot is None:
            if self.form is not None and self.form.extras:
                return "extras"
            return "forms" if self.main_forms() else "idle"
        if slot.kind == "text":
            return "text"
        if needs_numpad(slot):
            return "numpad"
        if combo_of(slot) is not None:
            return "combo"
        return "choices"

    def choices(self) -> list[Choice]:
        """The legal values for the slot being filled, in the slot's order: only those the form
        offers after the values tapped so far (a Player # already in the roster is not)."""
        slot = self.slot
        if slot is None:
            return []
        return [c for c in slot_choices(slot, self.names) if self.offers(c.value)]

    def likely_choices(self) -> list[Choice]:
        """The same values, the ones this game used most often with this form first."""
        form = self.form
        used = self.usage.get(form.keyword, Counter()) if form is not None else Counter()
        return ranked(self.choices(), used)

    def combo(self) -> Combo | None:
        slot = self.slot
        return combo_of(slot) if slot is not None else None

    def open_extras(self) -> list[tuple[int, Extra]]:
        """The optional parts still to add; of several alike (a card's 2nd, 3rd... rating),
        only the first, so the pad offers "rating 2" and then "rating 3"."""
        form = self.form
        if form is None:
            return []
        out: list[tuple[int, Extra]] = []
        shapes: set[tuple[tuple[str, tuple[str, ...], int, int], ...]] = set()
        for i, extra in enumerate(form.extras):
            if i in self.extras:
                continue
            shape = tuple((s.kind, s.words, s.low, s.high) for s in extra.slots)
            if shape in shapes:
                continue
            shapes.add(shape)
            out.append((i, extra))
        return out

    def progress(self) -> str:
        """The values tapped so far, grouped by label, with a gap for each one still due."""
        form = self.form
        if form is None:
            return ""
        groups: list[tuple[str, list[str]]] = []
        for i, slot in enumerate(form.slots):
            shown = display_value(self.values[i], self.names) if i < len(self.values) else "_"
            label = group_label(slot)
            if groups and groups[-1][0] == label:
                groups[-1][1].append(shown)
            else:
                groups.append((label, [shown]))
        for index, given in self.extras.items():
            extra = form.extras[index]
            values = [display_value(v, self.names) for v in given]
            values += ["_"] * (len(extra.slots) - len(given))
            groups.append((extra.label, values))
        parts = [f"{label}: {' '.join(values)}" for label, values in groups]
        head = form.keyword.upper() if form.keyword else ""
        return (head + "   " if head else "") + "   |   ".join(parts)

    # Taps -------------------------------------------------------------------------------

    def select(self, index: int) -> str | None:
        """A form button: returns the entry when the form needs no values, else starts it."""
        if self.sent or not 0 <= index < len(self.prompt.forms):
            return None
        form = self.prompt.forms[index]
        self.form_index, self.values, self.typed = index, [], ""
        self.extras, self.extra_index, self.picked = {}, None, {}
        if not form.slots and not form.extras:
            return self._send(form.compose([]))
        return None

    def offers(self, value: str) -> bool:
        """Whether the slot being filled takes ``value`` now: a required slot as its form
        offers it after the values so far (EntryForm.offers: the rules' refusals honoured), an
        optional part's slot as the slot holds it."""
        slot, form = self.slot, self.form
        if slot is None or form is None:
            return False
        if self.extra_index is None:
            return form.offers(self.values, value)
        return slot.holds(value)

    def choose(self, value: str) -> str | None:
        """A value: returns the entry text once the last value is in, else None. A value the
        slot does not take now (a stale tap) changes nothing."""
        if not self.offers(value):
            return None
        value = " ".join(value.split())
        self.typed, self.picked = "", {}
        if self.extra_index is not None:
            filled = self.extras.setdefault(self.extra_index, [])
            filled.append(value)
            extra = self.extra
            if extra is not None and len(filled) == len(extra.slots):
                self.extra_index = None
            return None
        self.values.append(value)
        form = self.form
        assert form is not None
        if len(self.values) == len(form.slots) and not form.extras:
            return self._send(form.compose(list(self.values)))
        return None

    def add_extra(self, index: int) -> None:
        """Start one of the form's optional parts (it must still be open)."""
        if self.mode == "extras" and index in {i for i, _ in self.open_extras()}:
            self.extra_index = index

    def finish(self) -> str | None:
        """ENTER with the optional parts added so far: the entry text."""
        form = self.form
        if self.mode != "extras" or form is None:
            return None
        extras: dict[int, list[str | int]] = {i: list(v) for i, v in self.extras.items()}
        return self._send(form.compose(list(self.values), extras))

    def toggle(self, part: str) -> None:
        """A part of a set (a die colour): each tap takes one more, up to what the slot allows,
        then none again."""
        combo = self.combo()
        if combo is None or part not in combo.parts:
            return
        most = combo.most[combo.parts.index(part)]
        count = self.picked.get(part, 0)
        self.picked[part] = 0 if count >= most else count + 1

    def picked_word(self) -> str | None:
        """The slot's word for the parts toggled on, or None while the set is not one it offers."""
        combo = self.combo()
        return combo.word(self.picked) if combo is not None else None

    def combo_done(self) -> str | None:
        word = self.picked_word()
        return None if word is None else self.choose(word)

    def back(self) -> None:
        """Take back the last value tapped, or leave the form chosen when none is tapped yet."""
        if self.sent:
            return
        if self.typed or self.picked:
            self.typed, self.picked = "", {}
        elif self.extra_index is not None:
            filled = self.extras.get(self.extra_index, [])
            if filled:
                filled.pop()
            if not filled:
                self.extras.pop(self.extra_index, None)
                self.extra_index = None
        elif self.extras:
            last = list(self.extras)[-1]
            self.extras[last].pop()
            self.extra_index = last
            if not self.extras[last]:
                del self.extras[last]
                self.extra_index = None
        elif self.values:
            self.values.pop()
        else:
            self.cancel()

    @property
    def can_back(self) -> bool:
        """Whether BACK would change anything: a value tapped, or a form chosen by hand."""
        if self.sent:
            return False
        if self.values or self.typed or self.picked or self.extras or self.extra_index is not None:
            return True
        main = self.main_forms()
        chosen_for_you = len(main) == 1 and main[0][0] == self.form_index
        return self.form_index is not None and not chosen_for_you

    def cancel(self) -> None:
        if self.sent:
            return
        self.values, self.typed, self.form_index = [], "", None
        self.extras, self.extra_index, self.picked = {}, None, {}
        self.__post_init__()

    def _send(self, text: str) -> str:
        self.sent = True
        return text

    # The number pad and the text field ------------------------------------------------------

    def key(self, key: str) -> None:
        """A number-pad key: a digit, "." where the slot takes decimals, "-" to flip the sign,
        or "C" to clear."""
        slot = self.slot
        if slot is None or self.mode != "numpad":
            return
        if key == "C":
            self.typed = ""
        elif key == "-":
            if slot.low < 0:
                self.typed = self.typed[1:] if self.typed.startswith("-") else "-" + self.typed
        elif key == ".":
            if slot.decimals and "." not in self.typed:
                self.typed = (self.typed or "0") + "."
        elif key.isdigit():
            whole, point, frac = self.typed.lstrip("-").partition(".")
            longest = len(str(max(abs(slot.low), abs(slot.high))))
            if point and len(frac) < slot.decimals or not point and len(whole) < longest:
                self.typed += key

    def number_keys(self) -> list[str]:
        """The number pad's keys for the slot being filled."""
        slot = self.slot
        if slot is None:
            return []
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
        if slot.decimals:
            keys.append(".")
        if slot.low < 0:
            keys.append("-")
        return [*keys, "C"]

    def typed_ok(self) -> bool:
        slot = self.slot
        return slot is not None and self.offers(self.typed)

    def set_text(self, text: str) -> None:
        """What is typed in the text field (a name), kept while the coach types."""
        if self.mode == "text":
            self.typed = text


def form_captions(forms: list[EntryForm], names: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each form button's keyword and what it says under it, so buttons with the same keyword
    say what differs: their help texts, else the first value they offer differently."""
    out: list[tuple[str, str]] = []
    for form in forms:
        keyword = form.keyword.replace("_", " ").upper() or "ENTER"
        twins = [f for f in forms if f.keyword == form.keyword]
        detail = form.help
        if len(twins) > 1 and sum(f.help == form.help for f in twins) > 1:
            detail = _difference(form, twins, names) or detail
        out.append((keyword, detail))
    return out


def _difference(form: EntryForm, twins: list[EntryForm], names: Mapping[str, str]) -> str:
    """The values of the slots where same-looking forms differ, shown as a coach reads them
    ("team: Bears · in: qb2")."""
    width = min(len(f.slots) for f in twins)
    parts = []
    for i in range(width):
        if len({f.slots[i].words for f in twins}) > 1:
            words = [display_value(w, names) for w in form.slots[i].words]
            shown = " ".join(words[:4]) + (" ..." if len(words) > 4 else "")
            parts.append(f"{form.slots[i].label}: {shown}")
    return " · ".join(parts[:3])


def short_names(name: str) -> list[str]:
    """Ways to write a team's name, longest first, never cut inside a word: "San Francisco
    49ers", "SF 49ers", "SF49"; "Green Bay Packers", "GB Packers", "GBP"; "Bears", "BEAR"."""
    words = name.split()
    out = [" ".join(words)] if words else [""]
    if len(words) > 1:
        initials = "".join(w[0].upper() for w in words[:-1])
        out.append(f"{initials} {words[-1]}")
        # A number stays whole ("SF49"); a word gives its initial ("GBP").
        last = words[-1]
        digits = last[: len(last) - len(last.lstrip("0123456789"))]
        out.append(initials + (digits or last[0].upper()))
    elif words and len(words[0]) > 4:
        out.append(words[0][:4].upper())
    seen: list[str] = []
    for candidate in out:
        if candidate not in seen:
            seen.append(candidate)
    return seen
