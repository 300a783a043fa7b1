"""The core's breakdown lines in the reader's language: "gewonnen +1", "Bock ×2".

The core names each line of a game's breakdown in German (``Line.label``), and the `scorer`
CLI hands those labels on byte for byte (CLI.md), so the core keeps them. Their vocabulary is
closed; it is listed here, marked for the catalog, and :func:`line_text` says a line in the
language spoken now. A recorded game's note is the table's own text and stays as written.
Pure: the standard library, the core and the words package.

>>> from scorer.core.scoring import Line
>>> line_text(Line("keine 90 abgesagt", 1)), line_text(Line("Bock", factor=2))
('keine 90 abgesagt +1', 'Bock ×2')
"""

from __future__ import annotations

from scorer.core.scoring import EXTRA_LABEL, RECORDED_LABEL, Line
from scorer.words.i18n import N_, _, pgettext

LABELS = frozenset({
    N_("gewonnen"),
    N_("unter 90 gespielt"), N_("unter 60 gespielt"), N_("unter 30 gespielt"),
    N_("schwarz gespielt"),
    N_("Re angesagt"), N_("Kontra angesagt"),
    N_("keine 90 abgesagt"), N_("keine 60 abgesagt"), N_("keine 30 abgesagt"),
    N_("schwarz abgesagt"),
    N_("keine 90 abgesagt (Re)"), N_("keine 60 abgesagt (Re)"), N_("keine 30 abgesagt (Re)"),
    N_("schwarz abgesagt (Re)"),
    N_("keine 90 abgesagt (Kontra)"), N_("keine 60 abgesagt (Kontra)"),
    N_("keine 30 abgesagt (Kontra)"), N_("schwarz abgesagt (Kontra)"),
    N_("120 gegen keine 90"), N_("90 gegen keine 60"), N_("60 gegen keine 30"),
    N_("30 gegen schwarz"),
    N_("Solo"), N_("gegen die Alten"), N_("Schwarze Sau"), N_("Bock"),
    N_("Doppelt Re"), N_("Doppelt Kontra"),
    N_("niemand gewinnt: beide Absagen verfehlt"), N_("Sonderpunkte zählen im Solo nicht"),
    N_("Sonderpunkte werden nicht verdoppelt"), N_("Solist zählt dreifach"),
    N_("neu gegeben"),
    N_("60er-Regel: Re über 180 ohne Ansage, Kontra gewinnt"),
    N_("60er-Regel: Kontra über 180 ohne Ansage, Re gewinnt"),
    *EXTRA_LABEL.values(),
})
"""Every label the core gives a breakdown line, besides a recorded game's note, a
Hammelrennen's opening line (scorer.words.labels.kind_note says it) and the parties' own
names ("Re ×2"), which read alike in every language."""


_SOLO_LINE = "Solo"
"""The line of a won solo's extra point ("Solo +1"; DDV 4.1.6), said apart from the kind."""

_HAMMELRENNEN = "Hammelrennen: "
"""How the core opens a Hammelrennen's breakdown: with what decided it."""
_HAMMELRENNEN_WHY = (N_("%(name)s hat mehr als 120 Augen"),
                     N_("%(name)s kommt 60 Augen am nächsten"))
_NOBODY_CLOSEST = N_("Gleichstand am nächsten an 60: niemand gewinnt")


def line_label(label: str) -> str:
    """A line's label in the language spoken now; a label outside the core's vocabulary (a
    recorded game's note) as it is.

    >>> line_label("Solist zählt dreifach"), line_label("Augen gewählt: 130")
    ('Solist zählt dreifach', 'Augen gewählt: 130')
    >>> line_label("Hammelrennen: Anna kommt 60 Augen am nächsten")
    'Hammelrennen: Anna kommt 60 Augen am nächsten'
    """
    if label == _SOLO_LINE:
        return pgettext("breakdown", "Solo")  # the solo's point, not the game's kind
    if label in LABELS or label == RECORDED_LABEL:
        return _(label)
    if label.startswith(_HAMMELRENNEN):
        return f"{_('Hammelrennen')}: {_hammelrennen_why(label.removeprefix(_HAMMELRENNEN))}"
    return label


def _hammelrennen_why(why: str) -> str:
    """What decided a Hammelrennen (the core's words after "Hammelrennen: ")."""
    if why == _NOBODY_CLOSEST:
        return _(why)
    for message in _HAMMELRENNEN_WHY:
        tail = message.removeprefix("%(name)s")
        if why.endswith(tail):
            return _(message) % {"name": why.removesuffix(tail)}
    return why


def line_text(line: Line) -> str:
    """The line as the sheet prints it (``Line.text`` in the language spoken now): "gewonnen
    +1", "Re ×2", "Solist zählt dreifach"."""
    label = line_label(line.label)
    if line.points is not None:
        return f"{label} {line.points:+d}"
    if line.factor is not None:
        return f"{label} ×{line.factor}"
    return label


__all__ = ["LABELS", "line_label", "line_text"]
