"""Table changes in the table's words, for the sheet, the PDF and the CSV alike. Pure: imports
only the standard library and the core.

Fritz arrives after game 1 and deals (Ben would have): one line says who came, who went
(and whether an open Pflichtsolo went with them) and who deals next. When Anna comes back,
Dora deals: she would have dealt had nothing changed.

>>> from scorer.core.evening import evening
>>> ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [
...     {"re": ["Ben", "Cem"], "re_eyes": 151},
...     {"table": ["Ben", "Cem", "Fritz", "Dora"], "dealer": "Fritz"},
...     {"re": ["Ben", "Cem"], "re_eyes": 100},
...     {"table": ["Ben", "Anna", "Cem", "Fritz", "Dora"]}]})
>>> change_texts(ledger)
('Fritz kommt dazu · Anna geht (Pflichtsolo offen, entfällt) · gibt: Fritz', 'Anna kommt wieder · gibt: Dora')
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.evening import Ledger, TableChange
from scorer.words.i18n import N_, _

DROPPED = N_("Pflichtsolo offen, entfällt")
"""What a leaver's open Pflichtsolo does (RULES.md §7: it is dropped); German, marked."""


def change_texts(ledger: Ledger) -> tuple[str, ...]:
    """One line per table change of ``ledger``, in input order."""
    seen = set(ledger.setup.seats)
    seats: Sequence[str] = ledger.setup.seats
    out = []
    for change in ledger.table_changes:
        out.append(change_text(change, seats, seen))
        seen.update(change.joined)
        seats = change.seats
    return tuple(out)


def change_text(change: TableChange, old_seats: Sequence[str], seen: set[str]) -> str:
    """"Fritz kommt dazu · Dora geht (Pflichtsolo offen, entfällt) · gibt: Ben".

    ``old_seats`` is the table before the change, ``seen`` everybody who sat at the table
    earlier this evening (they come back rather than join).
    """
    parts = [(_("%(name)s kommt wieder") if p in seen else _("%(name)s kommt dazu"))
             % {"name": p} for p in change.joined]
    parts += [(_("%(name)s geht (%(dropped)s)") % {"name": p, "dropped": _(DROPPED)}
               if p in change.pflichtsolo_dropped else _("%(name)s geht") % {"name": p})
              for p in change.left]
    if reordered(old_seats, change.seats):
        parts.append(_("neue Sitzordnung"))
    elif not parts:
        parts.append(_("Tisch wie bisher"))
    parts.append(_("gibt: %(dealer)s") % {"dealer": change.dealer})
    return " · ".join(parts)


def change_lead(after: int) -> str:
    """What comes before a change's words where the row must say what it is: "Tischwechsel
    nach Spiel 3: " (the PDF prints it, the sheet lets a screen reader say it)."""
    return _("Tischwechsel nach Spiel %(after)s: ") % {"after": after}


def change_cell(text: str) -> str:
    """A change's words as the CSV's "Spielart": "Tischwechsel: Fritz kommt dazu · gibt: Ben"."""
    return _("Tischwechsel: %(text)s") % {"text": text}


def seated_text(after: int, seats: Sequence[str]) -> str:
    """Who sits at the table after a change: "Am Tisch ab Spiel 4: Anna, Ben, Cem, Fritz"."""
    return _("Am Tisch ab Spiel %(number)s: %(seats)s") % {"number": after + 1,
                                                            "seats": ", ".join(seats)}


def reordered(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether the players at both tables sit in another clockwise order (a rotation of the
    same order is the same table)."""
    before = [p for p in old if p in new]
    after = [p for p in new if p in old]
    if len(before) < 3:
        return False
    start = after.index(before[0])
    return after[start:] + after[:start] != before


__all__ = ["DROPPED", "change_cell", "change_lead", "change_text", "change_texts",
           "reordered", "seated_text"]
