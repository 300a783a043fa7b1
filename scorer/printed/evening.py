"""The printable score sheet: the evening's ledger as a PDF (an adapter, not core).

``sheet_context`` turns a Ledger into plain strings and lists, ``sheet_html`` fills the
Jinja template in ``templates/pdf/``, ``render_sheet_pdf`` hands that to WeasyPrint. Nothing
here computes a point: every number comes from the ledger (and, for money, from
``scorer.core.settlement``). WeasyPrint is imported when the first PDF is made (``scorer.printed.pdf``),
so scoring from the command line never loads it; Jinja comes with Flask.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.core.evening import Ledger
from scorer.core.settlement import Settlement
from scorer.printed import render
from scorer.printed.pdf import (
    FONT,
    TEMPLATES,
    fill,
    html_to_pdf,
    lean_document_class,
    own_files_fetcher,
)
from scorer.words import money as money_words
from scorer.words import sheet as sheet_words
from scorer.words.chart import PALETTE
from scorer.words.charts import evening_chart
from scorer.words.explain import describe_rules, deviation_text
from scorer.words.explain import summary as summary_text
from scorer.words.formats import number, signed
from scorer.words.i18n import _, language
from scorer.words.labels import (
    OFF_ROTATION,
    OFF_ROTATION_MARK,
    bock_at_end_text,
    bock_queue_text,
    bock_summary,
    plan_complete,
    short_names,
)
from scorer.words.rows import AWAY, PLAYS, ChangeWords, RowWords, SheetWords

DEFAULT_TITLE = "Doko-Zettel"
CHART_POINTS = 300
"""The summary's chart draws each line through at most this many games (its highest and
lowest of each stretch beyond): some 40 mm wide on paper, it shows no more, and a long
evening's thousand points per line cost its sheet a twentieth of its time."""

# The page: A4 landscape with 10 mm side margins (sheet.css). The first page opens with the
# summary in a strip of four columns (standings, money and notes, rules, chart) above the
# games, which have the page's whole width on every page: a game's words fit one line, and a
# 24-game DDV list fits one page.
_CONTENT_WIDTH = 277.0

# Column widths in mm of the game table: one cell for the number and the dealer, one for
# the value and the Bock factor, one per player (the game's points and the total after it),
# and the game in words, which takes the rest. Fewer cells per row make the table cheaper to
# lay out (WeasyPrint's time grows with the cells). The cells are measured in the font's own
# advance widths (em), at the sizes of sheet.css, so that they fit the widest number of the
# evening and leave the rest to the words.
_TEXT_PT = 8.0
"""The game table's text (sheet.css ``.games``)."""
SEPARATOR = "\u2002"
"""Between a game's points and the total after it in a player's cell (sheet.html writes it
as ``&ensp;``): an en space, wider than a word's space, so that the two numbers read as
two."""
_PADDING = 2.2
"""A cell's left and right padding and its border, in mm."""
_MM_PER_EM_PT = 25.4 / 72
_REGULAR = {"digit": 0.636, "sign": 0.838, "space": 0.318, "letter": 0.70, "*": 0.5,
            SEPARATOR: 0.5}
_BOLD = {"digit": 0.696, "sign": 0.838, "space": 0.348, "letter": 0.78, "*": 0.523}
_PLAYER_MIN = 12.0
"""A player's column is at least this wide (mm): the name above it wraps, but stays a name."""


def _em(text: str, widths: dict[str, float]) -> float:
    """The width of ``text`` in em: digits, signs (−, +, ×), spaces, letters."""
    total = 0.0
    for char in text:
        if char.isdigit():
            total += widths["digit"]
        elif char in "−+×":
            total += widths["sign"]
        elif char == " ":
            total += widths["space"]
        else:
            total += widths.get(char, widths["letter"])
    return total


def _mm(text: str, pt: float, bold: bool = False) -> float:
    return _em(text, _BOLD if bold else _REGULAR) * pt * _MM_PER_EM_PT


def _tone(value: int) -> str:
    return "pos" if value > 0 else "neg" if value < 0 else "zero"


