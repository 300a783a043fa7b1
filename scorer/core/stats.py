"""Statistics of a Runde across evenings, read off the evenings' ledgers. Pure: imports only
the standard library (and the pure core).

Nothing is scored again here: points come from ``LedgerGame.points``, winners from the
core's ``GameScore.winner`` and money from each evening's ``Settlement``.

Two evenings of the same four (ddv). Anna and Cem win the first game with 151 Augen
(gewonnen, keine 90: +2 each); Ben wins a Damensolo with 151 in the second (the same 2
points from each of the other three: +6).

>>> from scorer.core.evening import evening
>>> first = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
...                  "games": [{"re": ["Anna", "Cem"], "re_eyes": 151}]})
>>> second = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
...                   "games": [{"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 151}]})
>>> result = runde_stats([(first, None), (second, None)])
>>> [(p.name, p.points, p.games, p.won, p.solos, p.solos_won) for p in result.players]
[('Ben', 4, 2, 1, 1, 1), ('Anna', 0, 2, 1, 0, 0), ('Cem', 0, 2, 1, 0, 0), ('Dora', -4, 2, 0, 0, 0)]
>>> result.players[0].average
2.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorer.core.evening import Ledger, LedgerGame
from scorer.core.rules import GameKind
from scorer.core.settlement import Settlement


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over the evenings of a Runde."""

    name: str
    """The player's name as the ledgers spell it."""
    evenings: int
    """Evenings the player sat at the table (for all of it or part of it)."""
    points: int
    """Sum of the player's points over every game."""
    games: int
    """Games the player played (sitting out, not being at the table and redeals do not
    count)."""
    won: int
    """Games the player's party won (in a Hammelrennen: the player won it)."""
    solos: int
    """Games scored as a solo with the player as the soloist: solos, stille Hochzeiten,
    Hochzeiten without partner, Schwarze Sau."""
    solos_won: int
    """Of those, the ones the soloist won."""
    cents: int
    """Money balance in cents from the evenings settled with money: positive receives."""

    @property
    def average(self) -> float | None:
        """Points per game played (only the games the player played), or None before the
        first game."""
        return self.points / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class PairStats:
    """Two players over the games they played together as a party (``partners``) or against
    each other (``opponents``). ``first`` came to the Runde's table before ``second``."""

    first: str
    second: str
    games: int
    """Games the two played as partners (or as opponents); redeals do not count."""
    first_won: int
    """Of those, the games ``first``'s party won."""
    second_won: int
    """The games ``second``'s party won (as partners: the same as ``first_won``)."""
    first_points: int
    """``first``'s points over those games."""
    second_points: int
    """``second``'s points over those games."""

    @property
    def average(self) -> float:
        """As partners: the points each of the two got per game together, on average."""
        return (self.first_points + self.second_points) / (2 * self.games)

    @property
    def first_average(self) -> float:
        """``first``'s points per game (against ``second``)."""
        return self.first_points / self.games

    @property
    def second_average(self) -> float:
        """``second``'s points per game (against ``first``)."""
        return self.second_points / self.games


@dataclass(frozen=True, slots=True)
class RundeStats:
    """The figures of a whole Runde (or of some of its evenings: a season, one evening)."""

    players: tuple[PlayerStats, ...]
    """Every player who sat at an evening: most points first, ties in order of appearance."""
    evenings: int
    """Evenings counted."""
    games: int
    """Games played over all evenings (redeals not counted)."""
    pot: int
    """Cents paid into the Kasse over all evenings."""
    order: tuple[str, ...] = ()
    """The players in order of first appearance (what ties keep when figures are added)."""
    partners: tuple[PairStats, ...] = ()
    """Every two players who played in one party (Re or Kontra, a solo's three against the
    soloist too; not a Hammelrennen, a recorded game or a redeal): most games first."""
    opponents: tuple[PairStats, ...] = ()
    """Every two players who played in opposite parties of such a game: most games first."""


def counts(game: LedgerGame) -> bool:
    """Whether a game counts as played: a redeal (thrown in) does not."""
    return game.facts.kind is not GameKind.REDEAL


def won_game(game: LedgerGame, name: str) -> bool:
    """Whether ``name`` was on the winning side of ``game``.

    In a Hammelrennen the core names the winning player; otherwise it names the party.

    >>> from scorer.core.evening import evening
    >>> game = evening({"rules": "ddv", "seats": ["A", "B", "C", "D"],
    ...                 "games": [{"re": ["A", "C"], "re_eyes": 100}]}).games[0]
    >>> [won_game(game, n) for n in "ABCD"]
    [False, True, False, True]
    """
    if name not in game.players:
        return False
    winner = game.score.winner
    if game.facts.kind is GameKind.HAMMELRENNEN:
        return winner == name
    if winner == "re":
        return name in game.facts.re
    if winner == "kontra":
        return name not in game.facts.re
    return False


def soloist(game: LedgerGame) -> str | None:
    """Who played alone, for a game scored as a solo; None otherwise."""
    facts = game.facts
    return facts.re[0] if facts.scored_as_solo and counts(game) else None


_FIGURES = ("evenings", "points", "games", "won", "solos", "solos_won", "cents")


