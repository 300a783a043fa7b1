"""A club's annual ranking (Vereinsmeisterschaft) on paper: the club evenings counted and the
ranking over them (scorer.services.club_more.series_view: the core's series_ranking over each
evening's own ranking). Plain strings in, the layout in templates/pdf/club_series.html."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorer.printed.club import club_html
from scorer.printed.pdf import html_to_pdf
from scorer.store.models import ClubSeries
from scorer.words.club import figure
from scorer.words.club_more import series_legend, series_method, series_method_short
from scorer.words.formats import date
from scorer.words.i18n import language

if TYPE_CHECKING:
    from scorer.services.club_more import SeriesView


def series_context(series: ClubSeries, view: SeriesView) -> dict[str, Any]:
    return {
        "lang": language(), "title": series.name, "method": series_method(series.ranking),
        "short": series_method_short(series.ranking), "legend": series_legend(series.ranking),
        "evenings": [{"number": k, "name": e.tournament.name,
                      "date": date(e.tournament.played_on), "players": e.players}
                     for k, e in enumerate(view.evenings, 1)],
        "standings": [{"rank": s.rank, "name": s.player,
                       "evenings": [figure(v) for v in s.evenings],
                       "figure": figure(s.figure), "points": figure(s.points), "won": s.won}
                      for s in view.standings],
    }


def render_series(context: Mapping[str, Any]) -> bytes:
    return html_to_pdf(club_html("club_series.html", context), lean=False)
