"""A tournament's own backup (issue 37): a club evening spans many Runden (one per table and
round), so no Runde's backup holds it. The organiser downloads it as one file in the format
of ``flask backup`` holding the tournament and every table's Runde; uploaded again (here or
on another server) it is read as ``flask restore`` reads a backup — the tables' types and
references (:func:`scorer.store.backup.read`), then every Runde, evening and game through the
scoring core and the tournament's settings, registrations, rounds and tables
(:func:`scorer.services.backup_check.problems`) — and shown before anything is written: its
ranking folded by the core from the file's games. "Wiederherstellen" writes it as a new
tournament with new links (the file's links stay with the tournament it came from), in one
transaction, or nothing.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import delete, select
from sqlalchemy.exc import SQLAlchemyError

from scorer.core.club import ClubStanding, club_ranking, table_result
from scorer.core.rules import InvalidInput
from scorer.core.seasons import Method
from scorer.services import backup_check
from scorer.services.facts import core_setup, eyes_player_id, fold_facts
from scorer.store import backup
from scorer.store.backup import BackupError
from scorer.store.extensions import db
from scorer.store.models import Tournament, TournamentUpload, utcnow
from scorer.words import backup as backup_words
from scorer.words import club_more as words

CONTENT = "tournament"
"""The document's ``content``: what a tournament's backup says it holds."""
MAX_BYTES = 20_000_000
"""The largest file read (the importers' limit): ten rounds of fifty tables fit."""
MAX_ROWS = 30_000
"""The most rows a file may hold in all: every evening is folded twice (the check, the
preview's ranking) and every row written within one request. bench/club_backup.py: 60 players
over three rounds (1,080 games, 2,719 rows) check in 0.5 s and restore in 1.2 s; 120 over
four (2,880 games, 7,205 rows) in 4.3 s and 5.6 s on a busy 2-core machine."""
UPLOAD_KEPT = dt.timedelta(hours=2)
"""How long an uploaded file waits for "Wiederherstellen"."""
UPLOADS_WAITING = 20
"""Files waiting at once on the whole server (they need no link): the oldest goes first."""
TOURNAMENT_TABLES = ("tournaments", "tournament_players", "tournament_rounds",
                     "tournament_tables")


# --------------------------------------------------------------------------- download


def backup_tournament(tournament: Tournament) -> dict[str, Any]:
    """The tournament and every table's Runde (players, evening, games, history) as one
    document of ``flask backup``'s format. The Runde the tournament was made in is not in it
    (it is no table: a restored tournament stands on its own)."""
    session = db.session()
    metadata = db.metadata
    tables: dict[str, list[dict[str, Any]]] = {}
    for name in TOURNAMENT_TABLES:
        table = metadata.tables[name]
        key = table.c.id if name == "tournaments" else table.c.tournament_id
        rows = session.execute(select(table).where(key == tournament.id)
                               .order_by(table.c.id)).mappings()
        tables[name] = [{k: backup._encode(v) for k, v in row.items()} for row in rows]
    tables["tournaments"][0]["group_id"] = None
    groups = sorted(row["group_id"] for row in tables["tournament_tables"])
    for group_id in groups:
        for name, rows in backup.dump(session, metadata, group_id=group_id)["tables"].items():
            tables.setdefault(name, []).extend(rows)
    return {"format": backup.FORMAT, "version": backup.VERSION, "content": CONTENT,
            "created": dt.datetime.now(dt.UTC).isoformat(), "tables": tables}


# --------------------------------------------------------------------------- the check


@dataclass(frozen=True)
class Restorable:
    """A tournament's backup that passed every check, as the preview shows it."""

    name: str
    played_on: dt.date
    players: int
    rounds: int
    """Rounds drawn."""
    started: int
    round_count: int
    tables: int
    """Tables over every started round."""
    games: int
    """Live games over every table."""
    standings: tuple[ClubStanding, ...]
    """The ranking as the core folds the file's games."""
    rows: Mapping[str, list[dict[str, Any]]]


def read(data: bytes) -> Restorable:
    """The file checked as ``flask restore`` checks a backup, and as one tournament; or
    BackupError naming every problem (what is wrong, and where)."""
    if len(data) > MAX_BYTES:
        raise BackupError([words.backup_too_large(MAX_BYTES // 1_000_000)])
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise BackupError([backup_words.not_utf8()]) from None
    except RecursionError:
        raise BackupError([backup_words.too_deep()]) from None
    except json.JSONDecodeError as err:
        raise BackupError([backup_words.invalid_json(err.lineno, err.colno)]) from None
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise BackupError([backup_words.number_too_long()]) from None
    if isinstance(document, dict) and isinstance(document.get("tables"), dict):
        counted = sum(len(v) for v in document["tables"].values() if isinstance(v, list))
        if counted > MAX_ROWS:
            raise BackupError([words.backup_too_many_rows(counted, MAX_ROWS)])
    rows = backup.read(document, db.metadata)
    problems = _shape_problems(rows)
    if problems:
        raise BackupError(problems)
    problems = backup_check.problems(rows)
    if problems:
        raise BackupError(problems)
    return _restorable(rows)


def _shape_problems(rows: Mapping[str, list[dict[str, Any]]]) -> list[str]:
    """One tournament and nothing but its tables' Runden: a whole database's backup, a
    Runde's, or a tournament with strangers in it is no tournament's backup."""
    tournaments = rows["tournaments"]
    if len(tournaments) != 1:
        return [words.backup_not_one(len(tournaments))]
    tables = {t["group_id"] for t in rows["tournament_tables"]}
    evenings = {t["evening_id"] for t in rows["tournament_tables"]}
    out = []
    strangers = sorted(g["id"] for g in rows["groups"] if g["id"] not in tables)
    if strangers:
        out.append(words.backup_foreign_runden(len(strangers)))
    loose = sorted(e["id"] for e in rows["evenings"] if e["id"] not in evenings)
    if loose:
        out.append(words.backup_foreign_evenings(len(loose)))
    for table in db.metadata.sorted_tables:
        name = table.name
        if name in TOURNAMENT_TABLES or name in ("groups", "players", "evenings",
                                                 "evening_seats", "games", "game_events"):
            continue
        if rows.get(name):
            out.append(words.backup_foreign_rows(name, len(rows[name])))
    return out


def _restorable(rows: Mapping[str, list[dict[str, Any]]]) -> Restorable:
    """The preview's figures, the ranking folded by the core from the file's games."""
    tournament = rows["tournaments"][0]
    players = {p["id"]: p for p in rows["players"]}
    seats: dict[int, list[dict[str, Any]]] = {}
    for seat in sorted(rows["evening_seats"], key=lambda s: s["position"]):
        seats.setdefault(seat["evening_id"], []).append(seat)
    facts: dict[int, list[Any]] = {}
    for game in sorted(rows["games"], key=lambda g: g["position"]):
        if game["deleted_at"] is None:
            facts.setdefault(game["evening_id"], []).append(game["facts"])
    evenings = {e["id"]: e for e in rows["evenings"]}
    started = sorted((r for r in rows["tournament_rounds"] if r["started_at"] is not None),
                     key=lambda r: r["number"])
    played = []
    games = tables = 0
    for round_ in started:
        results = []
        for table in sorted((t for t in rows["tournament_tables"]
                             if t["round_id"] == round_["id"]), key=lambda t: t["number"]):
            evening = evenings.get(table["evening_id"])
            if evening is None:
                continue
            names = {i: p["name"] for i, p in players.items()
                     if p["group_id"] == evening["group_id"]}
            try:
                ledger = fold_facts(core_setup(
                    evening["rules"], [names[s["player_id"]] for s in seats[evening["id"]]],
                    names[evening["first_dealer_id"]], evening["planned_games"],
                    evening.get("bock_queue_start")), facts.get(evening["id"], []), names)
            except InvalidInput as err:  # the backup check folded it already
                raise BackupError([f"{f}: {m}" for f, m in err.problems]) from None
            results.append(table_result(round_["number"], table["number"], ledger))
            games += len(ledger.games)
            tables += 1
        played.append(results)
    registered = sorted(rows["tournament_players"], key=lambda p: p["number"])
    standings = club_ranking([p["name"] for p in registered], played,
                             by_table_points=tournament["ranking"] == Method.TABLE_POINTS.value,
                             absent_table_points=tournament["absent_table_points"])
    return Restorable(
        name=tournament["name"], played_on=tournament["played_on"], players=len(registered),
        rounds=len(rows["tournament_rounds"]), started=len(started),
        round_count=tournament["round_count"], tables=tables, games=games,
        standings=tuple(standings), rows=rows)


# --------------------------------------------------------------------------- waiting


def keep_upload(data: bytes, file_name: str) -> str:
    """Keep a checked file until "Wiederherstellen" (or UPLOAD_KEPT); its hash."""
    digest = hashlib.sha256(data).hexdigest()
    now = utcnow()
    db.session.execute(delete(TournamentUpload).where(
        (TournamentUpload.created_at < now - UPLOAD_KEPT)
        | (TournamentUpload.content_hash == digest)))
    older = db.session.scalars(
        select(TournamentUpload.id).order_by(TournamentUpload.created_at.desc(),
                                             TournamentUpload.id.desc())
        .offset(UPLOADS_WAITING - 1)).all()
    if older:
        db.session.execute(delete(TournamentUpload).where(TournamentUpload.id.in_(older)))
    db.session.add(TournamentUpload(content_hash=digest, file_name=file_name[:200], data=data,
                                    created_at=now))
    db.session.commit()
    return digest


def kept_upload(content_hash: str) -> bytes | None:
    """The waiting file of this hash, unless it expired."""
    if len(content_hash) != 64 or not all(c in "0123456789abcdef" for c in content_hash):
        return None
    row = db.session.scalar(select(TournamentUpload).where(
        TournamentUpload.content_hash == content_hash))
    if row is None:
        return None
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=dt.UTC)
    if created < utcnow() - UPLOAD_KEPT:
        return None
    return bytes(row.data)


# --------------------------------------------------------------------------- the restore


def restore(content_hash: str) -> Tournament:
    """Write the waiting file as a new tournament (checked again: the checks may have grown
    since the preview), every row with a new id and every link new; one transaction: either
    all of it or nothing. BackupError when the file is gone or refused."""
    data = kept_upload(content_hash)
    if data is None:
        raise BackupError([words.backup_upload_gone()])
    shown = read(data)
    try:
        tournament_id = _write(shown.rows)
        db.session.execute(delete(TournamentUpload).where(
            TournamentUpload.content_hash == content_hash))
        db.session.commit()
    except SQLAlchemyError as err:
        db.session.rollback()
        reason = str(getattr(err, "orig", err)).splitlines()[0]
        raise BackupError([backup_words.database_refuses(reason)]) from None
    except BaseException:
        db.session.rollback()
        raise
    found = db.session.get(Tournament, tournament_id)
    assert found is not None
    return found


FRESH_LINKS = {"groups": ("edit_token", "read_token"),
               "tournaments": ("edit_token", "read_token")}
FRESH_KEYS = {"games": ("entry_key",)}
"""Unique one-time keys of the forms that stored a row: the copy gets keys of its own (the
original's forms are not the copy's)."""


JSON_IDS = {"games": ("facts",), "game_events": ("old_facts", "new_facts"),
            "tournament_rounds": ("seating",)}
"""Columns that name rows by id inside their JSON: a game's players (``players``, ``re``,
``table``, ``dealer``, ``caller``, the keys of ``eyes`` and ``points``: services.facts) and a
round's seating (registrations)."""


def _remap(column: str, value: Any, new_ids: Mapping[str, Mapping[Any, Any]]) -> Any:
    """The JSON ``value`` naming the copy's rows (the check made sure every id is one of the
    file's)."""
    if column == "seating":
        registered = new_ids["tournament_players"]
        return [[registered[i] for i in table] for table in value]
    players = new_ids["players"]
    facts = dict(value)
    for key in ("players", "re", "table"):
        if isinstance(facts.get(key), list):
            facts[key] = [players.get(i, i) if type(i) is int else i for i in facts[key]]
    for key in ("dealer", "caller"):
        if type(facts.get(key)) is int:
            facts[key] = players.get(facts[key], facts[key])
    for key in ("eyes", "points"):
        if isinstance(facts.get(key), dict):
            facts[key] = {(str(players[int(k)]) if eyes_player_id(k) in players else k): v
                          for k, v in facts[key].items()}
    return facts


def _write(rows: Mapping[str, list[dict[str, Any]]]) -> int:
    """Insert every row under a new id, its references following; the new tournament's id."""
    session = db.session()
    new_ids: dict[str, dict[Any, Any]] = {}
    order = list(db.metadata.sorted_tables)
    names = [t.name for t in order]
    # A round's seating names registrations by id (JSON, no foreign key): players first.
    if names.index("tournament_rounds") < names.index("tournament_players"):
        order.insert(names.index("tournament_rounds"),
                     order.pop(names.index("tournament_players")))
    for table in order:
        found = rows.get(table.name) or []
        if not found:
            continue
        mapped = new_ids.setdefault(table.name, {})
        keys = [(k.parent.name, k.column.table.name) for k in table.foreign_keys]
        own_id = [c.name for c in table.primary_key.columns] == ["id"]
        # One INSERT per set of columns (a row may leave out a column that has a default),
        # its new ids returned in the order of the rows sent.
        batches: dict[frozenset[str], list[tuple[Any, dict[str, Any]]]] = {}
        for row in sorted(found, key=lambda r: r["id"]) if own_id else found:
            values = dict(row)
            old = values.pop("id") if own_id else None
            for column, target in keys:
                if values.get(column) is not None:
                    values[column] = new_ids[target][values[column]]
            for column in FRESH_LINKS.get(table.name, ()):
                values[column] = secrets.token_urlsafe(24)
            for column in FRESH_KEYS.get(table.name, ()):
                values[column] = str(uuid.uuid4())
            if table.name == "tournaments":
                values["group_id"] = None
            for column in JSON_IDS.get(table.name, ()):
                if values.get(column) is not None:
                    values[column] = _remap(column, values[column], new_ids)
            batches.setdefault(frozenset(values), []).append((old, values))
        for batch in batches.values():
            sent = [values for _old, values in batch]
            if own_id:
                made = session.execute(sa.insert(table).returning(
                    table.c.id, sort_by_parameter_order=True), sent).scalars().all()
                mapped.update(zip((old for old, _values in batch), made))
            else:
                session.execute(sa.insert(table), sent)
    (tournament_id,) = new_ids["tournaments"].values()
    return int(tournament_id)


__all__ = ["Restorable", "backup_tournament", "keep_upload", "kept_upload", "read", "restore"]
