"""Which kind of file this is, by its content (the name only helps the message), and the one
call the web page and the ``flask import`` command make: :func:`read_import`.

The bytes are opened once, as a ZIP archive, as JSON or as other text (:class:`Content`), and
the formats of :data:`FORMATS` are asked in turn: the first that recognises the content reads
it. A new format is a module declaring its :class:`FileFormat`, and one line here.

Pure: imports only the standard library, the core and this package (an XLSX file is handed to
the thin adapter :mod:`scorer.importers.xlsx`, which imports openpyxl when it runs).
"""

from __future__ import annotations

import dataclasses
import hashlib
from fractions import Fraction
from typing import Any

from scorer.core.rules import HouseRules, preset
from scorer.importers import bockzettel, table, tristhaus, xlsx
from scorer.importers.common import decode_text, load_json, quoted
from scorer.importers.plan import (
    MAX_FILE_BYTES,
    Content,
    FileFormat,
    ImportMode,
    ImportPlan,
    ImportRefused,
    SourceFormat,
    check_plan,
    refuse,
)
from scorer.importers.table import Workbook, WorkbookReader
from scorer.words.formats import decimal
from scorer.words.i18n import N_, _


def _is_own_backup(value: Any) -> bool:
    # scorer.store.backup.FORMAT, which this pure package may not import
    return isinstance(value, dict) and value.get("format") == "doko-zettel-backup"


OWN_BACKUP = FileFormat(SourceFormat.OWN_BACKUP, Content.JSON, _is_own_backup,
                        refused=N_("das ist eine Sicherung von Doko-Zettel: sie wird über die "
                                   "Sicherung der Runde eingespielt"))
"""Our own backup: recognised so that it is not taken for a foreign file, and sent to the
Runde's backup restore (:mod:`scorer.services.backup_import`), which keeps what only a backup
carries (money, closing, house rules). No module of its own: nothing here reads it."""

FORMATS: tuple[FileFormat, ...] = (
    bockzettel.FORMAT,
    OWN_BACKUP,
    tristhaus.QDK_FORMAT,
    tristhaus.JSDOPPELKOPF_FORMAT,
    table.WORKBOOK_FORMAT,
    table.CSV_FORMAT,
)
"""Every format the importers know, asked in this order: a file more than one would claim
goes to the first (Bockzettel's ``app`` tag, then our backup's ``format``, before the
QtDoppelKopf and jsdoppelkopf fields)."""

UNKNOWN = N_("unbekanntes Dateiformat: erwartet wird eine Bockzettel-Datei (.json), eine "
             "QtDoppelKopf-Datei (.qdk), ein jsdoppelkopf-Export (mongoexport), eine Tabelle "
             "als CSV oder eine XLSX-Datei")

_ZIP = b"PK\x03\x04"


def _first(content: Content, value: Any) -> FileFormat | None:
    """The first format that takes ``value`` as a whole."""
    return next((f for f in FORMATS if f.content is content and f.recognises(value)), None)


def _recognised(content: Content, value: Any) -> FileFormat | None:
    """The format of ``value``: the first that takes it as a whole, else, for an array of
    objects, the one format that takes each of them and reads several."""
    found = _first(content, value)
    if found is None and content is Content.JSON and isinstance(value, list) and value and all(
            isinstance(v, dict) for v in value):
        each = _first(content, value[0])
        if each is not None and each.several and all(_first(content, v) is each
                                                     for v in value[1:]):
            return each
    return found


