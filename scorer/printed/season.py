"""The season to pin to the wall, as a PDF (an adapter, like scorer.printed.pdf): the ranking,
each player's evenings, the chart of who led when, and the Kasse's season report.

``season_context`` turns a season (services.year.SeasonView: every figure the core's) into
plain strings and lists, ``render_season_pdf`` fills ``templates/pdf/season.html`` and hands
it to WeasyPrint through scorer.printed.pdf (imported when the first PDF is made, with the same
fetcher that reads only the app's own files).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from scorer.core.kasse import KasseState
from scorer.core.seasons import Method
from scorer.printed.pdf import fill, html_to_pdf
from scorer.words.formats import date, day, money, signed
from scorer.words.i18n import language
from scorer.words.year import (
    absent_mark,
    figure_heading,
    figure_text,
    method_label,
    method_sentence,
    report_line,
    span,
)


def season_context(runde: str, title: str, view: Any, today: dt.date,
                   kasse: KasseState | None = None) -> dict[str, Any]:
    """Everything the season sheet prints, as plain data. ``view`` is a season of
    services.year (its ranking, chart and report); ``kasse`` the Kasse as it stands."""
    method: Method = view.settings.method
    evenings = view.counted
    evening_figure = method in (Method.PLACEMENT, Method.TABLE_POINTS)
    # A day ("28.11.") says which evening within one year; over several (all evenings) the
    # year is needed too.
    when = day if len({e.date.year for e in evenings}) <= 1 else date
    ranking = []
    for s in view.ranking:
        ranking.append({
            "rank": f"{s.rank}." if s.rank is not None else "–", "name": s.player,
            "figure": figure_text(method, s.figure), "points": signed(s.points),
            "won": s.evenings_won, "evenings": s.evenings_played, "games": s.games,
            "tone": "pos" if s.points > 0 else "neg" if s.points < 0 else "zero",
            "evenings_list": [{
                "number": e.key, "date": when(e.date),
                "rank": f"{e.rank}." if e.rank is not None else absent_mark(),
                "points": signed(e.points) if e.rank is not None else "",
                "figure": figure_text(method, e.figure) if evening_figure else "",
            } for e in s.evenings],
        })
    report = [report_line(r) for r in view.report if r.charges or r.items]
    return {
        "language": language(),
        "runde": runde,
        "title": title,
        "date": date(today),
        "span": span(evenings[0].date, evenings[-1].date) if evenings else "",
        "evenings": len(evenings),
        "method": method_label(method),
        "method_sentence": method_sentence(method, view.settings.absent_table_points),
        "min_games": view.settings.min_games if method is Method.AVERAGE else 0,
        "show_figure": method is not Method.POINTS,
        "figure_heading": figure_heading(method),
        "evening_figure": evening_figure,
        "ranking": ranking,
        "chart": view.ranking_chart if evenings else "",
        "report": report,
        "balance": money(kasse.balance) if kasse is not None else "",
        "owed": money(sum(kasse.owed.values())) if kasse is not None else "",
    }


def season_html(context: dict[str, Any]) -> str:
    """The season sheet as an HTML document for WeasyPrint."""
    return fill("season.html", context)


def render_season_pdf(context: dict[str, Any]) -> bytes:
    """The season sheet as PDF bytes (A4 portrait); with the sheet's own user-agent
    stylesheet (templates/pdf/ua.css), the same pages a sixth or more quicker."""
    return html_to_pdf(season_html(context))


__all__ = ["render_season_pdf", "season_context", "season_html"]
