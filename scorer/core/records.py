"""The Runde's records ("Bestenliste"), for a season or all time, read off the evenings'
ledgers; and the announcements a party missed. Pure: imports only the standard library and
the core.

Two steps, so that a page keeps the small part per evening: ``evening_records`` takes what
the records need of one ledger, ``bestenliste`` finds the records over any evenings. Nothing
is scored again: values, winners and points come from the ledger.

Anna and Cem win with 151 Augen without saying anything (ddv: gewonnen, keine 90, 2 points
each): the game is worth 2, and it is a missed Ansage for both; then Ben wins a Damensolo
with 130 (each of the three loses 1, Ben gets 3: worth 1):

>>> from scorer.core.evening import evening
>>> night = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
...                  "games": [{"re": ["Anna", "Cem"], "re_eyes": 151},
...                            {"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 130}]})
>>> best = bestenliste([evening_records(1, dt.date(2026, 3, 5), night)])
>>> [(f.players, f.figure, f.place.game) for f in best.record(RecordKind.HIGHEST_GAME).feats]
[(('Anna', 'Cem'), 2, 1)]
>>> [(m.player, m.without_ansage, m.without_absage) for m in best.missed]
[('Anna', 1, 0), ('Cem', 1, 0)]
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, NamedTuple

from scorer.core.evening import Ledger, LedgerGame
from scorer.core.rules import GameKind
from scorer.core.scoring import Level
from scorer.core.seasons import evening_ranks
from scorer.core.stats import counts, soloist

MISSED_FROM = 151
"""Augen from which a party that won had made keine 90 (the others stayed below 90)."""


class RecordKind(str, Enum):
    """What a record counts. Every one names where it happened (the evening, and the game
    where it is one game's)."""

    HIGHEST_GAME = "highest_game"
    """The most points one game was worth: what each player who did not play alone won or
    lost in it, Bock included (recorded games, whose points were written, do not count)."""
    BEST_EVENING = "best_evening"
    """A player's highest evening total."""
    WORST_EVENING = "worst_evening"
    """A player's lowest evening total."""
    WON_GAMES_RUN = "won_games_run"
    """The most games a player won one after the other (from evening to evening; games sat
    out and games nobody won neither end nor extend a run)."""
    WON_EVENINGS_RUN = "won_evenings_run"
    """The most evenings a player won one after the other (rank 1, shared too; evenings the
    player was not at end no run)."""
    SOLOS_WON = "solos_won"
    """The most solos one player won in one evening."""
    BOCK_GAMES = "bock_games"
    """The most games played under Bock in one evening."""


class GameMark(NamedTuple):
    """What the records need of one game (a NamedTuple: an evening keeps dozens)."""

    number: int
    worth: int | None
    """Points each player not playing alone won or lost; None for a recorded game."""
    winners: tuple[str, ...]
    """The players who won it (none when nobody won, and in a recorded game)."""
    losers: tuple[str, ...]
    """The other players of the game, when somebody won."""
    bock: bool
    """Played under Bock (factor above 1)."""
    solo_won_by: str | None
    """The soloist, when a game scored as a solo was won by them."""


class MissedGame(NamedTuple):
    """A game a party won with MISSED_FROM Augen or more without having said keine 90."""

    number: int
    players: tuple[str, ...]
    """The party."""
    said: Level
    """What it did say: nothing (``NONE``) or only Re/Kontra (``ANSAGE``)."""


def _as_call(self: Any) -> tuple[Any, ...]:
    """Pickled as a call of its class with its fields: a kept Bestenliste holds thousands
    of places, and a frozen slotted dataclass's own way (``__setstate__``, field by field)
    takes three times as long to read back."""
    return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True, slots=True)
class EveningRecords:
    """What the records need of one evening: small, kept per evening."""

    key: Any
    """Names the evening for the page (its number)."""
    date: dt.date
    totals: Mapping[str, int]
    games: tuple[GameMark, ...]
    """The games that count (redeals do not), in order."""
    missed: tuple[MissedGame, ...]

    __reduce__ = _as_call


@dataclass(frozen=True, slots=True)
class Place:
    """Where something happened: an evening, and one of its games (None: the evening)."""

    key: Any
    date: dt.date
    game: int | None = None

    __reduce__ = _as_call


