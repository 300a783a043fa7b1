"""What every page of a season shares: the season a URL names (``?saison=``), its ranking in
words, the other seasons to go to, the Runde page's season, and the page of the year's
settings (the Kasse's "Wer fehlt, zahlt" is set there too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, render_template, request

from scorer import services
from scorer.core.seasons import Method, Standing
from scorer.services.year import ALL, SeasonView, Year, year_of
from scorer.store.models import Group
from scorer.web.pages.forms import ActionForm
from scorer.web.year.forms import AbsentForm, RankingForm, SeasonForm
from scorer.words.formats import money_cell, signed
from scorer.words.year import (
    all_evenings,
    figure_heading,
    figure_text,
    method_label,
    methods_explained,
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


def settings_page(group: Group, ranking: RankingForm | None = None,
                   absent: AbsentForm | None = None, season: SeasonForm | None = None,
                   errors: dict[str, list[str]] | None = None, status: int = 200
                   ) -> tuple[str, int]:
    year = year_of(group)
    s = year.settings
    ranking = ranking or RankingForm(formdata=None, data={
        "season_ranking": s.method.value, "min_games": s.min_games,
        "absent_table_points": s.absent_table_points})
    absent = absent or AbsentForm(formdata=None, data={
        "absent_pays": s.absent_pays.value,
        "absent_fixed": money_cell(s.absent_fixed_cents) if s.absent_fixed_cents else ""})
    season = season or SeasonForm(formdata=None)
    own = services.own_seasons(group)
    return render_template(
        "year_settings.html", group=group, ranking=ranking, absent=absent, season=season,
        errors=errors or {}, own=own, action=ActionForm(formdata=None),
        methods=methods_explained()
    ), status
