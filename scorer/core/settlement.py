"""Settlement: an evening's points turned into money. Pure: imports only the standard library.

Three ways a table settles (``SettlementMode``):

* ``zero_sum`` — every point is worth ``cents_per_point``; the losers pay the winners
  directly, with as few transfers as possible (never more than players − 1).
* ``pay_leader`` — everybody pays the distance to the leader into the Kasse.
* ``pay_losses`` — every player below zero pays their minus points into the Kasse.

An evening at 10 cents per point, settled between the players:

>>> result = settle({"Anna": 34, "Ben": -34, "Cem": 12, "Dora": -12}, 10)
>>> result.lines()
['Ben zahlt Anna 3,40 €', 'Dora zahlt Cem 1,20 €']

Rounded to 10 cents the balances still sum to exactly zero: 15, 15 and −30 cents round down
to 10, 10 and −30, and the 10 cents left over go to the earlier seat (``round_balances``):

>>> settle({"Anna": 5, "Ben": 5, "Cem": -10}, 3, rounding="ten_cents").balances
{'Anna': 20, 'Ben': 10, 'Cem': -30}

Half a cent per point (a common stake) is exact: the price is kept in tenths of a cent and
settled in whole numbers, then rounded as the table chose, here to the cent:

>>> settle({"Anna": 34, "Ben": -34, "Cem": 13, "Dora": -13}, Decimal("0.5")).lines()
['Ben zahlt Anna 0,17 €', 'Dora zahlt Cem 0,07 €']

Into the Kasse, everybody paying the gap to the leader:

>>> result = settle({"Anna": 12, "Ben": 4, "Cem": -6, "Dora": -10}, 10, mode="pay_leader")
>>> result.lines()
['Ben zahlt 0,80 € in die Kasse', 'Cem zahlt 1,80 € in die Kasse', 'Dora zahlt 2,20 € in die Kasse']
>>> format_euro(result.pot)
'4,80 €'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import Enum
from itertools import combinations
from typing import Any

from scorer.core.rules import N_, InvalidInput, Said


class InvalidSettlement(InvalidInput):
    """Settlement input that cannot be settled: bad totals, price, mode or rounding."""


class SettlementMode(str, Enum):
    """How points become money."""

    ZERO_SUM = "zero_sum"
    """Players pay each other: each point is worth the price, losers pay winners."""
    PAY_LEADER = "pay_leader"
    """Everybody pays the distance to the leader into the Kasse."""
    PAY_LOSSES = "pay_losses"
    """Every negative total is paid into the Kasse."""


class Rounding(str, Enum):
    """The smallest amount that changes hands."""

    CENT = "cent"
    """Exact to the cent."""
    TEN_CENTS = "ten_cents"
    """To 10 cents, so nobody digs for copper coins."""

    @property
    def step(self) -> int:
        """The rounding step in cents."""
        return 10 if self is Rounding.TEN_CENTS else 1


TENTHS = 10
"""A price of a point is exact to a tenth of a cent ("0,5", "1,5 Cent pro Punkt"): it is
kept and settled as a whole number of tenths, never as a float."""

Price = int | Decimal
"""Cents per point: a whole number, or a Decimal of whole tenths (Decimal("0.5"))."""


def price_tenths(cents_per_point: Any) -> int:
    """A price in cents as the whole number of tenths of a cent it is, or InvalidSettlement
    (floats and bools are no prices: 0.1 is not exact as a float).

    >>> price_tenths(10), price_tenths(Decimal("0.5")), price_tenths(Decimal("1.50"))
    (100, 5, 15)
    """
    if type(cents_per_point) is int:
        tenths: Decimal | int = cents_per_point * TENTHS
    elif isinstance(cents_per_point, Decimal) and cents_per_point.is_finite():
        tenths = cents_per_point * TENTHS
        if tenths != tenths.to_integral_value():
            raise InvalidSettlement([("cents_per_point", N_("auf 0,1 Cent genau angeben"))])
    else:
        raise InvalidSettlement([("cents_per_point", N_("muss eine Anzahl Cent (0 oder mehr) sein"))])
    if tenths < 0:
        raise InvalidSettlement([("cents_per_point", N_("muss eine Anzahl Cent (0 oder mehr) sein"))])
    return int(tenths)


def price_cents(tenths: int) -> Price:
    """The price of ``tenths`` tenths of a cent, in cents: an int where it is whole.

    >>> price_cents(100), price_cents(5)
    (10, Decimal('0.5'))
    """
    whole, rest = divmod(tenths, TENTHS)
    return whole if not rest else Decimal(tenths).scaleb(-1)


_PRICE = re.compile(r"([0-9]*)(?:[.,]([0-9]+))?")


def parse_price(text: str) -> Price:
    """Cents per point as a table types them, German or English: "10", "0,5", "0.5", "1,5".
    Exact to a tenth of a cent, or InvalidSettlement saying what to type; never a number
    other than the one typed.

    >>> parse_price("0,5"), parse_price(" 0.5 "), parse_price("10"), parse_price("1,50")
    (Decimal('0.5'), Decimal('0.5'), 10, Decimal('1.5'))
    """
    typed = text.strip()
    match = _PRICE.fullmatch(typed)
    if not typed or match is None or not (match.group(1) or match.group(2)):
        raise InvalidSettlement([("cents_per_point", N_("eine Zahl in Cent angeben, z. B. 10 oder "
                                     "0,5"))])
    whole, fraction = match.group(1) or "0", match.group(2) or ""
    if len(fraction) == 3:
        # "1.000" is a thousand to a German and one to an English reader: not guessed.
        raise InvalidSettlement([("cents_per_point", N_("ohne Tausenderpunkt angeben, z. B. 1000; "
                                     "Bruchteile auf 0,1 Cent genau, z. B. 0,5"))])
    if len(whole) > 6 or len(fraction) > 6:
        raise InvalidSettlement([("cents_per_point", N_("eine Zahl in Cent angeben, z. B. 10 oder "
                                     "0,5"))])
    try:
        value = Decimal(f"{whole}.{fraction or 0}")
    except InvalidOperation:  # pragma: no cover - the pattern admits only digits
        raise InvalidSettlement([("cents_per_point", N_("eine Zahl in Cent angeben"))]) from None
    return price_cents(price_tenths(value))


def format_cents(cents_per_point: Price) -> str:
    """A price in cents with a decimal comma and no unit, as the form shows it: "0,5", "10".

    >>> format_cents(10), format_cents(Decimal("1.50"))
    ('10', '1,5')
    """
    whole, rest = divmod(price_tenths(cents_per_point), TENTHS)
    return f"{whole},{rest}" if rest else str(whole)


# The exact fewest-transfers search looks at every subset of the players with a non-zero
# balance; 2**12 subsets are instant, a table never has more, and beyond it the greedy
# pairing still keeps within players − 1 transfers.
_EXACT_LIMIT = 12


def format_euro(cents: int) -> str:
    """An amount in German notation: decimal comma, dot for thousands, a real minus sign.

    >>> format_euro(340), format_euro(-120), format_euro(5), format_euro(123456)
    ('3,40 €', '−1,20 €', '0,05 €', '1.234,56 €')
    """
    sign = "−" if cents < 0 else ""
    euros, rest = divmod(abs(cents), 100)
    return f"{sign}{euros:,}".replace(",", ".") + f",{rest:02d} €"


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment from a loser to a winner (``zero_sum``)."""

    payer: str
    """Who pays."""
    payee: str
    """Who receives."""
    cents: int
    """How much, always positive."""

    def text(self) -> str:
        """The line as the sheet prints it: "Ben zahlt Anna 3,40 €"."""
        return N_("%(payer)s zahlt %(payee)s %(amount)s") % {
            "payer": self.payer, "payee": self.payee, "amount": format_euro(self.cents)}


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment into the Kasse (``pay_leader``, ``pay_losses``)."""

    player: str
    """Who pays."""
    cents: int
    """How much, always positive."""

    def text(self) -> str:
        """The line as the sheet prints it: "Ben zahlt 3,40 € in die Kasse"."""
        return N_("%(player)s zahlt %(amount)s in die Kasse") % {
            "player": self.player, "amount": format_euro(self.cents)}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one evening."""

    mode: SettlementMode
    """How the table settles."""
    cents_per_point: Price
    """The price of one point in cents, exact to a tenth (an int where it is whole)."""
    rounding: Rounding
    """The smallest amount that changes hands."""
    balances: dict[str, int]
    """Cents per player after rounding, in the order of the totals: positive receives,
    negative pays. Sums to 0 in ``zero_sum``; in the Kasse modes nobody receives."""
    transfers: tuple[Transfer, ...] = ()
    """``zero_sum``: who pays whom, payers in the order of the totals."""
    payments: tuple[Payment, ...] = ()
    """Kasse modes: who pays how much into the Kasse, in the order of the totals."""

    @property
    def pot(self) -> int:
        """Cents paid into the Kasse (0 in ``zero_sum``)."""
        return sum(p.cents for p in self.payments)

    def lines(self) -> list[str]:
        """Every transfer or payment as a German sentence (scorer.words.money.settlement_lines
        says them in the reader's language)."""
        return [t.text() for t in self.transfers] + [p.text() for p in self.payments]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for exports."""
        return {
            "mode": self.mode.value,
            # A string where it has a tenth: JSON numbers are read as floats.
            "cents_per_point": (self.cents_per_point if isinstance(self.cents_per_point, int)
                                else format_cents(self.cents_per_point).replace(",", ".")),
            "rounding": self.rounding.value,
            "balances": dict(self.balances),
            "transfers": [
                {"payer": t.payer, "payee": t.payee, "cents": t.cents} for t in self.transfers
            ],
            "payments": [{"player": p.player, "cents": p.cents} for p in self.payments],
            "pot": self.pot,
        }


def round_balances(balances: Mapping[str, int], step: int) -> dict[str, int]:
    """Round zero-sum balances to multiples of ``step`` so that they still sum to zero.

    Largest remainder: every balance is first rounded down to a multiple of ``step``; the
    shortfall is then a whole number k of steps (k < players), and the k balances that lost
    the most by rounding down get one step back. Among balances that lost the same, equal
    balances are kept together where the count allows, so two players with the same total
    pay the same (``_tied_groups``); what is still open goes to the earlier seat (the order
    of ``balances``). So no balance moves by a full step or more, and the result depends
    only on the input.

    >>> round_balances({"A": 15, "B": -15}, 10)
    {'A': 20, 'B': -20}
    >>> round_balances({"A": 34, "B": 33, "C": 33, "D": -100}, 10)
    {'A': 40, 'B': 30, 'C': 30, 'D': -100}

    Half a cent per point, totals −3, −19, −19, −7, +44, +4, in tenths of a cent: the two
    cents the rounding down leaves go to the two players at −19 together.

    >>> round_balances({"A": -15, "B": -95, "C": -95, "D": -35, "E": 220, "F": 20}, 10)
    {'A': -20, 'B': -90, 'C': -90, 'D': -40, 'E': 220, 'F': 20}
    """
    if sum(balances.values()) != 0:
        raise InvalidSettlement([("totals", N_("die Punkte müssen sich zu 0 addieren"))])
    floors = {name: (cents // step) * step for name, cents in balances.items()}
    missing = -sum(floors.values()) // step
    names = list(balances)
    by_remainder = sorted(names, key=lambda n: (-(balances[n] - floors[n]), names.index(n)))
    chosen = by_remainder[:missing]
    if 0 < missing < len(names):
        edge = balances[chosen[-1]] - floors[chosen[-1]]
        surely = [n for n in chosen if balances[n] - floors[n] > edge]
        tier = [n for n in names if balances[n] - floors[n] == edge]
        chosen = surely + _tied_groups(tier, balances, missing - len(surely))
    for name in chosen:
        floors[name] += step
    return floors


def _tied_groups(tier: list[str], balances: Mapping[str, int], wanted: int) -> list[str]:
    """``wanted`` names of ``tier`` (all equally far from the step below), taking players
    of equal balance together: the first whole groups, in seat order, whose sizes add up
    to ``wanted``; the first ``wanted`` in seat order where no such choice exists.

    >>> _tied_groups(["A", "B", "C", "D"], {"A": -15, "B": -95, "C": -95, "D": -35}, 2)
    ['B', 'C']
    >>> _tied_groups(["A", "B"], {"A": 15, "B": 15}, 1)
    ['A']
    """
    groups: dict[int, list[str]] = {}
    for name in tier:
        groups.setdefault(balances[name], []).append(name)
    whole = list(groups.values())
    for size in range(1, len(whole) + 1):
        for pick in combinations(whole, size):
            if sum(map(len, pick)) == wanted:
                return [n for n in tier if any(n in group for group in pick)]
    return tier[:wanted]


def _round_half_up(cents: int, step: int) -> int:
    """A non-negative amount to the nearest multiple of ``step``, halves up."""
    return (cents + step // 2) // step * step


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """Split the indices of ``values`` (summing to 0) into as many zero-sum groups as possible.

    best[mask] is the most zero-sum blocks a chain of ever smaller subsets ending in
    ``mask`` passes through; the masks on the best chain whose sum is zero cut the players
    into groups, each settling on its own.
    """
    n = len(values)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1) + (
            sums[mask] == 0
        )
    cuts = []
    mask = full
    while mask:
        if sums[mask] == 0:
            cuts.append(mask)
        want = best[mask] - (sums[mask] == 0)
        mask = next(mask ^ (1 << i) for i in range(n)
                    if mask >> i & 1 and best[mask ^ (1 << i)] == want)
    cuts.append(0)
    return [[i for i in range(n) if (outer & ~inner) >> i & 1]
            for outer, inner in zip(cuts, cuts[1:])]


def _greedy(names: list[str], balances: dict[str, int]) -> list[Transfer]:
    """Settle one zero-sum group: the biggest debtor pays the biggest creditor.

    Every transfer clears at least one of them and the last one clears both, so a group of k
    players needs at most k − 1 transfers.
    """
    left = {n: balances[n] for n in names}
    out = []
    while any(left.values()):
        payee = max(names, key=lambda n: (left[n], -names.index(n)))
        payer = min(names, key=lambda n: (left[n], names.index(n)))
        cents = min(left[payee], -left[payer])
        out.append(Transfer(payer, payee, cents))
        left[payee] -= cents
        left[payer] += cents
    return out


def transfers(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """The fewest transfers that settle zero-sum ``balances`` (cents), at most players − 1.

    The fewest is players with a balance minus the most groups they can be cut into that
    settle among themselves; that cut is found exactly (for up to 12 players with a
    balance), then each group is settled greedily. Listed by payer in the order of
    ``balances``.

    >>> [t.text() for t in transfers({"A": 60, "B": 40, "C": -30, "D": -30, "E": -40})]
    ['C zahlt A 0,30 €', 'D zahlt A 0,30 €', 'E zahlt B 0,40 €']
    """
    if sum(balances.values()) != 0:
        raise InvalidSettlement([("totals", N_("die Punkte müssen sich zu 0 addieren"))])
    order = list(balances)
    names = [n for n in order if balances[n]]
    if len(names) <= _EXACT_LIMIT:
        groups = _zero_sum_groups([balances[n] for n in names])
    else:
        groups = [list(range(len(names)))]
    out: list[Transfer] = []
    for group in groups:
        out.extend(_greedy([names[i] for i in group], dict(balances)))
    out.sort(key=lambda t: (order.index(t.payer), order.index(t.payee)))
    return tuple(out)


def _check_totals(totals: Any) -> dict[str, int]:
    if not isinstance(totals, Mapping) or not totals:
        raise InvalidSettlement([("totals", N_("Punkte je Spieler angeben"))])
    problems: list[tuple[str, str]] = []
    for name, points in totals.items():
        if not isinstance(name, str) or not name.strip():
            problems.append(("totals", Said(N_("kein Spielername: %(name)s"), name=repr(name))))
        elif type(points) is not int:
            problems.append((f"totals.{name}", N_("muss eine ganze Punktzahl sein")))
    if problems:
        raise InvalidSettlement(problems)
    return dict(totals)


def _enum(enum: type[SettlementMode] | type[Rounding], value: Any, field: str) -> Any:
    try:
        return enum(value)
    except (ValueError, TypeError):
        allowed = ", ".join(m.value for m in enum)
        raise InvalidSettlement([(field, f"unbekannt: {value!r} (erlaubt: {allowed})")]) from None


def settle(
    totals: Mapping[str, int],
    cents_per_point: Price,
    mode: SettlementMode | str = SettlementMode.ZERO_SUM,
    rounding: Rounding | str = Rounding.CENT,
) -> Settlement:
    """Settle an evening's totals (points per player) at ``cents_per_point``.

    ``cents_per_point`` is exact to a tenth of a cent (an int, or a Decimal such as 0.5):
    every amount is counted in tenths of a cent as whole numbers and then rounded to the
    cent or to 10 cents. Raises InvalidSettlement for a negative price, one finer than a
    tenth or not a number of cents (a float), an unknown mode or rounding, and in
    ``zero_sum`` for totals that do not sum to zero.

    >>> settle({"Anna": 8, "Ben": -2, "Cem": -6}, 10, mode="pay_losses").lines()
    ['Ben zahlt 0,20 € in die Kasse', 'Cem zahlt 0,60 € in die Kasse']
    """
    points = _check_totals(totals)
    tenths = price_tenths(cents_per_point)
    price = price_cents(tenths)
    how: SettlementMode = _enum(SettlementMode, mode, "mode")
    rounded: Rounding = _enum(Rounding, rounding, "rounding")
    # In tenths of a cent: exact, and rounded to whole cents (or tens) in the same step.
    step = rounded.step * TENTHS
    exact = {name: p * tenths for name, p in points.items()}
    if how is SettlementMode.ZERO_SUM:
        balances = {name: tenth // TENTHS for name, tenth in round_balances(exact, step).items()}
        return Settlement(how, price, rounded, balances, transfers=transfers(balances))
    if how is SettlementMode.PAY_LEADER:
        leader = max(exact.values())
        owed = {name: _round_half_up(leader - tenth, step) // TENTHS
                for name, tenth in exact.items()}
    else:
        owed = {name: _round_half_up(max(-tenth, 0), step) // TENTHS
                for name, tenth in exact.items()}
    return Settlement(
        how,
        price,
        rounded,
        {name: -cents for name, cents in owed.items()},
        payments=tuple(Payment(name, cents) for name, cents in owed.items() if cents),
    )


__all__ = [
    "InvalidSettlement",
    "Payment",
    "Price",
    "TENTHS",
    "Rounding",
    "Settlement",
    "SettlementMode",
    "Transfer",
    "format_cents",
    "format_euro",
    "parse_price",
    "price_cents",
    "price_tenths",
    "round_balances",
    "settle",
    "transfers",
]
