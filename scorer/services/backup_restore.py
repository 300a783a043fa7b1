"""A whole backup loaded into an empty database (``flask restore``): read, checked through
the core (``backup_check``), written and committed in one transaction, or nothing written."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from scorer.services import backup_check
from scorer.store import backup
from scorer.store.backup import BackupError
from scorer.store.extensions import db
from scorer.words import backup as words


def restore_file(path: Path) -> dict[str, int]:
    """Restore the backup in ``path``; the rows written per table. Raises BackupError with
    one German line per problem (a file that is no backup, rows the tables would not take,
    Runden or evenings the scoring core refuses, rows the database refuses), and then has
    written nothing."""
    try:
        document = _document(path)
        rows = backup.read(document, db.metadata)
        problems = backup_check.problems(rows)
        if problems:
            raise BackupError(problems)
        try:
            counts = backup.restore(db.session(), db.metadata, rows)
            db.session.commit()
        except SQLAlchemyError as err:
            reason = str(getattr(err, "orig", err)).splitlines()[0]
            raise BackupError([words.database_refuses(reason)]) from None
    except BackupError:
        db.session.rollback()
        raise
    return counts


def _document(path: Path) -> object:
    """The backup file's JSON, or BackupError saying why it is none."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:
        raise BackupError([words.too_deep()]) from None
    except UnicodeDecodeError:
        raise BackupError([words.not_utf8()]) from None
    except json.JSONDecodeError as err:
        raise BackupError([words.not_json(err.lineno, err.colno)]) from None
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise BackupError([words.number_too_long()]) from None
