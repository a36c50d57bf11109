"""The pages of ``zebra serve``, as HTML rendered from the game records; every stored text escaped.

Nothing here knows a rule of any game. The scoreboard, the clock and the field are the tablet's
view (``companion.board``, shared by both, no Kivy); the box score, the scoring pad, the drives
and the play-by-play are the html report's (``projections.report``); the situation is the stored
one. Each page is a set of named parts (element ids): the live stream sends a part again only
when its HTML changed, so a correction re-renders what it changed and nothing else.
"""

from __future__ import annotations

from functools import partial
from html import escape
from typing import Any
from uuid import UUID

from companion.board import clock_detail, clock_line, field_view, side_line
from companion.scorebug import Scorebug, scorebug
from companion.views import ball_line
from domain import rulesets
from domain.field import spot_name
from domain.ruleset import IllegalEntry
from projections import report, situation, standings
from projections.playrows import game_drives, plain_entry_rows
from projections.record import GameRecord
from web.fieldsvg import field_svg
from web.follow import Snapshot

SCRIPT = "/static/zebra.js"
STYLE = "/static/zebra.css"
Parts = dict[str, str]


def placed(parts: Parts, name: str, tag: str = "section", extra: str = "") -> str:
    """Part ``name`` in its element, with the id the event stream replaces it by."""
    return f'<{tag} id="{name}"{extra}>{parts.get(name, "")}</{tag}>'


def e(value: Any) -> str:
    """Any value as HTML text: names, entries and reasons are typed by people."""
    return escape(str(value), quote=True)


def title_of(ruleset: str) -> str:
    try:
        return rulesets.get(ruleset).title
    except IllegalEntry:
        return ruleset


def status_of(record: GameRecord) -> dict[str, Any]:
    """The game's status as ``zebra status --json`` shows it."""
    return situation.view(record)


def document(title: str, body_class: str, events: str, main: str) -> str:
    """A whole page: one stylesheet and one script, both served by Zebra (nothing from outside)."""
    return (
        f'<!DOCTYPE html>\n<html lang="en" class="{body_class}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{e(title)}</title><link rel="stylesheet" href="{STYLE}">'
        f'<script src="{SCRIPT}" defer></script></head>'
        f'<body class="{body_class}" data-events="{e(events)}">{main}</body></html>\n'
    )


def header(crumbs: str) -> str:
    return (
        f'<header class="top"><a href="/">Zebra · league</a>{crumbs}'
        '<span id="livestate" class="livestate">not live</span></header>'
        '<noscript><p class="notice">Without JavaScript this page does not follow the game: '
        "reload it to see the latest.</p></noscript>"
    )


def notice(snap: Snapshot, game_id: UUID | None = None) -> str:
    """What the viewer must know first: the store unreadable, a damaged game, a waiting dispute."""
    lines = []
    if snap.trouble:
        lines.append(snap.trouble)
    if game_id is not None:
        if game_id in snap.damaged:
            lines.append(snap.damaged[game_id])
        record = snap.records.get(game_id)
        if record is not None and record.pending:
            lines.append(f"Waiting for the other coach: {record.pending} (confirm or reject)")
    elif snap.damaged:
        lines += [f"Not shown: {why}" for why in snap.damaged.values()]
    return "".join(f'<p class="notice">{e(line)}</p>' for line in lines)


# The league --------------------------------------------------------------------------------


def league_parts(snap: Snapshot) -> Parts:
    games = [r for r in reversed(list(snap.records.values())) if r.game_id]
    playing = [r for r in games if not r.situation.get("finished")]
    done = [r for r in games if r.situation.get("finished")]
    return {
        "_title": f"Zebra league: {len(playing)} in progress, {len(done)} finished",
        "notice": notice(snap),
        "playing": playing_table(playing),
        "finished": finished_table(done),
        "standings": standings_tables(snap),
    }


def league_page(snap: Snapshot, parts: Parts | None = None) -> str:
    """The league page; ``parts`` if already rendered for this snapshot."""
    parts = parts or league_parts(snap)
    main = (
        header("")
        + f'<main class="league"><div id="notice">{parts["notice"]}</div>'
        + f'<h2>In progress</h2><div id="playing">{parts["playing"]}</div>'
        + f'<h2>Finished</h2><div id="finished">{parts["finished"]}</div>'
        + f'<h2>Standings</h2><div id="standings">{parts["standings"]}</div></main>'
    )
    return document(parts["_title"], "league", "/events", main)


