"""A club evening's tables (RULES.md §11.3): how many tables of which size, the draw of each
round, the planned games per table and the evening's ranking over its rounds. Pure: imports
only the standard library and the core.

Nine players sit at a 4 and a 5; eleven at a 5 and a 6 (the leftovers make tables a 5 first):

>>> table_sizes(9), table_sizes(11), table_sizes(14), table_sizes(15)
([4, 5], [5, 6], [4, 5, 5], [5, 5, 5])
>>> [planned_for(size, 24) for size in (4, 5, 6)]
[24, 30, 36]
>>> d = draw([f"P{k}" for k in range(9)], seed=7)
>>> sorted(map(len, d.tables)), d == draw([f"P{k}" for k in range(9)], seed=7)
([4, 5], True)
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorer.core.evening import Ledger
from scorer.core.rules import GameKind, InvalidInput
from scorer.core.seasons import table_points

MIN_PLAYERS = 4
MAX_PLAYERS = 200
"""The most players one club evening seats: far beyond any club's hall (50 tables)."""
CANDIDATES = 64
"""Random seatings a draw looks at before it improves the best one by swaps."""


def N_(message: str) -> str:
    """Marks a problem's German for the catalog and leaves it German: the core never imports
    the words package, which says it in the reader's language (scorer.words.club_refusals)."""
    return message


PLAYER_COUNT = N_("%(low)s bis %(high)s Spieler anmelden")
"""Too few or too many players for one club evening (MIN_PLAYERS, MAX_PLAYERS filled in)."""
PLANNED_FOUR = N_("die geplanten Spiele eines Vierertischs müssen ein Vielfaches von 4 sein")
ONCE_EACH = N_("jeder Spieler nur einmal")
SWAP_TWO = N_("zwei verschiedene gesetzte Spieler wählen")


class InvalidClub(InvalidInput):
    """A club evening that cannot be seated or ranked."""


