"""Exports: the printable score sheet as PDF, and the games as CSV for a spreadsheet.

The PDF is ``scorer.sheet`` (the same renderer as ``scorer sheet``) fed with the evening's
ledger and settlement, rendered outside the request and kept under the evening's version
(``scorer.printing``). The CSV says what the sheet says, field by field, worded by the same
functions (``scorer.words.labels``): one row per game with its number, dealer, kind, Re and
Kontra with their Augen, who took no trick, what was said, the Sonderpunkte, the winner, the
breakdown, the Bock factor the sheet shows, the value and the sheet's notes (a recorded game, RULES.md §10.1, has no
Grundwert; its note is its Wertung), then one column
per player of the evening with that game's points — "aus" for a player sitting out, empty
for one not at the table. A table change is a row of its own between the games, without a
number, its words in "Spielart"; the last row holds everybody's total ("Endstand"). It is
UTF-8 with a byte order mark and semicolons, which is what LibreOffice and Excel open
without asking in a German locale.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue

from scorer import printing, services
from scorer.core.evening import Ledger, LedgerGame, TableChange
from scorer.core.rules import GameKind
from scorer.core.scoring import trickless_party
from scorer.sheet import Part, parts, sheet_context
from scorer.store.models import Evening
from scorer.web.downloads import cell_text, csv_text, download
from scorer.web.lookup import evening_or_404, group_or_404
from scorer.words.files import ascii_name, file_name
from scorer.words.labels import PARTY_NAMES, RowWords, extras_text, sheet_words
from scorer.words.table_text import change_texts

bp = Blueprint("exports", __name__, url_prefix="/r/<token>")

GAME_COLUMNS = ["Nr", "Geber", "Spielart", "Re", "Kontra", "Augen Re", "Augen Kontra",
                "Ohne Stich", "Ansagen", "Sonderpunkte", "Gewinner", "Wertung", "Bock",
                "Grundwert", "Hinweise"]
"""The columns of every game row before the players' points."""
RUNDE_COLUMNS = ["Abend", "Datum"]
"""The Runde export puts these in front of the game columns."""
SITTING_OUT = "aus"
"""A player's cell in a game the player sat out at the table (as on the sheet)."""
TOTALS = "Endstand"
"""The "Spielart" of the row with everybody's total after the evening's last game."""
RUNDE_TOTALS = "Summe aller Abende"
"""The "Spielart" of the Runde export's last row: every player's points over all evenings."""

def _names(players: Iterable[str]) -> str:
    return cell_text(", ".join(players))


def game_row(game: LedgerGame, words: RowWords, players: Sequence[str],
             ledger: Ledger) -> list[str | int]:
    """One game: the game columns, then each of ``players``' points ("aus" when sitting
    out, empty when not at the table); ``words`` are the row's words on the sheet."""
    facts = game.facts
    kind = words.kind_text
    if facts.kind is GameKind.HAMMELRENNEN:
        kind += f" ({words.parties})"
    parties = bool(facts.re) and facts.re_eyes is not None
    trickless = trickless_party(facts, ledger.setup.rules)
    # Who had a Hochzeit or an Armut, as the sheet and the PDF say it, first.
    notes = [n for n in (words.called, words.bock_reasons) if n] + list(words.notes)
    row: list[str | int] = [
        game.number, cell_text(game.dealer), cell_text(kind),
        _names(facts.re) if parties else "",
        _names(p for p in facts.players if p not in facts.re) if parties else "",
        facts.re_eyes if parties else "",
        240 - facts.re_eyes if parties and facts.re_eyes is not None else "",
        PARTY_NAMES[trickless] if trickless is not None else "",
        cell_text(words.announced), cell_text(extras_text(facts)), cell_text(words.winner),
        cell_text(words.breakdown),
        words.bock,
        # A redeal has no value, nor has a recorded game: its points were written as they are.
        "" if facts.kind in (GameKind.REDEAL, GameKind.RECORDED) else game.score.value,
        cell_text(" · ".join(notes)),
    ]
    row.extend(game.points[p] if p in game.players
               else SITTING_OUT if p in game.seats else "" for p in players)
    return row


