"""The instance folder and the SQLite database are readable by their owner only.

The database holds every Runde's edit link, and the instance folder holds it and the secret
key, so they get what the backups get (0600 files, a 0700 folder): created that way, and
tightened when the app starts on files an older version made with the usual 0644/0755.
SQLite creates its ``-wal`` and ``-shm`` files with the database file's mode, so a private
database keeps them private too; ones left from before are tightened with it.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from sqlalchemy.engine import make_url

from scorer.words.i18n import _

PRIVATE = 0o077
"""Permission bits for the group and for others: none of them is set."""
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")

log = logging.getLogger(__name__)


def private_folder(path: Path) -> None:
    """Make ``path`` (with its parents) if it is missing; only its owner may enter it."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    tighten(path)


def private_sqlite(uri: str) -> Path | None:
    """For a SQLite file database: create the file empty and private if it is missing (an
    empty file is an empty database to SQLite), and tighten it and its companions. The file,
    or None for any other database."""
    path = sqlite_file(uri)
    if path is None:
        return None
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError as err:  # a folder that is missing or not ours: SQLite will say so
        log.warning(_("Datenbankdatei %(path)s nicht angelegt: %(reason)s"),
                    {"path": path, "reason": err.strerror})
        return path
    for name in (path, *(Path(f"{path}{end}") for end in SQLITE_COMPANIONS)):
        if name.exists():
            tighten(name)
    return path


def sqlite_file(uri: str) -> Path | None:
    """The file of a SQLite URL; None for an in-memory one or another database.

    >>> str(sqlite_file("sqlite:////srv/doko/doko.sqlite3"))
    '/srv/doko/doko.sqlite3'
    >>> sqlite_file("sqlite://"), sqlite_file("postgresql+psycopg://doko@db/doko")
    (None, None)
    """
    url = make_url(uri)
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database)


def tighten(path: Path) -> None:
    """Take every permission of the group and of others away from ``path``."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & PRIVATE:
            path.chmod(mode & ~PRIVATE)
    except OSError as err:  # another user's file: said, not fatal
        log.warning(_("%(path)s bleibt für andere lesbar: %(reason)s"),
                    {"path": path, "reason": err.strerror})
