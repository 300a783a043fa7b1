"""What the Verlauf says when a change is restored or undone and cannot be: a game or table
change already deleted, not deleted, or without an earlier version. ``entry`` is the entry as
the history names it ("Spiel 5", "der Tischwechsel nach Spiel 4": scorer.services.entries).
Pure: the standard library and the words only.
"""

from __future__ import annotations

from scorer.words.i18n import _


def no_such_change() -> str:
    return _("diese Änderung gibt es nicht")


def already_deleted(entry: str) -> str:
    return _("%(entry)s ist schon gelöscht") % {"entry": entry}


def not_deleted(entry: str) -> str:
    return _("%(entry)s ist nicht gelöscht") % {"entry": entry}


def no_earlier_version() -> str:
    return _("hier gibt es keine frühere Fassung")


def deleted_first_restore(entry: str) -> str:
    return _("%(entry)s ist gelöscht: erst wiederherstellen") % {"entry": entry}


__all__ = ["already_deleted", "deleted_first_restore", "no_earlier_version", "no_such_change",
           "not_deleted"]
