"""Served over https (``DOKO_PUBLIC_URL`` starts with ``https://``), and behind a proxy.

Over https, without further settings: the session cookie is ``Secure``, every answer carries
HSTS, and the referrer policy lets a page's own forms name the page they came from
(``same-origin``; never to another site), because Flask-WTF checks over https that a form was
posted from a page of this host. Plain http on the table's LAN keeps ``no-referrer``.

A reverse proxy's ``X-Forwarded-For``/``-Proto``/``-Host``/``-Port`` are believed only when
``DOKO_TRUSTED_PROXIES`` says how many proxies stand in front (Werkzeug's ProxyFix, which
takes that many hops from the right): then the client's address (for the limits per client),
the scheme (https: the Referer check) and the host (the host check, the Referer check) are
the ones the proxy saw. Without it anybody could send those headers, so nobody's are used —
gunicorn is told to trust none either (``forwarded_allow_ips``, scorer/serve.py).

A form posted with a CSRF token older than ``CSRF_TIME_LIMIT`` (a page left open overnight)
is answered with the same fields and a fresh token, to be sent once more with one tap: what
was typed is kept, and nothing is stored on the old token (templates/stale_form.html).
"""

from __future__ import annotations

from flask import Flask, current_app, render_template, request
from werkzeug.middleware.proxy_fix import ProxyFix

from scorer.web.server.hosts import EXTENSION

HSTS = "max-age=31536000"
"""A year; no ``includeSubDomains``: other hosts under the same domain are not ours to bind."""
CSRF_TIME_LIMIT = 24 * 60 * 60
"""Seconds a form's CSRF token is good for: a whole evening and the night after it."""
EXPIRED = "The CSRF token has expired."
"""Flask-WTF's reason for a token past its time limit."""
REFERRER_REASONS = ("The referrer header is missing.", "The referrer does not match the host.")


def over_https(app: Flask) -> bool:
    """Whether the public address people open is an https one."""
    return str(app.extensions[EXTENSION]).startswith("https://")


def referrer_policy(app: Flask) -> str:
    """``same-origin`` over https (the CSRF check reads the Referer), else ``no-referrer``."""
    return "same-origin" if over_https(app) else "no-referrer"


def init_app(app: Flask) -> None:
    """The proxy's headers when trusted, and the Secure cookie over https. Call after the
    public address is known (scorer.web.server.hosts)."""
    proxies = int(app.config.get("DOKO_TRUSTED_PROXIES") or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies)
    if over_https(app):
        app.config["SESSION_COOKIE_SECURE"] = True


def stale_form() -> tuple[str, int] | None:
    """A form posted on an expired token: the page that sends its fields again with a fresh
    token (None for anything else: a JSON request fetches a fresh token itself)."""
    if request.method != "POST" or request.mimetype not in (
            "application/x-www-form-urlencoded", "multipart/form-data"):
        return None
    fields = [(name, value) for name, value in request.form.items(multi=True)
              if name != current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")]
    return render_template("stale_form.html", fields=fields,
                           action=request.script_root + request.path), 400
