"""The Runde's year in the table's words: a season's name, the ranking's methods and figures,
the records, the season report's amounts, and what the year's settings and the core's season
checks say. Pure: imports only the standard library and the core. The pages, the season PDF
and the Kasse CSV word things through here; closed vocabularies are marked with ``N_`` and
said with ``_`` (scorer.words.i18n), numbers and money are scorer.words.formats'.

>>> figure_text(Method.AVERAGE, Fraction(5, 3)), figure_text(Method.TABLE_POINTS, -3)
('+1,67', '−3')
>>> euro(-18000), euro_cell(1250), euro_cell(-5)
('−180,00 €', '12,50', '-0,05')
>>> from scorer.core.seasons import check_settings, InvalidSeason
>>> try:
...     check_settings("points", -1, 0)
... except InvalidSeason as err:
...     said(err.problems)
[('min_games', 'eine ganze Zahl von 0 bis 10000 angeben')]
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scorer.core.dated import FROM_THE_START
from scorer.core.kasse import MemberReport
from scorer.core.records import Feat, RecordKind
from scorer.core.seasons import (
    ABSENT_POINTS_PROBLEM,
    EARLIER,
    MAX_ABSENT_TABLE_POINTS,
    MAX_MIN_GAMES,
    MIN_GAMES_PROBLEM,
    Method,
    RankingRule,
    Season,
)
from scorer.words.formats import date, money, money_cell, signed, signed_decimal
from scorer.words.i18n import N_, _, ngettext

ALL_EVENINGS = N_("Alle Abende")
"""The range of every evening of a Runde, as the pages name it."""

METHOD_LABELS = {
    Method.POINTS: N_("Punkte"),
    Method.AVERAGE: N_("Schnitt je Spiel"),
    Method.PLACEMENT: N_("Platzierungspunkte"),
    Method.TABLE_POINTS: N_("Tischpunkte"),
}
"""The methods in the table's words (page, PDF and form say the same)."""

FIGURE_HEADINGS = {
    Method.POINTS: N_("Punkte"),
    Method.AVERAGE: N_("Ø/Spiel"),
    Method.PLACEMENT: N_("Pl.-Punkte"),
    Method.TABLE_POINTS: N_("Tischpunkte"),
}
"""The short column heading of a ranking's figure (a 360 px table has room for a word)."""

METHOD_SENTENCES = {
    Method.POINTS: N_("Wer über die Saison die meisten Punkte hat, liegt vorn."),
    Method.AVERAGE: N_("Punkte je gespieltem Spiel; wer zu wenige Spiele hat, steht ohne Platz "
                       "am Ende."),
    Method.PLACEMENT: N_("Jeder Abend gibt Platzierungspunkte: bei n Spielern der Erste n, der "
                         "Letzte 1 (Gleichstand: der bessere Platz für alle)."),
    Method.TABLE_POINTS: N_("Jeder Abend gibt Tischpunkte, zusammen 0: zu viert 3, 1, −1, −3; "
                            "Fehlende bekommen, was die Runde festlegt."),
}
"""One sentence per method, for the settings page and the ranking's legend."""

RECORD_LABELS = {
    RecordKind.HIGHEST_GAME: N_("Höchstes Spiel"),
    RecordKind.BEST_EVENING: N_("Bester Abend"),
    RecordKind.WORST_EVENING: N_("Schlechtester Abend"),
    RecordKind.WON_GAMES_RUN: N_("Längste Siegesserie (Spiele)"),
    RecordKind.WON_EVENINGS_RUN: N_("Längste Siegesserie (Abende)"),
    RecordKind.SOLOS_WON: N_("Meiste gewonnene Soli an einem Abend"),
    RecordKind.BOCK_GAMES: N_("Meiste Bockspiele an einem Abend"),
}
"""The records in the table's words (page and PDF say the same)."""


def method_label(method: Method) -> str:
    """A season method's name: "Schnitt je Spiel"."""
    return _(METHOD_LABELS[method])


def method_choices() -> list[tuple[str, str]]:
    """The methods as a form offers them: (stored value, name)."""
    return [(m.value, _(label)) for m, label in METHOD_LABELS.items()]


def figure_heading(method: Method) -> str:
    """The ranking's column heading of the method's figure: "Ø/Spiel"."""
    return _(FIGURE_HEADINGS[method])


def method_sentence(method: Method, absent_table_points: int | None = None) -> str:
    """The method in one sentence; under table points with ``absent_table_points`` given,
    what the absent get is named (the season PDF said "was die Runde festlegt", issue 37)."""
    if method is Method.TABLE_POINTS and absent_table_points is not None:
        return _("Jeder Abend gibt Tischpunkte, zusammen 0: zu viert 3, 1, −1, −3; ein "
                 "fehlendes Mitglied bekommt %(points)s.") % {
                     "points": signed(absent_table_points)}
    return _(METHOD_SENTENCES[method])


