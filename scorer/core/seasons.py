"""Seasons and their rankings (RULES.md §11.1): a Runde's evenings grouped by date, each
player's figure from the evenings' results, ranked with its tie-breaks. Pure: imports only
the standard library and the core.

Everything is computed from the evenings' results (their ledgers' totals), never stored.
Every figure of a ranking keeps the evenings it came from (:class:`EveningShare`).

An evening of four: 10, 10, 4, −24 rank 1, 1, 3, 4. Placement points are n + 1 − r (4, 4, 2,
1), table points n + 2 − 2r − k for k tied from rank r (2, 2, −1, −3):

>>> night = EveningResult(key=1, date=dt.date(2026, 3, 5),
...                       totals={"A": 10, "B": 10, "C": 4, "D": -24},
...                       games={"A": 20, "B": 20, "C": 20, "D": 20})
>>> [(s.player, s.figure) for s in rank([night], Method.PLACEMENT)]
[('A', 4), ('B', 4), ('C', 2), ('D', 1)]
>>> [(s.rank, s.player, s.figure) for s in rank([night], Method.TABLE_POINTS)]
[(1, 'A', 2), (1, 'B', 2), (3, 'C', -1), (4, 'D', -3)]
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from scorer.core.dated import Dated, in_force
from scorer.core.marked import N_
from scorer.core.rules import InvalidInput


class InvalidSeason(InvalidInput):
    """Seasons that cannot be: no name, a date twice, a bad minimum of games."""


class Method(str, Enum):
    """How a season ranks its players (``season_ranking``, RULES.md §11.1)."""

    POINTS = "points"
    """The sum of a player's evening totals."""
    AVERAGE = "average"
    """Points per game played, exactly; players below ``min_games`` are listed unranked."""
    PLACEMENT = "placement"
    """n + 1 − r placement points per evening (ties share the best rank)."""
    TABLE_POINTS = "table_points"
    """n + 1 − 2r table points per evening, ties sharing the average of their ranks."""


@dataclass(frozen=True, slots=True)
class Season:
    """A named date range: from ``start`` (inclusive) until the next season starts."""

    name: str
    start: dt.date


@dataclass(frozen=True, slots=True)
class EveningResult:
    """What a season needs of one evening, from its ledger."""

    key: Any
    """Names the evening for the page (its number): every figure can be traced to it."""
    date: dt.date
    totals: Mapping[str, int]
    """Every player in the evening's totals (table changes included): their n."""
    games: Mapping[str, int]
    """Games each player played (not sitting out, not away, no redeals; recorded ones do)."""
    members: frozenset[str] = frozenset()
    """The Runde's members on that date (added on or before it, not retired before it): an
    absent one gets ``absent_table_points``."""


@dataclass(frozen=True, slots=True)
class EveningShare:
    """One player's part of one evening: rank there (None: absent) and what it gave."""

    key: Any
    date: dt.date
    rank: int | None
    """Rank in that evening's totals (ties share the best), None when absent."""
    points: int
    """The player's total that evening (0 when absent)."""
    figure: int
    """What the evening gave the player under the method (placement or table points; the
    points under ``points`` and ``average``)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a season's ranking."""

    rank: int | None
    """Shared by players equal in figure, points and evenings won; None when unranked
    (``average`` below ``min_games``)."""
    player: str
    figure: Fraction | int
    """The method's figure: an exact fraction under ``average``, else a whole number."""
    points: int
    """The sum of the player's evening totals."""
    evenings_won: int
    """Evenings the player ranked first in (a shared first place too)."""
    games: int
    """Games played in the season."""
    evenings: tuple[EveningShare, ...]
    """Where every figure came from: each evening the player took part in (or was absent
    from as a member, under ``table_points``), in date order."""

    @property
    def evenings_played(self) -> int:
        """Evenings the player sat at the table."""
        return sum(1 for e in self.evenings if e.rank is not None)


def calendar_year(date: dt.date) -> Season:
    """The default season of a date: its calendar year, named by the year."""
    return Season(str(date.year), dt.date(date.year, 1, 1))


SAME_NAME = N_("jeder Saison-Name nur einmal")
"""What two seasons of one name are told (on the list: the form has a field for it)."""

EARLIER = "Davor"
"""The name of the range before a Runde's first own season."""


