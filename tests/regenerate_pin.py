"""Regenerates (or checks) the pin of issue #18: tests/fixtures/pinned/.

Regenerating is ONLY for a deliberate behaviour change. The pin is the proof that a refactor
changed nothing the table sees: if tests/domain/test_pinned_behaviour.py fails after a
refactor, the refactor is wrong, not the fixture. Regenerate only when an issue asks for a
change of behaviour, in the same commit as that change, and say in the commit message which
games and parts changed and why (``--check`` lists them first).

    .venv/bin/python -m tests.regenerate_pin --check        # compare everything, write nothing
    .venv/bin/python -m tests.regenerate_pin --check --only redzone
    .venv/bin/python -m tests.regenerate_pin                # rewrite the fixture (see above)

``--check`` compares all 200 random games of every ruleset (the CI test compares a sample):
about 15 minutes on a busy 2-core machine, a few on an idle one.
"""

from __future__ import annotations

import argparse
import json
import sys

from domain import rulesets
from tests import pinned


def example_texts() -> dict[str, str]:
    """Fixture path (relative to the fixture folder) -> text, for every example game."""
    out: dict[str, str] = {}
    for path in pinned.example_paths():
        rendered = pinned.render_example(path)
        for part in pinned.PARTS:
            target = pinned.example_file(path, part)
            out[str(target.relative_to(pinned.FIXTURES))] = rendered.parts[part]
    return out


def random_digests(name: str) -> list[dict[str, str]]:
    games = []
    for seed in range(pinned.GAMES_PER_RULESET):
        games.append(pinned.render_random(name, seed).digests())
        print(f"\r{name} {seed + 1}/{pinned.GAMES_PER_RULESET}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; write nothing")
    parser.add_argument(
        "--only", choices=rulesets.names(), help="one ruleset's random games (no examples)"
    )
    parser.add_argument("--no-random", action="store_true", help="the examples only")
    args = parser.parse_args(argv)
    names = [args.only] if args.only else list(rulesets.names())
    texts = {} if args.only else example_texts()
    games = {} if args.no_random else {name: random_digests(name) for name in names}
    if args.check:
        differ = [p for p, t in texts.items() if pinned.read_text(pinned.FIXTURES / p) != t]
        for name, digests in games.items():
            stored = pinned.load_random(name)["games"]
            for seed, (now, then) in enumerate(zip(digests, stored, strict=True)):
                parts = [k for k in now if now[k] != then.get(k)]
                if parts:
                    differ.append(f"random {name} seed {seed}: {', '.join(parts)}")
        print("\n".join(differ) or "no difference")
        return 1 if differ else 0
    for path, text in texts.items():
        pinned.write_text(pinned.FIXTURES / path, text)
    pinned.RANDOM.mkdir(exist_ok=True)
    for name, digests in games.items():
        data = {
            "max_entries": pinned.MAX_ENTRIES,
            "parts": ["entries", *pinned.RANDOM_PARTS],
            "games": digests,
        }
        pinned.random_file(name).write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
