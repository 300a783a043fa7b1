"""The evening's result as the group's chat gets it: a picture (SVG here, made PNG by
scorer.printed.picture), a short text, and the one line a link preview shows. Pure: the
standard library, the core and the words.

The picture is 1200 × 630, the size link previews are made for, and is meant to be read as a
thumbnail: the Runde, the evening and its date in a band at the top, the final standings in
large type on the left (points, and the money each gets or pays), the running totals on the
right (scorer.words.chart, each line named at its end). It holds no link: whoever has the
picture has the result and nothing else.

>>> import datetime as dt
>>> result = Result("Stammtisch", 12, dt.date(2026, 11, 28), 40,
...                 (("Anna", 34), ("Cem", 10), ("Ben", -12), ("Dora", -32)),
...                 {"Anna": 340, "Cem": 100, "Ben": -120, "Dora": -320})
>>> standings_line(result)
'Anna +34 · Cem +10 · Ben −12 · Dora −32'
>>> print(text(result))
Stammtisch · Abend 12 · 28.11.2026
1. Anna +34 (+3,40 €)
2. Cem +10 (+1,00 €)
3. Ben −12 (−1,20 €)
4. Dora −32 (−3,20 €)
40 Spiele
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from scorer.words import chart, formats
from scorer.words.i18n import _, ngettext

WIDTH = 1200
"""The picture's width in pixels (Open Graph's recommended 1.91 : 1)."""
HEIGHT = 630
"""The picture's height in pixels."""
FONTS = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""The picture's fonts: DejaVu Sans, which every machine that prints has (scorer.printed.pdf)."""
GREEN = "#1d6a40"
"""The app's own green (its theme colour)."""
PLUS = "#1d6a40"
MINUS = "#b3261e"
LONGEST_NAME = 14
"""Characters of a name the standings print; a longer one is cut with "…"."""
LONGEST_TITLE = 40
"""Characters of the Runde's name the band prints (a Runde's name may have 80)."""
_BAND = 118
_LEFT = 48
_TABLE_RIGHT = 600
_CHART_LEFT = 630


@dataclass(frozen=True)
class Result:
    """What the shared result shows: plain data, which travels to the render process."""

    runde: str
    number: int
    played_on: dt.date
    games: int
    standings: tuple[tuple[str, int], ...]
    """(name, total), best first."""
    balances: Mapping[str, int] | None = None
    """Cents each player gets (+) or pays (−); None for an evening without money."""
    players: tuple[str, ...] = ()
    """Every player of the evening in seat order (the chart's lines)."""
    totals: tuple[Mapping[str, int], ...] = ()
    """Everybody's totals after each game (the chart)."""
    arrivals: Mapping[str, int] = field(default_factory=dict)
    """Games played before each newcomer came (the chart starts their line there)."""


def heading(result: Result) -> str:
    """"Stammtisch · Abend 12 · 28.11.2026": what the preview's title and the text's first
    line say."""
    return _("%(group)s · Abend %(number)s · %(date)s") % {
        "group": result.runde, "number": result.number, "date": formats.date(result.played_on)}


def ranks(standings: Sequence[tuple[str, int]]) -> list[int]:
    """Each place of the standings, players level sharing one.

    >>> ranks([("A", 5), ("B", 5), ("C", -10)])
    [1, 1, 3]
    """
    out: list[int] = []
    for k, (_name, total) in enumerate(standings):
        out.append(out[-1] if k and standings[k - 1][1] == total else k + 1)
    return out


def standings_line(result: Result) -> str:
    """The standings in one line, for a link preview: "Anna +34 · Cem +10 · Ben −12"."""
    return " · ".join(f"{name} {formats.signed(total)}" for name, total in result.standings)


def games_played(result: Result) -> str:
    """"40 Spiele"."""
    return ngettext("%(num)d Spiel", "%(num)d Spiele", result.games) % {"num": result.games}


def text(result: Result) -> str:
    """The result as a message: the heading, one line per player with money if played for
    money, and the number of games."""
    lines = [heading(result)]
    for rank, (name, total) in zip(ranks(result.standings), result.standings):
        line = f"{rank}. {name} {formats.signed(total)}"
        if result.balances is not None:
            line += f" ({formats.signed_money(result.balances.get(name, 0))})"
        lines.append(line)
    lines.append(games_played(result))
    return "\n".join(lines)


