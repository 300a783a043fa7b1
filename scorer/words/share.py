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


def _cut(name: str) -> str:
    return name if len(name) <= LONGEST_NAME else name[:LONGEST_NAME - 1] + "…"


def picture(result: Result) -> str:
    """The picture as SVG, WIDTH × HEIGHT pixels; every name escaped, no links."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{escape(FONTS)}">',
           f"<title>{escape(heading(result))}</title>",
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
           f'<rect width="{WIDTH}" height="{_BAND}" fill="{GREEN}"/>',
           f'<text x="{_LEFT}" y="56" font-size="42" font-weight="bold" fill="#ffffff">'
           f"{escape(result.runde)}</text>",
           f'<text x="{_LEFT}" y="98" font-size="28" fill="#e4f1e8">'
           f"{escape(_('Abend %(number)s') % {'number': result.number})} · "
           f"{escape(formats.date(result.played_on))} · {escape(games_played(result))}</text>"]
    out.extend(_standings(result))
    if result.totals:
        out.append(_chart(result))
    out.append(f'<text x="{WIDTH - _LEFT}" y="{HEIGHT - 18}" font-size="20" fill="#777777" '
               f'text-anchor="end">Doko-Zettel</text>')
    out.append("</svg>")
    return "\n".join(out)


def _standings(result: Result) -> list[str]:
    count = max(len(result.standings), 1)
    top, bottom = _BAND + 24, HEIGHT - 40
    row = min(84.0, (bottom - top) / count)
    size = min(44, int(row * 0.55))
    small = max(14, int(size * 0.62))
    money = result.balances is not None
    out = [f'<g font-size="{size}">']
    for k, (rank, (name, total)) in enumerate(zip(ranks(result.standings), result.standings)):
        base = top + k * row + (row + size * 0.72) / 2 - (small * 0.5 if money else 0)
        tone = PLUS if total > 0 else MINUS if total < 0 else "#333333"
        out.append(f'<text x="{_LEFT}" y="{base:.0f}" fill="#666666">{rank}.</text>')
        out.append(f'<text x="{_LEFT + size * 1.6:.0f}" y="{base:.0f}" fill="#111111" '
                   f'font-weight="bold">{escape(_cut(name))}</text>')
        out.append(f'<text x="{_TABLE_RIGHT - 20}" y="{base:.0f}" fill="{tone}" '
                   f'font-weight="bold" text-anchor="end">{escape(formats.signed(total))}</text>')
        if money:
            cents = (result.balances or {}).get(name, 0)
            out.append(f'<text x="{_TABLE_RIGHT - 20}" y="{base + small * 1.15:.0f}" '
                       f'font-size="{small}" fill="#555555" text-anchor="end">'
                       f"{escape(formats.signed_money(cents))}</text>")
    out.append("</g>")
    return out


def _chart(result: Result) -> str:
    """The running totals in the right half, each line named at its end."""
    svg = chart.evening_chart(result.players, result.totals, result.arrivals,
                              _("Punktestand nach jedem Spiel"), end_labels=True,
                              legend=False, plot_height=230.0, fonts=FONTS)
    width = WIDTH - _CHART_LEFT - 24
    top = _BAND + 28
    height = HEIGHT - top - 56
    return svg.replace("<svg ", f'<svg x="{_CHART_LEFT}" y="{top}" width="{width}" '
                                f'height="{height}" ', 1)


__all__ = ["HEIGHT", "WIDTH", "Result", "games_played", "heading", "picture",
           "ranks", "standings_line", "text"]
