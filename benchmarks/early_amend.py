"""Issue #29: amending an early entry of a long Red Zone game, in a fresh process (read the game,
re-run the rules over every later entry, record the correction), time and peak memory.

    python -m benchmarks.early_amend [n] [k]

A store with the first n entries of the long game (benchmarks.games.long_game) is written once
under /tmp; each run amends entry k to the text it already has in a fresh interpreter, as
``zebra amend`` does, three times on fresh copies of the store, and prints the median."""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks import games
from benchmarks.measure import in_fresh_process, referee_at, store_game


def main(n: int = 1000, k: int = 10, reps: int = 3) -> None:
    long = games.long_game(n)
    work = Path(tempfile.mkdtemp(prefix="early-amend-"))
    original = work / "game.sqlite"
    gid = store_game(referee_at(original), long, "Bears", "Packers")
    text = long.entries[k - 1]
    times, peaks = [], []
    for rep in range(reps):
        path = work / f"copy{rep}.sqlite"
        shutil.copy(original, path)
        code = (
            "from pathlib import Path\nfrom uuid import UUID\n"
            "from benchmarks.measure import referee_at\n"
            f"def run():\n    referee_at(Path({str(path)!r})).amend(UUID({gid.hex!r}), {k}, "
            f"{text!r}, 'same', 'bench')\n"
        )
        seconds, mib = in_fresh_process(code)
        times.append(seconds)
        peaks.append(mib)
    print(
        f"amend of entry {k} in a {n}-entry Red Zone game: "
        f"{statistics.median(times):.2f} s (runs {', '.join(f'{t:.2f}' for t in times)}), "
        f"peak {statistics.median(peaks):.0f} MiB"
    )
    shutil.rmtree(work)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