def _cut(name: str, longest: int = LONGEST_NAME) -> str:
    return name if len(name) <= longest else name[:longest - 1] + "…"


@dataclass(frozen=True)
class Line:
    """One line of a picture's standings, worded."""

    rank: str
    """"1." (or "–" for a player a season does not rank)."""
    name: str
    figure: str
    """The large number: "+34"."""
    minor: str | None
    """Under it, smaller: the money, "+3,40 €"; a season's method figure."""
    sign: int
    """Whether the figure is good (1), bad (−1) or neither (0): its colour."""


@dataclass(frozen=True)
class Board:
    """What a picture shows, worded: a band with a title and a line under it, the standings
    on the left, a chart (SVG) on the right."""

    title: str
    subtitle: str
    lines: tuple[Line, ...]
    chart: str | None


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def evening_board(result: Result) -> Board:
    """An evening's picture: the Runde, "Abend 12 · 28.11.2026 · 40 Spiele", the final
    standings with the money, the running totals."""
    lines = tuple(
        Line(f"{rank}.", name, formats.signed(total),
             formats.signed_money(result.balances.get(name, 0))
             if result.balances is not None else None, _sign(total))
        for rank, (name, total) in zip(ranks(result.standings), result.standings))
    chart_svg = None
    if result.totals:
        chart_svg = chart.evening_chart(result.players, result.totals, result.arrivals,
                                        _("Punktestand nach jedem Spiel"), end_labels=True,
                                        legend=False, plot_height=230.0, fonts=FONTS)
    subtitle = " · ".join((_("Abend %(number)s") % {"number": result.number},
                           formats.date(result.played_on), games_played(result)))
    return Board(result.runde, subtitle, lines, chart_svg)


def picture(result: Result) -> str:
    """An evening's picture as SVG (``draw``)."""
    return draw(evening_board(result))


def draw(board: Board) -> str:
    """A picture as SVG, WIDTH × HEIGHT pixels; every name escaped, no links."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{escape(FONTS)}">',
           f"<title>{escape(board.title)} · {escape(board.subtitle)}</title>",
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
           f'<rect width="{WIDTH}" height="{_BAND}" fill="{GREEN}"/>',
           f'<text x="{_LEFT}" y="56" font-size="42" font-weight="bold" fill="#ffffff">'
           f"{escape(_cut(board.title, LONGEST_TITLE))}</text>",
           f'<text x="{_LEFT}" y="98" font-size="28" fill="#e4f1e8">'
           f"{escape(board.subtitle)}</text>"]
    out.extend(_standings(board.lines))
    if board.chart:
        out.append(_placed(board.chart))
    out.append(f'<text x="{WIDTH - _LEFT}" y="{HEIGHT - 18}" font-size="20" fill="#777777" '
               f'text-anchor="end">Doko-Zettel</text>')
    out.append("</svg>")
    return "\n".join(out)


def _standings(lines: Sequence[Line]) -> list[str]:
    count = max(len(lines), 1)
    top, bottom = _BAND + 24, HEIGHT - 40
    row = min(84.0, (bottom - top) / count)
    size = min(44, int(row * 0.55))
    small = max(14, int(size * 0.62))
    minor = any(line.minor for line in lines)
    out = [f'<g font-size="{size}">']
    for k, line in enumerate(lines):
        base = top + k * row + (row + size * 0.72) / 2 - (small * 0.5 if minor else 0)
        tone = PLUS if line.sign > 0 else MINUS if line.sign < 0 else "#333333"
        out.append(f'<text x="{_LEFT}" y="{base:.0f}" fill="#666666">{escape(line.rank)}</text>')
        out.append(f'<text x="{_LEFT + size * 1.6:.0f}" y="{base:.0f}" fill="#111111" '
                   f'font-weight="bold">{escape(_cut(line.name))}</text>')
        out.append(f'<text x="{_TABLE_RIGHT - 20}" y="{base:.0f}" fill="{tone}" '
                   f'font-weight="bold" text-anchor="end">{escape(line.figure)}</text>')
        if line.minor:
            out.append(f'<text x="{_TABLE_RIGHT - 20}" y="{base + small * 1.15:.0f}" '
                       f'font-size="{small}" fill="#555555" text-anchor="end">'
                       f"{escape(line.minor)}</text>")
    out.append("</g>")
    return out


def _placed(svg: str) -> str:
    """A chart in the right half."""
    width = WIDTH - _CHART_LEFT - 24
    top = _BAND + 28
    height = HEIGHT - top - 56
    return svg.replace("<svg ", f'<svg x="{_CHART_LEFT}" y="{top}" width="{width}" '
                                f'height="{height}" ', 1)


@dataclass(frozen=True)
class SeasonResult:
    """What a season's shared table shows: plain data, which travels to the render process."""

    runde: str
    season: str
    """The season's name as its page writes it: "Saison 2026"."""
    evenings: int
    as_of: dt.date | None
    """The date of its last evening."""
    standings: tuple[tuple[int | None, str, int, str | None], ...]
    """(rank, name, points, the method's figure if it is not the points), ranked first."""
    chart: tuple[tuple[str, Mapping[str, int]], ...] = ()
    """(date label, the totals of that evening) in date order (scorer.words.chart)."""


