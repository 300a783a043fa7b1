"""Score sheets as rows: a paper sheet typed into a spreadsheet and saved as CSV, or an XLSX
workbook (the Doppelkopffreunde-Ramsdorf export: one sheet per evening, handed in as rows by
:mod:`scorer.importers.xlsx`).

A header row names the columns: one per player (clockwise, as the players sat), and optionally
the date (``Datum``; rows with another date start another evening), a time stamp
(``Zeitpunkt``: the evening's date is the first one's), the dealer (``Geber``) and a note
(``Notiz``, ``Kommentar``); a few more columns a sheet may carry (``#``, ``Spieltyp``,
``Bockrunde``, ``Solo-Spieler`` …) are read into the note or skipped. Every other row is one
game; an empty player cell means that player was not at the table (or sat out), a ``Summe``
row is checked against the games and not imported.

What the numbers are is detected and said in the evening's notes:

* *points per game* or *running totals* (the points are then the differences): whichever
  reading makes more rows look like a game (two values, or one side written);
* *plus and minus* (every game sums to 0, taken as written), or *only minus points* (the
  winners wrote 0, as on the Ramsdorf sheet) / *only plus points*: the game's winners then get
  what its losers paid (a normal game +p/−p, a won solo +3p/−p), so every game sums to 0 as
  a recorded game must. The sheet's own totals are kept as the source totals, for the
  preview's comparison.

Numbers may use a decimal comma or point (1,0 and 1.0); they must be whole. Pure: imports only
the standard library and the core.
"""

from __future__ import annotations

import csv
import datetime as dt
import decimal
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from scorer.core.evening import EveningSetup, Ledger, fold, resume
from scorer.core.rules import HouseRules
from scorer.importers.common import (
    Problems,
    check_game_count,
    date_in_text,
    note_of,
    player_name,
    quoted,
    signed,
)
from scorer.importers.plan import (
    MAX_GAMES,
    Content,
    FileFormat,
    ImportMode,
    ImportPlan,
    ImportRefused,
    PlannedEvening,
    SourceFormat,
    refuse,
)
from scorer.words.i18n import _, ngettext
from scorer.words.imports import grouped

Cell = str | int | float | decimal.Decimal | dt.date | dt.datetime | None
"""What a spreadsheet cell may hold."""

MAX_COLUMNS = 200
"""A score sheet wider than this is no score sheet."""
MAX_CELLS = 1_000_000
"""Filled cells in all sheets together: 50,000 games of 20 filled cells each. Counted while
the file is read, before a cell is looked at (a 16 MB CSV of 200 filled columns took 16 s and
600 MB)."""
MAX_PREAMBLE = 20
"""Rows above the header (a title, a date) looked at before giving up."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet as rows of cells; ``name`` is the workbook sheet's name (None for CSV)."""

    name: str | None
    rows: Sequence[Sequence[Cell]]


WorkbookReader = Callable[[bytes], Sequence[Sheet]]
"""Turns an XLSX file's bytes into its sheets (:func:`scorer.importers.xlsx.read_workbook`)."""


@dataclass(frozen=True, slots=True)
class Workbook:
    """A ZIP file taken for an XLSX workbook, not read yet: it is read only once nothing
    else refuses the file (a file refused before is never opened)."""

    data: bytes
    read: WorkbookReader
    """What turns ``data`` into sheets (openpyxl's adapter unless the caller hands another)."""


class Role(Enum):
    """What a column holds."""

    PLAYER = "player"
    DATE = "date"
    TIME = "time"
    DEALER = "dealer"
    NOTE = "note"
    META = "meta"
    SKIP = "skip"


_HEADERS: dict[str, Role] = {
    **dict.fromkeys(("datum", "date", "tag", "spieltag", "abend"), Role.DATE),
    **dict.fromkeys(("zeitpunkt", "zeit", "uhrzeit", "time", "gespielt am"), Role.TIME),
    **dict.fromkeys(("geber", "dealer", "gibt", "kartengeber"), Role.DEALER),
    **dict.fromkeys(("notiz", "notizen", "note", "notes", "kommentar", "kommentare",
                     "bemerkung", "bemerkungen", "anmerkung", "comment"), Role.NOTE),
    **dict.fromkeys(("spieltyp", "spielart", "solo-spieler", "hochzeit-spieler", "bockrunde",
                     "bock", "re-ansage", "kontra-ansage"), Role.META),
    **dict.fromkeys(("#", "nr", "nr.", "no", "no.", "spiel", "spiel-nr", "spielnr", "game",
                     "runde", "siegerpartei", "sieger", "gewinner", "parteipunkte", "wert",
                     "spielwert", "punkte"), Role.SKIP),
}
"""Known column names (compared in lower case); any other named column is a player."""

SUM_WORDS = frozenset({"summe", "summen", "gesamt", "total", "σ", "∑", "endstand"})
_EMPTY = frozenset({"", "-", "–", "—", "x"})
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")
"""A number as a sheet writes it: ASCII digits only (a regular expression's digit class takes any
script's digits, and "¹")."""
_DECIMAL_COMMA = re.compile(r"[+\-−]?[0-9]{1,3}(?:\.[0-9]{3})*,[0-9]+")


