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
    pot = 0
    if settlement is not None:
        pot = settlement.pot
        for name, cents in settlement.balances.items():
            row(name)["cents"] += cents
    return _stats(figures, list(figures), 1, games_total, pot)


def combined(parts: Iterable[RundeStats]) -> RundeStats:
    """The figures of several evenings (``evening_stats`` of each, or sums of them) added
    up; ties keep the order in which the players first appear."""
    figures: dict[str, dict[str, int]] = {}
    order: list[str] = []
    evenings = games = pot = 0
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
    return _stats(figures, order, evenings, games, pot)


def _stats(figures: dict[str, dict[str, int]], order: list[str], evenings: int, games: int,
           pot: int) -> RundeStats:
    place = {name: k for k, name in enumerate(order)}
    players = sorted((PlayerStats(name=name, **figures[name]) for name in order),
                     key=lambda p: (-p.points, place[p.name]))
    return RundeStats(players=tuple(players), evenings=evenings, games=games, pot=pot,
                      order=tuple(order))


def runde_stats(evenings: Iterable[tuple[Ledger, Settlement | None]]) -> RundeStats:
    """Per-player figures over ``evenings``: (ledger, settlement or None without money)."""
    return combined(evening_stats(ledger, settlement) for ledger, settlement in evenings)


__all__ = ["PlayerStats", "RundeStats", "combined", "counts", "evening_stats", "runde_stats",
           "soloist", "won_game"]
