"""Games: a candidate folded in its place (the live preview), a new game stored (also one a
phone kept offline, only as the number it had there), a game corrected. A game comes as the
typed entry its form made (scorer.core.scoring.GameEntry, players named by id), checked by
the core once, in its place, and stored as its JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.core.evening import InvalidEvening, Ledger, LedgerGame, resume
from scorer.core.scoring import GameEntry
from scorer.services.changes import (
    change_entry,
    check_correctable,
    check_open,
    check_room,
    lock_evening,
    store_entry,
    touch,
)
from scorer.services.entries import EDIT
from scorer.services.facts import fold_facts, is_table_change, to_core
from scorer.services.folds import Folded, StoredEntry, fold_key, fold_of, instant
from scorer.services.refusals import NumberTaken, Refused, check_revision, checked, fold_checked
from scorer.store import fold_cache
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent, utcnow
from scorer.words import refusals as words


def preview(evening: Evening, entry: GameEntry[int],
            replacing: Game | None = None) -> tuple[Ledger, LedgerGame]:
    """Fold the evening with a candidate game (new, or in place of ``replacing``).

    Returns the whole ledger and the candidate's place in it. Raises Refused with the
    candidate's own problems (fields without the ``games[i].`` prefix), or a whole-form
    problem when a later entry would stop being valid.
    """
    folded = fold_of(evening)
    return _in_place(folded, named(entry, folded.names), replacing)


def preview_stored(evening: Evening, facts: Mapping[str, Any],
                   replacing: Game) -> tuple[Ledger, LedgerGame]:
    """:func:`preview` of stored facts (player ids) in place of ``replacing``: an earlier
    version the history kept, checked as it was stored (it goes back into the database as it
    is, and may come from an old backup)."""
    if is_table_change(facts):
        raise Refused([("", words.table_change_is_no_game())])
    folded = fold_of(evening)
    return _in_place(folded, to_core(facts, folded.names), replacing)


def _in_place(folded: Folded, candidate: GameEntry[str] | dict[str, Any],
              replacing: Game | None) -> tuple[Ledger, LedgerGame]:
    """The evening folded with the core's ``candidate`` (a new game, or in place of
    ``replacing``), and the candidate's place in it."""
    if replacing is not None and is_table_change(replacing.facts):
        raise Refused([("", words.table_change_is_no_game())])
    if replacing is None:
        # A new game goes at the end: go on from the kept fold instead of folding it all.
        index = len(folded.entries)
        ledger = checked(lambda: resume(folded.ledger, [candidate]),
                          lambda: [*folded.raws(), candidate], index)
    else:
        index = next(k for k, e in enumerate(folded.entries) if e.id == replacing.id)
        raws: list[Any] = folded.raws()
        raws[index] = candidate
        ledger = fold_checked(folded.setup, raws, index)
    entry_now = ledger.entries[index]
    assert isinstance(entry_now, LedgerGame)
    return ledger, entry_now


def named(entry: GameEntry[int], names: Mapping[int, str]) -> GameEntry[str]:
    """An entry (player ids) as the core's input (names). An id the Runde does not have is
    left as its number in text, for the core to refuse (as ``to_core`` leaves it)."""
    return entry.keyed(lambda pid: names.get(pid, str(pid)))


def without(evening: Evening, game: Game) -> Ledger | None:
    """The evening folded as it would be with ``game`` deleted (None if it would not fold,
    which deleting then refuses)."""
    folded = fold_of(evening)
    try:
        return fold_facts(folded.setup, [e.facts for e in folded.entries if e.id != game.id],
                          folded.names)
    except InvalidEvening:
        return None


def add_game(evening: Evening, entry: GameEntry[int], entry_key: str,
             number: int | None = None) -> GameEvent | None:
    """Store a new game after checking it in place; None if this form was stored already.

    With ``number`` the game is stored only as that game of the sheet (NumberTaken
    otherwise): a phone that entered it offline must not have it land elsewhere silently.
    An entry without ``players`` gets the four the rotation names at that place, stored like
    any other game's, so that a later change before it never moves them.

    The game is checked by going on from the evening's kept fold (``resume``), and the fold
    with it is kept after the commit: saving costs the same after game 1000 as after game 1.
    """
    check_open(evening)
    version, key = evening.version, fold_key(evening)  # under the lock: the latest commit's
    folded = fold_of(evening)
    check_room(evening, len(folded.entries))
    if number is not None:
        _check_number(folded, number)
    ledger, game = _in_place(folded, named(entry, folded.names), None)
    stored = entry.to_dict()
    if entry.players is None:
        # Named after the rest, as the app has always stored them. The kept fold stays the
        # fold of what is stored: the rotation's four are the players it was folded with.
        stored["players"] = [folded.ids[p] for p in game.players]
    event = store_entry(evening, stored, entry_key, None, number=game.number)
    if event is not None:
        # Committed under the lock taken above: this request's commit is version + 1.
        after = folded.extended(
            [StoredEntry(event.game_id, stored, 1, entry_key, instant(event.created_at))],
            ledger)
        fold_cache.cache().put(evening.id, (version + 1, instant(evening.updated_at), *key[2:]),
                               after, len(after.entries) + 1)
        if evening.close_after is not None and game.number >= evening.close_after:
            _close_finished(evening)
    return event


def _close_finished(evening: Evening) -> None:
    """A club table that was finishing its started game after its round ended has entered
    it: its evening closes (scorer.services.club_rounds.end_round)."""
    lock_evening(evening)
    evening.close_after = None
    evening.closed_at = utcnow()
    evening.revision += 1
    touch(evening)
    db.session.commit()


def _check_number(folded: Folded, number: int) -> None:
    """NumberTaken unless the next game of the sheet is game ``number`` (under the lock)."""
    games = folded.games
    if number != len(games) + 1:
        taken = db.session.get(Game, games[number - 1].game.id) if 1 <= number <= len(games) \
            else None
        raise NumberTaken(number, len(games) + 1, taken)


def edit_game(game: Game, entry: GameEntry[int], revision: int) -> GameEvent:
    """Replace a game's facts after checking the whole evening with them."""
    check_correctable(game.evening)
    if game.deleted_at is not None:
        raise Refused([("", words.game_deleted())])
    # The facts before the revision: a value the core refuses gets the same answer whether
    # or not another phone saved in between, and a conflict only ever shows facts that fold.
    preview(game.evening, entry, replacing=game)
    check_revision(game.revision, revision)
    return change_entry(game, EDIT, entry.to_dict())
