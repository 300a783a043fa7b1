"""Paying with a scan in the table's words: what a GiroCode's transfer says as its purpose,
what the player's page says after a change, and its refusals. Pure: imports only the
standard library and the words package."""

from __future__ import annotations

from scorer.words.i18n import _


def remittance(number: int) -> str:
    """The purpose of a transfer for evening ``number``, as the bank statement shows it."""
    return _("Doko-Zettel Abend %(number)s") % {"number": number}


def kasse_remittance(runde: str) -> str:
    """The purpose of a payment into the Runde's Kasse."""
    return _("Doko-Zettel Kasse %(runde)s") % {"runde": runde}


def girocode_title(payee: str, amount: str) -> str:
    """What a screen reader says of a GiroCode."""
    return _("GiroCode: %(amount)s an %(payee)s") % {"amount": amount, "payee": payee}


def holder_too_long() -> str:
    return _("Kontoinhaber: höchstens 70 Zeichen")


def pay_details_saved(name: str) -> str:
    return _("Bankverbindung von %(name)s gespeichert.") % {"name": name}


def pay_details_removed(name: str) -> str:
    return _("Bankverbindung und PayPal.me von %(name)s gelöscht.") % {"name": name}


def treasurer_set(name: str | None) -> str:
    if name is None:
        return _("Die Runde hat jetzt keinen Kassenwart.")
    return _("%(name)s ist jetzt Kassenwart.") % {"name": name}


def rating_set(on: bool) -> str:
    return (_("Die Statistik zeigt jetzt die Spielstärke.") if on
            else _("Die Statistik zeigt keine Spielstärke mehr."))


def rating_hidden(name: str, hidden: bool) -> str:
    return (_("Die Spielstärke von %(name)s wird nicht mehr gezeigt.") if hidden
            else _("Die Spielstärke von %(name)s wird wieder gezeigt.")) % {"name": name}


__all__ = ["girocode_title", "holder_too_long", "kasse_remittance", "pay_details_removed", "pay_details_saved",
           "rating_hidden", "rating_set", "remittance", "treasurer_set"]
