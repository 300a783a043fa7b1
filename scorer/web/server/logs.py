"""Keep the Runden's and the tournaments' secret tokens, and the players' IBANs, out of every
log.

A Runde's address is its key (``/r/<token>/``), as a tournament's is (``/t/<token>/``: the
organiser's or the ranking's), and the servers log addresses: gunicorn's
access and error log, Werkzeug's request log under ``flask run``, Flask's "Exception on
/r/<token>/…". A filter on each of those loggers writes ``/r/<…>`` (``/t/<…>``) instead. Within a
request it also blanks the request's own token wherever else it shows up, such as the
parameters of a failed SQL statement in a traceback.

The filters sit on the loggers themselves, so they work whichever handlers a server attaches
(gunicorn sets up its own) and in whichever process builds the app (every gunicorn worker
calls ``create_app``).
"""

from __future__ import annotations

import logging
import re

from flask import Flask, has_request_context, request

HIDDEN = "<…>"
"""What a log shows in place of a token."""

_SLASH = r"(?:/|%(?:25)*2f)"
TOKEN_IN_PATH = re.compile(
    rf"{_SLASH}+(r|t|%(?:25)*7[24]){_SLASH}+(?:(?!%(?:25)*2f)[^/\s?#\"'<>\\])+", re.IGNORECASE)
"""A Runde's (``/r/``) or a tournament's (``/t/``) address in a path or URL, in every
spelling that reaches it: the servers decode percent escapes before routing (``/%72/…``,
``/r%2F…``, any letter of the token) and the router merges repeated slashes (``//r//…``);
``%25`` (an escaped ``%``) is allowed in front of an escape, for logs of a server behind a
proxy that decoded once already. ``<`` is excluded so a hidden one stays as it is."""

TOKEN_SHAPED = re.compile(r"(?<=[=/])[A-Za-z0-9_-]{32}(?=[\s&#/?\"']|$)")
"""What our tokens look like (``secrets.token_urlsafe(24)``: 32 letters) after a slash or an
equals sign anywhere else: an unrouted path or a query string may carry one too (issue #36)."""

IBAN_SHAPED = re.compile(r"\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){11,30}\b")
"""An IBAN, electronic or in groups of four: a player's bank details are personal data, and a
failed statement's parameters (a player's row saved) would show them (issue #38)."""

LOGGERS = ("werkzeug", "gunicorn.access", "gunicorn.error")
"""The servers' loggers; the app's own logger is added in ``init_app``."""


def redact(text: str, secret: str | None = None) -> str:
    """``text`` with every Runde and tournament address (and ``secret``, if given) hidden.

    >>> redact('"GET /r/Zr8xW2q_kP/abend/1/ HTTP/1.1" 200')
    '"GET /r/<…>/abend/1/ HTTP/1.1" 200'
    >>> redact('"GET /%72%2FZr8xW2q_kP%2Fabend/1/ HTTP/1.1" 200')
    '"GET /r/<…>%2Fabend/1/ HTTP/1.1" 200'
    >>> redact('"GET /t/Zr8xW2q_kP/rangliste HTTP/1.1" 200')
    '"GET /t/<…>/rangliste HTTP/1.1" 200'
    >>> redact('"GET /x?k=Zr8xW2q_kP-4mLdT9vQa1bYcZr8xW2q_ HTTP/1.1" 404')
    '"GET /x?k=<…> HTTP/1.1" 404'
    >>> redact("[parameters: ('DE89370400440532013000', 'DE89 3704 0044 0532 0130 00', 7)]")
    "[parameters: ('<…>', '<…>', 7)]"
    """
    if secret:
        text = text.replace(secret, HIDDEN)
    text = TOKEN_IN_PATH.sub(lambda found: f"/{_letter(found.group(1))}/{HIDDEN}", text)
    text = TOKEN_SHAPED.sub(HIDDEN, text)
    return IBAN_SHAPED.sub(HIDDEN, text)


def _letter(spelled: str) -> str:
    """The area's letter however it was spelled: "r", "R", "%72", "%2572" …"""
    return "t" if spelled.lower().endswith(("t", "74")) else "r"


class HideTokens(logging.Filter):
    """Rewrites a record's message, traceback and stack so that no token is left in them."""

    def filter(self, record: logging.LogRecord) -> bool:
        secret = _request_token()
        record.msg = redact(record.getMessage(), secret)
        record.args = ()
        if record.exc_info and not record.exc_text:
            # Handlers format exc_text when it is missing; filled here, it is used as it is.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, secret)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, secret)
        return True


def _request_token() -> str | None:
    if not has_request_context():
        return None
    token = (request.view_args or {}).get("token")
    # Only what could be a token: hiding a short path segment would mangle the whole log line.
    return token if isinstance(token, str) and len(token) >= 16 else None


def init_app(app: Flask) -> None:
    """Put the filter on the app's logger and on the servers' loggers (once each)."""
    for name in (app.logger.name, *LOGGERS):
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideTokens) for f in logger.filters):
            logger.addFilter(HideTokens())
