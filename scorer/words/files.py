"""The names of the files the app hands out: the score sheet and the CSV files, in the language
spoken now (an English reader saves "doko-zettel-stammtisch-evening-12-2026-11-25.pdf"; the
Runde's own name and the app's stay as they are). Pure: the standard library and the words.

A file is saved under its name on a phone and shared from there, so the name says which Runde
and which evening it holds: "doko-zettel-stammtisch-abend-12-2026-11-25.pdf". ``ascii_name``
is that name in plain ASCII (umlauts written out), for every browser and file system;
``file_name`` keeps the Runde's letters, for the browsers that read RFC 6266's
``filename*``.

>>> import datetime as dt
>>> file_name("Skatfreunde Köln", 12, dt.date(2026, 11, 25), "pdf")
'doko-zettel-skatfreunde-köln-abend-12-2026-11-25.pdf'
>>> ascii_name("Skatfreunde Köln", 12, dt.date(2026, 11, 25), "pdf")
'doko-zettel-skatfreunde-koeln-abend-12-2026-11-25.pdf'
>>> ascii_name("Stammtisch", None, None, "csv")
'doko-zettel-stammtisch-alle-spiele.csv'
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

from scorer.words.i18n import pgettext

PREFIX = "doko-zettel"
LONGEST_SLUG = 40
"""Characters of the Runde's name kept in a file name."""

_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae",
                              "Ö": "Oe", "Ü": "Ue", "ẞ": "SS", "ı": "i"})
_NOT_WORD = re.compile(r"[^\w]+")


def slug(name: str, *, ascii_only: bool) -> str:
    """A Runde's name as part of a file name: lower case, words joined by "-", nothing a
    file system or a header could take for syntax; "runde" when nothing is left.

    >>> slug("  Die <Doko>-Runde / Mittwoch!  ", ascii_only=True)
    'die-doko-runde-mittwoch'
    >>> slug("Çağrı & Zoë", ascii_only=True), slug("Çağrı & Zoë", ascii_only=False)
    ('cagri-zoe', 'çağrı-zoë')
    >>> slug("???", ascii_only=True)
    'runde'
    """
    text = unicodedata.normalize("NFC", name)
    if ascii_only:
        text = unicodedata.normalize("NFKD", text.translate(_SPELLED_OUT))
        text = text.encode("ascii", "ignore").decode("ascii")
    words = _NOT_WORD.sub("-", text.casefold().replace("_", "-")).strip("-")
    words = words[:LONGEST_SLUG].rstrip("-")
    return words or pgettext("file name", "runde")


def _name(runde: str, evening: int | None, date: dt.date | None, extension: str,
          part: int | None, ascii_only: bool) -> str:
    parts = [PREFIX, slug(runde, ascii_only=ascii_only)]
    if evening is None:
        parts.append(pgettext("file name", "alle-spiele"))
    else:
        parts.append(pgettext("file name", "abend-%(number)s") % {"number": evening})
    if date is not None:
        parts.append(date.isoformat())
    if part is not None:
        parts.append(pgettext("file name", "teil-%(number)s") % {"number": part})
    return f"{'-'.join(parts)}.{extension}"


def file_name(runde: str, evening: int | None, date: dt.date | None, extension: str,
              part: int | None = None) -> str:
    """The file's name with the Runde's own letters; ``evening`` None: all the Runde's
    games; ``part``: which part of a long evening's sheet ("…-teil-2.pdf")."""
    return _name(runde, evening, date, extension, part, ascii_only=False)


def ascii_name(runde: str, evening: int | None, date: dt.date | None, extension: str,
               part: int | None = None) -> str:
    """The same name in ASCII letters, digits and "-" only."""
    return _name(runde, evening, date, extension, part, ascii_only=True)


def runde_file(runde: str, what: str, extension: str) -> tuple[str, str]:
    """A Runde's file of no single evening (its Kasse, a season's sheet): the name with the
    Runde's own letters and in ASCII.

    >>> runde_file("Skatfreunde Köln", "saison-2026", "pdf")
    ('doko-zettel-skatfreunde-köln-saison-2026.pdf', 'doko-zettel-skatfreunde-koeln-saison-2026.pdf')
    """
    own, plain = (f"{PREFIX}-{slug(runde, ascii_only=a)}-{what}.{extension}" for a in (False, True))
    return own, plain


def kasse_part() -> str:
    """What names the Kasse's file: "kasse" / "kitty"."""
    return pgettext("file name", "kasse")


def season_part(season: str | None) -> str:
    """What names a season's file: "saison-2026" / "season-2026"; every evening's:
    "alle-abende" / "all-evenings"."""
    if season is None:
        return pgettext("file name", "alle-abende")
    return pgettext("file name", "saison-%(season)s") % {"season": season}


def seating_file(round_number: int) -> str:
    """A club round's seating plan: "sitzplan-runde-2.pdf"."""
    return pgettext("file name", "sitzplan-runde-%(number)s") % {"number": round_number} + ".pdf"


def slips_file(round_number: int) -> str:
    """A club round's table slips: "tischzettel-runde-2.pdf"."""
    return (pgettext("file name", "tischzettel-runde-%(number)s") % {"number": round_number}
            + ".pdf")


def tournament_file(stamp: str, extension: str) -> str:
    """A club evening's result: "turnier-2026-11-28.pdf"."""
    return pgettext("file name", "turnier-%(date)s") % {"date": stamp} + f".{extension}"


__all__ = ["LONGEST_SLUG", "PREFIX", "ascii_name", "file_name", "kasse_part", "runde_file",
           "season_part", "seating_file", "slips_file", "slug", "tournament_file"]
