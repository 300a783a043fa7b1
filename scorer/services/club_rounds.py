"""A tournament's rounds: drawn from a seed (scorer.core.club.draw), two players swapped
before the start, started (every table gets its evening), ended (every table's evening
closed: the games so far count), and a table opened again after its round to correct it.

Each table of a round is a Runde of its own (``Group.tournament_table``), made at the draw so
that its link — the QR code on the Tischzettel — stands before the round starts. At the start
that Runde gets the table's players and one evening under the tournament's rules, so the
table enters its games exactly as any table does. A round starts only when the one before it
has ended, or is complete at every table (then starting ends it).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from scorer.core.club import InvalidClub, again, draw, met_pairs, planned_for, swap
from scorer.core.rules import PRESETS, differences, rules_from_spec
from scorer.services.changes import touch as touch_evening
from scorer.services.evenings import new_evening
from scorer.services.folds import fold_of
from scorer.services.refusals import Refused
from scorer.services.tournaments import lock_tournament, present, touch
from scorer.store.extensions import db
from scorer.store.models import (
    Evening,
    Group,
    Player,
    Tournament,
    TournamentPlayer,
    TournamentRound,
    TournamentTable,
    utcnow,
)
from scorer.words import club_refusals as refusals
from scorer.words.club import table_runde_name
from scorer.words.i18n import language

SEED_LIMIT = 1_000_000
"""Seeds drawn at random are below this: six digits are read out and typed again easily."""
MAX_SEED = 2**31 - 1
"""A typed seed fits the database's integer."""


def current_round(tournament: Tournament) -> TournamentRound | None:
    """The last round drawn (started or not), if any."""
    return tournament.rounds[-1] if tournament.rounds else None


def drawable(tournament: Tournament) -> int | None:
    """The number of the round a draw makes now (a new draw of a round not started yet, or
    the next round once the last one started), or None when every round has started."""
    last = current_round(tournament)
    if last is None:
        return 1
    if last.started_at is None:
        return last.number
    return last.number + 1 if last.number < tournament.round_count else None


def _names(tournament: Tournament) -> dict[int, str]:
    return {p.id: p.name for p in tournament.players}


def earlier_tables(tournament: Tournament, before: int) -> list[list[list[str]]]:
    """The seating of every round before ``before``, by name."""
    names = _names(tournament)
    return [[[names[i] for i in table] for table in r.seating]
            for r in tournament.rounds if r.number < before]


def draw_round(tournament: Tournament, seed: int | None = None) -> TournamentRound:
    """Draw the next round (or draw again a round not started yet) from ``seed`` (random
    when None): the present players at tables of 4 to 6, as few pairs of earlier table-mates
    together again as the draw finds, then as few of their meetings (scorer.core.club.again). Each table gets its Runde now, kept through later draws."""
    lock_tournament(tournament)
    number = drawable(tournament)
    if number is None:
        raise Refused([("", refusals.all_rounds_begun())])
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise Refused([("seed", refusals.seed_range(MAX_SEED))])
    players = present(tournament, number)
    by_name = {p.name: p for p in players}
    seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
    try:
        drawn = draw(list(by_name), seed, met_pairs(earlier_tables(tournament, number)))
    except InvalidClub as err:
        raise Refused([("", refusals.round_problem(number, m))
                       for _field, m in err.problems]) from None
    seating = [[by_name[name].id for name in table] for table in drawn.tables]
    existing = current_round(tournament)
    if existing is not None and existing.number == number:
        round_ = existing
    else:
        round_ = TournamentRound(tournament=tournament, number=number, seed=seed, seating=[])
        db.session.add(round_)
    round_.seed, round_.seating, round_.repeats = seed, seating, drawn.repeats
    _fit_tables(tournament, round_, len(seating))
    touch(tournament)
    db.session.commit()
    return round_


