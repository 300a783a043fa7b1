"""Evenings: found by a link, started with their seats and frozen rules, closed and
reopened, their money; the versions a watching phone compares; who played the last one."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BindParameter, Select, bindparam, func, or_, select

from scorer.core.evening import EveningSetup, InvalidEvening
from scorer.core.rules import BockAtEnd, HouseRules
from scorer.core.settlement import (
    TENTHS,
    InvalidSettlement,
    Price,
    Rounding,
    Settlement,
    SettlementMode,
    price_cents,
    price_tenths,
    settle,
)
from scorer.services.changes import check_open, lock_evening, touch
from scorer.services.entries import live_entries
from scorer.services.facts import is_table_change
from scorer.services.folds import fold_of
from scorer.services.refusals import Refused, check_revision
from scorer.services.runden import TOKEN_PATTERN, lock_group
from scorer.store.extensions import db
from scorer.store.models import Evening, EveningSeat, Game, GameEvent, Group, utcnow
from scorer.words import refusals as words


@dataclass(frozen=True)
class SheetState:
    """What a watching phone compares: the versions of an evening and of its Runde."""

    evening_id: int
    evening_version: int
    group_version: int
    closed: bool


def sheet_state(token: str, number: int) -> SheetState | None:
    """The state of evening ``number`` of the Runde with this link (edit or read-only), in
    one query on unique indexes and without folding anything; None if there is none."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    row = db.session.execute(_state_query(), {"token": token, "number": number}).first()
    if row is None:
        return None
    return SheetState(evening_id=row[0], evening_version=row[1], group_version=row[2],
                      closed=row[3] is not None)


@functools.cache
def _state_query() -> Select[int, int, int, dt.datetime | None]:
    """The check's statement, built once: a watching phone asks it every second, and
    building it anew took a third of the check's time."""
    evenings, groups = Evening.__table__, Group.__table__
    token: BindParameter[str] = bindparam("token")
    return (select(evenings.c.id, evenings.c.version, groups.c.version, evenings.c.closed_at)
            .select_from(evenings.join(groups, evenings.c.group_id == groups.c.id))
            .where(or_(groups.c.edit_token == token, groups.c.read_token == token),
                   evenings.c.number == bindparam("number")))


def games_on_sheet(evening_id: int) -> int:
    """How many games the evening's sheet shows (the deleted ones and table changes not)."""
    # JSON_EXTRACT / ->> give SQL NULL for facts without "table" on SQLite and PostgreSQL.
    return db.session.scalar(select(func.count()).select_from(Game).where(
        Game.evening_id == evening_id, Game.deleted_at.is_(None),
        Game.facts["table"].as_string().is_(None))) or 0


def find_evening_by_link(token: str, number: int) -> tuple[Group, Evening] | None:
    """Evening ``number`` of the Runde with this link (edit or read-only) and the Runde, in
    one query; None if there is none."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    row = db.session.execute(_link_query(), {"token": token, "number": number}).first()
    return None if row is None else (row[0], row[1])


@functools.cache
def _link_query() -> Select[Group, Evening]:
    """The lookup of every evening page, built once: building it anew was a quarter of a
    save's lookup."""
    token: BindParameter[str] = bindparam("token")
    return (select(Group, Evening).join(Evening, Evening.group_id == Group.id)
            .where(or_(Group.edit_token == token, Group.read_token == token),
                   Evening.number == bindparam("number")))


def find_evening(group: Group, number: int) -> Evening | None:
    """Evening number ``number`` of this Runde."""
    return db.session.scalar(
        select(Evening).where(Evening.group_id == group.id, Evening.number == number)
    )