def table_sizes(players: int) -> list[int]:
    """The tables for ``players`` (RULES.md §11.3): ⌊n/4⌋ tables, each of the n mod 4
    players left over makes one table a 5, and where more are left over than there are
    tables, a 6; smallest first. Four to seven players are one table."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidClub([("players", PLAYER_COUNT % {"low": MIN_PLAYERS,
                                                       "high": MAX_PLAYERS})])
    if players < 8:
        return [players]
    count, left = divmod(players, 4)
    sizes = [4] * count
    for k in range(left):
        sizes[(count - 1 - k) % count] += 1  # a 5 first for each, then a 6
    return sorted(sizes)


def planned_for(size: int, planned_for_four: int) -> int:
    """The planned games of a table of ``size``: a 4-table's (a multiple of 4), scaled so
    that every player plays the same number of planned games (5/4, 6/4)."""
    if planned_for_four <= 0 or planned_for_four % 4:
        raise InvalidClub([("planned_games", PLANNED_FOUR)])
    return planned_for_four * size // 4


@dataclass(frozen=True, slots=True)
class Draw:
    """One round's seating: each table's players in seat order (the first deals first)."""

    seed: int
    """The seed shown to the organiser: the same seed and players give the same draw."""
    tables: tuple[tuple[str, ...], ...]
    repeats: int
    """Pairs of table-mates who sat together in an earlier round, each pair counted once
    (what the draw makes as few as it can)."""
    meetings: int = 0
    """How often those pairs sat together before, all told (the draw's second aim)."""


def met_pairs(rounds: Iterable[Sequence[Sequence[str]]]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table in the rounds given."""
    met: Counter[frozenset[str]] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def again(tables: Sequence[Sequence[str]], met: Mapping[frozenset[str], int]) -> tuple[int, int]:
    """(pairs, meetings): how many pairs of table-mates in ``tables`` sat together before,
    and how often those pairs did, all told. A draw makes the first as small as it can, then
    the second: two pairs who met once each weigh more than one pair that met twice.

    >>> met = met_pairs([[["A", "B", "C", "D"]], [["A", "B", "E", "F"]]])
    >>> again([["A", "B", "G", "H"]], met), again([["A", "C", "E", "G"]], met)
    ((1, 2), (2, 2))
    """
    pairs = meetings = 0
    for table in tables:
        for pair in combinations(table, 2):
            times = met.get(frozenset(pair), 0)
            if times:
                pairs += 1
                meetings += times
    return pairs, meetings


def _cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    out, at = [], 0
    for size in sizes:
        out.append(list(order[at:at + size]))
        at += size
    return out


def draw(players: Sequence[str], seed: int,
         met: Mapping[frozenset[str], int] | None = None) -> Draw:
    """Seat ``players`` at the tables of :func:`table_sizes`, at random from ``seed``; with
    ``met`` (the earlier rounds' pairs) the seating of CANDIDATES random ones with the fewest
    pairs of table-mates who sat together before, and among those the fewest meetings
    (:func:`again`), improved by swapping players between tables while that lowers them.
    The first candidate is a plain random draw, so a draw never seats more pairs together
    again than that fresh one; the same seed, players and earlier rounds give the same
    draw."""
    if len(set(players)) != len(players):
        raise InvalidClub([("players", ONCE_EACH)])
    sizes = table_sizes(len(players))
    rng = random.Random(seed)
    pool = sorted(players)
    met = met or {}
    best: list[list[str]] | None = None
    best_cost = (0, 0)
    for _ in range(CANDIDATES if met else 1):
        order = pool[:]
        rng.shuffle(order)
        tables = _cut(order, sizes)
        cost = again(tables, met)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == (0, 0):
            break
    assert best is not None
    if best_cost != (0, 0):
        best, best_cost = _improved(best, met, best_cost)
    return Draw(seed, tuple(tuple(t) for t in best), *best_cost)


def _plus(one: tuple[int, int], other: tuple[int, int]) -> tuple[int, int]:
    return one[0] + other[0], one[1] + other[1]


def _improved(tables: list[list[str]], met: Mapping[frozenset[str], int],
              cost: tuple[int, int]) -> tuple[list[list[str]], tuple[int, int]]:
    """Swap two players of different tables while a swap lowers (pairs, meetings) (the
    first such swap each time; only the two tables' own figures change)."""
    own = [again([t], met) for t in tables]
    better = True
    while better and cost != (0, 0):
        better = False
        for a, b in combinations(range(len(tables)), 2):
            if own[a] == (0, 0) and own[b] == (0, 0):
                continue
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    now_a, now_b = again([tables[a]], met), again([tables[b]], met)
                    before = _plus(own[a], own[b])
                    after = _plus(now_a, now_b)
                    if after < before:
                        cost = (cost[0] - before[0] + after[0], cost[1] - before[1] + after[1])
                        own[a], own[b], better = now_a, now_b, True
                        break
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                if better:
                    break
            if better:
                break
    return tables, cost


def swap(tables: Sequence[Sequence[str]], one: str, other: str) -> tuple[tuple[str, ...], ...]:
    """The seating with two players' seats exchanged (the organiser's change before a round
    starts); InvalidClub when either is not seated."""
    seated = {p for t in tables for p in t}
    missing = [p for p in (one, other) if p not in seated]
    if missing or one == other:
        raise InvalidClub([("swap", SWAP_TWO)])
    return tuple(tuple(other if p == one else one if p == other else p for p in t)
                 for t in tables)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of one round, from its evening's ledger."""

    round: int
    """1-based."""
    table: int
    """1-based within the round."""
    totals: Mapping[str, int]
    """Every player of the table's evening and their total."""
    solos_won: Mapping[str, int]
    """Games of kind solo each player won as soloist."""


def solos_won(ledger: Ledger) -> dict[str, int]:
    """Games of ``kind: solo`` each player won as soloist (the soloist is Re), the third
    figure of the ranking (RULES.md §11.3); players without one are not listed."""
    won: Counter[str] = Counter()
    for game in ledger.games:
        if game.facts.kind is GameKind.SOLO and game.winner == "re":
            won[game.facts.re[0]] += 1
    return dict(won)


def table_result(round_number: int, table: int, ledger: Ledger) -> TableResult:
    """One table of one round from its evening's ledger: every player of the evening (table
    changes included) with their total, and the solos they won."""
    return TableResult(round_number, table, dict(ledger.totals), solos_won(ledger))


@dataclass(frozen=True, slots=True)
class ClubStanding:
    """One line of a club evening's ranking."""

    rank: int
    player: str
    figure: int
    """The sum over rounds of the table results (table points, or raw points)."""
    points: int
    """Raw points over all rounds."""
    solos_won: int
    rounds: tuple[int | None, ...]
    """The table result of each round; None for a round the player missed (which gave
    ``absent_table_points``, or 0 with raw points)."""


def club_ranking(players: Iterable[str], rounds: Sequence[Sequence[TableResult]], *,
                 by_table_points: bool = True,
                 absent_table_points: int = 0) -> list[ClubStanding]:
    """The evening's ranking (RULES.md §11.3): the sum over rounds, then raw points, then
    solos won; players equal in all three share a rank (1, 1, 3). A player who missed a
    round gets ``absent_table_points`` for it (with raw points as the figure: 0) and 0 raw
    points."""
    lines = []
    for name in players:
        results: list[int | None] = []
        figure = points = solos = 0
        for tables in rounds:
            table = next((t for t in tables if name in t.totals), None)
            if table is None:
                results.append(None)
                figure += absent_table_points if by_table_points else 0
                continue
            given = table_points(table.totals)[name] if by_table_points else table.totals[name]
            results.append(given)
            figure += given
            points += table.totals[name]
            solos += table.solos_won.get(name, 0)
        lines.append((name, figure, points, solos, tuple(results)))
    lines.sort(key=lambda line: (-line[1], -line[2], -line[3], line[0].casefold(), line[0]))
    out: list[ClubStanding] = []
    for place, (who, fig, pts, won, per_round) in enumerate(lines, 1):
        previous = out[-1] if out else None
        same = previous is not None and (previous.figure, previous.points,
                                         previous.solos_won) == (fig, pts, won)
        out.append(ClubStanding(previous.rank if same and previous else place, who, fig, pts,
                                won, per_round))
    return out


# --------------------------------------------------------------------------- the round clock

MAX_ROUND_MINUTES = 600
"""The longest round the clock takes: ten hours, far beyond any club evening's round."""
ROUND_MINUTES = N_("die Rundenzeit in Minuten zwischen 1 und %(most)s, oder leer für keine Uhr")


def check_round_minutes(minutes: int | None) -> None:
    """InvalidClub unless ``minutes`` is None (no clock) or 1 … MAX_ROUND_MINUTES."""
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise InvalidClub([("round_minutes", ROUND_MINUTES % {"most": MAX_ROUND_MINUTES})])


def round_ends(started: dt.datetime, minutes: int) -> dt.datetime:
    """When a round started at ``started`` runs out of time (DDV: a round ends after its
    time; the games started by then are finished)."""
    return started + dt.timedelta(minutes=minutes)


def seconds_left(started: dt.datetime, minutes: int, now: dt.datetime) -> int:
    """Whole seconds left of a round of ``minutes`` started at ``started``, at ``now``;
    negative once the time is over (rounded towards the end: 0.5 s left is 0, over).

    >>> start = dt.datetime(2026, 3, 14, 19, 0, tzinfo=dt.UTC)
    >>> seconds_left(start, 90, start + dt.timedelta(minutes=30))
    3600
    >>> seconds_left(start, 90, start + dt.timedelta(minutes=91))
    -60
    """
    left = (round_ends(started, minutes) - now).total_seconds()
    return int(left // 1) if left >= 0 else -int(-left // 1)


# --------------------------------------------------------------------------- the year

SERIES_METHODS = ("sum", "placement")
"""How a Vereinsmeisterschaft adds up its club evenings: "sum" of each evening's figure
(§11.3: table points or raw points over its rounds), or "placement": each evening gives its
n ranked players n + 1 − r (§11.1, r the evening's rank, shared ranks alike)."""


@dataclass(frozen=True, slots=True)
class SeriesStanding:
    """One line of a club's annual ranking."""

    rank: int
    player: str
    figure: int
    """The method's sum over the club evenings."""
    points: int
    """Raw points over every evening's rounds."""
    won: int
    """Club evenings won (rank 1, shared rank 1 included)."""
    evenings: tuple[int | None, ...]
    """What each club evening gave (its figure, or its placement points); None: not there."""


def series_ranking(evenings: Sequence[Sequence[ClubStanding]],
                   method: str = "sum") -> list[SeriesStanding]:
    """The club's annual ranking over ``evenings`` (each evening's ranking, in order), as a
    season ranks a Runde's evenings (RULES.md §11.1) with each club evening as one evening:
    by the method's figure, then total raw points, then evenings won; equal in all three, a
    shared rank (1, 1, 3). A player is the same across evenings by name, whatever the case
    (shown as first spelled); absent from an evening they get nothing for it.

    >>> one = club_ranking(["A", "B", "C", "D"], [[TableResult(1, 1, {"A": 3, "B": 1,
    ...                    "C": -1, "D": -3}, {})]])
    >>> [(s.player, s.figure, s.won) for s in series_ranking([one, one], "placement")]
    [('A', 8, 2), ('B', 6, 0), ('C', 4, 0), ('D', 2, 0)]
    """
    if method not in SERIES_METHODS:
        raise InvalidClub([("ranking", N_("unbekannte Wertung"))])
    spelled: dict[str, str] = {}
    per: dict[str, list[int | None]] = {}
    points: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for index, standings in enumerate(evenings):
        n = len(standings)
        for line in standings:
            key = line.player.casefold()
            spelled.setdefault(key, line.player)
            row = per.setdefault(key, [None] * len(evenings))
            given = line.figure if method == "sum" else n + 1 - line.rank
            row[index] = (row[index] or 0) + given
            points[key] += line.points
            won[key] += line.rank == 1
    lines = sorted(per, key=lambda k: (-sum(v or 0 for v in per[k]), -points[k], -won[k],
                                       spelled[k].casefold(), spelled[k]))
    out: list[SeriesStanding] = []
    for place, key in enumerate(lines, 1):
        figure = sum(v or 0 for v in per[key])
        previous = out[-1] if out else None
        same = previous is not None and (previous.figure, previous.points, previous.won) == (
            figure, points[key], won[key])
        out.append(SeriesStanding(previous.rank if same and previous else place, spelled[key],
                                  figure, points[key], won[key], tuple(per[key])))
    return out


__all__ = [
    "CANDIDATES",
    "ClubStanding",
    "MAX_ROUND_MINUTES",
    "ROUND_MINUTES",
    "SERIES_METHODS",
    "SeriesStanding",
    "check_round_minutes",
    "round_ends",
    "seconds_left",
    "series_ranking",
    "Draw",
    "InvalidClub",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ONCE_EACH",
    "PLANNED_FOUR",
    "PLAYER_COUNT",
    "SWAP_TWO",
    "TableResult",
    "again",
    "club_ranking",
    "draw",
    "met_pairs",
    "planned_for",
    "solos_won",
    "swap",
    "table_result",
    "table_sizes",
]
