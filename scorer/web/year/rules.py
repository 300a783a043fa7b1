"""The Runde's settings in time on its pages (RULES.md §11.4): from which day a setting
applies, as the forms say it; a change that would alter evenings already played is shown
first (who owes what, each season's ranking, before and after) and stored only once the
Runde says "Ja, so übernehmen"; the history of settings with its actions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.dated import FROM_THE_START, Dated
from scorer.services.year import Rules, Year, year_of
from scorer.store.models import Group
from scorer.web.pages.forms import ActionForm
from scorer.web.year.forms import FROM_START, AbsentForm, RankingForm, SeasonForm
from scorer.web.year.season_pages import lines, title
from scorer.words.formats import money_cell
from scorer.words.i18n import _
from scorer.words.kasse import absent_sentence
from scorer.words.year import (
    methods_explained,
    ranking_rule_text,
    rule_back_choice,
    rule_start,
)


def valid_from(applies: Any, day: Any) -> dt.date | None:
    """The day a posted setting applies from: the beginning, or the day typed (None: no
    day typed, said beside the field)."""
    if applies.data == FROM_START:
        return FROM_THE_START
    if day.data is None:
        day.errors = list(day.errors) or [_("ein Datum angeben")]
        return None
    result: dt.date = day.data
    return result


def decide(group: Group, rules: Rules, confirmed: bool, done: Callable[[], str],
           anchor: str) -> Response | tuple[str, int]:
    """Store ``rules`` when they change no evening already played (or the Runde has seen
    what they change and said yes); else the preview, which sends the same form again
    with ``confirm``."""
    change = services.rule_change(group, rules)
    if change.any and not confirmed:
        return preview_page(group, change), 200
    services.store_rules(group, rules)
    flash(done())
    token = request.view_args["token"] if request.view_args else ""
    return redirect(url_for("seasons.settings", token=token, _anchor=anchor))


def preview_page(group: Group, change: services.RuleChange) -> str:
    """What a change would do to the evenings played, and the form to confirm it."""
    before = year_of(group)
    seasons = [{"title": title(before, s.before), "before": lines(before, s.before),
                "after": lines(before, s.after)} for s in change.seasons]
    again = [(k, v) for k, v in request.form.items(multi=True)
             if k not in ("csrf_token", "confirm")]
    return render_template("year_rule_preview.html", group=group, change=change,
                           seasons=seasons, again=again, action=request.path,
                           confirm=ActionForm(formdata=None))


def history(year: Year) -> dict[str, list[dict[str, Any]]]:
    """Each setting's history, newest first, as the settings page lists it: when it
    applies from, what it says, and how far back it may still be applied."""
    rules = year.rules
    today = dt.date.today()
    out: dict[str, list[dict[str, Any]]] = {}
    parts: tuple[tuple[str, tuple[Dated[Any], ...], Callable[[Any], str]], ...] = (
        (services.RANKING, rules.ranking, ranking_rule_text),
        (services.ABSENT, rules.absent,
         lambda r: absent_sentence(r.absent_pays, r.absent_fixed_cents)))
    for part, timeline, text in parts:
        entries = []
        now = max((d.start for d in timeline if d.start <= today), default=None)
        for k, dated in enumerate(timeline):
            earlier = timeline[k - 1].start if k else None
            entries.append({
                "now": dated.start == now, "planned": dated.start > today,
                "part": part, "start": dated.start, "key": dated.start.isoformat(),
                "when": rule_start(dated.start), "text": text(dated.rule),
                "first": dated.start == FROM_THE_START,
                "back": _back_choices(year, dated.start, earlier)})
        out[part] = list(reversed(entries))
    return out


def _back_choices(year: Year, start: dt.date, earlier: dt.date | None
                  ) -> list[tuple[str, str]]:
    """The seasons with evenings before ``start`` a setting may be applied back to (their
    start, or the beginning), the nearest first."""
    if earlier is None:
        return []
    out: list[tuple[str, str]] = []
    for view in year.seasons:  # newest first
        if view.season.start >= start:
            continue
        begins = view.season.start
        out.append((begins.isoformat(), rule_back_choice(title(year, view), begins)))
    if not out or out[-1][0] != FROM_THE_START.isoformat():
        out.append((FROM_THE_START.isoformat(), rule_back_choice("", FROM_THE_START)))
    return out


def back_to_day(text: Any) -> dt.date | None:
    """A posted choice of how far back (an ISO date), None for anything else."""
    try:
        return dt.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def settings_page(group: Group, ranking: RankingForm | None = None,
                   absent: AbsentForm | None = None, season: SeasonForm | None = None,
                   errors: dict[str, list[str]] | None = None, status: int = 200
                   ) -> tuple[str, int]:
    """How seasons rank, the Runde's own seasons and what absent members pay: each form
    with the setting in force today, and each setting's history."""
    year = year_of(group)
    s = year.settings
    ranking = ranking or RankingForm(formdata=None, data={
        "season_ranking": s.method.value, "min_games": s.min_games,
        "absent_table_points": s.absent_table_points, "ranking_from": dt.date.today()})
    absent = absent or AbsentForm(formdata=None, data={
        "absent_pays": s.absent_pays.value, "absent_from": dt.date.today(),
        "absent_fixed": money_cell(s.absent_fixed_cents) if s.absent_fixed_cents else ""})
    season = season or SeasonForm(formdata=None)
    own = services.own_seasons(group)
    return render_template(
        "year_settings.html", group=group, ranking=ranking, absent=absent, season=season,
        errors=errors or {}, own=own, action=ActionForm(formdata=None),
        methods=methods_explained(), history=history(year)
    ), status