def season_heading(result: SeasonResult) -> str:
    """"Stammtisch · Saison 2026 · Stand 28.11.2026"."""
    if result.as_of is None:
        return _("%(group)s · %(season)s") % {"group": result.runde, "season": result.season}
    return _("%(group)s · %(season)s · Stand %(date)s") % {
        "group": result.runde, "season": result.season, "date": formats.date(result.as_of)}


def season_evenings(result: SeasonResult) -> str:
    """"12 Abende"."""
    return ngettext("%(num)d Abend", "%(num)d Abende", result.evenings) % {
        "num": result.evenings}


def season_line(result: SeasonResult) -> str:
    """The table in one line: "Anna +120 · Ben +30 · Cem −150"."""
    return " · ".join(f"{name} {formats.signed(points)}"
                      for _rank, name, points, _figure in result.standings)


def season_text(result: SeasonResult) -> str:
    """The season's table as a message.

    >>> print(season_text(SeasonResult("Stammtisch", "Saison 2026", 12, None,
    ...                                ((1, "Anna", 120, None), (None, "Ben", -120, None)))))
    Stammtisch · Saison 2026
    1. Anna +120
    – Ben −120
    12 Abende
    """
    lines = [season_heading(result)]
    for rank, name, points, figure in result.standings:
        line = f"{rank}." if rank is not None else "–"
        line += f" {name} {formats.signed(points)}"
        if figure is not None:
            line += f" ({figure})"
        lines.append(line)
    lines.append(season_evenings(result))
    return "\n".join(lines)


def season_board(result: SeasonResult) -> Board:
    """A season's picture: the Runde, "Saison 2026 · 12 Abende · Stand 28.11.2026", the
    table, and everybody's points after each evening."""
    lines = tuple(Line(f"{rank}." if rank is not None else "–", name, formats.signed(points),
                       figure, _sign(points))
                  for rank, name, points, figure in result.standings)
    parts = [result.season, season_evenings(result)]
    if result.as_of is not None:
        parts.append(_("Stand %(date)s") % {"date": formats.date(result.as_of)})
    chart_svg = None
    if result.chart:
        chart_svg = chart.season_chart(result.chart, _("Saisonstand nach jedem Abend"),
                                       end_labels=True, legend=False, plot_height=230.0,
                                       fonts=FONTS)
    return Board(result.runde, " · ".join(parts), lines, chart_svg)


def season_picture(result: SeasonResult) -> str:
    """A season's picture as SVG."""
    return draw(season_board(result))


__all__ = ["HEIGHT", "WIDTH", "Board", "Line", "Result", "SeasonResult", "draw",
           "evening_board", "games_played", "heading", "picture", "ranks", "season_board",
           "season_heading", "season_line", "season_picture", "season_text", "standings_line",
           "text"]
