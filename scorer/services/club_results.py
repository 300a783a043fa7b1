"""A tournament's results, folded from its tables' evenings on every view (never stored):
every round's tables with their ledgers and progress, and the ranking (scorer.core.club);
kept between requests under the versions they were read at, like a fold. And the one-query
state a watching ranking compares every second.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BindParameter, Select, bindparam, func, or_, select
from sqlalchemy.orm import joinedload

from scorer.core.club import ClubStanding, club_ranking, planned_for, table_result
from scorer.core.evening import Ledger, LedgerGame
from scorer.core.seasons import Method
from scorer.services.folds import fold_key, fold_of, instant
from scorer.services.runden import TOKEN_PATTERN
from scorer.store import fold_cache
from scorer.store.extensions import db
from scorer.store.models import Evening, Group, Tournament, TournamentRound, TournamentTable


@dataclass(frozen=True)
class TableView:
    """One table of one round as the pages show it."""

    round: int
    number: int
    players: tuple[str, ...]
    """The drawn players in seat order (seat 1 deals first)."""
    edit_token: str
    """The table's link: its Runde's edit token."""
    read_token: str
    planned: int
    """The table's planned games (a 5 plays 5/4 of a 4's)."""
    ledger: Ledger | None
    """The table's evening folded; None before its round started."""
    closed: bool
    finishing: bool = False
    """Its round ended, and it may still enter the game it started (then it closes)."""

    @property
    def games(self) -> int:
        """Games on the table's sheet."""
        return 0 if self.ledger is None else len(self.ledger.games)

    @property
    def played(self) -> tuple[LedgerGame, ...]:
        """The games on the table's sheet, in order."""
        return () if self.ledger is None else self.ledger.games

    @property
    def complete(self) -> bool:
        """The plan played, every forced Pflichtsolo too (RULES.md §10.2)."""
        return self.ledger is not None and self.ledger.complete


@dataclass(frozen=True)
class RoundView:
    """One round: drawn, started, ended, and its tables."""

    number: int
    seed: int
    repeats: int
    started: bool
    ended: bool
    tables: tuple[TableView, ...]

    @property
    def finishing(self) -> bool:
        """A table of the ended round may still enter the game it started."""
        return any(t.finishing for t in self.tables)

    @property
    def complete(self) -> bool:
        """Every table has played its plan."""
        return self.started and all(t.complete for t in self.tables)


@dataclass(frozen=True)
class Results:
    """What the ranking, the organiser's page, the PDF and the CSV show."""

    standings: tuple[ClubStanding, ...]
    rounds: tuple[RoundView, ...]
    """Every round drawn, in order."""
    numbers: dict[str, int]
    """Each registered player's start number, by name."""
    by_table_points: bool
    absent: int = 0
    """What a missed round gives in the figure: ``absent_table_points``, or 0 when the
    ranking is by points (RULES.md §11.3)."""

    @property
    def started(self) -> tuple[RoundView, ...]:
        """The rounds that started: the ones the ranking counts."""
        return tuple(r for r in self.rounds if r.started)

    @property
    def running(self) -> RoundView | None:
        """The round being played (started, not ended), if any."""
        return next((r for r in self.rounds if r.started and not r.ended), None)


def results(tournament: Tournament) -> Results:
    """The tournament's rounds and ranking as its tables' evenings stand now; kept between
    requests for as long as the tournament and every one of those evenings stay as they are
    (scorer.store.fold_cache)."""
    tables = list(db.session.scalars(
        select(TournamentTable).where(TournamentTable.tournament_id == tournament.id)
        .options(joinedload(TournamentTable.group), joinedload(TournamentTable.evening))))
    session = db.session()
    usable = fold_cache.committed_only(session)
    key = (tournament.version, instant(tournament.updated_at),
           tuple((t.id, t.group.read_token, None if t.evening is None else fold_key(t.evening))
                 for t in tables))
    kept = fold_cache.cache()
    if usable and (found := kept.get(("tournament", tournament.id), key)) is not None:
        result: Results = found
        return result
    result = _results(tournament, tables)
    if usable and fold_cache.committed_only(session):
        kept.put(("tournament", tournament.id), key, result, len(tournament.players) + 1)
    return result


