"""Imports (issue 28): a file of another scorekeeper, a paper sheet or a Runde's own backup,
previewed against a Runde and stored as its evenings in one transaction, or not at all.

The importers (:mod:`scorer.importers`) turn a file into an ImportPlan, and
:mod:`scorer.services.backup_import` does so for our own backup. Here the plan meets a Runde:

* :func:`target` reads what the preview needs of the Runde (its rules, its players, the date
  and games of every evening, whether this very file came before) and nothing else;
  :func:`read_for` ends that read before it reads the file, so that the slow part never
  holds the database's write lock (SQLite takes it when a POST's transaction begins).
* :func:`preview` works from that alone: the file's names matched to the Runde's players (the same
  name in any case; otherwise the user's choice, by default a new player), the dates the
  file does not tell, every evening folded under the chosen mode (and a Bockzettel file
  under the other one too, for the side-by-side totals), and the evenings the Runde already
  has (same date, same games: :func:`scorer.importers.game_signature`), which are skipped.
* :func:`store` takes the Runde's lock, checks that nothing changed since the preview, and
  writes the new players, the evenings with their seats, every entry with its history event
  naming the import, the seasons (:func:`adopt_seasons`) and the import's own row (by which
  the same file is refused the next time), and commits once.

Between preview and import the uploaded file waits in ``import_uploads`` by its hash
(:func:`keep_upload`, :func:`kept_upload`): the confirmation names the hash, the server reads
the bytes it checked. The database, not the instance folder, keeps it: it is the only thing
the workers (and machines) serving one database share.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import hashlib
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from scorer.core.evening import Ledger, LedgerGame
from scorer.core.names import PLAYER_NAME, InvalidName, clean_name
from scorer.core.rules import BockAtEnd, HouseRules
from scorer.core.seasons import Season
from scorer.importers import (
    ImportMode,
    ImportPlan,
    ImportRefused,
    Opened,
    PlannedEvening,
    SourceFormat,
    check_plan,
    game_signature,
    open_import,
    plan_import,
    rename_players,
)
from scorer.services import backup_import
from scorer.services.backup_import import BackupFacts
from scorer.services.changes import link_fingerprint
from scorer.services.entries import CREATE
from scorer.services.evenings import frozen_rules
from scorer.services.facts import from_core, is_table_change
from scorer.services.folds import sheets
from scorer.services.refusals import STALE, Refused
from scorer.services.runden import house_rules, lock_group
from scorer.services.year_settings import touch_year
from scorer.store import fold_cache
from scorer.store.extensions import db
from scorer.store.models import (
    Evening,
    EveningSeat,
    Game,
    GameEvent,
    Group,
    Import,
    ImportUpload,
    Player,
    utcnow,
)
from scorer.store.models import (
    Season as SeasonRow,
)
from scorer.words import imports as words
from scorer.words.i18n import _

UPLOAD_KEPT = dt.timedelta(hours=12)
"""How long an uploaded file waits for its import (long enough to ask the table about a
name, short enough that files nobody imported do not pile up)."""
UPLOADS_PER_RUNDE = 3
"""Uploads a Runde keeps waiting at once; an older one goes when a new one comes."""
MAX_FILE_NAME = 200
"""The longest file name kept (a longer one is cut; it is only shown)."""


# ------------------------------------------------------------------ the file


@dataclass(frozen=True)
class Read:
    """A file as its importer read it."""

    plan: ImportPlan
    backup: BackupFacts | None = None
    """What only our own backup carries besides the plan (money, closing, house rules)."""


def _read_opened(data: bytes, opened: Opened, mode: ImportMode, rules: HouseRules,
                 source_bock: str | None = None) -> Read:
    if opened.source is SourceFormat.OWN_BACKUP:
        return Read(*backup_import.read_backup(data, opened.file_name))
    return Read(plan_import(opened, mode=mode, rules=rules, source_bock=source_bock))


def file_name_of(raw: str | None) -> str:
    """An uploaded file's name as shown and kept: no folders, no control characters, at most
    MAX_FILE_NAME characters; "Datei" when it has none."""
    name = (raw or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(c for c in name if c.isprintable()).strip()
    return name[:MAX_FILE_NAME] or words.file_without_name()


# ------------------------------------------------------------------ the Runde


@dataclass(frozen=True)
class Before:
    """This file's earlier import into the Runde."""

    on: dt.date
    evenings: int
    games: int