def season_of(date: dt.date, seasons: Sequence[Season] = ()) -> Season:
    """The season ``date`` falls in: the last of ``seasons`` that started on or before it;
    without seasons its calendar year. A date before the first season falls into a range of
    its own, "Davor", from the earliest date.

    >>> s = [Season("Saison 2026/27", dt.date(2026, 9, 1))]
    >>> season_of(dt.date(2026, 12, 24), s).name, season_of(dt.date(2026, 8, 31), s).name
    ('Saison 2026/27', 'Davor')
    """
    if not seasons:
        return calendar_year(date)
    started = [s for s in seasons if s.start <= date]
    if not started:
        return Season(EARLIER, dt.date.min)
    return max(started, key=lambda s: s.start)


def check_seasons(seasons: Iterable[tuple[Any, Any]]) -> tuple[Season, ...]:
    """A Runde's own seasons from (name, start) pairs, in date order; InvalidSeason naming
    the field for a blank or too long name, a name twice, a start date twice."""
    out: list[Season] = []
    problems: list[tuple[str, str]] = []
    for k, (name, start) in enumerate(seasons):
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
            problems.append((f"seasons[{k}].name",
                             N_("einen Namen mit höchstens 40 Zeichen angeben")))
            continue
        if not isinstance(start, dt.date):
            problems.append((f"seasons[{k}].start", N_("ein Datum angeben")))
            continue
        out.append(Season(name.strip(), start))
    names = [s.name.casefold() for s in out]
    starts = [s.start for s in out]
    if len(set(names)) != len(names):
        problems.append(("seasons", SAME_NAME))
    if len(set(starts)) != len(starts):
        problems.append(("seasons", N_("an einem Tag beginnt höchstens eine Saison")))
    if problems:
        raise InvalidSeason(problems)
    return tuple(sorted(out, key=lambda s: s.start))


def evening_ranks(totals: Mapping[str, int]) -> dict[str, int]:
    """Each player's rank in an evening's totals; ties share the best rank (10, 10, 4:
    1, 1, 3)."""
    ordered = sorted(totals.values(), reverse=True)
    first: dict[int, int] = {}
    for place, total in enumerate(ordered, 1):
        first.setdefault(total, place)
    return {name: first[total] for name, total in totals.items()}


def placement_points(totals: Mapping[str, int]) -> dict[str, int]:
    """n + 1 − r for each of the evening's n players (RULES.md §11.1 ``placement``)."""
    n = len(totals)
    return {name: n + 1 - r for name, r in evening_ranks(totals).items()}


def table_points(totals: Mapping[str, int]) -> dict[str, int]:
    """n + 1 − 2r for each of the n players; k players tied from rank r share the average
    of the ranks they take, n + 2 − 2r − k each (RULES.md §11.1 ``table_points``). They sum
    to 0 at every table.

    >>> table_points({"A": 3, "B": 1, "C": -1, "D": -3, "E": 0})
    {'A': 4, 'B': 2, 'C': -2, 'D': -4, 'E': 0}
    """
    n = len(totals)
    ranks = evening_ranks(totals)
    tied: dict[int, int] = {}
    for r in ranks.values():
        tied[r] = tied.get(r, 0) + 1
    return {name: n + 2 - 2 * r - tied[r] for name, r in ranks.items()}


def _own_totals(totals: Mapping[str, int]) -> Mapping[str, int]:
    """An evening gives each player their total (``points``, ``average``)."""
    return totals


def _sum_of_figures(shares: Sequence[EveningShare], games: int) -> int:
    """The season's figure is what the evenings gave, added up."""
    return sum(s.figure for s in shares)


def _points_per_game(shares: Sequence[EveningShare], games: int) -> Fraction:
    """Points per game played, exactly; 0 for a player without games."""
    return Fraction(sum(s.points for s in shares), games) if games else Fraction(0)


def _points_then_evenings_won(standing: Standing) -> tuple[int, ...]:
    """After the figure: total points, then evenings won (RULES.md §11.1)."""
    return standing.points, standing.evenings_won