def start_evening(group: Group, *, played_on: dt.date, seat_ids: Sequence[int],
                  first_dealer_id: int, preset: str, rules: HouseRules,
                  planned_games: int | None,
                  cents_per_point: Price, settlement_mode: str = SettlementMode.ZERO_SUM.value,
                  settlement_rounding: str = Rounding.CENT.value) -> Evening:
    """A new evening with its seats and the full rule set frozen; ``cents_per_point`` is
    exact to a tenth of a cent (an int, or a Decimal such as 0.5)."""
    evening = new_evening(group, played_on=played_on, seat_ids=seat_ids,
                          first_dealer_id=first_dealer_id, preset=preset, rules=rules,
                          planned_games=planned_games, cents_per_point=cents_per_point,
                          settlement_mode=settlement_mode,
                          settlement_rounding=settlement_rounding)
    db.session.commit()
    return evening


def new_evening(group: Group, *, played_on: dt.date, seat_ids: Sequence[int],
                first_dealer_id: int, preset: str, rules: HouseRules,
                planned_games: int | None, cents_per_point: Price,
                settlement_mode: str = SettlementMode.ZERO_SUM.value,
                settlement_rounding: str = Rounding.CENT.value) -> Evening:
    """``start_evening`` without the commit: a tournament starts all of a round's tables'
    evenings in one transaction, or none."""
    lock_group(group)
    players = {p.id: p for p in group.players}
    problems = list(money_problems(cents_per_point, settlement_mode, settlement_rounding))
    if any(i not in players for i in seat_ids):
        problems.append(("seats", words.not_of_this_runde()))
    elif any(not players[i].active for i in seat_ids):
        problems.append(("seats", words.retired_cannot_play()))
    if problems:
        raise Refused(problems)
    names = [players[i].name for i in seat_ids]
    dealer = players[first_dealer_id].name if first_dealer_id in players else ""
    try:
        EveningSetup(rules=rules, seats=tuple(names), first_dealer=dealer,
                     planned_games=planned_games)
    except InvalidEvening as err:
        raise Refused(err.problems) from None
    number = (db.session.scalar(
        select(func.max(Evening.number)).where(Evening.group_id == group.id)) or 0) + 1
    before = db.session.scalar(
        select(Evening).where(Evening.group_id == group.id, Evening.played_on <= played_on)
        .order_by(Evening.played_on.desc(), Evening.number.desc()).limit(1))
    evening = Evening(
        group=group, number=number, played_on=played_on, first_dealer_id=first_dealer_id,
        rules=frozen_rules(preset, rules), planned_games=planned_games,
        bock_queue_start=None if before is None else carried(before),
        tenth_cents_per_point=price_tenths(cents_per_point), settlement_mode=settlement_mode,
        settlement_rounding=settlement_rounding,
        seats=[EveningSeat(position=k, player_id=i) for k, i in enumerate(seat_ids)],
    )
    db.session.add(evening)
    return evening


def running_evening(group: Group) -> Evening | None:
    """The Runde's newest evening that is not closed: where the start page leads straight
    to. None when every evening is closed, or before the first."""
    return db.session.scalar(
        select(Evening).where(Evening.group_id == group.id, Evening.closed_at.is_(None))
        .order_by(Evening.number.desc()).limit(1))


def frozen_rules(preset: str, rules: HouseRules) -> dict[str, Any]:
    """What an evening stores: every option, and the preset they were chosen from."""
    return {"preset": preset, **rules.to_dict()}


def set_closed(evening: Evening, closed: bool, revision: int) -> None:
    """Close (read-only) or reopen an evening. Closing passes the Bock games still queued on
    to the Runde's next evening where the rules carry them (RULES.md §10.2)."""
    lock_evening(evening)
    check_revision(evening.revision, revision)
    evening.closed_at = utcnow() if closed else None
    evening.revision += 1
    touch(evening)
    if closed:
        # Closing is a change of its own: "Rückgängig" no longer reaches behind it.
        evening.closed_after_change = db.session.scalar(
            select(func.max(GameEvent.id)).where(GameEvent.evening_id == evening.id))
        _pass_on(evening)
    db.session.commit()


