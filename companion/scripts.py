"""Script files: the entries of a game, one per line, exactly as typed at the prompt.

``#`` starts a comment. Optional header lines before the first entry set up the game:
``@home NAME``, ``@away NAME``, ``@option KEY=VALUE`` (``@ruleset NAME`` is checked if given).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from domain.ruleset import IllegalEntry

MAX_SCRIPT_BYTES = 5_000_000


@dataclass(frozen=True)
class Script:
    path: str
    home: str | None = None
    away: str | None = None
    ruleset: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    lines: tuple[tuple[int, str], ...] = ()


def parse_script(text: str, path: str = "<script>") -> Script:
    """Header and entry lines with their line numbers; comments and blank lines dropped."""
    home = away = ruleset = None
    options: dict[str, str] = {}
    lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("@"):
            if lines:
                raise IllegalEntry(f"{path}:{number}: set-up line {line!r} after the first entry")
            key, _, value = line[1:].partition(" ")
            value = value.strip()
            if key == "home":
                home = value
            elif key == "away":
                away = value
            elif key == "ruleset":
                ruleset = value
            elif key == "option" and "=" in value:
                k, v = value.split("=", 1)
                options[k.strip()] = v.strip()
            else:
                raise IllegalEntry(
                    f"{path}:{number}: unknown set-up line {line!r}; "
                    "expected @home NAME, @away NAME, @option KEY=VALUE or @ruleset NAME"
                )
            continue
        lines.append((number, line))
    return Script(path, home, away, ruleset, options, tuple(lines))


def read_script(path: Path) -> Script:
    """A script file from disk, refused with one line if it cannot be read as text."""
    try:
        if path.stat().st_size > MAX_SCRIPT_BYTES:
            raise IllegalEntry(f"script {path} is larger than {MAX_SCRIPT_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise IllegalEntry(f"script {path} does not exist") from None
    except IsADirectoryError:
        raise IllegalEntry(f"script {path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise IllegalEntry(f"script {path} is not UTF-8 text") from None
    except OSError as exc:
        raise IllegalEntry(f"script {path} cannot be read: {exc.strerror}") from None
    return parse_script(text, str(path))
