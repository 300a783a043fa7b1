"""QtDoppelKopf ``*.qdk`` files (``dataVersion`` "2") and jsdoppelkopf documents (a
``mongoexport`` of its games collection, or the bare ``data`` array): both keep an evening as an
event log, replayed here.

Read from the apps' own sources (QtDoppelKopf ``Backend/deserializer.cpp``, ``gameinfo.cpp``,
``multiplierinfo.cpp``; jsdoppelkopf ``backend/logic/game.js``, ``backend/models/game.js``,
``backend/controllers/games.js``); nothing of their code is used.

* ``playersSet`` — the table: names clockwise, who deals next, and the sit-out scheme (offsets
  from the dealer; with five or more the dealer sits out as well). The first one (the last
  before the first deal) seats the evening; each later one becomes a table change of RULES.md
  §7 with its dealer.
* ``deal`` — one game: each playing player's points *before Bock* and the number of Bock
  events it fires. It becomes a recorded game (RULES.md §10.1) whose points are the diffs
  times the Bock factor the log derives, so the totals are exactly the app's own. QtDoppelKopf
  may store fewer than four changes, all equal; the others share the opposite sum, as the app
  completes them.
* ``mandatorySoloTrigger`` — the next N games (N players at the table) are a Pflichtsolo
  round without Bock of their own; noted on those games.

Bock: each event raises the level of the next N games by one; a game at level 3 (×8) is
skipped and the round reaches one game further. The two apps differ where a Pflichtsolo round
meets Bock: QtDoppelKopf starts a round at the first game after the Pflichtsolo games (and a
round, once started, runs on consecutively), jsdoppelkopf inserts the Pflichtsolo games into
the queue and later events may fall on them. Each log is replayed the way its own app does.

Pure: imports only the standard library and the core.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.core.rules import HouseRules
from scorer.importers.common import (
    check_game_count,
    date_from_millis,
    date_in_text,
    player_name,
    quoted,
    signed,
    whole_number,
)
from scorer.importers.plan import (
    Content,
    FileFormat,
    ImportMode,
    ImportPlan,
    PlannedEvening,
    SourceFormat,
    refuse,
)
from scorer.words.i18n import _, ngettext

EVENT_KINDS = ("playersSet", "deal", "mandatorySoloTrigger")
QDK_VERSION = "2"
MAX_LEVEL = 3
"""The highest Bock level, ×8 (``maximumAllowedBock``; QtDoppelKopf ``GetMultiplier``)."""
MAX_EVENTS = 99
"""Bock events one deal may fire here (QtDoppelKopf's field stops at 9; a larger number in a
file is damage, and it would only stretch the queue)."""


@dataclass(slots=True)
class _Table:
    place: str
    names: tuple[str, ...]
    dealer: str
    scheme: frozenset[int]


@dataclass(slots=True)
class _Deal:
    place: str
    changes: dict[str, int]
    events: int
    length: int = 0
    """Players at the table when its events act (QtDoppelKopf: when a trigger follows)."""
    mandatory: bool = False
    """QtDoppelKopf: a Pflichtsolo round was triggered right after this deal."""
    unbalanced: dict[str, int] | None = None
    """The points as the app saved them, where they do not add up to 0 (stored as 0 each)."""


@dataclass(slots=True)
class _Trigger:
    place: str


@dataclass(slots=True)
class _Replay:
    """The running replay of one log."""

    qt: bool
    seats: tuple[str, ...] = ()
    dealer: int = 0
    playing: frozenset[str] = frozenset()
    scheme: frozenset[int] = frozenset()
    first: _Table | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    deals: list[_Deal] = field(default_factory=list)


# ------------------------------------------------------------------ reading the entries


def _number(raw: Mapping[str, Any], key: str, place: str, *, at_least: int = 0) -> int:
    value = whole_number(raw.get(key))
    if value is None or value < at_least:
        raise refuse(place, _("Feld %(field)s fehlt oder ist keine ganze Zahl ab %(least)s")
                     % {"field": key, "least": at_least})
    return value


def _entry(place: str, number: int) -> str:
    """An entry of the event log as a place: "Dokument 2, Eintrag 7", "Eintrag 7"."""
    if place:
        return _("%(place)s, Eintrag %(number)s") % {"place": place, "number": number}
    return _("Eintrag %(number)s") % {"number": number}


BIG_TABLE = 8
"""The most players the apps seat at one table (QtDoppelKopf: 8, four sitting out each game);
ours seats at most 7 (RULES.md §7): such a table comes as the four of each game (_foursomes)."""


def _players_set(raw: Mapping[str, Any], place: str, qt: bool) -> _Table:
    names_raw = raw.get("playerNames")
    if not isinstance(names_raw, list):
        raise refuse(place, _("Feld %(field)s fehlt oder ist keine Liste") % {"field": "playerNames"})
    if not 4 <= len(names_raw) <= BIG_TABLE:
        raise refuse(place, _("4 bis 8 Spieler am Tisch, nicht %(count)s") % {"count": len(names_raw)})
    names = tuple(player_name(n, _("%(place)s, Spieler %(number)s") % {"place": place, "number": k})
                  for k, n in enumerate(names_raw, 1))
    if len(set(names)) != len(names):
        raise refuse(place, _("jeder Name darf nur einmal am Tisch sitzen"))
    dealer = raw.get("dealerName")
    if not isinstance(dealer, str) or dealer.strip() not in names:
        raise refuse(place, _("der Geber %(name)s sitzt nicht am Tisch") % {"name": quoted(str(dealer))})
    scheme_raw = raw.get("sitOutScheme")
    if not isinstance(scheme_raw, list):
        raise refuse(place, _("Feld %(field)s fehlt oder ist keine Liste") % {"field": "sitOutScheme"})
    scheme = [whole_number(m) for m in scheme_raw]
    expected = max(0, len(names) - 5)
    if (any(m is None or not 0 <= m < len(names) for m in scheme)
            or len(set(scheme)) != len(scheme) or len(scheme) != expected):
        raise refuse(place, _("sitOutScheme braucht %(expected)s verschiedene Plätze (0 bis "
                              "%(last)s) für %(count)s Spieler")
                     % {"expected": expected, "last": len(names) - 1, "count": len(names)})
    previous = raw.get("previousDealerName")
    # QtDoppelKopf writes it always; jsdoppelkopf's server adds it from the second table on
    if (qt or previous is not None) and not isinstance(previous, str):
        raise refuse(place, _("Feld %(field)s fehlt oder ist kein Text")
                     % {"field": "previousDealerName"})
    return _Table(place, names, dealer.strip(), frozenset(m for m in scheme if m is not None))


def _deal(raw: Mapping[str, Any], place: str, qt: bool) -> _Deal:
    events = _number(raw, "numberOfEvents" if qt else "events", place)
    if events > MAX_EVENTS:
        raise refuse(place, _("%(count)s Bock-Ereignisse in einem Spiel gibt es nicht "
                              "(höchstens %(most)s)") % {"count": events, "most": MAX_EVENTS})
    changes_raw = raw.get("changes")
    if not isinstance(changes_raw, list):
        raise refuse(place, _("Feld %(field)s fehlt oder ist keine Liste") % {"field": "changes"})
    if not (1 if qt else 4) <= len(changes_raw) <= 4:
        raise refuse(place, (_("ein Spiel hat 1 bis 4 Einträge in changes, nicht %(count)s") if qt
                             else _("ein Spiel hat 4 Einträge in changes, nicht %(count)s"))
                     % {"count": len(changes_raw)})
    changes: dict[str, int] = {}
    for k, change in enumerate(changes_raw, start=1):
        if not isinstance(change, dict) or not isinstance(change.get("name"), str):
            raise refuse(f"{place}, changes[{k}]", _("jeder Eintrag braucht name und diff"))
        diff = change.get("diff")
        value = diff if type(diff) is int else None if qt else whole_number(diff)
        if value is None:
            raise refuse(f"{place}, changes[{k}]", _("diff fehlt oder ist keine ganze Zahl"))
        name = change["name"].strip()
        if name in changes:
            raise refuse(f"{place}, changes[{k}]", _("%(name)s steht zweimal in einem Spiel")
                         % {"name": quoted(name)})
        changes[name] = value
    if not qt:
        values = set(changes.values())
        if len(values) != 2 and values != {0}:
            raise refuse(place, _("die vier Punkte haben genau zwei verschiedene Werte "
                                  "(oder sind alle 0)"))
    return _Deal(place, changes, events)


def _entries(log: Any, place: str, qt: bool) -> list[_Table | _Deal | _Trigger]:
    if not isinstance(log, list):
        raise refuse(place, _("Feld %(field)s fehlt oder ist keine Liste") % {"field": "data"})
    check_game_count(sum(1 for e in log if isinstance(e, dict) and e.get("kind") == "deal"))
    out: list[_Table | _Deal | _Trigger] = []
    for k, raw in enumerate(log, start=1):
        where = _entry(place, k)
        if not isinstance(raw, dict):
            raise refuse(where, _("ein Eintrag ist ein JSON-Objekt"))
        kind = raw.get("kind")
        if kind == "playersSet":
            out.append(_players_set(raw, where, qt))
        elif kind == "deal":
            deal = _deal(raw, where, qt)
            out.append(deal)
            if qt:
                deal.length = _number(raw, "players", where, at_least=4)  # checked in the replay
        elif kind == "mandatorySoloTrigger":
            out.append(_Trigger(where))
        else:
            raise refuse(where, _("unbekannte Art %(kind)s (playersSet, deal oder "
                                  "mandatorySoloTrigger)") % {"kind": quoted(str(kind))})
    if not out or not isinstance(out[0], _Table):
        raise refuse(place or _entry("", 1), _("das Protokoll beginnt nicht mit den Spielern "
                                               "(playersSet)"))
    return out


# ------------------------------------------------------------------ Bock


def qt_levels(log: Sequence[_Table | _Deal | _Trigger]) -> tuple[list[int], list[bool]]:
    """QtDoppelKopf's Bock level of every deal, and whether it is a Pflichtsolo game.

    A trigger belongs to the deal before it: Pflichtsolo slots are inserted right after that
    deal, and its events start behind them; each event's round begins at the first slot that
    is neither full nor Pflichtsolo and then runs on consecutively.

    Linear in the slots raised (a file of many events must not take minutes): the slots ahead
    are kept by a position that only counts up, Pflichtsolo slots take the positions just
    before the queue's head, and the first slot an event may start at is remembered — the
    slots before it are never raised again, so no event walks them twice.
    """
    level: dict[int, int] = {}
    fixed: set[int] = set()
    levels: list[int] = []
    mandatory: list[bool] = []
    head = 0  # the position of the next deal's slot
    first = 0  # every slot from head up to here is full or Pflichtsolo

    for deal in (e for e in log if isinstance(e, _Deal)):
        levels.append(level.pop(head, 0))
        mandatory.append(head in fixed)
        fixed.discard(head)
        head += 1
        first = max(first, head)
        if deal.mandatory:
            for position in range(head - deal.length, head):
                level.pop(position, None)
                fixed.add(position)
            head -= deal.length
        for _event in range(deal.events):
            while level.get(first, 0) == MAX_LEVEL or first in fixed:
                first += 1
            for position in range(first, first + deal.length):
                level[position] = level.get(position, 0) + 1
    return levels, mandatory


def js_levels(log: Sequence[_Table | _Deal | _Trigger]) -> tuple[list[int], list[bool]]:
    """jsdoppelkopf's Bock level of every deal (``constructBockHelper``), and whether it is a
    Pflichtsolo game: each event raises the next N slots below the cap, reaching one further
    per full slot; a trigger inserts N slots of level 0 before the next game.

    Linear (near enough) in the slots raised: a full slot stays full, so each points on to the
    next that is not (``ahead``, shortened as it is followed), and no event walks a run of
    full slots twice. Pflichtsolo slots take the positions just before the queue's head.
    """
    level: dict[int, int] = {}
    fixed: set[int] = set()
    ahead: dict[int, int] = {}  # a full slot: a position at or before the next open one
    levels: list[int] = []
    mandatory: list[bool] = []
    head = 0  # the position of the next game's slot
    length = 0

    def open_from(position: int) -> int:
        trail = []
        while position in ahead:
            trail.append(position)
            position = ahead[position]
        for passed in trail:
            ahead[passed] = position
        return position

    for entry in log:
        if isinstance(entry, _Table):
            length = len(entry.names)
        elif isinstance(entry, _Trigger):
            for position in range(head - length, head):
                level.pop(position, None)
                ahead.pop(position, None)
                fixed.add(position)
            head -= length
        else:
            levels.append(level.pop(head, 0))
            mandatory.append(head in fixed)
            fixed.discard(head)
            ahead.pop(head, None)
            head += 1
            for _event in range(entry.events):
                position = open_from(head)
                for _seat in range(length):
                    level[position] = level.get(position, 0) + 1
                    if level[position] >= MAX_LEVEL:
                        ahead[position] = position + 1
                    position = open_from(position + 1)
    return levels, mandatory


# ------------------------------------------------------------------ the replay


def _seat(replay: _Replay, table: _Table) -> None:
    replay.seats = table.names
    replay.dealer = table.names.index(table.dealer)
    _who_plays(replay, table.scheme)


def _who_plays(replay: _Replay, scheme: frozenset[int]) -> None:
    n = len(replay.seats)
    out = scheme | ({0} if n > 4 else set())
    replay.playing = frozenset(replay.seats[(replay.dealer + k) % n] for k in range(n)
                               if k not in out)
    replay.scheme = scheme


def _complete(deal: _Deal, playing: frozenset[str]) -> dict[str, int]:
    """QtDoppelKopf's completion of fewer than four changes: all given are equal, and the
    other players share their opposite sum (C++ integer division)."""
    given = deal.changes
    if len(given) == 4:
        return dict(given)
    values = set(given.values())
    if len(values) != 1:
        raise refuse(deal.place, _("mit weniger als vier Einträgen müssen alle gleich sein"))
    value = next(iter(values))
    rest = [p for p in sorted(playing) if p not in given]
    if len(given) + len(rest) != 4:
        raise refuse(deal.place, _("die fehlenden Spieler lassen sich nicht ergänzen"))
    total = -(len(given) * value)
    share = abs(total) // len(rest) * (1 if total >= 0 else -1)
    return {**given, **dict.fromkeys(rest, share)}


def replay(log: Sequence[_Table | _Deal | _Trigger], *, qt: bool, place: str, title: str | None,
           date: Any, rules: HouseRules) -> PlannedEvening:
    """Replay one event log into an evening of recorded games."""
    state = _Replay(qt=qt)
    totals: dict[str, int] = {}
    recent: list[str] = []  # jsdoppelkopf refuses a trigger within N entries of another
    for entry in log:
        if isinstance(entry, _Table):
            if state.deals:
                state.entries.append({"table": list(entry.names), "dealer": entry.dealer})
                state.places.append(entry.place.removeprefix(place + ", "))
            else:
                state.first = entry  # a table set again before any game replaces the first
                totals.clear()
            _seat(state, entry)
            for name in entry.names:
                totals.setdefault(name, 0)
        elif isinstance(entry, _Trigger):
            if qt:
                if not state.deals:
                    raise refuse(entry.place, _("eine Pflichtsolorunde vor dem ersten Spiel"))
                if state.deals[-1].mandatory:
                    raise refuse(entry.place, _("zweimal Pflichtsolorunde hintereinander"))
                state.deals[-1].mandatory = True
                state.deals[-1].length = len(state.seats)
            elif "trigger" in recent[-len(state.seats):]:
                raise refuse(entry.place, _("eine Pflichtsolorunde, während schon eine läuft"))
        else:
            _play(state, entry, place)
        recent.append("trigger" if isinstance(entry, _Trigger) else "other")
    if not state.deals:
        raise refuse(place or _entry("", 1), _("das Protokoll enthält keine Spiele"))
    levels, mandatory = qt_levels(log) if qt else js_levels(log)
    games = iter(zip(state.deals, levels, mandatory))
    for game in state.entries:
        if "table" in game:
            continue
        deal, level, pflicht = next(games)
        if level > MAX_LEVEL:
            raise refuse(deal.place, _("Bock über ×8 gibt es nicht"))
        factor = 2**level
        game["points"] = {name: diff * factor for name, diff in game["points"].items()}
        saved = deal.unbalanced or game["points"]
        for name, value in saved.items():
            totals[name] += value * (factor if deal.unbalanced else 1)
        words = (([_("Pflichtsolorunde")] if pflicht else [])
                 + ([_("Bock ×%(factor)s") % {"factor": factor}] if level else []))
        if deal.unbalanced:
            words.append(_("die App speicherte %(points)s (zusammen %(total)s, nicht 0): hier "
                           "mit 0 Punkten übernommen") % {
                "points": ", ".join(f"{n} {signed(v * factor)}"
                                    for n, v in deal.unbalanced.items()),
                "total": signed(sum(deal.unbalanced.values()) * factor)})
        if words:
            game["note"] = ", ".join(words)
    assert state.first is not None
    notes = []
    if any(len(e["table"]) > 7 for e in state.entries if "table" in e) \
            or len(state.first.names) > 7:
        _foursomes(state)
        notes.append(_("Ein Tisch mit 8 Spielern (vier setzen je Spiel aus) ist hier vor jedem "
                       "Spiel ein Tischwechsel zu den vier, die es spielen: die Punkte sind "
                       "dieselben, der Geber steht beim Nächsten, der mitspielt."))
    seats, first_dealer = state.first.names, state.first.dealer
    played = {name for game in state.entries if "table" not in game for name in game["points"]}
    unplayed = [name for name in totals if name not in played and name not in state.seats]
    if unplayed:
        # Seated, never played, gone before the end: the app lists them nowhere, and kept
        # with 0 they would count in the evening's n (placement, table points).
        seats, first_dealer = _without(seats, first_dealer, unplayed)
        _unseat(state, unplayed)
        for name in unplayed:
            del totals[name]
        notes.append(ngettext("%(names)s saß am Tisch, spielte aber kein Spiel und ging; wird "
                              "nicht übernommen (wie die App es zeigt).",
                              "%(names)s saßen am Tisch, spielten aber kein Spiel und gingen; "
                              "werden nicht übernommen (wie die App es zeigt).", len(unplayed))
                     % {"names": ", ".join(quoted(n) for n in unplayed)})
    if isinstance(log[-1], _Trigger):
        notes.append(_("Am Ende wurde eine Pflichtsolorunde ausgerufen, aber nicht mehr "
                       "gespielt."))
    return PlannedEvening(place=place or _("Spielprotokoll"), title=title, date=date, rules=rules,
                          seats=seats, first_dealer=first_dealer,
                          entries=tuple(state.entries), source_totals=totals,
                          entry_places=tuple(state.places), notes=tuple(notes))


def _foursomes(state: _Replay) -> None:
    """The evening with every table of more than seven seated as the four of each of its
    games: a table change before a game whose four differ from the table before (dealing:
    the first of them clockwise from the app's dealer, who sits out)."""
    assert state.first is not None
    start = state.first
    entries: list[dict[str, Any]] = []
    places: list[str] = []
    real: tuple[tuple[str, ...], str] = (start.names, start.dealer)
    shown: tuple[str, ...] | None = None
    first: _Table | None = None
    for entry, where in zip(state.entries, state.places):
        if "table" in entry:
            real = (tuple(entry["table"]), entry["dealer"])
            if len(real[0]) <= 7:
                entries.append(entry)
                places.append(where)
                shown = real[0]
            continue
        if len(real[0]) > 7:
            names, dealer = real
            four = tuple(n for n in names if n in entry["points"])
            if four != shown:
                at = names.index(dealer)
                deals = next(names[(at + k) % len(names)] for k in range(1, len(names))
                             if names[(at + k) % len(names)] in four)
                if first is None and not entries:
                    first = _Table(start.place, four, deals, frozenset())
                else:
                    entries.append({"table": list(four), "dealer": deals})
                    places.append(where)
                shown = four
            entry = {k: v for k, v in entry.items() if k != "players"}
            real = (names, names[(names.index(dealer) + 1) % len(names)])
        elif first is None and not entries:
            first = start
        entries.append(entry)
        places.append(where)
    state.first = first or start
    state.entries, state.places = entries, places


def _without(names: Sequence[str], dealer: str,
             gone: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """A table without ``gone``, and its dealer: the next one clockwise who stays."""
    kept = tuple(n for n in names if n not in gone)
    start = names.index(dealer)
    after = next((names[(start + k) % len(names)] for k in range(len(names))
                  if names[(start + k) % len(names)] not in gone), dealer)
    return kept, after


def _unseat(state: _Replay, gone: Sequence[str]) -> None:
    """Every table change without ``gone``; one left with fewer than four, which had no
    game (everybody plays at four), goes."""
    entries, places = [], []
    for entry, where in zip(state.entries, state.places):
        if "table" in entry:
            table, dealer = _without(entry["table"], entry["dealer"], gone)
            if len(table) < 4:
                continue
            entry = {**entry, "table": list(table), "dealer": dealer}
        entries.append(entry)
        places.append(where)
    state.entries, state.places = entries, places


def _play(state: _Replay, deal: _Deal, place: str) -> None:
    if state.qt and deal.length != len(state.seats):
        raise refuse(deal.place, _("players ist %(players)s, am Tisch sitzen aber %(seated)s")
                     % {"players": deal.length, "seated": len(state.seats)})
    deal.length = len(state.seats)
    strangers = [name for name in deal.changes if name not in state.playing]
    if strangers:
        raise refuse(deal.place, _("%(name)s spielt in diesem Spiel nicht mit")
                     % {"name": quoted(strangers[0])})
    points = _complete(deal, state.playing)
    if sum(points.values()):
        # The app saved a deal that does not add up (a typo it let through) and counts it
        # so; a game of ours adds up (RULES.md §10.1): 0 points each, and the note and the
        # file's totals beside ours say what the app counted.
        deal.unbalanced = points
        points = dict.fromkeys(points, 0)
    entry: dict[str, Any] = {"kind": "recorded", "points": points}
    if len(state.seats) > 4:
        entry["players"] = sorted(points, key=state.seats.index)
    state.entries.append(entry)
    state.places.append(deal.place.removeprefix(place + ", "))
    state.deals.append(deal)
    state.dealer = (state.dealer + 1) % len(state.seats)
    _who_plays(state, state.scheme)


# ------------------------------------------------------------------ the files


def read_qdk(document: Any, *, file_name: str, content_hash: str, mode: ImportMode,
             rules: HouseRules,
        source_bock: str | None = None) -> ImportPlan:
    """The plan of a parsed QtDoppelKopf file: one evening; its date from the file name."""
    if not isinstance(document, dict) or document.get("dataVersion") != QDK_VERSION:
        version = document.get("dataVersion") if isinstance(document, dict) else None
        raise refuse("dataVersion", _("QtDoppelKopf-Version %(version)s wird nicht gelesen (nur "
                                      "%(known)s)") % {"version": quoted(str(version)),
                                                       "known": QDK_VERSION})
    log = _entries(document.get("data"), "", qt=True)
    stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    date = date_in_text(stem)
    evening = replay(log, qt=True, place="", title=stem or None, date=date, rules=rules)
    warnings = [] if date else [_("Eine QtDoppelKopf-Datei speichert kein Datum, und der "
                                  "Dateiname nennt keins: bitte das Datum des Abends angeben.")]
    return _plan(SourceFormat.QTDOPPELKOPF, [evening], file_name, content_hash, mode, warnings)


def read_jsdoppelkopf(document: Any, *, file_name: str, content_hash: str, mode: ImportMode,
                      rules: HouseRules,
        source_bock: str | None = None) -> ImportPlan:
    """The plan of jsdoppelkopf data: documents (one per line, an array, or one) each one
    evening dated by ``creationDate``; or a bare ``data`` array, one evening without date."""
    warnings: list[str] = []
    if _is_event_log(document):
        log = _entries(document, "", qt=False)
        evenings = [replay(log, qt=False, place="", title=None, date=None, rules=rules)]
        warnings.append(_("Das Spielprotokoll allein nennt kein Datum: bitte das Datum des "
                          "Abends angeben."))
        return _plan(SourceFormat.JSDOPPELKOPF, evenings, file_name, content_hash, mode,
                     warnings)
    documents = _plain(document if isinstance(document, list) else [document])
    check_game_count(sum(sum(1 for e in d.get("data", ()) if isinstance(e, dict)
                             and e.get("kind") == "deal")
                         for d in documents if isinstance(d, dict)
                         and isinstance(d.get("data"), list)))
    evenings = []
    for k, doc in enumerate(documents, start=1):
        place = _("Dokument %(number)s") % {"number": k} if len(documents) > 1 \
            else _("Dokument")
        if not isinstance(doc, dict):
            raise refuse(place, _("kein JSON-Objekt"))
        version = whole_number(_extended(doc.get("dataVersion")))
        if version != 1:
            raise refuse(f"{place}, dataVersion", _("Version %(version)s wird nicht gelesen (nur "
                                                    "1)") % {"version": quoted(str(version))})
        reader = doc.get("readerId")
        created = whole_number(_extended(doc.get("creationDate")))
        if created is None or created < 0:
            raise refuse(f"{place}, creationDate", _("fehlt oder ist kein Zeitstempel"))
        try:
            date = date_from_millis(created)
        except (OverflowError, ValueError, OSError):
            raise refuse(f"{place}, creationDate", _("ist kein gültiger Zeitpunkt")) from None
        log = _entries(doc.get("data"), place, qt=False)
        title = f"jsdoppelkopf {reader}" if isinstance(reader, str) and reader else None
        evenings.append(replay(log, qt=False, place=place, title=title, date=date, rules=rules))
    return _plan(SourceFormat.JSDOPPELKOPF, evenings, file_name, content_hash, mode, warnings)


def _plain(documents: list[Any]) -> list[Any]:
    """mongoexport's canonical JSON (``--jsonFormat=canonical``) as the relaxed one: every
    ``{"$numberInt": "3"}`` (also ``$numberLong``, ``$numberDouble``), wherever it stands,
    becomes its number. Walked without recursion: an upload's nesting is the upload's."""
    stack: list[Any] = [documents]
    while stack:
        container = stack.pop()
        keys = range(len(container)) if isinstance(container, list) else list(container)
        for key in keys:
            value = container[key]
            number = _extended(value)
            if number is not value:
                container[key] = number
            elif isinstance(value, (list, dict)):
                stack.append(value)
    return documents


def _extended(value: Any) -> Any:
    """A number as mongoexport writes it: plain, or canonical ``{"$numberLong": "…"}``."""
    if isinstance(value, dict) and len(value) == 1:
        (tag, text), = value.items()
        if tag in ("$numberInt", "$numberLong", "$numberDouble") and isinstance(text, str):
            try:
                return float(text) if tag == "$numberDouble" else int(text)
            except ValueError:
                return None
    return value


def _plan(source: SourceFormat, evenings: list[PlannedEvening], file_name: str,
          content_hash: str, mode: ImportMode, warnings: list[str]) -> ImportPlan:
    players: list[str] = []
    for evening in evenings:
        for name in evening.source_totals:
            if name not in players:
                players.append(name)
    return ImportPlan(source=source, file_name=file_name, content_hash=content_hash, mode=mode,
                      evenings=tuple(evenings), players=tuple(players),
                      warnings=tuple(warnings))


def _is_qdk(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("dataVersion"), str)


_JS_FIELDS = ("readerId", "writerId", "dataVersion", "creationDate")


def _is_jsdoppelkopf(value: Any) -> bool:
    if isinstance(value, dict):
        return isinstance(value.get("data"), list) and any(k in value for k in _JS_FIELDS)
    return bool(value) and _is_event_log(value)


def _is_event_log(value: Any) -> bool:
    """The bare ``data`` array: a list of events only."""
    return isinstance(value, list) and all(
        isinstance(e, dict) and isinstance(e.get("kind"), str) and e["kind"] in EVENT_KINDS
        for e in value)


QDK_FORMAT = FileFormat(SourceFormat.QTDOPPELKOPF, Content.JSON, _is_qdk, read_qdk)
"""A JSON object with a ``dataVersion`` text (jsdoppelkopf's is a number): any version, so
that another one is refused by name."""
JSDOPPELKOPF_FORMAT = FileFormat(SourceFormat.JSDOPPELKOPF, Content.JSON, _is_jsdoppelkopf,
                                 read_jsdoppelkopf, several=True)
"""A document of its games collection (its ``data`` and one of its own fields), several as
mongoexport writes them (one a line, or ``--jsonArray``), or a bare event log."""


__all__ = ["EVENT_KINDS", "JSDOPPELKOPF_FORMAT", "QDK_FORMAT", "js_levels", "qt_levels",
           "read_jsdoppelkopf", "read_qdk", "replay"]
