"""The club evening's ranking: the live page for a projector and for phones, the cheap check
it polls, the final ranking as a PDF and the tournament's CSV. The organiser's and the
ranking link both open these; neither changes anything here.

The page follows the tables as an evening's sheet follows its table (static/js/live.js,
unchanged): about once a second it sends the ETag it has to ``/stand``, which answers from
one query over the tournament's and its tables' versions (``services.tournament_state``),
almost always a bodiless 304; on a change it fetches itself again and swaps its regions.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import Any

from flask import Blueprint, g, jsonify, render_template, request, url_for
from markupsafe import Markup, escape
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorer import services
from scorer.printed.club import (
    render_result,
    render_seating,
    render_slips,
    result_context,
    seating_context,
    slips_context,
)
from scorer.store.models import Tournament, TournamentRound
from scorer.web.club_access import tournament_or_404
from scorer.printed.tables import csv_text, ranking_header, ranking_rows
from scorer.web import printouts
from scorer.web.downloads import download
from scorer.web.hosts import public_url
from scorer.web.qr import qr_svg
from scorer.words.club import FIGURE_LABELS, FIGURE_SHORT, figure, progress_text, standing_text

bp = Blueprint("club_ranking", __name__, url_prefix="/t/<token>")

ROWS_PER_COLUMN = 20
"""A projector shows the ranking in up to three columns of twenty: sixty players on one
1920 × 1080 screen."""
MAX_COLUMNS = 3


def live_attrs(page_url: str) -> Markup:
    """The body's data-* attributes that make static/js/live.js follow the tournament: the
    check's URL, the page to fetch again, the ETag the page was drawn at."""
    tag = services.tournament_state(g.link_token) or ""
    attrs = {
        "data-evening": page_url,
        "data-live-poll": url_for("club_ranking.poll", token=g.link_token),
        "data-live-version": tag,
        "data-live-games": 0,
        "data-live-stamp": dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds"),
        "data-live-page": "sheet",
    }
    return Markup("".join(f' {name}="{escape(value)}"' for name, value in attrs.items()))


def columns(count: int) -> tuple[int, int]:
    """(columns, rows per column) of a ranking of ``count`` players.

    >>> columns(9), columns(20), columns(21), columns(60), columns(61)
    ((1, 9), (1, 20), (2, 11), (3, 20), (3, 21))
    """
    cols = min(MAX_COLUMNS, max(1, math.ceil(count / ROWS_PER_COLUMN)))
    return cols, max(1, math.ceil(count / cols))


def _size_class(rows: int) -> str:
    """How large the projector draws a column of ``rows`` lines (static/css/club.css)."""
    for limit in (8, 12, 16, 20):
        if rows <= limit:
            return f"ranking--upto{limit}"
    return "ranking--many"


@bp.get("/rangliste")
def show(token: str) -> str:
    """The ranking: rank, number, name, each round's figure, the sum, points, solos won;
    and where every table of the running round stands."""
    tournament = tournament_or_404(token)
    results = services.results(tournament)
    standings = list(results.standings)
    cols, rows = columns(len(standings))
    chunks = [standings[k:k + rows] for k in range(0, len(standings), rows)] or [[]]
    return render_template(
        "club/ranking.html", tournament=tournament, results=results, chunks=chunks,
        size_class=_size_class(rows), figure=figure, progress_text=progress_text,
        standing=standing_text(tournament.round_count,
                               [(r.number, r.ended, r.complete) for r in results.started]),
        label=FIGURE_LABELS[results.by_table_points],
        short=FIGURE_SHORT[results.by_table_points],
        live=live_attrs(url_for("club_ranking.show", token=token)),
        read_url=public_url("club_ranking.show", token=tournament.read_token),
        read_qr=qr_svg(public_url("club_ranking.show", token=tournament.read_token)))


@bp.get("/stand")
def poll(token: str) -> Response:
    """304 while ``If-None-Match`` names the tournament's state; else the state as JSON
    (the answer live.js expects of an evening's check)."""
    tag = services.tournament_state(token)
    if tag is None:
        response = jsonify(error="Dieses Turnier gibt es unter diesem Link nicht (mehr).")
        response.status_code = 404
        return response
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        response = jsonify(version=tag, games=0, closed=False)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-store"
    return response


def _stamp(tournament: Tournament) -> str:
    return tournament.played_on.isoformat()


@bp.get("/ergebnis.pdf")
def pdf(token: str) -> ResponseReturnValue:
    """The ranking and every round's table results, printable (made outside the request,
    scorer.web.printouts)."""
    tournament = tournament_or_404(token)
    context = result_context(tournament, services.results(tournament))
    return _send(tournament, "ergebnis", render_result, context,
                 f"turnier-{_stamp(tournament)}.pdf", url_for("club_ranking.pdf", token=token))


def tournament_pdf(kind: str, tournament: Tournament, round_: TournamentRound,
                   filename: str) -> ResponseReturnValue:
    """The seating plan (``seating``) or the Tischzettel (``slips``) of a round."""
    results = services.results(tournament)
    view = next(r for r in results.rounds if r.number == round_.number)
    if kind == "seating":
        context = seating_context(tournament, view, results.numbers)
        return _send(tournament, f"sitzplan-{round_.number}", render_seating, context,
                     filename, url_for("club.seating_pdf", token=g.link_token,
                                       number=round_.number), "club.show")
    links = [public_url("groups.show", token=t.edit_token) for t in view.tables]
    context = slips_context(tournament, view, links, [qr_svg(link) for link in links])
    return _send(tournament, f"tischzettel-{round_.number}", render_slips, context, filename,
                 url_for("club.slips_pdf", token=g.link_token, number=round_.number),
                 "club.show")


def _send(tournament: Tournament, what: str, make: Callable[[dict[str, Any]], bytes],
          context: dict[str, Any], filename: str, url: str,
          back: str = "club_ranking.show") -> ResponseReturnValue:
    """One of the tournament's PDFs, kept by what it shows (scorer.web.printouts)."""
    return printouts.send(
        printouts.job(f"turnier-{tournament.id}-{what}", context), make, lambda: context,
        filename, lambda: render_template("printout_wait.html", tournament=tournament,
                                          url=url, title=tournament.name,
                                          back=url_for(back, token=g.link_token)))


@bp.get("/turnier.csv")
def csv(token: str) -> Response:
    """The ranking with every round's table and points, for a spreadsheet."""
    tournament = tournament_or_404(token)
    results = services.results(tournament)
    return download(csv_text(ranking_header(results), ranking_rows(results)), "text/csv",
                    f"turnier-{_stamp(tournament)}.csv")
