"""A tournament (club evening, RULES.md §11.3): found by its links, made with its rules and
settings, and its registrations — who plays, with which start number, from which round and
until which.

Registrations are names unique within the tournament (whatever the case): every table's
evening seats players of that name in the table's Runde, and the ranking goes by them. A
registration made after a round started plays from the next round on; one who leaves keeps
the rounds played and misses the rest.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterable, Sequence

from sqlalchemy import or_, select

from scorer.core.club import MAX_PLAYERS, InvalidClub, planned_for
from scorer.core.evening import EveningSetup, InvalidEvening
from scorer.core.names import PLAYER_NAME, InvalidName, NameField, clean_name
from scorer.core.rules import PRESETS, HouseRules
from scorer.core.seasons import Method
from scorer.services.evenings import frozen_rules
from scorer.services.refusals import Refused
from scorer.services.runden import TOKEN_PATTERN
from scorer.store.extensions import db
from scorer.store.models import Group, Player, Tournament, TournamentPlayer, TournamentTable
from scorer.words import club_refusals as refusals
from scorer.words.club import TOURNAMENT_NAME_LABEL

TOURNAMENT_NAME = NameField(TOURNAMENT_NAME_LABEL, 60)
"""60, not a Runde's 80: each table's Runde is named after the tournament, round and table."""
CLUB_METHODS = (Method.TABLE_POINTS, Method.POINTS)
"""The figure of a round (RULES.md §11.3): table points (§11.1), or the raw points; stored
in ``Tournament.ranking`` as the method's value."""
MAX_ROUNDS = 10
MAX_PLANNED = 200
"""The most planned games of a table of four (an evening takes 50,000 entries)."""
ABSENT_RANGE = (-20, 20)
"""What a missed round may give: far beyond the ±3 … ±5 of a table."""


def find_tournament(token: str) -> Tournament | None:
    """The tournament whose organiser or ranking link this is."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    return db.session.scalar(select(Tournament).where(
        or_(Tournament.edit_token == token, Tournament.read_token == token)))


def tournaments_of(group: Group) -> list[Tournament]:
    """The tournaments made in a Runde, newest first."""
    return list(db.session.scalars(select(Tournament).where(Tournament.group_id == group.id)
                                   .order_by(Tournament.played_on.desc(),
                                             Tournament.id.desc())))


def tournament_of_table(group: Group) -> TournamentTable | None:
    """The TournamentTable a table's Runde was made for (None for any other Runde, or one
    restored from a Runde's backup without its tournament)."""
    if not group.tournament_table:
        return None
    return db.session.scalar(select(TournamentTable).where(TournamentTable.group_id == group.id))


def settings_problems(planned_games: int | None, round_count: int | None, ranking: str,
                       absent_table_points: int | None) -> list[tuple[str, str]]:
    problems = []
    if planned_games is None or not 4 <= planned_games <= MAX_PLANNED:
        problems.append(("planned_games", refusals.planned_range(MAX_PLANNED)))
    else:
        try:
            planned_for(4, planned_games)
        except InvalidClub as err:
            problems += refusals.core_problems(err.problems)
    if round_count is None or not 1 <= round_count <= MAX_ROUNDS:
        problems.append(("round_count", refusals.rounds_range(MAX_ROUNDS)))
    if ranking not in CLUB_METHODS:
        problems.append(("ranking", refusals.choose_figure()))
    low, high = ABSENT_RANGE
    if absent_table_points is None or not low <= absent_table_points <= high:
        problems.append(("absent_table_points", refusals.absent_range(low, high)))
    return problems


def _rules_problems(rules: HouseRules, planned_games: int | None) -> list[tuple[str, str]]:
    """What the core says about a table of four under these rules and this plan."""
    try:
        EveningSetup(rules=rules, seats=("1", "2", "3", "4"), first_dealer="1",
                     planned_games=planned_games)
    except InvalidEvening as err:
        return list(err.problems)
    return []


