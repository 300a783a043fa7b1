"""What the server says when it cannot show what was asked for (error pages and refusals of
a whole request), and what its commands say in the terminal. Closed vocabularies are marked
for the catalog where they are defined and translated where they are said (scorer.words.i18n).
"""

from __future__ import annotations

from scorer.words.i18n import N_, _, ngettext

ERROR_PAGES = {
    "not_found": (N_("Nicht gefunden"),
                  N_("Diese Seite gibt es nicht (mehr). Stimmt der Link?")),
    "read_only": (N_("Nur lesen"),
                  N_("Mit diesem Link lässt sich nichts ändern. Zum Eintragen braucht ihr den "
                     "Bearbeiten-Link der Runde.")),
    "foreign": (N_("Nicht von dieser Seite"),
                N_("Diese Anfrage kam nicht von einer Seite von Doko-Zettel. Es wurde nichts "
                   "gespeichert.")),
    "expired": (N_("Formular abgelaufen"),
                N_("Das Formular war nicht mehr gültig. Bitte die Seite neu laden und noch "
                   "einmal absenden.")),
    "bad_request": (N_("Ungültige Anfrage"),
                    N_("Diese Anfrage kann nicht verarbeitet werden.")),
    "not_allowed": (N_("Nicht erlaubt"), N_("Diese Aktion geht hier nicht.")),
    "server_error": (N_("Fehler"),
                     N_("Etwas ist schiefgegangen; es wurde nichts gespeichert. Bitte noch "
                        "einmal versuchen.")),
    "unavailable": (N_("Gleich wieder da"),
                    N_("Die Datenbank ist gerade nicht erreichbar; es wurde nichts gespeichert. "
                       "Bitte in einer halben Minute noch einmal versuchen.")),
    "pdf_failed": (N_("Zettel nicht erstellt"),
                   N_("Der Zettel konnte nicht erstellt werden. Bitte noch einmal versuchen.")),
    "ranking_only": (N_("Nur die Rangliste"),
                     N_("Mit dem Link der Rangliste lässt sich nichts ändern. Auslosen, Runden "
                        "und Anmeldung gehen nur mit dem Link der Turnierleitung.")),
    "tournament_table": (N_("Turniertisch"),
                         N_("Das geht an einem Turniertisch nicht: Spieler, Regeln und Runden "
                            "legt die Turnierleitung fest.")),
}
"""Each error page's title and message, by what went wrong."""


def error_words(what: str) -> tuple[str, str]:
    """The title and message of an error page (``ERROR_PAGES``), translated."""
    title, message = ERROR_PAGES[what]
    return _(title), _(message)


def error_page(what: str) -> dict[str, str]:
    """The title and message of an error page, as templates/error.html takes them."""
    title, message = error_words(what)
    return {"title": title, "message": message}


def round_ended(number: int) -> tuple[str, str]:
    """A tournament table's evening opened again after its round ended: the organiser's."""
    return _("Runde beendet"), _(
        "Runde %(number)s ist beendet. Korrigieren kann jetzt nur die Turnierleitung (auf "
        "ihrer Seite: „Tisch öffnen“).") % {"number": number}


def too_large(size: str, parts: int) -> tuple[str, str]:
    """A request that sends more than a page takes (``size`` as "64 KB")."""
    return _("Zu viele Daten"), _(
        "Diese Anfrage schickt mehr, als hier ankommen darf (höchstens %(size)s und "
        "%(parts)s Felder). Es wurde nichts gespeichert.") % {"size": size, "parts": parts}


def too_many(seconds: int) -> tuple[str, str]:
    """A device that asked more often than a table does, and when to try again."""
    return _("Zu viele Anfragen"), ngettext(
        "Von diesem Gerät kamen in kurzer Zeit mehr Anfragen, als ein Tisch stellt. Bitte in "
        "%(seconds)s Sekunde noch einmal versuchen; es wurde nichts gespeichert.",
        "Von diesem Gerät kamen in kurzer Zeit mehr Anfragen, als ein Tisch stellt. Bitte in "
        "%(seconds)s Sekunden noch einmal versuchen; es wurde nichts gespeichert.",
        seconds) % {"seconds": seconds}


def not_a_public_url(value: str) -> str:
    """DOKO_PUBLIC_URL that is no web address (said when the server starts)."""
    return _("DOKO_PUBLIC_URL: %(value)s ist keine Adresse wie http://192.168.1.20:8000 oder "
             "https://doko.example.org") % {"value": value}


def app_description() -> str:
    """The web app's one line in a phone's list of installed apps."""
    return _("Der Doppelkopf-Zettel fürs Handy: Spiele eintragen, Punkte, Bock, Geber und "
             "Abrechnung nach euren Hausregeln.")


def backup_target_help() -> str:
    """``flask backup -o``'s help."""
    return _("Zieldatei (Standard: instance/backups/doko-zettel-backup-<Zeit>.json)")


def backup_written(path: str, rows: int) -> str:
    """``flask backup`` done."""
    return ngettext("Sicherung geschrieben: %(path)s (%(rows)s Zeile)",
                    "Sicherung geschrieben: %(path)s (%(rows)s Zeilen)", rows) % {
        "path": path, "rows": rows}


def restore_refused() -> str:
    """``flask restore`` wrote nothing (after the problems, one per line)."""
    return _("Wiederherstellen abgebrochen: nichts geschrieben.")


def restored(rows: int, path: str) -> str:
    """``flask restore`` done."""
    return ngettext("Wiederhergestellt: %(rows)s Zeile aus %(path)s",
                    "Wiederhergestellt: %(rows)s Zeilen aus %(path)s", rows) % {
        "rows": rows, "path": path}
