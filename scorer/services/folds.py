"""An evening folded through the core, as every page reads it: kept between requests under a
key of versions (scorer.store.fold_cache), with the sheet's rows derived once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from sqlalchemy import select

from scorer.core.evening import (
    EveningSetup,
    InvalidEvening,
    Ledger,
    LedgerGame,
    TableChange,
    collector_paused,
    resume,
)
from scorer.core.rules import HouseRules
from scorer.services.facts import core_setup, fold_facts, is_table_change, to_core
from scorer.store import fold_cache
from scorer.store.extensions import db
from scorer.store.models import Evening, EveningSeat, Game, Group, Player
from scorer.words.charts import evening_chart
from scorer.words.i18n import language, per_language
from scorer.words.rows import ChangeWords, SheetWords


@dataclass(frozen=True)
class StoredEntry:
    """A live entry (game or table change) as stored: what a sheet's row links to.

    Kept with its fold between requests: read only.
    """

    id: int
    facts: Mapping[str, Any]
    """The stored facts (player ids)."""
    revision: int
    """The row's revision: every change to the entry raises it."""
    entry_key: str
    """The one-time key of the form that stored it: no two rows share one, not even rows of
    two databases that went separate ways from the same backup."""
    updated: dt.datetime
    """When the row was last written (UTC): a database restored from a backup brings back
    revisions it had reached before, so an edit after the restore may reach a revision again
    with other facts; never at the same moment."""


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
    words: ChangeWords
    """Its row (scorer.words.rows): "Fritz kommt dazu · Dora geht (Pflichtsolo offen,
    entfällt) · gibt: Ben"."""


@dataclass(frozen=True)
class Folded:
    """An evening folded from what the database held under one key (``fold_of``), with what
    the pages derive from it computed once.

    Shared by every request that reads the evening at that key (scorer.store.fold_cache): read only.
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
        changes = iter(self.words.changes())
        return tuple(ChangeRow(s, e, next(changes)) if isinstance(e, TableChange) else Row(s, e)
                     for s, e in zip(self.entries, self.ledger.entries))

    @cached_property
    def games(self) -> tuple[Row, ...]:
        """The rows of the games (what is numbered)."""
        return tuple(r for r in self.rows if isinstance(r, Row))

    @cached_property
    def words(self) -> SheetWords:
        """The sheet's rows (scorer.words.rows): each made when first asked for, each of its
        words worked out when first read, and kept with the fold."""
        return SheetWords(self.ledger)

    @cached_property
    def ids(self) -> dict[str, int]:
        """Name -> player id."""
        return {n: i for i, n in self.names.items()}

    @per_language
    def chart(self) -> str:
        """Everybody's running total as SVG (scorer.words.charts), in the reader's language."""
        return evening_chart(self.ledger.players, [g.totals for g in self.ledger.games],
                             self.ledger.arrivals)

    def extended(self, added: Sequence[StoredEntry], ledger: Ledger) -> Folded:
        """This fold with entries ``added`` at the end: ``ledger`` goes on from this one's
        (``scorer.core.evening.resume``).

        When only games were added and the earlier ledger entries are the very same objects
        (as ``resume`` leaves them unless a newcomer joined), the rows and games derived so
        far are shared with the new fold: a save or a page after one does not build a long
        evening's rows again.
        """
        after = Folded(setup=self.setup, names=self.names, entries=(*self.entries, *added),
                       ledger=ledger)
        before, new = ledger.entries[:len(self.entries)], ledger.entries[len(self.entries):]
        known = self.__dict__  # what cached_property computed already
        games = [e for e in new if isinstance(e, LedgerGame)]
        if ("rows" in known and len(games) == len(new)
                and len(before) == len(self.ledger.entries)
                and all(a is b for a, b in zip(before, self.ledger.entries))):
            rows = tuple(Row(s, e) for s, e in zip(added, games))
            after.__dict__["rows"] = (*self.rows, *rows)
            if "games" in known:
                after.__dict__["games"] = (*self.games, *rows)
        return after

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
    def words(self) -> SheetWords:
        """The sheet's rows (scorer.words.rows): ``words[number]`` is a game's."""
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


FoldKey = tuple[int, Any, int, Any]
"""(evening version, evening updated_at, Runde version, Runde updated_at)."""


def sheet(evening: Evening) -> Sheet:
    """The evening's stored entries folded: every page's numbers come from here."""
    return sheets([evening])[0]


def sheets(evenings: Sequence[Evening]) -> list[Sheet]:
    """Many evenings' sheets (a Runde's pages): the folds not kept are loaded together, so
    the number of queries does not grow with the number of evenings."""
    keys = [fold_key(e) for e in evenings]
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
    # Kept per language too: what is added up may hold words (a CSV's, a chart's legend).
    name = ("runde", group.id, what, language())
    found = kept.get(name, key)
    if found is None:
        found = compute()
        kept.put(name, key, found, len(of))
    result: T = found
    return result


def fold_key(evening: Evening, group: Group | None = None) -> FoldKey:
    """What names an evening's fold, read from the rows the request loaded (before it loads
    any entry: see scorer.store.fold_cache). The versions change with every change to what the
    fold shows; the time of the last write to each row tells a row apart from an earlier
    one with the same version (a database restored from a backup under a running app).
    ``group``: the evening's Runde, when the caller has it at hand (a Runde's evenings: no
    lookup of the same Runde for each)."""
    if group is None:
        group = evening.group
    return (evening.version, instant(evening.updated_at), group.version,
            instant(group.updated_at))


def instant(moment: dt.datetime) -> dt.datetime:
    """A stored time as an aware UTC time: SQLite gives back what was written as UTC without
    its zone, PostgreSQL in the connection's zone."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


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
    keys = [fold_key(e) for e in evenings]
    found: list[Folded | None] = [kept.get(e.id, k) if usable else None
                                  for e, k in zip(evenings, keys)]
    missing = [e for e, f in zip(evenings, found) if f is None]
    if len(missing) == 1 and usable:
        # One evening's page after a change another worker made: mostly games added.
        k = found.index(None)
        grown = _grown(evenings[k], keys[k], kept.latest(evenings[k].id))
        if grown is not None and fold_cache.committed_only(session):
            found[k] = grown
            kept.put(evenings[k].id, keys[k], grown, len(grown.entries) + 1)
            missing = []
    if missing:
        # The collector paused for all of them: resumed between evenings, it would walk
        # every row read and evening folded so far again (a Runde of 100 evenings in a
        # fresh worker: 150-800 ms instead of a steady 150).
        with collector_paused():
            loaded = _load_folds(missing)
        usable = usable and fold_cache.committed_only(session)
        for k, evening in enumerate(evenings):
            if found[k] is None:
                found[k] = folded = loaded[evening.id]
                if usable:
                    kept.put(evening.id, keys[k], folded, len(folded.entries) + 1)
    return [f for f in found if f is not None]