def totals_row(totals: Mapping[str, int], players: Sequence[str],
               label: str = TOTALS) -> list[str | int]:
    """Everybody's total: ``label`` in "Spielart", empty where a player has none."""
    row: list[str | int] = ["", "", label]
    row += [""] * (len(GAME_COLUMNS) - len(row))
    return row + [totals[p] if p in totals else "" for p in players]


def change_row(text: str, change: TableChange, players: Sequence[str]) -> list[str | int]:
    """A table change: no number, the new dealer, its words; no points."""
    row: list[str | int] = ["", cell_text(change.dealer), cell_text(f"Tischwechsel: {text}")]
    return row + [""] * (len(GAME_COLUMNS) - len(row) + len(players))


def entry_rows(ledger: Ledger, players: Sequence[str]) -> Iterable[list[str | int]]:
    """The evening's games and table changes in order, with ``players``' columns, and the
    totals after the last game."""
    texts = iter(change_texts(ledger))
    words = sheet_words(ledger)
    for entry in ledger.entries:
        if isinstance(entry, TableChange):
            yield change_row(next(texts), entry, players)
        else:
            yield game_row(entry, words[entry.number - 1], players, ledger)
    yield totals_row(ledger.totals, players)


def evening_csv(ledger: Ledger) -> str:
    """The evening's games and table changes; every player of the evening, first the first
    seats, then the newcomers."""
    players = ledger.players
    return csv_text(GAME_COLUMNS + [cell_text(s) for s in players], entry_rows(ledger, players))


def runde_csv(evenings: Sequence[tuple[int, dt.date, Ledger]]) -> str:
    """Every game of a Runde: (number, date, ledger) per evening, each evening closed by its
    totals; one column for every player who sat at any evening, in order of first
    appearance, and a last row with everybody's points over all evenings."""
    players: list[str] = []
    for _, _, ledger in evenings:
        players.extend(s for s in ledger.players if s not in players)
    sums = dict.fromkeys(players, 0)
    for _, _, ledger in evenings:
        for name, total in ledger.totals.items():
            sums[name] += total
    rows = [[number, played_on.isoformat(), *row]
            for number, played_on, ledger in evenings for row in entry_rows(ledger, players)]
    if evenings:
        rows.append(["", "", *totals_row(sums, players, RUNDE_TOTALS)])
    return csv_text(RUNDE_COLUMNS + GAME_COLUMNS + [cell_text(p) for p in players], rows)


PART_GAMES = 500
"""The most games one PDF holds (``DOKO_PDF_PART_GAMES``): a longer evening is printed in
parts, each ready in a few seconds (scorer.printing renders them one by one)."""
WAIT_SECONDS = 3.0
"""How long a request answered in a thread of its own waits for its sheet
(``DOKO_PDF_WAIT_SECONDS``)."""
WAITING = threading.BoundedSemaphore(2)
"""At most this many threads of a worker wait for sheets at a time; the others answer the
table."""


@bp.get("/abend/<int:number>/zettel.pdf")
def sheet_pdf(token: str, number: int) -> ResponseReturnValue:
    """The printable A4 score sheet of an evening, as kept for its version; while it is
    being made, a page that says so and comes back for it (scorer.printing). An evening too
    long for one file gets a page with its parts (``?teil=``)."""
    evening = evening_or_404(token, number)
    sheet = services.sheet(evening)
    pieces = _parts(sheet)
    asked = request.args.get("teil")
    if asked is None and len(pieces) > 1:
        return render_template("zettel_parts.html", group=evening.group, evening=evening,
                               games=len(sheet.ledger.games), parts=pieces)
    if asked is not None and not (asked.isascii() and asked.isdigit()
                                  and 1 <= int(asked) <= len(pieces)):
        abort(404)
    part = pieces[int(asked) - 1] if asked is not None else pieces[0]
    job, context = _job(evening, sheet, part, len(pieces))
    if job.etag in request.if_none_match:
        return _pdf_response(b"", evening, part, job, not_modified=True)
    folder = _folder()
    pdf = printing.kept(folder, job)
    if pdf is None and printing.failed(folder, job):
        return render_template("error.html", title="Zettel nicht erstellt", message=(
            "Der Zettel konnte nicht erstellt werden. Bitte noch einmal versuchen.")), 500
    if pdf is None:
        printing.render(folder, job, context)
        # A worker that answers in threads may wait a moment: its other threads go on.
        if request.environ.get("wsgi.multithread") and WAITING.acquire(blocking=False):
            try:
                pdf = printing.wait(folder, job, current_app.config.get(
                    "DOKO_PDF_WAIT_SECONDS", WAIT_SECONDS))
            finally:
                WAITING.release()
    if pdf is None:
        games = part.last - part.first + 1
        response = current_app.make_response((render_template(
            "zettel_wait.html", group=evening.group, evening=evening, part=part,
            parts=len(pieces), games=games, seconds=_wait_for(games)), 202))
        response.headers["Cache-Control"] = "no-store"
        return response
    return _pdf_response(pdf, evening, part, job)


