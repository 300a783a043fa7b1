"""Seasons (RULES.md §11.1): the Runde page's season (its ranking and evenings), a player's
evenings of a season, the settings (how seasons rank, own seasons) and the season PDF.

Every figure is the core's (scorer.core.seasons) over the Runde's year as services.year keeps
it; this module words it and picks the season a URL names (``?saison=``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.seasons import EveningShare, Method
from scorer.printed.season import render_season_pdf, season_context
from scorer.services.year import ALL, year_of
from scorer.web.pages import printouts
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.lookup import group_or_404
from scorer.web.pages.numbers import MAX_INT
from scorer.web.pages.printed_language import ASKED, for_the_reader, printing
from scorer.web.year import rules
from scorer.web.year.forms import RankingForm, RuleBackForm, SeasonForm
from scorer.web.year.rules import settings_page
from scorer.web.year.season_pages import (
    context,
    lines,
    season_or_404,
    title,
)
from scorer.words.files import runde_file, season_part
from scorer.words.formats import signed
from scorer.words.year import (
    figure_text,
    not_there,
    ranking_saved,
    rule_applied_back,
    rule_not_understood,
    rule_removed,
    season_added,
    season_printout,
    season_removed,
)

bp = Blueprint("seasons", __name__, url_prefix="/r/<token>")


@bp.get("/saison/spieler/<int:player_id>")
def player(token: str, player_id: int) -> str:
    """One player's evenings of a season: rank and points each, and what they gave."""
    group = group_or_404(token)
    year = year_of(group)
    view = season_or_404(year)
    member = year.member(player_id)
    if member is None or view is None:
        abort(404)
    standing = view.standing(member.name)
    method = view.settings.method
    shares = [_share(method, s) for s in reversed(standing.evenings)] if standing else []
    line = next((ln for ln in lines(year, view) if ln.standing is standing), None)
    # What each evening gave: placement or table points (the points are there anyway; an
    # average is only the season's).
    per_evening = method in (Method.PLACEMENT, Method.TABLE_POINTS)
    return render_template("season_player.html", group=group, member=member, line=line,
                           shares=shares, per_evening=per_evening, **context(year, view))


def _share(method: Method, share: EveningShare) -> dict[str, Any]:
    return {"number": share.key, "date": share.date,
            "rank": f"{share.rank}." if share.rank is not None else not_there(),
            "points": signed(share.points) if share.rank is not None else "–",
            "figure": figure_text(method, share.figure)}


# ------------------------------------------------------------------ settings


@bp.get("/saisons")
def settings(token: str) -> tuple[str, int]:
    """How seasons rank, the Runde's own seasons, and what absent members pay."""
    # A read-only link gets 403 from group_or_404: the page is for changing.
    return settings_page(group_or_404(token))


def _problems(err: services.Refused, renamed: dict[str, str] | None = None
              ) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for field, message in err.problems:
        out.setdefault((renamed or {}).get(field, field), []).append(message)
    return out


@bp.post("/saisons/wertung")
def set_ranking(token: str) -> Response | tuple[str, int]:
    """Store how the seasons rank, from a day on (a season ranks under the rule of its
    first day); a change that re-ranks a season already played is shown first."""
    group = group_or_404(token)
    form = RankingForm()
    if form.validate_on_submit():
        start = rules.valid_from(form.ranking_applies, form.ranking_from)
        if start is None:
            return settings_page(group, ranking=form, status=422)
        try:
            candidate = services.ranking_setting(
                group, form.season_ranking.data, form.min_games.data,
                form.absent_table_points.data, start)
        except services.Refused as err:
            return settings_page(group, ranking=form, errors=_problems(err), status=422)
        return rules.decide(group, candidate, bool(form.confirm.data),
                            lambda: ranking_saved(start), "wertung")
    return settings_page(group, ranking=form, status=422)


