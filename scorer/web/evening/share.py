"""A closed evening's result, and a season's table, for the group's chat: "Ergebnis teilen"
on the sheet and under the Runde page's season (the phone's share sheet with a picture and a
short text; templates/_share.html and static/js/share.js), the pictures themselves, and the
link preview a messenger shows for the read-only link (Open Graph,
templates/_share_meta.html).

What is shared is the read-only link and what it shows, never the edit link: the picture's
address and the shared link carry the Runde's read-only token, whichever link the sheet was
opened with, and the picture holds no link at all. Everything shared speaks the Runde's
print language (scorer.web.pages.printed_language), as its PDF does.

The picture is made in the render process and kept under the evening's version, like the
PDF (scorer.printed.render): a request never draws it. The closed sheet has it made ahead,
so the preview finds it there.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Blueprint, Response, abort, current_app, request

from scorer import services
from scorer.printed import render
from scorer.printed.picture import render_picture_png, render_season_picture_png
from scorer.services.year import year_of
from scorer.web.pages import printouts
from scorer.web.pages.lookup import evening_or_404, group_or_404
from scorer.web.pages.printed_language import printing
from scorer.web.pages.sharing import context, picture_job, season_job, season_result
from scorer.web.year.season_pages import season_or_404

bp = Blueprint("share", __name__, url_prefix="/r/<token>")

PICTURE = "ergebnis.png"
"""The picture's file name in the evening's URL."""
RETRY_SECONDS = 2
"""What a picture asked for while it is being made tells the asker to wait."""
ASKED_BY_PAGE = "X-Doko-Picture"
"""Sent by the sheet's own script (static/js/share.js), which asks again by itself: while
the picture is being made it gets 202 (no failure to log), a link preview 503."""


@bp.get(f"/abend/<int:number>/{PICTURE}")
def picture(token: str, number: int) -> Response:
    """The closed evening's picture (PNG), as kept for its version (``_kept_picture``)."""
    evening = evening_or_404(token, number)
    if not evening.closed:
        abort(404)
    sheet = services.sheet(evening)
    with printing(evening.group):
        return _kept_picture(picture_job(evening, sheet), render_picture_png,
                             lambda: context(evening, sheet))


def _kept_picture(job: render.Job, make: Any, made_from: Any) -> Response:
    """A picture as kept for its version. While it is being made, a worker that answers in
    threads waits a moment for it; else 503 with Retry-After (202 for the sheet's own
    script), after which the asker asks again."""
    if job.etag in request.if_none_match:
        return _png(b"", job, not_modified=True)
    where = printouts.folder()
    png = render.kept(where, job)
    if png is None and render.failed(where, job):
        abort(500)
    if png is None:
        render.render(where, job, make, made_from)
        if request.environ.get("wsgi.multithread") and printouts.WAITING.acquire(
                blocking=False):
            try:
                png = render.wait(where, job, current_app.config.get(
                    "DOKO_PDF_WAIT_SECONDS", printouts.WAIT_SECONDS))
            finally:
                printouts.WAITING.release()
    if png is None:
        waiting = Response(status=202 if request.headers.get(ASKED_BY_PAGE) else 503)
        waiting.headers["Retry-After"] = str(RETRY_SECONDS)
        waiting.headers["Cache-Control"] = "no-store"
        return waiting
    return _png(png, job)


# ------------------------------------------------------------------ a season's table


@bp.get(f"/saison/{PICTURE}")
def season_picture(token: str) -> Response:
    """The season's table as a picture (``?saison=`` as on the Runde page)."""
    group = group_or_404(token)
    year = year_of(group)
    view = season_or_404(year)
    if view is None or not view.ranking:
        abort(404)
    with printing(group):
        said = season_result(group, year, view)
        return _kept_picture(season_job(group, view, said), render_season_picture_png,
                             lambda: asdict(said))


def _png(png: bytes, job: render.Job, not_modified: bool = False) -> Response:
    """The picture, shown where it is opened (inline), under its version."""
    response = Response(png, mimetype="image/png")
    response.set_etag(job.etag)
    # Its address carries the read-only token: kept by the phone or the messenger that
    # fetched it, never by a shared cache.
    response.headers["Cache-Control"] = "private, no-cache"
    if not_modified:
        response.status_code = 304
        response.set_data(b"")
    return response


__all__ = ["PICTURE", "bp"]
