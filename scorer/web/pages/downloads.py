"""What every download of the app shares: a file sent to be saved (not shown), under a name
with the Runde's own letters, kept by no shared cache; and the CSV as LibreOffice and Excel
open it in a German locale (UTF-8 with a byte order mark, semicolons), with every text cell
kept from being run as a formula.
"""

from __future__ import annotations

from urllib.parse import quote

from flask import Response


def disposition(name: str, ascii: str) -> str:
    """The Content-Disposition of a download: ``ascii`` for every browser, ``name`` with its
    own letters for those that read RFC 6266's ``filename*`` (all current ones).

    >>> print(disposition("doko-zettel-köln.pdf", "doko-zettel-koeln.pdf"))
    attachment; filename="doko-zettel-koeln.pdf"; filename*=UTF-8''doko-zettel-k%C3%B6ln.pdf
    """
    if name == ascii:
        return f'attachment; filename="{ascii}"'
    return f"attachment; filename=\"{ascii}\"; filename*=UTF-8''{quote(name, safe='')}"


def download(body: str | bytes, mimetype: str, names: tuple[str, str] | str) -> Response:
    """A download, not an inline view: phones save it under this name (Chrome on Android
    downloads PDFs anyway), and it opens from there in whatever prints. ``names``: the name
    with its own letters and in ASCII, or one ASCII name for both."""
    response = Response(body, mimetype=mimetype)
    own, plain = (names, names) if isinstance(names, str) else names
    response.headers["Content-Disposition"] = disposition(own, plain)
    # The files name the table's players; no shared cache should keep them.
    response.headers["Cache-Control"] = "private, no-store"
    return response
