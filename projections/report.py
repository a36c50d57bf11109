"""The printable game report (Markdown and one self-contained HTML file) and the entries script.

The report reads the play projection (projections/plays.py) and the final situation: box
score, the game's own score sheet (the Rush Zone scoring pad, the Masters of the Gridiron slots
with the defensive scores placed to the side), the scoring summary saying how each score
happened, the drive summary, the players' lines from the plays that stand, time-outs and
challenges, and the play-by-play one play a line in the paper scorekeeper's style.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any

from domain import field
from projections.playrows import game_drives
from projections.plays import Play, division, player_stats, plays
from projections.record import Change, GameRecord


@dataclass(frozen=True)
class Table:
    title: str
    head: list[str]
    body: list[list[str]]


@dataclass(frozen=True)
class PlayLine:
    """One play-by-play line, with its strike and amendments so the report shows the trail."""

    text: str
    struck: str | None
    amendments: tuple[Change, ...] = ()
    # "struck", or "withdrawn" for an insertion its correction's revert took back: either way
    # the line no longer counts, and the report shows it crossed out with the reason.
    mark: str = "struck"
    # The seqs of the play's entries (the record's numbers for them).
    seqs: tuple[int, ...] = ()


def entries_script(record: GameRecord) -> str:
    """The effective entries as a script that ``zebra play RULESET --script`` replays."""
    lines = [
        f"# {record.home} v {record.away}: the entries of Zebra game {record.game_id}",
        f"@ruleset {record.ruleset}",
        f"@home {record.home}",
        f"@away {record.away}",
        *(f"@option {k}={v}" for k, v in sorted(record.options.items())),
        # Only a calendar the game was given: without one, a game imported is in the season of
        # the year it is imported, as its gameday is that day (docs/rulings.md, "Seasons").
        *([] if record.season is None else [f"@season {record.season}"]),
        *([] if record.week is None else [f"@week {record.week}"]),
        *(line.text for line in record.effective),
    ]
    return "\n".join(lines) + "\n"


def tables(record: GameRecord) -> list[Table]:
    """The report's tables, shared by the Markdown and HTML renderings."""
    periods = division(record.ruleset)
    standing = [p for p in plays(record) if not p.deleted]
    yards = periods.unit != "regulation" and any(p.yardline_100 is not None for p in standing)
    found = [
        _box_score(record),
        _scoring_pad(record),
        _scoring_slots(record),
        Table(
            "Scoring summary",
            ["Period", "Team", "Play", "Score"],
            scoring_summary(record, standing),
        ),
        _drive_summary(record),
        player_table(record, yards=yards),
        _timeouts_and_challenges(record),
    ]
    return [table for table in found if table is not None]


def _names(record: GameRecord) -> dict[str, str]:
    """The team names by side."""
    return {"home": record.home, "away": record.away}


def _box_score(record: GameRecord) -> Table:
    """The points of each side by period, and the total."""
    final = record.situation
    names = _names(record)
    quarters = final.get("score_by_quarter") or []
    return Table(
        "Box score",
        ["Team", *division(record.ruleset).labels(len(quarters)), "Total"],
        [
            [names[s], *(str(q[s]) for q in quarters), str(final.get("score", {}).get(s, 0))]
            for s in ("home", "away")
        ],
    )


def _scoring_pad(record: GameRecord) -> Table | None:
    """The scoring pad a game keeps (offence and defence boxes by quarter), if it keeps one."""
    pad = record.situation.get("pad")
    if not pad:
        return None
    names = _names(record)
    head = ["Team"]
    for q in pad:
        head += [f"{q['quarter']} OFF", f"{q['quarter']} DEF", f"{q['quarter']}"]
    body = []
    for s in ("home", "away"):
        cells = [names[s]]
        for q in pad:
            box = q[s]
            cells += [
                " ".join(str(b) for b in box["off"]) or "-",
                " ".join(str(b) for b in box["def"]) or "-",
                str(box["total"]),
            ]
        body.append(cells)
    return Table("Scoring pad", head, body)