def _grown(evening: Evening, key: FoldKey, before: tuple[Any, Any] | None) -> Folded | None:
    """The evening folded by going on from ``before`` (the key and fold kept from an earlier
    version), if all that changed since is entries added at the end; None otherwise.

    That is so when the Runde is as it was (names, players), the version rose by as many as
    there are more live entries (every change raises it by one: an edit, a delete, a
    settlement would each leave a count unexplained), every live entry kept is still there,
    in its place, at its revision, under its form's key, written when it was (a restored
    backup brings old revisions back), and the added entries are games
    (which name only players at the table, so players the kept fold knows). Only the added
    entries' facts are read and folded.
    """
    if before is None:
        return None
    old_key, old = before
    added = key[0] - old_key[0]
    if added < 1 or old_key[2:] != key[2:]:
        return None
    live = [(i, revision, entry_key, instant(updated)) for i, revision, entry_key, updated
            in db.session.execute(
                select(Game.id, Game.revision, Game.entry_key, Game.updated_at)
                .where(Game.evening_id == evening.id, Game.deleted_at.is_(None))
                .order_by(Game.position))]
    kept = len(old.entries)
    if len(live) != kept + added or any(
            (e.id, e.revision, e.entry_key, e.updated) != row
            for e, row in zip(old.entries, live)):
        return None
    tail = live[kept:]
    facts: dict[int, dict[str, Any]] = dict(db.session.execute(
        select(Game.id, Game.facts).where(Game.id.in_([row[0] for row in tail]))).all())
    if len(facts) != len(tail) or any(is_table_change(f) for f in facts.values()):
        # Deleted meanwhile (PostgreSQL reads each statement's latest commit), or a table
        # change, which may bring a player who is not in the names kept.
        return None
    stored = [StoredEntry(i, facts[i], revision, entry_key, updated)
              for i, revision, entry_key, updated in tail]
    try:
        ledger = resume(old.ledger, [to_core(s.facts, old.names) for s in stored])
    except InvalidEvening:
        return None
    return old.extended(stored, ledger)


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
    for evening_id, game_id, facts, revision, entry_key, updated in db.session.execute(
            select(Game.evening_id, Game.id, Game.facts, Game.revision, Game.entry_key,
                   Game.updated_at)
            .where(Game.evening_id.in_(ids), Game.deleted_at.is_(None))
            .order_by(Game.evening_id, Game.position)):
        entries[evening_id].append(
            StoredEntry(game_id, facts, revision, entry_key, instant(updated)))
    out = {}
    for evening in evenings:
        setup = core_setup(evening.rules, [names[i] for i in seats[evening.id]],
                           names[evening.first_dealer_id], evening.planned_games,
                           evening.bock_queue_start)
        stored = tuple(entries[evening.id])
        ledger = fold_facts(setup, [s.facts for s in stored], names)
        out[evening.id] = Folded(setup=setup, names=names, entries=stored, ledger=ledger)
    return out
