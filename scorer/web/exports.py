"""Exports: the printable score sheet as PDF, and the games as CSV for a spreadsheet.

The PDF is ``scorer.printed.evening`` (the same renderer as ``scorer sheet``) fed with the
evening's ledger and settlement, rendered outside the request and kept under the evening's
version (``scorer.web.printouts``). The CSV is ``scorer.printed.tables``: it says what the
sheet says, field by field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue

from scorer import services
from scorer.printed import render
from scorer.printed.evening import Part, parts, render_sheet_pdf, sheet_context
from scorer.store.models import Evening
from scorer.printed.tables import evening_csv, runde_csv
from scorer.web import printouts
from scorer.web.downloads import download
from scorer.web.lookup import evening_or_404, group_or_404
from scorer.words.files import ascii_name, file_name

bp = Blueprint("exports", __name__, url_prefix="/r/<token>")

PART_GAMES = 500
"""The most games one PDF holds (``DOKO_PDF_PART_GAMES``): a longer evening is printed in
parts, each ready in a few seconds (scorer.printed.render renders them one by one)."""


@bp.get("/abend/<int:number>/zettel.pdf")
def sheet_pdf(token: str, number: int) -> ResponseReturnValue:
    """The printable A4 score sheet of an evening, as kept for its version; while it is
    being made, a page that says so and comes back for it (scorer.printed.render). An evening too
    long for one file gets a page with its parts (``?teil=``)."""
    evening = evening_or_404(token, number)
    sheet = services.sheet(evening)
    pieces = _parts(sheet)
    asked = request.args.get("teil")
    if asked is None and len(pieces) > 1:
        return render_template("zettel_parts.html", group=evening.group, evening=evening,
                               games=len(sheet.ledger.games), parts=pieces)
    if asked is not None and not (asked.isascii() and asked.isdigit()
                                  and 1 <= int(asked) <= len(pieces)):
        abort(404)
    part = pieces[int(asked) - 1] if asked is not None else pieces[0]
    job, context = _job(evening, sheet, part, len(pieces))
    games = part.last - part.first + 1
    return printouts.send(job, render_sheet_pdf, context, _names_of(evening, "pdf", part),
                          lambda: render_template(
                              "zettel_wait.html", group=evening.group, evening=evening,
                              part=part, parts=len(pieces), games=games,
                              seconds=_wait_for(games)))


def prepare_sheet(evening: Evening, sheet: services.Sheet) -> None:
    """Have the sheet of ``evening`` made now, unless it is kept: a closed evening's sheet
    page asks, so that "Drucken / PDF" finds it there (the first part of a long one)."""
    pieces = _parts(sheet)
    job, context = _job(evening, sheet, pieces[0], len(pieces))
    printouts.prepare(job, render_sheet_pdf, context)


def _parts(sheet: services.Sheet) -> list[Part]:
    return parts(len(sheet.ledger.games),
                 current_app.config.get("DOKO_PDF_PART_GAMES", PART_GAMES))


def _job(evening: Evening, sheet: services.Sheet, part: Part,
         count: int) -> tuple[render.Job, Callable[[], dict[str, Any]]]:
    """The sheet (part) of ``evening`` under the version of everything it shows, and how to
    get what it shows (the context, made only if it must be rendered)."""
    ledger = sheet.ledger
    title = f"{evening.group.name} · Abend {evening.number}"
    money = services.settlement(evening, ledger.totals)
    closed = evening.closed_at is not None
    job = printouts.job(f"{evening.id}-{part.number}", sheet.key, title, evening.played_on,
                        money, part, closed)
    return job, lambda: sheet_context(
        ledger, title=title, date=evening.played_on, settlement=money,
        part=part if count > 1 else None, words=tuple(sheet.words.values()), closed=closed)


def _wait_for(games: int) -> int:
    """Seconds until the waiting page asks again: about what the sheet takes to render."""
    return max(1, min(5, round(games / 100)))


@bp.get("/abend/<int:number>/spiele.csv")
def evening_games(token: str, number: int) -> Response:
    """The evening's games as CSV."""
    evening = evening_or_404(token, number)
    return download(evening_csv(services.sheet(evening).ledger), "text/csv",
                    _names_of(evening, "csv"))


@bp.get("/spiele.csv")
def runde_games(token: str) -> Response:
    """Every game of every evening of the Runde as CSV."""
    group = group_or_404(token)
    sheets = services.sheets(group.evenings)
    body = services.kept_for_runde(group, sheets, "csv", lambda: runde_csv(
        [(s.evening.number, s.evening.played_on, s.ledger) for s in sheets]))
    return download(body, "text/csv", (file_name(group.name, None, None, "csv"),
                                       ascii_name(group.name, None, None, "csv")))


def _names_of(evening: Evening, extension: str, part: Part | None = None) -> tuple[str, str]:
    """An evening's download names: with the Runde's letters, and in ASCII; a part of a
    long evening's sheet says which ("…-teil-2.pdf")."""
    number = part.number if part is not None and part.of > 1 else None
    return (file_name(evening.group.name, evening.number, evening.played_on, extension, number),
            ascii_name(evening.group.name, evening.number, evening.played_on, extension, number))
