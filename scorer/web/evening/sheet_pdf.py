"""The evening's printed sheet on the way to the phone: which PDF (the part of a long evening,
and the version of everything it shows), how to make it, and its download names. The
exports page sends it; the sheet of a closed evening has it made ahead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app

from scorer import services
from scorer.printed import render
from scorer.printed.evening import Part, parts, render_sheet_pdf, sheet_context
from scorer.store.models import Evening
from scorer.web.pages import printouts
from scorer.words import sheet as sheet_words
from scorer.words.files import ascii_name, file_name

PART_GAMES = 500
"""The most games one PDF holds (``DOKO_PDF_PART_GAMES``): a longer evening is printed in
parts, each ready in a few seconds (scorer.printed.render renders them one by one)."""


def prepare_sheet(evening: Evening, sheet: services.Sheet) -> None:
    """Have the sheet of ``evening`` made now, unless it is kept: a closed evening's sheet
    page asks, so that "Drucken / PDF" finds it there (the first part of a long one)."""
    pieces = sheet_parts(sheet)
    pdf, context = sheet_job(evening, sheet, pieces[0], len(pieces))
    printouts.prepare(pdf, render_sheet_pdf, context)


def sheet_parts(sheet: services.Sheet) -> list[Part]:
    """The parts the evening's sheet is printed in (one, unless it is very long)."""
    return parts(len(sheet.ledger.games),
                 current_app.config.get("DOKO_PDF_PART_GAMES", PART_GAMES))


def sheet_job(evening: Evening, sheet: services.Sheet, part: Part,
              count: int) -> tuple[render.Job, Callable[[], dict[str, Any]]]:
    """The sheet (part) of ``evening`` under the version of everything it shows, and how to
    get what it shows (the context, made only if it must be rendered)."""
    ledger = sheet.ledger
    title = sheet_words.printed_title(evening.group.name, evening.number)
    money = services.settlement(evening, ledger.totals)
    closed = evening.closed_at is not None
    pdf = printouts.job(f"{evening.id}-{part.number}", sheet.key, title, evening.played_on,
                        money, part, closed)
    return pdf, lambda: sheet_context(
        ledger, title=title, date=evening.played_on, settlement=money,
        part=part if count > 1 else None, words=sheet.words, closed=closed)


def wait_seconds(games: int) -> int:
    """Seconds until the waiting page asks again: about what the sheet takes to render."""
    return max(1, min(5, round(games / 100)))


def download_names(evening: Evening, extension: str, part: Part | None = None) -> tuple[str, str]:
    """An evening's download names: with the Runde's letters, and in ASCII; a part of a
    long evening's sheet says which ("…-teil-2.pdf")."""
    number = part.number if part is not None and part.of > 1 else None
    return (file_name(evening.group.name, evening.number, evening.played_on, extension, number),
            ascii_name(evening.group.name, evening.number, evening.played_on, extension, number))
