"""What a club evening's pages, PDF and CSV say (RULES.md §11.3), in German: a table's
progress, a round's state, the ranking's figure. Pure: standard library and core only.

Every page that counts a table's games (the organiser's, the ranking, the table's own page,
the result PDF) says it in the words of ``games_text``: the games counted against the plan,
and beside them the games on the sheet that are not, with why.

>>> from scorer.core.evening import evening
>>> ledger = evening({"rules": "ddv", "seats": ["A", "B", "C", "D"], "planned_games": 24,
...     "games": [{"re": ["A", "B"], "re_eyes": 130},
...               {"kind": "solo", "solo": "damen", "re": ["C"], "re_eyes": 130}]})
>>> progress_text(4, games=ledger.games, planned=24, complete=False, closed=False,
...               started=True)
'Tisch 4: 1 von 24 Spielen gezählt, dazu 1 Pflichtsolo, das nicht mitzählt'
>>> progress_text(2, games=ledger.games, planned=24, complete=False, closed=True,
...               started=True)
'Tisch 2: beendet – 1 von 24 Spielen gezählt, dazu 1 Pflichtsolo, das nicht mitzählt'
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.evening import LedgerGame
from scorer.core.seasons import Method
from scorer.words.labels import games_text

FIGURE_LABELS = {True: "Tischpunkte", False: "Punkte"}
"""The figure the ranking sums, by ``by_table_points``."""
FIGURE_SHORT = {True: "TP", False: "Pkt"}
RANKING_LABELS = {Method.TABLE_POINTS: "Tischpunkte (4 Spieler: +3, +1, −1, −3)",
                  Method.POINTS: "Punkte (die Summe der Abende)"}
"""The figures a club evening may rank by, as the tournament form offers them."""


def progress_text(table: int, *, games: Sequence[LedgerGame], planned: int, complete: bool,
                  closed: bool, started: bool) -> str:
    """One table's progress, as the organiser reads it across the room."""
    if not started:
        return f"Tisch {table}: wartet auf den Start"
    if complete:
        return f"Tisch {table}: fertig – {games_text(games, planned)}"
    if closed:
        return f"Tisch {table}: beendet – {games_text(games, planned)}"
    return f"Tisch {table}: {games_text(games, planned)}"


def round_state(number: int, *, started: bool, ended: bool, complete: bool) -> str:
    """Where a round stands.

    >>> round_state(2, started=True, ended=False, complete=False)
    'Runde 2 läuft'
    """
    if not started:
        return f"Runde {number} ist ausgelost und wartet auf den Start"
    if ended:
        return f"Runde {number} ist beendet"
    if complete:
        return f"Runde {number}: alle Tische sind fertig"
    return f"Runde {number} läuft"


def standing_text(round_count: int, started: list[tuple[int, bool, bool]]) -> str:
    """Where the tournament stands: ``started`` holds (number, ended, complete) of each
    round that started; "Endstand" once all ``round_count`` rounds have been played and
    ended.

    >>> standing_text(2, [(1, True, True), (2, True, True)])
    'Endstand'
    >>> standing_text(3, [(1, True, True), (2, False, False)])
    'Runde 2 läuft'
    >>> standing_text(3, [])
    'Noch keine Runde begonnen'
    """
    if not started:
        return "Noch keine Runde begonnen"
    if len(started) == round_count and all(ended for _, ended, _ in started):
        return "Endstand"
    number, ended, complete = started[-1]
    return round_state(number, started=True, ended=ended, complete=complete)


def figure(value: int | None) -> str:
    """A round's figure or a sum as the ranking prints it: +3, −1, 0; "–" for a round the
    player missed (the sum counts ``absent_table_points`` for it).

    >>> [figure(v) for v in (3, -1, 0, None)]
    ['+3', '−1', '0', '–']
    """
    if value is None:
        return "–"
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def seat_list(players: tuple[str, ...] | list[str]) -> str:
    """A table's players in seat order, the first dealer named. A seat's number and name
    never part at the end of a line (a no-break space: "3" above "Jürgen" reads as two
    seats).

    >>> seat_list(["Anna", "Ben", "Cem", "Dora"])
    '1\xa0Anna (gibt zuerst) · 2\xa0Ben · 3\xa0Cem · 4\xa0Dora'
    """
    return " · ".join(f"{k}\N{NO-BREAK SPACE}{name}" + (" (gibt zuerst)" if k == 1 else "")
                      for k, name in enumerate(players, 1))
