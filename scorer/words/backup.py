"""What the backup says when it is read back (``flask restore`` and a Runde's backup imported
on the Runde page) and when a change of the Verlauf is restored: the file's refusals that are
no row's, and the places a backup names. The rows' own problems are said where they are found
(scorer.store.backup, scorer.services.backup_check). Pure: the standard library, the core and
the words only.
"""

from __future__ import annotations

from scorer.words.i18n import _, ngettext
from scorer.words.imports import grouped


def too_deep() -> str:
    return _("die Datei ist zu tief verschachtelt")


def not_utf8() -> str:
    return _("die Datei ist kein UTF-8-Text")


def number_too_long() -> str:
    return _("die Datei enthält eine zu lange Zahl")


def not_json(line: int, column: int) -> str:
    """``flask restore``: the file is no JSON."""
    return _("keine JSON-Datei (Zeile %(line)s, Spalte %(column)s)") % {"line": line,
                                                                       "column": column}


def invalid_json(line: int, column: int) -> str:
    """A Runde's backup on the import page: the file is no JSON."""
    return _("kein gültiges JSON: Fehler in Zeile %(line)s, Spalte %(column)s") % {
        "line": line, "column": column}


def database_refuses(reason: str) -> str:
    return _("die Datenbank nimmt die Zeilen nicht: %(reason)s") % {"reason": reason}


def several_runden(count: int) -> str:
    """A backup of the whole server (or of none) offered as a Runde's."""
    return ngettext(
        "die Sicherung enthält %(count)s Runden; importiert wird die Sicherung einer Runde (auf "
        "ihrer Seite: „Sicherung herunterladen“)",
        "die Sicherung enthält %(count)s Runden; importiert wird die Sicherung einer Runde (auf "
        "ihrer Seite: „Sicherung herunterladen“)", count) % {"count": count}


def too_many_games(count: int, most: int) -> str:
    return _("zu viele Spiele: %(count)s (höchstens %(most)s je Datei)") % {
        "count": grouped(count), "most": grouped(most)}


def what_comes_over() -> str:
    """The preview's note on a Runde's backup."""
    return _("Aus einer Sicherung kommen Spieler, Abende und Spiele; der Verlauf jedes Spiels "
             "beginnt hier neu, gelöschte Spiele und die Links bleiben zurück.")


def game_place(number: int) -> str:
    """An entry of a backup's evening: "Spiel 3"."""
    return _("Spiel %(number)s") % {"number": number}


def table_change_place(after: int) -> str:
    """A table change of a backup's evening: "Tischwechsel nach Spiel 3"."""
    return _("Tischwechsel nach Spiel %(number)s") % {"number": after}


__all__ = ["database_refuses", "game_place", "invalid_json", "not_json", "not_utf8",
           "number_too_long", "several_runden", "table_change_place", "too_deep",
           "too_many_games", "what_comes_over"]