def _results(tournament: Tournament, tables: Sequence[TournamentTable]) -> Results:
    names = {p.id: p.name for p in tournament.players}
    by_round: dict[int, list[TournamentTable]] = {}
    for table in tables:
        by_round.setdefault(table.round_id, []).append(table)
    rounds = []
    for round_ in tournament.rounds:
        views = []
        mine = sorted(by_round.get(round_.id, []), key=lambda t: t.number)
        for table, seated in zip(mine, round_.seating):
            evening = table.evening
            views.append(TableView(
                round=round_.number, number=table.number,
                players=tuple(names[i] for i in seated), edit_token=table.group.edit_token,
                read_token=table.group.read_token,
                planned=planned_for(len(seated), tournament.planned_games),
                ledger=None if evening is None else fold_of(evening).ledger,
                closed=evening is not None and evening.closed_at is not None,
                finishing=(evening is not None and evening.closed_at is None
                           and evening.close_after is not None)))
        rounds.append(RoundView(number=round_.number, seed=round_.seed, repeats=round_.repeats,
                                started=round_.started_at is not None,
                                ended=round_.ended_at is not None, tables=tuple(views)))
    by_table_points = tournament.ranking == Method.TABLE_POINTS.value
    played = [[table_result(t.round, t.number, t.ledger) for t in r.tables
               if t.ledger is not None] for r in rounds if r.started]
    standings = club_ranking([p.name for p in tournament.players], played,
                             by_table_points=by_table_points,
                             absent_table_points=tournament.absent_table_points)
    return Results(standings=tuple(standings), rounds=tuple(rounds),
                   numbers={p.name: p.number for p in tournament.players},
                   by_table_points=by_table_points,
                   absent=tournament.absent_table_points if by_table_points else 0)


def find_table(tournament: Tournament, round_number: int, table: int) -> TournamentTable | None:
    """Table ``table`` of round ``round_number``."""
    return db.session.scalar(
        select(TournamentTable).join(TournamentRound)
        .where(TournamentRound.tournament_id == tournament.id,
               TournamentRound.number == round_number, TournamentTable.number == table))


def find_round(tournament: Tournament, number: int) -> TournamentRound | None:
    """Round ``number`` of this tournament."""
    return next((r for r in tournament.rounds if r.number == number), None)


# --------------------------------------------------------------------------- the check


def state(token: str) -> str | None:
    """The ETag of what a tournament's pages show, for its organiser or ranking link, in
    one query and without folding anything; None if there is no such tournament.

    "<a>.<b>": a = the tournament's version plus every table evening's, b = the sum of the
    tables' Runden's versions (renamed players). Every change raises one of the counters it
    sums, and none ever goes down while a round is running (a table's Runde is only deleted by
    a new draw, which raises the tournament's version)."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    row = db.session.execute(_state_query(), {"token": token}).first()
    if row is None:
        return None
    return f"{row[0] + row[1]}.{row[2]}"


@functools.cache
def _state_query() -> Select[Any]:
    """Built once: a projector asks it every second."""
    t, tt = Tournament.__table__, TournamentTable.__table__
    e, g = Evening.__table__, Group.__table__
    token: BindParameter[str] = bindparam("token")
    return (select(t.c.version, func.coalesce(func.sum(e.c.version), 0),
                   func.coalesce(func.sum(g.c.version), 0))
            .select_from(t.outerjoin(tt, tt.c.tournament_id == t.c.id)
                         .outerjoin(e, e.c.id == tt.c.evening_id)
                         .outerjoin(g, g.c.id == tt.c.group_id))
            .where(or_(t.c.edit_token == token, t.c.read_token == token))
            .group_by(t.c.id, t.c.version))


def table_state(token: str) -> str | None:
    """The ETag of what a table's own page shows (its Runde's page: the seats drawn, whether
    its round started or ended, its evening's games), for the table's edit or read-only link,
    in one query; None for a link that is no tournament table's.

    "<tournament>.<runde>.<evening>.<started><ended>": the tournament's version moves with a
    new draw or a swap, the Runde's with its players, the evening's with every game, and the
    two flags with "Runde starten" and "Runde beenden"."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    row = db.session.execute(_table_state_query(), {"token": token}).first()
    if row is None:
        return None
    version, runde, evening, started, ended = row
    return (f"{version}.{runde}.{evening or 0}."
            f"{int(started is not None)}{int(ended is not None)}")


@functools.cache
def _table_state_query() -> Select[Any]:
    """Built once: a waiting table's phone asks it every second."""
    t, tt, r = Tournament.__table__, TournamentTable.__table__, TournamentRound.__table__
    e, g = Evening.__table__, Group.__table__
    token: BindParameter[str] = bindparam("token")
    return (select(t.c.version, g.c.version, e.c.version, r.c.started_at, r.c.ended_at)
            .select_from(g.join(tt, tt.c.group_id == g.c.id)
                         .join(r, r.c.id == tt.c.round_id)
                         .join(t, t.c.id == r.c.tournament_id)
                         .outerjoin(e, e.c.id == tt.c.evening_id))
            .where(or_(g.c.edit_token == token, g.c.read_token == token)))
