"""Between the ORM rows and the scoring core; the only place that commits.

Stored game facts name players by id, so that renaming a player never breaks an old
evening; the core works with names, so facts are translated on the way in and out. Every
change to the games is checked by folding the whole evening with it before it is stored:
what is in the database always folds.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import g, has_app_context
from sqlalchemy import Select, bindparam, func, or_, select
from sqlalchemy.exc import IntegrityError

from scorer import backup
from scorer.evening import EveningSetup, InvalidEvening, Ledger, LedgerGame, fold
from scorer.extensions import db
from scorer.models import Evening, EveningSeat, Game, GameEvent, Group, Player, utcnow
from scorer.names import PLAYER_NAME, RUNDE_NAME, InvalidName, NameField, clean_name
from scorer.rules import PRESETS, HouseRules, differences, rules_from_spec
from scorer.settlement import Rounding, Settlement, SettlementMode, settle

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


def _name(raw: str, field: NameField) -> str:
    """Every name that is stored goes through here (scorer.names.clean_name)."""
    try:
        return clean_name(raw, field)
    except InvalidName as err:
        raise Refused([("name", str(err))]) from None


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


def _name_taken(group: Group, name: str, but: Player | None = None) -> bool:
    return any(p.name.casefold() == name.casefold() and p is not but for p in group.players)


def add_player(group: Group, name: str) -> Player:
    """A new player of the Runde; names are unique within it."""
    name = _name(name, PLAYER_NAME)
    _lock_group(group)
    if _name_taken(group, name):
        raise Refused([("name", f"{name} gibt es in dieser Runde schon")])
    player = Player(group=group, name=name)
    db.session.add(player)
    db.session.commit()
    return player


def rename_player(player: Player, name: str) -> None:
    """Rename; old evenings show the new name, since facts refer to the id."""
    name = _name(name, PLAYER_NAME)
    _lock_group(player.group)
    if _name_taken(player.group, name, but=player):
        raise Refused([("name", f"{name} gibt es in dieser Runde schon")])
    player.name = name
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
    """How many games the evening's sheet shows (the deleted ones not)."""
    return db.session.scalar(select(func.count()).select_from(Game).where(
        Game.evening_id == evening_id, Game.deleted_at.is_(None))) or 0


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
class Row:
    """One game on the sheet: the stored row and its place in the ledger."""

    game: Game
    entry: LedgerGame


@dataclass(frozen=True)
class Sheet:
    """An evening folded through the core, with what the pages need around it."""

    evening: Evening
    setup: EveningSetup
    ledger: Ledger
    rows: tuple[Row, ...]
    names: dict[int, str]
    """Player id -> name, for the seats of this evening."""

    @property
    def rules(self) -> HouseRules:
        """The evening's frozen rules."""
        return self.setup.rules

    @property
    def ids(self) -> dict[str, int]:
        """Name -> player id."""
        return {n: i for i, n in self.names.items()}

    def standings(self) -> list[tuple[str, int]]:
        """Seats by total, best first (ties in seat order)."""
        totals = self.ledger.totals
        return sorted(((s, totals[s]) for s in self.setup.seats), key=lambda t: -t[1])


def evening_setup(evening: Evening) -> tuple[EveningSetup, dict[int, str]]:
    """The core's setup of an evening, and its id -> name map."""
    names = {seat.player_id: seat.player.name for seat in evening.seats}
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


def live_games(evening: Evening) -> list[Game]:
    """The games that count, in sheet order."""
    return [g for g in evening.games if g.deleted_at is None]


def sheet(evening: Evening) -> Sheet:
    """Fold the evening's stored games: every page's numbers come from here."""
    setup, names = evening_setup(evening)
    games = live_games(evening)
    ledger = fold_facts(setup, [g.facts for g in games], names)
    return Sheet(evening=evening, setup=setup, ledger=ledger,
                 rows=tuple(Row(g, e) for g, e in zip(games, ledger.games)), names=names)


def evening_input(evening: Evening) -> dict[str, Any]:
    """The evening as CLI.md `evening` input (names, not ids), e.g. for the PDF sheet."""
    setup, names = evening_setup(evening)
    return {
        "rules": dict(evening.rules),
        "seats": list(setup.seats),
        "first_dealer": setup.first_dealer,
        **({"planned_games": setup.planned_games} if setup.planned_games is not None else {}),
        "games": [to_core(g.facts, names) for g in live_games(evening)],
    }


