"""SVG line charts of running totals, as plain strings. Pure: imports only the standard library.

One polyline per player over a viewBox 360 units wide, so the same markup fills a 360 px
phone screen and, scaled up, a column of the A4 sheet. Lines differ in colour (the
Okabe–Ito palette, readable with colour blindness), in dash pattern and in the shape of the
markers along them (readable on a black-and-white print). Where lines run on top of each
other, their markers take turns along the shared stretch, so every line stays in view. The
y axis ends near the highest and the lowest total, not at the next round number. The printed
sheet names each line at its end (``end_labels``), where the eye is. Names are escaped; the
markup has no scripts, no event handlers and no style attributes, only presentation
attributes, so a strict Content-Security-Policy and WeasyPrint both take it as is.

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
from typing import Any

from scorer.words.short_names import unique_prefix

WIDTH = 360
"""Width of every chart's viewBox, in user units."""

PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
"""Line colours in seat order: Okabe–Ito without its yellow, which vanishes on white."""

FONTS = "Helvetica, Arial, Liberation Sans, sans-serif"
"""Font stack of the labels; a page's CSS may override it."""

DASHES = ("", "7 3", "2 2.5", "9 3 2 3")
"""Dash patterns, cycled with a different period than the colours."""

SHAPES = ("circle", "square", "triangle", "diamond", "triangle-down", "cross", "plus")
"""Marker shapes in seat order: seven players, seven shapes."""
MARKERS_PER_LINE = 10
"""About this many markers along a line (and one at its end)."""
_MARKER = 2.6
"""Half the size of a marker, in user units."""
MOST_POINTS = 1200
"""A line of more positions than this is drawn from the highest and lowest of its stretches
(a chart is some 300 units wide: more points are not seen, only paid for)."""
_AXIS_PAD = 0.04
"""The y axis reaches this share of the data's span beyond the highest and lowest total."""

_TOP = 10.0
_PLOT_HEIGHT = 170.0
_RIGHT = 10.0
_TICK_FONT = 11
_LEGEND_FONT = 11
_CHAR = 0.58  # average glyph width per font unit of a sans-serif, for laying out labels
_BOLD_CHAR = 0.72  # the same, bold and wide (DejaVu Sans Bold), for the labels at line ends
_LEGEND_COLUMNS = 4
_LEGEND_ROW = 16.0


