"""Static files under versioned addresses, so that a phone fetches each one once.

``url_for("static", filename=...)`` adds ``?v=`` and the start of the file's SHA-256. A
request whose ``v`` is the file's current digest is answered as cacheable for a year and
immutable: a page then loads without asking the server about its eight stylesheets and
scripts (eight round trips on a pub's mobile signal), and an update still reaches every
phone at once, because a changed file has a new address. A static file asked for without
``v``, or with an old one, keeps Flask's answer (check with the server every time), so an
old page never makes a browser keep the new file under the old address.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Any

from flask import Flask, request
from werkzeug.wrappers import Response

YEAR = 365 * 24 * 60 * 60
"""Cache lifetime of a versioned static file, in seconds."""

DIGEST_LENGTH = 12
"""Hex digits of the SHA-256 in ``v``: plenty to tell two versions of one file apart."""

_digests: dict[Path, tuple[tuple[int, int], str]] = {}
_lock = threading.Lock()


def digest(path: Path) -> str | None:
    """The version of a file: the start of its SHA-256, or None if there is no such file.

    Kept per file and read again when its size or modification time changes, so an edited
    file gets a new address without a restart."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    with _lock:
        known = _digests.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        version = hashlib.sha256(path.read_bytes()).hexdigest()[:DIGEST_LENGTH]
    except OSError:  # a folder, or gone meanwhile
        return None
    with _lock:
        _digests[path] = (stamp, version)
    return version


def init_app(app: Flask) -> None:
    """Version the static addresses and let browsers keep what is asked for by version."""

    places: dict[tuple[str | None, str], Path | None] = {}

    def file_of(filename: str) -> Path | None:
        # Resolved once per name (a page asks for the same nine files every time).
        key = (app.static_folder, filename)
        try:
            return places[key]
        except KeyError:
            pass
        folder = Path(app.static_folder or "static").resolve()
        path = (folder / filename).resolve()
        place = path if path.is_relative_to(folder) else None
        if len(places) > 1000:  # names come from requests too: keep it bounded
            places.clear()
        places[key] = place
        return place

    @app.url_defaults
    def add_version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint != "static" or "v" in values or "filename" not in values:
            return
        path = file_of(values["filename"])
        version = digest(path) if path is not None else None
        if version is not None:
            values["v"] = version

    @app.after_request
    def keep_versioned(response: Response) -> Response:
        if (request.endpoint != "static" or request.method not in ("GET", "HEAD")
                or response.status_code not in (200, 304)):
            return response
        path = file_of((request.view_args or {}).get("filename", ""))
        if path is not None and request.args.get("v") == digest(path):
            control = response.cache_control
            control.no_cache = None
            control.public = True
            control.max_age = YEAR
            control.immutable = True
        return response
