"""The club pages that follow the tables live (the organiser's page, the ranking on a projector
and on phones): the data-* attributes static/js/live.js reads."""

from __future__ import annotations

import datetime as dt

from flask import g, url_for
from markupsafe import Markup, escape

from scorer import services


def live_attrs(page_url: str) -> Markup:
    """The body's data-* attributes that make static/js/live.js follow the tournament: the
    check's URL, the page to fetch again, the ETag the page was drawn at."""
    tag = services.tournament_state(g.link_token) or ""
    attrs = {
        "data-evening": page_url,
        "data-live-poll": url_for("club_ranking.poll", token=g.link_token),
        "data-live-version": tag,
        "data-live-games": 0,
        "data-live-stamp": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
        "data-live-page": "sheet",
    }
    return Markup("".join(f' {name}="{escape(value)}"' for name, value in attrs.items()))
