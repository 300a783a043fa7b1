"""The club evening, more of the organiser's side (issue 37): the tournament's own backup and
its restore as a new tournament, the round clock, and the paper fallback of a table whose
phone died. Each is a section of its own on the organiser's page (templates/club/_more.html)
and the clock a fragment of the organiser's page, the projector and the tables' sheets
(templates/club/_clock.html, :func:`clock_of`).
"""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorer import services
from scorer.printed.club_paper import paper_context, render_paper
from scorer.services import club_more
from scorer.services import tournament_backup as backups
from scorer.store.backup import BackupError
from scorer.store.models import Group, Tournament
from scorer.web.pages import printouts
from scorer.web.pages.club_access import tournament_or_404
from scorer.web.pages.downloads import download
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.numbers import MAX_INT, parse_int
from scorer.web.server.bodies import body_limit
from scorer.words import club_more as words
from scorer.words.files import tournament_file

bp = Blueprint("club_more", __name__)

UPLOAD_LIMIT = backups.MAX_BYTES + 1_000_000
"""The restore's upload: a file just under the limit and its form's framing."""


# --------------------------------------------------------------------------- the clock


@bp.app_template_global("club_clock")
def clock_of(tournament: Tournament | None = None,
             group: Group | None = None) -> club_more.Clock | None:
    """The running round's clock, for a tournament's pages or a table's Runde."""
    if tournament is not None:
        return club_more.clock(tournament)
    if group is not None and group.tournament_table:
        return club_more.table_clock(group)
    return None


@bp.app_template_global("clock_text")
def clock_text(clock: club_more.Clock) -> str:
    return words.clock_left(clock.left)


@bp.post("/t/<token>/rundenuhr")
def set_clock(token: str) -> Response:
    """How long a round lasts (empty: no clock)."""
    tournament = tournament_or_404(token)
    if ActionForm().validate_on_submit():
        raw = (request.form.get("round_minutes") or "").strip()
        minutes = parse_int(raw, low=-MAX_INT) if raw else None
        if raw and minutes is None:
            flash(words.clock_minutes_field(), "error")
        else:
            try:
                club_more.set_round_minutes(tournament, minutes)
            except services.Refused as err:
                for _field, message in err.problems:
                    flash(message[:1].upper() + message[1:], "error")
            else:
                flash(words.clock_saved(minutes))
    return redirect(url_for("club.show", token=token, _anchor="rundenuhr"))


# --------------------------------------------------------------------------- backup


@bp.get("/t/<token>/sicherung.json")
def backup(token: str) -> Response:
    """The tournament and every table's Runde as one file (the organiser's link only)."""
    tournament = tournament_or_404(token)
    document = backups.backup_tournament(tournament)
    return download(json.dumps(document, ensure_ascii=False, indent=1), "application/json",
                    tournament_file(f"{tournament.played_on.isoformat()}-sicherung", "json"))


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge) -> tuple[str, int]:
    return _restore_page([words.backup_too_large(backups.MAX_BYTES // 1_000_000)]), 413


@bp.route("/turnier/wiederherstellen", methods=["GET", "POST"])
@body_limit(UPLOAD_LIMIT)
def restore_upload() -> str | tuple[str, int]:
    """Choose a tournament's backup; a file that passes every check is shown before it is
    written, else what is wrong with it."""
    if request.method == "GET":
        return _restore_page()
    if not ActionForm().validate_on_submit():
        return _restore_page([words.backup_no_file()]), 422
    sent = request.files.get("file")
    if sent is None or not sent.filename:
        return _restore_page([words.backup_no_file()]), 422
    data = sent.read(backups.MAX_BYTES + 1)
    name = sent.filename[:200]
    try:
        shown = backups.read(data)
    except BackupError as err:
        return _restore_page(err.problems, name), 422
    content_hash = backups.keep_upload(data, name)
    return render_template("club/restore.html", shown=shown, content_hash=content_hash,
                           file_name=name, action=ActionForm(formdata=None), problems=[])


@bp.post("/turnier/wiederherstellen/<content_hash>")
def restore_confirm(content_hash: str) -> Response | tuple[str, int]:
    """Write the previewed file as a new tournament, or say why not (nothing written)."""
    if not ActionForm().validate_on_submit():
        abort(400)
    try:
        tournament = backups.restore(content_hash)
    except BackupError as err:
        return _restore_page(err.problems), 422
    flash(words.restored(tournament.name))
    return redirect(url_for("club.show", token=tournament.edit_token))


def _restore_page(problems: list[str] | None = None, file_name: str | None = None) -> str:
    return render_template("club/restore.html", shown=None, problems=problems or [],
                           file_name=file_name, action=ActionForm(formdata=None))


# --------------------------------------------------------------------------- paper


@bp.get("/t/<token>/runde/<int:number>/spielliste.pdf")
@bp.get("/t/<token>/runde/<int:number>/tisch/<int:table>/spielliste.pdf")
def paper(token: str, number: int, table: int | None = None) -> ResponseReturnValue:
    """The printed list a table writes its games on when its phone dies: every table of
    the round, or one."""
    tournament = tournament_or_404(token)
    results = services.results(tournament)
    view = next((r for r in results.rounds if r.number == number), None)
    if view is None or (table is not None and not 1 <= table <= len(view.tables)):
        abort(404)
    context = paper_context(tournament, view, results.numbers,
                            None if table is None else [table])
    what = f"spielliste-{number}" + ("" if table is None else f"-{table}")
    url = request.path
    return printouts.send(
        printouts.job(f"turnier-{tournament.id}-{what}", context), render_paper,
        lambda: context, words.paper_file(number, table),
        lambda: render_template("printout_wait.html", tournament=tournament, url=url,
                                title=tournament.name,
                                back=url_for("club.show", token=g.link_token)))