# ------------------------------------------------------------------ CSV text to rows


def csv_sheet(text: str) -> Sheet:
    """A CSV text as rows; the delimiter (``;``, tab or ``,``) is the one that splits the
    first lines most evenly into at least four columns."""
    lines = [line for line in text.splitlines() if line.strip()]
    check_game_count(len(lines) - 1)
    best, best_score = ";", -1
    for delimiter in (";", "\t", ","):
        try:
            widths = [len(r) for r in csv.reader(lines[:30], delimiter=delimiter)]
        except csv.Error:
            continue
        wide = [w for w in widths if w >= 4]
        score = max((wide.count(w) for w in set(wide)), default=0)
        if score > best_score:
            best, best_score = delimiter, score
    rows = []
    filled = 0
    try:
        for row in csv.reader(io.StringIO(text), delimiter=best):
            filled += sum(1 for cell in row if cell)
            if filled > MAX_CELLS:
                raise too_many_cells()
            rows.append(row)
    except csv.Error as err:
        raise refuse("", _("keine lesbare CSV-Datei (%(error)s)") % {"error": err}) from None
    return Sheet(None, rows)


def too_many_cells() -> ImportRefused:
    """The refusal of a file with more than MAX_CELLS filled cells."""
    return refuse("", _("mehr als %(most)s ausgefüllte Zellen (eine Tabelle mit %(games)s "
                        "Spielen hat weniger)") % {"most": grouped(MAX_CELLS),
                                                  "games": grouped(MAX_GAMES)})


# ------------------------------------------------------------------ cells


def _text(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, (dt.datetime, dt.date)):
        return cell.isoformat()
    return str(cell).strip()


def _decimal_comma(sheets: Sequence[Sheet]) -> bool:
    """Whether the file writes decimals with a comma (1,5), seen in any cell."""
    return any(isinstance(cell, str) and _DECIMAL_COMMA.fullmatch(cell.strip())
               for sheet in sheets for row in sheet.rows for cell in row)


def _points(cell: Cell, place: str, comma: bool) -> int | None:
    """A player's cell: None when empty (not at the table), else a whole number."""
    if cell is None or isinstance(cell, (dt.date, dt.datetime)) or isinstance(cell, bool):
        if cell is None:
            return None
        raise refuse(place, _("%(value)s ist keine Zahl") % {"value": quoted(_text(cell))})
    if isinstance(cell, int):
        return cell
    if isinstance(cell, (float, decimal.Decimal)):
        value = decimal.Decimal(str(cell)) if isinstance(cell, float) else cell
    else:
        text = cell.strip()
        digits = text[1:] if text[:1] == "-" else text
        if digits.isascii() and digits.isdigit() and len(digits) <= 9:
            number = int(text)  # the common case, without the decimal detour
            if abs(number) > 1_000_000:
                raise refuse(place, _("%(value)s ist zu groß für ein Spiel") % {"value": quoted(text)})
            return number
        if text.casefold() in _EMPTY:
            return None
        plain = (text.replace("\u2212", "-").replace("\u00a0", "").replace(" ", "")
                 .replace("'", ""))
        plain = plain.replace(".", "").replace(",", ".") if comma else plain.replace(",", "")
        if not _NUMBER.fullmatch(plain):
            raise refuse(place, _("%(value)s ist keine Zahl") % {"value": quoted(text)})
        value = decimal.Decimal(plain)
    if not value.is_finite() or value != value.to_integral_value():
        raise refuse(place, _("%(value)s ist keine ganze Zahl") % {"value": quoted(_text(cell))})
    number = int(value)
    if abs(number) > 1_000_000:
        raise refuse(place, _("%(value)s ist zu groß für ein Spiel")
                     % {"value": quoted(_text(cell))})
    return number


def _date(cell: Cell, place: str) -> dt.date | None:
    if cell is None or (isinstance(cell, str) and not cell.strip()):
        return None
    if isinstance(cell, dt.datetime):
        return cell.date()
    if isinstance(cell, dt.date):
        return cell
    found = date_in_text(cell) if isinstance(cell, str) else None
    if found is None:
        raise refuse(place, _("%(value)s ist kein gültiges Datum") % {"value": quoted(_text(cell))})
    return found


# ------------------------------------------------------------------ header


def _role(header: str) -> Role:
    key = " ".join(header.casefold().rstrip(":").split())
    return _HEADERS.get(key, Role.PLAYER)


def _is_number(cell: Cell) -> bool:
    return (isinstance(cell, (int, float, decimal.Decimal)) and not isinstance(cell, bool)) or (
        isinstance(cell, str) and bool(re.fullmatch(r"[+\-−]?[\d.,' ]+", cell.strip())))


def _header_row(sheet: Sheet, where: str) -> int:
    """The index of the header: the first row naming at least four players."""
    index = _find_header(sheet)
    if index is None:
        raise refuse(where, _no_header())
    return index