@dataclass(frozen=True, slots=True)
class Feat:
    """One holder of a record."""

    players: tuple[str, ...]
    """Who holds it: one player, the winners of the highest game, nobody for an evening's
    Bock games."""
    figure: int
    place: Place
    """Where it happened; a run: where it reached its length (its last game or evening)."""
    start: Place | None = None
    """A run: where it began."""

    __reduce__ = _as_call


@dataclass(frozen=True, slots=True)
class Record:
    """One record: everybody who reached its figure, earliest first (empty before any)."""

    kind: RecordKind
    feats: tuple[Feat, ...]

    __reduce__ = _as_call

    @property
    def figure(self) -> int | None:
        """The record's figure, None while nobody holds it."""
        return self.feats[0].figure if self.feats else None


@dataclass(frozen=True, slots=True)
class Missed:
    """The announcements one player's party missed."""

    player: str
    without_ansage: int
    """Games won with MISSED_FROM or more having said nothing."""
    without_absage: int
    """Games won so having said Re or Kontra, but not keine 90."""
    places: tuple[Place, ...]
    """Those games, in order."""

    __reduce__ = _as_call

    @property
    def total(self) -> int:
        """Both together."""
        return self.without_ansage + self.without_absage


@dataclass(frozen=True, slots=True)
class Bestenliste:
    """The records over some evenings, and the missed announcements per player."""

    records: tuple[Record, ...]
    """One per RecordKind, in its order."""
    missed: tuple[Missed, ...]
    """Players with a missed announcement: most first, then by name."""

    __reduce__ = _as_call

    def record(self, kind: RecordKind) -> Record:
        """The record of this kind."""
        return next(r for r in self.records if r.kind is kind)


def game_worth(game: LedgerGame) -> int | None:
    """What a game was worth: the points of the players not playing alone (each of them
    wins or loses the same, Bock included); None for a recorded game and a redeal.

    >>> from scorer.core.evening import evening
    >>> solo = evening({"rules": "ddv", "seats": ["A", "B", "C", "D"], "games": [
    ...     {"kind": "solo", "solo": "damen", "re": ["B"], "re_eyes": 190}]}).games[0]
    >>> solo.points["B"], game_worth(solo)
    (9, 3)
    """
    if game.facts.kind in (GameKind.RECORDED, GameKind.REDEAL):
        return None
    alone = game.facts.re[0] if game.facts.scored_as_solo else None
    return max((abs(game.points[p]) for p in game.players if p != alone), default=0)


def _missed(game: LedgerGame) -> list[MissedGame]:
    facts = game.facts
    if facts.re_eyes is None or not facts.kind.has_parties:
        return []
    out = []
    for party, eyes, level, players in (
            ("re", facts.re_eyes, facts.re_level, facts.re),
            ("kontra", 240 - facts.re_eyes, facts.kontra_level,
             tuple(p for p in game.players if p not in facts.re))):
        if (game.score.winner == party and eyes >= MISSED_FROM
                and level in (Level.NONE, Level.ANSAGE)):
            out.append(MissedGame(game.number, players, level))
    return out


def evening_records(key: Any, date: dt.date, ledger: Ledger) -> EveningRecords:
    """What the records need of one evening's ledger."""
    marks = []
    missed: list[MissedGame] = []
    order = {name: k for k, name in enumerate(ledger.players)}
    for game in ledger.games:
        if not counts(game):
            continue
        winners, losers = _sides(game)
        alone = soloist(game)
        marks.append(GameMark(game.number, game_worth(game),
                              tuple(sorted(winners, key=order.__getitem__)),
                              tuple(sorted(losers, key=order.__getitem__)), game.bock > 1,
                              alone if alone is not None and game.score.winner == "re"
                              else None))
        missed += _missed(game)
    return EveningRecords(key, date, dict(ledger.totals), tuple(marks), tuple(missed))


def _sides(game: LedgerGame) -> tuple[list[str], list[str]]:
    """Who won the game and who lost it (nobody when nobody won), as won_game says it:
    the party the core names, the player in a Hammelrennen."""
    winner = game.score.winner
    if winner is None:
        return [], []
    if game.facts.kind is GameKind.HAMMELRENNEN:
        won = {winner}
    else:
        re = set(game.facts.re)
        won = {p for p in game.players if (p in re) == (winner == "re")}
    return ([p for p in game.players if p in won], [p for p in game.players if p not in won])


