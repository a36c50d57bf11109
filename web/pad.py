"""What a phone at the table may write with ``zebra serve --pad`` (issue #30), kept safe.

Every write is a POST under ``/game/ID/`` and passes, in this order: a body of at most 4 KB
(413), an Origin naming this very server (403: no other site's page can post), the page's own
token (403), the address's wrong-code limit (429), and a side's join code (403); then the
referee service records it as that side's, or refuses it in the CLI's words: 409 when the game
moved on or it is already recorded, 400 for an illegal entry. Nothing else is ever recorded.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlsplit
from uuid import UUID

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from companion.pads import PadCodes
from companion.service import Referee, UnknownGame
from companion.store import StoreError
from domain.corrections import AlreadyRecorded, GameMovedOn
from domain.people import MAX_PERSON
from domain.ruleset import IllegalEntry

MAX_BODY = 4096
# Wrong or missing codes an address may send in a minute before every write is refused.
MAX_WRONG = 5
WRONG_WINDOW = 60.0
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# Devices named after the coach in ``by``, as the user agent says (the first that matches).
DEVICES = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Macintosh", "Mac"),
    ("Windows", "Windows"),
    ("CrOS", "Chromebook"),
    ("Linux", "Linux"),
)


class Refused(Exception):
    """A write refused before the service saw it: its status and one line."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status = status


def answer(status: int, line: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"message": line, **extra}, status_code=status, headers=HEADERS)


def device_of(agent: str) -> str:
    """The kind of device a user agent names, in a word: "iPhone", "Android", else "browser"."""
    return next((word for mark, word in DEVICES if mark in agent), "browser")


def by_of(name: str, side: str, agent: str) -> str:
    """Who entered: the coach's name (cut to fit), the side's pad and the device, at most 30."""
    tail = f"{side} pad ({device_of(agent)})"
    name = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    room = MAX_PERSON - len(tail) - 1
    return f"{name[:room].rstrip()} {tail}" if name and room > 0 else tail


def same_origin(request: Request) -> bool:
    """Whether the request's Origin is this server as the browser addressed it (its Host)."""
    origin = request.headers.get("origin")
    host = request.headers.get("host")
    if not origin or not host:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


class Pads:
    """The pads of one server: its codes, its page tokens, the wrong-code counts, the writer."""

    def __init__(self, referee: Referee) -> None:
        # A referee of its own, behind a lock: the follower reads with the other one meanwhile.
        self.referee = Referee(referee.store)
        self.codes = PadCodes(referee.store)
        self.lock = threading.Lock()
        self.secret = secrets.token_bytes(32)
        self.wrong: dict[str, deque[float]] = defaultdict(deque)

    # The page token: a nonce and its MAC under this server's secret, for one game. ----------

    def token(self, game_id: UUID) -> str:
        nonce = secrets.token_hex(8)
        return f"{nonce}.{self._mac(nonce, game_id)}"

    def token_ok(self, token: str, game_id: UUID) -> bool:
        nonce, _, mac = token.partition(".")
        return bool(nonce) and hmac.compare_digest(mac, self._mac(nonce, game_id))

    def _mac(self, nonce: str, game_id: UUID) -> str:
        return hmac.new(self.secret, f"{nonce}:{game_id.hex}".encode(), hashlib.sha256).hexdigest()

    # Wrong codes --------------------------------------------------------------------------

    def limited(self, address: str) -> bool:
        """Whether ``address`` sent too many wrong codes this last minute."""
        tries = self.wrong[address]
        while tries and tries[0] < time.monotonic() - WRONG_WINDOW:
            tries.popleft()
        return len(tries) >= MAX_WRONG

    def side_for(self, game_id: UUID, code: str, address: str) -> str:
        """The side whose code was given; refused (and counted) for any other."""
        if self.limited(address):
            raise Refused(429, "too many wrong codes from this address; wait a minute")
        side = self.codes.side_of(game_id, code) if code else None
        if side is None:
            self.wrong[address].append(time.monotonic())
            raise Refused(403, "no pad code, or not this game's: ask the table for yours")
        return side

    # Writing ------------------------------------------------------------------------------

    async def form_of(self, request: Request, game_id: UUID) -> tuple[dict[str, str], str, str]:
        """The write's fields, side and ``by``, once every check before the service passed."""
        if int(request.headers.get("content-length") or 0) > MAX_BODY:
            raise Refused(413, f"a pad sends at most {MAX_BODY} bytes")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise Refused(413, f"a pad sends at most {MAX_BODY} bytes")
        if not same_origin(request):
            raise Refused(403, "refused: this request did not come from this server's pad page")
        fields = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        if not self.token_ok(fields.get("token", ""), game_id):
            raise Refused(403, "refused: the pad page's token is missing or stale; reload it")
        address = request.client.host if request.client else "?"
        # The codes are read from the store (a revoke counts at once), off the event loop.
        side = await anyio.to_thread.run_sync(
            self.side_for, game_id, fields.get("code", ""), address
        )
        agent = request.headers.get("user-agent", "")
        return fields, side, by_of(fields.get("name", ""), side, agent)

    async def write(
        self,
        request: Request,
        game_id: UUID,
        act: Callable[[Referee, dict[str, str], str, str, int], Any],
    ) -> Response:
        """One write: checked, then given to the service in a worker thread; one line back."""
        try:
            fields, side, by = await self.form_of(request, game_id)
            version = version_of(fields)
        except Refused as refused:
            return answer(refused.status, str(refused))
        except StoreError as exc:
            return answer(503, one_line(exc))

        def run() -> int:
            with self.lock:
                act(self.referee, fields, side, by, version)
                return self.referee.game(game_id).version

        try:
            now = await anyio.to_thread.run_sync(run)
        except (AlreadyRecorded, GameMovedOn) as exc:
            return answer(409, one_line(exc))
        except UnknownGame as exc:
            return answer(404, one_line(exc))
        except IllegalEntry as exc:
            return answer(400, one_line(exc))
        except StoreError as exc:
            return answer(503, one_line(exc))
        return answer(201, "recorded", version=now, by=by)

    def keys(self, game_id: UUID, taps: list[Any]) -> dict[str, Any]:
        """What the pad shows after ``taps`` on the game's prompt now (web.pad_keys)."""
        from web.pad_keys import keys_of

        with self.lock:
            game = self.referee.game(game_id)
            prompt, version = game.prompt, game.version
            names = {"home": game.home, "away": game.away}
        return keys_of(prompt, names, taps, version)


