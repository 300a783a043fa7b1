"""When the evening ends, as the running sheet says it: the games left by the plan, of them
the forced Pflichtsoli and the Bock games, and at the table's pace so far the time the last
one ends ("noch 14 Spiele, davon 2 Pflichtsoli und 4 Bockspiele: etwa 23:40").

The numbers are the core's (scorer.core.evening.games_left, scorer.core.pace); this module
only says them.

>>> from scorer.core.evening import GamesLeft
>>> games_left_text(GamesLeft(14, 2, 4))
'noch 14 Spiele, davon 2 Pflichtsoli und 4 Bockspiele'
>>> games_left_text(GamesLeft(1, 1, 0)), games_left_text(GamesLeft(3, 0, 1))
('noch ein Spiel, davon ein Pflichtsolo', 'noch 3 Spiele, davon ein Bockspiel')
>>> import datetime as dt
>>> finish_text(GamesLeft(14, 2, 4), dt.datetime(2026, 11, 28, 23, 38))
'noch 14 Spiele, davon 2 Pflichtsoli und 4 Bockspiele: etwa 23:40'
>>> pace_text(250.0), pace_text(61.0)
('4 Minuten pro Spiel', '1 Minute pro Spiel')
"""

from __future__ import annotations

import datetime as dt

from scorer.core.evening import GamesLeft
from scorer.words import formats
from scorer.words.i18n import _, ngettext

ROUNDED = 5
"""Minutes the time is rounded to: "etwa" is no promise to the minute."""


def games_left_text(left: GamesLeft) -> str:
    """"noch 14 Spiele, davon 2 Pflichtsoli und 4 Bockspiele"."""
    games = (_("noch ein Spiel") if left.games == 1
             else ngettext("noch %(num)d Spiel", "noch %(num)d Spiele", left.games)
             % {"num": left.games})
    parts = []
    if left.pflichtsoli:
        parts.append(_("ein Pflichtsolo") if left.pflichtsoli == 1 else ngettext(
            "%(num)d Pflichtsolo", "%(num)d Pflichtsoli", left.pflichtsoli)
            % {"num": left.pflichtsoli})
    if left.bock:
        parts.append(_("ein Bockspiel") if left.bock == 1 else ngettext(
            "%(num)d Bockspiel", "%(num)d Bockspiele", left.bock) % {"num": left.bock})
    if not parts:
        return games
    if len(parts) == 1:
        return _("%(games)s, davon %(some)s") % {"games": games, "some": parts[0]}
    return _("%(games)s, davon %(some)s und %(others)s") % {
        "games": games, "some": parts[0], "others": parts[1]}


def rounded(moment: dt.datetime) -> dt.datetime:
    """``moment`` to the nearest ROUNDED minutes.

    >>> rounded(dt.datetime(2026, 11, 28, 23, 37, 29)).time(), rounded(dt.datetime(2026, 11, 28, 23, 58)).time()
    (datetime.time(23, 35), datetime.time(0, 0))
    """
    start = moment.replace(minute=0, second=0, microsecond=0)
    minutes = (moment - start).total_seconds() / 60
    return start + dt.timedelta(minutes=ROUNDED * round(minutes / ROUNDED))


def finish_text(left: GamesLeft, end: dt.datetime | None) -> str:
    """The games left, and when the last one ends at this pace (``end``, local time), if
    known: "noch 14 Spiele, davon 2 Pflichtsoli und 4 Bockspiele: etwa 23:40"."""
    games = games_left_text(left)
    if end is None:
        return games
    return _("%(games)s: etwa %(time)s") % {"games": games, "time": formats.time(rounded(end))}


def pace_text(seconds: float) -> str:
    """The table's pace: "4 Minuten pro Spiel" (whole minutes, at least one)."""
    minutes = max(1, round(seconds / 60))
    return ngettext("%(num)d Minute pro Spiel", "%(num)d Minuten pro Spiel", minutes) % {
        "num": minutes}


__all__ = ["finish_text", "games_left_text", "pace_text", "rounded"]
