"""What a screen reader says for a row of the sheet.

A row of the sheet is a line of numbers to the eye; read aloud it is a sentence a person
at the table would say: "Spiel 12, Bock ×2, Damensolo, Dora gewinnt: Dora +6, Anna, Ben
und Cem je −2". Players with the same points are said together, the most points first.

Pure: imports only the standard library and the words package.

>>> row_said(12, 2, "Damensolo", "Dora gewinnt",
...          [("Anna", -2), ("Ben", -2), ("Cem", -2), ("Dora", 6)])
'Spiel 12, Bock ×2, Damensolo, Dora gewinnt: Dora +6, Anna, Ben und Cem je −2'
>>> row_said(3, 1, "", "Re gewinnt", [("Anna", 1), ("Ben", -1), ("Cem", 1), ("Dora", -1)])
'Spiel 3, Re gewinnt: Anna und Cem je +1, Ben und Dora je −1'
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.words.formats import signed
from scorer.words.german import names
from scorer.words.i18n import _, ngettext


def row_said(number: int, bock: int, kind: str, winner: str,
             points: Sequence[tuple[str, int]]) -> str:
    """A game's row as a sentence: its number, Bock, its kind (none for a Normalspiel), who
    won, and the points of the players who played, grouped by the same points."""
    parts = [_("Spiel %(number)s") % {"number": number}]
    if bock > 1:
        parts.append(f"Bock ×{bock}")
    if kind:
        parts.append(kind)
    head = ", ".join(parts + [winner])
    groups: dict[int, list[str]] = {}
    for name, value in points:
        groups.setdefault(value, []).append(name)
    said = [ngettext("%(names)s %(points)s", "%(names)s je %(points)s", len(people))
            % {"names": names(people), "points": signed(value)}
            for value, people in sorted(groups.items(), key=lambda item: -item[0])]
    return _("%(head)s: %(points)s") % {"head": head, "points": ", ".join(said)} if said else head


__all__ = ["row_said"]
