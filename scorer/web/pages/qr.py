"""QR codes of the app's links, drawn on the server as inline SVG (no script, no external
service): the Runde's links, a tournament's ranking link and each table's Tischzettel; and
the GiroCodes of a settlement's payments."""

from __future__ import annotations

import functools

import segno
from markupsafe import Markup

from scorer.words.runde import qr_title


def qr_svg(url: str) -> Markup:
    """A QR code of ``url`` as inline SVG, titled in the language spoken now."""
    return _drawn(url, qr_title())


@functools.lru_cache(maxsize=256)
def _drawn(url: str, title: str) -> Markup:
    # Cached: finding the best mask takes tens of milliseconds and links rarely change.
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=4, border=2, omitsize=True, title=title))


def girocode_svg(payload: str, title: str) -> Markup:
    """A GiroCode (EPC069-12): the payment's text as a QR code of error level M, as the
    standard asks (not raised to a higher level where the version has room), UTF-8."""
    return _girocode(payload, title)


@functools.lru_cache(maxsize=256)
def _girocode(payload: str, title: str) -> Markup:
    code = segno.make(payload, error="m", boost_error=False, micro=False, encoding="utf-8")
    return Markup(code.svg_inline(scale=3, border=4, omitsize=True, title=title))
