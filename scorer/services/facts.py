"""Stored facts and the core's input. Stored game facts name players by id, so that
renaming a player never breaks an old evening; the core works with names, so facts are
translated on the way in and out, and an evening's stored rules and seats become the core's
setup."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorer.core.evening import EveningSetup, Ledger, fold
from scorer.core.rules import rules_from_spec
from scorer.store.models import Evening


def evening_setup(evening: Evening) -> tuple[EveningSetup, dict[int, str]]:
    """The core's setup of an evening, and its id -> name map (every player of the Runde:
    table changes may seat any of them), read from the database now."""
    names = {player.id: player.name for player in evening.group.players}
    setup = core_setup(evening.rules, [names[seat.player_id] for seat in evening.seats],
                       names[evening.first_dealer_id], evening.planned_games,
                       evening.bock_queue_start)
    return setup, names


def core_setup(rules: Mapping[str, Any], seats: Sequence[str], first_dealer: str,
               planned_games: int | None, bock_queue_start: Any = None) -> EveningSetup:
    """An evening's stored rules, seats (names, in order) and carried Bock queue (NULL: none)
    as the core's setup; raises InvalidRules or InvalidEvening."""
    start = () if bock_queue_start is None else bock_queue_start
    return EveningSetup(rules=rules_from_spec(rules), seats=tuple(seats),
                        first_dealer=first_dealer, planned_games=planned_games,
                        bock_queue_start=tuple(start) if isinstance(start, list) else start)


def fold_facts(setup: EveningSetup, facts: Iterable[Mapping[str, Any]],
               names: Mapping[int, str]) -> Ledger:
    """Fold stored facts (player ids) in sheet order: how every page gets its numbers."""
    return fold(setup, [to_core(f, names) for f in facts])


def is_table_change(facts: Any) -> bool:
    """Whether stored facts are a table change (RULES.md §7: the entry carries `table`)."""
    return isinstance(facts, Mapping) and "table" in facts


def to_core(facts: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """Stored facts (player ids) -> CLI.md game input (player names).

    Only ids are translated; anything else (from a hand-made backup) is left for the core
    to refuse with its own message.
    """
    raw = dict(facts)
    for key in ("players", "re", "table"):
        if isinstance(raw.get(key), list):
            raw[key] = [names.get(i, str(i)) if type(i) is int else i for i in raw[key]]
    for key in ("dealer", "caller"):
        if type(raw.get(key)) is int:
            raw[key] = names.get(raw[key], str(raw[key]))
    for key in ("eyes", "points"):  # per player, keyed by the id as text (JSON keys)
        if isinstance(raw.get(key), dict):
            raw[key] = {names.get(eyes_player_id(k) or 0, k): v for k, v in raw[key].items()}
    return raw


def eyes_player_id(key: Any) -> int | None:
    """A stored per-player key ("17": Augen of a Hammelrennen, points of a recorded game) as
    a player id; None for anything else (a name, from a
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
    for key in ("dealer", "caller"):
        if key in facts:
            facts[key] = ids[facts[key]]
    for key in ("eyes", "points"):
        if key in facts:
            facts[key] = {str(ids[n]): v for n, v in facts[key].items()}
    return facts