@dataclass(frozen=True, slots=True)
class Ranking:
    """What a season method does where the methods differ: one entry of :data:`RANKINGS`.

    A new method is a new :class:`Method` member and one entry here; :func:`rank` reads the
    entry and never asks which method it is. Every method has its entry:

    >>> sorted(RANKINGS) == sorted(Method)
    True
    """

    evening_figures: Callable[[Mapping[str, int]], Mapping[str, int]]
    """What an evening gives each of its players, from its totals."""
    combine: Callable[[Sequence[EveningShare], int], Fraction | int]
    """The season's figure from a player's shares (date order) and games played."""
    needs_games: bool = False
    """A player needs ``min_games`` games, and at least one, to be ranked; the others follow
    unranked."""
    scores_absent_members: bool = False
    """A member absent from an evening gets ``absent_table_points`` for it (a share without a
    rank)."""
    tie_break: Callable[[Standing], tuple[int, ...]] = _points_then_evenings_won
    """What orders players equal in figure, most first; equal in it too, they share a rank."""


RANKINGS: Mapping[Method, Ranking] = {
    Method.POINTS: Ranking(_own_totals, _sum_of_figures),
    Method.AVERAGE: Ranking(_own_totals, _points_per_game, needs_games=True),
    Method.PLACEMENT: Ranking(placement_points, _sum_of_figures),
    Method.TABLE_POINTS: Ranking(table_points, _sum_of_figures, scores_absent_members=True),
}
"""Every season method's :class:`Ranking`, by its :class:`Method`."""


def rank(evenings: Iterable[EveningResult], method: Method = Method.POINTS, *,
         min_games: int = 0, absent_table_points: int = 0) -> list[Standing]:
    """A season's ranking over ``evenings`` (RULES.md §11.1): every player of them, ordered
    by the method's figure, then total points, then evenings won; players equal in all three
    share a rank and the next is skipped (1, 1, 3). Under ``average`` players with fewer
    than ``min_games`` games (and those with none) follow unranked, in the same order."""
    how = RANKINGS[method]
    shares: dict[str, list[EveningShare]] = {}
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    ordered = sorted(evenings, key=lambda e: e.date)
    for evening in ordered:
        ranks = evening_ranks(evening.totals)
        given = how.evening_figures(evening.totals)
        for name, total in evening.totals.items():
            shares.setdefault(name, []).append(
                EveningShare(evening.key, evening.date, ranks[name], total, given[name]))
            played[name] = played.get(name, 0) + evening.games.get(name, 0)
            won[name] = won.get(name, 0) + (ranks[name] == 1)
    if how.scores_absent_members:
        for evening in ordered:
            for name in shares:
                if name in evening.members and name not in evening.totals:
                    shares[name].append(EveningShare(evening.key, evening.date, None, 0,
                                                      absent_table_points))
        for name in shares:
            shares[name].sort(key=lambda s: s.date)
    lines = [Standing(None, name, how.combine(own, played[name]), sum(s.points for s in own),
                      won[name], played[name], tuple(own))
             for name, own in shares.items()]

    def level(standing: Standing) -> tuple[Fraction | int, ...]:
        return standing.figure, *how.tie_break(standing)

    lines.sort(key=lambda s: (*(-v for v in level(s)), s.player.casefold(), s.player))
    # Without games a player has no average at all, whatever min_games says.
    least = max(min_games, 1) if how.needs_games else 0
    out: list[Standing] = []
    for line in (s for s in lines if s.games >= least):
        tied = bool(out) and level(out[-1]) == level(line)
        out.append(dataclasses.replace(line, rank=out[-1].rank if tied else len(out) + 1))
    return out + [s for s in lines if s.games < least]


def ranks_after_each(evenings: Iterable[EveningResult], method: Method = Method.POINTS, *,
                     min_games: int = 0, absent_table_points: int = 0
                     ) -> list[dict[str, int | None]]:
    """Who stood where after each evening of a season, in date order: the ranking (as
    ``rank``) over the evenings up to and including each one; a player appears from their
    first evening on (rank None while unranked under ``average``). What the chart of "who
    led when" draws.

    >>> first = EveningResult(1, dt.date(2026, 1, 8), {"A": 5, "B": -5, "C": 1, "D": -1}, {})
    >>> second = EveningResult(2, dt.date(2026, 1, 15), {"A": -9, "B": 9, "C": 0, "D": 0}, {})
    >>> ranks_after_each([second, first])
    [{'A': 1, 'C': 2, 'D': 3, 'B': 4}, {'B': 1, 'C': 2, 'D': 3, 'A': 4}]
    """
    ordered = sorted(evenings, key=lambda e: e.date)
    return [{s.player: s.rank for s in rank(ordered[:k], method, min_games=min_games,
                                            absent_table_points=absent_table_points)}
            for k in range(1, len(ordered) + 1)]


