"""Limits per client (Flask-Limiter): creating Runden, writes, and a ceiling on live checks.

A client is its address (an IPv6 address by its /64, which one device may rotate through),
as the server sees it: behind a reverse proxy that is the proxy's, unless the app is told to
trust the proxy's ``X-Forwarded-For`` (``DOKO_TRUSTED_PROXIES``, scorer/web/server/https.py). The
machine itself (``THIS_MACHINE``) is never limited.

The limits are far above what a table does at its pace — a watching phone checks once a
second, the entering phone saves a game every few minutes, and a phone back from the cellar
sends its waiting games at once — and far below what a script does: 200 Runden in 1.6 s or
2,000 live checks in 5.7 s (issue 26). Each is a string of Flask-Limiter's notation in the
configuration (``DOKO_LIMIT_NEW_RUNDE``, ``DOKO_LIMIT_WRITES``, ``DOKO_LIMIT_CHECKS`` per sheet,
``DOKO_LIMIT_CHECKS_ALL`` over all sheets), one
counter per client over all routes it covers (fixed windows).

Where the counts live (``RATELIMIT_STORAGE_URI``, or ``DOKO_RATELIMIT_STORAGE`` in the
environment): every worker must see the same counts, or each of N workers lets a client do
N times as much. Flask-Limiter's memory storage is per process, so the default is a small
SQLite file in the instance folder (:class:`SQLiteStorage`): shared by every worker and
thread on this machine, with no server to run. Several machines share a ``redis://`` storage.
A storage that fails lets requests through (logged): the table goes on playing.
"""

from __future__ import annotations

import ipaddress
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask, current_app, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.errors import RateLimitExceeded
from limits.storage import Storage

from scorer.store.private import private_sqlite
from scorer.web.server.answers import refusal
from scorer.web.server.bodies import BODY_METHODS
from scorer.words.answers import too_many

NEW_RUNDE = "10 per minute;100 per day"
"""Runden one client may create ("Runde anlegen")."""
WRITES = "120 per minute"
"""POSTs one client may send, over all routes (saves, previews, sends from the cellar…)."""
CHECKS = "1200 per minute"
"""Live checks (``…/stand``) of one sheet one client may make: twenty phones behind one
address following the same sheet, each checking once a second."""
CHECKS_ALL = "6000 per minute"
"""Live checks one client may make over all sheets: a club evening's hundred phones on one
WLAN (one address), each following its table once a second (issue #36: 30 such phones were
refused a quarter of their checks under one limit for all)."""
SCHEME = "doko+sqlite"
EXTENSION = "doko_limiter"
"""Key in ``app.extensions`` of the app's Limiter (one per app: a Limiter keeps its storage
and settings on itself)."""
THIS_MACHINE = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
"""Never limited: the machine the server runs on, which is also where a reverse proxy on it
connects from. Behind such a proxy every device seems to be this machine until
``DOKO_TRUSTED_PROXIES`` lets the app see the device's own address; counting them all as one
client would limit every table together."""


def client_key() -> str:
    """The client a request counts for: its address; for IPv6 the /64 it belongs to (an
    address that is none, such as a UNIX socket's, counts as it is)."""
    address = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


def _client_and_sheet() -> str:
    """A live check counts for its client and the sheet it follows."""
    args = request.view_args or {}
    return f"{client_key()} {args.get('token', '')} {args.get('number', '')}"


def _creating_runde() -> bool:
    return request.method == "POST" and request.endpoint == "groups.index"


