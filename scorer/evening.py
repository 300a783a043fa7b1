"""The evening ledger (RULES.md §7): fold the game list into dealer, players, Bock, Pflichtsolo
and totals. Pure: imports only the standard library.

Everything is recomputed from the game list alone, so changing game 3 of 40 fixes all that
follows it.

A bockrunde evening: 120:120 after "Re" fires two reasons, so one round of 4 games ×4 follows.

>>> ledger = evening({"rules": "bockrunde", "seats": ["A", "B", "C", "D"], "games": [
...     {"re": ["A", "C"], "re_eyes": 120, "announced": {"re": "ansage"}},
...     {"re": ["B", "D"], "re_eyes": 150}]})
>>> [g.bock for g in ledger.games], ledger.bock_queue
([1, 4], (4, 4, 4))
>>> ledger.totals
{'A': -8, 'B': 8, 'C': -8, 'D': 8}
>>> ledger.next.dealer, ledger.next.players
('C', ('D', 'A', 'B', 'C'))
>>> describe_bock_queue((2, 2, 2, 4, 4, 4, 4, 4))
'noch 3 Bockspiele ×2, danach 5 ×4'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.rules import (
    BockStacking,
    DealerAfterRedeal,
    DealerAfterSolo,
    GameKind,
    HouseRules,
    InvalidInput,
    PflichtsoloForced,
    rules_from_spec,
)
from scorer.scoring import GameFacts, GameScore, InvalidGame, parse_game, score_game


class InvalidEvening(InvalidInput):
    """An evening that cannot be: bad seats, dealer, plan, or a game that fails in its place.

    ``index`` is the 0-based number of the failing game, or None for the evening itself.
    """

    index: int | None = None


_FIELDS = frozenset({"rules", "seats", "first_dealer", "planned_games", "games"})


@dataclass(frozen=True, slots=True)
class EveningSetup:
    """What is fixed when an evening starts."""

    rules: HouseRules
    """The full rule set, frozen for the evening."""
    seats: tuple[str, ...]
    """Players present, clockwise (4–7)."""
    first_dealer: str
    """Who deals the first game."""
    planned_games: int | None = None
    """Planned games (counting games after which the dealer advanced), or None."""

    def __post_init__(self) -> None:
        problems = []
        if not 4 <= len(self.seats) <= 7:
            problems.append(("seats", "4 bis 7 Spieler müssen am Tisch sitzen"))
        elif len(set(self.seats)) != len(self.seats):
            problems.append(("seats", "jeder Spieler darf nur einmal am Tisch sitzen"))
        if self.first_dealer not in self.seats:
            problems.append(("first_dealer", "der erste Geber muss am Tisch sitzen"))
        if self.planned_games is not None and (type(self.planned_games) is not int
                                               or self.planned_games < 0):
            problems.append(("planned_games", "muss eine Anzahl (0 oder mehr) sein"))
        if problems:
            raise InvalidEvening(problems)


@dataclass(frozen=True, slots=True)
class NextGame:
    """Who deals and plays the next game, and at what Bock."""

    dealer: str
    """The next dealer."""
    players: tuple[str, ...]
    """The four players, in seat order after the dealer."""
    bock: int
    """The Bock factor the next game will have."""
    forced_soloist: str | None
    """Who must play a Pflichtsolo now, when Pflichtsoli are being forced."""


@dataclass(frozen=True, slots=True)
class LedgerGame:
    """One game in its place in the evening."""

    number: int
    """1-based running number."""
    dealer: str
    """Who dealt."""
    players: tuple[str, ...]
    """The four who played, in seat order after the dealer."""
    bock: int
    """The Bock factor this game had."""
    facts: GameFacts
    """The entered facts, with players and Bock filled in."""
    score: GameScore
    """The game's result."""
    points: dict[str, int]
    """Points of every seat (0 for those sitting out)."""
    totals: dict[str, int]
    """Running totals of every seat after this game."""
    pflicht: bool
    """Whether this game was a Pflichtsolo."""
    forced_soloist: str | None
    """Who had to play a Pflichtsolo in this game, if Pflichtsoli were forced."""
    dealer_stays: bool
    """Whether the same dealer deals the next game."""

    @property
    def winner(self) -> str | None:
        """"re", "kontra", None, or a Hammelrennen winner."""
        return self.score.winner

    def to_dict(self) -> dict[str, Any]:
        """CLI.md `evening` game entry, plus kind, value, lines and forced_soloist."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "players": list(self.players),
            "bock": self.bock,
            "winner": self.score.winner,
            "points": dict(self.points),
            "totals": dict(self.totals),
            "bock_reasons": [r.value for r in self.score.bock_reasons],
            "pflicht": self.pflicht,
            "kind": self.facts.kind.value,
            "value": self.score.value,
            "lines": [line.to_dict() for line in self.score.lines],
            "forced_soloist": self.forced_soloist,
        }


@dataclass(frozen=True, slots=True)
class Ledger:
    """The whole evening folded from its game list."""

    setup: EveningSetup
    """Rules, seats, first dealer and plan."""
    games: tuple[LedgerGame, ...]
    """Every game in order."""
    totals: dict[str, int]
    """Totals of every seat."""
    next: NextGame
    """The coming game."""
    bock_queue: tuple[int, ...]
    """Factors of the coming Bock games (never 1)."""
    pflichtsolo_open: tuple[str, ...]
    """Who still owes a Pflichtsolo, in seat order from the first seat."""
    planned_played: int
    """Games so far that count against planned_games (the dealer advanced after them)."""

    @property
    def sitting_out(self) -> tuple[str, ...]:
        """Seats not playing the next game, in seat order."""
        return tuple(s for s in self.setup.seats if s not in self.next.players)

    def to_dict(self) -> dict[str, Any]:
        """CLI.md `evening` output."""
        return {
            "games": [g.to_dict() for g in self.games],
            "totals": dict(self.totals),
            "next": {
                "dealer": self.next.dealer,
                "players": list(self.next.players),
                "bock": self.next.bock,
                "forced_soloist": self.next.forced_soloist,
            },
            "bock_queue": list(self.bock_queue),
            "pflichtsolo_open": list(self.pflichtsolo_open),
            "planned_played": self.planned_played,
        }


class _State:
    """The running state of the fold; private, mutated game by game."""

    __slots__ = ("setup", "dealer", "queue", "streak", "owed", "advanced")

    def __init__(self, setup: EveningSetup) -> None:
        self.setup = setup
        self.dealer = setup.seats.index(setup.first_dealer)
        self.queue: list[int] = []
        self.streak = 0
        self.owed = set(setup.seats) if setup.rules.pflichtsolo else set()
        self.advanced = 0

    def order(self) -> list[str]:
        """Every seat clockwise from the one after the dealer; the dealer comes last."""
        seats = self.setup.seats
        n = len(seats)
        return [seats[(self.dealer + k) % n] for k in range(1, n + 1)]

    def forced_soloist(self, order: list[str] | None = None) -> str | None:
        """RULES.md §7: who must play a Pflichtsolo in the coming game, if anybody.

        ``order`` is :meth:`order`, when the caller has it already.
        """
        setup = self.setup
        if not self.owed or setup.planned_games is None:
            return None
        left = setup.planned_games - self.advanced
        if setup.rules.pflichtsolo_forced is PflichtsoloForced.WITHIN:
            forced = len(self.owed) >= left
        else:
            forced = left <= 0
        if not forced:
            return None
        return next(s for s in (order or self.order()) if s in self.owed)

    def players(self, forced: str | None, order: list[str] | None = None) -> tuple[str, ...]:
        """The four seats after the dealer; a forced soloist always plays."""
        four = (order or self.order())[:4]
        if forced is not None and forced not in four:
            four = four[:3] + [forced]
        return tuple(four)

    def bock(self) -> int:
        return self.queue[0] if self.queue else 1

    def add_bock(self, reasons: int) -> None:
        """Queue the Bock rounds of a game with ``reasons`` reasons (RULES.md §7)."""
        if not reasons:
            return
        length = len(self.setup.seats)
        factor = 2**reasons
        if self.setup.rules.bock_stacking is BockStacking.APPEND:
            self.queue.extend([factor] * length)
            return
        for j in range(length):
            if j < len(self.queue):
                self.queue[j] *= factor
            else:
                self.queue.append(factor)


def _dealer_stays(state: _State, facts: GameFacts, pflicht: bool, forced: bool) -> bool:
    rules = state.setup.rules
    if facts.kind is GameKind.REDEAL:
        return rules.dealer_after_redeal is DealerAfterRedeal.STAY
    if facts.kind is not GameKind.SOLO:
        return False
    if pflicht and forced and rules.pflichtsolo_forced is PflichtsoloForced.WITHIN:
        return False  # TSR 4.2.5: a forced solo is a planned game
    mode = rules.dealer_after_solo
    if mode is DealerAfterSolo.STAY:
        return True
    if mode is DealerAfterSolo.STAY_PFLICHT:
        return pflicht
    if mode is DealerAfterSolo.STAY_UNTIL_THIRD:
        return state.streak + 1 < 3
    return False


def _pflicht(state: _State, facts: GameFacts, forced: str | None) -> bool:
    if facts.kind is not GameKind.SOLO:
        return False
    soloist = facts.re[0]
    if facts.pflicht is not None:
        if facts.pflicht and soloist not in state.owed:
            raise InvalidGame([("pflicht", f"{soloist} hat kein Pflichtsolo mehr offen")])
        return facts.pflicht
    if not state.setup.rules.pflichtsolo:
        return False
    if state.setup.rules.first_solo_is_pflicht:
        return soloist in state.owed
    return forced == soloist


def fold(setup: EveningSetup, games: Sequence[Mapping[str, Any]]) -> Ledger:
    """Fold raw game inputs (CLI.md, without rules and bock) into the ledger."""
    state = _State(setup)
    seats = setup.seats
    totals = dict.fromkeys(seats, 0)
    out: list[LedgerGame] = []
    for i, raw in enumerate(games):
        try:
            entry = _play(state, raw, i + 1, totals)
        except InvalidInput as err:
            failed = InvalidEvening(err.prefixed(f"games[{i}]").problems)
            failed.index = i
            raise failed from None
        out.append(entry)
    forced = state.forced_soloist()
    return Ledger(
        setup=setup,
        games=tuple(out),
        totals=totals,
        next=NextGame(
            dealer=seats[state.dealer],
            players=state.players(forced),
            bock=state.bock(),
            forced_soloist=forced,
        ),
        bock_queue=tuple(state.queue),
        pflichtsolo_open=tuple(s for s in seats if s in state.owed),
        planned_played=state.advanced,
    )


def _play(state: _State, raw: Mapping[str, Any], number: int, totals: dict[str, int]) -> LedgerGame:
    """Score one game in its place and advance the state."""
    if not (type(raw) is dict or isinstance(raw, Mapping)):
        raise InvalidGame([("", "ein Spiel muss ein JSON-Objekt sein")])
    for key in ("rules", "bock"):
        if key in raw:
            raise InvalidGame([(key, "kommt vom Abend, nicht vom einzelnen Spiel")])
    setup = state.setup
    order = state.order()
    forced = state.forced_soloist(order)
    bock = state.bock()
    # The Bock factor comes from the evening (a game carrying one was rejected above); parsing
    # it with the game is cheaper than copying the facts afterwards.
    facts = parse_game({**raw, "bock": bock} if bock != 1 else raw,
                       players=state.players(forced, order))
    if "players" in raw:
        strangers = [p for p in facts.players if p not in setup.seats]
        if strangers:
            raise InvalidGame([("players", f"sitzt nicht am Tisch: {', '.join(strangers)}")])
    players = tuple(sorted(facts.players, key=order.index))
    if players != facts.players:
        facts = dataclasses.replace(facts, players=players)
    result = score_game(facts, setup.rules)
    pflicht = _pflicht(state, facts, forced)
    stays = _dealer_stays(state, facts, pflicht, forced is not None)

    dealer = setup.seats[state.dealer]
    if stays:
        if facts.kind is GameKind.SOLO:
            state.streak += 1
    else:
        state.dealer = (state.dealer + 1) % len(setup.seats)
        state.advanced += 1
        state.streak = 0
        if state.queue:
            state.queue.pop(0)
    state.add_bock(len(result.bock_reasons))
    if pflicht:
        state.owed.discard(facts.re[0])

    points = dict.fromkeys(setup.seats, 0)
    for name, value in result.points.items():
        points[name] = value
        totals[name] += value
    return LedgerGame(
        number=number,
        dealer=dealer,
        players=players,
        bock=bock,
        facts=facts,
        score=result,
        points=points,
        totals=dict(totals),
        pflicht=pflicht,
        forced_soloist=forced,
        dealer_stays=stays,
    )


def parse_setup(data: Mapping[str, Any]) -> EveningSetup:
    """The evening part of a CLI.md `evening` input."""
    problems = [(str(k), "unbekanntes Feld") for k in data if k not in _FIELDS]
    if problems:
        raise InvalidEvening(problems)
    if "rules" not in data:
        raise InvalidEvening([("rules", "fehlt: nach welchen Regeln wird gezählt?")])
    rules = rules_from_spec(data["rules"])
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s.strip() for s in seats):
        raise InvalidEvening([("seats", "die Spieler am Tisch als Liste von Namen angeben")])
    first = data.get("first_dealer", seats[0] if seats else "")
    if not isinstance(first, str):
        raise InvalidEvening([("first_dealer", "den Namen des ersten Gebers angeben")])
    return EveningSetup(
        rules=rules,
        seats=tuple(seats),
        first_dealer=first,
        planned_games=data.get("planned_games"),
    )


def evening(data: Any) -> Ledger:
    """Parse and fold a whole CLI.md `evening` input."""
    if not isinstance(data, Mapping):
        raise InvalidEvening([("", "ein Abend muss ein JSON-Objekt sein")])
    setup = parse_setup(data)
    games = data.get("games", [])
    if not isinstance(games, list):
        raise InvalidEvening([("games", "die Spiele als Liste angeben")])
    return fold(setup, games)


def describe_bock_queue(queue: Sequence[int]) -> str:
    """The coming Bock games in the table's words: "noch 3 Bockspiele ×2, danach 5 ×4"."""
    if not queue:
        return "keine Bockspiele"
    runs: list[list[int]] = []
    for factor in queue:
        if runs and runs[-1][0] == factor:
            runs[-1][1] += 1
        else:
            runs.append([factor, 1])
    first, *rest = runs
    word = "Bockspiel" if first[1] == 1 else "Bockspiele"
    text = f"noch {first[1]} {word} ×{first[0]}"
    for factor, count in rest:
        text += f", danach {count} ×{factor}"
    return text


__all__ = [
    "EveningSetup",
    "InvalidEvening",
    "Ledger",
    "LedgerGame",
    "NextGame",
    "describe_bock_queue",
    "evening",
    "fold",
    "parse_setup",
]
