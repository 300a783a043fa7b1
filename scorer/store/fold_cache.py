"""Folded evenings kept in this process between requests, under the versions the database
holds for them.

Every page of an evening shows its ledger, and folding a long evening anew for every request
was most of a page's time. What an evening folds to is fixed by rows that only change
together with a version in the same transaction: its entries and its settlement and closing
raise the evening's ``version`` (``scorer.services.changes.touch``), a renamed player raises
the Runde's. So a fold stored here under the key the request read from the database *before* it
read the entries is either exactly what the database holds at that key, or its key is already
gone from the database (the entries were read after a later commit) and no request will ask
for it again. The database is the only thing the workers share; each keeps its own copies,
and another worker's change shows up as a new key here (see ``services.fold_of``).

Only what a session read outside its own writes may be kept: a request that has flushed
changes (not yet committed, perhaps never) neither reads nor fills the cache. The save path
keeps the fold it computed only after its commit, under the version its commit wrote.

One entry per evening (a new version replaces the old one) and per Runde for what its pages
add up over all evenings; the least recently used go first once the entries kept would
exceed ``DEFAULT_BUDGET`` (counted in games and table changes).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from cachetools import LRUCache
from flask import Flask, current_app
from sqlalchemy import event
from sqlalchemy.orm import Session

DEFAULT_BUDGET = 40_000
"""Entries (games and table changes) kept per worker, over all evenings (``DOKO_FOLD_BUDGET``
in the configuration): a kept entry takes about 3 KB with its rows, words and chart, so at
most about 120 MB; a Runde of 100 evenings of 40 games takes a tenth of it. An evening
longer than the whole budget is folded anew for every request."""

_WROTE = "doko_wrote"
"""``Session.info`` flag: this transaction has flushed changes that are not committed."""

T = TypeVar("T")


class Kept(Generic[T]):
    """What is kept for one thing (an evening, a Runde's page): the key it was computed at."""

    __slots__ = ("key", "value", "weight")

    def __init__(self, key: Hashable, value: T, weight: int) -> None:
        self.key = key
        self.value = value
        self.weight = weight


class FoldCache:
    """A least-recently-used store of values under (thing, key); one key per thing.

    Thread-safe (the development server answers in threads; gunicorn's sync workers don't).
    """

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self._entries: LRUCache[Hashable, Kept[Any]] = LRUCache(
            maxsize=budget, getsizeof=lambda kept: kept.weight)
        self._lock = threading.Lock()

    def get(self, thing: Hashable, key: Hashable) -> Any | None:
        """The value kept for ``thing`` if it was computed at ``key``, else None."""
        with self._lock:
            kept = self._entries.get(thing)
        return kept.value if kept is not None and kept.key == key else None

    def latest(self, thing: Hashable) -> tuple[Hashable, Any] | None:
        """The key and value kept for ``thing``, whatever the key: something to go on from,
        never to show as it is."""
        with self._lock:
            kept = self._entries.get(thing)
        return None if kept is None else (kept.key, kept.value)

    def put(self, thing: Hashable, key: Hashable, value: Any, weight: int) -> None:
        """Keep ``value`` for ``thing`` at ``key`` (replacing any other key's); ``weight``
        counts against the budget (at least 1). Too heavy to keep at all: nothing is kept."""
        kept = Kept(key, value, max(weight, 1))
        with self._lock:
            try:
                self._entries[thing] = kept
            except ValueError:  # heavier than the whole budget
                self._entries.pop(thing, None)

    def clear(self) -> None:
        """Forget everything (a test, or a database replaced under a running app)."""
        with self._lock:
            self._entries.clear()


def init_app(app: Flask) -> None:
    """Give the app its cache and let sessions tell whether they hold uncommitted writes."""
    app.extensions["doko_folds"] = FoldCache(app.config.get("DOKO_FOLD_BUDGET", DEFAULT_BUDGET))
    if not event.contains(Session, "after_flush", _flushed):
        event.listen(Session, "after_flush", _flushed)
        event.listen(Session, "after_begin", _began)


def cache() -> FoldCache:
    """The current app's cache."""
    kept: FoldCache = current_app.extensions["doko_folds"]
    return kept


def committed_only(session: Session) -> bool:
    """Whether everything ``session`` reads now is committed data: it has neither pending
    changes nor flushed ones in its open transaction."""
    return not (session.info.get(_WROTE) or session.new or session.dirty or session.deleted)


def wrote(session: Session) -> None:
    """Note that ``session``'s open transaction has written what it has not committed: for
    writes by statements of its own (the ORM's flushes are noted by themselves)."""
    session.info[_WROTE] = True


def _flushed(session: Session, _context: Any) -> None:
    wrote(session)


def _began(session: Session, _transaction: Any, _connection: Any) -> None:
    # A new transaction sees only what is committed (and its own writes, once it makes some).
    session.info.pop(_WROTE, None)
