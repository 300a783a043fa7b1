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

from scorer.words.i18n import _, ngettext

FORMAT = "doko-zettel-backup"
VERSION = 2
"""2: an evening's price of a point in tenths of a cent (``tenth_cents_per_point``, migration
e4b9c2d7a613) where version 1 had whole cents (``cents_per_point``). Older files are read
through ``UPGRADES``."""


class BackupError(ValueError):
    """A backup that is not restored here: one line per problem, in the language spoken."""

    def __init__(self, problems: list[str]) -> None:
        if len(problems) > MAX_PROBLEMS:
            more = len(problems) - MAX_PROBLEMS
            problems = [*problems[:MAX_PROBLEMS],
                        ngettext("… und %(count)s weitere Probleme",
                                 "… und %(count)s weitere Probleme", more) % {"count": more}]
        self.problems = problems
        super().__init__("; ".join(problems))


MAX_PROBLEMS = 50
"""A file broken in every row names the first fifty problems, not ten thousand."""
MAX_JSON_DEPTH = 16
"""Stored facts and rules nest three levels; anything far deeper is no backup of ours."""
INTEGER_RANGE = (-(2**31), 2**31 - 1)
"""What an INTEGER column holds on PostgreSQL (SQLite's are wider)."""


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
    """The rows of ``table`` that belong to one Runde, or None for a table outside any Runde
    (or marked ``whole_backup_only`` in its info: a tournament spans many Runden)."""
    if table.info.get("whole_backup_only"):
        return None
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
        if table.info.get("transient"):
            continue  # a passing copy (an upload awaiting its import), not data to keep
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
        "created": dt.datetime.now(dt.UTC).isoformat(),
        "tables": tables,
    }


