"""The pad page of one game (``/game/ID/pad``, ``zebra serve --pad``): a phone's entry pad.

Its live parts (the score, the version, the log, a correction waiting) follow the game as every
page does (server-sent events, web/static/zebra.js); its keys are the tablet's pad, asked of the
server after each tap (web.pad_keys) and drawn by web/static/pad.js with text, never markup.
"""

from __future__ import annotations

from functools import partial
from uuid import UUID

from companion.scorebug import scorebug
from web.follow import Snapshot
from web.pages import (
    STYLE,
    Parts,
    e,
    header,
    notice,
    placed,
    scoreboard,
    situation_part,
    status_of,
    title_of,
)

PAD_SCRIPT = "/static/pad.js"
LIVE_SCRIPT = "/static/zebra.js"
PAD_STYLE = "/static/pad.css"
# The log on a phone: the latest entries, each with its corrections.
LOG_LINES = 12


def pad_parts(snap: Snapshot, game_id: UUID) -> Parts:
    """The pad's live parts: what the phone must see to enter the next thing right."""
    record = snap.records.get(game_id)
    if record is None or not record.game_id:
        return {"_title": "A damaged game", "notice": notice(snap, game_id)}
    s = status_of(record)
    lines = [line for line in record.lines if not line.withdrawn]
    log = []
    for line in reversed(lines[-LOG_LINES:]):
        rulings = " ".join(str(r.get("text", "")) for r in line.rulings)
        if line.struck is not None:
            log.append(
                f'<li class="struck" data-seq="{line.seq}"><del>{line.seq}. {e(line.text)}</del>'
                f' <span class="reason">struck: {e(line.struck)}</span></li>'
            )
            continue
        log.append(
            f'<li data-seq="{line.seq}"><span class="entry">{line.seq}. {e(line.text)}</span> '
            f'<span class="sub">{e(rulings)} · {e(line.by)}</span>'
            f'<span class="fix"><button type="button" class="key small" data-act="amend" '
            f'data-seq="{line.seq}" data-text="{e(line.text)}">AMEND</button>'
            f'<button type="button" class="key small" data-act="strike" data-seq="{line.seq}">'
            "STRIKE</button></span></li>"
        )
    waiting = ""
    if record.pending:
        # The notice at the top says which correction waits; here are its two answers.
        waiting = (
            '<p class="sub">The correction waiting (above) is for the other coach to answer:</p>'
            '<div class="keys"><button type="button" class="key" data-act="confirm">CONFIRM'
            '</button><button type="button" class="key" data-act="reject">REJECT</button></div>'
        )
    state = "final" if s.get("finished") else "playing"
    return {
        "_title": f"Pad · {record.home} v {record.away}",
        "notice": notice(snap, game_id),
        "scoreboard": scoreboard(record, s),
        "situation": situation_part(s, scorebug(record)),
        "padstate": f'<span id="padversion" data-version="{record.version}" '
        f'data-state="{state}"></span>',
        "pending": waiting,
        "padlog": "".join(log) or '<li class="none">Nothing entered yet.</li>',
    }


def pad_page(snap: Snapshot, game_id: UUID, parts: Parts, token: str) -> str:
    """The whole pad page; ``token`` is this page's own, sent back with every write."""
    hex_id = game_id.hex
    record = snap.records.get(game_id)
    crumb = f" · {e(title_of(record.ruleset))}" if record is not None else ""
    crumb += f' · <a href="/game/{hex_id}">game {hex_id[:8]}</a> · pad'

    part = partial(placed, parts)

    main = (
        header(crumb)
        + f'<main class="pad" data-game="{hex_id}" data-token="{e(token)}">'
        + '<div class="board">'
        + part("notice", "div")
        + part("scoreboard", extra=' class="scoreboard"')
        + part("situation", extra=' class="situation"')
        + part("padstate", "div")
        + JOIN
        + "</div>"
        + '<section id="entering" class="entering">'
        + '<p id="prompt" class="prompt"></p><p id="progress" class="progress"></p>'
        + '<div id="keys" class="keys"></div><div id="typed" class="typed"></div>'
        + '<div id="calls" class="keys calls"></div>'
        + '<div class="keys row"><button type="button" id="back" class="key">BACK</button>'
        + '<button type="button" id="type" class="key">TYPE</button>'
        + '<button type="button" id="undo" class="key">UNDO</button></div>'
        + FIX
        + '<p id="said" class="said" role="status" aria-live="polite"></p>'
        + part("pending", "div")
        + "<h2>The log <small>(latest first)</small></h2>"
        + part("padlog", "ol", ' class="padlog"')
        + "</section></main>"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en" class="pad"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{e(parts["_title"])}</title><link rel="stylesheet" href="{STYLE}">'
        f'<link rel="stylesheet" href="{PAD_STYLE}">'
        f'<script src="{LIVE_SCRIPT}" defer></script><script src="{PAD_SCRIPT}" defer></script>'
        f'</head><body class="pad" data-events="/game/{hex_id}/pad/events">{main}</body></html>\n'
    )


# Who is entering: the side's code (from the QR code's link, or typed) and the coach's name.
JOIN = (
    '<details id="joinbox" class="joinbox"><summary>Pad code and your name</summary>'
    '<form id="join" class="join" autocomplete="off">'
    '<label>Pad code <input id="code" name="code" inputmode="text" autocapitalize="off" '
    'spellcheck="false" maxlength="16"></label>'
    '<label>Your name <input id="name" name="name" maxlength="20"></label></form></details>'
)
# A correction or an undo being given its reason (and an amended entry its new text).
FIX = (
    '<form id="fix" class="fix" hidden autocomplete="off"><p id="fixwhat"></p>'
    '<label id="fixtextlabel">New text <input id="fixtext" maxlength="200"></label>'
    '<label>Reason <input id="fixreason" maxlength="200"></label>'
    '<div class="keys row"><button type="button" id="fixsend" class="key">SEND</button>'
    '<button type="button" id="fixcancel" class="key">CANCEL</button></div></form>'
)
