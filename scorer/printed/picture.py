"""The shared result as a PNG: the SVG of scorer.words.share drawn by CairoSVG (Cairo, which
the PDF's Pango already brings to the machine). Messengers show PNG or JPEG in a link's
preview, not SVG. Made in the render process like the PDFs (scorer.printed.render) and kept
under the evening's version; CairoSVG is imported when the first picture is drawn, never by
a web worker."""

from __future__ import annotations

from typing import Any

from scorer.words.share import Result, SeasonResult, picture, season_picture


def picture_svg(context: dict[str, Any]) -> str:
    """The picture's SVG for a context of ``result_context``."""
    return picture(Result(**context))


def render_picture_png(context: dict[str, Any]) -> bytes:
    """The picture as PNG bytes (run in the render process, in the job's language)."""
    return rasterise(picture_svg(context))


def season_picture_svg(context: dict[str, Any]) -> str:
    """A season's picture as SVG for a context of ``SeasonResult``'s fields."""
    return season_picture(SeasonResult(**context))


def render_season_picture_png(context: dict[str, Any]) -> bytes:
    """A season's picture as PNG bytes (in the render process)."""
    return rasterise(season_picture_svg(context))


def rasterise(svg: str) -> bytes:
    """An SVG of ours as a PNG of the size its root element gives; it reads nothing but
    itself (CairoSVG's ``unsafe`` stays off: no external files or entities)."""
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png


__all__ = ["picture_svg", "rasterise", "render_picture_png", "render_season_picture_png",
           "season_picture_svg"]
