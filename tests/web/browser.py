"""Headless Chromium (from the OS packages) driven live over the DevTools protocol.

A page that updates itself can only be watched from inside the browser, so the tests (and
docs/screenshot_web.py) talk to Chromium over its DevTools websocket: open a tab, read the DOM
with JavaScript, wait for a change, take a screenshot. Only the ``websockets`` package is needed.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import struct
import subprocess
import time
import zlib
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

# As for the report test (docs/screenshot_report.py), plus what running as root needs.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
    "--remote-allow-origins=*",
]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class DevToolsError(RuntimeError):
    """Chromium refused a command."""


class Browser:
    """One Chromium process and its DevTools connection; tabs are opened in it."""

    def __init__(self, profile: Path) -> None:
        binary = chromium()
        if binary is None:
            raise RuntimeError("chromium is not installed: apt-get install chromium")
        profile.mkdir(parents=True, exist_ok=True)
        self.log = (profile / "chromium.log").open("w")
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        self.events: list[dict[str, Any]] = []
        self._id = 0
        self._closing = contextlib.ExitStack()
        self.ws: ClientConnection = self._closing.enter_context(
            connect(self._endpoint(profile), max_size=None)
        )

    def _endpoint(self, profile: Path, seconds: float = 30) -> str:
        """Chromium writes the port it chose and the browser's websocket path into the profile."""
        marker = profile / "DevToolsActivePort"
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.process.returncode}")
            lines = marker.read_text().split() if marker.exists() else []
            if len(lines) >= 2:
                return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
            time.sleep(0.05)
        raise RuntimeError(f"chromium opened no DevTools port within {seconds} s")

    def call(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        while True:
            answer = json.loads(self.ws.recv(timeout=60))
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise DevToolsError(f"{method}: {answer['error']}")
                return dict(answer.get("result") or {})
            if "method" in answer:
                self.events.append(answer)

    def tab(self, width: int = 1280, height: int = 900) -> Tab:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        tab = Tab(self, target, session["sessionId"])
        tab.size(width, height)
        return tab

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.call("Browser.close")
        try:
            self._closing.close()
        finally:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.log.close()


class Tab:
    """One page in the browser."""

    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser, self.target, self.session = browser, target, session

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.call(method, params, self.session)

    def size(self, width: int, height: int) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    def open(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        done = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in done:
            raise DevToolsError(f"{expression}: {done['exceptionDetails']}")
        return done["result"].get("value")

    def wait_for(self, expression: str, seconds: float = 10) -> float:
        """Seconds until ``expression`` is true in the page; fails after ``seconds``."""
        start = time.monotonic()
        while True:
            if self.evaluate(f"Boolean({expression})"):
                return time.monotonic() - start
            if time.monotonic() - start > seconds:
                raise AssertionError(f"not true within {seconds} s: {expression}")
            time.sleep(0.03)

    def text(self, selector: str) -> str:
        found = self.evaluate(
            f"(document.querySelector({json.dumps(selector)}) || {{}}).textContent"
        )
        return "" if found is None else str(found)

    def requests(self) -> list[str]:
        """The URLs this tab requested since Network.enable (read while other calls ran)."""
        return [
            e["params"]["request"]["url"]
            for e in self.browser.events
            if e.get("sessionId") == self.session and e["method"] == "Network.requestWillBeSent"
        ]

    def screenshot(
        self, transparent: bool = False, clip: tuple[int, int, int, int] | None = None
    ) -> bytes:
        """A PNG of the page; ``transparent`` keeps a transparent page transparent (alpha)."""
        if transparent:
            colour = {"r": 0, "g": 0, "b": 0, "a": 0}
            self.call("Emulation.setDefaultBackgroundColorOverride", {"color": colour})
        params: dict[str, Any] = {"format": "png"}
        if clip is not None:
            x, y, w, h = clip
            params["clip"] = {"x": x, "y": y, "width": w, "height": h, "scale": 1}
        return base64.b64decode(self.call("Page.captureScreenshot", params)["data"])

    def close(self) -> None:
        self.browser.call("Target.closeTarget", {"targetId": self.target})


# Reading a PNG without an imaging library ----------------------------------------------------


def png_header(data: bytes) -> tuple[int, int, int]:
    """Width, height and PNG colour type (6: RGBA, with an alpha channel)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height, _, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


def png_alpha(data: bytes) -> list[int]:
    """The alpha of every pixel of a small 8-bit RGBA PNG (rows undone from their filters)."""
    width, height, colour = png_header(data)
    if colour != 6:
        return [255] * (width * height)
    pos, idat = 8, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        if data[pos + 4 : pos + 8] == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw, stride, bpp = zlib.decompress(idat), width * 4, 4
    previous, alphas, at = bytearray(stride), [], 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                near = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + near) & 255
        alphas += line[3::4]
        previous = line
    return alphas
