"""Keyed fingerprints: short names for secrets (a Runde's links) that say nothing about the
secret to anyone without the app's secret key.

HMAC-SHA256 under ``SECRET_KEY``, with a purpose in front so that a fingerprint made for one
use never matches one made for another. Without the key a fingerprint cannot even be checked
against a guessed link, unlike a plain hash of it.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app


def keyed(purpose: str, text: str, length: int) -> str:
    """The first ``length`` hex digits of the HMAC of ``text`` for ``purpose``."""
    secret = current_app.config["SECRET_KEY"]
    key = secret.encode() if isinstance(secret, str) else secret
    message = purpose.encode() + b"\0" + text.encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:length]
