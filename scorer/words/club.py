"""What a club evening's pages, PDF and CSV say (RULES.md §11.3), in the language spoken now
(scorer.words.i18n; German is the source): a table's progress, a round's state, the ranking's
figure. Pure: standard library and core only.

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
from scorer.words.formats import signed
from scorer.words.i18n import N_, _, ngettext, pgettext
from scorer.words.labels import counted_games, games_text

FIGURE_SHORT = {True: N_("TP"), False: N_("Pkt")}
"""The figure's column heading, by ``by_table_points`` (German; said with ``figure_short``)."""
RANKING_LABELS = {Method.TABLE_POINTS: N_("Tischpunkte (4 Spieler: +3, +1, −1, −3)"),
                  Method.POINTS: N_("Punkte (die Summe der Abende)")}
"""The figures a club evening may rank by, as the tournament form offers them (German; said
with ``ranking_choices``)."""


def figure_label(by_table_points: bool) -> str:
    """The figure the ranking sums, as running text says it: "Tischpunkte" or "Punkte"."""
    if by_table_points:
        return pgettext("figure", "Tischpunkte")
    return pgettext("figure", "Punkte")


def figure_short(by_table_points: bool) -> str:
    """The figure's column heading: "TP" or "Pkt"."""
    return _(FIGURE_SHORT[by_table_points])


def ranking_choices() -> list[tuple[str, str]]:
    """(value, label) of each figure a club evening may rank by, for the tournament form."""
    return [(method.value, _(label)) for method, label in RANKING_LABELS.items()]


def progress_text(table: int, *, games: Sequence[LedgerGame], planned: int, complete: bool,
                  closed: bool, started: bool, finishing: bool = False) -> str:
    """One table's progress, as the organiser reads it across the room."""
    if not started:
        return _("Tisch %(table)s: wartet auf den Start") % {"table": table}
    said = {"table": table, "games": games_text(games, planned)}
    if finishing:
        return _("Tisch %(table)s: spielt das angefangene Spiel zu Ende – %(games)s") % said
    if complete:
        return _("Tisch %(table)s: fertig – %(games)s") % said
    if closed:
        return _("Tisch %(table)s: beendet – %(games)s") % said
    return _("Tisch %(table)s: %(games)s") % said


def progress_figure(table: int, *, games: Sequence[LedgerGame], planned: int,
                    complete: bool) -> str:
    """One table's progress as the key figure a projector shows across the room: the
    games counted against the plan (``progress_text`` says the rest in words).

    >>> progress_figure(2, games=(), planned=12, complete=False)
    'Tisch 2: 0 von 12'
    """
    if complete:
        return _("Tisch %(table)s: fertig") % {"table": table}
    counted, _others = counted_games(games, planned)
    return _("Tisch %(table)s: %(counted)s von %(planned)s") % {
        "table": table, "counted": counted, "planned": planned}


def round_state(number: int, *, started: bool, ended: bool, complete: bool) -> str:
    """Where a round stands.

    >>> round_state(2, started=True, ended=False, complete=False)
    'Runde 2 läuft'
    """
    said = {"number": number}
    if not started:
        return _("Runde %(number)s ist ausgelost und wartet auf den Start") % said
    if ended:
        return _("Runde %(number)s ist beendet") % said
    if complete:
        return _("Runde %(number)s: alle Tische sind fertig") % said
    return _("Runde %(number)s läuft") % said


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
        return _("Noch keine Runde begonnen")
    if len(started) == round_count and all(ended for _number, ended, _complete in started):
        return _("Endstand")
    number, ended, complete = started[-1]
    return round_state(number, started=True, ended=ended, complete=complete)


def figure(value: int | None) -> str:
    """A round's figure or a sum as the ranking prints it: +3, −1, 0; "–" for a round the
    player missed (the sum counts ``absent_table_points`` for it).

    >>> [figure(v) for v in (3, -1, 0, None)]
    ['+3', '−1', '0', '–']
    """
    return "–" if value is None else signed(value)


def pairs_again(pairs: int) -> str:
    """How many pairs of a drawn round sat together in an earlier round, each pair counted
    once (the draw makes them as few as it can, then how often they met).

    >>> pairs_again(1), pairs_again(5)
    ('1 Paar sitzt wieder zusammen', '5 Paare sitzen wieder zusammen')
    """
    return ngettext("%(count)s Paar sitzt wieder zusammen",
                    "%(count)s Paare sitzen wieder zusammen", pairs) % {"count": pairs}


def missed(absent: int) -> str:
    """A missed round's cell, everywhere the ranking is shown or printed: what the round
    gives the player (``absent_table_points``; 0 when the ranking is by points), in
    brackets, so that the cells add up to the sum and are told apart from a round played.

    >>> missed(-3), missed(0)
    ('(−3)', '(0)')
    """
    return "(" + signed(absent) + ")"


def round_figure(value: int | None, absent: int) -> str:
    """A round's cell of the ranking: its figure, or :func:`missed`."""
    return missed(absent) if value is None else signed(value)


def missed_legend(absent: int) -> str:
    """What the missed round's cell means, said under every ranking that shows one.

    >>> missed_legend(-3)
    '„(−3)“: Runde verpasst, zählt −3 in der Summe.'
    """
    return _("„%(cell)s“: Runde verpasst, zählt %(figure)s in der Summe.") % {
        "cell": missed(absent), "figure": signed(absent)}


def seat_list(players: tuple[str, ...] | list[str]) -> str:
    """A table's players in seat order, the first dealer named. A seat's number and name
    never part at the end of a line (a no-break space: "3" above "Jürgen" reads as two
    seats).

    >>> seat_list(["Anna", "Ben", "Cem", "Dora"])
    '1\xa0Anna (gibt zuerst) · 2\xa0Ben · 3\xa0Cem · 4\xa0Dora'
    """
    return " · ".join(f"{k}\N{NO-BREAK SPACE}"
                      + (_("%(name)s (gibt zuerst)") % {"name": name} if k == 1 else name)
                      for k, name in enumerate(players, 1))


TOURNAMENT_NAME_LABEL = N_("Name des Turniers")
"""The label of a tournament's name (German; scorer.services.tournaments.TOURNAMENT_NAME)."""


def table_runde_name(tournament: str, round_number: int, table: int) -> str:
    """A table's Runde as the start page and the topbar name it (kept with the Runde, in the
    organiser's language): "Vereinsabend · Runde 1 · Tisch 2"."""
    return _("%(tournament)s · Runde %(round)s · Tisch %(table)s") % {
        "tournament": tournament, "round": round_number, "table": table}