def _scoring_slots(record: GameRecord) -> Table | None:
    """Masters of the Gridiron's scoring slots, if the game has them."""
    final = record.situation
    slots = final.get("slots")
    if not isinstance(slots, dict):
        return None
    names = _names(record)
    # "Successful defensive scoring plays can be placed to the side"
    # (masters-of-the-gridiron.txt): their own column, so each row sums to the total.
    side = final.get("defensive_scores") or {}
    width = max((len(slots.get(s, [])) for s in ("home", "away")), default=0)
    body = [
        [
            names[s],
            *(_slot(x) for x in slots.get(s, [])),
            *([""] * (width - len(slots.get(s, [])))),
            " ".join(_slot(x) for x in side.get(s, [])) or "-",
        ]
        for s in ("home", "away")
    ]
    return Table("Scoring slots", ["Team", *map(str, range(1, width + 1)), "Side"], body)


def _drive_summary(record: GameRecord) -> Table:
    """Every drive: its team, period, start, plays, yards and result (no spots in a slot game)."""
    names = _names(record)
    slot_game = division(record.ruleset).unit == "regulation"
    return Table(
        "Drive summary",
        [
            "Drive",
            "Team",
            "Period",
            "Started with",
            *([] if slot_game else ["From"]),
            "Plays",
            *([] if slot_game else ["Yards"]),
            "Result",
        ],
        [
            [
                str(d.number),
                d.team,
                d.period,
                d.start,
                *([] if slot_game else [_field_position(d.start_yardline, d.team, names)]),
                str(d.plays),
                *([] if slot_game else [str(d.yards)]),
                d.end or "",
            ]
            for d in game_drives(record)
        ],
    )


def _timeouts_and_challenges(record: GameRecord) -> Table | None:
    """The time-outs and challenges each side used, if the game counts them or any were used."""
    names = _names(record)
    counts = {(s, k): 0 for s in ("home", "away") for k in ("timeout", "challenge")}
    for line in record.effective:
        for ruling in line.rulings:
            # The challenge call counts once; its review result is a ruling of its own.
            key = (ruling.get("team"), ruling["kind"])
            if key in counts:
                counts[key] += 1
    if record.situation.get("timeouts") is None and not any(counts.values()):
        return None
    return Table(
        "Time-outs and challenges used",
        ["Team", "Time-outs", "Challenges"],
        [
            [names[s], str(counts[(s, "timeout")]), str(counts[(s, "challenge")])]
            for s in ("home", "away")
        ],
    )


def player_table(record: GameRecord, *, yards: bool) -> Table | None:
    """The per-player box score of a card game, from the plays that stand (a replayed down
    counts for nobody, a scramble is the passer's run); None when the game names no players."""
    found = player_stats(record)
    if not found:
        return None
    names = {"home": record.home, "away": record.away}
    # Without a field there are no yards, and no catch or completion to tell from a target.
    shown = [k for k in STAT_KEYS if yards or k in ("runs", "passes", "targets", "td", "int")]
    body = []
    for line in sorted(found, key=lambda x: x.side):
        st = line.stats
        stats = {
            "runs": st["carries"],
            "rush_yards": st["rushing_yards"],
            "passes": st["attempts"],
            "completions": st["completions"],
            "pass_yards": st["passing_yards"],
            "targets": st["targets"],
            "catches": st["receptions"],
            "rec_yards": st["receiving_yards"],
            "td": st["rushing_tds"] + st["passing_tds"] + st["receiving_tds"],
            "int": st["interceptions"],
        }
        body.append([names[line.side], line.name, *(str(stats[k]) for k in shown)])
    return Table("Players", ["Team", "Player", *(STAT_NAMES[k] for k in shown)], body)


STAT_NAMES = {
    "runs": "Runs",
    "rush_yards": "Rushing yards",
    "passes": "Passes",
    "completions": "Completed",
    "pass_yards": "Passing yards",
    "targets": "Targets",
    "catches": "Catches",
    "rec_yards": "Receiving yards",
    "td": "TD",
    "int": "INT",
}
STAT_KEYS = tuple(STAT_NAMES)


def _field_position(ball_on: int | None, team: str, names: dict[str, str]) -> str:
    """Where a drive started, as a scorekeeper writes it: "Bears 20", "50", "Packers 35"."""
    if ball_on is None:
        return ""
    other = next((n for n in names.values() if n != team), "")
    if ball_on == field.MIDFIELD:
        return "50"
    return f"{team} {field.FIELD - ball_on}" if ball_on > field.MIDFIELD else f"{other} {ball_on}"