MAX_MIN_GAMES = 10_000
"""The largest ``min_games`` a Runde may set: more games than a weekly Runde plays in years."""
MAX_ABSENT_TABLE_POINTS = 100
"""``absent_table_points`` lies within ± this (an evening's table points lie within ± 6)."""
MIN_GAMES_PROBLEM = N_("eine ganze Zahl von 0 bis %(max)s angeben")
"""What a bad ``min_games`` is told (``max``: MAX_MIN_GAMES)."""
ABSENT_POINTS_PROBLEM = N_("eine ganze Zahl von −%(max)s bis %(max)s angeben")
"""What a bad ``absent_table_points`` is told (``max``: MAX_ABSENT_TABLE_POINTS)."""


@dataclass(frozen=True, slots=True)
class RankingRule:
    """How a season ranks (§11.1): the setting in force on the season's start date ranks
    the whole season (§11.4), see :func:`season_rule`."""

    method: Method = Method.POINTS
    min_games: int = 0
    """Under ``average``: fewer games than this are listed without a rank."""
    absent_table_points: int = 0
    """Under ``table_points``: what a member absent from an evening gets for it."""


def season_rule(timeline: Sequence[Dated[RankingRule]], season: Season) -> RankingRule:
    """The rule a season is ranked under: the one in force on its start date; a change
    dated after a season has started applies from the next season on (§11.4).

    >>> from scorer.core.dated import FROM_THE_START
    >>> changed = (Dated(FROM_THE_START, RankingRule()),
    ...            Dated(dt.date(2026, 3, 1), RankingRule(Method.PLACEMENT)))
    >>> [season_rule(changed, calendar_year(dt.date(y, 6, 1))).method.value
    ...  for y in (2026, 2027)]
    ['points', 'placement']
    """
    return in_force(timeline, season.start)


def rank_under(evenings: Iterable[EveningResult], rule: RankingRule) -> list[Standing]:
    """:func:`rank` under one season's rule."""
    return rank(evenings, rule.method, min_games=rule.min_games,
                absent_table_points=rule.absent_table_points)


def check_settings(method: Any, min_games: Any, absent_table_points: Any
                   ) -> tuple[Method, int, int]:
    """A Runde's ``season_ranking``, ``min_games`` and ``absent_table_points`` as stored, or
    InvalidSeason naming each field that is wrong."""
    problems: list[tuple[str, str]] = []
    found: Method | None = None
    try:
        found = method_of(method)
    except InvalidSeason as err:
        problems += err.problems
    if type(min_games) is not int or not 0 <= min_games <= MAX_MIN_GAMES:
        problems.append(("min_games", MIN_GAMES_PROBLEM % {"max": MAX_MIN_GAMES}))
    if type(absent_table_points) is not int or not (
            -MAX_ABSENT_TABLE_POINTS <= absent_table_points <= MAX_ABSENT_TABLE_POINTS):
        problems.append(("absent_table_points",
                         ABSENT_POINTS_PROBLEM % {"max": MAX_ABSENT_TABLE_POINTS}))
    if problems or found is None:
        raise InvalidSeason(problems)
    return found, min_games, absent_table_points


def method_of(value: Any) -> Method:
    """A stored ``season_ranking`` value as a Method; InvalidSeason naming the field."""
    for member in Method:
        if member.value == value:
            return member
    raise InvalidSeason([("season_ranking", N_("unbekannte Wertung (points, average, "
                                               "placement, table_points)"))])


__all__ = [
    "ABSENT_POINTS_PROBLEM",
    "EARLIER",
    "MAX_ABSENT_TABLE_POINTS",
    "MAX_MIN_GAMES",
    "MIN_GAMES_PROBLEM",
    "SAME_NAME",
    "RANKINGS",
    "EveningResult",
    "EveningShare",
    "InvalidSeason",
    "Method",
    "Ranking",
    "RankingRule",
    "Season",
    "Standing",
    "calendar_year",
    "check_seasons",
    "check_settings",
    "evening_ranks",
    "method_of",
    "placement_points",
    "rank",
    "rank_under",
    "ranks_after_each",
    "season_of",
    "season_rule",
    "table_points",
]
