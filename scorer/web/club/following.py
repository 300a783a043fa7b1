"""The club pages that follow the tables live (the organiser's page, the ranking on a projector
and on phones, a table's page before its round starts): the data-* attributes
static/js/live.js reads, and the check's answer it expects."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from flask import g, jsonify, request, url_for
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from scorer import services
from scorer.words.club_news import no_such_tournament


def live_attrs(page_url: str, *, poll: str = "club_ranking.poll",
               state: Callable[[str], str | None] = services.tournament_state,
               page: str = "sheet") -> Markup:
    """The body's data-* attributes that make static/js/live.js follow the tournament (or,
    with a table's ``poll`` and ``state``, one table's round): the check's URL, the page to
    fetch again, the ETag the page was drawn at. ``page="page"``: a page that follows, but
    no evening (the phone keeps nothing of it)."""
    attrs = {
        "data-evening": page_url,
        "data-live-poll": url_for(poll, token=g.link_token),
        "data-live-version": state(g.link_token) or "",
        "data-live-games": 0,
        "data-live-stamp": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
        "data-live-page": page,
    }
    return Markup("".join(f' {name}="{escape(value)}"' for name, value in attrs.items()))


def state_answer(tag: str | None) -> Response:
    """A tournament's (or its table's) check as live.js expects an evening's: 404 for no
    such link, 304 while ``If-None-Match`` names ``tag``, else the state as JSON."""
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


__all__ = ["live_attrs", "state_answer"]