def _no_header() -> str:
    return _("keine Kopfzeile mit mindestens vier Spielernamen gefunden")


def _find_header(sheet: Sheet) -> int | None:
    for index, row in enumerate(sheet.rows[:MAX_PREAMBLE + 1]):
        named = [c for c in row if isinstance(c, str) and c.strip() and not _is_number(c)
                 and _role(c) is Role.PLAYER]
        if len(named) >= 4:
            return index
    return None


@dataclass(slots=True)
class _Columns:
    players: dict[int, str] = field(default_factory=dict)
    roles: dict[int, tuple[Role, str]] = field(default_factory=dict)

    def first(self, role: Role) -> int | None:
        return next((i for i, (r, _) in self.roles.items() if r is role), None)


def _columns(header: Sequence[Cell], where: str) -> _Columns:
    if len(header) > MAX_COLUMNS:
        raise refuse(where, _("mehr als %(most)s Spalten: keine Spieltabelle") % {"most": MAX_COLUMNS})
    columns = _Columns()
    for index, cell in enumerate(header):
        text = _text(cell)
        if not text:
            continue
        role = _role(text)
        if role is Role.PLAYER:
            column = _column(where, index + 1)
            name = player_name(text, column)
            if name in columns.players.values():
                raise refuse(column, _("der Spieler %(name)s hat schon eine Spalte")
                             % {"name": quoted(name)})
            columns.players[index] = name
        else:
            columns.roles[index] = (role, text)
    return columns


# ------------------------------------------------------------------ rows


@dataclass(slots=True)
class _Row:
    number: int
    """The row's number as a spreadsheet shows it (1-based)."""
    values: dict[str, int]
    """Players with a cell, in column order."""
    date: dt.date | None = None
    time: dt.date | None = None
    dealer: str | None = None
    note: str | None = None
    absent: dict[str, str] = field(default_factory=dict)
    """Players whose cell was written but read as not at the table ("x", "-"), with it."""


@dataclass(slots=True)
class _Block:
    """The rows of one evening, and the sum row that closed it (if any)."""

    rows: list[_Row] = field(default_factory=list)
    sums: _Row | None = None


def _meta_note(row: Sequence[Cell], columns: _Columns) -> str | None:
    """The note of a row: its note column and what the sheet's other columns say."""
    words: dict[str, str] = {}
    for index, (role, header) in columns.roles.items():
        text = " ".join(_text(row[index]).split()) if index < len(row) else ""
        if role in (Role.META, Role.NOTE) and text:
            words[header.casefold()] = text
    parts: list[str | None] = []
    kind = words.get("spieltyp") or words.get("spielart")
    if kind and kind.casefold() != "normal":
        who = words.get("solo-spieler") if kind.casefold() == "solo" else (
            words.get("hochzeit-spieler") if kind.casefold() == "hochzeit" else None)
        parts.append(f"{kind} {who}" if who else kind)
    bock = words.get("bockrunde") or words.get("bock")
    if bock and bock.casefold() in ("ja", "true", "1", "x", "yes"):
        parts.append("Bock")
    for key, label in (("re-ansage", "Re"), ("kontra-ansage", "Kontra")):
        if words.get(key):
            parts.append(f"{label}: {words[key]}")
    parts += [text for header, text in words.items()
              if _role(header) is Role.NOTE]
    return note_of(parts)


def _blocks(sheet: Sheet, start: int, columns: _Columns, where: str,
            comma: bool, problems: Problems) -> list[_Block]:
    """The game rows after the header, split into evenings by the date column and by sum
    rows; dates carried down to rows that leave theirs empty. A row that cannot be read goes
    into ``problems`` and is left out, so that one refusal names every such row."""
    width = len(sheet.rows[start])
    blocks: list[_Block] = [_Block()]
    current: dt.date | None = None
    for index in range(start + 1, len(sheet.rows)):
        raw = sheet.rows[index]
        if not any(_text(c) for c in raw):
            continue
        try:
            row, is_sum = _read_row(raw, index + 1, where, width, columns, comma)
        except ImportRefused as err:
            for problem in err.problems:
                problems.add(*problem)
            continue
        if is_sum:
            blocks[-1].sums = row
            blocks.append(_Block())
            continue
        if row.date is not None and current is not None and row.date != current \
                and blocks[-1].rows:
            blocks.append(_Block())
        current = row.date or current
        if row.date is None:
            row.date = current
        blocks[-1].rows.append(row)
    return [b for b in blocks if b.rows or b.sums]


