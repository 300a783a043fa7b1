"""What an importer hands on: the evenings a file holds, as the core's own evening input.

Every importer turns a foreign file into one :class:`ImportPlan`: its evenings (seats, first
dealer, rules and the entries of a CLI.md ``evening`` input: recorded games, re-scored facts,
table changes), the players it names, the seasons it defines, and what the source app showed
as each evening's totals, so the preview can say what changes. Nothing here touches a database;
the web phase shows a plan, maps its names onto a Runde's players and stores it in one
transaction. A plan that :func:`read_import` returns always folds: :func:`check_plan` folded
every evening through :mod:`scorer.core.evening` before it was handed out.

A file that is not imported raises :class:`ImportRefused`, with one (place, message) pair per
problem in German, the place naming sheet, game, row or column.

Each format module declares its :class:`FileFormat`: what it recognises, and how it reads what
it recognised; :mod:`scorer.importers.detect` asks them in turn. Pure: imports only the
standard library and the core.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from scorer.core.evening import EveningSetup, InvalidEvening, Ledger, collector_paused, fold
from scorer.core.rules import HouseRules, InvalidInput
from scorer.core.seasons import Season
from scorer.words.i18n import N_, _

MAX_FILE_BYTES = 20_000_000
"""A file of this size (20 MB) or more is refused before it is read any further."""

MAX_GAMES = 50_000
"""A file with more games than this (all evenings together) is refused before the games are
read one by one; the core folds at most as many entries per evening."""

MAX_PROBLEMS = 20
"""A file broken in every game names its first twenty problems, not fifty thousand."""


class ImportMode(str, Enum):
    """How the games of a file become games of ours (the user chooses at the preview)."""

    RECORDED = "recorded"
    """Each game a recorded game (RULES.md §10.1) with the points the source app gave it, so
    every evening ends with exactly the totals the group saw there."""
    RESCORED = "rescored"
    """The source's facts mapped onto ours and scored under the Runde's rules (only where the
    file holds facts, not just points: Bockzettel)."""


class SourceFormat(str, Enum):
    """The kinds of file the importers read (and one they recognise to send elsewhere)."""

    BOCKZETTEL = "bockzettel"
    """doppelkopf-schreiber ("Bockzettel") JSON export, formatVersion 1."""
    QTDOPPELKOPF = "qtdoppelkopf"
    """A QtDoppelKopf game file (``*.qdk``, dataVersion "2")."""
    JSDOPPELKOPF = "jsdoppelkopf"
    """jsdoppelkopf documents as mongoexport writes them, or a bare event log."""
    TABLE = "table"
    """A score sheet as rows: CSV, or an XLSX workbook (one sheet per evening)."""
    OWN_BACKUP = "doko-zettel-backup"
    """A backup of this app: restored through the Runde's backup, not through an importer."""

    @property
    def label(self) -> str:
        """The name a user knows the source by, in the language spoken now."""
        return _(_LABELS[self])


_LABELS = {
    SourceFormat.BOCKZETTEL: "Bockzettel",
    SourceFormat.QTDOPPELKOPF: "QtDoppelKopf",
    SourceFormat.JSDOPPELKOPF: "jsdoppelkopf",
    SourceFormat.TABLE: N_("Tabelle"),
    SourceFormat.OWN_BACKUP: N_("Doko-Zettel-Sicherung"),
}


class Content(Enum):
    """What :mod:`scorer.importers.detect` makes of a file's bytes before any format is asked."""

    JSON = "json"
    """Parsed JSON: one document, an array, or the documents of a file with one per line."""
    TEXT = "text"
    """Text that is not JSON (decoded, its warnings kept apart)."""
    WORKBOOK = "workbook"
    """A ZIP archive, handed on unread as a :class:`scorer.importers.table.Workbook`."""


class Reader(Protocol):
    """How a format reads what it recognised: the content, and what every plan records."""

    def __call__(self, content: Any, /, *, file_name: str, content_hash: str,
                 mode: ImportMode, rules: HouseRules,
                 source_bock: str | None = None) -> ImportPlan: ...


@dataclass(frozen=True, slots=True)
class FileFormat:
    """One kind of file the importers know, as its module declares it: one entry of
    :data:`scorer.importers.detect.FORMATS`, so that a new format is a new module and a line.
    """

    source: SourceFormat
    """What the plan says the file was."""
    content: Content
    """What the format is asked about: only files opened as this."""
    recognises: Callable[[Any], bool]
    """Whether the content is of this format (the first format to say so reads the file)."""
    read: Reader | None = None
    """Reads the content into a plan; None for a file recognised only to be sent elsewhere."""
    refused: str = ""
    """Why a recognised file is not read here (without ``read``): where it is read instead."""
    several: bool = False
    """A JSON array of its documents (or one document a line) is of this format too, when
    every document is."""
    rescorable: bool = False
    """Its files hold facts to score under our rules (ImportMode.RESCORED), not just points."""

    def __post_init__(self) -> None:
        if (self.read is None) == (not self.refused):
            raise ValueError(f"{self.source}: a format either reads its files or says why not")


