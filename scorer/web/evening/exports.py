"""Exports: the printable score sheet as PDF, and the games as CSV for a spreadsheet.

The PDF is ``scorer.printed.evening`` (the same renderer as ``scorer sheet``) fed with the
evening's ledger and settlement, rendered outside the request and kept under the evening's
version (``scorer.web.pages.printouts``). The CSV is ``scorer.printed.tables``: it says what the
sheet says, field by field.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorer import services
from scorer.printed.evening import render_sheet_pdf
from scorer.printed.tables import evening_csv, runde_csv
from scorer.web.evening.sheet_pdf import download_names, sheet_job, sheet_parts, wait_seconds
from scorer.web.pages import printouts
from scorer.web.pages.downloads import download
from scorer.web.pages.lookup import evening_or_404, group_or_404
from scorer.web.pages.printed_language import ASKED, for_the_reader, printing
from scorer.words import sheet as sheet_words
from scorer.words.files import ascii_name, file_name

bp = Blueprint("exports", __name__, url_prefix="/r/<token>")


@bp.get("/abend/<int:number>/zettel.pdf")
def sheet_pdf(token: str, number: int) -> ResponseReturnValue:
    """The printable A4 score sheet of an evening, as kept for its version; while it is
    being made, a page that says so and comes back for it (scorer.printed.render). An evening too
    long for one file gets a page with its parts (``?teil=``)."""
    evening = evening_or_404(token, number)
    sheet = services.sheet(evening)
    pieces = sheet_parts(sheet)
    asked = request.args.get("teil")
    if asked is None and len(pieces) > 1:
        return render_template("zettel_parts.html", group=evening.group, evening=evening,
                               games_text=sheet_words.count(len(sheet.ledger.games)),
                               parts=pieces)
    if asked is not None and not (asked.isascii() and asked.isdigit()
                                  and 1 <= int(asked) <= len(pieces)):
        abort(404)
    part = pieces[int(asked) - 1] if asked is not None else pieces[0]
    games = part.last - part.first + 1
    with printing(evening.group):
        job, context = sheet_job(evening, sheet, part, len(pieces))
        return printouts.send(job, render_sheet_pdf, context,
                              download_names(evening, "pdf", part), for_the_reader(
                          lambda: render_template(
                              "zettel_wait.html", group=evening.group, evening=evening,
                              part=part, parts=len(pieces), games=games,
                              seconds=wait_seconds(games),
                              url=url_for("exports.sheet_pdf", token=token, number=number,
                                          teil=part.number if len(pieces) > 1 else None,
                                          sprache=request.args.get(ASKED)),
                              back=url_for("evenings.show", token=token, number=number))))


@bp.get("/abend/<int:number>/spiele.csv")
def evening_games(token: str, number: int) -> Response:
    """The evening's games as CSV."""
    evening = evening_or_404(token, number)
    with printing(evening.group):
        return download(evening_csv(services.sheet(evening).ledger), "text/csv",
                        download_names(evening, "csv"))


@bp.get("/spiele.csv")
def runde_games(token: str) -> Response:
    """Every game of every evening of the Runde as CSV."""
    group = group_or_404(token)
    sheets = services.sheets(group.evenings)
    with printing(group):
        body = services.kept_for_runde(group, sheets, "csv", lambda: runde_csv(
            [(s.evening.number, s.evening.played_on, s.ledger) for s in sheets]))
        return download(body, "text/csv", (file_name(group.name, None, None, "csv"),
                                           ascii_name(group.name, None, None, "csv")))


