"""The thin adapter from an XLSX workbook to rows: each worksheet's cell values, handed to
:mod:`scorer.importers.table` (which knows nothing of files). openpyxl is imported when a
workbook is read, never on import, so the pure importers load without it.

The only module of the importers that touches a third-party library (``tests/test_purity.py``
allows it openpyxl and nothing else).
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from typing import Protocol
from xml.etree.ElementTree import ParseError

from scorer.importers.plan import MAX_GAMES, ImportRefused, refuse
from scorer.importers.table import MAX_CELLS, MAX_COLUMNS, Cell, Sheet, too_many_cells
from scorer.words.i18n import _
from scorer.words.imports import grouped

MAX_ROWS = MAX_GAMES + 1_000
"""Rows read in all sheets together before the workbook is refused as too big (the games
are counted again, exactly, once the rows are read)."""

# What an upload may unpack to, checked with zipfile before openpyxl reads a byte of it (a
# zip bomb of 157 KB took 15 s and 2 GB). Measured on a workbook of 50,000 games in nine
# columns with a note in every row, as openpyxl writes it: 2.0 MB packed, its sheet 20.7 MB
# unpacked and packed tenfold, 9 parts. The limits leave three times that room.
MAX_PARTS = 1_000
"""Parts (files) of the archive: a workbook has a dozen and one per sheet."""
MAX_UNPACKED = 64_000_000
"""Bytes all parts together may unpack to."""
MAX_RATIO = 200
"""How many times smaller than unpacked a part of more than a megabyte may be packed (a
score sheet packs about tenfold, deflate at most about a thousandfold)."""
MAX_SHARED_TEXT = 16_000_000
"""Bytes of the shared strings (xl/sharedStrings.xml), which openpyxl reads whole when it
opens the workbook: fifty thousand notes of 200 characters fit."""
MAX_SHARED_STRINGS = 200_000
"""Distinct texts in the shared strings: a note in every game and the names."""

_CHUNK = 1 << 20
_SHARED_ITEM = re.compile(rb"<(?:\w+:)?si[\s/>]")
_DTD = re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE)


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
    _check_archive(data)
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
    except ParseError as err:
        raise refuse("", _("keine lesbare XLSX-Datei (fehlerhaftes XML: %(error)s)")
                     % {"error": err}) from None
    except (zipfile.BadZipFile, InvalidFileException, KeyError, EOFError, OSError) as err:
        raise refuse("", _("keine lesbare XLSX-Datei (beschädigt, abgeschnitten oder eine "
                           "andere Art ZIP-Archiv: %(error)s)") % {"error": type(err).__name__}
                     ) from None
    except ValueError as err:
        raise refuse("", _("keine lesbare XLSX-Datei (%(error)s)") % {"error": err}) from None


def _check_archive(data: bytes) -> None:
    """Refuse an archive that would unpack to more than a workbook of games needs, or whose
    XML declares entities (billion laughs, an external file), before openpyxl opens it: the
    parts' count from the bytes, their declared sizes from the directory, and what each
    part really unpacks to, read in bounded pieces."""
    # Every part has one central directory header; counting the signature over-counts only
    # by chance, and keeps zipfile from building a million entries first.
    if data.count(b"PK\x01\x02") > MAX_PARTS:
        raise _archive_refused(_("mehr als %(most)s Teile im Archiv")
                               % {"most": grouped(MAX_PARTS)})
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
        if _open_document(archive):
            raise refuse("", _("eine OpenDocument-Tabelle (.ods, etwa aus LibreOffice) wird "
                               "nicht gelesen: bitte als XLSX speichern (Datei › Speichern "
                               "unter › Excel 2007-365) oder als CSV"))
        if len(parts) > MAX_PARTS:
            raise _archive_refused(_("mehr als %(most)s Teile im Archiv")
                                   % {"most": grouped(MAX_PARTS)})
        if sum(p.file_size for p in parts) > MAX_UNPACKED:
            raise _archive_refused(_unpacked_too_big())
        unpacked = 0
        for part in parts:
            if part.file_size > 1_000_000 and part.file_size > MAX_RATIO * max(
                    part.compress_size, 1):
                raise _archive_refused(
                    _("%(part)s ist %(ratio)s-fach gepackt (eine Tabelle etwa zehnfach)")
                    % {"part": part.filename,
                       "ratio": grouped(part.file_size // max(part.compress_size, 1))})
            unpacked += _unpack(archive, part, MAX_UNPACKED - unpacked)
    except ImportRefused:
        raise  # the archive's own refusals (an ImportRefused is a ValueError too)
    except (zipfile.BadZipFile, NotImplementedError, EOFError, OSError, zlib.error,
            ValueError) as err:  # ValueError: a directory pointing before the file's start
        raise refuse("", _("keine lesbare XLSX-Datei (beschädigt, abgeschnitten oder eine "
                           "andere Art ZIP-Archiv: %(error)s)") % {"error": type(err).__name__}
                     ) from None


def _open_document(archive: zipfile.ZipFile) -> bool:
    """Whether the archive is an OpenDocument file (its first part, ``mimetype``, says so)."""
    try:
        part = archive.getinfo("mimetype")
    except KeyError:
        return False
    if part.file_size > 100:
        return False
    return archive.read(part).startswith(b"application/vnd.oasis.opendocument")


def _unpack(archive: zipfile.ZipFile, part: zipfile.ZipInfo, room: int) -> int:
    """What ``part`` really unpacks to (at most ``room`` bytes are unpacked), refused when it
    is more, or when it is XML with a DTD, or shared strings beyond their limits."""
    shared = part.filename.lower().endswith("sharedstrings.xml")
    if shared and part.file_size > MAX_SHARED_TEXT:
        raise _archive_refused(_shared_too_big())
    size = 0
    items = 0
    tail = b""
    with archive.open(part) as stream:
        while chunk := stream.read(_CHUNK):
            size += len(chunk)
            if size > room:
                raise _archive_refused(_unpacked_too_big())
            if shared and size > MAX_SHARED_TEXT:
                raise _archive_refused(_shared_too_big())
            window = tail + chunk
            if _DTD.search(window):
                raise _archive_refused(_("%(part)s enthält eine DTD (<!DOCTYPE>, eigene "
                                         "Entitäten); so etwas schreibt kein Tabellenprogramm")
                                       % {"part": part.filename})
            if shared:
                # a match wholly in the tail was counted with the piece before
                items += sum(1 for m in _SHARED_ITEM.finditer(window) if m.end() > len(tail))
                if items > MAX_SHARED_STRINGS:
                    raise _archive_refused(
                        _("mehr als %(most)s verschiedene Texte (eine Tabelle mit %(games)s "
                          "Spielen hat weniger)") % {"most": grouped(MAX_SHARED_STRINGS),
                                                    "games": grouped(MAX_GAMES)})
            tail = window[-16:]
    return size


def _unpacked_too_big() -> str:
    return _("entpackt größer als %(most)s MB (eine Tabelle mit %(games)s Spielen braucht "
             "etwa 21 MB)") % {"most": grouped(MAX_UNPACKED // 1_000_000),
                                "games": grouped(MAX_GAMES)}


def _shared_too_big() -> str:
    return _("die Texte der Tabelle (sharedStrings.xml) sind entpackt größer als %(most)s MB")\
        % {"most": grouped(MAX_SHARED_TEXT // 1_000_000)}


def _archive_refused(reason: str) -> ImportRefused:
    return refuse("", _("keine XLSX-Datei, die wir lesen: %(reason)s") % {"reason": reason})


def _sheets(book: _Workbook) -> list[Sheet]:
    sheets = []
    seen = 0
    filled = 0
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
            filled += sum(1 for cell in cells if cell is not None)
            if filled > MAX_CELLS:
                raise too_many_cells()
            if len(cells) > MAX_COLUMNS:
                sheet = _("Tabellenblatt %(name)s") % {
                    "name": _("„%(text)s“") % {"text": worksheet.title}}
                raise refuse(sheet, _("mehr als %(most)s Spalten: keine Spieltabelle")
                             % {"most": MAX_COLUMNS})
            rows.append(cells)
        sheets.append(Sheet(worksheet.title, rows))
    return sheets


__all__ = ["MAX_PARTS", "MAX_RATIO", "MAX_ROWS", "MAX_SHARED_STRINGS", "MAX_SHARED_TEXT",
           "MAX_UNPACKED", "read_workbook"]
