"""What the workers computed from the database, kept on disk as well, for a worker that has
nothing kept yet.

The fold cache (scorer.store.fold_cache) lives in one worker's memory: after every start or
deploy, each worker folded every evening of a long Runde again for its first look at the
Runde's year (500 evenings: about a second, issue #40). What the year is made of and made
into is therefore also written to files, each under the same key as in memory
(``services.year``): the little the year needs of each evening (``EveningDigest``, its
records' and Statistik's part ``Packed``), the year itself, and what a season's pages add up
over its evenings (the Bestenliste, the Statistik's figures, the charts). A worker that has
not kept them reads them back instead of folding and adding up.

Nothing here is more than a cache: every file can be deleted at any time (the next worker
computes it again), a file is only ever taken under the exact key it was computed at, and it
was computed by this very code: the folder's name carries a hash of the code that computes
what is kept (``code_version``: the core, services, store and words, and the catalogs that
word the charts) and of the database it was read from. A file is written whole to a
temporary name and renamed, so a reader never sees half of one; it starts with a checksum
of the rest keyed with the app's secret, and what is damaged, not this app's or cannot be
read is ignored (computed again).

The files are pickles: they live in the private instance folder (``DOKO_KEPT_FOLDER``, by
default ``instance/kept``), beside ``config.py``, which the app executes as Python anyway:
whoever can write there can run code as the app already. A folder that is not the app's
user's own is not used at all. The folder is shared by every worker of the machine; several
machines keep a folder each.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import shutil
import threading
from collections.abc import Hashable
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from flask import Flask, current_app
from jinja2 import FileSystemBytecodeCache

from scorer.core.evening import collector_paused

FOLDER = "kept"
"""The folder in the app's instance folder (``DOKO_KEPT_FOLDER`` replaces it)."""

T = TypeVar("T")

_PACKAGE = Path(__file__).resolve().parent.parent
_CODE_FOLDERS = ("core", "services", "store", "words")
"""What computes what is kept: a change to any of their modules makes every file new."""
_CATALOGS = "translations"
"""The catalogs too (their ``*.po``; each ``*.mo`` is made from one): a chart kept is worded
(``services.year.SeasonView.season_chart``)."""


@cache
def code_version() -> str:
    """A hash of the code that computes what is kept and of the catalogs it words charts
    with (read once per process)."""
    digest = hashlib.sha256()
    found = [path for folder in _CODE_FOLDERS for path in (_PACKAGE / folder).rglob("*.py")]
    found += list((_PACKAGE / _CATALOGS).rglob("*.po"))  # the .mo is made from it
    for path in sorted(found):
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _unpickled(data: bytes) -> Any:
    """``pickle.loads`` without the cyclic collector: what is kept has no cycles, and the
    collector would walk the thousands of objects read back again and again as they come."""
    with collector_paused():
        return pickle.loads(data)


