"""Plain-text renderings shared by the CLI: the one-screen situation, rulings, the log, forms."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.clocks import ClockItem, clock_items, item_text
from domain import rulesets
from domain.periods import QUARTERS, Division, division_shown
from domain.ruleset import EntryForm, IllegalEntry, Prompt, Ruling
from domain.sides import Sides, labelled

if TYPE_CHECKING:
    from projections.playbyplay import Play
    from projections.record import GameRecord


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def period(status: dict[str, Any]) -> str:
    """The period as the game names it (Q3, H2, OT), from its division of time."""
    shown = status.get("period")
    if isinstance(shown, dict) and shown.get("label"):
        return str(shown["label"])
    return periods_of(status).period(int(status.get("quarter") or 1)).label


def periods_of(status: dict[str, Any], periods: int = 0) -> Division:
    """How the status's game is divided in time, as far as its first ``periods`` periods show
    (quarters for a game Zebra does not know).

    Read from the period the status shows where it says (domain.periods.division_shown), so
    that ``zebra status`` need not import the game's rules; else from the ruleset."""
    shown = division_shown(status.get("period"), periods) if periods else None
    if shown is not None:
        return shown
    try:
        return rulesets.get(str(status.get("ruleset") or "")).division
    except IllegalEntry:
        return QUARTERS


def situation_screen(status: dict[str, Any], title: str = "") -> list[str]:
    """The one-screen situation: score, period and clock, ball and down, next action."""
    home, away = status["home"], status["away"]
    score = status["score"]
    width = max(len(home), len(away))
    lines = []
    if title:
        lines.append(title)
    clock = status.get("clock") or {}
    when = period(status)
    if "round" in clock:
        when += f" · round {clock['round']} of {clock.get('rounds_per_quarter', 3)}"
    if clock.get("two_minute_warning"):
        when += " · two-minute warning"
    lines.append(f"  {home:<{width}}  {score['home']:>3}   (home)   {when}")
    lines.append(f"  {away:<{width}}  {score['away']:>3}   (away)")
    held = pending_score_line(status)
    if held:
        lines.append(f"  {held}")
    ball = ball_line(status)
    if ball:
        lines.append(f"  {ball}")
    if status.get("timeouts"):
        t = status["timeouts"]
        lines.append(f"  Time-outs left: {home} {t['home']}, {away} {t['away']}")
    lines.extend(f"  {line}" for line in clock_lines(status))
    if status.get("finished"):
        lines.append("  FINAL")
    if status.get("pending"):
        lines.append(f"  Waiting for the other coach: {status['pending']} (confirm or reject)")
    if status.get("copy_of"):
        lines.append(f"  {copy_note(status['copy_of'])}")
    if status.get("set_aside") is not None:
        lines.append(f"  {aside_note(status['set_aside'])}")
    lines.append(f"Next: {status['next']}")
    return lines


# Clock facts the period line above already shows (Rush Zone's round of the quarter).
IN_PERIOD_LINE = ("Round",)


def clock_lines(status: dict[str, Any]) -> list[str]:
    """The game's own clock, one line per fact, each team's value by its name (issue #27):
    "Time Deck: Bears 20 of 40 cards left, Packers 18 of 40 cards left"."""
    groups: dict[str, list[ClockItem]] = {}
    for item in clock_items(status):
        if item.label not in IN_PERIOD_LINE:
            groups.setdefault(item.label, []).append(item)
    lines = []
    for label, items in groups.items():
        shown = ", ".join(
            item_text(i) if i.team is None else f"{status.get(i.team, i.team)} {item_text(i)}"
            for i in items
        )
        lines.append(f"{label}: {shown}")
    return lines


def pending_score_line(status: dict[str, Any]) -> str:
    """ "Pending: Rodeo +6 (touchdown), counted once the ruling on the field stands" while a
    score waits out the challenge window (``score_pending``, Third and Long)."""
    held = status.get("score_pending")
    if not isinstance(held, dict):
        return ""
    what = str(held["kind"]).replace("_", " ")
    return (
        f"Pending: {status[held['team']]} +{held['points']} ({what}), counted once the ruling "
        "on the field stands"
    )


def ball_line(status: dict[str, Any]) -> str:
    """ "Bears ball, 1st and 10 at the Packers 30" when a ball is in play."""
    side = status.get("possession")
    if side is None:
        return ""
    team = status[side]
    if status.get("ball_on") is None or status.get("down") is None:
        return f"{team} ball"
    ball_on = status["ball_on"]
    other = status["away" if side == "home" else "home"]
    spot = (
        "50"
        if ball_on == 50
        else f"{team} {100 - ball_on}"
        if ball_on > 50
        else f"{other} {ball_on}"
    )
    to_go = "goal" if status.get("goal_to_go") else status.get("distance")
    return f"{team} ball, {ordinal(status['down'])} and {to_go} at {spot}"