@dataclass(frozen=True)
class Target:
    """What the preview needs of the Runde, read at one moment (:func:`target`)."""

    group_id: int
    rules: HouseRules
    """The Runde's house rules: the file's games are read and re-scored under them."""
    players: tuple[tuple[int, str, bool], ...]
    """Every player (id, name, active), retired ones too: an old evening may name them."""
    evenings: Mapping[tuple[Any, ...], int]
    """Each stored evening's game_signature (date and every game's points) -> its number."""
    numbers: int
    """The highest evening number so far (0 before the first evening)."""
    newest: dt.date | None
    """The date of the Runde's latest evening (None before the first)."""
    before: Before | None
    """Whether this very file (its content hash) was imported into the Runde already."""


def target(group: Group, content_hash: str) -> Target:
    """The Runde as the preview of the file with ``content_hash`` needs it."""
    evenings = list(group.evenings)
    signatures = {game_signature(s.evening.played_on, s.ledger): s.evening.number
                  for s in sheets(evenings)}
    row = db.session.scalar(select(Import).where(Import.group_id == group.id,
                                                 Import.content_hash == content_hash))
    before = None if row is None else Before(row.created_at.date(), row.evenings, row.games)
    return Target(group_id=group.id, rules=house_rules(group),
                  players=tuple((p.id, p.name, p.active) for p in group.players),
                  evenings=signatures, numbers=max((e.number for e in evenings), default=0),
                  newest=max((e.played_on for e in evenings), default=None), before=before)


def seen(runde: Target) -> str:
    """A short digest of the Runde as a preview shows it: the preview page carries it, so
    that an import after a player was renamed, added or retired, or an evening stored, in
    another tab meets :func:`store`'s refusal instead of adding a player by the old name."""
    state = (runde.players, sorted(runde.evenings.items(), key=repr), runde.numbers)
    return hashlib.sha256(repr(state).encode()).hexdigest()[:24]


def read_for(group: Group, data: bytes, file_name: str, mode: ImportMode,
             source_bock: str | None = None) -> tuple[Target, Read, Read | None]:
    """The Runde as the preview needs it, and the file read under ``mode`` and, where it can
    be re-scored, under the other mode too (for the side-by-side totals). ``source_bock``:
    the Bock mode the file's app counted with, where the file does not say
    (``ImportPlan.bock_unsaid``).

    The Runde is read first and that transaction ended (nothing was written) before the file
    is read: a POST's transaction on SQLite begins IMMEDIATE and holds the database's write
    lock until it ends, and reading a file of 20 MB takes seconds that no phone of any Runde
    should wait for. :func:`store` checks that the Runde is still as the preview saw it."""
    runde = target(group, hashlib.sha256(data).hexdigest())
    db.session.rollback()
    if runde.before is not None:
        # This very file came before: said at once, without reading it (a large file took
        # seconds to be read and then refused as imported already)
        raise _imported_before(runde.before, file_name)
    opened = open_import(data, file_name)  # opened once, read under one mode or both
    # A foreign file's evenings are stored as _foreign_rules says: read so, they are folded
    # once for the check, the preview and the import.
    rules = dataclasses.replace(runde.rules, bock_at_end=BockAtEnd.DROP)
    read = _read_opened(data, opened, mode, rules, source_bock)
    other = _read_opened(data, opened, _other(mode), rules, source_bock) \
        if read.plan.rescorable else None
    return runde, read, other


# ------------------------------------------------------------------ the preview


@dataclass(frozen=True)
class Choices:
    """What the user decides at the preview (or on the command line)."""

    mode: ImportMode = ImportMode.RECORDED
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """A file's name -> the name it gets in the Runde: an existing player's (any case) maps
    onto that player, another one adds a player of that name. Names not given: the
    player of the same name in any case, else a new player of the file's name."""
    dates: Mapping[int, dt.date] = dataclasses.field(default_factory=dict)
    """Evening (its index in the file) -> its date, for evenings the file has none for;
    ``-1`` applies to every such evening (the command line's ``--date``)."""
    take_rules: bool = False
    """Our own backup: the Runde takes the backup's house rules too."""


@dataclass(frozen=True)
class NameMatch:
    """One name of the file and the player it becomes."""

    index: int
    """Its place in the file's list of names (the form's field is ``player_<index>``)."""
    name: str
    """As the file writes it."""
    player: str
    """The Runde's name it becomes."""
    existing: bool
    """A player the Runde has (else one the import adds)."""
    offered: bool
    """Whether the user chooses (no player of the Runde has this name in any case)."""