def _fit_tables(tournament: Tournament, round_: TournamentRound, count: int) -> None:
    """Give the round ``count`` tables: the ones it has keep their Runden (and the links
    printed already), more get new ones, the ones beyond go with theirs (nothing played)."""
    while len(round_.tables) > count:
        gone = round_.tables.pop()
        db.session.delete(gone)
        db.session.flush()
        db.session.delete(gone.group)
    for number in range(len(round_.tables) + 1, count + 1):
        round_.tables.append(TournamentTable(
            tournament_id=tournament.id, number=number, group=_table_runde(tournament,
                                                                         round_.number, number)))


def table_name(tournament: Tournament, round_number: int, table: int) -> str:
    """A table's Runde as the start page and the topbar name it."""
    return table_runde_name(tournament.name, round_number, table)


def _table_runde(tournament: Tournament, round_number: int, table: int) -> Group:
    preset = tournament.preset
    rules = rules_from_spec(tournament.rules)
    group = Group(name=table_name(tournament, round_number, table), preset=preset,
                  overrides=differences(rules, PRESETS[preset]), tournament_table=True,
                  language=language(),  # as its name: the organiser's
                  edit_token=secrets.token_urlsafe(24), read_token=secrets.token_urlsafe(24))
    db.session.add(group)
    return group


def _not_started(round_: TournamentRound) -> None:
    if round_.started_at is not None:
        raise Refused([("", refusals.round_begun(round_.number))])


def swap_players(round_: TournamentRound, one: int, other: int) -> None:
    """Exchange two players' seats before the round starts."""
    tournament = round_.tournament
    lock_tournament(tournament)
    _not_started(round_)
    names = _names(tournament)
    ids = {name: i for i, name in names.items()}
    try:
        tables = swap([[names[i] for i in t] for t in round_.seating],
                      names.get(one, ""), names.get(other, ""))
    except InvalidClub as err:
        raise Refused(refusals.core_problems(err.problems)) from None
    round_.seating = [[ids[name] for name in table] for table in tables]
    met = met_pairs(earlier_tables(tournament, round_.number))
    round_.repeats = again(tables, met)[0]
    touch(tournament)
    db.session.commit()


def stale_draw(round_: TournamentRound) -> list[str]:
    """Why a drawn round cannot start as drawn: who came or went since the draw."""
    tournament = round_.tournament
    drawn = {i for table in round_.seating for i in table}
    now = {p.id for p in present(tournament, round_.number)}
    names = _names(tournament)
    out = []
    came = sorted(names[i] for i in now - drawn)
    gone = sorted(names.get(i, "?") for i in drawn - now)
    if came:
        out.append(refusals.not_drawn(came))
    if gone:
        out.append(refusals.drawn_but_gone(gone))
    return out


def round_complete(round_: TournamentRound) -> bool:
    """Whether every table of a started round has played its plan (RULES.md §10.2)."""
    return round_.started_at is not None and all(
        t.evening is not None and fold_of(t.evening).ledger.complete for t in round_.tables)


def start_round(round_: TournamentRound) -> None:
    """Start a drawn round: every table's Runde gets its players and an evening under the
    tournament's rules, seat 1 dealing first, the planned games of its size. Only once the
    round before has ended or is complete at every table (which then ends it)."""
    tournament = round_.tournament
    lock_tournament(tournament)
    _not_started(round_)
    before = next((r for r in tournament.rounds if r.number == round_.number - 1), None)
    if before is not None and before.ended_at is None:
        if not round_complete(before):
            raise Refused([("", refusals.round_still_running(before.number))])
        _close_tables(before)
    elif before is not None:
        _close_finishing(before)  # a table that had no game left to finish
    stale = stale_draw(round_)
    if stale:
        raise Refused([("", refusals.draw_changed(stale))])
    names = _names(tournament)
    rules = rules_from_spec(tournament.rules)
    try:
        for table, seated in zip(round_.tables, round_.seating):
            group = table.group
            players = [Player(group=group, name=names[i]) for i in seated]
            db.session.add_all(players)
            db.session.flush()
            table.evening = new_evening(
                group, played_on=tournament.played_on, seat_ids=[p.id for p in players],
                first_dealer_id=players[0].id, preset=tournament.preset, rules=rules,
                planned_games=planned_for(len(seated), tournament.planned_games),
                cents_per_point=0)
    except Refused as err:
        db.session.rollback()
        raise Refused(err.problems) from None
    except InvalidClub as err:
        db.session.rollback()
        raise Refused(refusals.core_problems(err.problems)) from None
    round_.started_at = utcnow()
    touch(tournament)
    db.session.commit()