def version_of(fields: dict[str, str]) -> int:
    text = fields.get("version", "").strip()
    if not re.fullmatch(r"[0-9]{1,9}", text):
        raise Refused(400, "the pad sends the game version it showed (field version)")
    return int(text)


def seq_of(fields: dict[str, str]) -> int:
    text = fields.get("seq", "").strip()
    if not re.fullmatch(r"[0-9]{1,6}", text):
        raise IllegalEntry("which entry? (field seq: its number in the log)")
    return int(text)


def one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


# The writes, as the service takes them ----------------------------------------------------


def enter(game_id: UUID) -> Callable[[Referee, dict[str, str], str, str, int], Any]:
    def act(ref: Referee, f: dict[str, str], side: str, by: str, version: int) -> Any:
        return ref.enter(game_id, f.get("text", ""), by, expect=version)

    return act


def undo(game_id: UUID) -> Callable[[Referee, dict[str, str], str, str, int], Any]:
    def act(ref: Referee, f: dict[str, str], side: str, by: str, version: int) -> Any:
        return ref.undo(game_id, f.get("reason", ""), by, expect=version)

    return act


def strike(game_id: UUID) -> Callable[[Referee, dict[str, str], str, str, int], Any]:
    def act(ref: Referee, f: dict[str, str], side: str, by: str, version: int) -> Any:
        return ref.strike(game_id, seq_of(f), f.get("reason", ""), by, expect=version)

    return act


def amend(game_id: UUID) -> Callable[[Referee, dict[str, str], str, str, int], Any]:
    def act(ref: Referee, f: dict[str, str], side: str, by: str, version: int) -> Any:
        seq, text, reason = seq_of(f), f.get("text", ""), f.get("reason", "")
        return ref.amend(game_id, seq, text, reason, by, expect=version)

    return act


def confirm(game_id: UUID) -> Callable[[Referee, dict[str, str], str, str, int], Any]:
    def act(ref: Referee, f: dict[str, str], side: str, by: str, version: int) -> Any:
        other_side(ref, game_id, side)
        return ref.confirm(game_id, by, expect=version)

    return act


def reject(game_id: UUID) -> Callable[[Referee, dict[str, str], str, str, int], Any]:
    def act(ref: Referee, f: dict[str, str], side: str, by: str, version: int) -> Any:
        other_side(ref, game_id, side)
        return ref.reject(game_id, f.get("reason", ""), by, expect=version)

    return act


WRITES = {
    "entries": enter,
    "undo": undo,
    "strike": strike,
    "amend": amend,
    "confirm": confirm,
    "reject": reject,
}


def other_side(ref: Referee, game_id: UUID, side: str) -> None:
    """A disputed correction is confirmed or rejected from the other side's pad only."""
    proposer = ref.game(game_id).pending_by or ""
    # The side is the last words of ``by`` (by_of): a name typed before it cannot pass for one.
    found = re.search(r"\b(home|away) pad \([^()]*\)$", proposer)
    if found is not None and found.group(1) == side:
        raise IllegalEntry(
            f"the {side} pad proposed this correction; the other side's pad confirms or rejects it"
        )