class Packed(Generic[T]):
    """A value that is pickled as the bytes of its own pickle, and read back from them only
    when asked for (``value``).

    What the year keeps of an evening holds a few small figures every page reads and the
    records' and Statistik's extract, dozens of objects a game, that only some pages read:
    packed, a worker that reads 500 evenings back from their files unpickles the figures and
    copies the rest as bytes, until a page wants it. The packed bytes stay beside the value
    once read, so that the value is pickled again at no cost. Equal when the values are.
    """

    __slots__ = ("_data", "_value")

    def __init__(self, value: T) -> None:
        self._value: T | None = value
        self._data: bytes | None = None

    @classmethod
    def _read_back(cls, data: bytes) -> Packed[T]:
        packed: Packed[T] = cls.__new__(cls)
        packed._value, packed._data = None, data
        return packed

    @property
    def value(self) -> T:
        """The value (unpickled on the first read after the packed bytes were read back:
        they were checked with the whole file, ``KeptFiles.get``)."""
        if self._value is None and self._data is not None:
            self._value = _unpickled(self._data)
        return self._value  # type: ignore[return-value]

    def __reduce__(self) -> tuple[Any, ...]:
        if self._data is None:
            self._data = pickle.dumps(self._value, protocol=pickle.HIGHEST_PROTOCOL)
        return (type(self)._read_back, (self._data,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Packed) and self.value == other.value

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Packed({self.value!r})"


class KeptFiles:
    """Values under (thing, key) in files of one folder; one key per thing."""

    def __init__(self, base: Path, database: str, secret: bytes) -> None:
        self.base = base
        self.secret = secret
        self.database = hashlib.sha256(database.encode()).hexdigest()[:12]
        self._made = False
        self._lock = threading.Lock()

    @property
    def folder(self) -> Path:
        """This code's and this database's folder."""
        return self.base / f"{self.database}-{code_version()}"

    def get(self, thing: str, key: Hashable) -> Any | None:
        """The value kept for ``thing`` if it was computed at ``key``, else None."""
        try:
            data = (self.folder / f"{thing}.pickle").read_bytes()
        except OSError:
            return None
        check, data = data[:_CHECK], data[_CHECK:]
        if not hmac.compare_digest(_checksum(data, self.secret), check):
            return None  # damaged, cut off or not this app's: computed again
        try:
            found_key, value = _unpickled(data)
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError,
                TypeError, ValueError):
            return None  # written by other code after all: computed again
        return value if found_key == key else None

    def put(self, thing: str, key: Hashable, value: Any) -> None:
        """Keep ``value`` for ``thing`` at ``key`` (replacing any other key's). A disk that
        refuses (full, read-only) keeps nothing: it is only a cache."""
        folder = self.folder
        temporary = folder / f".{thing}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            self._make(folder)
            data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
            with open(os.open(temporary, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, 0o600),
                      "wb") as out:
                out.write(_checksum(data, self.secret))
                out.write(data)
            os.replace(temporary, folder / f"{thing}.pickle")
        except OSError:
            temporary.unlink(missing_ok=True)

    def _make(self, folder: Path) -> None:
        """The folder, made once; the folders of other code for the same database go (what
        an earlier release kept is never read again)."""
        with self._lock:
            if self._made and folder.is_dir():
                return
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.base.chmod(0o700)
            for other in self.base.glob(f"{self.database}-*"):
                if other != folder:
                    shutil.rmtree(other, ignore_errors=True)
            self._made = True


_CHECK = 16
"""Bytes of the checksum a file starts with."""


def _checksum(data: bytes, secret: bytes) -> bytes:
    """What a file's pickle is checked against before it is unpickled: keyed with the app's
    secret, so that only this app's workers write a file the others read (a pickle runs
    code as it is read), and read whole, since a value packed in it (``Packed``) is only
    unpickled when a page reads it, long after the file was read."""
    return hashlib.blake2b(data, digest_size=_CHECK, key=secret).digest()


def _secret(app: Flask) -> bytes:
    """The key of the checksums: from the app's SECRET_KEY (blake2b takes 64 bytes)."""
    return hashlib.sha256(str(app.config.get("SECRET_KEY") or "").encode()).digest()


def init_app(app: Flask) -> None:
    """Give the app its files: in ``DOKO_KEPT_FOLDER``, else instance/kept; a test app
    (``TESTING``) keeps none unless it names a folder.

    The templates compiled are kept there too (Jinja's bytecode cache, in ``templates/``):
    a fresh worker's first page loads its template instead of compiling it (a tenth of a
    second for the Runde's pages). Jinja checks each against its template's source."""
    configured = app.config.get("DOKO_KEPT_FOLDER")
    if configured is None and app.config.get("TESTING"):
        app.extensions["doko_kept_files"] = None
        return
    base = Path(configured) if configured else Path(app.instance_path) / FOLDER
    templates = base / "templates"
    try:
        templates.mkdir(mode=0o700, parents=True, exist_ok=True)
        base.chmod(0o700)
        private = base.stat().st_uid == os.getuid()
    except OSError:
        private = False
    if not private:  # a folder that cannot be made or is another user's: nothing kept
        app.extensions["doko_kept_files"] = None
        return
    app.extensions["doko_kept_files"] = KeptFiles(
        base, str(app.config.get("SQLALCHEMY_DATABASE_URI", "")), _secret(app))
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(templates))


def files() -> KeptFiles | None:
    """The current app's files (None: it keeps none)."""
    kept: KeptFiles | None = current_app.extensions.get("doko_kept_files")
    return kept