class ImportRefused(InvalidInput):
    """A file that is not imported: one (place, message) pair per problem, in German.

    ``place`` names where in the file (``Bogen 2 „Freitag“, Runde 3, Spiel 1``, ``Zeile 7,
    Spalte Anna``; empty for the file as a whole); ``file_name`` is set by :func:`read_import`.
    """

    def __init__(self, problems: Iterable[tuple[str, str]], file_name: str = "") -> None:
        super().__init__(problems)
        self.file_name = file_name

    def lines(self) -> list[str]:
        """One line per problem, each naming the file and the place (CLI and page)."""
        head = (_("Datei „%(name)s“") % {"name": self.file_name} if self.file_name
                else _("Datei"))
        return [_("%(file)s, %(place)s: %(message)s")
                % {"file": head, "place": place, "message": message} if place
                else _("%(file)s: %(message)s") % {"file": head, "message": message}
                for place, message in self.problems]

    def __str__(self) -> str:
        return "; ".join(self.lines())


def refuse(place: str, message: str) -> ImportRefused:
    """One problem as an exception to raise: ``raise refuse("Zeile 3", "…")``."""
    return ImportRefused([(place, message)])


@dataclass(frozen=True, slots=True, weakref_slot=True)
class PlannedEvening:
    """One evening found in the file, ready to fold and to store.

    ``entries`` are CLI.md ``evening`` games (without rules and bock) and table changes, as
    plain JSON-ready dicts: treat them as read-only.
    """

    place: str
    """Where the evening is in the file (``Bogen 2 „Freitag“``, ``Tabellenblatt „3_…“``)."""
    title: str | None
    """The evening's name in the source (a sheet's title), if it has one."""
    date: dt.date | None
    """The evening's date, None when the file does not tell (the preview must ask)."""
    rules: HouseRules
    """The rules to fold and store it with: the caller's, with what the file fixes for this
    evening (a re-scored Bockzettel sheet's Bock mode, its manual Bock)."""
    seats: tuple[str, ...]
    """The first table, clockwise."""
    first_dealer: str | None
    """Who dealt the first game, None when the source does not say (the first seat deals)."""
    entries: tuple[dict[str, Any], ...]
    """Games and table changes in order."""
    source_totals: Mapping[str, int]
    """What the source app showed as this evening's totals, per player of the evening."""
    entry_places: tuple[str, ...] = ()
    """Where each entry came from in the file (``Runde 3, Spiel 2``, ``Zeile 12``), one per
    entry, so that a problem is named by the file's own place."""
    notes: tuple[str, ...] = ()
    """What the preview should say about this evening (German): what was detected, mapped,
    left out or chosen."""
    planned_games: int | None = None
    """The evening's plan, where the file has one (a Doko-Zettel backup; other apps: none)."""
    bock_queue_start: tuple[int, ...] = ()
    """The Bock queue the evening started from (RULES.md §10.2 carry; a Doko-Zettel backup)."""

    @property
    def games(self) -> int:
        """The number of games (table changes not counted)."""
        return sum(1 for e in self.entries if "table" not in e)

    def setup(self) -> EveningSetup:
        """The core's evening setup."""
        return EveningSetup(rules=self.rules, seats=self.seats,
                            first_dealer=self.first_dealer or self.seats[0],
                            planned_games=self.planned_games,
                            bock_queue_start=self.bock_queue_start)

    def fold(self) -> Ledger:
        """The evening folded by the core: its games' points, totals, dealer, Bock. Folded
        once per evening object: the check, the preview and the import ask it in turn."""
        ledger = _FOLDED.get(id(self))
        if ledger is None:
            ledger = _FOLDED[id(self)] = fold(self.setup(), self.entries)
            weakref.finalize(self, _FOLDED.pop, id(self), None)
        return ledger


