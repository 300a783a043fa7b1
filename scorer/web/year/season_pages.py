"""What every page of a season shares: the season a URL names (``?saison=``), its ranking in
words, the other seasons to go to, the Runde page's season (the page of the year's settings is
scorer.web.year.rules')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, request

from scorer.core.seasons import Method, Standing
from scorer.services.year import ALL, SeasonView, Year, year_of
from scorer.store.models import Group
from scorer.words.formats import signed
from scorer.words.year import (
    all_evenings,
    figure_heading,
    figure_text,
    method_label,
    season_title,
)


def season_or_404(year: Year, key: str | None = None) -> SeasonView | None:
    """The season ``?saison=`` names (404 for one the Runde has no evenings in); without it
    the current season; None before the first evening."""
    key = request.args.get("saison") if key is None else key
    view = year.season(key or None)
    if key and view is None:
        abort(404)
    return view


@dataclass(frozen=True)
class Line:
    """One line of a ranking as a page shows it."""

    standing: Standing
    rank: str
    """"1.", or "–" unranked."""
    figure: str
    points: str
    tone: str
    player_id: int | None


def lines(year: Year, view: SeasonView) -> list[Line]:
    """The season's ranking in words."""
    ids = {m.name: m.id for m in year.members}
    method = view.settings.method
    return [Line(s, f"{s.rank}." if s.rank is not None else "–",
                 figure_text(method, s.figure), signed(s.points),
                 "plus" if s.points > 0 else "minus" if s.points < 0 else "zero",
                 ids.get(s.player))
            for s in view.ranking]


def title(year: Year, view: SeasonView) -> str:
    """The season's name as a heading."""
    return all_evenings() if view.key == ALL else season_title(view.season,
                                                              bool(year.own_seasons))


def others(year: Year, view: SeasonView | None, everything: bool = False) -> list[dict[str, Any]]:
    """The other seasons to go to (and all evenings, where a page has them), newest first."""
    out = [{"key": s.key, "title": title(year, s), "current": s is view} for s in year.seasons]
    if everything:
        out.append({"key": ALL, "title": all_evenings(), "current": view is year.everything})
    return out


def context(year: Year, view: SeasonView | None) -> dict[str, Any]:
    """What every page of a season shows around it."""
    if view is None:
        return {"year": year, "view": None, "seasons": others(year, None)}
    method = view.settings.method
    return {
        "year": year, "view": view, "season_title": title(year, view),
        "seasons": others(year, view), "lines": lines(year, view),
        "method": method, "method_label": method_label(method),
        "figure_heading": figure_heading(method),
        "show_figure": method is not Method.POINTS,
    }


def runde_season(group: Group) -> dict[str, Any]:
    """The Runde page's season: its ranking and its evenings, newest first (the current
    season unless ``?saison=`` names another)."""
    year = year_of(group)
    view = season_or_404(year)
    out = context(year, view)
    out["season_evenings"] = list(reversed(view.evenings)) if view is not None else []
    return out
