"""SVG line charts of running totals, as plain strings. Pure: imports only the standard library.

One polyline per player over a viewBox 360 units wide, so the same markup fills a 360 px
phone screen and, scaled up, a column of the A4 sheet. Lines differ in colour (the
Okabe–Ito palette, readable with colour blindness) and in dash pattern (readable on a
black-and-white print). Names are escaped; the markup has no scripts, no event handlers and
no style attributes, only presentation attributes, so a strict Content-Security-Policy and
WeasyPrint both take it as is.

>>> svg = evening_chart(["Anna", "Ben", "Cem", "Dora"],
...                     [{"Anna": 3, "Ben": -3, "Cem": 3, "Dora": -3},
...                      {"Anna": 1, "Ben": -1, "Cem": 5, "Dora": -5}])
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 ')
True
>>> svg.count("<polyline"), svg.count("<title>Cem</title>")
(4, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

from scorer.words.short_names import unique_prefix

WIDTH = 360
"""Width of every chart's viewBox, in user units."""

PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
"""Line colours in seat order: Okabe–Ito without its yellow, which vanishes on white."""

FONTS = "Helvetica, Arial, Liberation Sans, sans-serif"
"""Font stack of the labels; a page's CSS may override it."""

DASHES = ("", "7 3", "2 2.5", "9 3 2 3")
"""Dash patterns, cycled with a different period than the colours."""

_TOP = 10.0
_PLOT_HEIGHT = 170.0
_RIGHT = 10.0
_TICK_FONT = 9
_LEGEND_FONT = 10
_CHAR = 0.58  # average glyph width per font unit of a sans-serif, for laying out labels
_LEGEND_COLUMNS = 4
_LEGEND_ROW = 15.0


