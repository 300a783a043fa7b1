"""Between the ORM rows and the scoring core; the only place that commits.

Stored game facts name players by id, so that renaming a player never breaks an old
evening; the core works with names, so facts are translated on the way in and out. Every
change to the games is checked by folding the whole evening with it before it is stored:
what is in the database always folds.

An evening's entries are rows of ``games`` in ``position`` order: games, and table changes
(RULES.md §7), whose facts are ``{"table": [player ids], "dealer": player id}`` (dealer
optional). Both share revisions, history, delete, Rückgängig and restore; game numbers
count games only, and a table change comes "after game n".
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import re
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from flask import g, has_app_context
from sqlalchemy import Select, bindparam, func, inspect, or_, select
from sqlalchemy.exc import IntegrityError

from scorer import backup, fold_cache
from scorer.chart import evening_chart
from scorer.evening import (
    MAX_ENTRIES,
    EveningSetup,
    InvalidEvening,
    Ledger,
    LedgerGame,
    TableChange,
    fold,
    resume,
)
from scorer.extensions import db
from scorer.labels import RowWords, sheet_words
from scorer.models import Evening, EveningSeat, Game, GameEvent, Group, Player, utcnow
from scorer.names import PLAYER_NAME, RUNDE_NAME, InvalidName, NameField, clean_name
from scorer.rules import PRESETS, HouseRules, differences, german_number, rules_from_spec
from scorer.settlement import Rounding, Settlement, SettlementMode, settle
from scorer.table_text import change_texts

CREATE, EDIT, DELETE, RESTORE = "create", "edit", "delete", "restore"
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What secrets.token_urlsafe makes; anything else is no token of ours."""


