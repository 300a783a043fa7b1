"""The core's mark for German it keeps: a refusal's message the core says itself (naming the
field) is German source text, marked with ``N_`` so ``pybabel extract`` finds it; the words
package translates it where it is said (scorer.words.i18n). Pure: the core may not import the
words package, so the mark is the core's own.

>>> N_("ein Datum angeben")
'ein Datum angeben'
"""

from __future__ import annotations


def N_(message: str) -> str:
    """``message`` unchanged: German, marked for the catalog."""
    return message


__all__ = ["N_"]