def init_app(app: Flask) -> None:
    """Where the counts live (see the module's docstring), then the limits and the German
    answer to a client over one of them."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", storage_uri(Path(app.instance_path)))
    app.config.setdefault("RATELIMIT_STRATEGY", "fixed-window")
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    config = app.config
    limiter = Limiter(
        key_func=client_key,
        application_limits=[
            ApplicationLimit(config.get("DOKO_LIMIT_NEW_RUNDE", NEW_RUNDE),
                             scope="runde-anlegen", exempt_when=lambda: not _creating_runde()),
            ApplicationLimit(config.get("DOKO_LIMIT_WRITES", WRITES), scope="schreiben",
                             exempt_when=lambda: request.method not in BODY_METHODS),
            ApplicationLimit(config.get("DOKO_LIMIT_CHECKS", CHECKS), scope="stand",
                             key_function=_client_and_sheet,
                             exempt_when=lambda: request.endpoint != "live.poll"),
            ApplicationLimit(config.get("DOKO_LIMIT_CHECKS_ALL", CHECKS_ALL), scope="stand-alle",
                             exempt_when=lambda: request.endpoint != "live.poll"),
        ],
    )
    # Pages and static files count for no limit, and this machine is never limited: skip
    # the limiter's work for them at once.
    limiter.request_filter(lambda: (request.method not in BODY_METHODS
                                    and request.endpoint != "live.poll")
                           or request.remote_addr in THIS_MACHINE)
    limiter.init_app(app)
    app.extensions[EXTENSION] = limiter
    app.register_error_handler(RateLimitExceeded, _too_many)


def storage_uri(instance: Path) -> str:
    """The default storage: a SQLite file in the instance folder."""
    return f"{SCHEME}:///{instance / 'ratelimits.sqlite3'}"


def _too_many(_error: RateLimitExceeded) -> Any:
    limiter = current_app.extensions[EXTENSION]
    over = limiter.current_limit
    now = getattr(limiter.storage, "clock", time.time)()  # the storage's time, if it has one
    wait = max(1, int(over.reset_at - now)) if over is not None else 60
    response = refusal(429, *too_many(wait), result="later")
    response.headers["Retry-After"] = str(wait)
    return response


class SQLiteStorage(Storage):
    """Fixed-window counters in a SQLite file (``doko+sqlite:///path``), for every process
    and thread of one machine: an UPSERT per hit, atomic in SQLite, on a file of its own so
    it never waits for the database's write lock. Counts need no durability (synchronous
    off); the file is private like the database, since it holds addresses."""

    STORAGE_SCHEME = [SCHEME]
    CLEAN_EVERY = 1000
    """Hits between two sweeps of expired counters."""

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 clock: Callable[[], float] = time.time, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = Path((uri or "").split("://", 1)[1] or "ratelimits.sqlite3")
        self.clock = clock
        self._local = threading.local()
        self._hits = 0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        # One connection per thread, and none carried across a fork.
        known: tuple[int, sqlite3.Connection] | None = getattr(self._local, "db", None)
        if known is not None and known[0] == os.getpid():
            return known[1]
        private_sqlite(f"sqlite:///{self.path}")
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        _wal(db)
        db.execute("PRAGMA synchronous=OFF")
        with _immediate(db):
            db.execute("CREATE TABLE IF NOT EXISTS hits (key TEXT PRIMARY KEY, "
                       "count INTEGER NOT NULL, expires REAL NOT NULL) WITHOUT ROWID")
        self._local.db = (os.getpid(), db)
        return db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = self.clock()
        db = self._db()
        with _immediate(db):
            (count,) = db.execute(
                "INSERT INTO hits (key, count, expires) VALUES (:key, :amount, :expires) "
                "ON CONFLICT (key) DO UPDATE SET "
                "count = CASE WHEN expires <= :now THEN :amount ELSE count + :amount END, "
                "expires = CASE WHEN expires <= :now THEN :expires ELSE expires END "
                "RETURNING count",
                {"key": key, "amount": amount, "expires": now + expiry, "now": now}).fetchone()
        self._hits += 1
        if self._hits % self.CLEAN_EVERY == 0:
            db.execute("DELETE FROM hits WHERE expires <= ?", (now,))
        return int(count)

    def get(self, key: str) -> int:
        row = self._db().execute("SELECT count FROM hits WHERE key = ? AND expires > ?",
                                 (key, self.clock())).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._db().execute("SELECT expires FROM hits WHERE key = ? AND expires > ?",
                                 (key, self.clock())).fetchone()
        return float(row[0]) if row else self.clock()

    def check(self) -> bool:
        try:
            self._db().execute("SELECT 1").fetchone()
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        return self._db().execute("DELETE FROM hits").rowcount

    def clear(self, key: str) -> None:
        self._db().execute("DELETE FROM hits WHERE key = ?", (key,))


WAL_WAIT = 5.0
"""Seconds a new connection waits for the file to be in WAL mode (another process may be
switching it, or hold it open in the old mode, the moment a server's workers start)."""


def _wal(db: sqlite3.Connection) -> None:
    """Put the file in WAL mode (it stays so). Workers opening a new file at the same moment
    race to switch it, and SQLite refuses the losers at once ("database is locked", busy
    timeout or not): they try again, for WAL_WAIT seconds. Any other answer (a file system
    without WAL, a file that cannot be written) is left to the counting itself, which fails
    or goes on in the file's own mode at once."""
    deadline = time.monotonic() + WAL_WAIT
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL").fetchone()
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
        time.sleep(0.01)


@contextmanager
def _immediate(db: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the write lock first (BEGIN IMMEDIATE waits out the
    busy timeout): a statement that reads before it writes could otherwise be refused at
    once when another connection wrote in between."""
    if db.in_transaction:  # left open by a failure this connection could not undo
        db.execute("ROLLBACK")
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # SQLite may have rolled back by itself
            db.execute("ROLLBACK")
        raise