def _row(words: RowWords, seats: tuple[str, ...], short: dict[str, str]) -> dict[str, Any]:
    """A game's row as the template prints it: every word a field of the row model
    (scorer.words.rows), every number formatted."""
    cells = [{
        "points": signed(points) if state == PLAYS else "",
        "total": number(total),
        "out": state != PLAYS,
        # Not at the table (came later, or gone): an empty cell, not "aus".
        "away": state == AWAY,
    } for state, points, total in words.cells(seats)]
    # A normal game names no kind, as on the paper Zettel.
    named = bool(words.marker)
    return {
        "number": words.number,
        "mark": OFF_ROTATION_MARK if words.off_rotation else "",
        "dealer": words.dealer,
        "dealer_short": short[words.dealer],
        "kind": words.kind if named else "",
        "detail": words.detail,
        "head": words.head if named else "",
        "pflicht": words.pflicht,
        "redeal": words.redeal,
        "bock": f"×{words.bock}" if words.bock > 1 else "",
        "value": "" if words.value is None else number(words.value),
        "cells": cells,
        # Who played against whom with how many Augen, and what they said: what a table
        # looks up when it argues about a game ("151 or 115?").
        "parties": words.parties,
        "announced": words.announced,
        # The kind is printed in bold before it: "Hochzeit: Cem, Partner Anna" says only
        # "Cem, Partner Anna" after it. A normal game has no head, and nobody called it.
        "game": words.about,
        # Where the breakdown names no party, the winner comes first: after "Kreuz-Solo ·
        # Cem:" a bare "gewonnen +1" read as Cem's win when Kontra had won.
        "breakdown": words.result,
        "called": words.called,
        "notes": list(words.notes),
    }


@dataclass(frozen=True)
class Part:
    """A stretch of a long evening printed on its own: games ``first`` to ``last`` (from 1),
    part ``number`` of ``of``."""

    number: int
    of: int
    first: int
    last: int


