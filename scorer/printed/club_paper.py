"""The paper fallback of a club evening's table (issue 37): when a table's phone dies, the
table writes its games on a printed list — the players by seat, the first dealer and the
dealer's order, and an empty row per planned game (and some more for the games after which
the dealer does not move on) — and the organiser enters them afterwards on the table's sheet.

Plain strings in, the layout in templates/pdf/club_paper.html; nothing here computes a point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorer.printed.club import club_html
from scorer.printed.pdf import html_to_pdf
from scorer.store.models import Tournament
from scorer.words.club_more import paper_sits_out
from scorer.words.formats import date
from scorer.words.i18n import language

if TYPE_CHECKING:
    from scorer.services.club_results import RoundView

SPARE_ROWS = 6
"""Rows beyond the plan: solos that keep the dealer, redeals, a Pflichtsolo (RULES.md §7)."""


def spare_rows(planned: int) -> int:
    """Empty rows after the planned games: a quarter more, at least SPARE_ROWS."""
    return max(SPARE_ROWS, planned // 4)


def paper_context(tournament: Tournament, round_: RoundView, numbers: Mapping[str, int],
                  tables: Sequence[int] | None = None) -> dict[str, Any]:
    """One list per table of the round (or of ``tables``): the players by seat with their
    start numbers, the first dealer, who sits out, and the empty rows."""
    chosen = [t for t in round_.tables if tables is None or t.number in tables]
    return {
        "lang": language(), "title": tournament.name, "date": date(tournament.played_on),
        "round": round_.number,
        "tables": [{"number": t.number,
                    "players": [{"seat": k, "name": name, "number": numbers.get(name, "")}
                                for k, name in enumerate(t.players, 1)],
                    "dealer": t.players[0], "planned": t.planned,
                    "sits_out": paper_sits_out(len(t.players)),
                    "rows": t.planned + spare_rows(t.planned)}
                   for t in chosen],
    }


def render_paper(context: Mapping[str, Any]) -> bytes:
    """The lists as PDF, one table a page (more pages for a long plan)."""
    return html_to_pdf(club_html("club_paper.html", context), lean=False)