def _tournament_name(raw: str) -> str:
    try:
        return clean_name(raw, TOURNAMENT_NAME)
    except InvalidName as err:
        raise Refused([("name", str(err))]) from None


def create_tournament(*, name: str, played_on: dt.date, preset: str, rules: HouseRules,
                      planned_games: int | None, round_count: int | None, ranking: str,
                      absent_table_points: int | None, group: Group | None = None) -> Tournament:
    """A new tournament with fresh links, its rules frozen as an evening freezes them."""
    name = _tournament_name(name)
    problems = settings_problems(planned_games, round_count, ranking, absent_table_points)
    if preset not in PRESETS:
        problems.append(("preset", refusals.unknown_preset()))
    if not problems:
        problems = _rules_problems(rules, planned_games)
    if problems:
        raise Refused(problems)
    assert planned_games is not None and round_count is not None
    assert absent_table_points is not None
    tournament = Tournament(
        name=name, played_on=played_on, group=group, preset=preset,
        rules=frozen_rules(preset, rules), planned_games=planned_games,
        round_count=round_count, ranking=ranking, absent_table_points=absent_table_points,
        edit_token=secrets.token_urlsafe(24), read_token=secrets.token_urlsafe(24))
    db.session.add(tournament)
    db.session.commit()
    return tournament


def started_rounds(tournament: Tournament) -> int:
    """The number of the last round that started (0 before the first)."""
    return max((r.number for r in tournament.rounds if r.started_at is not None), default=0)


def set_tournament(tournament: Tournament, *, name: str, played_on: dt.date, preset: str,
                   rules: HouseRules, planned_games: int | None, round_count: int | None,
                   ranking: str, absent_table_points: int | None) -> None:
    """Change the settings. The rules and the planned games only until the first round
    starts (the tables' evenings freeze them); never fewer rounds than have started."""
    lock_tournament(tournament)
    name = _tournament_name(name)
    problems = settings_problems(planned_games, round_count, ranking, absent_table_points)
    started = started_rounds(tournament)
    if preset not in PRESETS:
        problems.append(("preset", refusals.unknown_preset()))
    elif not problems:
        problems = _rules_problems(rules, planned_games)
    if started and (frozen_rules(preset, rules) != tournament.rules
                    or planned_games != tournament.planned_games):
        problems.append(("", refusals.rules_fixed()))
    if round_count is not None and round_count < max(started, len(tournament.rounds)):
        problems.append(("round_count",
                         refusals.rounds_drawn(max(started, len(tournament.rounds)))))
    if problems:
        raise Refused(problems)
    assert round_count is not None and absent_table_points is not None
    tournament.name = name
    tournament.played_on = played_on
    tournament.preset = preset
    tournament.rules = frozen_rules(preset, rules)
    tournament.planned_games = planned_games  # type: ignore[assignment]
    tournament.round_count = round_count
    tournament.ranking = ranking
    tournament.absent_table_points = absent_table_points
    touch(tournament)
    db.session.commit()


def lock_tournament(tournament: Tournament) -> None:
    """Serialize changes to one tournament (two organiser tabs drawing at once): PostgreSQL
    locks and reloads its row; SQLite's write transaction holds the lock already."""
    if db.session.get_bind().dialect.name != "sqlite":
        db.session.refresh(tournament, with_for_update=True)


def touch(tournament: Tournament) -> None:
    """Raise the tournament's version: a watching ranking or organiser page fetches again."""
    tournament.version = Tournament.version + 1


# --------------------------------------------------------------------------- registrations


def present(tournament: Tournament, round_number: int) -> list[TournamentPlayer]:
    """Who is drawn for round ``round_number``: registered for it and not gone before it."""
    return [p for p in tournament.players if p.from_round <= round_number
            and (p.left_after is None or p.left_after >= round_number)]


