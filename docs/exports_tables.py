"""Write the ruling-kinds table of docs/exports.md from the vocabulary in domain/kinds.py.

    python docs/exports_tables.py            # rewrites the table in docs/exports.md
    python docs/exports_tables.py --check    # exits 1 if the table is not the vocabulary's

The table sits between the ``<!-- kinds:start -->`` and ``<!-- kinds:end -->`` markers.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain.kinds import KINDS, SCORE_COLUMNS, Kind  # noqa: E402

DOC = ROOT / "docs" / "exports.md"
START, END = "<!-- kinds:start -->", "<!-- kinds:end -->"


def _cell(k: Kind) -> list[str]:
    scored = SCORE_COLUMNS[k.score] if k.score is not None else None
    scores = ""
    if k.score is not None:
        where = f"`{scored[0]}`" if scored else "Zebra's points only"
        scores = f"{where}, by {'either team' if k.scorer == 'either' else f'the {k.scorer}'}"
    sets = ", ".join(
        f"`{column}` = {value}" if isinstance(value, str) else f"`{column}`"
        for column, value in k.result.items()
        if (column, value) != scored
    )
    drive = "; ".join(
        part
        for part in (
            f"starts: {k.drive_start}" if k.drive_start else "",
            f"ends: {k.drive_end}" if k.drive_end else "",
            f"ends the {k.period_end}" if k.period_end else "",
            "set-up, no drive" if k.setup else "",
        )
        if part
    )
    play = k.play_type or ("called" if k.called else "")
    return [f"`{k.name}`", k.means, play, scores, sets, k.yards or "", drive]


def table() -> str:
    """The kinds table as Markdown, one row per kind in alphabetical order."""
    head = ["kind", "means", "play type", "scores", "sets", "yards", "drive"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in sorted(KINDS):
        lines.append("| " + " | ".join(_cell(KINDS[name])) + " |")
    return "\n".join(lines)


def rendered(text: str) -> str:
    """The document with its kinds table replaced by the vocabulary's."""
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    return f"{before}{START}\n{table()}\n{END}{after}"


def main() -> None:
    text = DOC.read_text(encoding="utf-8")
    new = rendered(text)
    if "--check" in sys.argv[1:]:
        if new != text:
            raise SystemExit(
                "docs/exports.md's kinds table is not domain/kinds.py's: run "
                "python docs/exports_tables.py"
            )
        return
    DOC.write_text(new, encoding="utf-8")
    print(f"wrote the kinds table of {DOC}")


if __name__ == "__main__":
    main()
