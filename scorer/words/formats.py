"""Numbers, money and dates in the language spoken now (scorer.words.i18n), the one place
that writes them: points with a real minus sign, euros and dates through Babel's locale data.
German stays as the paper Zettel writes it ("−7", "3,40 €", "28.11.2026"); English reads
"−7", "€3.40", "28 Nov 2026".

>>> import datetime as dt
>>> from scorer.words.i18n import speaking
>>> signed(3), signed(-3), signed(0), number(-7), money(-120), money(123456)
('+3', '−3', '0', '−7', '−1,20 €', '1.234,56 €')
>>> date(dt.date(2026, 11, 28)), day(dt.date(2026, 11, 28)), signed_money(340)
('28.11.2026', '28.11.', '+3,40 €')
>>> with speaking("en"):
...     money(-120), date(dt.date(2026, 11, 28)), day(dt.date(2026, 11, 28)), decimal(1.5)
('−€1.20', '28 Nov 2026', '28 Nov', '1.50')
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from scorer.words.i18n import language

MINUS = "\u2212"
"""The real minus sign the sheet prints (not the hyphen)."""

LOCALES = {"de": "de_DE", "en": "en_GB"}
"""The Babel locale of each language: English as in Britain ("28 Nov 2026", "€3.40")."""

DATE_PATTERNS = {
    "de": {"date": "dd.MM.yyyy", "day": "dd.MM.", "time": "HH:mm", "stamp": "dd.MM.yyyy, HH:mm",
           "month": "MMMM yyyy", "weekday": "EEEE, dd.MM.yyyy"},
    "en": {"date": "d MMM yyyy", "day": "d MMM", "time": "HH:mm", "stamp": "d MMM yyyy, HH:mm",
           "month": "MMMM yyyy", "weekday": "EEEE, d MMM yyyy"},
}
"""Date patterns (CLDR syntax) by language and use: a whole date, a day of a season's list,
a time, a moment, a month, a date with its weekday."""


def _numbers() -> Any:
    # Babel only when a number is written: the ``scorer`` command and importing the words
    # need none of its locale data (tests/test_purity.py).
    from babel import numbers
    return numbers


def _dates() -> Any:
    from babel import dates
    return dates


def locale() -> str:
    """The Babel locale of the language spoken now."""
    return LOCALES.get(language(), LOCALES["de"])


def number(value: int) -> str:
    """A total with a real minus sign and no plus: "23", "−7"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """Points with their sign: "+3", "−3", "0"."""
    return f"+{value}" if value > 0 else number(value)


def plain_decimal(value: Fraction | Decimal | float, places: int = 2) -> str:
    """A number rounded half up to ``places`` decimals with the language's decimal mark and no
    sign of its own: "1,67" / "1.67"."""
    exact = Fraction(value) if not isinstance(value, Fraction) else value
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = f"{abs(rounded):.{places}f}"
    return text.replace(".", str(_numbers().get_decimal_symbol(locale())))


def decimal(value: Fraction | Decimal | float, places: int = 2) -> str:
    """A number rounded half up to ``places`` decimals: "1,50" / "1.50", "−0,25"."""
    text = plain_decimal(value, places)
    return f"{MINUS}{text}" if value < 0 and text.strip("0,.") else text


def signed_decimal(value: Fraction | Decimal | float, places: int = 2) -> str:
    """A number with its sign, rounded half up: "+1,67", "−0,25", "0,00"."""
    text = plain_decimal(value, places)
    if not text.strip("0,."):
        return text
    return ("+" if value > 0 else MINUS) + text


def money(cents: int) -> str:
    """An amount of euros: "3,40 €", "−1,20 €", "1.234,56 €" / "€3.40", "−€1.20"."""
    text = str(_numbers().format_currency(Decimal(abs(cents)) / 100, "EUR", locale=locale()))
    return (MINUS if cents < 0 else "") + text.replace("\xa0", " ")


def signed_money(cents: int) -> str:
    """An amount with its sign: "+3,40 €", "−1,20 €", "0,00 €"."""
    return ("+" if cents > 0 else "") + money(cents)


def money_cell(cents: int) -> str:
    """An amount as a spreadsheet of the language reads a number, and a form shows it to be
    typed again: "12,50", "-0,05" / "12.50" (an ASCII minus, no thousands, no €)."""
    sign = "-" if cents < 0 else ""
    mark = str(_numbers().get_decimal_symbol(locale()))
    return f"{sign}{abs(cents) // 100}{mark}{abs(cents) % 100:02d}"


def _pattern(use: str) -> str:
    return DATE_PATTERNS.get(language(), DATE_PATTERNS["de"])[use]


def date(value: dt.date) -> str:
    """A date: "28.11.2026" / "28 Nov 2026"."""
    return str(_dates().format_date(value, _pattern("date"), locale=locale()))


def day(value: dt.date) -> str:
    """A day of a year's list: "28.11." / "28 Nov"."""
    return str(_dates().format_date(value, _pattern("day"), locale=locale()))


def weekday_date(value: dt.date) -> str:
    """A date with its weekday: "Samstag, 28.11.2026" / "Saturday, 28 Nov 2026"."""
    return str(_dates().format_date(value, _pattern("weekday"), locale=locale()))


def month(value: dt.date) -> str:
    """A month: "November 2026"."""
    return str(_dates().format_date(value, _pattern("month"), locale=locale()))


def time(value: dt.datetime | dt.time) -> str:
    """A time of day: "21:05"."""
    return str(_dates().format_time(value, _pattern("time"), locale=locale()))


def stamp(value: dt.datetime) -> str:
    """A moment: "28.11.2026, 21:05" / "28 Nov 2026, 21:05"."""
    return str(_dates().format_datetime(value, _pattern("stamp"), locale=locale()))


def decimal_symbol() -> str:
    """The decimal mark a person of the language types: "," / "."."""
    return str(_numbers().get_decimal_symbol(locale()))


__all__ = ["DATE_PATTERNS", "LOCALES", "MINUS", "date", "day", "decimal", "decimal_symbol",
           "locale", "money", "money_cell", "month", "number", "plain_decimal", "signed",
           "signed_decimal", "signed_money", "stamp", "time", "weekday_date"]
