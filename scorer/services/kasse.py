"""The Kasse's changes (RULES.md §11.2): deposits and expenses, charges marked paid or not,
each kept in the Kasse's history with the link it came through, and taken back from there.

What a charge is comes from the core through the Runde's year (services.year): a page sends
the amount it showed, and a charge that changed since is refused as "inzwischen geändert".
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from scorer.core.kasse import MAX_CENTS, Charge, InvalidKasse, ItemKey, ItemKind, check_entry
from scorer.services.changes import link_fingerprint
from scorer.services.refusals import STALE, Refused
from scorer.services.year import PAYMENT, year_of
from scorer.services.year_settings import touch_year
from scorer.store.extensions import db
from scorer.store.models import (
    Evening,
    Group,
    KasseEntry,
    KasseEvent,
    KasseItem,
    KasseMark,
    Player,
    utcnow,
)
from scorer.words import kasse as words
from scorer.words.year import said

PAID = "paid"
UNPAID = "unpaid"
ADDED = "added"
DELETED = "deleted"
RESTORED = "restored"


def form_key(group: Group, key: str | None, *sent: Any) -> str | None:
    """What a change keeps of its form's one-time ``key`` (a UUID, or None: no key): a UUID 5
    of the key, the Runde and what the form sent. The same form sent again gives the same
    one, and finds the change it made; a form sent back changed (Zurück, another amount)
    is another change, and a key copied into another Runde's form is that Runde's."""
    if key is None:
        return None
    name = json.dumps([group.id, *sent], default=str, ensure_ascii=False)
    return str(uuid.uuid5(uuid.UUID(key), name))


def _made_by(group: Group, key: str | None) -> KasseEvent | None:
    """The change a form with this kept key made already (asked under the Runde's lock)."""
    if key is None:
        return None
    event = db.session.scalar(select(KasseEvent).where(KasseEvent.form_key == key))
    return event if event is not None and event.group_id == group.id else None


def add_kasse_entry(group: Group, date: Any, text: Any, cents: Any,
                    key: str | None = None) -> KasseEntry:
    """A deposit (cents above 0) or an expense (below 0); Refused naming the field.
    ``key``: the form's one-time key; sent again, the entry it stored, and nothing more."""
    try:
        checked = check_entry(date, text, cents)
    except InvalidKasse as err:
        raise Refused(said(err.problems)) from None
    touch_year(group)
    kept = form_key(group, key, ADDED, checked.date, checked.text, checked.cents)
    if (done := _made_by(group, kept)) is not None and done.entry_id is not None:
        db.session.rollback()
        stored = db.session.get(KasseEntry, done.entry_id)
        assert stored is not None
        return stored
    entry = KasseEntry(group_id=group.id, date=checked.date, text=checked.text,
                       cents=checked.cents)
    db.session.add(entry)
    db.session.flush()
    _record(group, ADDED, entry_id=entry.id, new_cents=entry.cents, form_key=kept)
    db.session.commit()
    return entry


def delete_kasse_entry(group: Group, entry_id: int) -> KasseEntry:
    """Delete a deposit or expense (the history brings it back)."""
    entry = _entry(group, entry_id)
    if entry.deleted_at is not None:
        raise Refused([("", words.already_deleted())])
    touch_year(group)
    entry.deleted_at = utcnow()
    _record(group, DELETED, entry_id=entry.id, old_cents=entry.cents)
    db.session.commit()
    return entry


def restore_kasse_entry(group: Group, entry_id: int) -> KasseEntry:
    """Bring back a deleted deposit or expense."""
    entry = _entry(group, entry_id)
    if entry.deleted_at is None:
        raise Refused([("", words.not_deleted())])
    touch_year(group)
    entry.deleted_at = None
    _record(group, RESTORED, entry_id=entry.id, new_cents=entry.cents)
    db.session.commit()
    return entry


def _entry(group: Group, entry_id: int) -> KasseEntry:
    entry = find_kasse_entry(group, entry_id)
    if entry is None:
        raise Refused([("", words.no_such_entry())])
    return entry


def find_kasse_entry(group: Group, entry_id: int) -> KasseEntry | None:
    """A deposit or expense of this Runde (deleted ones too)."""
    entry = db.session.get(KasseEntry, entry_id)
    return entry if entry is not None and entry.group_id == group.id else None


def find_kasse_event(group: Group, event_id: int) -> KasseEvent | None:
    """A change in this Runde's Kasse history."""
    event = db.session.get(KasseEvent, event_id)
    return event if event is not None and event.group_id == group.id else None


def mark_paid(group: Group, number: int, player_id: int, shown: int,
              key: str | None = None) -> KasseEvent:
    """Mark evening ``number``'s charge of a player paid: the whole charge as it is now.
    ``shown`` is what the page said was still open; anything else is refused (the evening
    or a payment changed since). ``key``: the form's one-time key; sent again, the change
    it made, and nothing more."""
    evening, player, _ = _charge(group, number, player_id)
    rest = _rest(group, number, player.name)
    touch_year(group)
    kept = form_key(group, key, PAID, number, player_id, shown)
    if (done := _made_by(group, kept)) is not None:
        db.session.rollback()
        return done
    mark = db.session.get(KasseMark, (evening.id, player.id))
    before = None if mark is None else mark.cents
    if rest != shown or rest == 0:
        db.session.rollback()
        raise Refused([("", STALE)])
    return _set_mark(group, evening, player, before, (before or 0) + rest, kept)


def _rest(group: Group, key: Any, name: str) -> int:
    """What a charge still wants after netting (0: nothing open)."""
    return next((rest for c, rest in year_of(group).kasse.open
                 if c.key == key and c.player == name), 0)


def mark_unpaid(group: Group, number: int, player_id: int, shown: int,
                key: str | None = None) -> KasseEvent:
    """Take back a payment: the charge is owed again. ``shown`` is the amount the page said
    was paid; ``key`` as for mark_paid."""
    evening = _evening(group, number)
    player = _player(group, player_id)
    touch_year(group)
    kept = form_key(group, key, UNPAID, number, player_id, shown)
    if (done := _made_by(group, kept)) is not None:
        db.session.rollback()
        return done
    mark = db.session.get(KasseMark, (evening.id, player.id))
    if mark is None or mark.cents != shown:
        db.session.rollback()
        raise Refused([("", STALE)])
    return _set_mark(group, evening, player, mark.cents, None, kept)


def _set_mark(group: Group, evening: Evening, player: Player, before: int | None,
              after: int | None, kept: str | None = None, commit: bool = True) -> KasseEvent:
    mark = db.session.get(KasseMark, (evening.id, player.id))
    if after is None or after == 0:
        if mark is not None:
            db.session.delete(mark)
        after = None
    elif mark is None:
        db.session.add(KasseMark(evening_id=evening.id, player_id=player.id, cents=after))
    else:
        mark.cents, mark.marked_at = after, utcnow()
    event = _record(group, PAID if after is not None else UNPAID, evening_id=evening.id,
                    player_id=player.id, old_cents=before, new_cents=after, form_key=kept)
    if commit:
        db.session.commit()
    return event


# ------------------------------------------------------------------ as the table pays


def hand_in(group: Group, player_id: int, date: Any, cents: Any,
            key: str | None = None) -> KasseItem:
    """A member hands in an amount ("Anna gibt 20 €", issue 37): kept as it was given and
    applied, whenever the Kasse is read, to their oldest open charges; what is left is
    their credit. Refused naming the field: no amount, beyond MAX_CENTS, a bad date."""
    player = _player(group, player_id)
    problems = []
    if not isinstance(date, dt.date):
        problems.append(("date", words.give_a_date()))
    if type(cents) is not int or not 0 < cents <= MAX_CENTS:
        problems.append(("amount", words.give_an_amount()))
    if problems:
        raise Refused(problems)
    touch_year(group)
    kept = form_key(group, key, "handed", player_id, date, cents)
    if (done := _made_by(group, kept)) is not None and done.item_id is not None:
        db.session.rollback()
        stored = db.session.get(KasseItem, done.item_id)
        assert stored is not None
        return stored
    item = KasseItem(group_id=group.id, player_id=player.id, date=date, kind=PAYMENT,
                     text="", cents=cents)
    db.session.add(item)
    db.session.flush()
    _record(group, ADDED, item_id=item.id, player_id=player.id, new_cents=cents,
            form_key=kept)
    db.session.commit()
    return item


def settle_all(group: Group, shown: int, *, player_id: int | None = None,
               number: int | None = None, key: str | None = None) -> int:
    """"alles bezahlt": every charge still open of one member (``player_id``) or of one
    evening (``number``) is marked paid with what it still wants, after netting. ``shown``
    is the sum the page said was open; anything else is refused. Returns that sum."""
    year = year_of(group)
    if player_id is not None:
        name = _player(group, player_id).name
        wanted = [(c, rest) for c, rest in year.kasse.open if c.player == name and rest > 0]
    else:
        assert number is not None
        _evening(group, number)
        wanted = [(c, rest) for c, rest in year.kasse.open if c.key == number and rest > 0]
    touch_year(group)
    kept = form_key(group, key, "all", player_id, number, shown)
    if _made_by(group, kept) is not None:
        db.session.rollback()
        return shown
    total = sum(rest for _, rest in wanted)
    if total != shown or not wanted:
        db.session.rollback()
        raise Refused([("", STALE)])
    ids = {p.name: p for p in group.players}
    _one_tap([_pay(group, charge, ids[charge.player], rest, kept if n == 0 else None)
              for n, (charge, rest) in enumerate(wanted)])
    db.session.commit()
    return total


def _one_tap(events: list[KasseEvent]) -> None:
    """The changes of one tap share a batch (KasseEvent.batch_id): one line in the Verlauf,
    one Rückgängig."""
    if len(events) > 1:
        for event in events:
            event.batch_id = events[0].id


def _pay(group: Group, charge: Charge, player: Player, rest: int,
         kept: str | None) -> KasseEvent:
    """Mark ``rest`` more of one charge paid (an evening's share or an item), uncommitted."""
    if isinstance(charge.key, ItemKey):
        item = db.session.get(KasseItem, charge.key.id)
        assert item is not None
        before = item.paid_cents
        item.paid_cents = (before or 0) + rest or None
        return _record(group, PAID, item_id=item.id, player_id=player.id, old_cents=before,
                       new_cents=item.paid_cents, form_key=kept)
    evening = _evening(group, charge.key)
    mark = db.session.get(KasseMark, (evening.id, player.id))
    before = None if mark is None else mark.cents
    return _set_mark(group, evening, player, before, (before or 0) + rest, kept, commit=False)


# ------------------------------------------------------------------ items (issue 38)


def add_item(group: Group, player_id: int, date: Any, kind: Any, text: Any, cents: Any,
             evening: int | None = None, key: str | None = None) -> KasseItem:
    """A fine, drinks, a host's contribution or anything else charged to one member, owed
    until marked paid. Refused naming the field."""
    player = _player(group, player_id)
    problems = []
    if not isinstance(date, dt.date):
        problems.append(("date", words.give_a_date()))
    found = next((k for k in ItemKind if k.value == kind), None)
    if found is None:
        problems.append(("kind", words.choose_a_kind()))
    if not isinstance(text, str) or not text.strip() or len(text.strip()) > 80:
        problems.append(("text", words.say_what()))
    if type(cents) is not int or not 0 < cents <= MAX_CENTS:
        problems.append(("amount", words.give_an_amount()))
    if problems:
        raise Refused(problems)
    assert found is not None and isinstance(text, str)
    evening_id = _evening(group, evening).id if evening is not None else None
    touch_year(group)
    kept = form_key(group, key, "item", player_id, date, found.value, text.strip(), cents)
    if (done := _made_by(group, kept)) is not None and done.item_id is not None:
        db.session.rollback()
        stored = db.session.get(KasseItem, done.item_id)
        assert stored is not None
        return stored
    item = KasseItem(group_id=group.id, player_id=player.id, evening_id=evening_id,
                     date=date, kind=found.value, text=text.strip(), cents=cents)
    db.session.add(item)
    db.session.flush()
    _record(group, ADDED, item_id=item.id, player_id=player.id, new_cents=cents,
            form_key=kept)
    db.session.commit()
    return item


def mark_item(group: Group, item_id: int, paid: bool, shown: int,
              key: str | None = None) -> KasseEvent:
    """Mark an item paid (``shown``: what the page said it still wants, after netting) or
    not paid (``shown``: what the page said was paid)."""
    item = find_kasse_item(group, item_id)
    if item is None or item.kind == PAYMENT or item.deleted_at is not None:
        raise Refused([("", words.no_such_entry())])
    player = _player(group, item.player_id)
    rest = _rest(group, ItemKey(item.id), player.name) if paid else 0
    touch_year(group)
    kept = form_key(group, key, PAID if paid else UNPAID, "item", item_id, shown)
    if (done := _made_by(group, kept)) is not None:
        db.session.rollback()
        return done
    before = item.paid_cents
    if paid and (rest != shown or rest == 0) or not paid and (before or 0) != shown:
        db.session.rollback()
        raise Refused([("", STALE)])
    item.paid_cents = ((before or 0) + rest or None) if paid else None
    event = _record(group, PAID if paid else UNPAID, item_id=item.id, player_id=player.id,
                    old_cents=before, new_cents=item.paid_cents, form_key=kept)
    db.session.commit()
    return event


def delete_item(group: Group, item_id: int, restore: bool = False) -> KasseItem:
    """Delete a payment handed in or an item (the Verlauf brings it back), or bring it back."""
    item = find_kasse_item(group, item_id)
    if item is None:
        raise Refused([("", words.no_such_entry())])
    if (item.deleted_at is None) == restore:
        raise Refused([("", words.not_deleted() if restore else words.already_deleted())])
    touch_year(group)
    item.deleted_at = None if restore else utcnow()
    _record(group, RESTORED if restore else DELETED, item_id=item.id,
            player_id=item.player_id, old_cents=item.cents)
    db.session.commit()
    return item


def find_kasse_item(group: Group, item_id: int) -> KasseItem | None:
    """A payment handed in or an item of this Runde (deleted ones too)."""
    item = db.session.get(KasseItem, item_id)
    return item if item is not None and item.group_id == group.id else None


def _charge(group: Group, number: int, player_id: int) -> tuple[Evening, Player, int]:
    """The evening, the player and what the evening charges them now (cents)."""
    evening = _evening(group, number)
    player = _player(group, player_id)
    charge = next((c.cents for c in year_of(group).everything.charges
                   if c.key == number and c.player == player.name), None)
    if charge is None:
        raise Refused([("", words.charges_nothing(number, player.name))])
    return evening, player, charge


def _evening(group: Group, number: int) -> Evening:
    evening: Evening | None = db.session.scalar(select(Evening).where(Evening.group_id == group.id,
                                                      Evening.number == number))
    if evening is None:
        raise Refused([("", words.no_such_evening())])
    return evening


def _player(group: Group, player_id: int) -> Player:
    player = next((p for p in group.players if p.id == player_id), None)
    if player is None:
        raise Refused([("", words.no_such_player())])
    return player


def _record(group: Group, action: str, **facts: Any) -> KasseEvent:
    event = KasseEvent(group_id=group.id, action=action, via=link_fingerprint(), **facts)
    db.session.add(event)
    db.session.flush()
    return event


# ------------------------------------------------------------------ history


@dataclass(frozen=True)
class HistoryLine:
    """One change of the Kasse as the Verlauf tells it."""

    event: KasseEvent
    text: str
    """"Ben: 1,80 € für Abend 12 bezahlt", "Ausgabe „Jahresessen“ −180,00 € gelöscht"."""
    undoable: bool
    """Nothing happened to that charge or entry since: Rückgängig takes it back."""


def kasse_history(group: Group, limit: int = 200) -> list[HistoryLine]:
    """The Kasse's changes, newest first (at most ``limit`` and the rest of a tap's batch),
    in words; the changes of one tap ("alles bezahlt") as one line."""
    events = list(db.session.scalars(
        select(KasseEvent).where(KasseEvent.group_id == group.id)
        .order_by(KasseEvent.id.desc()).limit(limit)))
    batches = {e.batch_id for e in events if e.batch_id is not None}
    if batches:
        events = sorted({e.id: e for e in [*events, *db.session.scalars(
            select(KasseEvent).where(KasseEvent.group_id == group.id,
                                     KasseEvent.batch_id.in_(sorted(batches))))]}.values(),
                        key=lambda e: -e.id)
    # Only what the events name: the Kasse page shows its newest one on every visit.
    evening_ids = {e.evening_id for e in events if e.evening_id is not None}
    entry_ids = {e.entry_id for e in events if e.entry_id is not None}
    numbers = dict(db.session.execute(select(Evening.id, Evening.number)
                                      .where(Evening.id.in_(sorted(evening_ids)))).all()) \
        if evening_ids else {}
    names = {p.id: p.name for p in group.players}
    entries = {e.id: e for e in db.session.scalars(
        select(KasseEntry).where(KasseEntry.id.in_(sorted(entry_ids))))} if entry_ids else {}
    marks = {(m.evening_id, m.player_id): m.cents for m in db.session.scalars(
        select(KasseMark).where(KasseMark.evening_id.in_(sorted(evening_ids))))} \
        if evening_ids else {}
    item_ids = {e.item_id for e in events if e.item_id is not None}
    items = {i.id: i for i in db.session.scalars(
        select(KasseItem).where(KasseItem.id.in_(sorted(item_ids))))} if item_ids else {}
    latest: set[tuple[Any, ...]] = set()
    out: list[HistoryLine] = []
    batched: dict[int, list[HistoryLine]] = {}
    for event in events:
        thing = _thing(event)
        current = thing not in latest and _current(event, marks, entries, items)
        latest.add(thing)
        line = HistoryLine(event, _text(event, numbers, names, entries, items), current)
        if event.batch_id is None:
            out.append(line)
        elif event.batch_id not in batched:
            batched[event.batch_id] = [line]
            out.append(line)  # where its newest change stands; made whole below
        else:
            batched[event.batch_id].append(line)
    whole = {lines[0].event.id: HistoryLine(
        lines[0].event, "; ".join(line.text for line in reversed(lines)),
        all(line.undoable for line in lines)) for lines in batched.values()}
    return [whole.get(line.event.id, line) for line in out]


def last_kasse_change(group: Group) -> HistoryLine | None:
    """The Kasse's newest change in words, and whether Rückgängig can take it back: one
    query (the Kasse page shows it on every visit)."""
    row = db.session.execute(
        select(KasseEvent, Evening.number, KasseEntry, KasseMark.cents)
        .outerjoin(Evening, Evening.id == KasseEvent.evening_id)
        .outerjoin(KasseEntry, KasseEntry.id == KasseEvent.entry_id)
        .outerjoin(KasseMark, (KasseMark.evening_id == KasseEvent.evening_id)
                   & (KasseMark.player_id == KasseEvent.player_id))
        .where(KasseEvent.group_id == group.id)
        .order_by(KasseEvent.id.desc()).limit(1)).first()
    if row is None:
        return None
    event, number, entry, cents = row
    if event.item_id is not None or event.batch_id is not None:
        return kasse_history(group, 1)[0]
    # A number or a mark was joined only through the event's evening (and player).
    evening_id, player_id = event.evening_id, event.player_id
    numbers = {evening_id: number} if number is not None and evening_id is not None else {}
    entries = {entry.id: entry} if entry is not None else {}
    marks = ({(evening_id, player_id): cents}
             if cents is not None and evening_id is not None and player_id is not None else {})
    names = {p.id: p.name for p in group.players}
    return HistoryLine(event, _text(event, numbers, names, entries),
                       _current(event, marks, entries))


def _thing(event: KasseEvent) -> tuple[Any, ...]:
    if event.item_id is not None:
        return ("item", event.item_id)
    return (event.entry_id,) if event.entry_id is not None else (event.evening_id,
                                                                 event.player_id)


def _current(event: KasseEvent, marks: Mapping[tuple[int, int], int],
             entries: Mapping[int, KasseEntry],
             items: Mapping[int, KasseItem] | None = None) -> bool:
    """Whether the charge or entry is still as this event left it."""
    if event.item_id is not None:
        item = (items or {}).get(event.item_id)
        if item is None:
            return False
        if event.action in (PAID, UNPAID):
            return item.deleted_at is None and item.paid_cents == event.new_cents
        return (item.deleted_at is not None) == (event.action == DELETED)
    if event.entry_id is not None:
        entry = entries.get(event.entry_id)
        return entry is not None and (entry.deleted_at is not None) == (event.action == DELETED)
    assert event.evening_id is not None and event.player_id is not None
    return marks.get((event.evening_id, event.player_id)) == event.new_cents


def _text(event: KasseEvent, numbers: Mapping[int, int], names: Mapping[int, str],
          entries: Mapping[int, KasseEntry],
          items: Mapping[int, KasseItem] | None = None) -> str:
    if event.item_id is not None:
        item = (items or {})[event.item_id]
        who = names.get(item.player_id, "?")
        if item.kind == PAYMENT:
            return words.handed_line(who, item.cents, event.action)
        label = words.item_label(ItemKind(item.kind), item.text)
        return words.item_line(who, label, item.cents, event.action, event.old_cents,
                               event.new_cents)
    if event.entry_id is not None:
        entry = entries[event.entry_id]
        return words.entry_line(entry.cents, entry.text, entry.date, event.action)
    who = names.get(event.player_id or 0, "?")
    number = numbers.get(event.evening_id or 0, "?")
    if event.new_cents is not None:
        return words.paid_line(who, event.new_cents, number, event.old_cents)
    return words.unpaid_line(who, event.old_cents or 0, number)


def undo_kasse(group: Group, event_id: int) -> KasseEvent:
    """Take one change back (Rückgängig), if nothing happened to its charge or entry since:
    a payment is marked as it was before, an entry added is deleted, one deleted is back."""
    event = find_kasse_event(group, event_id)
    if event is None:
        raise Refused([("", words.no_such_change())])
    if event.batch_id is not None:
        return _undo_batch(group, event.batch_id)
    if event.item_id is not None:
        return _undo_item(group, event)
    if event.entry_id is not None:
        entry = _entry(group, event.entry_id)
        if (entry.deleted_at is not None) != (event.action == DELETED):
            raise Refused([("", STALE)])
        if event.action == DELETED:
            restore_kasse_entry(group, entry.id)
        else:
            delete_kasse_entry(group, entry.id)
        return db.session.scalars(select(KasseEvent).where(KasseEvent.group_id == group.id)
                                  .order_by(KasseEvent.id.desc()).limit(1)).one()
    assert event.evening_id is not None and event.player_id is not None
    evening = db.session.get(Evening, event.evening_id)
    player = db.session.get(Player, event.player_id)
    assert evening is not None and player is not None
    touch_year(group)
    mark = db.session.get(KasseMark, (evening.id, player.id))
    if (None if mark is None else mark.cents) != event.new_cents:
        db.session.rollback()
        raise Refused([("", STALE)])
    return _set_mark(group, evening, player, event.new_cents, event.old_cents)


def _undo_item(group: Group, event: KasseEvent) -> KasseEvent:
    item = find_kasse_item(group, event.item_id or 0)
    if item is None or not _current(event, {}, {}, {item.id: item}):
        db.session.rollback()
        raise Refused([("", STALE)])
    if event.action in (ADDED, RESTORED, DELETED):
        delete_item(group, item.id, restore=event.action == DELETED)
    else:
        touch_year(group)
        item.paid_cents = event.old_cents
        _record(group, PAID if event.old_cents is not None else UNPAID, item_id=item.id,
                player_id=item.player_id, old_cents=event.new_cents,
                new_cents=event.old_cents)
        db.session.commit()
    return db.session.scalars(select(KasseEvent).where(KasseEvent.group_id == group.id)
                              .order_by(KasseEvent.id.desc()).limit(1)).one()


def _undo_batch(group: Group, batch_id: int) -> KasseEvent:
    """Take back every change of one tap ("alles bezahlt"), or none of them: each charge must
    still be as the tap left it. The changes taking them back are one batch too (a second
    Rückgängig brings the whole tap back)."""
    touch_year(group)
    events = list(db.session.scalars(
        select(KasseEvent).where(KasseEvent.group_id == group.id,
                                 KasseEvent.batch_id == batch_id)
        .order_by(KasseEvent.id.desc())))
    back: list[KasseEvent] = []
    for event in events:
        if event.action not in (PAID, UNPAID):
            db.session.rollback()
            raise Refused([("", STALE)])
        if event.item_id is not None:
            item = find_kasse_item(group, event.item_id)
            if item is None or not _current(event, {}, {}, {item.id: item}):
                db.session.rollback()
                raise Refused([("", STALE)])
            item.paid_cents = event.old_cents
            back.append(_record(group, PAID if event.old_cents is not None else UNPAID,
                                item_id=item.id, player_id=item.player_id,
                                old_cents=event.new_cents, new_cents=event.old_cents))
            continue
        assert event.evening_id is not None and event.player_id is not None
        evening = db.session.get(Evening, event.evening_id)
        player = db.session.get(Player, event.player_id)
        assert evening is not None and player is not None
        mark = db.session.get(KasseMark, (evening.id, player.id))
        if (None if mark is None else mark.cents) != event.new_cents:
            db.session.rollback()
            raise Refused([("", STALE)])
        back.append(_set_mark(group, evening, player, event.new_cents, event.old_cents,
                              commit=False))
    _one_tap(back)
    db.session.commit()
    return back[-1]
