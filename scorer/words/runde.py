"""The Runde in the table's words: what its pages say after a change (a Runde made, a player
added, renamed, retired, the house rules stored, the device's memory of it) and what its
services refuse. Pure: imports only the standard library and the words package.

>>> retired_typed_again("Ben")[:20]
'Ben ist ausgeschiede'
"""

from __future__ import annotations

import datetime as dt

from scorer.words.formats import date
from scorer.words.i18n import N_, _

COME_BACK = N_("Zurückholen: in der Runde unter „Spieler“ auf „Ändern“ und „spielt wieder "
               "mit“ tippen")
"""How a retired player comes back, for the messages that refuse them (said with ``_``)."""


def come_back() -> str:
    """How a retired player comes back, in the language spoken now."""
    return _(COME_BACK)


def unknown_preset() -> str:
    return _("unbekanntes Regelwerk")


def retired_typed_again(name: str) -> str:
    """A retired player's name typed in to be added."""
    return _("%(name)s ist ausgeschieden.") % {"name": name} + " " + come_back()


def name_taken(name: str) -> str:
    return _("%(name)s gibt es in dieser Runde schon") % {"name": name}


def not_in_future() -> str:
    return _("das Datum darf nicht in der Zukunft liegen")


def runde_created() -> str:
    return _("Runde angelegt. Diese Adresse ist euer Schlüssel: als Lesezeichen speichern oder "
             "„Auf diesem Gerät merken“.")


def remembered(name: str, read_only: bool) -> str:
    """After a Runde was remembered on this device (by its read-only link or not)."""
    if read_only:
        return _("„%(name)s“ ist auf diesem Gerät gemerkt (nur lesen). Vergessen geht auf der "
                 "Startseite.") % {"name": name}
    return _("„%(name)s“ ist auf diesem Gerät gemerkt. Vergessen geht auf der "
             "Startseite.") % {"name": name}


def forgotten(name: str) -> str:
    return _("„%(name)s“ ist auf diesem Gerät vergessen. Mit ihrem Link lässt sie sich wieder "
             "öffnen und merken.") % {"name": name}


def links_renewed() -> str:
    return _("Neue Links erstellt. Die alten funktionieren nicht mehr: bitte neu teilen.")


def player_added(name: str) -> str:
    return _("%(name)s spielt jetzt mit.") % {"name": name}


def no_such_player() -> tuple[str, str]:
    """The error page's title and message for a player of no such id."""
    return _("Nicht gefunden"), _("Diesen Spieler gibt es in dieser Runde nicht.")


def member_since(name: str, day: dt.date) -> str:
    return _("%(name)s ist Mitglied seit %(date)s.") % {"name": name, "date": date(day)}


def member_until(name: str, day: dt.date) -> str:
    """After a player retired with a day, or the day was moved."""
    return _("%(name)s ist ausgeschieden: Mitglied bis %(date)s.") % {"name": name,
                                                                     "date": date(day)}


def guest(name: str, now: bool) -> str:
    """After a player was made a guest (``now``) or a member."""
    if now:
        return _("%(name)s ist jetzt Gast: zahlt und punktet nicht als Fehlender.") % {
            "name": name}
    return _("%(name)s ist jetzt Mitglied der Runde.") % {"name": name}


def retired(name: str, now: bool) -> str:
    """After a player was retired (``now``) or brought back."""
    if now:
        return _("%(name)s ist ausgeschieden.") % {"name": name}
    return _("%(name)s ist wieder dabei.") % {"name": name}


def renamed(name: str) -> str:
    return _("Umbenannt in %(name)s.") % {"name": name}


def house_rules_saved() -> str:
    return _("Hausregeln gespeichert. Laufende und alte Abende behalten ihre Regeln.")


def preset_chosen(preset: str) -> str:
    """After the house rules started over from a preset (``preset``: its name, said)."""
    return _("Regelwerk %(preset)s gewählt; alle Optionen wie dort.") % {"preset": preset}


def choose_a_preset() -> str:
    return _("Bitte ein Regelwerk auswählen.")


def print_language_saved(language: str) -> str:
    """After the Runde chose the language of its PDFs and CSV files (``language``: its name,
    in itself: "Deutsch", "English")."""
    return _("PDFs und CSV-Dateien dieser Runde: %(language)s.") % {"language": language}


def language_not_offered() -> str:
    return _("Diese Sprache gibt es hier nicht.")


def qr_title() -> str:
    """The title of a link's QR code (what a screen reader says)."""
    return _("QR-Code")


__all__ = [
    "COME_BACK",
    "choose_a_preset",
    "language_not_offered",
    "print_language_saved",
    "come_back",
    "forgotten",
    "house_rules_saved",
    "links_renewed",
    "guest",
    "member_since",
    "member_until",
    "name_taken",
    "no_such_player",
    "not_in_future",
    "player_added",
    "preset_chosen",
    "qr_title",
    "remembered",
    "renamed",
    "retired",
    "retired_typed_again",
    "runde_created",
    "unknown_preset",
]
