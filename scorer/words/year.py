"""The Runde's year in the table's words: a season's name, the ranking's figures, amounts of
the Kasse, the records. Pure: imports only the standard library and the core. The pages, the
season PDF and the Kasse CSV word things through here.

>>> figure_text(Method.AVERAGE, Fraction(5, 3)), figure_text(Method.TABLE_POINTS, -3)
('+1,67', '−3')
>>> euro(-18000), euro_cell(1250), euro_cell(-5)
('−180,00 €', '12,50', '-0,05')
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scorer.core.kasse import ABSENT_LABELS, AbsentPays, MemberReport
from scorer.core.records import RECORD_UNITS, Feat, RecordKind
from scorer.core.seasons import EARLIER, METHOD_LABELS, Method, Season
from scorer.core.settlement import format_euro

_MINUS = "−"

FIGURE_HEADINGS = {
    Method.POINTS: "Punkte",
    Method.AVERAGE: "Ø/Spiel",
    Method.PLACEMENT: "Pl.-Punkte",
    Method.TABLE_POINTS: "Tischpunkte",
}
"""The short column heading of a ranking's figure (a 360 px table has room for a word)."""

METHOD_SENTENCES = {
    Method.POINTS: "Wer über die Saison die meisten Punkte hat, liegt vorn.",
    Method.AVERAGE: "Punkte je gespieltem Spiel; wer zu wenige Spiele hat, steht ohne Platz "
                    "am Ende.",
    Method.PLACEMENT: "Jeder Abend gibt Platzierungspunkte: bei n Spielern der Erste n, der "
                      "Letzte 1 (Gleichstand: der bessere Platz für alle).",
    Method.TABLE_POINTS: "Jeder Abend gibt Tischpunkte, zusammen 0: zu viert 3, 1, −1, −3; "
                         "Fehlende bekommen, was die Runde festlegt.",
}
"""One sentence per method, for the settings page and the ranking's legend."""

ABSENT_SENTENCES = {
    AbsentPays.NOTHING: "Wer nicht da war, zahlt nichts.",
    AbsentPays.AS_LAST: "Wer nicht da war, zahlt so viel wie der Letzte des Abends.",
    AbsentPays.FIXED: "Wer nicht da war, zahlt einen festen Betrag.",
}
"""What absent members pay, as a sentence."""


def signed(value: int) -> str:
    """+3, −3, 0 with a real minus sign."""
    return f"+{value}" if value > 0 else f"{_MINUS}{-value}" if value < 0 else "0"


def decimal_text(value: Fraction, places: int = 2) -> str:
    """An exact fraction rounded half up to ``places`` decimals, with its sign: +1,67."""
    step = Decimal(1).scaleb(-places)
    rounded = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        step, rounding=ROUND_HALF_UP)
    text = f"{abs(rounded):.{places}f}".replace(".", ",")
    if rounded == 0:
        return text
    return ("+" if rounded > 0 else _MINUS) + text


def figure_text(method: Method, figure: Fraction | int) -> str:
    """A ranking's figure as the page prints it: signed points, an average with two
    decimals, placement points plain."""
    if method is Method.AVERAGE:
        return decimal_text(Fraction(figure))
    if method is Method.PLACEMENT:
        return str(figure)
    return signed(int(figure))


def season_title(season: Season, own: bool) -> str:
    """"Saison 2026" for a calendar year; a season of the Runde's own by its name; the range
    before the first own season as "Vor der ersten Saison"."""
    if season.name == EARLIER:
        return "Vor der ersten Saison"
    return season.name if own else f"Saison {season.name}"


def euro(cents: int) -> str:
    """An amount with the euro sign: "12,50 €", "−180,00 €"."""
    return format_euro(cents)


def euro_cell(cents: int) -> str:
    """An amount as a spreadsheet in a German locale reads a number, and a form shows it to
    be typed again: "12,50", "-0,05" (an ASCII minus, no dots for thousands, no €)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100},{abs(cents) % 100:02d}"


def exact_euro(cents: Fraction | int) -> str:
    """An average amount: to the cent, rounded half up ("1,67 €")."""
    value = Fraction(cents)
    return euro(int((Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal(1), rounding=ROUND_HALF_UP)))


def report_line(report: MemberReport) -> dict[str, str | int]:
    """One member's line of a season report (§11.2), as the page and the season PDF print
    it: evenings, points, paid, and sum, average, minimum and maximum of the charges."""
    return {
        "name": report.player, "evenings": report.evenings_played,
        "points": signed(report.points), "paid": euro(report.paid),
        "charged": len(report.charges), "total": euro(report.total),
        "average": exact_euro(report.average) if report.average is not None else "–",
        "minimum": euro(report.minimum) if report.minimum is not None else "–",
        "maximum": euro(report.maximum) if report.maximum is not None else "–",
    }


def count_text(kind: RecordKind, figure: int) -> str:
    """A record's figure with its unit: "24 Punkte", "1 Solo", "−31 Punkte"."""
    one, many = RECORD_UNITS[kind]
    number = signed(figure) if kind in (RecordKind.BEST_EVENING, RecordKind.WORST_EVENING) \
        else str(figure)
    return f"{number} {one if abs(figure) == 1 else many}"


def feat_where(feat: Feat) -> str:
    """Where a feat happened: "Abend 12, Spiel 31"; a run: "Abend 3, Spiel 7 – Abend 4,
    Spiel 2"."""
    def place(key: object, game: int | None) -> str:
        return f"Abend {key}" + (f", Spiel {game}" if game is not None else "")

    here = place(feat.place.key, feat.place.game)
    if feat.start is None or (feat.start.key, feat.start.game) == (feat.place.key,
                                                                   feat.place.game):
        return here
    return f"{place(feat.start.key, feat.start.game)} – {here}"


__all__ = [
    "ABSENT_LABELS",
    "ABSENT_SENTENCES",
    "FIGURE_HEADINGS",
    "METHOD_LABELS",
    "METHOD_SENTENCES",
    "count_text",
    "decimal_text",
    "euro",
    "euro_cell",
    "exact_euro",
    "feat_where",
    "figure_text",
    "report_line",
    "season_title",
    "signed",
]
