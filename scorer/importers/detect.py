"""Which kind of file this is, by its content (the name only helps the message), and the one
call the web page and the ``flask import`` command make: :func:`read_import`.

Pure: imports only the standard library, the core and this package (an XLSX file is handed to
the thin adapter :mod:`scorer.importers.xlsx`, which imports openpyxl when it runs).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from scorer.core.rules import HouseRules, preset
from scorer.importers import table, tristhaus
from scorer.importers.bockzettel import APP_TAG, read_bockzettel
from scorer.importers.common import decode_text, load_json, quoted
from scorer.importers.plan import (
    MAX_FILE_BYTES,
    ImportMode,
    ImportPlan,
    ImportRefused,
    SourceFormat,
    check_plan,
    refuse,
)

UNKNOWN = ("unbekanntes Dateiformat: erwartet wird eine Bockzettel-Datei (.json), eine "
           "QtDoppelKopf-Datei (.qdk), ein jsdoppelkopf-Export (mongoexport), eine Tabelle als "
           "CSV oder eine XLSX-Datei")

_ZIP = b"PK\x03\x04"
_EVENT_KINDS = frozenset(tristhaus.EVENT_KINDS)

WorkbookReader = Callable[[bytes], Sequence[table.Sheet]]


def _json_kind(value: Any) -> SourceFormat | None:
    """The format of a parsed JSON value, None when it is none we know."""
    if isinstance(value, dict):
        if value.get("app") == APP_TAG:
            return SourceFormat.BOCKZETTEL
        if value.get("format") == "doko-zettel-backup":
            return SourceFormat.OWN_BACKUP
        if "dataVersion" in value and isinstance(value.get("dataVersion"), str):
            return SourceFormat.QTDOPPELKOPF
        if isinstance(value.get("data"), list) and any(
                k in value for k in ("readerId", "writerId", "dataVersion", "creationDate")):
            return SourceFormat.JSDOPPELKOPF
        return None
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        if all(isinstance(v.get("kind"), str) and v["kind"] in _EVENT_KINDS for v in value):
            return SourceFormat.JSDOPPELKOPF  # the bare event log
        if all(_json_kind(v) is SourceFormat.JSDOPPELKOPF for v in value):
            return SourceFormat.JSDOPPELKOPF  # mongoexport --jsonArray
    return None


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


def detect_format(data: bytes, file_name: str = "") -> SourceFormat:
    """The format of ``data`` by its content; refused with a clear message when unknown."""
    return _read(data, file_name)[0]


def _read(data: bytes, file_name: str) -> tuple[SourceFormat, Any, list[str]]:
    """(format, what to read it from, warnings): the parsed JSON, the text or the bytes."""
    if len(data) >= MAX_FILE_BYTES:
        raise refuse("", f"zu groß: {len(data) / 1_000_000:.1f} MB (Dateien ab 20 MB werden "
                         "nicht gelesen)".replace(".", ",", 1))
    if not data.strip():
        raise refuse("", "die Datei ist leer")
    if data.startswith(_ZIP):
        return SourceFormat.TABLE, data, []
    text, warnings = decode_text(data)
    stripped = text.lstrip()
    if stripped[:1] in ("{", "["):
        documents = _json_lines(text)
        value = documents if documents is not None else load_json(text)
        kind = _json_kind(value)
        if kind is None:
            hint = " (der Name endet auf .qdk)" if file_name.lower().endswith(".qdk") else ""
            raise refuse("", f"JSON, aber kein bekanntes Format{hint}: {UNKNOWN}")
        return kind, value, warnings
    if file_name.lower().endswith((".json", ".qdk")):
        raise refuse("", f"die Datei heißt {quoted(file_name)}, enthält aber kein JSON")
    return SourceFormat.TABLE, text, warnings


def read_import(data: bytes, file_name: str, *, mode: ImportMode = ImportMode.RECORDED,
                rules: HouseRules | None = None,
                read_workbook: WorkbookReader | None = None) -> ImportPlan:
    """Read one uploaded file into an :class:`ImportPlan` whose every evening folds.

    ``rules`` are the Runde's rules (default ``ddv``): recorded games are folded with them as
    they are; a re-scored Bockzettel sheet with them plus its own Bock mode. ``mode`` RESCORED
    is refused for files that hold only points. ``read_workbook`` turns XLSX bytes into
    sheets of rows (default :func:`scorer.importers.xlsx.read_workbook`, which needs openpyxl).
    Raises :class:`ImportRefused`, naming ``file_name`` and the place, for anything else.
    """
    try:
        return _plan(data, file_name, mode, rules or preset("ddv"), read_workbook)
    except ImportRefused as err:
        err.file_name = file_name
        raise


def _plan(data: bytes, file_name: str, mode: ImportMode, rules: HouseRules,
          read_workbook: WorkbookReader | None) -> ImportPlan:
    kind, content, warnings = _read(data, file_name)
    digest = hashlib.sha256(data).hexdigest()
    if kind is SourceFormat.OWN_BACKUP:
        raise refuse("", "das ist eine Sicherung von Doko-Zettel: sie wird über die Sicherung "
                         "der Runde eingespielt")
    if mode is ImportMode.RESCORED and kind is not SourceFormat.BOCKZETTEL:
        raise refuse("", f"neu werten geht nur mit Bockzettel-Dateien; eine {kind.label}-Datei "
                         "hat nur Punkte (bitte „wie eingetragen“ wählen)")
    common = {"file_name": file_name, "content_hash": digest, "mode": mode, "rules": rules}
    if kind is SourceFormat.BOCKZETTEL:
        plan = read_bockzettel(content, **common)
    elif kind is SourceFormat.QTDOPPELKOPF:
        plan = tristhaus.read_qdk(content, **common)
    elif kind is SourceFormat.JSDOPPELKOPF:
        plan = tristhaus.read_jsdoppelkopf(content, **common)
    elif isinstance(content, bytes):
        if read_workbook is None:
            from scorer.importers.xlsx import read_workbook
        plan = table.read_sheets(read_workbook(content), **common, workbook=True)
    else:
        plan = table.read_sheets([table.csv_sheet(content)], **common, workbook=False)
    if warnings:
        plan = _with_warnings(plan, warnings)
    if not plan.evenings:
        raise refuse("", "die Datei enthält keine Spiele")
    check_plan(plan)
    return plan


def _with_warnings(plan: ImportPlan, warnings: list[str]) -> ImportPlan:
    return dataclasses.replace(plan, warnings=tuple(warnings) + plan.warnings)


__all__ = ["UNKNOWN", "detect_format", "read_import"]