def _read_row(raw: Sequence[Cell], number: int, where: str, width: int, columns: _Columns,
              comma: bool) -> tuple[_Row, bool]:
    """One row of the sheet: its values, date, dealer and note; and whether it is a sum row.
    Every cell that cannot be read is named in one refusal."""
    place = _line(where, number)
    if any(_text(c) for c in raw[width:]):
        raise refuse(place, _("mehr Einträge als die Kopfzeile Spalten hat"))
    cells = list(raw) + [None] * (width - len(raw))
    labels = [_text(cells[i]).casefold() for i in columns.roles if i < len(cells)]
    is_sum = any(label in SUM_WORDS for label in labels) or (
        _text(cells[0]).casefold() in SUM_WORDS)
    if is_sum and 0 in columns.players:
        cells[0] = None  # "Summe" written into the first player's column
    problems: list[tuple[str, str]] = []
    values: dict[str, int] = {}
    absent: dict[str, str] = {}
    for i, name in columns.players.items():
        try:
            value = _points(cells[i], _column(place, name), comma)
        except ImportRefused as err:
            problems += err.problems
            continue
        if value is not None:
            values[name] = value
        elif _text(cells[i]):
            absent[name] = _text(cells[i])
    row = _Row(number, values, absent=absent)
    if not is_sum:
        for role in (Role.DATE, Role.TIME):
            col = columns.first(role)
            if col is None or col >= len(cells):
                continue
            try:
                found = _date(cells[col], _column(place, columns.roles[col][1]))
            except ImportRefused as err:
                problems += err.problems
                continue
            if role is Role.DATE:
                row.date = found
            else:
                row.time = found
        dealer_col = columns.first(Role.DEALER)
        if dealer_col is not None and dealer_col < len(cells) and _text(cells[dealer_col]):
            dealer = " ".join(_text(cells[dealer_col]).split())
            match = [n for n in columns.players.values() if n.casefold() == dealer.casefold()]
            if match:
                row.dealer = match[0]
            else:
                problems.append((_column(place, columns.roles[dealer_col][1]),
                                 _("der Geber %(name)s hat keine Spalte")
                                 % {"name": quoted(dealer)}))
        row.note = _meta_note(cells, columns)
    if problems:
        raise ImportRefused(problems)
    return row, is_sum


# ------------------------------------------------------------------ what the numbers are


class Shape(Enum):
    """Points per game, or running totals."""

    POINTS = "points"
    TOTALS = "totals"


class Sign(Enum):
    """How a sheet writes a game's points."""

    ZERO_SUM = "zero_sum"
    """Plus and minus: every game sums to 0."""
    MINUS = "minus"
    """Only minus points: the winners write 0."""
    PLUS = "plus"
    """Only plus points: the losers write 0."""


def _looks_like_a_game(values: Mapping[str, int]) -> bool:
    """A row as a game: two values summing to 0 (or all 0), or one side written and the
    other 0; sitting out players with 0 do not count."""
    numbers = list(values.values())
    if len(numbers) < 4:
        return False
    while len(numbers) > 4 and 0 in numbers:
        numbers.remove(0)
    if len(numbers) > 4:  # more than four players scored: no game of four
        return False
    if sum(numbers) == 0:
        return len(set(numbers)) <= 2
    return 0 in numbers and (all(v <= 0 for v in numbers) or all(v >= 0 for v in numbers))


def _differences(blocks: list[_Block]) -> list[list[dict[str, int]]]:
    """Running totals read as each game's points; an evening's first row counts from the
    last totals of the one before when that reads as a game and from 0 does not."""
    out: list[list[dict[str, int]]] = []
    last: dict[str, int] = {}
    for block in blocks:
        rows: list[dict[str, int]] = []
        if block.rows and last:
            first = block.rows[0].values
            carried = {p: v - last.get(p, 0) for p, v in first.items()}
            if not (_looks_like_a_game(carried) and not _looks_like_a_game(first)):
                last = {}
        for row in block.rows:
            rows.append({p: v - last.get(p, 0) for p, v in row.values.items()})
            last = {**last, **row.values}
        out.append(rows)
    return out


def _sign(games: list[list[dict[str, int]]]) -> Sign | None:
    flat = [g for rows in games for g in rows]
    if all(sum(g.values()) == 0 for g in flat):
        return Sign.ZERO_SUM
    if all(v <= 0 for g in flat for v in g.values()):
        return Sign.MINUS
    if all(v >= 0 for g in flat for v in g.values()):
        return Sign.PLUS
    return None


def _shape(blocks: list[_Block]) -> tuple[Shape, list[list[dict[str, int]]]]:
    raw = [[row.values for row in block.rows] for block in blocks]
    diffs = _differences(blocks)
    as_points = sum(_looks_like_a_game(v) for rows in raw for v in rows)
    as_totals = sum(_looks_like_a_game(v) for rows in diffs for v in rows)
    if as_totals > as_points:
        return Shape.TOTALS, diffs
    return Shape.POINTS, raw


# ------------------------------------------------------------------ one evening


def _line(prefix: str, number: int) -> str:
    """A row of the sheet as a place: "Zeile 7", after the sheet's prefix ("Tabellenblatt
    „Mai“, ")."""
    return prefix + _("Zeile %(number)s") % {"number": number}


def _column(place: str, column: int | str) -> str:
    """A column of a row (or of the header) as a place: "Zeile 7, Spalte Anna"."""
    return _("%(place)s, Spalte %(column)s") % {"place": place, "column": column}


