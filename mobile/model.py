"""What the tablet shows, computed from the service's answers; no Kivy here, so it is testable.

Nothing in this module knows a rule of any game: the banner is built only from the rulings'
kinds and points, the field strip and the scoreboard only from the status (the entry pad, from
the prompt's forms, is mobile.pad). Every game's ruleset decides; the tablet draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from companion.board import spot_text, team_names
from companion.catalogue import Ruling, kind

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
# The pad while its entry is with the store: the button tapped framed in amber, the rest dimmed.
RECORDING = (1.0, 0.72, 0.1, 1)
RECORDING_DIM = (0.06, 0.07, 0.1, 0.6)

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
    """The banner after an entry: a headline a coach cannot miss, the ruling sentences, a kind.

    The headline is the biggest moment among the rulings, as domain/kinds.py types it (never
    read from a kind's name): a touchdown, the final whistle, a turnover, points, a period's end.
    """
    if not rulings:
        return "", "", "none"
    texts = " ".join(r.text for r in rulings)
    moments = {kind(r.kind).moment: r for r in reversed(rulings)}
    touchdown = moments.get("touchdown")
    if touchdown is not None:
        team = names.get(touchdown.team or "", "")
        return f"TOUCHDOWN {team.upper()}!", texts, "score"
    if "final" in moments:
        return "FINAL", texts, "final"
    if "turnover" in moments:
        return "TURNOVER!", texts, "turnover"
    scorer = next((r for r in rulings if r.points > 0), None)
    if scorer is not None:
        team = names.get(scorer.team or "", "")
        points = "1 POINT" if scorer.points == 1 else f"{scorer.points} POINTS"
        return f"{points} {team.upper()}", texts, "score"
    period = moments.get("period_end")
    if period is not None:
        return PERIOD_HEADLINES[kind(period.kind).period_end or "quarter"], texts, "plain"
    return "", texts, "plain"


# A period's end in the banner; the ruling's sentence says what follows (overtime, the kickoff).
PERIOD_HEADLINES = {"quarter": "END OF QUARTER", "half": "END OF HALF", "game": "FINAL"}


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


def spot_texts(status: dict[str, Any]) -> list[str]:
    """Shorter ways to say where the ball is, for a narrow scoreboard: "SF 49ers 30", "SF49 30"."""
    from companion.entry_pad import short_names

    names = team_names(status)
    out = []
    short = {side: short_names(names[side]) for side in ("home", "away")}
    for i in range(1, max(len(s) for s in short.values())):
        shorter = {side: short[side][min(i, len(short[side]) - 1)] for side in short}
        out.append(spot_text(status, shorter))
    return [t for t in out if t]


def game_row(summary: Any, title: str) -> dict[str, Any]:
    """A home-screen row for one stored game, as a plain dict for the RecycleView."""
    score = summary.score
    state = "final" if summary.finished else "in play"
    when = summary.last_at.replace("T", " ")[:16]
    # A marked copy (issue #26) says so, as zebra games does: the standings never count it.
    copy = f" · copy of {summary.copy_of[:8]}" if summary.copy_of else ""
    return {
        "game_id": str(summary.game_id),
        "text": (
            f"[b]{summary.home} {score.get('home', 0)} - {summary.away} {score.get('away', 0)}[/b]"
            f"   {title} · {state}{copy}\n{summary.entries} entries · last {when} UTC · "
            f"{summary.game_id.hex[:8]}"
        ),
    }


Played = tuple[int, bool, str]
"""An entry's play: its number, whether the entry opens it, its heading (companion.views)."""


def log_row(line: Any, last_standing: int | None, play: Played | None = None) -> dict[str, Any]:
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
    if play is not None and play[1]:
        # The entries are read in plays (projections.plays): the first entry of each play
        # carries its heading; a long press still corrects the entry itself.
        text = f"[color=9fb3d1][i]{escape(play[2])}[/i][/color]\n{text}"
    ids = [c.correction for c in line.history if getattr(c, "correction", None)]
    return {
        "play": play[0] if play is not None else 0,
        "seq": line.seq,
        "entry": line.text,
        "text": text,
        "standing": standing,
        "last": line.seq == last_standing,
        "actionable": True,
        "correction": ids[-1] if ids else "",
    }


def log_rows(
    lines: Any,
    cache: dict[Any, dict[str, Any]],
    plays: dict[int, Played] | None = None,
) -> list[dict[str, Any]]:
    """The drawer's rows, latest first, each entry under the play it belongs to (``plays``:
    companion.views.plays_of_entries); a row is built once per state of its line and its play
    (``cache``), so a tap that adds one entry builds one row, not the whole log."""
    shown = [line for line in lines if not line.withdrawn]
    standing = [line.seq for line in shown if line.struck is None]
    last = standing[-1] if standing else None
    played = plays or {}
    rows = []
    for line in reversed(shown):
        play = played.get(line.seq)
        key = (*_row_key(line, last), play)
        row = cache.get(key)
        if row is None:
            row = cache[key] = log_row(line, last, play)
        rows.append(row)
    if len(cache) > 4 * len(shown) + 64:
        live = {(*_row_key(line, last), played.get(line.seq)) for line in shown}
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
