"""Importieren (issue 28): a file from another scorekeeper, a paper sheet or a Runde's own
backup, uploaded, previewed and then stored, all on the Runde's edit link.

``/r/<token>/importieren/`` takes the file (the only route that takes one: UPLOAD_LIMIT) and
answers with the preview, or with what is wrong with the file. The preview's form posts to
``/r/<token>/importieren/<hash>``: "Vorschau aktualisieren" shows it again under the choices
made, "Importieren" stores it. The file waits on the server by its hash
(scorer.services.imports.keep_upload); the form carries the choices only.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorer import services
from scorer.importers import MAX_FILE_BYTES, ImportMode, ImportRefused
from scorer.services import imports as importing
from scorer.store.models import Group
from scorer.web.imports.forms import (
    UploadForm,
    choices_of,
    preview_form,
    sent_bock,
    sent_mode,
)
from scorer.web.pages.lookup import group_or_404
from scorer.web.server.bodies import body_limit
from scorer.words import imports as words

bp = Blueprint("imports", __name__, url_prefix="/r/<token>/importieren")

UPLOAD_LIMIT = MAX_FILE_BYTES + 1_000_000
"""The largest request the upload route reads: a file just under the importers' 20 MB, its
form fields and the multipart framing (scorer.web.server.bodies). Every other route keeps the
app's own limit."""


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge) -> tuple[str, int]:
    """A request beyond UPLOAD_LIMIT, refused before anything read it (the link neither:
    this page names no Runde)."""
    title, message = words.too_large()
    return render_template("error.html", title=title, message=message), 413


@bp.route("/", methods=["GET", "POST"])
@body_limit(UPLOAD_LIMIT)
def upload(token: str) -> str | tuple[str, int]:
    """Choose the file; a file that can be read is answered with its preview."""
    group = group_or_404(token)
    form = UploadForm()
    if not form.validate_on_submit():
        return _upload_page(group, form), 422 if request.method == "POST" else 200
    sent = form.file.data
    name = importing.file_name_of(sent.filename)
    data = sent.read(MAX_FILE_BYTES + 1)  # the importers refuse 20 MB and more
    try:
        shown = _preview(group, data, name, None)
    except ImportRefused as err:
        return _upload_page(group, form, err.lines()), 422
    content_hash = importing.keep_upload(group, data, name)
    return _preview_page(group, content_hash, *shown)


@bp.route("/<content_hash>", methods=["GET", "POST"])
def confirm(token: str, content_hash: str) -> str | tuple[str, int] | Response:
    """The preview again under the choices sent, or (Importieren) the import."""
    group = group_or_404(token)
    kept = importing.kept_upload(group, content_hash)
    if kept is None:
        flash(words.upload_gone(), "error")
        return redirect(url_for("imports.upload", token=token))
    formdata = request.form if request.method == "POST" else None
    try:
        shown, form = _preview(group, kept.data, kept.file_name, formdata)
    except ImportRefused as err:
        return _upload_page(group, UploadForm(formdata=None), err.lines()), 422
    if request.method == "GET" or request.form.get("action") != "import":
        return _preview_page(group, content_hash, shown, form)
    if form.errors or shown.problems:
        return _preview_page(group, content_hash, shown, form), 422
    try:
        row = importing.store(group, shown, seen_as=request.form.get("seen"))
    except ImportRefused as err:
        return _upload_page(group, UploadForm(formdata=None), err.lines()), 422
    except services.Refused as err:
        return _preview_page(group, content_hash, shown, form,
                             [m for _, m in err.problems]), 409
    skipped = len(shown.evenings) - row.evenings
    flash(words.imported(row.file_name, row.evenings, row.games, skipped))
    return redirect(url_for("groups.show", token=token))


def _preview(group: Group, data: bytes, name: str,
             formdata: Any) -> tuple[importing.Preview, Any]:
    """Read the file (outside the write lock) and preview it under the choices sent."""
    target, read, other = importing.read_for(group, data, name, sent_mode(formdata),
                                             sent_bock(formdata))
    form = preview_form(target, read, formdata)
    if formdata is not None:
        form.validate()
    return importing.preview(target, read, choices_of(form, target, read.plan.players),
                             other), form


def _upload_page(group: Group, form: UploadForm, problems: list[str] | None = None) -> str:
    return render_template("import_upload.html", group=group, form=form,
                           problems=problems or [])


def _preview_page(group: Group, content_hash: str, shown: importing.Preview, form: Any,
                  problems: list[str] | None = None) -> str:
    errors: dict[str, list[str]] = {}
    for field, message in shown.problems:
        errors.setdefault(field, []).append(message)
    for field in form:
        if field.errors:
            errors.setdefault(field.name, []).extend(field.errors)
    return render_template(
        "import_preview.html", group=group, content_hash=content_hash, shown=shown, form=form,
        errors=errors, problems=problems or [], modes=list(ImportMode), columns=_columns(shown),
        seen=importing.seen(shown.target), source_bock_hint=words.source_bock_hint())


def _columns(shown: importing.Preview) -> list[tuple[str, Any]]:
    """The totals columns of each evening: (heading, mode or "file")."""
    return [(words.file_column() if not isinstance(c, ImportMode)
             else words.mode_heading(c.value) if shown.rescorable else words.totals_column(), c)
            for c in shown.columns]
