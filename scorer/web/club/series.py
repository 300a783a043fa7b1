"""The club's annual ranking (Vereinsmeisterschaft, issue 37): made from a club evening's
organiser page, then its own page chooses which club evenings count (by their links) and how
they add up; the ranking as a page, a PDF and a CSV. Its edit link chooses, its read link
only looks."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.club import SERIES_METHODS
from scorer.printed.club_series import render_series, series_context
from scorer.printed.tables import cell_text, csv_text
from scorer.services import club_more
from scorer.store.models import ClubSeries
from scorer.web.pages import printouts
from scorer.web.pages.club_access import tournament_or_404
from scorer.web.pages.downloads import download
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.numbers import MAX_INT
from scorer.web.server.hosts import public_url
from scorer.words import club_more as words
from scorer.words.club import figure
from scorer.words.formats import date

bp = Blueprint("club_series", __name__)


def _series_or_404(token: str, edit: bool = False) -> ClubSeries:
    series = club_more.find_series(token)
    if series is None:
        abort(404)
    g.link_token = token
    g.series_edit = token == series.edit_token
    if edit and not g.series_edit:
        abort(403)
    return series


def _flash_refused(err: services.Refused) -> None:
    for _field, message in err.problems:
        flash(message[:1].upper() + message[1:], "error")


@bp.post("/t/<token>/vereinsmeisterschaft")
def create(token: str) -> Response:
    """A new Vereinsmeisterschaft counting this club evening (the organiser's link)."""
    tournament = tournament_or_404(token)
    if not ActionForm().validate_on_submit():
        return redirect(url_for("club.show", token=token))
    try:
        series = club_more.create_series(request.form.get("name", ""),
                                         request.form.get("ranking", "sum"), tournament)
    except services.Refused as err:
        _flash_refused(err)
        return redirect(url_for("club.show", token=token, _anchor="vereinsmeisterschaft"))
    flash(words.series_made(series.name))
    return redirect(url_for("club_series.show", token=series.edit_token))


@bp.get("/vm/<token>/")
def show(token: str) -> str:
    series = _series_or_404(token)
    view = club_more.series_view(series)
    return render_template(
        "club/series.html", series=series, view=view, edit=g.series_edit, figure=figure,
        methods=[(m, words.series_method(m)) for m in SERIES_METHODS],
        method_label=words.series_method(series.ranking),
        short=words.series_method_short(series.ranking),
        legend=words.series_legend(series.ranking), action=ActionForm(formdata=None),
        candidates=club_more.series_candidates(series) if g.series_edit else [],
        read_url=public_url("club_series.show", token=series.read_token))


@bp.post("/vm/<token>/abende")
def add(token: str) -> Response:
    series = _series_or_404(token, edit=True)
    if ActionForm().validate_on_submit():
        try:
            tournament = club_more.add_to_series(series, request.form.get("link", ""))
        except services.Refused as err:
            _flash_refused(err)
        else:
            flash(words.series_added(tournament.name))
    return redirect(url_for("club_series.show", token=token, _anchor="abende"))


@bp.post("/vm/<token>/abende/<int:tournament_id>/entfernen")
def remove(token: str, tournament_id: int) -> Response:
    series = _series_or_404(token, edit=True)
    if ActionForm().validate_on_submit() and tournament_id <= MAX_INT:
        gone = club_more.remove_from_series(series, tournament_id)
        if gone is not None:
            flash(words.series_removed(gone.name))
    return redirect(url_for("club_series.show", token=token, _anchor="abende"))


@bp.post("/vm/<token>/einstellungen")
def settings(token: str) -> Response:
    series = _series_or_404(token, edit=True)
    if ActionForm().validate_on_submit():
        try:
            club_more.set_series(series, request.form.get("name", ""),
                                 request.form.get("ranking", ""))
        except services.Refused as err:
            _flash_refused(err)
        else:
            flash(words.series_saved())
    return redirect(url_for("club_series.show", token=token))


def _stamp(series: ClubSeries) -> str:
    return f"{series.id}"


@bp.get("/vm/<token>/tabelle.csv")
def csv(token: str) -> Response:
    """The annual ranking with each club evening's figure, for a spreadsheet."""
    series = _series_or_404(token)
    view = club_more.series_view(series)
    header = [words.csv_rank(), words.csv_name(),
              *(f"{e.tournament.name} {date(e.tournament.played_on)}" for e in view.evenings),
              words.series_method_short(series.ranking), words.csv_points(), words.csv_won()]
    rows = [[s.rank, cell_text(s.player), *("" if v is None else v for v in s.evenings),
             s.figure, s.points, s.won] for s in view.standings]
    return download(csv_text([cell_text(h) for h in header], rows), "text/csv",
                    words.series_file(_stamp(series), "csv"))


@bp.get("/vm/<token>/ergebnis.pdf")
def pdf(token: str) -> ResponseReturnValue:
    series = _series_or_404(token)
    context = series_context(series, club_more.series_view(series))
    url = request.path
    return printouts.send(
        printouts.job(f"vm-{series.id}", context), render_series, lambda: context,
        words.series_file(_stamp(series), "pdf"),
        lambda: render_template("printout_wait.html", tournament=None, url=url,
                                title=series.name,
                                back=url_for("club_series.show", token=token)))




@bp.app_template_global("club_series_of")
def series_of(tournament: object) -> list[ClubSeries]:
    """The Vereinsmeisterschaften counting this club evening (the organiser's page)."""
    return club_more.series_of(tournament)  # type: ignore[arg-type]
