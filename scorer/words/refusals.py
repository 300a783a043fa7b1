"""Why a change of an evening's entries is not made: the refusals the services give (a game,
a table change, a new evening, the price of a point), in the language spoken now
(scorer.words.i18n). The common ones are marked where they are defined and said by the
functions below; a caller that still holds a constant says it with ``_``.

>>> from scorer.words.i18n import speaking
>>> with speaking("de"):
...     full(), still_playing(["Anna"], 5)
('höchstens 50.000 Einträge (Spiele und Tischwechsel) je Abend: für mehr einen neuen Abend beginnen', [('after', 'Anna spielt bis Spiel 5 mit: frühestens nach Spiel 5 wählen')])
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.evening import MAX_ENTRIES
from scorer.words.formats import decimal_symbol
from scorer.words.i18n import N_, _, ngettext

STALE = N_("inzwischen geändert: bitte die Seite neu laden und noch einmal prüfen")
"""Another phone changed it since the form was loaded."""
CLOSED = N_("der Abend ist abgeschlossen; zum Ändern erst wieder öffnen")
"""The evening is closed."""
FULL = N_("höchstens %(count)s Einträge (Spiele und Tischwechsel) je Abend: für mehr einen "
          "neuen Abend beginnen")
"""The core's cap on an evening's entries (scorer.core.evening.MAX_ENTRIES); said by
:func:`full`."""
TABLE_CHANGE_IS_NO_GAME = N_("ein Tischwechsel ist kein Spiel: über „Tisch ändern“ eintragen")
NOT_OF_THIS_RUNDE = N_("nur Spieler dieser Runde können mitspielen")


def grouped(number: int) -> str:
    """A whole number with the language's thousands separator: "50.000" / "50,000"."""
    return f"{number:,}".replace(",", "." if decimal_symbol() == "," else ",")


def stale() -> str:
    return _(STALE)


def closed() -> str:
    return _(CLOSED)


def finishing_only(number: int) -> str:
    """A club table after its round ended may only enter its started game."""
    return _("Die Runde des Turniers ist beendet: nur das angefangene Spiel %(number)s noch "
             "eintragen; Korrekturen macht die Turnierleitung") % {"number": number}


def full() -> str:
    return _(FULL) % {"count": grouped(MAX_ENTRIES)}


def number_taken(number: int, now: int, taken: bool) -> str:
    """A game sent as game ``number`` that would now be game ``now`` (``taken``: the sheet
    has a game of that number already)."""
    if taken:
        return _("Spiel %(number)d ist inzwischen eingetragen") % {"number": number}
    return _("Spiel %(number)d wäre jetzt Spiel %(now)d") % {"number": number, "now": now}


def would_not_add_up(problem: str, games: int | None, table_change: bool = False) -> str:
    """A later entry that the candidate would leave wrong: game ``games`` + 1, the table change
    after game ``games``, or (``games`` None) the evening as a whole; ``problem`` is the core's."""
    said = _(problem)
    if games is None:
        return _("Der Abend ginge danach nicht mehr auf: %(problem)s") % {"problem": said}
    if table_change:
        return _("Der Tischwechsel nach Spiel %(number)d ginge danach nicht mehr auf: "
                 "%(problem)s") % {"number": games, "problem": said}
    return _("Spiel %(number)d ginge danach nicht mehr auf: %(problem)s") % {
        "number": games + 1, "problem": said}


def this_entry(table_change: bool) -> str:
    """An entry named in a refusal: "dieser Tischwechsel", "dieses Spiel"."""
    return _("dieser Tischwechsel") if table_change else _("dieses Spiel")


def table_change_is_no_game() -> str:
    return _(TABLE_CHANGE_IS_NO_GAME)


def game_deleted() -> str:
    return _("dieses Spiel ist gelöscht")


def table_change_deleted() -> str:
    return _("dieser Tischwechsel ist gelöscht")


def not_a_table_change() -> str:
    return _("das ist ein Spiel, kein Tischwechsel")


def not_of_this_runde() -> str:
    return _(NOT_OF_THIS_RUNDE)


def retired_cannot_play() -> str:
    return _("ausgeschiedene Spieler können nicht mitspielen")


def retired_cannot_join(names: Sequence[str], come_back: str) -> str:
    """Retired players ticked on a table change, and where they come back (``come_back``, a
    sentence of the Runde's words)."""
    return _("ausgeschiedene Spieler können nicht dazukommen: %(names)s.") % {
        "names": ", ".join(names)} + " " + _(come_back)


def nobody_new_at_a_tournament_table() -> str:
    return _("an einem Turniertisch kommt niemand neu dazu: neue Spieler meldet die "
             "Turnierleitung an")


def still_playing(gone: Sequence[str], last: int) -> list[tuple[str, str]]:
    """A table change that takes players from the table who play until game ``last``: where
    it could go instead (on the field ``after``)."""
    return [("after", ngettext(
        "%(names)s spielt bis Spiel %(last)d mit: frühestens nach Spiel %(last)d wählen",
        "%(names)s spielen bis Spiel %(last)d mit: frühestens nach Spiel %(last)d wählen",
        len(gone)) % {"names": ", ".join(gone), "last": last})]


def after_out_of_range(games: int) -> str:
    """A table change's place beyond the games of the sheet."""
    return _("zwischen 0 (vor Spiel 1) und %(games)d (nach dem letzten Spiel) wählen") % {
        "games": games}


def price_out_of_range(most: int) -> str:
    """A price of a point above the app's limit (in cents)."""
    return _("zwischen 0 und %(most)d Cent") % {"most": most}


def unknown_settlement_mode() -> str:
    return _("unbekannte Art der Abrechnung")


def unknown_rounding() -> str:
    return _("unbekannte Rundung")


__all__ = ["CLOSED", "FULL", "NOT_OF_THIS_RUNDE", "STALE", "TABLE_CHANGE_IS_NO_GAME",
           "after_out_of_range", "closed", "full", "game_deleted", "grouped",
           "nobody_new_at_a_tournament_table", "not_a_table_change", "not_of_this_runde",
           "number_taken", "price_out_of_range", "retired_cannot_join", "retired_cannot_play",
           "stale", "still_playing", "table_change_deleted", "table_change_is_no_game",
           "this_entry", "unknown_rounding", "unknown_settlement_mode", "would_not_add_up"]