def game_link(record: GameRecord) -> str:
    hex_id = UUID(record.game_id).hex
    return (
        f'<a href="/game/{hex_id}">{e(record.home)} v {e(record.away)}</a>'
        f'<div class="sub">{e(title_of(record.ruleset))} · {hex_id[:8]}</div>'
    )


def situation_words(status: dict[str, Any], bug: Scorebug) -> str:
    """Down, distance and the spot when a ball is in play; else the scorebug's moment of play
    (a try, a kickoff due, a scoring play or key moment) and what the game shows beside it."""
    if ball_line(status) and status.get("down") is not None:
        return ball_line(status)
    caption = field_view(status).caption
    return " · ".join(bit for bit in (bug.downs, caption) if bit)


def playing_table(records: list[GameRecord]) -> str:
    if not records:
        return '<p class="none">No game in progress.</p>'
    rows = []
    for record in records:
        s = status_of(record)
        score = s.get("score") or {"home": 0, "away": 0}
        side = s.get("possession")
        ball = e(s[side]) if side in ("home", "away") else ""
        rows.append(
            f'<tr data-game="{UUID(record.game_id).hex}"><td>{game_link(record)}</td>'
            f'<td class="score">{score["home"]} – {score["away"]}</td>'
            f"<td>{e(clock_line(s))}</td><td>{ball}</td>"
            f"<td>{e(situation_words(s, scorebug(record)))}</td>"
            f"<td>{e(when(record.last_at))}</td></tr>"
        )
    return (
        '<table class="games"><tr><th>Game (home v away)</th><th>Score</th><th>Period</th>'
        "<th>Ball</th><th>Situation</th><th>Last entry</th></tr>" + "".join(rows) + "</table>"
    )


def finished_table(records: list[GameRecord]) -> str:
    if not records:
        return '<p class="none">No finished game yet.</p>'
    rows = []
    for record in records:
        s = record.situation
        score = s.get("score") or {"home": 0, "away": 0}
        winner = s.get("winner")
        won = {"home": record.home, "away": record.away}.get(winner or "", "")
        rows.append(
            f'<tr data-game="{UUID(record.game_id).hex}"><td>{game_link(record)}</td>'
            f'<td class="score">{score["home"]} – {score["away"]}</td>'
            f"<td>{e(won) if won else 'Tie'}</td><td>{e(when(record.last_at))}</td></tr>"
        )
    return (
        '<table class="games"><tr><th>Game (home v away)</th><th>Final</th><th>Winner</th>'
        "<th>Ended</th></tr>" + "".join(rows) + "</table>"
    )


