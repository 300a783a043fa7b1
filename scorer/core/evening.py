"""The evening ledger (RULES.md §7, §9): fold the list of games and table changes into dealer,
players, Bock, Pflichtsolo and totals. Pure: imports only the standard library.

Everything is recomputed from the entry list alone, so changing game 3 of 40 fixes all that
follows it; :func:`resume` goes on from a folded ledger without replaying its games.

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

E joins after game 2 and deals next (C would have): E sits in the fifth seat, so the four
after E play; E's total starts at 0, and earlier games list E with 0 points.

>>> more = [{"table": ["A", "B", "C", "D", "E"], "dealer": "E"},
...         {"re": ["A", "B"], "re_eyes": 130}]
>>> later = resume(ledger, more)
>>> later.games[-1].dealer, later.games[-1].players, later.games[0].points["E"]
('E', ('A', 'B', 'C', 'D'), 0)
>>> later.table_changes[0].to_dict()["joined"], later.totals
(['E'], {'A': -4, 'B': 12, 'C': -12, 'D': 4, 'E': 0})
>>> later == evening({"rules": "bockrunde", "seats": ["A", "B", "C", "D"], "games": [
...     {"re": ["A", "C"], "re_eyes": 120, "announced": {"re": "ansage"}},
...     {"re": ["B", "D"], "re_eyes": 150}, *more]})
True
>>> describe_bock_queue((2, 2, 2, 4, 4, 4, 4, 4))
'noch 3 Bockspiele ×2, danach 5 ×4'
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple

from scorer.core.json_text import json_text
from scorer.core.marked import N_
from scorer.core.rules import (
    MAX_BOCK,
    BockAtEnd,
    BockStacking,
    DealerAfterRedeal,
    DealerAfterSolo,
    GameKind,
    HouseRules,
    InvalidInput,
    PflichtsoloForced,
    Said,
    german_number,
    is_bock_factor,
    key_shown,
    rules_from_spec,
    shown,
)
from scorer.core.scoring import (
    GameEntry,
    GameFacts,
    GameScore,
    InvalidGame,
    name_problem,
    parse_game,
    score_game,
)

# Game kinds every game of a fold asks about, as module constants: on Python 3.11 every
# `GameKind.SOLO` is a slow class attribute lookup (EnumType defines __getattr__).
_SOLO, _REDEAL, _RECORDED = GameKind.SOLO, GameKind.REDEAL, GameKind.RECORDED

MAX_ENTRIES = 50_000
"""The most entries (games and table changes) one evening's `games` list may hold.

