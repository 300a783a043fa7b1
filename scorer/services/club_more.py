"""The club evening's round clock and the club's annual ranking (issue 37).

The round clock: a tournament may say how long a round lasts (``Tournament.round_minutes``);
from a round's start the organiser's page, the projector and the tables' sheets show the time
left, and once it is over "Zeit abgelaufen" (DDV: a round ends after its time, the games
started by then are finished). The clock ends nothing itself: started games may still be
entered until the organiser ends the round.

The Vereinsmeisterschaft: a club's chosen club evenings ranked as a season ranks a Runde's
evenings (RULES.md §11.1), each evening's own ranking (§11.3, ``services.results``) as one
evening (scorer.core.club.series_ranking). Never stored: folded on every view.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

from sqlalchemy import or_, select

from scorer.core.club import (
    MAX_ROUND_MINUTES,
    SERIES_METHODS,
    InvalidClub,
    SeriesStanding,
    check_round_minutes,
    round_ends,
    seconds_left,
    series_ranking,
)
from scorer.core.names import InvalidName, NameField, clean_name
from scorer.services.club_results import results
from scorer.services.refusals import Refused
from scorer.services.runden import TOKEN_PATTERN
from scorer.services.tournaments import find_tournament, lock_tournament, touch
from scorer.store.extensions import db
from scorer.store.models import (
    ClubSeries,
    ClubSeriesEvening,
    Group,
    Tournament,
    TournamentRound,
    utcnow,
)
from scorer.words import club_more as words

# --------------------------------------------------------------------------- the clock


@dataclass(frozen=True)
class Clock:
    """The running round's clock at one moment."""

    round: int
    minutes: int
    ends_at: dt.datetime
    """Aware, UTC."""
    left: int
    """Seconds left; negative once over."""

    @property
    def over(self) -> bool:
        return self.left < 0


