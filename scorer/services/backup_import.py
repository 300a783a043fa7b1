"""Our own Runde backup (the JSON the Runde page offers) as an import plan: another server
takes a Runde's evenings through the same preview, names and checks as any other file.

The file is checked as a restore checks it first (:func:`scorer.store.backup.read` against
the tables, :func:`scorer.services.backup_check.problems` through the scoring core), then
its Runde's evenings become planned evenings: their stored rules, seats, first dealer, plan
and carried Bock queue, and their live entries as the core's input (the players by name).
What the core does not need comes along as :class:`BackupFacts`: each evening's money and
whether it was closed, the players who had retired, the Runde's house rules.

What does not come along: the links (the Runde keeps its own), the Runde's name, the
history of every entry (each starts here with its import) and deleted entries.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer.core.rules import InvalidInput, rules_from_spec
from scorer.core.seasons import Season
from scorer.importers import (
    MAX_GAMES,
    ImportMode,
    ImportPlan,
    ImportRefused,
    PlannedEvening,
    SourceFormat,
    check_plan,
)
from scorer.services import backup_check
from scorer.services.facts import is_table_change, to_core
from scorer.store import backup
from scorer.store.extensions import db
from scorer.words import backup as words


@dataclass(frozen=True)
class EveningFacts:
    """What a backup's evening carries besides the core's input."""

    preset: str
    tenth_cents_per_point: int
    """The price of a point in tenths of a cent, as the Evening row keeps it."""
    settlement_mode: str
    settlement_rounding: str
    closed: bool


@dataclass(frozen=True)
class BackupFacts:
    """What a backup carries besides the plan."""

    runde: str
    """The Runde's name in the backup (shown; the Runde imported into keeps its own)."""
    preset: str
    overrides: Mapping[str, Any]
    """The backup Runde's house rules (taken only when the user asks)."""
    retired: frozenset[str]
    """Players who had retired there (a player added by the import retires too)."""
    evenings: tuple[EveningFacts, ...]
    """One per planned evening, in the plan's order."""


def read_backup(data: bytes, file_name: str) -> tuple[ImportPlan, BackupFacts]:
    """The plan of a Runde's backup and what it carries besides, or ImportRefused naming the
    file and every problem."""
    try:
        return _read(data, file_name)
    except ImportRefused as err:
        err.file_name = file_name
        raise


def _read(data: bytes, file_name: str) -> tuple[ImportPlan, BackupFacts]:
    rows = _rows(data)
    groups = rows["groups"]
    if len(groups) != 1:
        raise _refused([words.several_runden(len(groups))])
    problems = backup_check.problems(rows)
    if problems:
        raise _refused(problems)
    group = groups[0]
    live = [g for g in rows["games"] if g["deleted_at"] is None]
    if len(live) > MAX_GAMES:
        raise _refused([words.too_many_games(len(live), MAX_GAMES)])
    players = sorted((p for p in rows["players"] if p["group_id"] == group["id"]),
                     key=lambda p: p["id"])
    names = {p["id"]: p["name"] for p in players}
    seats: dict[int, list[dict[str, Any]]] = {}
    for seat in sorted(rows["evening_seats"], key=lambda s: s["position"]):
        seats.setdefault(seat["evening_id"], []).append(seat)
    entries: dict[int, list[dict[str, Any]]] = {}
    for game in sorted(live, key=lambda g: g["position"]):
        entries.setdefault(game["evening_id"], []).append(game["facts"])
    planned: list[PlannedEvening] = []
    facts: list[EveningFacts] = []
    for evening in sorted(rows["evenings"], key=lambda e: e["number"]):
        stored = evening["rules"]
        raws = [to_core(f, names) for f in entries.get(evening["id"], [])]
        planned.append(PlannedEvening(
            place=f"Abend {evening['number']}", title=None, date=evening["played_on"],
            rules=rules_from_spec(stored),
            seats=tuple(names[s["player_id"]] for s in seats.get(evening["id"], [])),
            first_dealer=names[evening["first_dealer_id"]], entries=tuple(raws),
            source_totals={}, entry_places=tuple(_places(raws)),
            planned_games=evening["planned_games"],
            bock_queue_start=tuple(evening["bock_queue_start"] or ())))
        facts.append(EveningFacts(
            preset=stored.get("preset", group["preset"]),
            tenth_cents_per_point=evening["tenth_cents_per_point"],
            settlement_mode=evening["settlement_mode"],
            settlement_rounding=evening["settlement_rounding"],
            closed=evening["closed_at"] is not None))
    plan = ImportPlan(
        source=SourceFormat.OWN_BACKUP, file_name=file_name,
        content_hash=hashlib.sha256(data).hexdigest(), mode=ImportMode.RECORDED,
        evenings=tuple(planned), players=tuple(names.values()),
        seasons=backup_seasons(rows, group["id"]),
        warnings=(words.what_comes_over(),))
    ledgers = check_plan(plan)  # the backup check folded them already: this cannot refuse
    plan = dataclasses.replace(plan, evenings=tuple(
        dataclasses.replace(e, source_totals=dict(ledger.totals))
        for e, ledger in zip(plan.evenings, ledgers)))
    return plan, BackupFacts(
        runde=group["name"], preset=group["preset"], overrides=dict(group["overrides"]),
        retired=frozenset(p["name"] for p in players if p["retired_at"] is not None),
        evenings=tuple(facts))


def _rows(data: bytes) -> dict[str, list[dict[str, Any]]]:
    """The file's rows checked against the tables, as ``flask restore`` reads them."""
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise _refused([words.not_utf8()]) from None
    except RecursionError:
        raise _refused([words.too_deep()]) from None
    except json.JSONDecodeError as err:
        raise _refused([words.invalid_json(err.lineno, err.colno)]) from None
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise _refused([words.number_too_long()]) from None
    try:
        return backup.read(document, db.metadata)
    except backup.BackupError as err:
        raise _refused(err.problems) from None


def backup_seasons(rows: Mapping[str, list[dict[str, Any]]], group_id: int) -> tuple[Season, ...]:
    """The backup Runde's seasons, where the backup keeps them (a ``seasons`` table with
    ``group_id``, ``name`` and ``start``, as the seasons feature adds it); none before."""
    out = []
    for row in rows.get("seasons", []):
        if row.get("group_id") == group_id and {"name", "start"} <= set(row):
            try:
                out.append(Season(row["name"], row["start"]))
            except (InvalidInput, TypeError, ValueError):
                continue
    return tuple(sorted(out, key=lambda s: s.start))


def _places(raws: list[dict[str, Any]]) -> list[str]:
    out = []
    games = 0
    for raw in raws:
        if is_table_change(raw):
            out.append(words.table_change_place(games))
        else:
            games += 1
            out.append(words.game_place(games))
    return out


def _refused(problems: list[str]) -> ImportRefused:
    return ImportRefused([("", p) for p in problems])


__all__ = ["BackupFacts", "EveningFacts", "backup_seasons", "read_backup"]
