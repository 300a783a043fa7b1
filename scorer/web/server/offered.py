"""The languages this app offers (``DOKO_LANGUAGES``): what its pages may speak and a Runde
may print in. Asked by the language choice (scorer.web.server.language) and the pages that
print (scorer.web.pages.printed_language)."""

from __future__ import annotations

from flask import Flask, current_app

from scorer.words.i18n import LANGUAGES, SOURCE


def offered(app: Flask | None = None) -> tuple[str, ...]:
    """The languages this app offers (``DOKO_LANGUAGES``), the source language first."""
    config = (app or current_app).config
    chosen = tuple(lang for lang in config.get("DOKO_LANGUAGES", (SOURCE,)) if lang in LANGUAGES)
    return chosen if SOURCE in chosen else (SOURCE, *chosen)