def _aware(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def set_round_minutes(tournament: Tournament, minutes: int | None) -> None:
    """How long a round lasts from its start (None: no clock); also for the running round."""
    lock_tournament(tournament)
    try:
        check_round_minutes(minutes)
    except InvalidClub:
        raise Refused([("round_minutes",
                        words.round_minutes_range(MAX_ROUND_MINUTES))]) from None
    tournament.round_minutes = minutes
    touch(tournament)
    db.session.commit()


def round_clock(tournament: Tournament, round_: TournamentRound | None,
                now: dt.datetime | None = None) -> Clock | None:
    """The clock of ``round_`` while it runs (started, not ended) under a round length."""
    minutes = tournament.round_minutes
    if (round_ is None or minutes is None or round_.started_at is None
            or round_.ended_at is not None):
        return None
    started = _aware(round_.started_at)
    return Clock(round_.number, minutes, round_ends(started, minutes),
                 seconds_left(started, minutes, _aware(now or utcnow())))


def clock(tournament: Tournament, now: dt.datetime | None = None) -> Clock | None:
    """The running round's clock, if the tournament has one."""
    running = next((r for r in tournament.rounds
                    if r.started_at is not None and r.ended_at is None), None)
    return round_clock(tournament, running, now)


def table_clock(group: Group) -> Clock | None:
    """The clock of the round a tournament table's Runde plays in (None for any other)."""
    if not group.tournament_table:
        return None
    from scorer.services.tournaments import tournament_of_table

    table = tournament_of_table(group)
    if table is None:
        return None
    return round_clock(table.round.tournament, table.round)


# --------------------------------------------------------------------------- the year

MAX_SERIES_EVENINGS = 60
"""A year of weekly club evenings, and some."""


@dataclass(frozen=True)
class SeriesEveningView:
    tournament: Tournament
    players: int


@dataclass(frozen=True)
class SeriesView:
    """A Vereinsmeisterschaft as its page, PDF and CSV show it."""

    evenings: tuple[SeriesEveningView, ...]
    """The evenings that count, in date order: those with a round started."""
    standings: tuple[SeriesStanding, ...]
    waiting: tuple[Tournament, ...] = ()
    """Chosen evenings not begun yet: they count once a round has started."""


def find_series(token: str) -> ClubSeries | None:
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    return db.session.scalar(select(ClubSeries).where(
        or_(ClubSeries.edit_token == token, ClubSeries.read_token == token)))


def _series_name(raw: str) -> str:
    try:
        return clean_name(raw, NameField(words.series_name_label(), 60))
    except InvalidName as err:
        raise Refused([("name", str(err))]) from None


def create_series(name: str, method: str, first: Tournament | None = None) -> ClubSeries:
    """A new Vereinsmeisterschaft with fresh links (and, made from a club evening, that one)."""
    name = _series_name(name)
    if method not in SERIES_METHODS:
        raise Refused([("ranking", words.series_unknown_method())])
    series = ClubSeries(name=name, ranking=method, edit_token=secrets.token_urlsafe(24),
                        read_token=secrets.token_urlsafe(24))
    if first is not None:
        series.evenings.append(ClubSeriesEvening(tournament=first))
    db.session.add(series)
    db.session.commit()
    return series


def set_series(series: ClubSeries, name: str, method: str) -> None:
    name = _series_name(name)
    if method not in SERIES_METHODS:
        raise Refused([("ranking", words.series_unknown_method())])
    series.name, series.ranking = name, method
    series.version = ClubSeries.version + 1
    db.session.commit()


def link_token(link: str) -> str:
    """The token of a pasted link (or the token itself): the last path part that looks
    like one."""
    parts = [p for p in link.strip().split("?")[0].split("#")[0].split("/") if p]
    return next((p for p in reversed(parts) if TOKEN_PATTERN.fullmatch(p)), "")


def add_to_series(series: ClubSeries, link: str) -> Tournament:
    """Count the club evening of this link (its organiser's or ranking link)."""
    tournament = find_tournament(link_token(link))
    if tournament is None:
        raise Refused([("link", words.series_no_such_link())])
    if any(e.tournament_id == tournament.id for e in series.evenings):
        raise Refused([("link", words.series_has_it(tournament.name))])
    if len(series.evenings) >= MAX_SERIES_EVENINGS:
        raise Refused([("link", words.series_full(MAX_SERIES_EVENINGS))])
    series.evenings.append(ClubSeriesEvening(tournament=tournament))
    series.version = ClubSeries.version + 1
    db.session.commit()
    return tournament


def remove_from_series(series: ClubSeries, tournament_id: int) -> Tournament | None:
    gone = next((e for e in series.evenings if e.tournament_id == tournament_id), None)
    if gone is None:
        return None
    tournament = gone.tournament
    series.evenings.remove(gone)
    series.version = ClubSeries.version + 1
    db.session.commit()
    return tournament


def series_view(series: ClubSeries) -> SeriesView:
    """The chosen club evenings by date and the annual ranking over their rankings."""
    chosen = sorted((e.tournament for e in series.evenings), key=lambda t: (t.played_on, t.id))
    folded = [(t, results(t)) for t in chosen]
    played = [(t, r.standings) for t, r in folded if r.started]
    return SeriesView(
        evenings=tuple(SeriesEveningView(t, len(r)) for t, r in played),
        standings=tuple(series_ranking([r for _t, r in played], series.ranking)),
        waiting=tuple(t for t, r in folded if not r.started))


def series_candidates(series: ClubSeries) -> list[Tournament]:
    """Club evenings of the Runden the chosen ones were made in, not chosen yet, newest
    first: the ones a club adds with one tap."""
    groups = {e.tournament.group_id for e in series.evenings} - {None}
    chosen = {e.tournament_id for e in series.evenings}
    if not groups:
        return []
    return list(db.session.scalars(select(Tournament).where(
        Tournament.group_id.in_(groups), Tournament.id.not_in(chosen))
        .order_by(Tournament.played_on.desc(), Tournament.id.desc()).limit(50)))


def series_of(tournament: Tournament) -> list[ClubSeries]:
    """The Vereinsmeisterschaften counting this club evening."""
    return list(db.session.scalars(select(ClubSeries).join(ClubSeriesEvening).where(
        ClubSeriesEvening.tournament_id == tournament.id).order_by(ClubSeries.id)))


__all__ = ["Clock", "SeriesView", "add_to_series", "clock", "create_series", "find_series",
           "remove_from_series", "round_clock", "series_candidates", "series_of", "series_view",
           "set_round_minutes", "set_series", "table_clock"]