def prepare_sheet(evening: Evening, sheet: services.Sheet) -> None:
    """Have the sheet of ``evening`` made now, unless it is kept: a closed evening's sheet
    page asks, so that "Drucken / PDF" finds it there (the first part of a long one)."""
    pieces = _parts(sheet)
    job, context = _job(evening, sheet, pieces[0], len(pieces))
    folder = _folder()
    if not (folder / job.name).exists():
        printing.render(folder, job, context)


def _parts(sheet: services.Sheet) -> list[Part]:
    return parts(len(sheet.ledger.games),
                 current_app.config.get("DOKO_PDF_PART_GAMES", PART_GAMES))


def _folder() -> Path:
    return printing.folder_of(current_app.instance_path,
                              current_app.config.get("DOKO_PDF_FOLDER"))


def _job(evening: Evening, sheet: services.Sheet, part: Part,
         count: int) -> tuple[printing.Job, Callable[[], dict[str, Any]]]:
    """The sheet (part) of ``evening`` under the version of everything it shows, and how to
    get what it shows (the context, made only if it must be rendered)."""
    ledger = sheet.ledger
    title = f"{evening.group.name} · Abend {evening.number}"
    money = services.settlement(evening, ledger.totals)
    closed = evening.closed_at is not None
    job = printing.Job(evening.id, part.number, printing.version_of(
        sheet.key, title, evening.played_on, money, part, closed))
    return job, lambda: sheet_context(
        ledger, title=title, date=evening.played_on, settlement=money,
        part=part if count > 1 else None, words=tuple(sheet.words.values()), closed=closed)


def _wait_for(games: int) -> int:
    """Seconds until the waiting page asks again: about what the sheet takes to render."""
    return max(1, min(5, round(games / 100)))


def _pdf_response(pdf: bytes, evening: Evening, part: Part, job: printing.Job,
                  not_modified: bool = False) -> Response:
    """The sheet as a download named after the Runde, the evening and the part, under its
    version (ETag): asked again unchanged, it is not sent again (304)."""
    response = download(pdf, "application/pdf", _names_of(evening, "pdf", part))
    response.set_etag(job.etag)
    # Kept by nobody but the phone, and asked for again each time (the ETag answers).
    response.headers["Cache-Control"] = "private, no-cache"
    if not_modified:
        response.status_code = 304
        response.set_data(b"")
    return response


@bp.get("/abend/<int:number>/spiele.csv")
def evening_games(token: str, number: int) -> Response:
    """The evening's games as CSV."""
    evening = evening_or_404(token, number)
    return download(evening_csv(services.sheet(evening).ledger), "text/csv",
                    _names_of(evening, "csv"))


@bp.get("/spiele.csv")
def runde_games(token: str) -> Response:
    """Every game of every evening of the Runde as CSV."""
    group = group_or_404(token)
    sheets = services.sheets(group.evenings)
    body = services.kept_for_runde(group, sheets, "csv", lambda: runde_csv(
        [(s.evening.number, s.evening.played_on, s.ledger) for s in sheets]))
    return download(body, "text/csv", (file_name(group.name, None, None, "csv"),
                                       ascii_name(group.name, None, None, "csv")))


def _names_of(evening: Evening, extension: str, part: Part | None = None) -> tuple[str, str]:
    """An evening's download names: with the Runde's letters, and in ASCII; a part of a
    long evening's sheet says which ("…-teil-2.pdf")."""
    number = part.number if part is not None and part.of > 1 else None
    return (file_name(evening.group.name, evening.number, evening.played_on, extension, number),
            ascii_name(evening.group.name, evening.number, evening.played_on, extension, number))
