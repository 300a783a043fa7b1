"""A tournament table's Runde: the check its page (scorer.web.pages.club_table) polls to
follow the round: a phone that scanned its Tischzettel before the round started shows the
way to the sheet as soon as it starts, without a reload (static/js/live.js, as a sheet
follows its table)."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from werkzeug.wrappers import Response

from scorer import services
from scorer.words.club_news import no_such_tournament

bp = Blueprint("club_table", __name__)


@bp.get("/r/<token>/tisch/stand")
def poll(token: str) -> Response:
    """304 while ``If-None-Match`` names the table's state; else the state as JSON (the
    answer live.js expects of an evening's check). Either of the table's links."""
    tag = services.tournament_table_state(token)
    response: Response  # jsonify's flask.Response or a bare 304
    if tag is None:
        response = jsonify(error=no_such_tournament())
        response.status_code = 404
        return response
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        response = jsonify(version=tag, games=0, closed=False)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-store"
    return response
