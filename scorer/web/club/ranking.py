"""The club evening's ranking: the live page for a projector and for phones, the cheap check
it polls, the final ranking as a PDF and the tournament's CSV. The organiser's and the
ranking link both open these; neither changes anything here.

The page follows the tables as an evening's sheet follows its table (static/js/live.js,
unchanged): about once a second it sends the ETag it has to ``/stand``, which answers from
one query over the tournament's and its tables' versions (``services.tournament_state``),
almost always a bodiless 304; on a change it fetches itself again and swaps its regions.
"""

from __future__ import annotations

import math

from flask import Blueprint, render_template, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorer import services
from scorer.printed.tables import csv_text, ranking_header, ranking_rows
from scorer.web.club.following import live_attrs, state_answer
from scorer.web.club.printouts import result_pdf, stamp
from scorer.web.pages.club_access import tournament_or_404
from scorer.web.pages.downloads import download
from scorer.web.pages.qr import qr_svg
from scorer.web.server.hosts import public_url
from scorer.words.club import (
    figure,
    figure_label,
    figure_short,
    missed_legend,
    progress_figure,
    progress_text,
    round_figure,
    standing_text,
)
from scorer.words.files import tournament_file

bp = Blueprint("club_ranking", __name__, url_prefix="/t/<token>")

ROWS_PER_COLUMN = 20
"""A projector shows the ranking in up to three columns of twenty: sixty players on one
1920 × 1080 screen."""
MAX_COLUMNS = 3


def columns(count: int) -> tuple[int, int]:
    """(columns, rows per column) of a ranking of ``count`` players.

    >>> columns(9), columns(20), columns(21), columns(60), columns(61)
    ((1, 9), (1, 20), (2, 11), (3, 20), (3, 21))
    """
    cols = min(MAX_COLUMNS, max(1, math.ceil(count / ROWS_PER_COLUMN)))
    return cols, max(1, math.ceil(count / cols))


ROW_CLASSES = 21
"""Up to this many rows a column has a class of its own (static/css/club.css sets --rows);
longer ones are drawn as the next of ROW_BUCKETS."""
ROW_BUCKETS = (30, 40, 50, 67)


def _size_class(rows: int, tables: int) -> str:
    """How large the projector draws a column of ``rows`` lines, and the progress of
    ``tables`` tables (static/css/club.css: a class per row count, no inline style under
    the pages' Content-Security-Policy).

    >>> _size_class(13, 3), _size_class(22, 15), _size_class(70, 50)
    ('ranking--rows-13 ranking--tables-4', 'ranking--rows-30 ranking--tables-15', 'ranking--rows-67 ranking--tables-many')
    """
    shown = rows if rows <= ROW_CLASSES else next(
        (b for b in ROW_BUCKETS if rows <= b), ROW_BUCKETS[-1])
    width = next((f"{limit}" for limit in (4, 8, 15) if tables <= limit), "many")
    return f"ranking--rows-{shown} ranking--tables-{width}"


@bp.get("/rangliste")
def show(token: str) -> str:
    """The ranking: rank, number, name, each round's figure, the sum, points, solos won;
    and where every table of the running round stands."""
    tournament = tournament_or_404(token)
    results = services.results(tournament)
    standings = list(results.standings)
    cols, rows = columns(len(standings))
    shown = results.running or (results.started[-1] if results.started else None)
    chunks = [standings[k:k + rows] for k in range(0, len(standings), rows)] or [[]]
    return render_template(
        "club/ranking.html", tournament=tournament, results=results, chunks=chunks,
        size_class=_size_class(rows, len(shown.tables) if shown is not None else 0),
        figure=figure, progress_text=progress_text,
        round_figure=round_figure, progress_figure=progress_figure,
        missed=(missed_legend(results.absent)
                if any(v is None for s in standings for v in s.rounds) else ""),
        standing=standing_text(tournament.round_count,
                               [(r.number, r.ended, r.complete) for r in results.started]),
        label=figure_label(results.by_table_points),
        short=figure_short(results.by_table_points),
        live=live_attrs(url_for("club_ranking.show", token=token)),
        read_url=public_url("club_ranking.show", token=tournament.read_token),
        read_qr=qr_svg(public_url("club_ranking.show", token=tournament.read_token)))


@bp.get("/stand")
def poll(token: str) -> Response:
    """304 while ``If-None-Match`` names the tournament's state; else the state as JSON
    (the answer live.js expects of an evening's check)."""
    return state_answer(services.tournament_state(token))


@bp.get("/ergebnis.pdf")
def pdf(token: str) -> ResponseReturnValue:
    """The ranking and every round's table results, printable (made outside the request,
    scorer.web.pages.printouts)."""
    tournament = tournament_or_404(token)
    return result_pdf(tournament)


@bp.get("/turnier.csv")
def csv(token: str) -> Response:
    """The ranking with every round's table and points, for a spreadsheet."""
    tournament = tournament_or_404(token)
    results = services.results(tournament)
    return download(csv_text(ranking_header(results), ranking_rows(results)), "text/csv",
                    tournament_file(stamp(tournament), "csv"))
