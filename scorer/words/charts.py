"""The charts (scorer.words.chart, which imports only the standard library) with their
titles in the reader's language.

>>> "<title>Platz nach jedem Abend</title>" in ranking_chart([("08.01.", {"A": 1})])
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorer.words import chart
from scorer.words.i18n import _


def evening_chart(seats: Sequence[str], totals: Sequence[Mapping[str, int]],
                  arrivals: Mapping[str, int] | None = None, **style: Any) -> str:
    """Everybody's running total over an evening (chart.evening_chart)."""
    return chart.evening_chart(seats, totals, arrivals, _("Punktestand nach jedem Spiel"),
                               **style)


def season_chart(evenings: Sequence[tuple[str, Mapping[str, int]]]) -> str:
    """The season standing after every evening (chart.season_chart)."""
    return chart.season_chart(evenings, _("Saisonstand nach jedem Abend"))


def ranking_chart(evenings: Sequence[tuple[str, Mapping[str, int | None]]]) -> str:
    """Each player's place after every evening (chart.ranking_chart)."""
    return chart.ranking_chart(evenings, _("Platz nach jedem Abend"))


__all__ = ["evening_chart", "ranking_chart", "season_chart"]
