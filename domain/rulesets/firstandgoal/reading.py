"""Reading an entry: cards by name, dice named by colour, faces in order or labelled."""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain import kernel
from domain.ruleset import IllegalEntry, Side
from domain.rulesets.firstandgoal.state import (
    ALIASES,
    BLACK_HIGH,
    BLACK_LOW,
    COLOUR_HIGH,
    COLOUR_LOW,
    COLOURS,
    DEFENCES,
    FAKE_KICK,
    MARKS,
    MAX_BLACK,
    PASSES,
    PEN_FACES,
    PLAY_FACES,
    REF_FACES,
    RUNS,
    TIMEOUT_OPTIONS,
    FirstAndGoalState,
    Play,
)


def read_cards(rest: Sequence[str]) -> tuple[str, bool, str, str | None]:
    """``play <offence card> <defence card> [r10|r20|clock]``, names hyphenated or spaced."""
    tokens = [ALIASES.get(t, t) for t in rest]
    if not tokens:
        raise IllegalEntry("enter both cards: play <offence card> <defence card> [r10|r20|clock]")
    mark = None
    if tokens[-1] in MARKS:
        mark = tokens.pop()
    offence, used = _match_card(tokens, RUNS + PASSES, ("run:", "pass:"), "offence")
    run = offence in RUNS or offence.startswith("run:")
    defence, used2 = _match_card(tokens[used:], DEFENCES, ("def:",), "defence")
    if used + used2 != len(tokens):
        extra = " ".join(tokens[used + used2 :])
        raise IllegalEntry(f"unexpected {extra!r} after the cards; a mark is r10, r20 or clock")
    return offence, run, defence, mark


def _match_card(
    tokens: Sequence[str], names: tuple[str, ...], free: tuple[str, ...], role: str
) -> tuple[str, int]:
    """The longest run of words naming a card of ``names`` (or an expansion card)."""
    for n in range(min(4, len(tokens)), 0, -1):
        name = ALIASES.get("-".join(tokens[:n]), "-".join(tokens[:n]))
        if name in names:
            return name, n
    if tokens and tokens[0].startswith(free) and len(tokens[0]) > len(tokens[0].split(":")[0]) + 1:
        return tokens[0], 1
    got = tokens[0] if tokens else "nothing"
    known = ", ".join(names)
    raise IllegalEntry(
        f"{got!r} is not a{'n' if role == 'offence' else ''} {role} card; one of: {known}, "
        f"or {' / '.join(f + 'NAME' for f in free)} for an expansion card"
    )


def read_colours(rest: Sequence[str], *, allow_black: bool, most: int) -> tuple[str, ...]:
    """Dice matchup (p. 5), special teams (p. 7): the dice named by colour."""
    allowed = (*COLOURS, "black") if allow_black else COLOURS
    if not rest:
        raise IllegalEntry(
            f"name the dice to roll: dice <colour> ...; colours: {', '.join(allowed)}"
        )
    out: list[str] = []
    for token in (part for word in rest for part in re.split(r"[-+]", word) if part):
        if token not in allowed:
            raise IllegalEntry(f"{token!r} is not a die to name here; one of: {', '.join(allowed)}")
        if token != "black" and token in out:
            raise IllegalEntry(f"there is only one {token} die; name each colour once")
        out.append(token)
    if out.count("black") > MAX_BLACK:
        raise IllegalEntry(f"at most {MAX_BLACK} black dice; got {out.count('black')}")
    if len(out) > most + (MAX_BLACK if allow_black else 0):
        raise IllegalEntry(f"too many dice named ({len(out)})")
    return tuple(out)


KIND_WORDS: dict[str, tuple[str, ...]] = {
    "play": PLAY_FACES,
    "ref": REF_FACES,
    "pen": PEN_FACES,
    "fakekick": FAKE_KICK,
    "option": TIMEOUT_OPTIONS,
    "punt_row": ("fc", "ret"),
}


LABELS = {
    **{c: c for c in COLOURS},
    "black": "black",
    "play": "play",
    "ref": "ref",
    "referee": "ref",
    "pen": "pen",
    "penalty": "pen",
    "d20": "d20",
}


def die_range(name: str, kind: str) -> tuple[int, int]:
    """The faces a die can show: d20 1-20 (p. 16), black -20..10, a colour -10..30."""
    if kind == "d20" or name == "d20":
        return 1, 20
    if name == "black":
        return BLACK_LOW, BLACK_HIGH
    return COLOUR_LOW, COLOUR_HIGH