def carried(evening: Evening) -> list[int] | None:
    """The Bock queue ``evening`` hands on to the Runde's next evening: what is still queued
    at its end if it is closed and its rules carry Bock (RULES.md §10.2), else None."""
    if evening.closed_at is None or evening.rules.get("bock_at_end") != BockAtEnd.CARRY.value:
        return None
    return list(fold_of(evening).ledger.bock_queue) or None


def following(evening: Evening) -> Evening | None:
    """The Runde's next evening by date (the later number on the same day)."""
    return db.session.scalar(
        select(Evening).where(
            Evening.group_id == evening.group_id,
            or_(Evening.played_on > evening.played_on,
                (Evening.played_on == evening.played_on) & (Evening.number > evening.number)))
        .order_by(Evening.played_on, Evening.number).limit(1))


def _pass_on(evening: Evening) -> None:
    """Give the next evening the queue ``evening`` now carries; and on, as long as a closed
    evening that carries ends with another queue because of it (its sheet changes: a page
    reads its version)."""
    db.session.flush()  # the versions raised, so that a fold reads them
    queue = carried(evening)
    while (after := following(evening)) is not None and after.bock_queue_start != queue:
        after.bock_queue_start = queue
        touch(after)
        db.session.flush()
        evening, queue = after, carried(after)


MAX_CENTS_PER_POINT = 1000
"""The highest price of a point the app accepts: 10 € is already a typo more likely than not."""


def money_problems(cents_per_point: Price, mode: str,
                   rounding: str) -> Iterable[tuple[str, str]]:
    """What is wrong with an evening's price of a point (in cents, exact to a tenth) and way
    of settling, by field."""
    try:
        tenths = price_tenths(cents_per_point)
    except InvalidSettlement as err:
        yield from err.problems
    else:
        if tenths > MAX_CENTS_PER_POINT * TENTHS:
            yield "cents_per_point", words.price_out_of_range(MAX_CENTS_PER_POINT)
    if mode not in {m.value for m in SettlementMode}:
        yield "settlement_mode", words.unknown_settlement_mode()
    if rounding not in {r.value for r in Rounding}:
        yield "settlement_rounding", words.unknown_rounding()


def set_settlement(evening: Evening, *, cents_per_point: Price, mode: str, rounding: str,
                   revision: int) -> None:
    """Change what a point is worth and how the evening settles (not once it is closed)."""
    check_open(evening)
    check_revision(evening.revision, revision)
    problems = list(money_problems(cents_per_point, mode, rounding))
    if problems:
        raise Refused(problems)
    evening.tenth_cents_per_point = price_tenths(cents_per_point)
    evening.settlement_mode = mode
    evening.settlement_rounding = rounding
    evening.revision += 1
    touch(evening)
    db.session.commit()


def settlement(evening: Evening, totals: Mapping[str, int]) -> Settlement | None:
    """The evening's money for these totals (its ledger's); None when played for nothing."""
    if not evening.tenth_cents_per_point:
        return None
    return settle(totals, price_cents(evening.tenth_cents_per_point), evening.settlement_mode,
                  evening.settlement_rounding)


def last_evening_players(group: Group) -> tuple[list[int], list[int]]:
    """Who played the Runde's last evening: everybody in the order they came to the table
    (its first seats, then whoever joined), and the table at its end. What "Neuer Abend"
    ticks: the same people most likely play the next one. Two empty lists before the first
    evening."""
    evening = db.session.scalar(select(Evening).where(Evening.group_id == group.id)
                                .order_by(Evening.number.desc()).limit(1))
    if evening is None:
        return [], []
    everybody = [seat.player_id for seat in evening.seats]
    for entry in live_entries(evening):
        if is_table_change(entry.facts):
            everybody += [p for p in entry.facts["table"] if p not in everybody]
    return everybody, current_table(evening)


def current_table(evening: Evening) -> list[int]:
    """The player ids at the table now."""
    folded = fold_of(evening)
    return [folded.ids[name] for name in folded.ledger.seats]
