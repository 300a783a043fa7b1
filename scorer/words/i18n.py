"""The language a person reads, for everything the words package says.

German is the source text: every message is written in German where it is said
(``_("Spiel gespeichert.")``) and the catalogs in ``scorer/translations/`` hold the other
languages, compiled to ``.mo`` files that the standard library's :mod:`gettext` reads. The
language is per context (a request, a command, the render process's job), set with
:func:`speaking` or :func:`set_language`; the web app sets it from the request (Flask-Babel
chooses, scorer.web.server.language hands the choice on), a command from its option. Pure:
the standard library only, so the core's callers and the render process need no framework.

>>> with speaking("de"):
...     _("Spiel gespeichert.")
'Spiel gespeichert.'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

SOURCE = "de"
"""The language the messages are written in."""
LANGUAGES = ("de", "en")
"""Every language the app speaks, the source first."""
CATALOGS = Path(__file__).resolve().parent.parent / "translations"
"""Where the catalogs lie: ``<language>/LC_MESSAGES/messages.po`` and its ``.mo``."""
DOMAIN = "messages"

_SOURCE_TEXT = gettext.NullTranslations()
_current: ContextVar[gettext.NullTranslations] = ContextVar("doko_language", default=_SOURCE_TEXT)
_current_name: ContextVar[str] = ContextVar("doko_language_name", default=SOURCE)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (the source text itself for German, and for a
    language without a catalog)."""
    if language == SOURCE or language not in LANGUAGES:
        return _SOURCE_TEXT
    return gettext.translation(DOMAIN, CATALOGS, [language], fallback=True)


def set_language(language: str) -> tuple[Token[gettext.NullTranslations], Token[str]]:
    """Speak ``language`` from now on in this context; the tokens undo it (``reset``)."""
    chosen = language if language in LANGUAGES else SOURCE
    return _current.set(translations(chosen)), _current_name.set(chosen)


def reset(tokens: tuple[Token[gettext.NullTranslations], Token[str]]) -> None:
    """Speak again what was spoken before :func:`set_language` gave ``tokens``."""
    _current.reset(tokens[0])
    _current_name.reset(tokens[1])


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside the ``with`` block."""
    tokens = set_language(language)
    try:
        yield
    finally:
        reset(tokens)


def language() -> str:
    """The language spoken now ("de", "en")."""
    return _current_name.get()


def _(message: str) -> str:
    """``message`` (German) in the language spoken now."""
    return _current.get().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or the plural of a message for ``count``, in the language spoken now
    ("1 Spiel", "2 Spiele")."""
    return _current.get().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken now, told apart from the same German words in
    another ``context`` (the game's "Re" and a party's "Re" may read alike in German only)."""
    return _current.get().pgettext(context, message)


def per_language(method: Callable[[Any], T]) -> T:
    """A property worked out once per language and kept with its object (like
    ``functools.cached_property``, but an English and a German reader of one kept object
    each get their own): for what a kept fold or season says, a chart's title and labels."""
    name = method.__name__

    def said(self: Any) -> T:
        kept = self.__dict__.setdefault("_said_per_language", {})
        key = (name, language())
        if key not in kept:
            kept[key] = method(self)
        return kept[key]  # type: ignore[no-any-return]

    said.__doc__ = method.__doc__
    return property(said)  # type: ignore[return-value]


def N_(message: str) -> str:
    """Marks a message for the catalog where it is defined (a closed vocabulary at import
    time) and leaves it German: it is translated where it is said, with ``_``."""
    return message


__all__ = ["CATALOGS", "DOMAIN", "LANGUAGES", "N_", "SOURCE", "_", "language", "ngettext",
           "per_language", "pgettext", "reset", "set_language", "speaking", "translations"]