def _slot(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("points", value.get("result", "")))
    return "" if value is None else str(value)


def play_lines(record: GameRecord) -> list[PlayLine]:
    """The play-by-play one play a line, as a paper scorekeeper writes it: "1-10-B20 what
    happened", with the entries it came from; a struck play is crossed out with the reason."""
    names = {"home": record.home, "away": record.away}
    out = []
    for p in plays(record):
        if p.down is not None and p.yardline_100 is not None and p.posteam:
            spot = p.yardline_100
            side = names[p.posteam] if spot > 50 else names[p.defteam or p.posteam]
            mark = f"{p.down}-{p.ydstogo}-{side[:1].upper()}{min(spot, 100 - spot)} "
        else:
            mark = ""
        desc = " ".join(r.text for r in p.rulings) or "(no ruling)"
        entries = " / ".join(line.text for line in p.lines)
        text = f"{p.number}. [{entries}] {mark}{desc}"
        amendments = tuple(c for line in p.lines for c in line.history if c.kind == "amended")
        if p.deleted and all(line.withdrawn for line in p.lines):
            why = "; ".join(
                next((c.reason for c in reversed(line.history) if c.kind == "withdrawn"), "")
                for line in p.lines
            )
            out.append(PlayLine(text, why, amendments, mark="withdrawn", seqs=p.seqs))
        elif p.deleted:
            why = "; ".join(str(line.struck) for line in p.lines if line.struck is not None)
            out.append(PlayLine(text, why, amendments, seqs=p.seqs))
        else:
            out.append(PlayLine(text, None, amendments, seqs=p.seqs))
    return out


def scoring_summary(record: GameRecord, standing: list[Play]) -> list[list[str]]:
    """Each score as a scorekeeper writes it ("Packers 60-yd fumble return (PAT good)",
    "Cowboys 39-yd field goal"), with the score after it (and after its try)."""
    names = {"home": record.home, "away": record.away}
    out = []
    for i, p in enumerate(standing):
        if not p.scoring or p.category == "try":
            continue
        side = max(p.points, key=lambda s: p.points[s])
        team = names[side]
        after = p.after
        how = _how(p, team)
        if p.flags["touchdown"]:
            tried = next((q for q in standing[i + 1 :] if q.category != "timeout"), None)
            if tried is not None and tried.category == "try":
                how += f" ({_try(tried)})"
                after = tried.after
        score = after.get("score") or {"home": 0, "away": 0}
        out.append([p.period.label, team, how, f"{score['home']}-{score['away']}"])
    return out


def _how(p: Play, team: str) -> str:
    """How a score happened, from the play's type, flags, yards and players."""
    if p.flags["touchdown"]:
        if p.play_type in ("kickoff", "punt"):
            what, yards = f"{p.play_type} return", p.return_yards
        elif p.flags["fumble_lost"]:
            what, yards = "fumble return", p.return_yards
        elif p.flags["interception"]:
            what, yards = "interception return", p.return_yards
        elif p.play_type == "run":
            who = p.players.get("rusher")
            what, yards = "run" + (f" by {who}" if who else ""), p.yards_gained
        elif p.play_type == "pass":
            passer, receiver = p.players.get("passer"), p.players.get("receiver")
            what = (
                "pass"
                + (f" from {passer}" if passer else "")
                + (f" to {receiver}" if receiver else "")
            )
            yards = p.yards_gained
        else:
            what, yards = "touchdown", p.yards_gained
        return f"{team} {yards}-yd {what}" if yards else f"{team} {what}"
    if p.results.get("field_goal_result") == "made":
        distance = f" {p.kick_distance}-yd" if p.kick_distance else ""
        return f"{team}{distance} field goal"
    if p.flags["safety"]:
        return f"{team} safety"
    # A game's own points (a Special Play card, a defensive field goal): the ruling says it.
    return " ".join(r.text for r in p.rulings if r.points) or team


def _try(p: Play) -> str:
    """A try's result in the scoring summary's words."""
    if p.results.get("extra_point_result"):
        return f"PAT {p.results['extra_point_result']}"
    if p.results.get("two_point_conv_result"):
        good = p.results["two_point_conv_result"] == "success"
        return "two-point try " + ("good" if good else "failed")
    return "no try"


