"""The address the app's links are built from, and the host names it answers to.

Share links and QR codes carry a Runde's secret token, so they are built from a configured
public base URL — ``DOKO_PUBLIC_URL``, or the address ``doko-zettel serve`` printed — and
never from the ``Host`` header a request brings. A request for any other host than the
public one (or this machine's loopback names) is refused with a German page: Flask's
``TRUSTED_HOSTS`` does the matching, this module makes the refusal a clear 400 instead of a
crash of the error page (which needs the URL adapter the refused host never got).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, has_request_context, render_template, request, url_for
from werkzeug.exceptions import SecurityError

from scorer.words.answers import not_a_public_url

DEVELOPMENT_URL = "http://127.0.0.1:5000"
"""Where ``flask --app scorer run`` serves by default: the public URL when none is set."""

LOOPBACK = ("localhost", "127.0.0.1")
"""Host names that always reach the app: they only ever come from this machine."""

EXTENSION = "doko_public_url"
"""Key in ``app.extensions`` of the effective public base URL (without a trailing slash)."""


class InvalidPublicUrl(ValueError):
    """``DOKO_PUBLIC_URL`` is not an http(s) address of a host."""


def parse_public_url(url: str) -> str:
    """The base URL without a trailing slash, or InvalidPublicUrl with a German message.

    >>> parse_public_url("https://doko.example.org/")
    'https://doko.example.org'
    """
    text = url.strip()
    if not _is_web_address(text):
        raise InvalidPublicUrl(not_a_public_url(repr(url)))
    return text.rstrip("/")


def _is_web_address(text: str) -> bool:
    parts = urlsplit(text)
    try:
        parts.port  # noqa: B018 - raises for a port that is no number or out of range
    except ValueError:
        return False
    return (parts.scheme in ("http", "https") and bool(parts.hostname) and not parts.query
            and not parts.fragment and parts.username is None and parts.password is None)


def host_name(url: str) -> str:
    """The host of ``url`` as a ``Host`` header names it (IPv6 in brackets), no port.

    >>> host_name("http://[fe80::1]:8000"), host_name("https://Doko.Example.org")
    ('[fe80::1]', 'doko.example.org')
    """
    host = urlsplit(url).hostname or ""
    return f"[{host}]" if ":" in host else host


def init_app(app: Flask) -> None:
    """Fix the public URL and the trusted hosts; refuse other hosts before anything else.

    An explicit ``TRUSTED_HOSTS`` in the configuration is kept as it is.
    """
    base = parse_public_url(app.config.get("DOKO_PUBLIC_URL") or DEVELOPMENT_URL)
    app.extensions[EXTENSION] = base
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([host_name(base), *LOOPBACK]))
    # First of all before-request functions: CSRF protection and the rest would otherwise
    # answer an unknown host with an error page that cannot be built.
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_unknown_host)
    app.register_error_handler(SecurityError, _unknown_host)
    app.jinja_env.globals["public_url"] = public_url


def public_url(endpoint: str, **values: Any) -> str:
    """The absolute address of ``endpoint`` under the public base URL.

    The base URL is where the start page lives, so a mount point (``SCRIPT_NAME``) that
    ``url_for`` puts in front of the path is already part of it.
    """
    path = url_for(endpoint, **values)
    root = request.script_root if has_request_context() else ""
    if root and path.startswith(root + "/"):
        path = path[len(root):]
    return str(current_app.extensions[EXTENSION]) + path


def _refuse_unknown_host() -> None:
    # Reading request.host checks it against TRUSTED_HOSTS and raises SecurityError.
    request.host  # noqa: B018


def _unknown_host(_error: SecurityError) -> tuple[str, int]:
    # The page extends no layout: the layout's url_for has no URL adapter for this host.
    return render_template("unknown_host.html",
                           public=current_app.extensions[EXTENSION] + "/"), 400
