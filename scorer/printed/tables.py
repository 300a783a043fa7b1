"""The CSV files: what a spreadsheet gets of an evening, of a Runde, of the Kasse and of a club
evening.

The evening's CSV says what the sheet says, field by field, read from the same row model
(``scorer.words.rows``): one row per game with its number, dealer, kind, Re and Kontra with
their Augen, who took no trick, what was said, the Sonderpunkte, the winner, the breakdown,
the Bock factor (none for a redeal, which has no points to multiply), the value and the sheet's notes (a recorded game, RULES.md
§10.1, has no Grundwert; its note is its Wertung), then one column per player of the evening
with that game's points — "aus" for a player sitting out, empty for one not at the table. A
table change is a row of its own between the games, without a number, its words in
"Spielart"; the last row holds everybody's total ("Endstand").

Every file is UTF-8 with a byte order mark and semicolons, which is what LibreOffice and
Excel open without asking in a German locale, with every text cell kept from being run as a
formula.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from scorer.core.evening import Ledger
from scorer.words import csv as csv_words
from scorer.words import kasse as kasse_words
from scorer.words.club import FIGURE_SHORT
from scorer.words.formats import money_cell
from scorer.words.i18n import _
from scorer.words.rows import PLAYS, SITS_OUT, ChangeWords, RowWords, SheetWords
from scorer.words.sheet import sitting_out

if TYPE_CHECKING:
    from scorer.services.club_results import Results
    from scorer.services.year import Year

# A spreadsheet runs a cell starting with one of these as a formula; a player called
# "=HYPERLINK(…)" must stay a name (OWASP "CSV injection"). Our numbers are written as ints.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell_text(value: str) -> str:
    """A text cell as written: a leading formula character is escaped with a quote.

    >>> cell_text("=1+2"), cell_text("Anna")
    ("'=1+2", 'Anna')
    """
    return "'" + value if value.startswith(_FORMULA_START) else value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[str | int]]) -> str:
    """A CSV file's text: the header row, then ``rows``."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


# The headers and words are scorer.words.csv's, said in the language spoken now; the game
# columns' German is kept here under its old name for the code that counts them.
GAME_COLUMNS = list(csv_words.GAME_COLUMNS)
"""The columns of every game row before the players' points (German; said with
``csv_words.game_columns``)."""


def _names(players: Iterable[str]) -> str:
    return cell_text(", ".join(players))


def game_row(words: RowWords, players: Sequence[str]) -> list[str | int]:
    """One game: the game columns, then each of ``players``' points ("aus" when sitting
    out, empty when not at the table); every column a field of the game's row
    (scorer.words.rows), as the sheet says it."""
    re_eyes, kontra_eyes = words.re_eyes, words.kontra_eyes
    row: list[str | int] = [
        words.number, cell_text(words.dealer), cell_text(words.kind_column),
        _names(words.re) if re_eyes is not None else "",
        _names(words.kontra) if re_eyes is not None else "",
        re_eyes if re_eyes is not None else "",
        kontra_eyes if kontra_eyes is not None else "",
        words.trickless,
        cell_text(words.announced), cell_text(words.extras), cell_text(words.winner),
        cell_text(words.breakdown),
        # A redeal has no points to multiply: no factor, as the sheet shows none.
        "" if words.redeal else words.bock,
        "" if words.value is None else words.value,
        # Who had a Hochzeit or an Armut, as the sheet and the PDF say it, first.
        cell_text(" · ".join(words.hints)),
    ]
    out = sitting_out()
    row.extend(points if state == PLAYS else out if state == SITS_OUT else ""
               for state, points, _total in words.cells(players))
    return row


def totals_row(totals: Mapping[str, int], players: Sequence[str],
               label: str | None = None) -> list[str | int]:
    """Everybody's total: ``label`` in "Spielart" ("Endstand" unless given), empty where a
    player has none."""
    row: list[str | int] = ["", "", csv_words.totals_label() if label is None else label]
    row += [""] * (len(GAME_COLUMNS) - len(row))
    return row + [totals[p] if p in totals else "" for p in players]


def change_row(words: ChangeWords, players: Sequence[str]) -> list[str | int]:
    """A table change: no number, the new dealer, its words; no points."""
    row: list[str | int] = ["", cell_text(words.dealer), cell_text(words.cell)]
    return row + [""] * (len(GAME_COLUMNS) - len(row) + len(players))


def entry_rows(ledger: Ledger, players: Sequence[str]) -> Iterable[list[str | int]]:
    """The evening's games and table changes in order, with ``players``' columns, and the
    totals after the last game."""
    for row in SheetWords(ledger).entries():
        if isinstance(row, ChangeWords):
            yield change_row(row, players)
        else:
            yield game_row(row, players)
    yield totals_row(ledger.totals, players)