def end_round(round_: TournamentRound, finish_started: bool = False) -> None:
    """End a started round: every table's evening is closed; the games played so far count
    (a table that ran out of time). With ``finish_started`` (DDV practice: a game started
    is finished) a table that has not played its plan may still enter one game, the one it
    started, and closes after it (``Evening.close_after``); the next round's start, or
    ``close_finishing``, closes a table that has none. Corrections go through
    ``reopen_table``."""
    tournament = round_.tournament
    lock_tournament(tournament)
    if round_.started_at is None:
        raise Refused([("", refusals.round_not_begun(round_.number))])
    if round_.ended_at is not None:
        raise Refused([("", refusals.round_ended_already(round_.number))])
    _close_tables(round_, finish_started)
    touch(tournament)
    db.session.commit()


def close_finishing(round_: TournamentRound) -> None:
    """Close the tables of an ended round that may still finish their started game."""
    tournament = round_.tournament
    lock_tournament(tournament)
    _close_finishing(round_)
    touch(tournament)
    db.session.commit()


def _close_finishing(round_: TournamentRound) -> None:
    now = utcnow()
    for evening in _evenings(round_.tables):
        if evening.close_after is not None:
            evening.close_after = None
            if evening.closed_at is None:
                evening.closed_at = now
            evening.revision += 1
            touch_evening(evening)


def resume_round(round_: TournamentRound) -> None:
    """Take back "Runde beenden" (one tap too early): the tables it closed are open again
    and the round goes on. Only while the next round has not started; a table that closed
    its evening itself stays closed."""
    tournament = round_.tournament
    lock_tournament(tournament)
    if round_.ended_at is None:
        raise Refused([("", refusals.round_not_ended(round_.number))])
    after = [r for r in tournament.rounds if r.number > round_.number]
    if any(r.started_at is not None for r in after):
        raise Refused([("", refusals.cannot_resume(round_.number))])
    for evening in _evenings(round_.tables):
        if evening.closed_at == round_.ended_at or evening.close_after is not None:
            evening.closed_at = None
            evening.close_after = None
            evening.revision += 1
            touch_evening(evening)
    round_.ended_at = None
    touch(tournament)
    db.session.commit()


def _close_tables(round_: TournamentRound, finish_started: bool = False) -> None:
    now = utcnow()
    for evening in _evenings(round_.tables):
        if evening.closed_at is None:
            if finish_started and not fold_of(evening).ledger.complete:
                evening.close_after = len(fold_of(evening).ledger.games) + 1
            else:
                evening.closed_at = now
            evening.revision += 1
            touch_evening(evening)
    round_.ended_at = now


def _evenings(tables: Sequence[TournamentTable]) -> list[Evening]:
    return [t.evening for t in tables if t.evening is not None]


def reopen_table(table: TournamentTable) -> Evening:
    """Open a table's evening again after its round, to correct it: only the organiser may
    (the table's own link may not once the round is over). Closing it again is the sheet's
    "Abend abschließen"."""
    tournament = table.round.tournament
    lock_tournament(tournament)
    evening = table.evening
    if evening is None:
        raise Refused([("", refusals.table_not_played())])
    if evening.closed_at is not None or evening.close_after is not None:
        evening.closed_at = None
        evening.close_after = None
        evening.revision += 1
        touch_evening(evening)
        db.session.commit()
    return evening


def seated(round_: TournamentRound) -> list[list[TournamentPlayer]]:
    """The round's tables, players in seat order."""
    by_id = {p.id: p for p in round_.tournament.players}
    return [[by_id[i] for i in table] for table in round_.seating]