Far beyond any real evening, and exactly what bench/core.py folds; the web app enforces the
same cap, so an evening it stores can always be folded again.
"""


MAX_QUEUE = 7 * MAX_ENTRIES
"""The longest Bock queue an evening can start from: as many slots as an evening of
MAX_ENTRIES games at a table of seven could leave queued."""


class InvalidEvening(InvalidInput):
    """An evening that cannot be: bad seats, dealer, plan, or an entry that fails in its place.

    ``index`` is the 0-based index of the failing entry in the `games` list (table changes
    counted, as CLI.md names them), or None for the evening itself.
    """

    index: int | None = None


_FIELDS = frozenset({"rules", "seats", "first_dealer", "planned_games", "bock_queue_start",
                     "games"})
_TABLE_FIELDS = frozenset({"table", "dealer"})


@dataclass(frozen=True, slots=True)
class EveningSetup:
    """What is fixed when an evening starts."""

    rules: HouseRules
    """The full rule set, frozen for the evening."""
    seats: tuple[str, ...]
    """The first table: players present, clockwise (4–7); table changes come as entries."""
    first_dealer: str
    """Who deals the first game."""
    planned_games: int | None = None
    """Planned games (counting games after which the dealer advanced), or None."""
    bock_queue_start: tuple[int, ...] = ()
    """The Bock queue the evening starts from, slot 0 first: what the Runde's previous
    evening carried over (RULES.md §10.2 ``carry``); empty for most evenings."""

    def __post_init__(self) -> None:
        problems = []
        if not 4 <= len(self.seats) <= 7:
            problems.append(("seats", N_("4 bis 7 Spieler müssen am Tisch sitzen")))
        elif len(set(self.seats)) != len(self.seats):
            problems.append(("seats", N_("jeder Spieler darf nur einmal am Tisch sitzen")))
        if self.first_dealer not in self.seats:
            problems.append(("first_dealer", N_("der erste Geber muss am Tisch sitzen")))
        if self.planned_games is not None and (type(self.planned_games) is not int
                                               or self.planned_games < 0):
            problems.append(("planned_games", N_("muss eine Anzahl (0 oder mehr) sein")))
        if (type(self.bock_queue_start) is not tuple or len(self.bock_queue_start) > MAX_QUEUE
                or not all(is_bock_factor(f, at_least=2) for f in self.bock_queue_start)):
            problems.append(("bock_queue_start",
                             Said(N_("eine Liste von Bock-Faktoren 2, 4, 8 … bis ×%(max)s "
                                     "angeben"), max=german_number(MAX_BOCK))))
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
    seats: tuple[str, ...]
    """The table now, clockwise: the first seats, or those of the last table change."""


class LedgerGame(NamedTuple):
    """One game in its place in the evening (immutable; a NamedTuple, as GameFacts)."""

    number: int
    """1-based running number; table changes are not counted."""
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
    """Points of every player of the evening (0 for those sitting out or not at the table)."""
    totals: dict[str, int]
    """Running totals of every player of the evening after this game."""
    pflicht: bool
    """Whether this game was a Pflichtsolo."""
    forced_soloist: str | None
    """Who had to play a Pflichtsolo in this game, if Pflichtsoli were forced."""
    dealer_stays: bool
    """Whether the same dealer deals the next game, had the table not changed after it."""
    seats: tuple[str, ...]
    """The table when the game was played, clockwise."""
    rotation_players: tuple[str, ...]
    """The four the rotation named for this game (the seats after the dealer, a forced
    soloist swapped in): ``players`` differs when the entry named other players."""

    @property
    def winner(self) -> str | None:
        """"re", "kontra", None, or a Hammelrennen winner."""
        return self.score.winner

    def to_dict(self) -> dict[str, Any]:
        """CLI.md `evening` game entry, plus kind, value, lines and forced_soloist."""
        score = self.score
        return {
            "number": self.number,
            "dealer": self.dealer,
            "players": list(self.players),
            "bock": self.bock,
            "winner": score.winner,
            "points": dict(self.points),
            "totals": dict(self.totals),
            "bock_reasons": [r.value for r in score.bock_reasons],
            "pflicht": self.pflicht,
            "kind": self.facts.kind.value,
            "value": score.value,
            "lines": [line.to_dict() for line in score.lines],
            "forced_soloist": self.forced_soloist,
        }


@dataclass(frozen=True, slots=True)
class TableChange:
    """An entry with `table`: players came, went or changed seats (RULES.md §7)."""

    index: int
    """Position of the change in the input `games` list (games and changes counted)."""
    after: int
    """The number of games before it (0 before game 1)."""
    seats: tuple[str, ...]
    """The new table, clockwise."""
    dealer: str
    """Who deals the next game."""
    joined: tuple[str, ...]
    """Players not at the old table, in new seat order."""
    left: tuple[str, ...]
    """Players not at the new table, in old seat order."""
    pflichtsolo_dropped: tuple[str, ...]
    """Leavers whose open Pflichtsolo was dropped, in old seat order."""

    def to_dict(self) -> dict[str, Any]:
        """The CLI.md `table_changes` item."""
        return {
            "after": self.after,
            "seats": list(self.seats),
            "dealer": self.dealer,
            "joined": list(self.joined),
            "left": list(self.left),
            "pflichtsolo_dropped": list(self.pflichtsolo_dropped),
        }


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """The fold's state after the last entry, frozen, so that :func:`resume` can go on."""

    seats: tuple[str, ...]
    dealer: int
    queue: tuple[int, ...]
    streak: int
    owed: frozenset[str]
    done: frozenset[str]
    advanced: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    games: int