def register(tournament: Tournament, names: Iterable[str], field: str = "names",
             ticked: Iterable[str] = ()) -> list[TournamentPlayer]:
    """Register players by name, each with the next start number; from the next round on if
    a round has started: ``ticked`` (the Runde's players ticked on the form), then ``names``
    (the lines typed, numbered from 1 in the messages). Refused as a whole, naming each
    unusable line and why (registered already, or earlier in the same list), on ``field``."""
    lock_tournament(tournament)
    registered = {p.name.casefold(): p.name for p in tournament.players}
    problems: list[tuple[str, str]] = []
    cleaned: list[str] = []
    # Each name taken so far, casefolded: its line (0: ticked) and its spelling there.
    listed: dict[str, tuple[int, str]] = {}
    lines = [(0, raw) for raw in ticked] + list(enumerate(names, 1))
    for line, raw in lines:
        if not raw.strip():
            continue
        try:
            name = clean_name(raw, PLAYER_NAME)
        except InvalidName as err:
            problems.append((field, refusals.on_line(line, str(err))))
            continue
        key = name.casefold()
        if key in registered:
            problems.append((field, refusals.on_line(
                line, refusals.already_registered(registered[key]))))
            continue
        if key in listed:
            first, spelled = listed[key]
            problems.append((field, refusals.on_line(line, refusals.listed_before(spelled,
                                                                                  first))))
            continue
        listed[key] = (line, name)
        cleaned.append(name)
    if not cleaned and not problems:
        problems.append((field, refusals.no_name()))
    if len(tournament.players) + len(cleaned) > MAX_PLAYERS:
        problems.append((field, refusals.too_many_players(MAX_PLAYERS)))
    if problems:
        raise Refused(problems)
    number = max((p.number for p in tournament.players), default=0)
    start = started_rounds(tournament) + 1
    added = []
    for name in cleaned:
        number += 1
        added.append(TournamentPlayer(tournament=tournament, number=number, name=name,
                                      from_round=start))
    db.session.add_all(added)
    touch(tournament)
    db.session.commit()
    return added


def registration(tournament: Tournament, player_id: int) -> TournamentPlayer | None:
    """A registration of this tournament by id."""
    return next((p for p in tournament.players if p.id == player_id), None)


def rename_registration(player: TournamentPlayer, raw: str) -> None:
    """A new name, also at every table the player sat (their tables' sheets show it)."""
    tournament = player.tournament
    lock_tournament(tournament)
    try:
        name = clean_name(raw, PLAYER_NAME)
    except InvalidName as err:
        raise Refused([("name", str(err))]) from None
    if any(p.name.casefold() == name.casefold() and p is not player for p in tournament.players):
        raise Refused([("name", refusals.already_registered(name))])
    seated_as = [row for row in _table_players(tournament) if row.name == player.name]
    for row in seated_as:
        row.name = name
        row.group.version = Group.version + 1
    player.name = name
    touch(tournament)
    db.session.commit()


def _table_players(tournament: Tournament) -> Sequence[Player]:
    return db.session.scalars(select(Player).join(
        TournamentTable, TournamentTable.group_id == Player.group_id).where(
        TournamentTable.tournament_id == tournament.id)).all()


def drawn_ever(player: TournamentPlayer) -> bool:
    """Whether the player is seated in any round's draw (started or not)."""
    return any(player.id in ids for r in player.tournament.rounds for ids in r.seating)


def leave(player: TournamentPlayer) -> None:
    """The player goes: they keep the rounds played and miss the rest. One who was never
    drawn is simply no longer registered (a draw keeps naming whoever it seated: it must be
    drawn again before its round starts)."""
    tournament = player.tournament
    lock_tournament(tournament)
    if drawn_ever(player):
        player.left_after = started_rounds(tournament)
    else:
        tournament.players.remove(player)
    touch(tournament)
    db.session.commit()


def come_back(player: TournamentPlayer) -> None:
    """A player who left plays again from the next round."""
    tournament = player.tournament
    lock_tournament(tournament)
    player.left_after = None
    player.from_round = max(player.from_round, started_rounds(tournament) + 1)
    touch(tournament)
    db.session.commit()
