"""What the tablet shows, computed from the service's answers; no Kivy here, so it is testable.

Nothing in this module knows a rule of any game: the entry pad is built only from the prompt's
forms and slots, the banner only from the rulings' kinds and points, the field strip only from
the status. Every game's ruleset decides; the tablet draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.views import ball_line, ordinal, period
from domain.ruleset import SITUATION_KEYS, EntryForm, Prompt, Ruling, Slot

# Forms a coach may call at any moment; they live in the interrupt row beside undo, so the
# main pad stays about what the table is doing now.
INTERRUPT_KEYWORDS = ("timeout", "challenge")

# Ranges this small read faster as a row of buttons than as a number pad.
MAX_BUTTON_NUMBERS = 20

# Ruling kinds that hand the ball to the other team; shown in the turnover colours.
TURNOVER_WORDS = ("turnover", "interception", "fumble", "loose", "downs", "recovered", "onside")

DIE_COLOURS: dict[str, tuple[float, float, float, float]] = {
    "green": (0.12, 0.55, 0.25, 1),
    "white": (0.96, 0.96, 0.94, 1),
    "red": (0.78, 0.12, 0.12, 1),
    "black": (0.1, 0.1, 0.1, 1),
    "blue": (0.15, 0.35, 0.8, 1),
    "yellow": (0.95, 0.8, 0.1, 1),
    "orange": (0.95, 0.5, 0.1, 1),
    "purple": (0.5, 0.2, 0.65, 1),
}
NEUTRAL = (0.22, 0.26, 0.33, 1)

BannerKind = Literal["none", "plain", "score", "turnover", "final", "error", "struck"]


def die_colour(colour: str | None) -> tuple[float, float, float, float]:
    return DIE_COLOURS.get((colour or "").lower(), NEUTRAL)


def text_colour_on(rgba: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Black on light faces (a white die), white on dark ones, so the face stays readable."""
    r, g, b, _ = rgba
    return (0.05, 0.05, 0.05, 1) if 0.3 * r + 0.59 * g + 0.11 * b > 0.6 else (1, 1, 1, 1)


@dataclass(frozen=True)
class Choice:
    """One button of the pad: what it shows and the value it puts into the entry."""

    label: str
    value: str
    colour: str | None = None