def methods_explained() -> list[tuple[str, str]]:
    """Every method's name with its sentence, for the settings page."""
    return [(method_label(m), method_sentence(m)) for m in METHOD_SENTENCES]


def record_label(kind: RecordKind) -> str:
    """A record's name: "Höchstes Spiel"."""
    return _(RECORD_LABELS[kind])


def figure_text(method: Method, figure: Fraction | int) -> str:
    """A ranking's figure as the page prints it: signed points, an average with two
    decimals, placement points plain."""
    if method is Method.AVERAGE:
        return signed_decimal(Fraction(figure))
    if method is Method.PLACEMENT:
        return str(figure)
    return signed(int(figure))


def season_title(season: Season, own: bool) -> str:
    """"Saison 2026" for a calendar year; a season of the Runde's own by its name; the range
    before the first own season as "Vor der ersten Saison"."""
    if season.name == EARLIER:
        return _("Vor der ersten Saison")
    return season.name if own else _("Saison %(name)s") % {"name": season.name}


def all_evenings() -> str:
    """"Alle Abende": the heading of every evening of a Runde."""
    return _(ALL_EVENINGS)


def season_printout(title: str) -> str:
    """The waiting page's title of a season's PDF: "Saison 2026"."""
    return _("Saison %(title)s") % {"title": title}


def not_there() -> str:
    """A player's rank on an evening they were not at (the season's player page)."""
    return _("nicht da")


def absent_mark() -> str:
    """A player's rank on an evening they were not at (the season PDF)."""
    return _("fehlte")


def span(first: dt.date, last: dt.date) -> str:
    """The dates a season's evenings cover: "05.03.2026 bis 26.11.2026"."""
    return _("%(first)s bis %(last)s") % {"first": date(first), "last": date(last)}


def euro(cents: int) -> str:
    """An amount with the euro sign: "12,50 €", "−180,00 €"."""
    return money(cents)


def euro_cell(cents: int) -> str:
    """An amount as a spreadsheet of the language reads a number, and a form shows it to be
    typed again: "12,50", "-0,05" (scorer.words.formats.money_cell)."""
    return money_cell(cents)


def exact_euro(cents: Fraction | int) -> str:
    """An average amount: to the cent, rounded half up ("1,67 €")."""
    value = Fraction(cents)
    return money(int((Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal(1), rounding=ROUND_HALF_UP)))


def report_line(report: MemberReport) -> dict[str, str | int]:
    """One member's line of a season report (§11.2), as the page and the season PDF print
    it: evenings, points, paid, and sum, average, minimum and maximum of the charges."""
    return {
        "name": report.player, "evenings": report.evenings_played,
        "points": signed(report.points), "paid": money(report.paid),
        "charged": len(report.charges), "total": money(report.total),
        "average": exact_euro(report.average) if report.average is not None else "–",
        "minimum": money(report.minimum) if report.minimum is not None else "–",
        "maximum": money(report.maximum) if report.maximum is not None else "–",
        "fees": money(report.fees), "posten": money(report.items_total),
        "has_extras": bool(report.fees or report.items),
    }


def _unit(kind: RecordKind, count: int) -> str:
    if kind in (RecordKind.HIGHEST_GAME, RecordKind.BEST_EVENING, RecordKind.WORST_EVENING):
        return ngettext("%(num)s Punkt", "%(num)s Punkte", count)
    if kind is RecordKind.WON_GAMES_RUN:
        return ngettext("%(num)s Spiel", "%(num)s Spiele", count)
    if kind is RecordKind.WON_EVENINGS_RUN:
        return ngettext("%(num)s Abend", "%(num)s Abende", count)
    if kind is RecordKind.SOLOS_WON:
        return ngettext("%(num)s Solo", "%(num)s Soli", count)
    return ngettext("%(num)s Bockspiel", "%(num)s Bockspiele", count)


RECORD_NOTES = {
    RecordKind.SOLOS_WON: N_("Gezählt wird jedes als Solo gewertete Spiel, das der Solist "
                             "gewann: auch eine stille Hochzeit und eine Hochzeit ohne "
                             "Partner."),
}
"""What a record counts, where its name does not say it (issue 37)."""


def record_note(kind: RecordKind) -> str:
    """What a record counts, "" where its name says it."""
    note = RECORD_NOTES.get(kind)
    return _(note) if note else ""


def count_text(kind: RecordKind, figure: int) -> str:
    """A record's figure with its unit: "24 Punkte", "1 Solo", "−31 Punkte"."""
    number = signed(figure) if kind in (RecordKind.BEST_EVENING, RecordKind.WORST_EVENING) \
        else str(figure)
    return _unit(kind, abs(figure)) % {"num": number}


