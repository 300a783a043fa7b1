"""A tournament table's Runde as its link opens it (``groups.show`` hands a table's Runde
over to ``table_page``): which tournament, round and table, the way to the sheet, and the
data-* attributes that make it follow the round (the check is scorer.web.club.table_page's
``poll``)."""

from __future__ import annotations

import datetime as dt

from flask import g, render_template, url_for
from markupsafe import Markup, escape

from scorer import services
from scorer.store.models import Group
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.qr import qr_svg
from scorer.web.pages.remembered import remembered_token
from scorer.web.server.hosts import public_url
from scorer.words.club import seat_list
from scorer.words.labels import games_text


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


__all__ = ["live_attrs", "table_page"]