@dataclass
class Pad:
    """The entry pad's state: which legal form is being filled in and the values tapped so far.

    ``choose`` accepts only a value the current slot offers, and the entry text is built by the
    form itself, so the pad cannot compose anything the prompt did not offer.
    """

    prompt: Prompt
    names: dict[str, str] = field(default_factory=dict)
    form_index: int | None = None
    values: list[str] = field(default_factory=list)
    typed: str = ""

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
    def slot(self) -> Slot | None:
        form = self.form
        if form is None or len(self.values) >= len(form.slots):
            return None
        return form.slots[len(self.values)]

    @property
    def in_progress(self) -> bool:
        """Some values of a form are tapped and more are due."""
        form = self.form
        return form is not None and 0 < len(self.values) < len(form.slots)

    @property
    def mode(self) -> Literal["forms", "choices", "numpad", "idle"]:
        slot = self.slot
        if slot is None:
            return "forms" if self.main_forms() else "idle"
        return "numpad" if needs_numpad(slot) else "choices"

    def choices(self) -> list[Choice]:
        """The legal values for the slot being filled, as buttons."""
        slot, form = self.slot, self.form
        if slot is None or form is None:
            return []
        return [c for c in slot_choices(slot, self.names) if form.offers(self.values, c.value)]

    def form_label(self, form: EntryForm, help_size: int = 18) -> str:
        return form_title(form, help_size)

    def progress(self) -> str:
        """The values tapped so far, grouped by label, with a gap for each one still due."""
        form = self.form
        if form is None:
            return ""
        parts: list[str] = []
        groups: list[tuple[str, list[str]]] = []
        for i, slot in enumerate(form.slots):
            shown = display_value(self.values[i], self.names) if i < len(self.values) else "_"
            label = group_label(slot)
            if groups and groups[-1][0] == label:
                groups[-1][1].append(shown)
            else:
                groups.append((label, [shown]))
        for label, shown in groups:
            parts.append(f"{label}: {' '.join(shown)}")
        head = form.keyword.upper() if form.keyword else ""
        return (head + "   " if head else "") + "   |   ".join(parts)

    # Taps -------------------------------------------------------------------------------

    def select(self, index: int) -> str | None:
        """A form button: returns the entry when the form needs no values, else starts it."""
        form = self.prompt.forms[index]
        self.form_index, self.values, self.typed = index, [], ""
        if not form.slots:
            return form.compose([])
        return None

    def choose(self, value: str) -> str | None:
        """A value button: returns the entry text once the last slot is filled."""
        slot = self.slot
        form = self.form
        if slot is None or form is None:
            raise ValueError("no value is due now")
        if needs_numpad(slot):
            if not form.offers(self.values, value):
                raise ValueError(f"{value!r} is not offered for {slot.label}")
        elif value not in {c.value for c in self.choices()}:
            raise ValueError(f"{value!r} is not offered for {slot.label}")
        self.values.append(value)
        self.typed = ""
        if len(self.values) == len(form.slots):
            return form.compose(list(self.values))
        return None

    def back(self) -> None:
        """Take back the last value tapped, or leave the form chosen when none is tapped yet."""
        if self.typed:
            self.typed = ""
        elif self.values:
            self.values.pop()
        else:
            self.cancel()

    @property
    def can_back(self) -> bool:
        """Whether BACK would change anything: a value tapped, or a form chosen by hand."""
        if self.values or self.typed:
            return True
        main = self.main_forms()
        chosen_for_you = len(main) == 1 and main[0][0] == self.form_index
        return self.form_index is not None and not chosen_for_you

    def cancel(self) -> None:
        self.values, self.typed, self.form_index = [], "", None
        self.__post_init__()

    # The number pad -----------------------------------------------------------------------

    def key(self, key: str) -> None:
        """A number-pad key: a digit, "-" to flip the sign, or "C" to clear."""
        slot = self.slot
        if slot is None:
            return
        if key == "C":
            self.typed = ""
        elif key == "-":
            if slot.low < 0:
                self.typed = self.typed[1:] if self.typed.startswith("-") else "-" + self.typed
        elif key.isdigit():
            longest = len(str(max(abs(slot.low), abs(slot.high))))
            if len(self.typed.lstrip("-")) < longest:
                self.typed += key

    def typed_ok(self) -> bool:
        form = self.form
        return form is not None and form.offers(self.values, self.typed)


def needs_numpad(slot: Slot) -> bool:
    return slot.kind == "number" and slot.high - slot.low + 1 > MAX_BUTTON_NUMBERS


def slot_choices(slot: Slot, names: dict[str, str]) -> list[Choice]:
    if slot.kind == "word":
        return [Choice(display_value(w, names), w, slot.colour) for w in slot.words]
    return [Choice(str(v), str(v), slot.colour) for v in range(slot.low, slot.high + 1)]


def display_value(value: str, names: dict[str, str]) -> str:
    """Team words are shown as the team's name, so a coach taps "Bears", not "home"."""
    return names.get(value, value)


def group_label(slot: Slot) -> str:
    """ "Bears white 2" and "Bears white 3" share the group "Bears white"."""
    head, _, tail = slot.label.rpartition(" ")
    return head if head and tail.isdigit() and slot.kind == "die" else slot.label


def form_title(form: EntryForm, help_size: int = 18) -> str:
    """A form button's caption: the keyword in capitals over its help text."""
    keyword = form.keyword.replace("_", " ").upper() or "ENTER"
    return f"{keyword}\n[size={help_size}sp]{form.help}[/size]" if form.help else keyword


# The ruling banner ---------------------------------------------------------------------------


def banner(
    rulings: tuple[Ruling, ...] | list[Ruling], names: dict[str, str]
) -> tuple[str, str, str]:
    """The banner after an entry: a headline a coach cannot miss, the ruling sentences, a kind."""
    if not rulings:
        return "", "", "none"
    texts = " ".join(r.text for r in rulings)
    kinds = [r.kind for r in rulings]
    touchdown = next((r for r in rulings if "touchdown" in r.kind), None)
    if touchdown is not None:
        team = names.get(touchdown.team or "", "")
        return f"TOUCHDOWN {team.upper()}!", texts, "score"
    if "final" in kinds:
        return "FINAL", texts, "final"
    if any(any(w in k for w in TURNOVER_WORDS) for k in kinds):
        return "TURNOVER!", texts, "turnover"
    scorer = next((r for r in rulings if r.points > 0), None)
    if scorer is not None:
        team = names.get(scorer.team or "", "")
        points = "1 POINT" if scorer.points == 1 else f"{scorer.points} POINTS"
        return f"{points} {team.upper()}", texts, "score"
    return "", texts, "plain"


