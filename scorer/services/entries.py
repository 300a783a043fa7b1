"""An evening's entries, games and table changes, as rows of ``games`` in ``position``
order, read: the live ones, one by id or by the one-time key of the form that stored it,
their numbers on the sheet, and whether a form was sent before. Changing them is
``services.changes``."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from sqlalchemy import (
    Select,
    bindparam,
    select,
)

from scorer.core.names import PLAYER_NAME, InvalidName, clean_name, name_key
from scorer.core.scoring import GameEntry
from scorer.services.facts import is_table_change
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent, Group
from scorer.words import refusals as refusal_words

CREATE, EDIT, DELETE, RESTORE = "create", "edit", "delete", "restore"


def live_entries(evening: Evening) -> list[Game]:
    """The games and table changes that count, in sheet order, as ORM rows (for changing
    them; pages read ``fold_of``).

    Sorted here rather than trusting the relationship's order: a moved table change gets a
    new position within the same session.
    """
    return sorted((g for g in evening.games if g.deleted_at is None), key=lambda g: g.position)


def find_game(evening: Evening, game_id: int) -> Game | None:
    """An entry of this evening (a game or a table change; deleted ones included) by id."""
    game = db.session.get(Game, game_id)
    return game if game is not None and game.evening_id == evening.id else None


def game_by_entry_key(key: str) -> Game | None:
    """The entry a form with this one-time key already stored, if any."""
    return db.session.scalar(_by_entry_key(), {"key": key})


# Statements asked for again and again are built once: building one costs more than running
# it (issue 12).


@functools.cache
def _by_entry_key() -> Select[Game]:
    return select(Game).where(Game.entry_key == bindparam("key"))


def number_of(game: Game) -> int:
    """A game's running number on the sheet now (its place among the live games; a deleted
    one: the number it would have). For a table change: the games before it ("after game
    n"). Table changes are never counted."""
    before = sum(1 for g in live_entries(game.evening)
                 if g.position < game.position and not is_table_change(g.facts))
    return before if is_table_change(game.facts) else before + 1


def numbers_now(evening: Evening) -> dict[int, int]:
    """Every entry's number on the sheet now, by id, as :func:`number_of` counts it (a
    deleted one: the number it would have; a table change: the games before it), all in
    one pass: the history asks for each of its events."""
    out: dict[int, int] = {}
    games = 0
    for game in sorted(evening.games, key=lambda g: g.position):
        table = is_table_change(game.facts)
        out[game.id] = games if table else games + 1
        if game.deleted_at is None and not table:
            games += 1
    return out


def entry_words(row: Game) -> str:
    """The entry named in a refusal: "dieser Tischwechsel", "dieses Spiel"."""
    return refusal_words.this_entry(is_table_change(row.facts))


def sent_before(evening: Evening, entry_key: str,
                sent: GameEntry[int] | Mapping[str, Any] | None) -> tuple[Game, bool] | None:
    """The entry a form with this one-time key stored already (None: none yet), and whether
    ``sent`` is what it stored then: the same form sent again (a double tap, a reload, a
    phone sending again after a lost answer) rather than another one under a used key.

    ``sent`` is a game form's typed entry (None: the form made no game, so it is another),
    or a table change's facts. An edit on the sheet since does not change what that form
    sent. What the form left open is not compared: an entry without ``players`` matches
    whichever players the rotation gave the stored game. A table change's new player, named
    by name (``Seat``), is the player of that name, whom the first request added.
    """
    game = game_by_entry_key(entry_key)
    if game is None:
        return None
    if sent is None:
        return game, False
    facts = sent.to_dict() if isinstance(sent, GameEntry) else sent
    created = db.session.scalar(select(GameEvent.new_facts).where(
        GameEvent.game_id == game.id, GameEvent.action == CREATE))
    stored = dict(created if created is not None else game.facts)
    if "players" not in facts:
        stored.pop("players", None)
    return game, game.evening_id == evening.id and _named_by_id(evening.group, facts) == stored


def _named_by_id(group: Group, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Facts whose table change names a player by name (``Seat``) with that player's id (None
    when the Runde has nobody of that name)."""
    if not is_table_change(facts):
        return dict(facts)
    ids = {name_key(p.name): p.id for p in group.players}

    def player_id(seat: Any) -> Any:
        if not isinstance(seat, str):
            return seat
        try:
            return ids.get(name_key(clean_name(seat, PLAYER_NAME)))
        except InvalidName:
            return None

    named = {**facts, "table": [player_id(s) for s in facts["table"]]}
    if "dealer" in facts:
        named["dealer"] = player_id(facts["dealer"])
    return named