def feat_where(feat: Feat) -> str:
    """Where a feat happened: "Abend 12, Spiel 31"; a run: "Abend 3, Spiel 7 – Abend 4,
    Spiel 2"."""
    def place(key: object, game: int | None) -> str:
        if game is None:
            return _("Abend %(number)s") % {"number": key}
        return _("Abend %(number)s, Spiel %(game)s") % {"number": key, "game": game}

    here = place(feat.place.key, feat.place.game)
    if feat.start is None or (feat.start.key, feat.start.game) == (feat.place.key,
                                                                   feat.place.game):
        return here
    return f"{place(feat.start.key, feat.start.game)} – {here}"


_FORMATTED = ((MIN_GAMES_PROBLEM, {"max": MAX_MIN_GAMES}),
              (ABSENT_POINTS_PROBLEM, {"max": MAX_ABSENT_TABLE_POINTS}))
"""The core's messages that carry a number of its own, with the number."""


def problem_text(message: str) -> str:
    """A message of the core's season and Kasse checks (scorer.core.seasons,
    scorer.core.kasse: German, marked there) in the language spoken now."""
    for template, values in _FORMATTED:
        if message == template % values:
            return _(template) % values
    return _(message)


def said(problems: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The core's (field, message) problems with each message in the language spoken now."""
    return [(field, problem_text(message)) for field, message in problems]


def ranking_saved(start: dt.date) -> str:
    """After the season method was stored from ``start`` on (§11.4: a season ranks under
    the rule of its first day)."""
    if start == FROM_THE_START:
        return _("Wertung gespeichert. Alle Saisons rechnen damit.")
    return _("Wertung gespeichert: gilt für jede Saison, die am %(date)s oder später "
             "beginnt.") % {"date": date(start)}


def ranking_rule_text(rule: RankingRule) -> str:
    """A season rule in a line: "Schnitt je Spiel, ab 10 Spielen", "Tischpunkte, wer
    fehlt: −3"."""
    text = method_label(rule.method)
    if rule.method is Method.AVERAGE and rule.min_games:
        return _("%(method)s, ab %(n)s Spielen") % {"method": text, "n": rule.min_games}
    if rule.method is Method.TABLE_POINTS:
        return _("%(method)s, wer fehlt: %(points)s") % {
            "method": text, "points": signed(rule.absent_table_points)}
    return text


def rule_start(start: dt.date) -> str:
    """When a setting applies from: "von Anfang an", "ab 01.01.2026"."""
    if start == FROM_THE_START:
        return _("von Anfang an")
    return _("ab %(date)s") % {"date": date(start)}


def rule_back_choice(title: str, start: dt.date) -> str:
    """A choice of how far back a setting is to apply: "Saison 2025 (ab 01.01.2025)"."""
    if start == FROM_THE_START:
        return _("alle Abende, von Anfang an")
    return _("%(season)s (ab %(date)s)") % {"season": title, "date": date(start)}


def rule_applied_back(start: dt.date) -> str:
    """After a setting was applied back."""
    return _("Übernommen: die Einstellung gilt jetzt %(start)s.") % {"start": rule_start(start)}


def rule_removed() -> str:
    """After a dated setting was removed."""
    return _("Einstellung entfernt; an ihren Tagen gilt wieder die davor.")


def rule_not_understood() -> str:
    """A setting to apply back to a season the Runde has not (any more)."""
    return _("diese Saison gibt es nicht (mehr)")


def season_added(name: str, start: dt.date) -> str:
    """After an own season was added: "„Saison 2026/27“ beginnt am 01.09.2026."."""
    return _("„%(name)s“ beginnt am %(date)s.") % {"name": name, "date": date(start)}


def season_removed(name: str) -> str:
    """After an own season was removed."""
    return _("„%(name)s“ entfernt; ihre Abende gehören jetzt zur Saison davor.") % {
        "name": name}


def no_such_season() -> str:
    """A season to remove that is gone."""
    return _("diese Saison gibt es nicht (mehr)")


__all__ = [
    "ALL_EVENINGS",
    "FIGURE_HEADINGS",
    "METHOD_LABELS",
    "METHOD_SENTENCES",
    "RECORD_LABELS",
    "absent_mark",
    "all_evenings",
    "count_text",
    "euro",
    "euro_cell",
    "exact_euro",
    "feat_where",
    "figure_heading",
    "figure_text",
    "method_choices",
    "method_label",
    "method_sentence",
    "methods_explained",
    "no_such_season",
    "not_there",
    "problem_text",
    "ranking_rule_text",
    "ranking_saved",
    "rule_applied_back",
    "rule_back_choice",
    "rule_not_understood",
    "rule_removed",
    "rule_start",
    "record_label",
    "record_note",
    "report_line",
    "said",
    "season_added",
    "season_printout",
    "season_removed",
    "season_title",
    "span",
]
