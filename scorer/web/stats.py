"""Statistik: a Runde's figures over all its evenings, and the season chart.

The figures are ``scorer.stats`` over the evenings' ledgers and settlements; this module
only words them for the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template
from markupsafe import Markup

from scorer import services
from scorer.chart import season_chart
from scorer.settlement import format_euro
from scorer.stats import PlayerStats, runde_stats
from scorer.web.lookup import group_or_404

bp = Blueprint("stats", __name__, url_prefix="/r/<token>")

_MINUS = "−"


def signed_decimal(value: float | None) -> str:
    """An average as the page prints it: "+1,25", "−0,50", "0,00"; "–" without games."""
    if value is None:
        return "–"
    text = f"{abs(value):.2f}".replace(".", ",")
    if text == "0,00":
        return text
    return ("+" if value > 0 else _MINUS) + text


def signed_euro(cents: int) -> str:
    """Money with its sign: "+3,40 €", "−1,20 €", "0,00 €"."""
    return ("+" if cents > 0 else "") + format_euro(cents)


@dataclass(frozen=True)
class Line:
    """One player's row on the page."""

    figures: PlayerStats
    average: str
    money: str
    tone: str
    """"plus", "minus" or "zero" for the points."""


@bp.get("/statistik")
def show(token: str) -> str:
    """Per player: points, games, games won, solos, average, money; and the season chart."""
    group = group_or_404(token)
    evenings = []
    for sheet in services.sheets(group.evenings):
        ledger = sheet.ledger
        evenings.append((sheet.evening, ledger, services.settlement(sheet.evening, ledger.totals)))
    result = runde_stats((ledger, money) for _, ledger, money in evenings)
    lines = [Line(figures=p, average=signed_decimal(p.average), money=signed_euro(p.cents),
                  tone="plus" if p.points > 0 else "minus" if p.points < 0 else "zero")
             for p in result.players]
    chart = Markup(season_chart([(e.played_on.strftime("%d.%m."), ledger.totals)
                                 for e, ledger, _ in evenings]))
    return render_template(
        "stats.html", group=group, token=token, result=result, lines=lines, chart=chart,
        with_money=any(money is not None for _, _, money in evenings),
        pot=format_euro(result.pot),
    )