BANNER_COLOURS: dict[str, tuple[float, float, float, float]] = {
    "none": (0.1, 0.12, 0.16, 1),
    "plain": (0.16, 0.2, 0.28, 1),
    "score": (0.85, 0.65, 0.05, 1),
    "turnover": (0.75, 0.1, 0.1, 1),
    "final": (0.35, 0.2, 0.55, 1),
    "error": (0.6, 0.3, 0.0, 1),
    "struck": (0.3, 0.3, 0.3, 1),
}


def elsewhere(commands: Mapping[int, tuple[str | None, str]], since: int) -> str:
    """What another screen recorded after version ``since``, in one line for the banner.

    ``commands`` maps each version that opened a command to what the command did, as the game
    keeps them; the last three are named, so the line stays one line however long the gap.
    """
    done = [what for version, (_, what) in sorted(commands.items()) if version > since]
    if not done:
        return "The game changed on another screen."
    shown = "; ".join(done[-3:])
    if len(done) > 3:
        shown = f"{len(done) - 3} more, then {shown}"
    return f"On another screen: {shown}."


# Scoreboard, clock and field -----------------------------------------------------------------


def team_names(status: dict[str, Any]) -> dict[str, str]:
    return {"home": status.get("home", "Home"), "away": status.get("away", "Away")}


def clock_line(status: dict[str, Any]) -> str:
    """The period and, for Rush Zone, the round within the quarter: the scoreboard's centre."""
    if not status:
        return ""
    clock = status.get("clock") or {}
    if status.get("finished"):
        return "FINAL"
    if "half" in clock:
        when = "Overtime" if clock.get("overtime") else f"{ordinal(int(clock['half']))} half"
    else:
        when = period(status)
    if "round" in clock:
        when += f"  ·  Round {clock['round']} of {clock.get('rounds_per_quarter', 3)}"
        if clock.get("two_minute_warning"):
            when += "  ·  2-minute warning"
    return when


def clock_detail(status: dict[str, Any]) -> str:
    """The rest of the game's clock in its own units: Time Decks, the Action Deck, hands."""
    clock = status.get("clock") or {}
    if "round" in clock:
        return ""
    names = team_names(status)
    skip = ("half", "overtime", "timeouts")
    bits = [
        f"{k.replace('_', ' ')} {v}"
        for k, v in _flat(clock, names)
        if not any(k.endswith(word) for word in skip)
    ]
    return "  ·  ".join(bits)


