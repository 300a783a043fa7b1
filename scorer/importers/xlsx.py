"""The thin adapter from an XLSX workbook to rows: each worksheet's cell values, handed to
:mod:`scorer.importers.table` (which knows nothing of files). openpyxl is imported when a
workbook is read, never on import, so the pure importers load without it.

The only module of the importers that touches a third-party library (``tests/test_purity.py``
allows it openpyxl and nothing else).
"""

from __future__ import annotations

import io
import warnings
import zipfile
from collections.abc import Iterable, Sequence
from typing import Protocol

from scorer.importers.plan import MAX_GAMES, refuse
from scorer.importers.table import MAX_COLUMNS, Cell, Sheet
from scorer.words.i18n import _
from scorer.words.imports import grouped

MAX_ROWS = MAX_GAMES + 1_000
"""Rows read in all sheets together before the workbook is refused as too big (the games
are counted again, exactly, once the rows are read)."""


class _Worksheet(Protocol):
    """What this reads of an openpyxl worksheet (openpyxl ships no types)."""

    @property
    def title(self) -> str: ...

    def iter_rows(self, *, values_only: bool) -> Iterable[Sequence[Cell]]: ...


class _Workbook(Protocol):
    """What this reads of an openpyxl workbook."""

    @property
    def worksheets(self) -> Sequence[_Worksheet]: ...


def read_workbook(data: bytes) -> list[Sheet]:
    """Every worksheet of an XLSX file as rows of values (formulas as their cached results).

    A file that is no XLSX, or is cut off, is refused in the reader's language; a workbook with more rows
    than any file of games has is refused while it is read, before it fills memory.
    """
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        with warnings.catch_warnings():
            # openpyxl warns about styles and extensions it does not read; values are all
            # this needs.
            warnings.simplefilter("ignore")
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            try:
                return _sheets(book)
            finally:
                book.close()
    except (zipfile.BadZipFile, InvalidFileException, KeyError, EOFError, OSError) as err:
        raise refuse("", _("keine lesbare XLSX-Datei (beschädigt, abgeschnitten oder eine "
                           "andere Art ZIP-Archiv: %(error)s)") % {"error": type(err).__name__}
                     ) from None
    except ValueError as err:
        raise refuse("", _("keine lesbare XLSX-Datei (%(error)s)") % {"error": err}) from None


def _sheets(book: _Workbook) -> list[Sheet]:
    sheets = []
    seen = 0
    for worksheet in book.worksheets:
        rows = []
        for row in worksheet.iter_rows(values_only=True):
            seen += 1
            if seen > MAX_ROWS:
                raise refuse("", _("zu viele Zeilen: mehr als %(rows)s (höchstens %(games)s "
                                   "Spiele je Datei)") % {"rows": grouped(MAX_ROWS),
                                                          "games": grouped(MAX_GAMES)})
            cells = list(row)
            while cells and cells[-1] is None:
                cells.pop()
            if len(cells) > MAX_COLUMNS:
                sheet = _("Tabellenblatt %(name)s") % {
                    "name": _("„%(text)s“") % {"text": worksheet.title}}
                raise refuse(sheet, _("mehr als %(most)s Spalten: keine Spieltabelle")
                             % {"most": MAX_COLUMNS})
            rows.append(cells)
        sheets.append(Sheet(worksheet.title, rows))
    return sheets


__all__ = ["MAX_ROWS", "read_workbook"]