@dataclass(frozen=True, slots=True)
class Ledger:
    """The whole evening folded from its entries."""

    setup: EveningSetup
    """Rules, first seats, first dealer and plan."""
    games: tuple[LedgerGame, ...]
    """Every game in order."""
    totals: dict[str, int]
    """Totals of every player of the evening."""
    next: NextGame
    """The coming game."""
    bock_queue: tuple[int, ...]
    """Factors of the coming Bock games (never 1)."""
    pflichtsolo_open: tuple[str, ...]
    """Who at the table still owes a Pflichtsolo, in seat order from the first seat."""
    planned_played: int
    """Games so far that count against planned_games (the dealer advanced after them)."""
    players: tuple[str, ...]
    """Every player of the evening: the first seats, then newcomers in order of arrival."""
    table_changes: tuple[TableChange, ...]
    """The table changes, in input order."""
    entries: tuple[LedgerGame | TableChange, ...]
    """Games and table changes in input order (a sheet draws a change between its games)."""
    _state: _Snapshot = field(repr=False)

    @property
    def seats(self) -> tuple[str, ...]:
        """The table at the end, clockwise."""
        return self.next.seats

    @property
    def arrivals(self) -> dict[str, int]:
        """The games played before each newcomer first came to the table (RULES.md §7: they
        count 0 in those, but were not there); players of the first seats are not in it."""
        out: dict[str, int] = {}
        for change in self.table_changes:
            for name in change.joined:
                if name not in self.setup.seats:
                    out.setdefault(name, change.after)
        return out

    @property
    def plan_played(self) -> bool:
        """RULES.md §10.2: the planned games are played and no Pflichtsolo is forced any more
        (so every forced one is played). False for an evening without planned games."""
        planned = self.setup.planned_games
        return (planned is not None and self.planned_played >= planned
                and self.next.forced_soloist is None)

    @property
    def complete(self) -> bool:
        """Whether the evening is done by its plan: the plan is played and, under
        ``bock_at_end: play_out``, no Bock game is left either (RULES.md §10.2)."""
        return self.plan_played and not (
            self.bock_queue and self.setup.rules.bock_at_end is BockAtEnd.PLAY_OUT)

    @property
    def sitting_out(self) -> tuple[str, ...]:
        """Players at the table not playing the next game, in seat order."""
        return tuple(s for s in self.next.seats if s not in self.next.players)

    def to_dict(self) -> dict[str, Any]:
        """CLI.md `evening` output (`scorer evening` prints its text from :meth:`json_pieces`)."""
        return {
            "games": [g.to_dict() for g in self.games],
            "totals": dict(self.totals),
            "next": {
                "dealer": self.next.dealer,
                "players": list(self.next.players),
                "bock": self.next.bock,
                "forced_soloist": self.next.forced_soloist,
                "seats": list(self.next.seats),
            },
            "bock_queue": list(self.bock_queue),
            "pflichtsolo_open": list(self.pflichtsolo_open),
            "planned_played": self.planned_played,
            "table_changes": [c.to_dict() for c in self.table_changes],
        }

    def json_pieces(self) -> Iterator[str]:
        """CLI.md `evening` output as JSON text in pieces, made for a long evening.

        Each game's object is written from one template, its keys in sorted order; every value
        in it that is not a number comes from json.dumps, once for each distinct value (a name,
        a game's four players, a breakdown, its Bock reasons), and the points and totals of
        every game share one %-template: the evening's players in sorted order, each with %d.
        So a game costs a few dict lookups and one format instead of the encoder walking a
        tree of some 70 values (under half the time); the text is exactly
        ``json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)``, which a property
        test holds. A thousand games a piece: a 50,000-game evening never holds its whole text.
        """
        names = sorted(self.players)
        per_player = "{" + ", ".join(f"{json_text(name).replace('%', '%%')}: %d"
                                     for name in names) + "}"
        in_name_order = itemgetter(*names)
        texts = _Texts(lambda value: value)  # names, None, a game's players (a tuple: a list)
        breakdowns = _Texts(lambda lines: [line.to_dict() for line in lines])
        reasons = _Texts(lambda fired: [reason.value for reason in fired])

        def game(g: LedgerGame) -> str:
            score = g.score
            return (f'{{"bock": {g.bock}, "bock_reasons": {reasons[score.bock_reasons]}, '
                    f'"dealer": {texts[g.dealer]}, "forced_soloist": {texts[g.forced_soloist]}, '
                    f'"kind": {_KIND_JSON[g.facts.kind]}, "lines": {breakdowns[score.lines]}, '
                    f'"number": {g.number}, "pflicht": {"true" if g.pflicht else "false"}, '
                    f'"players": {texts[g.players]}, '
                    f'"points": {per_player % in_name_order(g.points)}, '
                    f'"totals": {per_player % in_name_order(g.totals)}, '
                    f'"value": {score.value}, "winner": {texts[score.winner]}}}')

        coming = self.next
        frame = json_text({
            "games": [],
            "totals": self.totals,
            "next": {"dealer": coming.dealer, "players": coming.players, "bock": coming.bock,
                     "forced_soloist": coming.forced_soloist, "seats": coming.seats},
            "bock_queue": self.bock_queue,
            "pflichtsolo_open": self.pflichtsolo_open,
            "planned_played": self.planned_played,
            "table_changes": [c.to_dict() for c in self.table_changes],
        })
        # With sorted keys "games" comes second, after bock_queue's numbers: its key is the
        # first match.
        before, _, after = frame.partition('"games": []')
        yield before + '"games": ['
        for start in range(0, len(self.games), _GAMES_A_PIECE):
            chunk = ", ".join(map(game, self.games[start:start + _GAMES_A_PIECE]))
            yield (", " if start else "") + chunk
        yield "]" + after


_GAMES_A_PIECE = 1_000
"""How many games :meth:`Ledger.json_pieces` writes at a time."""


class _Texts(dict[Any, str]):
    """The JSON text of each value, made the first time it is looked up: ``shape`` turns
    the value into what json encodes."""

    def __init__(self, shape: Callable[[Any], Any]) -> None:
        super().__init__()
        self.shape = shape

    def __missing__(self, value: Any) -> str:
        made = self[value] = json_text(self.shape(value))
        return made