def _too_few(count: int) -> str:
    # German says it alike for every count; English counts
    return ngettext(
        "nur %(count)s Spieler haben Punkte; ein Spiel hat vier (eine leere Zelle, „x“ oder "
        "„-“ heißt: nicht am Tisch; bei den vier Spielern die Punkte eintragen)",
        "nur %(count)s Spieler haben Punkte; ein Spiel hat vier (eine leere Zelle, „x“ oder "
        "„-“ heißt: nicht am Tisch; bei den vier Spielern die Punkte eintragen)",
        count) % {"count": count}


def _not_zero(total: int, row: _Row) -> str:
    """A row that does not add up; the cells read as not at the table are named, since a
    mark meant otherwise ("-" for a forgotten number) is the likely slip."""
    message = _("die Punkte ergeben zusammen %(total)s, nicht 0") % {"total": signed(total)}
    if not row.absent:
        return message
    marks = ", ".join(f"{name}: {quoted(text)}" for name, text in row.absent.items())
    return ngettext("%(message)s (%(marks)s zählt als nicht am Tisch)",
                    "%(message)s (%(marks)s zählen als nicht am Tisch)",
                    len(row.absent)) % {"message": message, "marks": marks}


def _four(values: dict[str, int], row: _Row, sign: Sign, place: str) -> dict[str, int]:
    """The game's four players: more than four cells are allowed only where the extra
    players wrote 0 and it is clear who sat out."""
    if len(values) < 4:
        raise refuse(place, _too_few(len(values)))
    extra = len(values) - 4
    if not extra:
        return values
    zeros = [p for p, v in values.items() if v == 0]
    if row.dealer is not None and row.dealer in zeros and extra == 1:
        out = [row.dealer]  # with five at the table the dealer sits out
    elif sign is Sign.ZERO_SUM and len(zeros) >= extra:
        out = zeros[-extra:]
    else:
        raise refuse(place, _("%(count)s Spieler haben Einträge; ein Spiel hat vier (die Zelle "
                              "eines Aussetzers leer lassen)") % {"count": len(values)})
    return {p: v for p, v in values.items() if p not in out}


def _even_up(values: dict[str, int], row: _Row, sign: Sign, place: str,
             notes: list[str]) -> dict[str, int]:
    """One-sided points made plus and minus: the winners (the players at the best value)
    get, shared evenly, what the losers paid; a remainder goes one each to the first."""
    if sign is Sign.ZERO_SUM:
        total = sum(values.values())
        if total:
            raise refuse(place, _not_zero(total, row))
        return values
    best = max(values.values()) if sign is Sign.MINUS else min(values.values())
    winners = [p for p, v in values.items() if v == best]
    if len(winners) == len(values):
        return dict.fromkeys(values, 0)
    paid = {p: v - best for p, v in values.items() if p not in winners}
    pot = -sum(paid.values())
    share, rest = divmod(abs(pot), len(winners))
    sign_of = 1 if pot >= 0 else -1
    out = dict(paid)
    for k, name in enumerate(winners):
        out[name] = sign_of * (share + (1 if k < rest else 0))
    if rest:
        notes.append(_("%(place)s: %(points)s Punkte lassen sich nicht gleich auf %(players)s "
                       "Spieler verteilen; die ersten bekommen je einen mehr.")
                     % {"place": place, "points": abs(pot), "players": len(winners)})
    return {p: out[p] for p in values}


@dataclass(slots=True)
class _Evening:
    place: str
    rows: list[_Row]
    games: list[dict[str, int]]
    sums: _Row | None
    date: dt.date | None


def _seats_by_row(rows: list[_Row], order: list[str], place: str) -> list[tuple[str, ...]]:
    """Who sat at the table at each row, in column order.

    A player with no cell in a game sat out, unless they missed more games in a row at the
    start (or the end) than sitting out can explain: with n at the table and four playing a
    player sits out at most n − 4 games in a row, so a longer gap before their first (after
    their last) game means they came later (left earlier): a table change.
    """
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for k, row in enumerate(rows):
        for name in [*row.values, *([row.dealer] if row.dealer else [])]:
            first.setdefault(name, k)
            last[name] = k
    slack = max(len(first) - 4, 0)
    joined = {p: k if k > slack else 0 for p, k in first.items()}
    left = {p: k if len(rows) - 1 - k > slack else len(rows) for p, k in last.items()}
    seats = []
    for k, row in enumerate(rows):
        table = tuple(p for p in order if p in first and joined[p] <= k <= left[p])
        if len(table) > 7:
            raise refuse(_line(place, row.number), _("%(count)s Spieler zugleich am Tisch "
                                                     "(höchstens 7)") % {"count": len(table)})
        seats.append(table)
    return seats


