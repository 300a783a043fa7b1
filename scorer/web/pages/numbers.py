"""Whole numbers from forms and URLs: the digits 0 to 9, within what the database stores.

``"²".isdigit()`` is true and ``int("²")`` raises; ``int("٣")`` and ``int("３")`` are 3;
``int`` of more than 4,300 digits raises; a 30-digit id overflows SQLite's INTEGER. A phone's
number pad types an optional minus and ASCII digits, so that is all a number may be here.
"""

from __future__ import annotations

import re

MAX_INT = 2**31 - 1
"""The largest value of an INTEGER column on PostgreSQL (SQLite's are wider)."""

_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,10}")


def parse_int(text: object, low: int = -MAX_INT, high: int = MAX_INT) -> int | None:
    """``text`` as an int if it is ASCII digits (an optional leading minus, surrounding
    blanks allowed) between ``low`` and ``high``; otherwise None.

    >>> parse_int("17"), parse_int(" 3 "), parse_int("²"), parse_int("３"), parse_int("9" * 11)
    (17, 3, None, None, None)
    >>> parse_int("0", low=1)
    """
    if not isinstance(text, str):
        return None
    text = text.strip(" \t\r\n")
    if not _WHOLE_NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None