def pad_lines(status: dict[str, Any]) -> list[str]:
    """The Rush Zone scoring pad: OFF and DEF boxes per team per quarter, totals."""
    pad = status.get("pad")
    if not pad:
        return []
    lines = ["Scoring pad (OFF / DEF boxes, X = no score, then the quarter total):"]
    for side in ("home", "away"):
        cells = []
        for q in pad:
            boxes = q[side]
            off = " ".join(str(b) for b in boxes["off"]) or "-"
            dfn = " ".join(str(b) for b in boxes["def"]) or "-"
            cells.append(f"{q['quarter']}: {off} / {dfn} = {boxes['total']}")
        lines.append(f"  {status[side]}: " + " | ".join(cells))
    return lines


def scoreboard_lines(status: dict[str, Any]) -> list[str]:
    """Score by quarter, as on a stadium board."""
    quarters = status.get("score_by_quarter") or []
    labels = periods_of(status, len(quarters)).labels(len(quarters)) if quarters else []
    width = max(len(status["home"]), len(status["away"]), 4)
    head = f"  {'':<{width}} " + " ".join(f"{lab:>4}" for lab in labels) + "  TOTAL"
    rows = [head]
    for side in ("home", "away"):
        cells = " ".join(f"{q[side]:>4}" for q in quarters)
        rows.append(f"  {status[side]:<{width}} {cells}  {status['score'][side]:>5}")
    return rows


def ruling_lines(rulings: tuple[Ruling, ...] | list[Ruling]) -> list[str]:
    return [f"  -> {r.text}" for r in rulings]


def form_hint(form: EntryForm) -> str:
    """A form as a short hint: consecutive dice of one team are shown together."""
    parts = [form.keyword] if form.keyword else []
    groups: list[tuple[str, int]] = []
    for slot in form.slots:
        label = slot.label
        if slot.kind == "die" and slot.side is not None:
            label = label.rsplit(" ", 1)[0] if label[-1:].isdigit() else label
        if groups and groups[-1][0] == label and slot.kind == "die":
            groups[-1] = (label, groups[-1][1] + 1)
        else:
            groups.append((label, 1))
    for label, count in groups:
        parts.append(f"<{label}>" if count == 1 else f"<{count} {label} faces>")
    return " ".join(parts)


def slot_values(form: EntryForm, at: int) -> str:
    """What slot ``at`` of ``form`` takes, in words: its literal words, or its range."""
    slot = form.slots[at]
    if slot.kind == "word":
        return " | ".join(slot.words)
    if slot.kind == "text":
        shown = ", ".join(slot.words[:6]) + (", ..." if len(slot.words) > 6 else "")
        return f"any name ({shown})" if shown else "any name"
    colour = f"{slot.colour} die " if slot.colour else ""
    return f"{colour}{slot.low} to {slot.high}"


def example_of(form: EntryForm) -> str | None:
    """An entry of ``form`` built from the first value each slot offers, as one could type it;
    None when a slot offers nothing after the values before it."""
    values: list[str | int] = []
    for at, slot in enumerate(form.slots):
        offered = form.choices(values)
        if slot.kind == "text":
            values.append(offered[0] if offered else "Smith")
        elif not offered:
            return None
        else:
            # Dice of one roll read better with different faces than 1 1 1.
            pick = min(len(offered) - 1, at % 3) if slot.kind == "die" else 0
            values.append(offered[pick])
    return form.compose(values)


def help_lines(prompt: Prompt) -> list[str]:
    """``help`` at the prompt: what is due, then every entry form due now grouped by its
    keyword, each with the literal words or the range each value takes and an example."""
    lines = [f"Next: {prompt.text}"]
    if not prompt.forms:
        return [*lines, "  Nothing can be entered now."]
    groups: dict[str, list[EntryForm]] = {}
    for form in prompt.forms:
        groups.setdefault(form.keyword.split()[0] if form.keyword else "", []).append(form)
    for keyword, forms in groups.items():
        lines.append(f"  {keyword or '(values only)'}")
        shown: set[tuple[str, str, tuple[str, ...]]] = set()
        for form in forms:
            values = tuple(slot_values(form, i) for i in range(len(form.slots)))
            key = (form.syntax, form.help, values)
            if key in shown:
                continue
            shown.add(key)
            lines.append(f"    {form.syntax:<38} {form.help}")
            for slot, taken in zip(form.slots, values, strict=True):
                lines.append(f"        <{slot.label}>: {taken}")
            example = example_of(form)
            if example is not None:
                lines.append(f"        e.g. {example}")
    return lines


def legal_line(prompt: Prompt) -> str:
    if not prompt.forms:
        return ""
    return "Legal now: " + " | ".join(dict.fromkeys(form_hint(f) for f in prompt.forms))


def log_lines(plays: list[Play]) -> list[str]:
    """The play-by-play: entry number, what was typed, and what it was ruled; struck ones marked."""
    out = []
    for play in plays:
        mark = f"  [struck: {play.struck}]" if play.struck is not None else ""
        out.append(f"{play.seq:>4}. {play.entry}{mark}")
        for text in play.rulings:
            prefix = "        x " if play.struck is not None else "        "
            out.append(f"{prefix}{text}")
    if not out:
        out.append("  (no entries yet)")
    return out


