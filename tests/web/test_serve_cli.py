"""``zebra serve`` at the command line: where it listens, what it says, how it refuses."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from tests.web.served import serve, set_up_game
from web.app import exposed


def zebra(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "120", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def store(tmp_path: Path) -> str:
    path = str(tmp_path / "league.sqlite")
    set_up_game(path, "Bears", "Packers", 3)
    return path


def test_without_the_web_extra_serve_says_how_to_install_it(store: str) -> None:
    # The extra's packages are hidden from a real process, as on an install without it.
    probe = (
        "import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None; "
        f"sys.argv = ['zebra', 'serve', '--store', {store!r}]; "
        "from companion.cli import main; main()"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == "error: zebra serve needs the web extra: pip install -e '.[web]'\n"
    assert done.stdout == ""


def test_the_cli_never_imports_the_web_server() -> None:
    probe = (
        "import sys, companion.cli; "
        "print(any(m.split('.')[0] in ('starlette', 'uvicorn', 'web') for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
    # The server draws the tablet's field from its view model, which must not bring Kivy in.
    probe = "import sys, web.app; print('kivy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_store_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    code, out, err = zebra("serve", "--store", str(tmp_path / "none.sqlite"), "--port", "0")
    assert code == 1 and out == ""
    missing = tmp_path / "none.sqlite"
    assert err == f"error: no Zebra store at {missing}; start a game with 'zebra play' first\n"


def test_a_port_in_use_is_one_line(store: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = zebra("serve", "--store", store, "--port", str(port))
    assert code == 1 and out == ""
    assert err == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


@pytest.mark.parametrize("port", ["-1", "65536"])
def test_a_port_out_of_range_is_refused(store: str, port: str) -> None:
    code, _, err = zebra("serve", "--store", store, "--port", port)
    assert code == 2
    assert "--port" in err and "0<=x<=65535" in err


def test_loopback_is_private_and_anything_else_is_exposed() -> None:
    for host in ("127.0.0.1", "localhost", "::1", "127.8.9.10"):
        assert not exposed(host), host
    for host in ("0.0.0.0", "::", "192.0.2.1"):
        assert exposed(host), host


def test_serving_beyond_loopback_says_what_is_exposed(store: str) -> None:
    private = serve(store)
    private.stop()
    assert "Note:" not in private.banner
    assert private.url.startswith("http://127.0.0.1:")
    public = serve(store, "--host", "0.0.0.0")
    public.stop()
    assert public.url.startswith("http://0.0.0.0:")
    assert (
        "Note: 0.0.0.0 is reachable from other machines: anyone who can reach this port sees "
        "every game in the store (team names, entries, who entered them and why)."
    ) in public.banner