@dataclass(frozen=True)
class EveningPreview:
    """One evening of the file as it would be stored."""

    index: int
    """Its place in the file (the form's date field is ``date_<index>``)."""
    evening: PlannedEvening
    """Under the chosen mode and names, with the rules it is stored with."""
    date: dt.date | None
    """The file's date or the one given; None until given."""
    date_asked: bool
    """The file has no date for it: the preview asks."""
    ledger: Ledger
    """The evening folded: the totals, and each game's players as stored."""
    totals: Mapping[ImportMode, Mapping[str, int]]
    """Each player's total under the chosen mode and, for a Bockzettel file, the other."""
    present: int | None
    """The number of the Runde's evening with the same date and games (skipped), if any."""

    @property
    def games(self) -> int:
        return self.evening.games

    @property
    def changes(self) -> int:
        """Table changes in the evening."""
        return sum(1 for e in self.evening.entries if is_table_change(e))


@dataclass(frozen=True)
class Preview:
    """Everything the preview page and ``flask import`` show, and what :func:`store`
    writes."""

    target: Target
    read: Read
    """The file under the chosen mode, its names as in the file."""
    plan: ImportPlan
    """Under the chosen mode and names."""
    choices: Choices
    names: tuple[NameMatch, ...]
    evenings: tuple[EveningPreview, ...]
    warnings: tuple[str, ...]
    """What the file as a whole brings (the importer's warnings and ours)."""
    problems: tuple[tuple[str, str], ...]
    """What must be settled before the import, by form field (``date_2``, ``player_0``,
    ``""``): a missing date, two players of one evening made one."""

    @property
    def new(self) -> tuple[EveningPreview, ...]:
        """The evenings the import adds (those the Runde has already are skipped)."""
        return tuple(e for e in self.evenings if e.present is None)

    @functools.cached_property
    def numbered(self) -> tuple[tuple[int, EveningPreview], ...]:
        """The new evenings with the numbers they get: after the Runde's own, by date (a
        backup's in its own order). A number is an evening's address, so an older evening
        imported later gets a later number; every list orders by date."""
        order = self.new if self.backup is not None else sorted(
            self.new, key=lambda e: (e.date or dt.date.min, e.index))
        return tuple(enumerate(order, start=self.target.numbers + 1))

    @functools.cached_property
    def _numbers(self) -> dict[int, int]:
        # No number while an evening waits for its date: the date may change the order.
        if any(e.date is None for e in self.new):
            return {}
        return {e.index: n for n, e in self.numbered}

    def number_of(self, evening: EveningPreview) -> int | None:
        """The number ``evening`` gets; None when it is skipped (the Runde has it) or not
        known yet (an evening still waits for its date, which may change the order)."""
        return self._numbers.get(evening.index)

    @property
    def rescorable(self) -> bool:
        return self.read.plan.rescorable

    @property
    def columns(self) -> tuple[ImportMode | str, ...]:
        """The totals each evening shows, in order: both modes for a file that can be
        re-scored; else the totals as stored, and "file" (what the file says) where some
        evening's differ from them (a sheet of minus points only, turned to plus and minus)."""
        if self.rescorable:
            return tuple(ImportMode)
        if any(e.evening.source_totals and dict(e.evening.source_totals)
               != dict(e.totals[self.choices.mode]) for e in self.evenings):
            return (self.choices.mode, FILE)
        return (self.choices.mode,)

    @property
    def seasons(self) -> tuple[Season, ...]:
        return self.plan.seasons

    @property
    def backup(self) -> BackupFacts | None:
        return self.read.backup

    def summary(self) -> str:
        """"„x.json“ (Bockzettel): 3 Abende, 19 Spiele, 5 Spieler"."""
        games = sum(e.games for e in self.evenings)
        return words.summary(self.plan.file_name, self.plan.label, len(self.evenings), games,
                             len(self.names))