def _nice_step(span: float, target: int) -> int:
    """A whole step of 1, 2 or 5 × 10ⁿ giving about ``target`` intervals over ``span``."""
    raw = max(span / target, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def _axis(low: int, high: int) -> tuple[float, float, list[int]]:
    """The y axis for totals from ``low`` to ``high`` (0 among them): its ends, a little
    beyond the data, and the round ticks between them.

    >>> _axis(-103, 95)
    (-110.92, 102.92, [-100, -50, 0, 50, 100])
    >>> _axis(0, 7)
    (-0.28, 7.28, [0, 2, 4, 6])
    >>> _axis(0, 0)
    (-1, 1, [-1, 0, 1])
    """
    if low == high:
        return low - 1, high + 1, [low - 1, low, low + 1]
    span = high - low
    step = _nice_step(span, 5)
    pad = span * _AXIS_PAD
    bottom, top = low - pad, high + pad
    ticks = list(range(math.ceil(bottom / step) * step, math.floor(top / step) * step + 1, step))
    return round(bottom, 2), round(top, 2), ticks


def _marker(shape: str, x: float, y: float) -> str:
    """Path data of one marker centred on (x, y): one absolute move, then relative steps."""
    r = _MARKER
    if shape == "circle":  # two arcs
        return (f"M{_coord(x - r)},{_coord(y)}a{r},{r} 0 1,0 {2 * r},0"
                f"a{r},{r} 0 1,0 {-2 * r},0z")
    if shape == "square":
        s = r * 0.85
        return f"M{_coord(x - s)},{_coord(y - s)}h{_coord(2 * s)}v{_coord(2 * s)}h{_coord(-2 * s)}z"
    if shape == "triangle":
        return f"M{_coord(x)},{_coord(y - r * 1.15)}l{_coord(r)},{_coord(r * 1.8)}h{_coord(-2 * r)}z"
    if shape == "triangle-down":
        return f"M{_coord(x)},{_coord(y + r * 1.15)}l{_coord(r)},{_coord(-r * 1.8)}h{_coord(-2 * r)}z"
    if shape == "diamond":
        return (f"M{_coord(x)},{_coord(y - r * 1.2)}l{_coord(r)},{_coord(r * 1.2)}"
                f"l{_coord(-r)},{_coord(r * 1.2)}l{_coord(-r)},{_coord(-r * 1.2)}z")
    if shape == "cross":
        return (f"M{_coord(x - r)},{_coord(y - r)}l{_coord(2 * r)},{_coord(2 * r)}"
                f"m{_coord(-2 * r)},0l{_coord(2 * r)},{_coord(-2 * r)}")
    return (f"M{_coord(x - r * 1.2)},{_coord(y)}h{_coord(2.4 * r)}"
            f"m{_coord(-1.2 * r)},{_coord(-1.2 * r)}v{_coord(2.4 * r)}")


def _marker_places(first: int, count: int, k: int) -> list[int]:
    """Where player ``k``'s markers sit along a line drawn from position ``first`` to
    ``count - 1``: about MARKERS_PER_LINE, each player's shifted by a share of the
    interval, so that on a stretch two lines share the markers alternate; always the last."""
    every = max(1, math.ceil((count - 1) / MARKERS_PER_LINE))
    shift = k % every  # neighbours in seat order never share a place
    places = [i for i in range(first + 1 + shift % every, count - 1, every)]
    return places + [count - 1] if count > 1 else places


def _drawn(values: Sequence[int], first: int, count: int,
           most: int = MOST_POINTS) -> list[int] | range:
    """The positions of a line's points that are drawn: all of them up to ``most``; in a
    longer evening the highest and the lowest of each stretch (a few hundred stretches), the
    first and the last, so the line keeps its shape at a fraction of the points.

    >>> _drawn([0, 5, -3, 2, 9, 1, 4], 0, 7)
    range(0, 7)
    >>> _drawn([0, 5, -3, 2, 9, 1, 4], 0, 7, most=4)  # stretches 1–4 (low 2, high 4) and 5
    [0, 2, 4, 5, 6]
    """
    if count - first <= most:
        return range(first, count)
    size = math.ceil((count - first) / (most // 2))
    out = [first]
    for start in range(first + 1, count - 1, size):
        stretch = range(start, min(start + size, count - 1))
        low = min(stretch, key=values.__getitem__)
        high = max(stretch, key=values.__getitem__)
        out.extend(sorted({low, high}))
    out.append(count - 1)
    return out


def _spread(wanted: list[float], gap: float, top: float, bottom: float) -> list[float]:
    """Label positions near ``wanted`` (sorted from top to bottom), at least ``gap`` apart
    and between ``top`` and ``bottom``.

    >>> _spread([10, 11, 50], 8, 0, 100)
    [10, 18, 50]
    >>> _spread([95, 96], 8, 0, 100)
    [92, 100]
    """
    out: list[float] = []
    for y in wanted:
        out.append(max(y, top, out[-1] + gap if out else top))
    for i in range(len(out) - 1, -1, -1):
        limit = bottom if i == len(out) - 1 else out[i + 1] - gap
        out[i] = min(out[i], limit)
    return out


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
               starts: Mapping[str, int] | None = None, *, ranks: bool = False,
               end_labels: bool = False, legend: bool = True,
               plot_height: float = _PLOT_HEIGHT, width: float = WIDTH,
               fonts: str = FONTS, most_points: int = MOST_POINTS) -> str:
    """One polyline per entry of ``series`` over the positions of ``x_labels``.

    Every series has one value per position; ``starts`` names the first position drawn of
    a series that does not begin at 0 (a player who came later). Only some positions get
    their label printed: every k-th, k a round number chosen so that labels do not collide;
    an empty label is never printed. Each polyline carries its player's name as ``<title>``.
    With ``ranks`` the values are places: 1 at the top, no line at 0.
    ``end_labels`` writes each name at the end of its line (moved apart where ends are
    close, with a thin line to its end), ``legend`` adds the legend under the chart;
    ``plot_height`` is the height of the plot in user units, ``width`` the viewBox's width
    (a narrower chart scaled to the same column has larger labels), ``fonts`` the labels'
    font stack (a renderer's CSS does not reach into the SVG), ``most_points`` how many
    positions a line is drawn through at most (a narrow chart needs fewer: ``_drawn``).
    """
    starts = starts or {}
    names = list(series)
    count = len(x_labels)
    if any(len(series[n]) != count for n in names):
        raise ValueError("every series needs one value per x position")
    values = [v for n in names for v in series[n]] + ([1] if ranks else [0])
    low: float
    high: float
    if ranks:  # places: whole steps from the first place, which is at the top
        first, last = min(values), max(max(values), min(values) + 1)
        y_ticks = list(range(first, last + 1, _nice_step(last - first, 5)))
        low, high = first, last
    else:
        low, high, y_ticks = _axis(min(values), max(values))
    left = 6 + max(len(_number(t)) for t in y_ticks) * _TICK_FONT * _CHAR
    widest = max(map(len, x_labels), default=1) * _TICK_FONT * _CHAR + 6
    if x_labels and x_labels[0]:  # the first label is centred on the left edge of the plot
        left = max(left, widest / 2 + 2)
    right = max(_RIGHT, widest / 2)  # room for the last label, centred on the last game
    shown = _legend_names(names, 10)
    if end_labels and names:
        right = max(right, 10 + max(len(t) for t in shown.values()) * _TICK_FONT * _BOLD_CHAR)
    plot_width = width - left - right
    bottom = _TOP + plot_height
    steps = max(count - 1, 1)

    def x(i: int) -> float:
        return left + i * plot_width / steps

    def y(v: float) -> float:
        if ranks:  # the first place at the top
            return _TOP + (v - low) * plot_height / (high - low)
        return bottom - (v - low) * plot_height / (high - low)

    x_step = 1
    while x_step * plot_width / steps < widest * 1.5 or steps / x_step > 12:
        x_step = _nice_step(x_step * 1.5, 1)
    rows = math.ceil(len(names) / _LEGEND_COLUMNS) if names and legend else 0
    legend_top = bottom + 28 if rows else bottom + 16
    height = legend_top + rows * _LEGEND_ROW + 2

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_coord(width)} {_coord(height)}" '
        f'role="img" font-family="{escape(fonts)}">',
        f"<title>{escape(title)}</title>",
        '<g stroke-width="0.6">',
    ]
    for tick in y_ticks:
        axis = tick == 0 and not ranks
        colour = "#777777" if axis else "#e3e3e3"
        thick = ' stroke-width="1"' if axis else ""
        out.append(f'<line x1="{_coord(left)}" y1="{_coord(y(tick))}" x2="{_coord(left + plot_width)}" '
                   f'y2="{_coord(y(tick))}" stroke="{colour}"{thick}/>')
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

    column = (width - 12) / _LEGEND_COLUMNS
    fit = int((column - 28) / (_LEGEND_FONT * _CHAR))
    legend_names = _legend_names(names, fit)
    # Every line shares the x positions, and totals repeat: each coordinate is written once.
    # (A long evening has thousands of points: the coordinates are written inline.)
    xs = [f"{left + i * plot_width / steps:.1f}".removesuffix(".0") for i in range(count)]
    ys = {v: _coord(y(v)) for v in set(values)}
    for k, name in enumerate(names):
        colour = PALETTE[k % len(PALETTE)]
        dash = DASHES[k % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        first = min(max(starts.get(name, 0), 0), max(count - 1, 0))
        values_of = series[name]
        points = " ".join([f"{xs[i]},{ys[values_of[i]]}"
                           for i in _drawn(values_of, first, count, most_points)])
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round"'
                   f"{dash_attr}><title>{escape(name)}</title></polyline>")
        shape = SHAPES[k % len(SHAPES)]
        marks = "".join(_marker(shape, x(i), y(series[name][i]))
                        for i in _marker_places(first, count, k))
        if count == 1:
            marks = _marker(shape, x(0), y(series[name][0]))
        filled = shape not in ("cross", "plus")
        out.append(f'<path d="{marks}" fill="{colour if filled else "none"}" stroke="'
                   f'{"#ffffff" if filled else colour}" stroke-width="{0.6 if filled else 1.4}"/>')
        if not legend:
            continue
        lx = 6 + (k % _LEGEND_COLUMNS) * column
        ly = legend_top + (k // _LEGEND_COLUMNS) * _LEGEND_ROW
        out.append(f'<line x1="{_coord(lx)}" y1="{_coord(ly)}" x2="{_coord(lx + 20)}" '
                   f'y2="{_coord(ly)}" stroke="{colour}" stroke-width="2.2"{dash_attr}/>')
        out.append(f'<path d="{_marker(shape, lx + 10, ly)}" fill="'
                   f'{colour if filled else "none"}" stroke="{"#ffffff" if filled else colour}" '
                   f'stroke-width="{0.6 if filled else 1.4}"/>')
        out.append(f'<text x="{_coord(lx + 25)}" y="{_coord(ly + 3.5)}" '
                   f'font-size="{_LEGEND_FONT}" fill="#222222">'
                   f"{escape(legend_names[name])}</text>")
    if end_labels and count:
        out.extend(_end_labels(names, shown, [y(series[n][-1]) for n in names],
                               x(count - 1), bottom))
    out.append("</svg>")
    return "\n".join(out)


def _end_labels(names: Sequence[str], shown: Mapping[str, str], ends: Sequence[float],
                end_x: float, bottom: float) -> list[str]:
    """Each name right of its line's end, moved apart where ends lie close, in its line's
    colour, with a thin line to its end when it had to move."""
    order = sorted(range(len(names)), key=lambda k: ends[k])
    places = _spread([ends[k] for k in order], _TICK_FONT + 1.5, _TOP, bottom)
    out = [f'<g font-size="{_TICK_FONT}" font-weight="bold">']
    for k, label_y in zip(order, places):
        colour = PALETTE[k % len(PALETTE)]
        if abs(label_y - ends[k]) > 1.5:
            out.append(f'<line x1="{_coord(end_x + 3)}" y1="{_coord(ends[k])}" '
                       f'x2="{_coord(end_x + 7)}" y2="{_coord(label_y)}" stroke="{colour}" '
                       f'stroke-width="0.6"/>')
        out.append(f'<text x="{_coord(end_x + 8)}" y="{_coord(label_y + 3)}" fill="{colour}">'
                   f"{escape(shown[names[k]])}</text>")
    out.append("</g>")
    return out


def evening_chart(seats: Sequence[str], totals: Sequence[Mapping[str, int]],
                  arrivals: Mapping[str, int] | None = None,
                  title: str = "Punktestand nach jedem Spiel", **style: Any) -> str:
    """Everybody's running total over an evening: ``totals`` holds the totals after each game.

    The x axis runs from the start (every line at 0) to the last game, so n games give
    polylines of n + 1 points; an evening without games still draws axes and legend. A
    player in ``arrivals`` (the games before they came, ``Ledger.arrivals``) has a line
    from there on, not a flat 0 through the games they were not at the table for.

    >>> svg = evening_chart(["Anna", "Emil"], [{"Anna": 2, "Emil": 0}, {"Anna": 1, "Emil": 1}],
    ...                     arrivals={"Emil": 1})
    >>> [line.split('"')[0].count(",") for line in svg.split('points="')[1:]]
    [3, 2]

    ``style`` goes to ``line_chart`` (end labels, legend, plot height). ``title`` is German
    unless a caller says it in the reader's language (scorer.words.charts: this module
    imports only the standard library).
    """
    series = {seat: [0] + [after.get(seat, 0) for after in totals] for seat in seats}
    labels = [""] + [str(number) for number in range(1, len(totals) + 1)]
    return line_chart(series, labels, title, arrivals, **style)


def season_chart(evenings: Sequence[tuple[str, Mapping[str, int]]],
                 title: str = "Saisonstand nach jedem Abend", **style: Any) -> str:
    """The season standing: each player's sum of evening totals after every evening.

    ``evenings`` holds (label, totals of that evening) in date order; the label (a date)
    marks the x axis. A player missing an evening adds 0 there, so their line runs flat.
    Players are listed in the order they first appear; ``style`` goes to ``line_chart``.
    """
    names: list[str] = []
    for _, totals in evenings:
        names.extend(n for n in totals if n not in names)
    series: dict[str, list[int]] = {name: [0] for name in names}
    for _, totals in evenings:
        for name in names:
            series[name].append(series[name][-1] + totals.get(name, 0))
    labels = [""] + [label for label, _ in evenings]
    return line_chart(series, labels, title, **style)


def ranking_chart(evenings: Sequence[tuple[str, Mapping[str, int | None]]],
                  title: str = "Platz nach jedem Abend") -> str:
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
    return line_chart(series, [label for label, _ in evenings], title, starts, ranks=True)


__all__ = ["DASHES", "PALETTE", "SHAPES", "WIDTH", "evening_chart", "line_chart", "ranking_chart",
           "season_chart"]