@bp.post("/saisons/regel/<part>/<day>/frueher")
def rule_back(token: str, part: str, day: str) -> Response | tuple[str, int]:
    """Apply a dated setting back to an earlier season (shown first, then confirmed)."""
    group = group_or_404(token)
    start, form = rules.back_to_day(day), RuleBackForm()
    if part not in services.PARTS or start is None:
        abort(404)
    if not form.validate_on_submit():
        abort(400)
    back_to = rules.back_to_day(form.back_to.data)
    try:
        if back_to is None:
            raise services.Refused([("back_to", rule_not_understood())])
        candidate = services.applied_back_to(group, part, start, back_to)
    except services.Refused as err:
        flash(" ".join(m for _, m in err.problems), "error")
        return redirect(url_for("seasons.settings", token=token, _anchor=_ANCHORS[part]))
    return rules.decide(group, candidate, bool(form.confirm.data),
                        lambda: rule_applied_back(back_to), _ANCHORS[part])


@bp.post("/saisons/regel/<part>/<day>/entfernen")
def rule_remove(token: str, part: str, day: str) -> Response | tuple[str, int]:
    """Remove a dated setting: the one before applies on (shown first if that changes
    evenings played)."""
    group = group_or_404(token)
    start = rules.back_to_day(day)
    if part not in services.PARTS or start is None:
        abort(404)
    form = RuleBackForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        candidate = services.removed(group, part, start)
    except services.Refused as err:
        flash(" ".join(m for _, m in err.problems), "error")
        return redirect(url_for("seasons.settings", token=token, _anchor=_ANCHORS[part]))
    return rules.decide(group, candidate, bool(form.confirm.data), rule_removed,
                        _ANCHORS[part])


_ANCHORS = {services.RANKING: "wertung", services.ABSENT: "fehlende"}


@bp.post("/saisons/neu")
def add_season(token: str) -> Response | tuple[str, int]:
    """A season of the Runde's own."""
    group = group_or_404(token)
    form = SeasonForm()
    if form.validate_on_submit():
        try:
            season = services.add_season(group, form.name.data, form.start.data)
        except services.Refused as err:
            return settings_page(group, season=form, errors=_problems(err), status=422)
        flash(season_added(season.name, season.start))
        return redirect(url_for("seasons.settings", token=token, _anchor="saisons"))
    return settings_page(group, season=form, status=422)


@bp.post("/saisons/<int:season_id>/entfernen")
def remove_season(token: str, season_id: int) -> Response:
    """Remove one of the Runde's own seasons (after the page asked)."""
    group = group_or_404(token)
    if season_id > MAX_INT or services.find_season(group, season_id) is None:
        abort(404)
    if not ActionForm().validate_on_submit():
        abort(400)
    try:
        season = services.remove_season(group, season_id)
    except services.Refused as err:
        flash(" ".join(m for _, m in err.problems), "error")
    else:
        flash(season_removed(season.name))
    return redirect(url_for("seasons.settings", token=token, _anchor="saisons"))


# ------------------------------------------------------------------ the season PDF


@bp.get("/saison.pdf")
def pdf(token: str) -> ResponseReturnValue:
    """The season to pin to the wall: ranking, each player's evenings, the chart of who
    led when, and the Kasse's season report; made outside the request
    (scorer.web.pages.printouts), like the evening's sheet."""
    group = group_or_404(token)
    year = year_of(group)
    view = season_or_404(year)
    if view is None:
        abort(404)
    url = url_for("seasons.pdf", token=token, saison=request.args.get("saison"),
                  sprache=request.args.get(ASKED))
    with printing(group):
        context = season_context(group.name, title(year, view), view, dt.date.today(),
                                 year.kasse)
        return printouts.send(
            printouts.job(f"saison-{group.id}-{view.key}", context), render_season_pdf,
            lambda: context,
            runde_file(group.name, season_part(None if view.key == ALL else view.key), "pdf"),
            for_the_reader(lambda: render_template(
                "printout_wait.html", group=group, url=url,
                title=season_printout(context["title"]),
                back=url_for("groups.show", token=token, saison=request.args.get("saison")))))