def preview(target: Target, read: Read, choices: Choices,
            other: Read | None = None) -> Preview:
    """The file ``read`` (under ``choices.mode``) against the Runde ``target``: names
    matched, dates given, every evening folded and compared with the Runde's. ``other`` is
    the same Bockzettel file under the other mode, for the side-by-side totals. Reads no
    database row. Raises ImportRefused when
    the file was imported before or when nothing of it is new; what the user can settle is
    in ``problems``."""
    plan = read.plan
    if target.before is not None:
        raise _imported_before(target.before, plan.file_name)
    problems: list[tuple[str, str]] = []
    names, name_problems = match_names(target, plan.players, choices.names)
    problems += name_problems
    mapping = {m.name: m.player for m in names if m.name != m.player}
    chosen = _renamed(_foreign_rules(plan, read), mapping, problems)
    ledgers = check_plan(chosen)
    others: list[Mapping[str, int]] | None = None
    if other is not None:
        other_plan = _renamed(_foreign_rules(other.plan, other), mapping, [])
        others = [ledger.totals for ledger in check_plan(other_plan)]
    evenings: list[EveningPreview] = []
    seen = dict(target.evenings)
    for k, (evening, ledger) in enumerate(zip(chosen.evenings, ledgers)):
        date = evening.date or choices.dates.get(k) or choices.dates.get(-1)
        if date is None:
            problems.append((f"date_{k}", words.date_missing(evening.place)))
        totals: dict[ImportMode, Mapping[str, int]] = {choices.mode: ledger.totals}
        if others is not None:
            totals[_other(choices.mode)] = others[k]
        present = None
        if date is not None:
            signature = game_signature(date, ledger)
            present = seen.get(signature)
            seen.setdefault(signature, 0)  # the same evening twice in one file: once
        evenings.append(EveningPreview(k, evening, date, evening.date is None, ledger,
                                       totals, present))
    if evenings and all(e.present is not None for e in evenings):
        raise ImportRefused([("", words.nothing_new())], plan.file_name)
    return Preview(target=target, read=read, plan=chosen, choices=choices, names=tuple(names),
                   evenings=tuple(evenings), warnings=_warnings(target, read, chosen, evenings),
                   problems=tuple(problems))


def _imported_before(before: Before, file_name: str) -> ImportRefused:
    return ImportRefused([("", words.imported_before(before.on, before.evenings, before.games))],
                         file_name)


def _other(mode: ImportMode) -> ImportMode:
    return ImportMode.RESCORED if mode is ImportMode.RECORDED else ImportMode.RECORDED


def case_twins(names: Sequence[str]) -> set[str]:
    """The file's names that another of its names equals but for case ("Anna", "anna"):
    two people to a file, one to a Runde (names are unique there in any case)."""
    keys = Counter(name.casefold() for name in names)
    return {name for name in names if keys[name.casefold()] > 1}


def offered_names(target: Target, names: Sequence[str]) -> set[str]:
    """The file's names the preview asks about: those no player of the Runde has in any
    case, and case twins (each may be someone else)."""
    known = {name.casefold() for _, name, _ in target.players}
    return {name for name in names if name.casefold() not in known} | case_twins(names)


def match_names(target: Target, names: Sequence[str],
                chosen: Mapping[str, str]) -> tuple[list[NameMatch], list[tuple[str, str]]]:
    """Each of the file's ``names`` matched to the Runde's players (see Choices.names).

    Case twins not chosen for: the one spelt as a player of the Runde (else the first)
    takes the name, each other one becomes a new player "anna (2)", so that they stay
    apart and the preview shows it."""
    runde = {name.casefold(): name for _, name, _ in target.players}
    spelt = {name for _, name, _ in target.players}
    problems = []
    for name in chosen:
        if name not in names:
            problems.append(("", words.not_in_file(name)))
    asked = offered_names(target, names)
    twins = case_twins(names)
    owner: dict[str, str] = {}
    for name in sorted(twins, key=lambda n: (n not in spelt, names.index(n))):
        owner.setdefault(name.casefold(), name)
    taken = set(runde) | {n.casefold() for n in names if n not in twins}
    added: dict[str, str] = {}
    out = []
    for k, name in enumerate(names):
        if name in chosen:
            wanted = chosen[name]
        elif name in twins and owner[name.casefold()] != name:
            wanted = _apart(name, taken)
        else:
            wanted = name
        taken.add(wanted.casefold())
        try:
            wanted = clean_name(wanted, PLAYER_NAME)
        except InvalidName as err:
            problems.append((f"player_{k}", f"{name}: {err}"))
            wanted = name
        key = wanted.casefold()
        offered = name in asked
        if key in runde:
            out.append(NameMatch(k, name, runde[key], existing=True, offered=offered))
        else:
            # Two names that differ only in case, chosen so, become one new player: names
            # are unique in a Runde whatever the case.
            player = added.setdefault(key, wanted)
            out.append(NameMatch(k, name, player, existing=False, offered=offered))
    return out, problems