_KIND_JSON = {kind: json_text(kind.value) for kind in GameKind}
"""Each game kind's JSON text."""


class _State:
    """The running state of the fold; private, mutated entry by entry."""

    __slots__ = ("rules", "planned", "seats", "orders", "fours", "dealer", "queue", "streak",
                 "owed", "done", "advanced", "players", "totals", "games")

    def __init__(self, setup: EveningSetup, snap: _Snapshot | None = None) -> None:
        self.rules = setup.rules
        self.planned = setup.planned_games
        if snap is None:
            seats = setup.seats
            snap = _Snapshot(
                seats=seats, dealer=seats.index(setup.first_dealer),
                queue=setup.bock_queue_start, streak=0,
                owed=frozenset(seats) if setup.rules.pflichtsolo else frozenset(),
                done=frozenset(), advanced=0, players=seats, totals=(0,) * len(seats), games=0)
        self.seat(snap.seats)
        self.dealer = snap.dealer
        """Index in ``seats`` of who deals the next game."""
        self.queue = deque(snap.queue)
        """Bock slots (RULES.md §9): slot 0 belongs to the next game after which the dealer
        advances; a deque, because slot 0 leaves from the front every round."""
        self.streak = snap.streak
        """Announced solos in a row after which this dealer stayed (stay_until_third)."""
        self.owed = set(snap.owed)
        """Seated players who still owe a Pflichtsolo."""
        self.done = set(snap.done)
        """Players who have played their Pflichtsolo (a returning player owes none)."""
        self.advanced = snap.advanced
        self.players = list(snap.players)
        self.totals = dict(zip(snap.players, snap.totals))
        self.games = snap.games

    def snapshot(self) -> _Snapshot:
        return _Snapshot(
            seats=self.seats, dealer=self.dealer, queue=tuple(self.queue), streak=self.streak,
            owed=frozenset(self.owed), done=frozenset(self.done), advanced=self.advanced,
            players=tuple(self.players), totals=tuple(self.totals.values()), games=self.games)

    # ------------------------------------------------------------------ who plays

    def seat(self, seats: tuple[str, ...]) -> None:
        """Sit the table down: its seat order from each dealer, and the first four of each
        (one shared tuple per dealer: most games list one of these as their players)."""
        self.seats = seats
        self.orders = _orders(seats)
        self.fours = {order: order[:4] for order in self.orders}

    def order(self) -> tuple[str, ...]:
        """Every seat clockwise from the one after the dealer; the dealer comes last."""
        return self.orders[self.dealer]

    def forced_soloist(self, order: tuple[str, ...]) -> str | None:
        """RULES.md §7: who must play a Pflichtsolo in the coming game, if anybody."""
        if not self.owed or self.planned is None:
            return None
        left = self.planned - self.advanced
        if self.rules.pflichtsolo_forced is PflichtsoloForced.WITHIN:
            forced = len(self.owed) >= left
        else:
            forced = left <= 0
        if not forced:
            return None
        return next(s for s in order if s in self.owed)

    def four(self, forced: str | None, order: tuple[str, ...]) -> tuple[str, ...]:
        """The four seats after the dealer; a forced soloist always plays."""
        four = self.fours[order]
        if forced is not None and forced not in four:
            four = four[:3] + (forced,)
        return four

    def bock(self, forced: str | None) -> int:
        """The coming game's factor: slot 0, or 1 while a forced game pauses Bock (§9.7)."""
        if not self.queue or (forced is not None and self.rules.bock_pause_forced):
            return 1
        return self.queue[0]

    def move_on(self, forced: str | None) -> None:
        """After a game the dealer does not stay for: the next seat deals, the game counts
        against the plan, and it uses up a Bock slot unless Bock pauses for it (§9.7)."""
        self.dealer = (self.dealer + 1) % len(self.seats)
        self.advanced += 1
        self.streak = 0
        if self.queue and not (forced is not None and self.rules.bock_pause_forced):
            self.queue.popleft()

    def next_game(self) -> NextGame:
        order = self.order()
        forced = self.forced_soloist(order)
        return NextGame(dealer=self.seats[self.dealer], players=self.four(forced, order),
                        bock=self.bock(forced), forced_soloist=forced, seats=self.seats)

    # ------------------------------------------------------------------ Bock (§7, §9)

    def add_bock(self, reasons: int, was_queued: bool) -> None:
        """Let a game's ``reasons`` act on the queue, with L = the players at the table."""
        if not reasons:
            return
        length = len(self.seats)
        factor = 2**reasons
        queue = self.queue
        mode = self.rules.bock_stacking
        if mode is BockStacking.APPEND or (mode is BockStacking.IGNORE and not was_queued):
            queue.extend([factor] * length)
        elif mode is BockStacking.MULTIPLY:
            for _ in range(reasons):
                self._double_round(length)
            if max(queue) > MAX_BOCK:
                raise InvalidGame([("", Said(N_("so viel Bock gibt es nicht: der Faktor stiege "
                                                "über ×%(max)s"), max=german_number(MAX_BOCK)))])
        elif mode is BockStacking.MERGE:
            for j in range(length):
                if j < len(queue):
                    queue[j] = max(queue[j], factor)
                else:
                    queue.append(factor)
        elif mode is BockStacking.RESTART:
            queue.clear()
            queue.extend([factor] * length)

    def _double_round(self, length: int) -> None:
        """One reason under `multiply`: double the first ``length`` slots below the cap
        (§9.3: a slot at the cap is skipped and the round reaches one slot further)."""
        queue, cap = self.queue, self.rules.bock_cap
        doubled = j = 0
        while doubled < length:
            if j == len(queue):
                queue.append(1)
            if not cap or queue[j] < cap:
                queue[j] *= 2
                doubled += 1
            j += 1

    # ------------------------------------------------------------------ one game

    def play(self, raw: Any) -> LedgerGame:
        """Score one game in its place and advance the state: ``raw`` is CLI.md JSON or a
        typed GameEntry (named by names), which carries neither rules nor Bock."""
        if type(raw) is not GameEntry:
            if not (type(raw) is dict or isinstance(raw, Mapping)):
                raise InvalidGame([("", N_("ein Spiel muss ein JSON-Objekt sein"))])
            if "rules" in raw or "bock" in raw:
                key = "rules" if "rules" in raw else "bock"
                raise InvalidGame([(key, N_("kommt vom Abend, nicht vom einzelnen Spiel"))])
        order = self.order()
        forced = self.forced_soloist(order)
        bock = self.bock(forced)
        expected = self.four(forced, order)
        facts = self._facts(raw, order, expected, bock)
        rules = self.rules
        result = score_game(facts, rules)
        pflicht = _pflicht(self, facts, forced)
        stays = _dealer_stays(self, facts, pflicht, forced is not None)

        dealer = self.seats[self.dealer]
        was_queued = bool(self.queue)
        if stays:
            if facts.kind is _SOLO:
                self.streak += 1
            elif facts.kind is _RECORDED:
                self.streak = 0  # §10.1: a recorded game breaks the row, also if he stays
        else:
            self.move_on(forced)
        self.add_bock(len(result.bock_reasons), was_queued)
        if pflicht:
            self.owed.discard(facts.re[0])
            self.done.add(facts.re[0])

        self.games += 1
        totals = self.totals
        points = dict.fromkeys(self.players, 0)
        points.update(result.points)
        for name, value in result.points.items():
            totals[name] += value
        return LedgerGame(self.games, dealer, facts.players, bock, facts, result, points,
                          totals.copy(), pflicht, forced, stays, self.seats, expected)

    def _facts(self, raw: Mapping[str, Any] | GameEntry[str], order: tuple[str, ...],
               expected: tuple[str, ...], bock: int) -> GameFacts:
        """The game's facts with its players in seat order after the dealer (``expected``
        when the entry names none) and the Bock factor from the evening."""
        facts = parse_game(raw, players=expected, bock=bock)
        named = raw.players is not None if isinstance(raw, GameEntry) else "players" in raw
        if named:
            strangers = [p for p in facts.players if p not in order]
            if strangers:
                raise InvalidGame([("players", Said(N_("sitzt nicht am Tisch: %(names)s"),
                                                    names=", ".join(strangers)))])
            seated = tuple(sorted(facts.players, key=order.index))
            if seated != facts.players:
                facts = facts._replace(players=seated)
        return facts

    # ------------------------------------------------------------------ one table change

    def change_table(self, raw: Mapping[str, Any], index: int) -> TableChange:
        """Seat the new table (RULES.md §7 "Table changes")."""
        problems = [(key_shown(key), N_("ein Tischwechsel hat nur die Felder table und dealer"))
                    for key in raw if key not in _TABLE_FIELDS]
        seats = _table(raw["table"], problems)
        chosen = raw.get("dealer")
        if chosen is not None and seats and chosen not in seats:
            shown_name = chosen if isinstance(chosen, str) and not name_problem(chosen) \
                else shown(chosen)
            problems.append(("dealer", Said(N_("sitzt nach dem Tischwechsel nicht am Tisch: "
                                               "%(name)s"), name=shown_name)))
        if problems:
            raise InvalidGame(problems)
        old = self.seats
        would_deal = old[self.dealer]
        dealer = chosen if chosen is not None else _successor(would_deal, old, seats)
        if dealer != would_deal:
            self.streak = 0  # the stay_until_third row starts again with another dealer
        left = tuple(p for p in old if p not in seats)
        change = TableChange(
            index=index, after=self.games, seats=seats, dealer=dealer,
            joined=tuple(p for p in seats if p not in old), left=left,
            pflichtsolo_dropped=tuple(p for p in left if p in self.owed))
        for name in change.joined:
            if name not in self.totals:
                self.players.append(name)
                self.totals[name] = 0
        self.owed = {p for p in seats if p not in self.done} if self.rules.pflichtsolo else set()
        self.seat(seats)
        self.dealer = seats.index(dealer)
        return change


