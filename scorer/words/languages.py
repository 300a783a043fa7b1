"""The languages themselves: each one's name as its speakers write it (the switch on every
page offers "Deutsch" and "English", each in its own language, so nobody has to read a
language they do not know to find their own), and the language a terminal speaks.

Pure: the standard library and the words package only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.words.i18n import SOURCE

NAMES = {"de": "Deutsch", "en": "English"}
"""Each language's name in that language (never translated)."""

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a terminal's language is set, most specific first, as GNU gettext reads them."""


def machine_language(environ: Mapping[str, str], offered: Sequence[str]) -> str:
    """The language a terminal speaks: the first of its locale's languages that is offered,
    else the source language (German).

    >>> machine_language({"LANG": "en_GB.UTF-8"}, ("de", "en"))
    'en'
    >>> machine_language({"LANG": "en_GB.UTF-8"}, ("de",)), machine_language({}, ("de", "en"))
    ('de', 'de')
    >>> machine_language({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}, ("de", "en"))
    'en'
    """
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for locale in value.split(":"):
            code = locale.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in offered:
                return code
        if variable != "LANGUAGE":
            # LC_ALL / LC_MESSAGES / LANG name one locale: the first one set decides.
            break
    return SOURCE


__all__ = ["LOCALE_VARIABLES", "NAMES", "machine_language"]