def evening_csv(ledger: Ledger) -> str:
    """The evening's games and table changes; every player of the evening, first the first
    seats, then the newcomers."""
    players = ledger.players
    return csv_text(csv_words.game_columns() + [cell_text(s) for s in players],
                    entry_rows(ledger, players))


def runde_csv(evenings: Sequence[tuple[int, dt.date, Ledger]]) -> str:
    """Every game of a Runde: (number, date, ledger) per evening, each evening closed by its
    totals; one column for every player who sat at any evening, in order of first
    appearance, and a last row with everybody's points over all evenings."""
    players: list[str] = []
    for _number, _day, ledger in evenings:
        players.extend(s for s in ledger.players if s not in players)
    sums = dict.fromkeys(players, 0)
    for _number, _day, ledger in evenings:
        for name, total in ledger.totals.items():
            sums[name] += total
    rows = [[number, played_on.isoformat(), *row]
            for number, played_on, ledger in evenings for row in entry_rows(ledger, players)]
    if evenings:
        rows.append(["", "", *totals_row(sums, players, csv_words.runde_totals_label())])
    return csv_text(csv_words.runde_columns() + csv_words.game_columns()
                    + [cell_text(p) for p in players], rows)


# ------------------------------------------------------------------ the Kasse


KASSE_COLUMNS = list(csv_words.KASSE_COLUMNS)
"""The Kasse's CSV: one row per charge (per evening and member) and per deposit or
expense; amounts in euros with the language's decimal mark. German: ``kasse_header`` says
them in the language spoken now."""


def kasse_header() -> list[str]:
    """The Kasse's columns in the language spoken now."""
    return csv_words.kasse_columns()


def kasse_rows(year: Year) -> list[list[str | int]]:
    """Charges of every evening settled into the Kasse (an evening's fixed fee is in its
    share and said in the text: "Beitrag 2,00 €"), the items (fines, drinks …: their kind,
    the evening if any, their text), money handed in, then deposits and expenses, by date.
    "Bezahlt" is what is paid of a charge: marked paid, or netted (issue 37)."""
    marks = year.everything.marks
    state = year.kasse
    rows: list[tuple[dt.date, int, list[str | int]]] = []
    for c in year.everything.charges:
        paid = state.settled(c, marks)
        if c.item is not None:
            rows.append((c.date, 0, [c.date.isoformat(), kasse_words.item_kind(c.item.kind),
                                     "" if c.item.evening is None else c.item.evening,
                                     cell_text(c.player), cell_text(c.item.text),
                                     money_cell(c.cents), money_cell(paid),
                                     money_cell(c.cents - paid)]))
            continue
        rows.append((c.date, 0, [c.date.isoformat(),
                                 csv_words.kasse_kind(True, absent=c.absent), c.key,
                                 cell_text(c.player),
                                 csv_words.fee_text(c.fee) if c.fee else "",
                                 money_cell(c.cents), money_cell(paid),
                                 money_cell(c.cents - paid)]))
    for _id, day, name, cents in year.payments:
        rows.append((day, 1, [day.isoformat(), csv_words.handed_kind(), "", cell_text(name),
                              "", money_cell(cents), "", ""]))
    for line in year.entries:
        e = line.entry
        rows.append((e.date, 2, [e.date.isoformat(),
                                 csv_words.kasse_kind(False, deposit=e.cents > 0), "", "",
                                 cell_text(e.text), money_cell(e.cents), "", ""]))
    rows.sort(key=lambda r: (r[0], r[1]))
    return [r[2] for r in rows]


# ------------------------------------------------------------------ the club evening


def ranking_rows(results: Results) -> Iterable[list[str | int]]:
    """One row per player: place, number, name, per round the table, the raw points and the
    figure, then the sum, the points and the solos won. A missed round says "verpasst" for
    the table, 0 points and what it gives in the figure (the page's and the PDF's "(−3)"),
    so that the round columns add up to the sum."""
    seats: dict[tuple[int, str], tuple[int, int]] = {}
    for round_ in results.started:
        for table in round_.tables:
            if table.ledger is not None:
                for name, total in table.ledger.totals.items():
                    seats[(round_.number, name)] = (table.number, total)
    for standing in results.standings:
        row: list[str | int] = [standing.rank, results.numbers[standing.player],
                                cell_text(standing.player)]
        for round_, value in zip(results.started, standing.rounds):
            seat = seats.get((round_.number, standing.player))
            # A missed round: no table, no points, and what it gives in the figure, so
            # that the cells add up to the sum as on the page and the PDF.
            row += ([csv_words.missed_round(), 0, results.absent]
                    if seat is None or value is None else [*seat, value])
        row += [standing.figure, standing.points, standing.solos_won]
        yield row


def ranking_header(results: Results) -> list[str]:
    """The CSV's columns."""
    return csv_words.ranking_columns(_(FIGURE_SHORT[results.by_table_points]),
                                     [r.number for r in results.started])
