"""A coach's phone on the web pad (``zebra serve --pad``), driven in headless Chromium.

Each phone is a browser context of its own (its own storage, as two phones are), opened on the
pad link the server printed. An example line is entered by tapping: the tablet's coach
(tests/mobile/coach.py) finds the pad path that enters it, and the phone taps the pad's own
buttons for it (DOM clicks on the keys the server offered), TYPE only when no key does.
"""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request
from collections import Counter
from typing import Any

from companion.entry_pad import PART_SEPARATOR
from domain.ruleset import Prompt
from tests.mobile.coach import PadPath
from tests.web.browser import Browser, Tab


def phone(browser: Browser, url: str, width: int = 390, height: int = 844) -> Tab:
    """A tab in a browser context of its own, showing ``url`` once its pad is ready."""
    context = browser.call("Target.createBrowserContext")["browserContextId"]
    target = browser.call(
        "Target.createTarget", {"url": "about:blank", "browserContextId": context}
    )["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})
    tab = Tab(browser, target, session["sessionId"])
    tab.size(width, height)
    tab.call("Page.navigate", {"url": url})
    tab.wait_for("document.readyState === 'complete' && document.body.dataset.pad === 'ready'")
    tab.wait_for("document.body.dataset.live === 'on'")
    return tab


def pad_links(banner: str) -> dict[tuple[str, str], str]:
    """Each game's pad link per side, as ``zebra serve --pad`` printed them: (game8, side)."""
    found = {}
    for side, link in re.findall(r"(?m)^\s+(home|away) pad code \w+\s+(\S+)$", banner):
        found[(link.split("/game/")[1][:8], side)] = link
    return found


def answers(tab: Tab) -> int:
    return int(tab.evaluate("Number(document.body.dataset.answers || 0)"))


def ready(tab: Tab) -> None:
    tab.wait_for("document.body.dataset.pad === 'ready'", 15)


def click_tap(tab: Tab, tap: list[Any]) -> bool:
    """Click the key that makes ``tap``; False if the pad offers no such key now."""
    found = tab.evaluate(
        "(() => { const b = Array.from(document.querySelectorAll("
        "'#keys [data-tap], #calls [data-tap]'))"
        f".find(k => k.dataset.tap === {json.dumps(json.dumps(tap, separators=(',', ':')))});"
        " if (!b || b.disabled) return false; b.click(); return true; })()"
    )
    return bool(found)


def fill_field(tab: Tab, value: str) -> bool:
    done = tab.evaluate(
        "(() => { const f = document.getElementById('entry-field');"
        " const b = document.getElementById('entry-enter'); if (!f || !b) return false;"
        f" f.value = {json.dumps(value)}; b.click(); return true; }})()"
    )
    return bool(done)


def tap_value(tab: Tab, prompt: Prompt, form: int, value: str) -> bool:
    """One value into the slot being filled, as the pad offers it now (key, toggles or field)."""
    ready(tab)
    mode = tab.evaluate("document.body.dataset.mode")
    if mode == "choices":
        return click_tap(tab, ["choose", value])
    if mode in ("numpad", "text"):
        return fill_field(tab, value)
    if mode == "combo":
        for part, count in Counter(value.split(PART_SEPARATOR)).items():
            for _ in range(count):
                ready(tab)
                if not click_tap(tab, ["toggle", part]):
                    return False
        ready(tab)
        return click_tap(tab, ["combo"])
    return False


def tapped(tab: Tab, prompt: Prompt, path: PadPath) -> bool:
    """Tap the path on the phone: its form (unless the pad chose it), values, optional parts."""
    ready(tab)
    # A form key when the pad offers one (the pad chose the only form itself, else).
    chose = click_tap(tab, ["select", path.form])
    if not chose and tab.evaluate("document.body.dataset.mode") == "forms":
        return False
    for value in path.values:
        if not tap_value(tab, prompt, path.form, value):
            return False
    for index, values in path.extras:
        ready(tab)
        if not click_tap(tab, ["extra", index]):
            return False
        for value in values:
            if not tap_value(tab, prompt, path.form, value):
                return False
    if prompt.forms[path.form].extras:
        ready(tab)
        return click_tap(tab, ["finish"])
    return True


def typed(tab: Tab, text: str) -> None:
    """TYPE: the whole entry typed into the field and sent."""
    ready(tab)
    tab.evaluate("document.getElementById('type').click()")
    assert fill_field(tab, text)


def said(tab: Tab, before: int) -> tuple[int, str]:
    """The answer to the phone's write after ``before`` answers: its status and line."""
    try:
        tab.wait_for(f"Number(document.body.dataset.answers || 0) > {before}", 15)
    except AssertionError:
        seen = tab.evaluate(
            "JSON.stringify([document.body.dataset, window.zebraPad.taps(),"
            " document.getElementById('progress').textContent,"
            " document.getElementById('said').textContent])"
        )
        raise AssertionError(f"no answer to the phone's write: {seen}") from None
    status = int(tab.evaluate("Number(document.body.dataset.said)"))
    return status, str(tab.text("#said"))


def post(url: str, fields: dict[str, str], origin: str | None, size: int | None = None) -> Any:
    """A write as a script (or another site) sends it; (status, answer)."""
    body = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    if origin is not None:
        request.add_header("Origin", origin)
    try:
        with urllib.request.urlopen(request, timeout=10) as done:
            return done.status, json.loads(done.read())
    except urllib.error.HTTPError as refused:
        text = refused.read()
        try:
            return refused.code, json.loads(text)
        except ValueError:
            return refused.code, {"message": text.decode(errors="replace")}


def page_token(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as page:
        found = re.search(r'data-token="([^"]+)"', page.read().decode())
    assert found
    return found.group(1)