def playing_order(seats: Sequence[str], dealer: str) -> tuple[str, ...]:
    """Every seat clockwise from the one after ``dealer``, the dealer last: the order in
    which the table plays (RULES.md §7: the first one leads) and the pages list players.

    >>> playing_order(["Anna", "Ben", "Cem", "Dora", "Emil"], "Ben")
    ('Cem', 'Dora', 'Emil', 'Anna', 'Ben')
    """
    start = list(seats).index(dealer)
    return tuple(seats[(start + k) % len(seats)] for k in range(1, len(seats) + 1))


def _orders(seats: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """For each dealer seat, the playing order: computed once per table instead of once
    per game."""
    return tuple(playing_order(seats, dealer) for dealer in seats)


def _table(raw: Any, problems: list[tuple[str, str]]) -> tuple[str, ...]:
    """The new seat order of a table change, or () with the problem recorded."""
    if (not isinstance(raw, list) or not 4 <= len(raw) <= 7
            or not all(isinstance(p, str) and p.strip() for p in raw)
            or len(set(raw)) != len(raw)):
        problems.append(("table", N_("4 bis 7 verschiedene Namen angeben")))
        return ()
    bad = next((m for m in map(name_problem, raw) if m), None)
    if bad:
        problems.append(("table", bad))
        return ()
    return tuple(raw)


def _successor(would_deal: str, old: tuple[str, ...], new: tuple[str, ...]) -> str:
    """Who deals after a change: D if still seated, else the first player after D clockwise
    in the old order who is still seated, else the first seat of the new order."""
    start = old.index(would_deal)
    for k in range(len(old)):
        candidate = old[(start + k) % len(old)]
        if candidate in new:
            return candidate
    return new[0]


def _dealer_stays(state: _State, facts: GameFacts, pflicht: bool, forced: bool) -> bool:
    rules = state.rules
    if facts.kind is _REDEAL:
        return rules.dealer_after_redeal is DealerAfterRedeal.STAY
    if facts.kind is _RECORDED:
        return facts.dealer_stays
    if facts.kind is not _SOLO:
        return False
    return _solo_stays(state, pflicht, forced)


def _solo_stays(state: _State, pflicht: bool, forced: bool) -> bool:
    """Whether the dealer deals again after an announced solo (RULES.md §7)."""
    rules = state.rules
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
    if facts.kind is not _SOLO:
        return False
    soloist = facts.re[0]
    if facts.pflicht is not None:
        if facts.pflicht and soloist not in state.owed:
            raise InvalidGame([("pflicht", Said(N_("%(name)s hat kein Pflichtsolo mehr offen"),
                                                name=soloist))])
        return facts.pflicht
    if not state.rules.pflichtsolo:
        return False
    if state.rules.first_solo_is_pflicht:
        return soloist in state.owed
    return forced == soloist


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run folds without the cyclic garbage collector (nested: the outermost resumes it).

    A fold makes no reference cycles, so the collector has nothing to find in it; left on,
    it walks the growing ledger again and again and a long evening costs more per game.
    Folding many evenings in a row, pause it around all of them: resumed after each, it
    walks everything folded so far once more at the next allocation.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _fold(state: _State, entries: Sequence[Any],
          offset: int) -> tuple[list[LedgerGame | TableChange], bool]:
    """Fold ``entries`` (the first at input index ``offset``) into ``state``.

    Returns the new entries and whether a newcomer joined (earlier games then need widening).
    """
    if offset + len(entries) > MAX_ENTRIES:
        raise InvalidEvening([("games", Said(N_("höchstens %(max)s Einträge (Spiele und "
                                                "Tischwechsel) je Abend"),
                                             max=german_number(MAX_ENTRIES)))])
    known = len(state.players)
    out: list[LedgerGame | TableChange] = []
    with collector_paused():
        for i, raw in enumerate(entries, offset):
            try:
                if (type(raw) is dict or isinstance(raw, Mapping)) and "table" in raw:
                    out.append(state.change_table(raw, i))
                else:
                    out.append(state.play(raw))
            except InvalidInput as err:
                failed = InvalidEvening(err.prefixed(f"games[{i}]").problems)
                failed.index = i
                raise failed from None
    return out, len(state.players) > known


def _ledger(setup: EveningSetup, state: _State, entries: tuple[LedgerGame | TableChange, ...],
            games: tuple[LedgerGame, ...], changes: tuple[TableChange, ...],
            widen: bool) -> Ledger:
    players = tuple(state.players)
    if widen:
        games = tuple(_widened(g, players) for g in games)
        by_number = {g.number: g for g in games}
        entries = tuple(e if isinstance(e, TableChange) else by_number[e.number]
                        for e in entries)
    return Ledger(
        setup=setup, games=games, totals=dict(state.totals), next=state.next_game(),
        bock_queue=tuple(state.queue),
        pflichtsolo_open=tuple(s for s in state.seats if s in state.owed),
        planned_played=state.advanced, players=players, table_changes=changes,
        entries=entries if changes else games, _state=state.snapshot())


def _widened(game: LedgerGame, players: tuple[str, ...]) -> LedgerGame:
    """The game with 0 points and its running total for players who joined later."""
    if len(game.points) == len(players):
        return game
    points = {p: game.points.get(p, 0) for p in players}
    totals = {p: game.totals.get(p, 0) for p in players}
    return game._replace(points=points, totals=totals)


def fold(setup: EveningSetup, entries: Sequence[Any]) -> Ledger:
    """Fold raw entries (CLI.md games without rules and bock, or typed GameEntry values named
    by names, and table changes) into the ledger."""
    state = _State(setup)
    new, joined = _fold(state, entries, 0)
    games = tuple(e for e in new if isinstance(e, LedgerGame))
    changes = tuple(e for e in new if isinstance(e, TableChange))
    return _ledger(setup, state, tuple(new) if changes else games, games, changes, joined)


def resume(ledger: Ledger, more: Sequence[Any]) -> Ledger:
    """Go on from ``ledger`` with ``more`` entries: the same as folding all entries anew.

    Only the new entries are folded (and, when a newcomer joins, earlier games get the new
    player's 0 points); error indexes count from the start of the evening.
    """
    setup = ledger.setup
    state = _State(setup, ledger._state)
    new, joined = _fold(state, more, len(ledger.entries))
    if not new:
        return ledger
    games = ledger.games + tuple(e for e in new if isinstance(e, LedgerGame))
    changes = ledger.table_changes + tuple(e for e in new if isinstance(e, TableChange))
    entries = ledger.entries + tuple(new) if changes else games
    return _ledger(setup, state, entries, games, changes, joined)


class Ahead(NamedTuple):
    """A game further ahead than the next one, as far as the ledger can tell (games_ahead)."""

    game: NextGame
    """Its dealer, players, forced soloist and Bock factor."""
    bock_queue: tuple[int, ...]
    """The Bock games queued from it on."""


def moves_on(kind: GameKind, rules: HouseRules) -> bool:
    """Whether any game of this kind moves the dealer on and pays off no Pflichtsolo: what
    :func:`games_ahead` assumes of the games before the one it tells. Every kind but a solo
    (the dealer may stay; it may be a Pflichtsolo), a redeal (the dealer may deal again) and
    a recorded game (its entry says whether the dealer stays); a solo too where the dealer never stays and nobody owes one (RULES.md §7)."""
    if kind is GameKind.REDEAL:
        return rules.dealer_after_redeal is not DealerAfterRedeal.STAY
    if kind is GameKind.RECORDED:
        return False  # its dealer_stays says (RULES.md §10.1)
    if kind is GameKind.SOLO:
        return rules.dealer_after_solo is DealerAfterSolo.ADVANCE and not rules.pflichtsolo
    return True


def games_ahead(ledger: Ledger, count: int) -> tuple[Ahead, ...]:
    """The next ``count`` games as they will be if every game before each of them moves the
    dealer on (:func:`moves_on`) and starts no Bock round: their dealer, players and forced
    soloist are then exact; their Bock holds only if no new round came. The first is
    ``ledger.next``. A phone that keeps games while it is offline tells from these who deals
    the game after them (RULES.md §7).

    >>> ahead = games_ahead(evening({"rules": "ddv", "seats": ["A", "B", "C", "D", "E"],
    ...                              "games": [{"re": ["B", "C"], "re_eyes": 130}]}), 3)
    >>> [(a.game.dealer, a.game.players) for a in ahead]
    [('B', ('C', 'D', 'E', 'A')), ('C', ('D', 'E', 'A', 'B')), ('D', ('E', 'A', 'B', 'C'))]
    """
    state = _State(ledger.setup, ledger._state)
    out = []
    for _ in range(count):
        coming = state.next_game()
        out.append(Ahead(coming, tuple(state.queue)))
        state.move_on(coming.forced_soloist)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class GamesLeft:
    """What an evening with planned games still has to play (:func:`games_left`)."""

    games: int
    """Games until the evening is complete by its plan (RULES.md §10.2)."""
    pflichtsoli: int
    """Of these, forced Pflichtsoli."""
    bock: int
    """Of these, Bock games (factor above 1) as the queue stands now."""


GAMES_LEFT_AT_MOST = MAX_ENTRIES
"""Where :func:`games_left` stops counting (a plan far beyond an evening's entries)."""


def games_left(ledger: Ledger) -> GamesLeft | None:
    """The games left until the evening is complete (``Ledger.complete``), if every one
    from now on is an ordinary game that starts no Bock round and nobody plays a
    Pflichtsolo before it is forced: the open Pflichtsoli come when the rules force them,
    the queued Bock games are played where the queue puts them (and played out at the end
    under ``bock_at_end: play_out``). None for an evening without planned games.

    Six games planned, two played, and all four still owe their Pflichtsolo, forced within
    the plan (ddv): the four games left are theirs.

    >>> ledger = evening({"rules": "ddv", "seats": ["A", "B", "C", "D"], "planned_games": 6,
    ...                   "games": [{"re": ["A", "C"], "re_eyes": 130},
    ...                             {"re": ["B", "C"], "re_eyes": 100}]})
    >>> games_left(ledger)
    GamesLeft(games=4, pflichtsoli=4, bock=0)
    """
    planned = ledger.setup.planned_games
    if planned is None:
        return None
    state = _State(ledger.setup, ledger._state)
    play_out = state.rules.bock_at_end is BockAtEnd.PLAY_OUT
    games = solos = bock = 0
    while games < GAMES_LEFT_AT_MOST:
        forced = state.forced_soloist(state.order())
        if state.advanced >= planned and forced is None and not (state.queue and play_out):
            break
        games += 1
        bock += state.bock(forced) > 1
        if forced is None:
            state.move_on(None)
            continue
        solos += 1
        state.owed.discard(forced)
        state.done.add(forced)
        if _solo_stays(state, True, True):
            state.streak += 1
        else:
            state.move_on(forced)
    return GamesLeft(games, solos, bock)


def parse_setup(data: Mapping[str, Any]) -> EveningSetup:
    """The evening part of a CLI.md `evening` input."""
    problems = [(key_shown(k), N_("unbekanntes Feld")) for k in data if k not in _FIELDS]
    if problems:
        raise InvalidEvening(problems)
    if "rules" not in data:
        raise InvalidEvening([("rules", N_("fehlt: nach welchen Regeln wird gezählt?"))])
    rules = rules_from_spec(data["rules"])
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s.strip() for s in seats):
        raise InvalidEvening([("seats", N_("die Spieler am Tisch als Liste von Namen angeben"))])
    bad = next((m for m in map(name_problem, seats) if m), None)
    if bad:
        raise InvalidEvening([("seats", bad)])
    first = data.get("first_dealer", seats[0] if seats else "")
    if not isinstance(first, str):
        raise InvalidEvening([("first_dealer", N_("den Namen des ersten Gebers angeben"))])
    start = data.get("bock_queue_start", [])
    return EveningSetup(
        rules=rules,
        seats=tuple(seats),
        first_dealer=first,
        planned_games=data.get("planned_games"),
        bock_queue_start=tuple(start) if isinstance(start, list) else start,
    )


