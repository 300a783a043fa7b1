"""The printable score sheet: the evening's ledger as a PDF (an adapter, not core).

``sheet_context`` turns a Ledger into plain strings and lists, ``sheet_html`` fills the
Jinja template in ``templates/pdf/``, ``render_sheet_pdf`` hands that to WeasyPrint. Nothing
here computes a point: every number comes from the ledger (and, for money, from
``scorer.core.settlement``). WeasyPrint is imported when the first PDF is made (``_weasyprint``),
so scoring from the command line never loads it; Jinja comes with Flask.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from jinja2 import Environment, FileSystemLoader

from scorer.words.chart import PALETTE, evening_chart
from scorer.core.evening import Ledger, LedgerGame, TableChange
from scorer.words.explain import describe_rules, deviation_text, summary
from scorer.words.labels import (
    OFF_ROTATION,
    OFF_ROTATION_MARK,
    RowWords,
    bock_summary,
    sheet_words,
    short_names,
)
from scorer.core.rules import GameKind
from scorer.core.settlement import (
    MODE_LABELS,
    ROUNDING_LABELS,
    Settlement,
    format_euro,
    format_price,
)
from scorer.words.table_text import change_texts

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "pdf"
"""The PDF templates and their print stylesheet."""
OWN_FILES = (TEMPLATES, TEMPLATES.parent.parent / "static")
"""The only places the PDF renderer reads from: no other file, nothing from the network."""

DEFAULT_TITLE = "Doko-Zettel"
LANDSCAPE_FROM = 6
"""From this many players the sheet is printed in landscape."""

_WEEKDAYS = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
_MINUS = "−"

# Column widths in mm of the game table: one cell for the number and the dealer, one for
# the value and the Bock factor, one per player (the game's points and the total after it),
# and the game in words. Fewer cells per row make the table cheaper to lay out (WeasyPrint's
# time grows with the cells). The player columns share what is left after the fixed columns
# and a minimum for the words, capped so that few players give the words the room.
_CONTENT_WIDTH = {False: 186.0, True: 273.0}  # A4 minus the 12 mm side margins of sheet.css
_FIXED = {"number": 11.0, "value": 10.0}
_BREAKDOWN_MIN = 60.0
_PLAYER_MAX = 15.0


def signed(value: int) -> str:
    """Points with their sign as the sheet prints them: "+7", "−7", "0"."""
    if value > 0:
        return f"+{value}"
    return f"{_MINUS}{-value}" if value < 0 else "0"


def number(value: int) -> str:
    """A total with a real minus sign and no plus: "23", "−7"."""
    return f"{_MINUS}{-value}" if value < 0 else str(value)


def _tone(value: int) -> str:
    return "pos" if value > 0 else "neg" if value < 0 else "zero"


def _date_text(date: dt.date | str | None) -> str:
    if date is None or isinstance(date, str):
        return date or ""
    return f"{_WEEKDAYS[date.weekday()]}, {date.day:02d}.{date.month:02d}.{date.year}"


def _breakdown(words: RowWords) -> str:
    """Who won, the breakdown and, where the game starts a Bock round, why (the sheet's
    words). Where the breakdown names no party, the winner comes first: after "Kreuz-Solo ·
    Cem:" a bare "gewonnen +1" read as Cem's win when Kontra had won. The kind the row
    names already is not said twice ("Hammelrennen: Hammelrennen: …").

    >>> _breakdown(RowWords(10, "S", "Pflichtsolo", "Kreuz-Solo · Cem", "", "Kontra gewinnt",
    ...     "gewonnen +1 · Solist zählt dreifach", (), False, False, (), 1, ""))
    'Kontra gewinnt · gewonnen +1 · Solist zählt dreifach'
    """
    text = words.breakdown.removeprefix(f"{words.kind}: ")
    if not text:
        text = words.winner
    elif text.startswith("gewonnen"):  # every point to the winner: no party named yet
        text = f"{words.winner} · {text}"
    return f"{text} · {words.bock_reasons}" if words.bock_reasons else text


def _row(game: LedgerGame, words: RowWords, seats: tuple[str, ...],
         short: dict[str, str]) -> dict[str, Any]:
    redeal = game.facts.kind is GameKind.REDEAL
    cells = []
    for seat in seats:
        plays = seat in game.players
        cells.append({
            "points": signed(game.points[seat]) if plays else "",
            "total": number(game.totals[seat]),
            "tone": _tone(game.points[seat]),
            "out": not plays,
            # Not at the table (came later, or gone): an empty cell, not "aus".
            "away": seat not in game.seats,
        })
    return {
        "number": game.number,
        "mark": OFF_ROTATION_MARK if words.off_rotation else "",
        "dealer": game.dealer,
        "dealer_short": short[game.dealer],
        # A normal game names no kind, as on the paper Zettel.
        "kind": words.kind if words.marker else "",
        "detail": words.detail,
        "pflicht": game.pflicht,
        "redeal": redeal,
        "bock": f"×{words.bock}" if words.bock > 1 else "",
        # A recorded game has no value either: its points were written as they are.
        "value": "" if redeal or game.facts.kind is GameKind.RECORDED
        else number(game.score.value),
        "cells": cells,
        "breakdown": _breakdown(words),
        "called": words.called,
        "notes": list(words.notes),
    }


def _rows(ledger: Ledger, words: tuple[RowWords, ...],
          seats: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every game, and between them a row for each table change."""
    texts = iter(change_texts(ledger))
    short = short_names(seats)
    return [{"change": f"Tischwechsel nach Spiel {e.after}: {next(texts)}"}
            if isinstance(e, TableChange) else _row(e, words[e.number - 1], seats, short)
            for e in ledger.entries]


