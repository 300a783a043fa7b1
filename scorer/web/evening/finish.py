"""The running sheet's "Schluss" row: the games the plan has left and, at the table's pace
so far, when the last one ends (scorer.core.evening.games_left, scorer.core.pace; the words
are scorer.words.finish). The time is the server's local time: the table's, for a server
at home."""

from __future__ import annotations

from dataclasses import dataclass

from scorer import services
from scorer.core.evening import games_left
from scorer.core.pace import finish, seconds_per_game
from scorer.services.pace import saved_at
from scorer.words.finish import finish_text, pace_text


@dataclass(frozen=True)
class Finish:
    """What the row says."""

    text: str
    """"noch 14 Spiele, davon 2 Pflichtsoli und 4 Bockspiele: etwa 23:40"."""
    pace: str | None
    """"4 Minuten pro Spiel", or None before the pace is known."""


def finish_row(sheet: services.Sheet) -> Finish | None:
    """The row for a running evening with planned games that is not complete yet; None
    otherwise."""
    ledger = sheet.ledger
    left = games_left(ledger)
    if left is None or left.games == 0:
        return None
    rows = sheet.rows
    seconds = None
    end = None
    if len(rows) >= 2:
        times = saved_at([rows[0].game.id, rows[-1].game.id])
        if len(times) == 2:
            seconds = seconds_per_game(times[0], times[1], len(rows))
        if seconds is not None:
            end = finish(max(times), seconds, left.games).astimezone()
    return Finish(finish_text(left, end), pace_text(seconds) if seconds is not None else None)