def _json_lines(text: str) -> list[Any] | None:
    """mongoexport's default output: one JSON document per line; None if it is not that."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or not all(line.lstrip().startswith("{") for line in lines):
        return None
    documents = []
    for line in lines:
        try:
            documents.append(load_json(line))
        except ImportRefused:
            return None
    return documents


def too_big(size: int) -> ImportRefused:
    """The refusal of a file of ``size`` bytes, 20 MB or more (a caller that reads only the
    first 20 MB says the file's real size)."""
    return refuse("", _("zu groß: %(size)s MB (Dateien ab 20 MB werden nicht gelesen)")
                  % {"size": decimal(Fraction(size, 1_000_000), 1)})


def detect_format(data: bytes, file_name: str = "") -> SourceFormat:
    """The format of ``data`` by its content; refused with a clear message when unknown."""
    return _read(data, file_name, xlsx.read_workbook)[0].source


def _open(data: bytes, file_name: str, read_workbook: WorkbookReader
          ) -> tuple[Content, Any, list[str]]:
    """(what the file is, its content, warnings): a workbook unread, the parsed JSON, or the
    text."""
    if len(data) >= MAX_FILE_BYTES:
        raise too_big(len(data))
    if not data.strip():
        raise refuse("", _("die Datei ist leer"))
    if data.startswith(_ZIP):
        return Content.WORKBOOK, Workbook(data, read_workbook), []
    text, warnings = decode_text(data)
    if text.lstrip()[:1] in ("{", "["):
        documents = _json_lines(text)
        return Content.JSON, documents if documents is not None else load_json(text), warnings
    if file_name.lower().endswith((".json", ".qdk")):
        raise refuse("", _("die Datei heißt %(name)s, enthält aber kein JSON")
                     % {"name": quoted(file_name)})
    return Content.TEXT, text, warnings


def _read(data: bytes, file_name: str, read_workbook: WorkbookReader
          ) -> tuple[FileFormat, Any, list[str]]:
    """(format, what it reads, warnings)."""
    content, value, warnings = _open(data, file_name, read_workbook)
    found = _recognised(content, value)
    if found is not None:
        return found, value, warnings
    if content is Content.JSON:
        if file_name.lower().endswith(".qdk"):
            raise refuse("", _("JSON, aber kein bekanntes Format (der Name endet auf .qdk): "
                               "%(expected)s") % {"expected": _(UNKNOWN)})
        raise refuse("", _("JSON, aber kein bekanntes Format: %(expected)s")
                     % {"expected": _(UNKNOWN)})
    raise refuse("", _(UNKNOWN))


@dataclasses.dataclass(frozen=True)
class Opened:
    """A file opened and its format found (:func:`open_import`): read into plans by
    :func:`plan_import`, once per mode, without opening it again."""

    format: FileFormat
    content: Any
    warnings: tuple[str, ...]
    file_name: str
    content_hash: str

    @property
    def source(self) -> SourceFormat:
        return self.format.source


def open_import(data: bytes, file_name: str, *,
                read_workbook: WorkbookReader | None = None) -> Opened:
    """Open ``data`` and find its format; refused (naming ``file_name``) when it is none."""
    try:
        found, content, warnings = _read(data, file_name, read_workbook or xlsx.read_workbook)
    except ImportRefused as err:
        err.file_name = file_name
        raise
    return Opened(found, content, tuple(warnings), file_name, hashlib.sha256(data).hexdigest())


def read_import(data: bytes, file_name: str, *, mode: ImportMode = ImportMode.RECORDED,
                rules: HouseRules | None = None,
                read_workbook: WorkbookReader | None = None,
                source_bock: str | None = None) -> ImportPlan:
    """Read one uploaded file into an :class:`ImportPlan` whose every evening folds.

    ``rules`` are the Runde's rules (default ``ddv``): recorded games are folded with them as
    they are; a re-scored Bockzettel sheet with them plus its own Bock mode. ``mode`` RESCORED
    is refused for files that hold only points. ``read_workbook`` turns XLSX bytes into
    sheets of rows (default :func:`scorer.importers.xlsx.read_workbook`, which needs openpyxl).
    Raises :class:`ImportRefused`, naming ``file_name`` and the place, for anything else.
    """
    return plan_import(open_import(data, file_name, read_workbook=read_workbook), mode=mode,
                       rules=rules, source_bock=source_bock)


def plan_import(opened: Opened, *, mode: ImportMode = ImportMode.RECORDED,
                rules: HouseRules | None = None, source_bock: str | None = None) -> ImportPlan:
    """The plan of an opened file under ``mode`` and ``rules`` (see :func:`read_import`);
    ``source_bock``: the Bock mode its app counted with, where the file does not say
    (``ImportPlan.bock_unsaid``)."""
    try:
        return _plan(opened, mode, rules or preset("ddv"), source_bock)
    except ImportRefused as err:
        err.file_name = opened.file_name
        raise


def _plan(opened: Opened, mode: ImportMode, rules: HouseRules,
          source_bock: str | None) -> ImportPlan:
    found = opened.format
    read = found.read
    if read is None:
        raise refuse("", _(found.refused))
    if mode is ImportMode.RESCORED and not found.rescorable:
        raise refuse("", _("neu werten geht nur mit Bockzettel-Dateien; eine %(format)s-Datei "
                           "hat nur Punkte (bitte „wie eingetragen“ wählen)")
                     % {"format": found.source.label})
    plan = read(opened.content, file_name=opened.file_name, content_hash=opened.content_hash,
                mode=mode, rules=rules, source_bock=source_bock)
    if opened.warnings:
        plan = _with_warnings(plan, list(opened.warnings))
    if not plan.evenings:
        raise refuse("", _("die Datei enthält keine Spiele"))
    check_plan(plan)
    return plan


def _with_warnings(plan: ImportPlan, warnings: list[str]) -> ImportPlan:
    return dataclasses.replace(plan, warnings=tuple(warnings) + plan.warnings)


__all__ = ["FORMATS", "OWN_BACKUP", "UNKNOWN", "Opened", "detect_format", "open_import",
           "plan_import", "read_import", "too_big"]