def _columns(players: int, landscape: bool) -> dict[str, Any]:
    room = _CONTENT_WIDTH[landscape] - sum(_FIXED.values()) - _BREAKDOWN_MIN
    player = min(room / players, _PLAYER_MAX)
    breakdown = _CONTENT_WIDTH[landscape] - sum(_FIXED.values()) - player * players
    # A hair under the page width so rounding in the layout engine never tips it over.
    return {**_FIXED, "player": round(player, 2), "breakdown": round(breakdown - 0.5, 2)}


def _settlement(settlement: Settlement) -> dict[str, Any]:
    how = [f"{format_price(settlement.cents_per_point)} pro Punkt", MODE_LABELS[settlement.mode],
           ROUNDING_LABELS[settlement.rounding]]
    lines = settlement.lines()
    return {
        "how": " · ".join(how),
        "lines": lines or ["Niemand muss etwas zahlen."],
        "pot": format_euro(settlement.pot) if settlement.payments else "",
    }


def _money(cents: int) -> str:
    return ("+" if cents > 0 else "") + format_euro(cents)


def sheet_context(
    ledger: Ledger,
    *,
    title: str = DEFAULT_TITLE,
    date: dt.date | str | None = None,
    settlement: Settlement | None = None,
) -> dict[str, Any]:
    """Everything the sheet template prints, as plain data: strings, numbers, lists, dicts.

    ``title`` names the Runde, ``date`` the evening (a date is written out in German, a
    string is printed as given), ``settlement`` adds the money lines.
    """
    setup = ledger.setup
    seats = ledger.players  # every player of the evening, the first seats first
    landscape = len(seats) >= LANDSCAPE_FROM
    preset, changes = describe_rules(setup.rules)
    games = ledger.games
    words = sheet_words(ledger)

    order = sorted(seats, key=lambda s: (-ledger.totals[s], seats.index(s)))
    standings = []
    for name in order:
        total = ledger.totals[name]
        standings.append({
            "rank": 1 + sum(1 for other in seats if ledger.totals[other] > total),
            "name": name,
            "total": number(total),
            "tone": _tone(total),
            "money": _money(settlement.balances[name]) if settlement else "",
            "colour": PALETTE[seats.index(name) % len(PALETTE)],
        })

    pflicht: list[str] = []
    if setup.rules.pflichtsolo:
        played = [f"{g.facts.re[0]} (Spiel {g.number})" for g in games if g.pflicht]
        pflicht.append("Gespielt: " + (", ".join(played) if played else "noch keins"))
        pflicht.append("Offen: " + ", ".join(ledger.pflichtsolo_open)
                       if ledger.pflichtsolo_open else "Alle Pflichtsoli gespielt")
        dropped = [f"{p} (ging nach Spiel {c.after})" for c in ledger.table_changes
                   for p in c.pflichtsolo_dropped]
        if dropped:
            pflicht.append("Entfallen: " + ", ".join(dropped))

    played_games = f"{len(games)} Spiele" if len(games) != 1 else "1 Spiel"
    if setup.planned_games is not None:
        played_games += f" (geplant: {setup.planned_games})"

    return {
        "title": title,
        "date": _date_text(date),
        "landscape": landscape,
        "seats": list(setup.seats),
        "players": list(seats),
        "table_changes": len(ledger.table_changes),
        "first_dealer": setup.first_dealer,
        "games_played": played_games,
        "rules": {
            "preset": preset,
            "changes": [{"label": k, "value": v} for k, v in changes.items()],
            "deviation": deviation_text(setup.rules) or "",
            "summary": summary(setup.rules, setup.planned_games),
        },
        "columns": _columns(len(seats), landscape),
        "rows": _rows(ledger, words, seats),
        "off_rotation": (f"{OFF_ROTATION_MARK} = {OFF_ROTATION}"
                         if any(w.off_rotation for w in words) else ""),
        "totals": [{"name": s, "total": number(ledger.totals[s]),
                    "tone": _tone(ledger.totals[s])} for s in seats],
        "standings": standings,
        "bock": list(bock_summary(ledger)),
        "pflicht": pflicht,
        "settlement": _settlement(settlement) if settlement else None,
        "chart": evening_chart(seats, [g.totals for g in games], ledger.arrivals),
    }


