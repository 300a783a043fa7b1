"""The Bestenliste (issue 27): the Runde's records for a season or all time, each with the
evening and game it happened in, and the announcements each player's party missed. The
records are scorer.core.records over the Runde's year (services.year); this words them.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for

from scorer.core.records import Feat, Record
from scorer.services.year import ALL, year_of
from scorer.web.pages.lookup import group_or_404
from scorer.web.year.season_pages import others, season_or_404, title
from scorer.words.year import count_text, feat_where, record_label, record_note

bp = Blueprint("records", __name__, url_prefix="/r/<token>")

SHOWN = 3
"""Holders of one record named on the page; more are counted ("und 4 weitere")."""


def feat_link(token: str, feat: Feat) -> str:
    """The evening's sheet, at the game where it is one game's."""
    anchor = f"spiel-{feat.place.game}" if feat.place.game is not None else None
    return url_for("evenings.show", token=token, number=feat.place.key, _anchor=anchor)


def record_view(token: str, record: Record) -> dict[str, Any]:
    """One record in words, with a link for each holder shown."""
    feats = [{"who": ", ".join(f.players), "where": feat_where(f), "link": feat_link(token, f),
              "date": f.place.date}
             for f in record.feats[:SHOWN]]
    return {"label": record_label(record.kind), "note": record_note(record.kind), "feats": feats,
            "figure": count_text(record.kind, record.figure) if record.figure is not None
            else None, "more": max(len(record.feats) - SHOWN, 0)}


@bp.get("/bestenliste")
def show(token: str) -> str:
    """The records of a season (``?saison=``), or of all evenings (the default)."""
    group = group_or_404(token)
    year = year_of(group)
    # All evenings unless a season is asked for: the hall of fame of the Runde.
    view = season_or_404(year) if request.args.get("saison") else year.everything
    records = view.records if view is not None else None
    return render_template(
        "records.html", group=group, view=view,
        heading=title(year, view) if view is not None else "",
        records=[record_view(token, r) for r in records.records] if records else [],
        missed=records.missed if records else (),
        seasons=others(year, view, everything=True), all_key=ALL)
