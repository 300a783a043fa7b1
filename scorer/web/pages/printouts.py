"""What every printed page of the app shares on the way to the phone: it is never rendered in
the request. A request looks for the PDF of exactly what it would print
(``scorer.printed.render.Job``) and sends it; else it hands the page's context (plain data) to
the render process, may wait a moment in a thread of its own, and otherwise answers at once
with a page that says the PDF is being made and comes back for it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Response, current_app, render_template, request
from flask.typing import ResponseReturnValue

from scorer.printed import render
from scorer.web.pages.downloads import download
from scorer.words.answers import error_page
from scorer.words.i18n import language

WAIT_SECONDS = 3.0
"""How long a request answered in a thread of its own waits for its PDF
(``DOKO_PDF_WAIT_SECONDS``)."""
WAITING = threading.BoundedSemaphore(2)
"""At most this many threads of a worker wait for PDFs at a time; the others answer the
table."""


def folder() -> Path:
    """Where the rendered PDFs are kept (``DOKO_PDF_FOLDER``, else instance/zettel)."""
    return render.folder_of(current_app.instance_path, current_app.config.get("DOKO_PDF_FOLDER"))


def job(subject: str, *shown: Any) -> render.Job:
    """The PDF of ``subject`` under the version of everything it shows (``shown``), in the
    language spoken now."""
    return render.Job(subject, render.version_of(*shown), language())


def send(job: render.Job, make: Callable[[dict[str, Any]], bytes],
         context: Callable[[], dict[str, Any]], names: tuple[str, str] | str,
         waiting: Callable[[], str]) -> ResponseReturnValue:
    """The PDF of ``job`` as a download under ``names``, as kept for its version; while it is
    being made (by ``make`` from ``context()``, in the render process), the page
    ``waiting()`` with status 202, which asks again by itself."""
    if job.etag in request.if_none_match:
        return pdf_response(b"", names, job, not_modified=True)
    where = folder()
    pdf = render.kept(where, job)
    if pdf is None and render.failed(where, job):
        return render_template("error.html", **error_page("pdf_failed")), 500
    if pdf is None:
        render.render(where, job, make, context)
        # A worker that answers in threads may wait a moment: its other threads go on.
        if request.environ.get("wsgi.multithread") and WAITING.acquire(blocking=False):
            try:
                pdf = render.wait(where, job, current_app.config.get(
                    "DOKO_PDF_WAIT_SECONDS", WAIT_SECONDS))
            finally:
                WAITING.release()
    if pdf is None:
        response = current_app.make_response((waiting(), 202))
        response.headers["Cache-Control"] = "no-store"
        return response
    return pdf_response(pdf, names, job)


def prepare(job: render.Job, make: Callable[[dict[str, Any]], bytes],
            context: Callable[[], dict[str, Any]]) -> None:
    """Have the PDF of ``job`` made now, unless it is kept (a page that expects to be
    printed next asks, so that the PDF is there when the phone asks for it)."""
    where = folder()
    if not (where / job.name).exists():
        render.render(where, job, make, context)


def pdf_response(pdf: bytes, names: tuple[str, str] | str, job: render.Job,
                 not_modified: bool = False) -> Response:
    """A PDF as a download under its version (ETag): asked again unchanged, it is not sent
    again (304)."""
    response = download(pdf, "application/pdf", names)
    response.set_etag(job.etag)
    # Kept by nobody but the phone, and asked for again each time (the ETag answers).
    response.headers["Cache-Control"] = "private, no-cache"
    if not_modified:
        response.status_code = 304
        response.set_data(b"")
    return response