@cache
def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                       trim_blocks=True, lstrip_blocks=True)


def sheet_html(context: dict[str, Any]) -> str:
    """The sheet as an HTML document for WeasyPrint."""
    return _environment().get_template("sheet.html").render(context)


def preload() -> None:
    """Pay once, now, what the first PDF of a process pays: importing WeasyPrint (about half
    a second), compiling the template and setting up the fonts.

    For a web worker as it starts (``doko-zettel serve``, and gunicorn with the repository's
    gunicorn.conf.py), never on import: the ``scorer`` command and the core must not load
    WeasyPrint.
    """
    render_sheet_pdf(sheet_context(_one_game()))


def _one_game() -> Ledger:
    """A one-game evening: the sheet's every style and font, drawn once."""
    from scorer.core.evening import EveningSetup, fold
    from scorer.core.rules import preset

    setup = EveningSetup(rules=preset("ddv"), seats=("Anna", "Ben", "Cem", "Dora"),
                         first_dealer="Anna")
    return fold(setup, [{"re": ["Anna", "Cem"], "re_eyes": 151}])


def render_sheet_pdf(context: dict[str, Any]) -> bytes:
    """The sheet as PDF bytes (A4; landscape from six players)."""
    return html_to_pdf(sheet_html(context))


def html_to_pdf(html: str) -> bytes:
    """An HTML document as PDF bytes; relative URLs resolve in the PDF templates' folder,
    and only the app's own files (OWN_FILES) are read."""
    pdf: bytes = _weasyprint().HTML(string=html, base_url=str(TEMPLATES),
                                    url_fetcher=_own_files_fetcher()).write_pdf()
    return pdf


@cache
def _weasyprint() -> Any:
    """WeasyPrint, imported without the library search that took half its import time.

    It opens Pango, HarfBuzz and the rest by trying several names each. For a name without
    a dot cffi asks ``ctypes.util.find_library``, which on Linux runs ``ldconfig -p`` and,
    for every name that is not in the linker cache, gcc and ld as subprocesses: 0.2–0.3 s
    on a machine with a compiler. Every list also holds the library's file name
    (``libpango-1.0.so.0``), which the dynamic loader opens itself. So the search finds
    nothing while WeasyPrint is imported; only if that import fails (a system whose
    libraries go by other names) it is imported again the usual way.
    """
    import ctypes.util
    import importlib

    search = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        return importlib.import_module("weasyprint")
    except OSError:
        pass  # (a module whose import fails is not kept: the next import starts afresh)
    finally:
        ctypes.util.find_library = search
    return importlib.import_module("weasyprint")


def own_file(url: str) -> bool:
    """Whether ``url`` is a file:// URL of a file inside OWN_FILES (after symlinks)."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return False
    path = Path(url2pathname(parts.path)).resolve()
    return any(path.is_relative_to(folder.resolve()) for folder in OWN_FILES)


def _own_files_fetcher() -> Any:
    """WeasyPrint's fetcher, refusing all but our own files; a fresh one per document,
    since it keeps state between calls."""
    return _own_files_fetcher_class()(allowed_protocols=("file",), allow_redirects=False)


@cache
def _own_files_fetcher_class() -> Any:
    # WeasyPrint's default fetcher reads any file:// URL (/etc/passwd as an attachment
    # included) and any http:// one. Everything shown is escaped, but the renderer should
    # not be the one place where that stays true by luck.
    class OwnFilesOnly(_weasyprint().urls.URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            if not own_file(url):
                # WeasyPrint logs the refusal and renders without the resource.
                raise ValueError(f"not one of the app's own files: {url}")
            return super().fetch(url, headers)

    return OwnFilesOnly


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
    "DEFAULT_TITLE",
    "LANDSCAPE_FROM",
    "TEMPLATES",
    "html_to_pdf",
    "number",
    "preload",
    "render_sheet_pdf",
    "sheet_context",
    "sheet_html",
    "signed",
    "write_sheet_pdf",
]
