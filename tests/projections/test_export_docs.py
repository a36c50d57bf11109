"""docs/exports.md keeps in step with the code: every column documented, the kinds table
generated from the vocabulary (docs/exports_tables.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from projections import playrows

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "exports.md"


def documented_columns() -> set[str]:
    """The column names in the first cell of the column and correction-trail tables' rows."""
    text = DOC.read_text(encoding="utf-8")
    text = text.split("### The columns", 1)[1].split("### The hash chain", 1)[0]
    names: set[str] = set()
    for line in text.splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([a-z_0-9]+)`", line.split("|")[1]))
    return names


def test_every_exported_column_is_documented_and_no_other() -> None:
    assert documented_columns() == set(playrows.COLUMNS)


def test_every_entry_row_column_is_documented_and_no_other() -> None:
    """The auditors' entry rows (entries-csv, entries-jsonl) have their own table."""
    text = DOC.read_text(encoding="utf-8")
    text = text.split("### The entry rows' columns", 1)[1].split("\n## ", 1)[0]
    names: set[str] = set()
    for line in text.splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([a-z_0-9]+)`", line.split("|")[1]))
    # The correction trail's five columns are the same in both tables, documented once.
    trail = {
        "amended_from",
        "corrected_by",
        "corrected_at",
        "correction_reason",
        "zebra_corrections",
    }
    assert names | trail == set(playrows.ENTRY_COLUMNS)


def test_the_kinds_table_is_the_vocabulary_s() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "exports_tables.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