_FOLDED: dict[int, Ledger] = {}
"""Each living PlannedEvening's ledger, by its id; an entry goes with its evening."""


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """Everything a file holds, as the preview shows it and the import stores it."""

    source: SourceFormat
    """What kind of file it is."""
    file_name: str
    """The name the file came with."""
    content_hash: str
    """SHA-256 of the file's bytes (hex): the same file imported twice is recognised by it."""
    mode: ImportMode
    """How the games were taken over."""
    evenings: tuple[PlannedEvening, ...]
    """The evenings, in the file's order."""
    players: tuple[str, ...]
    """Every player the file names, in order of first appearance (the names to map)."""
    seasons: tuple[Season, ...] = ()
    """Seasons the file defines (a Bockzettel group of type season), by start date."""
    warnings: tuple[str, ...] = ()
    """What the preview must say about the file as a whole (German)."""
    rescorable: bool = False
    """Whether the file holds facts that can be scored under our rules (ImportMode.RESCORED)."""
    bock_unsaid: bool = False
    """The file does not say which Bock mode its app counted with, and it matters for some
    evening: the preview asks (``source_bock``: a Bockzettel sheet exported on its own)."""

    @property
    def games(self) -> int:
        """Games in all evenings."""
        return sum(e.games for e in self.evenings)

    @property
    def label(self) -> str:
        """The source's name, for "importiert aus Bockzettel"."""
        return self.source.label


def check_plan(plan: ImportPlan) -> list[Ledger]:
    """Fold every evening of ``plan``; a failure is refused naming the evening and the entry.

    The importers build only entries the core accepts, so this is the last guard, not the
    first: a foreign name the core refuses still ends as a German message, not a traceback.
    """
    ledgers = []
    with collector_paused():
        for evening in plan.evenings:
            ledgers.append(_checked(evening))
    return ledgers


def _checked(evening: PlannedEvening) -> Ledger:
    """The evening folded, or refused naming it and the entry."""
    try:
        return evening.fold()
    except InvalidEvening as err:
        place = evening.place
        if err.index is not None and err.index < len(evening.entry_places):
            place = f"{place}, {evening.entry_places[err.index]}"
        raise ImportRefused((place, _without_index(field, message))
                            for field, message in err.problems) from None
    except InvalidInput as err:
        raise ImportRefused((evening.place, message) for _, message in err.problems) \
            from None


def rename_players(plan: ImportPlan, mapping: Mapping[str, str]) -> ImportPlan:
    """The plan with the file's names replaced by ``mapping`` (the preview's "Anna B." →
    "Anna"; names not in it stay), everywhere: seats, dealers, table changes, each game's
    points, players and Re party, the source totals. Two players of one evening mapped onto
    one name are refused naming the evening; the result is checked like every plan."""
    def name(n: Any) -> Any:
        return mapping.get(n, n) if isinstance(n, str) else n

    def names(value: Any) -> Any:
        return [name(n) for n in value] if isinstance(value, list) else value

    evenings = []
    for evening in plan.evenings:
        everybody = list(evening.source_totals) or list(evening.seats)
        renamed = [name(n) for n in everybody]
        twice = sorted({n for n in renamed if renamed.count(n) > 1})
        if twice:
            raise ImportRefused([(evening.place, _("zwei Spieler dieses Abends hießen dann "
                                                   "%(names)s") % {"names": ", ".join(twice)})],
                                plan.file_name)
        entries = []
        for entry in evening.entries:
            new = dict(entry)
            for key in ("players", "re", "table"):
                if key in new:
                    new[key] = names(new[key])
            for key in ("points", "eyes"):
                if isinstance(new.get(key), dict):
                    new[key] = {name(k): v for k, v in new[key].items()}
            if "dealer" in new:
                new["dealer"] = name(new["dealer"])
            entries.append(new)
        evenings.append(dataclasses.replace(
            evening, seats=tuple(name(n) for n in evening.seats),
            first_dealer=name(evening.first_dealer), entries=tuple(entries),
            source_totals={name(k): v for k, v in evening.source_totals.items()}))
    players = tuple(dict.fromkeys(name(n) for n in plan.players))
    out = dataclasses.replace(plan, evenings=tuple(evenings), players=players)
    try:
        check_plan(out)
    except ImportRefused as err:
        err.file_name = plan.file_name
        raise
    return out


def game_signature(date: dt.date | None, ledger: Ledger) -> tuple[Any, ...]:
    """What makes an evening "the same" for the import (issue 28: same date, same games):
    its date and every game's points per player, in order. The web phase compares a planned
    evening's with those of the Runde's stored evenings, folded the same way."""
    return (date, tuple(tuple(sorted((p, v) for p, v in g.points.items() if v or p in g.players))
                        for g in ledger.games))


def _without_index(field: str, message: str) -> str:
    """The core's message with its field, less the entry index the place already names:
    ``games[3].points`` + "fehlt für Anna" → "points: fehlt für Anna"."""
    rest = field.split(".", 1)[1] if field.startswith("games[") and "." in field else ""
    return f"{rest}: {message}" if rest else message


__all__ = [
    "MAX_FILE_BYTES",
    "MAX_GAMES",
    "MAX_PROBLEMS",
    "Content",
    "FileFormat",
    "ImportMode",
    "ImportPlan",
    "ImportRefused",
    "PlannedEvening",
    "Reader",
    "SourceFormat",
    "check_plan",
    "game_signature",
    "refuse",
    "rename_players",
]