def _evening_plan(evening: _Evening, order: list[str], sign: Sign, shape: Shape,
                  title: str | None, rules: HouseRules, where: str) -> PlannedEvening:
    notes: list[str] = []
    games: list[dict[str, int]] = []
    problems = Problems()
    for row, values in zip(evening.rows, evening.games):
        place = _line(where, row.number)
        try:
            games.append(_even_up(_four(values, row, sign, place), row, sign, place, notes))
        except ImportRefused as err:
            for problem in err.problems:
                problems.add(*problem)
    problems.raise_if_any()
    seats = _seats_by_row(evening.rows, order, where)
    for row, table in zip(evening.rows, seats):
        if len(table) < 4:
            raise refuse(_line(where, row.number),
                         ngettext("nur %(count)s Spieler am Tisch", "nur %(count)s Spieler am Tisch",
                                  len(table)) % {"count": len(table)})
    first_dealer = evening.rows[0].dealer
    if first_dealer is not None and first_dealer not in seats[0]:
        raise refuse(_line(where, evening.rows[0].number),
                     _("der Geber %(name)s sitzt nicht am Tisch") % {"name": quoted(first_dealer)})
    entries: list[dict[str, Any]] = []
    places: list[str] = []
    dealers = _Dealers(rules, seats[0], first_dealer)
    for k, (row, points) in enumerate(zip(evening.rows, games)):
        table = seats[k]
        place = _line(where, row.number)
        change: dict[str, Any] | None = None
        if k and table != seats[k - 1]:
            change = {"table": list(table)}
        if k and row.dealer is not None and dealers.known:
            if row.dealer not in table:
                raise refuse(place, _("der Geber %(name)s sitzt nicht am Tisch")
                             % {"name": quoted(row.dealer)})
            if change is not None:
                change["dealer"] = row.dealer
            elif row.dealer == dealers.last_dealer():
                entries[-1]["dealer_stays"] = True
                dealers.stayed(entries[-1])
            elif row.dealer != dealers.next_dealer():
                change = {"table": list(table), "dealer": row.dealer}
                notes.append(_("%(place)s: %(name)s gibt außer der Reihe.")
                             % {"place": place, "name": row.dealer})
        if change is not None:
            entries.append(change)
            places.append(place)
            dealers.add(change)
        entry: dict[str, Any] = {"kind": "recorded", "points": points}
        if len(table) > 4:
            entry["players"] = list(points)
        if row.note:
            entry["note"] = row.note
        entries.append(entry)
        places.append(place)
        dealers.add(entry)
    totals = _source_totals(evening, shape, seats)
    return PlannedEvening(place=evening.place, title=title, date=evening.date, rules=rules,
                          seats=seats[0], first_dealer=first_dealer, entries=tuple(entries),
                          source_totals=totals, entry_places=tuple(places), notes=tuple(notes))


class _Dealers:
    """Who deals, as the core will fold it: only followed when the sheet has a dealer column
    (then a row naming the same dealer again means the dealer stayed)."""

    def __init__(self, rules: HouseRules, seats: tuple[str, ...], first: str | None) -> None:
        self.known = first is not None
        self.ledger: Ledger | None = None
        self.before_last: Ledger | None = None
        if first is not None:
            self.ledger = fold(EveningSetup(rules=rules, seats=seats, first_dealer=first), [])

    def add(self, entry: dict[str, Any]) -> None:
        if self.ledger is not None:
            if "table" not in entry:
                self.before_last = self.ledger
            self.ledger = resume(self.ledger, [entry])

    def stayed(self, entry: dict[str, Any]) -> None:
        """The last game gets ``dealer_stays``: fold it again from before it."""
        assert self.before_last is not None
        self.ledger = resume(self.before_last, [entry])

    def next_dealer(self) -> str | None:
        return self.ledger.next.dealer if self.ledger is not None else None

    def last_dealer(self) -> str | None:
        if self.ledger is None or not self.ledger.games:
            return None
        return self.ledger.games[-1].dealer


def _source_totals(evening: _Evening, shape: Shape,
                   seats: list[tuple[str, ...]]) -> dict[str, int]:
    """What the sheet itself says each player ended the evening with: the sum of the
    points as written (running totals: of their differences); a sum row must agree."""
    totals = dict.fromkeys((p for table in seats for p in table), 0)
    for game in evening.games:
        for name, value in game.items():
            totals[name] += value
    if evening.sums is not None:
        written_last: dict[str, int] = {}
        for row in evening.rows:
            written_last.update(row.values)
        for name, written in evening.sums.values.items():
            expected = written_last.get(name, 0) if shape is Shape.TOTALS \
                else totals.get(name, 0)
            if written != expected:
                raise refuse(_("%(place)s, Zeile %(number)s (Summe), Spalte %(column)s")
                             % {"place": evening.place, "number": evening.sums.number,
                                "column": name},
                             _("steht %(written)s, die Spiele ergeben %(expected)s")
                             % {"written": written, "expected": expected})
    return totals


# ------------------------------------------------------------------ the sheets


def _sheet_where(sheet: Sheet, workbook: bool) -> str:
    return _("Tabellenblatt %(name)s") % {"name": quoted(sheet.name or "")} if workbook else ""


_RAMSDORF_NAME = re.compile(r"^\d+_(\d{2}-\d{2}-\d{4})_?(.*)$")


