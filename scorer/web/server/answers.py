"""Refusals that come before a view runs (too much sent, too many requests): the German
error page for a person, JSON for the phone's scripts, which read ``lines`` as they read a
refused game's (static/js/offline.js) or wait and ask again."""

from __future__ import annotations

from flask import jsonify, render_template, request
from werkzeug.wrappers import Response

JSON_ENDPOINTS = frozenset({"live.poll", "sync.token", "sync.game"})
"""Endpoints only the phone's scripts call; they read JSON, whatever the request sent."""


def wants_json() -> bool:
    """Whether this request came from a script that reads JSON answers."""
    return (request.endpoint in JSON_ENDPOINTS or request.mimetype == "application/json"
            or request.accept_mimetypes.best == "application/json")


def refusal(status: int, title: str, message: str, result: str = "invalid") -> Response:
    """The refusal as a page or as ``{"result": result, "lines": [message]}``."""
    if wants_json():
        response: Response = jsonify(result=result, lines=[message])
    else:
        response = Response(render_template("error.html", title=title, message=message),
                            mimetype="text/html")
    response.status_code = status
    return response