def amended_from(change: Change) -> tuple[str, str]:
    """An amendment as words around its old value: ("amended from", " by WHO: WHY")."""
    why = f": {change.reason}" if change.reason else ""
    return "amended from", f" by {change.by}{why}"


def headline(record: GameRecord) -> str:
    final = record.situation
    score = final.get("score") or {"home": 0, "away": 0}
    state = "Final" if final.get("finished") else "In progress"
    return f"{record.home} {score['home']}, {record.away} {score['away']} ({state})"


def markdown(record: GameRecord) -> str:
    """The game report as Markdown."""
    out = [
        f"# {_md(headline(record))}",
        "",
        _md(f"{record.ruleset} · game {record.game_id} · started {record.started_at}"),
        "",
    ]
    for table in tables(record):
        out += [f"## {table.title}", ""]
        if not table.body:
            out += ["(none)", ""]
            continue
        out.append("| " + " | ".join(_md(h) for h in table.head) + " |")
        out.append("|" + "---|" * len(table.head))
        out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in table.body]
        out.append("")
    out += ["## Play-by-play", ""]
    for play in play_lines(record):
        if play.struck is not None:
            item = f"- ~~{_md(play.text)}~~ ({play.mark}: {_md(play.struck)})"
        else:
            item = f"- {_md(play.text)}"
        for change in play.amendments:
            words, rest = amended_from(change)
            item += f" ({words} ~~{_md(change.before or '')}~~{_md(rest)})"
        out.append(item)
    return "\n".join(out) + "\n"


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# Markdown's own punctuation that could end a table cell, open code or strike text through.
_MD_SPECIAL = re.compile(r"([\\`|~])")


def _md(text: str) -> str:
    """Text as inert Markdown: one line, no raw HTML, no links, no table or strike breaks."""
    flat = _CONTROL.sub(" ", text)
    escaped = _MD_SPECIAL.sub(r"\\\1", html.escape(flat, quote=False))
    # "[text](url)" and "![alt](src)" need "](": without it, brackets are only brackets.
    return escaped.replace("](", "]\\(")


CSS = """
body{font-family:Georgia,serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.8rem;border-bottom:3px solid #111}h2{font-size:1.2rem;margin-top:1.6rem}
table{border-collapse:collapse;margin:.4rem 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #777;padding:.2rem .5rem;text-align:left}th{background:#eee}
ul.pbp{font-family:Menlo,Consolas,monospace;font-size:.85rem;list-style:none;padding-left:0}
del{color:#888}.reason{color:#a00;font-style:italic}
@media print{body{margin:0;max-width:none}h2{page-break-after:avoid}table{page-break-inside:avoid}}
"""


def html_report(record: GameRecord) -> str:
    """The game report as one self-contained HTML file (no external files), fit to print."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(headline(record))}</title><style>{CSS}</style></head><body>",
        f"<h1>{e(headline(record))}</h1>",
        f"<p>{e(record.ruleset)} · game {e(record.game_id)} · started {e(record.started_at)}</p>",
    ]
    for table in tables(record):
        slug = table.title.lower().replace(" ", "-")
        parts.append(f"<h2>{e(table.title)}</h2>")
        if not table.body:
            parts.append("<p>(none)</p>")
            continue
        parts.append(
            f'<table id="{e(slug)}"><tr>'
            + "".join(f"<th>{e(h)}</th>" for h in table.head)
            + "</tr>"
        )
        for row in table.body:
            parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    parts.append('<h2>Play-by-play</h2><ul class="pbp" id="play-by-play">')
    for play in play_lines(record):
        if play.struck is not None:
            item = (
                f'<li><del>{e(play.text)}</del> <span class="reason">{play.mark}: '
                f"{e(play.struck)}</span>"
            )
        else:
            item = f"<li>{e(play.text)}"
        for change in play.amendments:
            words, rest = amended_from(change)
            item += (
                f' <span class="reason">{words} <del>{e(change.before or "")}</del>{e(rest)}</span>'
            )
        parts.append(item + "</li>")
    parts.append("</ul>")
    meta = {"game_id": record.game_id, "ruleset": record.ruleset}
    # Inside <script> entities are not decoded: keep the JSON valid and unable to close the tag.
    data = json.dumps(meta).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    parts.append(f'<script type="application/json" id="zebra">{data}</script>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