def _title_and_date(sheet: Sheet, file_name: str, workbook: bool) -> tuple[str | None,
                                                                         dt.date | None]:
    stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if workbook and sheet.name:
        match = _RAMSDORF_NAME.match(sheet.name)
        if match:
            return (match[2].strip() or None), date_in_text(match[1])
        return sheet.name, date_in_text(sheet.name)
    return (stem or None), date_in_text(stem)


def _unbalanced_rows(blocks: list[_Block], prefix: str, problems: Problems) -> None:
    """Beside cells that cannot be read: the readable rows with fewer than four players,
    and those that do not add up to 0 in a sheet whose rows mostly do (points per game or
    running totals of plus and minus, where every row sums to 0; a one-sided sheet is left
    alone), so that one upload names them all."""
    rows = [row for block in blocks for row in block.rows]
    full = [row for row in rows if len(row.values) >= 4]
    balanced = sum(1 for row in full if sum(row.values.values()) == 0)
    zero_sum = bool(full) and balanced * 2 >= len(full)
    for row in rows:
        total = sum(row.values.values())
        if len(row.values) < 4:
            problems.add(_line(prefix, row.number), _too_few(len(row.values)))
        elif zero_sum and total:
            problems.add(_line(prefix, row.number), _not_zero(total, row))


def _read_sheet(sheet: Sheet, *, file_name: str, workbook: bool, rules: HouseRules,
                comma: bool, notes_out: list[str]) -> list[PlannedEvening]:
    """The evenings of one sheet, or a refusal naming every row that cannot be read (every
    row whose points do not add up, every game of one evening that is no game)."""
    where = _sheet_where(sheet, workbook)
    prefix = f"{where}, " if where else ""
    if workbook and not any(_text(c) for row in sheet.rows for c in row):
        return []
    header_index = _header_row(sheet, where)
    columns = _columns(sheet.rows[header_index], _line(prefix, header_index + 1))
    order = list(columns.players.values())
    problems = Problems()
    blocks = _blocks(sheet, header_index, columns, prefix, comma, problems)
    if problems.items:
        _unbalanced_rows([b for b in blocks if b.rows], prefix, problems)
    problems.raise_if_any()
    blocks = [b for b in blocks if b.rows]
    if not blocks:
        return []
    if len(blocks) > 1 and blocks[-1].sums is None and any(b.sums for b in blocks[:-1]):
        notes_out.append(prefix + _("Der letzte Abend (ab Zeile %(row)s) endet ohne Summenzeile, "
                                    "die anderen mit einer: ist die Datei abgeschnitten? Bitte "
                                    "prüfen, ob alle Spiele da sind.")
                         % {"row": blocks[-1].rows[0].number})
    shape, games = _shape(blocks)
    sign = _sign(games)
    if sign is None and len(columns.players) >= 5:
        # a last column that is no player (a game value, as some sheets keep): try without it
        last_index = max(columns.players)
        last_name = columns.players.pop(last_index)
        trial_blocks = [_Block([_Row(r.number, {p: v for p, v in r.values.items()
                                                if p != last_name}, r.date, r.time, r.dealer,
                                     r.note, {p: t for p, t in r.absent.items()
                                              if p != last_name})
                                for r in b.rows], b.sums) for b in blocks]
        trial_shape, trial_games = _shape(trial_blocks)
        if _sign(trial_games) is Sign.ZERO_SUM:
            notes_out.append(prefix + _("Spalte %(name)s ist kein Spieler (die Zeilen gehen ohne "
                                        "sie auf); sie wird nicht übernommen.")
                             % {"name": quoted(last_name)})
            blocks, shape, games, sign = trial_blocks, trial_shape, trial_games, Sign.ZERO_SUM
            order.remove(last_name)
        else:
            columns.players[last_index] = last_name
    if sign is None:
        for block, rows in zip(blocks, games):
            for row, values in zip(block.rows, rows):
                total = sum(values.values())
                if total:
                    problems.add(_line(prefix, row.number), _not_zero(total, row))
        problems.raise_if_any()
    assert sign is not None
    found = [_("laufende Summen (die Punkte je Spiel sind die Differenzen)")
             if shape is Shape.TOTALS else _("Punkte je Spiel")]
    if sign is Sign.MINUS:
        found.append(_("nur Minuspunkte: die Gewinner jedes Spiels bekommen, was die "
                       "Verlierer zahlen"))
    elif sign is Sign.PLUS:
        found.append(_("nur Pluspunkte: die Verlierer jedes Spiels zahlen, was die Gewinner "
                       "bekommen"))
    if columns.first(Role.DEALER) is None:
        found.append(_("keine Spalte Geber: der Zettel nennt die Geber nach der Reihe, ab dem "
                       "ersten Spieler der Kopfzeile"))
    title, sheet_date = _title_and_date(sheet, file_name, workbook)
    preamble = next((d for row in sheet.rows[:header_index] for c in row
                     for d in [date_in_text(_text(c))] if d), None)
    evenings: list[PlannedEvening] = []
    for block, rows in zip(blocks, games):
        date = block.rows[0].date or block.rows[0].time or preamble or sheet_date
        place = where or _("Tabelle")
        if len(blocks) > 1:
            span = _("Zeilen %(first)s–%(last)s") % {"first": block.rows[0].number,
                                                      "last": block.rows[-1].number}
            place = f"{where}, {span}" if where else span
        try:
            plan = _evening_plan(_Evening(place, block.rows, rows, block.sums, date), order,
                                 sign, shape, title, rules, prefix)
        except ImportRefused as err:
            for problem in err.problems:
                problems.add(*problem)
            continue
        note = _("Erkannt: %(found)s.") % {"found": "; ".join(found)}
        evenings.append(PlannedEvening(
            place=plan.place, title=plan.title, date=plan.date, rules=plan.rules,
            seats=plan.seats, first_dealer=plan.first_dealer, entries=plan.entries,
            source_totals=plan.source_totals, entry_places=plan.entry_places,
            notes=(note,) + plan.notes))
    problems.raise_if_any()
    return evenings


