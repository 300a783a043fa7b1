"""A tournament table's Runde: the page its link opens (``groups.show`` hands a table's Runde
over to ``table_page``), and the check it polls to follow the round: a phone that scanned its
Tischzettel before the round started shows the way to the sheet as soon as it starts, without
a reload (static/js/live.js, as a sheet follows its table)."""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, g, jsonify, render_template, request, url_for
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from scorer import services
from scorer.store.models import Group
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.qr import qr_svg
from scorer.web.pages.remembered import remembered_token
from scorer.web.server.hosts import public_url
from scorer.words.club import seat_list
from scorer.words.club_news import no_such_tournament
from scorer.words.labels import games_text

bp = Blueprint("club_table", __name__)


def table_page(group: Group) -> str:
    """A table's Runde: which tournament, round and table; the players in seat order and
    the first dealer; the way to the sheet; the table's read-only link for the others at
    the table; the tournament's ranking."""
    table = services.tournament_of_table(group)
    evening = group.evenings[0] if group.evenings else None
    players: list[str] = []
    tournament = None
    if table is not None:
        round_ = table.round
        tournament = round_.tournament
        names = {p.id: p.name for p in tournament.players}
        if table.number <= len(round_.seating):
            players = [names[i] for i in round_.seating[table.number - 1]]
    sheet: services.Sheet | None = None
    games: str | None = None
    if evening is not None:
        players = [seat.player.name for seat in evening.seats]
        sheet = services.sheet(evening)
        if evening.planned_games is not None:
            games = games_text(sheet.ledger.games, evening.planned_games)
    return render_template(
        "club/table.html", group=group, table=table, tournament=tournament, evening=evening,
        sheet=sheet, games=games, players=players, seat_list=seat_list,
        action=ActionForm(formdata=None),
        remembered_here=remembered_token(group) == g.link_token,
        live=live_attrs(group) if table is not None else Markup(""),
        read_url=public_url("groups.show", token=group.read_token),
        read_qr=qr_svg(public_url("groups.show", token=group.read_token)))


def live_attrs(group: Group) -> Markup:
    """The body's data-* attributes that make static/js/live.js follow the table's round:
    the check, this page to fetch again, the ETag it was drawn at. ``data-live-page="page"``:
    a page that follows, but no evening (the phone keeps nothing of it)."""
    attrs = {
        "data-evening": url_for("groups.show", token=g.link_token),
        "data-live-poll": url_for("club_table.poll", token=g.link_token),
        "data-live-version": services.tournament_table_state(g.link_token) or "",
        "data-live-games": 0,
        "data-live-stamp": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
        "data-live-page": "page",
    }
    return Markup("".join(f' {name}="{escape(value)}"' for name, value in attrs.items()))


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
