"""Games: a candidate folded in its place (the live preview), a new game stored (also one a
phone kept offline, only as the number it had there), a game corrected."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scorer.store import fold_cache
from scorer.core.evening import InvalidEvening, Ledger, LedgerGame, resume
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent
from scorer.services.entries import EDIT
from scorer.services.changes import change_entry, check_open, check_room, store_entry
from scorer.services.facts import fold_facts, is_table_change, to_core
from scorer.services.folds import fold_key, fold_of, instant, Folded, StoredEntry
from scorer.services.refusals import check_revision, checked, fold_checked, NumberTaken, Refused


def preview(evening: Evening, facts: Mapping[str, Any],
            replacing: Game | None = None) -> tuple[Ledger, LedgerGame]:
    """Fold the evening with a candidate game (new, or in place of ``replacing``).

    Returns the whole ledger and the candidate's place in it. Raises Refused with the
    candidate's own problems (fields without the ``games[i].`` prefix), or a whole-form
    problem when a later entry would stop being valid.
    """
    return _preview(fold_of(evening), facts, replacing)


def _preview(folded: Folded, facts: Mapping[str, Any],
             replacing: Game | None) -> tuple[Ledger, LedgerGame]:
    if is_table_change(facts) or (replacing is not None and is_table_change(replacing.facts)):
        raise Refused([("", "ein Tischwechsel ist kein Spiel: über „Tisch ändern“ eintragen")])
    candidate = to_core(facts, folded.names)
    if replacing is None:
        # A new game goes at the end: go on from the kept fold instead of folding it all.
        index = len(folded.entries)
        ledger = checked(lambda: resume(folded.ledger, [candidate]),
                          lambda: [*folded.raws(), candidate], index)
    else:
        index = next(k for k, e in enumerate(folded.entries) if e.id == replacing.id)
        raws = folded.raws()
        raws[index] = candidate
        ledger = fold_checked(folded.setup, raws, index)
    entry = ledger.entries[index]
    assert isinstance(entry, LedgerGame)
    return ledger, entry


def without(evening: Evening, game: Game) -> Ledger | None:
    """The evening folded as it would be with ``game`` deleted (None if it would not fold,
    which deleting then refuses)."""
    folded = fold_of(evening)
    try:
        return fold_facts(folded.setup, [e.facts for e in folded.entries if e.id != game.id],
                          folded.names)
    except InvalidEvening:
        return None


def add_game(evening: Evening, facts: Mapping[str, Any], entry_key: str,
             number: int | None = None) -> GameEvent | None:
    """Store a new game after checking it in place; None if this form was stored already.

    With ``number`` the game is stored only as that game of the sheet (NumberTaken
    otherwise): a phone that entered it offline must not have it land elsewhere silently.
    Facts without ``players`` get the four the rotation names at that place, stored like
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
    ledger, entry = _preview(folded, facts, None)
    if "players" not in facts:
        facts = {**facts, "players": [folded.ids[p] for p in entry.players]}
        ledger = resume(folded.ledger, [to_core(facts, folded.names)])
    stored = _as_stored(facts)
    event = store_entry(evening, stored, entry_key, None, number=entry.number)
    if event is not None:
        # Committed under the lock taken above: this request's commit is version + 1.
        after = folded.extended(
            [StoredEntry(event.game_id, stored, 1, entry_key, instant(event.created_at))],
            ledger)
        fold_cache.cache().put(evening.id, (version + 1, instant(evening.updated_at), *key[2:]),
                               after, len(after.entries) + 1)
    return event


def _as_stored(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Facts as the database gives them back (JSON: lists, string keys), so that a fold kept
    from them is the fold of what a later request reads."""
    return json.loads(json.dumps(facts))


def _check_number(folded: Folded, number: int) -> None:
    """NumberTaken unless the next game of the sheet is game ``number`` (under the lock)."""
    games = folded.games
    if number != len(games) + 1:
        taken = db.session.get(Game, games[number - 1].game.id) if 1 <= number <= len(games) \
            else None
        raise NumberTaken(number, len(games) + 1, taken)


def edit_game(game: Game, facts: Mapping[str, Any], revision: int) -> GameEvent:
    """Replace a game's facts after checking the whole evening with them."""
    check_open(game.evening)
    if game.deleted_at is not None:
        raise Refused([("", "dieses Spiel ist gelöscht")])
    # The facts before the revision: a value the core refuses gets the same answer whether
    # or not another phone saved in between, and a conflict only ever shows facts that fold.
    preview(game.evening, facts, replacing=game)
    check_revision(game.revision, revision)
    return change_entry(game, EDIT, dict(facts))