def _apart(name: str, taken: set[str]) -> str:
    """``name`` with the first number that makes it no name taken: "anna (2)"."""
    number = 2
    while f"{name} ({number})".casefold() in taken:
        number += 1
    return f"{name} ({number})"


def _foreign_rules(plan: ImportPlan, read: Read) -> ImportPlan:
    """A foreign file's evenings stored with ``bock_at_end`` drop: no other app hands Bock
    games on to the next evening, and an imported evening must not change when an earlier
    one is reopened and closed (RULES.md §10.2 carry recomputes the next evening). The
    ledger's numbers are the same under every ``bock_at_end``. Our own backup keeps its
    rules as they are."""
    if read.backup is not None or all(e.rules.bock_at_end is BockAtEnd.DROP
                                      for e in plan.evenings):
        return plan
    return dataclasses.replace(plan, evenings=tuple(
        dataclasses.replace(e, rules=dataclasses.replace(e.rules, bock_at_end=BockAtEnd.DROP))
        for e in plan.evenings))


def _renamed(plan: ImportPlan, mapping: Mapping[str, str],
             problems: list[tuple[str, str]]) -> ImportPlan:
    """The plan under the Runde's names; two players of one evening made one is a problem of
    the choices (the plan stays under the file's names for the preview)."""
    if not mapping:
        return plan
    try:
        return rename_players(plan, mapping)
    except ImportRefused as err:
        problems += [("players", f"{place}: {message}") for place, message in err.problems]
        return plan


FILE = "file"
"""The column of the totals the file itself shows (Preview.columns)."""


def _places(totals: Mapping[str, int]) -> dict[str, int]:
    """Each player's place by ``totals`` (ties share the better place)."""
    return {p: 1 + sum(1 for v in totals.values() if v > totals[p]) for p in totals}


def _warnings(target: Target, read: Read, plan: ImportPlan,
              evenings: Sequence[EveningPreview]) -> tuple[str, ...]:
    out = list(plan.warnings)
    for e in evenings:
        source = dict(e.evening.source_totals)
        stored = dict(e.totals[plan.mode]) if plan.mode in e.totals else {}
        if source and set(source) == set(stored) and _places(source) != _places(stored):
            moved = [p for p in source if _places(source)[p] != _places(stored)[p]]
            out.append(words.places_differ(e.evening.place, moved))
    if read.backup is None and target.rules.bock_at_end is not BockAtEnd.DROP:
        out.append(words.bock_lapses())
    older = sorted(e.date for e in evenings if e.present is None and e.date is not None
                   and target.newest is not None and e.date < target.newest)
    if older:
        assert target.newest is not None
        out.append(words.numbered_after(target.numbers, target.newest, older[0]))
    kept = _skipped_seasons(target.group_id, plan.seasons)
    if kept:
        out.append(words.seasons_skipped([s.name for s in kept]))
    return tuple(out)


def _skipped_seasons(group_id: int, seasons: Sequence[Season]) -> list[Season]:
    """The file's seasons that :func:`adopt_seasons` leaves out."""
    if not seasons:
        return []
    own = db.session.execute(select(SeasonRow.name, SeasonRow.start)
                             .where(SeasonRow.group_id == group_id)).all()
    names = {name.casefold() for name, _ in own}
    starts = {start for _, start in own}
    return [s for s in seasons if s.name.casefold() in names or s.start in starts]


# ------------------------------------------------------------------ storing


