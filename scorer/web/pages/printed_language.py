"""The language of what a Runde prints and exports: its PDFs and CSV files are in the Runde's
own language (``Group.language``, set on the Runde's page), unless the person asks for another
with ``?sprache=en`` — the pages themselves speak their reader's language
(scorer.web.server.language). A table that plays in German and has one English reader gets
the German sheet on paper and can still fetch an English copy."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TypeVar

from flask import request
from flask_babel import force_locale

from scorer.store.models import Group
from scorer.web.server.offered import offered
from scorer.words.i18n import SOURCE, language, speaking

T = TypeVar("T")

ASKED = "sprache"
"""The query parameter that asks for a PDF or a CSV file in another language."""


def print_language(group: Group | None) -> str:
    """The language ``group``'s PDFs and CSV files are made in for this request."""
    languages = offered()
    asked = request.args.get(ASKED)
    if asked in languages:
        return str(asked)
    own = group.language if group is not None else SOURCE
    return own if own in languages else SOURCE


@contextmanager
def speaking_to(language: str) -> Iterator[str]:
    """Speak ``language`` inside the block, the words package and the templates alike."""
    with force_locale(language), speaking(language):
        yield language


def printing(group: Group | None) -> AbstractContextManager[str]:
    """Speak the print language of ``group`` inside the block; yields the language."""
    return speaking_to(print_language(group))


def for_the_reader(page: Callable[[], T]) -> Callable[[], T]:
    """``page`` made in the language of the reader asking now, even inside :func:`printing`
    (the page that says a PDF is being made is read by the person, not printed)."""
    reader = language()

    def made() -> T:
        with speaking_to(reader):
            return page()
    return made
