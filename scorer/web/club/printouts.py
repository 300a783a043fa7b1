"""The club evening on paper, on the way to the phone: the ranking with every round's tables,
a round's seating plan and its Tischzettel, each made outside the request and kept by what it
shows (scorer.web.pages.printouts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import g, render_template, url_for
from flask.typing import ResponseReturnValue

from scorer import services
from scorer.printed.club import (
    render_result,
    render_seating,
    render_slips,
    result_context,
    seating_context,
    slips_context,
)
from scorer.store.models import Tournament, TournamentRound
from scorer.web.pages import printouts
from scorer.web.pages.qr import qr_svg
from scorer.web.server.hosts import public_url
from scorer.words.files import tournament_file


def stamp(tournament: Tournament) -> str:
    """The tournament's day in its download names."""
    return tournament.played_on.isoformat()


def tournament_pdf(kind: str, tournament: Tournament, round_: TournamentRound,
                   filename: str) -> ResponseReturnValue:
    """The seating plan (``seating``) or the Tischzettel (``slips``) of a round."""
    results = services.results(tournament)
    view = next(r for r in results.rounds if r.number == round_.number)
    if kind == "seating":
        context = seating_context(tournament, view, results.numbers)
        return _send(tournament, f"sitzplan-{round_.number}", render_seating, context,
                     filename, url_for("club.seating_pdf", token=g.link_token,
                                       number=round_.number), "club.show")
    links = [public_url("groups.show", token=t.edit_token) for t in view.tables]
    context = slips_context(tournament, view, links, [qr_svg(link) for link in links])
    return _send(tournament, f"tischzettel-{round_.number}", render_slips, context, filename,
                 url_for("club.slips_pdf", token=g.link_token, number=round_.number),
                 "club.show")


def _send(tournament: Tournament, what: str, make: Callable[[dict[str, Any]], bytes],
          context: dict[str, Any], filename: str, url: str,
          back: str = "club_ranking.show") -> ResponseReturnValue:
    """One of the tournament's PDFs, kept by what it shows (scorer.web.pages.printouts)."""
    return printouts.send(
        printouts.job(f"turnier-{tournament.id}-{what}", context), make, lambda: context,
        filename, lambda: render_template("printout_wait.html", tournament=tournament,
                                          url=url, title=tournament.name,
                                          back=url_for(back, token=g.link_token)))


def result_pdf(tournament: Tournament) -> ResponseReturnValue:
    """The ranking and every round's table results."""
    context = result_context(tournament, services.results(tournament))
    return _send(tournament, "ergebnis", render_result, context,
                 tournament_file(stamp(tournament), "pdf"),
                 url_for("club_ranking.pdf", token=g.link_token))
