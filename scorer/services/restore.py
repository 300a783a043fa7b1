"""The history of an evening's entries, and what it brings back: delete, Rückgängig, and an
earlier version restored (a moved table change back after the game it followed)."""

from __future__ import annotations

from sqlalchemy import select

from scorer.services.changes import change_entry, check_correctable, check_room
from scorer.services.entries import CREATE, DELETE, EDIT, RESTORE, entry_words, live_entries
from scorer.services.facts import is_table_change
from scorer.services.games import preview_stored
from scorer.services.refusals import Refused, check_revision
from scorer.services.table_changes import preview_table_change
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent
from scorer.words import restore as words


def delete_game(game: Game, revision: int) -> GameEvent:
    """Soft-delete a game or a table change (it can be restored) if the rest still adds up."""
    check_correctable(game.evening)
    check_revision(game.revision, revision)
    if game.deleted_at is not None:
        raise Refused([("", words.already_deleted(entry_words(game)))])
    return change_entry(game, DELETE, None)


def undo(evening: Evening, event_id: int) -> GameEvent:
    """Take back one change (Rückgängig) if nothing happened to that entry since."""
    check_correctable(evening)
    event = db.session.get(GameEvent, event_id)
    if event is None or event.evening_id != evening.id:
        raise Refused([("", words.no_such_change())])
    game = event.game
    check_revision(game.revision, event.revision)
    if event.action in (CREATE, RESTORE):
        return change_entry(game, DELETE, None)
    if event.action == DELETE:
        check_room(evening)
        return change_entry(game, RESTORE, None)
    assert event.old_facts is not None
    return _back_to(evening, game, event)


def undone_already(evening: Evening, event_id: int) -> bool:
    """Whether the change ``event_id`` was taken back already: the next change of its entry
    is its reverse (a resent "Rückgängig", or the same tap on a second phone), and nothing
    happened to the entry since. Such a request is answered as done, not refused."""
    event = db.session.get(GameEvent, event_id)
    if event is None or event.evening_id != evening.id:
        return False
    later = list(db.session.scalars(
        select(GameEvent).where(GameEvent.game_id == event.game_id, GameEvent.id > event.id)
        .order_by(GameEvent.id)))
    if len(later) != 1:
        return False
    (back,) = later
    if event.action in (CREATE, RESTORE):
        return back.action == DELETE
    if event.action == DELETE:
        return back.action == RESTORE
    return back.action == EDIT and back.new_facts == event.old_facts


def _back_to(evening: Evening, game: Game, event: GameEvent) -> GameEvent:
    """Edit an entry back to what an edit event took away (a table change: to its old place
    too)."""
    old = dict(event.old_facts or {})
    if is_table_change(game.facts):
        _, _, index = preview_table_change(evening, old, after=old_place(event), replacing=game)
        return change_entry(game, EDIT, old, index)
    preview_stored(evening, old, replacing=game)
    return change_entry(game, EDIT, old)


def old_place(event: GameEvent) -> int | None:
    """Where an edit of a table change took it from, as "after game n" now (None: the event
    moved nothing): right after the game it followed then, counted anew, since games
    deleted or restored before that one since shift it. A game since deleted itself: after
    the last live game before it. Events recorded before the game was kept give their count.
    """
    if event.old_after is None or event.old_after_game_id is None:
        return event.old_after
    followed = db.session.get(Game, event.old_after_game_id)
    assert followed is not None  # a foreign key: games are never removed, only deleted
    return sum(1 for g in live_entries(event.game.evening)
               if g.position <= followed.position and not is_table_change(g.facts))


def last_change(evening: Evening) -> GameEvent | None:
    """The evening's last change to its entries: what "Rückgängig" on the sheet takes back
    (on every phone with the edit link, until the next change; taking it back is a change
    too, so the sheet then offers to take that back)."""
    return db.session.scalars(
        select(GameEvent).where(GameEvent.evening_id == evening.id)
        .order_by(GameEvent.id.desc()).limit(1)).first()


def history(evening: Evening) -> list[GameEvent]:
    """Every change to the evening's entries, newest first."""
    return list(db.session.scalars(
        select(GameEvent).where(GameEvent.evening_id == evening.id)
        .order_by(GameEvent.id.desc())))


def restore_version(evening: Evening, event_id: int, revision: int) -> GameEvent:
    """Bring back what an event took away: a deleted entry, or the facts (and, for a table
    change, the place) before an edit.

    ``revision`` is the entry's revision the history page showed; a change since then is
    refused ("inzwischen geändert") rather than overwritten.
    """
    check_correctable(evening)
    event = db.session.get(GameEvent, event_id)
    if event is None or event.evening_id != evening.id:
        raise Refused([("", words.no_such_change())])
    game = event.game
    check_revision(game.revision, revision)
    if event.action == DELETE:
        if game.deleted_at is None:
            raise Refused([("", words.not_deleted(entry_words(game)))])
        check_room(evening)
        return change_entry(game, RESTORE, None)
    if event.action != EDIT or event.old_facts is None:
        raise Refused([("", words.no_earlier_version())])
    if game.deleted_at is not None:
        raise Refused([("", words.deleted_first_restore(entry_words(game)))])
    return _back_to(evening, game, event)
