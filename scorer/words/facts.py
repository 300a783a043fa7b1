"""A game as it was entered, in one line, for the history and the conflicts ("Normalspiel · Re
Anna, Cem · 151 Augen · Re: keine 90"), a table change as entered, the entry form's line on who
plays and the live preview's open question. Pure: imports only the standard library, the core
and the words package; scorer.web.pages.display puts the pieces together.

>>> who_plays_text(["Cem", "Dora", "Emil", "Anna"], "Ben", 1)
'Es spielen Cem, Dora, Emil, Anna · Ben setzt aus'
>>> table_facts(["Anna", "Ben"], None)
'Am Tisch: Anna, Ben · Geber nach der Regel'
"""

from __future__ import annotations

from scorer.words.i18n import N_, _, ngettext

ACTION_WORDS = {"create": N_("eingetragen"), "edit": N_("geändert"), "delete": N_("gelöscht"),
                "restore": N_("wiederhergestellt")}
"""What happened to a game, for the history (said with ``_``)."""


def pflicht(mandatory: bool) -> str:
    """After a solo's name: " (Pflicht)" or " (Lust)"."""
    return _(" (Pflicht)") if mandatory else _(" (Lust)")


def re_players(players: str) -> str:
    """The Re party by name: "Re Anna, Cem"."""
    return _("Re %(players)s") % {"players": players}


def eyes(count: object) -> str:
    """Re's Augen: "151 Augen"."""
    return _("%(eyes)s Augen") % {"eyes": count}


def announced(party: str) -> str:
    """A party's Ansage without a bid: "Re angesagt"."""
    return _("%(party)s angesagt") % {"party": party}


def doppelt(party: str, count: object) -> str:
    """The orbital rules' Doppelt: "Doppelt Re ×2"."""
    return _("Doppelt %(party)s ×%(count)s") % {"party": party, "count": count}


def trickless(party: str) -> str:
    """A party that took no trick: "Kontra schwarz (kein Stich)"."""
    return _("%(party)s schwarz (kein Stich)") % {"party": party}


def zero_with_trick(party: str) -> str:
    """A party with 0 Augen that took a trick: "Kontra mit Stich (0 Augen)"."""
    return _("%(party)s mit Stich (0 Augen)") % {"party": party}


def note(text: str) -> str:
    """A recorded game's note: "Notiz: ..."."""
    return _("Notiz: %(note)s") % {"note": text}


def dealer_stays() -> str:
    return _("Geber bleibt")


def manual_bock() -> str:
    return _("Bock vom Tisch beschlossen")


def table_facts(names: list[str], dealer: object | None) -> str:
    """A table change as entered: "Am Tisch: Anna, Ben, Fritz, Dora · gibt: Fritz"."""
    seated = _("Am Tisch: %(names)s") % {"names": ", ".join(names)}
    deals = (_("gibt: %(dealer)s") % {"dealer": dealer} if dealer is not None
             else _("Geber nach der Regel"))
    return f"{seated} · {deals}"


def who_plays_text(ticked: list[str], out: str, count_out: int) -> str:
    """The entry form's folded line: "Es spielen Cem, Dora, Emil, Anna · Ben setzt aus";
    ``out`` names who sits out (``count_out`` of them, 0: nobody)."""
    if not ticked:
        return _("Wer spielt? Bitte vier antippen")
    text = _("Es spielen %(names)s") % {"names": ", ".join(ticked)}
    if count_out:
        text += " · " + ngettext("%(names)s setzt aus", "%(names)s setzen aus",
                                 count_out) % {"names": out}
    return text


def still_open(asked: list[str]) -> str:
    """What the live preview waits for: "Noch offen: welches Solo wurde gespielt?"."""
    return _("Noch offen: %(asked)s") % {"asked": " · ".join(asked)}


__all__ = ["ACTION_WORDS", "announced", "dealer_stays", "doppelt", "eyes", "manual_bock", "note",
           "pflicht", "re_players", "still_open", "table_facts", "trickless", "who_plays_text",
           "zero_with_trick"]