def _nice_step(span: float, target: int) -> int:
    """A whole step of 1, 2 or 5 × 10ⁿ giving about ``target`` intervals over ``span``."""
    raw = max(span / target, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def _number(value: int) -> str:
    """A tick label with a real minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _coord(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _legend_names(names: Sequence[str], chars: int) -> dict[str, str]:
    """Each name as the legend prints it in ``chars`` characters, cut with "…" where it is
    longer; where that cut would read the same for two players, the cut comes after the
    letters that tell them apart (scorer.words.short_names)."""
    out = {}
    for name in names:
        cut = name[: chars - 1]
        if len(name) > chars and any(other != name and other.casefold().startswith(
                cut.casefold()) for other in names):
            cut = unique_prefix(name, names, chars - 1)
        out[name] = name if len(name) <= chars or cut == name else cut + "…"
    return out


def line_chart(series: Mapping[str, Sequence[int]], x_labels: Sequence[str], title: str,
               starts: Mapping[str, int] | None = None, ranks: bool = False) -> str:
    """One polyline per entry of ``series`` over the positions of ``x_labels``.

    Every series has one value per position; ``starts`` names the first position drawn of
    a series that does not begin at 0 (a player who came later). Only some positions get
    their label printed: every k-th, k a round number chosen so that labels do not collide;
    an empty label is never printed. Each polyline carries its player's name as ``<title>``.
    With ``ranks`` the values are places: 1 at the top, no line at 0.
    """
    starts = starts or {}
    names = list(series)
    count = len(x_labels)
    if any(len(series[n]) != count for n in names):
        raise ValueError("every series needs one value per x position")
    values = [v for n in names for v in series[n]] + ([1] if ranks else [0])
    low, high = min(values), max(values)
    y_step = _nice_step(high - low, 5)
    if ranks:
        high = max(high, low + 1)
    else:
        low = math.floor(low / y_step) * y_step
        high = math.ceil(high / y_step) * y_step
    if low == high:
        low, high = low - y_step, high + y_step
    y_ticks = list(range(low, high + 1, y_step))
    left = 6 + max(len(_number(t)) for t in y_ticks) * _TICK_FONT * _CHAR
    widest = max(map(len, x_labels), default=1) * _TICK_FONT * _CHAR + 6
    right = max(_RIGHT, widest / 2)  # room for the last label, centred on the last game
    plot_width = WIDTH - left - right
    bottom = _TOP + _PLOT_HEIGHT
    steps = max(count - 1, 1)

    def x(i: int) -> float:
        return left + i * plot_width / steps

    def y(v: int) -> float:
        if ranks:  # the first place at the top
            return _TOP + (v - low) * _PLOT_HEIGHT / (high - low)
        return bottom - (v - low) * _PLOT_HEIGHT / (high - low)

    x_step = 1
    while x_step * plot_width / steps < widest * 1.5 or steps / x_step > 12:
        x_step = _nice_step(x_step * 1.5, 1)
    rows = math.ceil(len(names) / _LEGEND_COLUMNS) if names else 0
    legend_top = bottom + 28
    height = legend_top + rows * _LEGEND_ROW + 2

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_coord(height)}" '
        f'role="img" font-family="{FONTS}">',
        f"<title>{escape(title)}</title>",
        '<g stroke-width="0.6">',
    ]
    for tick in y_ticks:
        axis = tick == 0 and not ranks
        colour = "#777777" if axis else "#e3e3e3"
        width = ' stroke-width="1"' if axis else ""
        out.append(f'<line x1="{_coord(left)}" y1="{_coord(y(tick))}" x2="{_coord(left + plot_width)}" '
                   f'y2="{_coord(y(tick))}" stroke="{colour}"{width}/>')
    out.append(f'<line x1="{_coord(left)}" y1="{_TOP}" x2="{_coord(left)}" '
               f'y2="{_coord(bottom)}" stroke="#777777"/>')
    out.append("</g>")
    out.append(f'<g font-size="{_TICK_FONT}" fill="#555555" text-anchor="end">')
    for tick in y_ticks:
        out.append(f'<text x="{_coord(left - 4)}" y="{_coord(y(tick) + 3)}">'
                   f"{_number(tick)}</text>")
    out.append("</g>")
    out.append(f'<g font-size="{_TICK_FONT}" fill="#555555" text-anchor="middle">')
    for i in range(0, count, x_step):
        if x_labels[i]:
            out.append(f'<line x1="{_coord(x(i))}" y1="{_coord(bottom)}" x2="{_coord(x(i))}" '
                       f'y2="{_coord(bottom + 3)}" stroke="#777777" stroke-width="0.6"/>')
            out.append(f'<text x="{_coord(x(i))}" y="{_coord(bottom + 13)}">'
                       f"{escape(x_labels[i])}</text>")
    out.append("</g>")

    column = (WIDTH - 12) / _LEGEND_COLUMNS
    fit = int((column - 28) / (_LEGEND_FONT * _CHAR))
    legend = _legend_names(names, fit)
    # Every line shares the x positions, and totals repeat: each coordinate is written once.
    # (A long evening has thousands of points: the coordinates are written inline.)
    xs = [f"{left + i * plot_width / steps:.1f}".removesuffix(".0") for i in range(count)]
    ys = {v: _coord(y(v)) for v in set(values)}
    for k, name in enumerate(names):
        colour = PALETTE[k % len(PALETTE)]
        dash = DASHES[k % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        first = min(max(starts.get(name, 0), 0), max(count - 1, 0))
        points = " ".join([f"{a},{ys[v]}" for a, v in zip(xs[first:], series[name][first:])])
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round"'
                   f"{dash_attr}><title>{escape(name)}</title></polyline>")
        if count:
            last = series[name][-1]
            out.append(f'<circle cx="{_coord(x(count - 1))}" cy="{_coord(y(last))}" r="2.2" '
                       f'fill="{colour}"/>')
        lx = 6 + (k % _LEGEND_COLUMNS) * column
        ly = legend_top + (k // _LEGEND_COLUMNS) * _LEGEND_ROW
        out.append(f'<line x1="{_coord(lx)}" y1="{_coord(ly)}" x2="{_coord(lx + 20)}" '
                   f'y2="{_coord(ly)}" stroke="{colour}" stroke-width="2.2"{dash_attr}/>')
        out.append(f'<text x="{_coord(lx + 25)}" y="{_coord(ly + 3.5)}" '
                   f'font-size="{_LEGEND_FONT}" fill="#222222">'
                   f"{escape(legend[name])}</text>")
    out.append("</svg>")
    return "\n".join(out)


def evening_chart(seats: Sequence[str], totals: Sequence[Mapping[str, int]],
                  arrivals: Mapping[str, int] | None = None) -> str:
    """Everybody's running total over an evening: ``totals`` holds the totals after each game.

    The x axis runs from the start (every line at 0) to the last game, so n games give
    polylines of n + 1 points; an evening without games still draws axes and legend. A
    player in ``arrivals`` (the games before they came, ``Ledger.arrivals``) has a line
    from there on, not a flat 0 through the games they were not at the table for.

    >>> svg = evening_chart(["Anna", "Emil"], [{"Anna": 2, "Emil": 0}, {"Anna": 1, "Emil": 1}],
    ...                     arrivals={"Emil": 1})
    >>> [line.count(",") for line in svg.split('points="')[1:]]
    [3, 2]
    """
    series = {seat: [0] + [after.get(seat, 0) for after in totals] for seat in seats}
    labels = [""] + [str(number) for number in range(1, len(totals) + 1)]
    return line_chart(series, labels, "Punktestand nach jedem Spiel", arrivals)


def season_chart(evenings: Sequence[tuple[str, Mapping[str, int]]]) -> str:
    """The season standing: each player's sum of evening totals after every evening.

    ``evenings`` holds (label, totals of that evening) in date order; the label (a date)
    marks the x axis. A player missing an evening adds 0 there, so their line runs flat.
    Players are listed in the order they first appear.
    """
    names: list[str] = []
    for _, totals in evenings:
        names.extend(n for n in totals if n not in names)
    series: dict[str, list[int]] = {name: [0] for name in names}
    for _, totals in evenings:
        for name in names:
            series[name].append(series[name][-1] + totals.get(name, 0))
    labels = [""] + [label for label, _ in evenings]
    return line_chart(series, labels, "Saisonstand nach jedem Abend")


def ranking_chart(evenings: Sequence[tuple[str, Mapping[str, int | None]]]) -> str:
    """Who led when: each player's place in the season's ranking after every evening.

    ``evenings`` holds (label, place per player after that evening) in date order
    (scorer.core.seasons.ranks_after_each); a place of None (not ranked yet, too few games)
    is not drawn. A player's line starts at the first evening that ranks them; the first
    place is at the top. Players are listed in the order they are first ranked.

    >>> svg = ranking_chart([("08.01.", {"A": 1, "B": 2}), ("15.01.", {"A": 2, "B": 1, "C": None})])
    >>> svg.count("<polyline"), "<title>Platz nach jedem Abend</title>" in svg
    (2, True)
    """
    names: list[str] = []
    for _, places in evenings:
        names.extend(n for n, place in places.items() if place is not None and n not in names)
    series: dict[str, list[int]] = {}
    starts: dict[str, int] = {}
    for name in names:
        seen = [places.get(name) for _, places in evenings]
        first = next(k for k, place in enumerate(seen) if place is not None)
        line: list[int] = []
        for place in seen:
            # Before the first place: the first one (not drawn); after it, never None.
            line.append(place if place is not None else (line[-1] if line else
                                                         seen[first] or 1))
        series[name], starts[name] = line, first
    return line_chart(series, [label for label, _ in evenings], "Platz nach jedem Abend",
                      starts, ranks=True)


__all__ = ["DASHES", "PALETTE", "WIDTH", "evening_chart", "line_chart", "ranking_chart",
           "season_chart"]
