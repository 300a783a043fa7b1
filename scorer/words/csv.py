"""The CSV files' headers and words in the reader's language (``scorer.printed.tables`` writes
the files). German stays as the spreadsheets have always read it; English files have English
headers.

>>> game_columns()[:4], totals_label(), kasse_kind(True, absent=True)
(['Nr', 'Geber', 'Spielart', 'Re'], 'Endstand', 'fehlte')
>>> ranking_columns("TP", [1, 2])
['Platz', 'Nr', 'Name', 'R1 Tisch', 'R1 Punkte', 'R1 TP', 'R2 Tisch', 'R2 Punkte', 'R2 TP', 'Summe TP', 'Punkte', 'Soli gewonnen']
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.words.formats import money
from scorer.words.i18n import N_, _, pgettext

GAME_COLUMNS = (N_("Nr"), N_("Geber"), N_("Spielart"), "Re", "Kontra", N_("Augen Re"),
                N_("Augen Kontra"), N_("Ohne Stich"), N_("Ansagen"), N_("Sonderpunkte"),
                N_("Gewinner"), N_("Wertung"), "Bock", N_("Grundwert"), N_("Hinweise"))
"""The columns of every game row before the players' points ("Re", "Kontra" and "Bock" are
the game's own names, the same in every language)."""
RUNDE_COLUMNS = (N_("Abend"), N_("Datum"))
"""The Runde export puts these in front of the game columns."""
KASSE_COLUMNS = (N_("Datum"), N_("Art"), N_("Abend"), N_("Spieler"), N_("Text"), N_("Betrag"),
                 N_("Bezahlt"), "Offen")
"""The Kasse's CSV: one row per charge (per evening and member) and per deposit or expense;
the last, the money still owed, is said in its own context (``kasse_columns``)."""


def game_columns() -> list[str]:
    """The game columns, said."""
    return [_(c) for c in GAME_COLUMNS]


def runde_columns() -> list[str]:
    """The Runde export's first columns, said."""
    return [_(c) for c in RUNDE_COLUMNS]


def kasse_columns() -> list[str]:
    """The Kasse's columns, said ("Offen": money still owed)."""
    return [_(c) for c in KASSE_COLUMNS[:-1]] + [pgettext("owed", "Offen")]


def totals_label() -> str:
    """The "Spielart" of the row with everybody's total after the evening's last game."""
    return _("Endstand")


def runde_totals_label() -> str:
    """The "Spielart" of the Runde export's last row: every player's points over all
    evenings."""
    return _("Summe aller Abende")


def kasse_kind(charge: bool, *, absent: bool = False, deposit: bool = False) -> str:
    """The "Art" of a Kasse row: an evening's charge ("Abend", or "fehlte" for a member who
    was absent), a deposit or an expense."""
    if charge:
        return _("fehlte") if absent else _("Abend")
    return _("Einzahlung") if deposit else _("Ausgabe")


def fee_text(cents: int) -> str:
    """The text of an evening's share that holds the evening's fixed fee."""
    return _("Beitrag %(amount)s") % {"amount": money(cents)}


def handed_kind() -> str:
    """The "Art" of money a member handed in ("Anna gibt 20 €")."""
    return _("Geld gegeben")


def ranking_columns(short: str, rounds: Iterable[int]) -> list[str]:
    """The club ranking's columns: place, number, name, per round the table, the points and
    the figure ranked by (``short``: "TP", said by the caller), then the sums and the solos
    won."""
    out = [pgettext("rank", "Platz"), _("Nr"), _("Name")]
    for number in rounds:
        out += [_("R%(round)s Tisch") % {"round": number},
                _("R%(round)s Punkte") % {"round": number},
                f"R{number} {short}"]
    return out + [_("Summe %(figure)s") % {"figure": short}, _("Punkte"), _("Soli gewonnen")]


def missed_round() -> str:
    """The club ranking's table cell of a round the player missed."""
    return _("verpasst")


__all__ = ["GAME_COLUMNS", "KASSE_COLUMNS", "RUNDE_COLUMNS", "game_columns", "kasse_columns",
           "kasse_kind", "missed_round", "ranking_columns", "runde_columns", "runde_totals_label",
           "totals_label"]
