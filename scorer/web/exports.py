"""Exports: the printable score sheet as PDF, and the games as CSV for a spreadsheet.

The PDF is ``scorer.sheet`` (the same renderer as ``scorer sheet``) fed with the evening's
ledger and settlement. The CSV has one row per game and one column per player of the evening
with that game's points, as the core's ledger has them (empty when not playing); a table
change is a row of its own between the games, without a number, its words in "Spielart". A
game's note is in "Notiz": a recorded game (RULES.md §10.1) has no Grundwert, its note says
where its points come from. It
is UTF-8 with a byte order mark and semicolons, which is what LibreOffice and Excel open
without asking in a German locale.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence

from flask import Blueprint, Response

from scorer import services
from scorer.core.evening import Ledger, LedgerGame, TableChange
from scorer.words.explain import EXTRA_LABELS
from scorer.words.labels import kind_text
from scorer.core.rules import GameKind, HouseRules
from scorer.core.scoring import Level
from scorer.sheet import render_sheet_pdf, sheet_context
from scorer.words.table_text import change_texts
from scorer.web.display import parties_text
from scorer.web.forms import LEVEL_TEXT
from scorer.web.lookup import evening_or_404, group_or_404

bp = Blueprint("exports", __name__, url_prefix="/r/<token>")

GAME_COLUMNS = ["Nr", "Geber", "Spielart", "Re", "Augen Re", "Ansagen", "Sonderpunkte",
                "Bock", "Grundwert", "Notiz"]
"""The columns of every game row before the players' points."""
RUNDE_COLUMNS = ["Abend", "Datum"]
"""The Runde export puts these in front of the game columns."""

# A spreadsheet runs a cell starting with one of these as a formula; a player called
# "=HYPERLINK(…)" must stay a name (OWASP "CSV injection"). Our numbers are written as ints.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    return "'" + value if value.startswith(_FORMULA_START) else value


def _announcements(game: LedgerGame) -> str:
    """What was said: "Re keine 90, Kontra", "Re 2× Doppelt"."""
    facts = game.facts
    out = []
    for party, level, doppelt in (("Re", facts.re_level, facts.re_doppelt),
                                  ("Kontra", facts.kontra_level, facts.kontra_doppelt)):
        if level is Level.ANSAGE:
            out.append(party)
        elif level is not Level.NONE:
            out.append(f"{party} {LEVEL_TEXT[level.value]}")
        if doppelt:
            out.append(f"{party} {doppelt}× Doppelt")
    return ", ".join(out)


def _extras(game: LedgerGame) -> str:
    """Sonderpunkte as entered: "Re: Fuchs gefangen, 2× Doppelkopf · Kontra: Karlchen"."""
    facts = game.facts
    out = []
    for party, extras in (("Re", facts.re_extras), ("Kontra", facts.kontra_extras)):
        named = [f"{n}× {EXTRA_LABELS[e]}" if n > 1 else EXTRA_LABELS[e]
                 for e, n in extras.items() if n]
        if named:
            out.append(f"{party}: {', '.join(named)}")
    return " · ".join(out)


def game_row(game: LedgerGame, players: Sequence[str], rules: HouseRules) -> list[str | int]:
    """One game: the game columns, then each of ``players``' points (empty when not
    playing); ``rules`` are the evening's (a solo is Pflicht or Lust only where they have a
    Pflichtsolo)."""
    facts = game.facts
    kind = kind_text(game, rules)
    if facts.kind is GameKind.HAMMELRENNEN:
        kind += f" ({parties_text(game)})"
    # A redeal has no value, nor has a recorded game: its points were written as they are.
    no_value = facts.kind in (GameKind.REDEAL, GameKind.RECORDED)
    row: list[str | int] = [
        game.number, _text(game.dealer), _text(kind), _text(", ".join(facts.re)),
        "" if facts.re_eyes is None else facts.re_eyes,
        _announcements(game), _extras(game), game.bock, "" if no_value else game.score.value,
        _text(facts.note or ""),
    ]
    row.extend(game.points[p] if p in game.players else "" for p in players)
    return row


def _csv(header: Sequence[str], rows: Iterable[Sequence[str | int]]) -> str:
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def change_row(text: str, change: TableChange, players: Sequence[str]) -> list[str | int]:
    """A table change: no number, the new dealer, its words; no points."""
    row: list[str | int] = ["", _text(change.dealer), _text(f"Tischwechsel: {text}")]
    return row + [""] * (len(GAME_COLUMNS) - len(row) + len(players))


def entry_rows(ledger: Ledger, players: Sequence[str]) -> Iterable[list[str | int]]:
    """The evening's games and table changes in order, with ``players``' columns."""
    texts = iter(change_texts(ledger))
    for entry in ledger.entries:
        if isinstance(entry, TableChange):
            yield change_row(next(texts), entry, players)
        else:
            yield game_row(entry, players, ledger.setup.rules)


def evening_csv(ledger: Ledger) -> str:
    """The evening's games and table changes; every player of the evening, first the first
    seats, then the newcomers."""
    players = ledger.players
    return _csv(GAME_COLUMNS + [_text(s) for s in players], entry_rows(ledger, players))


def runde_csv(evenings: Sequence[tuple[int, dt.date, Ledger]]) -> str:
    """Every game of a Runde: (number, date, ledger) per evening; one column for every player
    who sat at any evening, in order of first appearance."""
    players: list[str] = []
    for _, _, ledger in evenings:
        players.extend(s for s in ledger.players if s not in players)
    rows = ([number, played_on.isoformat(), *row]
            for number, played_on, ledger in evenings for row in entry_rows(ledger, players))
    return _csv(RUNDE_COLUMNS + GAME_COLUMNS + [_text(p) for p in players], rows)


def _download(body: str | bytes, mimetype: str, filename: str) -> Response:
    # A download, not an inline view: phones save it under this name (Chrome on Android
    # downloads PDFs anyway), and it opens from there in whatever prints.
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    # The sheet names the table's players; no shared cache should keep it.
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/abend/<int:number>/zettel.pdf")
def sheet_pdf(token: str, number: int) -> Response:
    """The printable A4 score sheet of an evening."""
    evening = evening_or_404(token, number)
    ledger = services.sheet(evening).ledger
    context = sheet_context(ledger, title=f"{evening.group.name} · Abend {evening.number}",
                            date=evening.played_on,
                            settlement=services.settlement(evening, ledger.totals))
    return _download(render_sheet_pdf(context), "application/pdf",
                     f"doko-zettel-{evening.played_on.isoformat()}.pdf")


@bp.get("/abend/<int:number>/spiele.csv")
def evening_games(token: str, number: int) -> Response:
    """The evening's games as CSV."""
    evening = evening_or_404(token, number)
    return _download(evening_csv(services.sheet(evening).ledger), "text/csv",
                     f"doko-zettel-{evening.played_on.isoformat()}.csv")


@bp.get("/spiele.csv")
def runde_games(token: str) -> Response:
    """Every game of every evening of the Runde as CSV."""
    group = group_or_404(token)
    sheets = services.sheets(group.evenings)
    body = services.kept_for_runde(group, sheets, "csv", lambda: runde_csv(
        [(s.evening.number, s.evening.played_on, s.ledger) for s in sheets]))
    return _download(body, "text/csv", "doko-zettel-alle-spiele.csv")