class _Best:
    """The feats of the highest (or lowest) figure so far, earliest first."""

    def __init__(self, lowest: bool = False) -> None:
        self.sign = -1 if lowest else 1
        self.feats: list[Feat] = []

    def offer(self, feat: Feat) -> None:
        if not self.feats or feat.figure * self.sign > self.feats[0].figure * self.sign:
            self.feats = [feat]
        elif feat.figure == self.feats[0].figure:
            self.feats.append(feat)

    def takes(self, figure: int) -> bool:
        """Whether a feat of ``figure`` would be kept (so worth making at all: a long
        Runde offers tens of thousands)."""
        return not self.feats or figure * self.sign >= self.feats[0].figure * self.sign


def bestenliste(evenings: Iterable[EveningRecords]) -> Bestenliste:
    """The records over ``evenings`` (in the order the evenings were played: runs follow
    it), and every player's missed announcements."""
    best = {kind: _Best(lowest=kind is RecordKind.WORST_EVENING) for kind in RecordKind}
    game_runs: dict[str, tuple[int, Place | None]] = {}
    evening_runs: dict[str, tuple[int, Place | None]] = {}
    missed: dict[str, list[tuple[Level, Place]]] = {}

    def run(runs: dict[str, tuple[int, Place | None]], kind: RecordKind, player: str,
            won: bool, place: Place) -> None:
        length, start = runs.get(player, (0, None))
        if not won:
            runs[player] = (0, None)
            return
        length, start = length + 1, start or place
        runs[player] = (length, start)
        if best[kind].takes(length):
            best[kind].offer(Feat((player,), length, place, start))

    highest, won_games = best[RecordKind.HIGHEST_GAME], best[RecordKind.WON_GAMES_RUN]
    for evening in evenings:
        at = Place(evening.key, evening.date)
        for player, total in evening.totals.items():
            best[RecordKind.BEST_EVENING].offer(Feat((player,), total, at))
            best[RecordKind.WORST_EVENING].offer(Feat((player,), total, at))
        for player, rank in evening_ranks(evening.totals).items():
            run(evening_runs, RecordKind.WON_EVENINGS_RUN, player, rank == 1, at)
        solos: dict[str, int] = {}
        bock = 0
        for mark in evening.games:
            # The runs of won games as ``run`` keeps them, written out: this is the loop over
            # every game of every evening (a Place and a Feat made only where they are kept).
            here: Place | None = None
            if mark.worth is not None and highest.takes(mark.worth):
                here = Place(evening.key, evening.date, mark.number)
                highest.offer(Feat(mark.winners, mark.worth, here))
            for player in mark.winners:
                length, start = game_runs.get(player, (0, None))
                if start is None:
                    start = here = here or Place(evening.key, evening.date, mark.number)
                game_runs[player] = (length + 1, start)
                if won_games.takes(length + 1):
                    here = here or Place(evening.key, evening.date, mark.number)
                    won_games.offer(Feat((player,), length + 1, here, start))
            for player in mark.losers:
                game_runs[player] = (0, None)
            if mark.solo_won_by is not None:
                solos[mark.solo_won_by] = solos.get(mark.solo_won_by, 0) + 1
            bock += mark.bock
        for player, count in solos.items():
            best[RecordKind.SOLOS_WON].offer(Feat((player,), count, at))
        if bock:
            best[RecordKind.BOCK_GAMES].offer(Feat((), bock, at))
        for game in evening.missed:
            for player in game.players:
                missed.setdefault(player, []).append(
                    (game.said, Place(evening.key, evening.date, game.number)))
    lines = [Missed(player, sum(1 for said, _ in found if said is Level.NONE),
                    sum(1 for said, _ in found if said is Level.ANSAGE),
                    tuple(place for _, place in found))
             for player, found in missed.items()]
    lines.sort(key=lambda m: (-m.total, m.player.casefold(), m.player))
    return Bestenliste(tuple(Record(kind, tuple(best[kind].feats)) for kind in RecordKind),
                       tuple(lines))


__all__ = [
    "MISSED_FROM",
    "Bestenliste",
    "EveningRecords",
    "Feat",
    "GameMark",
    "Missed",
    "MissedGame",
    "Place",
    "Record",
    "RecordKind",
    "bestenliste",
    "evening_records",
    "game_worth",
]
