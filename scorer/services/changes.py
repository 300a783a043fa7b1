"""The one way every change to an evening's entries goes, and what it keeps: the evening's
lock (``lock_evening``), the checks (``check_open``, ``check_room``; the fold check is
``refusals.fold_checked``), the entry stored (``store_entry``: a new game or table change) or
changed (``change_entry``: edit, delete, restore), the history event (``record``), the
version a watching phone compares (``touch``) and the commit (``commit_keeping``), after
which a save keeps the fold it checked (services.games). What is in the database always
folds: every change is checked by folding the whole evening with it first."""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
from typing import Any

from flask import current_app, g, has_app_context
from sqlalchemy import (
    Insert,
    Select,
    Update,
    bindparam,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from scorer.core.evening import MAX_ENTRIES
from scorer.services.entries import (
    CREATE,
    DELETE,
    EDIT,
    RESTORE,
    game_by_entry_key,
    live_entries,
    number_of,
)
from scorer.services.facts import evening_setup, is_table_change, to_core
from scorer.services.refusals import Refused, fold_checked
from scorer.store import fold_cache
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent, utcnow
from scorer.words import refusals as refusal_words


@functools.cache
def _live_count() -> Select[int]:
    return (select(func.count(Game.id) - func.count(Game.deleted_at))
            .where(Game.evening_id == bindparam("evening")))


def lock_evening(evening: Evening) -> None:
    """Serialize changes to one evening, so two phones never both take game N+1 or both edit
    from the same revision: PostgreSQL locks and reloads the evening row (SELECT … FOR
    UPDATE) and everything read after this sees the other phone's commit; on SQLite the
    writing request's transaction began IMMEDIATE, which already holds the write lock, and
    what it read is current (nothing to read again)."""
    if db.session.get_bind().dialect.name == "sqlite":
        return
    db.session.refresh(evening, with_for_update=True)
    # Entries this request loaded before the lock are brought up to date (one
    # query); the others are read after it anyway.
    loaded = [identity[0] for row in db.session.identity_map.values()
              if isinstance(row, Game) and (identity := inspect(row).identity) is not None]
    if loaded:
        db.session.scalars(select(Game).where(Game.id.in_(loaded))
                           .execution_options(populate_existing=True)).all()


def check_open(evening: Evening) -> None:
    lock_evening(evening)
    if evening.closed:
        raise Refused([("", refusal_words.closed())])


def finishing_only(evening: Evening) -> bool:
    """A club table whose round ended while it still played a started game
    (``Evening.close_after``): its own link may only enter that one game, no more undo,
    delete, edit or table change of the games that counted when the round ended. The
    Turnierleitung may still correct it (its changes go under its own link, ``g.via_token``,
    scorer.web.pages.club_access)."""
    return evening.close_after is not None and not (has_app_context() and g.get("via_token"))


def check_correctable(evening: Evening) -> None:
    """``check_open`` for a change of what is entered (edit, delete, undo, restore, a table
    change): refused, too, for a table that may only finish its started game
    (``finishing_only``)."""
    check_open(evening)
    if finishing_only(evening):
        assert evening.close_after is not None
        raise Refused([("", refusal_words.finishing_only(evening.close_after))])


def check_room(evening: Evening, live: int | None = None) -> None:
    """The core folds at most MAX_ENTRIES entries: a stored evening must always fold.
    ``live``: the evening's live entries, when the caller has them folded (under the lock);
    counted otherwise, so that a full evening is refused before the fold of its 50,000."""
    if live is None:
        live = db.session.execute(_live_count(), {"evening": evening.id}).scalar_one()
    if live >= MAX_ENTRIES:
        raise Refused([("", refusal_words.full())])


def store_entry(evening: Evening, facts: dict[str, Any], entry_key: str, index: int | None,
           number: int | None = None) -> GameEvent | None:
    """Add a checked entry after every other (the deleted ones too) and commit: a game as
    game ``number`` of the sheet, a table change moved to live ``index`` (its number, the
    games before it, is counted then). None if an entry with this one-time key is stored
    already.

    Every save of a game comes here, so it writes three statements rather than going through
    the ORM's unit of work, which cost as much again as writing them (issue 12): the entry,
    its history event (what ``record`` keeps of a change) and the evening's version
    (``touch``). What they wrote is set on the loaded evening and the returned event as if
    read back, so neither is read again.
    """
    # The entry and its history event are written at one moment, which the event (kept
    # loaded after the commit) tells the fold kept for the entry (StoredEntry.updated).
    now = utcnow()
    connection = db.session.connection()
    try:
        # The entry key is unique: a form that arrives twice at once is stored once, and the
        # second request learns it here instead of by a lookup beforehand.
        game_id = connection.execute(_insert_entry(), {
            "evening_id": evening.id, "evening": evening.id, "facts": facts,
            "entry_key": entry_key, "revision": 1, "created_at": now, "updated_at": now,
        }).scalar_one()
    except IntegrityError:
        db.session.rollback()
        if game_by_entry_key(entry_key) is not None:
            return None
        raise
    fold_cache.wrote(db.session())  # not a flush: noted by hand, so no fold is kept from it
    db.session.expire(evening, ["games"])  # a list loaded before lacks the new entry
    if index is not None:
        game = db.session.get_one(Game, game_id)
        _move(game, index)
        number = number_of(game)
    assert number is not None, "a game is stored with its number"
    values = {"evening_id": evening.id, "game_id": game_id, "game_number": number,
              "action": CREATE, "via": link_fingerprint(), "old_after": None,
              "old_after_game_id": None, "old_facts": None, "new_facts": facts, "revision": 1,
              "created_at": now}
    event_id = connection.execute(_insert_event(), values).scalar_one()
    version = connection.execute(_raise_version(), {"evening": evening.id, "at": now}
                                 ).scalar_one()
    set_committed_value(evening, "version", version)
    set_committed_value(evening, "updated_at", now)
    event = GameEvent(id=event_id, **values)
    make_transient_to_detached(event)
    db.session.add(event)
    commit_keeping(evening, event)
    return event


@functools.cache
def _insert_entry() -> Insert:
    """The entry goes after every entry of the evening, deleted ones too (under its lock)."""
    table = Game.__table__
    last = (select(func.coalesce(func.max(table.c.position), 0) + 1)
            .where(table.c.evening_id == bindparam("evening")).scalar_subquery())
    return insert(table).values(position=last).returning(table.c.id)


@functools.cache
def _insert_event() -> Insert:
    table = GameEvent.__table__
    return insert(table).returning(table.c.id)


@functools.cache
def _raise_version() -> Update:
    """``touch`` as a statement: the evening's version raised in SQL, and when."""
    table = Evening.__table__
    return (update(table).where(table.c.id == bindparam("evening"))
            .values(version=table.c.version + 1, updated_at=bindparam("at"))
            .returning(table.c.version))


def commit_keeping(*rows: Any) -> None:
    """Commit, keeping ``rows`` loaded: the evening written under this transaction's lock and
    the history event written with it are known as committed (the page that answers a save
    needs both), so they are not read again. Everything else is read again when next used, as
    after any commit."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True
    for row in list(session.identity_map.values()):
        if not any(row is kept for kept in rows):
            session.expire(row)


def change_entry(game: Game, action: str, facts: dict[str, Any] | None,
            index: int | None = None) -> GameEvent:
    """Apply an edit (a table change: moved to live ``index``), delete or restore, check
    that the evening still folds, commit."""
    old = dict(game.facts)
    moved_from = _game_before(game) if action == EDIT and is_table_change(old) else None
    if action == EDIT:
        assert facts is not None
        game.facts = facts
        if index is not None:
            _move(game, index)
    elif action == DELETE:
        game.deleted_at = utcnow()
    else:
        game.deleted_at = None
    if action in (DELETE, RESTORE):
        # Removing or bringing back an entry shifts everything after it (dealer, Bock,
        # Pflichtsolo, the table): the rest of the evening must still add up.
        setup, names = evening_setup(game.evening)
        try:
            fold_checked(setup, [to_core(g.facts, names) for g in live_entries(game.evening)],
                          None)
        except Refused:
            db.session.rollback()
            raise
    if game.evening.close_after is not None and action in (DELETE, RESTORE):
        # The Turnierleitung corrected a table that may finish its started game: that game
        # is still the one after those entered now (what the sheet says, and when it closes).
        game.evening.close_after = 1 + sum(1 for e in live_entries(game.evening)
                                           if not is_table_change(e.facts))
    game.revision += 1
    event = record(game, action, None if action == RESTORE else old,
                    None if action == DELETE else dict(game.facts), moved_from)
    db.session.commit()
    return event


def _game_before(change: Game) -> tuple[int, Game | None]:
    """Where a live table change stands: the number of live games before it, and the last of
    them (None before game 1)."""
    games = [g for g in live_entries(change.evening)
             if g.position < change.position and not is_table_change(g.facts)]
    return len(games), games[-1] if games else None


def _move(row: Game, index: int) -> None:
    """Put ``row`` right before the live entry now at ``index`` among the others (or last);
    every other row keeps its order. Positions are unique per evening, so the rows that move
    go through negative positions first."""
    rows = sorted((e for e in row.evening.games if e is not row), key=lambda e: e.position)
    live = [e for e in rows if e.deleted_at is None]
    rows.insert(rows.index(live[index]) if index < len(live) else len(rows), row)
    moved = [(e, k) for k, e in enumerate(rows, start=1) if e.position != k]
    if not moved:
        return
    for e, k in moved:
        e.position = -k
    db.session.flush()
    for e, k in moved:
        e.position = k
    db.session.flush()


VIA_PATTERN = re.compile(r"[0-9a-f]{8}")
"""What ``link_fingerprint`` stores (a restore refuses anything else)."""


def link_fingerprint() -> str | None:
    """A short name of the link this request came through, kept with every change in the
    history (and in backups): keyed with the app's secret, so that nobody can check a
    guessed link against it (issue #36: a plain hash was); the Verlauf keys it once more to
    show it (scorer.web.evening.history.link_name)."""
    token = (g.get("via_token") or g.get("link_token")) if has_app_context() else None
    if not token:
        return None
    return fingerprint_of(token)


def fingerprint_of(token: str) -> str:
    """The short name ``link_fingerprint`` keeps for changes made through ``token``. A
    request may be recorded under another link than its own (``g.via_token``): the
    organiser's correction of a club table goes through the table's link but is the
    Turnierleitung's (scorer.web.pages.club_access)."""
    secret = str(current_app.secret_key or "").encode()
    return hmac.new(secret, b"doko-zettel via " + token.encode(), hashlib.sha256).hexdigest()[:8]


def legacy_fingerprint() -> str | None:
    """What changes stored as ``via`` before it was keyed (a plain hash of the link): the
    Verlauf still knows this link's own older changes by it."""
    token = g.get("link_token") if has_app_context() else None
    return hashlib.sha256(token.encode()).hexdigest()[:8] if token else None


def touch(evening: Evening) -> None:
    """Raise the evening's version: every change to what its sheet shows passes through
    here (games through ``record``, the settlement, closing and reopening), in the same
    transaction, so a watching phone that saw the old version fetches the sheet again.

    An SQL increment, not Python's: it never loses a count, whichever worker writes.
    """
    evening.version = Evening.version + 1


def record(game: Game, action: str, old: dict[str, Any] | None,
            new: dict[str, Any] | None, moved_from: tuple[int, Game | None] | None = None,
            number: int | None = None) -> GameEvent:
    """Keep the change in the history and raise the evening's version; ``number`` is the
    entry's number (``number_of``) when the caller knows it already, ``moved_from`` where
    an edited table change stood until then (``_game_before``)."""
    touch(game.evening)
    event = GameEvent(evening_id=game.evening.id, game=game,
                      game_number=number_of(game) if number is None else number,
                      action=action, old_facts=old, new_facts=new, revision=game.revision,
                      via=link_fingerprint())
    if moved_from is not None:
        event.old_after, followed = moved_from
        event.old_after_game_id = None if followed is None else followed.id
    db.session.add(event)
    return event
