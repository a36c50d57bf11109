"""Issue #30's commands: ``zebra pad code``, ``zebra pad revoke``, ``zebra serve --pad`` (and
over HTTPS), each run as a table runs it, in a process of its own, on a real SQLite store."""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from companion.service import Referee
from companion.store import resolve
from tests.web.pad_driver import page_token, post
from tests.web.served import example_entries, serve, zebra

CODE = re.compile(r"^[a-hjkmnp-z2-9]{8}$")


def game_in(folder: Path, entries: int = 2) -> tuple[str, str]:
    """A store holding one Rush Zone game with its first entries; (store, game id hex)."""
    store = str(folder / "league.sqlite")
    referee = Referee(resolve(store, create=True))
    game = referee.start("rushzone", "Bears", "Packers", by="setup").game_id
    for text in example_entries(entries):
        referee.enter(game, text, by="setup")
    return store, game.hex


def refused(store: str, *args: str) -> str:
    """A ``zebra`` command that must fail: its one line on stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", *args, "--store", store],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_pad_code_prints_a_sides_code_the_same_each_time(tmp_path: Path) -> None:
    store, game = game_in(tmp_path)
    home = zebra(store, "pad", "code", game[:8], "--side", "home").stdout.strip()
    away = zebra(store, "pad", "code", game[:8], "--side", "away").stdout.strip()
    assert CODE.match(home) and CODE.match(away) and home != away
    assert zebra(store, "pad", "code", game, "--side", "home").stdout.strip() == home
    assert "home or away" in refused(store, "pad", "code", game[:8], "--side", "visitors")
    assert "error:" in refused(store, "pad", "code", "ffffffff", "--side", "home")


def test_pad_revoke_ends_a_running_servers_old_codes_at_once(tmp_path: Path) -> None:
    store, game = game_in(tmp_path)
    served = serve(store, "--pad")
    try:
        old = zebra(store, "pad", "code", game[:8], "--side", "home").stdout.strip()
        assert f"home pad code {old}" in served.banner
        said = zebra(store, "pad", "revoke", game[:8]).stdout
        assert "revoked 2 pad code(s)" in said
        url = served.url.rstrip("/")
        fields = {
            "token": page_token(f"{url}/game/{game}/pad"),
            "code": old,
            "text": example_entries(3)[-1],
        }
        referee = Referee(resolve(store, create=False))
        fields["version"] = str(referee.game(referee.find(game)).version)
        status, answer = post(f"{url}/game/{game}/entries", fields, url)
        assert status == 403, answer
        new = zebra(store, "pad", "code", game[:8], "--side", "home").stdout.strip()
        assert CODE.match(new) and new != old
        status, answer = post(f"{url}/game/{game}/entries", {**fields, "code": new}, url)
        assert status == 201, answer
    finally:
        served.stop()


def test_serve_with_pad_prints_each_side_a_code_and_link_and_without_it_none(
    tmp_path: Path,
) -> None:
    store, game = game_in(tmp_path)
    served = serve(store, "--pad")
    served.stop()
    said = served.banner
    for side in ("home", "away"):
        mine = zebra(store, "pad", "code", game[:8], "--side", side).stdout.strip()
        assert f"{side} pad code {mine}   {served.url}game/{game}/pad#code={mine}" in said
    assert "with pads" in said and "(this machine only: for the phones, --host" in said
    plain = serve(store)
    plain.stop()
    assert "pad code" not in plain.banner and "read-only" in plain.banner


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not on this machine")
def test_serve_with_pad_over_https_with_a_self_signed_certificate(tmp_path: Path) -> None:
    store, game = game_in(tmp_path)
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        env={**os.environ, "OPENSSL_CONF": "/dev/null"},
    )  # fmt: skip
    served = serve(store, "--pad", "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert served.url.startswith("https://127.0.0.1:")
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False
        url = served.url.rstrip("/")
        with urllib.request.urlopen(f"{url}/game/{game}/pad", context=context) as page:
            token = re.search(r'data-token="([^"]+)"', page.read().decode())
        assert token
        referee = Referee(resolve(store, create=False))
        code = zebra(store, "pad", "code", game[:8], "--side", "away").stdout.strip()
        fields = {
            "token": token.group(1),
            "code": code,
            "text": example_entries(3)[-1],
            "version": str(referee.game(referee.find(game)).version),
        }
        request = urllib.request.Request(
            f"{url}/game/{game}/entries",
            data=urllib.parse.urlencode(fields).encode(),
            headers={"Origin": url},
        )
        with urllib.request.urlopen(request, context=context) as done:
            assert done.status == 201
        # Plain HTTP to the HTTPS port is not served.
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://{url.split('://')[1]}/", timeout=5).close()
    finally:
        served.stop()
    assert "go together" in refused(store, "serve", "--pad", "--tls-cert", str(cert))


def test_serve_with_pad_on_a_postgresql_store(tmp_path: Path) -> None:
    """The league's store: the codes live in its schema; the CLI and the server share them."""
    from uuid import uuid4

    from tests.companion.conftest import require_postgres

    address = require_postgres()
    import psycopg

    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(address) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    store = f"{address}?schema={schema}"
    try:
        referee = Referee(resolve(store, create=True))
        game = referee.start("rushzone", "Bears", "Packers", by="setup").game_id.hex
        served = serve(store, "--pad")
        try:
            url = served.url.rstrip("/")
            code = zebra(store, "pad", "code", game[:8], "--side", "away").stdout.strip()
            assert f"away pad code {code}" in served.banner
            fields = {
                "token": page_token(f"{url}/game/{game}/pad"),
                "code": code,
                "text": "toss away",
                "version": str(referee.game(referee.find(game)).version),
            }
            status, answer = post(f"{url}/game/{game}/entries", fields, url)
            assert status == 201 and answer["by"] == "away pad (browser)", answer
            zebra(store, "pad", "revoke", game[:8])
            status, answer = post(f"{url}/game/{game}/entries", fields, url)
            assert status == 403, answer
        finally:
            served.stop()
    finally:
        with psycopg.connect(address) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def test_serve_with_pad_and_no_game_in_play_says_how_to_make_codes(tmp_path: Path) -> None:
    store = str(tmp_path / "empty.sqlite")
    Referee(resolve(store, create=True)).start("rushzone", "A", "B", by="setup")
    referee = Referee(resolve(store, create=False))
    game = referee.find(None)
    referee.set_aside(game, "abandoned", by="setup")
    served = serve(store, "--pad")
    served.stop()
    assert "No game in play yet: zebra pad code ID --side home" in served.banner
    assert "pad code " not in served.banner.split("No game in play yet")[0]
