"""A tournament table's Runde: the check its page (scorer.web.pages.club_table) polls to
follow the round: a phone that scanned its Tischzettel before the round started shows the
way to the sheet as soon as it starts, without a reload (static/js/live.js, as a sheet
follows its table)."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response

from scorer import services
from scorer.web.club.following import state_answer

bp = Blueprint("club_table", __name__)


@bp.get("/r/<token>/tisch/stand")
def poll(token: str) -> Response:
    """304 while ``If-None-Match`` names the table's state; else the state as JSON (the
    answer live.js expects of an evening's check). Either of the table's links."""
    return state_answer(services.tournament_table_state(token))
