"""The installable app: its manifest, its service worker and the page for no connection.

The service worker (static/js/sw.js) is served from the root so that its scope covers the
Runden's pages under /r/…; what it keeps and why is explained there. The manifest's colours
are the app's own (static/css/app.css: --accent for the bar, --paper for the background).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, current_app, jsonify, render_template, url_for
from werkzeug.wrappers import Response

from scorer.words.answers import app_description
from scorer.words.i18n import language
from scorer.words.scripts import worker_words

bp = Blueprint("pwa", __name__)

THEME_COLOUR = "#1d6a40"
"""--accent in static/css/app.css: the top bar."""
BACKGROUND_COLOUR = "#f7f5ef"
"""--paper in static/css/app.css: the page."""
ICONS = [("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
         ("icons/maskable-192.png", "192x192", "maskable"),
         ("icons/maskable-512.png", "512x512", "maskable")]
"""PNGs drawn from favicon.svg by the browser suite (tests/browser/test_icons.py)."""


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Name, colours, icons and start page of the installed app."""
    icons = [{"src": url_for("static", filename=path), "sizes": sizes, "type": "image/png",
              "purpose": purpose} for path, sizes, purpose in ICONS]
    icons.append({"src": url_for("static", filename="favicon.svg"), "sizes": "any",
                  "type": "image/svg+xml", "purpose": "any"})
    response = jsonify(
        name="Doko-Zettel", short_name="Doko-Zettel", lang=language(),
        description=app_description(),
        id=url_for("groups.index"), start_url=url_for("groups.index"),
        scope=url_for("groups.index"), display="standalone", orientation="portrait",
        theme_color=THEME_COLOUR, background_color=BACKGROUND_COLOUR, icons=icons)
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


PRECACHE = ["css/app.css", "css/live.css", "js/words.js", "js/store.js", "js/live.js",
            "js/offline.js", "js/pwa.js", "js/entry.js", "js/draft.js", "js/seats.js",
            "js/panels.js", "js/share.js", "favicon.svg", "icons/icon-192.png"]
"""The static files a phone keeps for pages without a connection (static/js/sw.js)."""

BUILD_LINE = 'var BUILD = {"cache": "doko-static", "precache": [], "words": {}};'
"""The line of sw.js that service_worker() fills in."""


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that its scope is the whole app, with the
    versioned addresses of the files it keeps, a cache name that changes with them, and its
    words in the device's language (it has no page to read them from)."""
    script = (Path(current_app.static_folder or "static") / "js" / "sw.js").read_text(
        encoding="utf-8")
    if BUILD_LINE not in script:
        raise RuntimeError(f"static/js/sw.js lacks the line {BUILD_LINE!r}")
    precache = [url_for("static", filename=path) for path in PRECACHE]
    words = worker_words()
    version = hashlib.sha256("\n".join([*precache, language()]).encode()).hexdigest()[:12]
    build = json.dumps({"cache": f"doko-static-{version}", "precache": precache,
                        "words": words})
    response = Response(script.replace(BUILD_LINE, f"var BUILD = {build};", 1),
                        mimetype="text/javascript")
    # Browsers check for a new worker on every navigation; never answer from a cache.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """What the service worker shows for a page this phone did not keep."""
    return render_template("offline.html")
