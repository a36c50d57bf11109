"""A game's record in the export formats, for the CLI and the tablet alike."""

from __future__ import annotations

from projections import playrows, report
from projections.record import GameRecord

FORMATS = ("csv", "jsonl", "md", "html", "entries")
SUFFIXES = {"csv": "csv", "jsonl": "jsonl", "md": "md", "html": "html", "entries": "zebra"}


def render(record: GameRecord, fmt: str) -> str:
    """The export text: play rows (csv, jsonl), the report (md, html) or the entries script."""
    if fmt == "csv":
        return playrows.to_csv(playrows.rows(record))
    if fmt == "jsonl":
        return playrows.to_jsonl(playrows.rows(record))
    if fmt == "md":
        return report.markdown(record)
    if fmt == "html":
        return report.html_report(record)
    if fmt == "entries":
        return report.entries_script(record)
    from domain.ruleset import IllegalEntry

    raise IllegalEntry(f"unknown export format {fmt!r}; expected one of {', '.join(FORMATS)}")