def read_sheets(sheets: Sequence[Sheet], *, file_name: str, content_hash: str,
                mode: ImportMode, rules: HouseRules, workbook: bool) -> ImportPlan:
    """The plan of a CSV (one sheet) or a workbook (one sheet per evening, sheets without a
    header of players skipped and said so)."""
    check_game_count(sum(max(len(s.rows) - 1, 0) for s in sheets))
    comma = _decimal_comma(sheets)
    warnings: list[str] = []
    evenings: list[PlannedEvening] = []
    players: list[str] = []
    problems = Problems()
    skipped: list[Sheet] = []
    for sheet in sheets:
        if workbook and len(sheets) > 1 and _find_header(sheet) is None:
            # a sheet of notes, of the Kasse, of anything but games: not the workbook's fault
            skipped.append(sheet)
            continue
        try:
            found = _read_sheet(sheet, file_name=file_name, workbook=workbook, rules=rules,
                                comma=comma, notes_out=warnings)
        except ImportRefused as err:
            for problem in err.problems:
                problems.add(*problem)
            continue
        if workbook and not found:
            warnings.append(_("%(place)s enthält keine Spiele.")
                            % {"place": _sheet_where(sheet, workbook)})
        evenings += found
        for evening in found:
            for name in evening.source_totals:
                if name not in players:
                    players.append(name)
    if skipped and not evenings and not problems.items:
        raise refuse(_sheet_where(skipped[0], workbook), _no_header())
    for sheet in skipped:
        if not any(_text(c) for row in sheet.rows for c in row):
            warnings.append(_("%(place)s enthält keine Spiele.")
                            % {"place": _sheet_where(sheet, workbook)})
        else:
            warnings.append(_("%(place)s ist kein Spielzettel (keine Kopfzeile mit mindestens "
                              "vier Spielernamen) und wird übersprungen.")
                            % {"place": _sheet_where(sheet, workbook)})
    problems.raise_if_any()
    check_game_count(sum(e.games for e in evenings))
    for evening in evenings:
        if evening.date is None:
            warnings.append(_("%(place)s: kein Datum gefunden; bitte angeben.")
                            % {"place": evening.place})
    return ImportPlan(source=SourceFormat.TABLE, file_name=file_name, content_hash=content_hash,
                      mode=mode, evenings=tuple(evenings), players=tuple(players),
                      warnings=tuple(warnings))


def read_csv(text: str, *, file_name: str, content_hash: str, mode: ImportMode,
             rules: HouseRules,
        source_bock: str | None = None) -> ImportPlan:
    """The plan of a CSV file's text: one sheet."""
    return read_sheets([csv_sheet(text)], file_name=file_name, content_hash=content_hash,
                       mode=mode, rules=rules, workbook=False)


def read_workbook_file(book: Workbook, *, file_name: str, content_hash: str, mode: ImportMode,
                       rules: HouseRules,
        source_bock: str | None = None) -> ImportPlan:
    """The plan of an XLSX workbook: one evening per sheet that has games."""
    return read_sheets(book.read(book.data), file_name=file_name, content_hash=content_hash,
                       mode=mode, rules=rules, workbook=True)


def _anything(content: object) -> bool:
    return True


WORKBOOK_FORMAT = FileFormat(SourceFormat.TABLE, Content.WORKBOOK, _anything, read_workbook_file)
"""Every ZIP file is taken for a workbook (an XLSX file is one); the reader says if not."""
CSV_FORMAT = FileFormat(SourceFormat.TABLE, Content.TEXT, _anything, read_csv)
"""Text that is not JSON is taken for a CSV sheet: its rows say whether it is one."""


__all__ = ["CSV_FORMAT", "MAX_CELLS", "WORKBOOK_FORMAT", "Cell", "Role", "Shape", "Sheet", "Sign",
           "Workbook", "WorkbookReader", "csv_sheet", "read_csv", "read_sheets",
           "read_workbook_file", "too_many_cells"]
