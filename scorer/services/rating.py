"""The Statistik's rating: how strong each player plays, estimated from every game with
parties whoever the partner was, solos too, by a Bayesian rating of players in teams (the
Weng-Lin Plackett-Luce model of the ``openskill`` library: a mean and its uncertainty per
player, starting at 25 ± 8,33). A Runde opts in (``runde_years.rating``); a player may hide
their own; it is shown from ``MIN_GAMES`` games on. Not in the core: it needs the library.

The library's own example, a game of two against two from the start:

>>> found = rate_games([(("Anna", "Ben"), ("Cem", "Dora"), 0)])
>>> found["Anna"].mu, found["Cem"].mu
(26.964294621803063, 23.035705378196937)
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cachetools import LRUCache
from openskill.models import PlackettLuce, PlackettLuceRating

MIN_GAMES = 20
"""Fewer games say too little: the rating is shown from this many on."""

Match = tuple[tuple[str, ...], tuple[str, ...], int | None]
"""One game: Re's players, Kontra's players, and which party won (0 Re, 1 Kontra, None
nobody)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating after the games counted."""

    name: str
    mu: float
    """The estimated strength (25 at the start)."""
    sigma: float
    """Its uncertainty (a standard deviation): 8,33 at the start, smaller with every game."""
    games: int


State = tuple[dict[str, PlackettLuceRating], dict[str, int]]
"""The library's ratings and the games counted, by player."""

_MODEL = PlackettLuce()
_KEPT: LRUCache[bytes, State] = LRUCache(maxsize=4096)
"""The state after each evening, under a digest of every game up to it (BLAKE2, 128 bits:
two Runden's evenings never share one): a game added to the last evening rates that evening
again, not the years before it."""
_LOCK = threading.Lock()


def rate_games(matches: Iterable[Match]) -> dict[str, Rating]:
    """Every player's rating after ``matches``, in the order they were played."""
    return _ratings(_rated(({}, {}), matches))


def rate_evenings(evenings: Sequence[Sequence[Match]]) -> dict[str, Rating]:
    """``rate_games`` over the evenings' games one after the other, each evening's result
    kept for the next call that starts with the same evenings."""
    state: State = ({}, {})
    chain = b""
    for matches in evenings:
        chain = hashlib.blake2b(chain + repr(tuple(matches)).encode(), digest_size=16).digest()
        with _LOCK:
            found = _KEPT.get(chain)
        if found is None:
            found = _rated(state, matches)
            with _LOCK:
                _KEPT[chain] = found
        state = found
    return _ratings(state)


def _rated(state: State, matches: Iterable[Match]) -> State:
    """``state`` after ``matches`` (a new state: a kept one is never changed)."""
    model = _MODEL
    current, games = dict(state[0]), dict(state[1])
    for re, kontra, winner in matches:
        teams = [[current.get(n) or model.rating(name=n) for n in re],
                 [current.get(n) or model.rating(name=n) for n in kontra]]
        ranks = [1.0, 1.0] if winner is None else ([1.0, 2.0] if winner == 0 else [2.0, 1.0])
        for team in model.rate(teams, ranks=ranks):
            for rated in team:
                assert rated.name is not None
                current[rated.name] = rated
                games[rated.name] = games.get(rated.name, 0) + 1
    return current, games


def _ratings(state: State) -> dict[str, Rating]:
    current, games = state
    return {name: Rating(name, rated.mu, rated.sigma, games[name])
            for name, rated in current.items()}


def shown(ratings: dict[str, Rating], hidden: Iterable[str]) -> list[Rating]:
    """The ratings the page shows: enough games, not hidden by their player; strongest
    first."""
    left_out = set(hidden)
    return sorted((r for r in ratings.values() if r.games >= MIN_GAMES and r.name not in left_out),
                  key=lambda r: (-r.mu, r.name))


__all__ = ["MIN_GAMES", "Match", "Rating", "rate_evenings", "rate_games", "shown"]