def store(group: Group, shown: Preview, seen_as: str | None = None) -> Import:
    """Write what ``shown`` previews, in one transaction, or nothing (Refused /
    ImportRefused). The Runde is locked and read again first: when it changed since the
    preview (a player, an evening, this file imported meanwhile), nothing is written.
    ``seen_as``: :func:`seen` of the Runde on the page the user confirmed, where that page
    was made by an earlier request."""
    if shown.problems:
        raise Refused(shown.problems)
    if seen_as is not None and seen_as != seen(shown.target):
        raise Refused([("", words.runde_changed(_(STALE)))])
    plan = shown.plan
    lock_group(group)
    now = target(group, plan.content_hash)
    if now.before is not None:
        db.session.rollback()
        raise _imported_before(now.before, plan.file_name)
    if now != shown.target:
        db.session.rollback()
        raise Refused([("", words.runde_changed(_(STALE)))])
    try:
        row = _write(group, shown, plan)
        db.session.execute(delete(ImportUpload).where(
            ImportUpload.group_id == group.id,
            ImportUpload.content_hash == plan.content_hash))
        db.session.commit()
    except IntegrityError:  # the same file, imported at this very moment by another phone
        db.session.rollback()
        raise ImportRefused([("", words.importing_already())], plan.file_name) from None
    except BaseException:
        db.session.rollback()
        raise
    return row


def _write(group: Group, shown: Preview, plan: ImportPlan) -> Import:
    new = shown.new
    row = Import(group_id=group.id, content_hash=plan.content_hash,
                 file_name=plan.file_name[:MAX_FILE_NAME], source=plan.source.value,
                 mode=plan.mode.value, evenings=len(new), games=sum(e.games for e in new))
    db.session.add(row)
    ids = {name: i for i, name, _ in shown.target.players}
    retired = shown.backup.retired if shown.backup is not None else frozenset()
    # A backup brings all of the Runde's players; another file those of the evenings added.
    playing = None if shown.backup is not None else {
        p for e in shown.new for p in e.ledger.players}
    for match in shown.names:
        if (not match.existing and match.player not in ids
                and (playing is None or match.player in playing)):
            player = Player(group=group, name=match.player,
                            retired_at=utcnow() if match.name in retired else None)
            db.session.add(player)
            db.session.flush()
            ids[match.player] = player.id
    if shown.backup is not None and shown.choices.take_rules:
        group.preset, group.overrides = shown.backup.preset, dict(shown.backup.overrides)
    db.session.flush()
    evenings = [(_evening(group, number, evening, shown, ids), evening)
                for number, evening in shown.numbered]
    db.session.flush()
    _entries(evenings, row, ids)
    adopt_seasons(group, plan.seasons)
    return row


def _evening(group: Group, number: int, shown: EveningPreview, whole: Preview,
              ids: Mapping[str, int]) -> Evening:
    planned = shown.evening
    facts = whole.backup.evenings[shown.index] if whole.backup is not None else None
    assert shown.date is not None  # a preview with a date missing has a problem
    evening = Evening(
        group=group, number=number, played_on=shown.date,
        first_dealer_id=ids[planned.first_dealer or planned.seats[0]],
        rules=frozen_rules(facts.preset if facts else group.preset, planned.rules),
        planned_games=planned.planned_games,
        bock_queue_start=list(planned.bock_queue_start) or None,
        tenth_cents_per_point=facts.tenth_cents_per_point if facts else 0,
        settlement_mode=facts.settlement_mode if facts else "zero_sum",
        settlement_rounding=facts.settlement_rounding if facts else "cent",
        # Another app's evening is over: closed, like any finished evening (reopening it
        # takes one tap). A backup's evening is as it was.
        closed_at=utcnow() if facts is None or facts.closed else None,
        seats=[EveningSeat(position=k, player_id=ids[name])
               for k, name in enumerate(planned.seats)])
    db.session.add(evening)
    return evening


def _entries(evenings: Sequence[tuple[Evening, EveningPreview]], row: Import,
             ids: Mapping[str, int]) -> None:
    """Every entry of the new evenings and its create event, in two statements each for all
    evenings (50,000 games do not go through the ORM's unit of work one by one)."""
    now = utcnow()
    games: list[dict[str, Any]] = []
    numbers: list[int] = []
    for evening, shown in evenings:
        played = 0
        for position, (raw, entry) in enumerate(
                zip(shown.evening.entries, shown.ledger.entries), start=1):
            facts = dict(raw)
            if isinstance(entry, LedgerGame):
                played += 1
                # Every game keeps the players it was played by, as a game entered here
                # does (scorer.services.games.add_game).
                facts.setdefault("players", list(entry.players))
            numbers.append(played)
            games.append({"evening_id": evening.id, "position": position,
                          "facts": from_core(facts, ids), "entry_key": str(uuid.uuid4()),
                          "revision": 1, "created_at": now, "updated_at": now})
    if not games:
        return
    table = Game.__table__
    game_ids = db.session.execute(
        insert(table).returning(table.c.id, sort_by_parameter_order=True), games).scalars().all()
    fold_cache.wrote(db.session())
    via = link_fingerprint()
    db.session.execute(insert(GameEvent.__table__), [
        {"evening_id": game["evening_id"], "game_id": game_id, "game_number": number,
         "action": CREATE, "via": via, "import_id": row.id, "old_after": None,
         "old_after_game_id": None, "old_facts": None, "new_facts": game["facts"],
         "revision": 1, "created_at": now}
        for game, game_id, number in zip(games, game_ids, numbers)])


