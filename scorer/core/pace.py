"""How fast a table plays, and when at that pace its evening ends. Pure: imports only the
standard library.

The pace is the time from the first game's save to the last one's over the games between
them: a table that saved game 1 at 20:00 and game 5 at 20:40 plays a game in 10 minutes.
(The time before the first save is not counted: an evening is often started well before
the cards are dealt.) Games that came in far faster than a table plays — an import, a
phone's games sent at once when it is back online — say nothing about the pace.

>>> import datetime as dt
>>> first = dt.datetime(2026, 11, 28, 20, 0, tzinfo=dt.UTC)
>>> last = dt.datetime(2026, 11, 28, 20, 40, tzinfo=dt.UTC)
>>> seconds_per_game(first, last, 5)
600.0
>>> finish(last, 600.0, 14).time()
datetime.time(23, 0)
"""

from __future__ import annotations

import datetime as dt

FASTEST = 30.0
"""Seconds per game below which the saved times are not the table's play (no table plays a
game of Doppelkopf in half a minute)."""


def seconds_per_game(first: dt.datetime, last: dt.datetime, games: int) -> float | None:
    """Seconds per game from the saves of the first and the last of ``games`` games; None
    with fewer than two games or a pace no table plays at (FASTEST).

    >>> import datetime as dt
    >>> at = dt.datetime(2026, 11, 28, 20, 0, tzinfo=dt.UTC)
    >>> seconds_per_game(at, at, 1) is None, seconds_per_game(at, at, 12) is None
    (True, True)
    """
    if games < 2:
        return None
    seconds = abs((last - first).total_seconds()) / (games - 1)
    return seconds if seconds >= FASTEST else None


def finish(last: dt.datetime, seconds: float, games_left: int) -> dt.datetime:
    """When the last of ``games_left`` games ends if each takes ``seconds``, counted from the
    save of the last game so far."""
    return last + dt.timedelta(seconds=seconds * games_left)


__all__ = ["FASTEST", "finish", "seconds_per_game"]
