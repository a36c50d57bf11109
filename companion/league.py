"""League standings kept current on both stores, SQLite and PostgreSQL.

Every game's summary (teams, score, finished, winner) is written in its head row in the same
transaction as its events (companion.heads, companion.summaries), so the standings are a fold of
one row per game (``Referee.standings``). What a Zebra that keeps no summaries wrote is caught up
from the tracking record's position in batched transactions (``Referee.catch_up``): the first
``league standings`` after an upgrade does that once, with a progress bar; ``league serve`` keeps
doing it on a league server, so that the standings are current before anyone asks.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from companion.service import Referee

# How often ``league serve`` looks for events written by a Zebra that keeps no summaries.
POLL_SECONDS = 1.0


def serve(
    referee: Referee,
    seconds: float | None = None,
    *,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Keep the summaries caught up until ``seconds`` have passed (None: until interrupted);
    the number of passes made."""
    started = time.monotonic()
    passes = 0
    while True:
        referee.catch_up()
        passes += 1
        if seconds is not None and time.monotonic() - started >= seconds:
            return passes
        sleep(POLL_SECONDS)