def evening_stats(ledger: Ledger, settlement: Settlement | None) -> RundeStats:
    """One evening's figures: its ledger, and its settlement (None: played without money).
    ``combined`` adds them up; a page keeps them per evening."""
    figures: dict[str, dict[str, int]] = {}

    def row(name: str) -> dict[str, int]:
        if name not in figures:
            figures[name] = dict.fromkeys(_FIGURES, 0)
        return figures[name]

    pairs: dict[str, dict[tuple[str, str], list[int]]] = {"partners": {}, "opponents": {}}
    games_total = 0
    # Everybody who sat at the table at any time: a player who came late or left early has
    # their evening, their total and the games they played.
    for name in ledger.players:
        row(name)["evenings"] += 1
        row(name)["points"] += ledger.totals[name]
    for game in ledger.games:
        if not counts(game):
            continue
        games_total += 1
        for name in game.players:
            row(name)["games"] += 1
            row(name)["won"] += won_game(game, name)
        alone = soloist(game)
        if alone is not None:
            row(alone)["solos"] += 1
            row(alone)["solos_won"] += game.score.winner == "re"
        _count_pairs(game, pairs, list(figures))
    pot = 0
    if settlement is not None:
        pot = settlement.pot
        for name, cents in settlement.balances.items():
            row(name)["cents"] += cents
    return _stats(figures, list(figures), 1, games_total, pot, pairs)


def _count_pairs(game: LedgerGame, pairs: dict[str, dict[tuple[str, str], list[int]]],
                 order: list[str]) -> None:
    """Add ``game`` to the partners' and the opponents' figures: per pair (in ``order``)
    [games, first won, second won, first's points, second's points]."""
    if not game.facts.kind.has_parties:
        return
    place = {name: k for k, name in enumerate(order)}
    re = set(game.facts.re)
    players = sorted(game.players, key=lambda name: place[name])
    for k, first in enumerate(players):
        for second in players[k + 1:]:
            kind = "partners" if (first in re) == (second in re) else "opponents"
            figures = pairs[kind].setdefault((first, second), [0, 0, 0, 0, 0])
            figures[0] += 1
            figures[1] += won_game(game, first)
            figures[2] += won_game(game, second)
            figures[3] += game.points[first]
            figures[4] += game.points[second]


def combined(parts: Iterable[RundeStats]) -> RundeStats:
    """The figures of several evenings (``evening_stats`` of each, or sums of them) added
    up; ties keep the order in which the players first appear."""
    figures: dict[str, dict[str, int]] = {}
    order: list[str] = []
    evenings = games = pot = 0
    pairs: dict[str, dict[tuple[str, str], list[int]]] = {"partners": {}, "opponents": {}}
    for part in parts:
        evenings += part.evenings
        games += part.games
        pot += part.pot
        by_name = {p.name: p for p in part.players}
        for name in part.order:
            if name not in figures:
                order.append(name)
                figures[name] = dict.fromkeys(_FIGURES, 0)
            own = figures[name]
            for figure in _FIGURES:
                own[figure] += getattr(by_name[name], figure)
        for kind in ("partners", "opponents"):
            for pair in getattr(part, kind):
                _add_pair(pairs[kind], pair)
    return _stats(figures, order, evenings, games, pot, pairs)


def _add_pair(pairs: dict[tuple[str, str], list[int]], pair: PairStats) -> None:
    """Add one part's figures of a pair to ``pairs``, keyed as the pair first met."""
    if (pair.second, pair.first) in pairs:
        key = (pair.second, pair.first)
        values = [pair.games, pair.second_won, pair.first_won, pair.second_points,
                  pair.first_points]
    else:
        key = (pair.first, pair.second)
        values = [pair.games, pair.first_won, pair.second_won, pair.first_points,
                  pair.second_points]
    figures = pairs.setdefault(key, [0, 0, 0, 0, 0])
    for k, value in enumerate(values):
        figures[k] += value


def _pair_rows(pairs: dict[tuple[str, str], list[int]],
               place: dict[str, int]) -> tuple[PairStats, ...]:
    rows = []
    for (first, second), figures in pairs.items():
        if place[second] < place[first]:
            first, second = second, first
            figures = [figures[0], figures[2], figures[1], figures[4], figures[3]]
        rows.append(PairStats(first, second, *figures))
    return tuple(sorted(rows, key=lambda p: (-p.games, place[p.first], place[p.second])))


def _stats(figures: dict[str, dict[str, int]], order: list[str], evenings: int, games: int,
           pot: int, pairs: dict[str, dict[tuple[str, str], list[int]]] | None = None,
           ) -> RundeStats:
    place = {name: k for k, name in enumerate(order)}
    players = sorted((PlayerStats(name=name, **figures[name]) for name in order),
                     key=lambda p: (-p.points, place[p.name]))
    pairs = pairs or {"partners": {}, "opponents": {}}
    return RundeStats(players=tuple(players), evenings=evenings, games=games, pot=pot,
                      order=tuple(order), partners=_pair_rows(pairs["partners"], place),
                      opponents=_pair_rows(pairs["opponents"], place))


def runde_stats(evenings: Iterable[tuple[Ledger, Settlement | None]]) -> RundeStats:
    """Per-player figures over ``evenings``: (ledger, settlement or None without money)."""
    return combined(evening_stats(ledger, settlement) for ledger, settlement in evenings)


__all__ = ["PairStats", "PlayerStats", "RundeStats", "combined", "counts", "evening_stats", "runde_stats",
           "soloist", "won_game"]
