"""How much a request may send, per route, and the German answer to one that sends more.

A game form is a few KB and the biggest form (a new evening of a large Runde with every
rule option) stays far below ``BODY_LIMIT``; a route that must take more says so with
:func:`body_limit` (an import upload: ``@body_limit(20 * MB)``). Checked before anything
reads the body, right after the host check and the limits per client: a ``Content-Length``
over the route's limit is answered 413 without reading a byte, and a body without one
(chunked) stops at the limit while it is read (Werkzeug). A form may have at most ``parts`` fields in either encoding
(Werkzeug counts them in multipart bodies only). The answer is the German error page, or
JSON for the phone's scripts (:func:`scorer.web.server.answers.refusal`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorer.web.server.answers import refusal
from scorer.words.answers import too_large

KB = 1024
MB = 1024 * KB

BODY_LIMIT = 64 * KB
"""Bytes any route takes unless it says otherwise (``MAX_CONTENT_LENGTH``)."""
FORM_PARTS = 500
"""Fields a form may have unless its route says otherwise (``MAX_FORM_PARTS``): the new
evening form of a Runde of 60 players with every rule option has 98."""
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods whose body a route here may read; GET and HEAD bodies are never read."""

V = TypeVar("V", bound=Callable[..., object])


@dataclass(frozen=True)
class BodyLimit:
    """What one route takes: at most ``size`` bytes, forms of at most ``parts`` fields."""

    size: int
    parts: int = FORM_PARTS


def body_limit(size: int, parts: int = FORM_PARTS) -> Callable[[V], V]:
    """Give a view its own limit instead of the app's; above or below its route decorator."""

    def mark(view: V) -> V:
        view.body_limit = BodyLimit(size, parts)  # type: ignore[attr-defined]
        return view

    return mark


def limit_of(endpoint: str | None) -> BodyLimit:
    """The limit of the view at ``endpoint``, or the app's (also for no route at all)."""
    view = current_app.view_functions.get(endpoint or "")
    marked = getattr(view, "body_limit", None)
    if isinstance(marked, BodyLimit):
        return marked
    config = current_app.config
    return BodyLimit(config["MAX_CONTENT_LENGTH"] or BODY_LIMIT, config["MAX_FORM_PARTS"])


def _check_body() -> None:
    limit = limit_of(request.endpoint)
    request.max_content_length = limit.size
    request.max_form_memory_size = limit.size
    request.max_form_parts = limit.parts
    length = request.content_length
    if length is not None and length > limit.size:
        raise RequestEntityTooLarge()
    if (request.method in BODY_METHODS and request.mimetype == "application/x-www-form-urlencoded"
            and request.url_rule is not None):
        # Werkzeug counts multipart fields only; read (up to the size limit) and count here,
        # before anything parses the form. The form is parsed from the data kept.
        if request.get_data(cache=True).count(b"&") >= limit.parts:
            raise RequestEntityTooLarge()


def _too_large(_error: RequestEntityTooLarge) -> Response:
    limit = limit_of(request.endpoint)
    return refusal(413, *too_large(_size(limit.size), limit.parts))


def _size(size: int) -> str:
    return f"{size // MB} MB" if size >= MB and size % MB == 0 else f"{size // KB} KB"


def init_app(app: Flask) -> None:
    """The check, before anything that reads a body (create_app calls this before the CSRF
    protection is registered); the limits are the configuration's (``MAX_CONTENT_LENGTH``,
    ``MAX_FORM_PARTS``: the defaults above, set in scorer.app.configure)."""
    app.before_request(_check_body)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
