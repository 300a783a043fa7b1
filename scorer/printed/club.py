"""The club evening on paper (an adapter, like ``scorer.printed.evening``): the final ranking with every
round's table results, a round's seating plan on one page, and one Tischzettel per table.

Each ``*_context`` turns the tournament's results (``scorer.services.results``: the tables'
ledgers and the core's ranking) into plain strings and lists; the templates in
``templates/pdf/`` lay them out and WeasyPrint (``scorer.printed.pdf.html_to_pdf``) prints them.
Nothing here computes a point: a table's table points are the core's (§11.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from scorer.core.rules import rules_from_spec
from scorer.core.seasons import table_points
from scorer.printed.pdf import fill, html_to_pdf
from scorer.store.models import Tournament
from scorer.words.club import (
    figure,
    figure_label,
    figure_short,
    missed_legend,
    round_figure,
    standing_text,
)
from scorer.words.explain import deviation_text, summary
from scorer.words.formats import date
from scorer.words.i18n import language
from scorer.words.labels import games_text

if TYPE_CHECKING:
    from scorer.services.club_results import Results, RoundView


def _head(tournament: Tournament) -> dict[str, Any]:
    rules = rules_from_spec(tournament.rules)
    return {"lang": language(), "title": tournament.name, "date": date(tournament.played_on),
            "deviation": deviation_text(rules) or "",
            "rules": summary(rules, tournament.planned_games)}


def state_text(tournament: Tournament, results: Results) -> str:
    """Where the tournament stands (scorer.words.club.standing_text)."""
    return standing_text(tournament.round_count,
                         [(r.number, r.ended, r.complete) for r in results.started])


def result_context(tournament: Tournament, results: Results) -> dict[str, Any]:
    """The ranking and each started round's tables: players in seat order with their
    points and the round's figure."""
    by_table_points = results.by_table_points
    rounds = []
    for round_ in results.started:
        tables = []
        for table in round_.tables:
            if table.ledger is None:
                continue
            totals = table.ledger.totals
            figures = table_points(totals) if by_table_points else dict(totals)
            tables.append({
                "number": table.number,
                "games": games_text(table.ledger.games, table.planned),
                "players": [{"name": name, "number": results.numbers.get(name, ""),
                             "points": figure(totals[name]),
                             "figure": figure(figures[name])}
                            for name in table.ledger.players],
            })
        rounds.append({"number": round_.number, "ended": round_.ended, "tables": tables})
    return {
        **_head(tournament),
        "state": state_text(tournament, results),
        "label": figure_label(by_table_points),
        "short": figure_short(by_table_points),
        "round_numbers": [r.number for r in results.started],
        "standings": [{"rank": s.rank, "number": results.numbers[s.player], "name": s.player,
                       "rounds": [round_figure(v, results.absent) for v in s.rounds],
                       "figure": figure(s.figure),
                       "points": figure(s.points), "solos": s.solos_won}
                      for s in results.standings],
        "rounds": rounds,
        "missed": (missed_legend(results.absent)
                   if any(v is None for s in results.standings for v in s.rounds) else ""),
    }


def seating_context(tournament: Tournament, round_: RoundView,
                    numbers: Mapping[str, int]) -> dict[str, Any]:
    """A round's seating: every player by name with table and seat, and every table."""
    by_name = sorted(((name, table.number, seat)
                      for table in round_.tables
                      for seat, name in enumerate(table.players, 1)),
                     key=lambda item: (item[0].casefold(), item[0]))
    count = len(by_name)
    names = [{"name": n, "number": numbers.get(n, ""), "table": t, "seat": s}
             for n, t, s in by_name]
    half = (count + 1) // 2
    return {
        **_head(tournament),
        "round": round_.number,
        "seed": round_.seed,
        "size": "large" if count <= 24 else "medium" if count <= 44 else "small",
        # One table, a row holding a name of each half: a long name that wraps makes its
        # row taller on both sides, so the two halves never drift apart.
        "name_rows": list(zip_longest(names[:half], names[half:])),
        "tables": [{"number": t.number, "planned": t.planned,
                    "players": [{"seat": k, "name": name, "number": numbers.get(name, "")}
                                for k, name in enumerate(t.players, 1)]}
                   for t in round_.tables],
    }


def slips_context(tournament: Tournament, round_: RoundView, links: Sequence[str],
                  qr_codes: Sequence[str]) -> dict[str, Any]:
    """One Tischzettel per table: its players in seat order, the first dealer, the planned
    games and the QR code of the table's link (``links``, drawn as ``qr_codes``)."""
    head = _head(tournament)
    return {
        **head,
        "round": round_.number,
        "tables": [{"number": t.number, "players": list(t.players), "dealer": t.players[0],
                    "planned": t.planned, "link": link, "qr": qr}
                   for t, link, qr in zip(round_.tables, links, qr_codes)],
    }


def club_html(template: str, context: Mapping[str, Any]) -> str:
    """A club template (``templates/pdf/club_*.html``) filled in, for WeasyPrint."""
    return fill(template, context)


def render_result(context: Mapping[str, Any]) -> bytes:
    """The ranking and every round's table results as PDF (``result_context``); with the
    sheet's own user-agent stylesheet (templates/pdf/ua.css: every element the page uses),
    a sixth quicker than with WeasyPrint's full one."""
    return html_to_pdf(club_html("club_result.html", context))


def render_seating(context: Mapping[str, Any]) -> bytes:
    """A round's seating plan as PDF, one A4 page, landscape (``seating_context``)."""
    return html_to_pdf(club_html("club_seating.html", context), lean=False)


def render_slips(context: Mapping[str, Any]) -> bytes:
    """The round's Tischzettel as PDF, one page per table (``slips_context``)."""
    return html_to_pdf(club_html("club_slips.html", context), lean=False)
