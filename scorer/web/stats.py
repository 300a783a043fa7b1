"""Statistik: a Runde's figures over all its evenings, and the season chart.

The figures are ``scorer.core.stats`` over the evenings' ledgers and settlements; this module
only words them for the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template
from markupsafe import Markup

from scorer import services
from scorer.words.chart import season_chart
from scorer.core.settlement import format_euro
from scorer.core.stats import PlayerStats, RundeStats, runde_stats
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
    sheets = services.sheets(group.evenings)
    result, chart, with_money = services.kept_for_runde(group, sheets, "statistik",
                                                        lambda: _figures(sheets))
    lines = [Line(figures=p, average=signed_decimal(p.average), money=signed_euro(p.cents),
                  tone="plus" if p.points > 0 else "minus" if p.points < 0 else "zero")
             for p in result.players]
    return render_template(
        "stats.html", group=group, token=token, result=result, lines=lines,
        chart=Markup(chart), with_money=with_money, pot=format_euro(result.pot),
    )


def _figures(sheets: list[services.Sheet]) -> tuple[RundeStats, str, bool]:
    """The Runde's figures, its season chart (SVG) and whether any evening had money."""
    evenings = [(s.evening, s.ledger, services.settlement(s.evening, s.ledger.totals))
                for s in sheets]
    result = runde_stats((ledger, money) for _, ledger, money in evenings)
    chart = season_chart([(e.played_on.strftime("%d.%m."), ledger.totals)
                          for e, ledger, _ in evenings])
    return result, chart, any(money is not None for _, _, money in evenings)