def parts(games: int, per_part: int) -> list[Part]:
    """An evening of ``games`` games in parts of at most ``per_part`` games (one part for an
    evening without games).

    >>> [(p.first, p.last) for p in parts(1001, 500)]
    [(1, 500), (501, 1000), (1001, 1001)]
    """
    count = max(1, -(-games // per_part))
    return [Part(k + 1, count, k * per_part + 1, min((k + 1) * per_part, games))
            for k in range(count)]


def _in_part(row: RowWords | ChangeWords, part: Part | None, games: int) -> bool:
    if part is None:
        return True
    if isinstance(row, ChangeWords):  # printed before the game after it
        return part.first - 1 <= row.after and (row.after < part.last or part.last >= games)
    return part.first <= row.number <= part.last


def _rows(ledger: Ledger, words: SheetWords, seats: tuple[str, ...],
          part: Part | None) -> list[dict[str, Any]]:
    """Every game (of the part), and between them a row for each table change."""
    short = short_names(seats)
    games = len(ledger.games)
    return [{"change": row.line} if isinstance(row, ChangeWords) else _row(row, seats, short)
            for row in words.entries() if _in_part(row, part, games)]


def _columns(rows: list[dict[str, Any]], players: int,
             heads: dict[str, str]) -> dict[str, float]:
    """The fixed columns, wide enough for the widest number, value and totals shown, and for
    their ``heads``."""
    games = [r for r in rows if "cells" in r]
    number = max((_mm(f"{r['number']}{r['mark']} {r['dealer_short']}", _TEXT_PT)
                  for r in games), default=8.0)
    value = max((_mm(f"{r['value']} {r['bock']}", _TEXT_PT, bold=bool(r["bock"]))
                 for r in games), default=6.0)
    out = sheet_words.sitting_out()
    points = max((_mm(c["points"] or out, _TEXT_PT) for r in games for c in r["cells"]),
                 default=4.0)
    total = max((_mm(c["total"], _TEXT_PT) for r in games for c in r["cells"]), default=4.0)
    player = max(points + _mm(SEPARATOR, _TEXT_PT) + total + _PADDING, _PLAYER_MIN)
    # At least as wide as the heads: 11 and 10 mm hold the German "Nr." and "Wert", and a
    # longer head ("Value") widens its column as much; a little room for rounding.
    def head(key: str, least: float) -> float:
        return least * max(1.0, _mm(heads[key], _TEXT_PT)
                           / _mm(sheet_words.COLUMN_HEADS[key], _TEXT_PT))

    return {"number": round(max(number + _PADDING, head("number", 11.0)) + 0.3, 2),
            "value": round(max(value + _PADDING, head("value", 10.0)) + 0.3, 2),
            "player": round(player + 0.3, 2)}


def _settlement(settlement: Settlement) -> dict[str, Any]:
    lines = money_words.lines(settlement)
    return {
        "how": money_words.how(settlement),
        "lines": list(lines) or [money_words.nobody_pays()],
        "pot": money_words.pot(settlement),
    }


def _open_bock(ledger: Ledger, closed: bool) -> str:
    """The Bock games still to come after the last game, for the row under it, and once the
    evening is over what becomes of them (RULES.md §10.2, as the sheet says it); "" for
    none."""
    if not ledger.bock_queue:
        return ""
    text = sheet_words.pending_bock(len(ledger.games), bock_queue_text(ledger.bock_queue))
    end = bock_at_end_text(ledger) if closed or plan_complete(ledger) else None
    return f"{text} · {end}" if end else text


def sheet_context(
    ledger: Ledger,
    *,
    title: str = DEFAULT_TITLE,
    date: dt.date | str | None = None,
    settlement: Settlement | None = None,
    part: Part | None = None,
    words: SheetWords | None = None,
    closed: bool = False,
) -> dict[str, Any]:
    """Everything the sheet template prints, as plain data: strings, numbers, lists, dicts.

    ``title`` names the Runde, ``date`` the evening (a date is written out in the language
    spoken, a string is printed as given), ``settlement`` adds the money lines. ``part`` prints only
    those games of a long evening (parts): the first part has the summary, every later one
    starts from the totals before its first game. ``words`` are the ledger's rows, where
    the caller has them already (``scorer.words.rows.SheetWords``). ``closed``: the evening is over,
    so the Bock games still queued are said to go on, be dropped or be played out.
    """
    setup = ledger.setup
    seats = ledger.players  # every player of the evening, the first seats first
    preset, changes = describe_rules(setup.rules)
    games = ledger.games
    if words is None:
        words = SheetWords(ledger)
    rows = _rows(ledger, words, seats, part)
    heads = sheet_words.column_heads()
    columns = _columns(rows, len(seats), heads)
    summary = part is None or part.number == 1
    last = part is None or part.last >= len(games)

    order = sorted(seats, key=lambda s: (-ledger.totals[s], seats.index(s)))
    standings = []
    for name in order:
        total = ledger.totals[name]
        standings.append({
            "rank": 1 + sum(1 for other in seats if ledger.totals[other] > total),
            "name": name,
            "total": number(total),
            "tone": _tone(total),
            "money": money_words.balance(settlement.balances[name]) if settlement else "",
            "colour": PALETTE[seats.index(name) % len(PALETTE)],
        })

    pflicht: list[str] = []
    if setup.rules.pflichtsolo:
        pflicht = sheet_words.pflicht_lines(
            [(g.facts.re[0], g.number) for g in games if g.pflicht], ledger.pflichtsolo_open,
            [(p, c.after) for c in ledger.table_changes for p in c.pflichtsolo_dropped])

    played_games = sheet_words.games_played(len(games), setup.planned_games)
    if part is None or last:
        final, final_totals = sheet_words.final_label(), ledger.totals
    else:
        final, final_totals = sheet_words.final_label(part.last), games[part.last - 1].totals
    carried = None
    if part is not None and part.first > 1:
        carried = {"label": sheet_words.total_after(part.first - 1),
                   "totals": [number(games[part.first - 2].totals[s]) for s in seats]}

    return {
        "language": language(),
        "title": title,
        "date": sheet_words.printed_date(date),
        "part": (sheet_words.part_title(part.number, part.of, part.first, part.last)
                 if part is not None and part.of > 1 else ""),
        "summary": summary,
        "seats": list(setup.seats),
        "players": list(seats),
        "table_changes": len(ledger.table_changes),
        "first_dealer": setup.first_dealer,
        "games_played": played_games,
        "rules": {
            "preset": preset,
            "changes": [{"label": k, "value": v} for k, v in changes.items()],
            "deviation": deviation_text(setup.rules) or "",
            "summary": summary_text(setup.rules, setup.planned_games),
        },
        "columns": columns,
        "heads": heads,
        "rows": rows,
        "carried": carried,
        "open_bock": _open_bock(ledger, closed) if last else "",
        "off_rotation": (f"{OFF_ROTATION_MARK} = {_(OFF_ROTATION)}"
                         if any(w.off_rotation for w in words.games()) else ""),
        "final": final,
        "totals": [{"name": s, "total": number(final_totals[s]), "tone": _tone(final_totals[s])}
                   for s in seats],
        "standings": standings,
        "bock": list(bock_summary(ledger, closed)),
        "pflicht": pflicht,
        "settlement": _settlement(settlement) if settlement else None,
        "chart": evening_chart(seats, [g.totals for g in games], ledger.arrivals,
                               end_labels=True, legend=False, plot_height=100, width=220,
                               fonts=FONT, most_points=CHART_POINTS)
                 if summary else "",
    }


def sheet_html(context: dict[str, Any]) -> str:
    """The sheet as an HTML document for WeasyPrint."""
    return fill("sheet.html", context)


def preload() -> None:
    """Prepare a web worker for its first "Drucken / PDF": start its render process
    (``scorer.printed.render``), which pays now what the first PDF would pay (importing WeasyPrint,
    about half a second, compiling the template, setting up the fonts). The web worker itself
    never loads WeasyPrint: it does not render.

    For a web worker as it starts (``doko-zettel serve``, and gunicorn with the repository's
    gunicorn.conf.py), never on import: the ``scorer`` command and the core must not load
    WeasyPrint.
    """
    render.start(warm)


def warm() -> None:
    """Render a one-game sheet and throw it away: WeasyPrint imported, the template compiled,
    the fonts set up (the render process, as it starts)."""
    render_sheet_pdf(sheet_context(_one_game()))


def _one_game() -> Ledger:
    """A one-game evening: the sheet's every style and font, drawn once."""
    from scorer.core.evening import EveningSetup, fold
    from scorer.core.rules import preset

    setup = EveningSetup(rules=preset("ddv"), seats=("Anna", "Ben", "Cem", "Dora"),
                         first_dealer="Anna")
    return fold(setup, [{"re": ["Anna", "Cem"], "re_eyes": 151}])


def render_sheet_pdf(context: dict[str, Any]) -> bytes:
    """The sheet as PDF bytes (A4 landscape)."""
    return html_to_pdf(sheet_html(context))


def sheet_document(context: dict[str, Any]) -> Any:
    """The sheet laid out, as WeasyPrint's Document (pages and their boxes), exactly as
    ``render_sheet_pdf`` lays it out: to look at its layout."""
    return lean_document_class()(string=sheet_html(context), base_url=str(TEMPLATES),
                                  url_fetcher=own_files_fetcher()).render()


def write_sheet_pdf(
    ledger: Ledger,
    path: str | Path,
    *,
    title: str = DEFAULT_TITLE,
    date: dt.date | str | None = None,
    settlement: Settlement | None = None,
) -> None:
    """Render the sheet and write it to ``path``; the date defaults to today.

    The PDF is rendered completely before the file is opened, so a failure leaves no
    half-written file behind.
    """
    context = sheet_context(ledger, title=title, date=date or dt.date.today(),
                            settlement=settlement)
    Path(path).write_bytes(render_sheet_pdf(context))


__all__ = [
    "CHART_POINTS",
    "DEFAULT_TITLE",
    "SEPARATOR",
    "Part",
    "number",
    "parts",
    "preload",
    "render_sheet_pdf",
    "sheet_context",
    "sheet_document",
    "sheet_html",
    "signed",
    "warm",
    "write_sheet_pdf",
]
