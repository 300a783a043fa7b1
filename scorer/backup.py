"""Backup and restore of the whole database as one JSON document.

Generic over the ORM metadata, so a new table or column is backed up without touching this
file: every table in dependency order, every column by name, values in a JSON-safe form that
the column type turns back into the same Python value. Restore only fills an empty database,
inside one transaction, so a failed restore leaves nothing behind.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

FORMAT = "doko-zettel-backup"
VERSION = 1


class BackupError(ValueError):
    """A backup document that cannot be restored here, with a German message."""


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, dt.date):
        return {"$date": value.isoformat()}
    if isinstance(value, decimal.Decimal):
        return {"$decimal": str(value)}
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    return value


def _decode(value: Any, column: sa.Column[Any]) -> Any:
    if isinstance(value, dict) and len(value) == 1 and not isinstance(column.type, sa.JSON):
        (tag, text), = value.items()
        if tag == "$datetime":
            return dt.datetime.fromisoformat(text)
        if tag == "$date":
            return dt.date.fromisoformat(text)
        if tag == "$decimal":
            return decimal.Decimal(text)
        if tag == "$bytes":
            return base64.b64decode(text)
    return value


def _only_group(table: sa.Table, metadata: sa.MetaData, group_id: int) -> Any:
    """The rows of ``table`` that belong to one Runde, or None for a table outside any Runde."""
    if table.name == "groups":
        return table.c.id == group_id
    if "group_id" in table.c:
        return table.c.group_id == group_id
    if "evening_id" in table.c:
        evenings = metadata.tables["evenings"]
        return table.c.evening_id.in_(
            sa.select(evenings.c.id).where(evenings.c.group_id == group_id))
    return None


def dump(session: Session, metadata: sa.MetaData, group_id: int | None = None) -> dict[str, Any]:
    """Every row of every table (or of one Runde), in an order that restores without breaking
    foreign keys."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in metadata.sorted_tables:
        order = list(table.primary_key.columns) or list(table.columns)
        query = sa.select(table).order_by(*order)
        if group_id is not None:
            where = _only_group(table, metadata, group_id)
            if where is None:
                continue
            query = query.where(where)
        rows = session.execute(query).mappings()
        tables[table.name] = [
            {name: _encode(value) for name, value in row.items()} for row in rows
        ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "created": dt.datetime.now(dt.timezone.utc).isoformat(),
        "tables": tables,
    }


def restore(session: Session, metadata: sa.MetaData, document: Any) -> dict[str, int]:
    """Load a backup into an empty database; returns rows per table. Caller commits."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("keine Doko-Zettel-Sicherung")
    if document.get("version") != VERSION:
        raise BackupError(f"Sicherungsformat {document.get('version')!r} wird nicht unterstützt")
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise BackupError("die Sicherung enthält keine Tabellen")
    known = {t.name for t in metadata.sorted_tables}
    unknown = sorted(set(tables) - known)
    if unknown:
        raise BackupError(f"unbekannte Tabellen in der Sicherung: {', '.join(unknown)}")
    for table in metadata.sorted_tables:
        if table.name == "alembic_version":
            continue
        if session.execute(sa.select(sa.func.count()).select_from(table)).scalar_one():
            raise BackupError(f"die Datenbank ist nicht leer (Tabelle {table.name})")
    counts: dict[str, int] = {}
    for table in metadata.sorted_tables:
        rows = tables.get(table.name, [])
        if not isinstance(rows, list):
            raise BackupError(f"Tabelle {table.name}: Zeilen fehlen")
        decoded = []
        for row in rows:
            if not isinstance(row, dict) or not set(row) <= set(table.columns.keys()):
                raise BackupError(f"Tabelle {table.name}: unbekannte Spalten")
            decoded.append({name: _decode(value, table.columns[name]) for name, value in row.items()})
        if decoded:
            session.execute(table.insert(), decoded)
        counts[table.name] = len(decoded)
    _reset_sequences(session, metadata)
    return counts


def default_path(folder: Path, now: dt.datetime) -> Path:
    """A new file in ``folder`` named after ``now``; never one that exists already."""
    stamp = now.strftime("%Y%m%d-%H%M%S")
    path = folder / f"doko-zettel-backup-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"doko-zettel-backup-{stamp}-{n}.json"
    return path


def write_file(document: dict[str, Any], path: Path, *, replace: bool) -> None:
    """Write a backup readable by its owner only (0600): it holds every Runde's edit link.

    The document goes to a private temporary file beside ``path`` first and then takes its
    name, so a failure never leaves half a backup and an old file's looser mode never
    survives. Without ``replace`` an existing file is never overwritten.
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".doko-zettel-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(document, out, ensure_ascii=False, indent=1)
            out.flush()
            os.fsync(out.fileno())
        if replace:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)  # fails if the name was taken meanwhile
            os.unlink(temporary)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _reset_sequences(session: Session, metadata: sa.MetaData) -> None:
    """PostgreSQL keeps serial counters apart from the rows: move them past the restored ids."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for table in metadata.sorted_tables:
        for column in table.primary_key.columns:
            if not isinstance(column.type, sa.Integer) or not column.autoincrement:
                continue
            session.execute(sa.text(
                "SELECT setval(pg_get_serial_sequence(:table, :column), "
                f"COALESCE((SELECT MAX({column.name}) FROM {table.name}), 0) + 1, false)"
            ), {"table": table.name, "column": column.name})
