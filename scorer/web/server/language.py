"""Which language a page speaks: the one this device chose (a cookie, kept a year), else the
best the phone asks for (Accept-Language), else German; only the languages the app is set to
offer (``DOKO_LANGUAGES``). Flask-Babel chooses with it for templates, forms and formats, and
the words package (scorer.words.i18n) is told the same for everything worded in Python.
Every page offers the switch (templates/base.html) when more than one language is offered,
and carries its scripts' words in its language (scorer.words.scripts). A terminal (``flask``
commands, ``doko-zettel serve``) speaks its machine's language among the offered ones."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import Blueprint, Flask, abort, g, redirect, request
from flask_babel import Babel, get_locale
from werkzeug.wrappers import Response

from scorer.web.server.offered import offered
from scorer.words.i18n import SOURCE, reset, set_language
from scorer.words.languages import NAMES, machine_language
from scorer.words.scripts import page_words

COOKIE = "sprache"
"""The cookie that keeps a device's choice."""
KEPT_DAYS = 365

bp = Blueprint("language", __name__)


def choose() -> str:
    """The language of this request."""
    languages = offered()
    kept = request.cookies.get(COOKIE)
    if kept in languages:
        return kept
    return request.accept_languages.best_match(languages) or SOURCE


def terminal(app: Flask) -> str:
    """The language a command speaks in the terminal: the machine's (its locale), if the app
    offers it, else German."""
    return machine_language(os.environ, offered(app))


def this_page() -> str:
    """This page's path and query, to come back to after the switch."""
    query = urlencode(list(request.args.items(multi=True)))
    return request.script_root + request.path + (f"?{query}" if query else "")


def init_app(app: Flask) -> None:
    """Flask-Babel with our choice and catalogs, and every request's language handed on."""
    Babel(app, locale_selector=choose, default_translation_directories="translations")

    @app.before_request
    def speak() -> None:
        g.language_tokens = set_language(str(get_locale() or SOURCE))

    @app.teardown_request
    def stop_speaking(_error: BaseException | None) -> None:
        # The words' language is a context variable of the thread: a test client's requests
        # (and a server's threads) must not leave the last reader's language behind.
        tokens = g.pop("language_tokens", None)
        if tokens is not None:
            reset(tokens)

    @app.context_processor
    def languages() -> dict[str, Any]:
        return {"page_language": str(get_locale() or SOURCE), "languages": offered()}

    app.jinja_env.globals.update(script_words=page_words, language_names=NAMES,
                            this_page=this_page)

    app.register_blueprint(bp)


@bp.get("/sprache/<language>")
def switch(language: str) -> Response:
    """Keep ``language`` on this device and go back to the page it was chosen on."""
    if language not in offered():
        abort(404)
    back = request.args.get("weiter", "/")
    parts = urlsplit(back)
    # Only a path of this site: a link elsewhere must not ride on the switch.
    if parts.scheme or parts.netloc or not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = redirect(back)
    response.set_cookie(COOKIE, language, max_age=KEPT_DAYS * 24 * 3600, samesite="Lax",
                        httponly=True, secure=request.is_secure)
    return response
