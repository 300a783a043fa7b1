"""Statistik: a Runde's figures over all its evenings or one season, the season chart and
the chart of who led when.

The figures are ``scorer.core.stats`` over the evenings' ledgers and settlements, added up
per season from what the Runde's year keeps per evening (services.year); this module only
words them for the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.stats import PlayerStats
from scorer.services.rating import MIN_GAMES, shown
from scorer.services.year import ALL, SeasonView, year_of
from scorer.store.models import Group
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.lookup import group_or_404
from scorer.web.year.season_pages import others, season_or_404, title
from scorer.words import formats
from scorer.words.pay import rating_set

bp = Blueprint("stats", __name__, url_prefix="/r/<token>")

def signed_decimal(value: float | None) -> str:
    """An average as the page prints it: "+1,25", "−0,50", "0,00"; "–" without games."""
    return "–" if value is None else formats.signed_decimal(value)


def signed_euro(cents: int) -> str:
    """Money with its sign: "+3,40 €", "−1,20 €", "0,00 €"."""
    return formats.signed_money(cents)


@dataclass(frozen=True)
class Line:
    """One player's row on the page."""

    figures: PlayerStats
    average: str
    money: str
    tone: str
    """"plus", "minus" or "zero" for the points."""


@dataclass(frozen=True)
class RatingLine:
    """One player's rating as the page prints it."""

    name: str
    mu: str
    sigma: str
    games: int


def rating_lines(group: Group, view: SeasonView) -> list[RatingLine] | None:
    """The ratings the page shows (None: the Runde has not opted in)."""
    if not view.settings.rating:
        return None
    hidden = [p.name for p in group.players if p.hide_rating]
    return [RatingLine(r.name, formats.decimal(r.mu, 1), formats.decimal(r.sigma, 1), r.games)
            for r in shown(view.ratings, hidden)]


@bp.post("/statistik/wertung")
def rating(token: str) -> Response:
    """Switch the rating on the Statistik on or off (the edit link only)."""
    group = group_or_404(token)
    if ActionForm().validate_on_submit():
        on = request.form.get("rating") == "1"
        services.set_rating(group, on)
        flash(rating_set(on))
    return redirect(url_for("stats.show", token=token, _anchor="wertung"))


@bp.get("/statistik")
def show(token: str) -> str:
    """Per player: points, games, games won, solos, average, money; the season chart; for a
    season (``?saison=``) the chart of who led when too. All evenings by default."""
    group = group_or_404(token)
    year = year_of(group)
    view = season_or_404(year) if request.args.get("saison") else year.everything
    assert view is not None
    result = view.stats
    lines = [Line(figures=p, average=signed_decimal(p.average), money=signed_euro(p.cents),
                  tone="plus" if p.points > 0 else "minus" if p.points < 0 else "zero")
             for p in result.players]
    ranking = view.key != ALL and bool(view.counted)
    partners = [(p, signed_decimal(p.average)) for p in result.partners]
    opponents = [(p, signed_decimal(p.first_average), signed_decimal(p.second_average))
                 for p in result.opponents]
    ratings = rating_lines(group, view)
    return render_template(
        "stats.html", group=group, token=token, result=result, lines=lines,
        chart=Markup(view.season_chart) if result.evenings else "",
        ranking_chart=Markup(view.ranking_chart) if ranking else "",
        with_money=any(e.money for e in view.evenings), pot=formats.money(result.pot),
        heading=title(year, view), seasons=others(year, view, everything=True), view=view,
        partners=partners, opponents=opponents, rating=ratings, min_games=MIN_GAMES,
        rating_on=view.settings.rating, can_edit=g.can_edit, action=ActionForm(formdata=None),
    )
