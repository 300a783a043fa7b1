"""Read QR codes back: the app's inline SVG and the terminal's block characters become a
picture, and zxing-cpp (a QR reader that knows nothing of how we drew them) decodes it."""

from __future__ import annotations

import re

from PIL import Image

MODULE = 8
"""Pixels per QR module in the picture handed to the reader."""

QUIET = 4
"""White modules around the code, as a camera would need."""


def decode_modules(dark: set[tuple[int, int]]) -> str:
    """The text of a QR code given as its dark modules (column, row)."""
    import zxingcpp

    assert dark, "no QR code found"
    size = max(max(x for x, _ in dark), max(y for _, y in dark)) + 1 + 2 * QUIET
    picture = Image.new("L", (size * MODULE, size * MODULE), 255)
    for x, y in dark:
        left, top = (x + QUIET) * MODULE, (y + QUIET) * MODULE
        picture.paste(0, (left, top, left + MODULE, top + MODULE))
    found = zxingcpp.read_barcode(picture)
    assert found is not None, "the QR reader found no code"
    return str(found.text)


def svg_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of an SVG QR code drawn as one path of horizontal runs.

    The path holds "M x y" (start), "m dx dy" (move) and "h n" (draw n modules to the right)
    with y at the middle of a row; any other command fails, so a change of drawing shows up.
    """
    path = re.search(r'\sd="([^"]+)"', svg)
    assert path, "no path in the SVG"
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for command, a, b in re.findall(r"([A-Za-z])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path.group(1)):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        elif command == "h":
            dark.update((int(x) + k, int(y)) for k in range(int(float(a))))
            x += float(a)
        else:
            raise AssertionError(f"unexpected path command {command!r}")
    return dark


def terminal_modules(lines: list[str]) -> set[tuple[int, int]]:
    """The dark modules of a QR code printed with half blocks (two rows per line), drawn
    light on a dark terminal: a drawn half is a light module, a blank half a dark one."""
    halves = {" ": (False, False), "\u2580": (True, False), "\u2584": (False, True),
              "\u2588": (True, True)}
    dark: set[tuple[int, int]] = set()
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            top, bottom = halves[char]
            if not top:
                dark.add((column, 2 * row))
            if not bottom:
                dark.add((column, 2 * row + 1))
    return dark


def decode_svg(svg: str) -> str:
    """The text of the app's inline SVG QR code."""
    return decode_modules(svg_modules(svg))


def decode_terminal(lines: list[str]) -> str:
    """The text of a QR code printed to the terminal."""
    return decode_modules(terminal_modules(lines))