def standings_tables(snap: Snapshot) -> str:
    table = standings.project(standings.result_of(r) for r in snap.records.values() if r.game_id)
    if not table:
        return '<p class="none">No finished game yet.</p>'
    out, current = [], None
    for row in table:
        if row.ruleset != current:
            if current is not None:
                out.append("</table>")
            current = row.ruleset
            out.append(
                f'<h3>{e(title_of(current))}</h3><table class="standings"><tr><th>Team</th>'
                "<th>G</th><th>W</th><th>L</th><th>T</th><th>PF</th><th>PA</th></tr>"
            )
        out.append(
            f"<tr><td>{e(row.team)}</td><td>{row.games}</td><td>{row.wins}</td>"
            f"<td>{row.losses}</td><td>{row.ties}</td><td>{row.points_for}</td>"
            f"<td>{row.points_against}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def when(at: str) -> str:
    """An entry's time as the store keeps it (UTC), shortened to the minute."""
    return at.replace("T", " ")[:16] + " UTC" if at else ""


# One game ----------------------------------------------------------------------------------


def game_parts(snap: Snapshot, game_id: UUID) -> Parts:
    record = snap.records.get(game_id)
    if record is None or not record.game_id:
        return {"_title": "A damaged game", "notice": notice(snap, game_id)}
    s = status_of(record)
    tables = report.tables(record)
    return {
        "_title": report.headline(record),
        "notice": notice(snap, game_id),
        "scoreboard": scoreboard(record, s),
        "situation": situation_part(s, scorebug(record)),
        "field": field_svg(field_view(s), record.home, record.away),
        "clock": clock_part(s),
        "drive": drive_part(record),
        "plays": plays_part(record),
        "tables": tables_part(tables),
    }


def game_page(snap: Snapshot, game_id: UUID, parts: Parts | None = None) -> str:
    """One game's page; ``parts`` if already rendered for this snapshot."""
    parts = parts or game_parts(snap, game_id)
    hex_id = game_id.hex
    record = snap.records.get(game_id)
    crumb = f" · {e(title_of(record.ruleset))}" if record is not None else ""
    crumb += f' · game {hex_id[:8]} · <a href="/game/{hex_id}/overlay">stream overlay</a>'

    part = partial(placed, parts)

    main = (
        header(crumb)
        + '<main class="game">'
        + part("notice", "div")
        + part("scoreboard", extra=' class="scoreboard"')
        + part("situation", extra=' class="situation"')
        + part("field", "figure", ' class="field"')
        + part("clock", extra=' class="clock"')
        + '<div class="columns"><section><h2>The drive so far</h2>'
        + part("drive", "div")
        + "</section><section><h2>Play-by-play <small>(latest first)</small></h2>"
        + part("plays", "ol", ' class="pbp" reversed')
        + "</section></div>"
        + part("tables", extra=' class="tables"')
        + "</main>"
    )
    return document(parts["_title"], "game", f"/game/{hex_id}/events", main)


def scoreboard(record: GameRecord, s: dict[str, Any]) -> str:
    score = s.get("score") or {"home": 0, "away": 0}
    side = s.get("possession")
    teams = []
    for who, name in (("home", record.home), ("away", record.away)):
        has_ball = ' <span class="has-ball" title="has the ball">●</span>' if side == who else ""
        teams.append(
            f'<div class="team {who}"><div class="name">{e(name)}{has_ball}</div>'
            f'<div class="points" data-side="{who}">{score.get(who, 0)}</div>'
            f'<div class="side">{" · ".join(e(b) for b in (who, side_line(s, who)) if b)}</div>'
            "</div>"
        )
    final = ""
    if s.get("finished"):
        winner = {"home": record.home, "away": record.away}.get(s.get("winner") or "")
        final = f'<div class="final">{e(f"{winner} win" if winner else "Tie")}</div>'
    return teams[0] + f'<div class="period">{e(clock_line(s))}{final}</div>' + teams[1]


def ball_on(s: dict[str, Any]) -> str:
    """Where the ball is, named as a referee announces it (domain.field.spot_name)."""
    side, spot = s.get("possession"), s.get("ball_on")
    if side not in ("home", "away") or not isinstance(spot, int):
        return ""
    other = "away" if side == "home" else "home"
    return spot_name(spot, s[side], s[other])


def situation_part(s: dict[str, Any], bug: Scorebug) -> str:
    words = situation_words(s, bug)
    shown = f'<div class="down">{e(words)}</div>' if words else ""
    if s.get("finished"):
        return shown + '<div class="next">Final.</div>'
    return shown + f'<div class="next">Next: {e(s.get("next") or "")}</div>'


def clock_part(s: dict[str, Any]) -> str:
    """The game's own clock beyond the period the scoreboard shows: decks, hands, cards left."""
    detail = clock_detail(s)
    return f'<span class="detail">{e(detail)}</span>' if detail else ""


def play_item(play: report.PlayLine, seq: int) -> str:
    """One play-by-play line as the html report writes it: struck and amended ones marked."""
    if play.struck is not None:
        item = (
            f'<li class="struck" data-seq="{seq}"><del>{e(play.text)}</del> '
            f'<span class="reason">{play.mark}: {e(play.struck)}</span>'
        )
    else:
        cls = ' class="amended"' if play.amendments else ""
        item = f'<li{cls} data-seq="{seq}">{e(play.text)}'
    for change in play.amendments:
        words, rest = report.amended_from(change)
        item += f' <span class="reason">{words} <del>{e(change.before or "")}</del>{e(rest)}</span>'
    return item + "</li>"


def shown_plays(record: GameRecord) -> list[tuple[int, report.PlayLine]]:
    """Every play's line in play order, by its last entry's seq; an insertion taken back by a
    revert never was."""
    return [
        (play.seqs[-1], play)
        for play in report.play_lines(record)
        if play.mark != "withdrawn" and play.seqs
    ]


def plays_part(record: GameRecord) -> str:
    plays = shown_plays(record)
    if not plays:
        return '<li class="none">No entry yet.</li>'
    return "".join(play_item(play, seq) for seq, play in reversed(plays))


def drive_part(record: GameRecord) -> str:
    """The current drive (from the drive projection) and its entries that stand."""
    if record.situation.get("finished"):
        return '<p class="none">The game is over.</p>'
    rows = plain_entry_rows(record)
    standing = [r for r in rows if not r["play_deleted"]]
    drive = standing[-1]["drive"] if standing else None
    drives = game_drives(record)
    if drive is None or not drives:
        return '<p class="none">No drive yet.</p>'
    current = drives[-1]
    status = status_of(record)
    side = status.get("possession")
    if side in ("home", "away") and status[side] != current.team:
        # The ball changed hands and the new drive has no entry yet.
        where = ball_on(status)
        return f'<p class="drive-head">{e(status[side])} take over' + (
            f" at {e(where)}</p>" if where else "</p>"
        )
    counted = f"{current.plays} play" if current.plays == 1 else f"{current.plays} plays"
    head = (
        f'<p class="drive-head">Drive {current.number} · {e(current.team)} · {e(current.start)}'
        f" · {counted}, {current.yards} yards</p>"
    )
    seqs = {r["zebra_seq"] for r in standing if r["drive"] == drive}
    items = [play_item(play, seq) for seq, play in shown_plays(record) if seq in seqs]
    return head + '<ol class="pbp">' + "".join(items) + "</ol>"


def tables_part(tables: list[report.Table]) -> str:
    """The report's tables (box score, scoring pad or slots, scoring and drive summaries...)."""
    out = []
    for table in tables:
        slug = table.title.lower().replace(" ", "-")
        out.append(f"<h2>{e(table.title)}</h2>")
        if not table.body:
            out.append('<p class="none">(none)</p>')
            continue
        out.append(
            f'<table id="{e(slug)}"><tr>'
            + "".join(f"<th>{e(h)}</th>" for h in table.head)
            + "</tr>"
        )
        for row in table.body:
            out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        out.append("</table>")
    return "".join(out)


# The stream overlay --------------------------------------------------------------------------


def overlay_parts(snap: Snapshot, game_id: UUID) -> Parts:
    record = snap.records.get(game_id)
    if record is None or not record.game_id:
        return {"_title": "Zebra overlay", "bug": ""}
    s = status_of(record)
    bug = scorebug(record)
    return {"_title": report.headline(record), "bug": bug_html(record, s, bug)}


def bug_html(record: GameRecord, s: dict[str, Any], bug: Scorebug) -> str:
    """The stream's strip: the teams with their points and time-outs, the period, the downs (or
    the try, the kickoff, the game's own phase), the spot, the game's own clock, and a banner
    for the last play's moment."""
    score = s.get("score") or {"home": 0, "away": 0}
    side = s.get("possession")
    teams = []
    for who, name in (("home", record.home), ("away", record.away)):
        timeouts = ""
        if bug.timeouts is not None:
            left = bug.timeouts[who]
            timeouts = (
                f'<span class="timeouts" data-left="{left}" title="time-outs left">'
                + "".join('<i class="to"></i>' for _ in range(left))
                + f"<small>TO {left}</small></span>"
            )
        teams.append(
            f'<span class="team {who}{" possession" if side == who else ""}">'
            f'<span class="name">{e(name)}</span><span class="points">{score.get(who, 0)}</span>'
            f"{timeouts}</span>"
        )
    bits = [f'<span class="period">{e(bug.period)}</span>']
    if bug.downs:
        bits.append(f'<span class="downs">{e(bug.downs)}</span>')
    spot = ball_on(s)
    if spot and s.get("down") is not None and not s.get("finished"):
        bits.append(f'<span class="spot">Ball on {e(spot)}</span>')
    if bug.clock and not s.get("finished"):
        lines = "".join(f"<span>{e(part)}</span>" for part in bug.clock.split(" · "))
        bits.append(f'<span class="gameclock">{lines}</span>')
    if bug.moment is not None:
        bits.append(f'<span class="moment {bug.moment}">{e(bug.banner)}</span>')
    return "".join(teams) + "".join(bits)


def overlay_page(snap: Snapshot, game_id: UUID, parts: Parts | None = None) -> str:
    """The stream overlay of one game; ``parts`` if already rendered for this snapshot."""
    parts = parts or overlay_parts(snap, game_id)
    main = f'<div id="bug" class="bug">{parts["bug"]}</div>'
    return document(parts["_title"], "overlay", f"/game/{game_id.hex}/overlay/events", main)


def missing_page(key: str) -> str:
    main = header("") + (
        f'<main><p class="notice">No game {e(key)} in this store (or the id matches more than '
        "one game): the league page lists them.</p></main>"
    )
    return document("No such game", "missing", "", main)