class Refused(ValueError):
    """A change that is not made; ``problems`` are (field, German message) pairs.

    ``field`` is a form field of the page that asked (or "" for the whole form).
    """

    def __init__(self, problems: Iterable[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{f}: {m}" if f else m for f, m in self.problems))


class NumberTaken(Refused):
    """A game sent as game ``number`` (entered offline, or while another phone was faster)
    would now be game ``now``: the table decides, nothing is stored."""

    def __init__(self, number: int, now: int, game: Game | None) -> None:
        self.number = number
        self.now = now
        self.game = game
        """The game that has the number now (None when the sheet has fewer games)."""
        super().__init__([("", f"Spiel {number} ist inzwischen eingetragen" if game else
                           f"Spiel {number} wäre jetzt Spiel {now}")])


STALE = "inzwischen geändert: bitte die Seite neu laden und noch einmal prüfen"
CLOSED = "der Abend ist abgeschlossen; zum Ändern erst wieder öffnen"
MAX_CENTS_PER_POINT = 1000
"""The highest price of a point the app accepts: 10 € is already a typo more likely than not."""
FULL = (f"höchstens {german_number(MAX_ENTRIES)} Einträge (Spiele und Tischwechsel) je Abend: "
        "für mehr einen neuen Abend beginnen")
"""The core's cap on an evening's entries (scorer.evening.MAX_ENTRIES), in the table's words."""


# --------------------------------------------------------------------------- Runde


def find_group(token: str) -> Group | None:
    """The Runde whose edit or read-only token this is."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    return db.session.scalar(
        select(Group).where(or_(Group.edit_token == token, Group.read_token == token))
    )


def find_group_by_id(group_id: int) -> Group | None:
    """A Runde by its id: only for what this device already holds (never from a URL)."""
    return db.session.get(Group, group_id)


def backup_group(group: Group) -> dict[str, Any]:
    """Everything of one Runde in the backup format of `flask --app scorer backup`."""
    return backup.dump(db.session, db.metadata, group_id=group.id)


def renew_tokens(group: Group) -> None:
    """New edit and read-only links; the old ones stop working at once."""
    group.edit_token = secrets.token_urlsafe(24)
    group.read_token = secrets.token_urlsafe(24)
    db.session.commit()


def _name(raw: str, field: NameField, form_field: str = "name") -> str:
    """Every name that is stored goes through here (scorer.names.clean_name); refused on the
    form's field ``form_field``."""
    try:
        return clean_name(raw, field)
    except InvalidName as err:
        raise Refused([(form_field, str(err))]) from None


def create_group(name: str, preset: str) -> Group:
    """A new Runde with fresh secret tokens."""
    name = _name(name, RUNDE_NAME)
    if preset not in PRESETS:
        raise Refused([("preset", "unbekanntes Regelwerk")])
    group = Group(name=name, preset=preset, overrides={},
                  edit_token=secrets.token_urlsafe(24), read_token=secrets.token_urlsafe(24))
    db.session.add(group)
    db.session.commit()
    return group


def house_rules(group: Group) -> HouseRules:
    """The Runde's rules: its preset with its overrides."""
    return rules_of(group.preset, group.overrides)


def rules_of(preset: str, overrides: Mapping[str, Any]) -> HouseRules:
    """A preset with a Runde's overrides; InvalidRules names a bad option."""
    return rules_from_spec({"preset": preset, **overrides})


def set_house_rules(group: Group, preset: str, options: Mapping[str, Any]) -> HouseRules:
    """Store ``options`` on top of ``preset``; only the differences are kept.

    Raises InvalidRules (fields ``rules.<option>``) for impossible combinations.
    """
    rules = rules_from_spec({"preset": preset, **options})
    group.preset = preset
    group.overrides = differences(rules, PRESETS[preset])
    db.session.commit()
    return rules


def _lock_group(group: Group) -> None:
    """Serialize changes that number or name things within a Runde (two phones adding the
    same player or starting an evening at once): PostgreSQL locks the Runde's row and reloads
    it; SQLite's write transaction already holds the lock (BEGIN IMMEDIATE)."""
    db.session.refresh(group, with_for_update=True)


def _player_name(group: Group, raw: str, field: str = "name", but: Player | None = None) -> str:
    """``raw`` as a player's name is stored, or Refused on the form's ``field``: unreadable
    (scorer.names), or another player's of the Runde (names are unique within it, whatever
    the case; ``but``: the player being renamed)."""
    name = _name(raw, PLAYER_NAME, field)
    if any(p.name.casefold() == name.casefold() and p is not but for p in group.players):
        raise Refused([(field, f"{name} gibt es in dieser Runde schon")])
    return name


def add_player(group: Group, name: str) -> Player:
    """A new player of the Runde; names are unique within it."""
    player = _new_player(group, name)
    db.session.commit()
    return player


def _new_player(group: Group, name: str, field: str = "name") -> Player:
    """A new player, flushed but not committed (a table change adds one on the spot and
    commits both together, or neither)."""
    _lock_group(group)
    player = Player(group=group, name=_player_name(group, name, field))
    db.session.add(player)
    db.session.flush()
    return player


def rename_player(player: Player, name: str) -> None:
    """Rename; old evenings show the new name, since facts refer to the id."""
    _lock_group(player.group)
    player.name = _player_name(player.group, name, but=player)
    # Every sheet of the Runde shows the new name.
    player.group.version = Group.version + 1
    db.session.commit()


def retire_player(player: Player, retired: bool) -> None:
    """Retire (or bring back) a player; their evenings stay as they are."""
    player.retired_at = utcnow() if retired else None
    db.session.commit()


# --------------------------------------------------------------------------- evenings


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
def _state_query() -> Select[tuple[int, int, int, dt.datetime | None]]:
    """The check's statement, built once: a watching phone asks it every second, and
    building it anew took a third of the check's time."""
    evenings, groups = Evening.__table__, Group.__table__
    token = bindparam("token")
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
    row = db.session.execute(
        select(Group, Evening).join(Evening, Evening.group_id == Group.id)
        .where(or_(Group.edit_token == token, Group.read_token == token),
               Evening.number == number)).first()
    return None if row is None else (row[0], row[1])


def find_evening(group: Group, number: int) -> Evening | None:
    """Evening number ``number`` of this Runde."""
    return db.session.scalar(
        select(Evening).where(Evening.group_id == group.id, Evening.number == number)
    )


def start_evening(group: Group, *, played_on: dt.date, seat_ids: Sequence[int],
                  first_dealer_id: int, preset: str, rules: HouseRules,
                  planned_games: int | None,
                  cents_per_point: int, settlement_mode: str = SettlementMode.ZERO_SUM.value,
                  settlement_rounding: str = Rounding.CENT.value) -> Evening:
    """A new evening with its seats and the full rule set frozen."""
    _lock_group(group)
    players = {p.id: p for p in group.players}
    problems = list(money_problems(cents_per_point, settlement_mode, settlement_rounding))
    if any(i not in players for i in seat_ids):
        problems.append(("seats", "nur Spieler dieser Runde können mitspielen"))
    elif any(not players[i].active for i in seat_ids):
        problems.append(("seats", "ausgeschiedene Spieler können nicht mitspielen"))
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
    evening = Evening(
        group=group, number=number, played_on=played_on, first_dealer_id=first_dealer_id,
        rules=frozen_rules(preset, rules), planned_games=planned_games,
        cents_per_point=cents_per_point, settlement_mode=settlement_mode,
        settlement_rounding=settlement_rounding,
        seats=[EveningSeat(position=k, player_id=i) for k, i in enumerate(seat_ids)],
    )
    db.session.add(evening)
    db.session.commit()
    return evening


def frozen_rules(preset: str, rules: HouseRules) -> dict[str, Any]:
    """What an evening stores: every option, and the preset they were chosen from."""
    return {"preset": preset, **rules.to_dict()}


def set_closed(evening: Evening, closed: bool, revision: int) -> None:
    """Close (read-only) or reopen an evening."""
    _lock(evening)
    _check_revision(evening.revision, revision)
    evening.closed_at = utcnow() if closed else None
    evening.revision += 1
    _touch(evening)
    db.session.commit()


def money_problems(cents_per_point: int, mode: str,
                   rounding: str) -> Iterable[tuple[str, str]]:
    """What is wrong with an evening's price of a point and way of settling, by field."""
    if not 0 <= cents_per_point <= MAX_CENTS_PER_POINT:
        yield "cents_per_point", f"zwischen 0 und {MAX_CENTS_PER_POINT} Cent"
    if mode not in {m.value for m in SettlementMode}:
        yield "settlement_mode", "unbekannte Art der Abrechnung"
    if rounding not in {r.value for r in Rounding}:
        yield "settlement_rounding", "unbekannte Rundung"


def set_settlement(evening: Evening, *, cents_per_point: int, mode: str, rounding: str,
                   revision: int) -> None:
    """Change what a point is worth and how the evening settles (not once it is closed)."""
    _check_open(evening)
    _check_revision(evening.revision, revision)
    problems = list(money_problems(cents_per_point, mode, rounding))
    if problems:
        raise Refused(problems)
    evening.cents_per_point = cents_per_point
    evening.settlement_mode = mode
    evening.settlement_rounding = rounding
    evening.revision += 1
    _touch(evening)
    db.session.commit()


def settlement(evening: Evening, totals: Mapping[str, int]) -> Settlement | None:
    """The evening's money for these totals (its ledger's); None when played for nothing."""
    if not evening.cents_per_point:
        return None
    return settle(totals, evening.cents_per_point, evening.settlement_mode,
                  evening.settlement_rounding)


def _check_revision(current: int, sent: int) -> None:
    if current != sent:
        raise Refused([("", STALE)])


@dataclass(frozen=True)
class StoredEntry:
    """A live entry (game or table change) as stored: what a sheet's row links to.

    Kept with its fold between requests: read only.
    """

    id: int
    facts: Mapping[str, Any]
    """The stored facts (player ids)."""


@dataclass(frozen=True)
class Row:
    """One game on the sheet: the stored entry and its place in the ledger."""

    game: StoredEntry
    entry: LedgerGame


@dataclass(frozen=True)
class ChangeRow:
    """One table change on the sheet: the stored entry, the core's change and its words."""

    game: StoredEntry
    entry: TableChange
    text: str
    """"Fritz kommt dazu · Dora geht (Pflichtsolo offen, entfällt) · gibt: Ben"."""


@dataclass(frozen=True)
class Folded:
    """An evening folded from what the database held under one key (``fold_of``), with what
    the pages derive from it computed once.

    Shared by every request that reads the evening at that key (scorer.fold_cache): read only.
    """

    setup: EveningSetup
    names: Mapping[int, str]
    """Player id -> name, for every player of the Runde when it was folded (so every player
    the entries can name)."""
    entries: tuple[StoredEntry, ...]
    """The live entries in sheet order."""
    ledger: Ledger

    @cached_property
    def rows(self) -> tuple[Row | ChangeRow, ...]:
        """Games and table changes in sheet order, with the ledger's entries."""
        texts = iter(change_texts(self.ledger))
        return tuple(ChangeRow(s, e, next(texts)) if isinstance(e, TableChange) else Row(s, e)
                     for s, e in zip(self.entries, self.ledger.entries))

    @cached_property
    def games(self) -> tuple[Row, ...]:
        """The rows of the games (what is numbered)."""
        return tuple(r for r in self.rows if isinstance(r, Row))

    @cached_property
    def words(self) -> dict[int, RowWords]:
        """What each row says (scorer.labels), by game number."""
        return {w.number: w for w in sheet_words(self.ledger)}

    @cached_property
    def ids(self) -> dict[str, int]:
        """Name -> player id."""
        return {n: i for i, n in self.names.items()}

    @cached_property
    def chart(self) -> str:
        """Everybody's running total as SVG (scorer.chart)."""
        return evening_chart(self.ledger.players, [g.totals for g in self.ledger.games])

    def raws(self) -> list[dict[str, Any]]:
        """The entries as the core's input (names, not ids)."""
        return [to_core(e.facts, self.names) for e in self.entries]


@dataclass(frozen=True)
class Sheet:
    """An evening folded through the core, with what the pages need around it."""

    evening: Evening
    folded: Folded
    key: FoldKey
    """What the fold was read at (``fold_of``)."""

    @property
    def setup(self) -> EveningSetup:
        """Rules, first seats, first dealer and plan."""
        return self.folded.setup

    @property
    def ledger(self) -> Ledger:
        """The evening's ledger."""
        return self.folded.ledger

    @property
    def rows(self) -> tuple[Row, ...]:
        """The games, in order (what is numbered)."""
        return self.folded.games

    @property
    def entries(self) -> tuple[Row | ChangeRow, ...]:
        """Games and table changes in sheet order."""
        return self.folded.rows

    @property
    def names(self) -> Mapping[int, str]:
        """Player id -> name, for every player of the Runde (so every player the evening's
        entries can name), as the ledger spells them."""
        return self.folded.names

    @property
    def rules(self) -> HouseRules:
        """The evening's frozen rules."""
        return self.setup.rules

    @property
    def ids(self) -> dict[str, int]:
        """Name -> player id."""
        return self.folded.ids

    @property
    def words(self) -> dict[int, RowWords]:
        """What each row says (scorer.labels), by game number."""
        return self.folded.words

    def standings(self) -> list[tuple[str, int]]:
        """Every player of the evening by total, best first (ties in order of arrival)."""
        totals = self.ledger.totals
        return sorted(((s, totals[s]) for s in self.ledger.players), key=lambda t: -t[1])

    def table(self, seats: Iterable[str]) -> list[tuple[int, str]]:
        """A table (names in seat order) as (player id, name) pairs, for a form's choices."""
        ids = self.ids
        return [(ids[name], name) for name in seats]

    @property
    def away(self) -> tuple[str, ...]:
        """Players of the evening not at the table now, in order of arrival."""
        seated = self.ledger.seats
        return tuple(p for p in self.ledger.players if p not in seated)


def evening_setup(evening: Evening) -> tuple[EveningSetup, dict[int, str]]:
    """The core's setup of an evening, and its id -> name map (every player of the Runde:
    table changes may seat any of them), read from the database now."""
    names = {player.id: player.name for player in evening.group.players}
    setup = core_setup(evening.rules, [names[seat.player_id] for seat in evening.seats],
                       names[evening.first_dealer_id], evening.planned_games)
    return setup, names


def core_setup(rules: Mapping[str, Any], seats: Sequence[str], first_dealer: str,
               planned_games: int | None) -> EveningSetup:
    """An evening's stored rules and seats (names, in order) as the core's setup; raises
    InvalidRules or InvalidEvening."""
    return EveningSetup(rules=rules_from_spec(rules), seats=tuple(seats),
                        first_dealer=first_dealer, planned_games=planned_games)


def fold_facts(setup: EveningSetup, facts: Iterable[Mapping[str, Any]],
               names: Mapping[int, str]) -> Ledger:
    """Fold stored facts (player ids) in sheet order: how every page gets its numbers."""
    return fold(setup, [to_core(f, names) for f in facts])


def is_table_change(facts: Any) -> bool:
    """Whether stored facts are a table change (RULES.md §7: the entry carries `table`)."""
    return isinstance(facts, Mapping) and "table" in facts


def live_entries(evening: Evening) -> list[Game]:
    """The games and table changes that count, in sheet order, as ORM rows (for changing
    them; pages read ``fold_of``).

    Sorted here rather than trusting the relationship's order: a moved table change gets a
    new position within the same session.
    """
    return sorted((g for g in evening.games if g.deleted_at is None), key=lambda g: g.position)


FoldKey = tuple[int, Any, int, Any]
"""(evening version, evening updated_at, Runde version, Runde updated_at)."""


def sheet(evening: Evening) -> Sheet:
    """The evening's stored entries folded: every page's numbers come from here."""
    return sheets([evening])[0]


def sheets(evenings: Sequence[Evening]) -> list[Sheet]:
    """Many evenings' sheets (a Runde's pages): the folds not kept are loaded together, so
    the number of queries does not grow with the number of evenings."""
    keys = [_fold_key(e) for e in evenings]
    return [Sheet(e, f, k) for e, f, k in zip(evenings, folds_of(evenings), keys)]


T = TypeVar("T")


def kept_for_runde(group: Group, of: Sequence[Sheet], what: str, compute: Callable[[], T]) -> T:
    """What a Runde's page adds up over the sheets ``of`` all its evenings (its Statistik, its
    CSV), computed once for as long as every one of them stays as it is: kept under all
    their keys, like a fold."""
    session = db.session()
    if not fold_cache.committed_only(session):
        return compute()
    key = tuple((s.evening.id, s.key) for s in of)
    kept = fold_cache.cache()
    found = kept.get(("runde", group.id, what), key)
    if found is None:
        found = compute()
        kept.put(("runde", group.id, what), key, found, len(of))
    result: T = found
    return result


def _fold_key(evening: Evening) -> FoldKey:
    """What names an evening's fold, read from the rows the request loaded (before it loads
    any entry: see scorer.fold_cache). The versions change with every change to what the
    fold shows; the time of the last write to each row tells a row apart from an earlier
    one with the same version (a database restored from a backup under a running app)."""
    group = evening.group
    return (evening.version, _instant(evening.updated_at), group.version,
            _instant(group.updated_at))


def _instant(moment: dt.datetime) -> dt.datetime:
    """A stored time as an aware UTC time: SQLite gives back what was written as UTC without
    its zone, PostgreSQL in the connection's zone."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.timezone.utc)
    return moment.astimezone(dt.timezone.utc)


def fold_of(evening: Evening) -> Folded:
    """The evening folded as the database holds it now; kept between requests."""
    return folds_of([evening])[0]


def folds_of(evenings: Sequence[Evening]) -> list[Folded]:
    """Several evenings folded as the database holds them now (one Runde's): kept folds
    where the key still matches, the others loaded in three queries for all of them."""
    if not evenings:
        return []
    session = db.session()
    kept = fold_cache.cache()
    usable = fold_cache.committed_only(session)
    keys = [_fold_key(e) for e in evenings]
    found: list[Folded | None] = [kept.get(e.id, k) if usable else None
                                  for e, k in zip(evenings, keys)]
    missing = [e for e, f in zip(evenings, found) if f is None]
    if missing:
        loaded = _load_folds(missing)
        usable = usable and fold_cache.committed_only(session)
        for k, evening in enumerate(evenings):
            if found[k] is None:
                found[k] = folded = loaded[evening.id]
                if usable:
                    kept.put(evening.id, keys[k], folded, len(folded.entries) + 1)
    return [f for f in found if f is not None]


def _load_folds(evenings: Sequence[Evening]) -> dict[int, Folded]:
    """Read the first seats and live entries of ``evenings`` (of one Runde) and fold each."""
    ids = [e.id for e in evenings]
    group_id = evenings[0].group_id
    names = dict(db.session.execute(select(Player.id, Player.name)
                                    .where(Player.group_id == group_id)).all())
    seats: dict[int, list[int]] = {i: [] for i in ids}
    for evening_id, player_id in db.session.execute(
            select(EveningSeat.evening_id, EveningSeat.player_id)
            .where(EveningSeat.evening_id.in_(ids))
            .order_by(EveningSeat.evening_id, EveningSeat.position)):
        seats[evening_id].append(player_id)
    entries: dict[int, list[StoredEntry]] = {i: [] for i in ids}
    for evening_id, game_id, facts in db.session.execute(
            select(Game.evening_id, Game.id, Game.facts)
            .where(Game.evening_id.in_(ids), Game.deleted_at.is_(None))
            .order_by(Game.evening_id, Game.position)):
        entries[evening_id].append(StoredEntry(game_id, facts))
    out = {}
    for evening in evenings:
        setup = core_setup(evening.rules, [names[i] for i in seats[evening.id]],
                           names[evening.first_dealer_id], evening.planned_games)
        stored = tuple(entries[evening.id])
        ledger = fold_facts(setup, [s.facts for s in stored], names)
        out[evening.id] = Folded(setup=setup, names=names, entries=stored, ledger=ledger)
    return out


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


def to_core(facts: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """Stored facts (player ids) -> CLI.md game input (player names).

    Only ids are translated; anything else (from a hand-made backup) is left for the core
    to refuse with its own message.
    """
    raw = dict(facts)
    for key in ("players", "re", "table"):
        if isinstance(raw.get(key), list):
            raw[key] = [names.get(i, str(i)) if type(i) is int else i for i in raw[key]]
    if type(raw.get("dealer")) is int:
        raw["dealer"] = names.get(raw["dealer"], str(raw["dealer"]))
    if isinstance(raw.get("eyes"), dict):
        raw["eyes"] = {names.get(eyes_player_id(k) or 0, k): v for k, v in raw["eyes"].items()}
    return raw


def eyes_player_id(key: Any) -> int | None:
    """A stored Augen key ("17") as a player id; None for anything else (a name, from a
    hand-made backup, is left for the core to judge)."""
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 18:
        return int(key)
    return None


def from_core(raw: Mapping[str, Any], ids: Mapping[str, int]) -> dict[str, Any]:
    """CLI.md game input (names) -> stored facts (player ids)."""
    facts = dict(raw)
    for key in ("players", "re", "table"):
        if key in facts:
            facts[key] = [ids[n] for n in facts[key]]
    if "dealer" in facts:
        facts["dealer"] = ids[facts["dealer"]]
    if "eyes" in facts:
        facts["eyes"] = {str(ids[n]): v for n, v in facts["eyes"].items()}
    return facts


# --------------------------------------------------------------------------- games


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
        ledger = _checked(lambda: resume(folded.ledger, [candidate]),
                          lambda: [*folded.raws(), candidate], index)
    else:
        index = next(k for k, e in enumerate(folded.entries) if e.id == replacing.id)
        raws = folded.raws()
        raws[index] = candidate
        ledger = _fold_checked(folded.setup, raws, index)
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


def _fold_checked(setup: EveningSetup, raws: list[dict[str, Any]],
                  candidate: int | None) -> Ledger:
    return _checked(lambda: fold(setup, raws), lambda: raws, candidate)


def _checked(folding: Callable[[], Ledger], entries: Callable[[], Sequence[Any]],
             candidate: int | None) -> Ledger:
    """Run ``folding`` (of ``entries()``, the candidate at index ``candidate``); what the
    core refuses becomes Refused: the candidate's own fields, or which later entry would no
    longer add up."""
    try:
        return folding()
    except InvalidEvening as err:
        if err.index is not None and err.index == candidate:
            prefix = f"games[{candidate}]"
            raise Refused((_strip(f, prefix), m) for f, m in err.problems) from None
        where = _entry_name(entries(), err.index) if err.index is not None else "Der Abend"
        raise Refused([("", f"{where} ginge danach nicht mehr auf: {m}")
                       for _, m in err.problems]) from None


def _entry_name(raws: Sequence[Any], index: int) -> str:
    """An entry as the sheet names it: "Spiel 5", "Der Tischwechsel nach Spiel 3"."""
    games = sum(1 for raw in raws[:index] if not is_table_change(raw))
    if is_table_change(raws[index]):
        return f"Der Tischwechsel nach Spiel {games}"
    return f"Spiel {games + 1}"


def _strip(field: str, prefix: str) -> str:
    if field == prefix:
        return ""
    return field.removeprefix(prefix + ".")


def _lock(evening: Evening) -> None:
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
    loaded = [inspect(row).identity[0] for row in db.session.identity_map.values()
              if isinstance(row, Game)]
    if loaded:
        db.session.scalars(select(Game).where(Game.id.in_(loaded))
                           .execution_options(populate_existing=True)).all()


def _check_open(evening: Evening) -> None:
    _lock(evening)
    if evening.closed:
        raise Refused([("", CLOSED)])


def _check_room(folded: Folded) -> None:
    """The core folds at most MAX_ENTRIES entries: a stored evening must always fold."""
    if len(folded.entries) >= MAX_ENTRIES:
        raise Refused([("", FULL)])


def _what(row: Game) -> str:
    return "dieser Tischwechsel" if is_table_change(row.facts) else "dieses Spiel"


def find_game(evening: Evening, game_id: int) -> Game | None:
    """An entry of this evening (a game or a table change; deleted ones included) by id."""
    game = db.session.get(Game, game_id)
    return game if game is not None and game.evening_id == evening.id else None


def game_by_entry_key(key: str) -> Game | None:
    """The entry a form with this one-time key already stored, if any."""
    return db.session.scalar(select(Game).where(Game.entry_key == key))


def sent_before(evening: Evening, entry_key: str,
                facts: Mapping[str, Any]) -> tuple[Game, bool] | None:
    """The entry a form with this one-time key stored already (None: none yet), and whether
    ``facts`` are what it stored then: the same form sent again (a double tap, a reload, a
    phone sending again after a lost answer) rather than another one under a used key.

    An edit on the sheet since does not change what that form sent. What the form left open
    is not compared: facts without ``players`` match whichever players the rotation gave the
    stored game. A table change's new player, named by name (``Seat``), is the player of
    that name, whom the first request added.
    """
    game = game_by_entry_key(entry_key)
    if game is None:
        return None
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
    ids = {p.name.casefold(): p.id for p in group.players}

    def player_id(seat: Any) -> Any:
        if not isinstance(seat, str):
            return seat
        try:
            return ids.get(clean_name(seat, PLAYER_NAME).casefold())
        except InvalidName:
            return None

    named = {**facts, "table": [player_id(s) for s in facts["table"]]}
    if "dealer" in facts:
        named["dealer"] = player_id(facts["dealer"])
    return named


def number_of(game: Game) -> int:
    """A game's running number on the sheet now (its place among the live games; a deleted
    one: the number it would have). For a table change: the games before it ("after game
    n"). Table changes are never counted."""
    before = sum(1 for g in live_entries(game.evening)
                 if g.position < game.position and not is_table_change(g.facts))
    return before if is_table_change(game.facts) else before + 1


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
    _check_open(evening)
    version, key = evening.version, _fold_key(evening)  # under the lock: the latest commit's
    folded = fold_of(evening)
    _check_room(folded)
    if number is not None:
        _check_number(folded, number)
    ledger, entry = _preview(folded, facts, None)
    if "players" not in facts:
        facts = {**facts, "players": [folded.ids[p] for p in entry.players]}
        ledger = resume(folded.ledger, [to_core(facts, folded.names)])
    stored = _as_stored(facts)
    event = _store(evening, stored, entry_key, None, number=entry.number)
    if event is not None:
        # Committed under the lock taken above: this request's commit is version + 1.
        after = Folded(setup=folded.setup, names=folded.names,
                       entries=(*folded.entries, StoredEntry(event.game_id, stored)),
                       ledger=ledger)
        fold_cache.cache().put(evening.id, (version + 1, _instant(evening.updated_at), *key[2:]),
                               after, len(after.entries) + 1)
    return event


def _as_stored(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Facts as the database gives them back (JSON: lists, string keys), so that a fold kept
    from them is the fold of what a later request reads."""
    return json.loads(json.dumps(facts))


def _store(evening: Evening, facts: dict[str, Any], entry_key: str,
           index: int | None, number: int | None = None) -> GameEvent | None:
    """Add a checked entry at the end (or, a table change, at live ``index``) and commit;
    ``number``: its number on the sheet, when the caller knows it."""
    position = (db.session.scalar(
        select(func.max(Game.position)).where(Game.evening_id == evening.id)) or 0) + 1
    game = Game(evening=evening, position=position, facts=facts, entry_key=entry_key)
    db.session.add(game)
    try:
        # The entry key is unique: a form that arrives twice at once is stored once, and the
        # second request learns it here (or at the commit) instead of by a lookup beforehand.
        db.session.flush()
        if index is not None:
            _move(game, index)
        event = _record(game, CREATE, None, game.facts, number=number)
        _commit_keeping(evening, event)
    except IntegrityError:
        db.session.rollback()
        if game_by_entry_key(entry_key) is not None:
            return None
        raise
    return event


def _commit_keeping(*rows: Any) -> None:
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


def _check_number(folded: Folded, number: int) -> None:
    """NumberTaken unless the next game of the sheet is game ``number`` (under the lock)."""
    games = folded.games
    if number != len(games) + 1:
        taken = db.session.get(Game, games[number - 1].game.id) if 1 <= number <= len(games) \
            else None
        raise NumberTaken(number, len(games) + 1, taken)


def edit_game(game: Game, facts: Mapping[str, Any], revision: int) -> GameEvent:
    """Replace a game's facts after checking the whole evening with them."""
    _check_open(game.evening)
    if game.deleted_at is not None:
        raise Refused([("", "dieses Spiel ist gelöscht")])
    # The facts before the revision: a value the core refuses gets the same answer whether
    # or not another phone saved in between, and a conflict only ever shows facts that fold.
    preview(game.evening, facts, replacing=game)
    _check_revision(game.revision, revision)
    return _change(game, EDIT, dict(facts))


def delete_game(game: Game, revision: int) -> GameEvent:
    """Soft-delete a game or a table change (it can be restored) if the rest still adds up."""
    _check_open(game.evening)
    _check_revision(game.revision, revision)
    if game.deleted_at is not None:
        raise Refused([("", f"{_what(game)} ist schon gelöscht")])
    return _change(game, DELETE, None)


def undo(evening: Evening, event_id: int) -> GameEvent:
    """Take back one change (Rückgängig) if nothing happened to that entry since."""
    _check_open(evening)
    event = db.session.get(GameEvent, event_id)
    if event is None or event.evening_id != evening.id:
        raise Refused([("", "diese Änderung gibt es nicht")])
    game = event.game
    _check_revision(game.revision, event.revision)
    if event.action in (CREATE, RESTORE):
        return _change(game, DELETE, None)
    if event.action == DELETE:
        _check_room(fold_of(evening))
        return _change(game, RESTORE, None)
    assert event.old_facts is not None
    return _back_to(evening, game, event)


def _back_to(evening: Evening, game: Game, event: GameEvent) -> GameEvent:
    """Edit an entry back to what an edit event took away (a table change: to its old place
    too)."""
    old = dict(event.old_facts or {})
    if is_table_change(game.facts):
        _, _, index = preview_table_change(evening, old, after=old_place(event), replacing=game)
        return _change(game, EDIT, old, index)
    preview(evening, old, replacing=game)
    return _change(game, EDIT, old)


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
    _check_open(evening)
    event = db.session.get(GameEvent, event_id)
    if event is None or event.evening_id != evening.id:
        raise Refused([("", "diese Änderung gibt es nicht")])
    game = event.game
    _check_revision(game.revision, revision)
    if event.action == DELETE:
        if game.deleted_at is None:
            raise Refused([("", f"{_what(game)} ist nicht gelöscht")])
        _check_room(fold_of(evening))
        return _change(game, RESTORE, None)
    if event.action != EDIT or event.old_facts is None:
        raise Refused([("", "hier gibt es keine frühere Fassung")])
    if game.deleted_at is not None:
        raise Refused([("", f"{_what(game)} ist gelöscht: erst wiederherstellen")])
    return _back_to(evening, game, event)


def _change(game: Game, action: str, facts: dict[str, Any] | None,
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
            _fold_checked(setup, [to_core(g.facts, names) for g in live_entries(game.evening)],
                          None)
        except Refused:
            db.session.rollback()
            raise
    game.revision += 1
    event = _record(game, action, None if action == RESTORE else old,
                    None if action == DELETE else dict(game.facts), moved_from)
    db.session.commit()
    return event


def _game_before(change: Game) -> tuple[int, Game | None]:
    """Where a live table change stands: the number of live games before it, and the last of
    them (None before game 1)."""
    games = [g for g in live_entries(change.evening)
             if g.position < change.position and not is_table_change(g.facts)]
    return len(games), games[-1] if games else None


# --------------------------------------------------------------------------- table changes


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
    ledger = _fold_checked(setup, raws, index)
    change = ledger.entries[index]
    assert isinstance(change, TableChange)
    return ledger, change, index


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
        raise Refused([("after", f"zwischen 0 (vor Spiel 1) und {len(games)} (nach dem "
                                 "letzten Spiel) wählen")])
    return games[after] if after < len(games) else len(others)


def _move(row: Game, index: int) -> None:
    """Put ``row`` right before the live entry now at ``index`` among the others (or last);
    every other row keeps its order. Positions are unique per evening, so the rows that move
    go through negative positions first."""
    rows = sorted((g for g in row.evening.games if g is not row), key=lambda g: g.position)
    live = [g for g in rows if g.deleted_at is None]
    rows.insert(rows.index(live[index]) if index < len(live) else len(rows), row)
    moved = [(g, k) for k, g in enumerate(rows, start=1) if g.position != k]
    if not moved:
        return
    for g, k in moved:
        g.position = -k
    db.session.flush()
    for g, k in moved:
        g.position = k
    db.session.flush()


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
                    ) -> tuple[dict[str, Any], Ledger, TableChange, int]:
    """A chosen change's facts, the evening folded with it and the change's index
    (``preview_table_change``), once every check has passed; ``add``: new players are added
    to the Runde (flushed, to be committed with the change or rolled back with it)."""
    facts = _table_facts(evening, seats, dealer, add)
    ledger, change, index = preview_table_change(evening, facts, after, replacing)
    retired = {p.name for p in evening.group.players if not p.active}
    back = [p for p in change.joined if p in retired]
    if back:
        raise Refused([("table", "ausgeschiedene Spieler können nicht dazukommen: "
                                 + ", ".join(back))])
    return facts, ledger, change, index


def _table_facts(evening: Evening, seats: Sequence[Seat], dealer: Seat | None,
                 add: bool) -> dict[str, Any]:
    """A change as stored: the new seat order (player ids) and, if chosen, the dealer. A name
    among ``seats`` is checked as a new player's, and with ``add`` that player is added to
    the Runde (else the name stands for them)."""
    group = evening.group
    known = {p.id for p in group.players}
    new: dict[str, Seat] = {}

    def player(value: Seat, field: str) -> Seat:
        if isinstance(value, str):
            if value not in new:
                new[value] = (_new_player(group, value, "new_name").id if add
                              else _player_name(group, value, "new_name"))
            return new[value]
        if value not in known:
            raise Refused([(field, "nur Spieler dieser Runde können mitspielen")])
        return value

    facts: dict[str, Any] = {"table": [player(s, "table") for s in seats]}
    if dealer is not None:
        facts["dealer"] = player(dealer, "dealer")
    return facts


def add_table_change(evening: Evening, seats: Sequence[Seat], dealer: Seat | None,
                     after: int | None, entry_key: str) -> GameEvent | None:
    """Store a table change (RULES.md §7) after checking the whole evening with it.

    ``seats`` is the new table clockwise (a name: a player new to the Runde, added with the
    change), ``dealer`` who deals next (None: as §7 says), ``after`` the games before it
    (None: now). None if this form was stored already. Nothing is stored when refused.
    """
    _check_open(evening)
    if game_by_entry_key(entry_key) is not None:
        return None
    _check_room(fold_of(evening))
    try:
        facts, _, _, index = _checked_change(evening, seats, dealer, after, None, add=True)
    except Refused:
        db.session.rollback()
        raise
    return _store(evening, facts, entry_key, index)


def edit_table_change(row: Game, seats: Sequence[Seat], dealer: Seat | None,
                      after: int | None, revision: int) -> GameEvent:
    """Change a table change's seats, dealer or place ("after game n": moving it)."""
    evening = row.evening
    _check_open(evening)
    if not is_table_change(row.facts):
        raise Refused([("", "das ist ein Spiel, kein Tischwechsel")])
    if row.deleted_at is not None:
        raise Refused([("", "dieser Tischwechsel ist gelöscht")])
    try:
        facts, _, _, index = _checked_change(evening, seats, dealer, after, row, add=True)
        _check_revision(row.revision, revision)
    except Refused:
        db.session.rollback()
        raise
    return _change(row, EDIT, facts, index)


def link_fingerprint() -> str | None:
    """A short, non-secret name of the link this request came through, for the history."""
    token = g.get("link_token") if has_app_context() else None
    if not token:
        return None
    return hashlib.sha256(token.encode()).hexdigest()[:8]


def _touch(evening: Evening) -> None:
    """Raise the evening's version: every change to what its sheet shows passes through
    here (games through ``_record``, the settlement, closing and reopening), in the same
    transaction, so a watching phone that saw the old version fetches the sheet again.

    An SQL increment, not Python's: it never loses a count, whichever worker writes.
    """
    evening.version = Evening.version + 1  # type: ignore[assignment]


def _record(game: Game, action: str, old: dict[str, Any] | None,
            new: dict[str, Any] | None, moved_from: tuple[int, Game | None] | None = None,
            number: int | None = None) -> GameEvent:
    """Keep the change in the history and raise the evening's version; ``number`` is the
    entry's number (``number_of``) when the caller knows it already, ``moved_from`` where
    an edited table change stood until then (``_game_before``)."""
    _touch(game.evening)
    event = GameEvent(evening_id=game.evening_id, game=game,
                      game_number=number_of(game) if number is None else number,
                      action=action, old_facts=old, new_facts=new, revision=game.revision,
                      via=link_fingerprint())
    if moved_from is not None:
        event.old_after, followed = moved_from
        event.old_after_game_id = None if followed is None else followed.id
    db.session.add(event)
    return event


__all__ = [
    "history",
    "last_evening_players",
    "restore_version",
    "ChangeRow",
    "NumberTaken",
    "Refused",
    "Row",
    "Sheet",
    "add_game",
    "add_player",
    "add_table_change",
    "check_table_change",
    "core_setup",
    "create_group",
    "current_table",
    "delete_game",
    "edit_game",
    "edit_table_change",
    "eyes_player_id",
    "evening_setup",
    "find_evening",
    "find_evening_by_link",
    "find_game",
    "find_group",
    "find_group_by_id",
    "fold_facts",
    "from_core",
    "house_rules",
    "is_table_change",
    "live_entries",
    "money_problems",
    "number_of",
    "old_place",
    "preview",
    "preview_table_change",
    "rename_player",
    "retire_player",
    "rules_of",
    "set_closed",
    "set_house_rules",
    "set_settlement",
    "settlement",
    "sheet",
    "sheet_state",
    "games_on_sheet",
    "start_evening",
    "sent_before",
    "to_core",
    "undo",
]
