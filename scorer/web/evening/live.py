"""Sheets that follow the table: a cheap "has anything changed?" for watching phones.

A phone showing an evening asks about once a second (static/js/live.js) with the ETag it
has. The answer is one query on unique indexes — the evening's and the Runde's version
(scorer.services.changes.touch raises them with every change) — and almost always a bodiless 304.
Only when the version moved does the phone fetch the page again, with ``X-Doko-Live: 1``,
and swap the marked regions in. Polling, not server-sent events: a sync gunicorn worker
answers a check in about a millisecond and is free again, whereas an open event stream
would hold a worker per phone; and it works through every proxy and on any number of
workers and machines, SQLite or PostgreSQL, since the database is the only shared state.

This module also gives the pages their hooks (``live_attrs``: data-* attributes on the
body, no inline script), marks the pages a phone may keep for offline use (header
``X-Doko-Offline``, read by the service worker; only for a Runde this device remembers), and keeps watching from writing cookies
or eating the flash messages meant for the next page.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from flask import Blueprint, Flask, g, jsonify, request, url_for
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from scorer import services
from scorer.store.models import Evening
from scorer.web.pages.numbers import MAX_INT
from scorer.web.pages.remembered import remembered_token
from scorer.words.entry import no_such_evening

bp = Blueprint("live", __name__, url_prefix="/r/<token>/abend/<int:number>")

LIVE_HEADER = "X-Doko-Live"
"""Sent by a phone that fetches a page only to swap in what changed."""
OFFLINE_HEADER = "X-Doko-Offline"
"""On pages a phone may keep for offline use: the Runde's id, the name of its cache."""
OFFLINE_PAGES = frozenset({"evenings.show", "games.new"})
"""The sheet and the form for the next game: what the table needs with no connection."""
POLL_ENDPOINT = "live.poll"
QUIET_ENDPOINTS = frozenset({POLL_ENDPOINT, "club_ranking.poll", "club_table.poll"})
"""The checks that watching pages make every second (an evening's, a tournament's, a
tournament table's)."""


def etag(evening_version: int, group_version: int) -> str:
    """The ETag of a sheet's state: changes whenever anything the sheet shows changes.

    >>> etag(12, 3)
    '12.3'
    """
    return f"{evening_version}.{group_version}"


@bp.get("/stand")
def poll(token: str, number: int) -> Response:
    """304 while ``If-None-Match`` names the current state; else the state as JSON (its
    ETag, the number of games on the sheet, whether the evening is closed)."""
    found = services.sheet_state(token, number) if number <= MAX_INT else None
    response: Response  # jsonify's flask.Response or a bare 304
    if found is None:
        response = jsonify(error=no_such_evening())
        response.status_code = 404
        return response
    tag = etag(found.evening_version, found.group_version)
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        response = jsonify(version=tag, games=services.games_on_sheet(found.evening_id),
                           closed=found.closed)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-store"
    return response


def is_live_fetch() -> bool:
    """Whether this request only fetches a page to swap in what changed."""
    return request.headers.get(LIVE_HEADER) == "1"


def live_attrs(evening: Evening, sheet: services.Sheet, page: str,
               entry_number: int | None = None) -> Markup:
    """The body's data-* attributes for static/js/live.js and offline.js.

    ``page`` is "sheet", "entry" (the next game; ``entry_number`` is its number) or "edit".
    """
    token = g.link_token
    attrs: dict[str, Any] = {
        "data-evening": url_for("evenings.show", token=token, number=evening.number),
        "data-live-poll": url_for(POLL_ENDPOINT, token=token, number=evening.number),
        "data-live-version": etag(evening.version, evening.group.version),
        "data-live-games": len(sheet.rows),
        "data-live-stamp": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
        "data-live-page": page,
        "data-runde": evening.group_id,
    }
    if entry_number is not None:
        attrs["data-live-entry"] = entry_number
    if evening.group.tournament_table:
        # A club table: once its round ends, the Turnierleitung decides (live.js says so).
        attrs["data-club-table"] = ""
    if remembered_token(evening.group) == token:
        # This device remembers the Runde by this link: it may keep what it saw of the
        # evening (IndexedDB, static/js/live.js), as it keeps the pages; a lent phone keeps
        # nothing that holds the link.
        attrs["data-keep"] = ""
    if g.get("can_edit") and not evening.closed:
        attrs["data-sync"] = url_for("sync.game", token=token, number=evening.number)
        attrs["data-entry-url"] = url_for("games.new", token=token, number=evening.number)
    return Markup("".join(f' {name}="{escape(value)}"' for name, value in attrs.items()))


class QuietSessionInterface(SecureCookieSessionInterface):
    """Watching never writes the session cookie.

    A permanent session (a remembered Runde) would otherwise be written back with every
    check, once a second; a check that started before another tab's POST and ended after
    it would put the old cookie back and undo what that POST stored (an undo offer, a
    remembered Runde). A watching request that did change the session still saves it.
    """

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if (request.endpoint in QUIET_ENDPOINTS or is_live_fetch()) and not session.modified:
            return False
        return super().should_set_cookie(app, session)


class QuietPolls(logging.Filter):
    """Keep the "nothing changed" checks (304) out of the access log: twenty phones would
    write twenty lines a second and bury the address and every real request."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not ("/stand " in message and '" 304 ' in message)


def _offline_header(response: Response) -> Response:
    """Offer the page for offline keeping only on a device that remembers the Runde by
    this very link: a kept page holds the link, and a phone that was merely lent for one
    visit must not keep it. Forgetting the Runde removes the kept pages (pwa.js)."""
    if (request.method == "GET" and request.endpoint in OFFLINE_PAGES
            and response.status_code == 200 and g.get("group") is not None
            and remembered_token(g.group) == g.link_token):
        response.headers[OFFLINE_HEADER] = str(g.group_id)
    return response


def init_app(app: Flask) -> None:
    """The blueprint, the page hooks, the quiet session and log."""
    app.register_blueprint(bp)
    app.session_interface = QuietSessionInterface()
    app.after_request(_offline_header)
    app.jinja_env.globals["live_attrs"] = live_attrs

    @app.context_processor
    def live_fetch() -> dict[str, bool]:
        # A live fetch leaves the flash messages for the page the phone opens next.
        return {"live_fetch": is_live_fetch()}

    for name in ("gunicorn.access", "werkzeug"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, QuietPolls) for f in logger.filters):
            logger.addFilter(QuietPolls())
