"""A tournament table's Runde as its link opens it (``groups.show`` hands a table's Runde
over to ``table_page``): which tournament, round and table, the way to the sheet, and the
data-* attributes that make it follow the round (the check is scorer.web.club.table_page's
``poll``)."""

from __future__ import annotations

from flask import g, render_template, url_for
from markupsafe import Markup

from scorer import services
from scorer.store.models import Group
from scorer.web.club.following import live_attrs
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
        live=live_attrs(url_for("groups.show", token=g.link_token), poll="club_table.poll",
                        state=services.tournament_table_state, page="page")
        if table is not None else Markup(""),
        read_url=public_url("groups.show", token=group.read_token),
        read_qr=qr_svg(public_url("groups.show", token=group.read_token)))


__all__ = ["table_page"]
