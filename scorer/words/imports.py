"""What the import of another app's file says around the importers' own refusals: the
preview's notes, the upload page's flashes, the ``flask import`` command's terminal text.
The importers (scorer.importers) say their refusals themselves through scorer.words.i18n,
where the problem is found. Pure: the standard library, the core and the words only.

>>> from scorer.words.i18n import speaking
>>> grouped(50000), grouped(20)
('50.000', '20')
>>> with speaking("en"):
...     grouped(50000)
'50,000'
"""

from __future__ import annotations

from scorer.words.formats import decimal_symbol


def grouped(count: int) -> str:
    """A whole number with the language's thousands separator: "50.000" / "50,000"."""
    separator = "." if decimal_symbol() == "," else ","
    return f"{count:,}".replace(",", separator)


__all__ = ["grouped"]