def _flat(value: Any, names: dict[str, str], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            key = names.get(k, k)
            out.extend(_flat(v, names, f"{prefix} {key}".strip()))
    elif isinstance(value, bool):
        if value:
            out.append((prefix, "yes"))
    elif isinstance(value, int | str) and value is not None:
        out.append((prefix, value))
    return out


def extras_line(status: dict[str, Any]) -> str:
    """What a game without a ball position shows instead (key moments, scoring slots...)."""
    names = team_names(status)
    # Challenges sit under the team names already; the rest is shown by its own widget.
    skip = {*SITUATION_KEYS, "game_id", "entries", "struck", "pad", "options", "phase"}
    skip.add("challenges")
    bits = []
    for key, value in status.items():
        if key in skip or value in (None, False, [], {}):
            continue
        flat = _flat(value, names, key)
        if 0 < len(flat) <= 4:
            bits.extend(f"{k.replace('_', ' ')}: {v}" for k, v in flat)
    return "  ·  ".join(bits[:8])


def side_line(status: dict[str, Any], side: str) -> str:
    """Under a team's score: time-outs and challenges left, where the game has them."""
    bits = []
    timeouts = status.get("timeouts")
    if isinstance(timeouts, dict):
        bits.append(f"Time-outs {timeouts.get(side, 0)}")
    challenges = status.get("challenges")
    if isinstance(challenges, dict) and side in challenges:
        bits.append(f"Challenges {challenges[side]}")
    return "   ".join(bits)


@dataclass(frozen=True)
class FieldView:
    """The field strip in yards from the left goal line: home defends the left end zone.

    Games without a ball position show what their status has instead: the scoring slots per
    side (Masters of the Gridiron) or the drive's key moments left (Third and Long).
    """

    ball: float | None
    gain: float | None
    attacking: int  # +1 when the ball moves right, -1 when it moves left, 0 with no ball
    caption: str
    slots: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    moments: tuple[int, int] | None = None
    down_column: int | None = None  # 1st & Goal's board marks the down in four columns


def field_view(status: dict[str, Any]) -> FieldView:
    side = status.get("possession")
    ball_on = status.get("ball_on")
    if side not in ("home", "away") or not isinstance(ball_on, int):
        caption = ball_line(status) if side in ("home", "away") else ""
        return FieldView(
            None,
            None,
            0,
            caption or extras_line(status),
            slots=_slots(status),
            moments=_moments(status),
        )
    # ball_on counts yards to the goal the offence attacks; home attacks the right goal.
    to_x = (lambda y: 100.0 - y) if side == "home" else (lambda y: float(y))
    distance = status.get("distance")
    gain = None
    if isinstance(distance, int) and not status.get("goal_to_go") and ball_on - distance > 0:
        gain = to_x(ball_on - distance)
    down = status.get("down")
    column = down if status.get("ruleset") == "firstandgoal" and isinstance(down, int) else None
    return FieldView(
        to_x(ball_on), gain, 1 if side == "home" else -1, ball_line(status), down_column=column
    )


def _slots(status: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    slots = status.get("slots")
    if not isinstance(slots, dict):
        return None
    rows = []
    for side in ("home", "away"):
        boxes = slots.get(side)
        if not isinstance(boxes, list):
            return None
        rows.append(tuple(_slot_label(b) for b in boxes))
    return rows[0], rows[1]


def _slot_label(box: Any) -> str:
    if box is None:
        return ""
    if isinstance(box, dict):
        return str(box.get("points", "")) or "0"
    return str(box)


def _moments(status: dict[str, Any]) -> tuple[int, int] | None:
    left, total = status.get("key_moments_left"), status.get("key_moments")
    if isinstance(left, int) and isinstance(total, int) and total > 0:
        return left, total
    return None


def game_row(summary: Any, title: str) -> dict[str, Any]:
    """A home-screen row for one stored game, as a plain dict for the RecycleView."""
    score = summary.score
    state = "final" if summary.finished else "in play"
    when = summary.last_at.replace("T", " ")[:16]
    return {
        "game_id": str(summary.game_id),
        "text": (
            f"[b]{summary.home} {score.get('home', 0)} - {summary.away} {score.get('away', 0)}[/b]"
            f"   {title} · {state}\n[size=18sp]{summary.entries} entries · last {when} UTC · "
            f"{summary.game_id.hex[:8]}[/size]"
        ),
    }


def log_row(play: Any, last_standing: int | None, corrections: frozenset[str]) -> dict[str, Any]:
    """A log-drawer row; struck entries are drawn struck through with the reason.

    ``actionable`` rows answer a long press: the last standing entry always (undo), any other
    standing entry when the service can strike it, a struck one when it can restore it.
    """
    rulings = " ".join(play.rulings)
    standing = play.struck is None
    if not standing:
        text = (
            f"[color=888888][s]{play.seq}. {escape(play.entry)}   {escape(rulings)}[/s]"
            f"\n[i]struck: {escape(play.struck or 'no reason given')}[/i][/color]"
        )
    else:
        text = f"[b]{play.seq}. {escape(play.entry)}[/b]\n{escape(rulings)}"
    last = play.seq == last_standing
    actionable = last or ("strike" in corrections if standing else "restore" in corrections)
    return {
        "seq": play.seq,
        "entry": play.entry,
        "text": text,
        "standing": standing,
        "last": last,
        "actionable": actionable,
    }


def escape(text: str) -> str:
    """Entries are free text; keep Kivy markup characters from being read as markup."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