def read(document: Any, metadata: sa.MetaData) -> dict[str, list[dict[str, Any]]]:
    """The rows of a backup, decoded and checked against the tables before anything is
    written: known tables and columns, every required column, values of the column's type
    and size, unique values unique, every reference pointing at a row of the file.

    Raises BackupError with one line per problem (``games, Zeile 3 (id 7),
    evening_id: …``).
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError([_("keine Doko-Zettel-Sicherung")])
    version = document.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise BackupError([_("Sicherungsformat %(version)s wird nicht unterstützt")
                           % {"version": repr(version)}])
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise BackupError([_("die Sicherung enthält keine Tabellen")])
    problems: list[str] = []
    for upgrade in UPGRADES[version - 1:]:
        tables = upgrade(tables, problems)
    unknown = sorted(set(tables) - {t.name for t in metadata.sorted_tables})
    if unknown:
        raise BackupError([_("unbekannte Tabellen in der Sicherung: %(tables)s")
                           % {"tables": ", ".join(unknown)}])
    out: dict[str, list[dict[str, Any]]] = {}
    places: dict[str, list[str]] = {}
    for table in metadata.sorted_tables:
        rows = tables.get(table.name, [])
        if not isinstance(rows, list):
            problems.append(_("%(table)s: keine Liste von Zeilen") % {"table": table.name})
            rows = []
        out[table.name], places[table.name] = _read_rows(table, rows, problems)
        problems.extend(_unique_problems(table, out[table.name], places[table.name]))
    problems.extend(_reference_problems(metadata, out, places))
    if problems:
        raise BackupError(problems)
    return out


def _tenths_of_a_cent(tables: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """Version 1 to 2: an evening's ``cents_per_point`` (whole cents) becomes
    ``tenth_cents_per_point``, ten times as many: the same price, settled as before. The
    document itself is left as it was."""
    rows = tables.get("evenings")
    if not isinstance(rows, list):
        return tables  # said by the table checks
    upgraded = []
    for index, row in enumerate(rows):
        if isinstance(row, dict) and "cents_per_point" in row:
            row = dict(row)
            cents = row.pop("cents_per_point")
            if type(cents) is not int or not 0 <= cents <= INTEGER_RANGE[1] // 10:
                problems.append(_("%(place)s, cents_per_point: muss eine ganze Zahl (0 oder mehr) "
                                  "sein") % {"place": _where("evenings", index, row)})
            else:
                row["tenth_cents_per_point"] = cents * 10
        upgraded.append(row)
    return {**tables, "evenings": upgraded}


UPGRADES: tuple[Any, ...] = (_tenths_of_a_cent,)
"""UPGRADES[k] brings the tables of a version k + 1 file to version k + 2; each gets the
list of problems to add to."""


def _place(table: sa.Table, index: int, row: Any) -> str:
    return _where(table.name, index, row)


def _where(table: str, index: int, row: Any) -> str:
    if isinstance(row, dict) and type(row.get("id")) is int:
        return _("%(table)s, Zeile %(number)s (id %(id)s)") % {"table": table,
                                                               "number": index + 1,
                                                               "id": row["id"]}
    return _("%(table)s, Zeile %(number)s") % {"table": table, "number": index + 1}


def _read_rows(table: sa.Table, rows: list[Any],
               problems: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    decoded: list[dict[str, Any]] = []
    places: list[str] = []
    columns = table.columns
    for index, row in enumerate(rows):
        where = _place(table, index, row)
        values: dict[str, Any] = {}
        decoded.append(values)
        places.append(where)
        if not isinstance(row, dict):
            problems.append(_("%(place)s: keine Zeile (ein JSON-Objekt)") % {"place": where})
            continue
        for name in sorted(set(row) - set(columns.keys())):
            problems.append(_("%(place)s, %(column)s: unbekannte Spalte")
                            % {"place": where, "column": name})
        for column in columns:
            if column.name not in row:
                if _required(column):
                    problems.append(_("%(place)s, %(column)s: fehlt")
                                    % {"place": where, "column": column.name})
                elif column.server_default is None:
                    # What the database would put there, so every later check sees it.
                    values[column.name] = _default(column)
                continue
            try:
                values[column.name] = _value(row[column.name], column)
            except BackupError as err:
                problems.extend(f"{where}, {column.name}: {p}" for p in err.problems)
    return decoded, places


def _required(column: sa.Column[Any]) -> bool:
    # Ids too: a backup always carries them, and other rows refer to them.
    return not (column.nullable or column.default is not None
                or column.server_default is not None)


def _default(column: sa.Column[Any]) -> Any:
    default = column.default
    if default is None:
        return None
    return default.arg(None) if default.is_callable else default.arg  # type: ignore[attr-defined]


def _value(value: Any, column: sa.Column[Any]) -> Any:
    """``value`` as the column takes it, or BackupError saying what it should be."""
    if value is None:
        if not column.nullable:
            raise BackupError([_("darf nicht leer sein")])
        return None
    kind = column.type
    if isinstance(kind, sa.JSON):
        problem = _json_problem(value)
        if problem:
            raise BackupError([problem])
        return value
    if isinstance(kind, sa.DateTime):
        return _tagged(value, "$datetime", dt.datetime.fromisoformat,
                       _("muss ein Zeitpunkt sein"))
    if isinstance(kind, sa.Date):
        return _tagged(value, "$date", dt.date.fromisoformat, _("muss ein Datum sein"))
    if isinstance(kind, sa.Boolean):
        if type(value) is not bool:
            raise BackupError([_("muss wahr oder falsch sein")])
        return value
    if isinstance(kind, sa.Integer):
        low, high = INTEGER_RANGE
        if type(value) is not int or not low <= value <= high:
            raise BackupError([_("muss eine ganze Zahl sein")])
        return value
    if isinstance(kind, sa.String):
        if not isinstance(value, str):
            raise BackupError([_("muss Text sein")])
        problem = _text_problem(value)
        if problem:
            raise BackupError([problem])
        if kind.length is not None and len(value) > kind.length:
            raise BackupError([_("höchstens %(count)s Zeichen") % {"count": kind.length}])
        return value
    try:
        return _decode(value, column)
    except (ValueError, TypeError):  # a tag whose text is no value of its kind
        raise BackupError([_("ist kein gültiger Wert")]) from None


def _tagged(value: Any, tag: str, parse: Any, problem: str) -> Any:
    if isinstance(value, dict) and set(value) == {tag} and isinstance(value[tag], str):
        try:
            return parse(value[tag])
        except ValueError:
            pass
    raise BackupError([problem])


def _text_problem(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("enthält Zeichen, die kein Unicode-Text sind")
    if "\x00" in text:
        return _("enthält ein NUL-Zeichen")
    return None


def _json_problem(value: Any) -> str | None:
    """What keeps a JSON value out of a JSON column, walked without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return _("zu tief verschachtelt")
        if isinstance(item, str):
            problem = _text_problem(item)
            if problem:
                return problem
        elif isinstance(item, dict):
            stack.extend((k, depth) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return None


def _unique_problems(table: sa.Table, rows: list[dict[str, Any]],
                     places: list[str]) -> list[str]:
    keys: list[tuple[str, ...]] = [tuple(c.name for c in table.primary_key.columns)]
    keys += [tuple(c.name for c in constraint.columns) for constraint in table.constraints
             if isinstance(constraint, sa.UniqueConstraint)]
    keys += [(c.name,) for c in table.columns if c.unique]
    problems = []
    for key in dict.fromkeys(keys):
        seen: dict[tuple[Any, ...], int] = {}
        for index, row in enumerate(rows):
            if not key or any(row.get(name) is None for name in key):
                continue
            value = tuple(row[name] for name in key)
            if value in seen:
                problems.append(_("%(place)s: %(columns)s wie in Zeile %(number)s – muss "
                                  "eindeutig sein") % {"place": places[index],
                                                       "columns": ", ".join(key),
                                                       "number": seen[value] + 1})
            else:
                seen[value] = index
    return problems


def _reference_problems(metadata: sa.MetaData, rows: dict[str, list[dict[str, Any]]],
                        places: dict[str, list[str]]) -> list[str]:
    problems = []
    for table in metadata.sorted_tables:
        for key in sorted(table.foreign_keys, key=lambda k: k.parent.name):
            target = key.column
            present = {r.get(target.name) for r in rows[target.table.name]}
            for index, row in enumerate(rows[table.name]):
                value = row.get(key.parent.name)
                if value is not None and value not in present:
                    problems.append(
                        _("%(place)s, %(column)s: verweist auf %(target)s %(value)s, die es in "
                          "der Sicherung nicht gibt")
                        % {"place": places[table.name][index], "column": key.parent.name,
                           "target": f"{target.table.name}.{target.name}", "value": value})
    return problems


def restore(session: Session, metadata: sa.MetaData,
            rows: dict[str, list[dict[str, Any]]]) -> dict[str, int]:
    """Load rows from :func:`read` into an empty database; returns rows per table. The
    caller commits (or rolls back: nothing is half written)."""
    for table in metadata.sorted_tables:
        if table.name == "alembic_version":
            continue
        if session.execute(sa.select(sa.func.count()).select_from(table)).scalar_one():
            raise BackupError([_("die Datenbank ist nicht leer (Tabelle %(table)s)")
                               % {"table": table.name}])
    counts: dict[str, int] = {}
    for table in metadata.sorted_tables:
        decoded = rows.get(table.name, [])
        # One INSERT per set of columns: a row may leave out a column that has a default.
        by_columns: dict[frozenset[str], list[dict[str, Any]]] = {}
        for row in decoded:
            by_columns.setdefault(frozenset(row), []).append(row)
        for same in by_columns.values():
            session.execute(table.insert(), same)
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