def to_core(facts: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """Stored facts (player ids) -> CLI.md game input (player names).

    Only ids are translated; anything else (from a hand-made backup) is left for the core
    to refuse with its own message.
    """
    raw = dict(facts)
    for key in ("players", "re"):
        if isinstance(raw.get(key), list):
            raw[key] = [names.get(i, str(i)) if type(i) is int else i for i in raw[key]]
    if isinstance(raw.get("eyes"), dict):
        raw["eyes"] = {names.get(_player_id(k) or 0, k): v for k, v in raw["eyes"].items()}
    return raw


def _player_id(key: str) -> int | None:
    """A stored Augen key ("17") as a player id."""
    return int(key) if key.isascii() and key.isdigit() and len(key) <= 18 else None


def from_core(raw: Mapping[str, Any], ids: Mapping[str, int]) -> dict[str, Any]:
    """CLI.md game input (names) -> stored facts (player ids)."""
    facts = dict(raw)
    for key in ("players", "re"):
        if key in facts:
            facts[key] = [ids[n] for n in facts[key]]
    if "eyes" in facts:
        facts["eyes"] = {str(ids[n]): v for n, v in facts["eyes"].items()}
    return facts


# --------------------------------------------------------------------------- games


def preview(evening: Evening, facts: Mapping[str, Any],
            replacing: Game | None = None) -> tuple[Ledger, LedgerGame]:
    """Fold the evening with a candidate game (new, or in place of ``replacing``).

    Returns the whole ledger and the candidate's place in it. Raises Refused with the
    candidate's own problems (fields without the ``games[i].`` prefix), or a whole-form
    problem when a later game would stop being valid.
    """
    setup, names = evening_setup(evening)
    games = live_games(evening)
    raws = [to_core(g.facts, names) for g in games]
    index = games.index(replacing) if replacing is not None else len(games)
    raws[index:index + 1] = [to_core(facts, names)]
    ledger = _fold_checked(setup, raws, index)
    return ledger, ledger.games[index]


def _fold_checked(setup: EveningSetup, raws: list[dict[str, Any]],
                  candidate: int | None) -> Ledger:
    try:
        return fold(setup, raws)
    except InvalidEvening as err:
        if err.index is not None and err.index == candidate:
            prefix = f"games[{candidate}]"
            raise Refused((_strip(f, prefix), m) for f, m in err.problems) from None
        where = f"Spiel {err.index + 1}" if err.index is not None else "Der Abend"
        raise Refused([("", f"{where} ginge danach nicht mehr auf: {m}")
                       for _, m in err.problems]) from None


def _strip(field: str, prefix: str) -> str:
    if field == prefix:
        return ""
    return field.removeprefix(prefix + ".")


def _lock(evening: Evening) -> None:
    """Serialize changes to one evening, so two phones never both take game N+1 or both edit
    from the same revision: PostgreSQL locks and reloads the evening row (SELECT … FOR
    UPDATE) and everything read after this sees the other phone's commit; on SQLite the
    writing request's transaction began IMMEDIATE, which already holds the write lock."""
    db.session.refresh(evening, with_for_update=True)
    # One query brings every game of the evening already in the session up to date.
    db.session.scalars(select(Game).where(Game.evening_id == evening.id)
                       .execution_options(populate_existing=True)).all()


def _check_open(evening: Evening) -> None:
    _lock(evening)
    if evening.closed:
        raise Refused([("", CLOSED)])


def find_game(evening: Evening, game_id: int) -> Game | None:
    """A game of this evening (deleted ones included) by id."""
    game = db.session.get(Game, game_id)
    return game if game is not None and game.evening_id == evening.id else None


def game_by_entry_key(key: str) -> Game | None:
    """The game a form with this one-time key already stored, if any."""
    return db.session.scalar(select(Game).where(Game.entry_key == key))


def stored_with(entry_key: str) -> tuple[Game, dict[str, Any]] | None:
    """The game a form with this one-time key stored, and the facts it stored then (an edit
    on the sheet since does not change what that form sent)."""
    game = game_by_entry_key(entry_key)
    if game is None:
        return None
    created = db.session.scalar(select(GameEvent.new_facts).where(
        GameEvent.game_id == game.id, GameEvent.action == CREATE))
    return game, dict(created if created is not None else game.facts)


def number_of(game: Game) -> int:
    """The game's running number on the sheet now (its place among the live games)."""
    games = live_games(game.evening)
    if game in games:
        return games.index(game) + 1
    return sum(1 for g in games if g.position < game.position) + 1


def add_game(evening: Evening, facts: Mapping[str, Any], entry_key: str,
             number: int | None = None) -> GameEvent | None:
    """Store a new game after checking it in place; None if this form was stored already.

    With ``number`` the game is stored only as that game of the sheet (NumberTaken
    otherwise): a phone that entered it offline must not have it land elsewhere silently.
    Facts without ``players`` get the four the rotation names at that place, stored like
    any other game's, so that a later change before it never moves them.
    """
    _check_open(evening)
    if game_by_entry_key(entry_key) is not None:
        return None
    if number is not None:
        _check_number(evening, number)
    _, entry = preview(evening, facts)
    if "players" not in facts:
        ids = {name: i for i, name in evening_setup(evening)[1].items()}
        facts = {**facts, "players": [ids[p] for p in entry.players]}
    position = (db.session.scalar(
        select(func.max(Game.position)).where(Game.evening_id == evening.id)) or 0) + 1
    game = Game(evening=evening, position=position, facts=dict(facts), entry_key=entry_key)
    db.session.add(game)
    db.session.flush()
    event = _record(game, CREATE, None, game.facts)
    try:
        db.session.commit()
    except IntegrityError:
        # The same form arrived twice at once: the other request stored it.
        db.session.rollback()
        if game_by_entry_key(entry_key) is not None:
            return None
        raise
    return event


def _check_number(evening: Evening, number: int) -> None:
    """NumberTaken unless the next game of the sheet is game ``number`` (under the lock)."""
    games = db.session.scalars(select(Game).where(
        Game.evening_id == evening.id, Game.deleted_at.is_(None)).order_by(Game.position)).all()
    if number != len(games) + 1:
        raise NumberTaken(number, len(games) + 1,
                          games[number - 1] if 1 <= number <= len(games) else None)


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
    """Soft-delete a game (it can be restored) if the rest still adds up."""
    _check_open(game.evening)
    _check_revision(game.revision, revision)
    if game.deleted_at is not None:
        raise Refused([("", "dieses Spiel ist schon gelöscht")])
    return _change(game, DELETE, None)


def undo(evening: Evening, event_id: int) -> GameEvent:
    """Take back one change (Rückgängig) if nothing happened to that game since."""
    _check_open(evening)
    event = db.session.get(GameEvent, event_id)
    if event is None or event.evening_id != evening.id:
        raise Refused([("", "diese Änderung gibt es nicht")])
    game = event.game
    _check_revision(game.revision, event.revision)
    if event.action in (CREATE, RESTORE):
        return _change(game, DELETE, None)
    if event.action == DELETE:
        return _change(game, RESTORE, None)
    assert event.old_facts is not None
    preview(evening, event.old_facts, replacing=game)
    return _change(game, EDIT, dict(event.old_facts))


def history(evening: Evening) -> list[GameEvent]:
    """Every change to the evening's games, newest first."""
    return list(db.session.scalars(
        select(GameEvent).where(GameEvent.evening_id == evening.id)
        .order_by(GameEvent.id.desc())))


def restore_version(evening: Evening, event_id: int, revision: int) -> GameEvent:
    """Bring back what an event took away: a deleted game, or the facts before an edit.

    ``revision`` is the game's revision the history page showed; a change since then is
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
            raise Refused([("", "dieses Spiel ist nicht gelöscht")])
        return _change(game, RESTORE, None)
    if event.action != EDIT or event.old_facts is None:
        raise Refused([("", "hier gibt es keine frühere Fassung")])
    if game.deleted_at is not None:
        raise Refused([("", "dieses Spiel ist gelöscht: erst wiederherstellen")])
    preview(evening, event.old_facts, replacing=game)
    return _change(game, EDIT, dict(event.old_facts))


def _change(game: Game, action: str, facts: dict[str, Any] | None) -> GameEvent:
    """Apply an edit, delete or restore, check that the evening still folds, commit."""
    old = dict(game.facts)
    if action == EDIT:
        assert facts is not None
        game.facts = facts
    elif action == DELETE:
        game.deleted_at = utcnow()
    else:
        game.deleted_at = None
    if action in (DELETE, RESTORE):
        # Removing or bringing back a game shifts everything after it (dealer, Bock,
        # Pflichtsolo): the rest of the evening must still add up.
        setup, names = evening_setup(game.evening)
        try:
            _fold_checked(setup, [to_core(g.facts, names) for g in live_games(game.evening)],
                          None)
        except Refused:
            db.session.rollback()
            raise
    game.revision += 1
    event = _record(game, action, None if action == RESTORE else old,
                    None if action == DELETE else dict(game.facts))
    db.session.commit()
    return event


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
            new: dict[str, Any] | None) -> GameEvent:
    _touch(game.evening)
    event = GameEvent(evening_id=game.evening_id, game=game, game_number=number_of(game),
                      action=action, old_facts=old, new_facts=new, revision=game.revision,
                      via=link_fingerprint())
    db.session.add(event)
    return event


__all__ = [
    "history",
    "restore_version",
    "NumberTaken",
    "Refused",
    "Row",
    "Sheet",
    "add_game",
    "add_player",
    "core_setup",
    "create_group",
    "delete_game",
    "edit_game",
    "evening_input",
    "evening_setup",
    "find_evening",
    "find_game",
    "find_group",
    "find_group_by_id",
    "fold_facts",
    "from_core",
    "house_rules",
    "money_problems",
    "preview",
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
    "stored_with",
    "to_core",
    "undo",
]
