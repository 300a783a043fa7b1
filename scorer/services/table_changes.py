"""Table changes (RULES.md §7): players come, go or change seats. A change is an entry like
a game whose facts are ``{"table": [player ids], "dealer": player id}`` (dealer optional); it
comes "after game n", and moving it changes its position among the entries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorer.core.evening import Ledger, TableChange
from scorer.services.changes import (
    change_entry,
    check_correctable,
    check_room,
    store_entry,
)
from scorer.services.entries import EDIT, game_by_entry_key, live_entries
from scorer.services.facts import evening_setup, is_table_change, to_core
from scorer.services.refusals import Refused, check_revision, fold_checked
from scorer.services.runden import COME_BACK, new_player, player_name
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent
from scorer.words import refusals as words


def preview_table_change(evening: Evening, facts: Mapping[str, Any], after: int | None = None,
                         replacing: Game | None = None) -> tuple[Ledger, TableChange, int]:
    """Fold the evening with a candidate table change "after game ``after``" (None: a new
    one now, before the next game; an edited one where it stands), new or in place of
    ``replacing``.

    Returns the ledger, the core's change and its index among the live entries. Raises
    Refused with the fields ``table``, ``dealer`` or ``after``, or a whole-form problem
    when a later entry would stop being valid (a game naming a player who left).
    """
    setup, names = evening_setup(evening)
    others = [g for g in live_entries(evening) if g is not replacing]
    index = _place(others, after, replacing)
    raws = [to_core(g.facts, names) for g in others]
    raws.insert(index, to_core(facts, names))
    try:
        ledger = fold_checked(setup, raws, index)
    except Refused as err:
        raise Refused([*err.problems, *_still_playing(raws, index)]) from None
    change = ledger.entries[index]
    assert isinstance(change, TableChange)
    return ledger, change, index


def _still_playing(raws: Sequence[Mapping[str, Any]], index: int) -> list[tuple[str, str]]:
    """Where the change at ``index`` could go instead, when games after it name players it
    takes from the table: on the field ``after``, the earliest game after which it fits so
    far (a tester moving a change earlier was refused without a word on where to)."""
    seated = set(raws[index]["table"])
    number = sum(1 for raw in raws[:index] if not is_table_change(raw))
    last, gone = None, []
    for raw in raws[index + 1:]:
        if is_table_change(raw):
            break  # the table after the next change is that change's own
        number += 1
        away = [p for p in raw.get("players", ()) if p not in seated]
        if away:
            last = number
            gone += [p for p in away if p not in gone]
    if last is None:
        return []
    return words.still_playing(gone, last)


def _place(others: list[Game], after: int | None, replacing: Game | None) -> int:
    """Where a table change goes among the other live entries: right before game
    ``after`` + 1 (so after any change already there), or the end. An edited change whose
    "after" stays keeps its place."""
    games = [k for k, g in enumerate(others) if not is_table_change(g.facts)]
    if replacing is not None and replacing.deleted_at is None:
        current = sum(1 for g in others if g.position < replacing.position)
        if after is None or after == sum(1 for k in games if k < current):
            return current
    if after is None:
        return len(others)
    if not 0 <= after <= len(games):
        raise Refused([("after", words.after_out_of_range(len(games)))])
    return games[after] if after < len(games) else len(others)


Seat = int | str
"""A player of a table change: a player id, or the name of a player new to the Runde."""


def check_table_change(evening: Evening, seats: Sequence[Seat], dealer: Seat | None,
                       after: int | None, replacing: Game | None = None,
                       ) -> tuple[Ledger, TableChange]:
    """The evening with a chosen table change (arguments as ``add_table_change`` and
    ``edit_table_change`` take them), checked as saving it checks it, storing nothing and
    adding nobody: a new player's name stands in for the player saving would add. Raises
    Refused as saving would."""
    _, ledger, change, _ = _checked_change(evening, seats, dealer, after, replacing, add=False)
    return ledger, change


def _checked_change(evening: Evening, seats: Sequence[Seat], dealer: Seat | None,
                    after: int | None, replacing: Game | None, add: bool,
                    guest: bool = False,
                    ) -> tuple[dict[str, Any], Ledger, TableChange, int]:
    """A chosen change's facts, the evening folded with it and the change's index
    (``preview_table_change``), once every check has passed; ``add``: new players are added
    to the Runde (flushed, to be committed with the change or rolled back with it)."""
    facts = _table_facts(evening, seats, dealer, add, guest)
    ledger, change, index = preview_table_change(evening, facts, after, replacing)
    retired = {p.name for p in evening.group.players if not p.active}
    back = [p for p in change.joined if p in retired]
    if back:
        # Where they come back (a tester looked for it here): the Runde's player page.
        raise Refused([("table", words.retired_cannot_join(back, COME_BACK))])
    return facts, ledger, change, index


def _table_facts(evening: Evening, seats: Sequence[Seat], dealer: Seat | None,
                 add: bool, guest: bool = False) -> dict[str, Any]:
    """A change as stored: the new seat order (player ids) and, if chosen, the dealer. A name
    among ``seats`` is checked as a new player's, and with ``add`` that player is added to
    the Runde (else the name stands for them), as a guest with ``guest``."""
    group = evening.group
    known = {p.id for p in group.players}
    new: dict[str, Seat] = {}

    def player(value: Seat, field: str) -> Seat:
        if isinstance(value, str):
            if group.tournament_table:
                # Who plays in a tournament is the organiser's to say (RULES.md §11.3): a
                # guest added here would count at the table but never in the ranking.
                raise Refused([("new_name", words.nobody_new_at_a_tournament_table())])
            if value not in new and add:
                added = new_player(group, value, "new_name")
                added.guest = guest
                new[value] = added.id
            elif value not in new:
                new[value] = player_name(group, value, "new_name")
            return new[value]
        if value not in known:
            raise Refused([(field, words.not_of_this_runde())])
        return value

    facts: dict[str, Any] = {"table": [player(s, "table") for s in seats]}
    if dealer is not None:
        facts["dealer"] = player(dealer, "dealer")
    return facts


def add_table_change(evening: Evening, seats: Sequence[Seat], dealer: Seat | None,
                     after: int | None, entry_key: str, guest: bool = False
                     ) -> GameEvent | None:
    """Store a table change (RULES.md §7) after checking the whole evening with it.

    ``seats`` is the new table clockwise (a name: a player new to the Runde, added with the
    change), ``dealer`` who deals next (None: as §7 says), ``after`` the games before it
    (None: now); ``guest``: the player new to the Runde comes as a guest, no member (RULES.md
    §11.1, §11.2). None if this form was stored already. Nothing is stored when refused.
    """
    check_correctable(evening)
    if game_by_entry_key(entry_key) is not None:
        return None
    check_room(evening)
    try:
        facts, _, _, index = _checked_change(evening, seats, dealer, after, None, add=True,
                                             guest=guest)
    except Refused:
        db.session.rollback()
        raise
    return store_entry(evening, facts, entry_key, index)


def edit_table_change(row: Game, seats: Sequence[Seat], dealer: Seat | None,
                      after: int | None, revision: int) -> GameEvent:
    """Change a table change's seats, dealer or place ("after game n": moving it)."""
    evening = row.evening
    check_correctable(evening)
    if not is_table_change(row.facts):
        raise Refused([("", words.not_a_table_change())])
    if row.deleted_at is not None:
        raise Refused([("", words.table_change_deleted())])
    try:
        facts, _, _, index = _checked_change(evening, seats, dealer, after, row, add=True)
        check_revision(row.revision, revision)
    except Refused:
        db.session.rollback()
        raise
    return change_entry(row, EDIT, facts, index)