def evening(data: Any) -> Ledger:
    """Parse and fold a whole CLI.md `evening` input."""
    if not isinstance(data, Mapping):
        raise InvalidEvening([("", N_("ein Abend muss ein JSON-Objekt sein"))])
    setup = parse_setup(data)
    games = data.get("games", [])
    if not isinstance(games, list):
        raise InvalidEvening([("games", N_("die Spiele als Liste angeben"))])
    return fold(setup, games)


def bock_runs(queue: Sequence[int]) -> list[tuple[int, int]]:
    """The coming Bock games as (factor, games) runs, in order: (2, 2, 4) → [(2, 2), (4, 1)]."""
    runs: list[tuple[int, int]] = []
    for factor in queue:
        if runs and runs[-1][0] == factor:
            runs[-1] = (factor, runs[-1][1] + 1)
        else:
            runs.append((factor, 1))
    return runs


def describe_bock_queue(queue: Sequence[int]) -> str:
    """The coming Bock games in German: "noch 3 Bockspiele ×2, danach 5 ×4"
    (scorer.words.labels.bock_queue_text says them in the reader's language)."""
    if not queue:
        return N_("keine Bockspiele")
    first, *rest = bock_runs(queue)
    word = N_("Bockspiel") if first[1] == 1 else N_("Bockspiele")
    text = f"noch {first[1]} {word} ×{first[0]}"
    for factor, count in rest:
        text += f", danach {count} ×{factor}"
    return text


__all__ = [
    "MAX_ENTRIES",
    "Ahead",
    "EveningSetup",
    "GamesLeft",
    "InvalidEvening",
    "Ledger",
    "LedgerGame",
    "NextGame",
    "TableChange",
    "bock_runs",
    "describe_bock_queue",
    "evening",
    "fold",
    "games_ahead",
    "games_left",
    "moves_on",
    "parse_setup",
    "playing_order",
    "resume",
]
