"""What the tablet shows, computed from the service's answers; no Kivy here, so it is testable.

Nothing in this module knows a rule of any game: the banner is built only from the rulings'
kinds and points, the field strip and the scoreboard only from the status (the entry pad, from
the prompt's forms, is mobile.pad). Every game's ruleset decides; the tablet draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from companion.views import ball_line, ordinal, period
from domain import field
from domain.ruleset import SITUATION_KEYS, Ruling

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
    "tan": (0.82, 0.71, 0.55, 1),
    "brown": (0.45, 0.27, 0.12, 1),
}
NEUTRAL = (0.22, 0.26, 0.33, 1)

BannerKind = Literal["none", "plain", "score", "turnover", "final", "error", "struck"]


# The field and the ball. The ball is cream with a dark seam, not brown: on the field's green a
# brown ball measured 1.1:1; this one is above the 3:1 WCAG asks of a graphic a coach must see.
FIELD_GREEN = (0.1, 0.45, 0.18, 1)
BALL_COLOUR = (1.0, 0.96, 0.86, 1)
BALL_SEAM = (0.25, 0.13, 0.05, 1)
LINE_TO_GAIN = (1, 0.85, 0.0, 1)


def luminance(rgba: tuple[float, ...]) -> float:
    """Relative luminance of an sRGB colour (WCAG 2.x)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: tuple[float, ...], other: tuple[float, ...]) -> float:
    """The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    a, b = sorted((luminance(one), luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def die_colour(colour: str | None) -> tuple[float, float, float, float]:
    return DIE_COLOURS.get((colour or "").lower(), NEUTRAL)


def text_colour_on(rgba: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Black on light faces (a white die), white on dark ones, so the face stays readable."""
    r, g, b, _ = rgba
    return (0.05, 0.05, 0.05, 1) if 0.3 * r + 0.59 * g + 0.11 * b > 0.6 else (1, 1, 1, 1)


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
    skip = {*SITUATION_KEYS, "game_id", "entries", "struck", "pad", "options", "phase", "version"}
    skip |= {"pending", "goal_to_go", "overtime"}
    skip.add("challenges")
    bits = []
    for key, value in status.items():
        if key in skip or value in (None, False, [], {}):
            continue
        flat = _flat(value, names, key)
        if 0 < len(flat) <= 4:
            bits.extend(f"{k.replace('_', ' ')}: {v}" for k, v in flat)
    return "  ·  ".join(bits[:8])


def down_text(status: dict[str, Any]) -> str:
    """Down and distance as the scoreboard shows it, as large as the score: "3rd & 7",
    "1st & Goal"; empty when the game has no downs or no ball is in play."""
    down, distance = status.get("down"), status.get("distance")
    if not isinstance(down, int) or status.get("possession") not in ("home", "away"):
        return ""
    to_go = "Goal" if status.get("goal_to_go") else distance
    return f"{ordinal(down)} & {to_go}" if to_go is not None else ordinal(down)


def spot_text(status: dict[str, Any], names: Mapping[str, str] | None = None) -> str:
    """Where the ball is, as the field says it: "Bears 30", "50" (``names`` may shorten the
    team's name); empty without a ball in play."""
    side, ball_on = status.get("possession"), status.get("ball_on")
    if side not in ("home", "away") or not isinstance(ball_on, int):
        return ""
    names = names or team_names(status)
    defence = "away" if side == "home" else "home"
    return field.spot_name(ball_on, names[side], names[defence])


def spot_texts(status: dict[str, Any]) -> list[str]:
    """Shorter ways to say where the ball is, for a narrow scoreboard: "SF 49ers 30", "SF49 30"."""
    from mobile.pad import short_names

    names = team_names(status)
    out = []
    short = {side: short_names(names[side]) for side in ("home", "away")}
    for i in range(1, max(len(s) for s in short.values())):
        shorter = {side: short[side][min(i, len(short[side]) - 1)] for side in short}
        out.append(spot_text(status, shorter))
    return [t for t in out if t]


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
            f"   {title} · {state}\n{summary.entries} entries · last {when} UTC · "
            f"{summary.game_id.hex[:8]}"
        ),
    }


def log_row(line: Any, last_standing: int | None) -> dict[str, Any]:
    """A log-drawer row for one line of the record; struck entries are drawn struck through
    with the reason.

    Every row answers a long press: a standing entry may be struck, amended or have one inserted
    before it (the last one: undone), a struck one restored; a row a correction touched offers
    to revert that correction (its latest), as ``zebra revert`` does.
    """
    rulings = " ".join(str(r.get("text", "")) for r in line.rulings)
    standing = line.struck is None
    if not standing:
        text = (
            f"[color=888888][s]{line.seq}. {escape(line.text)}   {escape(rulings)}[/s]"
            f"\n[i]struck: {escape(line.struck or 'no reason given')}[/i][/color]"
        )
    else:
        text = f"[b]{line.seq}. {escape(line.text)}[/b]\n{escape(rulings)}"
    ids = [c.correction for c in line.history if getattr(c, "correction", None)]
    return {
        "seq": line.seq,
        "entry": line.text,
        "text": text,
        "standing": standing,
        "last": line.seq == last_standing,
        "actionable": True,
        "correction": ids[-1] if ids else "",
    }


def log_rows(lines: Any, cache: dict[Any, dict[str, Any]]) -> list[dict[str, Any]]:
    """The drawer's rows, latest first; a row is built once per state of its line (``cache``),
    so a tap that adds one entry builds one row, not the whole log."""
    shown = [line for line in lines if not line.withdrawn]
    standing = [line.seq for line in shown if line.struck is None]
    last = standing[-1] if standing else None
    rows = []
    for line in reversed(shown):
        key = _row_key(line, last)
        row = cache.get(key)
        if row is None:
            row = cache[key] = log_row(line, last)
        rows.append(row)
    if len(cache) > 4 * len(shown) + 64:
        live = {_row_key(line, last) for line in shown}
        for key in [k for k in cache if k not in live]:
            del cache[key]
    return rows


def _row_key(line: Any, last: int | None) -> tuple[Any, ...]:
    """What a row shows, and so when it must be built again (a re-derived ruling, a strike)."""
    rulings = tuple(str(r.get("text", "")) for r in line.rulings)
    return (line.seq, line.text, line.struck, line.history, rulings, line.seq == last)


def escape(text: str) -> str:
    """Entries are free text; keep Kivy markup characters from being read as markup."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