def history_lines(record: GameRecord) -> list[str]:
    """Every entry ever made, in play order, with its ruling and every correction made to it."""
    out = [f"{record.home} (home) v {record.away} (away) · {record.ruleset} · {record.game_id}"]
    for change in record.disputes:
        out.append(f"  dispute: {change.kind} by {change.by} at {change.at}: {change.reason}")
    names = {"home": record.home, "away": record.away}
    for moved in record.schedules:
        cid = f"[{moved.correction}] " if moved.correction else ""
        was = f" (was {moved.before})" if moved.correction else ""
        out.append(
            f"  {cid}scheduled {moved.after} by {moved.by} at {moved.at}: {moved.reason}{was}"
        )
    for change in record.asides:
        out.append(f"  {change.kind} by {change.by} at {change.at}: {change.reason}")
    for change in record.reverts:
        out.append(
            f"  {change.correction}: took back {change.before}, by {change.by} at {change.at}: "
            f"{change.reason}"
        )
    for change in record.rerules:
        out.append(
            f"  {change.correction}: reruled ({change.before}), by {change.by} at {change.at}: "
            f"{change.reason}"
        )
    for line in record.lines:
        mark = "STRUCK" if line.struck is not None else "      "
        mark = "WITHDRN" if line.withdrawn else mark
        shown = labelled(line.text, Sides.from_dict(line.sides), names)
        out.append(f"{line.seq:>4} {mark} {line.at}  {line.by:<12} {shown}")
        for ruling in line.rulings:
            out.append(f"{'':>12}-> {ruling['text']}")
        for change in line.history:
            before = f" (was '{change.before}')" if change.before is not None else ""
            cid = f"[{change.correction}] " if change.correction else ""
            out.append(
                f"{'':>12}{cid}{change.kind} by {change.by} at {change.at}: {change.reason}{before}"
            )
    if not record.lines:
        out.append("  (no entries yet)")
    return out


def correction_lines(done: Any) -> list[str]:
    """After a correction: what else was struck, then the situation now."""
    lines = (
        []
        if not done.outcome.status.get("pending")
        else ["  Proposed; it takes effect when the other coach types: zebra confirm"]
    )
    verb = "Would also strike" if done.outcome.status.get("pending") else "Also struck"
    lines += [
        f"  {verb} entry {seq} '{text}': it no longer fits ({why})"
        for seq, text, why in done.also_struck
    ]
    return lines + situation_screen(done.outcome.status)


class ProgressLine:
    """A progress bar on one line, shown only once the work has taken more than ``after``
    seconds (a quick catch-up prints nothing)."""

    WIDTH = 30

    def __init__(
        self,
        what: str,
        write: Callable[[str], None],
        *,
        after: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.write = write
        self.after = after
        self.clock = clock
        self.started = clock()

    def __call__(self, done: int, total: int) -> None:
        if done == 0:
            # The work starts now: the second is counted from here.
            self.started = self.clock()
            return
        if self.clock() - self.started <= self.after:
            return
        filled = self.WIDTH * done // total if total else self.WIDTH
        bar = "#" * filled + "." * (self.WIDTH - filled)
        # The last call ends the bar's line, so what is printed next starts on its own.
        end = "\n" if done >= total else ""
        self.write(f"\r{self.what} [{bar}] {done:,} of {total:,} events{end}")
        if end:
            _OPEN.discard(self)
        else:
            _OPEN.add(self)


# Bars drawn and not yet ended: an error said while one is open starts on a line of its own.
_OPEN: set[ProgressLine] = set()


def end_open_lines() -> None:
    """End the line of every progress bar left open (the work stopped before its end)."""
    for bar in list(_OPEN):
        bar.write("\n")
        _OPEN.discard(bar)


def copy_note(copy_of: str) -> str:
    """What a marked copy says wherever it is shown (issue #26)."""
    return f"A copy of game {copy_of.replace('-', '')[:8]}: not counted in the standings"


def aside_note(reason: str) -> str:
    """What a game set aside says wherever it is shown (issue #27)."""
    return f"set aside: {reason}"


def plays_of_entries(record: GameRecord) -> dict[int, tuple[int, bool, str]]:
    """Each entry's play (projections.plays): its number, whether the entry opens it, and the
    play as a heading ("Play 13 · pass"), for a log that shows entries grouped in plays."""
    from projections import plays

    found: dict[int, tuple[int, bool, str]] = {}
    for play in plays.plays(record):
        heading = f"Play {play.number}"
        if play.deleted:
            heading += " · struck"
        elif play.play_type:
            heading += f" · {play.play_type.replace('_', ' ')}"
        for at, seq in enumerate(play.seqs):
            found.setdefault(seq, (play.number, at == 0, heading))
    return found