def origin(row: Import) -> str:
    """Where an imported evening or entry came from, as the Verlauf says it: "importiert aus
    Bockzettel, Datei „x.json“, am 01.12.2026"."""
    try:
        label = SourceFormat(row.source).label
    except ValueError:  # a source this version does not know (a newer server's backup)
        label = row.source
    return words.origin(label, row.file_name, _aware(row.created_at).date())


# ------------------------------------------------------------------ seasons


def adopt_seasons(group: Group, seasons: Sequence[Season]) -> int:
    """The file's seasons (``plan.seasons``, a Bockzettel group of type season) become the
    Runde's own (RULES.md §11.1), except where the Runde has one of that name or starting
    that day already; returns how many were added. Runs in the import's transaction (no
    commit), and raises the year's version as any change to the seasons does."""
    if not seasons:
        return 0
    own = list(db.session.scalars(select(SeasonRow).where(SeasonRow.group_id == group.id)))
    names = {s.name.casefold() for s in own}
    starts = {s.start for s in own}
    added = 0
    for season in seasons:
        if season.name.casefold() in names or season.start in starts:
            continue
        db.session.add(SeasonRow(group_id=group.id, name=season.name[:40], start=season.start))
        names.add(season.name.casefold())
        starts.add(season.start)
        added += 1
    if added:
        touch_year(group)
    return added


# ------------------------------------------------------------------ the upload


@dataclass(frozen=True)
class Upload:
    """A file waiting for its import."""

    content_hash: str
    file_name: str
    data: bytes


def keep_upload(group: Group, data: bytes, file_name: str) -> str:
    """Keep ``data`` for the Runde until its import (or UPLOAD_KEPT); returns its hash. Files
    of every Runde that waited too long go, and this Runde's oldest beyond
    UPLOADS_PER_RUNDE."""
    digest = hashlib.sha256(data).hexdigest()
    now = utcnow()
    db.session.execute(delete(ImportUpload).where(ImportUpload.created_at < now - UPLOAD_KEPT))
    db.session.execute(delete(ImportUpload).where(ImportUpload.group_id == group.id,
                                                  ImportUpload.content_hash == digest))
    older = db.session.scalars(
        select(ImportUpload.id).where(ImportUpload.group_id == group.id)
        .order_by(ImportUpload.created_at.desc(), ImportUpload.id.desc())
        .offset(UPLOADS_PER_RUNDE - 1)).all()
    if older:
        db.session.execute(delete(ImportUpload).where(ImportUpload.id.in_(older)))
    db.session.add(ImportUpload(group_id=group.id, content_hash=digest,
                                file_name=file_name[:MAX_FILE_NAME], data=data, created_at=now))
    db.session.commit()
    return digest


def kept_upload(group: Group, content_hash: str) -> Upload | None:
    """The Runde's waiting file with this hash, if it has not expired (and its bytes still
    have that hash)."""
    if len(content_hash) != 64 or not all(c in "0123456789abcdef" for c in content_hash):
        return None
    row = db.session.scalar(select(ImportUpload).where(
        ImportUpload.group_id == group.id, ImportUpload.content_hash == content_hash))
    if row is None or _aware(row.created_at) < utcnow() - UPLOAD_KEPT:
        return None
    data = bytes(row.data)
    if hashlib.sha256(data).hexdigest() != content_hash:
        return None
    return Upload(content_hash, row.file_name, data)


def _aware(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


__all__ = [
    "UPLOADS_PER_RUNDE",
    "UPLOAD_KEPT",
    "Choices",
    "EveningPreview",
    "NameMatch",
    "Preview",
    "Read",
    "Target",
    "Upload",
    "adopt_seasons",
    "file_name_of",
    "keep_upload",
    "kept_upload",
    "match_names",
    "origin",
    "preview",
        "read_for",
    "store",
    "target",
]