def read_dice(rest: Sequence[str], spec: tuple[tuple[str, str], ...]) -> list[int | str]:
    """Faces in the order asked, or labelled by die ("red 4 black -2 play t")."""
    tokens = list(rest)
    if tokens and tokens[0] in LABELS:
        tokens = _unlabel(tokens, spec)
    if len(tokens) != len(spec):
        raise IllegalEntry(f"expected {len(spec)} faces ({describe(spec)}); got {len(tokens)}")
    out: list[int | str] = []
    for token, (name, kind) in zip(tokens, spec, strict=True):
        if kind in ("num", "d20"):
            low, high = die_range(name, kind)
            # A sign only on a die whose range goes below zero: the black die "usually shows a
            # negative value" (p. 3); the coloured range is docs/entries.md's. The d20 has none.
            read = kernel.signed_number if low < 0 else kernel.number
            out.append(read(token, low, high, f"the {name} die"))
        else:
            faces = KIND_WORDS[kind]
            if token not in faces:
                what = DIE_NAMES.get(name, name)
                raise IllegalEntry(f"the {what} shows one of {', '.join(faces)}; got {token!r}")
            out.append(token)
    return out


def _unlabel(tokens: list[str], spec: tuple[tuple[str, str], ...]) -> list[str]:
    """Labelled faces ("red 4 tan 2") put in the asked order; an uncalled colour is refused."""
    if len(tokens) % 2:
        raise IllegalEntry(f"give each die's label and face; expected {describe(spec)}")
    slots: list[str | None] = [None] * len(spec)
    for label_token, value in zip(tokens[::2], tokens[1::2], strict=True):
        label = LABELS.get(label_token)
        if label is None:
            raise IllegalEntry(f"{label_token!r} is not a die; expected {describe(spec)}")
        free = [i for i, (name, _) in enumerate(spec) if name == label and slots[i] is None]
        if not free:
            if any(name == label for name, _ in spec):
                raise IllegalEntry(f"the {label} die was given too many times")
            raise IllegalEntry(
                f"no {label} die is rolled now: the dice called for are {describe(spec)}"
            )
        slots[free[0]] = value
    missing = [spec[i][0] for i, v in enumerate(slots) if v is None]
    if missing:
        raise IllegalEntry(f"missing the {', '.join(missing)} die; expected {describe(spec)}")
    return [v for v in slots if v is not None]


def describe(spec: tuple[tuple[str, str], ...]) -> str:
    """The dice of a roll, named in the order asked."""
    return ", ".join(name for name, _ in spec)


def roll_dice_spec(play: Play) -> tuple[tuple[str, str], ...]:
    """The dice of the roll now (p. 5): colours, blacks, then the play die."""
    if play.pending is not None:
        return (("d20", "d20"),)  # the d20 table's second roll, alone (p. 16)
    spec = [(c, "d20" if c == "d20" else "num") for c in play.colours]
    spec += [("black", "num")] * play.blacks
    if play.play_die:
        spec.append(("play", "play"))
    return tuple(spec)


def show_values(spec: tuple[tuple[str, str], ...], values: Sequence[int | str]) -> str:
    """The faces rolled, each with its die, as the rulings say them."""
    return ", ".join(f"{name} {v}" for (name, _), v in zip(spec, values, strict=True))


def show_card(card: str) -> str:
    """A card's name as printed (upper case, spaces)."""
    return card.split(":", 1)[-1].replace("-", " ").upper()


def pen_text(pen: str, on_defence: bool) -> str:
    """Penalty die (p. 6): the yards, 5A an automatic 1st down against the defence."""
    if pen == "5a":
        return "5 yards and an automatic 1st down" if on_defence else "5 yards (5A)"
    return f"{pen} yards"


def one_side(rest: Sequence[str], keyword: str, state: FirstAndGoalState) -> Side:
    """The team an entry names: home, away, a team's name, or off/def once play has begun."""
    if len(rest) != 1:
        raise IllegalEntry(f"enter the team: {keyword} home | {keyword} away")
    roles: dict[str, Side] = {}
    if state.offense is not None and state.phase != "toss":
        roles = dict.fromkeys(kernel.OFFENCE_WORDS, state.offense)
        roles.update(dict.fromkeys(kernel.DEFENCE_WORDS, state.defence))
    return kernel.side_word(rest[0], state, labels=roles)


DIE_NAMES = {
    "play": "play die",
    "ref": "referee die",
    "pen": "penalty die",
    "offence": "offence's card",
    "defence": "defence's card",
    "return": "d20 table row",
}
